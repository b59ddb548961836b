"""The trip count of a WHILE known when converting: Keras' recurrent loops.

TensorFlow's converter emits a Keras LSTM/GRU/RNN layer as a WHILE whose cond
subgraph compares counters with constant bounds (`counter < 20 && step < 20`)
and whose body adds 1 to each counter; the counters start at constants. Such a
loop runs its body N = min over the counters of (bound - start) times (bound -
start + 1 for `<=`), 0 if that is negative, and its cond has no effect but the
decision. control_flow.py emits it as scf.for over N iterations calling the body:
iree-compile 3.13 crashes on the scf.while form when a loop value is written by
the body but never read by it (Keras' output slot): its canonicalization rotates
the loop so that the `before` region takes fewer values than the op returns, and
the stream conversion's ScfWhileOpConversion then runs out of memory.

The pattern is read on the cond and body functions as they are when the WHILE is
legalized: TFLite ops, or their TOSA form if those functions came first.
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from tfl2quant.ir.attributes import DenseElementsAttr, IntegerAttr, StringAttr
from tfl2quant.ir.core import BlockArgument, Operation, Value
from tfl2quant.ir.types import IntegerType, RankedTensorType, element_type, index

CONSTANTS = {"tfl.pseudo_const": "value", "arith.constant": "value", "tosa.const": "values"}
AND = {"tfl.logical_and", "tosa.logical_and"}
ADD = {"tfl.add", "tosa.add"}
# comparison -> (operand holding the counter, operand holding the bound, 1 if the bound is inclusive)
COMPARISONS = {"tfl.less": (0, 1, 0), "tfl.less_equal": (0, 1, 1), "tfl.greater": (1, 0, 0),
               "tfl.greater_equal": (1, 0, 1), "tosa.greater": (1, 0, 0), "tosa.greater_equal": (1, 0, 1)}


def _constant(v: Value) -> Optional[int]:
    """The one integer element of a constant one-element integer tensor."""
    op = v.owner_op
    if op is None or op.name not in CONSTANTS:
        return None
    a = op.attributes.get(CONSTANTS[op.name])
    if not isinstance(a, DenseElementsAttr) or not isinstance(a.type.element_type, IntegerType) or \
            a.array().size != 1:
        return None
    return int(a.array().reshape(-1)[0])


def _counter_type(t) -> bool:
    """A one-element signless int32 or int64 tensor (no quantization: the counter is an index)."""
    return isinstance(t, RankedTensorType) and None not in t.shape and int(np.prod(t.shape)) == 1 and \
        isinstance(element_type(t), IntegerType) and element_type(t).width in (32, 64)


def _bounds(v: Value, args: list[Value], found: list[tuple[int, int, int]]) -> bool:
    """Collect (argument index, bound, inclusive) of each comparison in the conjunction `v`."""
    op = v.owner_op
    if op is None:
        return False
    if op.name in AND and len(op.operands) == 2:
        return all(_bounds(x, args, found) for x in op.operands)
    if op.name not in COMPARISONS or len(op.operands) != 2:
        return False
    counter, bound, inclusive = COMPARISONS[op.name]
    arg, limit = op.operands[counter], _constant(op.operands[bound])
    if not isinstance(arg, BlockArgument) or arg not in args or limit is None or not _counter_type(arg.type):
        return False
    width = element_type(arg.type).width
    if inclusive and limit == 2 ** (width - 1) - 1:
        return False  # `<= max` never ends (the counter wraps)
    found.append((args.index(arg), limit, inclusive))
    return True


def _increments(body: Operation, k: int) -> bool:
    """The body returns its argument k plus a constant 1 (no fused activation) as result k."""
    ret = body.body.ops[-1]
    if ret.name != "func.return" or k >= len(ret.operands):
        return False
    op = ret.operands[k].owner_op
    if op is None or op.name not in ADD or len(op.operands) != 2:
        return False
    act = op.attributes.get("fused_activation_function")
    if act is not None and act != StringAttr("NONE"):
        return False
    arg = body.body.args[k]
    a, b = op.operands
    return (a is arg and _constant(b) == 1) or (b is arg and _constant(a) == 1)


def trip_count(cond: Operation, body: Operation, initial: list[Value]) -> Optional[int]:
    """How many times the WHILE with these cond and body functions and initial loop
    values runs its body, if the Keras pattern above says so; None otherwise."""
    ops = cond.body.ops
    if not ops or ops[-1].name != "func.return" or len(ops[-1].operands) != 1:
        return None
    # nothing but constants, comparisons and conjunctions: calling the cond has no effect
    if any(op.name not in CONSTANTS and op.name not in AND and op.name not in COMPARISONS for op in ops[:-1]):
        return None
    found: list[tuple[int, int, int]] = []
    if not _bounds(ops[-1].operands[0], list(cond.body.args), found):
        return None
    counts = []
    for k, limit, inclusive in found:
        start = _constant(initial[k])
        if start is None or not _increments(body, k):
            return None
        counts.append(limit - start + inclusive)
    return max(0, min(counts))


def index_constant(b, value: int) -> Value:
    return b.value("arith.constant", [], index, {"value": IntegerAttr(value, index)})
