"""What a legalization rule is: an integer pattern, a float pattern, or a reason.

The driver (driver.py) asks the integer pattern `unsupported(op)`; if it
answers None the op is rewritten on storage types, otherwise the reason is
recorded and the float pattern runs between dequantize and quantize casts.
A rule with neither pattern says, in `unlowered`, why the op stays a `tfl.*`
op; every TFLite builtin operator has a rule (a test checks it).
"""
from __future__ import annotations

from typing import Optional

from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import Operation, Value
from tfl2quant.ir.types import Type
from tfl2quant.records import dataclass


class IntegerPattern:
    """Rewrites a quantized op into integer arithmetic on its storage types.

    `rewrite` receives the operands already cast to storage (`quant.scast`)
    and returns storage-typed results; the driver casts them back.
    """

    def unsupported(self, op: Operation) -> Optional[str]:
        """Why this op instance cannot take the integer path, or None (see lib/query.py)."""
        return None

    def rewrite(self, b: Builder, op: Operation, operands: list[Value]) -> list[Value]:
        raise NotImplementedError

    def float_sums(self, op: Operation) -> Optional[str]:
        """How the float result of a hybrid op differs from TFLite's in its last bits (the
        kernel adds scaled products in an order the integer rewrite does not keep), or None:
        bit-exact. The record carries it and `check` judges that result as a float one."""
        return None


class Choice(IntegerPattern):
    """One of two integer patterns, picked per op instance by `pick`: TFLite runs different
    kernels for the same op depending on its operand types."""

    def __init__(self, usual: IntegerPattern, other: IntegerPattern):
        self.usual, self.other = usual, other

    def picks_other(self, op: Operation) -> bool:
        raise NotImplementedError

    def pick(self, op: Operation) -> IntegerPattern:
        return self.other if self.picks_other(op) else self.usual

    def unsupported(self, op: Operation) -> Optional[str]:
        return self.pick(op).unsupported(op)

    def rewrite(self, b: Builder, op: Operation, operands: list[Value]) -> list[Value]:
        return self.pick(op).rewrite(b, op, operands)

    def float_sums(self, op: Operation) -> Optional[str]:
        return self.pick(op).float_sums(op)


class FloatPattern:
    """Rewrites an op on float tensors (a float model, or the fallback path), and on the
    plain integer and boolean tensors of float models."""

    def unsupported(self, op: Operation) -> Optional[str]:
        return None

    def moved_values(self, op: Operation) -> list[Value]:
        """The operands and results the lowering materializes as tensors (TOSA has no empty
        ones); operands read as compile-time options (RESHAPE's shape) are not."""
        return [v for v in (*op.operands, *op.results) if hasattr(v.type, "shape")]

    def rewrite(self, b: Builder, op: Operation, operands: list[Value],
                result_types: list[Type]) -> list[Value]:
        raise NotImplementedError


@dataclass(frozen=True)
class Rule:
    integer: Optional[IntegerPattern] = None
    float: Optional[FloatPattern] = None
    unlowered: Optional[str] = None  # why the op stays a float tfl op, if it has no float pattern

    def __post_init__(self):
        assert (self.float is None) != (self.unlowered is None), "a rule has a float pattern or a reason"


def unlowered(reason: str) -> Rule:
    """A row for an op that stays a `tfl.*` op, and why."""
    return Rule(unlowered=reason)


NOT_YET = "no lowering yet"
