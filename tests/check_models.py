"""Small TFLite models for `tfl2quant check`'s verdicts (tests/test_check_*.py), written
with tflite_builder (no TensorFlow).

    attention_mask(fill)    scores + SELECT_V2(causal, 0, fill), as GPT-style exporters mask
                            attention (fill -inf or finfo(float32).min), then SOFTMAX
"""
from __future__ import annotations

import numpy as np
from ai_edge_litert import schema_py_generated as schema

from .tflite_builder import ModelBuilder


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
