"""tfl2quant convert against the C++ peer, `tosa-converter-for-tflite` (PyPI).

    python benchmarks/peer.py                          # models/real/*.tflite, 3 repeats
    python benchmarks/peer.py -n 5 --models DIR_OR_FILE ...  # e.g. build/real-models/*.int8.tflite
    python benchmarks/peer.py --peer-only              # only install the peer

The peer is installed once into its own venv (benchmarks/.peer-venv, not
committed) with pip, as a yardstick: it is the converter TFLite's TOSA
legalization ships as, a C++ binary behind a thin Python CLI. Both tools run
as whole processes (start-up included), each writing MLIR text to a file:

    ours   python -m tfl2quant.cli convert MODEL -o OUT.mlir
    peer   tosa-converter-for-tflite MODEL --text -o OUT.mlir

The runs are interleaved (ours, peer, ours, peer, ... per model) so that a
busy machine slows both alike, and the table gives the median of `-n`
repeats for each. A first untimed run of each tool warms the page cache and,
for us, writes the .pyc files (the environment may set
PYTHONDONTWRITEBYTECODE; the children run without it, as an installed tool
would). A model the peer rejects is listed with its error and left out of
the summary ratio. The output is a Markdown table for docs/performance.md.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / "benchmarks" / ".peer-venv"
PEER = VENV / "bin" / "tosa-converter-for-tflite"
PACKAGE = "tosa-converter-for-tflite"


def install_peer() -> Path:
    if not PEER.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(VENV / "bin" / "pip"), "install", "-q", PACKAGE], check=True)
    return PEER


def _env() -> dict:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = str(ROOT)
    return env


def _run(cmd: list[str], env: dict) -> tuple[float, float, int, str]:
    """Wall and CPU (user + system, from wait4: this child alone) seconds, exit code, last error line."""
    with tempfile.TemporaryFile() as err:
        t = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, env=env, cwd=ROOT)
        _, status, usage = os.wait4(p.pid, 0)
        seconds = time.perf_counter() - t
        p.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        text = err.read().decode(errors="replace")
    lines = [x for x in text.splitlines() if "error" in x.lower()] or text.splitlines()
    return seconds, usage.ru_utime + usage.ru_stime, p.returncode, (lines[-1] if lines else "")[:100]


def models_from(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        out += sorted(p.glob("*.tflite")) if p.is_dir() else [p]
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--models", nargs="+", default=[str(ROOT / "models" / "real")])
    p.add_argument("-n", "--repeats", type=int, default=3)
    p.add_argument("--peer-only", action="store_true")
    args = p.parse_args()
    peer = install_peer()
    if args.peer_only:
        print(peer)
        return
    env = _env()
    models = models_from(args.models)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        out_ours, out_peer = str(Path(tmp) / "ours.mlir"), str(Path(tmp) / "peer.mlir")
        ours_cmd = [sys.executable, "-m", "tfl2quant.cli", "convert"]
        for model in models:
            ours = ours_cmd + [str(model), "-o", out_ours]
            theirs = [str(peer), str(model), "--text", "-o", out_peer]
            _run(ours, env), _run(theirs, env)  # warm-up: page cache, .pyc files
            t_ours, t_peer, c_ours, c_peer = [], [], [], []
            status_ours = status_peer = ""
            for _ in range(args.repeats):
                s, c, rc, msg = _run(ours, env)
                t_ours.append(s)
                c_ours.append(c)
                status_ours = "" if rc == 0 else msg
                s, c, rc, msg = _run(theirs, env)
                t_peer.append(s)
                c_peer.append(c)
                status_peer = "" if rc == 0 else msg
            med = statistics.median
            rows.append(Row(model, med(t_ours), med(t_peer), med(c_ours), med(c_peer), status_ours, status_peer))
            print(f"{model.name}: ours {rows[-1].ours:.3f} s, peer {rows[-1].peer:.3f} s"
                  f"{'  (ours failed: ' + status_ours + ')' if status_ours else ''}"
                  f"{'  (peer failed: ' + status_peer + ')' if status_peer else ''}", file=sys.stderr, flush=True)
    print(table(rows, args.repeats))


@dataclass
class Row:
    model: Path
    ours: float       # wall seconds
    peer: float
    ours_cpu: float   # CPU seconds
    peer_cpu: float
    ours_error: str
    peer_error: str


def table(rows: list[Row], repeats: int) -> str:
    lines = ["| model | size | tfl2quant wall (s) | peer wall (s) | wall ratio | tfl2quant CPU (s) | peer CPU (s) "
             "| CPU ratio |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    med = statistics.median
    for r in rows:
        ok = not r.ours_error and not r.peer_error
        fails = "" if ok else ("peer fails" if r.peer_error else "ours fails")
        lines.append(f"| {r.model.name} | {r.model.stat().st_size / 1e3:.0f} kB | {r.ours:.3f} | {r.peer:.3f} | "
                     f"{fails or f'{r.ours / r.peer:.1f}x'} | {r.ours_cpu:.3f} | {r.peer_cpu:.3f} | "
                     f"{fails or f'{r.ours_cpu / r.peer_cpu:.1f}x'} |")
    good = [r for r in rows if not r.ours_error and not r.peer_error]
    if good:
        lines.append(f"| **median, {len(good)} models** | | {med(r.ours for r in good):.3f} | "
                     f"{med(r.peer for r in good):.3f} | **{med(r.ours / r.peer for r in good):.1f}x** | "
                     f"{med(r.ours_cpu for r in good):.3f} | {med(r.peer_cpu for r in good):.3f} | "
                     f"**{med(r.ours_cpu / r.peer_cpu for r in good):.1f}x** |")
    lines.append(f"\nmedians of {repeats} interleaved runs each, whole process (start-up included), "
                 f"{os.cpu_count()} cores; peer: {PACKAGE} --text; CPU = user + system time of the process")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
