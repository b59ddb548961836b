"""Fallback coverage over many models (`tfl2quant report`): the data every format renders."""
from __future__ import annotations

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
    model's verdict. Each model runs in a process of its own (zoo.py)."""
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


def check_cells(e: dict) -> list[str]:
    """Verdict, largest difference (`2 steps on out`, `1.2e-05 on out`), first diverging op, and
    the kernels that judged."""
    big = e.get("largest")
    largest = "-" if not big or not big["max_abs_diff"] else (
        f"{big['max_abs_diff']:.0f} steps" if big["steps"] else f"{big['max_abs_diff']:.3g}") + f" on {big['output']}"
    return [e["verdict"], largest, e.get("first_divergence") or "-", e.get("reference", "-")]
