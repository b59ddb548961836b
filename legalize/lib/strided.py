"""STRIDED_SLICE's axes as TFLite computes them (reference/strided_slice.h, kernels/strided_slice.cc):
what STRIDED_SLICE's numeric pattern (movement/slicing.py) and its string form
(lib/string_layout.py) both read."""
from __future__ import annotations

from tfl2quant.records import dataclass

from .query import Reason, const_ints, option


@dataclass(frozen=True)
class SliceAxis:
    dim: int       # extent of the input axis (1 for an inserted one)
    start: int
    stride: int
    count: int     # elements selected
    shrink: bool


def _clamp(v: int, lo: int, hi: int) -> int:
    return min(max(v, lo), hi)


def _slice_axis(dim, begin, end, stride, begin_masked, end_masked, shrink, offset) -> SliceAxis:
    """StartForAxis / EndForAxis of reference/strided_slice.h."""
    if stride == 0:
        raise ValueError("strided slice with stride 0")
    lo, hi = (0, dim) if stride > 0 else (-1, dim - 1)
    start = dim - 1 if begin_masked and stride < 0 else 0 if begin_masked else \
        _clamp(begin + dim if begin < 0 else begin, lo, hi)
    if shrink:
        stop = start if start >= dim else start + 1
    else:
        stop = end + start if offset else end
        stop = _clamp(stop + dim if stop < 0 else stop, lo, hi)
        if end_masked:
            stop = dim if stride > 0 else -1
    return SliceAxis(dim, start, stride, len(range(start, stop, stride)), shrink)


def strided_slice_shape_error(op) -> Reason:
    """Why TFLite's slicing rules do not give the result the model declares (or an empty one)."""
    shape, axes = strided_slice_axes(op, op.operands[0].type.shape)
    if any(a.count == 0 for a in axes):
        return "empty slice"
    if tuple(shape) != tuple(op.result.type.shape):
        return f"TFLite's rules give shape {list(shape)}, the model says {list(op.result.type.shape)}"
    return None


def strided_slice_axes(op, shape) -> tuple[list[int], list[SliceAxis]]:
    """TFLite's BuildStridedSliceParams (kernels/strided_slice.cc): the ellipsis expanded
    to full axes, new_axis_mask axes inserted; then each axis's selection. Returns the
    result shape (shrunk axes dropped) and the axes."""
    begin, end, strides = (const_ints(op, k) for k in (1, 2, 3))
    masks = {m: option(op, m) for m in ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
                                        "shrink_axis_mask")}

    def bit(mask: str, i: int) -> bool:
        return bool(masks[mask] >> i & 1)

    n, rank = len(begin), len(shape)
    added = sum(1 for i in range(n) if not bit("ellipsis_mask", i) and bit("new_axis_mask", i))
    dims = rank + added
    ellipsis, new_axes, ellipsis_start, expanded, i = set(), set(), dims, 0, 0
    while i < dims:
        if bit("ellipsis_mask", i):
            stop = max(i + 1, min(i + 1 + added + rank - n, dims))
            ellipsis_start, expanded = i, stop - i - 1
            ellipsis.update(range(i, stop))
            i = stop
            continue
        if bit("new_axis_mask", i - expanded):
            new_axes.add(i)
        i += 1
    axes, extra_ellipsis, inserted = [], 0, 0
    offset = bool(option(op, "offset", False))
    for i in range(dims):
        if i in new_axes:
            axes.append(_slice_axis(1, 0, 1, 1, False, False, False, offset))
            inserted += 1
            continue
        dim = shape[i - inserted]
        if i in ellipsis or i >= n + expanded:
            extra_ellipsis = max(0, i - ellipsis_start) if i in ellipsis else extra_ellipsis
            axes.append(_slice_axis(dim, 0, 0, 1, True, True, False, offset))
            continue
        k = i - extra_ellipsis
        axes.append(_slice_axis(dim, begin[k], end[k], strides[k], bit("begin_mask", k), bit("end_mask", k),
                                bit("shrink_axis_mask", k), offset))
    return [a.count for a in axes if not a.shrink], axes
