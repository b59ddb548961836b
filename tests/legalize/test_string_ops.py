"""TFLite's string operators (legalize/lib/strings.py; hashtable.py and skip_gram.py of
legalize/families/text/) against TFLite: string -> int64 and int64 -> string tables, misses,
repeated keys (the first wins), SIZE, a second import (ignored), keys imported from inputs, a FIND
before any import; SKIP_GRAM's options on sentences with odd spacing; the string buffers; IREE."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from legalize.string_buffer import deserialize, serialize
from runtime_check.check import litert
from runtime_check.check import check_model
from runtime_check.executor import Executor
from tfl2quant.ir.printer import print_module
from tfl2quant.errors import Tfl2QuantError
from tfl2quant.pipeline import convert

from ..conftest import iree_verify
from tools.tflite_builder import ModelBuilder, options_table, parse_string_buffer, string_buffer, tensor_type

COVERAGE = "models/coverage/hashtable.string.tflite"


def strings(*words, shape=None) -> np.ndarray:
    out = np.empty(len(words), object)
    out[:] = [w.encode() if isinstance(w, str) else w for w in words]
    return out.reshape(shape or [len(words)])


def table_model(key: str, value: str, keys, values, default, query_shape, size=False, imported=False) -> bytes:
    """HASHTABLE, HASHTABLE_IMPORT of constant keys and values (or of inputs, `imported`),
    HASHTABLE_FIND of the input queries, and HASHTABLE_SIZE if `size`, in one subgraph."""
    m = ModelBuilder()
    g = m.subgraph()
    queries = g.input("queries", list(query_shape), key)
    if imported:
        k, v = g.input("keys", [len(keys)], key), g.input("values", [len(values)], value)
    else:
        k, v = g.const("keys", keys, key), g.const("values", values, value)
    table = g.tensor("table", [1], "RESOURCE")
    g.op("HASHTABLE", [], [table], options_table("Hashtable", tableId=7, keyDtype=tensor_type(key),
                                                       valueDtype=tensor_type(value)))
    g.op("HASHTABLE_IMPORT", [table, k, v], [])
    found = g.tensor("found", list(query_shape), value)
    g.op("HASHTABLE_FIND", [table, queries, g.const("default", default, value)], [found])
    outputs = [found]
    if size:
        outputs.append(g.tensor("size", [1], "INT64"))
        g.op("HASHTABLE_SIZE", [table], [outputs[-1]])
    g.output(*outputs)
    return m.build()


def ours_and_tflite(path, input_sets):
    """Both over the same invokes of one interpreter (a table lives across them)."""
    conversion = convert(str(path), "final")
    assert [(r.name, r.reason) for r in conversion.report.records if r.path != "float"] == []
    # BUILTIN_REF has no HASHTABLE kernels (reference.py picks the optimized ones too)
    executor = Executor(conversion.module)
    reference = litert.load(str(path), resolver="BUILTIN_WITHOUT_DEFAULT_DELEGATES")
    return [(executor.run(x, "main"), litert.run(reference, x)) for x in input_sets]


def assert_same(ours, theirs):
    assert len(ours) == len(theirs)
    for a, b in zip(ours, theirs):
        assert a.shape == b.shape
        if b.dtype.kind in "OS":
            assert [bytes(x) for x in a.ravel()] == [bytes(x) for x in b.ravel()]
        else:
            assert a.dtype == b.dtype and np.array_equal(a, b)


def test_the_buffer_is_tflites():
    words = [b"", b"red", b"\x00\xff", b"green"]
    assert serialize(words).view(np.uint8).tobytes() == string_buffer(words)
    assert list(deserialize(serialize(words), (2, 2)).ravel()) == parse_string_buffer(string_buffer(words))
    assert serialize([]).view(np.uint8).tobytes() == string_buffer([])


@pytest.mark.parametrize("shape", [(6,), (2, 3)])
def test_string_keys_hits_misses_and_repeats(shape, tmp_path):
    path = tmp_path / "m.tflite"
    keys = strings("red", "green", "blue", "red", "", "greener")  # "red" twice: the first value wins
    path.write_bytes(table_model("STRING", "INT64", keys, np.array([3, 5, 7, 9, 11, 13], np.int64),
                                 np.array([-1, -2], np.int64), shape, size=True))
    queries = [strings("red", "gree", "blue", "", "greener", "x", shape=shape),
               strings("green", "red", "reds", "bluE", "greene", "", shape=shape)]
    for ours, theirs in ours_and_tflite(path, [[q] for q in queries]):
        assert_same(ours, theirs)
    assert list(theirs[1]) == [5]  # distinct keys


def test_int64_keys_give_strings(tmp_path):
    path = tmp_path / "m.tflite"
    keys = np.array([4, -1, 4, 1 << 40, 0], np.int64)
    values = strings("four", "minus one", "again", "", "zero")
    path.write_bytes(table_model("INT64", "STRING", keys, values, strings("none", "unused"), (7,), size=True))
    queries = [np.array([4, 0, 5, 1 << 40, -1, 4, 3], np.int64), np.array([9, 9, 9, 9, 9, 9, 9], np.int64)]
    results = ours_and_tflite(path, [[q] for q in queries])
    for ours, theirs in results:
        assert_same(ours, theirs)
    assert [bytes(x) for x in results[0][1][0]][:3] == [b"four", b"zero", b"none"]


@pytest.mark.parametrize("key, value", [("STRING", "INT64"), ("INT64", "STRING")])
def test_keys_from_inputs_imported_once_sized_by_loops(key, value, tmp_path):
    """A second invoke's import changes nothing: the table keeps the first invoke's keys."""
    path = tmp_path / "m.tflite"

    def column(dtype, items):
        return strings(*items) if dtype == "STRING" else np.array([len(str(i)) * 10 + len(items) for i in items],
                                                                    np.int64)

    first = ["a", "bb", "a", "ccc"], ["x", "y", "z", "w"]
    second = ["q", "bb", "rr", "ccc"], ["1", "2", "3", "4"]
    keys, values = column(key, first[0]), column(value, first[1])
    default = strings("?") if value == "STRING" else np.array([-1], np.int64)
    path.write_bytes(table_model(key, value, keys, values, default, (4,), size=True, imported=True))
    sets = []
    for k, v in (first, second):
        queries = column(key, ["bb", "a", "zz", "ccc"]) if key == "STRING" else np.array([14, 24, 5, 34], np.int64)
        sets.append([queries, column(key, k), column(value, v)])
    for ours, theirs in ours_and_tflite(path, sets):
        assert_same(ours, theirs)


def test_the_coverage_model_passes_check():
    result = check_model(COVERAGE, samples=3)
    assert result.error is None and result.verdict == "PASS"
    assert {(r.name, r.path) for r in result.records} == {
        ("tfl.call_once", "float"), ("tfl.hashtable", "float"), ("tfl.hashtable_find", "float"),
        ("tfl.hashtable_import", "float")}


@pytest.mark.parametrize("model", ["coverage", "int64 keys"])
def test_iree_runs_them_as_tflite_does(model, tmp_path):
    """Through iree-compile and IREE's runtime, strings passed and returned as their buffers."""
    from runtime_check.executor import iree_backend
    from legalize.string_buffer import from_buffers, to_buffers
    if model == "coverage":
        path, inputs = COVERAGE, [strings("blue", "", "red", "redd", "green")]
    else:
        path = tmp_path / "m.tflite"
        path.write_bytes(table_model("INT64", "STRING", np.array([2, 3, 2], np.int64), strings("two", "", "deux"),
                                     strings("-"), (4,), size=True))
        inputs = [np.array([3, 2, 1, 2], np.int64)]
    module = convert(str(path), "final").module
    text = print_module(module)
    assert iree_verify(text, allow_unregistered=False).returncode == 0
    main = module.lookup("main")
    theirs = from_buffers(main, iree_backend.run(text, to_buffers(main, inputs), "main"))
    reference = litert.load(str(path), resolver="BUILTIN_WITHOUT_DEFAULT_DELEGATES")
    assert_same(theirs, litert.run(reference, inputs))


def test_a_string_also_read_elsewhere_stays_unlowered(tmp_path):
    """A string input also transposed (no string lowering): every op touching it stays a tfl op."""
    m = ModelBuilder()
    g = m.subgraph()
    queries = g.input("queries", [2], "STRING")
    table = g.tensor("table", [1], "RESOURCE")
    g.op("HASHTABLE", [], [table], options_table("Hashtable", tableId=1, keyDtype=tensor_type("STRING"),
                                                       valueDtype=tensor_type("INT64")))
    g.op("HASHTABLE_IMPORT", [table, g.const("keys", strings("a")), g.const("values", np.array([1], np.int64))], [])
    found = g.tensor("found", [2], "INT64")
    g.op("HASHTABLE_FIND", [table, queries, g.const("default", np.array([0], np.int64))], [found])
    flat = g.tensor("flat", [2], "STRING")
    g.op("TRANSPOSE", [queries, g.const("perm", np.array([0], np.int32))], [flat])
    g.output(found, flat)
    path = tmp_path / "m.tflite"
    path.write_bytes(m.build())
    records = {r.name: (r.path, r.reason) for r in convert(str(path), "final").report.records}
    assert records["tfl.hashtable_find"] == (
        "unlowered", "a string tensor read by 'tfl.hashtable_find' is also read by 'tfl.transpose', which has no "
                     "string lowering")


def test_a_find_before_any_import_fails_as_in_tflite(tmp_path):
    m = ModelBuilder()
    g = m.subgraph()
    queries = g.input("queries", [2], "INT64")
    table = g.tensor("table", [1], "RESOURCE")
    g.op("HASHTABLE", [], [table], options_table("Hashtable", tableId=3, keyDtype=tensor_type("INT64"),
                                                       valueDtype=tensor_type("STRING")))
    found = g.tensor("found", [2], "STRING")
    g.op("HASHTABLE_FIND", [table, queries, g.const("default", strings("-"))], [found])
    g.output(found)
    path = tmp_path / "m.tflite"
    path.write_bytes(m.build())
    x = [np.array([1, 2], np.int64)]
    with pytest.raises(Tfl2QuantError, match="hashtable need to be initialized"):
        litert.run(litert.load(str(path), resolver="BUILTIN_WITHOUT_DEFAULT_DELEGATES"), x)
    with pytest.raises(Tfl2QuantError, match="global @hashtable_3_keys is read .* before anything stored it"):
        Executor(convert(str(path), "final").module).run(x, "main")


def skip_gram_model(ngram_size: int, max_skip_size: int, include_all_ngrams: bool, dynamic=True) -> bytes:
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [1], "STRING")
    y = g.tensor("y", [1], "STRING", shape_signature=[-1] if dynamic else None)
    g.op("SKIP_GRAM", [x], [y], options_table("SkipGram", ngramSize=ngram_size, maxSkipSize=max_skip_size,
                                                  includeAllNgrams=include_all_ngrams))
    g.output(y)
    return m.build()


SENTENCES = [b"the quick brown fox jumps", b" lead  spaces\tand\ttabs ", b"", b"one", b"a b", b"  ",
             b"x\ny\rz\x0bw\x0cv", b"trailing "]


@pytest.mark.parametrize("ngram_size, max_skip_size, include_all_ngrams",
                         list(itertools.product([1, 2, 3], [0, 2], [False, True])))
def test_skip_gram_matches_tflite(ngram_size, max_skip_size, include_all_ngrams, tmp_path):
    """skip_gram.cc's own word split (a leading space stays in the first word) and stack walk."""
    path = tmp_path / "m.tflite"
    path.write_bytes(skip_gram_model(ngram_size, max_skip_size, include_all_ngrams))
    results = ours_and_tflite(path, [[strings(s)] for s in SENTENCES])
    for ours, theirs in results:
        assert_same(ours, theirs)
    assert len(results[0][1][0]) > 1  # n-grams of the first sentence


def test_skip_gram_result_declared_static_takes_the_count(tmp_path):
    """The converter may declare the output [1]: the kernel resizes it, and so does the IR."""
    path = tmp_path / "m.tflite"
    path.write_bytes(skip_gram_model(2, 1, True, dynamic=False))
    (ours, theirs), = ours_and_tflite(path, [[strings("a b c")]])
    assert_same(ours, theirs)
    assert [bytes(s) for s in theirs[0]] == [b"a b", b"a c", b"a", b"b c", b"b", b"c"]


def test_iree_runs_skip_gram_as_tflite_does(tmp_path):
    from runtime_check.executor import iree_backend
    from legalize.string_buffer import from_buffers, to_buffers
    path = tmp_path / "m.tflite"
    path.write_bytes(skip_gram_model(3, 1, True))
    module = convert(str(path), "final").module
    text = print_module(module)
    assert iree_verify(text, allow_unregistered=False).returncode == 0
    main = module.lookup("main")
    reference = litert.load(str(path), resolver="BUILTIN_WITHOUT_DEFAULT_DELEGATES")
    vmfb = iree_backend.compile_mlir(text)
    for sentence in SENTENCES[:3]:
        x = [strings(sentence)]
        theirs = from_buffers(main, iree_backend.run_vmfb(vmfb, to_buffers(main, x), "main"))
        assert_same(theirs, litert.run(reference, x))
