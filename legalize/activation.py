"""Activations: SOFTMAX, LOG_SOFTMAX (float path only), RELU family, LOGISTIC, TANH.

TFLite's int8 SOFTMAX/LOG_SOFTMAX use gemmlowp fixed-point exp and log
(integer-semantics §10); no integer pattern reproduces them yet, so quantized
instances take the fallback: dequantize, the float op below, quantize. The
float formulation subtracts the row maximum first, as TFLite's float kernel.
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.ir.attributes import FloatAttr

from .rule import FloatPattern, Rule, static_shape


def _beta(op) -> float:
    a = op.attributes.get("beta")
    return float(a.value) if isinstance(a, FloatAttr) else 1.0


class Softmax(FloatPattern):
    """softmax(x) = exp(b*(x - max)) / sum(exp(b*(x - max))) over the last axis."""

    def __init__(self, log: bool):
        self.log = log

    def unsupported(self, op):
        return None if static_shape(op.operands[0]) is not None else "dynamic shapes"

    def rewrite(self, b, op, operands, result_types):
        x = operands[0]
        t = x.type
        axis = len(t.shape) - 1
        shifted = tosa.binary(b, "tosa.sub", x, tosa.reduce(b, "tosa.reduce_max", x, axis), t)
        beta = _beta(op)
        if beta != 1.0:
            shifted = tosa.mul(b, shifted, tosa.const(b, np.full((1,) * len(t.shape), beta, np.float32)), t)
        e = b.value("tosa.exp", [shifted], t)
        total = tosa.reduce(b, "tosa.reduce_sum", e, axis)
        if self.log:
            return [tosa.binary(b, "tosa.sub", shifted, b.value("tosa.log", [total], total.type), result_types[0])]
        return [tosa.mul(b, e, b.value("tosa.reciprocal", [total], total.type), result_types[0])]


class Unary(FloatPattern):
    def __init__(self, tosa_name: str):
        self.tosa_name = tosa_name

    def rewrite(self, b, op, operands, result_types):
        return [b.value(self.tosa_name, [operands[0]], result_types[0])]


class Clamp(FloatPattern):
    def __init__(self, lo: float, hi: float):
        self.lo, self.hi = lo, hi

    def rewrite(self, b, op, operands, result_types):
        return [tosa.clamp(b, operands[0], self.lo, self.hi, result_types[0])]


FLOAT_MAX = 3.4028234663852886e38

RULES = {
    # TFLite op          Rule(integer path, float path)
    "tfl.softmax":      Rule(None,          Softmax(log=False)),
    "tfl.log_softmax":  Rule(None,          Softmax(log=True)),
    "tfl.relu":         Rule(None,          Clamp(0.0, FLOAT_MAX)),
    "tfl.relu6":        Rule(None,          Clamp(0.0, 6.0)),
    "tfl.relu_n1_to_1": Rule(None,          Clamp(-1.0, 1.0)),
    "tfl.relu_0_to_1":  Rule(None,          Clamp(0.0, 1.0)),
    "tfl.logistic":     Rule(None,          Unary("tosa.sigmoid")),
    "tfl.tanh":         Rule(None,          Unary("tosa.tanh")),
}
