"""Elementwise binary arithmetic: ADD, SUB, MUL, DIV, FLOOR_DIV, FLOOR_MOD, POW,
SQUARED_DIFFERENCE, MAXIMUM, MINIMUM.

ADD integer path (int8, `integer_ops/add.h` AddFunc, Prepare in kernels/add.cc):

    twice_max = 2 * max(s1, s2)
    a = MBQM((q1 - zp1) << 20, QM(s1 / twice_max))       # 20 fraction bits kept
    b = MBQM((q2 - zp2) << 20, QM(s2 / twice_max))
    q = clamp(zp_out + MBQM(a + b, QM(twice_max / (2^20 * so))), act)

Each MBQM is one `tosa.rescale` (DOUBLE_ROUND). The shift by 20 must happen
before the first rounding, so it is its own exact rescale
(`apply_scale_32(v, 2^30, 10) = v * 2^20` for |v| < 2^9).

The float path covers float tensors and the plain integer tensors of float
models (an int32 DIV or FLOOR_MOD follows the integer instantiation of the
same reference template). TOSA where it has the op; arith/math where it has
none: exact `arith.divf`/`arith.remf`/`arith.floordivsi`/`arith.remsi` (TOSA
has no float division, and reciprocal-then-multiply rounds twice, which moves
a FLOOR_DIV quotient across an integer). arith and math take operands of one
type, so broadcasting is made explicit with `tosa.tile` first.

TFLite's int8 FLOOR_DIV and FLOOR_MOD kernels work on stored values and
ignore the quantization, as do MAXIMUM and MINIMUM (right only when the
operands and the result share it): there the fallback follows the model's
real values, not TFLite.
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.ir.types import RankedTensorType, f64, i1, i32, tensor

from .emit import broadcast_rank, broadcast_to, compare, select, splat
from .fixed_point import quantize_multiplier, tosa_shift
from .fused_activation import clamp_float, clamp_quantized
from .query import is_float, per_tensor, per_tensor_only, static_shapes, storage
from .rule import NOT_YET, Elementwise, FloatPattern, IntegerPattern, Rule, unlowered

LEFT_SHIFT_8BIT = 20


def _add_multipliers(op):
    s1, s2, so = (np.float64(np.float32(per_tensor(v).scale)) for v in (*op.operands[:2], op.result))
    twice_max = 2 * max(s1, s2)  # in double, as add.cc (exact: the scales are float32)
    return [s1 / twice_max, s2 / twice_max, twice_max / ((1 << LEFT_SHIFT_8BIT) * so)]


class RescaledAdd(IntegerPattern):
    def unsupported(self, op):
        reason = (static_shapes(op)
                  or storage(op, "i8")
                  or per_tensor_only(op))
        if reason:
            return reason
        if max(_add_multipliers(op)) >= 1.0:
            return "output multiplier >= 1, which TFLite's Prepare rejects"
        return None

    def rewrite(self, b, op, operands):
        out_q = per_tensor(op.result)
        shape = op.result.type.shape
        rank = len(shape)
        m, s = quantize_multiplier(_add_multipliers(op))
        scaled = []
        for k, v in enumerate(operands[:2]):
            q = per_tensor(op.operands[k])
            v = broadcast_rank(b, v, rank)
            wide = RankedTensorType(v.type.shape, i32)
            shifted = tosa.rescale(b, v, [1 << 30], [30 - LEFT_SHIFT_8BIT], q.zero_point, 0, wide)
            scaled.append(tosa.rescale(b, shifted, [m[k]], [tosa_shift(s[k])], 0, 0, wide))
        total = tosa.binary(b, "tosa.add", scaled[0], scaled[1], tensor(shape, i32))
        y = tosa.rescale(b, total, [m[2]], [tosa_shift(s[2])], 0, out_q.zero_point,
                         tensor(shape, out_q.storage_type))
        return [clamp_quantized(b, y, op, out_q)]


class FloatBinary(FloatPattern):
    def __init__(self, tosa_name: str):
        self.tosa_name = tosa_name

    def unsupported(self, op):
        return static_shapes(op, op.operands[:2])

    def rewrite(self, b, op, operands, result_types):
        rank = len(result_types[0].shape)
        x1, x2 = (broadcast_rank(b, v, rank) for v in operands[:2])
        if self.tosa_name == "tosa.mul":
            y = tosa.mul(b, x1, x2, result_types[0])
        else:
            y = tosa.binary(b, self.tosa_name, x1, x2, result_types[0])
        return [clamp_float(b, y, op)]


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
                                                    compare(b, "tosa.greater", zero, r, t.shape)], t.with_element_type(i1))
        nonzero = b.value("tosa.logical_not", [compare(b, "tosa.equal", r, zero, t.shape)], t.with_element_type(i1))
        fix = b.value("tosa.logical_and", [nonzero, signs_differ], t.with_element_type(i1))
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
    # TFLite op                 Rule(integer path,  float path)
    "tfl.add":                 Rule(RescaledAdd(),  FloatBinary("tosa.add")),
    "tfl.sub":                 Rule(None,           FloatBinary("tosa.sub")),
    "tfl.mul":                 Rule(None,           FloatBinary("tosa.mul")),
    "tfl.div":                 Rule(None,           Divide()),
    "tfl.floor_div":           Rule(None,           FloorDiv()),
    "tfl.floor_mod":           Rule(None,           FloorMod()),
    "tfl.pow":                 Rule(None,           Power()),
    "tfl.squared_difference":  Rule(None,           SquaredDifference()),
    "tfl.maximum":             Rule(None,           Binary("tosa.maximum")),
    "tfl.minimum":             Rule(None,           Binary("tosa.minimum")),
    "tfl.add_n":               unlowered(NOT_YET),
    "tfl.atan2":               unlowered(NOT_YET),
    "tfl.bitwise_xor":         unlowered(NOT_YET),
    "tfl.right_shift":         unlowered(NOT_YET),
}
