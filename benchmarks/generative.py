"""A generative model at a realistic size: `convert` against the C++ peer (time, peak memory),
then `check` with its decode loop.

    python benchmarks/generative.py                  # every tinyllama-large variant built
    python benchmarks/generative.py -n 3 --skip 'peer text'
    python benchmarks/generative.py --model FILE.tflite --no-check

The models are litert-torch generative exports of TinyLlama-1.1B's configuration with 4 of its
22 layers (about 300M parameters; prefill_128 and decode signatures, an external KV cache of
1,024), made without downloads by

    python models/make_exporter_models.py --large-llm --only 'litert-torch-generative/tinyllama-large.*'

into build/exporter-models/litert-torch-generative/ (models/exporters/README.md: the two
virtualenvs it needs). Each model goes through benchmarks/big_model.py's rows (ours text, ours
bytecode, peer bytecode, peer text: wall time, CPU, peak RSS from wait4, RSS / file size), then,
unless --no-check, one `tfl2quant check` (every signature; with `--decode-steps 8` where check
has that option: prefill, then 8 decode steps feeding the KV cache back), timed as a whole.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LARGE = ROOT / "build" / "exporter-models" / "litert-torch-generative"
BUILD = "python models/make_exporter_models.py --large-llm --only 'litert-torch-generative/tinyllama-large.*'"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--model", type=Path, nargs="*", help="these files instead of the tinyllama-large ones")
    p.add_argument("-n", "--repeat", type=int, default=1, help="interleaved runs of each convert row (medians)")
    p.add_argument("--skip", nargs="*", default=[], help="convert rows to skip, e.g. 'peer text'")
    p.add_argument("--no-check", action="store_true", help="only the convert rows")
    p.add_argument("--decode-steps", type=int, default=8)
    args = p.parse_args()
    models = args.model or sorted(LARGE.glob("tinyllama-large.*.tflite"))
    if not models:
        print(f"no model in {LARGE}: build them with\n    {BUILD}", file=sys.stderr)
        return 2
    for model in models:
        print(f"## {model.name}: {model.stat().st_size / 1e6:.0f} MB\n", flush=True)
        subprocess.run([sys.executable, str(ROOT / "benchmarks" / "big_model.py"), "--model", str(model), "--keep",
                        "-n", str(args.repeat), "--skip", *args.skip], check=False, cwd=ROOT)
        if args.no_check:
            continue
        help_text = subprocess.run([sys.executable, "-m", "tfl2quant.cli", "check", "--help"], capture_output=True,
                                   text=True, cwd=ROOT).stdout
        loop = ["--decode-steps", str(args.decode_steps)] if "--decode-steps" in help_text else []
        start = time.perf_counter()
        r = subprocess.run([sys.executable, "-m", "tfl2quant.cli", "check", str(model), *loop], capture_output=True,
                           text=True, cwd=ROOT)
        verdict = (r.stdout.strip().splitlines() or ["(no output)"])[-1]
        print(f"\ncheck {' '.join(loop)}: {time.perf_counter() - start:.0f} s, exit {r.returncode}, {verdict}\n",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
