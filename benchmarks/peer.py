"""tfl2quant convert against the C++ peer, `tosa-converter-for-tflite` (PyPI).

    python benchmarks/peer.py                          # models/real/*.tflite, 3 repeats
    python benchmarks/peer.py -n 5 --models DIR_OR_FILE ...  # e.g. build/real-models/*.int8.tflite
    python benchmarks/peer.py --peer-only              # only install the peer
    python benchmarks/peer.py --chains 5000 20000      # issue 35's table: the chains of synthetic.py too
    python benchmarks/peer.py --ours before=../main --ours after=.  # two trees of ours, one run

`--chains N ...` adds the N-op int8 chains of benchmarks/synthetic.py (written
to a temporary directory) as rows of their own, above the models, outside the
median (`--models` with no path: the chains alone). `--ours LABEL=TREE` (repeatable) runs `convert` with TREE on PYTHONPATH
(its compiled modules, if it has any, or its pure Python ones) under LABEL;
each tree gets its own wall and CPU columns and its own ratio to the peer,
and the runs of all trees and the peer are interleaved.

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


def _env(tree: Path = ROOT) -> dict:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = str(tree)
    return env


def _run(cmd: list[str], env: dict, cwd: Path = ROOT) -> tuple[float, float, int, str]:
    """Wall and CPU (user + system, from wait4: this child alone) seconds, exit code, last error line.
    Ours runs in its tree: `python -m` puts the working directory ahead of PYTHONPATH."""
    with tempfile.TemporaryFile() as err:
        t = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, env=env, cwd=cwd)
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
        out += sorted(p.resolve().glob("*.tflite")) if p.is_dir() else [p.resolve()]
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--models", nargs="*", default=[str(ROOT / "models" / "real")])
    p.add_argument("--chains", type=int, nargs="*", default=[],
                   help="also the N-op chains of benchmarks/synthetic.py, as rows outside the median")
    p.add_argument("--ours", action="append", default=[], metavar="LABEL=TREE",
                   help="a tree of tfl2quant to run under LABEL (repeatable); default: this one")
    p.add_argument("-n", "--repeats", type=int, default=3)
    p.add_argument("--peer-only", action="store_true")
    args = p.parse_args()
    peer = install_peer()
    if args.peer_only:
        print(peer)
        return
    trees = [(label, Path(tree).resolve()) for label, tree in (o.split("=", 1) for o in args.ours)] \
        or [("tfl2quant", ROOT)]
    envs = [_env(tree) for _, tree in trees]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        models = []
        if args.chains:
            # benchmarks/ is sys.path[0]; synthetic.py builds with the tests' TFLite writer
            from synthetic import make_model
        for n in args.chains:
            chain = Path(tmp) / f"chain-{n}.tflite"
            make_model(chain, n)
            models.append(chain)
        models += models_from(args.models)
        out_ours, out_peer = str(Path(tmp) / "ours.mlir"), str(Path(tmp) / "peer.mlir")
        ours_cmd = [sys.executable, "-m", "tfl2quant.cli", "convert"]
        peer_env = _env()
        for model in models:
            ours = ours_cmd + [str(model), "-o", out_ours]
            theirs = [str(peer), str(model), "--text", "-o", out_peer]
            for env, (_, tree) in zip(envs, trees):  # warm-up: page cache, .pyc files
                _run(ours, env, tree)
            _run(theirs, peer_env)
            t_ours, c_ours = [[] for _ in trees], [[] for _ in trees]
            t_peer, c_peer = [], []
            status_ours, status_peer = ["" for _ in trees], ""
            for _ in range(args.repeats):
                for i, env in enumerate(envs):
                    s, c, rc, msg = _run(ours, env, trees[i][1])
                    t_ours[i].append(s)
                    c_ours[i].append(c)
                    status_ours[i] = status_ours[i] or ("" if rc == 0 else msg)
                s, c, rc, msg = _run(theirs, peer_env)
                t_peer.append(s)
                c_peer.append(c)
                status_peer = "" if rc == 0 else msg
            med = statistics.median
            rows.append(Row(model, [med(t) for t in t_ours], med(t_peer), [med(c) for c in c_ours], med(c_peer),
                            next((e for e in status_ours if e), ""), status_peer,
                            model.name.startswith("chain-") and model.parent == Path(tmp)))
            r = rows[-1]
            print(f"{model.name}: " + ", ".join(f"{label} {t:.3f} s" for (label, _), t in zip(trees, r.ours))
                  + f", peer {r.peer:.3f} s"
                  + (f"  (ours failed: {r.ours_error})" if r.ours_error else "")
                  + (f"  (peer failed: {r.peer_error})" if r.peer_error else ""), file=sys.stderr, flush=True)
    print(table(rows, args.repeats, [label for label, _ in trees]))


@dataclass
class Row:
    model: Path
    ours: list[float]      # wall seconds, one per tree of ours
    peer: float
    ours_cpu: list[float]  # CPU seconds
    peer_cpu: float
    ours_error: str
    peer_error: str
    chain: bool = False    # a synthetic chain: its own row, outside the median


def table(rows: list[Row], repeats: int, labels: list[str]) -> str:
    med = statistics.median
    head = ["model", "size"]
    for label in labels:
        head += [f"{label} wall (s)"]
    head += ["peer wall (s)"] + [f"{label} wall ratio" for label in labels]
    head += [f"{label} CPU (s)" for label in labels] + ["peer CPU (s)"] + [f"{label} CPU ratio" for label in labels]
    lines = ["| " + " | ".join(head) + " |", "|---|" + "---:|" * (len(head) - 1)]

    def line(name: str, size: str, ours, peer, ours_cpu, peer_cpu, fails: str) -> str:
        cells = [name, size] + [f"{t:.3f}" for t in ours] + [f"{peer:.3f}"]
        cells += [fails or f"{t / peer:.1f}x" for t in ours]
        cells += [f"{c:.3f}" for c in ours_cpu] + [f"{peer_cpu:.3f}"]
        cells += [fails or f"{c / peer_cpu:.1f}x" for c in ours_cpu]
        return "| " + " | ".join(cells) + " |"

    for r in rows:
        fails = "" if not r.ours_error and not r.peer_error else ("peer fails" if r.peer_error else "ours fails")
        name = f"chain of {r.model.stem.split('-')[1]} ops" if r.chain else r.model.name
        lines.append(line(name, f"{r.model.stat().st_size / 1e3:.0f} kB" if not r.chain else "",
                          r.ours, r.peer, r.ours_cpu, r.peer_cpu, fails))
    good = [r for r in rows if not r.ours_error and not r.peer_error and not r.chain]
    if good:
        k = range(len(labels))
        cells = [f"**median, {len(good)} models**", ""]
        cells += [f"{med(r.ours[i] for r in good):.3f}" for i in k] + [f"{med(r.peer for r in good):.3f}"]
        cells += [f"**{med(r.ours[i] / r.peer for r in good):.1f}x**" for i in k]
        cells += [f"{med(r.ours_cpu[i] for r in good):.3f}" for i in k] + [f"{med(r.peer_cpu for r in good):.3f}"]
        cells += [f"**{med(r.ours_cpu[i] / r.peer_cpu for r in good):.1f}x**" for i in k]
        lines.append("| " + " | ".join(cells) + " |")
    lines.append(f"\nmedians of {repeats} interleaved runs each, whole process (start-up included), "
                 f"{os.cpu_count()} cores; peer: {PACKAGE} --text; CPU = user + system time of the process; "
                 "the median row's ratios are medians of the models' ratios")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
