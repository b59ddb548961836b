"""The fixed-point facts the integer patterns rely on, checked against the
gemmlowp/TFLite definitions written out in plain Python integers."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from legalize.lib.fixed_point import activation_range, quantize_multiplier, tosa_shift
from runtime_check.executor.kernels.tosa import apply_scale_32
from tfl2quant.numerics import round_half_away

INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1


def srdhm(a: int, b: int) -> int:
    """gemmlowp SaturatingRoundingDoublingHighMul."""
    if a == b == INT32_MIN:
        return INT32_MAX
    p = a * b
    nudge = (1 << 30) if p >= 0 else 1 - (1 << 30)
    q = abs(p + nudge) >> 31  # C++ division truncates toward zero
    return q if p + nudge >= 0 else -q


def rdbpot(x: int, e: int) -> int:
    """gemmlowp RoundingDivideByPOT."""
    mask = (1 << e) - 1
    remainder = x & mask
    threshold = (mask >> 1) + (1 if x < 0 else 0)
    return (x >> e) + (1 if remainder > threshold else 0)


def mbqm(x: int, m: int, shift: int) -> int:
    """TFLite's MultiplyByQuantizedMultiplier (double-rounding build)."""
    left, right = max(shift, 0), max(-shift, 0)
    return rdbpot(srdhm(x * (1 << left), m), right)


@settings(max_examples=3000, deadline=None)
@given(x=st.integers(-(1 << 24), 1 << 24), m=st.integers(1 << 30, INT32_MAX), shift=st.integers(-31, 12))
def test_tosa_double_round_rescale_is_gemmlowp_mbqm(x, m, shift):
    tosa = apply_scale_32(np.array([x], np.int64), np.int64(m), np.int64(int(tosa_shift(shift))), True)[0]
    assert int(tosa) == mbqm(x, m, shift)


@settings(max_examples=500, deadline=None)
@given(x=st.integers(INT32_MIN + 1, INT32_MAX), m=st.integers(1 << 30, INT32_MAX), shift=st.integers(-31, 0))
def test_equal_over_the_whole_int32_range_for_right_shifts(x, m, shift):
    tosa = apply_scale_32(np.array([x], np.int64), np.int64(m), np.int64(int(tosa_shift(shift))), True)[0]
    assert int(tosa) == mbqm(x, m, shift)


def test_quantize_multiplier_known_values():
    m, s = quantize_multiplier([0.5, 1.0, 0.75, 0.0, 2.0 ** -40, 1.9999999999])
    assert m.tolist()[:5] == [1 << 30, 1 << 30, 1610612736, 0, 0]
    assert s.tolist()[:5] == [0, 1, 0, 0, 0]
    assert m[5] == 1 << 30 and s[5] == 2  # rounds up to 2^31: halved, shift + 1


def test_round_half_away_from_zero():
    assert round_half_away([0.5, 1.5, 2.5, -0.5, -2.5, 0.49999999999999994]).tolist() == [1, 2, 3, -1, -3, 0]


def test_round_half_away_keeps_the_float_type():
    """The executor's math.round rounds f16 and f32 values in their own type."""
    for dtype in (np.float16, np.float32):
        below_half = np.nextafter(dtype(0.5), dtype(0))
        r = round_half_away(np.array([0.5, 1.5, 2.5, -0.5, -2.5, below_half], dtype))
        assert r.dtype == dtype and r.tolist() == [1, 2, 3, -1, -3, 0]


def test_activation_ranges_follow_tflite():
    # RELU6 on scale 6/255, zp -128: quantize(0) = -128, quantize(6) = 127
    assert activation_range("RELU6", 6 / 255, -128, -128, 127) == (-128, 127)
    assert activation_range("RELU", 0.1, 5, -128, 127) == (5, 127)
    assert activation_range("RELU_N1_TO_1", 0.01, 0, -128, 127) == (-100, 100)
    assert activation_range("TANH", 0.01, 0, -128, 127) == (-128, 127)  # TFLite ignores it


@settings(max_examples=2000, deadline=None)
@given(st.one_of(st.floats(allow_nan=False, allow_infinity=False, width=64),
                 st.floats(min_value=2.0 ** -34, max_value=2.0 ** 32),
                 st.sampled_from([0.0, -0.0, 1.0, 0.5, 2.0 ** -31, 2.0 ** -32, 1 - 2.0 ** -33, -(1 - 2.0 ** -33)])))
def test_the_scalar_quantize_multiplier_is_the_array_one(real):
    """The plain-integer QuantizeMultiplier of one double (mbqm's fast path, through
    rescale._one_multiplier) gives the pair the numpy one gives, ties, the 2^31 overflow and
    the flush to zero included."""
    from legalize.lib.rescale import _one_multiplier

    m, shift = quantize_multiplier(np.array([real]))
    assert _one_multiplier(real) == (int(m[0]), int(shift[0]))
    if abs(real) < 3e38:  # a float32 multiplier (f32_ratio's) is read as its double
        m, shift = quantize_multiplier(np.array([np.float32(real)], np.float64))
        assert _one_multiplier(np.float32(real)) == (int(m[0]), int(shift[0]))
