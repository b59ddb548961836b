"""CUSTOM operators whose computation is public: MediaPipe's CPU kernels.

A `tfl.custom` op carries only a name (`custom_code`) and option bytes
(`custom_option`); its computation lives in whoever registered the name. The
names MediaPipe's CPU op resolver registers (mediapipe/util/tflite/cpu_op_resolver.cc)
have their kernels in mediapipe/util/tflite/operations/; those get float lowerings,
one class per kernel, picked by `custom_code`:

    Convolution2DTransposeBias  transpose_conv_bias.cc       tosa.transpose_conv2d (+ bias)
    MaxPoolingWithArgmax2D      max_pool_argmax.cc           window slices, reduce_max + argmax
    MaxUnpooling2D              max_unpooling.cc             one-hot select per window position
    TransformTensorBilinear     transform_tensor_bilinear.cc tosa.gather of the four corners
    TransformLandmarks          transform_landmarks.cc       affine map of x and y
    Landmarks2TransformMatrix   landmarks_to_transform_matrix.cc  atan2, rotations, min/max

The CPU resolver registers version 2 of the last three (version 1 is a GPU-delegate
form), so their rewrites follow the v2 kernels. Every other custom operator stays a
`tfl.custom` op: its computation is not in the model.
"""
from __future__ import annotations

import re
import struct
from typing import Optional

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.ir.attributes import DenseArrayAttr, IntegerAttr, StringAttr, TypeAttr
from tfl2quant.ir.types import element_type, f32, i1, i32, i64, tensor

from .emit import concat, reshape, select, slice_, slice_axis
from .query import first_reason, rank, result_shape, static_shapes
from .reduction import NAN_IGNORE
from .rule import FloatPattern, Rule

FLT_MAX = float(np.finfo(np.float32).max)
PADDING = {1: "SAME", 2: "VALID"}  # TfLitePadding (builtin_op_data.h); 0 is kTfLitePaddingUnknown
# CalculateActivationRange (kernels/internal/common.h) of TfLiteFusedActivation: Relu, ReluN1To1,
# Relu6; every other activation leaves [lowest, max]
ACTIVATION_RANGE = {1: (0.0, FLT_MAX), 2: (-1.0, 1.0), 3: (0.0, 6.0)}


def custom_code(op) -> str:
    a = op.attributes.get("custom_code")
    return a.value if isinstance(a, StringAttr) else ""


def custom_option(op) -> bytes:
    """The option bytes the importer keeps as `#tfl<const_bytes : "0x...">`."""
    m = re.search(r'"0x([0-9A-Fa-f]*)"', str(op.attributes.get("custom_option", "")))
    return bytes.fromhex(m.group(1)) if m else b""


def struct_ints(op, names: tuple) -> dict | str:
    """The leading int32 fields of a C struct the kernel reinterprets the option bytes as
    (`reinterpret_cast<const TfLitePoolParams*>(node->custom_initial_data)`), or why not."""
    raw = custom_option(op)
    if len(raw) < 4 * len(names):
        return f"custom options of {len(raw)} bytes; the kernel reads {4 * len(names)} ({', '.join(names)})"
    return dict(zip(names, struct.unpack_from(f"<{len(names)}i", raw)))


def f32_only(op) -> Optional[str]:
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

    def unsupported(self, op) -> Optional[str]:
        return static_shapes(op) or f32_only(op) or self.check(op)

    def check(self, op) -> Optional[str]:
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
        x, w, bias = op.operands[:3]
        reason = first_reason(*(rank(op, v, exactly=k) for v, k in ((x, 4), (w, 4), (bias, 1))))
        if reason or len(op.operands) != 3:
            return reason or f"{len(op.operands)} inputs; the kernel takes 3"
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
    element, index 0), one
    strided window slice per filter position (slice, reshape to split the stride, slice),
    stacked on a last axis; reduce_max and argmax (first maximum, NaN ignored) over it."""

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
        spread = tosa.const(b, np.zeros(block, np.float32), f32)
        y = select(b, hit, add(b, reshape(b, values, (n, h, 1, w, 1, c)), spread), spread, tensor(block, f32))
        return [reshape(b, y, result_types[0].shape)]


class TransformTensorBilinear(Kernel):
    """TransformTensorBilinear v2 (transform_tensor_bilinear.cc, TransformTensorBilinearV2):
    output pixel (ox, oy) samples the input at `(x, y) = M[0:2] . (ox, oy, 0, 1)` with the
    first two rows of the 4x4 matrix (input 1) shifted by half a pixel
    (`M[r][3] += M[r][0] * 0.5 + M[r][1] * 0.5 - 0.5`); a point outside
    [0, W - 1] x [0, H - 1] gives 0, else the bilinear mix of the four neighbours
    (a neighbour past the edge reads 0). The kernel reads image 0 and writes one image;
    its computation uses no option.

    Rewrite: the sample points from constant (ox, oy) grids, floor and fractions, each
    corner a `tosa.gather` of the image as [1, H * W, C] at a clamped index, zeroed where
    the neighbour is outside."""

    def check(self, op):
        if len(op.operands) != 2:
            return f"{len(op.operands)} inputs; the kernel takes 2"
        x, m = op.operands
        reason = rank(op, x, exactly=4) or rank(op, op.result, exactly=4)
        if reason:
            return reason
        if int(np.prod(m.type.shape)) < 8:
            return f"transform matrix of shape {list(m.type.shape)}; the kernel reads 8 values"
        if op.result.type.shape[0] != 1 or op.result.type.shape[3] != x.type.shape[3]:
            return f"result {list(op.result.type.shape)}: the kernel writes one image of the input's " \
                   f"{x.type.shape[3]} channels"
        return None

    def rewrite(self, b, op, operands, result_types):
        x, m = operands
        _, h, w, c = x.type.shape
        _, oh, ow, _ = result_types[0].shape
        gy, gx = np.meshgrid(np.arange(oh, dtype=np.float32), np.arange(ow, dtype=np.float32), indexing="ij")
        half = fconst(b, 0.5)
        coords = []
        for row in (0, 4):
            a0, a1, a2, a3 = (scalar(b, m, row + k) for k in range(4))
            a3 = add(b, a3, sub(b, add(b, mul(b, a0, half), mul(b, a1, half)), half))
            t = add(b, add(b, mul(b, a0, tosa.const(b, gx, f32)), mul(b, a1, tosa.const(b, gy, f32))),
                    mul(b, a2, fconst(b, 0.0)))
            coords.append(add(b, t, a3))
        tx, ty = coords
        outside = logical_or(b, logical_or(b, less(b, tx, fconst(b, 0.0)), less(b, fconst(b, w - 1), tx)),
                             logical_or(b, less(b, ty, fconst(b, 0.0)), less(b, fconst(b, h - 1), ty)))
        fx, fy = (b.value("tosa.floor", [t], t.type) for t in (tx, ty))
        right, lower = sub(b, tx, fx), sub(b, ty, fy)
        image = reshape(b, slice_axis(b, x, 0, 0, 1), (1, h * w, c))

        def read(dy: int, dx: int):
            yy, xx = add(b, fy, fconst(b, float(dy))), add(b, fx, fconst(b, float(dx)))
            off_y = logical_or(b, less(b, yy, fconst(b, 0.0)), less(b, fconst(b, h - 1), yy))
            off_x = logical_or(b, less(b, xx, fconst(b, 0.0)), less(b, fconst(b, w - 1), xx))
            off = logical_or(b, off_y, off_x)
            flat = add(b, mul(b, tosa.clamp(b, yy, 0, h - 1), fconst(b, float(w))), tosa.clamp(b, xx, 0, w - 1))
            index = reshape(b, tosa.cast(b, flat, tensor((oh, ow), i32)), (1, oh * ow))
            v = b.value("tosa.gather", [image, index], tensor((1, oh * ow, c), f32))
            v = reshape(b, v, (1, oh, ow, c))
            return select(b, reshape(b, off, (1, oh, ow, 1)), fconst(b, 0.0, (1, 1, 1, 1)), v,
                          tensor((1, oh, ow, c), f32))

        right, lower = reshape(b, right, (1, oh, ow, 1)), reshape(b, lower, (1, oh, ow, 1))
        one = fconst(b, 1.0, (1, 1, 1, 1))
        keep_left, keep_upper = sub(b, one, right), sub(b, one, lower)
        upper = add(b, mul(b, keep_left, read(0, 0)), mul(b, right, read(0, 1)))
        below = add(b, mul(b, keep_left, read(1, 0)), mul(b, right, read(1, 1)))
        y = add(b, mul(b, lower, below), mul(b, keep_upper, upper))
        return [select(b, reshape(b, outside, (1, oh, ow, 1)), fconst(b, 0.0, (1, 1, 1, 1)), y, result_types[0])]


class TransformLandmarks(Kernel):
    """TransformLandmarks v2 (transform_landmarks.cc, TransformLandmarksV2): landmarks
    [1, N, D] with D (2 or 3) taken from the output's last dimension; x and y become
    `M[0:2] . (x, y, 0, 1)` with the first two rows of the matrix (input 1), z is copied.
    Its computation uses no option."""

    def check(self, op):
        if len(op.operands) != 2:
            return f"{len(op.operands)} inputs; the kernel takes 2"
        x, m = op.operands
        reason = rank(op, x, exactly=3) or result_shape(op, x.type.shape)
        if reason:
            return f"{reason} (version 1's rank-4 form is a GPU-delegate op)" if "rank" in reason else reason
        if x.type.shape[0] != 1 or x.type.shape[2] not in (2, 3):
            return f"landmarks {list(x.type.shape)}: the kernel transforms [1, N, 2 or 3]"
        if int(np.prod(m.type.shape)) < 8:
            return f"transform matrix of shape {list(m.type.shape)}; the kernel reads 8 values"
        return None

    def rewrite(self, b, op, operands, result_types):
        x, m = operands
        _, n, d = x.type.shape
        px, py = (slice_axis(b, x, 2, k, 1) for k in (0, 1))
        zero = fconst(b, 0.0, (1, 1, 1))
        rows = []
        for row in (0, 4):
            a = [reshape(b, scalar(b, m, row + k), (1, 1, 1)) for k in range(4)]
            rows.append(add(b, add(b, add(b, mul(b, px, a[0]), mul(b, py, a[1])), mul(b, zero, a[2])), a[3]))
        return [concat(b, rows + ([slice_axis(b, x, 2, 2, d - 2)] if d > 2 else []), 2)]


def flexbuffer_map(op) -> dict | str:
    """The option bytes as a flexbuffer map (ParseLandmarksToTransformMatrixV2Attributes,
    tflite/delegates/gpu/common/mediapipe/landmarks_to_transform_matrix.cc), or why not."""
    from flatbuffers import flexbuffers  # ai-edge-litert's dependency

    try:
        m = flexbuffers.Loads(custom_option(op))
    except Exception as e:  # any malformed buffer: the reason names it
        return f"custom options are not a flexbuffer map ({type(e).__name__})"
    return m if isinstance(m, dict) else "custom options are not a flexbuffer map"


L2TM_KEYS = ("subset_idxs", "left_rotation_idx", "right_rotation_idx", "target_rotation_radians",
             "output_height", "output_width", "scale_x", "scale_y")


class LandmarksToTransformMatrix(Kernel):
    """Landmarks2TransformMatrix v2 (landmarks_to_transform_matrix.cc,
    LandmarksToTransformMatrixV2): from landmarks [1, N, 3] (read as x, y, z triples) the
    4x4 matrix mapping an output_width x output_height crop back into the image:

        r = target_rotation_radians - atan2(y_right - y_left, x_right - x_left)
        the subset landmarks rotated by r: (c x - s y, s x + c y), c, s = cos r, sin r
        crop size (w, h) = max - min of those; centre = ((min + max) / 2) rotated by -r
        M = shift(centre) * rotate(-r) * scale(scale_x * w / out_w, scale_y * h / out_h)
            * shift(-out_w / 2, -out_h / 2)

    The product has the closed form written out below, in the kernel's summation order
    (its other terms are exact zeros). Options are a flexbuffer map; `subset_idxs` is read
    in pairs, an odd last one paired with itself (which changes no min or max)."""

    def params(self, op):
        m = flexbuffer_map(op)
        if isinstance(m, str):
            return m
        missing = [k for k in L2TM_KEYS if k not in m]
        return f"custom options lack {', '.join(missing)}" if missing else m

    def check(self, op):
        p = self.params(op)
        if isinstance(p, str):
            return p
        if len(op.operands) != 1:
            return f"{len(op.operands)} inputs; the kernel takes 1"
        x = op.operands[0]
        reason = rank(op, x, exactly=3)
        if reason:
            return f"{reason} (version 1's rank-4 form is a GPU-delegate op)"
        count = int(np.prod(x.type.shape))
        indices = [p["left_rotation_idx"], p["right_rotation_idx"], *p["subset_idxs"]]
        if count % 3 or not p["subset_idxs"] or min(indices) < 0 or max(indices) >= count // 3:
            return f"landmark indices {indices} do not fit {count // 3} landmarks (or none in subset_idxs)"
        if min(p["output_height"], p["output_width"]) <= 0 or min(p["scale_x"], p["scale_y"]) <= 0:
            return "output size and scales must be positive (the kernel's Eval refuses others)"
        return result_shape(op, [1, 4, 4])

    def rewrite(self, b, op, operands, result_types):
        p = self.params(op)
        x = operands[0]
        count = int(np.prod(x.type.shape)) // 3
        points = reshape(b, x, (1, count, 3))

        def landmarks(indices):
            index = tosa.const(b, np.asarray([indices], np.int32), i32)
            return b.value("tosa.gather", [points, index], tensor((1, len(indices), 3), f32))

        ends = landmarks([p["left_rotation_idx"], p["right_rotation_idx"]])
        (lx, rx), (ly, ry) = ([reshape(b, slice_(b, ends, [0, k, axis], [1, 1, 1]), (1, 1)) for k in (0, 1)]
                              for axis in (0, 1))
        turn = b.value("math.atan2", [sub(b, ry, ly), sub(b, rx, lx)], tensor((1, 1), f32))
        r = sub(b, fconst(b, float(p["target_rotation_radians"])), turn)
        cos, sin = (b.value(name, [r], r.type) for name in ("tosa.cos", "tosa.sin"))
        subset = landmarks(list(p["subset_idxs"]))
        sx_, sy_ = (reshape(b, slice_axis(b, subset, 2, k, 1), (1, len(p["subset_idxs"]))) for k in (0, 1))
        xr = sub(b, mul(b, cos, sx_), mul(b, sin, sy_))
        yr = add(b, mul(b, sin, sx_), mul(b, cos, sy_))
        lo_x, hi_x, lo_y, hi_y = (tosa.reduce(b, name, v, 1) for v in (xr, yr)
                                  for name in ("tosa.reduce_min", "tosa.reduce_max"))
        width, height = sub(b, hi_x, lo_x), sub(b, hi_y, lo_y)
        mid_x = b.value("arith.divf", [add(b, lo_x, hi_x), fconst(b, 2.0)], width.type)
        mid_y = b.value("arith.divf", [add(b, lo_y, hi_y), fconst(b, 2.0)], width.type)
        back = negate(b, r)
        c2, s2 = (b.value(name, [back], r.type) for name in ("tosa.cos", "tosa.sin"))
        centre_x = sub(b, mul(b, c2, mid_x), mul(b, s2, mid_y))
        centre_y = add(b, mul(b, s2, mid_x), mul(b, c2, mid_y))
        scale_x = b.value("arith.divf", [mul(b, fconst(b, float(p["scale_x"])), width),
                                          fconst(b, float(p["output_width"]))], width.type)
        scale_y = b.value("arith.divf", [mul(b, fconst(b, float(p["scale_y"])), height),
                                          fconst(b, float(p["output_height"]))], width.type)
        shift_x = fconst(b, -1.0 * (p["output_width"] / 2.0))
        shift_y = fconst(b, -1.0 * (p["output_height"] / 2.0))
        m00, m01 = mul(b, c2, scale_x), mul(b, negate(b, s2), scale_y)
        m10, m11 = mul(b, s2, scale_x), mul(b, c2, scale_y)
        m03 = add(b, add(b, mul(b, m00, shift_x), mul(b, m01, shift_y)), centre_x)
        m13 = add(b, add(b, mul(b, m10, shift_x), mul(b, m11, shift_y)), centre_y)
        zero, one = fconst(b, 0.0), fconst(b, 1.0)
        entries = [m00, m01, zero, m03, m10, m11, zero, m13, zero, zero, one, zero, zero, zero, zero, one]
        return [reshape(b, concat(b, entries, 1), (1, 4, 4))]


KERNELS = {
    "Convolution2DTransposeBias": TransposeConvBias(),
    "MaxPoolingWithArgmax2D":     MaxPoolArgmax(),
    "MaxUnpooling2D":             MaxUnpooling(),
    "TransformTensorBilinear":    TransformTensorBilinear(),
    "TransformLandmarks":         TransformLandmarks(),
    "Landmarks2TransformMatrix":  LandmarksToTransformMatrix(),
}


class Custom(FloatPattern):
    """A custom operator with a known kernel (KERNELS, by custom_code); any other one's
    computation is not in the model."""

    def unsupported(self, op):
        kernel = KERNELS.get(custom_code(op))
        if kernel is None:
            return f"custom operator '{custom_code(op)}': its computation is not in the model"
        return kernel.unsupported(op)

    def rewrite(self, b, op, operands, result_types):
        return KERNELS[custom_code(op)].rewrite(b, op, operands, result_types)


RULES = {
    # TFLite op     Rule
    "tfl.custom":   Rule(float=Custom()),
}
