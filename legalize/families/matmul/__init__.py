"""Matrix products: FULLY_CONNECTED, BATCH_MATMUL.

The table of the family's operators (legalize/__init__.py merges the families' tables);
the patterns are in the modules beside it.
"""
from __future__ import annotations

from ...lib.patterns import ByInput, ByWeights
from ...rule import Rule
from .batch_matmul import FloatBatchMatMul, HybridBatchMatMul, QuantizedBatchMatMul
from .matmul import (FloatFullyConnected, HybridBlockwiseFullyConnected, HybridFullyConnected,
                     QuantizedFullyConnected)

RULES = {
    # TFLite op              Rule(integer path,                 float path)
    "tfl.fully_connected": Rule(ByInput(QuantizedFullyConnected(),
                                        hybrid=ByWeights(HybridFullyConnected(),
                                                         blockwise=HybridBlockwiseFullyConnected())),
                                FloatFullyConnected()),
    "tfl.batch_matmul":    Rule(ByInput(QuantizedBatchMatMul(), hybrid=HybridBatchMatMul()),
                                FloatBatchMatMul()),
}
