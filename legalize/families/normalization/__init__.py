"""Normalizations: SOFTMAX, LOG_SOFTMAX, L2_NORMALIZATION, LOCAL_RESPONSE_NORMALIZATION.

The table of the family's operators (legalize/__init__.py merges the families' tables);
the patterns are in the modules beside it.
"""
from __future__ import annotations

from ...rule import Rule
from .normalization import (FloatL2Normalization, FloatLocalResponseNormalization, QuantizedL2Normalization,
                            Softmax)
from .softmax import QuantizedLogSoftmax, QuantizedSoftmax

RULES = {
    # TFLite op                             Rule(integer path,               float path)
    "tfl.softmax":                         Rule(QuantizedSoftmax(),         Softmax(log=False)),
    "tfl.log_softmax":                     Rule(QuantizedLogSoftmax(),      Softmax(log=True)),
    "tfl.l2_normalization":                Rule(QuantizedL2Normalization(), FloatL2Normalization()),
    "tfl.local_response_normalization":    Rule(None,                       FloatLocalResponseNormalization()),
}
