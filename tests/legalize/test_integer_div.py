"""Quantized DIV's integer pattern (legalize/families/elementwise/divide.py) against TFLite's reference kernel
(BUILTIN_REF), bit for bit.

The exhaustive cases feed every stored pair (q1, q2) but those with q2 at input 2's zero
point (TFLite's Eval refuses a zero divisor) through one DIV: int8 and uint8, output
multipliers above and below 1, fused activations, and the parameters whose final
RoundingDivideByPOT shifts by more than 31 (undefined in C++, reproduced as the x86-64
wheel computes it). The broadcast cases run random inputs over the whole range on
shapes of several ranks. `check_model` must find every stage, every output and the
layer exact; some cases also go through iree-compile and IREE. Division by zero and
the declined instances (int16, shifts out of any defined range) are checked on their own.
"""
from __future__ import annotations

import numpy as np
import pytest
from ai_edge_litert import schema_py_generated as schema

from legalize.families.elementwise import divide
from runtime_check.check import litert
from runtime_check.executor import Executor, iree_backend
from tfl2quant.errors import Tfl2QuantError
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder, per_tensor

from ..conftest import check_exact, save_inputs

ACT = schema.ActivationFunctionType
KIND = {"int8": "INT8", "uint8": "UINT8", "int16": "INT16"}
NP = {"int8": np.int8, "uint8": np.uint8, "int16": np.int16}


def build(dtype: str, shapes, q1, q2, qo, act=ACT.NONE, divisor=None) -> bytes:
    """One DIV: inputs (or a constant divisor) of `shapes`, each q = (scale, zero point)."""
    m = ModelBuilder()
    g = m.subgraph()
    a = g.input("a", shapes[0], KIND[dtype], quant=per_tensor(*q1))
    b = (g.const("b", divisor, KIND[dtype], quant=per_tensor(*q2)) if divisor is not None else
         g.input("b", shapes[1], KIND[dtype], quant=per_tensor(*q2)))
    y = g.tensor("y", shapes[2], KIND[dtype], quant=per_tensor(*qo))
    options = schema.DivOptionsT()
    options.fusedActivationFunction = act
    g.op("DIV", [a, b], [y], options)
    g.output(y)
    return m.build()


def every_pair(dtype: str, zp2: int) -> tuple[np.ndarray, np.ndarray]:
    info = np.iinfo(NP[dtype])
    v = np.arange(info.min, info.max + 1)
    a, b = (x.reshape(-1) for x in np.meshgrid(v, v, indexing="ij"))
    keep = b != zp2
    return a[keep].astype(NP[dtype]), b[keep].astype(NP[dtype])


def nonzero_divisors(dtype: str, shape, zp2: int, rng) -> np.ndarray:
    info = np.iinfo(NP[dtype])
    b = rng.integers(info.min, info.max, shape, endpoint=True)
    b[b == zp2] = zp2 + (1 if zp2 < info.max else -1)
    return b.astype(NP[dtype])


# name: (dtype, q1, q2, qo, activation); q = (scale, zero point)
EXHAUSTIVE = {
    # M = 20: -1 / 64 and 0 / 64 already shift by 32 (0 / 64 gives zo + 1 in the wheel)
    "equal-scales.int8": ("int8", (0.05, -3), (0.05, 4), (0.05, -10), ACT.NONE),
    "equal-scales-zero-points-0.int8": ("int8", (0.05, 0), (0.05, 0), (0.05, 0), ACT.NONE),
    "multiplier-above-one-relu.int8": ("int8", (0.01, 5), (0.5, -7), (0.003, 2), ACT.RELU),
    "multiplier-below-one-relu6.int8": ("int8", (0.001, -128), (0.9, 127), (0.5, 2), ACT.RELU6),
    "multiplier-below-one-relu-n1-to-1.int8": ("int8", (0.02, 17), (0.1, -100), (0.03, -1), ACT.RELU_N1_TO_1),
    # M = 2e-8: exponents up to 63; M = 5e6: down to 0
    "shift-up-to-63.int8": ("int8", (1e-6, 3), (1.0, 0), (50.0, -5), ACT.NONE),
    "shift-down-to-0.int8": ("int8", (1.0, 3), (2e-4, 0), (1e-3, -5), ACT.NONE),
    "multiplier-above-one.uint8": ("uint8", (0.05, 130), (0.02, 120), (0.06, 128), ACT.NONE),
    # zero point 255: every divisor is negative (the kernel flips both signs)
    "negative-divisors-relu6.uint8": ("uint8", (0.2, 0), (0.01, 255), (0.6, 10), ACT.RELU6),
    "multiplier-below-one-relu.uint8": ("uint8", (0.02, 128), (0.1, 128), (0.6, 128), ACT.RELU),
    "shift-up-to-63.uint8": ("uint8", (1e-6, 3), (1.0, 128), (50.0, 5), ACT.NONE),
}


@pytest.mark.parametrize("name", list(EXHAUSTIVE))
def test_every_stored_pair_is_bit_exact(name, tmp_path):
    dtype, q1, q2, qo, act = EXHAUSTIVE[name]
    a, b = every_pair(dtype, q2[1])
    path, inputs = tmp_path / f"div-{name}.tflite", tmp_path / "inputs.npz"
    path.write_bytes(build(dtype, [a.shape] * 3, q1, q2, qo, act))
    save_inputs(inputs, path, [a, b])
    check_exact(path, inputs, "tfl.div")


# name: (dtype, shapes (a, b, result), q1, q2, qo, activation, constant divisor?)
BROADCAST = {
    "broadcast-4d-relu.int8": ("int8", ((1, 3, 1, 7), (2, 1, 5, 1), (2, 3, 5, 7)), (0.05, -3), (0.02, 4),
                               (0.1, -10), ACT.RELU, False),
    "broadcast-lower-rank.uint8": ("uint8", ((3, 5), (2, 3, 5), (2, 3, 5)), (0.05, 130), (0.02, 120),
                                   (0.06, 128), ACT.NONE, False),
    "broadcast-relu6.uint8": ("uint8", ((2, 3, 5), (5,), (2, 3, 5)), (0.03, 100), (0.05, 140), (0.04, 0),
                              ACT.RELU6, False),
    "scalar-divisor.int8": ("int8", ((2, 3, 5), (), (2, 3, 5)), (0.05, 7), (0.2, -1), (0.01, 3), ACT.NONE, False),
    "scalars.uint8": ("uint8", ((), (), ()), (0.05, 130), (0.02, 120), (0.06, 128), ACT.NONE, False),
    "constant-divisor.int8": ("int8", ((4, 6), (6,), (4, 6)), (0.05, -3), (0.3, 10), (0.02, 0), ACT.NONE, True),
}


def broadcast_model(name: str, tmp_path, seed: int):
    dtype, shapes, q1, q2, qo, act, constant = BROADCAST[name]
    rng = np.random.default_rng(seed)
    info = np.iinfo(NP[dtype])
    a = rng.integers(info.min, info.max, shapes[0], endpoint=True).astype(NP[dtype])
    b = nonzero_divisors(dtype, shapes[1], q2[1], rng)
    path, inputs = tmp_path / f"div-{name}.tflite", tmp_path / "inputs.npz"
    path.write_bytes(build(dtype, shapes, q1, q2, qo, act, divisor=b if constant else None))
    save_inputs(inputs, path, [a] if constant else [a, b])
    return path, inputs


@pytest.mark.parametrize("name", list(BROADCAST))
def test_broadcast_random_inputs_are_bit_exact(name, tmp_path):
    check_exact(*broadcast_model(name, tmp_path, seed=len(name)), "tfl.div")


@pytest.mark.parametrize("name", ["broadcast-4d-relu.int8", "broadcast-relu6.uint8"])
def test_iree_compiles_and_agrees(name, tmp_path):
    """iree-compile (TOSA 1.0 profile validation) takes the final IR, and IREE computes what our
    executor computes, which is TFLite's result."""
    path, inputs_path = broadcast_model(name, tmp_path, seed=3)
    module = convert(str(path), "final").module
    function = next(iter(module.functions())).sym_name
    inputs = list(np.load(inputs_path).values())
    expected = litert.run(litert.load(str(path)), inputs)
    signless = [x.view(f"i{x.dtype.itemsize}") if x.dtype.kind == "u" else x for x in inputs]
    ours = Executor(module).run(signless, function)
    theirs = iree_backend.run(print_module(module), signless, function)
    assert "tosa.gather" in print_module(module)
    for mine, iree, tflite in zip(ours, theirs, expected):
        np.testing.assert_array_equal(mine, iree.reshape(mine.shape))
        np.testing.assert_array_equal(mine.view(tflite.dtype), tflite)


def test_the_wheel_shifts_beyond_31():
    """The trap the table reproduces: at M = 20 some pairs shift by more than 31, where the
    wheel's RoundingDivideByPOT gives (x >> (e - 32)) + (x >= 0), not x / 2^e."""
    real = float(np.float32(0.05) / (np.float32(0.05) * np.float32(0.05)))
    q = np.arange(-128, 128)
    out, exponent = divide.evaluate(q[:, None], q[None, :], 0, 0, 0, real, -128, 127)
    assert exponent.max() == 33 and int((exponent > 31).sum()) == 260
    assert out[128, 128 + 64] == 1      # 0 / 64
    assert out[127, 255] == -128        # -1 / 127
    assert out[129, 255] == 0           # 1 / 127 (headroom 30: shift 31, defined)


def test_division_by_zero_gives_the_float_paths_saturated_value(tmp_path):
    """TFLite's Eval fails on a divisor at its zero point; the table gives the activation
    maximum (x > 0), minimum (x < 0) or the zero point clamped to the activation range (0 / 0)."""
    path = tmp_path / "div-by-zero.int8.tflite"
    path.write_bytes(build("int8", [(4,)] * 3, (0.05, -3), (0.02, 4), (0.1, -10), ACT.RELU6))
    module = convert(str(path), "final").module
    a = np.array([10, -50, -3, -3], np.int8)
    b = np.array([4, 4, 4, 5], np.int8)
    (y,) = Executor(module).run([a, b], next(iter(module.functions())).sym_name)
    # RELU6 at scale 0.1, zero point -10: [-10, 50]; -3 / 5 is 0 / 0.02 = 0 -> -10
    np.testing.assert_array_equal(y, [50, -10, -10, -10])
    with pytest.raises(Tfl2QuantError, match="the TFLite interpreter failed"):
        litert.run(litert.load(str(path)), [a, b])


DECLINED = {
    "int16": ("int16", (3e-4, 0), (2e-4, 0), (5e-4, 0),
              "int16 DIV would need a table of 2^32 stored pairs; reference/div.h's int16 kernel takes the fallback"),
    "negative-shift.int8": ("int8", (1.0, 0), (1e-4, 0), (1e-3, 0),
                            ("output multiplier 10000000.0: DivElementwise would divide by 2^-1 (a negative "
                             "exponent in RoundingDivideByPOT, undefined)")),
    "shift-beyond-63.int8": ("int8", (1e-6, 0), (1.0, 5), (100.0, 0),
                             ("output multiplier 9.99999993922529e-09: DivElementwise would divide by 2^64 "
                              "(an exponent beyond 63 in RoundingDivideByPOT, undefined)")),
}


@pytest.mark.parametrize("name", list(DECLINED))
def test_declined_instances_fall_back_with_their_reason(name, tmp_path):
    dtype, q1, q2, qo, reason = DECLINED[name]
    path = tmp_path / f"div-{name}.tflite"
    path.write_bytes(build(dtype, [(3, 5)] * 3, q1, q2, qo))
    (record,) = convert(str(path), "legalized").report.records
    assert (record.path, record.reason) == ("fallback", reason)
