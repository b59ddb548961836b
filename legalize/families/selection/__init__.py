"""Operators whose results are a data-dependent selection of their operand's elements: UNIQUE,
NON_MAX_SUPPRESSION_V4/V5.

The table of the family's operators (legalize/__init__.py merges the families' tables);
the patterns are in the modules beside it.
"""
from __future__ import annotations

from ...rule import Rule
from .non_max_suppression import NonMaxSuppression
from .unique import Unique

RULES = {
    # TFLite op                              Rule
    "tfl.unique":      Rule(None,                             Unique()),
    "tfl.non_max_suppression_v4": Rule(None,                  NonMaxSuppression(soft=False)),
    "tfl.non_max_suppression_v5": Rule(None,                  NonMaxSuppression(soft=True)),
}
