"""mlir-opt's `--split-input-file` and `--verify-diagnostics` for `tfl2quant opt`.

A file splits on lines that are exactly `// -----`; each chunk keeps its
original line numbers. With diagnostics verification, comments such as

    // expected-error @+1 {{redefinition of SSA value}}

say which errors must be produced: an error matches an expectation when it
is on the expected line of the same file and contains the expected text.
Errors nobody expected and expectations nobody met are reported the way
mlir-opt reports them, and make the run fail.
"""
from __future__ import annotations

import re
import sys
from typing import Callable, TextIO

from ..errors import Tfl2QuantError
from ..records import dataclass
from .core import Operation, verify
from .diagnostic_engine import Diagnostic, capture
from .location import FileLineColLoc
from .parser import parse_module

SPLIT_MARKER = "// -----"

_EXPECTED = re.compile(
    r"expected-(?P<kind>error|warning|note|remark)"
    r" *(?:@(?P<where>[+-][0-9]+|above|below|unknown))? *\{\{(?P<message>.*?)\}\}")
_WHERE = re.compile(r"^(?P<file>.*):(?P<line>[0-9]+):(?P<col>[0-9]+)$")


@dataclass
class Expectation:
    kind: str
    message: str
    line: int | None  # None: an error without a file location (`@unknown`)
    where: str        # of the comment itself, for "was not produced"
    matched: bool = False


@dataclass
class Chunk:
    text: str
    first_line: int


def split_input(text: str, split: bool) -> list[Chunk]:
    """The chunks between `// -----` lines (the whole text if not `split`)."""
    if not split:
        return [Chunk(text, 1)]
    chunks, current, start = [], [], 1
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        if line.rstrip("\r\n") == SPLIT_MARKER:
            chunks.append(Chunk("".join(current), start))
            current, start = [], number + 1
        else:
            current.append(line)
    chunks.append(Chunk("".join(current), start))
    return chunks


def parse_expectations(chunk: Chunk, filename: str) -> list[Expectation]:
    """The `expected-*` comments of a chunk, with the line each one designates."""
    lines = chunk.text.splitlines()
    found = []
    for k, line in enumerate(lines):
        number = chunk.first_line + k
        for m in _EXPECTED.finditer(line):
            where = m.group("where")
            target: int | None = number
            if where == "unknown":
                target = None
            elif where in ("above", "below"):
                target = _nearest_plain_line(lines, k, -1 if where == "above" else 1, chunk.first_line)
            elif where is not None:
                target = number + int(where)
            found.append(Expectation(m.group("kind"), m.group("message"), target,
                                     f"{filename}:{number}:{m.start() + 1}"))
    return found


def _nearest_plain_line(lines: list[str], k: int, step: int, first_line: int) -> int:
    """The next line above/below line `k` that holds no expectation (MLIR's rule)."""
    j = k + step
    while 0 <= j < len(lines) and _EXPECTED.search(lines[j]):
        j += step
    return first_line + j


def run_split(text: str, filename: str, split: bool, verify_diagnostics: bool,
              process: Callable[[Operation], str], diagnostics: TextIO | None = None) -> tuple[str, bool]:
    """Parse, verify and `process` each chunk; return the joined outputs and success.

    Errors (and, with `verify_diagnostics`, mismatches against the
    expectations) are written to `diagnostics` (default stderr) as
    `file:line:col: error: message` lines.
    """
    diagnostics = diagnostics or sys.stderr
    outputs = []
    ok = True
    for chunk in split_input(text, split):
        output, error, emitted = _run_chunk(chunk, filename, process)
        outputs.append(output or "")  # a failed chunk leaves its slot empty, as in mlir-opt
        if verify_diagnostics:
            ok &= _check(error, emitted, parse_expectations(chunk, filename), filename, diagnostics)
            continue
        for d in emitted:
            diagnostics.write(f"{d}\n")
        if error is not None:
            diagnostics.write(_format(error, "error") + "\n")
            ok = False
    return (SPLIT_MARKER + "\n").join(outputs), ok


def _run_chunk(chunk: Chunk, filename: str, process) -> tuple[str | None, Tfl2QuantError | None, list[Diagnostic]]:
    with capture() as emitted:
        try:
            module = parse_module(chunk.text, filename, first_line=chunk.first_line)
            verify(module)
            return process(module), None, emitted
        except Tfl2QuantError as e:
            return None, e, emitted


def _check(error: Tfl2QuantError | None, emitted: list[Diagnostic], expected: list[Expectation],
           filename: str, out: TextIO) -> bool:
    ok = True
    for d in emitted:  # remarks and warnings, in the order the passes emitted them
        loc = d.location
        line = loc.line if isinstance(loc, FileLineColLoc) and loc.filename == filename else None
        match = next((x for x in expected if not x.matched and x.kind == d.severity and x.line == line
                      and x.message in d.message), None)
        if match is not None:
            match.matched = True
        else:
            out.write(f"{d.location.describe()}: error: unexpected {d.severity}: {d.message}\n")
            ok = False
    if error is not None:
        line = _error_line(error, filename)
        match = next((x for x in expected if not x.matched and x.kind == "error" and x.line == line
                      and x.message in error.message), None)
        if match is not None:
            match.matched = True
        else:
            out.write(_format(error, "error", "unexpected error: ") + "\n")
            ok = False
    for x in expected:
        if not x.matched:
            out.write(f'{x.where}: error: expected {x.kind} "{x.message}" was not produced\n')
            ok = False
    return ok


def _error_line(error: Tfl2QuantError, filename: str) -> int | None:
    """The line of an error located in `filename`, or None (an unknown location)."""
    m = _WHERE.match(error.where or "")
    return int(m.group("line")) if m and m.group("file") == filename else None


def _format(error: Tfl2QuantError, severity: str, prefix: str = "") -> str:
    where = f"{error.where}: " if error.where else ""
    return f"{where}{severity}: {prefix}{error.message}"
