"""Elementwise unary math: ABS, NEG, EXP, LOG, SQRT, RSQRT, SIN, COS, FLOOR, CEIL,
ROUND, SQUARE, SIGN.

Float path: TOSA where it has the op; `math.sqrt`, `math.roundeven` where it has none.

Integer paths, bit-exact with TFLite's kernels (kernels/elementwise.cc, exp.cc, neg.cc),
with `real = s * (q - zp)` (si, zi: input; so, zo: output):

ABS, int8 and int16 (zero points 0) (AbsEvalQuantized): |real| = si |q - zi|, so

    q = clamp(zo + MBQM(|q - zi|, QM(si / so)))        si / so in float32; si == so: no MBQM

  (MBQM with QM(1) = (2^30, 1) is the identity, so one rescale serves both).

NEG, int8 and int16 (reference_ops::Negate): `-q` on the stored value, the quantization
  ignored, and -(-128) wraps to -128 (a C conversion back to int8). tosa.negate
  saturates, so: widen to i32, negate, tosa.cast back (which truncates).

EXP (int8; int16 with zero points 0), LOG (the same types; `x <= 0` gives the output's
  real minimum), RSQRT int16 (`x <= 0` gives 32767 so): TFLite's lookup tables (lut.py).

SQRT, int8 and int16 (zero points 0) (SqrtEvalQuantized), in float32:

    q = clamp(int(sqrtf(si * (q - zi)) / so) + zo)      int() truncates

  int8 as a table of that; int16 as the same float32 operations (cast, mul, math.sqrt,
  arith.divf, floor, clamp, cast). Negative inputs are an error in TFLite; here they
  give the output zero point.

RSQRT int8 (RsqrtEvalQuantizedInt8): v = q - zi; v == 0 gives 127; otherwise

    (m, e) = GetInvSqrtQuantizedMultiplierExp(v, -1)       Newton-Raphson in Q3.28
    q = clamp(zo + MBQM(MBQM(1, m, e + 20), QM(1 / (sqrtf(si) so)), shift - 20))

  tabulated over the 256 inputs (inputs below zi, an error in TFLite, give 127).
"""
from __future__ import annotations

import functools

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.ir.types import element_type, f32, i32

from ...lib.emit import broadcast_to, compare, select, splat
from ...lib.fixed_point import quantize_multiplier
from ...lib.lut import F32, Table, logf, mbqm as mbqm_int, populate_int16, rdbpot, sqrtf, srdhm, wrap
from ...lib.patterns import Elementwise
from ...lib.query import (floats_only, int16_zero_points, is_float, per_tensor, per_tensor_only, static_shapes,
                         storage)
from ...lib.rescale import mbqm, mbqm_overflow
from ...lib.storage import Stored, widen
from ...rule import FloatPattern, IntegerPattern


def f32_ratio(*factors_over_divisor) -> float:
    """`a * b * ... / d` in float32, left to right, as a Prepare computes it; widened."""
    *factors, divisor = (F32(v) for v in factors_over_divisor)
    product = factors[0]
    for v in factors[1:]:
        product = F32(product * v)
    return float(F32(product / divisor))


def max_abs_input(q) -> int:
    """The largest |q - zp| over the storage range (the MBQM input of most kernels)."""
    lo, hi = q.storage_type_range
    return max(q.zero_point - lo, hi - q.zero_point)


# --- ABS, NEG ----------------------------------------------------------------------------------

class QuantizedAbs(IntegerPattern):
    def unsupported(self, op):
        reason = (static_shapes(op)
                  or storage(op, "i8", "i16")
                  or per_tensor_only(op)
                  or int16_zero_points(op))
        if reason:
            return reason
        in_q, out_q = per_tensor(op.operands[0]), per_tensor(op.result)
        return mbqm_overflow(self.multiplier(in_q, out_q), max_abs_input(in_q))

    @staticmethod
    def multiplier(in_q, out_q) -> float:
        return 1.0 if F32(in_q.scale) == F32(out_q.scale) else f32_ratio(in_q.scale, out_q.scale)

    def rewrite(self, b, op, operands):
        in_q, out_q = per_tensor(op.operands[0]), per_tensor(op.result)
        d = widen(b, Stored(operands[0], in_q.zero_point))
        magnitude = b.value("tosa.abs", [d], d.type)
        return [mbqm(b, magnitude, self.multiplier(in_q, out_q), 0, out_q.zero_point, operands[0].type)]


class RawNegate(IntegerPattern):
    def unsupported(self, op):
        return static_shapes(op) or storage(op, "i8", "i16")

    def rewrite(self, b, op, operands):
        x = operands[0]
        wide = tosa.cast(b, x, x.type.with_element_type(i32))
        zp = tosa.zero_point(b, 0, i32)
        return [tosa.cast(b, b.value("tosa.negate", [wide, zp, zp], wide.type), x.type)]


# --- EXP, LOG, SQRT, RSQRT ---------------------------------------------------------------------

def _int16_zero_points(op, in_q, out_q):
    return int16_zero_points(op)


def log_transform(op, out_q):
    """LogLUTPrepare: log, and the output's real minimum for x <= 0."""
    output_min = F32(F32(out_q.storage_type_range[0] - out_q.zero_point) * F32(out_q.scale))
    return lambda x: output_min if x <= F32(0) else logf(x)


def rsqrt_transform(op, out_q):
    """GenericPrepare (RSQRT int16): 1 / sqrt, and 32767 so for x <= 0."""
    top = F32(F32(32767) * F32(out_q.scale))
    return lambda x: top if x <= F32(0) else F32(F32(1) / sqrtf(x))


class QuantizedSqrt(Table):
    kinds = ("i8", "i16")

    def check(self, op, in_q, out_q):
        top = F32(sqrtf(F32(in_q.scale) * F32(in_q.storage_type_range[1] - in_q.zero_point)) / F32(out_q.scale))
        if not top < 2.0 ** 31:
            return "the largest square root overflows int32 on the output scale (undefined in TFLite)"
        return int16_zero_points(op)

    def outputs8(self, op, in_q, out_q):
        lo, hi = in_q.storage_type_range
        out = []
        for v in range(lo, hi + 1):
            real = F32(F32(in_q.scale) * F32(v - in_q.zero_point))
            y = int(F32(sqrtf(real) / F32(out_q.scale))) if real >= 0 else 0
            out.append(min(max(y + out_q.zero_point, lo), hi))
        return np.array(out, np.int64)

    def rewrite(self, b, op, operands):
        in_q, out_q = per_tensor(op.operands[0]), per_tensor(op.result)
        if in_q.storage_width == 8:
            return super().rewrite(b, op, operands)
        x = operands[0]
        t = x.type.with_element_type(f32)
        real = tosa.mul(b, tosa.cast(b, x, t), splat(b, F32(in_q.scale), t), t)
        real = tosa.clamp(b, real, 0.0, FLOAT_MAX)  # negative: an error in TFLite; sqrt stays finite
        root = b.value("math.sqrt", [real], t)
        quotient = b.value("arith.divf", [root, broadcast_to(b, splat(b, F32(out_q.scale), t), t.shape)], t)
        lo, hi = out_q.storage_type_range
        return [tosa.cast(b, tosa.clamp(b, b.value("tosa.floor", [quotient], t), lo, hi), x.type)]


def _clz32(x: int) -> int:
    return 32 - x.bit_length()


def _saturating_shift_left(x: int, exponent: int) -> int:
    """SaturatingRoundingMultiplyByPOT<exponent > 0> on int32."""
    threshold = (1 << (31 - exponent)) - 1
    return (1 << 31) - 1 if x > threshold else -(1 << 31) if x < -threshold else x << exponent


@functools.lru_cache(maxsize=4096)  # each int8 RSQRT of a model tabulates the same inputs (v - zi <= 255)
def inv_sqrt_multiplier_exp(x: int, reverse_shift: int = -1) -> tuple[int, int]:
    """GetInvSqrtQuantizedMultiplierExp (internal/common.h), line by line: 1/sqrt(x) as
    (multiplier, shift), five Newton-Raphson steps in gemmlowp's Q3.28."""
    if x <= 1:
        return (1 << 31) - 1, 0
    shift = 11
    while x >= 1 << 29:
        x //= 4
        shift += 1
    pairs = (_clz32(x) - 1) // 2 - 1
    shift -= pairs
    x <<= 2 * pairs
    half_input = rdbpot(x >> 1, 1)
    half_three = (1 << 28) + (1 << 27)
    y = 1 << 28  # F3::One()
    for _ in range(5):
        y3 = _saturating_shift_left(srdhm(srdhm(y, y), y), 6)           # Rescale<3> of Q9
        y = _saturating_shift_left(wrap(srdhm(half_three, y) - srdhm(half_input, y3), 32), 3)  # of Q6
    y = srdhm(y, 1518500250)  # * sqrt(2) / 2 in Q0.31
    if shift < 0:
        y, shift = wrap(y << -shift, 32), 0
    return y, shift * reverse_shift


class QuantizedRsqrt(Table):
    """int8: the fixed-point kernel tabulated; int16: TFLite's table (zero points 0)."""
    kinds = ("i8", "i16")

    def check(self, op, in_q, out_q):
        return int16_zero_points(op)

    def outputs8(self, op, in_q, out_q):
        m, e = (int(v) for v in quantize_multiplier(1.0 / float(F32(sqrtf(in_q.scale) * F32(out_q.scale)))))
        lo, hi = in_q.storage_type_range
        out = []
        for v in range(lo, hi + 1):
            value = v - in_q.zero_point
            if value <= 0:
                out.append(hi)
                continue
            inv_m, inv_e = inv_sqrt_multiplier_exp(value)
            y = mbqm_int(mbqm_int(1, inv_m, inv_e + 20), m, e - 20) + out_q.zero_point
            out.append(min(max(y, lo), hi))
        return np.array(out, np.int64)

    def lut16(self, op, in_q, out_q):
        return populate_int16(rsqrt_transform(op, out_q), in_q.scale, in_q.zero_point, out_q.scale,
                              out_q.zero_point)


FLOAT_MAX = 3.4028234663852886e38


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
