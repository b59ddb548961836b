"""Sliding-window geometry shared by convolutions and pools.

TFLite pads SAME windows with `total = (out - 1) * stride + eff - in`,
`before = total // 2` (kernels/padding.h). TOSA 1.0 additionally requires
`in + before + after - eff` to be an exact multiple of the stride; for VALID
windows whose last rows are never read we crop those rows with tosa.slice,
which changes no output.
"""
from __future__ import annotations


import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.ir.attributes import DenseArrayAttr
from tfl2quant.ir.core import Value
from tfl2quant.ir.types import i64, tensor
from tfl2quant.records import dataclass


@dataclass(frozen=True)
class Axis:
    before: int
    after: int
    crop: int       # trailing input rows TOSA must not see
    out: int


def window_axis(size: int, kernel: int, stride: int, dilation: int, padding: str) -> Axis:
    eff = (kernel - 1) * dilation + 1
    if padding == "SAME":
        out = (size + stride - 1) // stride
    else:
        out = (size - eff + stride) // stride
    total = max((out - 1) * stride + eff - size, 0)
    before = total // 2
    after = (out - 1) * stride + eff - size - before  # exact for TOSA; < 0 means crop
    return Axis(before, max(after, 0), max(-after, 0), out)


def crop_input(b, x: Value, h: Axis, w: Axis) -> Value:
    """Drop trailing rows/columns no window reads (NHWC)."""
    if not (h.crop or w.crop):
        return x
    n, hh, ww, c = x.type.shape
    size = [n, hh - h.crop, ww - w.crop, c]
    return b.value("tosa.slice", [x, tosa.const_shape(b, [0, 0, 0, 0]), tosa.const_shape(b, size)],
                   tensor(size, x.type.element_type))


def pad_attr(h: Axis, w: Axis) -> DenseArrayAttr:
    return DenseArrayAttr(i64, (h.before, h.after, w.before, w.after))


def valid_counts(h: Axis, w: Axis, size_h: int, size_w: int, kh: int, kw: int,
                 sh: int, sw: int) -> np.ndarray:
    """Taps of each output window that fall inside the input (TFLite's average divisor)."""
    def per_axis(axis: Axis, size: int, k: int, s: int) -> np.ndarray:
        origin = np.arange(axis.out) * s - axis.before
        return np.minimum(origin + k, size) - np.maximum(origin, 0)
    return np.outer(per_axis(h, size_h, kh, sh), per_axis(w, size_w, kw, sw)).astype(np.int32)
