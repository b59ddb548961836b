"""Full-integer UNIDIRECTIONAL_SEQUENCE_LSTM (int8 input, weights and output state, int16
cell state), bit-exact with TFLite's 8x8_16 kernel, unrolled over time.

Sources: kernels/unidirectional_sequence_lstm.cc (PopulateQuantizedLstmParams8x8_16,
PopulatePrecomputedZPTimesWeightsWithBias), kernels/lstm_eval.cc (LstmStepInteger8x8_16,
CalculateLstmGateInteger8x8_16, UpdateLstmCellInteger, CalculateLstmOutputInteger8x8_16),
kernels/internal/reference/portable_tensor_utils.cc (the tensor utilities they call).

Prepare derives, all in float32 except where a `std::pow(2, k)` makes it double:

    cs = CheckedLog2(cell state scale)                   the cell state is Q(15+cs).(-cs)
    gate matmul scales  s_w * s_x / s_gate               s_gate = 2^-12 (Q3.12) without layer
                        s_r * s_h / s_gate               norm, else the intermediates' scales
    peephole scale      2^cs * s_peephole / s_gate
    hidden scale        2^-15 / s_hidden * 2^-15         s_hidden: effective_hidden_scale_intermediate
    projection scale    s_proj * s_hidden / s_h
    effective biases    bias - zp_x * rowsum(W_x),  -zp_h * rowsum(W_r),  proj_bias + zp_hidden * rowsum(W_proj)
    clips               int16(cell_clip / s_cell), int8(proj_clip / s_output), truncated

and each step, per gate (forget, cell, output, and input unless CIFG), on int16 values:

    gate = sat16(MBQM(x_t . W_x + b_x))                  the input part: one matmul for all steps
    gate = sat16(MBQM(h . W_r + b_r) + gate)
    gate = sat16(MBQM(peephole * c) + gate)              input, forget: old c; output: new c
    i, f, o = logistic<3>(gate); g = tanh<3>(gate)       gemmlowp FixedPoint<int16_t>, Q0.15
    c = sat16(RDBPOT(f * c, 15) + RDBPOT(i * g, 30 + cs)), clipped    CIFG: i = 32767 - f
    hidden = sat8(MBQM(o * tanh<15+cs>(c)) + zp_hidden)  with projection: - zp_hidden
    h = sat8(MBQM(hidden . W_proj + b_proj) + zp_h), clipped to +-proj_clip (raw values)

The activations are 65536-entry tables (legalize/lib/gemmlowp_tables.py) read with tosa.gather;
the matmuls are tosa.matmul on i8, the MBQMs tosa.rescale, the cell update a linalg.generic
of gemmlowp.py's scalar emitters. The initial states are the op's state operands: TFLite
resets variable tensors to the zero point (int8) or zero, as the importer does.

`fused_activation_function` is not read: the kernel always uses tanh. Layer-normalized
LSTMs (ApplyLayerNorm) decline.
"""
from __future__ import annotations

from dataclasses import field
from typing import Optional, Union

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.tfl import constant_array, is_no_value
from tfl2quant.ir.types import RankedTensorType, i8, i16, i32, tensor
from tfl2quant.numerics import wrap_signed
from tfl2quant.records import dataclass

from ...lib import gemmlowp, gemmlowp_tables
from ...lib.emit import concat, reshape, slice_
from ...lib.fixed_point import quantize_multiplier, tosa_shift
from ...lib.gather import gather
from ...lib.lut import checked_log2
from ...lib.query import option, per_tensor, static_shapes, storage_name
from ...lib.rescale import mbqm_reason
from ...lib.storage import saturate
from ...rule import IntegerPattern

GATES = ("input", "forget", "cell", "output")
INPUT_WEIGHTS = dict(zip(GATES, (1, 2, 3, 4)))
RECURRENT_WEIGHTS = dict(zip(GATES, (5, 6, 7, 8)))
PEEPHOLE_WEIGHTS = {"input": 9, "forget": 10, "output": 11}
GATE_BIAS = dict(zip(GATES, (12, 13, 14, 15)))
PROJECTION_WEIGHTS, PROJECTION_BIAS = 16, 17
OUTPUT_STATE, CELL_STATE = 18, 19
LAYER_NORM = dict(zip(GATES, (20, 21, 22, 23)))
F32 = np.float32
INT16_MIN, INT16_MAX = -(1 << 15), (1 << 15) - 1


def present(op, k: int) -> bool:
    return k < len(op.operands) and not is_no_value(op.operands[k])


@dataclass
class Multiplier:
    """A QuantizeMultiplier pair of a float32 scale."""
    real: float
    m: int = field(init=False)
    shift: int = field(init=False)

    def __post_init__(self):
        if not np.isfinite(self.real):  # plan() declines it (mbqm_reason); no pair to compute
            self.m, self.shift = 0, 0
            return
        m, s = quantize_multiplier(np.array([self.real]))
        self.m, self.shift = int(m[0]), int(s[0])


@dataclass
class Plan:
    """Everything Prepare computes, for one op."""
    gates: tuple                       # the gates computed (no input gate with CIFG)
    steps: int
    batch: int
    time_major: bool
    cell_shift: int                    # cs: the cell state scale is 2^cs
    cell_clip: int
    proj_clip: int
    input_weights: np.ndarray          # [K_in, G*N] i8, gates side by side
    recurrent_weights: np.ndarray      # [K_out, G*N] i8
    input_bias: np.ndarray             # [G*N] i32, effective
    recurrent_bias: np.ndarray         # [G*N] i32, effective
    input_scales: list                 # Multiplier per gate
    recurrent_scales: list
    peephole: dict                     # gate -> (weights [N] int16, Multiplier)
    hidden_scale: Multiplier
    hidden_zp: int
    projection: Optional[tuple]        # (weights [N, K_out] i8, effective bias [K_out] i32, Multiplier)
    output_state_zp: int

    def multipliers(self) -> list:
        scales = [*self.input_scales, *self.recurrent_scales, self.hidden_scale]
        scales += [m for _, m in self.peephole.values()]
        return scales + ([self.projection[2]] if self.projection else [])


def plan(op) -> Union[Plan, str]:
    """Prepare's numbers for `op`, or why the integer pattern declines it."""
    x = op.operands[0]
    if storage_name(x) != "i8" or per_tensor(x) is None:
        return f"input is {storage_name(x)}; the integer LSTM kernel takes int8 per tensor"
    reason = static_shapes(op, [v for k, v in enumerate(op.operands) if present(op, k)] + list(op.results))
    if reason:
        return reason
    if len(op.operands) < 20 or not present(op, OUTPUT_STATE) or not present(op, CELL_STATE):
        return "the op has no output state or cell state operand"
    if any(present(op, k) for k in LAYER_NORM.values()):
        return "layer-normalized integer LSTM (ApplyLayerNorm) has no pattern yet"
    if option(op, "diagonal_recurrent_tensors", False):
        return "diagonal recurrent weights: the integer kernel has none"
    cifg = not present(op, INPUT_WEIGHTS["input"])
    gates = GATES[1:] if cifg else GATES
    used = [INPUT_WEIGHTS[g] for g in gates] + [RECURRENT_WEIGHTS[g] for g in gates]
    used += [GATE_BIAS[g] for g in gates]
    peephole = present(op, PEEPHOLE_WEIGHTS["output"])
    if peephole:
        used += [PEEPHOLE_WEIGHTS[g] for g in gates if g in PEEPHOLE_WEIGHTS]
    projected = present(op, PROJECTION_WEIGHTS)
    if projected:
        used.append(PROJECTION_WEIGHTS)
    expected = {k: ("i8" if k in INPUT_WEIGHTS.values() or k in RECURRENT_WEIGHTS.values()
                    or k == PROJECTION_WEIGHTS else "i16" if k in PEEPHOLE_WEIGHTS.values() else "i32")
                for k in used}
    if projected and present(op, PROJECTION_BIAS):
        used.append(PROJECTION_BIAS)
        expected[PROJECTION_BIAS] = "i32"
    for k in used:
        v = op.operands[k]
        if not present(op, k):
            return f"operand {k} is missing"
        if storage_name(v) != expected[k] or per_tensor(v) is None:
            return f"operand {k} is {storage_name(v)}; the integer LSTM kernel takes {expected[k]} per tensor"
        if constant_array(v) is None:
            return f"operand {k} is not a compile-time constant"
    h, c, y = op.operands[OUTPUT_STATE], op.operands[CELL_STATE], op.results[0]
    for v, kind, name in ((h, "i8", "output state"), (c, "i16", "cell state"), (y, "i8", "output")):
        if storage_name(v) != kind or per_tensor(v) is None:
            return f"{name} is {storage_name(v)}; the integer LSTM kernel takes {kind} per tensor"
    hidden = op.attributes.get("effective_hidden_scale_intermediate")
    hidden_q = per_tensor(hidden.value) if hidden is not None else None
    if hidden_q is None:
        return "no quantized effective_hidden_scale_intermediate (TFLite's Prepare requires it)"

    cs, power_of_two = checked_log2(per_tensor(c).scale)
    if not power_of_two:
        return f"cell state scale {per_tensor(c).scale!r} is not a power of two"
    if not -15 <= cs <= -9:
        return (f"cell state scale 2^{cs}: the kernel's tanh takes 0 to 6 integer bits (2^-15 to 2^-9), "
                "and finer scales overflow its int16 products")

    shape = tuple(x.type.shape)
    if len(shape) != 3:
        return f"input of rank {len(shape)}; the kernel's Prepare takes rank 3"
    time_major = bool(option(op, "time_major", False))
    steps, batch = (shape[0], shape[1]) if time_major else (shape[1], shape[0])
    reason = shape_reason(op, projected)
    if reason:
        return reason

    s_x, s_h, s_hidden = (F32(per_tensor(v).scale) for v in (x, h, hidden.value))
    s_gate = F32(2.0 ** -12)
    zp_x, zp_h, zp_hidden = per_tensor(x).zero_point, per_tensor(h).zero_point, hidden_q.zero_point

    def weights(k):
        return np.asarray(constant_array(op.operands[k]), np.int64)

    def scale(k):
        return F32(per_tensor(op.operands[k]).scale)

    input_w = [weights(INPUT_WEIGHTS[g]) for g in gates]          # [N, K_in] each
    recurrent_w = [weights(RECURRENT_WEIGHTS[g]) for g in gates]  # [N, K_out] each
    n_cell = input_w[0].shape[0]
    input_bias = np.concatenate([weights(GATE_BIAS[g]) - zp_x * w.sum(axis=1)
                                 for g, w in zip(gates, input_w)])
    recurrent_bias = np.concatenate([-zp_h * w.sum(axis=1) for w in recurrent_w])
    peepholes = {}
    if peephole:
        for g in gates:
            if g in PEEPHOLE_WEIGHTS:
                k = PEEPHOLE_WEIGHTS[g]
                real = F32(2.0 ** cs * np.float64(scale(k)) / np.float64(s_gate))
                peepholes[g] = (weights(k), Multiplier(float(real)))
    projection = None
    if projected:
        w = weights(PROJECTION_WEIGHTS)                            # [K_out, N]
        bias = weights(PROJECTION_BIAS) if present(op, PROJECTION_BIAS) else np.zeros(w.shape[0], np.int64)
        projection = (w, wrap_signed(bias + zp_hidden * w.sum(axis=1), 32),
                      Multiplier(float(scale(PROJECTION_WEIGHTS) * s_hidden / s_h)))

    cell_clip, proj_clip = float(option(op, "cell_clip", 0.0) or 0.0), float(option(op, "proj_clip", 0.0) or 0.0)
    # float32 overflow is silent in the kernel (a huge clip over a small scale is inf, then clamped;
    # an infinite multiplier is declined below by mbqm_reason): no numpy warning either.
    with np.errstate(over="ignore"):
        p = Plan(
            gates=gates, steps=steps, batch=batch, time_major=time_major, cell_shift=cs,
            cell_clip=int(np.clip(F32(cell_clip) / F32(per_tensor(c).scale), -32768, 32767)) if cell_clip > 0 else 0,
            proj_clip=int(np.clip(F32(proj_clip) / F32(per_tensor(y).scale), -128, 127)) if proj_clip > 0 else 0,
            input_weights=np.concatenate(input_w).T.astype(np.int8),
            recurrent_weights=np.concatenate(recurrent_w).T.astype(np.int8),
            input_bias=wrap_signed(input_bias, 32), recurrent_bias=wrap_signed(recurrent_bias, 32),
            input_scales=[Multiplier(float(scale(INPUT_WEIGHTS[g]) * s_x / s_gate)) for g in gates],
            recurrent_scales=[Multiplier(float(scale(RECURRENT_WEIGHTS[g]) * s_h / s_gate)) for g in gates],
            peephole=peepholes,
            hidden_scale=Multiplier(float(F32(2.0 ** -15 / np.float64(s_hidden) * 2.0 ** -15))),
            hidden_zp=zp_hidden, projection=projection, output_state_zp=zp_h)
    if p.input_weights.shape[1] != len(gates) * n_cell:
        return "gate weights of different sizes"
    for m in p.multipliers():
        reason = mbqm_reason(m.real)
        if reason:
            return reason
    return p


def shape_reason(op, projected: bool) -> Optional[str]:
    """What the LSTM patterns (here and lstm.py) need beyond the shapes the tfl verifier checks
    (tfl_shapes.sequence_lstm): 2-D states, and as many outputs as cells when nothing projects
    the hidden state."""
    n_cell = op.operands[INPUT_WEIGHTS["output"]].type.shape[0]
    n_output = op.operands[RECURRENT_WEIGHTS["output"]].type.shape[1]
    for k in (OUTPUT_STATE, CELL_STATE):
        if len(op.operands[k].type.shape) != 2:
            return f"operand {k} (a state) has rank {len(op.operands[k].type.shape)}; the pattern takes 2"
    if not projected and n_output != n_cell:
        return f"{n_output} outputs but {n_cell} cells and no projection"
    return None


class IntegerSequenceLSTM(IntegerPattern):
    """UNIDIRECTIONAL_SEQUENCE_LSTM on int8/int16 storage, one block of ops per time step."""

    def unsupported(self, op):
        p = plan(op)
        return p if isinstance(p, str) else None

    def rewrite(self, b, op, operands):
        p = plan(op)
        steps, batch, gates = p.steps, p.batch, p.gates
        n = p.input_weights.shape[1] // len(gates)
        tables = {name: tosa.const(b, gemmlowp_tables.table(name, bits).reshape(1, -1, 1), i16)
                  for name, bits in (("logistic", 3), ("tanh", 3))}
        tables["cell"] = tosa.const(b, gemmlowp_tables.table("tanh", 15 + p.cell_shift).reshape(1, -1, 1), i16)

        def lookup(table, v):  # table[v + 32768], v an i32 [B, N] holding int16 values
            index = tosa.binary(b, "tosa.add", v, _const(b, [[-INT16_MIN]]), v.type)
            y = gather(b, table, reshape(b, index, (1, batch * n)))
            return tosa.cast(b, reshape(b, y, (batch, n)), v.type)

        input_part = self.input_part(b, p, operands[0])           # [T*B, G*N] i32
        recurrent = (_weights(b, p.recurrent_weights), _const(b, p.recurrent_bias.reshape(1, 1, -1)))
        projection = None
        if p.projection:
            weights, bias, _ = p.projection
            projection = (_weights(b, weights.T), _const(b, bias.reshape(1, 1, -1)))
        h = operands[OUTPUT_STATE]
        c = tosa.cast(b, operands[CELL_STATE], tensor((batch, n), i32))
        outputs = []
        for t in range(steps):
            pre = self.recurrent_part(b, p, h, recurrent,
                                      slice_(b, input_part, (t * batch, 0), (batch, len(gates) * n)))
            gate = {g: slice_(b, pre, (0, k * n), (batch, n)) for k, g in enumerate(gates)}
            for g in ("input", "forget"):
                if g in gate and g in p.peephole:
                    gate[g] = self.peephole(b, p.peephole[g], c, gate[g])
            activated = {g: lookup(tables["tanh" if g == "cell" else "logistic"], v)
                         for g, v in gate.items() if g != "output"}
            c = self.update_cell(b, p, c, activated)
            if "output" in p.peephole:
                gate["output"] = self.peephole(b, p.peephole["output"], c, gate["output"])
            o = lookup(tables["logistic"], gate["output"])
            h = self.output_state(b, p, o, lookup(tables["cell"], c), projection)
            outputs.append(h)
        return [self.sequence(b, p, outputs, op.results[0].type)]

    @staticmethod
    def input_part(b, p: Plan, x):
        """sat16(MBQM(x_t . W_x + b_x)) for every step at once, time-major rows [T*B, G*N]."""
        shape = tuple(x.type.shape)
        depth = shape[-1]
        if len(shape) == 3 and not p.time_major and p.batch > 1:
            x = tosa.transpose(b, x, (1, 0, 2))
        rows = p.steps * p.batch
        width = p.input_weights.shape[1]
        acc = _matmul(b, reshape(b, x, (1, rows, depth)), _weights(b, p.input_weights),
                      _const(b, p.input_bias.reshape(1, 1, -1)))
        gates16 = _rescale(b, acc, p.input_scales, width // len(p.gates), tensor((1, rows, width), i16))
        return tosa.cast(b, reshape(b, gates16, (rows, width)), tensor((rows, width), i32))

    @staticmethod
    def recurrent_part(b, p: Plan, h, recurrent, input_part):
        """sat16(MBQM(h . W_r + b_r) + input part), [B, G*N] i32."""
        width = p.recurrent_weights.shape[1]
        acc = _matmul(b, reshape(b, h, (1, p.batch, h.type.shape[-1])), *recurrent)
        wide = tensor((1, p.batch, width), i32)
        scaled = reshape(b, _rescale(b, acc, p.recurrent_scales, width // len(p.gates), wide), (p.batch, width))
        return _saturate16(b, tosa.binary(b, "tosa.add", scaled, input_part, input_part.type))

    @staticmethod
    def peephole(b, peephole, c, gate):
        """sat16(MBQM(w * c) + gate): VectorBatchVectorCwiseProductAccumulate."""
        weights, scale = peephole
        product = tosa.mul(b, c, tosa.const(b, weights.reshape(1, -1).astype(np.int32), i32), c.type)
        scaled = tosa.rescale(b, product, [scale.m], tosa_shift([scale.shift]), 0, 0, c.type)
        return _saturate16(b, tosa.binary(b, "tosa.add", scaled, gate, c.type))

    @staticmethod
    def update_cell(b, p: Plan, c, activated):
        """UpdateLstmCellInteger, elementwise: one linalg.generic."""
        cifg = "input" not in activated
        inputs = [activated["forget"], c, activated["cell"]] + ([] if cifg else [activated["input"]])

        def body(r, args):
            f, cell, g = args[:3]
            i = gemmlowp.sub(r, INT16_MAX, f) if cifg else args[3]  # Sub1Vector
            kept = gemmlowp.rdbpot(r, gemmlowp.mul(r, f, cell), 15)
            new = gemmlowp.rdbpot(r, gemmlowp.mul(r, i, g), 30 + p.cell_shift)
            total = gemmlowp.saturate(r, gemmlowp.add(r, kept, new), INT16_MIN, INT16_MAX)
            if p.cell_clip > 0:
                total = gemmlowp.saturate(r, total, -p.cell_clip, p.cell_clip)
            return [total]

        return gemmlowp.rowwise(b, inputs, [c.type], body)[0]

    @staticmethod
    def output_state(b, p: Plan, o, tanh_c, projection):
        """CalculateLstmOutputInteger8x8_16: the new output state, [B, K_out] i8."""
        product = tosa.mul(b, o, tanh_c, o.type)
        zp = -p.hidden_zp if p.projection else p.hidden_zp
        hidden = _requantize8(b, product, p.hidden_scale, zp)
        if p.projection is None:
            return hidden
        weights, _, scale = p.projection
        acc = _matmul(b, reshape(b, hidden, (1, p.batch, weights.shape[1])), *projection)
        out = reshape(b, _requantize8(b, acc, scale, p.output_state_zp), (p.batch, weights.shape[0]))
        return tosa.clamp(b, out, -p.proj_clip, p.proj_clip) if p.proj_clip > 0 else out

    @staticmethod
    def sequence(b, p: Plan, outputs, result_type: RankedTensorType):
        """The output states of every step in the result's layout."""
        width = outputs[0].type.shape[-1]
        axis = 0 if p.time_major else 1
        per_step = (1, p.batch, width) if p.time_major else (p.batch, 1, width)
        return concat(b, [reshape(b, h, per_step) for h in outputs], axis)


def _const(b, rows) -> object:
    return tosa.const(b, np.asarray(rows, np.int32), i32)


def _weights(b, weights_kn: np.ndarray):
    """Constant [K, N] int8 weights as tosa.matmul's [1, K, N]."""
    return tosa.const(b, np.ascontiguousarray(weights_kn, np.int8).reshape(1, *weights_kn.shape), i8)


def _matmul(b, x, weights, bias):
    """x [1, M, K] i8 times weights [1, K, N] plus bias [1, 1, N]: [1, M, N] i32."""
    rows, width = x.type.shape[1], weights.type.shape[2]
    zero = tosa.zero_point(b, 0, i8)
    acc = b.value("tosa.matmul", [x, weights, zero, zero], tensor((1, rows, width), i32))
    return tosa.binary(b, "tosa.add", acc, bias, acc.type)


def _rescale(b, acc, scales: list, per_gate: int, result_type):
    """MBQM with each gate's multiplier on its columns (tosa.rescale per channel)."""
    m = np.repeat([s.m for s in scales], per_gate)
    shift = np.repeat([s.shift for s in scales], per_gate)
    return tosa.rescale(b, acc, m, tosa_shift(shift), 0, 0, result_type)


def _requantize8(b, acc, scale: Multiplier, zp: int):
    """sat8(MBQM(acc) + zp) as i8; a zero point beyond int8 (-(-128)) is added in i32."""
    t8 = acc.type.with_element_type(i8)
    if -128 <= zp <= 127:
        return tosa.rescale(b, acc, [scale.m], tosa_shift([scale.shift]), 0, zp, t8)
    scaled = tosa.rescale(b, acc, [scale.m], tosa_shift([scale.shift]), 0, 0, acc.type)
    shifted = tosa.binary(b, "tosa.add", scaled, _const(b, np.full((1,) * len(acc.type.shape), zp)), acc.type)
    return saturate(b, shifted, i8)


def _saturate16(b, v):
    """An i32 tensor clamped to int16 (TOSA has no i32 clamp: the identity rescale saturates)."""
    return tosa.cast(b, saturate(b, v, i16), v.type)
