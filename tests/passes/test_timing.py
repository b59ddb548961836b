"""`--mlir-timing`: convert and opt print mlir-opt's execution time report to stderr.

The report's frame is compared with iree-opt's own; its lines must add up (each top-level
timer, Rest and Total) and name every pass in pipeline order. No assertion is about how long
anything takes.
"""
from __future__ import annotations

import re
import subprocess

import pytest

from tfl2quant.timing import Timing

from ..cli.test_cli import CNN, tfl2quant
from ..conftest import iree_opt_path

ROW = re.compile(r"^  +(\d+\.\d{4}) \( *(\d+\.\d)%\)  (.*)$")
# each pass as upstream's Pass::getName() names it
CONVERT_TIMERS = ["Import", "Verifier", "LegalizeTfl", "CanonicalizerPass", "CSEPass", "LowerQuantOps",
                  "StripFuncQuantTypes", "CanonicalizerPass", "CSEPass", "Output", "Rest", "Total"]


def _report(stderr: str) -> tuple[list[str], list[tuple[float, str]]]:
    """The frame (the lines that hold no figure) and the rows (seconds, name) of the one report."""
    start = stderr.index("===-")
    lines = stderr[start:].splitlines()
    frame = [re.sub(r"\d+\.\d{4}", "N", line) for line in lines[:6]]
    rows = []
    for line in lines[6:]:
        m = ROW.match(line)
        assert m, f"not a report row: {line!r}"
        rows.append((float(m.group(1)), m.group(3)))
    return frame, rows


def _adds_up(rows: list[tuple[float, str]]) -> None:
    top = [s for s, name in rows if not name.startswith(" ") and name not in ("Total", "root")]
    total = rows[-1][0]
    assert rows[-1][1] == "Total"
    assert abs(sum(top) - total) <= 0.0001 * len(top) + 1e-9, rows


def test_convert_times_import_each_pass_and_output(tmp_path):
    plain = tfl2quant("convert", CNN)
    timed = tfl2quant("convert", CNN, "--mlir-timing")
    assert timed.returncode == 0, timed.stderr
    assert timed.stdout == plain.stdout  # the report goes to stderr only
    _, rows = _report(timed.stderr)
    assert [name for _, name in rows] == CONVERT_TIMERS
    _adds_up(rows)


def test_convert_with_verify_each_has_one_verifier_line():
    r = tfl2quant("convert", CNN, "--mlir-timing", "--verify-each", "-o", "-")
    assert r.returncode == 0, r.stderr
    _, rows = _report(r.stderr)
    assert [name for _, name in rows].count("Verifier") == 1
    _adds_up(rows)


def test_the_frame_is_upstreams(tmp_path):
    """The six lines above the rows are iree-opt's, figure for figure."""
    mlir = tmp_path / "f.mlir"
    mlir.write_text("func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n")
    ours = tfl2quant("opt", "--mlir-timing", "--cse", mlir)
    theirs = subprocess.run([iree_opt_path(), "--mlir-timing", "--cse", str(mlir)], capture_output=True, text=True)
    assert ours.returncode == 0 and theirs.returncode == 0, ours.stderr + theirs.stderr
    assert _report(ours.stderr)[0] == _report(theirs.stderr)[0]
    assert ours.stdout == theirs.stdout


def test_opt_split_input_adds_up_each_pass_over_the_chunks(tmp_path):
    mlir = tmp_path / "two.mlir"
    mlir.write_text("func.func @f() {\n  return\n}\n// -----\nfunc.func @g() {\n  return\n}\n")
    r = tfl2quant("opt", "--split-input-file", "--mlir-timing", "--canonicalize", "--cse", mlir)
    assert r.returncode == 0, r.stderr
    _, rows = _report(r.stderr)
    assert [name for _, name in rows] == ["Parser", "CanonicalizerPass", "Verifier", "CSEPass", "Output", "Rest", "Total"]
    _adds_up(rows)


def test_list_display_merges_by_name_and_sorts(tmp_path):
    r = tfl2quant("convert", CNN, "--mlir-timing", "--mlir-timing-display=list", "-o", tmp_path / "o.mlir")
    assert r.returncode == 0, r.stderr
    _, rows = _report(r.stderr)
    names = [name for _, name in rows]
    assert names[0] == "root" and names[-2:] == ["Rest", "Total"]
    middle = rows[1:-2]
    assert sorted(n for _, n in middle) == sorted(set(CONVERT_TIMERS) - {"Rest", "Total"})  # two CSEs, one line
    assert [s for s, _ in middle] == sorted((s for s, _ in middle), reverse=True)


def test_nested_scopes_indent_under_their_parent():
    t = Timing()
    with t.scope("outer"):
        with t.scope("inner"):
            pass
        with t.scope("inner"):  # the same key: one timer
            pass
    t.add("after", 0.5)
    _, rows = _report(t.report())
    assert [name for _, name in rows] == ["outer", "  inner", "after", "Rest", "Total"]
    assert rows[2][0] == 0.5


@pytest.mark.parametrize("display", ["sideways", ""])
def test_an_unknown_display_is_a_usage_error(display):
    r = tfl2quant("convert", CNN, "--mlir-timing", f"--mlir-timing-display={display}")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "--mlir-timing-display" in r.stderr
