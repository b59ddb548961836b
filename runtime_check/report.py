"""Human and machine reports: the check table, and fallback coverage over many models."""
from __future__ import annotations

import html
import json
import os
from collections import Counter

from legalize.driver import PATHS
from tfl2quant.errors import Tfl2QuantError


def format_check(result) -> str:
    """The short table `tfl2quant check` prints."""
    lines = [f"model: {result.model}",
             "ops:   " + ", ".join(f"{p} {result.ops[p]}" for p in PATHS)]
    if result.reference == "none":
        lines.append(f"reference: none: TFLite could not load the model ({result.reference_why}); "
                     f"only our stages are cross-checked")
    elif result.reference_why:
        lines.append(f"reference: TFLite {result.reference} ({result.reference_why})")
    if result.samples > 1:
        lines.append(f"samples: {result.samples} input sets; each figure is the worst, [sN] its set")
    for r in result.records:
        if r.reason:
            lines.append(f"  op {r.index} {r.name} [{r.path}]: {r.reason}")
    if result.stages:
        lines.append(f"{'stage':<10} {'output':<36} {'exact':>8} {'max diff':>9} {'tol':>8}  verdict")
    for stage, outputs in result.stages.items():
        for o in outputs:
            tol = "-" if o.tolerance is None else f"{o.tolerance:.3g}"
            spread = f", spread {o.spread:.3g}" if o.spread else ""
            where = f" [s{o.sample}]" if result.samples > 1 else ""
            lines.append(f"{stage:<10} {o.name[:36]:<36} {o.exact_fraction:>8.2%} {o.max_abs_diff:>9.4g} "
                         f"{tol:>8}  {o.verdict} ({o.depends_on}{spread}){where}")
    lines.append("stages agree: " + ("not all stages ran" if result.error else "yes" if result.stages_agree else
                                     "NO: the stages after import compute different outputs"))
    worst = result.largest_difference()
    if worst is not None and worst.max_abs_diff:
        unit = " steps" if worst.dtype[0] in "iu" else ""
        lines.append(f"largest end-to-end difference: {worst.max_abs_diff:.4g}{unit} on {worst.name}")
    if result.first_divergence is not None:
        d = result.first_divergence
        lines.append(f"first diverges: {d.describe()} [{d.path}]: max diff {d.chained_max_abs_diff:.4g} "
                     f"(tol {d.chained_tolerance:.3g}) end to end")
    d = result.first_difference
    if d is not None and (result.first_divergence is None or d.index < result.first_divergence.index):
        lines.append(f"first differs: {d.describe()} [{d.path}]: max diff {d.chained_max_abs_diff:.4g} "
                     f"(within its tol {d.chained_tolerance:.3g}) end to end")
    checked = [layer for layer in result.layers if layer.skipped is None]
    unjudged = [layer for layer in checked if layer.tolerance is None]
    notes = []
    if len(checked) < len(result.layers):
        notes.append(f"{len(result.layers) - len(checked)} checked only end to end")
    if unjudged:
        notes.append(f"{len(unjudged)} without a bound, so failed: float results of fallback ops, which TFLite "
                     f"computes with hybrid kernels")
    if result.layers:
        lines.append(f"per layer: {sum(layer.passed for layer in checked)}/{len(checked)} ops match TFLite on its "
                     f"own inputs" + (f" ({'; '.join(notes)})" if notes else ""))
    for layer in checked:
        if not layer.passed or layer.max_abs_diff:
            tol = "-" if layer.tolerance is None else f"{layer.tolerance:.3g}"
            verdict = "" if layer.passed else "  NO BOUND" if layer.tolerance is None else "  MISMATCH"
            lines.append(f"  op {layer.index} {layer.name} [{layer.path}] at {layer.location}: "
                         f"{layer.exact_fraction:.2%} exact, max diff {layer.max_abs_diff:.4g} (tol {tol}){verdict}")
    if result.error:
        lines.append(f"error: {result.error}")
    lines.append(result.verdict)
    return "\n".join(lines)


def find_models(paths) -> list[str]:
    found = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, files in sorted(os.walk(p)):
                found += [os.path.join(root, f) for f in sorted(files) if f.endswith(".tflite")]
        elif os.path.exists(p):
            found.append(p)
        else:
            raise Tfl2QuantError("no such file or directory", p)
    return found


def coverage(paths) -> dict:
    """Per model and in total: how many ops took each path, by op, and why not integer."""
    from tfl2quant.pipeline import convert

    models, errors = [], []
    totals, total_by_op = Counter(), {}
    for path in find_models(paths):
        try:
            report = convert(path, "legalized").report
        except Tfl2QuantError as e:
            errors.append({"path": path, "error": str(e)})
            continue
        reasons = {}
        for r in report.records:
            if r.reason:
                reasons.setdefault(r.name, Counter())[r.reason] += 1
        by_op = report.by_op()
        models.append({"path": path, "ops": report.counts(), "by_op": by_op,
                       "reasons": {k: dict(v) for k, v in reasons.items()}})
        totals.update(report.counts())
        for name, counts in by_op.items():
            total_by_op.setdefault(name, Counter()).update(counts)
    return {
        "models": models,
        "totals": {"ops": {p: totals.get(p, 0) for p in PATHS},
                   "by_op": {k: {p: c.get(p, 0) for p in PATHS} for k, c in sorted(total_by_op.items())}},
        "errors": errors,
    }


def render(data: dict, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(data, indent=2) + "\n"
    rows = [(name, counts) for name, counts in data["totals"]["by_op"].items()]
    header = ["op"] + list(PATHS)
    table = [[name] + [str(counts[p]) for p in PATHS] for name, counts in rows]
    table.append(["total"] + [str(data["totals"]["ops"][p]) for p in PATHS])
    if fmt == "md":
        out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        out += ["| " + " | ".join(r) + " |" for r in table]
        out += [f"\nerror: {_where(e)}" for e in data["errors"]]
        return "\n".join(out) + "\n"
    if fmt == "html":
        cells = lambda r, tag: "".join(f"<{tag}>{html.escape(c)}</{tag}>" for c in r)  # noqa: E731
        body = "".join(f"<tr>{cells(r, 'td')}</tr>" for r in table)
        errs = "".join(f"<p class='error'>{html.escape(_where(e))}</p>" for e in data["errors"])
        return (f"<!doctype html><html><head><meta charset='utf-8'><title>tfl2quant coverage</title></head>"
                f"<body><h1>Fallback coverage ({len(data['models'])} models)</h1><table>"
                f"<tr>{cells(header, 'th')}</tr>{body}</table>{errs}</body></html>\n")
    widths = [max(len(r[k]) for r in [header] + table) for k in range(len(header))]
    fmt_row = lambda r: "  ".join(c.ljust(w) if k == 0 else c.rjust(w) for k, (c, w) in enumerate(zip(r, widths)))  # noqa: E731
    out = [f"{len(data['models'])} model(s)", fmt_row(header)] + [fmt_row(r) for r in table]
    out += [f"error: {_where(e)}" for e in data["errors"]]
    return "\n".join(out) + "\n"


def _where(error: dict) -> str:
    """The error message, led by the file once (the reader's messages already name it)."""
    message = error["error"]
    return message if message.startswith(error["path"]) else f"{error['path']}: {message}"
