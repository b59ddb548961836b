"""L2_NORMALIZATION and LOCAL_RESPONSE_NORMALIZATION (not lowered yet)."""
from __future__ import annotations

from .rule import NOT_YET, unlowered

RULES = {
    # TFLite op                             Rule
    "tfl.l2_normalization":                unlowered(NOT_YET),
    "tfl.local_response_normalization":    unlowered(NOT_YET),
}
