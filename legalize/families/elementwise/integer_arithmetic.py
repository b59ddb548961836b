"""Integer patterns of the elementwise binary ops, bit-exact with TFLite's reference kernels.

With `real = s * (q - zp)`, each kernel rescales in int32 (storage.py widens the
operands and narrows the result within TOSA's integer profile; uint8 runs as
int8 on `q - 128`). MBQM is MultiplyByQuantizedMultiplier, one DOUBLE_ROUND
tosa.rescale (rescale.py).

ADD, SUB (kernels/add.cc, sub.cc; reference/integer_ops/add.h, reference/add.h, sub.h),
uint8/int8 with k = 20, int16 (zero points 0) with k = 15:

    t = 2 max(s1, s2)                                        double, as Prepare
    a = MBQM((q1 - zp1) << k, QM(s1 / t))    b = MBQM((q2 - zp2) << k, QM(s2 / t))
    q = clamp(zp_out + MBQM(a ± b, QM(t / (2^k so))), act)

  so that a ± b ≈ (r1 ± r2) 2^k / t. int16 with `pot_scale_int16` and every scale a
  power of two (CheckedLog2) takes the power-of-two kernel instead (Add, Sub16): one
  input is divided by 2^n (gemmlowp's RoundingDivideByPOT) onto the output scale,
  then q = clamp(saturate16(x1 ± x2), act).

MUL (kernels/mul.cc; reference/integer_ops/mul.h), uint8/int8, int16 (zero points 0):

    q = clamp(zp_out + MBQM((q1 - zp1)(q2 - zp2), QM(s1 s2 / so)), act)    s1 s2 / so in float32

SQUARED_DIFFERENCE int8 (kernels/squared_difference.cc), k = 7, no activation:

    d = MBQM((q1 - zp1) << 7, QM(s1 / t)) - MBQM((q2 - zp2) << 7, QM(s2 / t))
    q = clamp(zp_out + MBQM(d * d, QM(t^2 / (2^14 so))))

MAXIMUM, MINIMUM (kernels/maximum_minimum.cc), FLOOR_DIV, FLOOR_MOD (floor_div.cc,
floor_mod.cc) read no quantization parameter: the same ops on the stored values.
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.quant.ops import storage_type_of
from tfl2quant.ir.types import i32, tensor
from tfl2quant.numerics import round_half_away

from ...lib.emit import broadcast_rank
from ...lib.fixed_point import quantize_multiplier_scalar
from ...lib.fused_activation import quantized_range
from ...lib.query import one_dynamic_dim, option, per_tensor, per_tensor_only, qtype, storage, storage_name
from ...lib.rescale import mbqm, mbqm_reason
from ...lib.storage import ONE, Stored, clamp, narrowed, requantized, saturate, signed_from, stored_operands, widen
from ...rule import IntegerPattern

LEFT_SHIFT = {8: 20, 16: 15}  # add.cc / sub.cc: 8-bit and int16 general path


def scales(op):
    """The float32 scales of both operands and the result, as doubles."""
    return [np.float64(np.float32(per_tensor(v).scale)) for v in (*op.operands[:2], op.results[0])]


def below_one(real) -> bool:
    """QuantizeMultiplierSmallerThanOneExp takes it: 0 < real < 1 and QM's exponent <= 0 (it aborts
    otherwise)."""
    return 0 < real < 1 and quantize_multiplier_scalar(float(real))[1] <= 0  # one double: no numpy


def smaller_than_one(real, what: str) -> Optional[str]:
    if not below_one(real):
        return f"{what} multiplier {float(real)!r} is not below 1, which TFLite's Prepare rejects"
    return None


def checked_log2(scale) -> Optional[int]:
    """CheckedLog2 (internal/quantization_util.cc), in float32: the rounded log2 of a scale
    within 1e-3 (in the exponent) of a power of two, else None."""
    x_log2 = np.float32(np.log(np.float32(scale))) * (np.float32(1) / np.float32(np.log(np.float32(2))))
    rounded = round_half_away(x_log2)
    return int(rounded) if abs(np.float32(x_log2 - rounded)) < np.float32(1e-3) else None


def power_of_two_shifts(op) -> Optional[tuple[int, int]]:
    """The int16 ADD/SUB power-of-two path's input shifts (log2 s_i - log2 so), if it applies."""
    if storage_name(op.results[0]) != "i16" or not option(op, "pot_scale_int16", True):
        return None
    logs = [checked_log2(s) for s in scales(op)]
    if None in logs:
        return None
    return logs[0] - logs[2], logs[1] - logs[2]


class RescaledAddSub(IntegerPattern):
    """ADD and SUB: the general rescaled kernel, or int16's power-of-two kernel."""

    def __init__(self, tosa_name: str):
        self.tosa_name = tosa_name

    def multipliers(self, op):
        s1, s2, so = scales(op)
        twice_max = 2 * max(s1, s2)  # exact: the scales are float32
        return s1 / twice_max, s2 / twice_max, twice_max / ((1 << LEFT_SHIFT[self.width(op)]) * so)

    @staticmethod
    def width(op) -> int:
        return per_tensor(op.results[0]).storage_width

    def unsupported(self, op):
        reason = (one_dynamic_dim(op)
                  or storage(op, "i8", "u8", "i16")
                  or per_tensor_only(op))
        if reason:  # int16 zero points are 0: the TFL verifier checks add.cc's Prepare
            return reason
        shifts = power_of_two_shifts(op)
        if shifts is not None:
            return self.power_of_two_reason(op, shifts)
        m1, m2, mo = self.multipliers(op)
        if self.tosa_name == "tosa.sub" and mo > 1:
            return (f"output multiplier {float(mo)!r} above 1: sub.cc takes QuantizeMultiplierGreaterThanOne "
                    "but Eval divides by a negative power of two (undefined)")
        return smaller_than_one(mo, "output") or smaller_than_one(m1, "input") or smaller_than_one(m2, "input")

    def power_of_two_reason(self, op, shifts) -> Optional[str]:
        if min(shifts) < -31 or max(shifts) > 0 or 0 not in shifts:
            return f"power-of-two int16 input shifts {shifts}; TFLite's Prepare wants both <= 0, one 0"
        if self.tosa_name == "tosa.add" and op.operands[0].type.shape != op.operands[1].type.shape:
            return "power-of-two int16 ADD with broadcasting, which TFLite's kernel does not take (it aborts)"
        return None

    def rewrite(self, b, op, operands):
        out_q = per_tensor(op.result)
        acc = tensor(op.result.type.shape, i32)
        bounds = quantized_range(op, out_q)
        shifts = power_of_two_shifts(op)
        if shifts is not None:
            x1, x2 = (rounding_divide_by_pot(b, broadcast_rank(b, v, len(acc.shape)), -n)
                      for v, n in zip(operands[:2], shifts))
            y = saturate(b, tosa.binary(b, self.tosa_name, x1, x2, acc), out_q.storage_type)
            return [clamp(b, y, *bounds)]
        m1, m2, mo = self.multipliers(op)
        a, c = stored_operands(b, op, operands, LEFT_SHIFT[self.width(op)])
        a, c = mbqm(b, a, m1, 0, 0, a.type), mbqm(b, c, m2, 0, 0, c.type)
        return [requantized(b, tosa.binary(b, self.tosa_name, a, c, acc), mo, out_q, bounds)]


def rounding_divide_by_pot(b, x, n: int):
    """gemmlowp's RoundingDivideByPOT(x, n) of an int16 value, as i32: x / 2^n rounded half away
    from zero. A DOUBLE_ROUND rescale with multiplier 2^30 and shift 31 + n computes exactly that
    of 2x (floor(x / 2^n + 1/2 ± 2^-(n+1)), + for x >= 0), so x is doubled first, exactly."""
    wide = x.type.with_element_type(i32)
    if n == 0:
        return tosa.cast(b, x, wide)
    doubled = tosa.rescale(b, x, [ONE], [29], 0, 0, wide)
    return tosa.rescale(b, doubled, [ONE], [31 + n], 0, 0, wide)


class RescaledMul(IntegerPattern):
    @staticmethod
    def multiplier(op):
        s1, s2, so = (np.float32(s) for s in scales(op))
        return np.float64(np.float32(s1 * s2) / so)  # float32 in mul.cc's Prepare

    def unsupported(self, op):
        return (one_dynamic_dim(op)
                or storage(op, "i8", "u8", "i16")
                or per_tensor_only(op)
                or mbqm_reason(self.multiplier(op)))

    def rewrite(self, b, op, operands):
        out_q = per_tensor(op.result)
        acc = tensor(op.result.type.shape, i32)
        a, c = stored_operands(b, op, operands)
        return [requantized(b, tosa.mul(b, a, c, acc), self.multiplier(op), out_q, quantized_range(op, out_q))]


SQUARED_DIFFERENCE_SHIFT = 7


class RescaledSquaredDifference(IntegerPattern):
    @staticmethod
    def multipliers(op):
        s1, s2, so = scales(op)
        twice_max = 2 * max(s1, s2)
        return s1 / twice_max, s2 / twice_max, twice_max * twice_max / ((1 << 2 * SQUARED_DIFFERENCE_SHIFT) * so)

    def unsupported(self, op):
        reason = (one_dynamic_dim(op)
                  or storage(op, "i8")
                  or per_tensor_only(op))
        if reason:
            return reason
        m1, m2, mo = self.multipliers(op)
        return smaller_than_one(mo, "output") or smaller_than_one(m1, "input") or smaller_than_one(m2, "input")

    def rewrite(self, b, op, operands):
        acc = tensor(op.result.type.shape, i32)
        m1, m2, mo = self.multipliers(op)
        a, c = stored_operands(b, op, operands, SQUARED_DIFFERENCE_SHIFT)
        d = tosa.binary(b, "tosa.sub", mbqm(b, a, m1, 0, 0, a.type), mbqm(b, c, m2, 0, 0, c.type), acc)
        return [requantized(b, tosa.mul(b, d, d, acc), mo, per_tensor(op.result))]


class OnStoredValues(IntegerPattern):
    """An op TFLite computes on the stored integers, reading no quantization parameter
    (MAXIMUM, MINIMUM, FLOOR_DIV, FLOOR_MOD): `pattern` (the float path's) on them in i32.
    uint8 is compared on q - 128 (an order-preserving view)."""

    def __init__(self, pattern, *kinds: str):
        self.pattern, self.kinds = pattern, kinds

    def unsupported(self, op):
        return one_dynamic_dim(op) or storage(op, *self.kinds)

    def rewrite(self, b, op, operands):
        q = qtype(op.result)
        xs = [widen(b, Stored(v if q.is_signed else signed_from(b, v), 0)) for v in operands[:2]]
        y = self.pattern.rewrite(b, op, xs, [storage_type_of(op.result.type).with_element_type(i32)])[0]
        return [narrowed(b, y, q)]
