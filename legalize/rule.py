"""What a legalization rule is: an integer pattern, a float pattern, or a reason.

The driver (driver.py) asks the integer pattern `unsupported(op)`; if it
answers None the op is rewritten on storage types, otherwise the reason is
recorded and the float pattern runs between dequantize and quantize casts.
A rule with neither pattern says, in `unlowered`, why the op stays a `tfl.*`
op; every TFLite builtin operator has a rule (a test checks it).
"""
from __future__ import annotations

from typing import Optional

from tfl2quant.dialects.quant.types import UniformQuantizedSubChannelType
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import Operation, Value
from tfl2quant.ir.types import Type
from tfl2quant.records import dataclass

from .lib.query import constants, is_float, no_dynamic_broadcast, non_empty, one_dynamic_dim, qtype, signless, static_shapes


class IntegerPattern:
    """Rewrites a quantized op into integer arithmetic on its storage types.

    `rewrite` receives the operands already cast to storage (`quant.scast`)
    and returns storage-typed results; the driver casts them back.
    """

    def unsupported(self, op: Operation) -> Optional[str]:
        """Why this op instance cannot take the integer path, or None (see query.py)."""
        return None

    def rewrite(self, b: Builder, op: Operation, operands: list[Value]) -> list[Value]:
        raise NotImplementedError


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


class ByInput(Choice):
    """The quantized kernel, or the hybrid one when the first operand is float and the
    weights are quantized (hybrid.py): ByInput(quantized, hybrid=...)."""

    def __init__(self, quantized: IntegerPattern, hybrid: IntegerPattern):
        super().__init__(quantized, hybrid)

    def picks_other(self, op: Operation) -> bool:
        return is_float(op.operands[0])


class ByResult(Choice):
    """A quantized operand copied into a quantized result, or dequantized into a float one
    by a hybrid kernel (EMBEDDING_LOOKUP): ByResult(same, hybrid=...)."""

    def __init__(self, same: IntegerPattern, hybrid: IntegerPattern):
        super().__init__(same, hybrid)

    def picks_other(self, op: Operation) -> bool:
        return is_float(op.results[0])


class ByWeights(Choice):
    """A hybrid kernel for weights per tensor or per axis, another for blockwise ones (a
    sub-channel type): ByWeights(per_axis, blockwise=...)."""

    def __init__(self, per_axis: IntegerPattern, blockwise: IntegerPattern):
        super().__init__(per_axis, blockwise)

    def picks_other(self, op: Operation) -> bool:
        return isinstance(qtype(op.operands[1]), UniformQuantizedSubChannelType)


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


class Elementwise(FloatPattern):
    """A float pattern on signless (or quantized) element types, on shapes with at most one
    `?` dimension along which nothing broadcasts."""

    any_shape = False  # the rewrite broadcasts along `?` dimensions too (emit.broadcast_all)

    def unsupported(self, op: Operation) -> Optional[str]:
        if self.any_shape:
            return signless(op)
        return one_dynamic_dim(op) or no_dynamic_broadcast(op) or signless(op)


class StaticPattern(FloatPattern):
    """A float pattern on static shapes, some operands of which must be compile-time
    constants; OnStorage (movement.py) runs it on stored values."""

    data: tuple | None = (0,)  # operands whose values move (None: all); the others are options
    constants: dict = {}       # operand index -> its name, for operands that must be constants
    dynamic: bool = False      # the rewrite takes one `?` dimension per value (query.one_dynamic_dim)
    any_shape: bool = False    # the rewrite takes any `?` dimensions

    def data_operands(self, op) -> list:
        return list(op.operands) if self.data is None else [op.operands[k] for k in self.data]

    def moved_values(self, op: Operation) -> list[Value]:
        return self.data_operands(op) + list(op.results)

    def unsupported(self, op: Operation) -> Optional[str]:
        values = self.data_operands(op) + list(op.results)
        return ((None if self.any_shape else (one_dynamic_dim if self.dynamic else static_shapes)(op, values))
                or non_empty(op, values)
                or constants(op, self.constants)
                or self.check(op))

    def check(self, op) -> Optional[str]:
        """Op-specific conditions, after shapes and constants are known good."""
        return None

    def check_storage(self, op) -> Optional[str]:
        """Conditions of the rewrite on stored values only (OnStorage)."""
        return None
