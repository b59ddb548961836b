"""The coverage table in docs/coverage.md is current (tools/coverage_table.py)."""
from __future__ import annotations

import subprocess
import sys

from ..conftest import ROOT


def test_the_coverage_table_is_current():
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "coverage_table.py"), "--check", str(ROOT / "docs" / "coverage.md")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_the_coverage_table_says_what_the_registry_does():
    sys.path.insert(0, str(ROOT / "tools"))
    import coverage_table

    seen = coverage_table.collect()
    assert coverage_table.cell("tfl.softmax", "i8", seen) == "integer"
    assert coverage_table.cell("tfl.conv_2d", "i16", seen) == "integer"
    assert coverage_table.cell("tfl.while", "i8", seen) == "integer"  # stored values through scf.while
    assert coverage_table.cell("tfl.delegate", "i8", seen) == "unlowered"
    assert coverage_table.cell("tfl.sin", "i8", seen) == "fallback"  # no integer pattern
