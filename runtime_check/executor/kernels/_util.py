"""Small helpers shared by the numpy kernels."""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

import numpy as np

from tfl2quant.ir.core import Value
from tfl2quant.ir.types import IntegerType, element_type, numpy_dtype


def container(v: Value) -> np.dtype | None:
    """The numpy container of `v`'s type (None for a type without one). Here, not in the
    executor (plan.py), as compiled linalg bodies convert results as the executor does."""
    try:
        return numpy_dtype(element_type(v.type))  # a complex scalar is its own element type
    except TypeError:
        return None


def to_container(x, dtype: np.dtype) -> np.ndarray:
    """`x` in the numpy container `dtype` (a bit-preserving view where the width matches)."""
    x = np.asarray(x)
    if x.dtype == dtype:
        return x
    if x.dtype.kind in "iub" and dtype.kind in "iu" and x.dtype.itemsize == dtype.itemsize:
        return x.view(dtype)
    return x.astype(dtype)


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


_NARROW_FLOATS = (np.dtype(np.float16), np.dtype(np.float32))


def in_float64(fn: Callable) -> Callable:
    """`fn` on float16 and float32 operands evaluated in float64 and rounded once to their type:
    the mathematical value, as closely as the type holds it (a double rounding is rare). numpy's
    float32 exp, log, tanh, sin are SIMD approximations: np.exp equals glibc's expf, which the
    reference kernels call, on 61% of float32 inputs in [-12, 12], exp in float64 rounded once
    on 99.9%; a last bit there moves a value that is quantized next to the neighbouring step."""
    def rounded(*xs):
        dtype = np.result_type(*xs)
        if dtype not in _NARROW_FLOATS:
            return fn(*xs)
        return np.asarray(fn(*(np.asarray(x, np.float64) for x in xs))).astype(dtype)
    rounded.__name__ = rounded.__qualname__ = f"{getattr(fn, '__name__', 'fn')}_in_float64"
    return rounded
