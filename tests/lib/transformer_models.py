"""One dynamic-range transformer block as the exporters write it, with tflite_builder:
hybrid FULLY_CONNECTED projections (int8 per-channel weights, float activations) around
float attention and a float MLP activation.

    x [1, T, D] -> FC q, k, v (keep_num_dims) -> RESHAPE, TRANSPOSE [1, H, T, D/H]
      -> BATCH_MATMUL q k^T (adj_y) [-> ADD causal mask] -> SOFTMAX (beta = 1 / sqrt(D/H))
      -> BATCH_MATMUL with v -> TRANSPOSE, RESHAPE [T, D] -> FC proj (2-D)
      -> ADD residual -> FC up -> GELU -> FC down -> [1, T, D]

The run-time quantization of each hybrid FULLY_CONNECTED turns a one-ULP difference in
its float input into a whole quantization step, so every float op between them must be
TFLite's to the bit for the block's output to be.
"""
from __future__ import annotations

import numpy as np
from ai_edge_litert import schema_py_generated as schema

from tools.tflite_builder import ModelBuilder, per_axis

MASK = float(np.finfo(np.float32).min)  # a causal mask as exporters add it (finite: ADD clamps inf)


def block(tokens: int = 13, dim: int = 24, heads: int = 3, hidden: int = 42, *, gelu_approximate=False,
          causal=False, asymmetric=False, seed=0) -> bytes:
    rng = np.random.default_rng(seed)
    m = ModelBuilder()
    g = m.subgraph()
    head = dim // heads

    def fc(name, x, units, depth, out_shape, keep_num_dims):
        w = rng.integers(-127, 127, (units, depth), endpoint=True).astype(np.int8)
        scales = [float(s) for s in np.float32(rng.uniform(0.6, 1.4, units) / 127 / np.sqrt(depth / 3))]
        wt = g.const(name + "_w", w, "INT8", quant=per_axis(scales, [0] * units, 0))
        b = g.const(name + "_b", rng.uniform(-0.3, 0.3, units).astype(np.float32))
        y = g.tensor(name, out_shape)
        o = schema.FullyConnectedOptionsT()
        o.keepNumDims, o.asymmetricQuantizeInputs = keep_num_dims, asymmetric
        g.op("FULLY_CONNECTED", [x, wt, b], [y], o, version=9)
        return y

    def reshape(name, x, shape):
        y = g.tensor(name, shape)
        g.op("RESHAPE", [x, g.const(name + "_shape", np.asarray(shape, np.int32))], [y])
        return y

    def transpose(name, x, perm, shape):
        y = g.tensor(name, shape)
        g.op("TRANSPOSE", [x, g.const(name + "_perm", np.asarray(perm, np.int32))], [y])
        return y

    def binary(op, name, a, b, shape, options):
        y = g.tensor(name, shape)
        g.op(op, [a, b], [y], options)
        return y

    x = g.input("x", (1, tokens, dim))
    split = {}
    for name in ("q", "k", "v"):
        h = fc(name, x, dim, dim, (1, tokens, dim), keep_num_dims=True)
        h = reshape(name + "_heads", h, (1, tokens, heads, head))
        split[name] = transpose(name + "_t", h, (0, 2, 1, 3), (1, heads, tokens, head))
    bmm = schema.BatchMatMulOptionsT()
    bmm.adjY = True
    scores = binary("BATCH_MATMUL", "scores", split["q"], split["k"], (1, heads, tokens, tokens), bmm)
    if causal:
        mask = np.triu(np.full((tokens, tokens), MASK, np.float32), 1)
        scores = binary("ADD", "masked", scores, g.const("mask", mask), (1, heads, tokens, tokens),
                        schema.AddOptionsT())
    o = schema.SoftmaxOptionsT()
    o.beta = float(np.float32(1 / np.sqrt(head)))
    probs = g.tensor("probs", (1, heads, tokens, tokens))
    g.op("SOFTMAX", [scores], [probs], o)
    ctx = binary("BATCH_MATMUL", "context", probs, split["v"], (1, heads, tokens, head), schema.BatchMatMulOptionsT())
    ctx = reshape("merged", transpose("context_t", ctx, (0, 2, 1, 3), (1, tokens, heads, head)), (tokens, dim))
    proj = fc("proj", ctx, dim, dim, (tokens, dim), keep_num_dims=False)
    res = binary("ADD", "residual", reshape("x_rows", x, (tokens, dim)), proj, (tokens, dim), schema.AddOptionsT())
    up = fc("up", res, hidden, dim, (tokens, hidden), keep_num_dims=False)
    act = g.tensor("gelu", (tokens, hidden))
    o = schema.GeluOptionsT()
    o.approximate = gelu_approximate
    g.op("GELU", [up], [act], o)
    y = fc("down", reshape("gelu_3d", act, (1, tokens, hidden)), dim, hidden, (1, tokens, dim), keep_num_dims=True)
    g.output(y)
    return m.build()
