"""math dialect kernels (elementwise, in the operand's float type)."""
from __future__ import annotations

import numpy as np

from tfl2quant.numerics import round_half_away

from ._util import as_unsigned
from ._util import elementwise as _f


def ctlz(ctx, x):
    """Leading zero bits of each integer of the operand's width (the width for 0)."""
    width = ctx.operand_width()
    u = as_unsigned(x, width).astype(np.uint64)
    bit_length = sum(((u >> np.uint64(k)) != 0).astype(np.int64) for k in range(width))
    return (width - bit_length).astype(x.dtype)


KERNELS = {
    "math.round": _f(round_half_away), "math.roundeven": _f(np.rint), "math.trunc": _f(np.trunc),
    "math.floor": _f(np.floor), "math.ceil": _f(np.ceil), "math.exp": _f(np.exp), "math.log": _f(np.log),
    "math.sqrt": _f(np.sqrt), "math.rsqrt": _f(lambda x: 1 / np.sqrt(x)), "math.tanh": _f(np.tanh),
    "math.absf": _f(np.abs), "math.absi": _f(np.abs), "math.powf": _f(np.power),
    "math.sin": _f(np.sin), "math.cos": _f(np.cos), "math.log1p": _f(np.log1p), "math.expm1": _f(np.expm1),
    "math.ctlz": ctlz, "math.atan2": _f(np.arctan2),
}
