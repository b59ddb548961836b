"""MAX_POOL_2D and AVERAGE_POOL_2D.

TFLite pools raw stored values and never rescales: input and output are
assumed to share scale and zero point (integer_ops/pooling.h).

MAX: `tosa.max_pool2d` on the storage type, then the activation clamp.

AVERAGE: over the in-bounds taps only, `sum` of raw values then
`sum > 0 ? (sum + n/2) / n : (sum - n/2) / n` with truncating division (ties
away from zero). `tosa.avg_pool2d` subtracts zero points and rounds through a
reciprocal multiplier, which differs, so the sum is a depthwise convolution
with all-ones weights (padded taps skipped) and the division is `tosa.intdiv`
by the per-position tap count, a constant.
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.ir.attributes import TypeAttr
from tfl2quant.ir.types import f32, i8, i32, tensor

from .emit import divide_half_away
from .fused_activation import clamp_float, clamp_quantized, quantized_range
from .query import floats_only, option, per_tensor, per_tensor_only, static_shapes, storage
from .rule import NOT_YET, FloatPattern, IntegerPattern, Rule, unlowered
from .window import crop_input, pad_attr, valid_counts, window_axis


class _Window:
    def __init__(self, op):
        self.n, self.height, self.width, self.c = op.operands[0].type.shape
        self.kernel = (op.attributes["filter_height"].value, op.attributes["filter_width"].value)
        self.stride = (op.attributes["stride_h"].value, op.attributes["stride_w"].value)
        padding = op.attributes["padding"].value
        self.h = window_axis(self.height, self.kernel[0], self.stride[0], 1, padding)
        self.w = window_axis(self.width, self.kernel[1], self.stride[1], 1, padding)
        self.out_shape = (self.n, self.h.out, self.w.out, self.c)

    def pool_attrs(self):
        attrs = tosa.pool_attrs(self.kernel, self.stride, (0, 0, 0, 0))
        attrs["pad"] = pad_attr(self.h, self.w)
        return attrs

    def counts(self) -> np.ndarray:
        return valid_counts(self.h, self.w, self.height, self.width, *self.kernel, *self.stride)


def window_fits(op) -> str | None:
    """TOSA pools need a window no larger than the padded input (pad < kernel); TFLite's
    kernels clip a larger one to the input, which no converter writes."""
    _, h, w, _ = op.operands[0].type.shape
    kh, kw = option(op, "filter_height", 1), option(op, "filter_width", 1)
    if kh > h or kw > w:
        return f"filter {kh}x{kw} larger than the input {h}x{w}"
    return None


def _unsupported(op):
    return (static_shapes(op)
            or storage(op, "i8")
            or per_tensor_only(op)
            or window_fits(op))


class QuantizedMaxPool(IntegerPattern):
    def unsupported(self, op):
        return _unsupported(op)

    def rewrite(self, b, op, operands):
        win = _Window(op)
        x = crop_input(b, operands[0], win.h, win.w)
        y = b.value("tosa.max_pool2d", [x], tensor(win.out_shape, i8), win.pool_attrs())
        return [clamp_quantized(b, y, op, per_tensor(op.result))]


class QuantizedAvgPool(IntegerPattern):
    def unsupported(self, op):
        return _unsupported(op)

    def rewrite(self, b, op, operands):
        win = _Window(op)
        x = crop_input(b, operands[0], win.h, win.w)
        kh, kw = win.kernel
        attrs = tosa.conv_attrs((0, 0, 0, 0), win.stride, (1, 1), i32)
        attrs["pad"] = pad_attr(win.h, win.w)
        zero = tosa.zero_point(b, 0, i8)
        acc_type = tensor(win.out_shape, i32)
        total = b.value("tosa.depthwise_conv2d",
                        [x, tosa.const(b, np.ones((kh, kw, win.c, 1), np.int8), i8),
                         tosa.const(b, np.zeros(win.c, np.int32), i32), zero, zero], acc_type, attrs)
        counts = win.counts()[None, :, :, None]
        n = tosa.const(b, counts, i32)
        half = tosa.const(b, counts // 2, i32)
        average = divide_half_away(b, total, n, half)
        lo, hi = quantized_range(op, per_tensor(op.result))
        return [tosa.cast(b, tosa.clamp(b, average, lo, hi), tensor(win.out_shape, i8))]


class FloatPool(FloatPattern):
    def __init__(self, tosa_name: str):
        self.tosa_name = tosa_name

    def unsupported(self, op):
        return (static_shapes(op)
                or window_fits(op)
                or (floats_only(op) if self.tosa_name == "tosa.avg_pool2d" else None))

    def rewrite(self, b, op, operands, result_types):
        win = _Window(op)
        x = crop_input(b, operands[0], win.h, win.w)
        attrs = win.pool_attrs()
        ins = [x]
        if self.tosa_name == "tosa.avg_pool2d":  # TOSA's float average also skips padding
            zero = tosa.zero_point(b, 0.0, f32)
            ins += [zero, zero]
            attrs["acc_type"] = TypeAttr(f32)
        y = b.value(self.tosa_name, ins, result_types[0], attrs)
        return [clamp_float(b, y, op)]


RULES = {
    # TFLite op             Rule(integer path,       float path)
    "tfl.max_pool_2d":     Rule(QuantizedMaxPool(),  FloatPool("tosa.max_pool2d")),
    "tfl.average_pool_2d": Rule(QuantizedAvgPool(),  FloatPool("tosa.avg_pool2d")),
    "tfl.l2_pool_2d":      unlowered(NOT_YET),
    "tfl.reduce_window":   unlowered(NOT_YET),
}
