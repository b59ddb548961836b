"""Convolutions: CONV_2D, DEPTHWISE_CONV_2D, TRANSPOSE_CONV, CONV_3D, CONV_3D_TRANSPOSE.

The table of the family's operators (legalize/__init__.py merges the families' tables);
the patterns are in the modules beside it.
"""
from __future__ import annotations

from ...lib.patterns import ByInput
from ...rule import Rule
from .conv import FloatConv, FloatConv3D, FloatConv3DTranspose, HybridConv, QuantizedConv
from .conv_kinds import CONV, DEPTHWISE, TRANSPOSE

RULES = {
    # TFLite op                Rule(integer path,              float path)
    "tfl.conv_2d":           Rule(ByInput(QuantizedConv(CONV), hybrid=HybridConv(CONV)),
                                  FloatConv(CONV)),
    "tfl.depthwise_conv_2d": Rule(ByInput(QuantizedConv(DEPTHWISE), hybrid=HybridConv(DEPTHWISE)),
                                  FloatConv(DEPTHWISE)),
    "tfl.transpose_conv":    Rule(ByInput(QuantizedConv(TRANSPOSE), hybrid=HybridConv(TRANSPOSE), data=2),
                                  FloatConv(TRANSPOSE)),
    "tfl.conv_3d":           Rule(None,                      FloatConv3D()),
    "tfl.conv_3d_transpose": Rule(None,                      FloatConv3DTranspose()),
}
