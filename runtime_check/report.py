"""Human and machine reports: the check table, and fallback coverage over many models."""
from __future__ import annotations

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


def coverage(paths, check: bool = False, jobs: int = 1, progress: bool = False) -> dict:
    """Per model and in total: op instances per path and per operator, the reasons of the ops
    off the integer path grouped by operator, path, types and reason, and with `check` each
    model's verdict. Each model runs in a process of its own (runtime_check/zoo.py)."""
    from .zoo import run

    inputs = find_models(paths)
    entries = run(inputs, check, jobs, progress)
    models = [e for e in entries if "error" not in e]
    totals, total_by_op, groups = Counter(), {}, {}
    for m in models:
        totals.update(m["ops"])
        for name, counts in m["by_op"].items():
            total_by_op.setdefault(name, Counter()).update(counts)
        for g in m["reasons"]:
            key = (g["op"], g["path"], g["types"], g["reason"])
            group = groups.setdefault(key, {**g, "count": 0, "models": []})
            group["count"] += g["count"]
            group["models"].append(m["path"])
    data = {
        "checked": check,
        "inputs": inputs,
        "models": models,
        "totals": {"models": len(inputs),
                   "ops": {p: totals.get(p, 0) for p in PATHS},
                   "by_op": {k: {p: c.get(p, 0) for p in PATHS} for k, c in sorted(total_by_op.items())}},
        "reasons": sorted(groups.values(), key=lambda g: (-g["count"], g["op"], g["path"], g["types"], g["reason"])),
        "errors": [e for e in entries if "error" in e],
    }
    if check:
        data["totals"]["verdicts"] = dict(sorted(Counter(e["verdict"] for e in entries).items()))
    return data


def rows(data: dict) -> list[dict]:
    """Every model, converted or not, in input order."""
    order = {p: k for k, p in enumerate(data["inputs"])}
    return sorted(data["models"] + data["errors"], key=lambda e: order.get(e["path"], len(order)))


def failed(data: dict) -> bool:
    """What makes `report` exit 1: a model that could not be read, or with --check, a model not PASS."""
    return bool(data["errors"]) or any(e.get("verdict", "PASS") not in VERDICTS_OK for e in rows(data))


VERDICTS_OK = ("PASS", "PASS (per layer)", "NOT COMPARED")  # NOT COMPARED: TFLite cannot load it, our stages agree


def render(data: dict, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(data, indent=2) + "\n"
    if fmt == "html":
        from .report_html import render_html
        return render_html(data)
    return _render_md(data) if fmt == "md" else _render_text(data)


def _summary(data: dict) -> str:
    t = data["totals"]
    line = f"{t['models']} model(s); op instances: " + ", ".join(f"{p} {t['ops'][p]}" for p in PATHS)
    if "verdicts" in t:
        line += "; verdicts: " + ", ".join(f"{v} {n}" for v, n in t["verdicts"].items())
    return line


def _model_cells(e: dict, checked: bool) -> list[str]:
    counts = [str(e["ops"][p]) if "ops" in e else "-" for p in PATHS]
    return [e["path"], *counts] + ([e["verdict"]] if checked else [])


def _model_note(e: dict) -> str | None:
    message = e.get("error") or e.get("check_error")
    return None if message is None else _where({"path": e["path"], "error": message})


def _render_text(data: dict) -> str:
    checked = data["checked"]
    out = [_summary(data), "", "per operator:"]
    table = [[name] + [str(c[p]) for p in PATHS] for name, c in data["totals"]["by_op"].items()]
    table.append(["total"] + [str(data["totals"]["ops"][p]) for p in PATHS])
    out += _columns(["op", *PATHS], table)
    out += ["", "reasons (op instances, models):"]
    out += [f"  {g['count']:>4} {len(g['models']):>3}  {g['op']} [{g['path']}] ({g['types']}): {g['reason']}"
            for g in data["reasons"]] or ["  none"]
    out += ["", "per model:"]
    out += _columns(["model", *PATHS] + (["verdict"] if checked else []), [_model_cells(e, checked) for e in rows(data)])
    notes = [n for n in map(_model_note, rows(data)) if n]
    out += [""] + [f"error: {n}" for n in notes] if notes else []
    return "\n".join(out) + "\n"


def _columns(header: list[str], table: list[list[str]]) -> list[str]:
    widths = [max(len(r[k]) for r in [header] + table) for k in range(len(header))]
    numeric = [k > 0 and all(r[k].isdigit() or r[k] == "-" for r in table) for k in range(len(header))]
    return ["  ".join(c.rjust(w) if numeric[k] else c.ljust(w) for k, (c, w) in enumerate(zip(r, widths))).rstrip()
            for r in [header] + table]


def _render_md(data: dict) -> str:
    checked = data["checked"]

    def table(header, body):
        cell = lambda c: str(c).replace("|", "\\|")  # noqa: E731
        return ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] + \
               ["| " + " | ".join(map(cell, r)) + " |" for r in body]

    out = ["# tfl2quant report", "", _summary(data), "", "## Per operator", ""]
    body = [[name] + [c[p] for p in PATHS] for name, c in data["totals"]["by_op"].items()]
    out += table(["op", *PATHS], body + [["total"] + [data["totals"]["ops"][p] for p in PATHS]])
    out += ["", "## Reasons", "", "Ops off the integer path, grouped by operator, path, operand and result types, "
            "and reason.", ""]
    out += table(["instances", "models", "op", "path", "types", "reason"],
                 [[g["count"], len(g["models"]), g["op"], g["path"], f"`{g['types']}`", g["reason"]]
                  for g in data["reasons"]]) if data["reasons"] else ["none"]
    out += ["", "## Per model", ""]
    out += table(["model", *PATHS] + (["verdict"] if checked else []),
                 [[f"`{c[0]}`", *c[1:]] for c in (_model_cells(e, checked) for e in rows(data))])
    notes = [n for n in map(_model_note, rows(data)) if n]
    if notes:
        out += ["", "## Errors", ""] + [f"- {n}" for n in notes]
    return "\n".join(out) + "\n"


def _where(error: dict) -> str:
    """The error message, led by the file once (the reader's messages already name it)."""
    message = error["error"]
    return message if message.startswith(error["path"]) else f"{error['path']}: {message}"
