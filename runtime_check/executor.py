"""A numpy executor for every op the pipeline emits, on whole arrays.

A value is a numpy array in the container of its type (`numpy_dtype`):
quantized values hold their stored integers, so `quant.scast` is free.
Kernels live in `kernels/`, one module per dialect; kernels/__init__.py states
the one signature they all have.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from tfl2quant.errors import Tfl2QuantError
from tfl2quant.ir.core import TERMINATOR, Block, Operation, Value
from tfl2quant.ir.types import element_type, numpy_dtype
from tfl2quant.passes import Rounding

from .kernels import KERNELS, Context


class ExecutionError(Tfl2QuantError):
    """The executor cannot run an op (no kernel, or a runtime failure in one)."""


@dataclass(frozen=True)
class ExecutorOptions:
    """What the IR leaves to the executor."""

    # quant.qcast's rounding: the lowered IR's `lower-quant-ops{rounding=...}`, so the stages agree
    rounding: Rounding = Rounding.HALF_AWAY_FROM_ZERO


class Executor:
    def __init__(self, module: Operation, options: ExecutorOptions = ExecutorOptions()):
        self.module = module
        self.options = options
        self.functions = {op.sym_name: op for op in module.functions()}
        # ml_program globals by name, once loaded or stored: kept across `run`s, as
        # TFLite keeps resource variables across invokes of one interpreter
        self.globals: dict[str, np.ndarray] = {}
        self.iteration_spaces: list[tuple] = []  # of the linalg.generic ops running (linalg.index)

    def run(self, inputs: Sequence[np.ndarray], function: str = "main") -> list[np.ndarray]:
        func = self.functions.get(function)
        if func is None or func.is_declaration:
            raise ExecutionError(f"no function @{function} with a body to run")
        args = func.body.args
        if len(inputs) != len(args):
            raise ExecutionError(f"@{function} takes {len(args)} inputs, got {len(inputs)}")
        env = {a: _as_container(x, a) for a, x in zip(args, inputs)}
        # IEEE results (NaN from log(-1), inf from 1/0) are values here, as in TFLite, not warnings
        with np.errstate(all="ignore"):
            return self.run_block(func.body, env)

    def run_block(self, block: Block, env: dict[Value, np.ndarray]) -> list[np.ndarray]:
        """Run `block` (values of enclosing scopes in `env`); return the terminator's operands."""
        for op in block.ops:
            try:
                operands = [env[v] for v in op.operands]
            except KeyError:  # IR that reads a value before (or outside) its definition: a finding, named
                raise ExecutionError(f"'{op.name}' at {op.location.describe()} reads a value that is not "
                                     "defined before it") from None
            if op.has_trait(TERMINATOR):
                return operands
            results = self.run_op(op, operands, env)
            for r, value in zip(op.results, results):
                env[r] = value
        return []

    def run_op(self, op: Operation, operands: list[np.ndarray], env: dict[Value, np.ndarray]) -> list[np.ndarray]:
        kernel = KERNELS.get(op.name)
        if kernel is None:
            raise ExecutionError(f"cannot execute '{op.name}': no numpy kernel "
                                 f"(at {op.location.describe()})")
        try:
            out = kernel(Context(op, self, env), *operands)
        except Tfl2QuantError:
            raise
        except (ValueError, TypeError, IndexError, ArithmeticError, KeyError) as e:
            raise ExecutionError(f"'{op.name}' failed at {op.location.describe()}: {e}") from None
        results = list(out) if isinstance(out, tuple) else [out]
        return [_as_container(x, r) for x, r in zip(results, op.results)]


def _as_container(x, v: Value) -> np.ndarray:
    """`x` in the numpy container of `v`'s type (a bit-preserving view where the width matches)."""
    try:
        dtype = numpy_dtype(element_type(v.type))  # a complex scalar is its own element type
    except TypeError:
        return x
    x = np.asarray(x)
    if x.dtype == dtype:
        return x
    if x.dtype.kind in "iub" and dtype.kind in "iu" and x.dtype.itemsize == dtype.itemsize:
        return x.view(dtype)
    return x.astype(dtype)
