"""The layering is a test: import-linter's contracts in .importlinter (runtime_check -> legalize ->
the tfl2quant core, the CLI on top; no import circle in legalize, no family importing another;
inside runtime_check, report -> check -> executor, the executor on the core and legalize's string
buffers alone, no circle; inside the core, its layers and no import circle), and each fails on
the import that breaks it."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

CONFIG = ROOT / ".importlinter"
LAYERS = "runtime_check -> legalize -> tfl2quant core"
ACYCLIC = "no import circle in legalize"
RUNTIME_LAYERS = "runtime_check: report -> check -> executor"
EXECUTOR = "runtime_check.executor: the tfl2quant core and legalize.string_buffer only"
RUNTIME_ACYCLIC = "no import circle in runtime_check"
FAMILIES = "legalize families are independent"
CORE_ACYCLIC = "no import circle in the tfl2quant core"
CORE_LAYERS = "tfl2quant core: cli -> api -> pipeline -> passes, importer -> dialects -> ir"


def _lint_imports(cwd: Path) -> subprocess.CompletedProcess:
    """lint-imports (the test extra installs import-linter) on the packages found from `cwd`."""
    found = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    assert os.path.exists(found), "lint-imports not found: install the test extra (pip install -e '.[test]')"
    env = {**os.environ, "PYTHONPATH": str(cwd)}
    return subprocess.run([found, "--config", str(CONFIG), "--no-cache"], cwd=cwd, capture_output=True,
                          text=True, env=env)


def test_the_contracts_hold():
    p = _lint_imports(ROOT)
    assert p.returncode == 0, p.stdout + p.stderr
    for contract in (LAYERS, ACYCLIC, RUNTIME_LAYERS, EXECUTOR, RUNTIME_ACYCLIC, FAMILIES, CORE_ACYCLIC,
                     CORE_LAYERS):
        assert f"{contract} KEPT" in p.stdout, contract


CASES = [  # the module added to a copy of the tree, what it imports, the contract it breaks
    ("legalize/lib/upward.py", "from runtime_check import executor\n", LAYERS),
    ("tfl2quant/passes/upward.py", "from legalize import driver\n", LAYERS),
    ("tfl2quant/ir/upward.py", "def f():\n    from runtime_check import check\n", LAYERS),  # in a function too
    # lib -> family -> lib
    ("legalize/lib/circle.py", "from legalize.families.elementwise import activation\n", ACYCLIC),
    # one family borrowing from another (what two families share belongs in lib/)
    ("legalize/families/custom/borrow.py", "from legalize.families.reduction import reduction\n", FAMILIES),
    # the executor runs IR without the checker: an import of the checker from it goes upward
    ("runtime_check/executor/upward.py", "def f():\n    from runtime_check.check import verdict\n", RUNTIME_LAYERS),
    ("runtime_check/check/upward.py", "from runtime_check.report import zoo\n", RUNTIME_LAYERS),
    ("runtime_check/executor/kernels/rule.py", "from legalize import rule\n", EXECUTOR),  # not what legalize publishes
    # plan -> kernels -> plan: the circle the kernels' Context once closed with its Executor annotation
    ("runtime_check/executor/kernels/circle.py", "from runtime_check.executor import plan\n", RUNTIME_ACYCLIC),
    # the IR core reading a dialect's syntax itself: ir -> dialects -> ir, even in a function
    ("tfl2quant/ir/circle.py", "def f():\n    from tfl2quant.dialects.quant import types\n", CORE_ACYCLIC),
    ("tfl2quant/ir/upward.py", "from tfl2quant.dialects import tosa\n", CORE_LAYERS),
    ("tfl2quant/importer/sideways.py", "from tfl2quant.passes import cse\n", CORE_LAYERS),  # independent layers
]


@pytest.mark.parametrize(("module", "source", "contract"), CASES, ids=[c[0] for c in CASES])
def test_an_upward_import_or_a_circle_breaks_a_contract(tmp_path, module, source, contract):
    for package in ("tfl2quant", "legalize", "runtime_check"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / module).write_text(source)
    p = _lint_imports(tmp_path)
    assert p.returncode != 0, p.stdout
    assert f"{contract} BROKEN" in p.stdout, p.stdout
