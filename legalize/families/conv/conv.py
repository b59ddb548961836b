"""CONV_2D, DEPTHWISE_CONV_2D and TRANSPOSE_CONV; CONV_3D and CONV_3D_TRANSPOSE (float only).

Integer path, the reference kernels (reference/integer_ops/conv.h, depthwise_conv.h,
transpose_conv.h for int8 and int16; reference/conv.h, depthwise_conv_uint8.h
(reference_ops::DepthwiseConv), transpose_conv.h for uint8). With
`real = scale * (q - zero_point)` for input, filter and output,

    real_out = si * sw_c * sum((x - zi) * (w - zw))        zw: uint8 only (the int8 and int16
                                                           kernels require or ignore it: 0)
    q_out    = zo + real_out / so
             = clamp(zo + MBQM(acc + bias_c, QM(si * sw_c / so)), lo, hi)

per output channel c, with padded taps skipped (the same as padding with zi), the
multiplier computed in double from float32 scales (PopulateConvolutionQuantizationParams,
kernel_util.cc) except for uint8, whose product `si * sw` is rounded to float32 first
(GetQuantizedConvolutionMultipler). `lo, hi` is the fused activation's range
(CalculateActivationRangeQuantized: TANH and SIGN_BIT are ignored).

    int8    tosa.conv2d / depthwise_conv2d / transpose_conv2d (i8 x i8 -> i32, bias
            included), one tosa.rescale (DOUBLE_ROUND) per channel, tosa.clamp
    uint8   the same on `q - 128` with zero points `zp - 128` (storage.py)
    int16   the kernel accumulates in int64 and adds an int64 bias (DEPTHWISE_CONV_2D
            always; CONV_2D and TRANSPOSE_CONV unless `quantized_bias_type` is INT32, then
            both are int32, conv.cc / transpose_conv.cc), then the int64 MBQM with its
            16-bit multiplier (internal/common.cc). The input is split into two 8-bit
            planes, one 8-bit convolution each, summed in i64 (planes.py)

Grouped CONV_2D (filter input channels < input channels; conv.cc runs the reference
kernel for it) is one TOSA convolution per group, concatenated.
"""
from __future__ import annotations

import dataclasses
import math
from typing import Optional

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.quant.types import UniformQuantizedPerAxisType, UniformQuantizedType
from tfl2quant.dialects.tfl import constant_array, is_no_value
from tfl2quant.ir.types import f32, i8, i16, i32, i64, tensor

from ...lib import hybrid
from ...lib.emit import reshape, reverse, slice_
from ...lib.fixed_point import f32_product_multipliers, per_channel_multipliers, quantize_multiplier
from ...lib.fused_activation import clamp_float, quantized_range
from ...lib.planes import (channel_constant, finish, int32_accumulator, int64_accumulator, mbqm64, mbqm64_params,
                          mbqm64_reason, output, stored_planes)
from ...lib.query import (channel_scales, const_ints, constants, dynamic_batch, floats_only, option, per_tensor,
                         per_tensor_only, qtype, static_shapes, storage, storage_name, storage_of)
from ...lib.rescale import mbqm_reason, wrapped_left_shift
from ...lib.storage import UINT8_OFFSET, requantized, signed_from
from ...lib.window import Axis, window_axis
from ...rule import FloatPattern, IntegerPattern
from .conv_kinds import CONV, DEPTHWISE, TRANSPOSE, ConvKind

# The filter types each kernel reads correctly, by input storage. The others TFLite's Prepare
# lets through are misread: int16 DEPTHWISE_CONV_2D and uint8 DEPTHWISE_CONV_2D read a packed
# int4 filter as int8 / uint8 bytes (depthwise_conv.cc, EvalQuantizedPerChannel16x8 and
# EvalQuantized unpack nothing); conv.cc reads int16 filters as int8.
FILTERS = {"i8": ("i8", "i4"), "u8": ("u8",), "i16": ("i8", "i4")}
FILTERS_DEPTHWISE = {"i8": ("i8", "i4"), "u8": ("u8",), "i16": ("i8",)}
FILTERS_TRANSPOSE = {"i8": ("i8",), "u8": ("u8",), "i16": ("i8",)}  # transpose_conv.cc: Prepare


def accumulator(op, kind: ConvKind) -> str:
    """The kernel's accumulator and bias type: int32, or int64 for int16 inputs unless
    CONV_2D / TRANSPOSE_CONV set `quantized_bias_type` to INT32 (an unset option reads
    as FLOAT32 and selects int64)."""
    if storage_name(kind.operands(op)[0]) != "i16":
        return "i32"
    if kind is not DEPTHWISE and option(op, "quantized_bias_type", "FLOAT32") == "INT32":
        return "i32"
    return "i64"


class QuantizedConv(IntegerPattern):
    def __init__(self, kind: ConvKind):
        self.kind = kind

    def unsupported(self, op):
        x, w, bias = self.kind.operands(op)
        reason = (self.kind.reason(op)
                  or storage(op, "i8", "u8", "i16", values=[x, op.result])
                  or per_tensor_only(op, [x, op.result])
                  or self.filter_reason(op, x, w)
                  or self.bias_reason(op, bias))
        if reason:
            return reason
        real = self.multipliers(op)
        if accumulator(op, self.kind) == "i64":
            return mbqm64_reason(quantize_multiplier(real)[1])
        return mbqm_reason(real)

    def filter_reason(self, op, x, w) -> Optional[str]:
        table = FILTERS_DEPTHWISE if self.kind is DEPTHWISE else FILTERS_TRANSPOSE if self.kind is TRANSPOSE \
            else FILTERS
        kind = storage_name(x)
        reason = storage_of(op, w, *table[kind])
        if reason and storage_name(w) == "i4" and self.kind is DEPTHWISE:
            return f"TFLite's {kind} depthwise kernel reads the packed int4 filter as " \
                   f"{'uint8' if kind == 'u8' else 'int8'} bytes"
        if reason:
            return reason
        if storage_name(w) == "i4" and constant_array(w) is None:
            return constants(op, {1: "the int4 filter"})
        if kind == "u8" and per_tensor_only(op, [w]):
            return per_tensor_only(op, [w])
        if channel_scales(w, op.result.type.shape[3]) is None:
            return f"weights have {len(qtype(w).scales_flat())} scales for {op.result.type.shape[3]} output channels"
        return None

    def bias_reason(self, op, bias) -> Optional[str]:
        if bias is None:
            return None
        acc = accumulator(op, self.kind)
        if storage_name(bias) == acc:  # quantized int32, or an int64 constant (tfl.quantization)
            return None
        if acc == "i32":
            return storage_of(op, bias, "i32")
        return f"TFLite reads the bias of this int16 op as int64 (quantized_bias_type " \
               f"{option(op, 'quantized_bias_type', 'FLOAT32')}), but it is {bias.type}"

    def multipliers(self, op) -> np.ndarray:
        x, w, _ = self.kind.operands(op)
        in_q, out_q = per_tensor(x), per_tensor(op.result)
        scales = channel_scales(w, op.result.type.shape[3])
        if storage_name(x) == "u8":
            return f32_product_multipliers(in_q.scale, scales, out_q.scale)
        return per_channel_multipliers(in_q.scale, scales, out_q.scale)

    def rewrite(self, b, op, operands):
        x, w, bias = self.kind.operands(op, operands)
        x_orig, w_orig, _ = self.kind.operands(op)
        geo = self.kind.geometry(op)
        in_q, out_q = per_tensor(x_orig), per_tensor(op.result)
        lo, hi = quantized_range(op, out_q)
        real = self.multipliers(op)
        w_in, w_zp = self.filter(b, w, w_orig)
        planes = stored_planes(b, x, in_q)

        def conv(plane, bias_value):
            return self.kind.emit(b, geo, plane.value, w_in, bias_value, plane.zero_point, w_zp, i32)

        if len(planes) == 1:  # int8, uint8: the bias goes into the convolution
            bias_in = np.zeros(geo.out_channels, np.int32) if bias is None else bias
            return [requantized(b, *wrapped_left_shift(b, conv(planes[0], bias_in), real), out_q, (lo, hi))]
        zero = np.zeros(geo.out_channels, np.int32)
        terms = [(conv(p, zero), p.factor) for p in planes]
        channel = [] if bias is None else [bias]
        if accumulator(op, self.kind) == "i32":
            acc = finish(b, terms, channel, tensor(geo.out_shape, i32),
                         lambda r, parts, ch: int32_accumulator(r, parts, ch[0] if ch else None))
            return [requantized(b, *wrapped_left_shift(b, acc, real), out_q, (lo, hi))]
        m16, n = mbqm64_params(*quantize_multiplier(real))
        channel += [channel_constant(b, m16, i64), channel_constant(b, n, i64)]

        def body(r, parts, ch):
            acc = int64_accumulator(r, parts, ch[0] if bias is not None else None)
            return output(r, mbqm64(r, acc, ch[-2], ch[-1]), out_q.zero_point, lo, hi, i16)
        return [finish(b, terms, channel, tensor(geo.out_shape, i16), body)]

    def filter(self, b, w, w_orig):
        """(filter in TOSA's i8 terms, its zero point): uint8 as `q - 128` (its zero point
        counts, the int8 and int16 kernels' does not), int4 as int8 values. Constants are
        converted at compile time (numpy), as is a depthwise filter's reshape."""
        array = constant_array(w_orig)
        wq = qtype(w_orig)
        if not wq.is_signed:
            zp = per_tensor(w_orig).zero_point - UINT8_OFFSET
            if array is None:
                return signed_from(b, w), zp
            return (array.view(np.uint8).astype(np.int16) - UINT8_OFFSET).astype(np.int8), zp
        if array is not None and (wq.storage_width != 8 or self.kind is DEPTHWISE):
            return np.asarray(array).astype(np.int8), 0
        return w, 0


class HybridConv(IntegerPattern):
    """Float input, quantized weights (hybrid.py), each image quantized as one row:

    CONV_2D, equal weight scales   symmetric; conv.cc EvalHybrid -> optimized_ops::HybridConv,
                                   `float(acc) * (s * sw)` then `+ bias`
    CONV_2D, per-channel scales    asymmetric; EvalHybridPerChannel -> reference
                                   HybridConvPerChannel, `(float(acc) * sw_c) * s + bias`
    DEPTHWISE_CONV_2D              asymmetric, int8 filters with one scale per channel;
                                   reference DepthwiseConvHybridPerChannel, `float(acc) * (sw_c * s)`
    TRANSPOSE_CONV                 asymmetric, int8 filters; transpose_conv.cc EvalHybrid ->
                                   reference HybridTransposeConv in every resolver, which adds
                                   `(float(w * (q - z)) * sw_c) * s` product by product in its
                                   scatter order: here the int32 sum is scaled once, equal to
                                   the last bits of float rounding

    `acc = sum w * (q - z)` over the taps inside the image: the convolution of q with zero
    padding, minus z times the same convolution of ones (the weights each output reads)."""

    def __init__(self, kind: ConvKind):
        self.kind = kind

    def unsupported(self, op):
        x, w, bias = self.kind.operands(op)
        reason = self.kind.reason(op) or hybrid.hybrid_reason(op, w, bias, data=op.operands.index(x))
        if reason:
            return reason
        if storage_name(w) == "i2":
            return ("int2 filter: TFLite has no hybrid int2 convolution (conv.cc: is_hybrid covers uint8, int8 and "
                    "int4 filters), so every resolver runs its float convolution on the packed bytes read as "
                    "float32 and returns NaN or garbage")
        channels = op.result.type.shape[3]
        if not isinstance(qtype(w), (UniformQuantizedType, UniformQuantizedPerAxisType)) or \
                channel_scales(w, channels) is None:
            return f"weights of type {qtype(w)} for {channels} output channels"
        if self.kind is TRANSPOSE and storage_name(w) != "i8":
            return "TFLite's hybrid transpose convolution takes int8 filters only (transpose_conv.cc: Eval)"
        if self.kind is DEPTHWISE:
            if storage_name(w) != "i8":
                return "TFLite's hybrid depthwise kernel takes int8 filters only"
            if len(qtype(w).scales_flat()) != channels:
                return "TFLite's hybrid depthwise kernel reads one weight scale per output channel"
        elif not self.per_channel(w) and self.kind.geometry(op).groups > 1:
            return "TFLite has no grouped hybrid convolution with equal weight scales"
        return None

    def float_sums(self, op):
        if self.kind is TRANSPOSE:
            return ("float sums: TFLite's HybridTransposeConv adds each product scaled in float in its scatter "
                    "order (reference/transpose_conv.h); here the int32 sum is scaled once")
        return None

    @staticmethod
    def per_channel(w) -> bool:
        """conv.cc's is_hybrid_per_channel: the weights' scales are not all equal."""
        return len(set(qtype(w).scales_flat())) > 1

    def rewrite(self, b, op, operands):
        x, _, bias = self.kind.operands(op, operands)
        x_orig, w, _ = self.kind.operands(op)
        geo = self.kind.geometry(op)
        asymmetric = self.kind is not CONV or self.per_channel(w)
        q, scale, zero_point = hybrid.per_image(b, x, asymmetric)
        weights = hybrid.weight_values(w)
        no_bias = np.zeros(geo.out_channels, np.int32)
        acc = self.kind.emit(b, geo, q, weights, no_bias, 0, 0, i32)
        taps = None
        if asymmetric:
            ones = tosa.const(b, np.ones((1,) + tuple(x_orig.type.shape[1:]), np.int8), i8)
            one_image = dataclasses.replace(geo, out_shape=(1,) + tuple(geo.out_shape[1:]))
            taps = self.kind.emit(b, one_image, ones, weights, no_bias, 0, 0, i32)
        y = hybrid.scale_back(b, acc, scale, zero_point, taps, channel_scales(w, geo.out_channels), bias,
                              channel_first=self.kind is TRANSPOSE or (self.kind is CONV and asymmetric))
        return [clamp_float(b, y, op)]


class FloatConv(FloatPattern):
    def __init__(self, kind: ConvKind):
        self.kind = kind

    def unsupported(self, op):
        if self.kind is TRANSPOSE:
            return self.kind.reason(op)
        return static_shapes(op, [op.operands[1]]) or dynamic_batch(op, [op.operands[0], op.result])

    def rewrite(self, b, op, operands, result_types):
        x, w, bias = self.kind.operands(op, operands)
        geo = self.kind.geometry(op)
        if bias is None:
            bias = tosa.const(b, np.zeros(geo.out_channels, np.float32), f32)
        array = constant_array(w)
        w_in = np.asarray(array, np.float32) if array is not None and self.kind is DEPTHWISE else w
        zero = tosa.zero_point(b, 0.0, f32)
        acc = self.kind.emit(b, geo, x, w_in, bias, zero, zero, f32)
        return [clamp_float(b, acc, op)]


# --- CONV_3D, CONV_3D_TRANSPOSE (float32 only: conv3d.cc and conv3d_transpose.cc Prepare) ---------

def _window3d(op, sizes, kernel) -> list:
    """window.Axis over depth, height and width, from Conv3DOptions (ComputePadding3DValues)."""
    padding = option(op, "padding", "SAME")
    return [window_axis(size, k, option(op, f"stride_{a}", 1), option(op, f"dilation_{a}_factor", 1), padding)
            for size, k, a in zip(sizes, kernel, "dhw")]


def _conv3d(b, x, weights, bias, axes, op, out_shape, strided: bool = True):
    """tosa.conv3d (f32) of `x` [N, D, H, W, C] with TOSA weights [OC, KD, KH, KW, IC] (numpy:
    a constant), padded and cropped as `axes` say, with the op's strides (or 1s) and dilations."""
    n, *sizes, c = x.type.shape
    x = slice_(b, x, [0] * 5, [n] + [size - a.crop for size, a in zip(sizes, axes)] + [c])
    if isinstance(weights, np.ndarray):
        weights = tosa.const(b, np.ascontiguousarray(weights), f32)
    if bias is None:
        bias = tosa.const(b, np.zeros(out_shape[4], np.float32), f32)
    zero = tosa.zero_point(b, 0.0, f32)
    attrs = tosa.conv_attrs([p for a in axes for p in (a.before, a.after)],
                            [option(op, f"stride_{a}", 1) if strided else 1 for a in "dhw"],
                            [option(op, f"dilation_{a}_factor", 1) for a in "dhw"], f32)
    y = b.value("tosa.conv3d", [x, weights, bias, zero, zero], tensor(out_shape, f32), attrs)
    return clamp_float(b, y, op)


def _bias(op, operands, k):
    return operands[k] if len(op.operands) > k and not is_no_value(op.operands[k]) else None


class FloatConv3D(FloatPattern):
    """CONV_3D (reference/conv3d.h): NDHWC input, filter [KD, KH, KW, IC, OC], SAME or
    VALID padding as 2-D (kernels/padding.h), taps outside the input skipped (zero
    padding), bias, fused activation. tosa.conv3d takes the filter as [OC, KD, KH, KW, IC]:
    a transpose (at compile time for a constant filter)."""

    def unsupported(self, op):
        x, w = op.operands[:2]
        reason = static_shapes(op, [x, w, op.result]) or floats_only(op, [x, w, op.result])
        if reason:
            return reason
        n, *sizes, c = x.type.shape
        want = (n, *(a.out for a in _window3d(op, sizes, w.type.shape[0:3])), w.type.shape[4])
        if w.type.shape[3] != c or tuple(op.result.type.shape) != want:
            return f"an input of {list(x.type.shape)} and a filter of {list(w.type.shape)} give " \
                   f"{list(want)}, the model says {list(op.result.type.shape)}"
        return None

    def rewrite(self, b, op, operands, result_types):
        x, w = operands[:2]
        array = constant_array(op.operands[1])
        weights = (np.transpose(np.asarray(array, np.float32), (4, 0, 1, 2, 3)) if array is not None
                   else tosa.transpose(b, w, (4, 0, 1, 2, 3)))
        axes = _window3d(op, x.type.shape[1:4], w.type.shape[0:3])
        return [_conv3d(b, x, weights, _bias(op, operands, 2), axes, op, tuple(result_types[0].shape))]


class FloatConv3DTranspose(FloatPattern):
    """CONV_3D_TRANSPOSE (reference/conv3d_transpose.h): operands output_shape, filter
    [KD, KH, KW, OC, IC], input, bias?. Input element i of each spatial axis adds into
    output `i * stride - pad + k * dilation` (inside the output), `pad` from the output's
    size as for CONV_3D (ComputePadding3DValues with the output as the input).

    That is a stride-1 tosa.conv3d of the input spread out by the stride (`stride - 1`
    zeros between elements: a tosa.pad of a unit axis, then a reshape, per axis) with the
    filter mirrored along KD, KH and KW: output o reads spread element
    `o + pad - k * dilation`, i.e. tap `K-1-k` of a window starting at `o - before`,
    `before = (K - 1) * dilation - pad` (a negative `before` crops the spread input)."""

    def unsupported(self, op):
        w, x = op.operands[1:3]
        reason = (static_shapes(op, [w, x, op.result]) or floats_only(op, [w, x, op.result])
                  or constants(op, {0: "output_shape"}))
        if reason:
            return reason
        want = tuple(const_ints(op, 0))
        if want != tuple(op.result.type.shape):
            return f"output_shape {list(want)} differs from the result's shape {list(op.result.type.shape)}"
        axes = _window3d(op, want[1:4], w.type.shape[0:3])
        if [a.out for a in axes] != list(x.type.shape[1:4]) or (want[0], want[4], x.type.shape[4]) != \
                (x.type.shape[0], *w.type.shape[3:5]):
            return f"an input of {list(x.type.shape)} does not give an output of {list(want)}"
        return None

    def rewrite(self, b, op, operands, result_types):
        w, x = operands[1:3]
        out_shape = tuple(result_types[0].shape)
        kernel = w.type.shape[0:3]
        pads = _window3d(op, out_shape[1:4], kernel)
        array = constant_array(op.operands[1])
        if array is not None:
            weights = np.transpose(np.asarray(array, np.float32), (3, 0, 1, 2, 4))[:, ::-1, ::-1, ::-1]
        else:
            weights = tosa.transpose(b, w, (3, 0, 1, 2, 4))
            for axis in (1, 2, 3):
                weights = reverse(b, weights, axis)
        axes, low, size = [], [0], [x.type.shape[0]]
        for k, a in enumerate("dhw"):
            stride, dilation = option(op, f"stride_{a}", 1), option(op, f"dilation_{a}_factor", 1)
            x = _spread(b, x, k + 1, stride)
            spread = (x.type.shape[k + 1] - 1) // stride * stride + 1  # the last element, not its zeros
            before = (kernel[k] - 1) * dilation - pads[k].before
            after = out_shape[k + 1] + (kernel[k] - 1) * dilation - spread - before
            axes.append(Axis(max(before, 0), max(after, 0), 0, out_shape[k + 1]))
            low.append(max(-before, 0))
            size.append(spread - max(-before, 0) - max(-after, 0))
        x = slice_(b, x, low + [0], size + [x.type.shape[4]])
        return [_conv3d(b, x, weights, _bias(op, operands, 3), axes, op, out_shape, strided=False)]


def _spread(b, x, axis: int, stride: int):
    """`x` with `stride - 1` zeros after each element along `axis` (a unit axis padded)."""
    if stride == 1:
        return x
    shape = tuple(x.type.shape)
    outer, inner = math.prod(shape[:axis + 1]), math.prod(shape[axis + 1:])
    unit = reshape(b, x, (outer, 1, inner))
    padded = tosa.pad(b, unit, [0, 0, 0, stride - 1, 0, 0], 0.0, tensor((outer, stride, inner), f32))
    return reshape(b, padded, shape[:axis] + (shape[axis] * stride,) + shape[axis + 1:])
