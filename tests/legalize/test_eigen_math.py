"""legalize/lib/eigen_math.py against TFLite: its TANH and LOGISTIC ops under the optimized
resolver run the same Eigen expressions as the recurrent kernels' ApplyActivationToVector
(optimized_ops::Tanh, optimized_ops::Logistic), on an output buffer that starts aligned, so
the scalar lanes are the last `size % 4`. Float GELU (reference_ops::Gelu, an Eigen
expression in every resolver: tanh, or erfc with Eigen's exp) and float SOFTMAX
(reference_ops::Softmax: glibc's expf, the sum in order, a division) are converted with
them and must equal TFLite's BUILTIN_REF results bit for bit."""
from __future__ import annotations

import numpy as np
import pytest
from ai_edge_litert import schema_py_generated as schema
from ai_edge_litert.interpreter import Interpreter, OpResolverType

from legalize.lib import eigen_math
from runtime_check.executor import Executor
from tfl2quant.dialects.builtin import ModuleOp
from tfl2quant.dialects.func import FuncOp
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.printer import print_module
from tfl2quant.ir.types import FunctionType, f32, tensor
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder

KIND = {"TANH": "TANH", "LOGISTIC": "SIGMOID"}


def model(op: str, shape, options=None) -> bytes:
    m = ModelBuilder()
    g = m.subgraph()
    xin, y = g.input("x", shape), g.tensor("y", shape)
    g.op(op, [xin], [y], options)
    g.output(y)
    return m.build()


def tflite(op: str, x: np.ndarray, options=None, resolver=OpResolverType.BUILTIN_WITHOUT_DEFAULT_DELEGATES) -> np.ndarray:
    it = Interpreter(model_content=model(op, x.shape, options), experimental_op_resolver_type=resolver)
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
    assert [hex(v) for v in eigen_math.expf_table()[:4].view(np.uint64)] == [
        "0x3ff0000000000000", "0x3fefd9b0d3158574", "0x3fefb5586cf9890f", "0x3fef9301d0125b51"]


def test_logistic_lanes_change_the_program():
    """Scalar lanes add the expf path; a packet-only buffer has none."""
    with_lanes = print_module(module("SIGMOID", 7, eigen_math.scalar_lanes(0, 7).reshape(1, 7)))
    without = print_module(module("SIGMOID", 8, eigen_math.scalar_lanes(0, 8).reshape(1, 8)))
    assert "tensor.extract" in with_lanes and "tensor.extract" not in without


def converted(op: str, x: np.ndarray, options, tmp_path) -> np.ndarray:
    path = tmp_path / "m.tflite"
    path.write_bytes(model(op, x.shape, options))
    return Executor(convert(str(path), "final").module).run([x])[0]


def gelu_inputs(shape, seed: int) -> np.ndarray:
    """Most values where erfc switches branches (|x| around sqrt 2) or GELU bends, some far
    out (erfc's exp near underflow, the clamp at 11 sqrt 2); the last three, which include
    the scalar tail, where Eigen's packet exp and glibc's expf round exp(-x^2 / 2) apart."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(-4, 4, shape).astype(np.float32)
    flat = x.reshape(-1)
    flat[::5] = rng.uniform(-17, 17, flat[::5].shape)
    flat[-3:] = [-13.37115, -13.202225, -13.078975]
    return x


@pytest.mark.parametrize("approximate", [False, True])
@pytest.mark.parametrize("shape", [(64, 65), (3, 5, 7), (2, 1031)])  # 4160, 105, 2062: size % 4 = 0, 1, 2
def test_float_gelu_is_bit_exact(approximate, shape, tmp_path):
    """Exact GELU's erfc takes Eigen's packet exp on the 4-wide lanes and glibc's expf on the
    scalar tail (pexp on the tail, or expf everywhere, each fails); the approximate one is
    Eigen's tanh (tosa.tanh fails)."""
    options = schema.GeluOptionsT()
    options.approximate = approximate
    x = gelu_inputs(shape, len(shape))
    expected = tflite("GELU", x, options, OpResolverType.BUILTIN_REF)
    np.testing.assert_array_equal(converted("GELU", x, options, tmp_path).view(np.int32), expected.view(np.int32))


@pytest.mark.parametrize(("shape", "beta"), [((6, 13, 13), 0.35355338), ((4, 197), 1.0), ((2, 1, 9), 2.5)])
def test_float_softmax_is_bit_exact(shape, beta, tmp_path):
    """reference_ops::Softmax: expf((x - max) * beta), the sum in index order, then a division
    (tosa.exp and a product with the sum's reciprocal, the lowering before, fail)."""
    options = schema.SoftmaxOptionsT()
    options.beta = beta
    x = np.random.default_rng(len(shape)).normal(0, 4, shape).astype(np.float32)
    expected = tflite("SOFTMAX", x, options, OpResolverType.BUILTIN_REF)
    np.testing.assert_array_equal(converted("SOFTMAX", x, options, tmp_path).view(np.int32), expected.view(np.int32))
