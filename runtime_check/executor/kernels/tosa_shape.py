"""TOSA 1.0 kernels for the reductions and data movement that legalize's reduction and movement
families emit (the rest are in tosa.py and tosa_math.py)."""
from __future__ import annotations

import numpy as np


def _reduce(fn):
    def kernel(ctx, x):
        return fn(x, axis=ctx.attr("axis"), keepdims=True).astype(x.dtype)
    return kernel


def _reduce_in_order(fn, accumulate):
    """REDUCE_SUM/PRODUCT: floats are folded along the axis in index order, the spec's loop
    (numpy's pairwise summation rounds differently); integers are exact in any order."""
    def kernel(ctx, x):
        axis = ctx.attr("axis")
        if x.dtype.kind == "f":
            return np.take(accumulate(x, axis=axis), [-1], axis=axis)
        return fn(x, axis=axis, keepdims=True).astype(x.dtype)
    return kernel


def argmax(ctx, x):
    """The first maximum; nan_mode IGNORE skips NaN (index 0 if all are), PROPAGATE takes the first NaN."""
    axis = ctx.attr("axis")
    mode = str(ctx.op.attributes["nan_mode"].body) if "nan_mode" in ctx.op.attributes else "PROPAGATE"
    if x.dtype.kind != "f" or mode == "PROPAGATE":  # np.argmax: first maximum, or first NaN
        return np.argmax(x, axis=axis).astype(ctx.result_dtype())
    nan = np.isnan(x)
    idx = np.argmax(np.where(nan, -np.inf, x), axis=axis)
    picked_nan = np.take_along_axis(nan, np.expand_dims(idx, axis), axis).squeeze(axis)
    first_number = np.argmax(~nan, axis=axis)  # a NaN won only if every number is -inf (or none is left)
    return np.where(picked_nan, first_number, idx).astype(ctx.result_dtype())

def gather(ctx, values, indices):
    if np.any(indices < 0) or np.any(indices >= values.shape[1]):
        raise IndexError(f"tosa.gather index outside [0, {values.shape[1]})")
    return values[np.arange(values.shape[0])[:, None], indices]

def _axis(size: int, out: int, n: int, d: int, offset: int, border: int):
    """Per output row: (iy0, iy1, ry) of the RESIZE pseudocode, exact integers."""
    if not (n > 0 and d > 0 and out == ((size - 1) * n - offset + border) // d + 1):
        raise ValueError("tosa.resize scale, offset and border do not give the output size")
    y = np.arange(out) * d + offset
    iy = y // n
    return np.maximum(iy, 0), np.minimum(iy + 1, size - 1), y - iy * n

def resize(ctx, x, scale, offset, border):
    if str(ctx.op.attributes["mode"].body) != "NEAREST_NEIGHBOR":
        raise NotImplementedError("tosa.resize BILINEAR is not emitted by tfl2quant")
    _, ih, iw, _ = x.shape
    _, oh, ow, _ = ctx.result_shape
    (ny, dy, nx, dx), (oy, ox), (by, bx) = (np.asarray(v).tolist() for v in (scale, offset, border))
    y0, y1, ry = _axis(ih, oh, ny, dy, oy, by)
    x0, x1, rx = _axis(iw, ow, nx, dx, ox, bx)
    rows, cols = np.where(2 * ry >= ny, y1, y0), np.where(2 * rx >= nx, x1, x0)
    return x[:, rows][:, :, cols]

# --- added for DYNAMIC_UPDATE_SLICE (h-movement) ---------------------------------------------

def scatter(ctx, values, indices, update):
    """values_in with each row n, index w replaced by input[n, w] (TOSA requires the
    indices of a row to be distinct)."""
    if np.any(indices < 0) or np.any(indices >= values.shape[1]):
        raise IndexError(f"tosa.scatter index outside [0, {values.shape[1]})")
    if any(len(np.unique(row)) != len(row) for row in indices):
        raise IndexError("tosa.scatter writes one index twice")
    out = values.copy()
    out[np.arange(values.shape[0])[:, None], indices] = update
    return out

KERNELS = {
    "tosa.reduce_sum": _reduce_in_order(np.sum, np.add.accumulate),
    "tosa.reduce_product": _reduce_in_order(np.prod, np.multiply.accumulate),
    "tosa.reduce_max": _reduce(np.max), "tosa.reduce_min": _reduce(np.min),
    "tosa.reduce_any": _reduce(np.any), "tosa.reduce_all": _reduce(np.all),
    "tosa.argmax": argmax,
    "tosa.reverse": lambda ctx, x: np.flip(x, ctx.attr("axis")),
    "tosa.gather": gather,
    "tosa.scatter": scatter,
    "tosa.resize": resize,
}
