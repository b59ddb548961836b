"""models/REPORT.md, kept in the repository: `report --check` over models/ (CI runs it through
this test). A model whose committed verdict is PASS and that no longer passes fails the test,
named; so does the file when it no longer lists the models there are."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from runtime_check.report import coverage, find_models

from ..conftest import ROOT

REPORT = ROOT / "models" / "REPORT.md"
REGENERATE = "regenerate it from the repository root: tfl2quant report models --check --format md -o models/REPORT.md"
RANK = {"PASS": 2, "PASS (per layer)": 1, "PASS (float noise)": 1, "NOT COMPARED": 1}  # FAIL, ERROR: 0


def committed_verdicts(text: str) -> dict[str, str]:
    """model name (as the report shows it: relative to models/) -> verdict, from the 'Per model' table."""
    section = text.split("\n## Per model\n", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("| ")]
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    assert header[0] == "model" and "verdict" in header, header
    column = header.index("verdict")
    out = {}
    for line in lines[1:]:
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
        out[cells[0].strip("`")] = cells[column]
    return out


def regressions(before: dict[str, str], data: dict) -> list[str]:
    """'name: PASS -> FAIL' for each model whose verdict in `data` ranks below `before`."""
    now = {e["name"]: e["verdict"] for e in data["models"] + data["errors"]}
    return [f"{path}: {before[path]} -> {verdict}" for path, verdict in sorted(now.items())
            if path in before and RANK.get(verdict, 0) < RANK.get(before[path], 0)]


def test_a_model_that_stops_passing_is_named(tmp_path):
    """The comparison itself, on a REPORT.md that says a failing model passed."""
    from runtime_check.report import render

    models = [str(ROOT / "models" / "small-cnn.int8.tflite"),
              str(ROOT / "models" / "coverage" / "fc-blockwise-narrow.int4w.tflite")]
    data = coverage(models, check=True)
    committed = committed_verdicts(render(data, "md"))
    verdict = committed[models[1]]  # two fallback layers: not PASS end to end
    assert committed[models[0]] == "PASS" and verdict in ("FAIL", "PASS (per layer)")
    assert regressions(committed, data) == []
    committed[models[1]] = "PASS"
    assert regressions(committed, data) == [f"{models[1]}: PASS -> {verdict}"]


def test_report_lists_every_model(monkeypatch):
    monkeypatch.chdir(ROOT)
    listed = set(committed_verdicts(REPORT.read_text()))
    present = {name for _, name in find_models(["models"])}
    assert listed == present, (f"models/REPORT.md is stale: not listed {sorted(present - listed)}, "
                               f"gone {sorted(listed - present)}; {REGENERATE}")


def test_no_model_that_passed_stops_passing():
    before = committed_verdicts(REPORT.read_text())
    # the command CI runs (a worker then re-imports only the tfl2quant script, not pytest)
    r = subprocess.run([str(Path(sys.executable).parent / "tfl2quant"), "report", "models", "--check", "--jobs", "2",
                        "--format", "json"], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode in (0, 1) and not r.stderr, r.stderr
    worse = regressions(before, json.loads(r.stdout))
    assert not worse, (f"{len(worse)} model(s) that passed in models/REPORT.md no longer pass:\n  "
                       + "\n  ".join(worse) + f"\n(if that is intended, {REGENERATE})")
