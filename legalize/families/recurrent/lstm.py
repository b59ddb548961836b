"""Float and hybrid LSTM (UNIDIRECTIONAL_SEQUENCE_LSTM, LSTM), unrolled over time.

Sources: kernels/lstm_eval.cc (EvalFloat/EvalHybrid, LstmStepFloat/LstmStepHybrid,
CalculateLstmGate*, UpdateLstmCellFloat, CalculateLstmOutput*), kernels/lstm.cc and
kernels/unidirectional_sequence_lstm.cc (Prepare: the scratch buffer). Per step, with the
gates side by side (input, forget, cell, output; no input gate with CIFG):

    gate  = bias + x_t W_x + h W_r            hybrid: each product as hybrid FULLY_CONNECTED
                                              computes it: x_t and h quantized per batch row
                                              at run time, int32 dot products, then
                                              `+= float(acc) * (s_row * s_weights)`
    gate += p * c                             peephole (input and forget: the old c; output:
                                              the new c); hybrid p = float(w) * s_w
    i, f, o = logistic(gate), g = act(gate)   Eigen's logistic and tanh (eigen_math.py)
    c = f * c;  c += g * i (CIFG: g * (1 - f));  clipped to +-cell_clip
    m = o * act(c)
    h = proj_bias + m W_p (hybrid: m quantized per row), clipped to +-proj_clip; else h = m

Every float operation above is the kernel's, in its order, so the hybrid program is TFLite's
exactly. The float program's products run through TFLite's float GEMM (optimized_ops::
FullyConnected), whose summation order is its own: a float model is judged with the float
tolerance. The kernel skips a product whose input rows are all zero (IsZeroVector); the IR
computes it, which adds +0.0 and changes nothing. The initial states are the op's state
operands (TFLite's variable tensors, zero at first).

The logistic is position dependent: Eigen computes the elements outside whole aligned
packets with the scalar function. The kernel's gate buffers are slices of one scratch tensor
(16-byte aligned: arena tensors are 64-byte aligned) at `slot * n_cell * n_batch` floats, and
a batch-major sequence runs one batch row at a time at `+ b * n_cell` (lanes()).
"""
from __future__ import annotations

from typing import Union

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import Value
from tfl2quant.ir.types import f32
from tfl2quant.records import dataclass

from ...lib import eigen_math, hybrid
from ...lib.emit import concat, reshape, slice_
from ...lib.gemmlowp import rowwise
from ...lib.hybrid import fconst as _f
from ...lib.matvec import FloatMatrix, HybridMatrix, hybrid_weight_reason, zeros
from ...lib.query import floats_only, is_float, option, per_tensor, static_shapes
from ...rule import FloatPattern, IntegerPattern
from .integer_lstm import (CELL_STATE, GATE_BIAS, GATES, INPUT_WEIGHTS, LAYER_NORM, OUTPUT_STATE,
                           PEEPHOLE_WEIGHTS, PROJECTION_BIAS, PROJECTION_WEIGHTS, RECURRENT_WEIGHTS, present,
                           shape_reason)

F32 = np.float32


@dataclass
class Shape:
    steps: int
    batch: int
    time_major: bool
    gates: tuple            # the gates computed, in scratch-buffer order of the weights
    n_cell: int
    n_output: int
    peephole: bool
    projected: bool
    activation: str         # the cell gate's and the cell output's (the op's fused activation)
    cell_clip: float
    proj_clip: float

    @property
    def slots(self) -> dict:
        """Each gate's scratch buffer (EvalFloat/EvalHybrid: input, cell, forget, output)."""
        order = ("input", "cell", "forget", "output") if "input" in self.gates else ("cell", "forget", "output")
        return {g: k for k, g in enumerate(order)}

    def lanes(self, gate: str) -> np.ndarray:
        """[batch, n_cell] bool: the elements Eigen's loop computes one by one in `gate`'s buffer."""
        base, n, batch = self.slots[gate] * self.n_cell * self.batch, self.n_cell, self.batch
        if self.time_major:
            return eigen_math.scalar_lanes(base, batch * n).reshape(batch, n)
        return np.stack([eigen_math.scalar_lanes(base + k * n, n) for k in range(batch)])


def sequence_layout(op, one_step: bool) -> Union[tuple, str]:
    """(steps, batch, time_major) of the input: [T, B, K] or [B, T, K] as the op's time_major
    option says, or [B, K] for a one-step op (LSTM, RNN)."""
    shape = tuple(op.operands[0].type.shape)
    if one_step and len(shape) == 2:
        return 1, shape[0], True
    if len(shape) == 3:
        time_major = bool(option(op, "time_major", False))
        return (shape[0], shape[1], True) if time_major else (shape[1], shape[0], False)
    return f"input of rank {len(shape)}"


def shape_of(op) -> Union[Shape, str]:
    """The op's geometry, or why neither pattern takes it."""
    given = [v for k, v in enumerate(op.operands) if present(op, k)]
    reason = static_shapes(op, given + list(op.results))
    if reason:
        return reason
    if op.name == "tfl.lstm" and option(op, "kernel_type", "FULL") != "FULL":
        return "the BASIC LSTM kernel (four fused inputs) has no pattern"
    if len(op.operands) < 20 or not present(op, OUTPUT_STATE) or not present(op, CELL_STATE):
        return "the op has no output state or cell state operand"
    if any(present(op, k) for k in LAYER_NORM.values()):
        return "layer-normalized LSTM (MeanStddevNormalization) has no pattern yet"
    if option(op, "diagonal_recurrent_tensors", False):
        return "diagonal recurrent weights have no pattern yet"
    act = option(op, "fused_activation_function", "TANH")
    if act not in eigen_math.ACTIVATIONS:
        return (f"activation {act}: ApplyActivationToVector leaves the buffer unwritten for NONE"
                if act == "NONE" else f"activation {act} has no pattern")
    layout = sequence_layout(op, one_step=op.name == "tfl.lstm")
    if isinstance(layout, str):
        return layout
    steps, batch, time_major = layout
    gates = GATES if present(op, INPUT_WEIGHTS["input"]) else GATES[1:]
    n_cell = op.operands[INPUT_WEIGHTS["output"]].type.shape[0]
    n_output = op.operands[RECURRENT_WEIGHTS["output"]].type.shape[1]
    projected = present(op, PROJECTION_WEIGHTS)
    reason = shape_reason(op, projected)
    if reason:
        return reason
    return Shape(steps=steps, batch=batch, time_major=time_major, gates=gates, n_cell=n_cell, n_output=n_output,
                 peephole=present(op, PEEPHOLE_WEIGHTS["output"]), projected=projected, activation=act,
                 cell_clip=float(option(op, "cell_clip", 0.0) or 0.0),
                 proj_clip=float(option(op, "proj_clip", 0.0) or 0.0))


# --- the step, shared by both patterns --------------------------------------------------------


@dataclass
class Weights:
    """What a direction multiplies by (matvec.py: FloatMatrix or HybridMatrix), gates side by
    side: `input` (x), `aux` (the aux input, or None), `recurrent` (h), `projection` (m, or
    None); `bias` [G*N] and `projection_bias` [n_output] are what the products add into
    (the kernel fills the projection's output with zeros when it has no bias)."""
    input: object
    aux: object
    recurrent: object
    projection: object
    bias: Value
    projection_bias: Value
    peephole: dict          # gate -> [1, N] f32


def time_rows(b: Builder, s: Shape, x: Value) -> Value:
    """The input as time-major rows [steps * batch, depth]."""
    if not s.time_major and s.batch > 1 and s.steps > 1:
        x = tosa.transpose(b, x, (1, 0, 2))
    return reshape(b, x, (s.steps * s.batch, x.type.shape[-1]))


def unroll(b: Builder, s: Shape, w: Weights, x: Value, aux: Value, h: Value, c: Value,
           forward: bool = True) -> list[Value]:
    """Each step's output h [batch, n_output], in time order; a backward direction
    (`forward` False) steps from the last time to the first (lstm_eval.cc: t_rel)."""
    n, batch = s.n_cell, s.batch
    input_part = w.input.accumulate(b, time_rows(b, s, x), w.bias)            # [T*B, G*N]
    if aux is not None:
        input_part = w.aux.accumulate(b, time_rows(b, s, aux), input_part)
    width = len(s.gates) * n
    outputs = [None] * s.steps
    for t in (range(s.steps) if forward else reversed(range(s.steps))):
        step = slice_(b, input_part, (t * batch, 0), (batch, width))
        pre = w.recurrent.accumulate(b, h, step)
        gate = {g: slice_(b, pre, (0, k * n), (batch, n)) for k, g in enumerate(s.gates)}
        for g in ("input", "forget"):
            if g in gate and g in w.peephole:
                gate[g] = _peephole(b, gate[g], w.peephole[g], c)
        act = {g: _activate(b, s, g, v) for g, v in gate.items() if g != "output"}
        c = _update_cell(b, s, c, act)
        o = gate["output"]
        if "output" in w.peephole:
            o = _peephole(b, o, w.peephole["output"], c)
        o = _activate(b, s, "output", o)
        m = rowwise(b, [o, eigen_math.activate(b, c, s.activation, s.lanes("cell"))], [o.type],
                    lambda r, a: [r.value("arith.mulf", [a[0], a[1]], f32)])[0]
        h = w.projection.accumulate(b, m, w.projection_bias) if s.projected else m
        if s.projected and s.proj_clip > 0:
            h = _clip(b, h, s.proj_clip)
        outputs[t] = h
    return outputs


def sequence(b: Builder, s: Shape, outputs: list[Value]) -> Value:
    """The steps' outputs [batch, n] as the op's output, [T, B, n] or [B, T, n] ([B, n] for
    a one-step LSTM op)."""
    n = outputs[0].type.shape[1]
    per_step = (1, s.batch, n) if s.time_major else (s.batch, 1, n)
    return concat(b, [reshape(b, v, per_step) for v in outputs], 0 if s.time_major else 1)


def _activate(b: Builder, s: Shape, gate: str, v: Value) -> Value:
    kind = s.activation if gate == "cell" else "SIGMOID"
    return eigen_math.activate(b, v, kind, s.lanes(gate))


def _peephole(b: Builder, gate: Value, weights: Value, c: Value) -> Value:
    """VectorBatchVectorCwiseProductAccumulate: gate += w * c (w [1, N], one row per batch)."""
    return rowwise(b, [gate, weights, c], [gate.type], lambda r, a: [
        r.value("arith.addf", [a[0], r.value("arith.mulf", [a[1], a[2]], f32)], f32)])[0]


def _update_cell(b: Builder, s: Shape, c: Value, act: dict) -> Value:
    """UpdateLstmCellFloat: c = f * c; c += g * i (CIFG: i = 1 - f, Sub1Vector); clip."""
    cifg = "input" not in act
    inputs = [act["forget"], c, act["cell"]] + ([] if cifg else [act["input"]])

    def body(r, a):
        f, cell, g = a[:3]
        i = r.value("arith.subf", [_f(r, 1.0), f], f32) if cifg else a[3]
        kept = r.value("arith.mulf", [f, cell], f32)
        new = r.value("arith.addf", [kept, r.value("arith.mulf", [g, i], f32)], f32)
        return [_clip_scalar(r, new, s.cell_clip) if s.cell_clip > 0 else new]

    return rowwise(b, inputs, [c.type], body)[0]


def _clip_scalar(r: Builder, v: Value, clip: float) -> Value:
    """CwiseClipping: std::max(std::min(clip, v), -clip)."""
    return r.value("arith.maximumf", [r.value("arith.minimumf", [_f(r, clip), v], f32), _f(r, -clip)], f32)


def _clip(b: Builder, v: Value, clip: float) -> Value:
    return rowwise(b, [v], [v.type], lambda r, a: [_clip_scalar(r, a[0], clip)])[0]


# --- float ------------------------------------------------------------------------------------


def _projection_bias(b: Builder, op, s: Shape, operands) -> Value:
    """What the projection adds into: its bias, or zeros (std::fill_n(0), then +=)."""
    if not s.projected:
        return None
    return operands[PROJECTION_BIAS] if present(op, PROJECTION_BIAS) else zeros(b, s.n_output)


def float_weights(b: Builder, op, s: Shape, operands, aux_weights: dict = None) -> Weights:
    """A float direction's weights (values), `aux_weights` gate -> its aux input weights."""
    return Weights(
        input=FloatMatrix(b, [operands[INPUT_WEIGHTS[g]] for g in s.gates]),
        aux=FloatMatrix(b, [aux_weights[g] for g in s.gates]) if aux_weights else None,
        recurrent=FloatMatrix(b, [operands[RECURRENT_WEIGHTS[g]] for g in s.gates]),
        projection=FloatMatrix(b, [operands[PROJECTION_WEIGHTS]]) if s.projected else None,
        bias=concat(b, [operands[GATE_BIAS[g]] for g in s.gates], 0),
        projection_bias=_projection_bias(b, op, s, operands),
        peephole={g: reshape(b, operands[PEEPHOLE_WEIGHTS[g]], (1, s.n_cell))
                  for g in s.gates if s.peephole and g in PEEPHOLE_WEIGHTS})


def float_reason(op, s: Union[Shape, str]):
    if isinstance(s, str):
        return s
    return floats_only(op, [v for k, v in enumerate(op.operands) if present(op, k)])


class FloatSequenceLSTM(FloatPattern):
    """A float LSTM (and the fallback of a quantized one), unrolled over time."""

    def unsupported(self, op):
        return float_reason(op, shape_of(op))

    def rewrite(self, b, op, operands, result_types):
        s = shape_of(op)
        outputs = unroll(b, s, float_weights(b, op, s, operands), operands[0], None, operands[OUTPUT_STATE],
                          operands[CELL_STATE])
        return [reshape(b, sequence(b, s, outputs), op.results[0].type.shape)]


# --- hybrid -----------------------------------------------------------------------------------


def hybrid_weights(b: Builder, op, s: Shape, operands, aux_weights: dict = None) -> Weights:
    """A hybrid direction's weights: `op.operands` are the constants (EvalHybrid reads the
    stored int8 values and GetTensorScale), `operands` the values the biases come from;
    `aux_weights` gate -> the aux input's weights (constants)."""
    asymmetric = bool(option(op, "asymmetric_quantize_inputs"))
    peephole = {}
    for g in s.gates:
        if s.peephole and g in PEEPHOLE_WEIGHTS:
            w = op.operands[PEEPHOLE_WEIGHTS[g]]         # VectorScalarMultiply: scale * float(w)
            recovered = F32(per_tensor(w).scale) * hybrid.weight_values(w).astype(F32)
            peephole[g] = tosa.const(b, recovered.reshape(1, s.n_cell), f32)
    return Weights(
        input=HybridMatrix(b, [op.operands[INPUT_WEIGHTS[g]] for g in s.gates], asymmetric),
        aux=HybridMatrix(b, [aux_weights[g] for g in s.gates], asymmetric) if aux_weights else None,
        recurrent=HybridMatrix(b, [op.operands[RECURRENT_WEIGHTS[g]] for g in s.gates], asymmetric),
        projection=HybridMatrix(b, [op.operands[PROJECTION_WEIGHTS]], asymmetric) if s.projected else None,
        bias=concat(b, [operands[GATE_BIAS[g]] for g in s.gates], 0),
        projection_bias=_projection_bias(b, op, s, operands), peephole=peephole)


def _weight_operands(op, s: Shape) -> list[int]:
    ks = [INPUT_WEIGHTS[g] for g in s.gates] + [RECURRENT_WEIGHTS[g] for g in s.gates]
    if s.peephole:
        ks += [PEEPHOLE_WEIGHTS[g] for g in s.gates if g in PEEPHOLE_WEIGHTS]
    return ks + ([PROJECTION_WEIGHTS] if s.projected else [])


def hybrid_reason(op, s: Union[Shape, str]):
    """Why EvalHybrid's program is not this direction's, or None."""
    if isinstance(s, str):
        return s
    x = op.operands[0]
    if str(x.type.element_type) != "f32":
        return f"input is {x.type.element_type}; the hybrid kernel takes f32"
    for k in _weight_operands(op, s):
        reason = hybrid_weight_reason(op.operands[k], "LSTM")
        if reason:
            return f"operand {k} {reason}"
    for k, v in enumerate(op.operands):
        if present(op, k) and k not in _weight_operands(op, s) and not is_float(v):
            return f"operand {k} is {v.type}; the hybrid kernel reads it as f32"
    return None


class HybridSequenceLSTM(IntegerPattern):
    """Float input, int8 weights: EvalHybrid, bit for bit."""

    def unsupported(self, op):
        return hybrid_reason(op, shape_of(op))

    def rewrite(self, b, op, operands):
        s = shape_of(op)
        outputs = unroll(b, s, hybrid_weights(b, op, s, operands), operands[0], None, operands[OUTPUT_STATE],
                          operands[CELL_STATE])
        return [reshape(b, sequence(b, s, outputs), op.results[0].type.shape)]
