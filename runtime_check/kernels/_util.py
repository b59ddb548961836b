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


def as_unsigned(x: np.ndarray) -> np.ndarray:
    return x.view(f"u{x.dtype.itemsize}") if x.dtype.kind == "i" else x


def round_half_away(x: np.ndarray) -> np.ndarray:
    """Round half away from zero in x's own float type (math.round, std::round)."""
    r = np.trunc(x)
    return r + np.where(np.abs(x - r) >= 0.5, np.sign(x), 0).astype(x.dtype)
