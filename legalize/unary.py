"""Elementwise unary math: ABS, NEG, EXP, LOG, SQRT, RSQRT, SIN, COS, FLOOR, CEIL,
ROUND, SQUARE, SIGN.

TOSA where it has the op; `math.sqrt`, `math.roundeven` where it has none.
Quantized instances take the fallback (dequantize, these, quantize). TFLite's
int8 NEG works on stored values and ignores the quantization: there the
fallback follows the model's real values, not TFLite.
"""
from __future__ import annotations

from tfl2quant.dialects import tosa
from tfl2quant.ir.types import element_type

from .emit import compare, select, splat
from .query import floats_only, is_float
from .rule import Elementwise, FloatPattern, Rule


class Unary(FloatPattern):
    """One op of the same name's meaning (tosa.exp for EXP, ...); `floats`: the op
    takes only floating point tensors (TFLite's kernel and the TOSA/math op alike)."""

    def __init__(self, name: str, floats: bool = False):
        self.name, self.floats = name, floats

    def unsupported(self, op):
        return floats_only(op) if self.floats else None

    def rewrite(self, b, op, operands, result_types):
        return [b.value(self.name, [operands[0]], result_types[0])]


class Negate(Elementwise):
    """tosa.negate; TOSA 1.0 takes input and output zero points as operands (0 here)."""

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        zp = tosa.zero_point(b, 0, element_type(t))
        return [b.value("tosa.negate", [operands[0], zp, zp], t)]


class Square(Elementwise):
    """x * x."""

    def rewrite(self, b, op, operands, result_types):
        return [tosa.mul(b, operands[0], operands[0], result_types[0])]


class Sign(Elementwise):
    """x > 0 ? 1 : x < 0 ? -1 : 0, and NaN stays NaN (kernels/sign.cc)."""

    def rewrite(self, b, op, operands, result_types):
        x, t = operands[0], result_types[0]
        zero, one, minus_one = (splat(b, v, t) for v in (0, 1, -1))
        positive = compare(b, "tosa.greater", x, zero, t.shape)
        negative = compare(b, "tosa.greater", zero, x, t.shape)
        y = select(b, positive, one, select(b, negative, minus_one, zero, t), t)
        if is_float(t):
            y = select(b, compare(b, "tosa.equal", x, x, t.shape), y, x, t)  # only NaN != NaN
        return [y]


RULES = {
    # TFLite op      Rule(integer path, float path)
    "tfl.abs":      Rule(None,          Unary("tosa.abs")),
    "tfl.neg":      Rule(None,          Negate()),
    "tfl.exp":      Rule(None,          Unary("tosa.exp", floats=True)),
    "tfl.log":      Rule(None,          Unary("tosa.log", floats=True)),
    "tfl.sqrt":     Rule(None,          Unary("math.sqrt", floats=True)),
    "tfl.rsqrt":    Rule(None,          Unary("tosa.rsqrt", floats=True)),
    "tfl.sin":      Rule(None,          Unary("tosa.sin", floats=True)),
    "tfl.cos":      Rule(None,          Unary("tosa.cos", floats=True)),
    "tfl.floor":    Rule(None,          Unary("tosa.floor", floats=True)),
    "tfl.ceil":     Rule(None,          Unary("tosa.ceil", floats=True)),
    "tfl.round":    Rule(None,          Unary("math.roundeven", floats=True)),
    "tfl.square":   Rule(None,          Square()),
    "tfl.sign":     Rule(None,          Sign()),
}
