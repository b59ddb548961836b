"""Non-fatal diagnostics (remarks, warnings) emitted by passes, as MLIR's DiagnosticEngine.

An error stops the pass that finds it (it is raised as a `Tfl2QuantError`);
a remark or a warning is emitted and the pass goes on. Whoever runs passes
decides where diagnostics go: `capture()` collects them (`opt` prints them,
or matches them against `expected-remark` with --verify-diagnostics);
without a capture they are printed to stderr.
"""
from __future__ import annotations

import contextlib
import sys
from typing import Iterator

from ..records import dataclass
from .location import Location


@dataclass(frozen=True)
class Diagnostic:
    severity: str          # "warning" | "remark" | "error" (a parser error reported before the one it raises)
    message: str
    location: Location

    def __str__(self) -> str:
        where = self.location.describe()
        return f"{where}: {self.severity}: {self.message}"


_captures: list[list[Diagnostic]] = []


@contextlib.contextmanager
def capture() -> Iterator[list[Diagnostic]]:
    """Collect the diagnostics emitted inside the block (innermost capture wins)."""
    found: list[Diagnostic] = []
    _captures.append(found)
    try:
        yield found
    finally:
        _captures.pop()


def emit(severity: str, location: Location, message: str) -> None:
    d = Diagnostic(severity, message, location)
    if _captures:
        _captures[-1].append(d)
    else:
        sys.stderr.write(f"{d}\n")


def emit_remark(location: Location, message: str) -> None:
    emit("remark", location, message)


def emit_warning(location: Location, message: str) -> None:
    emit("warning", location, message)
