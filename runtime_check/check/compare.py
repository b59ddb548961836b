"""Comparing our results with TFLite's: bit-exact fraction, max difference, a verdict.

End to end (a model's final outputs), each output gets one of five verdicts:

    exact              every element equals TFLite's
    within N steps     an integer output N storage units (quantization steps) from
                       TFLite's: it passes when N is at most --max-steps; else, fed by a
                       fallback or unlowered op (whose one-step difference may grow through
                       later ops), it is judged per layer (check: PASS (per layer))
    float within tol   a float output at most `tol` from TFLite's (tolerance.py)
    float noise        a float output beyond `tol` but within TFLite's own spread on it: no
                       further from BUILTIN_REF than TFLite's kernel sets (BUILTIN_REF, the
                       optimized kernels, XNNPACK) are from each other; not with a tolerance
                       the user set, which alone judges the output
    differs            anything else: an integer output beyond its steps, a float output
                       beyond both, or another shape

Float tolerance, end to end: tol = max(atol, rtol * max|TFLite's value|) (tolerance.py;
1e-5 each unless set). The chained run of layers.py, which finds where outputs start to
diverge, allows max(tol, spread), `spread` being how far BUILTIN_REF and the optimized
kernels are apart on that tensor, measured on the same model inputs.

Per layer (`per_layer=True`: one op run on TFLite's own inputs), tolerances are
in storage units: 0 when the op took the integer path, 1 for a fallback or
unlowered op's integer result (dequantize, a float computation, quantize). A
float result of a fallback op (a hybrid op whose pattern declined: TFLite
quantizes its activations on the fly, so no one-step bound applies) has no
tolerance and fails: "not judged" is not a pass. Float results of float and
unlowered ops are held to the floor alone (a single op: no accumulated spread).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np

from .tolerance import FLOAT_FLOOR, Limit

TOLERANCE = {"integer": 0, "fallback": 1}  # storage units, never a bare float
FLOAT_RTOL = FLOAT_FLOOR                     # the name older callers use
EXACT, WITHIN, FLOAT_WITHIN, NOISE, DIFFERS = "exact", "within {} steps", "float within tol", "float noise", "differs"


@dataclass
class OutputComparison:
    name: str
    dtype: str
    shape: list
    exact_fraction: float
    max_abs_diff: float       # storage units for integer outputs
    tolerance: float | None   # None: no bound (per layer: fails)
    depends_on: str           # "integer", "fallback", "float" or "unlowered": the weakest path feeding it
    passed: bool              # end to end: exact, within --max-steps or float within tol; per layer: within tolerance
    verdict: str = ""         # end to end: exact, within N steps, float within tol, float noise, differs
    spread: float | None = None  # float: |BUILTIN_REF - optimized kernels| on this output
    sample: int = 0           # which input set (check --samples) this worst figure comes from
    tflite_spread: float | None = None  # the largest difference between two of TFLite's kernel sets here
    user_tolerance: bool = False        # the user set this output's tolerance

    @property
    def noise(self) -> bool:
        return self.verdict == NOISE

    def to_json(self) -> dict:
        return asdict(self)


def weakest(paths: set[str]) -> str:
    for p in ("unlowered", "fallback", "float"):
        if p in paths:
            return p
    return "integer"


def float_tolerance(ref: np.ndarray, spread: float | None = None, limit: Limit = Limit()) -> float:
    return max(limit.atol, limit.rtol * magnitude(ref), spread or 0.0)


def magnitude(ref: np.ndarray) -> float:
    """max(1, max|x|) over TFLite's ordinary values: an infinity, or a value within a factor of
    two of the type's largest (an attention mask's fill, finfo.min, and what adding to it
    gives), must be matched as it is and does not scale the tolerance of the others."""
    if ref.size == 0 or ref.dtype.kind not in "fc":
        return 1.0
    size = np.abs(ref)
    ordinary = size[size < np.finfo(ref.dtype).max / 2]  # NaN and inf compare false
    return max(1.0, float(ordinary.max(initial=0.0)))


def spread_of(a: np.ndarray, b: np.ndarray) -> float | None:
    """The largest difference of two TFLite runs of one float tensor (None: not comparable)."""
    if a.shape != b.shape or a.dtype != b.dtype or a.dtype.kind not in "fc" or a.size == 0:
        return None
    return float(distance(a, b).max())


def distance(ours: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """|ours - ref| per element, in float64 (complex: the modulus of the difference). Equal
    values are 0 apart: NaN and NaN, an infinity and itself, and an infinity and the float
    extreme of its sign (TFLite's float kernels clamp every result to [lowest, max], the
    range of activation NONE: kernel_util.cc CalculateActivationRange, so -inf + x is
    finfo.min there). NaN against a number, or an infinity against anything else, is inf
    apart. No warning: these are values here."""
    wide = np.complex128 if ref.dtype.kind == "c" else np.float64
    with np.errstate(all="ignore"):
        delta = np.array(np.abs(ours.astype(wide) - ref.astype(wide)), ndmin=1)  # (0-d: a scalar)
    delta[np.isnan(delta)] = np.inf
    same = ours == ref
    if ref.dtype.kind in "fc":
        same |= np.isnan(ours) & np.isnan(ref)
    if ref.dtype.kind == "f" and ours.dtype.kind == "f":
        top = np.finfo(ref.dtype).max
        extreme = (np.isinf(ours) & (np.abs(ref) == top)) | (np.isinf(ref) & (np.abs(ours) == top))
        same |= extreme & (np.signbit(ours) == np.signbit(ref))
    delta[np.array(same, ndmin=1)] = 0.0
    return delta


def _difference(ours: np.ndarray, ref: np.ndarray) -> tuple[bool, float, float]:
    if ours.dtype.kind in "iu" and ref.dtype.kind in "iu" and ours.dtype.itemsize == ref.dtype.itemsize:
        ours = ours.view(ref.dtype)  # signless storage container -> TFLite's (u)int type
    if ours.shape != ref.shape:
        return False, 0.0, float("inf")
    if ref.size == 0:
        return True, 1.0, 0.0
    if ref.dtype.kind in "OS":  # strings: equal or not (a difference has no size)
        same = np.array([bytes(a) == bytes(b) for a, b in zip(ours.ravel(), ref.ravel())])
        return True, float(np.mean(same)), 0.0 if same.all() else float("inf")
    delta = distance(ours, ref)
    return True, float(np.mean(delta == 0)), float(delta.max())


def compare(name: str, ours: np.ndarray, ref: np.ndarray, depends_on: str, per_layer: bool = False,
            spread: float | None = None, limit: Limit = Limit(), tflite_spread: float | None = None
            ) -> OutputComparison:
    """Compare one result of a model (or, `per_layer`, of one op run on TFLite's inputs).
    `spread`: BUILTIN_REF against the optimized kernels on it; `tflite_spread`: the largest
    difference between two of TFLite's kernel sets on it (end to end)."""
    shape_ok, exact, diff = _difference(ours, ref)
    if per_layer:
        return _per_layer(name, ref, depends_on, shape_ok, exact, diff)
    if ref.dtype.kind in "fc":
        tolerance = float_tolerance(ref, limit=limit)
        verdict = (EXACT if shape_ok and diff == 0 else FLOAT_WITHIN if shape_ok and diff <= tolerance else
                   NOISE if shape_ok and not limit.user and tflite_spread is not None and diff <= tflite_spread
                   else DIFFERS)
        passed = verdict in (EXACT, FLOAT_WITHIN)
    else:
        tolerance = limit.max_steps if ref.dtype.kind in "iu" else 0
        steps = ref.dtype.kind in "iu" and (limit.max_steps or depends_on in ("fallback", "unlowered"))
        verdict = (EXACT if shape_ok and diff == 0 else
                   WITHIN.format(f"{diff:.0f}") if shape_ok and steps and diff != float("inf") else DIFFERS)
        passed = shape_ok and diff <= tolerance
    return OutputComparison(name, str(ref.dtype), list(ref.shape), exact, diff, tolerance, depends_on, passed,
                            verdict, spread, tflite_spread=tflite_spread, user_tolerance=limit.user)


def _per_layer(name, ref, depends_on, shape_ok, exact, diff) -> OutputComparison:
    if depends_on == "integer" or ref.dtype.kind in "bOS":
        tolerance = 0  # integer arithmetic, a truth value or strings: nothing to round
    elif depends_on in ("fallback", "unlowered") and ref.dtype.kind in "iu":
        tolerance = TOLERANCE["fallback"]  # dequantize, a float computation, quantize
    elif depends_on == "float" or depends_on == "unlowered" and ref.dtype.kind in "fc":
        tolerance = float_tolerance(ref)
    else:
        tolerance = None
    passed = shape_ok and tolerance is not None and diff <= tolerance
    return OutputComparison(name, str(ref.dtype), list(ref.shape), exact, diff, tolerance, depends_on, passed)
