"""Pooling: MAX_POOL_2D, AVERAGE_POOL_2D, L2_POOL_2D, REDUCE_WINDOW.

The table of the family's operators (legalize/__init__.py merges the families' tables);
the patterns are in the modules beside it.
"""
from __future__ import annotations

from ...rule import Rule
from .pooling import FloatL2Pool, FloatPool, QuantizedAvgPool, QuantizedMaxPool, ReduceWindow

RULES = {
    # TFLite op             Rule(integer path,       float path)
    "tfl.max_pool_2d":     Rule(QuantizedMaxPool(),  FloatPool("tosa.max_pool2d")),
    "tfl.average_pool_2d": Rule(QuantizedAvgPool(),  FloatPool("tosa.avg_pool2d")),
    "tfl.l2_pool_2d":      Rule(None,                FloatL2Pool()),
    "tfl.reduce_window":   Rule(None,                ReduceWindow()),
}
