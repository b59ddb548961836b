#!/usr/bin/env python3
"""Upstream MLIR's quant dialect tests, run against `tfl2quant opt` as a drop-in for mlir-opt.

The tests are llvm-project's mlir/test/Dialect/Quant/*.mlir (and Bytecode/*.mlir); they are not part
of this repository, so the directory holding them is an argument. Each file runs under lit twice,
from a scratch copy, with the RUN lines untouched and lit substitutions doing the translation:

    mlir-opt   -> python -m tfl2quant.cli opt      (same flags)
    FileCheck  -> filecheck                        (the PyPI port, from this Python's environment)

once as a whole (the file's verdict) and once per `// -----` case (a file of the case's text under
the file's RUN lines; a file without split markers is one case). The report gives both, per file:

    python tools/upstream_quant_tests.py DIR            # table of files and cases
    python tools/upstream_quant_tests.py DIR --failures # also each failing case's lit output
    python tools/upstream_quant_tests.py DIR --json out.json

Files in NOT_OURS still run, but their verdict is reported as NOT OURS with the reason and kept
out of the pass figures: they test passes of other dialects, which `opt` does not claim.
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPLIT = "// -----"

# Upstream files whose RUN lines need passes tfl2quant does not model (not quant's): why, by file.
NOT_OURS = {
    "lower-quant-ops-to-dps.mlir": "needs linalg's -linalg-convert-to-dps and -linalg-specialize-generic-ops",
}

LIT_CFG = """\
import lit.formats
config.name = "upstream-quant"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = {root!r}
config.environment["PATH"] = {path!r}
config.environment["PYTHONPATH"] = {pythonpath!r}
# Word-bounded, so that flags such as --mlir-print-op-generic stay as they are.
config.substitutions.append((r"\\bmlir-opt\\b", {opt!r}))
config.substitutions.append((r"\\bFileCheck\\b", "filecheck"))
"""


def cases_of(text: str) -> list[str]:
    """The file's `// -----` cases, each under the file's RUN lines (line numbers of a case shift,
    but `expected-error@+N` and CHECK lines are relative to their own lines)."""
    lines = text.splitlines()
    run = [ln for ln in lines if "RUN:" in ln]
    chunks, cur = [], []
    for ln in lines:
        if ln.strip() == SPLIT:
            chunks.append(cur)
            cur = []
        else:
            cur.append(ln)
    chunks.append(cur)
    if len(chunks) == 1:
        return [text]
    bodies = [[ln for ln in c if "RUN:" not in ln] for c in chunks]
    # A leading chunk with nothing but comments (the RUN lines) is no case.
    bodies = [b for i, b in enumerate(bodies)
              if i > 0 or any(ln.strip() and not ln.strip().startswith("//") for ln in b)]
    return ["\n".join(run + [""] + b) + "\n" for b in bodies]


def run_lit(tmp: Path) -> dict[str, tuple[str, str]]:
    """lit's verdict and output per test file (path relative to tmp)."""
    lit = Path(sys.executable).parent / "lit"
    r = subprocess.run([str(lit), "-v", "--no-progress-bar", "-j", "2", str(tmp)],
                       capture_output=True, text=True)
    verdicts: dict[str, tuple[str, str]] = {}
    current = None
    buf: list[str] = []
    for ln in r.stdout.splitlines():
        m = re.match(r"^(PASS|FAIL|XFAIL|XPASS|UNRESOLVED|UNSUPPORTED): upstream-quant :: (.*) \(", ln)
        if m:
            if current:
                verdicts[current] = (verdicts[current][0], "\n".join(buf))
            current = m.group(2)
            verdicts[current] = (m.group(1), "")
            buf = []
        elif current:
            buf.append(ln)
    if current:
        verdicts[current] = (verdicts[current][0], "\n".join(buf))
    return verdicts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("directory", type=Path, help="llvm-project's mlir/test/Dialect/Quant")
    ap.add_argument("--failures", action="store_true", help="print each failing case's lit output")
    ap.add_argument("--json", dest="json_file", default=None, help="write the figures as JSON")
    ap.add_argument("-k", dest="only", default=None, help="only files whose name contains this")
    args = ap.parse_args(argv)

    sources = sorted(p for p in args.directory.rglob("*.mlir") if "Output" not in p.parts)
    if args.only:
        sources = [p for p in sources if args.only in str(p)]
    if not sources:
        print(f"error: no .mlir files under {args.directory}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="upstream-quant-") as d:
        tmp = Path(d)
        env_path = str(Path(sys.executable).parent) + ":/usr/bin:/bin"
        (tmp / "lit.cfg.py").write_text(LIT_CFG.format(
            root=str(tmp), path=env_path, pythonpath=str(ROOT),
            opt=f"{sys.executable} -m tfl2quant.cli opt"))
        names: dict[str, list[str]] = {}
        for src in sources:
            rel = src.relative_to(args.directory).as_posix()
            text = src.read_text()
            whole = tmp / "files" / rel
            whole.parent.mkdir(parents=True, exist_ok=True)
            whole.write_text(text)
            names[rel] = []
            for i, case in enumerate(cases_of(text)):
                p = tmp / "cases" / f"{rel[:-5]}.case{i:03d}.mlir"
                p.parent.mkdir(parents=True, exist_ok=True)
                p.write_text(case)
                names[rel].append(p.relative_to(tmp).as_posix())
        verdicts = run_lit(tmp)

    report = {"files": {}, "totals": {}, "not_ours": {}}
    n_files = n_files_ok = n_cases = n_cases_ok = 0
    print(f"{'file':44} {'file':>5} {'cases':>9}")
    for rel, case_names in names.items():
        file_ok = verdicts.get(f"files/{rel}", ("MISSING", ""))[0] == "PASS"
        results = [verdicts.get(c, ("MISSING", ""))[0] == "PASS" for c in case_names]
        if rel in NOT_OURS:
            report["not_ours"][rel] = {"reason": NOT_OURS[rel], "pass": file_ok, "cases": len(results)}
            print(f"{rel:44} {'NOT OURS':>9}      {NOT_OURS[rel]}")
            continue
        n_files += 1
        n_files_ok += file_ok
        n_cases += len(results)
        n_cases_ok += sum(results)
        failing = [i for i, ok in enumerate(results) if not ok]
        report["files"][rel] = {"pass": file_ok, "cases": len(results), "cases_passing": sum(results),
                                "failing_cases": failing}
        print(f"{rel:44} {'PASS' if file_ok else 'FAIL':>5} {sum(results):>4}/{len(results):<4}"
              + (f" failing: {failing}" if failing else ""))
        if args.failures:
            for i in failing:
                print(f"--- {rel} case {i}:")
                print(verdicts.get(case_names[i], ("", "(no lit output)"))[1][-3000:])
    report["totals"] = {"files": n_files, "files_passing": n_files_ok,
                        "cases": n_cases, "cases_passing": n_cases_ok}
    print(f"files passing: {n_files_ok}/{n_files}; cases passing: {n_cases_ok}/{n_cases}"
          + (f" (not counted, needing other dialects' passes: {len(report['not_ours'])} file(s))"
             if report["not_ours"] else ""))
    if args.json_file:
        Path(args.json_file).write_text(json.dumps(report, indent=1))
    return 0 if n_cases_ok == n_cases else 1


if __name__ == "__main__":
    sys.exit(main())
