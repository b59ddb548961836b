"""Pattern kinds many families build on: the per-instance choices between integer kernels
(ByInput, ByResult, ByWeights: rule.py's Choice) and the float patterns whose conditions are
type queries (Elementwise, StaticPattern; OnStorage in on_storage.py runs the latter on
stored values). rule.py holds the contract they implement."""
from __future__ import annotations

from typing import Optional

from tfl2quant.dialects.quant.types import UniformQuantizedSubChannelType
from tfl2quant.ir.core import Operation, Value

from ..rule import Choice, FloatPattern, IntegerPattern
from .query import constants, is_float, no_dynamic_broadcast, non_empty, one_dynamic_dim, qtype, signless, static_shapes


class ByInput(Choice):
    """The quantized kernel, or the hybrid one when the first operand is float and the
    weights are quantized (hybrid.py): ByInput(quantized, hybrid=...); `data` is the input's
    operand index (TRANSPOSE_CONV's is 2)."""

    def __init__(self, quantized: IntegerPattern, hybrid: IntegerPattern, data: int = 0):
        super().__init__(quantized, hybrid)
        self.data = data

    def picks_other(self, op: Operation) -> bool:
        return len(op.operands) > self.data and is_float(op.operands[self.data])


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
    constants; OnStorage (on_storage.py) runs it on stored values."""

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
