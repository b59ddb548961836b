"""Running the MLIR that `convert` emits: our numpy executor, and IREE as a second one.

    plan.py          the executor: a function planned once into slots and steps, then run on
                     numpy arrays (`Executor`, `ExecutionError`)
    kernels/         its numpy kernels, one module per dialect, one contract (kernels/__init__.py);
                     `ExecutorOptions` are theirs (`ctx.options`, kernels/_context.py)
    iree_backend.py  IREE: iree-compile and its runtime on the same IR, an independent executor

Nothing here knows TFLite's files or kernels: it runs IR, whatever made it. It imports only the
tfl2quant core and what legalize publishes for it (legalize/string_buffer.py, the layout of a
string tensor), never the checker (.importlinter).
"""
from .kernels import ExecutorOptions
from .plan import ExecutionError, Executor

__all__ = ["ExecutionError", "Executor", "ExecutorOptions"]
