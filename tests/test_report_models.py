"""models/REPORT.md, kept in the repository: `report --check` over models/ (CI runs it through
this test). A model whose committed verdict is PASS and that no longer passes fails the test,
named; so does the file when it no longer lists the models there are."""
from __future__ import annotations

import re

from runtime_check.report import coverage, find_models

from .conftest import ROOT

REPORT = ROOT / "models" / "REPORT.md"
REGENERATE = "regenerate it from the repository root: tfl2quant report models --check --format md -o models/REPORT.md"
RANK = {"PASS": 2, "PASS (per layer)": 1}  # anything else (FAIL, ERROR) ranks 0


def committed_verdicts(text: str) -> dict[str, str]:
    """model path -> verdict, from the 'Per model' table."""
    section = text.split("\n## Per model\n", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("| ")]
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    assert header[0] == "model" and header[-1] == "verdict", header
    out = {}
    for line in lines[1:]:
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
        out[cells[0].strip("`")] = cells[-1]
    return out


def test_report_lists_every_model(monkeypatch):
    monkeypatch.chdir(ROOT)
    listed = set(committed_verdicts(REPORT.read_text()))
    present = set(find_models(["models"]))
    assert listed == present, (f"models/REPORT.md is stale: not listed {sorted(present - listed)}, "
                               f"gone {sorted(listed - present)}; {REGENERATE}")


def test_no_model_that_passed_stops_passing(monkeypatch):
    monkeypatch.chdir(ROOT)
    before = committed_verdicts(REPORT.read_text())
    data = coverage(["models"], check=True, jobs=2)
    now = {e["path"]: e["verdict"] for e in data["models"] + data["errors"]}
    worse = [f"{path}: {before[path]} -> {verdict}" for path, verdict in sorted(now.items())
             if path in before and RANK.get(verdict, 0) < RANK.get(before[path], 0)]
    assert not worse, (f"{len(worse)} model(s) that passed in models/REPORT.md no longer pass:\n  "
                       + "\n  ".join(worse) + f"\n(if that is intended, {REGENERATE})")
