"""The STABLEHLO_* operators TFLite has kernels for (RNG_BIT_GENERATOR included); the others:
reasons.

The table of the family's operators (legalize/__init__.py merges the families' tables);
the patterns are in the modules beside it.
"""
from __future__ import annotations

from ...lib.on_storage import OnStorage
from ...rule import Rule
from .rng_bit_generator import RngBitGenerator
from .stablehlo import (ADD, AND, Composite, GATHER, MAXIMUM, MINIMUM, MULTIPLY, PAD, QuantizedComposite,
                        REDUCE_WINDOW, Raw, SCATTER, SHIFT_LEFT, no_kernel)

RULES = {
    # TFLite op                             Rule(integer path,                              float path)
    "tfl.stablehlo_add":                   Rule(Raw(ADD),                                  ADD),
    "tfl.stablehlo_multiply":              Rule(Raw(MULTIPLY),                             MULTIPLY),
    "tfl.stablehlo_maximum":               Rule(Raw(MAXIMUM),                              MAXIMUM),
    "tfl.stablehlo_minimum":               Rule(Raw(MINIMUM),                              MINIMUM),
    "tfl.stablehlo_and":                   Rule(Raw(AND),                                  AND),
    "tfl.stablehlo_shift_left":            Rule(Raw(SHIFT_LEFT, kinds=("i8", "i16")),      SHIFT_LEFT),
    "tfl.stablehlo_pad":                   Rule(OnStorage(PAD, alike=False),               PAD),
    "tfl.stablehlo_gather":                Rule(OnStorage(GATHER, alike=False),            GATHER),
    "tfl.stablehlo_reduce_window":         Rule(Raw(REDUCE_WINDOW),                        REDUCE_WINDOW),
    "tfl.stablehlo_composite":             Rule(QuantizedComposite(),                      Composite()),
    "tfl.stablehlo_scatter":               Rule(Raw(SCATTER, data=(0, 2)),                 SCATTER),
    "tfl.stablehlo_rng_bit_generator":     Rule(None,                                      RngBitGenerator()),
    "tfl.stablehlo_while":                 no_kernel("STABLEHLO_WHILE"),
    "tfl.stablehlo_logistic":              no_kernel("STABLEHLO_LOGISTIC"),
    "tfl.stablehlo_divide":                no_kernel("STABLEHLO_DIVIDE"),
    "tfl.stablehlo_reshape":               no_kernel("STABLEHLO_RESHAPE"),
    "tfl.stablehlo_clamp":                 no_kernel("STABLEHLO_CLAMP"),
    "tfl.stablehlo_concatenate":           no_kernel("STABLEHLO_CONCATENATE"),
    "tfl.stablehlo_broadcast_in_dim":      no_kernel("STABLEHLO_BROADCAST_IN_DIM"),
    "tfl.stablehlo_convolution":           no_kernel("STABLEHLO_CONVOLUTION"),
    "tfl.stablehlo_slice":                 no_kernel("STABLEHLO_SLICE"),
    "tfl.stablehlo_custom_call":           no_kernel("STABLEHLO_CUSTOM_CALL"),
    "tfl.stablehlo_reduce":                no_kernel("STABLEHLO_REDUCE"),
    "tfl.stablehlo_abs":                   no_kernel("STABLEHLO_ABS"),
    "tfl.stablehlo_cosine":                no_kernel("STABLEHLO_COSINE"),
    "tfl.stablehlo_exponential":           no_kernel("STABLEHLO_EXPONENTIAL"),
    "tfl.stablehlo_floor":                 no_kernel("STABLEHLO_FLOOR"),
    "tfl.stablehlo_log":                   no_kernel("STABLEHLO_LOG"),
    "tfl.stablehlo_negate":                no_kernel("STABLEHLO_NEGATE"),
    "tfl.stablehlo_or":                    no_kernel("STABLEHLO_OR"),
    "tfl.stablehlo_power":                 no_kernel("STABLEHLO_POWER"),
    "tfl.stablehlo_remainder":             no_kernel("STABLEHLO_REMAINDER"),
    "tfl.stablehlo_rsqrt":                 no_kernel("STABLEHLO_RSQRT"),
    "tfl.stablehlo_select":                no_kernel("STABLEHLO_SELECT"),
    "tfl.stablehlo_subtract":              no_kernel("STABLEHLO_SUBTRACT"),
    "tfl.stablehlo_tanh":                  no_kernel("STABLEHLO_TANH"),
    "tfl.stablehlo_compare":               no_kernel("STABLEHLO_COMPARE"),
    "tfl.stablehlo_convert":               no_kernel("STABLEHLO_CONVERT"),
    "tfl.stablehlo_dynamic_slice":         no_kernel("STABLEHLO_DYNAMIC_SLICE"),
    "tfl.stablehlo_dynamic_update_slice":  no_kernel("STABLEHLO_DYNAMIC_UPDATE_SLICE"),
    "tfl.stablehlo_iota":                  no_kernel("STABLEHLO_IOTA"),
    "tfl.stablehlo_dot_general":           no_kernel("STABLEHLO_DOT_GENERAL"),
    "tfl.stablehlo_sort":                  no_kernel("STABLEHLO_SORT"),
    "tfl.stablehlo_transpose":             no_kernel("STABLEHLO_TRANSPOSE"),
    "tfl.stablehlo_cbrt":                  no_kernel("STABLEHLO_CBRT"),
}
