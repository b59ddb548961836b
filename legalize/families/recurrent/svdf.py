"""Full-integer SVDF: int8 input and output, int16 state (kernels/svdf.cc, reference/svdf.h).

The kernel (Prepare; Eval runs reference_ops::EvalIntegerSVDF) with input x [B, K],
int8 weights_feature Wf [F, K], int16 weights_time Wt [F, M], an optional int32 bias
[U] (U = F / rank units) and the int16 state S [B, F * M], a variable holding each
filter's last M activations, oldest first (S[b, f * M + m]):

    M1 = float32(si * swf / ss)        float32 arithmetic on the float scales,
    M2 = float32(ss * swt / so)        only the result is stored in a double
    S[b, f, 0:M-1] = S[b, f, 1:M]      the memory moves one step older (the kernel moves the
                                       whole buffer by one element; the slot that gets the next
                                       filter's oldest value is the one written next)
    S[b, f, M-1]   = clamp(MBQM(sum_k Wf[f, k] * (x[b, k] - zi), QM(M1)), int16)
    acc[b, u]      = sum_{r < rank} sum_m Wt[u*rank + r, m] * S[b, u*rank + r, m] + bias[u]
    y[b, u]        = clamp(zo + MBQM(acc[b, u], QM(M2)), int8)

all in int32: the dot products, the sum over rank and the bias add wrap (undefined in
C++, compiled kernels wrap), and so does MBQM's `x * 2^left_shift`. Eval refuses any
fused activation but RELU and then applies none: y is clamped to int8 only. The
zero points of the weights, the bias and the state are never read (state zero point
0 is assumed), nor is any scale but the first (per-axis quantization declines). The
kernel reads Wt, bias, state and y as int16, int32, int16, int8 without checking
their types; other types decline, and so do dot products too long for tosa.matmul's
exact int32 accumulator (K > 65793 or rank * M > 33025).

The state is updated in place and is not an output: the op reads what TFLite holds
before the invoke, zeros on the first one (the importer gives the variable that
constant); the rewrite reads the operand, whatever it holds.

As TOSA: one tosa.matmul (i8, zero point zi) for the feature sums, the wrapping left
shift and a tosa.rescale to i16 (saturating: the int16 clamp), then a slice and concat
make the new state. The filters of a unit are adjacent, so its rank sum is one dot
product of rank * M terms: the state as [U, B, rank * M] and Wt as [U, rank * M, 1]
are split into 8-bit planes (planes.py), one exact tosa.matmul per plane pair; a
linalg.generic adds the planes in i64, wraps to i32 and adds the bias; a transpose to
[B, U], the wrapping left shift and a tosa.rescale to i8 (with zo) finish.

Hybrid SVDF (float input, int8 weights: EvalHybridSVDF) and float SVDF: float_svdf.py.
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.linalg import generic
from tfl2quant.dialects.tfl import activation, constant_array, is_no_value
from tfl2quant.ir.affine import AffineMap, dim
from tfl2quant.ir.types import i8, i16, i32, tensor

from ...lib.emit import concat, reshape, slice_axis
from ...lib.planes import (
    INT32_MAX,
    Plane,
    constant_planes,
    int32_accumulator,
    products,
    split16,
)
from ...lib.query import (
    option,
    per_tensor,
    per_tensor_only,
    qtype,
    role,
    static_shape,
    static_shapes,
    storage_name,
)
from ...lib.rescale import mbqm, mbqm_reason, wrapped_left_shift
from ...rule import IntegerPattern

INPUT, WEIGHTS_FEATURE, WEIGHTS_TIME, BIAS, STATE = range(5)
# what EvalIntegerSVDF reads each tensor as (GetTensorData<T>, no type check)
READS = {INPUT: "i8", WEIGHTS_FEATURE: "i8", WEIGHTS_TIME: "i16", BIAS: "i32", STATE: "i16"}
NAMES = {INPUT: "input", WEIGHTS_FEATURE: "weights_feature", WEIGHTS_TIME: "weights_time", BIAS: "bias",
         STATE: "activation_state"}
MAX_FEATURE_PRODUCT = 128 * 255  # |Wf * (x - zi)|
MAX_PLANE_PRODUCT = 255 * 255    # |low byte * low byte|, the largest 8-bit plane product


def bias_of(op):
    """The bias operand, or None when the op has none."""
    v = op.operands[BIAS]
    return None if is_no_value(v) else v


def multipliers(op) -> tuple[float, float]:
    """Prepare's effective_scale_1 and _2: float32 products and quotients, widened."""
    si, swf, swt, ss = (np.float32(per_tensor(op.operands[k]).scale)
                        for k in (INPUT, WEIGHTS_FEATURE, WEIGHTS_TIME, STATE))
    so = np.float32(per_tensor(op.result).scale)
    with np.errstate(divide="ignore", over="ignore", invalid="ignore"):  # mbqm_reason refuses inf and nan
        return float(si * swf / ss), float(ss * swt / so)


def dims(op) -> tuple[int, int, int, int, int]:
    """(batch B, input K, filters F, memory M, rank)."""
    (batch, depth), (filters, memory) = op.operands[INPUT].type.shape, op.operands[WEIGHTS_TIME].type.shape
    return batch, depth, filters, memory, option(op, "rank")


def shape_reason(op) -> str | None:
    """The shapes Prepare requires, all of them rank exactly as the kernel indexes them."""
    values = [v for v in op.operands if not is_no_value(v)] + [op.result]
    reason = static_shapes(op, values)
    if reason:
        return reason
    ranks = {INPUT: 2, WEIGHTS_FEATURE: 2, WEIGHTS_TIME: 2, BIAS: 1, STATE: 2}
    for k, want in ranks.items():
        if (k != BIAS or bias_of(op) is not None) and len(static_shape(op.operands[k])) != want:
            return f"operand {k} ({NAMES[k]}) has rank {len(static_shape(op.operands[k]))}; the kernel takes {want}"
    batch, depth, filters, memory, rank = dims(op)
    if rank <= 0 or filters % rank:
        return f"rank {rank} does not divide the {filters} filters"
    units = filters // rank
    want = {WEIGHTS_FEATURE: (filters, depth), STATE: (batch, filters * memory), BIAS: (units,)}
    for k, shape in want.items():
        if (k != BIAS or bias_of(op) is not None) and tuple(static_shape(op.operands[k])) != shape:
            return f"operand {k} ({NAMES[k]}) has shape {list(static_shape(op.operands[k]))}; expected {list(shape)}"
    if tuple(static_shape(op.result)) != (batch, units):
        return f"result 0 has shape {list(static_shape(op.result))}; the kernel writes {[batch, units]}"
    return None


def type_reason(op) -> str | None:
    """The types EvalIntegerSVDF reads; Prepare requires quantization on all but the bias (whose
    own it never reads), and the kernel reads only the first scale: per-axis declines."""
    for k, want in READS.items():
        v = op.operands[k]
        if (k != BIAS or bias_of(op) is not None) and storage_name(v) != want:
            return f"operand {k} ({NAMES[k]}) is {v.type}; EvalIntegerSVDF reads it as {want}"
    if storage_name(op.result) != "i8":
        return f"result 0 is {op.result.type}; EvalIntegerSVDF writes int8"
    scaled = [op.operands[k] for k in (INPUT, WEIGHTS_FEATURE, WEIGHTS_TIME, STATE)] + [op.result]
    for v in scaled:
        if qtype(v) is None:
            return f"{role(op, v)} is not quantized; the integer SVDF's Prepare requires it"
    return per_tensor_only(op, scaled)


def length_reason(op) -> str | None:
    """Dot products whose every partial sum fits int32 exactly (tosa.matmul requires it)."""
    _, depth, _, memory, rank = dims(op)
    if depth * MAX_FEATURE_PRODUCT > INT32_MAX:
        return f"feature dot products of {depth} terms may overflow int32 in tosa.matmul"
    if rank * memory * MAX_PLANE_PRODUCT > INT32_MAX:
        return f"time dot products of {rank * memory} terms may overflow int32 in tosa.matmul"
    return None


class IntegerSVDF(IntegerPattern):
    def unsupported(self, op):
        reason = shape_reason(op) or type_reason(op) or length_reason(op)
        if reason:
            return reason
        if activation(op) != "RELU":
            return f"fused activation {activation(op)}; TFLite's integer SVDF fails at Eval unless RELU"
        return next((r for r in map(mbqm_reason, multipliers(op)) if r), None)

    def rewrite(self, b, op, operands):
        batch, depth, filters, memory, rank = dims(op)
        units = filters // rank
        scale_1, scale_2 = multipliers(op)
        zi, zo = per_tensor(op.operands[INPUT]).zero_point, per_tensor(op.result).zero_point

        # the feature sums and the newest state column, [B, F, 1]
        weights = _matrix(b, op, operands, WEIGHTS_FEATURE, (1, depth, filters), (1, 0))
        features = b.value("tosa.matmul", [reshape(b, operands[INPUT], (1, batch, depth)), _emitted(b, weights),
                                           tosa.zero_point(b, zi, i8), tosa.zero_point(b, 0, i8)],
                           tensor((1, batch, filters), i32))
        newest = mbqm(b, *wrapped_left_shift(b, features, scale_1), 0, 0, tensor((1, batch, filters), i16))
        newest = reshape(b, newest, (batch, filters, 1))
        state = reshape(b, operands[STATE], (batch, filters, memory))
        state = concat(b, [slice_axis(b, state, 2, 1, memory - 1), newest], 2) if memory > 1 else newest

        # one dot product of rank * M terms per (unit, batch), in 8-bit planes
        terms_shape = (units, batch, 1)
        state = tosa.transpose(b, reshape(b, state, (batch, units, rank * memory)), (1, 0, 2))
        time = _matrix(b, op, operands, WEIGHTS_TIME, (units, rank * memory, 1), None)
        time_planes = constant_planes(time) if isinstance(time, np.ndarray) else split16(b, time)

        def dot(s: Plane, w: Plane):
            return b.value("tosa.matmul", [s.value, _emitted(b, w.value), tosa.zero_point(b, s.zero_point, i8),
                                           tosa.zero_point(b, w.zero_point, i8)], tensor(terms_shape, i32))

        terms = products(split16(b, state), time_planes, dot)
        bias = [] if bias_of(op) is None else [operands[BIAS]]
        maps = [AffineMap.identity(3)] * len(terms) + [AffineMap(3, (dim(0),))] * len(bias)

        def body(r, args):
            parts = [(a, factor) for (_, factor), a in zip(terms, args)]
            return int32_accumulator(r, parts, args[len(terms)] if bias else None)

        acc = generic(b, [t for t, _ in terms] + bias, maps, tensor(terms_shape, i32), body)
        acc = tosa.transpose(b, reshape(b, acc, (units, batch)), (1, 0))
        return [mbqm(b, *wrapped_left_shift(b, acc, scale_2), 0, zo, tensor((batch, units), i8))]


def _matrix(b, op, operands, k: int, shape, perms):
    """Operand k transposed by `perms` (or not) and reshaped to `shape`: a numpy array if
    it is a constant (transposed at compile time), else a value."""
    array = constant_array(op.operands[k])
    if array is not None:
        array = np.asarray(array)
        return (array if perms is None else array.transpose(perms)).reshape(shape)
    v = operands[k] if perms is None else tosa.transpose(b, operands[k], perms)
    return reshape(b, v, shape)


def _emitted(b, w):
    """An int8 matrix from `_matrix` or a plane of one, as a value."""
    return tosa.const(b, w, i8) if isinstance(w, np.ndarray) else w
