"""TFLite's requantization step as TOSA: `zp_out + MBQM(x - zp_in, QuantizeMultiplier(M))`.

MultiplyByQuantizedMultiplier (MBQM, double-rounding build; kernels/internal/common.h)
with `(m, shift) = QuantizeMultiplier(M)` is one `tosa.rescale` with DOUBLE_ROUND and
shift `31 - shift` (fixed_point.py derives the equality), as long as that shift is in
TOSA's [2, 62]: multipliers from 2^-31 up to 2^29. A larger multiplier (`shift` 30 or
31) first shifts `x` left exactly by the excess, with a rescale by 2^30 (`x * 2^30 /
2^(30 - k)` is exact), then applies the rest; TFLite's `x * (1 << left_shift)` overflows
int32 there just as our saturating pre-shift would, which no converter produces.

Patterns call `mbqm(...)` with the real multiplier; `mbqm_reason(...)` says when a
multiplier is outside what one or two rescales can reproduce.
"""
from __future__ import annotations

import math
from typing import Optional

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.ir.core import Value
from tfl2quant.ir.types import Type, i32

from .fixed_point import quantize_multiplier, quantize_multiplier_scalar, tosa_shift

MAX_LEFT_SHIFT = 31


def _one_multiplier(real) -> Optional[tuple[int, int]]:
    """QuantizeMultiplier of `real` in Python integers where it is one finite double (the
    common case: no numpy calls on one-element arrays); None for arrays and non-finite values."""
    if isinstance(real, np.ndarray):
        if real.size != 1:
            return None
        real = real.reshape(-1)[0]
    if not isinstance(real, (float, int, np.floating, np.integer)) or not math.isfinite(real):
        return None
    return quantize_multiplier_scalar(float(real))


def mbqm_reason(real) -> Optional[str]:
    """Why `real` (a double, or one per channel) cannot be an MBQM multiplier here, or None."""
    pair = _one_multiplier(real)
    if pair is not None:  # one finite multiplier: the common case, without numpy
        if pair[1] > MAX_LEFT_SHIFT:
            return f"requantization multiplier {abs(float(np.asarray(real).reshape(-1)[0]))!r} needs a left shift over 31"
        return None
    real = np.atleast_1d(np.asarray(real, np.float64))
    if not np.isfinite(real).all():
        return "requantization multiplier is not finite"
    _, shift = quantize_multiplier(real)
    if shift.max() > MAX_LEFT_SHIFT:
        return f"requantization multiplier {float(np.abs(real).max())!r} needs a left shift over 31"
    return None


def mbqm(b, x: Value, real, input_zp: int, output_zp: int, result_type: Type,
         input_unsigned: bool = False, output_unsigned: bool = False) -> Value:
    """`clamp(output_zp + MBQM(x - input_zp, QM(real)))` to `result_type`'s element type.

    `real` is one multiplier or one per channel of the last axis (tosa.rescale's
    per_channel). `x` is an integer tensor (storage or i32)."""
    pair = _one_multiplier(real)
    if pair is not None:  # one multiplier: plain integers, not numpy calls on 1-element arrays
        mult, shift = [pair[0]], pair[1]
        excess = max(shift - 29, 0)
        shifts = [31 - (shift - excess)]
    else:
        mult, shift = quantize_multiplier(np.atleast_1d(np.asarray(real, np.float64)))
        if mult.size > 1 and np.all(mult == mult[0]) and np.all(shift == shift[0]):
            mult, shift = mult[:1], shift[:1]
        excess = int(max(shift.max() - 29, 0))
        shifts = tosa_shift(shift - excess)
    if excess:  # 2^30-scaled exact left shift first: the remaining shift is <= 29
        x = tosa.rescale(b, x, [1 << 30], [30 - excess], input_zp, 0, x.type.with_element_type(i32),
                         input_unsigned=input_unsigned)
        input_zp, input_unsigned = 0, False
    return tosa.rescale(b, x, mult, shifts, input_zp, output_zp, result_type,
                        input_unsigned=input_unsigned, output_unsigned=output_unsigned)


def mbqm_fixed(b, x: Value, multiplier: int, shift: int, output_zp: int, result_type: Type,
               output_unsigned: bool = False) -> Value:
    """`clamp(output_zp + MBQM(x, multiplier, shift))` for a fixed-point pair a kernel derived
    itself rather than by QuantizeMultiplier (MEAN folds 1/N into it: reference/reduce.h
    QuantizedMeanOrSum). `x` is an int32 tensor; any multiplier in [0, 2^31) is exact in
    tosa.rescale, and shifts over 29 take the exact 2^30-scaled pre-shift of `mbqm`."""
    excess = max(shift - 29, 0)
    if excess:
        x = tosa.rescale(b, x, [1 << 30], [30 - excess], 0, 0, x.type.with_element_type(i32))
    return tosa.rescale(b, x, [multiplier], tosa_shift([shift - excess]), 0, output_zp, result_type,
                        output_unsigned=output_unsigned)


def mbqm_overflow(real, max_abs: int) -> Optional[str]:
    """Why MBQM(x, QM(real)) cannot be reproduced for |x| <= max_abs, or None: TFLite's MBQM
    first computes `x * 2^left_shift` in int32, undefined (and wrapping in practice) beyond
    it, where a rescale saturates; and `mbqm_reason`'s limits."""
    reason = mbqm_reason(real)
    if reason:
        return reason
    pair = _one_multiplier(real)
    if pair is not None:
        left = max(pair[1], 0)
    else:
        _, shift = quantize_multiplier(np.atleast_1d(np.asarray(real, np.float64)))
        left = int(max(shift.max(), 0))
    if max_abs << left > (1 << 31) - 1:
        return (f"requantization multiplier {float(np.abs(real).max())!r} shifts inputs up to {max_abs} left "
                f"by {left}, past int32 (undefined in TFLite)")
    return None


def wrapped_left_shift(b, acc: Value, real) -> tuple[Value, np.ndarray]:
    """MBQM's `x * (1 << left_shift)` for multipliers of 1 or more: an int32 product that
    wraps (internal/common.h is compiled TFLITE_NO_SANITIZE_INTEGER_OVERFLOW), which a
    tosa.rescale by `m * 2^e` would compute without wrapping. So the left shift is a
    tosa.logical_left_shift (it wraps too), per channel of the last axis, and the rescale
    is left with `real / 2^e`, whose QuantizeMultiplier is `(m, 0)` exactly."""
    real = np.atleast_1d(np.asarray(real, np.float64))
    left = np.maximum(quantize_multiplier(real)[1], 0)
    if not left.any():
        return acc, real
    rank = len(acc.type.shape)
    per_channel = left if np.any(left != left[0]) else left[:1]
    amounts = tosa.const(b, per_channel.astype(np.int32).reshape((1,) * (rank - 1) + (-1,)), i32)
    shifted = b.value("tosa.logical_left_shift", [acc, amounts], acc.type)
    return shifted, real / np.exp2(left)
