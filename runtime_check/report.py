"""Fallback coverage over many models (`tfl2quant report`), in text, Markdown, JSON or HTML."""
from __future__ import annotations

import json
import os
from collections import Counter

from legalize.records import PATHS
from tfl2quant.errors import Tfl2QuantError


def find_models(paths) -> list[tuple[str, str]]:
    """Every model of `paths` (files, or directories searched for .tflite files), each with the
    name a report shows: relative to the directory given, or the file as given."""
    found = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, files in sorted(os.walk(p)):
                found += [(os.path.join(root, f), os.path.relpath(os.path.join(root, f), p))
                          for f in sorted(files) if f.endswith(".tflite")]
        elif os.path.exists(p):
            found.append((p, p))
        else:
            raise Tfl2QuantError("no such file or directory", p)
    return found


def coverage(paths, check: bool = False, jobs: int = 1, progress: bool = False) -> dict:
    """Per model and in total: op instances per path and per operator, the reasons of the ops
    off the integer path grouped by operator, path, types and reason, and with `check` each
    model's verdict. Each model runs in a process of its own (runtime_check/zoo.py)."""
    from .zoo import run

    found = find_models(paths)
    inputs = [path for path, _ in found]
    entries = [{**e, "name": name} for e, (_, name) in zip(run(inputs, check, jobs, progress), found)]
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


# every op conforms (PASS (per layer), PASS (float noise)), or TFLite cannot load it and our stages agree
VERDICTS_OK = ("PASS", "PASS (per layer)", "PASS (float noise)", "NOT COMPARED")


def render(data: dict, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(data, indent=2) + "\n"
    if fmt == "html":
        from .report_html import render_html
        return render_html(data)
    return _render_md(data) if fmt == "md" else _render_text(data)


def _summary(data: dict) -> str:
    t = data["totals"]
    unread = f" ({len(data['errors'])} could not be read)" if data["errors"] else ""
    line = f"{t['models']} model(s){unread}; op instances: " + ", ".join(f"{p} {t['ops'][p]}" for p in PATHS)
    if "verdicts" in t:
        line += "; verdicts: " + ", ".join(f"{v} {n}" for v, n in t["verdicts"].items())
    return line


CHECK_COLUMNS = ["verdict", "largest difference", "first diverges", "reference"]


def _model_cells(e: dict, checked: bool) -> list[str]:
    counts = [str(e["ops"][p]) if "ops" in e else "-" for p in PATHS]
    return [e.get("name", e["path"]), *counts] + (check_cells(e) if checked else [])


def check_cells(e: dict) -> list[str]:
    """Verdict, largest difference (`2 steps on out`, `1.2e-05 on out`), first diverging op, and
    the kernels that judged."""
    big = e.get("largest")
    largest = "-" if not big or not big["max_abs_diff"] else (
        f"{big['max_abs_diff']:.0f} steps" if big["steps"] else f"{big['max_abs_diff']:.3g}") + f" on {big['output']}"
    return [e["verdict"], largest, e.get("first_divergence") or "-", e.get("reference", "-")]


def _model_note(e: dict) -> str | None:
    message, name = e.get("error") or e.get("check_error"), e.get("name", e["path"])
    return None if message is None else _where({"path": name, "error": message.replace(e["path"], name)})


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
    out += _columns(["model", *PATHS] + (CHECK_COLUMNS if checked else []),
                    [_model_cells(e, checked) for e in rows(data)])
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
    out += table(["model", *PATHS] + (CHECK_COLUMNS if checked else []),
                 [[f"`{c[0]}`", *c[1:]] for c in (_model_cells(e, checked) for e in rows(data))])
    notes = [n for n in map(_model_note, rows(data)) if n]
    if notes:
        out += ["", "## Errors", ""] + [f"- {n}" for n in notes]
    return "\n".join(out) + "\n"


def _where(error: dict) -> str:
    """The error message, led by the file once (the reader's messages already name it)."""
    message = error["error"]
    return message if message.startswith(error["path"]) else f"{error['path']}: {message}"
