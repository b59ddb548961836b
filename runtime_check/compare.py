"""Comparing our outputs with TFLite's: bit-exact fraction and max difference.

Tolerances are in storage units (one quantization step), set by the paths
the output depends on: 0 when every op feeding it took the integer path,
1 when a fallback op feeds it. Float outputs of quantized models (after a
DEQUANTIZE) are measured in units of the dequantized scale.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np

TOLERANCE = {"integer": 0, "fallback": 1}  # storage units, never a bare float
FLOAT_RTOL = 1e-5                            # float models: float ops in another order


@dataclass
class OutputComparison:
    name: str
    dtype: str
    shape: list
    exact_fraction: float
    max_abs_diff: float       # storage units for integer outputs
    tolerance: float
    depends_on: str           # "integer", "fallback", "float" or "unlowered": the weakest path feeding it
    passed: bool

    def to_json(self) -> dict:
        return asdict(self)


def weakest(paths: set[str]) -> str:
    for p in ("unlowered", "fallback", "float"):
        if p in paths:
            return p
    return "integer"


def compare(name: str, ours: np.ndarray, ref: np.ndarray, depends_on: str,
            unit: float | None = None) -> OutputComparison:
    """Compare one output; `unit` is the quantization step of a float output, if it has one."""
    if ours.dtype.kind in "iu" and ref.dtype.kind in "iu" and ours.dtype.itemsize == ref.dtype.itemsize:
        ours = ours.view(ref.dtype)  # signless storage container -> TFLite's (u)int type
    shape_ok = ours.shape == ref.shape
    if not shape_ok or ref.size == 0:
        exact, diff = (0.0, float("inf")) if not shape_ok else (1.0, 0.0)
    else:
        exact = float(np.mean(ours == ref))
        diff = float(np.max(np.abs(ours.astype(np.float64) - ref.astype(np.float64))))
    if ref.dtype.kind == "f":
        if depends_on == "float" or unit is None:
            tolerance = FLOAT_RTOL * max(1.0, float(np.max(np.abs(ref))) if ref.size else 1.0)
        else:
            tolerance = TOLERANCE.get(depends_on, 1) * unit
    else:
        tolerance = TOLERANCE.get(depends_on, 1)
    return OutputComparison(name, str(ref.dtype), list(ref.shape), exact, diff, tolerance, depends_on,
                            shape_ok and diff <= tolerance)
