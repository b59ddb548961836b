"""One-op hybrid (dynamic-range) TFLite models: float activations, int8/int4 weights,
written with tflite_builder. Weights cover their whole symmetric range; inputs include
an all-zero row (the kernels' scale-1 case) and rows of one sign (the asymmetric
quantization's zero point at a bound).

    fc(x, units, ...)        FULLY_CONNECTED
    conv(op, x, w, ...)      CONV_2D, DEPTHWISE_CONV_2D
    batch_matmul(x, y, ...)  BATCH_MATMUL of a float x and constant int8 weights y
    embedding_lookup(rows, cols, ...)  EMBEDDING_LOOKUP of int8/uint8/int4/int2 rows into f32
    fc_blockwise(x, units, block, ...)  FULLY_CONNECTED with blockwise int4 weights (fp16
                             scales per block, as ai-edge-quantizer writes them), some blocks
                             all zero with scale 0
    lstm(batch, steps, n_input, n_cell, ...)  UNIDIRECTIONAL_SEQUENCE_LSTM (or LSTM) with
                             int8 weights (hybrid) or float ones, and every optional part
"""
from __future__ import annotations

import numpy as np
from ai_edge_litert import schema_py_generated as schema

from .tflite_builder import ModelBuilder, blockwise, per_axis, per_tensor

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


def fc_blockwise(x, units: int, block: int, *, bias=True, act="NONE", zero_blocks=2, seed=0) -> bytes:
    """FULLY_CONNECTED of a float input of shape `x` with [units, x[-1]] int4 weights in
    blocks of `block` along the depth; `zero_blocks` blocks are all zero with scale 0."""
    rng = np.random.default_rng(seed)
    depth = x[-1]
    values = rng.integers(-8, 7, (units, depth), endpoint=True).astype(np.int8)
    scales = rng.uniform(0.002, 0.05, (units, depth // block)).astype(np.float16)
    for k in range(zero_blocks):
        unit, b = rng.integers(units), rng.integers(depth // block)
        values[unit, b * block:(b + 1) * block] = 0
        scales[unit, b] = 0
    m = ModelBuilder()
    g = m.subgraph()
    xin = g.input("x", x)
    sc = g.const("w_scales", scales, "FLOAT16")
    w = g.const("w", values, "INT4", quant=blockwise(sc, block))
    b = g.const("b", rng.uniform(-1, 1, units).astype(np.float32)) if bias else -1
    y = g.tensor("y", (int(np.prod(x)) // depth, units))
    o = schema.FullyConnectedOptionsT()
    o.fusedActivationFunction = ACTIVATIONS[act]
    g.op("FULLY_CONNECTED", [xin, w, b], [y], o, version=13)
    g.output(y)
    return m.build()


def batch_matmul(x, y, *, adj_x=False, adj_y=False, per_channel=True, asymmetric=False, seed=0) -> bytes:
    """BATCH_MATMUL of a float input of shape `x` and int8 weights of shape `y`, per-channel
    along the output columns (y's last dimension, or the one before it with adj_y)."""
    rng = np.random.default_rng(seed)
    axis = len(y) - (2 if adj_y else 1)
    values, quant = _weights(rng, "INT8", y, axis, per_channel)
    m = ModelBuilder()
    g = m.subgraph()
    xin = g.input("x", x)
    w = g.const("w", values, "INT8", quant=quant)
    xs, ys = (1,) * (len(y) - len(x)) + tuple(x), (1,) * (len(x) - len(y)) + tuple(y)
    rows = xs[-1] if adj_x else xs[-2]
    cols = ys[-2] if adj_y else ys[-1]
    batch = tuple(max(a, c) for a, c in zip(xs[:-2], ys[:-2]))
    out = g.tensor("y", batch + (rows, cols))
    o = schema.BatchMatMulOptionsT()
    o.adjX, o.adjY, o.asymmetricQuantizeInputs = adj_x, adj_y, asymmetric
    g.op("BATCH_MATMUL", [xin, w], [out], o, version=4)
    g.output(out)
    return m.build()


def embedding_lookup(rows: int, cols, lookups: int, *, storage="INT8", per_channel=True, block=0,
                     copy=False, seed=0) -> bytes:
    """EMBEDDING_LOOKUP of `lookups` int32 indices (the input) into a constant table of
    shape (rows, *cols) quantized per row, per tensor, or in blocks of `block` (int4, int2);
    a FLOAT32 table, or with `copy` a result quantized as the table (TFLite's raw copy)."""
    rng = np.random.default_rng(seed)
    shape = (rows,) + tuple(cols)
    m = ModelBuilder()
    g = m.subgraph()
    ids = g.input("ids", (lookups,), "INT32")
    if storage == "FLOAT32" or copy:
        quant = per_tensor(0.03, 5) if copy else None
        values = rng.uniform(-2, 2, shape).astype(np.float32) if storage == "FLOAT32" else \
            rng.integers(-128, 127, shape, endpoint=True).astype(np.int8)
        table = g.const("table", values, storage, quant=quant)
        y = g.tensor("y", (lookups,) + tuple(cols), storage, quant=quant)
        g.op("EMBEDDING_LOOKUP", [ids, table], [y], version=1)
        g.output(y)
        return m.build()
    if storage == "UINT8":
        values = rng.integers(0, 255, shape, endpoint=True).astype(np.uint8)
    else:
        values, _ = _weights(rng, storage, shape, 0, False)
    if block:
        scales = rng.uniform(0.002, 0.05, (rows, shape[-1] // block)).astype(np.float16)
        quant = blockwise(g.const("table_scales", scales, "FLOAT16"), block)
    else:
        scales = [float(s) for s in np.float32(rng.uniform(0.002, 0.05, rows))]
        quant = per_axis(scales, [0] * rows, 0) if per_channel else per_tensor(scales[0], 0)
    table = g.const("table", values, storage, quant=quant)
    y = g.tensor("y", (lookups,) + tuple(cols))
    g.op("EMBEDDING_LOOKUP", [ids, table], [y], version=4 if storage in ("INT4", "INT2") else 3)
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


__all__ = ["fc", "fc_blockwise", "batch_matmul", "embedding_lookup", "conv", "inputs"]


LSTM_ACTIVATIONS = {"NONE": 0, "RELU": 1, "RELU6": 3, "TANH": 4}


def lstm(batch=1, steps=5, n_input=6, n_cell=8, n_output=None, *, hybrid=True, cifg=False, peephole=False,
         projection=False, projection_bias=True, cell_clip=0.0, proj_clip=0.0, time_major=False,
         asymmetric=False, act="TANH", op="UNIDIRECTIONAL_SEQUENCE_LSTM", seed=0) -> bytes:
    """One LSTM with random weights of LSTM-like size (|w| up to about 0.5): int8 per tensor
    with one scale per matrix when `hybrid`, else float. op="LSTM" takes one step of a
    [batch, n_input] input."""
    rng = np.random.default_rng(seed)
    n_output = n_output or n_cell
    m = ModelBuilder()
    g = m.subgraph()
    if op == "LSTM":
        x_shape, y_shape = (batch, n_input), (batch, n_output)
    elif time_major:
        x_shape, y_shape = (steps, batch, n_input), (steps, batch, n_output)
    else:
        x_shape, y_shape = (batch, steps, n_input), (batch, steps, n_output)
    x = g.input("x", x_shape)

    def weights(name, shape):
        scale = float(np.float32(rng.uniform(0.5, 0.8) / 127 / np.sqrt(shape[-1] / 8)))
        values = rng.integers(-127, 127, shape, endpoint=True).astype(np.int8)
        if hybrid:
            return g.const(name, values, "INT8", quant=per_tensor(scale, 0))
        return g.const(name, (values * np.float32(scale)).astype(np.float32))

    gates = ("forget", "cell", "output") if cifg else ("input", "forget", "cell", "output")
    inputs = [-1] * 24
    inputs[0] = x
    for k, gate in enumerate(("input", "forget", "cell", "output")):
        if gate in gates:
            inputs[1 + k] = weights(f"{gate}_w", (n_cell, n_input))
            inputs[5 + k] = weights(f"{gate}_r", (n_cell, n_output))
            inputs[12 + k] = g.const(f"{gate}_b", rng.uniform(-0.5, 0.5, n_cell).astype(np.float32))
    if peephole:
        for k, gate in enumerate(("input", "forget", "output")):
            if gate in gates:
                inputs[9 + k] = weights(f"{gate}_peephole", (n_cell,))
    if projection:
        inputs[16] = weights("projection", (n_output, n_cell))
        if projection_bias:
            inputs[17] = g.const("projection_b", rng.uniform(-0.2, 0.2, n_output).astype(np.float32))
    inputs[18] = g.tensor("output_state", (batch, n_output), variable=True)
    inputs[19] = g.tensor("cell_state", (batch, n_cell), variable=True)
    y = g.tensor("y", y_shape)
    if op == "LSTM":
        o = schema.LSTMOptionsT()
    else:
        o = schema.UnidirectionalSequenceLSTMOptionsT()
        o.timeMajor = time_major
    o.fusedActivationFunction = LSTM_ACTIVATIONS[act]
    o.cellClip, o.projClip = cell_clip, proj_clip
    o.asymmetricQuantizeInputs = asymmetric
    g.op(op, inputs, [y], o, version=(3 if asymmetric else 2) if hybrid else 1)
    g.output(y)
    return m.build()
