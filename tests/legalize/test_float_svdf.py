"""Float and hybrid SVDF (legalize/families/recurrent/float_svdf.py) against TFLite.

Hybrid SVDFs (float input, int8 feature and time weights: EvalHybridSVDF) must equal
BUILTIN_REF bit for bit; float ones stay within the float tolerance. From TFLite's zero state
only the newest column of the memory is non-zero, so the time dot products and rank sums are
also checked from the state TFLite leaves after several invokes, where their summation order
(NEON's four lanes) decides the last bits.
"""
from __future__ import annotations

import numpy as np
import pytest

from legalize.families.recurrent import float_svdf
from legalize.lib.hybrid import binary
from runtime_check.check import litert
from runtime_check.executor import Executor
from tfl2quant.pipeline import convert

from ..conftest import check_exact_on_seeds, check_float, iree_agrees
from ..lib.hybrid_models import svdf

CASES = {
    "rank2": {},
    "rank1-memory1": {"rank": 1, "memory": 1, "filters": 5},
    "rank5-memory9": {"memory": 9, "rank": 5, "filters": 10},
    "no-bias-tanh": {"bias": False, "act": "TANH"},
    "asymmetric-none": {"asymmetric": True, "act": "NONE", "batch": 3},
    "relu6-rank4-memory4": {"act": "RELU6", "memory": 4, "rank": 4, "filters": 8},
}


def write(tmp_path, name, **extra):
    path = tmp_path / f"svdf-{name}.tflite"
    path.write_bytes(svdf(**{**CASES[name], **extra}))
    return path


@pytest.mark.parametrize("name", list(CASES))
def test_hybrid_is_bit_exact(name, tmp_path):
    check_exact_on_seeds(write(tmp_path, name), "tfl.svdf")


@pytest.mark.parametrize("name", list(CASES))
def test_float_is_within_the_float_tolerance(name, tmp_path):
    check_float(write(tmp_path, name, hybrid=False), "tfl.svdf")


def _from_the_state_tflite_left(name, tmp_path, invokes=12, hybrid=True):
    """TFLite's output on the invoke after `invokes` others, and ours from a model whose state
    is a constant holding what those left."""
    path = write(tmp_path, name, hybrid=hybrid)
    reference = litert.load(str(path))
    rng = np.random.default_rng(11)
    shape = litert.inputs_of(reference)[0].shape
    for _ in range(invokes):
        litert.run(reference, [rng.standard_normal(shape).astype(np.float32)])
    (state,) = [reference.get_tensor(d["index"]) for d in reference.get_tensor_details() if d["name"] == "state"]
    x = rng.standard_normal(shape).astype(np.float32)
    (expected,) = litert.run(reference, [x])
    second = tmp_path / "second.tflite"
    second.write_bytes(svdf(**{**CASES[name], "hybrid": hybrid, "state": state}))
    (ours,) = Executor(convert(str(second), "final").module).run([x], "main")
    return ours, expected, state


@pytest.mark.parametrize("name", ["rank2", "rank5-memory9", "asymmetric-none", "relu6-rank4-memory4"])
def test_hybrid_from_the_state_tflite_left(name, tmp_path):
    ours, expected, state = _from_the_state_tflite_left(name, tmp_path)
    assert np.count_nonzero(state) == state.size
    np.testing.assert_array_equal(ours, expected)


def test_float_from_the_state_tflite_left(tmp_path):
    ours, expected, _ = _from_the_state_tflite_left("rank5-memory9", tmp_path, hybrid=False)
    np.testing.assert_allclose(ours, expected, atol=1e-6)


def test_the_neon_summation_order_matters(tmp_path, monkeypatch):
    """Summing the time products and the ranks one by one instead changes some outputs."""
    monkeypatch.setattr(float_svdf, "neon_sum", _sequential_sum)
    differs = []
    for name in ("rank2", "rank5-memory9", "asymmetric-none", "relu6-rank4-memory4"):
        (tmp_path / name).mkdir()
        ours, expected, _ = _from_the_state_tflite_left(name, tmp_path / name)
        differs.append(not np.array_equal(ours, expected))
    assert any(differs)


def _sequential_sum(r, terms):
    total = None
    for t in terms:
        v = binary(r, "arith.mulf", *t) if isinstance(t, tuple) else t
        total = v if total is None else binary(r, "arith.addf", total, v)
    return total


def test_iree_compiles_and_agrees(tmp_path):
    iree_agrees(write(tmp_path, "rank5-memory9"), exact=True)
