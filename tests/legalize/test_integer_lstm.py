"""Full-integer UNIDIRECTIONAL_SEQUENCE_LSTM (legalize/families/recurrent/integer_lstm.py) against TFLite's
8x8_16 kernel, bit for bit.

The TensorFlow converter makes one form (models/real/lstm-fused.*, models/coverage/
lstm.int8: no CIFG, peephole or projection, batch 1). The others are built here with the
flatbuffer builder, with quantization parameters in the ranges a converter picks: CIFG,
peephole, projection with and without bias and clip, cell clip, time-major, batch > 1,
one step, cell state scales from 2^-15 to 2^-9, hidden zero point -128
(the projection path adds 128). Every check runs every stage, every output and every layer;
some go through iree-compile and IREE as well. The gemmlowp 16-bit tables are checked
against the functions they approximate.
"""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from ai_edge_litert import schema_py_generated as schema

from legalize.lib import gemmlowp_tables
from runtime_check.check import check_model, litert
from runtime_check.executor import Executor, iree_backend
from tfl2quant.errors import InternalError, Tfl2QuantError
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder, per_tensor

from ..models.test_real_models import REAL


def build(batch=1, steps=5, n_input=6, n_cell=8, n_output=None, *, cifg=False, peephole=False,
          projection=False, projection_bias=True, cell_clip=0.0, proj_clip=0.0, time_major=False,
          cell_log2=-11, hidden_zp=-2, output_zp=3, input_zp=-5, seed=0, edit=None) -> bytes:
    """One quantized UNIDIRECTIONAL_SEQUENCE_LSTM with random weights."""
    rng = np.random.default_rng(seed)
    n_output = n_output or n_cell
    s_x, s_w, s_h, s_hidden = 1 / 32, 1 / 128, 1 / 64, 1 / 96
    m = ModelBuilder()
    g = m.subgraph()
    if time_major:
        x_shape, y_shape = (steps, batch, n_input), (steps, batch, n_output)
    else:
        x_shape, y_shape = (batch, steps, n_input), (batch, steps, n_output)
    x = g.input("x", x_shape, "INT8", quant=per_tensor(s_x, input_zp))

    def weights(name, shape, scale=s_w):
        return g.const(name, rng.integers(-127, 128, shape).astype(np.int8), "INT8", quant=per_tensor(scale))

    def bias(name, scale, n):
        return g.const(name, rng.integers(-3000, 3000, n).astype(np.int32), "INT32", quant=per_tensor(scale))

    gates = ("forget", "cell", "output") if cifg else ("input", "forget", "cell", "output")
    inputs = [-1] * 24
    inputs[0] = x
    for k, gate in enumerate(("input", "forget", "cell", "output")):
        if gate in gates:
            inputs[1 + k] = weights(f"{gate}_w", (n_cell, n_input), s_w * (1 + k / 8))
            inputs[5 + k] = weights(f"{gate}_r", (n_cell, n_output), s_w * (1 - k / 8))
            inputs[12 + k] = bias(f"{gate}_b", s_x * s_w, n_cell)
    if peephole:
        for k, gate in enumerate(("input", "forget", "output")):
            if gate in gates:
                inputs[9 + k] = g.const(f"{gate}_peephole", rng.integers(-2000, 2000, n_cell).astype(np.int16),
                                        "INT16", quant=per_tensor(2 ** -10))
    if projection:
        inputs[16] = weights("projection", (n_output, n_cell))
        if projection_bias:
            inputs[17] = bias("projection_b", s_w * s_hidden, n_output)
    inputs[18] = g.tensor("output_state", (batch, n_output), "INT8", quant=per_tensor(s_h, output_zp), variable=True)
    inputs[19] = g.tensor("cell_state", (batch, n_cell), "INT16", quant=per_tensor(2.0 ** cell_log2), variable=True)
    y = g.tensor("y", y_shape, "INT8", quant=per_tensor(s_h, output_zp))
    intermediates = [g.tensor(f"intermediate_{k}", (0,)) for k in range(4)]
    intermediates.append(g.tensor("effective_hidden_scale_intermediate", (0,), "INT8",
                                  quant=per_tensor(s_hidden if projection else s_h,
                                                   hidden_zp if projection else output_zp)))
    options = schema.UnidirectionalSequenceLSTMOptionsT()
    options.fusedActivationFunction = schema.ActivationFunctionType.TANH
    options.cellClip, options.projClip, options.timeMajor = cell_clip, proj_clip, time_major
    g.op("UNIDIRECTIONAL_SEQUENCE_LSTM", inputs, [y], options, intermediates=intermediates)
    g.output(y)
    return m.build(edit)


CASES = {
    "plain": {},
    "batch-3": {"batch": 3},
    "time-major-batch-2": {"batch": 2, "time_major": True},
    "one-step": {"batch": 2, "steps": 1},
    "cifg": {"cifg": True},
    "peephole": {"peephole": True, "batch": 2},
    "cifg-peephole": {"cifg": True, "peephole": True},
    "projection": {"projection": True, "n_output": 5},
    "projection-no-bias-clips": {"projection": True, "projection_bias": False, "n_output": 5,
                                 "proj_clip": 0.4, "cell_clip": 0.7},
    "projection-hidden-zp-128": {"projection": True, "n_output": 4, "hidden_zp": -128},
    "cell-clip": {"cell_clip": 0.5, "batch": 2},
    "cell-scale-2^-15": {"cell_log2": -15},
    "cell-scale-2^-9": {"cell_log2": -9, "peephole": True},
    "long-sequence": {"steps": 24, "n_input": 16, "n_cell": 20, "seed": 4},
}


def write(name, tmp_path, **extra):
    path = tmp_path / f"lstm-{name}.tflite"
    path.write_bytes(build(**{**CASES[name], **extra}))
    return path


@pytest.mark.parametrize("name", list(CASES))
def test_bit_exact_with_the_kernel(name, tmp_path):
    path = write(name, tmp_path)
    for seed in (0, 1):
        result = check_model(str(path), seed=seed)
        assert result.error is None, result.error
        assert [(r.name, r.path) for r in result.records] == [("tfl.unidirectional_sequence_lstm", "integer")]
        assert result.layers and all(layer.exact_fraction == 1.0 for layer in result.layers), result.layers
        assert result.passed and all(o.exact_fraction == 1.0 for o in result.outputs), result.outputs


def tflite_output(path, seed=0):
    reference = litert.load(str(path))
    x = np.random.default_rng(seed).integers(-128, 128, litert.inputs_of(reference)[0].shape)
    return litert.run(reference, [x.astype(np.int8)])[0]


@pytest.mark.parametrize("name", ["plain", "peephole", "projection", "cell-clip", "long-sequence"])
def test_outputs_are_not_saturated(name, tmp_path):
    """The cases exercise the arithmetic: the outputs vary and stay mostly off the int8 bounds."""
    y = tflite_output(write(name, tmp_path))
    assert len(np.unique(y)) > 20
    assert np.mean((y == -128) | (y == 127)) < 0.2


def test_the_projection_clip_is_reached(tmp_path):
    """proj_clip 0.4 at scale 1/64 clips the raw int8 values to +-25 (not around the zero point)."""
    y = tflite_output(write("projection-no-bias-clips", tmp_path)).astype(np.int64)
    assert y.max() == 25 and y.min() == -25 and len(np.unique(y)) > 10


@pytest.mark.parametrize("name", ["peephole", "projection-no-bias-clips"])
def test_iree_compiles_and_agrees(name, tmp_path):
    path = write(name, tmp_path)
    module = convert(str(path), "final").module
    text = print_module(module)
    assert '"tfl.' not in text
    x = np.random.default_rng(2).integers(-128, 128, litert.inputs_of(litert.load(str(path)))[0].shape)
    inputs = [x.astype(np.int8)]
    (expected,) = litert.run(litert.load(str(path)), inputs)
    (ours,) = Executor(module).run(inputs, "main")
    (theirs,) = iree_backend.run(text, inputs, "main")
    np.testing.assert_array_equal(ours, expected)
    np.testing.assert_array_equal(theirs.reshape(ours.shape), ours)


def test_the_tensorflow_model_is_exact_in_iree():
    path = REAL / "lstm-fused.int8.tflite"
    module = convert(str(path), "final").module
    x = np.random.default_rng(0).integers(-128, 128, (1, 20, 40)).astype(np.int8)
    (expected,) = litert.run(litert.load(str(path)), [x])
    (theirs,) = iree_backend.run(print_module(module), [x], "main")
    np.testing.assert_array_equal(theirs.reshape(expected.shape), expected)


@pytest.mark.parametrize("reason, kwargs", [
    ("cell state scale 2^-16", {"cell_log2": -16}),
    ("cell state scale 2^-8", {"cell_log2": -8}),
])
def test_declines_what_the_kernel_cannot_compute(reason, kwargs, tmp_path):
    """The integer pattern declines with the reason; the op falls back to the float LSTM."""
    path = tmp_path / "lstm.tflite"
    path.write_bytes(build(**kwargs))
    records = convert(str(path), "legalized").report.records
    assert [r.path for r in records] == ["fallback"]
    assert reason in records[0].reason


def test_huge_clips_and_scales_give_no_warning(tmp_path):
    """Fuzz (seed 1): a cell_clip of 3.4e38 over the cell scale overflows float32, which the
    kernel clamps to 32767 silently; a weight scale of 3.4e38 makes an infinite multiplier,
    which the integer pattern declines. Neither may raise a numpy warning."""
    def huge_scale(m):
        (t,) = [t for t in m.subgraphs[0].tensors if t.name == b"input_w" or t.name == "input_w"]
        t.quantization.scale = [3.4e38]

    paths = []
    for name, data in (("clip", build(cell_clip=3.4e38)), ("scale", build(edit=huge_scale))):
        paths.append(tmp_path / f"{name}.tflite")
        paths[-1].write_bytes(data)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        clip = convert(str(paths[0]), "legalized").report.records
        scale = convert(str(paths[1]), "legalized").report.records
    assert [r.path for r in clip] == ["integer"]
    assert scale[0].path != "integer" and "requantization multiplier is not finite" in scale[0].reason


def refused(tmp_path, tensor: str, tensor_type: int) -> str:
    """The import error of the LSTM with `tensor` retyped to `tensor_type` (no quantization)."""
    def retype(m):
        (t,) = [t for t in m.subgraphs[0].tensors if t.name in (tensor.encode(), tensor)]
        t.type, t.quantization = tensor_type, None

    path = tmp_path / f"{tensor}.tflite"
    path.write_bytes(build(edit=retype))
    with pytest.raises(Tfl2QuantError) as e:
        convert(str(path), "legalized")
    assert not isinstance(e.value, InternalError)
    return str(e.value)


def test_gate_weights_of_another_type_are_refused(tmp_path):
    """Fuzz (seed 2): an f8 input-to-forget weight among int8 ones reached tosa.concat
    (invalid IR); the kernel's Prepare ensures the recurrent weights are of its type."""
    error = refused(tmp_path, "forget_w", schema.TensorType.FLOAT8_E5M2)
    assert "'tfl.unidirectional_sequence_lstm'" in error and "must have one type, got f8E5M2, i8" in error


def test_a_float16_gate_bias_of_an_integer_lstm_is_refused(tmp_path):
    """Fuzz (seed 3): an f16 forget gate bias reached tosa.concat; the kernel takes int32
    biases for an int8 input."""
    error = refused(tmp_path, "forget_b", schema.TensorType.FLOAT16)
    assert "gate bias (operand 13) is f16; with an input of i8 (quantized) the kernel takes i32 (quantized)" in error


def test_a_cell_state_of_another_type_is_refused(tmp_path):
    """Fuzz (seed 6): an f8 cell state of an int8 LSTM reached linalg.generic (invalid IR);
    the integer kernel keeps the cell state as int16."""
    error = refused(tmp_path, "cell_state", schema.TensorType.FLOAT8_E4M3FN)
    assert ("cell state (operand 19) is f8E4M3FN; with an input of i8 (quantized) the kernel keeps it as "
            "i16 (quantized)") in error


def test_gemmlowp_tables_follow_the_functions():
    """gemmlowp's int16 logistic and tanh stay within 13 steps of 2^-15 of the real functions
    and keep their fixed points and symmetry. (They are not monotonic: the int16 Newton-Raphson
    division steps back by a few units in places, TFLite's kernel with them.)"""
    x = gemmlowp_tables.EVERY_INT16
    sigmoid = gemmlowp_tables.table("logistic", 3).astype(np.int64)
    assert np.abs(sigmoid / 32768 - 1 / (1 + np.exp(-x / 4096))).max() * 32768 < 8
    assert sigmoid[32768] == 16384
    for bits in range(7):
        t = gemmlowp_tables.table("tanh", bits).astype(np.int64)
        assert np.abs(t / 32768 - np.tanh(x / 2.0 ** (15 - bits))).max() * 32768 < 13
        assert t[32768] == 0
        assert np.array_equal(t[1:32768], -t[:32768:-1])  # tanh(-x) = -tanh(x), x > -32768
