"""FULLY_CONNECTED.

Integer path (int8): `tosa.matmul` computes `acc = sum((x - zp_in) * (w - zp_w))`
exactly, plus the int32 bias. The requantization is **not** MBQM: TFLite's
reference kernel (`reference_integer_ops::FullyConnected[PerChannel]`, used by
BUILTIN_REF since LiteRT commit 9213607) rescales in double precision:

    q_out = clamp(int32(round(double(acc) * (double(si) * double(sw_c) / double(so)))) + zp_out)

with round half away from zero. TOSA has no such op, so that one step is a
linalg.generic of arith/math ops on f64, exactly the kernel's arithmetic.
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import arith, tosa
from tfl2quant.dialects.linalg import generic
from tfl2quant.dialects.tfl import constant_array, is_no_value
from tfl2quant.ir.affine import AffineMap, dim
from tfl2quant.ir.types import f32, f64, i8, i32, tensor

from .fixed_point import per_channel_multipliers
from .fused_activation import clamp_float, quantized_range
from .query import (option, per_tensor, per_tensor_only, qtype, static_shapes, storage, storage_of,
                    weight_scales)
from .rule import NOT_YET, FloatPattern, IntegerPattern, Rule, unlowered

INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1


def weights_layout(op) -> str | None:
    """The [units, depth] weights (2-D: the verifier checked) in the DEFAULT layout:
    SHUFFLED4x16INT8 exists for uint8 inputs only, and neither pattern unshuffles it.
    An input that does not split into whole rows TFLite truncates; no pattern does."""
    if option(op, "weights_format", "DEFAULT") != "DEFAULT":
        return "shuffled weights format"
    if static_shapes(op, op.operands[:2]):
        return static_shapes(op, op.operands[:2])
    depth = op.operands[1].type.shape[1]
    total = int(np.prod(op.operands[0].type.shape))
    if total % depth:
        return f"an input of {total} elements does not split into rows of {depth}"
    return None


def _weights_kn(b, w, elem):
    """TFLite's [N, K] weights as TOSA matmul's [1, K, N] right-hand side."""
    n, k = w.type.shape
    array = constant_array(w)
    if array is not None:
        return tosa.const(b, np.ascontiguousarray(array.T).reshape(1, k, n), elem)
    return tosa.reshape(b, tosa.transpose(b, w, (1, 0)), (1, k, n))


def _rows(op) -> tuple[int, int, int]:
    """(batch rows B, depth K, units N): TFLite flattens the input to [B, K]."""
    x_shape, (n, k) = op.operands[0].type.shape, op.operands[1].type.shape
    return int(np.prod(x_shape)) // k, k, n


def requantize_double(b, acc, scales: np.ndarray, zero_point: int, lo: int, hi: int, result_type):
    """The reference FC's requantization of int32 `acc` ([1, B, N]) per unit n."""
    scale = tosa.const(b, scales.astype(np.float64), f64)

    def body(r, args):
        a, s, _ = args
        real = r.value("arith.mulf", [r.value("arith.sitofp", [a], f64), s], f64)
        rounded = r.value("math.round", [real], f64)
        # int32(...) of an out-of-range double is undefined in C++; saturate so ours is defined.
        bounded = r.value("arith.minimumf", [r.value("arith.maximumf", [rounded, arith.constant(r, INT32_MIN, f64)], f64),
                                              arith.constant(r, INT32_MAX, f64)], f64)
        q = r.value("arith.addi", [r.value("arith.fptosi", [bounded], i32), arith.constant(r, zero_point, i32)], i32)
        q = r.value("arith.minsi", [r.value("arith.maxsi", [q, arith.constant(r, lo, i32)], i32),
                                    arith.constant(r, hi, i32)], i32)
        return r.value("arith.trunci", [q], result_type.element_type)

    return generic(b, [acc, scale], [AffineMap.identity(3), AffineMap(3, (dim(2),))], result_type, body)


class QuantizedFullyConnected(IntegerPattern):
    def unsupported(self, op):
        x, w = op.operands[:2]
        bias = op.operands[2] if len(op.operands) > 2 else None
        reason = (weights_layout(op)
                  or static_shapes(op, [x, w, op.result])
                  or storage(op, "i8", values=[x, op.result])
                  or per_tensor_only(op, [x, op.result])
                  or storage_of(op, w, "i8")
                  or (None if bias is None or is_no_value(bias) else storage_of(op, bias, "i32")))
        if reason:
            return reason
        q = qtype(w)
        if weight_scales(w, w.type.shape[0], 0) is None and per_tensor(w) is None:
            axis = getattr(q, "quantized_dimension", None)
            return (f"per-axis weights quantized along dimension {axis}, not the units dimension 0"
                    if axis != 0 else "per-channel weights with non-zero zero points")
        return None

    def rewrite(self, b, op, operands):
        x, w = operands[:2]
        bias = operands[2] if len(operands) > 2 else None
        rows, depth, units = _rows(op)
        in_q, out_q, wq = per_tensor(op.operands[0]), per_tensor(op.result), qtype(op.operands[1])
        scales = weight_scales(op.operands[1], units, 0) or [wq.scale] * units
        w_zp = 0 if weight_scales(op.operands[1], units, 0) else wq.zero_point
        acc = b.value("tosa.matmul", [tosa.reshape(b, x, (1, rows, depth)), _weights_kn(b, w, i8),
                                      tosa.zero_point(b, in_q.zero_point, i8), tosa.zero_point(b, w_zp, i8)],
                      tensor((1, rows, units), i32))
        if bias is not None and not is_no_value(bias):
            acc = tosa.binary(b, "tosa.add", acc, tosa.reshape(b, bias, (1, 1, units)), acc.type)
        lo, hi = quantized_range(op, out_q)
        multipliers = per_channel_multipliers(in_q.scale, scales, out_q.scale)
        y = requantize_double(b, acc, multipliers, out_q.zero_point, lo, hi, tensor((1, rows, units), i8))
        return [tosa.reshape(b, y, op.result.type.shape)]


class FloatFullyConnected(FloatPattern):
    def unsupported(self, op):
        return weights_layout(op) or static_shapes(op, [op.operands[0], op.operands[1], op.result])

    def rewrite(self, b, op, operands, result_types):
        x, w = operands[:2]
        bias = operands[2] if len(operands) > 2 else None
        rows, depth, units = _rows(op)
        zero = tosa.zero_point(b, 0.0, f32)
        y = b.value("tosa.matmul", [tosa.reshape(b, x, (1, rows, depth)), _weights_kn(b, w, f32), zero, zero],
                    tensor((1, rows, units), f32))
        if bias is not None and not is_no_value(bias):
            y = tosa.binary(b, "tosa.add", y, tosa.reshape(b, bias, (1, 1, units)), y.type)
        y = clamp_float(b, y, op)
        return [tosa.reshape(b, y, result_types[0].shape)]


RULES = {
    # TFLite op              Rule(integer path,                 float path)
    "tfl.fully_connected": Rule(QuantizedFullyConnected(),    FloatFullyConnected()),
    "tfl.batch_matmul":    unlowered(NOT_YET),
}
