"""MediaPipe's CPU kernels of custom operators (mediapipe/util/tflite/operations/), one
class each, which legalize/families/custom/__init__.py picks by custom_code; this module has the shared
pieces and the image kernels, mediapipe_transforms.py the landmark and warp ones.

A kernel reads its options from the op's custom_option bytes: a C struct of TFLite's
builtin_op_data.h reinterpreted (`reinterpret_cast<const TfLitePoolParams*>(
node->custom_initial_data)`: struct_ints) or a flexbuffer map (flexbuffer_map).
"""
from __future__ import annotations

import re
import struct

import numpy as np
from flatbuffers import flexbuffers  # a dependency of ai-edge-litert

from tfl2quant.dialects import tosa
from tfl2quant.ir.attributes import DenseArrayAttr, IntegerAttr, TypeAttr
from tfl2quant.ir.types import element_type, f32, i1, i32, i64, tensor

from ...lib.emit import NAN_IGNORE, concat, reshape, select, slice_
from ...lib.query import first_reason, rank, result_shape, static_shapes
from ...rule import FloatPattern

FLT_MAX = float(np.finfo(np.float32).max)
PADDING = {1: "SAME", 2: "VALID"}  # TfLitePadding (builtin_op_data.h); 0 is kTfLitePaddingUnknown
# CalculateActivationRange (kernels/internal/common.h) of TfLiteFusedActivation: Relu, ReluN1To1,
# Relu6; every other activation leaves [lowest, max]
ACTIVATION_RANGE = {1: (0.0, FLT_MAX), 2: (-1.0, 1.0), 3: (0.0, 6.0)}


def custom_option(op) -> bytes:
    """The option bytes the importer keeps as `#tfl<const_bytes : "0x...">`."""
    m = re.search(r'"0x([0-9A-Fa-f]*)"', str(op.attributes.get("custom_option", "")))
    return bytes.fromhex(m.group(1)) if m else b""


def flexbuffer_map(op) -> dict | str:
    """The option bytes as a flexbuffer map (as ParseLandmarksToTransformMatrixV2Attributes
    in tflite/delegates/gpu/common/mediapipe/landmarks_to_transform_matrix.cc reads them),
    or why not."""
    try:
        m = flexbuffers.Loads(custom_option(op))
    except (ValueError, KeyError, IndexError, AssertionError) as e:  # what Loads raises on bad bytes
        return f"custom options are not a flexbuffer map ({type(e).__name__})"
    return m if isinstance(m, dict) else "custom options are not a flexbuffer map"


def struct_ints(op, names: tuple) -> dict | str:
    """The leading int32 fields of a C struct the kernel reinterprets the option bytes as
    (`reinterpret_cast<const TfLitePoolParams*>(node->custom_initial_data)`), or why not."""
    raw = custom_option(op)
    if len(raw) < 4 * len(names):
        return f"custom options of {len(raw)} bytes; the kernel reads {4 * len(names)} ({', '.join(names)})"
    return dict(zip(names, struct.unpack_from(f"<{len(names)}i", raw)))


def f32_only(op) -> str | None:
    for k, v in enumerate(list(op.operands) + list(op.results)):
        if element_type(v.type) != f32:
            return f"{'operand' if k < len(op.operands) else 'result'} of type {v.type}; the kernel takes float32"
    return None


def scalar(b, x, k: int):
    """Element k of a flattened tensor, as a [1, 1] tensor (broadcasts against images)."""
    flat = reshape(b, x, (int(np.prod(x.type.shape)),))
    return reshape(b, slice_(b, flat, [k], [1]), (1, 1))


def fconst(b, value, shape=(1, 1)):
    return tosa.const(b, np.full(shape, value, np.float32), f32)


def add(b, x, y):
    return tosa.binary(b, "tosa.add", x, y, _broadcast_type(x, y))


def sub(b, x, y):
    return tosa.binary(b, "tosa.sub", x, y, _broadcast_type(x, y))


def mul(b, x, y):
    return tosa.mul(b, x, y, _broadcast_type(x, y))


def _broadcast_type(x, y, elem=f32):
    return tensor(np.broadcast_shapes(tuple(x.type.shape), tuple(y.type.shape)), elem)


def negate(b, x):
    """-x, signed zeros included (0 - x would turn -0 into +0)."""
    return mul(b, x, fconst(b, -1.0, (1,) * len(x.type.shape)))


def less(b, x, y):
    return b.value("tosa.greater", [y, x], _broadcast_type(x, y, i1))


def logical_or(b, x, y):
    return b.value("tosa.logical_or", [x, y], _broadcast_type(x, y, i1))


class Kernel(FloatPattern):
    """One MediaPipe kernel: float32 tensors of static shapes."""

    def unsupported(self, op) -> str | None:
        return static_shapes(op) or f32_only(op) or self.check(op)

    def check(self, op) -> str | None:
        return None


class TransposeConvBias(Kernel):
    """Convolution2DTransposeBias (transpose_conv_bias.cc): TRANSPOSE_CONV's reference loop
    with the bias as the initial value, inputs (input, weights [OC, KH, KW, IC], bias [OC]).
    The options are a TfLiteTransposeConvParams (padding, stride_width, stride_height).
    Prepare sizes the output `stride * (in - 1) + kernel - pad_total` with
    `pad_total = max(0, kernel - (in - 1) % stride - 1)` for SAME (0 for VALID), and Eval
    scatters input pixel iy to outputs `iy * stride - pad_total / 2 + ky`; TOSA's
    transpose_conv2d writes it to `iy * stride + out_pad_before + ky`, so
    `out_pad = (-(pad_total / 2), -(pad_total - pad_total / 2))`. The kernel has no
    fused activation."""

    def params(self, op):
        return struct_ints(op, ("padding", "stride_width", "stride_height"))

    def check(self, op):
        p = self.params(op)
        if isinstance(p, str):
            return p
        if len(op.operands) != 3:
            return f"{len(op.operands)} inputs; the kernel takes 3"
        x, w, bias = op.operands
        reason = first_reason(*(rank(op, v, exactly=k) for v, k in ((x, 4), (w, 4), (bias, 1))))
        if reason:
            return reason
        if p["stride_width"] < 1 or p["stride_height"] < 1:
            return f"strides {p['stride_height']}x{p['stride_width']}; the kernel divides by them"
        if w.type.shape[3] != x.type.shape[3] or bias.type.shape[0] != w.type.shape[0]:
            return f"input {list(x.type.shape)}, weights {list(w.type.shape)} and bias " \
                   f"{list(bias.type.shape)} disagree on channels"
        return result_shape(op, self.geometry(op)[0])

    def geometry(self, op):
        p = self.params(op)
        n, ih, iw, _ = op.operands[0].type.shape
        oc, kh, kw, _ = op.operands[1].type.shape
        out, out_pad = [n], []
        for size, k, s in ((ih, kh, p["stride_height"]), (iw, kw, p["stride_width"])):
            total = max(0, k - (size - 1) % s - 1) if p["padding"] == 1 else 0
            out.append(s * (size - 1) + k - total)
            out_pad += [-(total // 2), -(total - total // 2)]
        return out + [oc], (p["stride_height"], p["stride_width"]), out_pad

    def rewrite(self, b, op, operands, result_types):
        _, stride, out_pad = self.geometry(op)
        zero = tosa.zero_point(b, 0.0, f32)
        attrs = {"out_pad": DenseArrayAttr(i64, tuple(out_pad)), "stride": DenseArrayAttr(i64, stride),
                 "acc_type": TypeAttr(f32)}
        return [b.value("tosa.transpose_conv2d", list(operands) + [zero, zero], result_types[0], attrs)]


POOL_PARAMS = ("padding", "stride_width", "stride_height", "filter_width", "filter_height", "activation")


def pool_params(op) -> dict | str:
    p = struct_ints(op, POOL_PARAMS)
    if isinstance(p, str):
        return p
    if min(p["stride_width"], p["stride_height"], p["filter_width"], p["filter_height"]) < 1:
        return f"strides {p['stride_height']}x{p['stride_width']} and filter " \
               f"{p['filter_height']}x{p['filter_width']} must be positive"
    return p


class MaxPoolArgmax(Kernel):
    """MaxPoolingWithArgmax2D (max_pool_argmax.cc): MAX_POOL_2D's reference loop that also
    writes where the maximum was, as a float `ky * filter_width + kx + 0.1f` (full-window
    coordinates); options are a TfLitePoolParams. The loop keeps the first element strictly
    greater than the running maximum, which starts at float lowest (so NaN never wins and a
    window of values <= lowest reports index 0), and the maximum goes through the activation
    clamp, [lowest, max] for none.

    Rewrite: inputs raised to at least lowest, NaN replaced by it, and padded with it (a NaN
    or padded element then never beats a real one, and a window of lowest reports its first
    element, index 0), one strided window slice per filter position (slice, reshape to split
    the stride, slice), stacked on a last axis; reduce_max and argmax (first maximum) over it."""

    def check(self, op):
        p = pool_params(op)
        if isinstance(p, str):
            return p
        if len(op.operands) != 1 or len(op.results) != 2:
            return f"{len(op.operands)} inputs and {len(op.results)} outputs; the kernel takes 1 and 2"
        if p["padding"] not in PADDING:
            return f"padding {p['padding']}; the kernel sizes the output 0 for it"
        reason = rank(op, op.operands[0], exactly=4)
        if reason:
            return reason
        geo = self.geometry(op)
        if min(geo[0]) < 1:
            return f"filter larger than the input {list(op.operands[0].type.shape)}"
        return result_shape(op, geo[0], 0) or result_shape(op, geo[0], 1)

    def geometry(self, op):
        """(output shape, [(pad_before, padded size)] for height and width)."""
        p = pool_params(op)
        n, h, w, c = op.operands[0].type.shape
        out, pads = [n], []
        for size, k, s in ((h, p["filter_height"], p["stride_height"]), (w, p["filter_width"], p["stride_width"])):
            o = (size + s - 1) // s if p["padding"] == 1 else (size - k + s) // s
            before = max(((o - 1) * s + k - size) // 2, 0)  # ComputePadding (kernels/padding.h)
            out.append(o)
            pads.append((before, max(before + size, k - 1 + s * o)))
        return out + [c], pads

    def rewrite(self, b, op, operands, result_types):
        p = pool_params(op)
        (n, oh, ow, c), ((top, hp), (left, wp)) = self.geometry(op)
        x = operands[0]
        _, h, w, _ = x.type.shape
        lowest = fconst(b, -FLT_MAX, (1, 1, 1, 1))
        number = b.value("tosa.equal", [x, x], tensor(x.type.shape, i1))  # NaN never wins: it becomes lowest
        x = select(b, number, tosa.binary(b, "tosa.maximum", x, lowest, x.type), lowest, x.type)
        x = tosa.pad(b, x, [0, 0, top, hp - top - h, left, wp - left - w, 0, 0], -FLT_MAX,
                     tensor((n, hp, wp, c), f32))
        sh, sw = p["stride_height"], p["stride_width"]
        windows = []
        for ky in range(p["filter_height"]):
            for kx in range(p["filter_width"]):
                v = slice_(b, x, [0, ky, kx, 0], [n, sh * oh, sw * ow, c])
                v = reshape(b, v, (n, oh, sh, ow, sw, c))
                v = slice_(b, v, [0] * 6, [n, oh, 1, ow, 1, c])
                windows.append(reshape(b, v, (n, oh, ow, c, 1)))
        stacked = concat(b, windows, 4)
        attrs = {"axis": IntegerAttr(4, i32), "nan_mode": NAN_IGNORE}
        top_value = b.value("tosa.reduce_max", [stacked], tensor((n, oh, ow, c, 1), f32), attrs)
        lo, hi = ACTIVATION_RANGE.get(p["activation"], (-FLT_MAX, FLT_MAX))
        value = tosa.clamp(b, reshape(b, top_value, (n, oh, ow, c)), lo, hi)
        where = b.value("tosa.argmax", [stacked], tensor((n, oh, ow, c), i32), attrs)
        index = add(b, tosa.cast(b, where, tensor((n, oh, ow, c), f32)), fconst(b, 0.1, (1, 1, 1, 1)))
        return [value, index]


class MaxUnpooling(Kernel):
    """MaxUnpooling2D (max_unpooling.cc): inputs (values, indices) of MaxPoolingWithArgmax2D's
    shape, options a TfLitePoolParams; the output is `filter` times larger, zero but at
    `(iy * stride - pad + idx / filter_width, ix * stride - pad + idx % filter_width)` with
    `idx = (int)index` (truncated), which gets the value. With stride == filter (pad 0)
    every input pixel owns one filter-sized block of the output, so the output is a one-hot
    select: block position (ky, kx) takes the value where trunc(index) == ky * fw + kx.
    Other strides make blocks overlap (later writes win) or leave the output (undefined),
    and an index outside [0, fh * fw) writes outside its block (undefined past the
    output): the first are declined, the second write nothing here."""

    def check(self, op):
        p = pool_params(op)
        if isinstance(p, str):
            return p
        if len(op.operands) != 2:
            return f"{len(op.operands)} inputs; the kernel takes 2"
        reason = rank(op, op.operands[0], exactly=4) or rank(op, op.operands[1], exactly=4)
        if reason:
            return reason
        if op.operands[1].type.shape != op.operands[0].type.shape:
            return f"indices {list(op.operands[1].type.shape)} and values {list(op.operands[0].type.shape)} differ"
        if (p["stride_height"], p["stride_width"]) != (p["filter_height"], p["filter_width"]):
            return f"stride {p['stride_height']}x{p['stride_width']} differs from the filter " \
                   f"{p['filter_height']}x{p['filter_width']}: overlapping or out-of-output writes"
        n, h, w, c = op.operands[0].type.shape
        return result_shape(op, [n, h * p["filter_height"], w * p["filter_width"], c])

    def rewrite(self, b, op, operands, result_types):
        p = pool_params(op)
        fh, fw = p["filter_height"], p["filter_width"]
        values, indices = operands
        n, h, w, c = values.type.shape
        # (int)index rounds toward zero: floor, or ceil below zero
        negative = less(b, indices, fconst(b, 0.0, (1, 1, 1, 1)))
        idx = select(b, negative, b.value("tosa.ceil", [indices], indices.type),
                     b.value("tosa.floor", [indices], indices.type), indices.type)
        idx = reshape(b, idx, (n, h, 1, w, 1, c))
        position = np.arange(fh * fw, dtype=np.float32).reshape(1, 1, fh, 1, fw, 1)
        block = (n, h, fh, w, fw, c)
        hit = b.value("tosa.equal", [idx, tosa.const(b, position, f32)], tensor(block, i1))
        zero = fconst(b, 0.0, (1,) * 6)
        y = select(b, hit, reshape(b, values, (n, h, 1, w, 1, c)), zero, tensor(block, f32))  # a copy: -0 stays
        return [reshape(b, y, result_types[0].shape)]
