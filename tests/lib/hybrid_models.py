"""One-op hybrid (dynamic-range) TFLite models: float activations, int8/int4/int2 weights,
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
    bidirectional_lstm(...)  BIDIRECTIONAL_SEQUENCE_LSTM, with aux inputs and merged outputs
    rnn(op, ...)             RNN, UNIDIRECTIONAL_SEQUENCE_RNN, BIDIRECTIONAL_SEQUENCE_RNN
    svdf(...)                SVDF with float input
"""
from __future__ import annotations

import numpy as np
from ai_edge_litert import schema_py_generated as schema

from tools.tflite_builder import ModelBuilder, blockwise, per_axis, per_tensor

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
    """FULLY_CONNECTED of a float input of shape `x` with [units, x[-1]] quantized weights
    (INT8, INT4 or INT2)."""
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
    g.op("FULLY_CONNECTED", [xin, w, b], [y], o, version=13 if storage in ("INT4", "INT2") else 9)
    g.output(y)
    return m.build()


def fc_blockwise(x, units: int, block: int, *, bias=True, act="NONE", zero_blocks=2, storage="INT4",
                 seed=0) -> bytes:
    """FULLY_CONNECTED of a float input of shape `x` with [units, x[-1]] int4 (or int2) weights
    in blocks of `block` along the depth; `zero_blocks` blocks are all zero with scale 0."""
    rng = np.random.default_rng(seed)
    depth = x[-1]
    limit = LIMIT[storage]
    values = rng.integers(-limit - 1, limit, (units, depth), endpoint=True).astype(np.int8)
    scales = rng.uniform(0.002, 0.05, (units, depth // block)).astype(np.float16)
    for k in range(zero_blocks):
        unit, b = rng.integers(units), rng.integers(depth // block)
        values[unit, b * block:(b + 1) * block] = 0
        scales[unit, b] = 0
    m = ModelBuilder()
    g = m.subgraph()
    xin = g.input("x", x)
    sc = g.const("w_scales", scales, "FLOAT16")
    w = g.const("w", values, storage, quant=blockwise(sc, block))
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


def transpose_conv(x, w, out, *, per_channel=True, stride=(2, 2), padding="VALID", bias=True, seed=0) -> bytes:
    """TRANSPOSE_CONV (filter [OC, KH, KW, IC]) of a float NHWC input of shape `x` with int8
    weights, to the output shape `out` (operands output_shape, weights, input, bias)."""
    rng = np.random.default_rng(seed)
    m = ModelBuilder()
    g = m.subgraph()
    values, quant = _weights(rng, "INT8", w, 0, per_channel)
    shape = g.const("shape", np.array(out, np.int32))
    wt = g.const("w", values, "INT8", quant=quant)
    xin = g.input("x", x)
    b = g.const("b", rng.uniform(-1, 1, w[0]).astype(np.float32)) if bias else -1
    y = g.tensor("y", out)
    o = schema.TransposeConvOptionsT()
    o.padding = getattr(schema.Padding, padding)
    o.strideH, o.strideW = stride
    g.op("TRANSPOSE_CONV", [shape, wt, xin, b], [y], o, version=4 if bias else 3)
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


__all__ = ["fc", "fc_blockwise", "batch_matmul", "embedding_lookup", "conv", "transpose_conv", "inputs"]


LSTM_ACTIVATIONS = {"NONE": 0, "RELU": 1, "RELU6": 3, "TANH": 4}


def _lstm_direction(g, rng, prefix, batch, n_input, n_cell, n_output, *, hybrid, cifg, peephole, projection,
                    projection_bias, aux_input=0) -> tuple[list, list, list]:
    """One LSTM direction's operands 1-17 (UNIDIRECTIONAL_SEQUENCE_LSTM's order; -1 for the
    omitted), its two state variables, and its aux weights by gate (with `aux_input` > 0)."""
    def weights(name, shape):
        scale = float(np.float32(rng.uniform(0.5, 0.8) / 127 / np.sqrt(shape[-1] / 8)))
        values = rng.integers(-127, 127, shape, endpoint=True).astype(np.int8)
        if hybrid:
            return g.const(prefix + name, values, "INT8", quant=per_tensor(scale, 0))
        return g.const(prefix + name, (values * np.float32(scale)).astype(np.float32))

    gates = ("forget", "cell", "output") if cifg else ("input", "forget", "cell", "output")
    inputs, aux = [-1] * 17, [-1] * 4
    for k, gate in enumerate(("input", "forget", "cell", "output")):
        if gate in gates:
            inputs[k] = weights(f"{gate}_w", (n_cell, n_input))
            inputs[4 + k] = weights(f"{gate}_r", (n_cell, n_output))
            inputs[11 + k] = g.const(f"{prefix}{gate}_b", rng.uniform(-0.5, 0.5, n_cell).astype(np.float32))
            if aux_input:
                aux[k] = weights(f"{gate}_aux", (n_cell, aux_input))
    if peephole:
        for k, gate in enumerate(("input", "forget", "output")):
            if gate in gates:
                inputs[8 + k] = weights(f"{gate}_peephole", (n_cell,))
    if projection:
        inputs[15] = weights("projection", (n_output, n_cell))
        if projection_bias:
            inputs[16] = g.const(prefix + "projection_b", rng.uniform(-0.2, 0.2, n_output).astype(np.float32))
    states = [g.tensor(prefix + "output_state", (batch, n_output), variable=True),
              g.tensor(prefix + "cell_state", (batch, n_cell), variable=True)]
    return inputs, states, aux


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
    operands, states, _ = _lstm_direction(g, rng, "", batch, n_input, n_cell, n_output, hybrid=hybrid, cifg=cifg,
                                          peephole=peephole, projection=projection, projection_bias=projection_bias)
    y = g.tensor("y", y_shape)
    if op == "LSTM":
        o = schema.LSTMOptionsT()
    else:
        o = schema.UnidirectionalSequenceLSTMOptionsT()
        o.timeMajor = time_major
    o.fusedActivationFunction = LSTM_ACTIVATIONS[act]
    o.cellClip, o.projClip = cell_clip, proj_clip
    o.asymmetricQuantizeInputs = asymmetric
    g.op(op, [x] + operands + states, [y], o, version=(3 if asymmetric else 2) if hybrid else 1)
    g.output(y)
    return m.build()


def _sequence_shape(time_major, steps, batch, n):
    return (steps, batch, n) if time_major else (batch, steps, n)


def bidirectional_lstm(batch=2, steps=4, n_input=5, n_cell=6, n_output=None, *, hybrid=True, cifg=False,
                       peephole=False, projection=False, merge_outputs=False, time_major=True, aux="none",
                       n_aux=None, cell_clip=0.0, proj_clip=0.0, asymmetric=False, act="TANH", seed=0) -> bytes:
    """BIDIRECTIONAL_SEQUENCE_LSTM; `aux` is "none", "stacking" (an aux input with aux weights
    in both directions) or "non-stacking" (an aux input the backward direction reads instead
    of the input)."""
    rng = np.random.default_rng(seed)
    n_output = n_output or n_cell
    n_aux = n_aux or n_input
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", _sequence_shape(time_major, steps, batch, n_input))
    aux_input = g.input("aux", _sequence_shape(time_major, steps, batch, n_aux if aux == "stacking" else n_input)) \
        if aux != "none" else -1
    common = dict(hybrid=hybrid, cifg=cifg, peephole=peephole, projection=projection, projection_bias=True,
                  aux_input=n_aux if aux == "stacking" else 0)
    fw, fw_states, fw_aux = _lstm_direction(g, rng, "fw_", batch, n_input, n_cell, n_output, **common)
    bw, bw_states, bw_aux = _lstm_direction(g, rng, "bw_", batch, n_input, n_cell, n_output, **common)
    inputs = [x] + fw + bw + fw_states + bw_states + [aux_input] + fw_aux + bw_aux
    outputs = [g.tensor("y", _sequence_shape(time_major, steps, batch, 2 * n_output if merge_outputs else n_output))]
    if not merge_outputs:
        outputs.append(g.tensor("y_bw", _sequence_shape(time_major, steps, batch, n_output)))
    o = schema.BidirectionalSequenceLSTMOptionsT()
    o.fusedActivationFunction = LSTM_ACTIVATIONS[act]
    o.cellClip, o.projClip = cell_clip, proj_clip
    o.mergeOutputs, o.timeMajor, o.asymmetricQuantizeInputs = merge_outputs, time_major, asymmetric
    g.op("BIDIRECTIONAL_SEQUENCE_LSTM", inputs, outputs, o, version=(3 if asymmetric else 2) if hybrid else 1)
    for y in outputs:
        g.output(y)
    return m.build()


RNN_OPS = ("RNN", "UNIDIRECTIONAL_SEQUENCE_RNN", "BIDIRECTIONAL_SEQUENCE_RNN")


def rnn(op="UNIDIRECTIONAL_SEQUENCE_RNN", batch=2, steps=5, n_input=6, units=8, bw_units=None, *, hybrid=True,
        time_major=False, merge_outputs=False, aux="none", asymmetric=False, act="TANH", hidden=None,
        per_channel=False, seed=0) -> bytes:
    """RNN ([batch, n_input], one step), UNIDIRECTIONAL_SEQUENCE_RNN or BIDIRECTIONAL_SEQUENCE_RNN
    (`aux` as in bidirectional_lstm) with int8 weights (hybrid; the input weights per axis with
    `per_channel`) or float ones. The hidden state is a variable, or (`hidden`, only our
    importer takes it) a constant."""
    rng = np.random.default_rng(seed)
    m = ModelBuilder()
    g = m.subgraph()

    def weights(name, shape):
        scale = float(np.float32(rng.uniform(0.6, 0.9) / 127 / np.sqrt(shape[-1] / 8)))
        values = rng.integers(-127, 127, shape, endpoint=True).astype(np.int8)
        if hybrid and per_channel and name.endswith("w"):
            return g.const(name, values, "INT8", quant=per_axis([scale] * shape[0], [0] * shape[0], 0))
        if hybrid:
            return g.const(name, values, "INT8", quant=per_tensor(scale, 0))
        return g.const(name, (values * np.float32(scale)).astype(np.float32))

    def direction(prefix, n, aux_input):
        ops = [weights(prefix + "w", (n, n_input)), weights(prefix + "r", (n, n)),
               g.const(prefix + "b", rng.uniform(-0.5, 0.5, n).astype(np.float32)),
               g.tensor(prefix + "h", (batch, n), variable=True) if hidden is None
               else g.const(prefix + "h", np.asarray(hidden, np.float32).reshape(batch, n))]
        return ops, (weights(prefix + "aux_w", (n, n_input)) if aux_input else -1)

    x_shape = (batch, n_input) if op == "RNN" else _sequence_shape(time_major, steps, batch, n_input)
    x = g.input("x", x_shape)
    out_shape = (lambda n: (batch, n)) if op == "RNN" else (lambda n: _sequence_shape(time_major, steps, batch, n))
    if op == "BIDIRECTIONAL_SEQUENCE_RNN":
        bw_units = bw_units or units
        aux_input = g.input("aux", x_shape) if aux != "none" else -1
        fw, fw_aux = direction("fw_", units, aux == "stacking")
        bw, bw_aux = direction("bw_", bw_units, aux == "stacking")
        inputs = [x] + fw + bw + [aux_input, fw_aux, bw_aux]
        outputs = [g.tensor("y", out_shape(units + bw_units if merge_outputs else units))]
        if not merge_outputs:
            outputs.append(g.tensor("y_bw", out_shape(bw_units)))
        o = schema.BidirectionalSequenceRNNOptionsT()
        o.timeMajor, o.mergeOutputs = time_major, merge_outputs
    else:
        ops, _ = direction("", units, False)
        inputs, outputs = [x] + ops, [g.tensor("y", out_shape(units))]
        o = schema.RNNOptionsT() if op == "RNN" else schema.SequenceRNNOptionsT()
        if op != "RNN":
            o.timeMajor = time_major
    o.fusedActivationFunction = RNN_ACTIVATIONS[act]
    o.asymmetricQuantizeInputs = asymmetric
    g.op(op, inputs, outputs, o, version=(3 if asymmetric else 2) if hybrid else 1)
    for y in outputs:
        g.output(y)
    return m.build()


RNN_ACTIVATIONS = {"NONE": 0, "RELU": 1, "RELU_N1_TO_1": 2, "RELU6": 3, "TANH": 4}


def svdf(batch=2, n_input=7, filters=6, memory=5, rank=2, *, hybrid=True, bias=True, asymmetric=False,
         act="RELU", state=None, seed=0) -> bytes:
    """SVDF with int8 feature and time weights (hybrid) or float ones; a [batch, filters *
    memory] state variable (or a constant holding `state`, which only our importer takes),
    a [batch, filters / rank] output."""
    rng = np.random.default_rng(seed)
    m = ModelBuilder()
    g = m.subgraph()

    def weights(name, shape, spread):
        scale = float(np.float32(spread / 127))
        values = rng.integers(-127, 127, shape, endpoint=True).astype(np.int8)
        if hybrid:
            return g.const(name, values, "INT8", quant=per_tensor(scale, 0))
        return g.const(name, (values * np.float32(scale)).astype(np.float32))

    x = g.input("x", (batch, n_input))
    inputs = [x, weights("feature", (filters, n_input), 0.6), weights("time", (filters, memory), 0.8),
              g.const("bias", rng.uniform(-0.3, 0.3, filters // rank).astype(np.float32)) if bias else -1,
              g.tensor("state", (batch, filters * memory), variable=True) if state is None
              else g.const("state", np.asarray(state, np.float32).reshape(batch, filters * memory))]
    y = g.tensor("y", (batch, filters // rank))
    o = schema.SVDFOptionsT()
    o.rank, o.fusedActivationFunction, o.asymmetricQuantizeInputs = rank, RNN_ACTIVATIONS[act], asymmetric
    g.op("SVDF", inputs, [y], o, version=(4 if asymmetric else 2) if hybrid else 1)
    g.output(y)
    return m.build()
