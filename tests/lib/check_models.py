"""Small TFLite models for `tfl2quant check`'s verdicts (tests/check/test_check_*.py), written
with tflite_builder (no TensorFlow).

    attention_mask(fill)    scores + SELECT_V2(causal, 0, fill), as GPT-style exporters mask
                            attention (fill -inf or finfo(float32).min), then SOFTMAX
    int8_depth_to_space()   int8 CONV_2D, DEPTH_TO_SPACE version 2, CONV_2D
    mediapipe_unpooling()   ADD, MediaPipe's three XNNPACK-backed custom ops, LOGISTIC
    deep_float()            60 float FULLY_CONNECTED + TANH layers: float noise, amplified
"""
from __future__ import annotations

import struct

import numpy as np
from ai_edge_litert import schema_py_generated as schema

from tools.tflite_builder import ModelBuilder, per_axis, per_tensor

SAME, VALID = 1, 2  # TfLitePadding, in MediaPipe's custom options


def attention_mask(fill: float) -> bytes:
    """SELECT_V2 of a causal mask between 0 and `fill`, RESHAPE, ADD to the scores, SOFTMAX;
    both the masked scores and the probabilities are outputs."""
    m = ModelBuilder()
    g = m.subgraph()
    scores = g.input("scores", [1, 4, 6])
    keep = g.const("causal", np.tril(np.ones((4, 6), bool), 2)[None])
    zero = g.const("zero", np.zeros((1, 1, 1), np.float32))
    low = g.const("fill", np.full((1, 1, 1), fill, np.float32))
    mask = g.tensor("mask", [1, 4, 6])
    g.op("SELECT_V2", [keep, zero, low], [mask])
    reshaped = g.tensor("mask_reshaped", [1, 4, 6])
    g.op("RESHAPE", [mask, g.const("shape", np.array([1, 4, 6], np.int32))], [reshaped], schema.ReshapeOptionsT())
    masked = g.tensor("masked", [1, 4, 6])
    g.op("ADD", [scores, reshaped], [masked], schema.AddOptionsT())
    softmax = schema.SoftmaxOptionsT()
    softmax.beta = 1.0
    probs = g.tensor("probs", [1, 4, 6])
    g.op("SOFTMAX", [masked], [probs], softmax)
    g.output(masked, probs)
    return m.build()


def _conv(g, name: str, x: int, shape_in, filters, kernel, scale_out: float, zp_out: int, rng) -> int:
    """An int8 CONV_2D (SAME, stride 1, per-channel weights) of tensor x; returns its output."""
    channels = shape_in[-1]
    w = rng.integers(-127, 128, (filters, *kernel, channels)).astype(np.int8)
    scales = [float(s) for s in np.float32(rng.uniform(0.004, 0.02, filters))]
    weights = g.const(f"{name}/w", w, quant=per_axis(scales, [0] * filters, 0))
    x_scale = g.t.tensors[x].quantization.scale[0]
    bias = g.const(f"{name}/b", rng.integers(-3000, 3000, filters).astype(np.int32),
                   quant=per_axis([x_scale * s for s in scales], [0] * filters, 0))
    y = g.tensor(name, [*shape_in[:-1], filters], "INT8", quant=per_tensor(scale_out, zp_out))
    o = schema.Conv2DOptionsT()
    o.padding, o.strideH, o.strideW, o.dilationHFactor, o.dilationWFactor = schema.Padding.SAME, 1, 1, 1, 1
    g.op("CONV_2D", [x, weights, bias], [y], o, version=3)
    return y


def int8_depth_to_space(seed: int = 0) -> bytes:
    """int8 CONV_2D, DEPTH_TO_SPACE (block 2, version 2: BUILTIN_REF registers version 1 only,
    register_ref.cc), CONV_2D: what the TF converter makes of an upsampling pose detector."""
    rng = np.random.default_rng(seed)
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("image", [1, 5, 7, 3], "INT8", quant=per_tensor(0.05, -3))
    y = _conv(g, "features", x, [1, 5, 7, 3], 8, (3, 3), 0.1, 2, rng)
    up = g.tensor("upsampled", [1, 10, 14, 2], "INT8", quant=per_tensor(0.1, 2))
    o = schema.DepthToSpaceOptionsT()
    o.blockSize = 2
    g.op("DEPTH_TO_SPACE", [y], [up], o, version=2)
    out = _conv(g, "heatmaps", up, [1, 10, 14, 2], 4, (3, 3), 0.2, -1, rng)
    g.output(out)
    return m.build()


def mediapipe_unpooling(seed: int = 0) -> bytes:
    """A float decoder of MediaPipe's selfie-segmentation kind: ADD, Convolution2DTransposeBias,
    MaxPoolingWithArgmax2D, MaxUnpooling2D (the three custom ops only TFLite's default resolver
    runs, through XNNPACK), then LOGISTIC."""
    rng = np.random.default_rng(seed)
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("features", [1, 4, 6, 2])
    shifted = g.tensor("shifted", [1, 4, 6, 2])
    g.op("ADD", [x, g.const("shift", rng.standard_normal((1, 1, 1, 2)).astype(np.float32))], [shifted],
         schema.AddOptionsT())
    up = g.tensor("upsampled", [1, 8, 12, 4])  # SAME: 2 (4 - 1) + 3 - 1 rows, 2 (6 - 1) + 3 - 1 columns
    weights = g.const("deconv/w", rng.standard_normal((4, 3, 3, 2)).astype(np.float32))
    bias = g.const("deconv/b", rng.standard_normal(4).astype(np.float32))
    g.op("CUSTOM", [shifted, weights, bias], [up], custom="Convolution2DTransposeBias",
         custom_options=struct.pack("<4i", SAME, 2, 2, 0))
    pooled, indices = g.tensor("pooled", [1, 4, 6, 4]), g.tensor("argmax", [1, 4, 6, 4])
    pool = struct.pack("<6i", VALID, 2, 2, 2, 2, 0) + bytes(16)
    g.op("CUSTOM", [up], [pooled, indices], custom="MaxPoolingWithArgmax2D", custom_options=pool)
    unpooled = g.tensor("unpooled", [1, 8, 12, 4])
    g.op("CUSTOM", [pooled, indices], [unpooled], custom="MaxUnpooling2D", custom_options=pool)
    mask = g.tensor("mask", [1, 8, 12, 4])
    g.op("LOGISTIC", [unpooled], [mask])
    g.output(mask)
    return m.build()


def deep_float(layers: int = 60, width: int = 32, gain: float = 2.0, seed: int = 0) -> bytes:
    """`layers` float FULLY_CONNECTED + TANH pairs, weights of gain `gain`: each layer gives
    TFLite's result on its own inputs to the last bit or two (TANH: glibc's tanhf there,
    float64 rounded once here), and the network amplifies those bits layer after layer, as
    it amplifies the differences between TFLite's own kernel sets."""
    rng = np.random.default_rng(seed)
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [4, width])
    for k in range(layers):
        w = g.const(f"w{k}", (rng.standard_normal((width, width)) * gain / np.sqrt(width)).astype(np.float32))
        b = g.const(f"b{k}", (rng.standard_normal(width) * 0.1).astype(np.float32))
        y = g.tensor(f"fc{k}", [4, width])
        g.op("FULLY_CONNECTED", [x, w, b], [y], schema.FullyConnectedOptionsT())
        x = g.tensor(f"tanh{k}", [4, width])
        g.op("TANH", [y], [x])
    g.output(x)
    return m.build()
