"""Elementwise math on the float path: unary functions, formula activations, binary arithmetic.

The float path covers float tensors and the plain integer tensors of float models
(an int32 DIV or FLOOR_MOD follows the integer instantiation of the same
reference template). TOSA where it has the op; arith/math where it has none:
`math.sqrt`, `math.roundeven`, `math.expm1`, `math.trunc`, and exact
`arith.divf`/`arith.remf`/`arith.floordivsi`/`arith.remsi` (TOSA has no float
division, and reciprocal-then-multiply rounds twice, which moves a FLOOR_DIV
quotient across an integer). arith and math take operands of one type, so
broadcasting is made explicit with `tosa.tile` first.

Quantized instances take the fallback (dequantize, these, quantize). TFLite's
int8 NEG, FLOOR_DIV and FLOOR_MOD kernels work on stored values and ignore the
quantization, as do MAXIMUM and MINIMUM (right only when the operands and the
result share it): there the fallback follows the model's real values, not TFLite.
"""
from __future__ import annotations

import math

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.ir.attributes import FloatAttr, IntegerAttr
from tfl2quant.ir.types import FloatType, IntegerType, Type, element_type, f64, i1, numpy_dtype, tensor

from .activation import Unary
from .activation_clamp import clamp_float
from .elementwise import broadcast_rank
from .rule import FloatPattern, Rule, static_shape

# --- helpers shared with comparison.py ---------------------------------------------

def is_float(v) -> bool:
    return isinstance(element_type(getattr(v, "type", v)), FloatType)


def unsigned_or_dynamic(op) -> str | None:
    """Why the float path cannot take this op's types and shapes, or None."""
    values = list(op.operands) + list(op.results)
    if any(static_shape(v) is None for v in values):
        return "dynamic shapes"
    if any(isinstance(e := element_type(v.type), IntegerType) and not e.is_signless for v in values):
        return "unsigned integer tensors (TOSA integers are signless and read as signed)"
    return None


def splat(b, value, like: Type):
    """`value` as a `tosa.const` of `like`'s element type, all-1 shape of its rank (broadcasts)."""
    e = element_type(like)
    return tosa.const(b, np.full((1,) * len(like.shape), value, numpy_dtype(e)), e)


def bool_type(t: Type) -> Type:
    return tensor(t.shape, i1)


def compare(b, name: str, x, y, shape):
    return b.value(name, [x, y], tensor(shape, i1))


def select(b, condition, x, y, t: Type):
    return b.value("tosa.select", [condition, x, y], t)


class Elementwise(FloatPattern):
    """A float-path pattern on static shapes and signless (or quantized) element types."""

    def unsupported(self, op):
        return unsigned_or_dynamic(op)


def broadcast_to(b, v, shape):
    """`v` with exactly `shape`: reshape to the rank, then `tosa.tile` the 1-sized dims."""
    v = broadcast_rank(b, v, len(shape))
    multiples = [1 if have == want else want for have, want in zip(v.type.shape, shape)]
    if all(m == 1 for m in multiples):
        return v
    return b.value("tosa.tile", [v, tosa.const_shape(b, multiples)], tensor(shape, element_type(v.type)))


# --- unary --------------------------------------------------------------------------

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
    """x * min(6, max(0, x + 3)) / 6 (reference/hard_swish.h); / 6 as * (1/6)."""

    def rewrite(self, b, op, operands, result_types):
        x, t = operands[0], result_types[0]
        relu6 = tosa.clamp(b, tosa.binary(b, "tosa.add", x, splat(b, 3.0, t), t), 0.0, 6.0)
        return [tosa.mul(b, tosa.mul(b, x, relu6, t), splat(b, 1 / 6, t), t)]


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


# --- binary -------------------------------------------------------------------------

class Binary(Elementwise):
    """A TOSA op on operands broadcast to equal rank (MAXIMUM, MINIMUM)."""

    def __init__(self, tosa_name: str):
        self.tosa_name = tosa_name

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        x, y = (broadcast_rank(b, v, len(t.shape)) for v in operands[:2])
        return [tosa.binary(b, self.tosa_name, x, y, t)]


class Divide(Elementwise):
    """a / b, then the fused activation (reference/div.h). Float: arith.divf, correctly
    rounded like C++ `/` (TOSA's reciprocal + mul rounds twice). int32: tosa.intdiv,
    which truncates like C++."""

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        if is_float(t):
            x, y = (broadcast_to(b, v, t.shape) for v in operands[:2])
            q = b.value("arith.divf", [x, y], t)
        else:
            x, y = (broadcast_rank(b, v, len(t.shape)) for v in operands[:2])
            q = tosa.binary(b, "tosa.intdiv", x, y, t)
        return [clamp_float(b, q, op)]


class FloorDiv(Elementwise):
    """floor(double(a) / double(b)) (reference/floor_div.h). Float: in f64, as TFLite
    (a float32 quotient can round up onto the next integer); int: arith.floordivsi,
    which equals it exactly for 32-bit operands."""

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        x, y = (broadcast_to(b, v, t.shape) for v in operands[:2])
        if not is_float(t):
            return [b.value("arith.floordivsi", [x, y], t)]
        wide = tensor(t.shape, f64)
        x, y = (b.value("arith.extf", [v], wide) for v in (x, y))
        q = b.value("math.floor", [b.value("arith.divf", [x, y], wide)], wide)
        return [b.value("arith.truncf", [q], t)]


class FloorMod(Elementwise):
    """reference/floor_mod.h: r = trunc_mod(a, b) (fmod / C++ %), then
    (r != 0 && (b < 0) != (r < 0)) ? r + b : r."""

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        x, y = (broadcast_to(b, v, t.shape) for v in operands[:2])
        r = b.value("arith.remf" if is_float(t) else "arith.remsi", [x, y], t)
        zero = splat(b, 0, t)
        signs_differ = b.value("tosa.logical_xor", [compare(b, "tosa.greater", zero, y, t.shape),
                                                    compare(b, "tosa.greater", zero, r, t.shape)], bool_type(t))
        nonzero = b.value("tosa.logical_not", [compare(b, "tosa.equal", r, zero, t.shape)], bool_type(t))
        fix = b.value("tosa.logical_and", [nonzero, signs_differ], bool_type(t))
        return [select(b, fix, tosa.binary(b, "tosa.add", r, y, t), r, t)]


class Power(Elementwise):
    """std::pow (reference_ops::Pow). Float: tosa.pow. int32: TFLite's std::pow(int, int)
    computes in double and converts back, so: sitofp f64, math.powf, fptosi."""

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        if is_float(t):
            x, y = (broadcast_rank(b, v, len(t.shape)) for v in operands[:2])
            return [tosa.binary(b, "tosa.pow", x, y, t)]
        wide = tensor(t.shape, f64)
        x, y = (b.value("arith.sitofp", [broadcast_to(b, v, t.shape)], wide) for v in operands[:2])
        return [b.value("arith.fptosi", [b.value("math.powf", [x, y], wide)], t)]


class SquaredDifference(Elementwise):
    """d = a - b; d * d."""

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        x, y = (broadcast_rank(b, v, len(t.shape)) for v in operands[:2])
        d = tosa.binary(b, "tosa.sub", x, y, t)
        return [tosa.mul(b, d, d, t)]


RULES = {
    # TFLite op                 Rule(integer path, float path)
    "tfl.abs":                 Rule(None,          Unary("tosa.abs")),
    "tfl.neg":                 Rule(None,          Negate()),
    "tfl.exp":                 Rule(None,          Unary("tosa.exp")),
    "tfl.log":                 Rule(None,          Unary("tosa.log")),
    "tfl.sqrt":                Rule(None,          Unary("math.sqrt")),
    "tfl.rsqrt":               Rule(None,          Unary("tosa.rsqrt")),
    "tfl.sin":                 Rule(None,          Unary("tosa.sin")),
    "tfl.cos":                 Rule(None,          Unary("tosa.cos")),
    "tfl.floor":               Rule(None,          Unary("tosa.floor")),
    "tfl.ceil":                Rule(None,          Unary("tosa.ceil")),
    "tfl.round":               Rule(None,          Unary("math.roundeven")),
    "tfl.square":              Rule(None,          Square()),
    "tfl.sign":                Rule(None,          Sign()),
    "tfl.elu":                 Rule(None,          Elu()),
    "tfl.gelu":                Rule(None,          Gelu()),
    "tfl.hard_swish":          Rule(None,          HardSwish()),
    "tfl.leaky_relu":          Rule(None,          LeakyRelu()),
    "tfl.prelu":               Rule(None,          Prelu()),
    "tfl.maximum":             Rule(None,          Binary("tosa.maximum")),
    "tfl.minimum":             Rule(None,          Binary("tosa.minimum")),
    "tfl.div":                 Rule(None,          Divide()),
    "tfl.floor_div":           Rule(None,          FloorDiv()),
    "tfl.floor_mod":           Rule(None,          FloorMod()),
    "tfl.pow":                 Rule(None,          Power()),
    "tfl.squared_difference":  Rule(None,          SquaredDifference()),
}
