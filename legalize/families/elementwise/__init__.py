"""Elementwise operators: activations, arithmetic, unary math, comparisons and logic, CAST,
QUANTIZE and DEQUANTIZE.

The table of the family's operators (legalize/__init__.py merges the families' tables);
the patterns are in the modules beside it.
"""
from __future__ import annotations

import math

from ...lib.lut import Lut, expf, tanhf
from ...lib.string_layout import STRING_EQUAL, STRING_NOT_EQUAL
from ...lib.strings import ByStrings
from ...rule import Rule
from .activation import (Clamp, ELU, Either, Elu, FLOAT_MAX, Gelu, HardSwish, LeakyRelu, Prelu,
                         QuantizedHardSwish, QuantizedLeakyRelu, QuantizedPrelu, QuantizedRelu, SIGMOID,
                         Sigmoid16, gelu_transform)
from .arithmetic import (AddN, Atan2, BitwiseXor, Divide, FLOOR_DIV, FLOOR_MOD, FloatBinary, MAXIMUM, MINIMUM,
                         Power, RightShift, SquaredDifference)
from .comparison import (Bucketize, Cast, CastStored, EQUAL, GREATER, GREATER_EQUAL, LESS, LESS_EQUAL,
                         Logical, NOT_EQUAL, RescaledComparison, Select, SelectStored, Where)
from .divide import TableDivide
from .integer_arithmetic import OnStoredValues, RescaledAddSub, RescaledMul, RescaledSquaredDifference
from .quantize import Dequantize, FakeQuant, FloatDequantize, Quantize, Requantize
from .unary import (Negate, QuantizedAbs, QuantizedRsqrt, QuantizedSqrt, RawNegate, Sign, Square, Unary,
                    _int16_zero_points, log_transform)

RULES = {
    # TFLite op          Rule(integer path,                                          float path)
    # activation.py
    "tfl.relu":         Rule(QuantizedRelu(0.0, math.inf, ("i8", "u8", "i16")),     Clamp(0.0, FLOAT_MAX)),
    "tfl.relu6":        Rule(QuantizedRelu(0.0, 6.0, ("i8", "u8", "i16")),          Clamp(0.0, 6.0)),
    "tfl.relu_n1_to_1": Rule(QuantizedRelu(-1.0, 1.0, ("i8", "u8")),               Clamp(-1.0, 1.0)),
    "tfl.relu_0_to_1":  Rule(QuantizedRelu(0.0, 1.0, ("i8", "u8")),                Clamp(0.0, 1.0)),
    "tfl.leaky_relu":   Rule(QuantizedLeakyRelu(),                                  LeakyRelu()),
    "tfl.prelu":        Rule(QuantizedPrelu(),                                      Prelu()),
    "tfl.hard_swish":   Rule(QuantizedHardSwish(),                                  HardSwish()),
    "tfl.elu":          Rule(ELU,                                                   Elu()),
    "tfl.gelu":         Rule(Lut(gelu_transform, kinds=("i8", "u8", "i16")),        Gelu()),
    "tfl.logistic":     Rule(Either(SIGMOID, Sigmoid16(tanh=False)),                Unary("tosa.sigmoid", floats=True)),
    "tfl.tanh":         Rule(Either(Lut(lambda op, out_q: tanhf), Sigmoid16(tanh=True)),
                             Unary("tosa.tanh", floats=True)),
    # arithmetic.py
    "tfl.add":                 Rule(RescaledAddSub("tosa.add"),                    FloatBinary("tosa.add")),
    "tfl.sub":                 Rule(RescaledAddSub("tosa.sub"),                    FloatBinary("tosa.sub")),
    "tfl.mul":                 Rule(RescaledMul(),                                 FloatBinary("tosa.mul")),
    "tfl.div":                 Rule(TableDivide(),                                 Divide()),
    "tfl.floor_div":           Rule(OnStoredValues(FLOOR_DIV, "i8", "i16"),        FLOOR_DIV),
    "tfl.floor_mod":           Rule(OnStoredValues(FLOOR_MOD, "i8", "i16"),        FLOOR_MOD),
    "tfl.pow":                 Rule(None,                                          Power()),
    "tfl.squared_difference":  Rule(RescaledSquaredDifference(),                   SquaredDifference()),
    "tfl.maximum":             Rule(OnStoredValues(MAXIMUM, "i8", "u8", "i16"),    MAXIMUM),
    "tfl.minimum":             Rule(OnStoredValues(MINIMUM, "i8", "u8", "i16"),    MINIMUM),
    "tfl.add_n":               Rule(None,                                          AddN()),
    "tfl.atan2":               Rule(None,                                          Atan2()),
    "tfl.bitwise_xor":         Rule(None,                                          BitwiseXor()),
    "tfl.right_shift":         Rule(None,                                          RightShift()),
    # unary.py
    "tfl.abs":      Rule(QuantizedAbs(),                                      Unary("tosa.abs")),
    "tfl.neg":      Rule(RawNegate(),                                         Negate()),
    "tfl.exp":      Rule(Lut(lambda op, out_q: expf, ("i8", "i16"), _int16_zero_points),
                         Unary("tosa.exp", floats=True)),
    "tfl.log":      Rule(Lut(log_transform, ("i8", "i16"), _int16_zero_points), Unary("tosa.log", floats=True)),
    "tfl.sqrt":     Rule(QuantizedSqrt(),                                     Unary("math.sqrt", floats=True)),
    "tfl.rsqrt":    Rule(QuantizedRsqrt(),                                    Unary("tosa.rsqrt", floats=True)),
    "tfl.sin":      Rule(None,                                                Unary("tosa.sin", floats=True)),
    "tfl.cos":      Rule(None,                                                Unary("tosa.cos", floats=True)),
    "tfl.floor":    Rule(None,                                                Unary("tosa.floor", floats=True)),
    "tfl.ceil":     Rule(None,                                                Unary("tosa.ceil", floats=True)),
    "tfl.round":    Rule(None,                                                Unary("math.roundeven", floats=True)),
    "tfl.square":   Rule(None,                                                Square()),
    "tfl.sign":     Rule(None,                                                Sign()),
    # comparison.py
    "tfl.equal":          Rule(RescaledComparison(EQUAL, rescale_int16=True),     ByStrings(EQUAL, STRING_EQUAL)),
    "tfl.not_equal":      Rule(RescaledComparison(NOT_EQUAL, rescale_int16=True), ByStrings(NOT_EQUAL, STRING_NOT_EQUAL)),
    "tfl.greater":        Rule(RescaledComparison(GREATER),                       GREATER),
    "tfl.greater_equal":  Rule(RescaledComparison(GREATER_EQUAL),                 GREATER_EQUAL),
    "tfl.less":           Rule(RescaledComparison(LESS),                          LESS),
    "tfl.less_equal":     Rule(RescaledComparison(LESS_EQUAL),                    LESS_EQUAL),
    "tfl.logical_and":    Rule(None,                                              Logical("tosa.logical_and")),
    "tfl.logical_or":     Rule(None,                                              Logical("tosa.logical_or")),
    "tfl.logical_not":    Rule(None,                                              Logical("tosa.logical_not")),
    "tfl.select":         Rule(SelectStored(v2=False),                            Select(v2=False)),
    "tfl.select_v2":      Rule(SelectStored(v2=True),                             Select(v2=True)),
    "tfl.cast":           Rule(CastStored(),                                      Cast()),
    "tfl.where":          Rule(None,                                              Where()),
    "tfl.bucketize":      Rule(None,                                              Bucketize()),
    # quantize.py
    "tfl.quantize":   Rule(Quantize(),      Requantize()),
    "tfl.dequantize": Rule(Dequantize(),    FloatDequantize()),
    "tfl.fake_quant": Rule(None,            FakeQuant()),
}
