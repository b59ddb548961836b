"""Legalization of `tfl.*` ops: every pattern, one table.

Each family module ends with a `RULES` table (one row per TFLite op); this
module merges them and refuses an op claimed twice, so `RULES` below is the
one place a reader scans to see how every op is handled.
"""
from __future__ import annotations

from . import (activation, comparison, conv, data_movement, elementwise, gather, math, matmul, pooling,
               quantize, reduction, shape)
from .rule import Rule

FAMILIES = (activation, comparison, conv, data_movement, elementwise, gather, math, matmul, pooling, quantize,
            reduction, shape)


def _merge() -> dict[str, Rule]:
    rules: dict[str, Rule] = {}
    for family in FAMILIES:
        for name, rule in family.RULES.items():
            if name in rules:
                raise AssertionError(f"{name} is claimed by two legalize families")
            rules[name] = rule
    return rules


RULES: dict[str, Rule] = _merge()
