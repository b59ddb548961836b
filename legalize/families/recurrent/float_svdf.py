"""Float and hybrid SVDF (reference/svdf.h: EvalFloatSVDF, EvalHybridSVDF; kernels/svdf.cc).

With input x [B, K], feature weights Wf [F, K], time weights Wt [F, M], an optional bias [U]
(U = F / rank units) and the state S [B, F * M] (a variable: each filter's last M
activations, oldest first), both kernels compute in float:

    S[b, f, 0:M-1] = S[b, f, 1:M]                the memory moves one step older
    S[b, f, M-1]   = 0 + (x Wf^T)[b, f]           hybrid: x quantized per row at run time,
                                                  `0 + float(acc - row_sum * z) * (s * swf)`
    d[b, f]        = dot(Wt[f, :], S[b, f, :])    hybrid: Wt = float(int8) * swt (once)
    y[b, u]        = sum_{r < rank} d[b, u * rank + r]  (+ bias[u])
    y              = act(y)                       in place: NONE leaves it

On x86 the dot products and the rank sums are the NEON code through NEON_2_SSE
(optimized/neon_tensor_utils.cc: NeonVectorVectorDotProduct, NeonReductionSumVector): four
partial sums over whole groups of four (each `0 + a*b`, then `+ a*b` per group, no FMA), added
lane 0 to 3 in order, then the rest one by one. `neon_sum` builds exactly that, so the hybrid
program is TFLite's bit for bit; the float one's feature product goes through TFLite's float
GEMM and is held to the float tolerance.
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.linalg import generic
from tfl2quant.dialects.tfl import activation
from tfl2quant.ir.affine import AffineMap, const, dim
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import Value
from tfl2quant.ir.types import f32, tensor

from ...lib import eigen_math, hybrid
from ...lib.emit import concat, reshape, slice_axis
from ...lib.hybrid import binary, fconst
from ...lib.matvec import FloatMatrix, HybridMatrix, hybrid_weight_reason, zeros
from ...lib.query import floats_only, option, per_tensor
from ...rule import FloatPattern, IntegerPattern
from .svdf import BIAS, INPUT, NAMES, STATE, WEIGHTS_FEATURE, WEIGHTS_TIME, bias_of, dims, shape_reason

LANES = 4       # floats per NEON (SSE) vector


def neon_sum(r: Builder, terms: list) -> Value:
    """The NEON loops' float sum of `terms` (each a value, or a pair to multiply): lane k
    accumulates terms k, k + 4, ... of the whole groups of four, starting from 0; the lanes
    add up in order; the remaining terms follow one by one."""
    def term(t):
        return binary(r, "arith.mulf", *t) if isinstance(t, tuple) else t

    whole = len(terms) - len(terms) % LANES
    lanes = [fconst(r, 0.0) for _ in range(LANES)]
    for k in range(whole):
        lanes[k % LANES] = binary(r, "arith.addf", lanes[k % LANES], term(terms[k]))
    total = binary(r, "arith.addf", binary(r, "arith.addf", binary(r, "arith.addf", lanes[0], lanes[1]),
                                                 lanes[2]), lanes[3])
    for t in terms[whole:]:
        total = binary(r, "arith.addf", total, term(t))
    return total


def _reason(op):
    reason = shape_reason(op)
    if reason:
        return reason
    if activation(op) not in eigen_math.IN_PLACE_ACTIVATIONS:
        return f"fused activation {activation(op)} has no pattern"
    return None


def _program(b: Builder, op, operands: list, feature: Value, weights_time: Value) -> Value:
    """From the new feature column [B, F]: the new state, the time dot products, the rank
    sums, the bias and the activation."""
    batch, _, filters, memory, rank = dims(op)
    units = filters // rank
    state = reshape(b, operands[STATE], (batch, filters, memory))
    newest = reshape(b, feature, (batch, filters, 1))
    state = concat(b, [slice_axis(b, state, 2, 1, memory - 1), newest], 2) if memory > 1 else newest

    maps = ([AffineMap(2, (dim(0), dim(1), const(m))) for m in range(memory)]
            + [AffineMap(2, (dim(1), const(m))) for m in range(memory)])
    dots = generic(b, [state] * memory + [weights_time] * memory, maps, tensor((batch, filters), f32),
                   lambda r, a: neon_sum(r, [(a[memory + m], a[m]) for m in range(memory)]))

    dots = reshape(b, dots, (batch, units, rank))
    inputs = [dots] * rank
    maps = [AffineMap(2, (dim(0), dim(1), const(k))) for k in range(rank)]
    bias = bias_of(op)
    if bias is not None:
        inputs.append(operands[BIAS])
        maps.append(AffineMap(2, (dim(1),)))

    def body(r, a):
        y = neon_sum(r, list(a[:rank]))
        return y if bias is None else binary(r, "arith.addf", y, a[rank])

    y = generic(b, inputs, maps, tensor((batch, units), f32), body)
    return y if activation(op) == "NONE" else eigen_math.activate(b, y, activation(op))


class FloatSVDF(FloatPattern):
    """A float SVDF (and the fallback of a quantized one)."""

    def unsupported(self, op):
        reason = _reason(op)
        if reason:
            return reason
        return floats_only(op, [op.operands[k] for k in NAMES if k != BIAS or bias_of(op) is not None])

    def rewrite(self, b, op, operands, result_types):
        filters = dims(op)[2]
        feature = FloatMatrix(b, [operands[WEIGHTS_FEATURE]]).accumulate(b, operands[INPUT], zeros(b, filters))
        return [_program(b, op, operands, feature, operands[WEIGHTS_TIME])]


class HybridSVDF(IntegerPattern):
    """Float input, int8 feature and time weights: EvalHybridSVDF, bit for bit."""

    def unsupported(self, op):
        reason = _reason(op)
        if reason:
            return reason
        for k in (WEIGHTS_FEATURE, WEIGHTS_TIME):
            reason = hybrid_weight_reason(op.operands[k], "SVDF")
            if reason:
                return f"operand {k} ({NAMES[k]}) {reason}"
        for k in (INPUT, BIAS, STATE):
            if (k != BIAS or bias_of(op) is not None) and str(op.operands[k].type.element_type) != "f32":
                return f"operand {k} ({NAMES[k]}) is {op.operands[k].type}; EvalHybridSVDF reads it as f32"
        if str(op.result.type.element_type) != "f32":
            return f"result 0 is {op.result.type}; EvalHybridSVDF writes f32"
        return None

    def rewrite(self, b, op, operands):
        filters = dims(op)[2]
        matrix = HybridMatrix(b, [op.operands[WEIGHTS_FEATURE]], bool(option(op, "asymmetric_quantize_inputs")))
        feature = matrix.accumulate(b, operands[INPUT], zeros(b, filters))
        w = op.operands[WEIGHTS_TIME]          # Eval: weights_time_ptr[i] * dequantization_scale, once
        recovered = hybrid.weight_values(w).astype(np.float32) * np.float32(per_tensor(w).scale)
        return [_program(b, op, operands, feature, tosa.const(b, recovered, f32))]
