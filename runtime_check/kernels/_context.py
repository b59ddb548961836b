"""`Context`: what a kernel gets besides its operands (the contract is in kernels/__init__.py)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

import numpy as np

from tfl2quant.ir.attributes import DenseArrayAttr, DenseElementsAttr, FloatAttr, IntegerAttr
from tfl2quant.ir.core import Block, Operation, Value
from tfl2quant.ir.types import Type, element_type, numpy_dtype

if TYPE_CHECKING:
    from ..executor import Executor, ExecutorOptions


@dataclass(frozen=True)
class Context:
    """The op a kernel runs, read as plain Python, and the executor running it."""

    op: Operation
    executor: Executor
    scope: dict[Value, np.ndarray]  # the values visible at the op: what its regions see

    @property
    def options(self) -> ExecutorOptions:
        return self.executor.options

    def attr(self, name: str, default=None):
        """An attribute as plain Python: ints, floats, tuples, or arrays for dense ones."""
        a = self.op.attributes.get(name)
        if a is None:
            return default
        if isinstance(a, (IntegerAttr, FloatAttr)):
            return a.value
        if isinstance(a, DenseArrayAttr):
            return tuple(a.value)
        if isinstance(a, DenseElementsAttr):
            return a.array()
        return a

    @property
    def result_shape(self) -> tuple:
        """The shape of the (one) result's type; None for a dynamic dimension."""
        return self.op.result.type.shape

    def result_elem(self, k: int = 0) -> Type:
        return element_type(self.op.results[k].type)

    def result_dtype(self, k: int = 0) -> np.dtype:
        return numpy_dtype(self.result_elem(k))

    def operand_width(self, k: int = 0) -> int | None:
        """Bits of operand k's integer (or quantized storage) type."""
        elem = element_type(self.op.operands[k].type)
        return getattr(elem, "width", None) or getattr(elem, "storage_width", None)

    def run_block(self, block: Block, args: Sequence[np.ndarray] = ()) -> list[np.ndarray]:
        """Run a block of one of the op's regions on `args`; the values its terminator yields."""
        return self.executor.run_block(block, {**self.scope, **dict(zip(block.args, args))})

    def call(self, function: str, args: Sequence[np.ndarray]) -> list[np.ndarray]:
        """Run the function @`function` of the module on `args`; its results."""
        return self.executor.run(list(args), function)
