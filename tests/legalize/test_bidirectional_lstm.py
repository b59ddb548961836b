"""BIDIRECTIONAL_SEQUENCE_LSTM (legalize/families/recurrent/bidirectional_lstm.py) against TFLite.

Each direction is lstm.py's program; hybrid cases (int8 weights) must equal BUILTIN_REF bit for
bit, end to end and per layer, on two input seeds, float ones stay within the float tolerance.
The cases cover both layouts, merged outputs, aux inputs in both modes, CIFG, peepholes,
projection, clips and asymmetric input quantization; Eigen's scalar lanes fall inside the gate
buffers (n_cell * batch not a multiple of 4).
"""
from __future__ import annotations

import numpy as np
import pytest

from runtime_check.check import litert

from ..conftest import check_exact_on_seeds, check_float, iree_agrees
from ..lib.hybrid_models import bidirectional_lstm

OP = "tfl.bidirectional_sequence_lstm"
CASES = {
    "time-major": {},
    "batch-major": {"time_major": False, "batch": 3},
    "merged": {"merge_outputs": True, "n_cell": 7},
    "aux-stacking": {"aux": "stacking", "n_aux": 3},
    "aux-non-stacking": {"aux": "non-stacking", "time_major": False},
    "cifg-peephole-projection-merged": {"cifg": True, "peephole": True, "projection": True, "n_output": 4,
                                        "merge_outputs": True, "proj_clip": 0.2},
    "asymmetric-clip": {"asymmetric": True, "batch": 3, "n_cell": 5, "cell_clip": 0.3},
}


def write(tmp_path, name, **extra):
    path = tmp_path / f"bilstm-{name}.tflite"
    path.write_bytes(bidirectional_lstm(**{**CASES[name], **extra}))
    return path


@pytest.mark.parametrize("name", list(CASES))
def test_hybrid_is_bit_exact(name, tmp_path):
    check_exact_on_seeds(write(tmp_path, name), OP)


@pytest.mark.parametrize("name", list(CASES))
def test_float_is_within_the_float_tolerance(name, tmp_path):
    check_float(write(tmp_path, name, hybrid=False), OP)


def test_directions_differ_and_the_backward_one_runs_backward(tmp_path):
    """Not degenerate: the backward direction's last step sees only the last input, so
    changing the first time step leaves it, and changes the forward one's."""
    path = write(tmp_path, "time-major")
    reference = litert.load(str(path))
    x = np.random.default_rng(0).standard_normal(litert.inputs_of(reference)[0].shape).astype(np.float32)
    forward, backward = litert.run(reference, [x])
    reference.reset_all_variables()
    changed = x.copy()
    changed[0] += 1.0
    forward2, backward2 = litert.run(reference, [changed])
    np.testing.assert_array_equal(backward[-1], backward2[-1])
    assert not np.array_equal(forward[-1], forward2[-1])
    assert not np.array_equal(forward, backward)


@pytest.mark.parametrize("name, hybrid", [("merged", True), ("aux-stacking", False)])
def test_iree_compiles_and_agrees(name, hybrid, tmp_path):
    iree_agrees(write(tmp_path, name, hybrid=hybrid), exact=hybrid)
