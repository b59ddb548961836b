"""Activation functions: the RELU family, LEAKY_RELU, PRELU, HARD_SWISH, ELU, GELU,
LOGISTIC, TANH, SOFTMAX, LOG_SOFTMAX.

Float path only so far: quantized instances take the fallback (dequantize,
these, quantize). TFLite's int8 kernels compute most of them with lookup
tables or gemmlowp fixed point instead. SOFTMAX subtracts the row maximum
first, as TFLite's float kernel does.
"""
from __future__ import annotations

import math

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.ir.attributes import FloatAttr, IntegerAttr

from .emit import broadcast_rank, broadcast_to, compare, select, splat
from .query import floats_only, static_shapes
from .rule import Elementwise, FloatPattern, Rule
from .unary import Unary


def _beta(op) -> float:
    a = op.attributes.get("beta")
    return float(a.value) if isinstance(a, FloatAttr) else 1.0


class Softmax(FloatPattern):
    """softmax(x) = exp(b*(x - max)) / sum(exp(b*(x - max))) over the last axis."""

    def __init__(self, log: bool):
        self.log = log

    def unsupported(self, op):
        return static_shapes(op, [op.operands[0]])

    def rewrite(self, b, op, operands, result_types):
        x = operands[0]
        t = x.type
        axis = len(t.shape) - 1
        shifted = tosa.binary(b, "tosa.sub", x, tosa.reduce(b, "tosa.reduce_max", x, axis), t)
        beta = _beta(op)
        if beta != 1.0:
            shifted = tosa.mul(b, shifted, tosa.const(b, np.full((1,) * len(t.shape), beta, np.float32)), t)
        e = b.value("tosa.exp", [shifted], t)
        total = tosa.reduce(b, "tosa.reduce_sum", e, axis)
        if self.log:
            return [tosa.binary(b, "tosa.sub", shifted, b.value("tosa.log", [total], total.type), result_types[0])]
        return [tosa.mul(b, e, b.value("tosa.reciprocal", [total], total.type), result_types[0])]


class Clamp(FloatPattern):
    def __init__(self, lo: float, hi: float):
        self.lo, self.hi = lo, hi

    def unsupported(self, op):
        return floats_only(op)

    def rewrite(self, b, op, operands, result_types):
        return [tosa.clamp(b, operands[0], self.lo, self.hi, result_types[0])]


FLOAT_MAX = 3.4028234663852886e38

class Elu(Elementwise):
    """x < 0 ? expm1(x) : x (reference/elu.h); math.expm1, as TOSA has no expm1."""

    def rewrite(self, b, op, operands, result_types):
        x, t = operands[0], result_types[0]
        negative = compare(b, "tosa.greater", splat(b, 0.0, t), x, t.shape)
        return [select(b, negative, b.value("math.expm1", [x], t), x, t)]


class Gelu(Elementwise):
    """reference/gelu.h:
        exact        0.5 x erfc(-x / sqrt 2)  =  0.5 x (1 + erf(x / sqrt 2))
        approximate  0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))
    """

    def rewrite(self, b, op, operands, result_types):
        x, t = operands[0], result_types[0]
        a = op.attributes.get("approximate")
        if isinstance(a, IntegerAttr) and a.value:
            cube = tosa.mul(b, tosa.mul(b, x, x, t), x, t)
            inner = tosa.binary(b, "tosa.add", x, tosa.mul(b, cube, splat(b, 0.044715, t), t), t)
            scaled = tosa.mul(b, inner, splat(b, math.sqrt(2 / math.pi), t), t)
            g = b.value("tosa.tanh", [scaled], t)
        else:
            g = b.value("tosa.erf", [tosa.mul(b, x, splat(b, math.sqrt(0.5), t), t)], t)
        half_x = tosa.mul(b, x, splat(b, 0.5, t), t)
        return [tosa.mul(b, half_x, tosa.binary(b, "tosa.add", g, splat(b, 1.0, t), t), t)]


class HardSwish(Elementwise):
    """x * min(6, max(0, x + 3)) / 6 (reference/hard_swish.h): the division is
    arith.divf, as TOSA has none and * (1/6) can differ in the last bit."""

    def unsupported(self, op):
        return super().unsupported(op) or floats_only(op)

    def rewrite(self, b, op, operands, result_types):
        x, t = operands[0], result_types[0]
        relu6 = tosa.clamp(b, tosa.binary(b, "tosa.add", x, splat(b, 3.0, t), t), 0.0, 6.0)
        return [b.value("arith.divf", [tosa.mul(b, x, relu6, t), broadcast_to(b, splat(b, 6.0, t), t.shape)], t)]


class LeakyRelu(Elementwise):
    """x > 0 ? x : x * alpha (reference/leaky_relu.h; alpha may exceed 1, so no max)."""

    def rewrite(self, b, op, operands, result_types):
        x, t = operands[0], result_types[0]
        a = op.attributes.get("alpha")
        alpha = float(a.value) if isinstance(a, FloatAttr) else 0.0
        positive = compare(b, "tosa.greater", x, splat(b, 0.0, t), t.shape)
        return [select(b, positive, x, tosa.mul(b, x, splat(b, alpha, t), t), t)]


class Prelu(Elementwise):
    """x >= 0 ? x : x * alpha, alpha broadcast against x (ApplyPrelu in kernels/activations.cc)."""

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        x, alpha = (broadcast_rank(b, v, len(t.shape)) for v in operands[:2])
        non_negative = compare(b, "tosa.greater_equal", x, splat(b, 0.0, t), t.shape)
        return [select(b, non_negative, x, tosa.mul(b, x, alpha, t), t)]


RULES = {
    # TFLite op          Rule(integer path, float path)
    "tfl.relu":         Rule(None,          Clamp(0.0, FLOAT_MAX)),
    "tfl.relu6":        Rule(None,          Clamp(0.0, 6.0)),
    "tfl.relu_n1_to_1": Rule(None,          Clamp(-1.0, 1.0)),
    "tfl.relu_0_to_1":  Rule(None,          Clamp(0.0, 1.0)),
    "tfl.leaky_relu":   Rule(None,          LeakyRelu()),
    "tfl.prelu":        Rule(None,          Prelu()),
    "tfl.hard_swish":   Rule(None,          HardSwish()),
    "tfl.elu":          Rule(None,          Elu()),
    "tfl.gelu":         Rule(None,          Gelu()),
    "tfl.logistic":     Rule(None,          Unary("tosa.sigmoid", floats=True)),
    "tfl.tanh":         Rule(None,          Unary("tosa.tanh", floats=True)),
    "tfl.softmax":      Rule(None,          Softmax(log=False)),
    "tfl.log_softmax":  Rule(None,          Softmax(log=True)),
}
