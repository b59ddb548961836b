"""Float lowerings of legalize/generate.py (RANGE, ONE_HOT, RFFT2D, REAL, IMAG, COMPLEX_ABS),
of ADD_N, ATAN2, BITWISE_XOR and RIGHT_SHIFT (arithmetic.py) and of FAKE_QUANT (quantize.py):
each op alone in a tiny model, checked against TFLite per layer and end to end, and its
converted IR verified by upstream MLIR (iree-opt). Integer operands whose edge values matter
(shift amounts, one-hot indices) come from an .npz of chosen values.
"""
from __future__ import annotations

import numpy as np
import pytest
from ai_edge_litert import schema_py_generated as schema

from runtime_check.check import check_model
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert

from .conftest import iree_verify
from .tflite_builder import ModelBuilder, options_table


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
}

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
}


@pytest.mark.parametrize("name", list(MODELS))
def test_matches_tflite_and_verifies(name, tmp_path):
    file = tmp_path / f"{name}.tflite"
    file.write_bytes(MODELS[name]())
    inputs = None
    if name in INPUTS:
        inputs = str(tmp_path / "inputs.npz")
        np.savez(inputs, *INPUTS[name])
    result = check_model(str(file), inputs)
    assert result.error is None, result.error
    assert [r.path for r in result.records] == ["float"], [r.reason for r in result.records]
    assert all(layer.skipped is None for layer in result.layers)
    assert result.passed, [(layer.name, layer.max_abs_diff) for layer in result.layers] + result.outputs
    final = print_module(convert(str(file), "final").module)
    verified = iree_verify(final, allow_unregistered=False)
    assert verified.returncode == 0, verified.stderr[:2000]
