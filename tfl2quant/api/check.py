"""`tfl2quant.check`: a model through every stage and through TFLite, compared.

    >>> result = tfl2quant.check("models/small-cnn.int8.tflite")
    >>> result.verdict, result.exit_code
    ('PASS', 0)

The result is runtime_check's `CheckResult`: `verdict`, `exit_code` (what `tfl2quant check`
exits with), `outputs` (the final stage's comparison per output), `stages`, `layers` (the
per-layer figures), `records`, `to_json()` (what `check --json` writes) and, as `str()`,
the table the command prints. docs/reading-a-verdict.md explains each figure.
"""
from __future__ import annotations

import contextlib
import io
from typing import TYPE_CHECKING, Callable, Mapping, Optional, Union

from ..errors import Tfl2QuantError
from .convert import InputShapes, as_rounding, choose, pinned
from .sources import ModelSource, model_file, shown

if TYPE_CHECKING:
    import os

    import numpy as np

    from runtime_check.check import CheckResult

    from ..passes import Rounding

BACKENDS = ("numpy", "iree")
Inputs = Union[str, "os.PathLike[str]", Mapping[str, "np.ndarray"], None]
# one tolerance for every float output, or per output by its TFLite (or signature) name
Tolerance = Union[float, Mapping[str, float], None]


def check(model: ModelSource, *, inputs: Inputs = None, seed: int = 0, samples: int = 1, backend: str = "numpy",
          atol: Tolerance = None, rtol: Tolerance = None, max_steps: int = 0, input_shapes: InputShapes = None,
          rounding: str | Rounding = "half-away-from-zero", decode_steps: int = 4,
          progress: Optional[Callable[[str], None]] = None) -> CheckResult:
    """Convert `model`, run its stages and TFLite on the same inputs, and judge each output and op.

    `inputs`: an .npz path or a mapping from input name to array (else seeded random inputs,
    `samples` sets from `seed`); `backend="iree"` also compiles the final IR with iree-compile
    and runs it; `atol`, `rtol` (float outputs) and `max_steps` (integer outputs) are the
    tolerances, `atol`/`rtol` a number or {output name: number}; `input_shapes` and `rounding`
    as for `convert`; a generative model (prefill and decode signatures sharing a KV cache) also
    runs `decode_steps` decode steps after its prefill; `progress` is told what runs. Input
    errors raise `Tfl2QuantError`.
    """
    from runtime_check.check import check_model
    from runtime_check.check.tolerance import Tolerances

    choose("backend", backend, BACKENDS)
    tolerances = Tolerances.parse(_flag_values(atol), _flag_values(rtol), max_steps)
    shapes = pinned(input_shapes)
    require_backend(backend)
    with model_file(model) as path, _inputs_file(inputs) as inputs_file:
        return named(check_model(path, inputs_file, seed, as_rounding(rounding), shapes, samples, backend,
                                 tolerances, progress, decode_steps))


def named(result: CheckResult) -> CheckResult:
    """`result` with a temporary file named as the user knows it (`<memory>`, `<stdin>`)."""
    result.model = shown(result.model)
    result.error = result.error and shown(result.error)
    return result


def require_backend(backend: str) -> None:
    """IREE's compiler and runtime, found before any work when `backend` is iree."""
    if backend == "iree":
        from runtime_check.executor.iree_backend import missing
        why = missing()
        if why:
            raise Tfl2QuantError(f"--backend iree: {why}")


def _flag_values(tolerance: Tolerance) -> tuple[str, ...]:
    """A tolerance as its --atol/--rtol values, so that it is checked with the command's messages."""
    if tolerance is None:
        return ()
    if isinstance(tolerance, Mapping):
        return tuple(f"{name}={value!r}" for name, value in tolerance.items())
    return (repr(tolerance),)


def _inputs_file(inputs: Inputs):
    """An .npz file of `inputs` for the block: the file given, or one written from a mapping."""
    if inputs is None:
        return contextlib.nullcontext()
    if isinstance(inputs, Mapping):
        import numpy as np
        data = io.BytesIO()
        np.savez(data, **{name: np.asarray(x) for name, x in inputs.items()})
        return model_file(data.getvalue(), ".npz", "<inputs>")
    return model_file(inputs)
