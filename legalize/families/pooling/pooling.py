"""MAX_POOL_2D, AVERAGE_POOL_2D and L2_POOL_2D; REDUCE_WINDOW (float path, see ReduceWindow).

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

import math

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.ir.attributes import TypeAttr
from tfl2quant.ir.types import IntegerType, element_type, f32, i1, i8, i16, i32, tensor

from ...lib.emit import UNSIGNED_OFFSET, divide_half_away, flip_sign_bit, reshape, slice_, splat
from ...lib.fused_activation import clamp_float, quantized_range
from ...lib.gather import gather
from ...lib.query import (const_ints, constants, dynamic_batch, floats_only, non_empty, option, per_tensor,
                         per_tensor_only, qtype, static_shapes, storage)
from ...lib.window import crop_input, pad_attr, valid_counts, window_axis
from ...rule import FloatPattern, IntegerPattern

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


# --- REDUCE_WINDOW -------------------------------------------------------------------------------

MAX_TAPS = 256          # window elements REDUCE_WINDOW folds one by one
MAX_GATHERED = 1 << 22  # elements its gather writes out (taps x outputs)
WINDOW_BODIES = {"ADD", "MUL", "MINIMUM", "MAXIMUM", "ALL", "ANY"}


def _fold(b, body: str, acc, v, t):
    """One step `acc = body(acc, v)` of reduce_window::StridedReduce, as the kernel writes it:
    std::plus, std::multiplies, `a >= b ? a : b` (Max), `a <= b ? a : b` (Min),
    std::logical_and, std::logical_or (a NaN in the window is kept or passed over as these
    comparisons decide, not as tosa.maximum/minimum would)."""
    if body == "ADD":
        return tosa.binary(b, "tosa.add", acc, v, t)
    if body == "MUL":
        return tosa.mul(b, acc, v, t)
    if body in ("ALL", "ANY"):
        return tosa.binary(b, "tosa.logical_and" if body == "ALL" else "tosa.logical_or", acc, v, t)
    keep = b.value("tosa.greater_equal", [acc, v] if body == "MAXIMUM" else [v, acc], tensor(t.shape, i1))
    return b.value("tosa.select", [keep, acc, v], t)


class ReduceWindow(FloatPattern):
    """REDUCE_WINDOW (the deprecated TFLite form, kernels/stablehlo_reduce_window.cc:
    TFLiteData): operands input, init_value, window_dimensions, window_strides and
    window_dilations (int64 constants), the body in `reduce_function`. No padding: output
    axis i has `(in - (w - 1) * d - 1) / s + 1` windows (0 when the window does not fit),
    and each output is `init` folded with its window's elements in row-major window order,
    `acc = body(acc, x)`.

    Every window element of every output is one tosa.gather from the flattened input at
    constant positions ([taps, outputs]); then a fold over the taps, one TOSA op (or a
    tosa.greater_equal and tosa.select) each, starting from init: the kernel's order, so
    float sums and products are its to the bit."""

    def unsupported(self, op):
        x, init = op.operands[:2]
        reason = (static_shapes(op, [x, init, op.result]) or non_empty(op, [x, op.result])
                  or constants(op, {2: "window_dimensions", 3: "window_strides", 4: "window_dilations"}))
        if reason:
            return reason
        if math.prod(init.type.shape) != 1:
            return f"init_value {init.type}: the kernel reads one value"
        body = option(op, "reduce_function", "UNSUPPORTED")
        elem = element_type(x.type)
        if body not in WINDOW_BODIES:
            return f"reduce_function {body}"
        if qtype(x) is not None:
            return "TFLite's REDUCE_WINDOW folds the stored integers of a quantized tensor, not its real values"
        if (body in ("ALL", "ANY")) != (elem == i1) or elem not in (f32, i32, i1):
            return f"REDUCE_WINDOW {body} of {x.type}: the lowering takes float32 and int32 (bool for ALL and ANY)"
        window, strides, dilations = (const_ints(op, k) for k in (2, 3, 4))
        rank = len(x.type.shape)
        if rank == 0 or not len(window) == len(strides) == len(dilations) == rank or \
                min(window + strides + dilations) < 1:
            return f"window {window}, strides {strides}, dilations {dilations} for an input of rank {rank}"
        shape = tuple((n - (w - 1) * d - 1) // s + 1 for n, w, s, d in zip(x.type.shape, window, strides, dilations))
        if shape != tuple(op.result.type.shape):
            return f"the windows give shape {list(shape)}, the model says {list(op.result.type.shape)}"
        taps = math.prod(window)
        if taps > MAX_TAPS or taps * math.prod(shape) > MAX_GATHERED:
            return f"{taps} taps per window for {math.prod(shape)} outputs (up to {MAX_TAPS} and " \
                   f"{MAX_GATHERED} gathered elements)"
        return None

    def rewrite(self, b, op, operands, result_types):
        x, init = operands[:2]
        t = result_types[0]
        window, strides, dilations = (const_ints(op, k) for k in (2, 3, 4))
        in_shape, out_shape = tuple(x.type.shape), tuple(t.shape)
        flat = np.arange(math.prod(in_shape)).reshape(in_shape)
        starts = flat[tuple(slice(None, (n - 1) * s + 1, s) for n, s in zip(out_shape, strides))]
        offsets = np.ravel_multi_index(np.indices(window).reshape(len(window), -1) *
                                       np.asarray(dilations)[:, None], in_shape)
        positions = offsets[:, None] + starts.reshape(1, -1)  # [taps, outputs]
        taps, outputs = positions.shape
        elem = element_type(x.type)
        moved = tosa.cast(b, x, x.type.with_element_type(i8)) if elem == i1 else x  # tosa.gather moves no i1
        values = gather(b, reshape(b, moved, (1, flat.size, 1)),
                        tosa.const(b, positions.reshape(1, -1).astype(np.int32), i32))
        values = reshape(b, values, (taps, outputs))
        row = tensor((1, outputs), elem)
        acc = reshape(b, init, (1, 1))
        for k in range(taps):
            v = slice_(b, values, (k, 0), (1, outputs))
            v = tosa.cast(b, v, row) if elem == i1 else v
            acc = _fold(b, option(op, "reduce_function"), acc, v, row)
        return [reshape(b, acc, out_shape)]
