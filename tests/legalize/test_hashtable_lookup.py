"""HASHTABLE_LOOKUP (legalize/families/movement/gather.py: HashtableLookup) against TFLite: glibc's bsearch
unrolled over every lookup, its wrapping int32 comparison, unsorted and repeated keys, the
zero bytes of a miss, and the uint8 hits."""
from __future__ import annotations

import numpy as np
import pytest

from runtime_check.check import check_model, litert
from runtime_check.executor import Executor, iree_backend
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder, per_tensor

from ..conftest import iree_verify

I32 = np.iinfo(np.int32)


def lookup_model(keys, rows: tuple, lookups: int, dtype="FLOAT32", const_keys=True, quantization=None) -> bytes:
    m = ModelBuilder()
    g = m.subgraph()
    look = g.input("lookup", [lookups], "INT32")
    k = g.const("keys", np.array(keys, np.int32)) if const_keys else g.input("keys", [len(keys)], "INT32")
    kw = {"quant": quantization} if quantization else {}
    values = g.input("values", list(rows), dtype, **kw)
    out = g.tensor("out", [lookups, *rows[1:]], dtype, **kw)
    hits = g.tensor("hits", [lookups], "UINT8")
    g.op("HASHTABLE_LOOKUP", [look, k, values], [out, hits])
    g.output(out, hits)
    return m.build()


def ours_and_tflite(path, inputs):
    conversion = convert(str(path), "final")
    assert [r.name for r in conversion.report.records if r.path == "unlowered"] == []
    reference = litert.load(str(path))
    return Executor(conversion.module).run(inputs, "main"), litert.run(reference, inputs)


def assert_same(ours, theirs):
    for a, t in zip(ours, theirs):
        assert a.shape == t.shape
        np.testing.assert_array_equal(a.view(t.dtype) if a.dtype.itemsize == t.dtype.itemsize else a, t)


CASES = {
    # name: keys, lookups
    "sorted": ([-7, 1, 3, 5, 9, 40], [3, 4, -7, 40, 41, 9, 0, 1]),
    "unsorted": ([9, 1, 30, 5, -2, 7, 3], [1, 3, 5, 7, 9, 30, -2, 8]),
    "repeated": ([2, 2, 2, 4, 4, 6], [2, 4, 6, 3, 2, 4, 1, 7]),
    "one key": ([5], [5, 4, 6, 5, 0, I32.max, I32.min, 5]),
    # lookup - key wraps in the kernel's int: 2^31 - 1 - (-1) reads as negative
    "wrapping": ([I32.min, -1, 0, I32.max], [I32.max, I32.min, -1, 0, 1, I32.max - 1, I32.min + 1, -2]),
}


@pytest.mark.parametrize("const_keys", [True, False], ids=["constant keys", "runtime keys"])
@pytest.mark.parametrize("name", CASES)
def test_lookups_match_tflite(name, const_keys, tmp_path):
    keys, lookups = CASES[name]
    path = tmp_path / "m.tflite"
    path.write_bytes(lookup_model(keys, (len(keys), 3), len(lookups), const_keys=const_keys))
    values = np.random.default_rng(1).standard_normal((len(keys), 3)).astype(np.float32)
    inputs = [np.array(lookups, np.int32)] + ([] if const_keys else [np.array(keys, np.int32)]) + [values]
    ours, theirs = ours_and_tflite(path, inputs)
    assert_same(ours, theirs)
    assert theirs[1].dtype == np.uint8 and 0 < theirs[1].sum() < len(lookups)  # hits and misses


def test_random_unsorted_tables_match_tflite(tmp_path):
    """bsearch on unsorted keys finds some present keys and misses others: its probe order decides."""
    rng = np.random.default_rng(7)
    path = tmp_path / "m.tflite"
    path.write_bytes(lookup_model(list(range(13)), (13, 2, 2), 20, const_keys=False))
    for _ in range(20):
        keys = rng.integers(-20, 20, 13).astype(np.int32)
        lookups = rng.integers(-20, 20, 20).astype(np.int32)
        values = rng.standard_normal((13, 2, 2)).astype(np.float32)
        ours, theirs = ours_and_tflite(path, [lookups, keys, values])
        assert_same(ours, theirs)


def test_check_passes_per_layer_and_end_to_end(tmp_path):
    path = tmp_path / "m.tflite"
    path.write_bytes(lookup_model([0, 1, 2, 5], (4, 2), 6, dtype="INT32"))
    result = check_model(str(path))
    assert result.verdict == "PASS", result.to_json()
    assert [(r.name, r.path) for r in result.records] == [("tfl.hashtable_lookup", "float")]


def test_quantized_rows_move_on_storage_and_a_miss_is_byte_zero(tmp_path):
    """TFLite memsets a missed row to 0 bytes: stored 0, not the zero point (here 10)."""
    path = tmp_path / "m.tflite"
    path.write_bytes(lookup_model([1, 2, 3], (3, 4), 5, dtype="INT8", quantization=per_tensor(0.5, 10)))
    conversion = convert(str(path), "legalized")
    assert [r.path for r in conversion.report.records] == ["integer"]
    values = np.random.default_rng(2).integers(-128, 128, (3, 4)).astype(np.int8)
    ours, theirs = ours_and_tflite(path, [np.array([2, 9, 1, 3, 0], np.int32), values])
    assert_same(ours, theirs)
    assert (theirs[0][1] == 0).all()


def test_values_tosa_gather_cannot_move_stay_with_the_reason(tmp_path):
    path = tmp_path / "m.tflite"
    path.write_bytes(lookup_model([1, 2], (2, 2), 3, dtype="BOOL"))
    (record,) = convert(str(path), "legalized").report.records
    assert record.path == "unlowered"
    assert record.reason.startswith("values of i1: tosa.gather moves")


def test_iree_runs_it_as_we_do(tmp_path):
    keys, lookups = CASES["unsorted"]
    path = tmp_path / "m.tflite"
    path.write_bytes(lookup_model(keys, (len(keys), 3), len(lookups)))
    text = print_module(convert(str(path), "final").module)
    assert iree_verify(text, allow_unregistered=False).returncode == 0
    values = np.random.default_rng(4).standard_normal((len(keys), 3)).astype(np.float32)
    inputs = [np.array(lookups, np.int32), values]
    theirs = iree_backend.run(text, inputs, "main")
    _, expected = ours_and_tflite(path, inputs)
    assert_same(theirs, expected)
