"""Small helpers shared by the numpy kernels."""
from __future__ import annotations

import numpy as np

from tfl2quant.ir.attributes import DenseArrayAttr, DenseElementsAttr, FloatAttr, IntegerAttr
from tfl2quant.ir.types import IntegerType, element_type, integer_range, numpy_dtype


def attr_value(op, name: str, default=None):
    """An attribute as plain Python: ints, floats, tuples, or arrays for dense ones."""
    a = op.attributes.get(name)
    if a is None:
        return default
    if isinstance(a, (IntegerAttr, FloatAttr)):
        return a.value
    if isinstance(a, DenseArrayAttr):
        return tuple(a.value)
    if isinstance(a, DenseElementsAttr):
        return a.array()
    return a


def result_dtype(op, k: int = 0) -> np.dtype:
    return numpy_dtype(element_type(op.results[k].type))


def result_elem(op, k: int = 0):
    return element_type(op.results[k].type)


def wrap_to(values: np.ndarray, elem) -> np.ndarray:
    """Two's-complement wrap of exact integers into `elem` (MLIR trunci / overflow)."""
    dtype = numpy_dtype(elem)
    if isinstance(elem, IntegerType) and elem.width < dtype.itemsize * 8 and elem.width > 1:
        lo, _ = integer_range(IntegerType(elem.width))
        span = 1 << elem.width
        values = (np.asarray(values, np.int64) - lo) % span + lo
    return np.asarray(values).astype(dtype)


def as_unsigned(x: np.ndarray, width: int | None = None) -> np.ndarray:
    """The unsigned reading of stored bits; sub-byte values (i4 in an int8) are masked."""
    if x.dtype.kind != "i":
        return x
    u = x.view(f"u{x.dtype.itemsize}")
    if width is not None and width < x.dtype.itemsize * 8:
        return u & np.array((1 << width) - 1, u.dtype)
    return u


def operand_width(op, k: int = 0) -> int | None:
    elem = element_type(op.operands[k].type)
    return getattr(elem, "width", None) or getattr(elem, "storage_width", None)


def round_half_away(x: np.ndarray) -> np.ndarray:
    """Round half away from zero in x's own float type (math.round, std::round)."""
    r = np.trunc(x)
    return r + np.where(np.abs(x - r) >= 0.5, np.sign(x), 0).astype(x.dtype)
