"""`Context`: what a kernel gets besides its operands (the contract is in kernels/__init__.py)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from tfl2quant.ir.attributes import DenseArrayAttr, DenseElementsAttr, FloatAttr, IntegerAttr
from tfl2quant.ir.core import Block, Operation
from tfl2quant.ir.types import Type, element_type, numpy_dtype
from tfl2quant.passes import Rounding

_UNSET = object()


@dataclass(frozen=True)
class ExecutorOptions:
    """What the IR leaves to the executor (kernels read them as `ctx.options`)."""

    # quant.qcast's rounding: the lowered IR's `lower-quant-ops{rounding=...}`, so the stages agree
    rounding: Rounding = Rounding.HALF_AWAY_FROM_ZERO


class Context:
    """The op a kernel runs, read as plain Python, and the executor running it.

    Made once per op when the executor plans a function, so what it reads from
    the op (attributes, result types) is read once; `frame` is the running
    function's values, set on a copy per run for ops with regions (`in_frame`).
    `executor` is the Executor of executor/plan.py, not named in a type here: the executor
    imports the kernels, and the kernels do not import it back.
    """

    __slots__ = ("op", "executor", "frame", "_attrs", "_elems", "_dtypes", "cache")

    def __init__(self, op: Operation, executor, frame: list | None = None):
        self.op = op
        self.executor = executor
        self.frame = frame
        self._attrs: dict = {}
        self._elems: dict = {}
        self._dtypes: dict = {}
        self.cache: dict = {}  # a kernel's own precomputation for this op, kept across runs

    def in_frame(self, frame: list) -> Context:
        ctx = Context.__new__(Context)
        ctx.op, ctx.executor, ctx.frame = self.op, self.executor, frame
        ctx._attrs, ctx._elems, ctx._dtypes, ctx.cache = self._attrs, self._elems, self._dtypes, self.cache
        return ctx

    @property
    def options(self) -> ExecutorOptions:
        return self.executor.options

    def attr(self, name: str, default=None):
        """An attribute as plain Python: ints, floats, tuples, or arrays for dense ones."""
        value = self._attrs.get(name, _UNSET)
        if value is _UNSET:
            a = self.op.attributes.get(name)
            if isinstance(a, (IntegerAttr, FloatAttr)):
                value = a.value
            elif isinstance(a, DenseArrayAttr):
                value = tuple(a.value)
            elif isinstance(a, DenseElementsAttr):
                value = a.array()
            else:
                value = a
            self._attrs[name] = value
        return default if value is None else value

    @property
    def result_shape(self) -> tuple:
        """The shape of the (one) result's type; None for a dynamic dimension."""
        return self.op.result.type.shape

    def result_elem(self, k: int = 0) -> Type:
        elem = self._elems.get(k)
        if elem is None:
            elem = self._elems[k] = element_type(self.op.results[k].type)
        return elem

    def result_dtype(self, k: int = 0) -> np.dtype:
        dtype = self._dtypes.get(k)
        if dtype is None:
            dtype = self._dtypes[k] = numpy_dtype(self.result_elem(k))
        return dtype

    def operand_width(self, k: int = 0) -> int | None:
        """Bits of operand k's integer (or quantized storage) type."""
        elem = element_type(self.op.operands[k].type)
        return getattr(elem, "width", None) or getattr(elem, "storage_width", None)

    def run_block(self, block: Block, args: Sequence[np.ndarray] = ()) -> list[np.ndarray]:
        """Run a block of one of the op's regions on `args`; the values its terminator yields."""
        return self.executor.run_block(block, args, self.frame)

    def call(self, function: str, args: Sequence[np.ndarray]) -> list[np.ndarray]:
        """Run the function @`function` of the module on `args`; its results."""
        return self.executor.run(list(args), function, strings=False)  # string buffers stay buffers
