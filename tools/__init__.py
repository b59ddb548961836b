"""Developer tools, run from a checkout (not installed with the package).

Scripts, run as `python tools/NAME.py`: gen_tflite_schema.py, coverage_table.py,
check_real_models.py, fuzz_convert.py, upstream_quant_tests.py; those that import the
project put the repository root on sys.path first. Libraries, imported as `tools.NAME` by
the tests, the benchmarks and those scripts: tflite_builder.py (tiny TFLite flatbuffers
written in memory) and structured_fuzz.py with fuzz_mutations.py (structure-aware fuzzing
of the convert path).
"""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path


def iree_opt_path() -> str:
    """iree-opt from iree-base-compiler, upstream MLIR's verifier (the test extra installs it; never skipped)."""
    found = shutil.which("iree-opt") or str(Path(sys.executable).parent / "iree-opt")
    assert os.path.exists(found), "iree-opt not found: install the test extra (pip install -e '.[test]')"
    return found
