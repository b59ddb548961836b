"""math dialect kernels (elementwise, in the operand's float type)."""
from __future__ import annotations

import numpy as np

from ._util import as_unsigned, in_float64
from ._util import elementwise as _f


def round_half_away(x):
    """numerics.round_half_away in 6 numpy calls, not 8 (no where, no sign): x's integer part, plus
    1 where the (exact) fraction is >= 0.5, minus 1 where it is <= -0.5, in x's float type. The
    same values bit for bit: a zero result is +0.0 as there (-0.0 + 0.0), NaN stays NaN and inf
    stays inf (its fraction is NaN, which compares false)."""
    r = np.trunc(x)
    f = x - r
    return r + (f >= 0.5) - (f <= -0.5)


def ctlz(ctx, x):
    """Leading zero bits of each integer of the operand's width (the width for 0)."""
    width = ctx.operand_width()
    u = as_unsigned(x, width).astype(np.uint64)
    return (width - bit_length(u, width)).astype(x.dtype)


def bit_length(u: np.ndarray, width: int) -> np.ndarray:
    """The bit length of each uint64 below 2^width (0 for 0): the exponent frexp gives its float64,
    exact below 2^53; wider values as two 32-bit halves (3 numpy calls, not 3 per bit)."""
    if width <= 53:
        return np.frexp(u.astype(np.float64))[1]
    high = u >> np.uint64(32)
    low = np.frexp((u & np.uint64(0xFFFFFFFF)).astype(np.float64))[1]
    return np.where(high != 0, 32 + np.frexp(high.astype(np.float64))[1], low)


# the elementwise ops by their numpy function (the body compiler, linalg_body.py, reads these)
# (transcendental ones in float64, rounded once: _util.in_float64)
ELEMENTWISE = {
    "math.round": round_half_away, "math.roundeven": np.rint, "math.trunc": np.trunc,
    "math.floor": np.floor, "math.ceil": np.ceil, "math.exp": in_float64(np.exp), "math.log": in_float64(np.log),
    "math.sqrt": np.sqrt, "math.rsqrt": lambda x: 1 / np.sqrt(x), "math.tanh": in_float64(np.tanh),
    "math.absf": np.abs, "math.absi": np.abs, "math.powf": in_float64(np.power),
    "math.sin": in_float64(np.sin), "math.cos": in_float64(np.cos), "math.log1p": in_float64(np.log1p),
    "math.expm1": in_float64(np.expm1), "math.atan2": in_float64(np.arctan2),
}

KERNELS = {**{name: _f(fn) for name, fn in ELEMENTWISE.items()}, "math.ctlz": ctlz}
