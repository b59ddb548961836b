"""Float and hybrid LSTM (legalize/families/recurrent/lstm.py) against TFLite.

Hybrid LSTMs (float activations, int8 weights) take the integer path and must equal
BUILTIN_REF bit for bit, end to end and per layer, on two input seeds: the run-time
quantization of x and h, the int32 products, the float gates in the kernel's order and
Eigen's tanh and logistic (eigen_math.py). The geometries put gate elements on Eigen's
scalar lanes (n_cell * batch not a multiple of 4, batch-major rows at odd offsets). Float
LSTMs take the float path, held to the float tolerance (TFLite's GEMM sums in its own
order). Some of each are compiled with iree-compile and run.
"""
from __future__ import annotations

import numpy as np
import pytest

from runtime_check.check import litert
from tfl2quant.pipeline import convert

from ..conftest import check_exact_on_seeds, check_float, iree_agrees
from ..lib.hybrid_models import lstm

CASES = {
    "plain": {},
    "batch-3-odd-cells": {"batch": 3, "n_cell": 6},
    "time-major-batch-3": {"batch": 3, "n_cell": 7, "time_major": True},
    "one-step": {"batch": 2, "steps": 1},
    "cifg": {"cifg": True, "n_cell": 5, "batch": 2},
    "peephole": {"peephole": True, "batch": 2, "n_cell": 9},
    "cifg-peephole": {"cifg": True, "peephole": True},
    "projection": {"projection": True, "n_output": 5, "batch": 2},
    "projection-no-bias-clips": {"projection": True, "projection_bias": False, "n_output": 5,
                                 "proj_clip": 0.12, "cell_clip": 0.3},
    "cell-clip": {"cell_clip": 0.25, "batch": 2},
    "asymmetric": {"asymmetric": True, "batch": 3, "n_cell": 6, "projection": True, "n_output": 4},
    "relu": {"act": "RELU", "n_cell": 6},
    "relu6-cell": {"act": "RELU6", "batch": 3, "n_cell": 5},
    "long-sequence": {"steps": 24, "n_input": 16, "n_cell": 20, "seed": 4},
    "lstm-op": {"op": "LSTM", "batch": 3, "n_cell": 6},
}


def write(tmp_path, name, **extra):
    path = tmp_path / f"lstm-{name}.tflite"
    path.write_bytes(lstm(**{**CASES[name], **extra}))
    return path


def _op(name):
    return "tfl.lstm" if CASES[name].get("op") == "LSTM" else "tfl.unidirectional_sequence_lstm"


@pytest.mark.parametrize("name", list(CASES))
def test_hybrid_is_bit_exact(name, tmp_path):
    check_exact_on_seeds(write(tmp_path, name), _op(name))


@pytest.mark.parametrize("name", list(CASES))
def test_float_is_within_the_float_tolerance(name, tmp_path):
    check_float(write(tmp_path, name, hybrid=False), _op(name))


@pytest.mark.parametrize("name", ["plain", "long-sequence", "projection-no-bias-clips", "cell-clip"])
def test_outputs_exercise_the_gates(name, tmp_path):
    """The cases are not degenerate: outputs vary, and the clips are reached."""
    path = write(tmp_path, name)
    reference = litert.load(str(path))
    x = np.random.default_rng(0).standard_normal(litert.inputs_of(reference)[0].shape).astype(np.float32)
    (y,) = litert.run(reference, [x])
    assert len(np.unique(y)) > y.size // 2
    if CASES[name].get("proj_clip"):
        assert np.isclose(np.abs(y).max(), CASES[name]["proj_clip"])


@pytest.mark.parametrize("name, hybrid", [("batch-3-odd-cells", True), ("asymmetric", True),
                                          ("peephole", False)])
def test_iree_compiles_and_agrees(name, hybrid, tmp_path):
    iree_agrees(write(tmp_path, name, hybrid=hybrid), exact=hybrid)


@pytest.mark.parametrize("reason, kwargs", [
    ("activation NONE", {"act": "NONE"}),
])
def test_declines_with_a_reason(reason, kwargs, tmp_path):
    path = tmp_path / "lstm.tflite"
    path.write_bytes(lstm(**kwargs))
    records = convert(str(path), "legalized").report.records
    assert reason in (records[0].reason or "")
