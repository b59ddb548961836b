"""BATCH_MATMUL (kernels/batch_matmul.cc, reference/batch_matmul.h).

`out[..., i, j] = sum_k x[..., i, k] * y[..., k, j]` with `adj_x` / `adj_y` transposing
the last two dimensions of x / y first, ranks 2 to 5, and the batch dimensions
broadcast numpy-style (after padding the shorter shape with leading 1s). As one
`tosa.matmul` on [B, M, K] x [B, K, N]: a y without batch (every batch dimension 1,
a shared weight) folds x's batches into the rows, [1, B * M, K] x [1, K, N]
(batch_matmul.cc does the same); otherwise both are tiled to the broadcast batch.

Integer path (per-tensor only, no fused activation: the clamp is the storage range):

    int8 x int8 -> int8     q = clamp(zo + MBQM(sum((x - zx) * (y - zy)), QM(sx * sy / so)))
                            with `sx * sy` a float32 product (GetQuantizedConvolutionMultipler);
                            tosa.matmul with both zero points, tosa.rescale
    int8 x int8 -> int32    sum(x * y): the kernel (reference_ops::BatchMatMul<int8, int8,
                            int32>) ignores the zero points and does not rescale
    int16 x int16 -> int16  zero points 0 (Prepare); int64 accumulator and the int64 MBQM
    int16 x int8 -> int16   (16-bit multiplier): tosa.matmul i16 -> i48 (an int8 y is cast
                            to i16) and one tosa.rescale with scale32 = false

Float: one tosa.matmul, whose spec loop (`acc = 0`, then `acc + x * y` for k in order, each
step rounded) is reference_ops::BatchMatMul's float order, bit for bit.

Hybrid (float x, constant int8 y; HybridBatchMatMul): TFLite quantizes each row of x (its
K values, after adj_x) at run time, symmetric or not as `asymmetric_quantize_inputs` says
(hybrid.py), multiplies in int32 and scales back in float (hybrid.batch_matmul_scale_back).
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.tfl import constant_array
from tfl2quant.ir.types import IntegerType, element_type, f32, i8, i16, i32, tensor

from ...lib import hybrid
from ...lib.emit import broadcast_to, reshape
from ...lib.fixed_point import f32_product_multipliers, quantize_multiplier
from ...lib.planes import mbqm64_params, mbqm64_reason, rescale_int64
from ...lib.query import floats_only, int16_zero_points, per_tensor, per_tensor_only, qtype, static_shapes, storage_name
from ...lib.rescale import wrapped_left_shift
from ...lib.storage import requantized
from ...rule import FloatPattern, IntegerPattern

I48 = IntegerType(48)  # TOSA's accumulator of i16 x i16 products


def _flag(op, name: str) -> bool:
    a = op.attributes.get(name)
    return bool(a.value) if a is not None else False


class Shapes:
    """TFLite's output shape and the 3-D operands of the one tosa.matmul."""

    def __init__(self, op):
        xs, ys = tuple(op.operands[0].type.shape), tuple(op.operands[1].type.shape)
        self.rank = max(len(xs), len(ys))
        self.xs = (1,) * (self.rank - len(xs)) + xs
        self.ys = (1,) * (self.rank - len(ys)) + ys
        self.adj_x, self.adj_y = _flag(op, "adj_x"), _flag(op, "adj_y")
        self.m, self.k = (self.xs[-1], self.xs[-2]) if self.adj_x else self.xs[-2:]
        self.k_y, self.n = (self.ys[-1], self.ys[-2]) if self.adj_y else self.ys[-2:]
        self.batch = tuple(max(a, b) for a, b in zip(self.xs[:-2], self.ys[:-2]))
        self.shared = all(d == 1 for d in self.ys[:-2])  # y has no batch: fold x's into the rows

    def reason(self, op) -> Optional[str]:
        ranks = (len(op.operands[0].type.shape), len(op.operands[1].type.shape))
        if not all(2 <= r <= 5 for r in ranks):
            return f"operands of rank {ranks[0]} and {ranks[1]}; the kernel takes ranks 2 to 5"
        if any(a != b and 1 not in (a, b) for a, b in zip(self.xs[:-2], self.ys[:-2])):
            return f"batch dimensions {list(self.xs[:-2])} and {list(self.ys[:-2])} do not broadcast"
        if self.k != self.k_y:
            return f"contraction sizes differ: {self.k} and {self.k_y}"
        want = self.batch + (self.m, self.n)
        if tuple(op.result.type.shape) != want:
            return f"result shape {list(op.result.type.shape)} is not the {list(want)} TFLite computes"
        return None

    def lhs(self, b, x):
        """x as [B, M, K] (or [1, B * M, K])."""
        x = reshape(b, x, self.xs)
        if self.adj_x:
            x = tosa.transpose(b, x, _swap_last(self.rank))
        batches = int(np.prod(self.batch))
        if self.shared:
            return reshape(b, x, (1, batches * self.m, self.k))
        return reshape(b, broadcast_to(b, x, self.batch + (self.m, self.k)), (batches, self.m, self.k))

    def operands(self, b, x, y) -> tuple:
        """[B, M, K] and [B, K, N] (or [1, B * M, K] and [1, K, N])."""
        y = reshape(b, y, self.ys)
        if self.adj_y:
            y = tosa.transpose(b, y, _swap_last(self.rank))
        batches = int(np.prod(self.batch))
        if self.shared:
            return self.lhs(b, x), reshape(b, y, (1, self.k, self.n))
        return self.lhs(b, x), reshape(b, broadcast_to(b, y, self.batch + (self.k, self.n)), (batches, self.k, self.n))

    def acc_shape(self) -> tuple:
        batches = int(np.prod(self.batch))
        return (1, batches * self.m, self.n) if self.shared else (batches, self.m, self.n)

    def result(self, b, acc):
        return reshape(b, acc, self.batch + (self.m, self.n))


def _swap_last(rank: int) -> tuple:
    return tuple(range(rank - 2)) + (rank - 1, rank - 2)


def _matmul(b, shapes: Shapes, x, y, x_zp, y_zp, acc_elem):
    x3, y3 = shapes.operands(b, x, y)
    elem = element_type(x3.type)
    return b.value("tosa.matmul", [x3, y3, tosa.zero_point(b, x_zp, elem), tosa.zero_point(b, y_zp, elem)],
                   tensor(shapes.acc_shape(), acc_elem))


class QuantizedBatchMatMul(IntegerPattern):
    def unsupported(self, op):
        x, y = op.operands
        reason = static_shapes(op) or Shapes(op).reason(op) or per_tensor_only(op)
        if reason:
            return reason
        kinds = (storage_name(x), storage_name(y), storage_name(op.result))
        if kinds[:2] == ("i8", "i8"):
            if kinds[2] not in ("i8", "i32"):
                return f"an int8 BATCH_MATMUL writes int8 or int32 (batch_matmul.cc), not {kinds[2]}"
        elif kinds[:2] in (("i16", "i16"), ("i16", "i8")):
            if kinds[2] != "i16":
                return f"an int16 BATCH_MATMUL writes int16 (batch_matmul.cc: EvalInt16), not {kinds[2]}"
            return int16_zero_points(op, [x, y, op.result]) or self.zero_point_reason(op) or \
                mbqm64_reason(quantize_multiplier(self.multiplier(op))[1])
        else:
            return f"operands are {kinds[0]} and {kinds[1]}; the kernel takes int8 x int8, int16 x int16, " \
                   f"int16 x int8"
        return None

    def zero_point_reason(self, op) -> Optional[str]:
        y = op.operands[1]
        if storage_name(y) == "i8" and per_tensor(y).zero_point != 0:
            return f"operand 1 has zero point {per_tensor(y).zero_point}; the int16 kernel requires 0"
        return None

    def multiplier(self, op) -> np.ndarray:
        x, y = op.operands
        return f32_product_multipliers(per_tensor(x).scale, [per_tensor(y).scale], per_tensor(op.result).scale)

    def rewrite(self, b, op, operands):
        x, y = operands
        shapes = Shapes(op)
        xq, yq, out = per_tensor(op.operands[0]), per_tensor(op.operands[1]), qtype(op.result)
        if storage_name(op.operands[0]) == "i8":
            if out is None or out.storage_width == 32:  # raw products (EvalInt8Int32)
                return [shapes.result(b, _matmul(b, shapes, x, y, 0, 0, i32))]
            acc = _matmul(b, shapes, x, y, xq.zero_point, yq.zero_point, i32)
            return [shapes.result(b, requantized(b, *wrapped_left_shift(b, acc, self.multiplier(op)), out))]
        if storage_name(op.operands[1]) == "i8":
            y = tosa.cast(b, y, y.type.with_element_type(i16))
        acc = _matmul(b, shapes, x, y, 0, 0, I48)
        m16, n = mbqm64_params(*quantize_multiplier(self.multiplier(op)))
        return [shapes.result(b, rescale_int64(b, acc, m16, n, acc.type.with_element_type(i16)))]


class HybridBatchMatMul(IntegerPattern):
    """Float x, constant int8 y, per-tensor or per-channel along y's output columns:
    batch_matmul.cc: EvalHybrid. Its reference BatchMatMul steps through the input's scales
    and the weights' row sums with one stride per batch dimension (the row count), which is
    right only when at most one batch dimension is larger than 1; other shapes decline."""

    def unsupported(self, op):
        x, y = op.operands
        shapes = Shapes(op)
        reason = static_shapes(op) or shapes.reason(op) or hybrid.hybrid_reason(op, y)
        if reason:
            return reason
        if storage_name(y) != "i8":
            return f"hybrid BATCH_MATMUL weights are {storage_name(y)}; the kernel reads int8"
        if sum(d > 1 for d in shapes.batch) > 1:
            return (f"batch dimensions {list(shapes.batch)}: TFLite's hybrid kernel indexes the input scales "
                    f"and row sums correctly for one batch dimension only (reference/batch_matmul.h)")
        q = qtype(y)
        if len(q.scales_flat()) > 1:
            columns = len(y.type.shape) - (2 if shapes.adj_y else 1)
            if getattr(q, "quantized_dimension", None) != columns:
                return "per-channel weights quantized along another dimension than the output columns"
        return None

    def rewrite(self, b, op, operands):
        shapes = Shapes(op)
        asymmetric = _flag(op, "asymmetric_quantize_inputs")
        y = op.operands[1]
        weights = np.asarray(constant_array(y)).astype(np.int8).reshape(shapes.ys)
        if shapes.adj_y:
            weights = np.swapaxes(weights, -1, -2)
        x3 = shapes.lhs(b, operands[0])
        batches, rows, depth = x3.type.shape
        q, scale, zero_point = hybrid.quantize_rows(b, reshape(b, x3, (batches * rows, depth)), asymmetric)
        q = reshape(b, q, (batches, rows, depth))
        if shapes.shared:
            kn = weights.reshape(1, shapes.k, shapes.n)
        else:
            kn = np.broadcast_to(weights, shapes.batch + (shapes.k, shapes.n)).reshape(batches, shapes.k, shapes.n)
        zero = tosa.zero_point(b, 0, i8)
        acc = b.value("tosa.matmul", [q, tosa.const(b, np.ascontiguousarray(kn), i8), zero, zero],
                      tensor((batches, rows, shapes.n), i32))
        row_sums = None
        if asymmetric:
            sums = kn.astype(np.int64).sum(axis=1).astype(np.int32)
            row_sums = tosa.const(b, sums.reshape(kn.shape[0], 1, shapes.n), i32)
            zero_point = reshape(b, zero_point, (batches, rows, 1))
        scales = np.broadcast_to(np.asarray(qtype(y).scales_flat(), np.float32), (shapes.n,))
        out = hybrid.batch_matmul_scale_back(b, acc, reshape(b, scale, (batches, rows, 1)), zero_point, row_sums,
                                             scales)
        return [shapes.result(b, out)]


class FloatBatchMatMul(FloatPattern):
    def unsupported(self, op):
        return static_shapes(op, list(op.operands)) or floats_only(op) or Shapes(op).reason(op)

    def rewrite(self, b, op, operands, result_types):
        shapes = Shapes(op)
        acc = _matmul(b, shapes, operands[0], operands[1], 0.0, 0.0, f32)
        return [shapes.result(b, acc)]
