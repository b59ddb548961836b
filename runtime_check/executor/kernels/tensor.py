"""tensor dialect kernels."""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects.tensor import DYNAMIC  # a kDynamic entry: the next dynamic operand


def _shape(ctx, dynamic_sizes) -> tuple:
    """The result shape: static dims from the type, `?` dims from the operands in order."""
    sizes = iter(int(s) for s in dynamic_sizes)
    return tuple(next(sizes) if d is None else d for d in ctx.result_shape)


def empty(ctx, *sizes):
    return np.zeros(_shape(ctx, sizes), ctx.result_dtype())


def splat(ctx, value, *sizes):
    return np.full(_shape(ctx, sizes), value, ctx.result_dtype())


def reshape(ctx, x, shape):
    """tensor.reshape and tosa.reshape: the new shape is an operand."""
    return x.reshape(tuple(int(d) for d in shape))


def from_elements(ctx, *values):
    return np.array(values, dtype=ctx.result_dtype()).reshape(ctx.result_shape)


def dim(ctx, x, k):
    return np.array(x.shape[int(k)], np.int64)


def extract(ctx, x, *idx):
    """One element, or inside a linalg.generic body (indices are arrays there) one per lane."""
    return np.array(x[tuple(np.asarray(i, np.int64) for i in idx)])


def insert(ctx, scalar, dest, *idx):
    """A copy of `dest` with one element replaced (values are never updated in place)."""
    out = dest.copy()
    out[tuple(int(i) for i in idx)] = scalar
    return out


def reshape_static(ctx, x, *shape_operands):
    return x.reshape(tuple(-1 if d is None else d for d in ctx.result_shape))



def extract_slice(ctx, x, *dynamic):
    """Offsets, sizes and strides from the static arrays, a kDynamic entry from the dynamic
    operands in that order (operandSegmentSizes: source, offsets, sizes, strides)."""
    operands = iter(int(v) for v in dynamic)
    offsets, sizes, strides = ([next(operands) if v == DYNAMIC else v for v in ctx.attr(n)]
                               for n in ("static_offsets", "static_sizes", "static_strides"))
    index = tuple(slice(o, o + s * st, st) for o, s, st in zip(offsets, sizes, strides))
    y = x[index]
    if y.ndim == len(ctx.result_shape):
        return y
    return y.reshape(tuple(-1 if d is None else d for d in ctx.result_shape))  # rank-reduced: unit dims dropped


KERNELS = {
    "tensor.empty": empty, "tensor.splat": splat, "tensor.reshape": reshape,
    "tensor.from_elements": from_elements, "tensor.dim": dim, "tensor.extract": extract,
    "tensor.insert": insert, "tensor.bitcast": lambda ctx, x: x.view(ctx.result_dtype()),
    "tensor.cast": lambda ctx, x: x, "tensor.collapse_shape": reshape_static,
    "tensor.expand_shape": reshape_static, "tensor.extract_slice": extract_slice,
    "tensor.rank": lambda ctx, x: np.array(x.ndim, np.int64),
}
