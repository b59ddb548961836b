"""The STABLEHLO_* operators TFLite runs (legalize/families/stablehlo/stablehlo.py): each alone in a tiny model,
checked against TFLite per layer and end to end, and its converted IR verified by upstream
MLIR (iree-opt).

ADD, MULTIPLY, MAXIMUM, MINIMUM, PAD, GATHER, REDUCE_WINDOW and COMPOSITE have reference
kernels (register_ref.cc): `check_model` compares them with BUILTIN_REF. AND and
SHIFT_LEFT are registered only in the default resolver (core/kernels/register.cc), so
they are compared here with TFLite's optimized kernels, on our executor's run of the
converted module. The int8 variants are computed by TFLite on the stored values,
whatever the scales (wrapping sums): the integer path, bit-exact.
"""
from __future__ import annotations

import numpy as np
import pytest
from flatbuffers import flexbuffers

import legalize
from runtime_check.check import litert
from runtime_check.executor import iree_backend
from runtime_check.check import check_model, make_inputs
from runtime_check.executor.iree_backend import run as iree_run
from runtime_check.executor import Executor
from runtime_check.check.reference import OPTIMIZED
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert

from ..conftest import iree_verify
from tools.tflite_builder import ModelBuilder, options_table, per_tensor

Q_A, Q_B, Q_OUT = per_tensor(0.05, -3), per_tensor(0.1, 4), per_tensor(0.02, 1)
U_A, U_B, U_OUT = per_tensor(0.05, 125), per_tensor(0.1, 131), per_tensor(0.02, 128)


def quantized(int8):
    """(tensor type, operand a's, operand b's and the output's quantization) of a variant:
    int8=True is INT8, "UINT8" is UINT8."""
    return ("UINT8", U_A, U_B, U_OUT) if int8 == "UINT8" else ("INT8", Q_A, Q_B, Q_OUT)


def build(code, inputs, consts, out, opts=None, dtype="FLOAT32", int8=False, body=None, decomposition=None):
    """`code` alone on runtime inputs (shapes) and constants (arrays), one output of shape
    `out`. `body`: the op code of a REDUCE_WINDOW body subgraph on two scalars;
    `decomposition`: (code, n inputs) of a COMPOSITE's subgraph."""
    m = ModelBuilder()
    g = m.subgraph()
    qkind, qa, qb, qout = quantized(int8)
    kind = qkind if int8 else dtype
    ins = [g.input(f"x{k}", s, kind, quant=(qa, qb)[k % 2] if int8 else None) for k, s in enumerate(inputs)]
    ins += [g.const(f"c{k}", a, quant=qb if int8 and a.dtype in (np.int8, np.uint8) else None)
            for k, a in enumerate(consts)]
    y = g.tensor("y", out, kind, quant=qout if int8 else None)
    if body is not None:
        sub = m.subgraph("body")
        a, c = sub.input("a", [], kind), sub.input("b", [], kind)
        r = sub.tensor("r", [], kind)
        sub.op(body, [a, c], [r])
        sub.output(r)
        opts.bodySubgraphIndex = sub.index
    if decomposition is not None:
        sub = m.subgraph("decomposition")
        code_in, count = decomposition
        args = [sub.input(f"a{k}", inputs[k], kind, quant=(qa, qb)[k % 2] if int8 else None) for k in range(count)]
        r = sub.tensor("r", out, kind, quant=qout if int8 else None)
        sub.op(code_in, args, [r])
        sub.output(r)
        opts.decompositionSubgraphIndex = sub.index
    g.op(code, ins, [y], opts)
    g.output(y)
    return m.build()


def pad(shape, low, high, interior, out, value=1.5, dtype="FLOAT32"):
    v = np.array(value, {"FLOAT32": np.float32, "INT32": np.int32, "BOOL": np.bool_}[dtype])
    o = options_table("StablehloPad", edgePaddingLow=low, edgePaddingHigh=high, interiorPadding=interior)
    return lambda int8=False: build("STABLEHLO_PAD", [shape], [np.array(7, np.int8) if int8 else v], out, o, dtype,
                                    int8)


def pad_runtime(shape, low, high, interior, out):
    o = options_table("StablehloPad", edgePaddingLow=low, edgePaddingHigh=high, interiorPadding=interior)
    return lambda int8=False: build("STABLEHLO_PAD", [shape, []], [], out, o, int8=int8)


def window(shape, out, body, dims, strides=None, base=None, dilations=None, padding=None, init=-1.0,
           dtype="FLOAT32"):
    rank = len(shape)
    o = options_table("StablehloReduceWindow", windowDimensions=dims, windowStrides=strides or [1] * rank,
                      baseDilations=base or [1] * rank, windowDilations=dilations or [1] * rank,
                      padding=padding or [0] * 2 * rank)
    v = np.array(init, {"FLOAT32": np.float32, "INT32": np.int32, "BOOL": np.bool_}[dtype])
    return lambda int8=False: build("STABLEHLO_REDUCE_WINDOW", [shape],
                                    [np.array(3, np.uint8 if int8 == "UINT8" else np.int8) if int8 else v], out,
                                    o, dtype, int8, body=body)


def gather(shape, indices, out, offset_dims, collapsed, start_map, ivd, sizes, runtime=False):
    o = options_table("StablehloGather", offsetDims=offset_dims, collapsedSliceDims=collapsed,
                      startIndexMap=start_map, indexVectorDim=ivd, sliceSizes=sizes)
    idx = np.asarray(indices)

    def make(int8=False):
        if runtime:  # random indices in [0, 4)
            m = ModelBuilder()
            g = m.subgraph()
            x = g.input("x", shape, "INT8" if int8 else "FLOAT32", quant=Q_A if int8 else None)
            i = g.input("i", idx.shape, "INT32")
            y = g.tensor("y", out, "INT8" if int8 else "FLOAT32", quant=Q_A if int8 else None)
            g.op("STABLEHLO_GATHER", [x, i], [y], o)
            g.output(y)
            return m.build()
        return build("STABLEHLO_GATHER", [shape], [idx], out, o, int8=int8)
    return make


def scatter(shape, indices, updates, window_dims, inserted, to_operand, ivd, body=None, dtype="FLOAT32",
            runtime=False, index_type="INT32"):
    """STABLEHLO_SCATTER of runtime operand and updates; constant indices, or runtime ones in
    [0, 4). `body`: the update computation's one op code (None: an empty subgraph, an update)."""
    o = options_table("StablehloScatter", updateWindowDims=window_dims, insertedWindowDims=inserted,
                      scatterDimsToOperandDims=to_operand, indexVectorDim=ivd)
    idx = np.asarray(indices, np.int32)

    def make(int8=False):
        m = ModelBuilder()
        g = m.subgraph()
        qkind, qa, qb, qout = quantized(int8)
        kind = qkind if int8 else dtype
        x = g.input("x", shape, kind, quant=qa if int8 else None)
        i = g.input("i", idx.shape, index_type) if runtime else g.const("i", idx)
        u = g.input("u", updates, kind, quant=qb if int8 else None)
        y = g.tensor("y", shape, kind, quant=qout if int8 else None)
        sub = m.subgraph("update")
        a, c = sub.input("a", [], kind), sub.input("b", [], kind)
        if body is None:
            sub.output(c)
        else:
            r = sub.tensor("r", [], kind)
            sub.op(body, [a, c], [r])
            sub.output(r)
        o.updateComputationSubgraphIndex = sub.index
        g.op("STABLEHLO_SCATTER", [x, i, u], [y], o)
        g.output(y)
        return m.build()
    return make


def binary(code, shape=(2, 3, 4), dtype="FLOAT32"):
    return lambda int8=False: build(code, [shape, shape], [], shape, None, dtype, int8)


MODELS = {
    "add": binary("STABLEHLO_ADD"),
    "add-int32": binary("STABLEHLO_ADD", dtype="INT32"),
    "add-bool": binary("STABLEHLO_ADD", dtype="BOOL"),
    "add-int64": binary("STABLEHLO_ADD", dtype="INT64"),
    "multiply": binary("STABLEHLO_MULTIPLY"),
    "multiply-int16": binary("STABLEHLO_MULTIPLY", dtype="INT16"),
    "multiply-int32": binary("STABLEHLO_MULTIPLY", dtype="INT32"),
    "maximum": binary("STABLEHLO_MAXIMUM"),
    "maximum-int32": binary("STABLEHLO_MAXIMUM", dtype="INT32"),
    "minimum": binary("STABLEHLO_MINIMUM"),
    "minimum-int64": binary("STABLEHLO_MINIMUM", dtype="INT64"),
    "minimum-bool": binary("STABLEHLO_MINIMUM", dtype="BOOL"),
    "pad": pad((2, 3), [1, -1], [2, 1], [0, 2], (5, 7)),
    "pad-interior-crop": pad((3, 4, 2), [-2, 0, 1], [-1, 2, 0], [1, 1, 0], (2, 9, 3)),
    "pad-int32": pad((4, 3), [0, 2], [1, 0], [2, 0], (11, 5), value=-9, dtype="INT32"),
    "pad-bool": pad((2, 3), [0, 1], [1, -1], [1, 0], (4, 3), value=True, dtype="BOOL"),
    "pad-runtime-value": pad_runtime((3, 4), [1, -1], [0, 2], [1, 1], (6, 8)),
    "reduce-window-max": window((1, 6, 7, 2), (1, 3, 3, 2), "STABLEHLO_MAXIMUM", [1, 3, 3, 1], [1, 2, 2, 1],
                                padding=[0, 0, 1, 0, 0, 1, 0, 0], init=-3.0e38),
    "reduce-window-add-dilated": window((5, 6), (4, 2), "STABLEHLO_ADD", [2, 2], [1, 2], base=[1, 1],
                                        dilations=[2, 1], padding=[1, 0, 0, -1], init=0.5),
    "reduce-window-base-dilation": window((3, 4), (4, 7), "ADD", [2, 2], base=[2, 2], padding=[0, 0, 1, 0],
                                          init=0.25),
    "reduce-window-min": window((4, 5), (2, 2), "STABLEHLO_MINIMUM", [3, 4], init=1.0e30),
    "reduce-window-mul-int32": window((3, 5), (2, 4), "STABLEHLO_MULTIPLY", [2, 2], init=1, dtype="INT32"),
    "reduce-window-and": window((3, 5), (3, 3), "LOGICAL_AND", [1, 3], init=True, dtype="BOOL"),
    # gathers: constant indices reaching past the end exercise the clamp
    "gather-rows": gather((5, 4), [[3], [0], [9], [-2]], (4, 4), [1], [0], [0], 1, [1, 4]),
    "gather-windows": gather((6, 7, 3), np.array([[1, 2], [5, 6], [0, -1]], np.int32), (3, 2, 3, 3), [1, 2, 3], [],
                             [0, 1], 1, [2, 3, 3]),
    "gather-index-dim-first": gather((4, 6), [[0, 3, 1], [5, 2, 0]], (3, 2), [1], [0], [0, 1], 0, [1, 2]),
    "gather-runtime-index": gather((5, 3, 2), [[2], [4], [1], [0]], (4, 3, 2), [1, 2], [0], [0], 1, [1, 3, 2],
                                   runtime=True),
    "gather-middle-index-dim": gather((4, 5, 6), np.array([[[1, 7], [3, 0]], [[2, 2], [-1, 4]]]).transpose(0, 2, 1),
                                      (2, 2, 5, 4), [2, 3], [0], [0, 2], 1, [1, 5, 4]),
    # scatters: repeated rows (the last update wins, or all are combined in order), windows
    # partly or wholly outside the operand (skipped element by element)
    "scatter-update-rows": scatter((5, 4), [[1], [3], [1]], (3, 4), [1], [0], [0], 1),
    "scatter-add-windows": scatter((6, 7), [[1, 2], [4, 5], [-1, 0], [5, 6], [1, 3]], (5, 2, 3), [1, 2], [], [0, 1],
                                   1, "STABLEHLO_ADD"),
    "scatter-max-columns": scatter((3, 6), [[4, 1, 4, 9]], (4, 3), [1], [1], [1], 0, "STABLEHLO_MAXIMUM"),
    "scatter-min-index-dim-first": scatter((4, 5), [[0, 3], [1, 2]], (2, 2, 3), [1, 2], [], [1, 0], 0,
                                           "STABLEHLO_MINIMUM"),
    "scatter-multiply-int32": scatter((4, 3), [[2], [0], [2]], (3, 3), [1], [0], [0], 1, "STABLEHLO_MULTIPLY",
                                      dtype="INT32"),
    "scatter-runtime-indices": scatter((5, 3, 2), [[0], [0], [0]], (3, 3, 2), [1, 2], [0], [0], 1, "STABLEHLO_ADD",
                                       runtime=True),
    "scatter-trailing-scatter-dim": scatter((4, 5), [[2]], (4, 1), [0], [1], [1], 1),
    "composite": lambda int8=False: build(
        "STABLEHLO_COMPOSITE", [(2, 5), (2, 5)], [], (2, 5),
        options_table("StableHLOComposite", name="test.add", version=1, compositeAttributes=list(flexbuffers.Dumps({})),
                      compositeAttributesFormat=0), int8=int8, decomposition=("ADD", 2)),
}

CASES = [(name, "float") for name in MODELS] + [
    ("add", "integer"), ("multiply", "integer"), ("maximum", "integer"), ("minimum", "integer"),
    ("pad", "integer"), ("pad-runtime-value", "integer"), ("gather-rows", "integer"),
    ("gather-runtime-index", "integer"), ("reduce-window-max", "integer"), ("scatter-add-windows", "integer"),
    ("scatter-update-rows", "integer"), ("composite", "integer"),
    # uint8: sums wrap on the same bits; comparisons see the unsigned order
    ("add", "UINT8"), ("maximum", "UINT8"), ("minimum", "UINT8"), ("reduce-window-max", "UINT8"),
    ("reduce-window-min", "UINT8"), ("scatter-max-columns", "UINT8"), ("scatter-add-windows", "UINT8"),
]
VARIANT = {"float": False, "integer": True, "UINT8": "UINT8"}
IDS = [f"{name}.{ {'float': 'float32', 'integer': 'int8', 'UINT8': 'uint8'}[path] }" for name, path in CASES]


@pytest.mark.parametrize(("name", "path"), CASES, ids=IDS)
def test_matches_tflite_and_verifies(name, path, tmp_path):
    file = tmp_path / f"{name}.tflite"
    file.write_bytes(MODELS[name](int8=VARIANT[path]))
    result = check_model(str(file))
    assert result.error is None, result.error
    main = [r for r in result.records if r.function == "main"]
    assert [r.path for r in main] == ["float" if path == "float" else "integer"], main
    assert result.passed and all(layer.passed for layer in result.layers), (result.outputs, result.layers)
    text = print_module(convert(str(file), "final").module)
    assert "\"tfl." not in text.split("func.func")[1]  # main (a uint8 body subgraph stays: TOSA is signless)
    verified = iree_verify(text)
    assert verified.returncode == 0, verified.stderr


def run_both(file, inputs):
    """TFLite's optimized kernels (BUILTIN_REF has none for the op) and our executor on
    the converted module, on the same inputs."""
    reference = litert.load(str(file), resolver=OPTIMIZED)
    expected = litert.run(reference, inputs)
    module = convert(str(file), "final").module
    verified = iree_verify(print_module(module))
    assert verified.returncode == 0, verified.stderr
    return expected, Executor(module).run(inputs)


@pytest.mark.parametrize("dtype", ["INT32", "INT8", "INT16", "BOOL"])
def test_and_matches_optimized_tflite(dtype, tmp_path):
    file = tmp_path / "and.tflite"
    file.write_bytes(build("STABLEHLO_AND", [(3, 7), (3, 7)], [], (3, 7), dtype=dtype))
    rng = np.random.default_rng(1)
    if dtype == "BOOL":
        inputs = [rng.integers(0, 2, (3, 7)).astype(bool) for _ in range(2)]
    else:
        info = np.iinfo(dtype.lower())
        inputs = [rng.integers(info.min, info.max, (3, 7), endpoint=True).astype(dtype.lower()) for _ in range(2)]
    expected, ours = run_both(file, inputs)
    assert np.array_equal(expected[0], ours[0])


@pytest.mark.parametrize("dtype", ["INT32", "INT8", "INT16"])
def test_shift_left_matches_optimized_tflite(dtype, tmp_path):
    """Shifts up to 31 (wider are undefined in C++): int8 and int16 wrap after promotion."""
    file = tmp_path / "shift.tflite"
    file.write_bytes(build("STABLEHLO_SHIFT_LEFT", [(4, 8), (4, 8)], [], (4, 8), dtype=dtype))
    rng = np.random.default_rng(2)
    info = np.iinfo(dtype.lower())
    x = rng.integers(info.min, info.max, (4, 8), endpoint=True).astype(dtype.lower())
    s = rng.integers(0, 32, (4, 8)).astype(dtype.lower())
    expected, ours = run_both(file, [x, s])
    assert np.array_equal(expected[0], ours[0])


def test_nan_and_signed_zero_follow_std_max_min(tmp_path):
    """std::max(a, b) keeps `a` unless a < b: NaN in either operand and +-0 ties keep `a`."""
    a = np.array([np.nan, 1.0, -0.0, 0.0, 2.0, np.nan], np.float32)
    b = np.array([1.0, np.nan, 0.0, -0.0, 3.0, np.nan], np.float32)
    for code in ("STABLEHLO_MAXIMUM", "STABLEHLO_MINIMUM"):
        file = tmp_path / f"{code}.tflite"
        file.write_bytes(build(code, [(6,), (6,)], [], (6,)))
        expected = litert.run(litert.load(str(file)), [a, b])
        ours = Executor(convert(str(file), "final").module).run([a, b])
        assert np.array_equal(expected[0], ours[0], equal_nan=True)
        assert np.array_equal(np.signbit(expected[0]), np.signbit(ours[0]))


def test_rows_without_kernel_say_so():
    for name in ("tfl.stablehlo_divide", "tfl.stablehlo_dot_general", "tfl.stablehlo_convolution"):
        assert "has no TFLite kernel" in legalize.RULES[name].unlowered


def test_mismatched_body_declines(tmp_path):
    """A REDUCE_WINDOW body whose operator is no reduction the kernel knows stays unlowered."""
    file = tmp_path / "sub-body.tflite"
    o = options_table("StablehloReduceWindow", windowDimensions=[2], windowStrides=[1], baseDilations=[1],
                      windowDilations=[1], padding=[0, 0])
    file.write_bytes(build("STABLEHLO_REDUCE_WINDOW", [(4,)], [np.array(0, np.float32)], (3,), o, body="SUB"))
    records = [r for r in convert(str(file), "legalized").report.records if r.function == "main"]
    assert records[0].path == "unlowered" and "no reduction the kernel knows" in records[0].reason


def test_implicit_index_vector_declines(tmp_path):
    """index_vector_dim equal to the indices' rank is undefined in TFLite's kernel (its
    ReadIndexVector reads the shape past its end): the op stays unlowered, with that reason."""
    file = tmp_path / "implicit.tflite"
    file.write_bytes(gather((5, 3), np.array([2, 4, 1], np.int32), (3, 3), [1], [0], [0], 1, [1, 3])())
    records = [r for r in convert(str(file), "legalized").report.records if r.function == "main"]
    assert records[0].path == "unlowered" and "ReadIndexVector" in records[0].reason


def test_scatter_declines_interleaved_order(tmp_path):
    """Several index vectors whose windows the kernel's row-major order interleaves (the
    updates' scatter dimension after the window one): declined with that reason."""
    file = tmp_path / "interleaved.tflite"
    file.write_bytes(scatter((3, 6), [[4, 1, 4, 9]], (3, 4), [0], [1], [1], 0, "STABLEHLO_MAXIMUM")())
    records = [r for r in convert(str(file), "legalized").report.records if r.function == "main"]
    assert records[0].path == "unlowered" and "interleaves" in records[0].reason


def test_scatter_declines_other_combiners(tmp_path):
    """The kernel knows the StableHLO ADD, MULTIPLY, MAXIMUM and MINIMUM codes only (a TFLite
    ADD in the update computation is refused by its Prepare): declined."""
    file = tmp_path / "tfl-add.tflite"
    file.write_bytes(scatter((5, 4), [[1], [3]], (2, 4), [1], [0], [0], 1, "ADD")())
    records = [r for r in convert(str(file), "legalized").report.records if r.function == "main"]
    assert records[0].path == "unlowered" and "no combiner the kernel knows" in records[0].reason


def test_case_runs_the_indexed_branch_as_optimized_tflite(tmp_path):
    """STABLEHLO_CASE becomes nested scf.if calling the branches (as IF becomes scf.if); an
    index outside [0, 3) takes the last branch, as in the kernel. Only the default resolver
    has the kernel. IREE runs it too."""
    m = ModelBuilder()
    g = m.subgraph()
    k, a, c = g.input("k", [], "INT32"), g.input("a", [2, 3]), g.input("b", [2, 3])
    y = g.tensor("y", [2, 3])
    branches = []
    for code in ("ADD", "MUL", "SUB"):
        sub = m.subgraph(code.lower())
        p, q = sub.input("p", [2, 3]), sub.input("q", [2, 3])
        r = sub.tensor("r", [2, 3])
        sub.op(code, [p, q], [r], options_table(code.title() + "", fusedActivationFunction=0))
        sub.output(r)
        branches.append(sub.index)
    g.op("STABLEHLO_CASE", [k, a, c], [y], options_table("StablehloCase", branchSubgraphIndices=branches))
    g.output(y)
    file = tmp_path / "case.tflite"
    file.write_bytes(m.build())
    rng = np.random.default_rng(4)
    x1, x2 = (rng.standard_normal((2, 3)).astype(np.float32) for _ in range(2))
    conversion = convert(str(file), "final")
    text = print_module(conversion.module)
    assert text.count("= scf.if ") == 2 and '"tfl.' not in text
    assert [(r.name, r.path) for r in conversion.report.records if r.function == "main"] == \
        [("tfl.stablehlo_case", "float")]
    vmfb = iree_backend.compile_mlir(text)
    for index in (0, 1, 2, -1, 7):
        inputs = [np.array(index, np.int32), x1, x2]
        expected, ours = run_both(file, inputs)
        assert np.array_equal(expected[0], ours[0]), index
        assert np.array_equal(iree_backend.run_vmfb(vmfb, inputs)[0], expected[0]), index


def run_reference(file, inputs):
    """TFLite (BUILTIN_REF) and our executor on the converted module, on chosen inputs."""
    expected = litert.run(litert.load(str(file)), inputs)
    return expected, Executor(convert(str(file), "final").module).run(inputs)


def test_wide_indices_are_clamped_before_narrowing(tmp_path):
    """int64 starts beyond int32 are clamped (gather) or skipped (scatter) as TFLite does with
    the 64-bit value, not wrapped to a small one; an int32 start near -2**31 does not make
    `p - start` overflow into a valid offset."""
    big = [2**33, -2**40, 3, 2**32 + 1]
    o = options_table("StablehloGather", offsetDims=[1], collapsedSliceDims=[0], startIndexMap=[0], indexVectorDim=1,
                      sliceSizes=[1, 4])
    m = ModelBuilder()
    g = m.subgraph()
    x, i = g.input("x", [5, 4]), g.input("i", [4, 1], "INT64")
    y = g.tensor("y", [4, 4])
    g.op("STABLEHLO_GATHER", [x, i], [y], o)
    g.output(y)
    file = tmp_path / "gather64.tflite"
    file.write_bytes(m.build())
    values = np.arange(20, dtype=np.float32).reshape(5, 4)
    expected, ours = run_reference(file, [values, np.array(big, np.int64).reshape(4, 1)])
    assert np.array_equal(expected[0], ours[0])
    for dtype, starts in (("INT64", [2**32 + 1, 1]), ("INT32", [-2**31 + 1, 2])):
        file = tmp_path / f"scatter-{dtype}.tflite"
        file.write_bytes(scatter((5, 4), np.zeros((2, 1)), (2, 4), [1], [0], [0], 1, "STABLEHLO_ADD", runtime=True,
                                 index_type=dtype)())
        updates = np.ones((2, 4), np.float32)
        expected, ours = run_reference(file, [values, np.array(starts, dtype.lower()).reshape(2, 1), updates])
        assert np.array_equal(expected[0], ours[0]), dtype


IREE_CASES = [("add", "integer"), ("add-bool", "float"), ("multiply-int32", "float"), ("maximum", "float"),
              ("minimum", "UINT8"), ("pad-interior-crop", "float"), ("pad-runtime-value", "integer"), ("pad-bool", "float"),
              ("reduce-window-add-dilated", "float"), ("reduce-window-max", "UINT8"), ("reduce-window-and", "float"),
              ("reduce-window-mul-int32", "float"), ("add-int64", "float"), ("minimum-int64", "float"),
              ("multiply-int16", "float"), ("gather-middle-index-dim", "float"),
              ("gather-runtime-index", "integer"), ("scatter-runtime-indices", "float"),
              ("scatter-max-columns", "UINT8"), ("scatter-multiply-int32", "float"), ("composite", "float"),
              ("composite", "integer")]


@pytest.mark.parametrize(("name", "path"), IREE_CASES, ids=[f"{n}.{p}" for n, p in IREE_CASES])
def test_iree_runs_it_as_we_do(name, path, tmp_path):
    """IREE compiles the final IR (inside TOSA 1.0's profiles, which iree-compile validates)
    and computes what our executor does, bit for bit (main only: a uint8 body subgraph
    stays a tfl op, and is not called)."""
    file = tmp_path / f"{name}.tflite"
    file.write_bytes(MODELS[name](int8=VARIANT[path]))
    module = convert(str(file), "final").module
    reference = litert.load(str(file))
    x = make_inputs(module, litert.inputs_of(reference), seed=0)
    ours = Executor(module).run(x, "main")
    text = print_module(module)
    theirs = iree_run(text, x, "main")
    for a, t in zip(ours, theirs):
        np.testing.assert_array_equal(a.view(t.dtype) if a.dtype.itemsize == t.dtype.itemsize else a, t)


@pytest.mark.parametrize("code", ["STABLEHLO_SHIFT_LEFT", "STABLEHLO_AND"])
@pytest.mark.parametrize("dtype", ["INT8", "INT16", "INT32"])
def test_iree_shifts_and_ands_as_we_do(code, dtype, tmp_path):
    """Narrow shifts by 8 to 31 are computed in i32 and truncated: IREE agrees (an i8 shift
    by 8 or more would be poison in its arith lowering)."""
    file = tmp_path / "op.tflite"
    file.write_bytes(build(code, [(4, 8), (4, 8)], [], (4, 8), dtype=dtype))
    rng = np.random.default_rng(5)
    info = np.iinfo(dtype.lower())
    x = rng.integers(info.min, info.max, (4, 8), endpoint=True).astype(dtype.lower())
    y = (rng.integers(0, 32, (4, 8)) if code == "STABLEHLO_SHIFT_LEFT"
         else rng.integers(info.min, info.max, (4, 8), endpoint=True)).astype(dtype.lower())
    module = convert(str(file), "final").module
    ours = Executor(module).run([x, y], "main")
    theirs = iree_run(print_module(module), [x, y], "main")
    np.testing.assert_array_equal(ours[0], theirs[0])
