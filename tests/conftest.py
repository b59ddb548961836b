"""Shared fixtures: the shipped models, and upstream MLIR's verifier (iree-opt)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODELS = ROOT / "models"


def iree_opt_path() -> str:
    """iree-opt from iree-base-compiler (the test extra installs it; never skipped)."""
    found = shutil.which("iree-opt") or str(Path(sys.executable).parent / "iree-opt")
    assert os.path.exists(found), "iree-opt not found: install the test extra (pip install -e '.[test]')"
    return found


def iree_verify(text: str, allow_unregistered: bool = True) -> subprocess.CompletedProcess:
    args = [iree_opt_path(), "-", "-o", os.devnull]
    if allow_unregistered:
        args.insert(1, "--allow-unregistered-dialect")
    return subprocess.run(args, input=text, capture_output=True, text=True)


def check_exact(path, inputs_path, op: str):
    """`check` of a one-op model on the inputs in `inputs_path`: `op` takes the integer path
    and every stage and layer equals TFLite bit for bit."""
    from runtime_check.check import check_model

    result = check_model(str(path), str(inputs_path))
    assert result.error is None, result.error
    assert [(r.name, r.path, r.reason) for r in result.records] == [(op, "integer", None)]
    assert result.layers and all(layer.passed and layer.exact_fraction == 1.0 for layer in result.layers), \
        result.layers
    assert result.passed and all(o.exact_fraction == 1.0 for o in result.outputs), result.outputs
    return result


@pytest.fixture(scope="session")
def models_dir() -> Path:
    return MODELS
