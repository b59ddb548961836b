"""Float lowerings of legalize/families/generate/generate.py (RANGE, ONE_HOT, RFFT2D, REAL, IMAG, COMPLEX_ABS, and
RANDOM_UNIFORM, RANDOM_STANDARD_NORMAL, MULTINOMIAL as TFLite's first Invoke), of ADD_N, ATAN2, BITWISE_XOR and RIGHT_SHIFT (arithmetic.py) and of FAKE_QUANT (quantize.py):
each op alone in a tiny model, checked against TFLite per layer and end to end, and its
converted IR verified by upstream MLIR (iree-opt). Integer operands whose edge values matter
(shift amounts, one-hot indices) come from an .npz of chosen values.
"""
from __future__ import annotations

import numpy as np
import pytest

from runtime_check.check import check_model
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder, options_table

from ..conftest import iree_verify, only_record, save_inputs


class In:
    """A runtime input of a shape and TFLite type."""

    def __init__(self, shape, dtype: str = "FLOAT32"):
        self.shape, self.dtype = tuple(shape), dtype


def model(code: str, operands, outputs, opts=None, version: int = 1) -> bytes:
    """`code` alone: operands are `In`s or constant arrays; outputs are (shape, dtype) pairs."""
    m = ModelBuilder()
    g = m.subgraph()
    ins = [g.input(f"x{k}", v.shape, v.dtype) if isinstance(v, In) else g.const(f"c{k}", v)
           for k, v in enumerate(operands)]
    outs = [g.tensor(f"y{k}", shape, dtype) for k, (shape, dtype) in enumerate(outputs)]
    g.op(code, ins, outs, opts, version=version)
    g.output(*outs)
    return m.build()


F32 = "FLOAT32"

MODELS = {
    # arithmetic.py
    "add-n": lambda: model("ADD_N", [In((2, 3, 4))] * 3, [((2, 3, 4), F32)]),
    "add-n-int32": lambda: model("ADD_N", [In((5,), "INT32"), np.arange(5, dtype=np.int32)],
                                 [((5,), "INT32")]),
    "atan2": lambda: model("ATAN2", [In((3, 7)), In((3, 7))], [((3, 7), F32)]),
    "bitwise-xor": lambda: model("BITWISE_XOR", [In((3, 4), "INT32"), np.array([5, -1, 2, 7], np.int32)],
                                 [((3, 4), "INT32")]),
    "bitwise-xor-int8": lambda: model("BITWISE_XOR", [In((2, 3), "INT8"), In((2, 3), "INT8")],
                                      [((2, 3), "INT8")]),
    "right-shift": lambda: model("RIGHT_SHIFT", [In((2, 8), "INT32"), In((2, 8), "INT32")], [((2, 8), "INT32")]),
    "right-shift-int8-broadcast": lambda: model("RIGHT_SHIFT", [In((2, 8), "INT8"), In((8,), "INT8")],
                                                [((2, 8), "INT8")]),
    # quantize.py: zero point from min -1 / (3.5 / 255) = 72.86 nudged to 73
    "fake-quant": lambda: model("FAKE_QUANT", [In((4, 9))], [((4, 9), F32)],
                                options_table("FakeQuant", min=-1.0, max=2.5, numBits=8)),
    "fake-quant-4-bits-clamped": lambda: model("FAKE_QUANT", [In((3, 11))], [((3, 11), F32)],
                                               options_table("FakeQuant", min=-0.3, max=1.2, numBits=4), version=2),
    # generate.py
    "range-int32": lambda: model("RANGE", [np.array(7, np.int32), np.array(-8, np.int32), np.array(-3, np.int32)],
                                 [((5,), "INT32")]),
    # 0.1 accumulated 29 times in float32 drifts from 0.1 * i: the constant follows the kernel
    "range-float-accumulated": lambda: model("RANGE", [np.array(0.1, np.float32), np.array(3.05, np.float32),
                                                       np.array(0.1, np.float32)], [((30,), F32)]),
    "range-runtime-float": lambda: model("RANGE", [In(()), In(()), In(())], [((40,), F32)]),
    "range-runtime-int64": lambda: model("RANGE", [In((), "INT64"), np.array(100, np.int64), In((), "INT64")],
                                         [((4,), "INT64")]),
    "one-hot-last-axis": lambda: model("ONE_HOT", [In((2, 5), "INT32"), np.array(4, np.int32),
                                                   np.array(2.5, np.float32), np.array(-1.0, np.float32)],
                                       [((2, 5, 4), F32)], options_table("OneHot", axis=-1)),
    "one-hot-axis0-int64-indices": lambda: model("ONE_HOT", [In((6,), "INT64"), np.array(3, np.int32),
                                                             In((), "INT32"), In((), "INT32")],
                                                 [((3, 6), "INT32")], options_table("OneHot", axis=0)),
    "one-hot-middle-axis-bool": lambda: model("ONE_HOT", [In((2, 3), "INT32"), np.array(5, np.int32),
                                                          np.array(True), np.array(False)],
                                              [((2, 5, 3), "BOOL")], options_table("OneHot", axis=1)),
    # RFFT2D: the last two dims cropped (rows) and zero-padded (columns) to fft_length, a batch of 2x3
    "rfft2d-crop-pad-batched": lambda: rfft2d((2, 3, 10, 5), (8, 8)),
    "rfft2d-rank2": lambda: rfft2d((4, 16), (4, 16)),
    "real-complex128": lambda: model("REAL", [In((3, 4), "COMPLEX128")], [((3, 4), "FLOAT64")]),
    "imag-complex128": lambda: model("IMAG", [In((3, 4), "COMPLEX128")], [((3, 4), "FLOAT64")]),
    "complex-abs-complex64": lambda: model("COMPLEX_ABS", [In((2, 5), "COMPLEX64")], [((2, 5), F32)]),
    # random ops: TFLite's first Invoke, from the seeds (an int64 option cut to int, as TfLiteRandomParams)
    "random-uniform": lambda: model("RANDOM_UNIFORM", [np.array([3, 2, 7], np.int32)], [((3, 2, 7), F32)],
                                    options_table("Random", seed=42, seed2=2**40 + 7)),
    "random-standard-normal-odd": lambda: model("RANDOM_STANDARD_NORMAL", [np.array([5, 13], np.int32)],
                                                [((5, 13), F32)], options_table("Random", seed=-3, seed2=0)),
    "multinomial": lambda: model("MULTINOMIAL", [In((3, 6)), np.array(9, np.int32)], [((3, 9), "INT64")],
                                 options_table("Random", seed=7, seed2=11)),
    "multinomial-non-finite-int32": lambda: model("MULTINOMIAL", [In((4, 5)), np.array(6, np.int32)],
                                                  [((4, 6), "INT32")], options_table("Random", seed=1, seed2=0)),
}


def rfft2d(shape, fft_length) -> bytes:
    """RFFT2D then REAL, IMAG and COMPLEX_ABS of its complex64 result (each a model output)."""
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", shape)
    out = tuple(shape[:-2]) + (fft_length[0], fft_length[1] // 2 + 1)
    z = g.tensor("z", out, "COMPLEX64")
    g.op("RFFT2D", [x, g.const("fft_length", np.array(fft_length, np.int32))], [z])
    parts = [g.tensor(name, out) for name in ("re", "im", "abs")]
    for code, y in zip(("REAL", "IMAG", "COMPLEX_ABS"), parts):
        g.op(code, [z], [y])
    g.output(*parts)
    return m.build()


_rng = np.random.default_rng(5)

# inputs chosen for their edges: name -> arrays, positionally
INPUTS = {
    # signed zeros and the four quadrants, where atan2 differs from atan(y / x)
    "atan2": [np.array([[0.0, -0.0, 0.0, -0.0, 1.0, -1.0, 2.5], [-2.0, 3.0, -0.5, 0.5, 0.0, 0.0, 1e-30],
                        [7.0, -7.0, 1e30, -1e-3, 4.0, -4.0, 0.25]], np.float32),
              np.array([[0.0, 0.0, -0.0, -0.0, 0.0, 0.0, -1.5], [-2.0, -3.0, 0.5, -0.5, 2.0, -2.0, -1.0],
                        [1e-3, -2.0, 1.0, 1e30, -4.0, -4.0, 0.0]], np.float32)],
    # negative values shift arithmetically; shifts below 0 and past the width are clamped
    "right-shift": [np.array([[-2**31, -1, -7, 7, 2**31 - 1, -100, 100, 12345],
                              [-2**31, -1, -7, 7, 2**31 - 1, -100, 100, -12345]], np.int32),
                    np.array([[0, 1, 2, 1, 30, -1, -40, 3], [31, 32, 33, 100, 31, 5, 2**31 - 1, -2**31]], np.int32)],
    "right-shift-int8-broadcast": [np.array([[-128, -1, -7, 7, 127, -100, 100, 64],
                                             [-128, -1, -7, 7, 127, -100, 100, -64]], np.int8),
                                   np.array([0, 1, 2, -1, 7, 8, 127, -128], np.int8)],
    # start 0.1, limit 4.05, delta 0.1: forty values, whose float32 accumulation drifts from 0.1 + 0.1 * i
    "range-runtime-float": [np.array(0.1, np.float32), np.array(4.05, np.float32), np.array(0.1, np.float32)],
    # start -2^40 + 200, limit 100, delta 2^38: four values past int32's range
    "range-runtime-int64": [np.array(-2**40 + 200, np.int64), np.array(2**38, np.int64)],
    # indices past depth and negative give off everywhere
    "one-hot-last-axis": [np.array([[0, 3, 4, -1, 2], [1, 1, 7, 0, -4]], np.int32)],
    # int64 indices are read as static_cast<int>: 2^32 + 1 is 1, 2^33 + 2 is 2
    "one-hot-axis0-int64-indices": [np.array([0, 2**32 + 1, 2**33 + 2, -1, 3, 2], np.int64),
                                    np.array(9, np.int32), np.array(-4, np.int32)],
    "one-hot-middle-axis-bool": [np.array([[0, 4, 5], [-1, 2, 3]], np.int32)],
    "real-complex128": [(_rng.standard_normal((3, 4)) + 1j * _rng.standard_normal((3, 4))).astype(np.complex128)],
    "imag-complex128": [(_rng.standard_normal((3, 4)) + 1j * _rng.standard_normal((3, 4))).astype(np.complex128)],
    "complex-abs-complex64": [(_rng.standard_normal((2, 5)) * 1e3 + 1j * _rng.standard_normal((2, 5))
                               ).astype(np.complex64)],
    # rows: plain; a NaN and an inf, which the kernel skips; all non-finite; one class dominating
    "multinomial-non-finite-int32": [np.array([[0.5, -1.0, 2.0, 0.0, 1.0], [np.nan, 1.0, np.inf, -np.inf, 0.5],
                                               [np.nan, np.inf, -np.inf, np.nan, np.inf],
                                               [40.0, -40.0, 0.0, 1.0, -1.0]], np.float32)],
}


# integer results, and float ones the lowering computes in the kernel's float32 steps
EXACT = {"add-n-int32", "bitwise-xor", "bitwise-xor-int8", "right-shift", "right-shift-int8-broadcast",
         "fake-quant", "fake-quant-4-bits-clamped", "range-int32", "range-float-accumulated", "range-runtime-float",
         "range-runtime-int64",
         "one-hot-last-axis", "one-hot-axis0-int64-indices", "one-hot-middle-axis-bool",
         "real-complex128", "imag-complex128", "random-uniform", "multinomial", "multinomial-non-finite-int32"}


@pytest.mark.parametrize("name", list(MODELS))
def test_matches_tflite_and_verifies(name, tmp_path):
    file = tmp_path / f"{name}.tflite"
    file.write_bytes(MODELS[name]())
    inputs = None
    if name in INPUTS:
        inputs = str(tmp_path / "inputs.npz")
        save_inputs(inputs, file, INPUTS[name])
    result = check_model(str(file), inputs)
    assert result.error is None, result.error
    assert {r.path for r in result.records} == {"float"}, [r.reason for r in result.records]
    assert all(layer.skipped is None for layer in result.layers)
    assert result.passed, [(layer.name, layer.max_abs_diff) for layer in result.layers] + result.outputs
    if name in EXACT:
        assert all(o.exact_fraction == 1.0 for o in result.outputs), result.outputs
    final = print_module(convert(str(file), "final").module)
    verified = iree_verify(final, allow_unregistered=False)
    assert verified.returncode == 0, verified.stderr[:2000]


@pytest.mark.parametrize(("name", "code", "operands", "outputs", "opts", "reason"), [
    ("fake-quant-narrow-range", "FAKE_QUANT", [In((2, 3))], [((2, 3), F32)],
     options_table("FakeQuant", min=-1.0, max=1.0, numBits=8, narrowRange=True),
     "narrow_range: TFLite's Prepare refuses it at runtime"),
    ("range-runtime-float-long", "RANGE", [In(()), In(()), In(())], [((300,), F32)], None,
     "run-time float RANGE of 300 values: the kernel's float accumulation rounds at each step, reproduced by an "
     "unrolled chain of at most 256"),
    # seed 2^32 is 0 once cut to TfLiteRandomParams' int
    ("random-unseeded", "RANDOM_UNIFORM", [np.array([2, 3], np.int32)], [((2, 3), F32)],
     options_table("Random", seed=2**32, seed2=0),
     "seed and seed2 are 0: TFLite seeds the generator from /dev/urandom, so its numbers can be neither "
     "reproduced nor compared"),
])
def test_declines_with_a_reason(tmp_path, name, code, operands, outputs, opts, reason):
    record = only_record(tmp_path, f"{name}.tflite", model(code, operands, outputs, opts))
    assert (record.path, record.reason) == ("unlowered", reason)


def test_rfft2d_coverage_model_passes(models_dir):
    """The converter-written RFFT2D model (complex64 between RFFT2D and REAL, IMAG, COMPLEX_ABS)."""
    result = check_model(str(models_dir / "coverage" / "rfft2d.complex64.tflite"))
    assert result.error is None, result.error
    assert sorted(r.name for r in result.records if r.path == "float") == \
        ["tfl.complex_abs", "tfl.imag", "tfl.real", "tfl.rfft2d"]
    assert result.passed, result.layers + result.outputs


def test_random_ops_are_the_first_invoke(tmp_path):
    """The lowering is TFLite's first Invoke: the kernel's generator then advances, so a second
    Invoke of the same interpreter differs (the limit the module docstring states)."""
    from runtime_check.check import litert
    from runtime_check.executor import Executor

    file = tmp_path / "random-uniform.tflite"
    file.write_bytes(MODELS["random-uniform"]())
    reference = litert.load(str(file))
    first, second = litert.run(reference, [])[0], litert.run(reference, [])[0]
    (ours,) = Executor(convert(str(file), "final").module).run([])
    np.testing.assert_array_equal(ours, first)
    assert not np.array_equal(first, second)
