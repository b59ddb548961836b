"""TOSA 1.0 kernels for elementwise math, logical and bitwise ops, and TABLE (the rest
are in tosa.py and tosa_shape.py)."""
from __future__ import annotations

import math

import numpy as np

from ._util import elementwise, in_float64, wrap_to

_erf = np.vectorize(math.erf, otypes=[np.float64])


def tile(ctx, x, multiples):
    return np.tile(x, tuple(int(m) for m in multiples))


def table(ctx, x, tab):
    """TOSA TABLE: i8 indexes a 256-entry i8 table at x + 128; i16 reads a 513-entry i16
    table at (x + 32768) >> 7 and interpolates the 7 low bits into an i32 result
    (base << 7) + (next - base) * fraction (the TOSA 1.0 spec's apply_lookup)."""
    if x.dtype == np.int8:  # entry x + 128 is entry (x's bits + 128) mod 256 of the table
        found = ctx.cache.get("table")
        if found is None or found[0] is not tab:
            found = ctx.cache["table"] = (tab, np.roll(tab, 128))
        return np.take(found[1], x.view(np.uint8))
    index = x.astype(np.int64) + 32768
    base, fraction = index >> 7, index & 0x7F
    t = tab.astype(np.int64)
    return (t[base] << 7) + (t[np.minimum(base + 1, 512)] - t[base]) * fraction


def clz(ctx, x):
    """Leading zero bits of each int32 (32 for 0), by halving the search five times."""
    u = x.astype(np.int64) & 0xFFFFFFFF
    count, v = np.zeros(u.shape, np.int64), u
    for s in (16, 8, 4, 2, 1):
        top_clear = v < (1 << (32 - s))
        count = np.where(top_clear, count + s, count)
        v = np.where(top_clear, (v << s) & 0xFFFFFFFF, v)
    return np.where(u == 0, 32, count).astype(x.dtype)


def logical_right_shift(ctx, a, b):
    """Shift in zeros: on the unsigned reading of the operand's width."""
    width = a.dtype.itemsize * 8
    u = a.astype(np.int64) & ((1 << width) - 1)
    return wrap_to(u >> b.astype(np.int64), ctx.result_elem())


def rfft2d(ctx, x):
    """TOSA RFFT2D: out[n, k, l] = sum over (y, x) of in[n, y, x] * exp(-2 pi i (yk/H + xl/W)) for
    l <= W/2, as real and imaginary parts. Computed in float64 and rounded once to float32
    (as TFLite's kernel does, kernels/rfft2d.cc; the spec's float32 sum differs by rounding)."""
    z = np.fft.rfft2(x.astype(np.float64), axes=(1, 2))
    return z.real.astype(np.float32), z.imag.astype(np.float32)


KERNELS = {
    "tosa.erf": elementwise(lambda x: _erf(x.astype(np.float64))),
    "tosa.sin": elementwise(in_float64(np.sin)), "tosa.cos": elementwise(in_float64(np.cos)),
    "tosa.pow": elementwise(in_float64(np.power)),
    "tosa.logical_and": lambda ctx, a, b: np.logical_and(a, b),
    "tosa.logical_or": lambda ctx, a, b: np.logical_or(a, b),
    "tosa.logical_xor": lambda ctx, a, b: np.logical_xor(a, b),
    "tosa.logical_not": lambda ctx, a: np.logical_not(a),
    "tosa.tile": tile, "tosa.table": table, "tosa.clz": clz,
    "tosa.bitwise_and": lambda ctx, a, b: np.bitwise_and(a, b), "tosa.bitwise_or": lambda ctx, a, b: np.bitwise_or(a, b),
    "tosa.bitwise_xor": lambda ctx, a, b: np.bitwise_xor(a, b), "tosa.bitwise_not": lambda ctx, a: np.invert(a),
    "tosa.logical_right_shift": logical_right_shift, "tosa.rfft2d": rfft2d,
}
