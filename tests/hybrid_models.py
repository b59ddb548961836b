"""One-op hybrid (dynamic-range) TFLite models: float activations, int8/int4 weights,
written with tflite_builder. Weights cover their whole symmetric range; inputs include
an all-zero row (the kernels' scale-1 case) and rows of one sign (the asymmetric
quantization's zero point at a bound).

    fc(x, units, ...)        FULLY_CONNECTED
    conv(op, x, w, ...)      CONV_2D, DEPTHWISE_CONV_2D
"""
from __future__ import annotations

import numpy as np
from ai_edge_litert import schema_py_generated as schema

from .tflite_builder import ModelBuilder, per_axis, per_tensor

ACTIVATIONS = {"NONE": 0, "RELU": 1, "RELU_N1_TO_1": 2, "RELU6": 3}
LIMIT = {"INT8": 127, "INT4": 7, "INT2": 1}


def _weights(rng, storage: str, shape, axis: int, per_channel: bool):
    """Symmetric quantized weights (zero point 0) and their quantization parameters."""
    limit = LIMIT[storage]
    values = rng.integers(-limit - (storage != "INT8"), limit, shape, endpoint=True).astype(np.int8)
    channels = shape[axis]
    scales = [float(s) for s in np.float32(rng.uniform(0.002, 0.05, channels))]
    quant = per_axis(scales, [0] * channels, axis) if per_channel else per_tensor(scales[0], 0)
    return values, quant


def fc(x, units: int, *, storage="INT8", per_channel=True, asymmetric=False, bias=True, act="NONE",
       keep_num_dims=False, seed=0) -> bytes:
    """FULLY_CONNECTED of a float input of shape `x` with [units, x[-1]] quantized weights."""
    rng = np.random.default_rng(seed)
    depth = x[-1]
    m = ModelBuilder()
    g = m.subgraph()
    values, quant = _weights(rng, storage, (units, depth), 0, per_channel)
    xin = g.input("x", x)
    w = g.const("w", values, storage, quant=quant)
    b = g.const("b", rng.uniform(-1, 1, units).astype(np.float32)) if bias else -1
    out_shape = tuple(x[:-1]) + (units,) if keep_num_dims else (int(np.prod(x)) // depth, units)
    y = g.tensor("y", out_shape)
    o = schema.FullyConnectedOptionsT()
    o.fusedActivationFunction, o.keepNumDims = ACTIVATIONS[act], keep_num_dims
    o.asymmetricQuantizeInputs = asymmetric
    g.op("FULLY_CONNECTED", [xin, w, b], [y], o, version=13 if storage == "INT4" else 9)
    g.output(y)
    return m.build()


def conv(op: str, x, w, *, storage="INT8", per_channel=True, stride=(1, 1), dilation=(1, 1), padding="SAME",
         act="NONE", bias=True, seed=0) -> bytes:
    """CONV_2D (filter [OC, KH, KW, IC / groups]) or DEPTHWISE_CONV_2D (filter [1, KH, KW, C * M])
    of a float NHWC input of shape `x`."""
    rng = np.random.default_rng(seed)
    depthwise = op == "DEPTHWISE_CONV_2D"
    channels = w[3] if depthwise else w[0]
    m = ModelBuilder()
    g = m.subgraph()
    values, quant = _weights(rng, storage, w, 3 if depthwise else 0, per_channel)
    xin = g.input("x", x)
    wt = g.const("w", values, storage, quant=quant)
    b = g.const("b", rng.uniform(-1, 1, channels).astype(np.float32)) if bias else -1
    out = []
    for size, k, s, d in zip(x[1:3], w[1:3], stride, dilation):
        span = (k - 1) * d + 1
        out.append(-(-size // s) if padding == "SAME" else (size - span) // s + 1)
    y = g.tensor("y", (x[0], *out, channels))
    o = schema.DepthwiseConv2DOptionsT() if depthwise else schema.Conv2DOptionsT()
    o.padding = getattr(schema.Padding, padding)
    o.strideH, o.strideW = stride
    o.dilationHFactor, o.dilationWFactor = dilation
    o.fusedActivationFunction = ACTIVATIONS[act]
    if depthwise:
        o.depthMultiplier = channels // x[3]
    g.op(op, [xin, wt, b], [y], o, version=5 if depthwise else 3)
    g.output(y)
    return m.build()


def inputs(shape, seed: int = 0, zero_row: bool = True) -> np.ndarray:
    """Float inputs: rows of mixed sign, one all positive, one all negative, and (when the
    input has 3 or more rows) one all zero."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(-3, 3, shape).astype(np.float32)
    rows = x.reshape(-1, shape[-1])
    if rows.shape[0] >= 2:
        rows[0] = np.abs(rows[0])
        rows[1] = -np.abs(rows[1]) * 0.3
    if zero_row and rows.shape[0] >= 3:
        rows[2] = 0.0
    return rows.reshape(shape)


__all__ = ["fc", "conv", "inputs"]
