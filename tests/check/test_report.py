"""`tfl2quant report`: coverage per model and in total, grouped reasons, --check verdicts,
one process per model (--jobs), the progress bar, and the HTML page in a real browser."""
from __future__ import annotations

import json
import os
import pty
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from runtime_check.check import check_model
from runtime_check.report.zoo import verdict_of
from tfl2quant.errors import Tfl2QuantError
from tools.tflite_builder import custom_op

from ..conftest import MODELS
from ..legalize.test_integer_arithmetic import DECLINED, build

EXE = Path(sys.executable).parent / "tfl2quant"
BLOCKWISE = MODELS / "coverage" / "fc-blockwise-narrow.int4w.tflite"  # two FULLY_CONNECTED fall back


def tfl2quant(*args, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([str(EXE), *map(str, args)], capture_output=True, text=True, **kwargs)


def report_json(*args) -> tuple[int, dict]:
    r = tfl2quant("report", *args, "--format", "json")
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)


def zoo(tmp_path: Path, *names: str) -> Path:
    """A directory of models: names from models/, 'cut' (a truncated model: the reader refuses
    it) and 'abort' (an int16 ADD that TFLite's Prepare aborts on, killing the process)."""
    d = tmp_path / "zoo"
    d.mkdir()
    for k, name in enumerate(names):
        target = d / (f"{k:02d}-{Path(name).name}" + (".tflite" if name in ("cut", "abort") else ""))
        if name == "cut":
            target.write_bytes((MODELS / "small-cnn.int8.tflite").read_bytes()[:900])
        elif name == "abort":
            op, dtype, _ = DECLINED["add-power-of-two-broadcast.int16"]
            target.write_bytes(build(op, dtype))
        else:
            shutil.copy(MODELS / name, target)
    return d


def by_name(data: dict) -> dict:
    return {Path(e["path"]).name.split("-", 1)[1]: e for e in data["models"] + data["errors"]}


def test_reasons_are_grouped_by_op_path_types_and_reason(tmp_path):
    d = zoo(tmp_path, BLOCKWISE.relative_to(MODELS), BLOCKWISE.relative_to(MODELS), "small-cnn.int8.tflite")
    (d / "03-custom.tflite").write_bytes(custom_op())  # an op that stays a tfl op
    code, data = report_json(d)
    assert code == 0
    groups = {(g["op"], g["path"], g["types"]): g for g in data["reasons"]}
    fc = groups[("tfl.fully_connected", "fallback", "f32, qi4/block, f32 -> f32")]
    assert fc["count"] == 4 and len(fc["models"]) == 2  # two ops in each of the two copies: one group
    assert fc["reason"].startswith("blockwise weights: TFLite runs its blockwise kernel only for an even depth")
    assert groups[("tfl.custom", "unlowered", "f32 -> f32")]["count"] == 1
    assert sum(g["count"] for g in data["reasons"]) == data["totals"]["ops"]["fallback"] + \
        data["totals"]["ops"]["unlowered"]
    # per model: the same groups, only its own
    model = by_name(data)["fc-blockwise-narrow.int4w.tflite"]
    assert [(g["op"], g["count"]) for g in model["reasons"]] == [("tfl.fully_connected", 2)]
    assert by_name(data)["small-cnn.int8.tflite"]["reasons"] == []
    assert data["totals"]["ops"]["integer"] == 9 and data["totals"]["by_op"]["tfl.fully_connected"]["fallback"] == 4

    md = tfl2quant("report", d, "--format", "md").stdout
    assert "| 4 | 2 | tfl.fully_connected | fallback | `f32, qi4/block, f32 -> f32` | blockwise weights" in md
    text = tfl2quant("report", d).stdout
    assert re.search(r"\n +4 +2  tfl\.fully_connected \[fallback\] \(f32, qi4/block, f32 -> f32\): blockwise", text)


def expected_verdict(path: Path) -> str:
    """What `check` itself says of the model, in this process."""
    try:
        return verdict_of(check_model(str(path)))
    except Tfl2QuantError:
        return "ERROR"


def test_check_gives_each_model_the_verdict_of_check(tmp_path):
    names = ["add-relu.int8.tflite", "ops/sum-axis1.int16x8.tflite", "coverage/hashtable.string.tflite",
             "ops/rsqrt-positive.int16x8.tflite", "cut"]
    d = zoo(tmp_path, *names)
    code, data = report_json(d, "--check")
    assert code == 1  # not every model passes
    rows = by_name(data)
    for path in sorted(d.iterdir())[:-1]:
        row = rows[path.name.split("-", 1)[1]]
        assert row["verdict"] == expected_verdict(path), row
        if row["verdict"] == "ERROR":  # check's one-line message; the coverage stays
            assert "\n" not in row["check_error"] and row["ops"]
    assert rows["add-relu.int8.tflite"]["verdict"] == "PASS"
    cut = rows["cut.tflite"]
    assert cut["verdict"] == "ERROR" and "malformed flatbuffer" in cut["error"] and "ops" not in cut
    assert sum(data["totals"]["verdicts"].values()) == 5
    assert rows["sum-axis1.int16x8.tflite"]["reference"] == "optimized"
    md = tfl2quant("report", d, "--check", "--format", "md").stdout
    assert "5 model(s) (1 could not be read); op instances" in md
    assert "| model | integer | fallback | float | unlowered | verdict | largest difference | first diverges " \
           "| reference |" in md
    # names relative to the folder given; the largest difference, the first diverging op and the kernels
    assert "| `00-add-relu.int8.tflite` | 1 | 0 | 0 | 0 | PASS | - | - | BUILTIN_REF |" in md
    assert "| `01-sum-axis1.int16x8.tflite` | 0 | 1 | 0 | 0 | PASS | - | - | optimized |" in md
    assert "| `04-cut.tflite` | - | - | - | - | ERROR | - | - | - |" in md
    assert "## Errors" in md and "- 04-cut.tflite: malformed flatbuffer" in md
    text = tfl2quant("report", d, "--check").stdout
    assert re.search(r"\n00-add-relu\.int8\.tflite +1 +0 +0 +0  PASS +- +- +BUILTIN_REF\n", text)


def test_check_columns_name_the_difference_and_where_it_starts(tmp_path, monkeypatch):
    """A model that fails (MUL's multiplier off by half, in this process): its row gives the
    largest difference in steps and the op where it starts."""
    from legalize.families.elementwise.integer_arithmetic import RescaledMul
    from runtime_check.report import coverage, render
    from runtime_check.report.zoo import checked, legalized

    d = zoo(tmp_path, "real/resnet-v2-blocks.int8.tflite")
    data = coverage([d], check=True)
    assert data["models"][0]["verdict"] == "PASS"
    multiplier = RescaledMul.multiplier
    monkeypatch.setattr(RescaledMul, "multiplier", staticmethod(lambda op: multiplier(op) * 1.5))
    path = data["inputs"][0]
    row = data["models"][0] = {**checked(legalized(path)), "name": data["models"][0]["name"]}
    assert row["verdict"] == "FAIL" and row["first_divergence"] == "op 4 MUL"
    assert row["largest"]["steps"] and row["largest"]["max_abs_diff"] > 0
    steps = f"{row['largest']['max_abs_diff']:.0f} steps on {row['largest']['output']}"
    assert f"| `00-resnet-v2-blocks.int8.tflite` | 30 | 0 | 0 | 0 | FAIL | {steps} | op 4 MUL | BUILTIN_REF |" \
        in render(data, "md")


def test_jobs_2_gives_what_jobs_1_gives(tmp_path):
    d = zoo(tmp_path, "small-cnn.int8.tflite", "coverage/cnn-mixed.int16x8.tflite", BLOCKWISE.relative_to(MODELS),
            "cut", "softmax-2d.int8.tflite", "coverage/lstm.int8.tflite")
    one = tfl2quant("report", d, "--check", "--format", "json", "--jobs", "1")
    two = tfl2quant("report", d, "--check", "--format", "json", "--jobs", "2")
    assert one.returncode == two.returncode == 1  # the cut model
    assert one.stdout == two.stdout
    assert [Path(p).name[:2] for p in json.loads(one.stdout)["inputs"]] == ["00", "01", "02", "03", "04", "05"]


def test_a_worker_that_dies_costs_only_its_model(tmp_path):
    """TFLite aborts (SIGABRT) in check of the 'abort' model: its row says so, keeps its
    coverage, and the other models are checked as usual."""
    d = zoo(tmp_path, "add-relu.int8.tflite", "abort", "softmax-2d.int8.tflite")
    code, data = report_json(d, "--check", "--jobs", "2")
    assert code == 1
    rows = by_name(data)
    dead = rows["abort.tflite"]
    assert dead["verdict"] == "ERROR" and dead["check_error"].startswith("check: the worker died (signal SIGABRT)")
    assert dead["ops"]["fallback"] == 1
    assert rows["add-relu.int8.tflite"]["verdict"] == rows["softmax-2d.int8.tflite"]["verdict"] == "PASS"
    # without --check nothing runs TFLite: no worker dies
    code, data = report_json(d, "--jobs", "2")
    assert code == 0 and len(data["models"]) == 3


def run_on_a_tty(args: list[str]) -> str:
    """Run with stderr on a pseudo-terminal; what the terminal shows."""
    master, slave = pty.openpty()
    p = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    assert p.wait() == 0
    return shown.decode()


def test_progress_bar_only_on_a_terminal(tmp_path):
    d = zoo(tmp_path, "add-relu.int8.tflite", "softmax-2d.int8.tflite")
    out = tmp_path / "r.txt"
    shown = run_on_a_tty([str(EXE), "report", str(d), "-o", str(out)])
    assert f"[{' ' * 20}] 0/2" in shown and "[==========          ] 1/2" in shown
    assert "[====================] 2/2" in shown and "01-softmax-2d.int8.tflite" in shown
    assert shown.endswith("\r\x1b[K")  # the bar is wiped at the end
    assert "tfl.softmax" in out.read_text()
    r = tfl2quant("report", d, "-o", out)
    assert r.returncode == 0 and r.stderr == ""


# --- the HTML page in Debian's chromium -------------------------------------------------------


@pytest.fixture(scope="session")
def chromium() -> str:
    """The browser; installed with apt-get when missing and we may (a fresh CI machine runs as root)."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if not found and shutil.which("apt-get") and os.geteuid() == 0:
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for step in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", "chromium"]):
            subprocess.run(step, env=env, capture_output=True)
        found = shutil.which("chromium")
    assert found, "the HTML test needs Debian's chromium: apt-get install chromium"
    return found


def browse(chromium: str, url: str, *args: str) -> subprocess.CompletedProcess:
    r = subprocess.run([chromium, "--headless", "--disable-gpu", "--no-sandbox", "--enable-logging=stderr",
                        "--v=0", *args, url], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    console = [line for line in r.stderr.splitlines() if ":CONSOLE" in line]
    assert not console, console  # a JS error or any console message of the page
    return r


def test_html_page_renders_and_sorts_in_chromium(tmp_path, chromium):
    d = zoo(tmp_path, "small-cnn.int8.tflite", BLOCKWISE.relative_to(MODELS), "cut", "coverage/cnn-mixed.int8.tflite",
            "coverage/op-zoo-math.float32.tflite", "add-relu.int8.tflite")
    page = tmp_path / "report.html"
    r = tfl2quant("report", d, "--check", "--format", "html", "-o", page)
    assert r.returncode == 1, r.stderr  # the cut model
    html = page.read_text()
    assert not re.search(r"(src|href)=|https?:|@import|url\(", html)  # self-contained: nothing to fetch
    assert "<svg" in html or "class='bar'" in html
    assert "blockwise weights" in html and "malformed flatbuffer" in html

    shot = tmp_path / "report.png"
    browse(chromium, page.as_uri(), f"--screenshot={shot}", "--window-size=1200,1800")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20_000

    def order(key: str, desc: bool) -> tuple[str, list[str]]:
        dom = browse(chromium, page.as_uri() + f"?sort={key}" + ("&desc=1" if desc else ""), "--dump-dom").stdout
        sorted_as = re.search(r'<table id="models" data-sorted="([^"]*)"', dom).group(1)
        body = dom.split('<table id="models"', 1)[1].split("</tbody>", 1)[0]
        cells = re.findall(r'<tr><td data-v="([^"]*)"', body)
        return sorted_as, [Path(c).name[:2] for c in cells]

    data = json.loads(tfl2quant("report", d, "--format", "json").stdout)
    rows = {Path(e["path"]).name[:2]: e for e in data["models"] + data["errors"]}
    for key, desc in (("float", True), ("integer", False)):  # stable, ties in input order; '-' (not read) below 0
        expected = sorted(rows, key=lambda k: rows[k]["ops"][key] if "ops" in rows[k] else -1, reverse=desc)
        assert order(key, desc) == (f"{key}:{'desc' if desc else 'asc'}", expected)
    assert order("model", True) == ("model:desc", ["05", "04", "03", "02", "01", "00"])
    key, verdicts = order("verdict", False)
    assert key == "verdict:asc" and verdicts[0] == "02"  # ERROR first


def test_html_page_reports_a_js_error(tmp_path, chromium):
    """The console check above can fail: an unknown ?sort column throws, and chromium logs it."""
    page = tmp_path / "report.html"
    assert tfl2quant("report", MODELS / "add-relu.int8.tflite", "--format", "html", "-o", page).returncode == 0
    with pytest.raises(AssertionError, match="Uncaught Error: no column nope"):
        browse(chromium, page.as_uri() + "?sort=nope", "--dump-dom")
