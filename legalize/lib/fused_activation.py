"""Fused activation functions as clamps: quantized (TFLite's activation range) and float.

`fused_activation_function` of CONV_2D, ADD, FULLY_CONNECTED, ... is a clamp
of the result: on storage values to CalculateActivationRangeQuantized's range
(fixed_point.activation_range), on floats to CalculateActivationRange's.
"""
from __future__ import annotations

from tfl2quant.dialects import tosa
from tfl2quant.dialects.quant.types import QuantizedType
from tfl2quant.dialects.tfl import activation
from tfl2quant.ir.core import Operation, Value
from tfl2quant.ir.types import IntegerType, element_type, integer_range

from .fixed_point import activation_range

# TFLite's float kernels clamp for these and ignore TANH / SIGN_BIT
# (CalculateActivationRange in kernels/kernel_util.h).
FLOAT_RANGES = {"RELU": (0.0, float("inf")), "RELU6": (0.0, 6.0), "RELU_N1_TO_1": (-1.0, 1.0),
                "RELU_0_TO_1": (0.0, 1.0)}


def quantized_range(op: Operation, out_q: QuantizedType) -> tuple[int, int]:
    return activation_range(activation(op), out_q.scale, out_q.zero_point, *out_q.storage_type_range)


def clamp_quantized(b, y: Value, op: Operation, out_q: QuantizedType) -> Value:
    """Clamp `y` (already in the output storage type) to the fused activation's range."""
    lo, hi = quantized_range(op, out_q)
    if (lo, hi) == out_q.storage_type_range:
        return y
    return tosa.clamp(b, y, lo, hi)


def clamp_float(b, y: Value, op: Operation) -> Value:
    """The float path's clamp; on the plain integer tensors of a float model (int32 ADD)
    CalculateActivationRange<T> caps the same bounds to T's range."""
    bounds = FLOAT_RANGES.get(activation(op))
    if bounds is None:
        return y
    lo, hi = bounds
    e = element_type(y.type)
    if isinstance(e, IntegerType):
        t_lo, t_hi = integer_range(e)
        return tosa.clamp(b, y, max(lo, t_lo), min(hi, t_hi))
    return tosa.clamp(b, y, lo, min(hi, 3.4028234663852886e38))
