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


@pytest.fixture(scope="session")
def models_dir() -> Path:
    return MODELS
