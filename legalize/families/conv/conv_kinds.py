"""What differs between CONV_2D, DEPTHWISE_CONV_2D and TRANSPOSE_CONV: operand positions,
window geometry, the weights' layout, groups, and the TOSA op each becomes.

    CONV_2D           (input, filter [OC, KH, KW, IC / groups], bias)   tosa.conv2d per group
    DEPTHWISE_CONV_2D (input, filter [1, KH, KW, IC * M], bias?)       tosa.depthwise_conv2d, [KH, KW, IC, M]
    TRANSPOSE_CONV    (output_shape, filter [OC, KH, KW, IC], input, bias?)   tosa.transpose_conv2d

TRANSPOSE_CONV scatters input pixel (iy, ix) to outputs `iy * stride - pad + ky`
(reference/transpose_conv.h), `pad = max((in - 1) * stride + kernel - out, 0) // 2`
from ComputePaddingHeightWidth with the output as the "input" (kernels/transpose_conv.cc);
TOSA's transpose_conv2d writes it to `iy * stride + out_pad_before + ky`, so
`out_pad_before = -pad` and `out_pad_after = out - (in - 1) * stride - kernel + pad`
(both > -kernel, as TOSA requires).
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.tfl import is_no_value
from tfl2quant.ir.attributes import DenseArrayAttr, IntegerAttr, TypeAttr
from tfl2quant.ir.core import Value
from tfl2quant.ir.types import element_type, i64, tensor
from tfl2quant.records import dataclass

from ...lib.emit import concat, slice_axis
from ...lib.query import const_ints, constants, dynamic_batch, option, static_shapes
from ...lib.window import crop_input, pad_attr, window_axis


def _int(op, name: str, default: int = 1) -> int:
    a = op.attributes.get(name)
    return int(a.value) if isinstance(a, IntegerAttr) else default


def _windows(op, size, kernel) -> tuple:
    """CONV_2D's and DEPTHWISE_CONV_2D's options as strides, dilations and the two window
    axes over the input's height and width."""
    stride = (_int(op, "stride_h"), _int(op, "stride_w"))
    dilation = (_int(op, "dilation_h_factor"), _int(op, "dilation_w_factor"))
    padding = op.attributes["padding"].value
    hx, wx = (window_axis(size[k], kernel[k], stride[k], dilation[k], padding) for k in (0, 1))
    return stride, dilation, hx, wx


@dataclass(frozen=True)
class Geometry:
    """Shapes and TOSA window attributes of one op (NHWC)."""
    out_shape: tuple
    out_channels: int
    kernel: tuple
    stride: tuple
    groups: int = 1
    channels: int = 0          # input channels
    multiplier: int = 1        # depthwise channel multiplier
    dilation: tuple = (1, 1)
    h: object = None           # window.Axis (conv, depthwise)
    w: object = None
    out_pad: tuple = ()        # transpose

    def attrs(self, acc_type) -> dict:
        if self.out_pad:
            return {"out_pad": DenseArrayAttr(i64, self.out_pad), "stride": DenseArrayAttr(i64, self.stride),
                    "acc_type": TypeAttr(acc_type)}
        attrs = tosa.conv_attrs((0, 0, 0, 0), self.stride, self.dilation, acc_type)
        attrs["pad"] = pad_attr(self.h, self.w)
        return attrs


class ConvKind:
    """CONV_2D; DEPTHWISE_CONV_2D and TRANSPOSE_CONV override what differs."""
    tosa_name = "tosa.conv2d"
    input_index, bias_index = 0, 2

    def operands(self, op, values=None) -> tuple:
        """(input, filter, bias or None) among `values` (default: the op's operands)."""
        values = list(op.operands) if values is None else values
        bias = values[self.bias_index] if len(values) > self.bias_index else None
        if bias is not None and is_no_value(op.operands[self.bias_index]):
            bias = None
        return values[self.input_index], values[1], bias

    def reason(self, op) -> Optional[str]:
        """Shapes this lowering needs (the tfl verifier has checked what TFLite's Prepare does):
        a static filter, and images whose batch may be `?`."""
        x, w, _ = self.operands(op)
        return static_shapes(op, [w]) or dynamic_batch(op, [x, op.result])

    def geometry(self, op) -> Geometry:
        x, w, _ = self.operands(op)
        n, h, wd, c = x.type.shape
        oc, kh, kw, wc = w.type.shape
        stride, dilation, hx, wx = _windows(op, (h, wd), (kh, kw))
        return Geometry((n, hx.out, wx.out, oc), oc, (kh, kw), stride, c // wc, c, 1, dilation, hx, wx)

    def weights(self, b, geo: Geometry, w, elem):
        """TOSA's layout of the filter `w` (a numpy array: a constant of `elem`; else a value)."""
        return tosa.const(b, w, elem) if isinstance(w, np.ndarray) else w

    def emit(self, b, geo: Geometry, x, w, bias, x_zp, w_zp, acc_type):
        """The TOSA op (one per group), its result of `acc_type`. `w` in TFLite's layout
        (numpy or a value), `bias` of acc_type (numpy or a value), zero points as values or
        numbers (then emitted after the weights, once)."""
        zero_points = {}

        def zero_point(k, value):
            if isinstance(value, Value):
                return value
            if k not in zero_points:
                zero_points[k] = tosa.zero_point(b, value, element_type(x.type))
            return zero_points[k]

        accs = []
        for k in range(geo.groups):
            xg, wg, bg = x, w, bias
            if geo.groups > 1:
                per_in, per_out = geo.channels // geo.groups, geo.out_channels // geo.groups
                xg = slice_axis(b, x, 3, k * per_in, per_in)
                wg = w[k * per_out:(k + 1) * per_out] if isinstance(w, np.ndarray) else \
                    slice_axis(b, w, 0, k * per_out, per_out)
                bg = bias[k * per_out:(k + 1) * per_out] if isinstance(bias, np.ndarray) else \
                    slice_axis(b, bias, 0, k * per_out, per_out)
            if isinstance(bg, np.ndarray):
                bg = tosa.const(b, bg, acc_type)
            shape = geo.out_shape[:3] + (geo.out_shape[3] // geo.groups,)
            # TOSA's integer convolutions take i8 x i8 (the planes), float ones f32 x f32
            operands = [self.input(b, geo, xg), self.weights(b, geo, wg, element_type(x.type)), bg]
            operands += [zero_point(0, x_zp), zero_point(1, w_zp)]
            accs.append(b.value(self.tosa_name, operands, tensor(shape, acc_type), geo.attrs(acc_type)))
        return concat(b, accs, 3)

    def input(self, b, geo: Geometry, x):
        return crop_input(b, x, geo.h, geo.w)


class DepthwiseKind(ConvKind):
    tosa_name = "tosa.depthwise_conv2d"

    def geometry(self, op) -> Geometry:
        x, w = op.operands[:2]
        n, h, wd, c = x.type.shape
        _, kh, kw, oc = w.type.shape
        stride, dilation, hx, wx = _windows(op, (h, wd), (kh, kw))
        return Geometry((n, hx.out, wx.out, oc), oc, (kh, kw), stride, 1, c, oc // c, dilation, hx, wx)

    def weights(self, b, geo: Geometry, w, elem):
        """TFLite's [1, KH, KW, C*M] (output channel c*M + m) is TOSA's [KH, KW, C, M] in the
        same element order: a reshape."""
        shape = geo.kernel + (geo.channels, geo.multiplier)
        if isinstance(w, np.ndarray):
            return tosa.const(b, w.reshape(shape), elem)
        return tosa.reshape(b, w, shape)


class TransposeKind(ConvKind):
    tosa_name = "tosa.transpose_conv2d"
    input_index, bias_index = 2, 3

    def reason(self, op) -> Optional[str]:
        x, w, bias = self.operands(op)
        reason = static_shapes(op, [x, w, op.result]) or constants(op, {0: "output_shape"})
        if reason:
            return reason
        want = tuple(const_ints(op, 0))
        if want != tuple(op.result.type.shape):
            return f"output_shape {list(want)} differs from the result's shape {list(op.result.type.shape)}"
        n, ih, iw, ic = x.type.shape
        oc, kh, kw, wc = w.type.shape
        if len(want) != 4 or wc != ic or want[0] != n or want[3] != oc:
            return f"output_shape {list(want)} does not fit an input of {list(x.type.shape)} and a filter of " \
                   f"{list(w.type.shape)}"
        padding = option(op, "padding", "SAME")
        for size, out, k, s in ((ih, want[1], kh, _int(op, "stride_h")), (iw, want[2], kw, _int(op, "stride_w"))):
            if window_axis(out, k, s, 1, padding).out != size:  # ComputePaddingHeightWidth of the output
                return f"an input of {size} does not give an output of {out} with {padding} padding"
        if bias is not None and bias.type.shape != (oc,):
            return f"bias has shape {list(bias.type.shape)} for {oc} output channels"
        return None

    def geometry(self, op) -> Geometry:
        x, w, _ = self.operands(op)
        _, ih, iw, c = x.type.shape
        oc, kh, kw, _ = w.type.shape
        out = tuple(op.result.type.shape)
        stride = (_int(op, "stride_h"), _int(op, "stride_w"))
        pad = []
        for size, o, k, s in ((ih, out[1], kh, stride[0]), (iw, out[2], kw, stride[1])):
            before = max((size - 1) * s + k - o, 0) // 2
            pad += [-before, o - (size - 1) * s - k + before]
        return Geometry(out, oc, (kh, kw), stride, 1, c, out_pad=tuple(pad))

    def input(self, b, geo: Geometry, x):
        return x


CONV, DEPTHWISE, TRANSPOSE = ConvKind(), DepthwiseKind(), TransposeKind()
