"""String tensors through RESHAPE, SQUEEZE, EXPAND_DIMS, GATHER, EQUAL, NOT_EQUAL, SLICE,
STRIDED_SLICE, TILE, FILL, GATHER_ND and HASHTABLE_LOOKUP (legalize/lib/string_layout.py on
strings.py's buffers) against TFLite's reference kernels; a string reaching an op without
a string lowering keeps the string ops tfl ops; IREE."""
from __future__ import annotations

import numpy as np
import pytest

from runtime_check.check import check_model, litert
from runtime_check.executor import Executor
from tfl2quant.errors import Tfl2QuantError
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder, options_table

from ..conftest import iree_verify
from .test_string_ops import assert_same, strings

WORDS = ["red", "", "green", "blue\x00x", "red", "gr"]


def run_both(path, inputs):
    conversion = convert(str(path), "final")
    assert [(r.name, r.reason) for r in conversion.report.records if r.path != "float"] == []
    theirs = litert.run(litert.load(str(path), resolver="BUILTIN_REF"), inputs)
    return Executor(conversion.module).run(inputs, "main"), theirs, conversion


def shapes_model(in_shape) -> bytes:
    """x -> RESHAPE [3, 2] -> EXPAND_DIMS axis 1 -> SQUEEZE [1] -> RESHAPE [6] (each returned)."""
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", list(in_shape), "STRING")
    a = g.tensor("a", [3, 2], "STRING")
    g.op("RESHAPE", [x, g.const("shape", np.array([3, 2], np.int32))], [a],
         options_table("Reshape", newShape=[3, 2]))
    b = g.tensor("b", [3, 1, 2], "STRING")
    g.op("EXPAND_DIMS", [a, g.const("axis", np.array(1, np.int32))], [b])
    c = g.tensor("c", [3, 2], "STRING")
    g.op("SQUEEZE", [b], [c], options_table("Squeeze", squeezeDims=[1]))
    d = g.tensor("d", [6], "STRING")
    g.op("RESHAPE", [c, g.const("flat", np.array([6], np.int32))], [d], options_table("Reshape", newShape=[6]))
    g.output(a, b, d)
    return m.build()


@pytest.mark.parametrize("in_shape", [(6,), (2, 3)])
def test_reshapes_keep_the_buffer_and_give_the_shape(in_shape, tmp_path):
    path = tmp_path / "m.tflite"
    path.write_bytes(shapes_model(in_shape))
    x = [strings(*WORDS, shape=in_shape)]
    ours, theirs, conversion = run_both(path, x)
    assert_same(ours, theirs)
    assert [o.shape for o in ours] == [(3, 2), (3, 1, 2), (6,)]
    text = print_module(conversion.module)
    assert "tosa." not in text and "tf_type.string" not in text


def gather_model(positions_shape, positions_dtype, params=None) -> bytes:
    m = ModelBuilder()
    g = m.subgraph()
    x = g.const("x", params) if params is not None else g.input("x", [len(WORDS)], "STRING")
    p = g.input("p", list(positions_shape), positions_dtype)
    y = g.tensor("y", list(positions_shape), "STRING")
    g.op("GATHER", [x, p], [y], options_table("Gather", axis=0))
    g.output(y)
    return m.build()


@pytest.mark.parametrize("positions_shape, dtype", [((4,), "INT32"), ((2, 3), "INT64"), ((), "INT32")])
def test_gather_of_strings(positions_shape, dtype, tmp_path):
    path = tmp_path / "m.tflite"
    path.write_bytes(gather_model(positions_shape, dtype))
    n = int(np.prod(positions_shape))
    rng = np.random.default_rng(1)
    for seed in range(3):
        p = rng.integers(0, len(WORDS), n).reshape(positions_shape).astype("int64" if dtype == "INT64" else "int32")
        ours, theirs, _ = run_both(path, [strings(*WORDS), p])
        assert_same(ours, theirs)
        assert ours[0].shape == positions_shape


def test_gather_of_constant_strings(tmp_path):
    path = tmp_path / "m.tflite"
    path.write_bytes(gather_model((3,), "INT32", params=strings("zero", "one", "", "three")))
    ours, theirs, _ = run_both(path, [np.array([3, 0, 2], np.int32)])
    assert_same(ours, theirs)
    assert [bytes(s) for s in theirs[0]] == [b"three", b"zero", b""]


def test_gather_of_a_2d_string_tensor_is_declined(tmp_path):
    """TFLite's Prepare refuses a string input of rank 2 (gather.cc): declined, with that reason."""
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [2, 3], "STRING")
    y = g.tensor("y", [1, 3], "STRING")
    g.op("GATHER", [x, g.const("p", np.array([1], np.int32))], [y], options_table("Gather", axis=0))
    g.output(y)
    path = tmp_path / "m.tflite"
    path.write_bytes(m.build())
    records = {r.name: (r.path, r.reason) for r in convert(str(path), "final").report.records}
    assert records["tfl.gather"][0] == "unlowered"
    assert "TFLite's Prepare takes 1-D string input only (gather.cc)" in records["tfl.gather"][1]
    with pytest.raises(Tfl2QuantError, match="failed to prepare"):
        litert.load(str(path), resolver="BUILTIN_REF")


def comparison_model(op, x_shape, y_shape, y_const=None) -> bytes:
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", list(x_shape), "STRING")
    y = g.const("y", y_const) if y_const is not None else g.input("y", list(y_shape), "STRING")
    out = g.tensor("out", list(np.broadcast_shapes(x_shape, y_shape)), "BOOL")
    g.op(op, [x, y], [out])
    g.output(out)
    return m.build()


@pytest.mark.parametrize("op", ["EQUAL", "NOT_EQUAL"])
@pytest.mark.parametrize("x_shape, y_shape", [((6,), (6,)), ((2, 3), (3,)), ((3, 1), (1, 2)), ((2, 3), ())])
def test_string_comparisons_broadcast(op, x_shape, y_shape, tmp_path):
    path = tmp_path / "m.tflite"
    path.write_bytes(comparison_model(op, x_shape, y_shape))
    rng = np.random.default_rng(2)
    pool = ["red", "", "re", "red\x00", "rec", "green"]
    for _ in range(3):
        x = strings(*rng.choice(pool, int(np.prod(x_shape)))).reshape(x_shape)
        y = strings(*rng.choice(pool, int(np.prod(y_shape)))).reshape(y_shape)
        if y.ndim == 0:  # the interpreter's set_tensor writes a 0-d object array's pointer, not its
            y = np.array(rng.choice([b"red", b"rec", b"green"]))  # bytes, and a 0-d b"" as b"\x00"
        ours, theirs, _ = run_both(path, [x, y])
        assert_same(ours, theirs)


def test_string_comparison_with_a_constant(tmp_path):
    path = tmp_path / "m.tflite"
    path.write_bytes(comparison_model("EQUAL", (4,), (1,), y_const=strings("red")))
    ours, theirs, _ = run_both(path, [strings("red", "", "redd", "red")])
    assert_same(ours, theirs)
    assert list(theirs[0]) == [True, False, False, True]


def test_a_string_reaching_an_op_without_string_lowering(tmp_path):
    """TRANSPOSE has no string path: it and the RESHAPE feeding it stay tfl ops, no tosa op on
    strings, and the RESHAPE says why."""
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [6], "STRING")
    a = g.tensor("a", [2, 3], "STRING")
    g.op("RESHAPE", [x, g.const("shape", np.array([2, 3], np.int32))], [a], options_table("Reshape", newShape=[2, 3]))
    t = g.tensor("t", [3, 2], "STRING")
    g.op("TRANSPOSE", [a, g.const("perm", np.array([1, 0], np.int32))], [t])
    g.output(t)
    path = tmp_path / "m.tflite"
    path.write_bytes(m.build())
    conversion = convert(str(path), "final")
    records = {r.name: (r.path, r.reason) for r in conversion.report.records}
    assert records["tfl.transpose"] == ("unlowered", "operand 0 is a string tensor; 'tfl.transpose' has no string "
                                                     "lowering")
    assert records["tfl.reshape"] == ("unlowered", "the string result of 'tfl.reshape' is read by 'tfl.transpose', "
                                                   "which has no string lowering")
    assert "tosa." not in print_module(conversion.module)


@pytest.mark.parametrize("model", ["not equal", "reshapes", "strided slice"])
def test_check_passes(model, tmp_path):
    """Also with string outputs, per layer and chained on our own strings."""
    path = tmp_path / "m.tflite"
    path.write_bytes(comparison_model("NOT_EQUAL", (2, 3), (3,)) if model == "not equal" else
                     shapes_model((2, 3)) if model == "reshapes" else
                     one_op_model("STRIDED_SLICE", (2, 3), (2, 2), [np.array([0, 2], np.int32), np.array(
                         [2, 0], np.int32), np.array([1, -2], np.int32)], options_table("StridedSlice", endMask=3)))
    result = check_model(str(path), samples=3)
    assert result.error is None and result.verdict == "PASS"


def test_iree_runs_them_as_tflite_does(tmp_path):
    """Reshapes, a gather and a comparison through iree-compile and IREE's runtime."""
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [2, 3], "STRING")
    p = g.input("p", [4], "INT32")
    flat = g.tensor("flat", [6], "STRING")
    g.op("RESHAPE", [x, g.const("shape", np.array([6], np.int32))], [flat], options_table("Reshape", newShape=[6]))
    picked = g.tensor("picked", [4], "STRING")
    g.op("GATHER", [flat, p], [picked], options_table("Gather", axis=0))
    same = g.tensor("same", [4], "BOOL")
    g.op("EQUAL", [picked, g.const("red", strings("red"))], [same])
    row = g.tensor("row", [1, 4], "STRING")
    g.op("EXPAND_DIMS", [picked, g.const("axis", np.array(0, np.int32))], [row])
    g.output(row, same)
    iree_matches_tflite(m.build(), tmp_path, [[strings(*WORDS, shape=(2, 3)), np.array(p, np.int32)]
                                              for p in ([0, 2, 5, 4], [1, 1, 3, 0])])


def one_op_model(code, x_shape, out_shape, extra, options=None, x_dtype="STRING") -> bytes:
    """x (an input) and the constant operands `extra` into one op of string result."""
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", list(x_shape), x_dtype)
    inputs = [x] + [g.const(f"c{k}", v) for k, v in enumerate(extra)]
    y = g.tensor("y", list(out_shape), "STRING")
    g.op(code, inputs, [y], options)
    g.output(y)
    return m.build()


SIX = strings(*WORDS).reshape(2, 3)


@pytest.mark.parametrize("code, out_shape, extra, options", [
    ("SLICE", (1, 2), [np.array([1, 0], np.int32), np.array([1, 2], np.int32)], None),
    ("SLICE", (2, 2), [np.array([0, 1], np.int64), np.array([-1, -1], np.int64)], None),
    ("STRIDED_SLICE", (2, 2), [np.array([0, 2], np.int32), np.array([2, 0], np.int32), np.array([1, -2], np.int32)],
     options_table("StridedSlice", endMask=3)),
    ("STRIDED_SLICE", (3,), [np.array([1, 0], np.int32), np.array([2, 3], np.int32), np.array([1, 1], np.int32)],
     options_table("StridedSlice", shrinkAxisMask=1)),
    ("TILE", (4, 6), [np.array([2, 2], np.int32)], None),
])
def test_selections_of_strings(code, out_shape, extra, options, tmp_path):
    path = tmp_path / "m.tflite"
    path.write_bytes(one_op_model(code, (2, 3), out_shape, extra, options))
    ours, theirs, _ = run_both(path, [SIX])
    assert_same(ours, theirs)
    assert ours[0].shape == out_shape


def test_fill_with_a_string(tmp_path):
    m = ModelBuilder()
    g = m.subgraph()
    value = g.input("value", [], "STRING")
    y = g.tensor("y", [2, 3], "STRING")
    g.op("FILL", [g.const("dims", np.array([2, 3], np.int32)), value], [y])
    g.output(y)
    path = tmp_path / "m.tflite"
    path.write_bytes(m.build())
    for word in (b"fill", b"a\x00b"):  # a 0-d bytes array: see test_string_comparisons_broadcast
        ours, theirs, _ = run_both(path, [np.array(word)])
        assert_same(ours, theirs)
        assert [bytes(s) for s in theirs[0].ravel()] == [word] * 6


@pytest.mark.parametrize("indices_shape, out_shape", [((4, 2), (4,)), ((2, 1), (2, 3)), ((3, 2, 2), (3, 2))])
def test_gather_nd_of_strings(indices_shape, out_shape, tmp_path):
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [2, 3], "STRING")
    p = g.input("p", list(indices_shape), "INT32")
    y = g.tensor("y", list(out_shape), "STRING")
    g.op("GATHER_ND", [x, p], [y])
    g.output(y)
    path = tmp_path / "m.tflite"
    path.write_bytes(m.build())
    rng = np.random.default_rng(3)
    nd = indices_shape[-1]
    for _ in range(3):
        p_value = np.stack([rng.integers(0, (2, 3)[j], indices_shape[:-1]) for j in range(nd)], -1).astype(np.int32)
        ours, theirs, _ = run_both(path, [SIX, p_value])
        assert_same(ours, theirs)


def test_broadcast_to_of_strings_is_declined(tmp_path):
    """TFLite's BROADCAST_TO refuses strings (broadcast_to.cc): no string path."""
    path = tmp_path / "m.tflite"
    path.write_bytes(one_op_model("BROADCAST_TO", (1, 3), (2, 3), [np.array([2, 3], np.int32)]))
    records = {r.name: (r.path, r.reason) for r in convert(str(path), "final").report.records}
    assert records["tfl.broadcast_to"] == ("unlowered", "operand 0 is a string tensor; 'tfl.broadcast_to' has no "
                                                        "string lowering")


def test_iree_runs_the_selections_as_tflite_does(tmp_path):
    """SLICE, TILE, GATHER_ND and FILL through iree-compile and IREE's runtime."""
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [2, 3], "STRING")
    p = g.input("p", [2, 2], "INT32")
    v = g.input("v", [], "STRING")
    part = g.tensor("part", [2, 2], "STRING")
    g.op("SLICE", [x, g.const("begin", np.array([0, 1], np.int32)), g.const("size", np.array([2, -1], np.int32))],
         [part])
    tiled = g.tensor("tiled", [2, 4], "STRING")
    g.op("TILE", [part, g.const("multiples", np.array([1, 2], np.int32))], [tiled])
    picked = g.tensor("picked", [2], "STRING")
    g.op("GATHER_ND", [tiled, p], [picked])
    filled = g.tensor("filled", [3], "STRING")
    g.op("FILL", [g.const("dims", np.array([3], np.int32)), v], [filled])
    g.output(picked, filled)
    iree_matches_tflite(m.build(), tmp_path, [[SIX, np.array(p, np.int32), np.array(b"v")]
                                              for p in ([[0, 3], [1, 0]], [[1, 2], [0, 1]])])


def iree_matches_tflite(model: bytes, tmp_path, input_sets) -> None:
    """Every op lowers, the final IR passes iree-opt's verifier, and IREE's run equals TFLite's
    on each input set."""
    from legalize.string_buffer import from_buffers, to_buffers
    from runtime_check.executor import iree_backend
    path = tmp_path / "m.tflite"
    path.write_bytes(model)
    conversion = convert(str(path), "final")
    assert [(r.name, r.reason) for r in conversion.report.records if r.path != "float"] == []
    text = print_module(conversion.module)
    assert iree_verify(text, allow_unregistered=False).returncode == 0
    main = conversion.module.lookup("main")
    vmfb = iree_backend.compile_mlir(text)
    reference = litert.load(str(path), resolver="BUILTIN_REF")
    for inputs in input_sets:
        theirs = from_buffers(main, iree_backend.run_vmfb(vmfb, to_buffers(main, inputs), "main"))
        expected = litert.run(reference, inputs)
        # IREE gives HASHTABLE_LOOKUP's uint8 hits as int8 (its i8 is signless): the same bytes
        theirs = [a.view(b.dtype) if b.dtype == np.uint8 else a for a, b in zip(theirs, expected)]
        assert_same(theirs, expected)


@pytest.mark.parametrize("const_values", [False, True])
def test_hashtable_lookup_of_strings(const_values, tmp_path):
    """Found keys give their value strings, misses the empty string; hits as uint8."""
    keys = [-7, 0, 3, 9, 40]
    values = strings("minus seven", "zero", "", "nine", "forty")
    m = ModelBuilder()
    g = m.subgraph()
    look = g.input("lookup", [6], "INT32")
    k = g.const("keys", np.array(keys, np.int32))
    v = g.const("values", values) if const_values else g.input("values", [5], "STRING")
    out = g.tensor("out", [6], "STRING")
    hits = g.tensor("hits", [6], "UINT8")
    g.op("HASHTABLE_LOOKUP", [look, k, v], [out, hits])
    g.output(out, hits)
    path = tmp_path / "m.tflite"
    path.write_bytes(m.build())
    for lookups in ([9, 1, -7, 40, 3, 41], [0, 0, 2, -8, 9, 10]):
        inputs = [np.array(lookups, np.int32)] + ([] if const_values else [values])
        ours, theirs, _ = run_both(path, inputs)
        assert_same(ours, theirs)


def test_gather_of_skip_grams(tmp_path):
    """GATHER of a `?`-long string tensor (SKIP_GRAM's n-grams): the count is read at run time."""
    from .test_string_ops import ours_and_tflite
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [1], "STRING")
    grams = g.tensor("grams", [1], "STRING", shape_signature=[-1])
    g.op("SKIP_GRAM", [x], [grams], options_table("SkipGram", ngramSize=2, maxSkipSize=1, includeAllNgrams=True))
    picked = g.tensor("picked", [3], "STRING")
    g.op("GATHER", [grams, g.const("p", np.array([4, 0, 2], np.int32))], [picked], options_table("Gather", axis=0))
    g.output(picked)
    path = tmp_path / "m.tflite"
    path.write_bytes(m.build())
    for ours, theirs in ours_and_tflite(path, [[strings("a b c d")], [strings("one two three")]]):
        assert_same(ours, theirs)


def test_iree_runs_lookup_strided_slice_and_broadcast_equal_as_tflite_does(tmp_path):
    """HASHTABLE_LOOKUP of string values (hits, misses), STRIDED_SLICE (masks and a negative
    stride) and EQUAL broadcasting [2, 3] against [3] and [3, 1] against [1, 2], through
    iree-compile and IREE's runtime."""
    m = ModelBuilder()
    g = m.subgraph()
    look = g.input("lookup", [4], "INT32")
    values = g.input("values", [3], "STRING")
    x = g.input("x", [2, 3], "STRING")
    row = g.input("row", [3], "STRING")
    col = g.input("col", [3, 1], "STRING")
    found, hits = g.tensor("found", [4], "STRING"), g.tensor("hits", [4], "UINT8")
    g.op("HASHTABLE_LOOKUP", [look, g.const("keys", np.array([-2, 5, 7], np.int32)), values], [found, hits])
    part = g.tensor("part", [2, 2], "STRING")
    g.op("STRIDED_SLICE", [x, g.const("begin", np.array([0, 2], np.int32)), g.const("end", np.array([2, 0], np.int32)),
                           g.const("strides", np.array([1, -2], np.int32))], [part],
         options_table("StridedSlice", endMask=3))
    same = g.tensor("same", [2, 3], "BOOL")
    g.op("EQUAL", [x, row], [same])
    outer = g.tensor("outer", [3, 2], "BOOL")
    g.op("EQUAL", [col, g.const("pair", strings("red", "", shape=(1, 2)))], [outer])
    g.output(found, hits, part, same, outer)
    iree_matches_tflite(m.build(), tmp_path, [
        [np.array(lookups, np.int32), strings("minus two", "", "seven"), SIX, strings(*row_words),
         strings(*col_words, shape=(3, 1))]
        for lookups, row_words, col_words in (([5, -2, 0, 7], ["red", "", "gr"], ["red", "x", ""]),
                                              ([1, 7, 7, -3], ["green", "red", "green"], ["", "", "red"]))])
