"""MAX_POOL_2D, AVERAGE_POOL_2D and L2_POOL_2D.

TFLite pools raw stored values and never rescales (kernels/pooling.cc: Prepare
only DCHECKs that input and output share scale and zero point, so release
builds copy raw values whatever the output's parameters). The integer kernels
(reference_integer_ops::MaxPool/AveragePool for int8 and int16 in
integer_ops/pooling.h, reference_ops:: for uint8 in reference/pooling.h) visit
the in-bounds taps of each window only, then clamp to the fused activation's
range (CalculateActivationRangeQuantized, on the output's parameters).

MAX: the largest stored value, `tosa.max_pool2d` on storage (TOSA pads with
the lowest value, which never wins).

AVERAGE: `acc = sum q` over the `n` in-bounds taps (int32), then
`acc > 0 ? (acc + n/2) / n : (acc - n/2) / n` with C's truncating division
(ties away from zero; uint8 writes `(acc + n/2) / n`, the same for acc >= 0).
`tosa.avg_pool2d` subtracts zero points and rounds through a reciprocal
multiplier, which differs, so the sum is a depthwise convolution with all-ones
weights (padded taps are skipped: they add nothing) and the division is
`tosa.intdiv` by `n`, a constant per output position. int8 sums with an i32
accumulator; int16 needs TOSA's i48 accumulator (EXT-INT16), rescaled exactly
to i32. The average of stored values is a stored value, so it is cast back
before the clamp (TOSA's integer clamp takes i8 and i16).

uint8: TOSA reads signless integers as signed. `b ^ 0x80` maps a uint8 `b` to
the signed `b - 128`, keeping the order: both pools run there (the average
adds `128 n` back to the sum before dividing), clamp to the activation range
shifted by -128, and `^ 0x80` maps the result back.

L2 (float only: Prepare refuses quantized inputs): `sqrt(sum x*x / n)` over the
in-bounds taps (reference_ops::L2Pool). `tosa.avg_pool2d` on floats is that
loop exactly: the taps' sum in row-major order divided by their count; then
`math.sqrt` (TOSA has no square root) and the activation clamp.
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.ir.attributes import TypeAttr
from tfl2quant.ir.types import IntegerType, element_type, f32, i8, i16, i32, tensor

from .emit import UNSIGNED_OFFSET, divide_half_away, flip_sign_bit, splat
from .fused_activation import clamp_float, quantized_range
from .query import dynamic_batch, floats_only, option, per_tensor, per_tensor_only, static_shapes, storage
from .rule import NOT_YET, FloatPattern, IntegerPattern, Rule, unlowered
from .window import crop_input, pad_attr, valid_counts, window_axis

i48 = IntegerType(48)  # TOSA's accumulator of int16 convolutions


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
    return (dynamic_batch(op)
            or storage(op, "i8", "u8", "i16")
            or per_tensor_only(op)
            or window_fits(op))


def _unsigned(op) -> bool:
    return not per_tensor(op.result).is_signed


def _activation_clamp(b, y, op):
    """The fused activation's clamp on stored values (uint8: on the signed b - 128)."""
    q = per_tensor(op.result)
    lo, hi = quantized_range(op, q)
    if (lo, hi) == q.storage_type_range:
        return y
    offset = UNSIGNED_OFFSET if _unsigned(op) else 0
    return tosa.clamp(b, y, lo - offset, hi - offset)


class QuantizedMaxPool(IntegerPattern):
    def unsupported(self, op):
        return _unsupported(op)

    def rewrite(self, b, op, operands):
        win = _Window(op)
        x = crop_input(b, operands[0], win.h, win.w)
        x = flip_sign_bit(b, x) if _unsigned(op) else x
        y = b.value("tosa.max_pool2d", [x], tensor(win.out_shape, element_type(x.type)), win.pool_attrs())
        y = _activation_clamp(b, y, op)
        return [flip_sign_bit(b, y) if _unsigned(op) else y]


def window_sum(b, x, win: _Window):
    """int32 sum of the in-bounds taps of every window: an all-ones depthwise convolution
    (i8 -> i32; i16 -> i48, then rescaled by 2^30 / 2^30 to TFLite's int32 accumulator)."""
    elem = element_type(x.type)
    acc = i48 if elem == i16 else i32
    kh, kw = win.kernel
    attrs = tosa.conv_attrs((0, 0, 0, 0), win.stride, (1, 1), acc)
    attrs["pad"] = pad_attr(win.h, win.w)
    input_zp = tosa.zero_point(b, 0, elem)
    weight_zp = input_zp if elem == i8 else tosa.zero_point(b, 0, i8)
    total = b.value("tosa.depthwise_conv2d",
                    [x, tosa.const(b, np.ones((kh, kw, win.c, 1), np.int8), i8),
                     tosa.const(b, np.zeros(win.c, np.int64), acc), input_zp, weight_zp],
                    tensor(win.out_shape, acc), attrs)
    if acc == i48:
        total = tosa.rescale(b, total, [1 << 30], [30], 0, 0, tensor(win.out_shape, i32))
    return total


class QuantizedAvgPool(IntegerPattern):
    def unsupported(self, op):
        return _unsupported(op)

    def rewrite(self, b, op, operands):
        win = _Window(op)
        unsigned = _unsigned(op)
        x = crop_input(b, operands[0], win.h, win.w)
        x = flip_sign_bit(b, x) if unsigned else x
        total = window_sum(b, x, win)
        counts = win.counts()[None, :, :, None]
        if unsigned:  # the sum of b - 128 over n taps: the sum of b is 128 n more
            total = tosa.binary(b, "tosa.add", total, tosa.const(b, UNSIGNED_OFFSET * counts, i32), total.type)
        average = divide_half_away(b, total, tosa.const(b, counts, i32), tosa.const(b, counts // 2, i32))
        if unsigned:
            average = tosa.binary(b, "tosa.sub", average, splat(b, UNSIGNED_OFFSET, average.type), average.type)
        y = tosa.cast(b, average, tensor(win.out_shape, element_type(x.type)))
        y = _activation_clamp(b, y, op)
        return [flip_sign_bit(b, y) if unsigned else y]


class FloatPool(FloatPattern):
    def __init__(self, tosa_name: str):
        self.tosa_name = tosa_name

    def unsupported(self, op):
        return (dynamic_batch(op)
                or window_fits(op)
                or (floats_only(op) if self.tosa_name == "tosa.avg_pool2d" else None))

    def rewrite(self, b, op, operands, result_types):
        win = _Window(op)
        x = crop_input(b, operands[0], win.h, win.w)
        y = pool(b, self.tosa_name, x, win, result_types[0])
        return [clamp_float(b, y, op)]


def pool(b, name: str, x, win: _Window, result_type):
    attrs = win.pool_attrs()
    ins = [x]
    if name == "tosa.avg_pool2d":  # TOSA's float average also skips padding
        zero = tosa.zero_point(b, 0.0, f32)
        ins += [zero, zero]
        attrs["acc_type"] = TypeAttr(f32)
    return b.value(name, ins, result_type, attrs)


class FloatL2Pool(FloatPattern):
    """sqrt of the average of squares over the in-bounds taps (reference_ops::L2Pool)."""

    def unsupported(self, op):
        return static_shapes(op) or window_fits(op) or floats_only(op)

    def rewrite(self, b, op, operands, result_types):
        win = _Window(op)
        x = crop_input(b, operands[0], win.h, win.w)
        squares = tosa.mul(b, x, x, x.type)
        mean = pool(b, "tosa.avg_pool2d", squares, win, result_types[0])
        return [clamp_float(b, b.value("math.sqrt", [mean], result_types[0]), op)]


RULES = {
    # TFLite op             Rule(integer path,       float path)
    "tfl.max_pool_2d":     Rule(QuantizedMaxPool(),  FloatPool("tosa.max_pool2d")),
    "tfl.average_pool_2d": Rule(QuantizedAvgPool(),  FloatPool("tosa.avg_pool2d")),
    "tfl.l2_pool_2d":      Rule(None,                FloatL2Pool()),
    "tfl.reduce_window":   unlowered(NOT_YET),
}
