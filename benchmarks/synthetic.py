"""Convert throughput on a synthetic model with many ops: is the cost linear in op count?

    python benchmarks/synthetic.py                 # 20,000 ops, whole `convert` process
    python benchmarks/synthetic.py --ops 5000 10000 20000   # several sizes: ops/s should stay flat
    python benchmarks/synthetic.py --profile out.prof       # cProfile of one in-process convert
    python benchmarks/synthetic.py --timing                 # and convert's --mlir-timing report
    python benchmarks/synthetic.py --timing --cpu-clock     # the report in CPU seconds (a shared machine)
    python benchmarks/synthetic.py --ops 5000 --timing --cpu-clock -n 5 --ours before=TREE --ours after=.
                                        # each phase's median of 5 interleaved runs per tree, as one table

The model is one chain of small int8 ops cycling through FULLY_CONNECTED
(per-channel weights), ADD (two operands with different scales: the general
rescaling kernel), MUL and RELU, 16 channels wide, so that per-op work
(import, verification, legalization, the passes, printing) dominates and the
weights do not. It is written to a temporary directory, never into the repo.
Each size runs `python -m tfl2quant.cli convert MODEL -o OUT` in a fresh
process (start-up included) and reports TFLite ops per second.
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

WIDTH = 16
CYCLE = ("FULLY_CONNECTED", "ADD", "MUL", "RELU")


def make_model(path: Path, ops: int) -> None:
    from ai_edge_litert import schema_py_generated as schema

    from tools.tflite_builder import ModelBuilder, per_axis, per_tensor

    rng = np.random.default_rng(0)
    m = ModelBuilder()
    g = m.subgraph()
    shape = [1, WIDTH]
    x = g.input("x", shape, "INT8", quant=per_tensor(0.05, 0))
    w = g.const("w", rng.integers(-127, 128, (WIDTH, WIDTH), dtype=np.int8),
                quant=per_axis(np.full(WIDTH, 0.01, np.float32), axis=0))
    b = g.const("b", np.zeros(WIDTH, np.int32), quant=per_axis(np.full(WIDTH, 5e-4), axis=0))
    c = g.const("c", rng.integers(-127, 128, shape, dtype=np.int8), quant=per_tensor(0.03, 2))
    for k in range(ops):
        kind = CYCLE[k % len(CYCLE)]
        y = g.tensor(f"t{k}", shape, "INT8", quant=per_tensor(0.05 + 0.01 * (k % 3), k % 5 - 2))
        if kind == "FULLY_CONNECTED":
            g.op(kind, [x, w, b], [y], schema.FullyConnectedOptionsT())
        elif kind == "ADD":
            g.op(kind, [x, c], [y], schema.AddOptionsT())
        elif kind == "MUL":
            g.op(kind, [x, c], [y], schema.MulOptionsT())
        else:
            g.op(kind, [x], [y])
        x = y
    g.output(x)
    path.write_bytes(m.build())


# `convert` with --mlir-timing's clock (tfl2quant/timing.py reads time.perf_counter) set to the
# process's CPU time: on a machine shared with other work, wall time per phase measures the others
CPU_CLOCK = "import time; time.perf_counter = time.process_time\nfrom tfl2quant.cli import main; main()"


def convert_process(model: Path, out: Path, timing: bool = False, cpu_clock: bool = False,
                    tree: Path = ROOT) -> tuple[float, str]:
    """Seconds of the whole process, and its stderr (the --mlir-timing report). It runs in `tree`
    (`python -m` and `-c` put the working directory ahead of PYTHONPATH)."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    t = time.perf_counter()
    start = ["-c", CPU_CLOCK] if cpu_clock else ["-m", "tfl2quant.cli"]
    p = subprocess.run([sys.executable, *start, "convert", str(model), "-o", str(out),
                        *(["--mlir-timing"] if timing else [])], check=True, env=env, cwd=tree,
                       stderr=subprocess.PIPE, text=True)
    return time.perf_counter() - t, p.stderr


def phases(report: str) -> dict[str, float]:
    """The --mlir-timing report's lines as {name: seconds}; a name met again (convert's second
    canonicalize and cse) gets " (2)"."""
    out: dict[str, float] = {}
    for line in report.splitlines():
        m = re.match(r"\s*([\d.]+) \(\s*[\d.]+%\)\s+(\S.*)$", line)
        if m:
            name = m.group(2).strip()
            out[name if name not in out else f"{name} (2)"] = float(m.group(1))
    return out


def compare_trees(model: Path, out: Path, trees: list[tuple[str, Path]], runs: int, cpu_clock: bool) -> str:
    """Each phase's median over `runs` interleaved --mlir-timing runs per tree, as a Markdown table."""
    for _, tree in trees:  # warm-up: .pyc files, page cache
        convert_process(model, out, True, cpu_clock, tree)
    seen: dict[str, dict[str, list[float]]] = {label: {} for label, _ in trees}
    whole: dict[str, list[float]] = {label: [] for label, _ in trees}
    for _ in range(runs):
        for label, tree in trees:
            seconds, report = convert_process(model, out, True, cpu_clock, tree)
            whole[label].append(seconds)
            for name, t in phases(report).items():
                seen[label].setdefault(name, []).append(t)
    names = list(seen[trees[0][0]])
    med = statistics.median
    clock = "CPU" if cpu_clock else "wall"
    lines = ["| phase | " + " | ".join(f"{label} {clock} (s)" for label, _ in trees) + " |",
             "|---|" + "---:|" * len(trees)]
    for name in names:
        lines.append(f"| {name} | " + " | ".join(f"{med(seen[label].get(name, [0.0])):.3f}" for label, _ in trees) + " |")
    lines.append("| whole process, wall | " + " | ".join(f"{med(whole[label]):.3f}" for label, _ in trees) + " |")
    return "\n".join(lines)


def profile(model: Path, out: Path) -> None:
    import cProfile
    import pstats

    from tfl2quant.ir.printer import print_module
    from tfl2quant.pipeline import convert

    def run():
        with open(os.devnull, "w") as f:
            print_module(convert(str(model)).module, f)

    cProfile.runctx("run()", globals(), locals(), str(out))
    pstats.Stats(str(out)).sort_stats("cumulative").print_stats(40)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--ops", type=int, nargs="+", default=[20000])
    p.add_argument("--profile", type=Path, help="cProfile one in-process convert (the largest size) here")
    p.add_argument("--timing", action="store_true",
                   help="print convert's --mlir-timing report of each timed run (time per phase and pass)")
    p.add_argument("--cpu-clock", action="store_true", help="the --timing report in CPU seconds, not wall")
    p.add_argument("--ours", action="append", default=[], metavar="LABEL=TREE",
                   help="with --timing: trees of ours to compare, phase by phase (repeatable)")
    p.add_argument("-n", type=int, default=5, help="with --ours: interleaved runs per tree (medians)")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.ops:
            model = Path(tmp) / f"chain-{n}.tflite"
            make_model(model, n)
            out = Path(tmp) / "out.mlir"
            if args.ours:
                trees = [(label, Path(tree).resolve()) for label, tree in (o.split("=", 1) for o in args.ours)]
                print(f"chain of {n} ops, medians of {args.n} interleaved runs per tree\n")
                print(compare_trees(model, out, trees, args.n, args.cpu_clock))
                continue
            convert_process(model, out)  # warm-up: .pyc files, page cache
            seconds, report = convert_process(model, out, args.timing, args.cpu_clock)
            print(f"{n:>6} ops: {seconds:6.2f} s whole process, {n / seconds:8.0f} TFLite ops/s, "
                  f"{out.stat().st_size / 1e6:.1f} MB of MLIR")
            print(report, end="")
        if args.profile:
            profile(model, args.profile)


if __name__ == "__main__":
    main()
