"""The registry of legalization rules (legalize/__init__.py) is complete: every TFLite
builtin operator of the schema has exactly one row, and a row without a float pattern
says why the op stays a `tfl.*` op."""
from __future__ import annotations

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
    monkeypatch.setattr(legalize.conv, "RULES", {**legalize.conv.RULES, "tfl.add": legalize.RULES["tfl.add"]})
    with pytest.raises(AssertionError, match="tfl.add is claimed by two legalize families"):
        legalize._merge()


def test_family_modules_do_not_shadow_dialect_modules():
    """`legalize/math.py` beside `dialects/math.py` and `kernels/math.py` read alike: no family
    module is named like a dialect module or an executor kernel module."""
    import runtime_check.kernels
    import tfl2quant.dialects
    from pathlib import Path

    dialects = {p.stem for p in Path(tfl2quant.dialects.__file__).parent.glob("*.py")}
    dialects |= {p.name for p in Path(tfl2quant.dialects.__file__).parent.iterdir() if p.is_dir()}
    kernels = {p.stem for p in Path(runtime_check.kernels.__file__).parent.glob("*.py")}
    families = {f.__name__.rsplit(".", 1)[1] for f in legalize.FAMILIES}
    assert not families & (dialects | kernels) - {"__init__"}


def test_the_docstring_table_lists_every_family_in_order():
    """legalize/__init__.py's table of families is the one a reader scans: one line per family."""
    table = legalize.__doc__.split("Families", 1)[1].splitlines()
    listed = [line.split()[0] for line in table if line.startswith("    ") and line[4] != " "]
    assert tuple(listed) == legalize.FAMILY_NAMES
