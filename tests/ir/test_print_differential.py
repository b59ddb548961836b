"""`tfl2quant opt` prints what mlir-opt prints (issue 14): a differential test against iree-opt.

Every `// -----` chunk of tests/lit that iree-opt accepts (with --allow-unregistered-dialect;
chunks with expected-error are skipped), and the final IR of the models in models/, go through
iree-opt and through our parser and printer (no passes, as `tfl2quant opt IN.mlir`); the printed
texts must be equal, in the custom form and under --mlir-print-debuginfo. A difference fails the
test unless it is one of the documented ones below: a normalization for a difference of IREE's
MLIR version (NORMALIZE), or a chunk whose difference is a known, documented gap (KNOWN).
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tfl2quant.ir import core
from tfl2quant.ir.core import verify
from tfl2quant.ir.parser import parse_module
from tfl2quant.ir.printer import print_module

from ..conftest import iree_opt_path

ROOT = Path(__file__).resolve().parents[2]
IREE_OPT = iree_opt_path()  # the test extra installs it: never skipped
SPLIT = "\n// -----\n"

# Differences of IREE's MLIR version, normalized away on both sides (pattern, replacement, why).
NORMALIZE = [
    # IREE's TOSA formats (tosa.const `values(...)`, tosa.cast, the conv/pool ops after
    # acc_type) and its scf.for (`step %s  : i32`) print two spaces where upstream's
    # declarative formats print one; ours prints one.
    (re.compile(r"(?<=\S)  +(?=\S)"), " ", "IREE's TOSA and scf.for printers emit a double space"),
]

# Chunks whose difference is known and documented, by "file#chunk": why.
KNOWN = {
    "tests/lit/passes/inline.mlir#2": "cf.br: tfl2quant does not model the cf dialect, so it prints "
                                      "cf ops in the generic form (iree-opt has their custom form)",
    "tests/lit/passes/strip-func-quant-types.mlir#7": "cf.cond_br: the cf dialect is not modeled (as above)",
    "tests/lit/quant/quantile.mlir#4": "!quant.quantile is IREE's, not upstream MLIR's: IREE prints the "
                                       "storage range <0:1> of ui1 although it is the default; ours leaves "
                                       "a default range out, as upstream's !quant.uniform does",
    "tests/lit/legalize/lib/hybrid.mlir#2": "sub-channel scales: upstream prints them in the expressed type's "
                                        "semantics (1.17549435E-38), at times as hex or with digits its own "
                                        "parser (reading a double) rejects; ours prints the double's digits "
                                        "(quant/types.py, tests/dialects/test_quant_differential.py)",
    "tests/lit/quant/types.mlir#13": "ours aliases quantized types longer than 256 characters (!q0 = ...; "
                                     "printer.ALIAS_MIN_LENGTH, docs/decisions.md); upstream never aliases them",
}


def _blank_comments(text: str) -> str:
    """Comment lines become empty lines: FileCheck lines may hold `// -----`, and line numbers
    (locations under --mlir-print-debuginfo) stay."""
    return re.sub(r"(?m)^\s*//.*$", "", text)


def _chunks() -> list[tuple[str, str]]:
    out = []
    for path in sorted((ROOT / "tests/lit").rglob("*.mlir")):
        rel = path.relative_to(ROOT).as_posix()
        for k, chunk in enumerate(path.read_text().split(SPLIT)):
            if "expected-error" not in chunk:
                out.append((f"{rel}#{k}", _blank_comments(chunk)))
    return out


def _iree(text: str, *flags: str) -> str | None:
    p = subprocess.run([IREE_OPT, "--allow-unregistered-dialect", *flags, "-"], input=text,
                       capture_output=True, text=True)
    return p.stdout if p.returncode == 0 else None


def _iree_split(chunks: list[str], *flags: str) -> list[str | None]:
    """One iree-opt run for a file's chunks (a rejected chunk prints nothing between markers)."""
    p = subprocess.run([IREE_OPT, "--allow-unregistered-dialect", "--split-input-file", *flags, "-"],
                       input=SPLIT.join(chunks), capture_output=True, text=True)
    outs = re.split(r"(?m)^// -----\n", p.stdout)
    if len(outs) != len(chunks):
        return [_iree(c, *flags) for c in chunks]
    return [o if o.strip() else None for o in outs]


def _ours(text: str, debuginfo: bool = False) -> str:
    """Our printing; with debuginfo, also --mlir-print-local-scope (as on iree-opt's side)."""
    saved = core.ALLOW_UNREGISTERED["ops"]
    core.ALLOW_UNREGISTERED["ops"] = True
    try:
        module = parse_module(text, "<stdin>")
        verify(module)
        return print_module(module, debuginfo=debuginfo, local_scope=debuginfo)
    finally:
        core.ALLOW_UNREGISTERED["ops"] = saved


def _normalize(text: str) -> str:
    lines = []
    for line in text.strip().splitlines():
        indent = len(line) - len(line.lstrip(" "))
        body = line[indent:]
        for pattern, repl, _ in NORMALIZE:
            body = pattern.sub(repl, body)
        lines.append(" " * indent + body)
    return "\n".join(lines)


def _first_difference(theirs: str, ours: str) -> str:
    a, b = theirs.splitlines(), ours.splitlines()
    for k, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"line {k + 1}:\n  iree-opt: {x}\n  ours:     {y}"
    return f"lengths differ: iree-opt {len(a)} lines, ours {len(b)}"


def _compare(cases: list[tuple[str, str]], theirs: list[str | None], debuginfo: bool = False) -> tuple[int, list[str]]:
    compared, failures = 0, []
    for (name, text), t in zip(cases, theirs):
        if t is None:
            continue  # iree-opt rejects it (a tfl2quant-only form): nothing to compare
        compared += 1
        try:
            o = _ours(text, debuginfo)
        except Exception as e:  # noqa: BLE001 - a chunk iree-opt reads and we do not is a finding
            failures.append(f"{name}: iree-opt reads it, ours fails: {e}")
            continue
        t, o = _normalize(t), _normalize(o)
        if t != o and name not in KNOWN:
            failures.append(f"{name}: {_first_difference(t, o)}")
        elif t == o and name in KNOWN:
            failures.append(f"{name}: listed in KNOWN but prints the same now: drop it from the list")
    return compared, failures


def test_lit_chunks_print_as_iree_opt_prints_them():
    cases = _chunks()
    by_file: dict[str, list[int]] = {}
    for k, (name, _) in enumerate(cases):
        by_file.setdefault(name.split("#")[0], []).append(k)
    theirs: list[str | None] = [None] * len(cases)
    for idx in by_file.values():
        for k, out in zip(idx, _iree_split([cases[k][1] for k in idx])):
            theirs[k] = out
    compared, failures = _compare(cases, theirs)
    assert compared > 300, f"only {compared} chunks compared"
    assert not failures, f"{len(failures)} of {compared} chunks print differently:\n" + "\n".join(failures)


def test_debuginfo_prints_as_iree_opt_with_local_scope():
    """--mlir-print-debuginfo: every op's location, `loc(unknown)` included, and the locations
    of the block arguments a function or block label spells. iree-opt hoists locations into
    `#loc` aliases; with --mlir-print-local-scope it prints them in place, as ours does (the
    aliases are not done: see docs/decisions.md). One iree-opt run per chunk: with
    --split-input-file, its locations count lines from the start of the whole file."""
    cases = [(n, t) for n, t in _chunks() if n.startswith(("tests/lit/print/", "tests/lit/parse/",
                                                             "tests/lit/passes/"))]
    theirs = [_iree(t, "--mlir-print-debuginfo", "--mlir-print-local-scope") for _, t in cases]
    compared, failures = _compare(cases, theirs, debuginfo=True)
    assert compared > 20, f"only {compared} chunks compared"
    assert not failures, f"{len(failures)} of {compared} chunks print differently:\n" + "\n".join(failures)


MODELS = sorted((ROOT / "models").glob("*.tflite"))


@pytest.mark.parametrize("model", MODELS[::4], ids=lambda p: p.stem)
def test_final_ir_of_models_prints_as_iree_opt_prints_it(model):
    """The final IR of a sample of models/ (every fourth), printed by us and re-printed by iree-opt."""
    from tfl2quant.pipeline import convert
    text = print_module(convert(str(model)).module)
    theirs = _iree(text)
    assert theirs is not None, "iree-opt rejects our final IR"
    t, o = _normalize(theirs), _normalize(_ours(text))
    assert t == o, _first_difference(t, o)
