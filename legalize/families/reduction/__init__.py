"""Reductions along axes: MEAN, SUM, REDUCE_*, ARG_MAX/MIN, CUMSUM, TOPK_V2.

The table of the family's operators (legalize/__init__.py merges the families' tables);
the patterns are in the modules beside it.
"""
from __future__ import annotations

from ...rule import Rule
from .reduction import (ArgMinMax, CumSum, Mean, QuantizedMeanOrSum, QuantizedReduceProd, Reduce, StoredOrder,
                        TopKV2)

RULES = {
    # TFLite op          Rule(integer path,                   float path)
    "tfl.mean":        Rule(QuantizedMeanOrSum(mean=True),    Mean()),
    "tfl.sum":         Rule(QuantizedMeanOrSum(mean=False),   Reduce("tosa.reduce_sum")),
    "tfl.reduce_prod": Rule(QuantizedReduceProd(),            Reduce("tosa.reduce_product")),
    "tfl.reduce_max":  Rule(StoredOrder(Reduce("tosa.reduce_max"), ("i8", "u8", "i16"), alike=True),
                            Reduce("tosa.reduce_max")),
    "tfl.reduce_min":  Rule(StoredOrder(Reduce("tosa.reduce_min"), ("i8", "u8", "i16"), alike=True),
                            Reduce("tosa.reduce_min")),
    "tfl.reduce_any":  Rule(None,                             Reduce("tosa.reduce_any")),
    "tfl.reduce_all":  Rule(None,                             Reduce("tosa.reduce_all")),
    "tfl.arg_max":     Rule(StoredOrder(ArgMinMax(smallest=False), ("i8", "u8"), alike=False),
                            ArgMinMax(smallest=False)),
    "tfl.arg_min":     Rule(StoredOrder(ArgMinMax(smallest=True), ("i8", "u8"), alike=False),
                            ArgMinMax(smallest=True)),
    "tfl.cumsum":      Rule(None,                             CumSum()),
    "tfl.topk_v2":     Rule(None,                             TopKV2()),
}
