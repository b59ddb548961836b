"""The registry of legalization rules (legalize/__init__.py) is complete: every TFLite
builtin operator of the schema has exactly one row, and a row without a float pattern
says why the op stays a `tfl.*` op."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import legalize
from legalize.rule import Rule
from tfl2quant.importer.schema import BUILTIN_OPERATORS

BUILTINS = sorted(f"tfl.{name.lower()}" for name in BUILTIN_OPERATORS.values())


def test_every_builtin_operator_has_a_row():
    missing = [name for name in BUILTINS if name not in legalize.RULES]
    assert not missing, f"{len(missing)} builtin operators have no rule: {missing}"


def test_every_row_is_a_builtin_operator():
    assert sorted(legalize.RULES) == BUILTINS


@pytest.mark.parametrize("name", BUILTINS)
def test_a_row_is_a_pattern_or_a_reason(name):
    rule = legalize.RULES[name]
    assert isinstance(rule, Rule)
    if rule.float is None:  # a quantized instance may still have an integer pattern (the LSTM)
        assert rule.unlowered, f"{name}: no float pattern and no reason"
    else:
        assert rule.unlowered is None


def test_an_operator_claimed_twice_is_refused(monkeypatch):
    conv = legalize.family("conv")
    monkeypatch.setattr(conv, "RULES", {**conv.RULES, "tfl.add": legalize.RULES["tfl.add"]})
    with pytest.raises(AssertionError, match="tfl.add is claimed by two legalize families"):
        legalize._merge()


def test_family_modules_do_not_shadow_dialect_modules():
    """A family named `math` beside `dialects/math.py` and `kernels/math.py` would read alike: no
    family is named like a dialect module or an executor kernel module."""
    import runtime_check.executor.kernels
    import tfl2quant.dialects

    dialects = {p.stem for p in Path(tfl2quant.dialects.__file__).parent.glob("*.py")}
    dialects |= {p.name for p in Path(tfl2quant.dialects.__file__).parent.iterdir() if p.is_dir()}
    kernels = {p.stem for p in Path(runtime_check.executor.kernels.__file__).parent.glob("*.py")}
    families = {f.__name__.rsplit(".", 1)[1] for f in legalize.FAMILIES}
    assert not families & (dialects | kernels) - {"__init__"}


def _docstring_table() -> dict[str, str]:
    """legalize/__init__.py's table of families: a family's name at the start of a line,
    its modules and operators on that line and the more-indented ones below it."""
    table = legalize.__doc__.split("Families", 1)[1].splitlines()
    blocks: dict[str, str] = {}
    for line in table:
        if line.startswith("    ") and line[4] != " ":
            name, _, text = line.strip().partition(" ")
            blocks[name] = text
        elif line.startswith("     ") and blocks:
            blocks[name] += " " + line.strip()
    return blocks


def test_the_docstring_table_lists_every_family_in_order():
    """legalize/__init__.py's table of families is the one a reader scans: one line per family."""
    assert tuple(_docstring_table()) == legalize.FAMILY_NAMES


@pytest.mark.parametrize("name", legalize.FAMILY_NAMES)
def test_the_docstring_table_lists_the_ops_of_each_family(name):
    """A family's entry in legalize/__init__.py's table names exactly the operators of its RULES
    (in upper case, as TFLite's schema does) and only modules its folder has."""
    text = _docstring_table()[name]
    listed = re.findall(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*\b", text)
    listed = [op for op in listed if len(op) > 1]
    ops = sorted(op.removeprefix("tfl.").upper() for op in legalize.family(name).RULES)
    assert sorted(listed) == ops
    folder = Path(legalize.family(name).__file__).parent
    for module in re.findall(r"\b([a-z0-9_/]+)\.py\b", text):
        if not module.startswith("lib/"):
            assert (folder.parent / module if "/" in module else folder / module).with_suffix(".py").is_file(), module
