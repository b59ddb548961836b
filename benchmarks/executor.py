"""`check`'s numpy executor against TFLite's BUILTIN_REF `invoke`, on real models.

    python benchmarks/executor.py                          # models/real/*.int8.tflite
    python benchmarks/executor.py --models DIR_OR_FILE ... -n 5
    python benchmarks/executor.py --clock cpu              # CPU time of this process (a loaded machine)
    python benchmarks/executor.py --profile m.tflite       # cProfile of the executor on one model

For each model: the `final` stage is converted once, then the executor's
`run` of it and the reference interpreter's `invoke` (BUILTIN_REF kernels,
what `check` compares against) are each timed on the same inputs, interleaved,
`-n` times; the table gives the medians (in-process: neither start-up nor
conversion counts) and the ratio executor / invoke. A last column times a
whole `check` of the model in a fresh process.

The executor's first run plans the function and makes its kernels' caches (the
dropped round); a 16-bit chain's lookup table (kernels/fused.py) is made only
once that chain has run on 65,536 elements, so on a small int16 model the
later rounds get faster still: `-n` changes its median.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def measure(model: Path, repeats: int, clock=time.perf_counter) -> tuple[float, float]:
    from runtime_check.check import entry_function, litert, make_inputs
    from runtime_check.executor import Executor
    from tfl2quant.pipeline import convert

    module = convert(str(model), "final").module
    reference = litert.load(str(model))
    x = make_inputs(module, litert.inputs_of(reference), 0)
    executor = Executor(module)
    entry = entry_function(module)
    ours, theirs = [], []
    for _ in range(repeats + 2):  # the first two rounds warm caches (and compile bodies) and are dropped
        t = clock()
        executor.run(x, entry)
        ours.append(clock() - t)
        t = clock()
        litert.run(reference, x)
        theirs.append(clock() - t)
    return statistics.median(ours[2:]), statistics.median(theirs[2:])


def whole_check(model: Path) -> float:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tfl2quant.cli", "check", str(model)], env=env, cwd=ROOT,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


def profile(model: Path) -> None:
    import cProfile
    import pstats

    from runtime_check.check import entry_function, litert, make_inputs
    from runtime_check.executor import Executor
    from tfl2quant.pipeline import convert

    module = convert(str(model), "final").module
    x = make_inputs(module, litert.inputs_of(litert.load(str(model))), 0)
    executor = Executor(module)
    for _ in range(2):  # (the second run compiles the linalg.generic bodies: kernels/linalg_body.py)
        executor.run(x, entry_function(module))
    p = cProfile.Profile(time.process_time)  # CPU time: wall time charges other processes' turns to us
    p.runcall(executor.run, x, entry_function(module))
    pstats.Stats(p).sort_stats("tottime").print_stats(25)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--models", nargs="+", default=[str(ROOT / "models" / "real")])
    p.add_argument("-n", "--repeats", type=int, default=5)
    p.add_argument("--no-check", action="store_true", help="skip the whole-`check` column")
    p.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                   help="cpu: this process's CPU time, steadier when other processes share the cores "
                        "(set OPENBLAS_NUM_THREADS=1 so that it is one thread's, as BUILTIN_REF's is)")
    p.add_argument("--profile", type=Path, help="profile the executor on this model and stop")
    args = p.parse_args()
    if args.profile:
        profile(args.profile)
        return
    models = []
    for m in map(Path, args.models):
        models += sorted(m.glob("*.int8.tflite")) if m.is_dir() else [m]
    print("| model | executor (ms) | BUILTIN_REF invoke (ms) | ratio | whole `check` (s) |")
    print("|---|---:|---:|---:|---:|")
    ratios = []
    for model in models:
        ours, theirs = measure(model, args.repeats, time.process_time if args.clock == "cpu" else time.perf_counter)
        ratios.append(ours / theirs)
        check = "" if args.no_check else f"{whole_check(model):.1f}"
        print(f"| {model.name} | {ours * 1e3:.1f} | {theirs * 1e3:.1f} | {ours / theirs:.1f}x | {check} |", flush=True)
    print(f"| **median ratio** | | | **{statistics.median(ratios):.1f}x** | |")


if __name__ == "__main__":
    main()
