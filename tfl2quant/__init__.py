"""tfl2quant: TensorFlow Lite models to MLIR with quantized types, checked against TFLite.

    >>> import tfl2quant
    >>> module = tfl2quant.convert("models/small-cnn.int8.tflite")
    >>> "func.func @main" in str(module)      # the MLIR text `tfl2quant convert` prints
    True
    >>> tfl2quant.check("models/small-cnn.int8.tflite").verdict
    'PASS'

`convert`, `check` and `report` are the commands of the same names (tfl2quant/api/);
errors are `Tfl2QuantError`s carrying the one line the command prints. Everything is
imported on first use, so `import tfl2quant` costs almost nothing.
"""
from __future__ import annotations

import importlib

from .errors import InternalError, Tfl2QuantError, VerificationError

__all__ = ["convert", "check", "report", "Module", "CheckResult", "Report", "Tfl2QuantError", "VerificationError",
           "InternalError", "FlatbufferError", "ExecutionError", "IreeError", "__version__"]

# name -> the module that defines it, imported when the name is first used
_LAZY = {
    "convert": "tfl2quant.api.convert", "Module": "tfl2quant.api.convert",
    "check": "tfl2quant.api.check", "CheckResult": "runtime_check.check",
    "report": "tfl2quant.api.report", "Report": "tfl2quant.api.report",
    "FlatbufferError": "tfl2quant.importer.flatbuffer",   # the file is not a TFLite flatbuffer
    "ExecutionError": "runtime_check.executor",           # a stage cannot run (check)
    "IreeError": "runtime_check.executor.iree_backend",   # iree-compile or its runtime failed
}

TYPE_CHECKING = False  # as typing's, which type checkers know by name: `import typing` takes 3 ms
if TYPE_CHECKING:
    from runtime_check.check import CheckResult
    from runtime_check.executor import ExecutionError
    from runtime_check.executor.iree_backend import IreeError

    from .api.check import check
    from .api.convert import Module, convert
    from .api.report import Report, report
    from .importer.flatbuffer import FlatbufferError

    __version__: str


def __getattr__(name: str):
    if name == "__version__":
        return version()
    if name not in _LAZY:
        raise AttributeError(f"module 'tfl2quant' has no attribute {name!r}")
    value = getattr(importlib.import_module(_LAZY[name]), name)
    globals()[name] = value  # looked up once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


def version() -> str:
    """The installed distribution's version: pyproject.toml is the one place it is written."""
    from importlib.metadata import PackageNotFoundError, version as installed

    try:
        return installed("tfl2quant")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"
