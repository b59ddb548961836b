"""legalize/eigen_math.py against TFLite: its TANH and LOGISTIC ops under the optimized
resolver run the same Eigen expressions as the recurrent kernels' ApplyActivationToVector
(optimized_ops::Tanh, optimized_ops::Logistic), on an output buffer that starts aligned, so
the scalar lanes are the last `size % 4`."""
from __future__ import annotations

import numpy as np
import pytest
from ai_edge_litert.interpreter import Interpreter, OpResolverType

from legalize import eigen_math
from runtime_check.executor import Executor
from tfl2quant.dialects.builtin import ModuleOp
from tfl2quant.dialects.func import FuncOp
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.printer import print_module
from tfl2quant.ir.types import FunctionType, f32, tensor

from .tflite_builder import ModelBuilder

KIND = {"TANH": "TANH", "LOGISTIC": "SIGMOID"}


def tflite(op: str, x: np.ndarray) -> np.ndarray:
    m = ModelBuilder()
    g = m.subgraph()
    xin, y = g.input("x", x.shape), g.tensor("y", x.shape)
    g.op(op, [xin], [y])
    g.output(y)
    it = Interpreter(model_content=m.build(),
                     experimental_op_resolver_type=OpResolverType.BUILTIN_WITHOUT_DEFAULT_DELEGATES)
    it.allocate_tensors()
    it.set_tensor(it.get_input_details()[0]["index"], x)
    it.invoke()
    return it.get_tensor(it.get_output_details()[0]["index"])


def module(kind: str, size: int, lanes) -> ModuleOp:
    t = tensor((1, size), f32)
    func = FuncOp.build("main", FunctionType((t,), (t,)))
    b = Builder(block=func.body)
    b.create("func.return", [eigen_math.activate(b, func.body.args[0], kind, lanes)])
    m = ModuleOp.build()
    m.body.append(func)
    return m


def inputs(size: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    x = rng.uniform(-20, 20, size).astype(np.float32)
    x[: size // 4] = rng.uniform(-1.5, 1.5, size // 4)           # where both curves bend
    x[size // 4: size // 4 + 3] = [-110.0, 0.0, -103.5]          # logistic's zero, and expf near underflow
    return x.reshape(1, size)


@pytest.mark.parametrize("op", ["TANH", "LOGISTIC"])
@pytest.mark.parametrize("size", [4096, 4099, 7])
def test_bit_exact_with_tflite(op, size):
    x = inputs(size, size)
    lanes = eigen_math.scalar_lanes(0, size).reshape(1, size)
    ours = Executor(module(KIND[op], size, lanes)).run([x])[0]
    np.testing.assert_array_equal(ours.view(np.int32), tflite(op, x).view(np.int32))


def test_scalar_lanes_follow_alignment():
    assert eigen_math.scalar_lanes(0, 10).tolist() == [False] * 8 + [True] * 2
    assert eigen_math.scalar_lanes(3, 10).tolist() == [True] + [False] * 8 + [True]
    assert eigen_math.scalar_lanes(1, 2).tolist() == [True, True]


def test_expf_table_is_glibcs():
    """The first entries of glibc's __exp2f_data.tab (sysdeps/ieee754/flt-32/e_exp2f_data.c)."""
    assert [hex(v) for v in eigen_math._expf_table()[:4].view(np.uint64)] == [
        "0x3ff0000000000000", "0x3fefd9b0d3158574", "0x3fefb5586cf9890f", "0x3fef9301d0125b51"]


def test_logistic_lanes_change_the_program():
    """Scalar lanes add the expf path; a packet-only buffer has none."""
    with_lanes = print_module(module("SIGMOID", 7, eigen_math.scalar_lanes(0, 7).reshape(1, 7)))
    without = print_module(module("SIGMOID", 8, eigen_math.scalar_lanes(0, 8).reshape(1, 8)))
    assert "tensor.extract" in with_lanes and "tensor.extract" not in without
