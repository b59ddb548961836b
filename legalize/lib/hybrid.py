"""Hybrid kernels: float activations, int8/int4/int2 weights (dynamic-range models).

TFLite does not dequantize the weights of a hybrid op. Per batch row (per image for
the convolutions) it quantizes the float input to int8 at run time, multiplies in
int32 and scales the sum back to float (fully_connected.cc: EvalHybridDense;
portable_tensor_utils.h: BatchQuantizeFloats). On x86 the quantization is the NEON
code run through NEON_2_SSE (optimized/neon_tensor_utils.cc), not the portable one;
the IR computes its numbers, in its order:

    symmetric (the default)       r = max|x|;  r == 0: q = 0, s = 1
                                  s = r / 127,  q = clamp(rnd(x * (127 / r)), -127, 127)
    asymmetric                    rmin = min(0, min x), rmax = max(0, max x);  rmin == rmax: q = 0,
    (asymmetric_quantize_inputs)  s = 1, z = 0;  s = float(rmax - rmin) / 255, nudged zero point z
                                  (double), q = clamp(rnd(x * (1 / s)) + z, -128, 127)

    acc = sum_k w[n, k] * q[b, k] - row_sum(w)[n] * z[b]        int32
    out = bias[n] + float(acc) * (s[b] * sw[n])                 float32, then the activation

`rnd` is the vector loop's `trunc(p +- 0.5)` (in float) for the first `depth - depth % 8`
values of a row and half-away-from-zero rounding for the rest (`_to_int8`). All float
operations are float32 except the asymmetric zero point (double, as the kernel computes
it). The weights' zero point is not read by the kernel, so a pattern requires it to be 0.
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.assembly import CMPF
from tfl2quant.dialects.linalg import generic
from tfl2quant.dialects.quant.types import ParamArray
from tfl2quant.dialects.tfl import activation, constant_array, constant_attr
from tfl2quant.ir.affine import AffineMap, const, dim
from tfl2quant.ir.attributes import BoolAttr, IntegerAttr
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import Value
from tfl2quant.ir.mapped import release
from tfl2quant.ir.types import f16, f32, f64, i1, i8, i32, i64, tensor

from . import gemmlowp as g
from .emit import concat, splat
from .gemmlowp import constant, rowwise
from .query import Reason, is_float, qtype, storage_name

# ApplyActivationToVector clamps for these; it would also apply TANH and SIGMOID
HYBRID_ACTIVATIONS = ("NONE", "RELU", "RELU6", "RELU_N1_TO_1")


# --- preconditions ------------------------------------------------------------------------------


def hybrid_reason(op, weights: Value, bias: Optional[Value] = None, data: int = 0) -> Reason:
    """Why `op` (float input `data` and result, quantized `weights`) is not a hybrid kernel we
    reproduce, or None."""
    x = op.operands[data]
    if not (is_float(x) and str(x.type.element_type) == "f32" and is_float(op.result)):
        return "a hybrid op reads and writes f32 activations"
    kind = storage_name(weights)
    if kind not in ("i8", "i4", "i2"):
        return f"hybrid weights are {kind}; TFLite's hybrid kernels read int8, int4 and int2"
    if constant_attr(weights) is None:
        return "the hybrid weights are not a compile-time constant"
    if np.any(qtype(weights).zero_points_flat()):
        return "hybrid weights with a non-zero zero point (the kernel does not read it)"
    if bias is not None and not (is_float(bias) and str(bias.type.element_type) == "f32"):
        return f"a hybrid op's bias is f32, this one is {bias.type}"
    if activation(op) not in HYBRID_ACTIVATIONS:
        return f"fused activation {activation(op)} on a hybrid op"
    return None


def weight_values(weights: Value) -> np.ndarray:
    """The stored integers of constant weights, as the kernel multiplies them (int4 and int2
    unpacked to int8): a view of the constant, never a copy (a large model's weights stay in
    the file's mapping)."""
    return np.asarray(constant_array(weights)).astype(np.int8, copy=False)


# --- the run-time quantization of the input -----------------------------------------------------


def fconst(r: Builder, value: float, t=f32) -> Value:
    return constant(r, float(value), t)


def cmpf(r: Builder, predicate: str, a: Value, b: Value) -> Value:
    return r.value("arith.cmpf", [a, b], i1, {"predicate": IntegerAttr(CMPF.index(predicate), i64)})


def binary(r: Builder, name: str, a: Value, b: Value) -> Value:
    return r.value(name, [a, b], a.type)


def _to_int8(r: Builder, product: Value, vector_lane: Value, zero_point: Optional[Value], lo: int,
             hi: int) -> Value:
    """The kernel's `int8(clamp(rounded(product) + z, lo, hi))`. x86 builds run the NEON
    versions through NEON_2_SSE (neon_tensor_utils.cc: NeonSymmetricQuantizeFloats,
    NeonAsymmetricQuantizeFloats): the first `depth - depth % 8` values of a row go through
    the vector loop, which rounds as `trunc(product + (product < 0 ? -0.5 : 0.5))` with the
    sum in float (RoundToNearest before ARMv8: the sum itself rounds, so 0.49999997 becomes
    1); the rest through `TfLiteRound` (half away from zero). The zero point is added after
    rounding. `arith.fptosi` truncates, so it is the vector loop's conversion; the bound
    before it (far outside the int8 range) only keeps the conversion defined."""
    half = g.select(r, cmpf(r, "olt", product, fconst(r, 0.0)), fconst(r, -0.5), fconst(r, 0.5))
    chosen = g.select(r, vector_lane, binary(r, "arith.addf", product, half), r.value("math.round", [product], f32))
    bounded = binary(r, "arith.minimumf", binary(r, "arith.maximumf", chosen, fconst(r, -1024.0)), fconst(r, 1024.0))
    q = r.value("arith.fptosi", [bounded], i32)
    if zero_point is not None:
        q = g.add(r, q, zero_point)
    return g.narrow(r, g.saturate(r, q, lo, hi), i8)


def vector_lanes(b: Builder, depth: int) -> Value:
    """[1, depth] i1: which values of a row the kernels' 8-wide vector loop quantizes."""
    return tosa.const(b, (np.arange(depth) < depth - depth % 8).reshape(1, depth), i1)


def quantize_rows(b: Builder, x: Value, asymmetric: bool) -> tuple[Value, Value, Optional[Value]]:
    """BatchQuantizeFloats of `x` [rows, depth] f32: (q [rows, depth] i8, scale [rows, 1] f32,
    zero point [rows, 1] i32, or None when symmetric)."""
    rows, depth = x.type.shape
    per_row = tensor((rows, 1), f32)
    lanes = vector_lanes(b, depth)
    if not asymmetric:
        magnitude = tosa.reduce(b, "tosa.reduce_max", b.value("tosa.abs", [x], x.type), 1)

        def scales(r, args):  # SymmetricQuantizeFloats: r / 127 and 127 / r; r == 0 gives q = 0, s = 1
            (m,) = args
            zero = cmpf(r, "oeq", m, fconst(r, 0.0))
            return [g.select(r, zero, fconst(r, 1.0), binary(r, "arith.divf", m, fconst(r, 127.0))),
                    g.select(r, zero, fconst(r, 0.0), binary(r, "arith.divf", fconst(r, 127.0), m))]

        scale, inverse = rowwise(b, [magnitude], [per_row, per_row], scales)
        (q,) = rowwise(b, [x, inverse, lanes], [tensor((rows, depth), i8)],
                       lambda r, a: [_to_int8(r, binary(r, "arith.mulf", a[0], a[1]), a[2], None, -127, 127)])
        return q, scale, None

    low = tosa.reduce(b, "tosa.reduce_min", x, 1)
    high = tosa.reduce(b, "tosa.reduce_max", x, 1)
    scale, inverse, zero_point = rowwise(b, [low, high], [per_row, per_row, tensor((rows, 1), i32)],
                                         lambda r, a: _asymmetric_parameters(r, *a))
    (q,) = rowwise(b, [x, inverse, zero_point, lanes], [tensor((rows, depth), i8)],
                   lambda r, a: [_to_int8(r, binary(r, "arith.mulf", a[0], a[1]), a[3], a[2], -128, 127)])
    return q, scale, zero_point


def _asymmetric_parameters(r: Builder, low: Value, high: Value) -> list[Value]:
    """NeonAsymmetricQuantizeFloats' scale (f32), 1 / scale (f32) and nudged zero point
    (i32) from a row's min and max: rmin = min(0, low), rmax = max(0, high) (NeonMinMax
    caps both at zero), scale = (rmax - rmin) / 255 with the difference taken in float;
    the zero point from whichever of qmin - rmin / scale and qmax - rmax / scale has the
    smaller error |q| + |r / scale|, in double, clamped to [-128, 127] and rounded.
    rmin == rmax (an all-zero row) gives scale 1 and zero point 0."""
    zero = fconst(r, 0.0)
    rmin = g.select(r, cmpf(r, "olt", low, zero), low, zero)
    rmax = g.select(r, cmpf(r, "olt", zero, high), high, zero)
    scale = binary(r, "arith.divf", r.value("arith.extf", [binary(r, "arith.subf", rmax, rmin)], f64),
                    fconst(r, 255.0, f64))
    below = binary(r, "arith.divf", r.value("arith.extf", [rmin], f64), scale)
    above = binary(r, "arith.divf", r.value("arith.extf", [rmax], f64), scale)
    from_min = binary(r, "arith.subf", fconst(r, -128.0, f64), below)
    from_max = binary(r, "arith.subf", fconst(r, 127.0, f64), above)
    error_min = binary(r, "arith.addf", fconst(r, 128.0, f64), r.value("math.absf", [below], f64))
    error_max = binary(r, "arith.addf", fconst(r, 127.0, f64), r.value("math.absf", [above], f64))
    zero_point = g.select(r, cmpf(r, "olt", error_min, error_max), from_min, from_max)
    nudged = g.select(r, cmpf(r, "ole", zero_point, fconst(r, -128.0, f64)), fconst(r, -128.0, f64),
                  g.select(r, cmpf(r, "oge", zero_point, fconst(r, 127.0, f64)), fconst(r, 127.0, f64),
                       r.value("math.round", [zero_point], f64)))
    equal = cmpf(r, "oeq", rmin, rmax)
    scale32 = g.select(r, equal, fconst(r, 1.0), r.value("arith.truncf", [scale], f32))
    zero_point32 = g.select(r, equal, fconst(r, 0.0, f64), nudged)
    return [scale32, binary(r, "arith.divf", fconst(r, 1.0), scale32), r.value("arith.fptosi", [zero_point32], i32)]


# --- the integer product and its float scaling ---------------------------------------------------


def _map(value: Value, shape: tuple) -> AffineMap:
    """How a generic over `shape` reads `value`: a vector along the last axis (per unit or
    channel), else the same rank with size-1 axes broadcast."""
    rank, vshape = len(shape), value.type.shape
    if len(vshape) == 1 and rank > 1:
        return AffineMap(rank, (dim(rank - 1),))
    return AffineMap(rank, tuple(const(0) if n == 1 and shape[k] != 1 else dim(k) for k, n in enumerate(vshape)))


def scale_back(b: Builder, acc: Value, scale: Value, zero_point: Optional[Value], offsets: Optional[Value],
               weight_scales: np.ndarray, bias: Optional[Value], channel_first: bool = False) -> Value:
    """`bias[c] + float(acc - offsets * z[b]) * (scale[b] * sw[c])` over `acc` (i32, channels
    last); `offsets` are the weights' sums over the taps each output reads (FULLY_CONNECTED:
    row sums, one per unit; convolutions: per output position). With `channel_first` the
    product is `(float(...) * sw[c]) * scale[b]` (reference HybridConvPerChannel's order)."""
    shape = acc.type.shape
    inputs = [acc, scale, tosa.const(b, np.asarray(weight_scales, np.float32), f32)]
    if zero_point is not None:
        inputs += [zero_point, offsets]
    if bias is not None:
        inputs.append(bias)

    def body(r, args):
        total, s, sw = args[:3]
        if zero_point is not None:
            z, offset = args[3:5]
            total = r.value("arith.subi", [total, r.value("arith.muli", [offset, z], i32)], i32)
        real = r.value("arith.sitofp", [total], f32)
        if channel_first:
            y = binary(r, "arith.mulf", binary(r, "arith.mulf", real, sw), s)
        else:
            y = binary(r, "arith.mulf", real, binary(r, "arith.mulf", s, sw))
        return y if bias is None else binary(r, "arith.addf", args[len(inputs) - 1], y)

    return generic(b, inputs, [_map(v, shape) for v in inputs], tensor(shape, f32), body)


def per_image(b: Builder, x: Value, asymmetric: bool) -> tuple[Value, Value, Optional[Value]]:
    """The convolutions quantize each batch element (image) as one row: (q in `x`'s shape,
    scale and zero point [batch, 1, 1, 1])."""
    shape = x.type.shape
    q, scale, zero_point = quantize_rows(b, tosa.reshape(b, x, (shape[0], int(np.prod(shape[1:])))), asymmetric)
    per_batch = (shape[0],) + (1,) * (len(shape) - 1)
    return (tosa.reshape(b, q, shape), tosa.reshape(b, scale, per_batch),
            None if zero_point is None else tosa.reshape(b, zero_point, per_batch))


# --- int4 and int2 weights as stored -----------------------------------------------------------


def packed_values(weights: Value, rows: int) -> np.ndarray:
    """Constant int4/int2 values as TFLite stores them: [rows, bytes per row] int8, 8 / bits
    values a byte, the first in the low bits (UnpackPackedIntToInt8's order). A view of the
    model's bytes when the importer kept them (importer/tensors.py: PackedElementsAttr), else
    packed here from the values (a module read from text). The patterns check that rows start
    at a byte boundary."""
    attr = constant_attr(weights)
    packed = getattr(attr, "packed", None)
    if packed is None:
        bits = qtype(weights).storage_width
        values = attr.array().reshape(-1, 8 // bits).view(np.uint8) & np.uint8((1 << bits) - 1)
        packed = np.zeros(values.shape[0], np.uint8)
        for k in range(8 // bits):
            packed |= values[:, k] << np.uint8(bits * k)
    return np.asarray(packed).view(np.int8).reshape(rows, -1)


def unpack(b: Builder, packed: Value, bits: int) -> Value:
    """`packed` [..., n, 1] i8 -> its values [..., n, 8 / bits] i8, by ops: value k of a byte p
    is (p << (8 - bits * (k + 1))) >> (8 - bits), the right shift arithmetic (sign-extending).
    The weights reach the output as stored (half or a quarter of their int8 size) and the
    converter never unpacks them; whoever runs the IR does, once for constant weights."""
    t = packed.type
    amounts: dict[int, Value] = {}

    def amount(n: int) -> Value:
        if n not in amounts:
            amounts[n] = splat(b, n, t)
        return amounts[n]

    values = []
    for k in range(8 // bits):
        left = 8 - bits * (k + 1)
        v = packed if left == 0 else b.value("tosa.logical_left_shift", [packed, amount(left)], t)
        values.append(b.value("tosa.arithmetic_right_shift", [v, amount(8 - bits)], t, {"round": BoolAttr(False)}))
    return concat(b, values, len(t.shape) - 1)


def unpacked_constant(b: Builder, packed: np.ndarray, bits: int) -> Value:
    """The values of constant `packed` [rows, n] (packed_values), [rows, n, 8 / bits] i8 (unpack)."""
    return unpack(b, tosa.const(b, packed.reshape(packed.shape + (1,)), i8), bits)


# --- blockwise int4 weights (fully_connected.cc: EvalBlockwise4Bit) ----------------------------


def block_scales(weights: Value) -> np.ndarray:
    """[units, blocks] float16: the scales as the kernel reads them, the model's fp16 tensor (a
    view of the file when the type holds it: quant.types.ParamArray). The importer gives a zero
    scale (an all-zero block) FLT_MIN, which rounds back to 0 in fp16."""
    q = qtype(weights)
    if isinstance(q.scales, ParamArray) and q.scales.array.dtype == np.float16:
        return q.scales.array.reshape(q.params_shape)
    return np.asarray(q.scales, np.float64).astype(np.float16).reshape(q.params_shape)


def block_sums(packed: np.ndarray, blocks: int) -> np.ndarray:
    """[units, blocks] int32: the sum of each block of the int4 values `packed` [units, bytes]
    holds, a band of units at a time (no unpacked copy of a whole weight; the band's pages of
    the mapped model given back once summed: ir/mapped.py)."""
    units, width = packed.shape
    whole_bytes = (2 * width // blocks) % 2 == 0  # a block of an even count of values
    sums = np.empty((units, blocks), np.int32)
    band = max(1, (1 << 20) // width)
    for start in range(0, units, band):
        p = packed[start:start + band]
        low, high = (p << 4) >> 4, p >> 4  # the two values of each byte, sign-extended
        # a block of whole bytes sums their pairs (int8: |low + high| <= 16), else the values
        values = low + high if whole_bytes else np.stack((low, high), axis=-1)
        sums[start:start + band] = values.reshape(len(p), blocks, -1).sum(axis=2, dtype=np.int32)
        release(p)
    return sums


def blockwise_scale_back(b: Builder, acc: Value, scale: Value, zero_point: Value, scales: np.ndarray,
                         ksums: np.ndarray, bias: Optional[Value]) -> Value:
    """EvalBlockwise4Bit's float arithmetic over `acc` [blocks, units, rows] (the int32
    products of each block), in its order: per (row, unit),

        out = 0;  for each block k: out += float(acc[k]) * scale[unit, k]
        out -= float(z[row]) * kfsum[unit];  out *= s[row];  out += bias[unit]

    with `scales` [units, blocks] fp16 (read as f32: a tosa.cast of the stored tensor).
    kfsum[unit] = sum_k scale[unit, k] * ksum[unit, k] (the block sums of the weights,
    summed in block order) is a compile-time constant. One linalg.generic reads each
    block's slice of `acc` through a constant map, so the blocks add up in order."""
    blocks, units, rows = acc.type.shape
    wide, ksums = scales.T.astype(np.float32), ksums.T.astype(np.float32)  # [blocks, units], rows contiguous
    release(scales)
    kfsum = np.zeros(units, np.float32)
    for k in range(blocks):  # one vector step per block, in the kernel's order
        kfsum = kfsum + wide[k] * ksums[k]
    table = tosa.cast(b, tosa.const(b, scales, f16), tensor((units, blocks), f32))
    inputs = [acc] * blocks + [table] * blocks + [zero_point, tosa.const(b, kfsum, f32), scale]
    maps = ([AffineMap(2, (const(k), dim(1), dim(0))) for k in range(blocks)]
            + [AffineMap(2, (dim(1), const(k))) for k in range(blocks)]
            + [AffineMap(2, (dim(0), const(0))), AffineMap(2, (dim(1),)), AffineMap(2, (dim(0), const(0)))])
    if bias is not None:
        inputs.append(bias)
        maps.append(AffineMap(2, (dim(1),)))

    def body(r, args):
        out = fconst(r, 0.0)
        for k in range(blocks):
            product = binary(r, "arith.mulf", r.value("arith.sitofp", [args[k]], f32), args[blocks + k])
            out = binary(r, "arith.addf", out, product)
        z, kf, s = args[2 * blocks:2 * blocks + 3]
        out = binary(r, "arith.subf", out, binary(r, "arith.mulf", r.value("arith.sitofp", [z], f32), kf))
        out = binary(r, "arith.mulf", out, s)
        return out if bias is None else binary(r, "arith.addf", out, args[len(inputs) - 1])

    return generic(b, inputs, maps, tensor((rows, units), f32), body)


# --- BATCH_MATMUL (batch_matmul.cc: EvalHybrid; reference/batch_matmul.h) ----------------------


def batch_matmul_scale_back(b: Builder, acc: Value, scale: Value, zero_point: Optional[Value],
                            row_sums: Optional[Value], weight_scales: np.ndarray) -> Value:
    """The hybrid reference BatchMatMul's float steps over `acc` [B, M, N] (i32), with
    `scale` and `zero_point` [B, M, 1] and `row_sums` [B or 1, 1, N]:

        total = int32(float(acc) - float(row_sum[n]) * float(z[m]))    (asymmetric only)
        out = 0.0 + (s[m] * sw[n]) * float(total)

    The subtraction is in float (`total -= row_sum * batch_offset` with a float offset);
    its result is a whole number, so `int32` and back changes nothing and is left out.
    `out` starts as 0.0 (the output is zero-filled, then `+=`): a -0.0 becomes +0.0."""
    shape = acc.type.shape
    inputs = [acc, scale, tosa.const(b, np.asarray(weight_scales, np.float32), f32)]
    if zero_point is not None:
        inputs += [zero_point, row_sums]

    def body(r, args):
        total = r.value("arith.sitofp", [args[0]], f32)
        if zero_point is not None:
            offset = binary(r, "arith.mulf", r.value("arith.sitofp", [args[4]], f32),
                             r.value("arith.sitofp", [args[3]], f32))
            total = binary(r, "arith.subf", total, offset)
        y = binary(r, "arith.mulf", binary(r, "arith.mulf", args[1], args[2]), total)
        return binary(r, "arith.addf", fconst(r, 0.0), y)

    return generic(b, inputs, [_map(v, shape) for v in inputs], tensor(shape, f32), body)
