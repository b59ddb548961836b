"""TFLite's fixed-point helpers, computed at compile time, bit for bit.

Sources: `kernels/internal/quantization_util.cc` (QuantizeMultiplier),
`kernels/kernel_util.cc` (CalculateActivationRangeQuantized,
PopulateConvolutionQuantizationParams); docs/tflite-integer-semantics.md
§1-§3 explains them.

A TFLite multiplier `(m, shift)` means `M ≈ m * 2^(shift - 31)`. The same
pair drives `tosa.rescale` with `shift_tosa = 31 - shift`: TOSA's
DOUBLE_ROUND `apply_scale_32` then equals gemmlowp's
`RoundingDivideByPOT(SaturatingRoundingDoublingHighMul(x, m), -shift)` for
every int32 `x` (both are floor((x*m + 2^30 + 2^(s-1) - [x<0]*2^31) / 2^s)
for s > 31, and round-half-up of x*m/2^s for s <= 31).
"""
from __future__ import annotations

import math

import numpy as np

from tfl2quant.numerics import round_half_away


def quantize_multiplier(real) -> tuple[np.ndarray, np.ndarray]:
    """QuantizeMultiplier, elementwise over an array of doubles.

    Returns (multiplier int64, shift int64): q, shift = frexp(M);
    m = round(q * 2^31); m == 2^31 -> (2^30, shift + 1) (a negative -2^31 is kept, as in
    quantization_util.cc); shift < -31 -> (0, 0).
    Negative M gives a negative m (LEAKY_RELU with negative alpha).
    """
    real = np.asarray(real, np.float64)
    q, shift = np.frexp(real)
    m = round_half_away(q * float(1 << 31)).astype(np.int64)
    shift = shift.astype(np.int64)
    overflow = m == (1 << 31)  # TFLite checks the positive bound only: -2^31 is kept
    m = np.where(overflow, m // 2, m)
    shift = np.where(overflow, shift + 1, shift)
    flush = (shift < -31) | (real == 0)
    return np.where(flush, 0, m), np.where(flush, 0, shift)


def quantize_multiplier_scalar(real: float) -> tuple[int, int]:
    """`quantize_multiplier` of one finite double in Python integers: the same frexp and
    round-half-away, so the same pair (tests/legalize/test_fixed_point.py compares the two)."""
    q, shift = math.frexp(real)
    scaled = q * 2147483648.0  # exact: a power-of-two scaling
    m = math.trunc(scaled)
    if abs(scaled - m) >= 0.5:  # ties away from zero, as round_half_away
        m += 1 if scaled > 0 else -1
    if m == 1 << 31:  # TFLite checks the positive bound only: -2^31 is kept
        m, shift = m // 2, shift + 1
    if shift < -31 or real == 0:
        return 0, 0
    return m, shift


def tosa_shift(shift) -> np.ndarray:
    """TFLite's exponent -> tosa.rescale's right shift."""
    return 31 - np.asarray(shift, np.int64)


def quantize_float32(value: float, scale: float, zero_point: int) -> int:
    """`zp + int(TfLiteRound(f / s))` computed in float32, as Prepare does it."""
    return int(zero_point) + int(round_half_away(np.float32(value) / np.float32(scale)))


def activation_range(activation: str, scale: float, zero_point: int, qmin: int, qmax: int) -> tuple[int, int]:
    """CalculateActivationRangeQuantized: the clamp a fused activation means.

    TANH and SIGN_BIT fall into the NONE branch in TFLite: a quantized kernel
    silently ignores them, and so do we (the caller records it).
    """
    if activation == "RELU":
        return max(qmin, quantize_float32(0.0, scale, zero_point)), qmax
    if activation == "RELU6":
        return (max(qmin, quantize_float32(0.0, scale, zero_point)),
                min(qmax, quantize_float32(6.0, scale, zero_point)))
    if activation == "RELU_N1_TO_1":
        return (max(qmin, quantize_float32(-1.0, scale, zero_point)),
                min(qmax, quantize_float32(1.0, scale, zero_point)))
    return qmin, qmax


def per_channel_multipliers(input_scale: float, weight_scales, output_scale: float):
    """PopulateConvolutionQuantizationParams for int8/int16 inputs: in double.

    `double(si) * double(sw_c) / double(so)` with each scale a float32 first.
    """
    si = np.float64(np.float32(input_scale))
    sw = np.asarray(weight_scales, np.float32).astype(np.float64)
    so = np.float64(np.float32(output_scale))
    return si * sw / so


def f32_product_multipliers(input_scale: float, weight_scales, output_scale: float):
    """GetQuantizedConvolutionMultipler (kernel_util.cc): `double(si * sw) / double(so)`, the
    product rounded to float32 first (uint8 convolutions, BATCH_MATMUL, per-tensor int16 x int16
    FULLY_CONNECTED)."""
    product = np.float32(input_scale) * np.asarray(weight_scales, np.float32)
    return product.astype(np.float64) / np.float64(np.float32(output_scale))
