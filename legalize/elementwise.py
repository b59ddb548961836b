"""Elementwise binary ops: ADD (integer and float), SUB, MUL (float).

ADD integer path (int8, `integer_ops/add.h` AddFunc, Prepare in kernels/add.cc):

    twice_max = 2 * max(s1, s2)
    a = MBQM((q1 - zp1) << 20, QM(s1 / twice_max))       # 20 fraction bits kept
    b = MBQM((q2 - zp2) << 20, QM(s2 / twice_max))
    q = clamp(zp_out + MBQM(a + b, QM(twice_max / (2^20 * so))), act)

Each MBQM is one `tosa.rescale` (DOUBLE_ROUND). The shift by 20 must happen
before the first rounding, so it is its own exact rescale
(`apply_scale_32(v, 2^30, 10) = v * 2^20` for |v| < 2^9).
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.ir.types import RankedTensorType, i32, tensor

from .activation_clamp import clamp_float, clamp_quantized
from .fixed_point import quantize_multiplier, tosa_shift
from .rule import FloatPattern, IntegerPattern, Rule, first_reason, per_tensor, static_shape, storage_is

LEFT_SHIFT_8BIT = 20


def broadcast_rank(b, v, rank: int):
    """TOSA broadcasts only between equal ranks: prepend 1s (numpy's rule)."""
    shape = v.type.shape
    if len(shape) == rank:
        return v
    return tosa.reshape(b, v, (1,) * (rank - len(shape)) + tuple(shape))


def _add_multipliers(op):
    s1, s2 = (np.float32(per_tensor(v).scale) for v in op.operands[:2])
    so = np.float32(per_tensor(op.result).scale)
    twice_max = np.float64(np.float32(2) * max(s1, s2))
    reals = [np.float64(s1) / twice_max, np.float64(s2) / twice_max,
             twice_max / np.float64(np.float32(1 << LEFT_SHIFT_8BIT) * so)]
    return reals


class RescaledAdd(IntegerPattern):
    def unsupported(self, op):
        x1, x2 = op.operands[:2]
        reason = first_reason(
            (all(static_shape(v) is not None for v in (x1, x2, op.result)), "dynamic shapes"),
            (storage_is(x1, "i8") and storage_is(x2, "i8") and storage_is(op.result, "i8"),
             "integer path covers int8 (TFLite's int16 ADD uses other shifts)"),
            (all(per_tensor(v) is not None for v in (x1, x2, op.result)), "per-axis quantized operand"),
        )
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
        return None if all(static_shape(v) is not None for v in op.operands[:2]) else "dynamic shapes"

    def rewrite(self, b, op, operands, result_types):
        rank = len(result_types[0].shape)
        x1, x2 = (broadcast_rank(b, v, rank) for v in operands[:2])
        if self.tosa_name == "tosa.mul":
            y = tosa.mul(b, x1, x2, result_types[0])
        else:
            y = tosa.binary(b, self.tosa_name, x1, x2, result_types[0])
        return [clamp_float(b, y, op)]


RULES = {
    # TFLite op   Rule(integer path,  float path)
    "tfl.add":  Rule(RescaledAdd(),   FloatBinary("tosa.add")),
    "tfl.sub":  Rule(None,            FloatBinary("tosa.sub")),
    "tfl.mul":  Rule(None,            FloatBinary("tosa.mul")),
}
