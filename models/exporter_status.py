#!/usr/bin/env python3
"""Where tfl2quant stands on the exporter corpus: per model `tfl2quant check --backend iree`
(convert, every stage and TFLite, and the final IR compiled by iree-compile and run), per
exporter and variant the counts a user asks for: converted, left only core dialects, PASS,
IREE agreeing with our executor (check's stages agree, IREE's outputs among them).

    .venv/bin/python models/exporter_status.py [--only PATTERN ...] [--skip PATTERN ...] [--out DIR]

The models are those of models/exporters/manifest.json (committed and large; build the large
ones with models/make_exporter_models.py first: a missing file is counted as missing). Results
are cached per file content in OUT/cache.json; the tables go to OUT/status.md.
"""
from __future__ import annotations

import argparse
import fnmatch
import hashlib
import json
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MANIFEST = HERE / "exporters" / "manifest.json"
TOOL = Path(sys.executable).parent / "tfl2quant"
TIMEOUT = 900
# ops of the dialects that must not remain in the final IR, in the custom or the generic form
# (the module's `tfl.description` and `tfl.metadata` attributes are no ops)
LEFT = re.compile(r'(?:^\s*|= )"?((?:tfl|quant)\.[a-z_0-9]+)"?[ (]', re.M)


def measure(path: Path) -> dict:
    """One `check --backend iree` (and the final IR's dialects from `convert`)."""
    out: dict = {}
    start = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        js, ir = Path(tmp) / "check.json", Path(tmp) / "final.mlir"
        try:
            conv = subprocess.run([str(TOOL), "convert", str(path), "-o", str(ir)], capture_output=True, text=True,
                                  timeout=TIMEOUT)
            out["converted"] = conv.returncode == 0
            out["convert_error"] = conv.stderr.strip().splitlines()[-1] if conv.returncode else ""
            out["left"] = sorted(set(LEFT.findall(ir.read_text()))) if ir.exists() else []
            out["core_only"] = out["converted"] and not out["left"]
            r = subprocess.run([str(TOOL), "check", str(path), "--backend", "iree", "--json", str(js)],
                               capture_output=True, text=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            return {**out, "verdict": "TIMEOUT", "seconds": round(time.time() - start, 1)}
        out["exit"] = r.returncode
        if js.exists():
            d = json.loads(js.read_text())
            out["verdict"] = d.get("verdict")
            out["reference_why"] = d.get("reference_why")
            stages = d.get("stages", {})
            iree, final = stages.get("iree") or [], stages.get("final") or []
            out["iree_ran"] = bool(iree)
            out["stages_agree"] = bool(d.get("stages_agree"))  # IREE's outputs among the stages compared
            out["iree_passed"] = bool(iree) and all(o.get("passed") for o in iree)
            out["final_passed"] = bool(final) and all(o.get("passed") for o in final)
            out["iree_error"] = d.get("iree_error") or ""
        else:
            out["verdict"] = "ERROR"
            out["error"] = (r.stderr.strip().splitlines() or [""])[-1]
    out["seconds"] = round(time.time() - start, 1)
    return out


def _leftover(path: Path) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        ir = Path(tmp) / "final.mlir"
        r = subprocess.run([str(TOOL), "convert", str(path), "-o", str(ir)], capture_output=True, timeout=TIMEOUT)
        left = sorted(set(LEFT.findall(ir.read_text()))) if ir.exists() else []
        return {"converted": r.returncode == 0, "left": left, "core_only": r.returncode == 0 and not left}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--only", nargs="*", metavar="PATTERN", help="shell patterns over <exporter>/<net>.<variant>")
    p.add_argument("--committed", action="store_true", help="only the files committed under models/exporters")
    p.add_argument("--cached", action="store_true", help="tabulate what was measured, measure nothing")
    p.add_argument("--skip", nargs="*", default=[], metavar="PATTERN", help="leave these out")
    p.add_argument("--out", type=Path, default=ROOT / "build" / "exporter-status")
    args = p.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    cache_file = args.out / "cache.json"
    cache = json.loads(cache_file.read_text()) if cache_file.exists() else {}
    rows = []
    for m in json.loads(MANIFEST.read_text())["models"]:
        if m.get("status") != "ok":
            continue
        name = f"{m['exporter']}/{m['net']}.{m['variant']}"
        if args.only and not any(fnmatch.fnmatchcase(name, pat) for pat in args.only) or \
                any(fnmatch.fnmatchcase(name, pat) for pat in args.skip):
            continue
        path = ROOT / m["path"]
        if args.committed and not m["path"].startswith("models/"):
            continue
        if not path.exists():
            rows.append((m, {"verdict": "MISSING"}))
            continue
        key = hashlib.sha256(path.read_bytes()).hexdigest()
        if key in cache and "left" not in cache[key]:  # measured before the op scan: convert again
            cache[key].update(_leftover(path))
            cache_file.write_text(json.dumps(cache, indent=1))
        if key not in cache and args.cached:
            continue
        if key not in cache:
            cache[key] = measure(path)
            cache_file.write_text(json.dumps(cache, indent=1))
            r = cache[key]
            print(f"{name:<58} {r.get('verdict')!s:<18} iree {'ok' if r.get('iree_passed') else '-'} "
                  f"{r['seconds']:.0f}s", flush=True)
        rows.append((m, cache[key]))
    (args.out / "status.md").write_text(table(rows))
    print(table(rows))
    return 0


def table(rows) -> str:
    groups: dict[tuple, Counter] = defaultdict(Counter)
    for m, r in rows:
        c = groups[(m["exporter"], m["variant"])]
        c["models"] += 1
        c["converted"] += bool(r.get("converted"))
        c["core-only"] += bool(r.get("core_only"))
        c[r.get("verdict") or "ERROR"] += 1
        c["IREE ran"] += bool(r.get("iree_ran"))
        c["IREE agrees"] += bool(r.get("iree_ran") and r.get("stages_agree"))
        c["IREE PASS"] += bool(r.get("iree_passed"))
    verdicts = ["PASS", "PASS (per layer)", "PASS (float noise)", "NOT COMPARED", "FAIL", "ERROR", "TIMEOUT",
                "MISSING"]
    cols = ["models", "converted", "core-only", *verdicts, "IREE ran", "IREE agrees", "IREE PASS"]
    lines = ["| exporter | variant | " + " | ".join(cols) + " |", "|---|---|" + "---|" * len(cols)]
    total: Counter = Counter()
    for (exporter, variant), c in sorted(groups.items()):
        total.update(c)
        lines.append(f"| {exporter} | {variant} | " + " | ".join(str(c.get(k, 0)) for k in cols) + " |")
    lines.append("| all | | " + " | ".join(str(total.get(k, 0)) for k in cols) + " |")
    off = [f"- `{m['exporter']}/{m['net']}.{m['variant']}`: {r.get('verdict')}"
           + (f" ({r['reference_why'][:200]})" if r.get("reference_why") else "")
           + ("; IREE differs from our stages" if r.get("iree_ran") and not r.get("stages_agree") else "")
           + (f"; {r.get('error') or r.get('convert_error')}" if r.get("error") or r.get("convert_error") else "")
           for m, r in rows if r.get("verdict") != "PASS" or not (r.get("iree_ran") and r.get("stages_agree"))]
    return ("\n".join(lines) + "\n\nNot PASS, or IREE did not run or does not agree with our stages:\n\n"
            + ("\n".join(off) or "none") + "\n")


if __name__ == "__main__":
    sys.exit(main())
