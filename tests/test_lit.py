"""Runs the golden .mlir tests under tests/lit with lit + filecheck, one pytest case per file."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

LIT_DIR = Path(__file__).parent / "lit"
TESTS = sorted(p for p in LIT_DIR.rglob("*.mlir") if "Output" not in p.parts)


def test_there_are_golden_tests():
    assert len(TESTS) >= 7


@pytest.mark.parametrize("test", TESTS, ids=[str(p.relative_to(LIT_DIR)) for p in TESTS])
def test_golden(test, tmp_path):
    lit = Path(sys.executable).parent / "lit"
    r = subprocess.run([str(lit), "-v", "--param", f"exec_root={tmp_path}", str(test)], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
