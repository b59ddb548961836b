"""Comparing our outputs with TFLite's: bit-exact fraction and max difference.

Tolerances are in storage units (one quantization step), set by the paths
the result depends on: 0 when every op feeding it took the integer path,
1 for the result of a fallback op run on TFLite's own inputs (the per-layer
check). End to end, an output that a fallback op feeds is reported but not
judged: a one-step difference may legitimately grow through later ops, and
the per-layer check already judges every op. A float result of a fallback op
(a hybrid op whose pattern declined: TFLite quantizes its activations on the
fly, so no one-step bound applies) has no tolerance and fails the per-layer
check: "not judged" is not a pass. Hybrid ops on the integer path
(legalize/hybrid.py) compute TFLite's float results exactly. Float results
(float models, and `unlowered` ops run by the executor's own tfl kernels) are
held to a relative tolerance; integer results of `unlowered` ops, which sit
between dequantize and quantize, to one step.
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
    tolerance: float | None   # None: not judged here (see the module docstring)
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
            per_layer: bool = False) -> OutputComparison:
    """Compare one result of a model (or, `per_layer`, of one op run on TFLite's inputs)."""
    if ours.dtype.kind in "iu" and ref.dtype.kind in "iu" and ours.dtype.itemsize == ref.dtype.itemsize:
        ours = ours.view(ref.dtype)  # signless storage container -> TFLite's (u)int type
    shape_ok = ours.shape == ref.shape
    if not shape_ok or ref.size == 0:
        exact, diff = (0.0, float("inf")) if not shape_ok else (1.0, 0.0)
    else:
        both_nan = np.isnan(ours) & np.isnan(ref) if ref.dtype.kind in "fc" else False
        exact = float(np.mean((ours == ref) | both_nan))
        wide = np.complex128 if ref.dtype.kind == "c" else np.float64  # complex: |difference| of the values
        delta = np.abs(ours.astype(wide) - ref.astype(wide))
        diff = float(np.max(np.where(both_nan, 0.0, np.nan_to_num(delta, nan=np.inf))))
    if depends_on == "integer" or ref.dtype.kind == "b" and per_layer:
        tolerance = 0  # integer arithmetic, or a truth value: nothing to round
    elif depends_on in ("fallback", "unlowered") and per_layer and ref.dtype.kind in "iu":
        tolerance = TOLERANCE["fallback"]  # dequantize, a float computation, quantize
    elif depends_on == "float" or depends_on == "unlowered" and ref.dtype.kind == "f":
        tolerance = FLOAT_RTOL * max(1.0, float(np.max(np.abs(ref))) if ref.size else 1.0)
    else:
        tolerance = None
    passed = shape_ok and (diff <= tolerance if tolerance is not None else not per_layer)
    return OutputComparison(name, str(ref.dtype), list(ref.shape), exact, diff, tolerance, depends_on, passed)
