#!/usr/bin/env python3
"""`check` every real-architecture model of models/real/manifest.json, large ones too.

The small models are in models/real/ (tests/models/test_real_models.py checks the
statically quantized ones in CI); the large ones are rebuilt into
build/real-models/ by models/make_real_models.py. One markdown row per model:
how its ops were handled, the largest end-to-end difference from TFLite's
BUILTIN_REF outputs (in storage steps for quantized outputs) and the verdict.

    python tools/check_real_models.py                       # every model found
    python tools/check_real_models.py --modes int8 int16x8  # only these modes
    python tools/check_real_models.py --large-dir DIR       # where the large ones are
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from runtime_check.check import check_model  # noqa: E402
from tfl2quant.errors import Tfl2QuantError  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modes", nargs="*", help="quantization modes to check (default: all)")
    parser.add_argument("--large-dir", type=Path, default=ROOT / "build" / "real-models")
    args = parser.parse_args()
    manifest = json.loads((ROOT / "models" / "real" / "manifest.json").read_text())["models"]
    print("| model | ops: integer / fallback / float / unlowered | end to end: max diff | exact | verdict | s |")
    print("|---|---|---|---|---|---|")
    failures = 0
    for m in manifest:
        if m.get("status") != "ok" or (args.modes and m["mode"] not in args.modes):
            continue
        path = (ROOT / "models" / "real" if m["where"] == "real" else args.large_dir) / m["file"]
        if not path.exists():
            print(f"| {m['file']} | not built (run models/make_real_models.py) | | | | |", flush=True)
            continue
        start = time.time()
        try:
            r = check_model(str(path), seed=0)
        except Tfl2QuantError as e:
            print(f"| {m['file']} | error: {e} | | | FAIL | |", flush=True)
            failures += 1
            continue
        ops = " / ".join(str(r.ops[k]) for k in ("integer", "fallback", "float", "unlowered"))
        diff = max((o.max_abs_diff for o in r.outputs), default=0.0)
        exact = all(o.exact_fraction == 1.0 for o in r.outputs) and bool(r.outputs)
        verdict = r.verdict + (": " + r.error if r.error else "")
        failures += not r.passed
        print(f"| {m['file']} | {ops} | {diff:g} | {'yes' if exact else 'no'} | {verdict} | "
              f"{time.time() - start:.0f} |", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
