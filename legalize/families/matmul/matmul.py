"""FULLY_CONNECTED and BATCH_MATMUL (batch_matmul.py).

Integer FULLY_CONNECTED: `tosa.matmul` (i8 x i8 -> i32) computes the dot products
exactly; a linalg.generic adds the bias and requantizes. With
`real = scale * (q - zero_point)`,

    real_out = si * sw_c * sum((x - zi) * (w - zw)) + sb * bias_c       (sb = si * sw_c)
    q_out    = clamp(zo + real_out / so, lo, hi)
             = clamp(zo + int32(round(double(acc) * (double(si) * double(sw_c) / double(so)))), lo, hi)

with acc = sum + bias, round half away from zero: the reference kernels requantize in
double precision, not with MBQM (reference/integer_ops/fully_connected.h and
reference/fully_connected.h, the overloads that take the scales; LiteRT commit 9213607).
Which kernel runs is chosen by the output type (fully_connected.cc: EvalQuantized):

    int8 -> int8          int8 (int4, int2 unpacked) filter; per-channel ignores zw
    uint8 -> uint8        uint8 filter, per-tensor
    uint8 -> int16        uint8 filter; reference_ops::FullyConnected<uint8, int16>
    int8 -> int16         the same kernel: it reads the int8 input and filter as uint8
                          bytes (its zero points are the int8 ones), so we do too
    int16 -> int16        8-bit filter: int64 accumulator and bias (int32 when
                          quantized_bias_type is INT32), double requantization
    int16 x int16 filter  int64 accumulator, int64 bias only if quantized_bias_type is
                          INT64 (else int32), and the int64 MBQM with the 16-bit
                          multiplier QM(si * sw / so) (FullyConnectedInt16FilterInt16)

16-bit operands are split into 8-bit planes (planes.py); uint8 operands are `q - 128`.
A float input with quantized weights is TFLite's hybrid kernel (EvalHybridDense,
HybridFullyConnected): the run-time quantization and the float rescale are hybrid.py's.
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.tfl import constant_array, is_no_value
from tfl2quant.ir.types import f32, f64, i8, i32, i64, tensor

from ...lib import hybrid
from ...lib.fixed_point import f32_product_multipliers, per_channel_multipliers, quantize_multiplier
from ...lib.fused_activation import clamp_float, quantized_range
from ...lib.planes import (Plane, channel_constant, constant_planes, double_rescale, finish, int32_accumulator,
                          int64_accumulator, mbqm64, mbqm64_params, mbqm64_reason, output, products, split16)
from ...lib.query import (constants, dynamic_batch, option, per_tensor, per_tensor_only, qtype, static_shapes, storage,
                         storage_name, storage_of)
from ...lib.storage import UINT8_OFFSET, signed_from
from ...rule import FloatPattern, IntegerPattern

# (input, output) storage -> the filters the kernel reads correctly, and the case name
KERNELS = {("i8", "i8"): (("i8", "i4", "i2"), "int8"), ("u8", "u8"): (("u8",), "uint8"),
           ("u8", "i16"): (("u8",), "uint8-int16"), ("i8", "i16"): (("i8",), "int8-int16"),
           ("i16", "i16"): (("i8", "i4", "i2", "i16"), "int16")}
READS = {"i8": "int8", "u8": "uint8", "i16": "int16"}
FILTER_WIDTH, FILTER_DEPTH = 4, 32  # optimized/fully_connected_4bit.h: the 4-bit kernels' tile


def weights_layout(op) -> str | None:
    """The [units, depth] weights (2-D: the verifier checked) in the DEFAULT layout:
    SHUFFLED4x16INT8 exists for uint8 inputs only, and neither pattern unshuffles it.
    An input that does not split into whole rows TFLite truncates; no pattern does."""
    if option(op, "weights_format", "DEFAULT") != "DEFAULT":
        return "shuffled weights format"
    reason = static_shapes(op, op.operands[1:2]) or dynamic_batch(op, op.operands[:1])
    if reason:
        return reason
    depth = op.operands[1].type.shape[1]
    x_shape = op.operands[0].type.shape
    total = int(np.prod(x_shape[1:] if x_shape[0] is None else x_shape))
    if total % depth:
        return f"an input of {'? x ' if x_shape[0] is None else ''}{total} elements does not split into rows of {depth}"
    return None


def _weights_kn(b, w, elem):
    """TFLite's [N, K] weights (a numpy array or a value) as TOSA matmul's [1, K, N]; a
    constant is transposed at compile time."""
    if not isinstance(w, np.ndarray) and constant_array(w) is not None:
        w = np.asarray(constant_array(w))
    if isinstance(w, np.ndarray):
        n, k = w.shape
        # a view, never a copy: a 1 GB model's weights stay in the file's mapping, and the
        # printers read the transposed view a block at a time (attributes._contiguous_pieces)
        return tosa.const(b, w.T.reshape(1, k, n), elem)
    n, k = w.type.shape
    return tosa.reshape(b, tosa.transpose(b, w, (1, 0)), (1, k, n))


def _rows(op) -> tuple[Optional[int], int, int]:
    """(batch rows B, depth K, units N): TFLite flattens the input to [B, K]; B is None
    (`?`) when the input's batch is."""
    x_shape, (n, k) = op.operands[0].type.shape, op.operands[1].type.shape
    return (None if None in x_shape else int(np.prod(x_shape)) // k), k, n


def _bias(op):
    bias = op.operands[2] if len(op.operands) > 2 else None
    return None if bias is None or is_no_value(bias) else bias


def _per_channel(w) -> bool:
    """TFLite's test: more than one scale (fully_connected.cc: is_per_channel)."""
    return len(qtype(w).scales_flat()) > 1


def accumulator(op) -> tuple[str, Optional[str]]:
    """(accumulator type, the bias type the kernel reads)."""
    x, w = op.operands[:2]
    bias_type = option(op, "quantized_bias_type", "FLOAT32")
    if storage_name(x) != "i16":
        return "i32", "i32"
    if storage_name(w) == "i16":  # FullyConnectedInt16FilterInt16<BiasType>: int64 only when asked
        return "i64", "i64" if bias_type == "INT64" else "i32"
    return ("i32", "i32") if bias_type == "INT32" else ("i64", "i64")


class QuantizedFullyConnected(IntegerPattern):
    def unsupported(self, op):
        x, w = op.operands[:2]
        bias = _bias(op)
        reason = (weights_layout(op)
                  or dynamic_batch(op, [op.result])
                  or storage(op, "i8", "u8", "i16", values=[x])
                  or storage(op, "i8", "u8", "i16", values=[op.result])
                  or per_tensor_only(op, [x, op.result]))
        if reason:
            return reason
        kind = (storage_name(x), storage_name(op.result))
        if kind not in KERNELS:
            return f"TFLite's {READS[kind[1]]}-output kernel reads the {READS[kind[0]]} input as " \
                   f"{'uint8' if kind[1] in ('u8', 'i16') else READS[kind[1]]} bytes"
        filters, case = KERNELS[kind]
        reason = storage_of(op, w, *filters) or self.filter_reason(op, case, w) or self.bias_reason(op, case, bias)
        if reason:
            return reason
        if case == "int16" and storage_name(w) == "i16":
            return mbqm64_reason(quantize_multiplier(self.multipliers(op))[1])
        return None

    def filter_reason(self, op, case, w) -> Optional[str]:
        q = qtype(w)
        if _per_channel(w) and (case not in ("int8", "int16") or getattr(q, "quantized_dimension", 0) != 0):
            return per_tensor_only(op, [w]) if case not in ("int8", "int16") else \
                f"per-axis weights quantized along dimension {q.quantized_dimension}, not the units dimension 0"
        if storage_name(w) in ("i4", "i2") and constant_array(w) is None:
            return constants(op, {1: f"the {storage_name(w)} filter"})
        if case == "int8-int16" and constant_array(w) is None:
            return constants(op, {1: "a filter the kernel reads as uint8"})
        if storage_name(w) == "i16" and not _per_channel(w) and q.zero_points_flat()[0] != 0:
            array = constant_array(w)
            if array is None:
                return "int16 weights with a zero point that are not a compile-time constant"
            if np.abs(array.astype(np.int64) - q.zero_points_flat()[0]).max() >= 1 << 15:
                return "int16 weights minus their zero point exceed 16 bits"
        return None

    def bias_reason(self, op, case, bias) -> Optional[str]:
        if bias is None:
            if case in ("uint8-int16", "int8-int16"):
                return "TFLite's 8-bit-input int16-output kernel reads a bias without checking for one"
            return None
        _, want = accumulator(op)
        if storage_name(bias) == want:  # quantized int32, or an int64 constant (tfl.quantization)
            return None
        return f"TFLite reads this bias as {'int64' if want == 'i64' else 'int32'} (quantized_bias_type " \
               f"{option(op, 'quantized_bias_type', 'FLOAT32')}), but it is {bias.type}"

    def multipliers(self, op) -> np.ndarray:
        """Per unit: the double `si * sw / so` of the reference kernels, or QM's input for the
        int16 x int16 filter kernel (f32 product when per-tensor, GetQuantizedConvolutionMultipler)."""
        x, w = op.operands[:2]
        units = w.type.shape[0]
        in_q, out_q, scales = per_tensor(x), per_tensor(op.result), list(qtype(w).scales_flat())
        scales = scales if len(scales) > 1 else scales * units
        if storage_name(w) == "i16" and not _per_channel(w):
            return f32_product_multipliers(in_q.scale, scales, out_q.scale)
        return per_channel_multipliers(in_q.scale, scales, out_q.scale)

    def rewrite(self, b, op, operands):
        x, w = operands[:2]
        bias = operands[2] if _bias(op) is not None else None
        rows, depth, units = _rows(op)
        in_q, out_q = per_tensor(op.operands[0]), per_tensor(op.result)
        case = KERNELS[(storage_name(op.operands[0]), storage_name(op.result))][1]
        x = tosa.reshape(b, x, (1, rows, depth))
        x_planes, correction = self.input_planes(b, op, case, x, in_q)
        w_planes = self.filter_planes(b, op, case, w)
        acc_shape = (1, rows, units)

        def dot(xp: Plane, wp: Plane):
            return b.value("tosa.matmul", [xp.value, _weights_kn(b, wp.value, i8), tosa.zero_point(b, xp.zero_point, i8),
                                           tosa.zero_point(b, wp.zero_point, i8)], tensor(acc_shape, i32))

        terms = products(x_planes, w_planes, dot)
        channel = [] if bias is None else [bias]
        if correction is not None:  # the int8-int16 kernel's input zero point (input_planes)
            channel.append(channel_constant(b, correction, i32))
        acc_type, _ = accumulator(op)
        lo, hi = quantized_range(op, out_q)
        result = tensor(acc_shape, out_q.storage_type)
        if storage_name(op.operands[1]) == "i16":
            m16, n = mbqm64_params(*quantize_multiplier(self.multipliers(op)))
            channel += [channel_constant(b, m16, i64), channel_constant(b, n, i64)]

            def body(r, parts, ch):
                acc = int64_accumulator(r, parts, ch[0] if bias is not None else None)
                return output(r, mbqm64(r, acc, ch[-2], ch[-1]), out_q.zero_point, lo, hi, result.element_type)
        else:
            channel.append(tosa.const(b, self.multipliers(op), f64))

            def body(r, parts, ch):
                accumulate = int64_accumulator if acc_type == "i64" else int32_accumulator
                acc = accumulate(r, parts, ch[0] if bias is not None else None)
                if correction is not None:
                    acc = r.value("arith.addi", [acc, ch[-2]], acc.type)
                return output(r, double_rescale(r, acc, ch[-1]), out_q.zero_point, lo, hi, result.element_type)
        y = finish(b, terms, channel, result, body)
        return [tosa.reshape(b, y, op.result.type.shape)]

    def input_planes(self, b, op, case, x, in_q) -> tuple[list[Plane], Optional[np.ndarray]]:
        """The input's planes and, for the int8-int16 kernel, the per-unit constant its zero
        point adds: it reads `uint8(x) - zi`, here `(uint8(x) - 128)` with zero point 0 plus
        `(128 - zi) * sum_k w'` (the filter is a constant there)."""
        if case == "int16":
            return split16(b, x), None
        if case != "int8-int16":
            if in_q.is_signed:
                return [Plane(x, in_q.zero_point)], None
            return [Plane(signed_from(b, x), in_q.zero_point - UINT8_OFFSET)], None
        w = self.filter_values(op, case)
        return [Plane(signed_from(b, x))], ((UINT8_OFFSET - in_q.zero_point) * w.sum(axis=1)).astype(np.int32)

    def filter_values(self, op, case) -> np.ndarray:
        """A constant filter as the exact integers the kernel multiplies ([N, K], int64)."""
        w = op.operands[1]
        array, q = constant_array(w), qtype(w)
        zp = 0 if _per_channel(w) else q.zero_points_flat()[0]
        if case in ("uint8", "uint8-int16", "int8-int16"):
            array = array.view(np.uint8)  # the int8-int16 kernel reads int8 bytes as uint8
        return array.astype(np.int64) - zp

    def filter_planes(self, b, op, case, w) -> list[Plane]:
        w_orig = op.operands[1]
        array, q = constant_array(w_orig), qtype(w_orig)
        zp = 0 if _per_channel(w_orig) else q.zero_points_flat()[0]
        if case == "int8-int16" or storage_name(w_orig) == "i16":
            if array is None:
                return split16(b, w)
            return constant_planes(self.filter_values(op, case))
        if case in ("uint8", "uint8-int16"):
            if array is None:
                return [Plane(signed_from(b, w), zp - UINT8_OFFSET)]
            return [Plane((array.view(np.uint8).astype(np.int16) - UINT8_OFFSET).astype(np.int8), zp - UINT8_OFFSET)]
        if array is not None and storage_name(w_orig) != "i8":  # int4, int2: int8 values
            return [Plane(np.asarray(array).astype(np.int8), zp)]
        return [Plane(w, zp)]


class HybridFullyConnected(IntegerPattern):
    """Float input, int8/int4/int2 weights: EvalHybridDense (hybrid.py), per-tensor or
    per-unit weight scales, inputs quantized per row, symmetric or not as the op says."""

    def unsupported(self, op):
        x, w = op.operands[:2]
        return (weights_layout(op)
                or dynamic_batch(op, [op.result])
                or hybrid.hybrid_reason(op, w, _bias(op))
                or (f"per-axis weights quantized along dimension {qtype(w).quantized_dimension}, not the units "
                    f"dimension 0" if _per_channel(w) and getattr(qtype(w), "quantized_dimension", 0) else None))

    def rewrite(self, b, op, operands):
        rows, depth, units = _rows(op)
        w = op.operands[1]
        weights = hybrid.weight_values(w)
        bias = operands[2] if _bias(op) is not None else None
        asymmetric = bool(option(op, "asymmetric_quantize_inputs"))
        q, scale, zero_point = hybrid.quantize_rows(b, tosa.reshape(b, operands[0], (rows, depth)), asymmetric)
        kn, zero = _weights_kn(b, weights, i8), tosa.zero_point(b, 0, i8)
        acc = b.value("tosa.matmul", [tosa.reshape(b, q, (1, rows, depth)), kn, zero, zero],
                      tensor((1, rows, units), i32))
        # summed in int32 (|sum| <= 128 * depth): no int64 copy of the weights
        row_sums = tosa.const(b, weights.sum(axis=1, dtype=np.int32), i32) if asymmetric else None
        scales = np.broadcast_to(np.asarray(qtype(w).scales_flat(), np.float32), (units,))
        y = hybrid.scale_back(b, tosa.reshape(b, acc, (rows, units)), scale, zero_point, row_sums, scales, bias)
        return [tosa.reshape(b, clamp_float(b, y, op), op.result.type.shape)]


class HybridBlockwiseFullyConnected(IntegerPattern):
    """Float input, blockwise int4 weights: EvalBlockwise4Bit (fully_connected.cc). Only the
    optimized kernels have it (the reference resolver never prepares the 4-bit path, and its
    EvalHybridDense reads a blockwise tensor as if it had per-axis scales), and only under
    the conditions of Prepare's 4-bit branch. Inputs are quantized per row, always
    asymmetrically; each block's int32 product is scaled in float and the blocks summed in
    order (hybrid.blockwise_scale_back).

    The kernel never applies the fused activation (it has no ApplyActivationToVector call;
    XNNPACK's blockwise kernel does apply it). The pattern applies it: the op means it, and
    `check` compares with the kernel's result with the activation applied."""

    def unsupported(self, op):
        x, w = op.operands[:2]
        reason = (weights_layout(op)
                  or static_shapes(op, [x, w, op.result])
                  or hybrid.hybrid_reason(op, w, _bias(op)))
        if reason:
            return reason
        q = qtype(w)
        rows, depth, units = _rows(op)
        if storage_name(w) == "i2":
            return ("blockwise int2 weights: TFLite has no blockwise int2 kernel; EvalHybridDense takes them, "
                    "finds no affine quantization (fully_connected.cc: VerifyPerChannelQuantization) and scales "
                    "the products by the tensor's scale, 0, so every resolver returns the bias alone")
        if storage_name(w) != "i4":
            return f"blockwise {storage_name(w)} weights: TFLite's blockwise kernel reads int4 only"
        if q.quantized_dimensions != (0, 1) or q.block_sizes[0] != 1:
            return "blockwise weights with blocks across units; TFLite's blocks run along the depth"
        if depth % 2 or units < FILTER_WIDTH or depth < FILTER_DEPTH:
            return (f"blockwise weights: TFLite runs its blockwise kernel only for an even depth >= "
                    f"{FILTER_DEPTH} and >= {FILTER_WIDTH} units (fully_connected.cc: Prepare), else it reads "
                    f"them as per-axis weights")
        return None

    def rewrite(self, b, op, operands):
        rows, depth, units = _rows(op)
        w = op.operands[1]
        block = qtype(w).block_sizes[1]
        blocks = depth // block
        packed = hybrid.packed_values(w, units)  # [units, depth / 2], as stored
        q, scale, zero_point = hybrid.quantize_rows(b, tosa.reshape(b, operands[0], (rows, depth)), asymmetric=True)
        q = tosa.transpose(b, tosa.reshape(b, q, (rows, blocks, block)), (1, 2, 0))  # [blocks, block, rows]
        # the weights as the left operand: [units, blocks, block] -> [blocks, units, block] moves
        # whole blocks (contiguous runs), where [blocks, block, units] would move every value
        weights = tosa.reshape(b, hybrid.unpacked_constant(b, packed, 4), (units, blocks, block))
        weights = tosa.transpose(b, weights, (1, 0, 2))
        zero = tosa.zero_point(b, 0, i8)
        acc = b.value("tosa.matmul", [weights, q, zero, zero], tensor((blocks, units, rows), i32))
        bias = operands[2] if _bias(op) is not None else None
        y = hybrid.blockwise_scale_back(b, acc, scale, zero_point, hybrid.block_scales(w),
                                        hybrid.block_sums(packed, blocks), bias)
        return [tosa.reshape(b, clamp_float(b, y, op), op.result.type.shape)]


class FloatFullyConnected(FloatPattern):
    def unsupported(self, op):
        return weights_layout(op) or dynamic_batch(op, [op.result])

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
