"""Numpy kernels, one module per dialect, merged into one table.

Every kernel has one signature:

    kernel(ctx: Context, *operands: np.ndarray) -> np.ndarray | tuple[np.ndarray, ...]

- `operands` are the op's operand values, in order, each a numpy array in the
  container of its type (executor/plan.py: quantized values hold stored integers);
  a kernel names them as the reference pseudocode does (`conv2d(ctx, x, w,
  bias, izp, wzp)`).
- `ctx` (`_context.Context`) is the op and the executor running it:
  `ctx.op`, `ctx.attr(name)`, `ctx.result_dtype()`, `ctx.result_shape`, and
  `ctx.cache`, a dict kept across runs for what a kernel derives from the op; the
  typed executor options `ctx.options` (e.g. `ctx.options.rounding`); and nested
  code, `ctx.run_block(block, args)` for a block of the op's regions (it sees
  the enclosing values) and `ctx.call(function, args)` for a function.
- It returns one array per result (a tuple when there are several); the
  executor converts each to its result type's container (`_util.to_container`),
  so integers computed in int64 must already fit (`_util.wrap_to`).

Each module ends in `KERNELS = {op name: kernel}`; an op is defined once.
"""
from typing import Callable

from . import arith, complex, func, linalg, math, ml_program, quant, scf, shape, tensor, tfl, tosa, tosa_math, tosa_shape
from ._context import Context, ExecutorOptions
from ._util import container, to_container

__all__ = ["KERNELS", "Context", "ExecutorOptions", "container", "to_container"]

KERNELS: dict[str, Callable] = {}
for _module in (arith, complex, func, linalg, math, ml_program, quant, scf, shape, tensor, tfl, tosa, tosa_math,
                tosa_shape):
    _clash = KERNELS.keys() & _module.KERNELS.keys()
    assert not _clash, f"kernels defined twice: {_clash}"
    KERNELS.update(_module.KERNELS)
