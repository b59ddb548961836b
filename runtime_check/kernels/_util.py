"""Small helpers shared by the numpy kernels."""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

import numpy as np

from tfl2quant.ir.types import IntegerType, numpy_dtype


def wrap_to(values: np.ndarray, elem) -> np.ndarray:
    """Two's-complement wrap of exact integers into `elem` (MLIR trunci / overflow)."""
    dtype, width = _wrap_plan(elem)
    if width:
        # (v - lo) mod 2^width + lo, with a mask: numpy's % divides (and an int64 v + half that
        # overflows wraps modulo 2^64, a multiple of 2^width: the low bits are still right)
        half = 1 << (width - 1)
        values = ((np.asarray(values, np.int64) + half) & ((1 << width) - 1)) - half
    return np.asarray(values).astype(dtype, copy=False)  # values are never updated in place


@lru_cache(maxsize=None)
def _wrap_plan(elem) -> tuple[np.dtype, int | None]:
    """`elem`'s container, and its width where that is narrower than the container (i4, i48):
    read once per type, as kernels wrap hundreds of times per run. An i1 (a numpy bool) is
    narrow too: trunci to i1 keeps the low bit, and addi on i1 is xor, not numpy's bool or."""
    dtype = numpy_dtype(elem)
    narrow = isinstance(elem, IntegerType) and (elem.width == 1 or elem.width < dtype.itemsize * 8)
    return dtype, elem.width if narrow else None


def as_unsigned(x: np.ndarray, width: int | None = None) -> np.ndarray:
    """The unsigned reading of stored bits; sub-byte values (i4 in an int8) are masked."""
    if x.dtype.kind != "i":
        return x
    u = x.view(f"u{x.dtype.itemsize}")
    if width is not None and width < x.dtype.itemsize * 8:
        return u & np.array((1 << width) - 1, u.dtype)
    return u


def first(x) -> np.generic:
    """The first element: the value of a one-element or splat tensor (a zero point, a condition)."""
    return np.asarray(x).reshape(-1)[0]


def elementwise(fn: Callable) -> Callable:
    """The kernel applying numpy `fn` to the operands, in the result's numpy type."""
    def kernel(ctx, *operands):
        return np.asarray(fn(*operands)).astype(ctx.result_dtype(), copy=False)
    return kernel
