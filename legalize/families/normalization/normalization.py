"""SOFTMAX, LOG_SOFTMAX, L2_NORMALIZATION and LOCAL_RESPONSE_NORMALIZATION.

All four work per row: over the last axis, the input seen as [rows, depth]. The
integer patterns are bit-exact with the kernels BUILTIN_REF registers
(kernels/register_ref.cc); quantized SOFTMAX and LOG_SOFTMAX are in softmax.py, the
gemmlowp fixed-point routines they share with L2_NORMALIZATION in gemmlowp.py.

L2_NORMALIZATION int8/uint8 (kernels/l2norm.cc; reference_integer_ops::L2Normalization
for int8, reference_ops::L2Normalization for uint8 under BUILTIN_REF). Prepare
requires output scale 1/128 with zero point 0 (int8) or 128 (uint8) and no fused
activation; Eval hard-wires them:

    acc = sum (q - zi)^2                                int32
    (m, e) = GetInvSqrtQuantizedMultiplierExp(acc, -1)  1/sqrt(acc) ~ m * 2^(e - 31), e <= 0
    int8:  q_out = clamp(MBQM(q - zi, m, e + 7))        the 1/128 output scale folded into e
    uint8: q_out = clamp(128 + RDBPOT(SRDHM(128 (q - zi), m), -e))

The two kernels round differently: int8 shifts left by e + 7 before SRDHM (or
rounds once after it), uint8 multiplies by 128 first and rounds by -e after.
Rows whose sum of squares could pass int32 (TFLite's accumulator) are declined.

Float paths:

- SOFTMAX and LOG_SOFTMAX subtract the row maximum first, as TFLite's float kernels do;
  float32 SOFTMAX then follows the reference kernel to the bit (Softmax below).
- L2_NORMALIZATION: `x / max(sqrt(sum x^2), 1e-6)` (reference_ops::L2Normalization;
  l2norm.cc hard-codes the epsilon and applies it to the norm, not its square), with
  an exact division (`arith.divf`).
- LOCAL_RESPONSE_NORMALIZATION (local_response_norm.cc, float32 and rank 4 only):
  `x * pow(bias + alpha * sum(x^2 over the window), -beta)`. The window of channel c
  is [c - radius, c + radius): reference_ops::LocalResponseNormalization stops at
  `min(depth, c + radius)` exclusive, one channel short of TensorFlow's symmetric
  window. The window sum is a `tosa.conv2d` of the squares, [1, rows, depth, 1],
  with a 1 x 2 radius kernel of ones.
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import arith, tosa
from tfl2quant.dialects.linalg import generic
from tfl2quant.ir.affine import AffineMap, const, dim
from tfl2quant.ir.types import f32, i32, i64, tensor

from ...lib import gemmlowp as g
from ...lib.eigen_math import EXPF_N, expf, expf_table
from ...lib.emit import broadcast_to, reshape, splat
from ...lib.query import (floats_only, one_dynamic_dim, no_fused_activation, option, per_tensor, per_tensor_only,
                         quantized_as, rank, result_like_operand, static_shapes, storage, storage_name)
from ...lib.storage import signed_view, widen
from ...rule import FloatPattern, IntegerPattern
from .softmax import beta_of, rows

INT32_MAX = (1 << 31) - 1
L2NORM_EPSILON = 1e-6                 # l2norm.cc: `const float epsilon = 1e-6f`
L2NORM_ZERO_POINT = {"i8": 0, "u8": 128}
L2NORM_OUTPUT_SHIFT = 7               # reference_integer_ops::L2Normalization: kOutputScale


class QuantizedL2Normalization(IntegerPattern):
    def unsupported(self, op):
        x = op.operands[0]
        reason = (static_shapes(op)
                  or rank(op, x, at_least=1)
                  or result_like_operand(op)
                  or storage(op, "i8", "u8")
                  or per_tensor_only(op)
                  or no_fused_activation(op)
                  or quantized_as(op, op.result, 1 / 128, L2NORM_ZERO_POINT[storage_name(x)], "1/128"))
        if reason:
            return reason
        q = per_tensor(x)
        largest = max(q.storage_type_max - q.zero_point, q.zero_point - q.storage_type_min)
        if x.type.shape[-1] * largest * largest > INT32_MAX:
            return "rows this long can overflow TFLite's int32 sum of squares"
        return None

    def rewrite(self, b, op, operands):
        n, depth = rows(op)
        out_q = per_tensor(op.result)
        lo, hi = out_q.storage_type_range
        x = widen(b, signed_view(b, reshape(b, operands[0], (n, depth)), per_tensor(op.operands[0])))  # q - zi
        total = tosa.reduce(b, "tosa.reduce_sum", tosa.mul(b, x, x, x.type), 1)
        multiplier, shift = g.rowwise(b, [total], [tensor((n, 1), i32)] * 2,
                                      lambda r, args: g.inv_sqrt_quantized_multiplier_exp(r, args[0]))

        def per_element(r, args):
            d, m, e = args
            if out_q.is_signed:   # reference_integer_ops::L2Normalization
                out = g.multiply_by_quantized_multiplier(r, d, m, g.add(r, e, L2NORM_OUTPUT_SHIFT))
            else:                 # reference_ops::L2Normalization, uint8
                out = g.add(r, g.rdbpot(r, g.srdhm(r, g.mul(r, d, 128), m), g.sub(r, 0, e)), 128)
            return [g.narrow(r, g.saturate(r, out, lo, hi), out_q.storage_type)]

        y = g.rowwise(b, [x, multiplier, shift], [tensor((n, depth), out_q.storage_type)], per_element)[0]
        return [reshape(b, y, op.result.type.shape)]


class FloatL2Normalization(FloatPattern):
    def unsupported(self, op):
        return (static_shapes(op)
                or rank(op, op.operands[0], at_least=1)
                or result_like_operand(op)
                or floats_only(op)
                or no_fused_activation(op))

    def rewrite(self, b, op, operands, result_types):
        x = operands[0]
        t = x.type
        total = tosa.reduce(b, "tosa.reduce_sum", tosa.mul(b, x, x, t), len(t.shape) - 1)
        norm = b.value("math.sqrt", [total], total.type)
        norm = tosa.binary(b, "tosa.maximum", norm, splat(b, L2NORM_EPSILON, norm.type), norm.type)
        return [b.value("arith.divf", [x, broadcast_to(b, norm, t.shape)], result_types[0])]


class FloatLocalResponseNormalization(FloatPattern):
    def unsupported(self, op):
        return static_shapes(op) or rank(op, op.operands[0], exactly=4) or result_like_operand(op) or floats_only(op)

    def rewrite(self, b, op, operands, result_types):
        x = operands[0]
        t = x.type
        n, depth = int(np.prod(t.shape[:-1])), t.shape[-1]
        radius = min(max(option(op, "radius", 0), 0), depth)   # a wider window reads the same channels
        alpha, bias, beta = (float(option(op, k, 0.0)) for k in ("alpha", "bias", "beta"))
        if radius == 0:  # an empty window: pow(bias, -beta) everywhere
            base = splat(b, bias, t)
        else:
            # padding r before and r - 1 after: output c sums the padded taps c .. c + 2r - 1,
            # which are the channels c - r .. c + r - 1
            image = tosa.reshape(b, tosa.mul(b, x, x, t), (1, n, depth, 1))
            ones = tosa.const(b, np.ones((1, 1, 2 * radius, 1), np.float32), f32)
            zero = tosa.zero_point(b, 0.0, f32)
            window = b.value("tosa.conv2d", [image, ones, tosa.const(b, np.zeros(1, np.float32), f32), zero, zero],
                             tensor((1, n, depth, 1), f32),
                             tosa.conv_attrs((0, 0, radius, radius - 1), (1, 1), (1, 1), f32))
            window = tosa.reshape(b, window, t.shape)
            base = tosa.binary(b, "tosa.add", tosa.mul(b, window, splat(b, alpha, t), t), splat(b, bias, t), t)
        multiplier = tosa.binary(b, "tosa.pow", base, splat(b, -beta, base.type), base.type)
        return [tosa.mul(b, x, multiplier, result_types[0])]


class Softmax(FloatPattern):
    """softmax(x) = exp(b*(x - max)) / sum(exp(b*(x - max))) over the last axis.

    Float32 SOFTMAX is reference_ops::Softmax's loop (reference/softmax.h): `e = std::exp((x -
    max) * beta)`, the C library's expf (eigen_math.expf: glibc's, bit for bit), `sum += e` in
    index order (tosa.reduce_sum folds in index order), then `e / sum` (arith.divf: a product
    with 1 / sum differs in the last bit). With a negative beta the argument can pass expf's
    overflow bound, which that emulation leaves out; that case, other float types and
    LOG_SOFTMAX (reference_ops::LogSoftmax ignores beta and needs the C library's logf) take
    tosa.exp, the sum's reciprocal or tosa.log, within the float tolerance."""

    def __init__(self, log: bool):
        self.log = log

    def unsupported(self, op):
        return one_dynamic_dim(op, [op.operands[0]])

    def rewrite(self, b, op, operands, result_types):
        x = operands[0]
        t = x.type
        axis = len(t.shape) - 1
        shifted = tosa.binary(b, "tosa.sub", x, tosa.reduce(b, "tosa.reduce_max", x, axis), t)
        beta = beta_of(op)
        if beta != 1.0:
            shifted = tosa.mul(b, shifted, tosa.const(b, np.full((1,) * len(t.shape), beta, np.float32)), t)
        if not self.log and beta > 0 and t.element_type == f32:
            return [reference_softmax(b, shifted, result_types[0])]
        e = b.value("tosa.exp", [shifted], t)
        total = tosa.reduce(b, "tosa.reduce_sum", e, axis)
        if self.log:
            return [tosa.binary(b, "tosa.sub", shifted, b.value("tosa.log", [total], total.type), result_types[0])]
        return [tosa.mul(b, e, b.value("tosa.reciprocal", [total], total.type), result_types[0])]


def reference_softmax(b, shifted, result_type):
    """expf of each (x - max) * beta, each divided by its row's sum in index order."""
    rank = len(shifted.type.shape)
    table = arith.constant(b, expf_table(), tensor((EXPF_N,), i64))
    identity = AffineMap.identity(rank)
    e = generic(b, [shifted], [identity], shifted.type, lambda r, a: expf(r, a[0], table))
    total = tosa.reduce(b, "tosa.reduce_sum", e, rank - 1)
    per_row = AffineMap(rank, tuple(dim(k) for k in range(rank - 1)) + (const(0),))
    return generic(b, [e, total], [identity, per_row], result_type,
                   lambda r, a: r.value("arith.divf", [a[0], a[1]], a[0].type))
