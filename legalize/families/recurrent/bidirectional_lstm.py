"""BIDIRECTIONAL_SEQUENCE_LSTM, float and hybrid: two LSTMs over one sequence (lstm.py).

kernels/bidirectional_sequence_lstm.cc runs lstm_eval's EvalFloat or EvalHybrid twice: forward
on operands 0-17 with states 35, 36, then backward (last step first, `t_rel`) on operands
18-34 with states 37, 38, each with its own scratch buffer (so Eigen's scalar lanes are those
of a unidirectional LSTM of the same shape). Each direction is therefore a unidirectional LSTM
seen through `Direction`, UNIDIRECTIONAL_SEQUENCE_LSTM's operand order (0-19), and lstm.py's
program runs on it. Aux inputs (Eval):

    aux input (39) and aux weights (40-47)    both directions add `aux W_aux` to each gate,
                                              after the input's product, before h's
    aux input but no aux weights              "non-stacking" mode: the backward direction
                                              reads the aux input instead of the input

With merge_outputs the backward outputs go after the forward ones in the last dimension of
output 0 (`output_offset`); otherwise they are output 1. The kernel has no layer norm and no
diagonal recurrent weights; the options default to time-major (schema.fbs).
"""
from __future__ import annotations

from dataclasses import field
from typing import Optional

from tfl2quant.ir.attributes import BoolAttr
from tfl2quant.records import dataclass

from ...lib.emit import concat, reshape
from ...lib.matvec import hybrid_weight_reason
from ...lib.query import floats_only, is_float, option
from ...rule import FloatPattern, IntegerPattern
from .integer_lstm import GATES, present
from .lstm import float_reason, float_weights, hybrid_reason, hybrid_weights, sequence, shape_of, unroll

BACKWARD_OFFSET = 17                     # backward operand = unidirectional operand + 17 (1-17)
STATES = {"forward": (35, 36), "backward": (37, 38)}
AUX_INPUT = 39
AUX_WEIGHTS = {"forward": dict(zip(GATES, (40, 41, 42, 43))), "backward": dict(zip(GATES, (44, 45, 46, 47)))}


@dataclass
class Direction:
    """One direction as a unidirectional LSTM: `operands` in UNIDIRECTIONAL_SEQUENCE_LSTM's
    order, `index` where each came from in the bidirectional op, `aux` the gates' aux
    weights (indices), `results` its output."""
    name: str
    operands: list
    index: list
    results: list
    attributes: dict
    forward: bool
    aux: dict = field(default_factory=dict)

    def take(self, operands: list) -> list:
        """The bidirectional op's (rewritten) operands, in this direction's order."""
        return [operands[k] for k in self.index]


def directions(op) -> list[Direction]:
    merged = bool(option(op, "merge_outputs", False))
    stacking = present(op, AUX_WEIGHTS["forward"]["forget"])
    attributes = dict(op.attributes)
    attributes.setdefault("time_major", BoolAttr(True))     # the schema's default
    out = []
    for name in ("forward", "backward"):
        shift = 0 if name == "forward" else BACKWARD_OFFSET
        index = [0] + [k + shift for k in range(1, 18)] + list(STATES[name])
        if name == "backward" and present(op, AUX_INPUT) and not stacking:
            index[0] = AUX_INPUT
        aux = {g: AUX_WEIGHTS[name][g] for g in GATES if present(op, AUX_WEIGHTS[name][g])} if stacking else {}
        result = op.results[0] if name == "forward" or merged else op.results[1]
        out.append(Direction(op.name, [op.operands[k] for k in index], index, [result], attributes,
                             name == "forward", aux))
    return out


def _reason(op, per_direction) -> Optional[str]:
    if not option(op, "merge_outputs", False) and len(op.results) < 2:
        return "merge_outputs is false but the op has one output"
    for d in directions(op):
        s = shape_of(d)
        reason = per_direction(d, s)
        if reason:
            return f"{'forward' if d.forward else 'backward'} direction: {reason}"
        if d.aux and set(d.aux) != set(s.gates):
            return "aux weights for some gates only"
    return None


def _run(b, op, operands, weights, aux_source: list) -> list:
    """Both directions' programs (`weights`: lstm.py's float_weights or hybrid_weights, which
    read aux weights from `aux_source`: the rewritten operands, or the op's own constants)."""
    outputs = []
    for d in directions(op):
        s = shape_of(d)
        given = d.take(operands)
        aux_weights = {g: aux_source[k] for g, k in d.aux.items()}
        w = weights(b, d, s, given, aux_weights)
        steps = unroll(b, s, w, given[0], operands[AUX_INPUT] if d.aux else None, given[18], given[19], d.forward)
        outputs.append(sequence(b, s, steps))
    if option(op, "merge_outputs", False):
        return [reshape(b, concat(b, outputs, 2), op.results[0].type.shape)]
    return [reshape(b, y, r.type.shape) for y, r in zip(outputs, op.results)]


class FloatBidirectionalLSTM(FloatPattern):
    def unsupported(self, op):
        return floats_only(op, [v for k, v in enumerate(op.operands) if present(op, k)]) or \
            _reason(op, float_reason)

    def rewrite(self, b, op, operands, result_types):
        return _run(b, op, operands, float_weights, operands)


class HybridBidirectionalLSTM(IntegerPattern):
    """Float input, int8 weights: EvalHybrid per direction, bit for bit."""

    def unsupported(self, op):
        def reason(d, s):
            r = hybrid_reason(d, s)
            if r:
                return r
            if d.aux and not is_float(op.operands[AUX_INPUT]):
                return f"the aux input is {op.operands[AUX_INPUT].type}; the hybrid kernel reads f32"
            for g, k in d.aux.items():
                r = hybrid_weight_reason(op.operands[k], "LSTM")
                if r:
                    return f"operand {k} {r}"
            return None

        return _reason(op, reason)

    def rewrite(self, b, op, operands):
        return _run(b, op, operands, hybrid_weights, op.operands)
