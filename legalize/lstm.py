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

from dataclasses import dataclass
from typing import Union

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.tfl import constant_array
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import Value
from tfl2quant.ir.types import f32, i8, i32, tensor

from . import eigen_math, hybrid
from .emit import concat, reshape, slice_
from .gemmlowp import rowwise
from .hybrid import fconst as _f
from .integer_lstm import (CELL_STATE, GATE_BIAS, GATES, INPUT_WEIGHTS, LAYER_NORM, OUTPUT_STATE,
                           PEEPHOLE_WEIGHTS, PROJECTION_BIAS, PROJECTION_WEIGHTS, RECURRENT_WEIGHTS, present,
                           shape_reason)
from .query import is_float, option, per_tensor, qtype, static_shapes, storage_name
from .rule import FloatPattern, IntegerPattern

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
    x = op.operands[0]
    shape = tuple(x.type.shape)
    if op.name == "tfl.lstm" and len(shape) == 2:
        steps, batch, time_major = 1, shape[0], True
    elif len(shape) == 3:
        time_major = bool(option(op, "time_major", False))
        steps, batch = (shape[0], shape[1]) if time_major else (shape[1], shape[0])
    else:
        return f"input of rank {len(shape)}"
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


class _Products:
    """How a pattern multiplies: `inputs` (x rows of every step, biases added), `recurrent`
    (one step's h, added to that step's input part) and `projection`."""

    def inputs(self, b: Builder, rows: Value) -> Value:
        raise NotImplementedError

    def recurrent(self, b: Builder, h: Value, input_part: Value) -> Value:
        raise NotImplementedError

    def projection(self, b: Builder, m: Value) -> Value:
        raise NotImplementedError


def _rows(b: Builder, s: Shape, x: Value) -> Value:
    """The input as time-major rows [steps * batch, depth]."""
    if not s.time_major and s.batch > 1 and s.steps > 1:
        x = tosa.transpose(b, x, (1, 0, 2))
    return reshape(b, x, (s.steps * s.batch, x.type.shape[-1]))


def _unroll(b: Builder, op, s: Shape, products: _Products, x: Value, h: Value, c: Value,
            peephole: dict) -> Value:
    n, batch = s.n_cell, s.batch
    input_part = products.inputs(b, _rows(b, s, x))            # [T*B, G*N]
    width = len(s.gates) * n
    outputs = []
    for t in range(s.steps):
        step = slice_(b, input_part, (t * batch, 0), (batch, width))
        pre = products.recurrent(b, h, step)
        gate = {g: slice_(b, pre, (0, k * n), (batch, n)) for k, g in enumerate(s.gates)}
        for g in ("input", "forget"):
            if g in gate and g in peephole:
                gate[g] = _peephole(b, gate[g], peephole[g], c)
        act = {g: _activate(b, s, g, v) for g, v in gate.items() if g != "output"}
        c = _update_cell(b, s, c, act)
        o = gate["output"]
        if "output" in peephole:
            o = _peephole(b, o, peephole["output"], c)
        o = _activate(b, s, "output", o)
        m = rowwise(b, [o, eigen_math.activate(b, c, s.activation, s.lanes("cell"))], [o.type],
                    lambda r, a: [r.value("arith.mulf", [a[0], a[1]], f32)])[0]
        h = products.projection(b, m) if s.projected else m
        if s.projected and s.proj_clip > 0:
            h = _clip(b, h, s.proj_clip)
        outputs.append(h)
    per_step = (1, batch, s.n_output) if s.time_major else (batch, 1, s.n_output)
    y = concat(b, [reshape(b, v, per_step) for v in outputs], 0 if s.time_major else 1)
    return reshape(b, y, op.results[0].type.shape)


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


class _FloatProducts(_Products):
    def __init__(self, b: Builder, op, s: Shape, operands):
        def side_by_side(indices):  # [K, G*N] from G weights [N, K]
            w = concat(b, [operands[indices[g]] for g in s.gates], 0)
            return reshape(b, tosa.transpose(b, w, (1, 0)), (1, w.type.shape[1], w.type.shape[0]))

        self.input_weights = side_by_side(INPUT_WEIGHTS)
        self.recurrent_weights = side_by_side(RECURRENT_WEIGHTS)
        self.bias = reshape(b, concat(b, [operands[GATE_BIAS[g]] for g in s.gates], 0), (1, len(s.gates) * s.n_cell))
        self.projection_weights = self.projection_bias = None
        if s.projected:
            w = operands[PROJECTION_WEIGHTS]                               # [K_out, N]
            self.projection_weights = reshape(b, tosa.transpose(b, w, (1, 0)), (1, s.n_cell, s.n_output))
            if present(op, PROJECTION_BIAS):
                self.projection_bias = reshape(b, operands[PROJECTION_BIAS], (1, s.n_output))

    @staticmethod
    def _matmul(b: Builder, x: Value, w: Value) -> Value:
        rows, depth = x.type.shape
        zero = tosa.zero_point(b, 0.0, f32)
        y = b.value("tosa.matmul", [reshape(b, x, (1, rows, depth)), w, zero, zero],
                    tensor((1, rows, w.type.shape[2]), f32))
        return reshape(b, y, (rows, w.type.shape[2]))

    def inputs(self, b, rows):
        y = self._matmul(b, rows, self.input_weights)
        return tosa.binary(b, "tosa.add", self.bias, y, y.type)

    def recurrent(self, b, h, input_part):
        return tosa.binary(b, "tosa.add", input_part, self._matmul(b, h, self.recurrent_weights), input_part.type)

    def projection(self, b, m):
        y = self._matmul(b, m, self.projection_weights)
        return y if self.projection_bias is None else tosa.binary(b, "tosa.add", self.projection_bias, y, y.type)


class FloatSequenceLSTM(FloatPattern):
    """A float LSTM (and the fallback of a quantized one), unrolled over time."""

    def unsupported(self, op):
        s = shape_of(op)
        if isinstance(s, str):
            return s
        if not all(is_float(v) for k, v in enumerate(op.operands) if present(op, k)):
            return "an operand is not float"
        return None

    def rewrite(self, b, op, operands, result_types):
        s = shape_of(op)
        peephole = {g: reshape(b, operands[PEEPHOLE_WEIGHTS[g]], (1, s.n_cell))
                    for g in s.gates if s.peephole and g in PEEPHOLE_WEIGHTS}
        return [_unroll(b, op, s, _FloatProducts(b, op, s, operands), operands[0], operands[OUTPUT_STATE],
                        operands[CELL_STATE], peephole)]


# --- hybrid -----------------------------------------------------------------------------------


class _HybridProducts(_Products):
    """MatrixBatchVectorMultiplyAccumulate on int8 weights (one per-tensor scale per matrix).
    The weights (and, asymmetric, their row sums) become constants once, for every step."""

    def __init__(self, b: Builder, op, s: Shape, operands):
        self.asymmetric = bool(option(op, "asymmetric_quantize_inputs"))
        self.op, self.s, self.operands = op, s, operands
        self.input_weights = self._matrix(b, [op.operands[INPUT_WEIGHTS[g]] for g in s.gates])
        self.recurrent_weights = self._matrix(b, [op.operands[RECURRENT_WEIGHTS[g]] for g in s.gates])
        if s.projected:
            self.projection_weights = self._matrix(b, [op.operands[PROJECTION_WEIGHTS]])

    def _matrix(self, b: Builder, weights: list) -> tuple:
        """Matrices [M_i, K] (the gates' [N, K], or the projection's [K_out, N]) side by side as
        (weights [1, K, sum M_i] i8, their row sums [sum M_i] i32 or None, each column's scale)."""
        values = [hybrid.weight_values(w) for w in weights]
        kn = np.ascontiguousarray(np.concatenate(values).T)
        scales = np.concatenate([np.full(v.shape[0], F32(per_tensor(w).scale), F32) for v, w in zip(values, weights)])
        row_sums = (tosa.const(b, kn.astype(np.int64).sum(axis=0).astype(np.int32), i32)
                    if self.asymmetric else None)
        return tosa.const(b, kn.reshape(1, *kn.shape), i8), row_sums, scales

    def _product(self, b: Builder, x: Value, matrix: tuple, bias: Value) -> Value:
        weights, row_sums, scales = matrix
        rows, depth = x.type.shape
        width = weights.type.shape[2]
        q, scale, zero_point = hybrid.quantize_rows(b, x, self.asymmetric)
        zero = tosa.zero_point(b, 0, i8)
        acc = b.value("tosa.matmul", [reshape(b, q, (1, rows, depth)), weights, zero, zero],
                      tensor((1, rows, width), i32))
        return hybrid.scale_back(b, reshape(b, acc, (rows, width)), scale, zero_point, row_sums, scales, bias)

    def inputs(self, b, rows):
        bias = reshape(b, concat(b, [self.operands[GATE_BIAS[g]] for g in self.s.gates], 0),
                       (len(self.s.gates) * self.s.n_cell,))
        return self._product(b, rows, self.input_weights, bias)

    def recurrent(self, b, h, input_part):
        return self._product(b, h, self.recurrent_weights, input_part)

    def projection(self, b, m):
        bias = (self.operands[PROJECTION_BIAS] if present(self.op, PROJECTION_BIAS)
                else tosa.const(b, np.zeros(self.s.n_output, F32), f32))    # std::fill_n(0), then +=
        return self._product(b, m, self.projection_weights, bias)


def _hybrid_weights(op, s: Shape) -> list[int]:
    ks = [INPUT_WEIGHTS[g] for g in s.gates] + [RECURRENT_WEIGHTS[g] for g in s.gates]
    if s.peephole:
        ks += [PEEPHOLE_WEIGHTS[g] for g in s.gates if g in PEEPHOLE_WEIGHTS]
    return ks + ([PROJECTION_WEIGHTS] if s.projected else [])


class HybridSequenceLSTM(IntegerPattern):
    """Float input, int8 weights: EvalHybrid, bit for bit."""

    def unsupported(self, op):
        s = shape_of(op)
        if isinstance(s, str):
            return s
        x = op.operands[0]
        if str(x.type.element_type) != "f32":
            return f"input is {x.type.element_type}; the hybrid kernel takes f32"
        for k in _hybrid_weights(op, s):
            v = op.operands[k]
            if storage_name(v) != "i8" or per_tensor(v) is None:
                return (f"operand {k} is {storage_name(v)}"
                        f"{' per axis' if qtype(v) is not None and per_tensor(v) is None else ''}; the hybrid "
                        "LSTM kernel reads int8 weights with one scale (GetTensorScale)")
            if per_tensor(v).zero_point != 0:
                return f"operand {k} has zero point {per_tensor(v).zero_point}; the kernel does not read it"
            if constant_array(v) is None:
                return f"operand {k} is not a compile-time constant"
        for k, v in enumerate(op.operands):
            if present(op, k) and k not in _hybrid_weights(op, s) and not is_float(v):
                return f"operand {k} is {v.type}; the hybrid kernel reads it as f32"
        return None

    def rewrite(self, b, op, operands):
        s = shape_of(op)
        peephole = {}
        for g in s.gates:
            if s.peephole and g in PEEPHOLE_WEIGHTS:
                w = op.operands[PEEPHOLE_WEIGHTS[g]]         # VectorScalarMultiply: scale * float(w)
                recovered = F32(per_tensor(w).scale) * hybrid.weight_values(w).astype(F32)
                peephole[g] = tosa.const(b, recovered.reshape(1, s.n_cell), f32)
        return [_unroll(b, op, s, _HybridProducts(b, op, s, operands), operands[0], operands[OUTPUT_STATE],
                        operands[CELL_STATE], peephole)]

