"""CONV_2D and DEPTHWISE_CONV_2D.

Integer path (int8, reference kernels `integer_ops/conv.h`, `depthwise_conv.h`):

    real_out = si * sw_c * sum((x - zp_in) * w)          (weights symmetric, zp 0)
    q_out    = zp_out + real_out / so
             = zp_out + MBQM(acc + bias_c, QM(si * sw_c / so))

`tosa.conv2d` computes `acc + bias` exactly (padded taps are skipped, as in
TFLite), and `tosa.rescale` with DOUBLE_ROUND is MBQM bit for bit (see
fixed_point.py). The multiplier is per output channel, in double precision
(PopulateConvolutionQuantizationParams).
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.tfl import constant_array, is_no_value
from tfl2quant.ir.attributes import IntegerAttr
from tfl2quant.ir.types import f32, i8, i32, tensor

from .fixed_point import per_channel_multipliers, quantize_multiplier, tosa_shift
from .fused_activation import clamp_float, clamp_quantized
from .query import per_tensor, per_tensor_only, static_shapes, storage, storage_of, weight_scales
from .rule import NOT_YET, FloatPattern, IntegerPattern, Rule, unlowered
from .window import crop_input, pad_attr, window_axis


def _int(op, name: str, default: int = 1) -> int:
    a = op.attributes.get(name)
    return int(a.value) if isinstance(a, IntegerAttr) else default


class _Geometry:
    """Shapes, strides and TOSA padding of one conv op (NHWC input)."""

    def __init__(self, op, depthwise: bool):
        n, h, w, c = op.operands[0].type.shape
        wshape = op.operands[1].type.shape
        kh, kw = wshape[1], wshape[2]
        self.out_channels = wshape[3] if depthwise else wshape[0]
        self.multiplier = self.out_channels // c if depthwise else 1
        self.channels = c
        self.kernel = (kh, kw)
        self.stride = (_int(op, "stride_h"), _int(op, "stride_w"))
        self.dilation = (_int(op, "dilation_h_factor"), _int(op, "dilation_w_factor"))
        padding = op.attributes["padding"].value
        self.h = window_axis(h, kh, self.stride[0], self.dilation[0], padding)
        self.w = window_axis(w, kw, self.stride[1], self.dilation[1], padding)
        self.out_shape = (n, self.h.out, self.w.out, self.out_channels)

    def attrs(self, acc_type):
        attrs = tosa.conv_attrs((0, 0, 0, 0), self.stride, self.dilation, acc_type)
        attrs["pad"] = pad_attr(self.h, self.w)
        return attrs


class ConvOp:
    """What differs between CONV_2D and DEPTHWISE_CONV_2D."""

    def __init__(self, depthwise: bool):
        self.depthwise = depthwise
        self.tosa_name = "tosa.depthwise_conv2d" if depthwise else "tosa.conv2d"
        self.weight_axis = 3 if depthwise else 0  # quantized_dimension of TFLite's weights

    def layout(self, op) -> str | None:
        """A CONV_2D filter spanning every input channel: TFLite's reference kernel also
        runs grouped convolutions (the verifier allows them), TOSA has none."""
        x, w = op.operands[:2]
        channels = x.type.shape[3]
        if not self.depthwise and w.type.shape[3] != channels:
            return f"grouped convolution ({channels} input channels, filter of {w.type.shape[3]})"
        return None

    def weights(self, b, geo: _Geometry, w):
        """TFLite weights -> TOSA layout ([OC,KH,KW,IC] is already TOSA's for conv)."""
        if not self.depthwise:
            return w
        kh, kw = geo.kernel
        shape = (kh, kw, geo.channels, geo.multiplier)
        array = constant_array(w)
        if array is not None:
            return tosa.const(b, array.reshape(shape), w.type.element_type)
        return tosa.reshape(b, w, shape)


def _rescale_params(op, geo: _Geometry, kind: ConvOp):
    scales = weight_scales(op.operands[1], geo.out_channels, kind.weight_axis)
    in_q, out_q = per_tensor(op.operands[0]), per_tensor(op.result)
    mult, shift = quantize_multiplier(per_channel_multipliers(in_q.scale, scales, out_q.scale))
    if np.all(mult == mult[0]) and np.all(shift == shift[0]):
        mult, shift = mult[:1], shift[:1]
    return mult, tosa_shift(shift)


class QuantizedConv(IntegerPattern):
    def __init__(self, depthwise: bool):
        self.kind = ConvOp(depthwise)

    def unsupported(self, op):
        x, w = op.operands[:2]
        bias = op.operands[2] if len(op.operands) > 2 else None
        reason = (static_shapes(op, [x, w, op.result])
                  or storage(op, "i8", values=[x, op.result])
                  or per_tensor_only(op, [x, op.result])
                  or storage_of(op, w, "i8")
                  or (None if bias is None or is_no_value(bias) else storage_of(op, bias, "i32"))
                  or self.kind.layout(op))
        if reason:
            return reason
        geo = _Geometry(op, self.kind.depthwise)
        if weight_scales(w, geo.out_channels, self.kind.weight_axis) is None:
            return "weights are not symmetric per-tensor or per-output-channel"
        _, shifts = _rescale_params(op, geo, self.kind)
        if shifts.min() < 2 or shifts.max() > 62:
            return "requantization multiplier outside tosa.rescale's range"
        return None

    def rewrite(self, b, op, operands):
        x, w = operands[:2]
        bias = operands[2] if len(operands) > 2 else None
        geo = _Geometry(op, self.kind.depthwise)
        in_q, out_q = per_tensor(op.operands[0]), per_tensor(op.result)
        if bias is None or is_no_value(bias):
            bias = tosa.const(b, np.zeros(geo.out_channels, np.int32), i32)
        acc = b.value(self.kind.tosa_name,
                      [crop_input(b, x, geo.h, geo.w), self.kind.weights(b, geo, w), bias,
                       tosa.zero_point(b, in_q.zero_point, i8), tosa.zero_point(b, 0, i8)],
                      tensor(geo.out_shape, i32), geo.attrs(i32))
        mult, shift = _rescale_params(op, geo, self.kind)
        y = tosa.rescale(b, acc, mult, shift, 0, out_q.zero_point, tensor(geo.out_shape, i8))
        return [clamp_quantized(b, y, op, out_q)]


class FloatConv(FloatPattern):
    def __init__(self, depthwise: bool):
        self.kind = ConvOp(depthwise)

    def unsupported(self, op):
        return static_shapes(op, op.operands[:2]) or self.kind.layout(op)

    def rewrite(self, b, op, operands, result_types):
        x, w = operands[:2]
        bias = operands[2] if len(operands) > 2 else None
        geo = _Geometry(op, self.kind.depthwise)
        if bias is None or is_no_value(bias):
            bias = tosa.const(b, np.zeros(geo.out_channels, np.float32), f32)
        zero = tosa.zero_point(b, 0.0, f32)
        acc = b.value(self.kind.tosa_name,
                      [crop_input(b, x, geo.h, geo.w), self.kind.weights(b, geo, w), bias, zero, zero],
                      result_types[0], geo.attrs(f32))
        return [clamp_float(b, acc, op)]


RULES = {
    # TFLite op                Rule(integer path,             float path)
    "tfl.conv_2d":           Rule(QuantizedConv(False),     FloatConv(False)),
    "tfl.depthwise_conv_2d": Rule(QuantizedConv(True),      FloatConv(True)),
    "tfl.transpose_conv":    unlowered(NOT_YET),
    "tfl.conv_3d":           unlowered(NOT_YET),
    "tfl.conv_3d_transpose": unlowered(NOT_YET),
}
