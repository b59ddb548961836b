"""Start-up: what a `convert` process pays before it reads the model, step by step.

    python benchmarks/startup.py                           # this tree, 11 runs of each step
    python benchmarks/startup.py --ours before=../main --ours after=.   # two trees, interleaved
    python benchmarks/startup.py --model models/real/X.tflite
    python benchmarks/startup.py --ours dev=. --installed pip=/tmp/t/.venv/bin/python
                                  # the development venv against a `pip install .` of the same code

Each step is a fresh process, timed whole (wall and CPU), its runs interleaved with the
other trees' and the other steps' so that a busy machine slows them alike; medians:

    python        python -c pass
    numpy         python -c "import numpy" (with one BLAS thread, as the CLI sets it)
    + click       numpy and click, the CLI's library
    + tfl2quant   the modules `convert` imports before it reads a model
    convert       `python -m tfl2quant.cli convert MODEL -o FILE`: also the legalize families
                  the model needs, the conversion and the output (a small model: mostly start-up)
    peer          `tosa-converter-for-tflite MODEL --text -o FILE` (benchmarks/peer.py installs it)

The last column is the time inside dataclasses' class processing during the `+ tfl2quant` step
(tfl2quant/records.py), measured in a process of its own.

`--ours` runs a tree with this interpreter and the tree on PYTHONPATH; in the development venv,
`site` first imports the editable install's path finder. `--installed LABEL=PYTHON` runs the
interpreter of a venv where tfl2quant is installed (the README's `pip install .`), from a
temporary directory, as a user runs it.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from peer import PEER, _env as peer_env, _run  # noqa: E402  (benchmarks/ on the path first)

OURS_IMPORTS = "import numpy, click; import tfl2quant.cli, tfl2quant.pipeline"
DATACLASS_TIME = """
import time, dataclasses, numpy, click
process, spent = dataclasses._process_class, [0.0]
def timed(*a, **k):
    t = time.perf_counter()
    try:
        return process(*a, **k)
    finally:
        spent[0] += time.perf_counter() - t
dataclasses._process_class = timed
import tfl2quant.cli, tfl2quant.pipeline
print(spent[0])
"""


def _env(tree: Path | None) -> dict:
    """`tree` on PYTHONPATH; None: an installed tfl2quant, no PYTHONPATH."""
    env = dict(peer_env(tree or ROOT), OPENBLAS_NUM_THREADS="1")
    if tree is None:
        del env["PYTHONPATH"]
    return env


def _time(cmd: list[str], tree: Path | None, cwd: Path) -> tuple[float, float]:
    """Wall and CPU seconds of `cmd` run in `cwd` (peer.py's runner)."""
    seconds, cpu, rc, error = _run(cmd, _env(tree), cwd)
    if rc:
        sys.exit(f"failed: {' '.join(cmd)} (in {cwd}): {error}")
    return seconds, cpu


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("-n", type=int, default=11, help="runs of each step (medians)")
    p.add_argument("--ours", action="append", default=[], metavar="LABEL=TREE",
                   help="a tree of ours (repeatable; default: this one)")
    p.add_argument("--installed", action="append", default=[], metavar="LABEL=PYTHON",
                   help="the python of a venv with tfl2quant installed (repeatable)")
    p.add_argument("--model", type=Path, default=ROOT / "models" / "real" / "lstm.float32.tflite")
    args = p.parse_args()
    # (label, python, tree on PYTHONPATH or None for an installed tfl2quant)
    trees: list[tuple[str, str, Path | None]] = [
        (label, sys.executable, Path(tree).resolve()) for label, tree in (o.split("=", 1) for o in args.ours)]
    trees += [(label, python, None) for label, python in (o.split("=", 1) for o in args.installed)]
    trees = trees or [("ours", sys.executable, ROOT)]
    model = args.model.resolve()
    with tempfile.TemporaryDirectory() as tmp:
        out = str(Path(tmp) / "out.mlir")

        def steps_of(py: str) -> dict[str, list[str]]:
            return {"python": [py, "-c", "pass"], "numpy": [py, "-c", "import numpy"],
                    "+ click": [py, "-c", "import numpy, click"], "+ tfl2quant": [py, "-c", OURS_IMPORTS],
                    "convert": [py, "-m", "tfl2quant.cli", "convert", str(model), "-o", out]}

        steps = steps_of(sys.executable)
        runs = [(label, tree, tree or Path(tmp), step, cmd)
                for label, py, tree in trees for step, cmd in steps_of(py).items()]
        if PEER.exists():
            runs.append(("peer", ROOT, ROOT, "convert", [str(PEER), str(model), "--text", "-o", out]))
        times: dict = {}
        for label, tree, cwd, step, cmd in runs:  # warm-up: .pyc files, page cache
            _time(cmd, tree, cwd)
        for _ in range(args.n):
            for label, tree, cwd, step, cmd in runs:
                times.setdefault((label, step), []).append(_time(cmd, tree, cwd))
        spent = {label: float(subprocess.run([py, "-c", DATACLASS_TIME], env=_env(tree), cwd=tree or tmp,
                                             check=True, capture_output=True, text=True).stdout)
                 for label, py, tree in trees}
    print(f"{model.name}, medians of {args.n} interleaved runs (wall / CPU, ms)\n")
    print("| | " + " | ".join(steps) + " | dataclasses (ms) |")
    print("|---|" + "---:|" * (len(steps) + 1))
    for label, _, _ in trees:
        cells = [f"{1000 * statistics.median(w for w, _ in times[label, s]):.0f} / "
                 f"{1000 * statistics.median(c for _, c in times[label, s]):.0f}" for s in steps]
        print(f"| {label} | " + " | ".join(cells) + f" | {1000 * spent[label]:.0f} |")
    if ("peer", "convert") in times:
        w = statistics.median(x for x, _ in times["peer", "convert"])
        c = statistics.median(x for _, x in times["peer", "convert"])
        print(f"| peer | | | | | {1000 * w:.0f} / {1000 * c:.0f} | |")


if __name__ == "__main__":
    main()
