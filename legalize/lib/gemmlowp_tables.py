"""gemmlowp's fixed point in numpy, for the tables patterns compute at compile time.

DIV's table (legalize/families/elementwise/divide.py) needs gemmlowp's int32 reciprocal; the integer LSTM
kernels apply their gate activations in `FixedPoint<int16_t, N>`
(kernels/internal/reference/portable_tensor_utils.cc: PortableApplySigmoid on Q3.12
inputs, PortableApplyTanh on QN.(15-N) inputs for N = 0..6; both give Q0.15). Each of
those is a function of one int16, so the patterns look its 65536 results up
(`tosa.gather`) instead of spelling the routine out in IR. The routines follow
fixedpoint/fixedpoint.h (google/gemmlowp) one by one, on int64 arrays holding values of
`bits` bits (16 unless said otherwise):

  - `+`, `-` and unary `-` on FixedPoint<int16_t> wrap to 16 bits (C++ integer
    promotion, then the conversion back to int16_t); AddSaturatingIf16Bit saturates.
  - `*` is SaturatingRoundingDoublingHighMul: `(a * b + nudge) / 2^(bits - 1)` with C's
    truncating division, nudge = 2^(bits - 2) if the product is >= 0 else
    1 - 2^(bits - 2); only the minimum squared saturates, to the maximum.
  - GEMMLOWP_CHECKED_FIXEDPOINT_CONSTANT takes the int32 raw value of the 32-bit
    constant and rounding-divides it by 2^16 for int16.
  - Rescale<K> of an N-bit value is SaturatingRoundingMultiplyByPOT<N - K>: a left
    shift saturating beyond +-(2^(bits - 1 - e) - 1), or RoundingDivideByPOT.
  - One() is the maximum with no integer bits, 2^(bits - 1 - N) otherwise.
"""
from __future__ import annotations

import functools

import numpy as np

from tfl2quant.numerics import divide_toward_zero, wrap_signed

INT16_MIN, INT16_MAX = -(1 << 15), (1 << 15) - 1
ONE_Q0 = INT16_MAX


def wrap16(v) -> np.ndarray:
    """The int16 two's-complement value of each element's low 16 bits."""
    return wrap_signed(v, 16)


def _truncating_divide(x: np.ndarray, d: int) -> np.ndarray:
    """C's `/` by `d`. By 2^k (every divisor here) an add and a shift, (x + (x < 0 ? d - 1 : 0))
    >> k, which is several times cheaper than numpy's int64 division on 65536-entry tables."""
    if d > 0 and d & (d - 1) == 0:
        x = np.asarray(x, np.int64)
        return (x + ((x >> 63) & (d - 1))) >> (d.bit_length() - 1)
    return divide_toward_zero(x, np.int64(d))


def srdhm(a, b, bits: int = 16) -> np.ndarray:
    """SaturatingRoundingDoublingHighMul."""
    a, b = np.broadcast_arrays(np.asarray(a, np.int64), np.asarray(b, np.int64))
    ab = a * b  # |ab| <= 2^62 for int32
    nudge = np.where(ab >= 0, 1 << (bits - 2), 1 - (1 << (bits - 2)))
    high = wrap_signed(_truncating_divide(ab + nudge, 1 << (bits - 1)), bits)
    low = -(1 << (bits - 1))
    return np.where((a == low) & (b == low), -low - 1, high)


def rdbpot(x, exponent: int) -> np.ndarray:
    """RoundingDivideByPOT: `(x >> e) + ((x & mask) > (mask >> 1) + (x < 0))`."""
    x = np.asarray(x, np.int64)
    if exponent == 0:
        return x
    mask = (1 << exponent) - 1
    threshold = (mask >> 1) + (x < 0)
    return (x >> exponent) + ((x & mask) > threshold)


def multiply_by_pot(x, exponent: int, bits: int = 16) -> np.ndarray:
    """SaturatingRoundingMultiplyByPOT<exponent>."""
    x = np.asarray(x, np.int64)
    if exponent <= 0:
        return rdbpot(x, -exponent)
    threshold = (1 << (bits - 1 - exponent)) - 1
    shifted = wrap_signed(x << exponent, bits)
    high = (1 << (bits - 1)) - 1
    return np.where(x > threshold, high, np.where(x < -threshold, -high - 1, shifted))


def saturating_add(a, b) -> np.ndarray:
    return np.clip(np.asarray(a, np.int64) + b, INT16_MIN, INT16_MAX)


def rounding_half_sum(a, b, bits: int = 16) -> np.ndarray:
    """RoundingHalfSum: `(a + b + sign) / 2` in the wider type, truncating."""
    total = np.asarray(a, np.int64) + b
    return wrap_signed(_truncating_divide(total + np.where(total >= 0, 1, -1), 2), bits)


def constant(raw32: int, bits: int = 16) -> int:
    """A 32-bit gemmlowp constant as its raw value in `bits` bits."""
    return int(wrap_signed(rdbpot(np.int64(raw32), 32 - bits), bits))


def exp_on_interval_between_negative_one_quarter_and_0_excl(a: np.ndarray) -> np.ndarray:
    """exp(a) for a Q0.15 in [-1/4, 0): Taylor series around -1/8."""
    constant_term, one_third = constant(1895147668), constant(715827883)
    x = wrap16(a + (1 << 12))  # a + 1/8
    x2 = srdhm(x, x)
    x3 = srdhm(x2, x)
    x4 = srdhm(x2, x2)
    x4_over_4 = multiply_by_pot(x4, -2)
    tail = multiply_by_pot(wrap16(srdhm(wrap16(x4_over_4 + x3), one_third) + x2), -1)
    return saturating_add(constant_term, srdhm(constant_term, wrap16(x + tail)))


# exp(-2^e) in Q0.31 for the barrel shifter of exp_on_negative_values
_EXP_OF_MINUS_POWERS_OF_TWO = ((-2, 1672461947), (-1, 1302514674), (0, 790015084), (1, 290630308),
                               (2, 39332535), (3, 720401), (4, 242))


def exp_on_negative_values(a: np.ndarray, integer_bits: int) -> np.ndarray:
    """exp(a) for a <= 0 in Q`integer_bits`, as Q0.15."""
    fractional_bits = 15 - integer_bits
    one_quarter = 1 << (fractional_bits - 2)
    a_mod_quarter_minus_one_quarter = wrap16((a & (one_quarter - 1)) - one_quarter)
    result = exp_on_interval_between_negative_one_quarter_and_0_excl(
        multiply_by_pot(a_mod_quarter_minus_one_quarter, integer_bits))
    remainder = wrap16(a_mod_quarter_minus_one_quarter - a)
    for exponent, multiplier in _EXP_OF_MINUS_POWERS_OF_TWO:
        if integer_bits > exponent:
            bit = 1 << (fractional_bits + exponent)
            result = np.where(remainder & bit, srdhm(result, constant(multiplier)), result)
    if integer_bits > 5:
        result = np.where(a < constant(-(1 << (36 - integer_bits))), 0, result)
    return np.where(a == 0, ONE_Q0, result)


def _newton_raphson_reciprocal(a: np.ndarray, bits: int = 16) -> np.ndarray:
    """x ~ 1 / ((1 + a) / 2) in Q2, for a Q0 in (0, 1): three Newton-Raphson steps."""
    def wrap(v):
        return wrap_signed(v, bits)

    half_denominator = rounding_half_sum(a, (1 << (bits - 1)) - 1, bits)
    x = wrap(constant(1515870810, bits) + srdhm(half_denominator, constant(-1010580540, bits), bits))  # 48/17 - 32/17 d
    one = 1 << (bits - 3)  # F2::One()
    for _ in range(3):
        one_minus_half_denominator_times_x = wrap(one - srdhm(half_denominator, x, bits))
        x = wrap(x + multiply_by_pot(srdhm(x, one_minus_half_denominator_times_x, bits), 2, bits))
    return x


def one_over_one_plus_x_for_x_in_0_1(a: np.ndarray, bits: int = 16) -> np.ndarray:
    return multiply_by_pot(_newton_raphson_reciprocal(a, bits), 1, bits)


def one_minus_x_over_one_plus_x_for_x_in_0_1(a: np.ndarray) -> np.ndarray:
    return multiply_by_pot(wrap16(_newton_raphson_reciprocal(a) - (1 << 13)), 2)


def logistic(a: np.ndarray, integer_bits: int) -> np.ndarray:
    positive, zero = a > 0, a == 0
    magnitude = np.where(positive, a, wrap16(-a))
    if_positive = one_over_one_plus_x_for_x_in_0_1(exp_on_negative_values(wrap16(-magnitude), integer_bits))
    if_negative = wrap16(ONE_Q0 - if_positive)
    return np.where(zero, constant(1 << 30), np.where(positive, if_positive, if_negative))


def tanh(a: np.ndarray, integer_bits: int) -> np.ndarray:
    negative, zero = a < 0, a == 0
    n = np.where(negative, a, wrap16(-a))
    t = one_minus_x_over_one_plus_x_for_x_in_0_1(exp_on_negative_values(n, integer_bits + 1))
    return np.where(zero, 0, np.where(negative, wrap16(-t), t))


EVERY_INT16 = np.arange(INT16_MIN, INT16_MAX + 1, dtype=np.int64)


@functools.lru_cache(maxsize=None)
def table(function: str, integer_bits: int) -> np.ndarray:
    """`function` ("logistic" or "tanh") of every int16 in QN.(15-N), N = `integer_bits`,
    indexed by input + 32768; read-only int16."""
    values = {"logistic": logistic, "tanh": tanh}[function](EVERY_INT16, integer_bits).astype(np.int16)
    values.setflags(write=False)
    return values
