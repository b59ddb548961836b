"""The TFLite dialect as imported: one op class per TFLite builtin operator.

Constant-like ops are pure (passes may fold and drop them). Operators carry
the checks of TFLite's Prepare functions as verifiers (tfl_verifiers.py), so
a model the interpreter would refuse is refused here, before legalization.
"""
from __future__ import annotations

import numpy as np

from ..ir.core import CONSTANT, PURE, TERMINATOR, Operation, Value
from ._util import register_simple_ops
from .tfl_verifiers import SPECS, verify_tfl

CONSTANT_OPS = frozenset({"tfl.pseudo_const", "tfl.pseudo_qconst", "tfl.pseudo_sparse_const",
                          "tfl.pseudo_sparse_qconst", "tfl.no_value"})
register_simple_ops(" ".join(sorted(CONSTANT_OPS)), traits={PURE, CONSTANT})
register_simple_ops("tfl.yield", traits={TERMINATOR})


def _verify(self: Operation) -> None:
    spec = SPECS.get(self.name)
    if spec is not None:
        verify_tfl(self, spec)


for _cls in register_simple_ops(" ".join(sorted(SPECS)), traits=frozenset()).values():
    _cls.verify_ = _verify


def constant_attr(v: Value):
    """The dense attribute holding the stored values behind `v` if it is a constant (looking
    through quant.scast), else None. Its values are not read (a packed int4 constant is not
    unpacked: importer/tensors.py)."""
    op = v.owner_op
    while op is not None and op.name == "quant.scast":
        op = op.operands[0].owner_op
    if op is None:
        return None
    if op.name in ("tfl.pseudo_const", "tfl.pseudo_qconst", "arith.constant"):
        attr = op.attributes["value"]
    elif op.name == "tosa.const":
        attr = op.attributes["values"]
    else:
        return None
    return attr if hasattr(attr, "array") else None


def constant_array(v: Value) -> np.ndarray | None:
    """The stored values behind `v` if it is a constant (looking through quant.scast)."""
    attr = constant_attr(v)
    return None if attr is None else attr.array()


def is_no_value(v: Value) -> bool:
    op = v.owner_op
    return op is not None and op.name == "tfl.no_value"


def activation(op: Operation) -> str:
    a = op.attributes.get("fused_activation_function")
    return a.value if a is not None else "NONE"
