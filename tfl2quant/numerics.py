"""Integer and rounding arithmetic shared by the compiler (legalize/) and the numpy
executor (runtime_check/), on whole arrays.

numpy rounds ties to even (`np.round`, `np.rint`) and its `//` floors; TFLite's
reference kernels, C and MLIR round ties away from zero (`std::round`,
`TfLiteRound`, `math.round`) and truncate integer quotients (`/`, `arith.divsi`,
`tosa.intdiv`). These are those operations, written once; this module imports
nothing of the project, so either side can use it.
"""
from __future__ import annotations

import numpy as np


def round_half_away(x) -> np.ndarray:
    """std::round / TfLiteRound / MLIR's math.round: ties away from zero, in x's own float type.

    An array or numpy scalar keeps its float type (the executor's math.round on f16
    stays f16); Python floats and lists of them become float64. The integer a value
    rounds to does not depend on the type it is rounded in (trunc and the fraction
    are exact in any binary float type), only the result's dtype does.
    """
    x = np.asarray(x)
    r = np.trunc(x)
    return r + np.where(np.abs(x - r) >= 0.5, np.sign(x), 0).astype(x.dtype)


def wrap_signed(v, bits: int) -> np.ndarray:
    """The two's-complement value of each element's low `bits` bits, as int64: C's conversion
    to a narrower signed integer type, and the wrap of compiled int32 arithmetic."""
    half = 1 << (bits - 1)
    return ((np.asarray(v, np.int64) + half) & ((1 << bits) - 1)) - half


def divide_toward_zero(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """C's integer `/` (MLIR's arith.divsi, TOSA's intdiv): the quotient truncated toward zero."""
    _check_divisor(b)
    q = np.abs(a) // np.abs(b)
    return np.where((a < 0) != (b < 0), -q, q)


def divide_floor(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The quotient rounded down (MLIR's arith.floordivsi; arith.divui on unsigned values)."""
    _check_divisor(b)
    return a // b


def divide_ceil(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The quotient rounded up (MLIR's arith.ceildivsi)."""
    _check_divisor(b)
    return -((-a) // b)


def _check_divisor(b) -> None:
    if np.any(b == 0):
        raise ZeroDivisionError("integer division by zero is undefined behaviour")


def to_narrow_float(x, dtype: np.dtype) -> np.ndarray:
    """`x` rounded once to the nearest value of the 8-bit-or-narrower ml_dtypes float `dtype`, ties
    to even: arith.truncf's conversion (APFloat::convert), overflow and NaN as ml_dtypes converts.

    ml_dtypes converts a double through float32, which rounds twice (1.0625 + 2^-30 rounds to
    1.0625 in f32, a tie, then to 1.0 in f8E4M3FN, where 1.125 is nearest). A double is therefore
    first rounded to f32 *to odd* (truncated, its last bit set when inexact): rounding that to
    nearest in a format of at most 22 significand bits (24 - 2) equals rounding the double to
    nearest (Boldo and Melquiond, "Emulation of FMA and correctly rounded sums: proved algorithms
    using rounding to odd", IEEE Trans. Computers 57(4), 2008).
    """
    x = np.asarray(x)
    if x.dtype == np.float64:
        with np.errstate(over="ignore"):  # beyond f32: inf, stepped back to f32's max below
            t = x.astype(np.float32)
        inexact = (t.astype(np.float64) != x) & np.isfinite(x)
        away = inexact & (np.abs(t.astype(np.float64)) > np.abs(x))
        t = np.where(away, np.nextafter(t, np.float32(0)), t)  # truncated; f32's overflow: its max
        x = (t.view(np.uint32) | inexact.astype(np.uint32)).view(np.float32)
    return x.astype(dtype)
