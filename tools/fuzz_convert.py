"""Structure-aware fuzzing of `tfl2quant convert` at scale (the library is tools/structured_fuzz.py).

    python tools/fuzz_convert.py --seed 1 --count 20000 --jobs 8 --out /tmp/fuzz
    python tools/fuzz_convert.py --seed 0 --index 583 --out /tmp/fuzz    # one mutant again

Prints the counts per outcome and one row per distinct failure with a reproducer (seed/index);
with --out, writes each failing mutant as DIR/<kind>-<seed>-<index>.tflite (the IR iree-opt rejects
as .mlir beside it), the table as DIR/failures.txt and everything as DIR/summary.json. Exit 1 when
anything failed.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.structured_fuzz import (DEFAULT_MODELS, FAILURES, Result, classify, failure_table,  # noqa: E402
                                   mutant, run_campaign, signature, verify_results)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=1000, help="mutants to run (indices start..start+count-1)")
    parser.add_argument("--start", type=int, default=0, help="first mutant index")
    parser.add_argument("--index", type=int, default=None, help="run this one mutant only, in this process")
    parser.add_argument("--models", nargs="+", default=None,
                        help="model files or globs (default: models/*.tflite and some models/coverage/)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per conversion before 'hang'")
    parser.add_argument("--out", type=Path, default=None, help="directory for failing mutants and summary.json")
    args = parser.parse_args()

    models = DEFAULT_MODELS
    if args.models:
        models = sorted(Path(p) for pattern in args.models for p in (glob.glob(pattern) or [pattern]))
        missing = [str(p) for p in models if not p.is_file()]
        if missing:
            parser.error(f"no such model: {', '.join(missing)}")

    start = time.monotonic()
    if args.index is not None:
        mut = mutant(args.seed, args.index, models)
        results = [Result(args.seed, args.index, mut.model, mut.mutations, classify(mut.data, args.timeout))]
        verify_results(results)
        outcome = results[0].outcome
        print(f"{args.seed}/{args.index} {mut.model} {mut.mutations}\n{outcome.kind}: {outcome.message}")
        if outcome.where:
            print(outcome.where)
    else:
        def progress(done: int) -> None:
            if done % 500 == 0:
                print(f"  {done}/{args.count} classified ({time.monotonic() - start:.0f} s)", file=sys.stderr)

        results = run_campaign(args.seed, range(args.start, args.start + args.count), models, args.jobs,
                               args.timeout, progress=progress)
    table = failure_table(results)
    if args.index is None:
        print(table)
        print(f"{len(results)} mutants in {time.monotonic() - start:.1f} s")
    failures = [r for r in results if r.outcome.kind in FAILURES]
    if args.out:
        write(args.out, results, failures, models, table)
    return 1 if failures else 0


def write(out: Path, results: list[Result], failures: list[Result], models, table: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    for res in failures if len(results) > 1 else results:
        name = f"{res.outcome.kind}-{res.seed}-{res.index}.tflite"
        (out / name).write_bytes(mutant(res.seed, res.index, models).data)
        if res.outcome.kind == "invalid":  # the IR iree-opt rejected
            (out / name).with_suffix(".mlir").write_text(res.outcome.text)
        kind, exc, op, pattern = signature(res.outcome)
        rows.append({"file": name, "seed": res.seed, "index": res.index, "model": res.model,
                     "mutations": res.mutations, "kind": kind, "type": exc, "op": op, "pattern": pattern,
                     "message": res.outcome.message, "where": res.outcome.where})
    (out / "failures.txt").write_text(table + "\n")
    summary = {"models": [str(m) for m in models], "counts": Counter(res.outcome.kind for res in results),
               "failures": rows}
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(f"wrote {len(rows)} mutant(s), failures.txt and summary.json to {out}")


if __name__ == "__main__":
    sys.exit(main())
