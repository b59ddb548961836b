"""MediaPipe's landmark and warp kernels (mediapipe/util/tflite/operations/): the version 2
forms, which MediaPipe's CPU op resolver registers (cpu_op_resolver.cc; version 1 is a
GPU-delegate form). Shared pieces are in mediapipe.py.
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.ir.types import f32, i32, tensor

from ...lib.emit import concat, reshape, select, slice_, slice_axis
from ...lib.query import rank, result_shape
from .mediapipe import (
    Kernel,
    add,
    fconst,
    flexbuffer_map,
    less,
    logical_or,
    mul,
    negate,
    scalar,
    sub,
)


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
    the neighbour is outside. The kernel computes the half-pixel shift and the `1.0 - t`
    weights in double (its literals are double); float32 here, within the float
    tolerance."""

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
        d = x.type.shape[2]
        px, py = (slice_axis(b, x, 2, k, 1) for k in (0, 1))
        zero = fconst(b, 0.0, (1, 1, 1))
        rows = []
        for row in (0, 4):
            a = [reshape(b, scalar(b, m, row + k), (1, 1, 1)) for k in range(4)]
            rows.append(add(b, add(b, add(b, mul(b, px, a[0]), mul(b, py, a[1])), mul(b, zero, a[2])), a[3]))
        return [concat(b, rows + ([slice_axis(b, x, 2, 2, d - 2)] if d > 2 else []), 2)]


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
