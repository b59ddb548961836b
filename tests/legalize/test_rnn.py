"""RNN, UNIDIRECTIONAL_SEQUENCE_RNN and BIDIRECTIONAL_SEQUENCE_RNN (legalize/families/recurrent/rnn.py) against
TFLite.

Hybrid RNNs (float activations, int8 weights) take the integer path and must equal BUILTIN_REF
bit for bit, end to end and per layer, on two input seeds; float ones are held to the float
tolerance. The bidirectional cases cover merged outputs, both layouts, and aux inputs in both
modes. Two quirks of the bidirectional kernel that the pattern reproduces are shown on TFLite
itself, and the one-step RNN is checked from a non-zero hidden state (the state TFLite left).
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from ai_edge_litert import schema_py_generated as schema

from runtime_check.check import litert
from runtime_check.executor import Executor
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder, per_tensor

from ..conftest import check_exact_on_seeds, check_float, iree_agrees
from ..lib.hybrid_models import rnn

BI = "BIDIRECTIONAL_SEQUENCE_RNN"
CASES = {
    "rnn": {"op": "RNN", "batch": 3, "units": 7},
    "sequence": {},
    "sequence-time-major": {"time_major": True, "batch": 3},
    "sequence-relu-asymmetric": {"act": "RELU", "asymmetric": True, "n_input": 11},
    "sequence-none": {"act": "NONE", "steps": 3},
    "sequence-relu6": {"act": "RELU6", "units": 5},
    "sequence-relu-n1-to-1": {"act": "RELU_N1_TO_1", "batch": 1},
    "bidirectional": {"op": BI},
    "bidirectional-time-major": {"op": BI, "time_major": True, "steps": 4},
    "bidirectional-merged": {"op": BI, "merge_outputs": True, "bw_units": 5},
    "bidirectional-aux-stacking": {"op": BI, "aux": "stacking", "time_major": True, "steps": 3},
    "bidirectional-aux-non-stacking": {"op": BI, "aux": "non-stacking", "time_major": True},
    "bidirectional-aux-non-stacking-batch-major": {"op": BI, "aux": "non-stacking"},
    "bidirectional-aux-stacking-asymmetric": {"op": BI, "aux": "stacking", "asymmetric": True, "batch": 3},
}


def write(tmp_path, name, **extra):
    path = tmp_path / f"rnn-{name}.tflite"
    path.write_bytes(rnn(**{**CASES[name], **extra}))
    return path


def _op(name):
    return "tfl." + CASES[name].get("op", "UNIDIRECTIONAL_SEQUENCE_RNN").lower()


@pytest.mark.parametrize("name", list(CASES))
def test_hybrid_is_bit_exact(name, tmp_path):
    check_exact_on_seeds(write(tmp_path, name), _op(name))


@pytest.mark.parametrize("name", list(CASES))
def test_float_is_within_the_float_tolerance(name, tmp_path):
    check_float(write(tmp_path, name, hybrid=False), _op(name))


def _inputs(reference, seed):
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(d.shape).astype(np.float32) for d in litert.inputs_of(reference)]


@pytest.mark.parametrize("hybrid", [True, False])
def test_one_step_rnn_from_the_state_tflite_left(hybrid, tmp_path):
    """RNN is one step, so a check from the zero state never multiplies by the recurrent
    weights: invoke TFLite twice, and give our rewrite the state the first invoke left."""
    kwargs = {"op": "RNN", "batch": 3, "units": 6, "hybrid": hybrid}
    path = tmp_path / "rnn.tflite"
    path.write_bytes(rnn(**kwargs))
    reference = litert.load(str(path))
    litert.run(reference, _inputs(reference, 0))
    (state,) = [reference.get_tensor(d["index"]) for d in reference.get_tensor_details() if d["name"] == "h"]
    assert np.abs(state).min() > 0
    x2 = _inputs(reference, 1)
    (expected,) = litert.run(reference, x2)
    second = tmp_path / "second.tflite"
    second.write_bytes(rnn(**kwargs, hidden=state))
    (ours,) = Executor(convert(str(second), "final").module).run(x2, "main")
    if hybrid:
        np.testing.assert_array_equal(ours, expected)
    else:
        np.testing.assert_allclose(ours, expected, atol=1e-6)


def test_time_major_hybrid_bidirectional_runs_the_sequence_steps_times(tmp_path):
    """EvalHybrid's time-major loop wraps both directions in an outer `for t`: TFLite's forward
    output is that of a unidirectional RNN (same weights: same seed) over the input repeated
    `steps` times, last pass."""
    steps = 3
    bi, uni = tmp_path / "bi.tflite", tmp_path / "uni.tflite"
    bi.write_bytes(rnn(BI, steps=steps, time_major=True, seed=5))
    uni.write_bytes(rnn(steps=steps * steps, time_major=True, seed=5))
    x = _inputs(litert.load(str(bi)), 0)[0]
    forward, _ = litert.run(litert.load(str(bi)), [x])
    (repeated,) = litert.run(litert.load(str(uni)), [np.concatenate([x] * steps)])
    np.testing.assert_array_equal(forward, repeated[-steps:])
    one_pass = tmp_path / "one-pass.tflite"
    one_pass.write_bytes(rnn(steps=steps, time_major=True, seed=5))
    (once,) = litert.run(litert.load(str(one_pass)), [x])
    assert not np.array_equal(forward, once)


def test_batch_major_non_stacking_backward_reads_the_input(tmp_path):
    """Batch-major, the kernel's backward direction reads the input, not the aux input."""
    path = write(tmp_path, "bidirectional-aux-non-stacking-batch-major")
    reference = litert.load(str(path))
    x, aux = _inputs(reference, 0)
    first = litert.run(reference, [x, aux])
    reference.reset_all_variables()
    second = litert.run(reference, [x, -aux])
    np.testing.assert_array_equal(first[1], second[1])


@pytest.mark.parametrize("name, hybrid", [("bidirectional-merged", True), ("sequence-time-major", True),
                                          ("bidirectional-aux-stacking", False)])
def test_iree_compiles_and_agrees(name, hybrid, tmp_path):
    iree_agrees(write(tmp_path, name, hybrid=hybrid), exact=hybrid)


def test_per_axis_weights_fall_back_with_the_reason(tmp_path):
    """The hybrid RNN kernels read one scale per matrix (GetTensorScale): per-axis weights
    are not their program, so the op falls back to the float RNN and says why."""
    path = write(tmp_path, "sequence", per_channel=True)
    (record,) = convert(str(path), "legalized").report.records
    assert (record.path, record.reason) == (
        "fallback", "operand 1 is i8 per axis; the hybrid RNN kernel reads int8 weights with one scale "
                    "(GetTensorScale)")


def test_weights_that_do_not_fit_the_input_are_a_one_line_error(tmp_path):
    """basic_rnn.cc's Prepare refuses weights whose depth is not the input's; so does the
    importer's verifier, naming the op and the operand."""
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", (2, 6))
    inputs = [x, g.const("w", np.ones((8, 5), np.int8), "INT8", quant=per_tensor(0.01)),
              g.const("r", np.ones((8, 8), np.int8), "INT8", quant=per_tensor(0.01)),
              g.const("b", np.zeros(8, np.float32)), g.tensor("h", (2, 8), variable=True)]
    y = g.tensor("y", (2, 8))
    g.op("RNN", inputs, [y], schema.RNNOptionsT(), version=2)
    g.output(y)
    path = tmp_path / "bad-rnn.tflite"
    path.write_bytes(m.build())
    exe = Path(sys.executable).parent / "tfl2quant"
    r = subprocess.run([str(exe), "convert", str(path)], capture_output=True, text=True)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == (f"error: {path}: subgraph 0: op 0 'tfl.rnn' (tensor \"y\"): operand 1 has shape [8, 5]; "
                        "the kernel expects [8, 6]\n")
