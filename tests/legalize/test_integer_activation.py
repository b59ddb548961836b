"""The integer patterns of legalize/families/elementwise/activation.py and unary.py (tables:
legalize/lib/lut.py) against TFLite's reference kernels (BUILTIN_REF), bit for bit.

Each case is a one-operator model written with tools/tflite_builder.py and fed every stored
value (all 256 of an 8-bit type, all 65536 of int16; SQRT and RSQRT only the non-negative
ones, as TFLite stops on the others). `check` must record the integer path and find every
output and every layer exact. A seeded sweep adds random scales and zero points per operator
and type; chained models (QUANTIZE -> RELU6 -> LOGISTIC -> ... -> DEQUANTIZE) run the patterns
on each other's results; a few models are compiled and run by IREE as well.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest
from ai_edge_litert.interpreter import Interpreter, OpResolverType

from runtime_check.check import check_model
from runtime_check.executor import Executor, iree_backend
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder, op_options, per_tensor

from ..conftest import save_inputs

SHAPES = {"INT8": (2, 8, 16), "UINT8": (2, 8, 16), "INT16": (8, 64, 128)}  # every stored value once
RANGES = {"INT8": (-128, 127), "UINT8": (0, 255), "INT16": (-32768, 32767)}
DTYPES = {"INT8": np.int8, "UINT8": np.uint8, "INT16": np.int16}


options = op_options


@dataclass(frozen=True)
class Case:
    op: str
    dtype: str
    x: tuple                 # input (scale, zero point)
    y: tuple                 # output (scale, zero point)
    opts: dict | None = None
    alpha: tuple | None = None      # PRELU: (shape, scale, zero point, constant?)
    non_negative: bool = False      # SQRT, RSQRT: TFLite stops on negative inputs

    def model(self) -> bytes:
        m = ModelBuilder()
        g = m.subgraph()
        shape = SHAPES[self.dtype]
        ins = [g.input("x", shape, self.dtype, quant=per_tensor(*self.x))]
        if self.alpha:
            a_shape, a_scale, a_zp, constant = self.alpha
            q = per_tensor(a_scale, a_zp)
            ins.append(g.const("alpha", self.alpha_values(), self.dtype, quant=q) if constant
                       else g.input("alpha", a_shape, self.dtype, quant=q))
        y = g.tensor("y", shape, self.dtype, quant=per_tensor(*self.y))
        g.op(self.op, ins, [y], options(self.op, **(self.opts or {})))
        g.output(y)
        return m.build()

    def alpha_values(self) -> np.ndarray:
        lo, hi = RANGES[self.dtype]
        return np.random.default_rng(1).integers(lo, hi, self.alpha[0], endpoint=True).astype(DTYPES[self.dtype])

    def inputs(self) -> list[np.ndarray]:
        lo, hi = RANGES[self.dtype]
        x = np.arange(lo, hi + 1)
        if self.non_negative:
            x = np.maximum(x, 0 if self.dtype == "INT16" else self.x[1])
        x = np.random.default_rng(0).permutation(x).reshape(SHAPES[self.dtype]).astype(DTYPES[self.dtype])
        if self.alpha and not self.alpha[3]:
            return [x, self.alpha_values()]
        return [x]


I8, U8, I16 = "INT8", "UINT8", "INT16"
S15 = 1 / 32768

CASES = {
    # RELU family: MBQM(q - zi, QM(si / so)) + zo, clamped to the activation range
    "relu.int8": Case("RELU", I8, (0.05, -3), (0.03, -100)),
    "relu-full-range.int8": Case("RELU", I8, (0.05, -3), (0.03, -128)),
    "relu.uint8": Case("RELU", U8, (0.05, 130), (0.03, 20)),
    "relu.int16": Case("RELU", I16, (0.001, 0), (0.0007, 0)),
    "relu6.int8": Case("RELU6", I8, (0.05, -3), (0.03, -100)),
    "relu6-wide-output.uint8": Case("RELU6", U8, (0.01, 7), (0.1, 3)),
    "relu6.int16": Case("RELU6", I16, (0.001, 0), (0.0005, 0)),
    "relu-n1-to-1.int8": Case("RELU_N1_TO_1", I8, (0.01, 5), (0.015625, 0)),
    "relu-n1-to-1.uint8": Case("RELU_N1_TO_1", U8, (0.02, 128), (0.01, 128)),
    "relu-0-to-1.int8": Case("RELU_0_TO_1", I8, (0.01, 5), (0.015625, -128)),
    "relu-0-to-1.uint8": Case("RELU_0_TO_1", U8, (0.003, 100), (0.005, 10)),
    # LEAKY_RELU: two multipliers, a negative alpha negated
    "leaky-relu.int8": Case("LEAKY_RELU", I8, (0.05, -3), (0.03, 10), {"alpha": 0.2}),
    "leaky-relu-negative-alpha.int8": Case("LEAKY_RELU", I8, (0.05, -3), (0.03, 10), {"alpha": -0.5}),
    "leaky-relu-alpha-above-1.uint8": Case("LEAKY_RELU", U8, (0.02, 128), (0.05, 100), {"alpha": 1.7}),
    "leaky-relu-alpha-0.uint8": Case("LEAKY_RELU", U8, (0.02, 200), (0.01, 0), {"alpha": 0.0}),
    "leaky-relu.int16": Case("LEAKY_RELU", I16, (0.001, 0), (0.002, 0), {"alpha": 0.25}),
    "leaky-relu-negative-alpha.int16": Case("LEAKY_RELU", I16, (0.001, 0), (0.0005, 0), {"alpha": -0.3}),
    # PRELU: alpha broadcast to the input, constant or not
    "prelu-channel-alpha.int8": Case("PRELU", I8, (0.05, -3), (0.03, 10), alpha=((16,), 0.01, 5, True)),
    "prelu-row-alpha.int8": Case("PRELU", I8, (0.5, 20), (0.25, -7), alpha=((8, 1), 0.02, -3, False)),
    "prelu-full-alpha.uint8": Case("PRELU", U8, (0.05, 128), (0.04, 60), alpha=((2, 8, 16), 0.01, 100, True)),
    "prelu-scalar-alpha.uint8": Case("PRELU", U8, (0.1, 0), (0.07, 255), alpha=((1,), 0.004, 128, False)),
    # HARD_SWISH: the int16 fixed-point kernel, tabulated
    "hard-swish.int8": Case("HARD_SWISH", I8, (0.0625, 0), (0.0625, 0)),
    "hard-swish-right-shift.int8": Case("HARD_SWISH", I8, (0.005, -20), (0.003, 30)),
    "hard-swish-left-shift.uint8": Case("HARD_SWISH", U8, (0.1, 100), (0.05, 20)),
    # 8-bit LUTPopulate tables
    "logistic.int8": Case("LOGISTIC", I8, (0.0625, 0), (1 / 256, -128)),
    "logistic.uint8": Case("LOGISTIC", U8, (0.05, 128), (1 / 256, 0)),
    "tanh.int8": Case("TANH", I8, (0.05, 3), (1 / 128, 0)),
    "tanh.uint8": Case("TANH", U8, (0.03125, 128), (0.0078125, 128)),
    "elu-builtin.int8": Case("ELU", I8, (0.0625, 0), (0.0625, -64)),  # not in BUILTIN_REF: see below
    "gelu.int8": Case("GELU", I8, (0.0625, 0), (0.0625, -64), {"approximate": False}),
    "gelu-approximate.uint8": Case("GELU", U8, (0.05, 128), (0.03, 20), {"approximate": True}),
    "exp.int8": Case("EXP", I8, (0.03125, 0), (0.25, -128)),
    "exp-overflowing-float.int8": Case("EXP", I8, (1.0, -128), (1.0, 0)),
    "log.int8": Case("LOG", I8, (0.0625, -128), (0.0625, 0)),
    "log-non-positive-inputs.int8": Case("LOG", I8, (0.02, 10), (0.05, 100)),
    "sqrt.int8": Case("SQRT", I8, (0.0625, -128), (0.03125, -128), non_negative=True),
    "rsqrt.int8": Case("RSQRT", I8, (0.0625, -128), (0.03125, -128), non_negative=True),
    "rsqrt-zero-point.int8": Case("RSQRT", I8, (0.003, 17), (0.07, -9), non_negative=True),
    # int16 tables (interpolated) and the int16 LOGISTIC / TANH fixed point
    "gelu.int16": Case("GELU", I16, (0.0009765625, 0), (0.0009765625, 0), {"approximate": True}),
    "gelu-exact.int16": Case("GELU", I16, (0.0003, 0), (0.0002, 0), {"approximate": False}),
    "exp.int16": Case("EXP", I16, (0.0009765625, 0), (0.0078125, 0)),
    "exp-wrapping-slopes.int16": Case("EXP", I16, (0.0078125, 0), (0.0078125, 0)),
    "log.int16": Case("LOG", I16, (0.001, 0), (0.0005, 0)),
    "rsqrt.int16": Case("RSQRT", I16, (0.0009765625, 0), (0.000244140625, 0), non_negative=True),
    "sqrt.int16": Case("SQRT", I16, (0.001, 0), (0.0005, 0), non_negative=True),
    "logistic.int16": Case("LOGISTIC", I16, (0.001, 0), (S15, 0)),
    "logistic-power-of-two.int16": Case("LOGISTIC", I16, (2 ** -12, 0), (S15, 0)),
    "tanh.int16": Case("TANH", I16, (0.0003, 0), (S15, 0)),
    "tanh-power-of-two.int16": Case("TANH", I16, (2 ** -11, 0), (S15, 0)),
    "tanh-large-scale.int16": Case("TANH", I16, (1.5, 0), (S15, 0)),
    # ABS, NEG
    "abs.int8": Case("ABS", I8, (0.05, -3), (0.03, -128)),
    "abs-same-scale.int8": Case("ABS", I8, (0.05, 100), (0.05, -50)),
    "abs.int16": Case("ABS", I16, (0.001, 0), (0.0007, 0)),
    "neg.int8": Case("NEG", I8, (0.05, -3), (0.03, 7)),
    "neg.int16": Case("NEG", I16, (0.001, 0), (0.001, 0)),
}
BUILTIN_ONLY = {"elu-builtin.int8"}  # ELU is missing from BUILTIN_REF; its LUT is the same in BUILTIN


def write(tmp_path, name: str, case: Case) -> tuple[str, str]:
    model, inputs = tmp_path / f"{name}.tflite", tmp_path / f"{name}.npz"
    model.write_bytes(case.model())
    save_inputs(inputs, model, case.inputs())
    return str(model), str(inputs)


def assert_bit_exact_integer(result) -> None:
    assert result.error is None, result.error
    assert {r.path for r in result.records if r.name not in ("tfl.quantize", "tfl.dequantize")} == {"integer"}, \
        [(r.name, r.reason) for r in result.records]
    assert result.outputs and all(o.exact_fraction == 1.0 for o in result.outputs), result.outputs
    assert all(layer.path == "integer" and layer.exact_fraction == 1.0 for layer in result.layers), result.layers
    assert result.passed


@pytest.mark.parametrize("name", [n for n in CASES if n not in BUILTIN_ONLY])
def test_integer_path_is_bit_exact(name, tmp_path):
    result = check_model(*write(tmp_path, name, CASES[name]))
    assert_bit_exact_integer(result)


@pytest.mark.parametrize("name", sorted(BUILTIN_ONLY))
def test_integer_path_matches_the_builtin_kernel(name, tmp_path):
    case = CASES[name]
    model, _ = write(tmp_path, name, case)
    reference = Interpreter(model_path=model, experimental_op_resolver_type=OpResolverType.BUILTIN)
    reference.allocate_tensors()
    x = case.inputs()
    reference.set_tensor(reference.get_input_details()[0]["index"], x[0])
    reference.invoke()
    expected = reference.get_tensor(reference.get_output_details()[0]["index"])
    conversion = convert(model, "final")
    assert [r.path for r in conversion.report.records] == ["integer"]
    np.testing.assert_array_equal(Executor(conversion.module).run(x)[0], expected)


# --- a seeded sweep: random scales and zero points per operator and storage type --------------

SWEEP = {  # op: (storage types, options to draw from)
    "RELU": ((I8, U8, I16), [{}]), "RELU6": ((I8, U8, I16), [{}]), "RELU_N1_TO_1": ((I8, U8), [{}]),
    "RELU_0_TO_1": ((I8, U8), [{}]),
    "LEAKY_RELU": ((I8, U8, I16), [{"alpha": a} for a in (0.1, -0.5, 1.7, 0.3333)]),
    "HARD_SWISH": ((I8, U8), [{}]), "LOGISTIC": ((I8, U8, I16), [{}]), "TANH": ((I8, U8, I16), [{}]),
    "GELU": ((I8, U8, I16), [{"approximate": a} for a in (False, True)]), "EXP": ((I8, I16), [{}]),
    "LOG": ((I8, I16), [{}]), "ABS": ((I8, I16), [{}]), "NEG": ((I8, I16), [{}]),
    "SQRT": ((I8, I16), [{}]), "RSQRT": ((I8, I16), [{}]),
}
SWEEP_CASES = [(op, dtype, seed) for op, (dtypes, _) in SWEEP.items() for dtype in dtypes for seed in range(2)]


def random_case(op: str, dtype: str, seed: int) -> Case:
    rng = np.random.default_rng([seed, len(op), sum(map(ord, op + dtype))])
    scale = lambda lo, hi: float(np.float32(np.exp(rng.uniform(np.log(lo), np.log(hi)))))  # noqa: E731
    lo, hi = RANGES[dtype]
    if dtype == I16:
        x, y = (scale(1e-5, 3e-3), 0), (scale(1e-5, 3e-3), 0)
    else:
        x, y = (scale(1e-3, 0.3), int(rng.integers(lo, hi + 1))), (scale(1e-3, 0.3), int(rng.integers(lo, hi + 1)))
    if op == "LOGISTIC" and dtype != I16:
        y = (1 / 256, y[1])
    if op in ("LOGISTIC", "TANH") and dtype == I16:
        y = (S15, 0)
    if op == "HARD_SWISH":  # HardSwishPrepare refuses (si / 128) / so >= 1
        y = (max(y[0], x[0] / 64), y[1])
    opts = SWEEP[op][1][int(rng.integers(len(SWEEP[op][1])))]
    return Case(op, dtype, x, y, opts or None, non_negative=op in ("SQRT", "RSQRT"))


@pytest.mark.parametrize(("op", "dtype", "seed"), SWEEP_CASES, ids=[f"{o}-{d}-{s}" for o, d, s in SWEEP_CASES])
def test_random_scales_and_zero_points_are_bit_exact(op, dtype, seed, tmp_path):
    case = random_case(op, dtype, seed)
    result = check_model(*write(tmp_path, f"{op}-{dtype}-{seed}", case))
    assert_bit_exact_integer(result)


# --- chains: the patterns on each other's results, from a float input -------------------------

CHAINS = {  # storage: [(op, output (scale, zero point), options)]
    "INT8": [("RELU6", (6 / 255, -128), {}), ("LOGISTIC", (1 / 256, -128), {}), ("HARD_SWISH", (0.004, -100), {}),
             ("TANH", (1 / 128, 0), {}), ("LEAKY_RELU", (0.006, 5), {"alpha": -0.3}), ("GELU", (0.005, -20), {}),
             ("ABS", (0.004, -128), {}), ("EXP", (0.01, -128), {}), ("LOG", (0.02, 60), {}), ("NEG", (0.02, 60), {}),
             ("RELU_N1_TO_1", (1 / 128, 0), {})],
    "UINT8": [("RELU6", (6 / 255, 0), {}), ("LOGISTIC", (1 / 256, 0), {}), ("HARD_SWISH", (0.004, 28), {}),
              ("TANH", (1 / 128, 128), {}), ("LEAKY_RELU", (0.006, 133), {"alpha": 0.2}),
              ("GELU", (0.005, 100), {"approximate": True}), ("RELU_0_TO_1", (1 / 255, 0), {})],
    "INT16": [("RELU6", (6 / 32767, 0), {}), ("LOGISTIC", (S15, 0), {}), ("TANH", (S15, 0), {}),
              ("LEAKY_RELU", (2e-5, 0), {"alpha": 0.1}), ("GELU", (2e-5, 0), {}), ("ABS", (3e-5, 0), {}),
              ("SQRT", (4e-5, 0), {}), ("RSQRT", (1e-3, 0), {}), ("EXP", (1e-4, 0), {}), ("LOG", (1e-4, 0), {}),
              ("NEG", (1e-3, 0), {})],
}


CHAIN_INPUT = {"INT8": (0.05, 0), "UINT8": (0.05, 128), "INT16": (2e-4, 0)}  # QUANTIZE's output


def chain_model(dtype: str) -> bytes:
    m = ModelBuilder()
    g = m.subgraph()
    shape = (3, 5, 7)
    x = g.input("x", shape)
    q = g.tensor("q", shape, dtype, quant=per_tensor(*CHAIN_INPUT[dtype]))
    g.op("QUANTIZE", [x], [q])
    for k, (op, out, opts) in enumerate(CHAINS[dtype]):
        y = g.tensor(f"t{k}", shape, dtype, quant=per_tensor(*out))
        g.op(op, [q], [y], options(op, **opts))
        q = y
    out = g.tensor("y", shape)
    g.op("DEQUANTIZE", [q], [out])
    g.output(out)
    return m.build()


@pytest.mark.parametrize("dtype", list(CHAINS))
def test_chained_activations_are_bit_exact(dtype, tmp_path):
    path = tmp_path / f"chain.{dtype.lower()}.tflite"
    path.write_bytes(chain_model(dtype))
    assert_bit_exact_integer(check_model(str(path)))


# --- IREE: the final IR compiles (TOSA 1.0 profiles) and computes the same ---------------------

IREE_CASES = ["relu6-wide-output.uint8", "leaky-relu-negative-alpha.int16", "prelu-row-alpha.int8",
              "hard-swish-left-shift.uint8", "tanh.uint8", "exp-wrapping-slopes.int16", "logistic.int16",
              "sqrt.int16", "neg.int8"]


@pytest.mark.parametrize("name", IREE_CASES)
def test_iree_runs_the_final_ir_like_the_executor_and_tflite(name, tmp_path):
    case = CASES[name]
    model, _ = write(tmp_path, name, case)
    inputs = case.inputs()
    conversion = convert(model, "final")
    ours = Executor(conversion.module).run(inputs)
    theirs = iree_backend.run(print_module(conversion.module), [x.view(np.int8) if x.dtype == np.uint8 else x
                                                                for x in inputs])
    reference = Interpreter(model_path=model, experimental_op_resolver_type=OpResolverType.BUILTIN_REF)
    reference.allocate_tensors()
    for detail, x in zip(reference.get_input_details(), inputs):
        reference.set_tensor(detail["index"], x)
    reference.invoke()
    expected = reference.get_tensor(reference.get_output_details()[0]["index"])
    np.testing.assert_array_equal(theirs[0].view(expected.dtype), ours[0].view(expected.dtype))
    np.testing.assert_array_equal(ours[0].view(expected.dtype), expected)
