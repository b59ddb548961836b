"""The verdict of a check from its parts (the table of verdicts and exit codes is in run.py)."""
from __future__ import annotations

PASS, PASS_PER_LAYER, NOISE, FAIL, NOT_COMPARED = (
    "PASS", "PASS (per layer)", "PASS (float noise)", "FAIL", "NOT COMPARED")
# `tfl2quant check`'s exit code for each verdict (FAIL: 1; --per-layer-ok makes 3 and 5 a 0)
EXIT_CODES = {PASS: 0, FAIL: 1, PASS_PER_LAYER: 3, NOT_COMPARED: 4, NOISE: 5}


def verdict_from(error, agree: bool, outputs: list, layers: list) -> str:
    """The verdict of a model's (or a decode step's) check: a stage's `error`, whether the stages
    `agree`, the outputs' comparisons (compare.OutputComparison) and the layers'
    (layers.LayerComparison)."""
    if error or not agree or not all(layer.passed for layer in layers):
        return FAIL
    if all(o.passed for o in outputs):
        return PASS
    grown = [o for o in outputs if not o.passed and not o.noise]
    if all(o.depends_on in ("fallback", "unlowered") and o.max_abs_diff != float("inf") for o in grown):
        return PASS_PER_LAYER if grown else NOISE
    return FAIL
