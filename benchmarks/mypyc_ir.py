"""What mypyc's native classes would give the IR's work, measured on a model of it.

    python benchmarks/mypyc_ir.py --mypyc VENV/bin/mypyc [-n 5] [--ops 5000]

benchmarks/mypyc_ir/ir.py models tfl2quant/ir/core.py's data model in the shape mypyc can
compile to native classes (the op's name a field, no op subclasses), and passes.py does what
the chain's passes do to it: build, verify, cse, print. Each variant runs in its own process
(with the Python beside the given mypyc, which the compiled modules are built for):

- interpreted: both modules as Python source, today's situation;
- slots: the same with `__slots__` on the IR's classes (no compiler);
- ir compiled: ir.py compiled, passes interpreted (compiling the IR core alone);
- all compiled: both compiled, as the IR and every module that reads it would have to be.

The variants' processes are interleaved (`-n` rounds, each process building the IR three
times), so that a machine whose speed drifts slows all alike; each phase's figure is the
median over all runs, CPU milliseconds.
"""
from __future__ import annotations

import argparse
import re
import statistics
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent / "mypyc_ir"
PHASES = ("build", "verify", "cse", "print", "total")

RUN = """
import gc, sys, time
import ir, passes
assert ir.__file__.endswith('.so') == {ir_compiled} and passes.__file__.endswith('.so') == {passes_compiled}
for _ in range(3):
    gc.collect()
    gc.set_threshold(50_000, 100, 10)  # as convert's fewer_collections
    t0 = time.process_time(); block = passes.build({ops}); t1 = time.process_time()
    passes.verify(block); t2 = time.process_time()
    passes.cse(block); t3 = time.process_time()
    passes.print_block(block); t4 = time.process_time()
    print(" ".join(f"{{k}}={{v * 1000:.3f}}" for k, v in zip({phases!r}, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t4 - t0))))
    del block
"""


def variant(root: Path, label: str, mypyc: Path, compiled: tuple[str, ...], slots: bool) -> Path:
    d = root / label
    d.mkdir()
    for name in ("ir.py", "passes.py"):
        shutil.copy(HERE / name, d / name)
    if slots:
        source = (d / "ir.py").read_text()
        for cls, fields in (("Value", '"type", "uses"'), ("OpResult(Value)", '"owner", "index"'),
                            ("Operation", '"name", "operands", "results", "attributes", "parent"'),
                            ("Block", '"ops",')):
            source = source.replace(f"class {cls}:\n", f"class {cls}:\n    __slots__ = ({fields})\n\n")
        (d / "ir.py").write_text(source)
    if compiled:
        done = subprocess.run([str(mypyc), *compiled], cwd=d, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"mypyc_ir.py: mypyc failed on {label}: {done.stdout[-500:]}{done.stderr[-500:]}")
    return d


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mypyc", type=Path, required=True, help="mypyc of a venv with mypy installed")
    ap.add_argument("-n", type=int, default=5, help="interleaved rounds (a process per variant each)")
    ap.add_argument("--ops", type=int, default=5000, help="TFLite ops' worth of IR")
    args = ap.parse_args()
    python = args.mypyc.parent / "python"
    variants = (("interpreted", ()), ("slots", ()), ("ir compiled", ("ir.py",)),
                ("all compiled", ("ir.py", "passes.py")))
    times: dict[str, dict[str, list[float]]] = {label: {p: [] for p in PHASES} for label, _ in variants}
    with tempfile.TemporaryDirectory() as tmp:
        runs = []
        for label, compiled in variants:
            d = variant(Path(tmp), label.replace(" ", "-"), args.mypyc, compiled, slots=label == "slots")
            code = RUN.format(ir_compiled="ir.py" in compiled, passes_compiled="passes.py" in compiled,
                              ops=args.ops, phases=PHASES)
            runs.append((label, d, code))
        for _ in range(args.n):
            for label, d, code in runs:
                out = subprocess.run([str(python), "-c", code], cwd=d, capture_output=True, text=True, check=True)
                for phase, ms in re.findall(r"(\w+)=([\d.]+)", out.stdout):
                    times[label][phase].append(float(ms))
    med = {label: {p: statistics.median(v) for p, v in t.items()} for label, t in times.items()}
    base = med["interpreted"]["total"]
    print(f"| {args.ops} TFLite ops, CPU ms | " + " | ".join(PHASES) + " | speed-up |")
    print("|---|" + "---:|" * (len(PHASES) + 1))
    for label, t in med.items():
        print(f"| {label} | " + " | ".join(f"{t[p]:.1f}" for p in PHASES) + f" | {base / t['total']:.2f}x |")


if __name__ == "__main__":
    main()
