"""tensor dialect kernels."""
from __future__ import annotations

import numpy as np

from ._util import attr_value, result_dtype


def _shape(op, dynamic_sizes) -> tuple:
    """The result shape: static dims from the type, `?` dims from the operands in order."""
    sizes = iter(int(s) for s in dynamic_sizes)
    return tuple(next(sizes) if d is None else d for d in op.result.type.shape)


def empty(op, *sizes):
    return np.zeros(_shape(op, sizes), result_dtype(op))


def splat(op, value, *sizes):
    return np.full(_shape(op, sizes), value, result_dtype(op))


def reshape(op, x, shape):
    return x.reshape(tuple(int(d) for d in shape))


def from_elements(op, *values):
    return np.array(values, dtype=result_dtype(op)).reshape(op.result.type.shape)


def dim(op, x, k):
    return np.array(x.shape[int(k)], np.int64)


def extract(op, x, *idx):
    return np.array(x[tuple(int(i) for i in idx)])


def reshape_static(op, x, *shape_operands):
    return x.reshape(tuple(-1 if d is None else d for d in op.result.type.shape))


def extract_slice(op, x, *dynamic):
    offsets, sizes, strides = (attr_value(op, n) for n in ("static_offsets", "static_sizes", "static_strides"))
    index = tuple(slice(o, o + s * st, st) for o, s, st in zip(offsets, sizes, strides))
    return x[index].reshape(op.result.type.shape)


KERNELS = {
    "tensor.empty": empty, "tensor.splat": splat, "tensor.reshape": reshape,
    "tensor.from_elements": from_elements, "tensor.dim": dim, "tensor.extract": extract,
    "tensor.cast": lambda op, x: x, "tensor.collapse_shape": reshape_static,
    "tensor.expand_shape": reshape_static, "tensor.extract_slice": extract_slice,
    "tensor.rank": lambda op, x: np.array(x.ndim, np.int64),
}
