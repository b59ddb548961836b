"""RNN, UNIDIRECTIONAL_SEQUENCE_RNN and BIDIRECTIONAL_SEQUENCE_RNN, float and hybrid, unrolled.

Sources: kernels/basic_rnn.cc, unidirectional_sequence_rnn.cc, bidirectional_sequence_rnn.cc
(Eval, EvalFloat, EvalHybrid) and internal/kernel_utils.cc (RnnBatchStep). With x [B, K],
weights W [U, K], recurrent weights R [U, U], bias [U] and the hidden state h [B, U] (a
variable, zero at first), one step is

    out  = bias
    out += x W^T          hybrid: x quantized per batch row at run time (matvec.py)
    out += aux W_aux^T    (bidirectional, with aux weights)
    out += h R^T          hybrid: h quantized per row
    out  = act(out)       ApplyActivationToVector in place: NONE leaves it, TANH is Eigen's
                          (eigen_math.py; the same formula on every lane), RELU* clamp
    h    = out

The hybrid program is TFLite's exactly; the float one goes through TFLite's float GEMM and is
held to the float tolerance. The kernel skips a product whose input is all zero (IsZeroVector):
the IR adds `+0.0`, which changes no value.

BIDIRECTIONAL_SEQUENCE_RNN runs a forward and a backward sequence, with three quirks of the
kernel that the IR reproduces, because they are what TFLite computes:

- the hybrid kernel's time-major loop runs both sequences `max_time` times over (an outer
  `for t` around them); the states carry over, and the outputs are the last pass's;
- batch-major, the backward direction reads the input even in "non-stacking" mode (an aux
  input without aux weights), where time-major reads the aux input;
- the aux input is stepped through with the input's size, so an aux input of another size
  declines.
"""
from __future__ import annotations

from typing import Optional, Union

from tfl2quant.dialects.tfl import activation
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import Value
from tfl2quant.records import dataclass

from ...lib import eigen_math
from ...lib.emit import concat, reshape, slice_
from ...lib.matvec import FloatMatrix, HybridMatrix, hybrid_weight_reason
from ...lib.query import floats_only, option, static_shapes
from ...rule import FloatPattern, IntegerPattern
from .integer_lstm import present
from .lstm import sequence, sequence_layout, time_rows

MAX_HYBRID_PASSES_STEPS = 4096     # steps * steps of the time-major hybrid bidirectional kernel

# operand indices: (input weights, recurrent weights, bias, hidden state) per direction
UNIDIRECTIONAL = {"forward": (1, 2, 3, 4)}
BIDIRECTIONAL = {"forward": (1, 2, 3, 4), "backward": (5, 6, 7, 8)}
AUX_INPUT, AUX_WEIGHTS = 9, {"forward": 10, "backward": 11}


@dataclass
class Shape:
    steps: int
    batch: int
    time_major: bool
    units: dict             # direction -> its number of units
    activation: str


def _directions(op) -> dict:
    return BIDIRECTIONAL if op.name == "tfl.bidirectional_sequence_rnn" else UNIDIRECTIONAL


def _stacking(op) -> bool:
    return op.name == "tfl.bidirectional_sequence_rnn" and present(op, AUX_WEIGHTS["forward"])


def shape_of(op) -> Union[Shape, str]:
    """The op's geometry, or why neither pattern takes it."""
    reason = static_shapes(op, [v for k, v in enumerate(op.operands) if present(op, k)] + list(op.results))
    if reason:
        return reason
    act = activation(op)
    if act not in eigen_math.IN_PLACE_ACTIVATIONS:
        return f"activation {act} has no pattern"
    shape = tuple(op.operands[0].type.shape)
    if op.name == "tfl.rnn" and len(shape) != 2:
        return f"input of rank {len(shape)}; RNN takes [batch, input]"
    layout = sequence_layout(op, one_step=op.name == "tfl.rnn")
    if isinstance(layout, str):
        return layout
    steps, batch, time_major = layout
    units = {}
    for name, (w, r, bias, h) in _directions(op).items():
        n = op.operands[w].type.shape[0]
        if op.operands[w].type.shape[1] != shape[-1] or tuple(op.operands[r].type.shape) != (n, n) \
                or tuple(op.operands[bias].type.shape) != (n,) or tuple(op.operands[h].type.shape) != (batch, n):
            return f"{name} weights, bias and state do not fit an input of shape {list(shape)}"
        units[name] = n
    if op.name == "tfl.bidirectional_sequence_rnn":
        if present(op, AUX_INPUT) and op.operands[AUX_INPUT].type.shape != op.operands[0].type.shape:
            return "an aux input of another shape than the input (the kernel steps through it with the input's size)"
        if _stacking(op) != present(op, AUX_WEIGHTS["backward"]) or (_stacking(op) and not present(op, AUX_INPUT)):
            return "aux weights without an aux input, or for one direction only"
        if not option(op, "merge_outputs", False) and len(op.results) < 2:
            return "merge_outputs is false but the op has one output"
    return Shape(steps, batch, time_major, units, act)


@dataclass
class Weights:
    input: object
    aux: object
    recurrent: object
    bias: Value


def _steps(b: Builder, s: Shape, w: Weights, x: Value, aux: Optional[Value], h: Value,
            forward: bool = True) -> tuple[list[Value], Value]:
    """Each step's output [batch, units] in time order, and the last hidden state."""
    input_part = w.input.accumulate(b, time_rows(b, s, x), w.bias)       # [T*B, U]
    if aux is not None:
        input_part = w.aux.accumulate(b, time_rows(b, s, aux), input_part)
    units = input_part.type.shape[1]
    outputs = [None] * s.steps
    for t in (range(s.steps) if forward else reversed(range(s.steps))):
        out = w.recurrent.accumulate(b, h, slice_(b, input_part, (t * s.batch, 0), (s.batch, units)))
        if s.activation != "NONE":
            out = eigen_math.activate(b, out, s.activation)
        outputs[t] = h = out
    return outputs, h


def _run(b: Builder, op, operands: list, weights, passes: int = 1) -> list[Value]:
    """The op's outputs, each direction's sequence run `passes` times over (its states carry
    over from one pass to the next)."""
    s = shape_of(op)
    outputs = []
    for name, (_, _, _, state) in _directions(op).items():
        x = operands[0]
        if name == "backward" and present(op, AUX_INPUT) and not _stacking(op) and s.time_major:
            x = operands[AUX_INPUT]
        aux = operands[AUX_INPUT] if _stacking(op) else None
        w = weights(b, op, operands, name)
        h = operands[state]
        for _ in range(passes):
            steps, h = _steps(b, s, w, x, aux, h, forward=name == "forward")
        outputs.append(sequence(b, s, steps))
    if op.name == "tfl.bidirectional_sequence_rnn" and option(op, "merge_outputs", False):
        return [reshape(b, concat(b, outputs, 2), op.results[0].type.shape)]
    return [reshape(b, y, r.type.shape) for y, r in zip(outputs, op.results)]


def _float_weights(b: Builder, op, operands, direction: str) -> Weights:
    w, r, bias, _ = _directions(op)[direction]
    aux = AUX_WEIGHTS[direction] if _stacking(op) else None
    return Weights(FloatMatrix(b, [operands[w]]), FloatMatrix(b, [operands[aux]]) if aux else None,
                   FloatMatrix(b, [operands[r]]), operands[bias])


def _hybrid_weights(b: Builder, op, operands, direction: str) -> Weights:
    """RnnBatchStep reads the stored int8 weights and each one's scale (`op.operands`)."""
    w, r, bias, _ = _directions(op)[direction]
    asymmetric = bool(option(op, "asymmetric_quantize_inputs"))
    aux = AUX_WEIGHTS[direction] if _stacking(op) else None
    return Weights(HybridMatrix(b, [op.operands[w]], asymmetric),
                   HybridMatrix(b, [op.operands[aux]], asymmetric) if aux else None,
                   HybridMatrix(b, [op.operands[r]], asymmetric), operands[bias])


def _weight_operands(op) -> list[int]:
    ks = [k for w, r, _, _ in _directions(op).values() for k in (w, r)]
    return ks + (list(AUX_WEIGHTS.values()) if _stacking(op) else [])


class FloatRNN(FloatPattern):
    """A float RNN of any of the three kinds (and the fallback of a quantized one)."""

    def unsupported(self, op):
        s = shape_of(op)
        if isinstance(s, str):
            return s
        return floats_only(op, [v for k, v in enumerate(op.operands) if present(op, k)])

    def rewrite(self, b, op, operands, result_types):
        return _run(b, op, operands, _float_weights)


class HybridRNN(IntegerPattern):
    """Float input, int8 weights: RnnBatchStep's hybrid program, bit for bit."""

    def unsupported(self, op):
        s = shape_of(op)
        if isinstance(s, str):
            return s
        weights = _weight_operands(op)
        for k, v in enumerate(op.operands):
            if not present(op, k):
                continue
            if k in weights:
                reason = hybrid_weight_reason(v, "RNN")
                if reason:
                    return f"operand {k} {reason}"
            elif str(v.type.element_type) != "f32":
                return f"operand {k} is {v.type}; the hybrid kernel reads it as f32"
        if op.name == "tfl.bidirectional_sequence_rnn" and s.time_major \
                and s.steps * s.steps > MAX_HYBRID_PASSES_STEPS:
            return (f"the time-major hybrid kernel runs its {s.steps} steps {s.steps} times over; "
                    f"more than {MAX_HYBRID_PASSES_STEPS} steps are not unrolled")
        return None

    def rewrite(self, b, op, operands):
        s = shape_of(op)
        quirk = op.name == "tfl.bidirectional_sequence_rnn" and s.time_major   # the outer `for t`
        return _run(b, op, operands, _hybrid_weights, passes=s.steps if quirk else 1)
