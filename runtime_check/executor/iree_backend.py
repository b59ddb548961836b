"""A second, independent executor of what `convert` emits: IREE.

The final IR is compiled with `iree-compile` (from iree-base-compiler, llvm-cpu
target; it applies the TOSA 1.0 profile validation, so IR outside every
profile and extension is refused here) and run with `iree-base-runtime`.
Inputs and outputs are numpy arrays in the containers of the function's
types, as the numpy executor takes and gives them.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Sequence

import numpy as np

from tfl2quant.errors import Tfl2QuantError

# IREE demotes f64 to f32 by default; the IR computes in double where TFLite does (the hybrid
# kernels' asymmetric zero point, glibc's expf in eigen_math.py), so keep it.
TARGET = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
          "--iree-input-demote-f64-to-f32=false"]


class IreeError(Tfl2QuantError):
    """iree-compile refused the IR, or the runtime failed to run it."""


def iree_compile_path() -> str:
    found = shutil.which("iree-compile") or str(Path(sys.executable).parent / "iree-compile")
    if not os.path.exists(found):
        raise IreeError("iree-compile not found: install iree-base-compiler (pip install 'tfl2quant[iree]')")
    return found


def missing() -> str | None:
    """Why IREE cannot run here (`check --backend iree` asks before any work), or None."""
    import importlib.util

    try:
        iree_compile_path()
    except IreeError as e:
        return str(e)
    if importlib.util.find_spec("iree") is None or importlib.util.find_spec("iree.runtime") is None:
        return "the IREE runtime is not installed: install iree-base-runtime (pip install 'tfl2quant[iree]')"
    return None


def compile_mlir(text: str, timeout: float = 600) -> bytes:
    """The IREE VM flatbuffer for MLIR `text`; IreeError with iree-compile's first error line."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "module.vmfb"
        r = subprocess.run([iree_compile_path(), "-", *TARGET, "-o", str(out)], input=text,
                           capture_output=True, text=True, timeout=timeout)
        if r.returncode != 0:
            errors = [line for line in r.stderr.splitlines() if "error:" in line]
            raise IreeError(f"iree-compile refused the IR: {(errors or r.stderr.splitlines() or ['?'])[0]}")
        return out.read_bytes()


def run_vmfb(vmfb: bytes, inputs: Sequence[np.ndarray], function: str = "main") -> list[np.ndarray]:
    """Run `function` of a compiled module on the local CPU."""
    import iree.runtime as rt  # imported lazily: only `check --backend iree` and the tests need it

    # local-sync: the multi-threaded local-task driver fails on programs with dynamic
    # shapes ("transient buffer has not been committed", IREE 3.13's Python binding)
    config = rt.Config("local-sync")
    ctx = rt.SystemContext(config=config)
    ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, vmfb))
    fn = ctx.modules.module[function]
    try:
        results = fn(*[np.asarray(x, order="C") for x in inputs])  # ascontiguousarray makes a scalar 1-D
    except RuntimeError as e:
        raise IreeError(f"the IREE runtime failed: {str(e).strip().splitlines()[0]}") from None
    if not isinstance(results, (tuple, list)):
        results = [results]
    return [np.asarray(r.to_host() if hasattr(r, "to_host") else r) for r in results]


def run(text: str, inputs: Sequence[np.ndarray], function: str = "main") -> list[np.ndarray]:
    """Compile MLIR `text` and run `function` on `inputs`."""
    return run_vmfb(compile_mlir(text), inputs, function)
