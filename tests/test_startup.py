"""Start-up: `convert` imports what the model needs, and no table is built at import time."""
from __future__ import annotations

import json
import subprocess
import sys

import legalize
from legalize.index import FAMILY_OF
from tests.conftest import MODELS, ROOT


def test_family_index_matches_the_tables():
    """legalize/index.py (regenerate: `python -c 'from legalize.index import write; write()'`)
    names, for every operator, the family whose RULES has its row."""
    tables = {op: name for name in legalize.FAMILY_NAMES for op in legalize.family(name).RULES}
    assert FAMILY_OF == tables
    assert sorted(FAMILY_OF) == sorted(legalize.RULES)
    assert all(legalize.rule_for(op) is legalize.RULES[op] for op in FAMILY_OF)
    assert legalize.rule_for("tfl.no_such_op") is None


def _modules_after(code: str) -> set:
    p = subprocess.run([sys.executable, "-c", code + "\nimport sys, json; print(json.dumps(sorted(sys.modules)))"],
                       capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    return set(json.loads(p.stdout.splitlines()[-1]))


def test_convert_imports_only_the_families_of_its_ops():
    loaded = _modules_after(f"from tfl2quant.pipeline import convert; convert({str(MODELS / 'small-cnn.int8.tflite')!r})")
    assert {"legalize.conv", "legalize.matmul"} <= loaded
    # recurrent nets, stablehlo, control flow, MediaPipe's custom ops (flatbuffers), bf16/f8 dtypes,
    # and ctypes.util's `ldconfig -p` subprocess are not on a CNN's path
    assert not loaded & {"legalize.recurrent", "legalize.lstm", "legalize.stablehlo", "legalize.control_flow",
                         "legalize.custom", "flatbuffers", "ml_dtypes", "ctypes.util", "decimal"}


def test_importing_the_patterns_builds_no_table():
    code = ("import legalize; legalize.RULES; from legalize import softmax; "
            "print(softmax._exp_lut.cache_info().currsize, len(softmax._exp_lut()), "
            "softmax._exp_lut.cache_info().currsize)")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    # built by the first int16 SOFTMAX, not when every family is imported
    assert p.stdout.split() == ["0", "513", "1"]
