"""MatrixBatchVectorMultiplyAccumulate as the recurrent kernels call it: `into += x W^T`.

The LSTM, RNN and SVDF kernels accumulate each product into a buffer that already holds the
bias (or zeros, or the sum so far), one matrix [M, K] per call. A pattern here puts the
matrices a step multiplies by the same vector side by side ([K, sum M]) and multiplies once
for every row it has (all time steps of the input at once: the products are row by row).

    FloatMatrix     float weights: `into + x W^T` (TFLite's float GEMM sums in its own
                    order, so float programs are held to the float tolerance)
    HybridMatrix    int8 weights, one scale per matrix (GetTensorScale): x quantized per
                    row at run time, then `into + float(acc - row_sum * z) * (s * sw)`
                    (hybrid.py), TFLite's numbers exactly
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.tfl import constant_array
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import Value
from tfl2quant.ir.types import f32, i8, i32, tensor

from . import hybrid
from .emit import concat, reshape
from .query import per_tensor, qtype, storage_name


def zeros(b: Builder, n: int) -> Value:
    """[n] f32 zeros: the buffer a kernel fills with zeros before accumulating into it."""
    return tosa.const(b, np.zeros(n, np.float32), f32)


def _matmul(b: Builder, x: Value, w: Value, element) -> Value:
    """x [rows, K] times w [1, K, M]: [rows, M] (i32 for i8 operands)."""
    rows, depth = x.type.shape
    zero = tosa.zero_point(b, 0.0 if element is f32 else 0, f32 if element is f32 else i8)
    y = b.value("tosa.matmul", [reshape(b, x, (1, rows, depth)), w, zero, zero],
                tensor((1, rows, w.type.shape[2]), element))
    return reshape(b, y, (rows, w.type.shape[2]))


class FloatMatrix:
    """Float matrices [M_i, K] (values) side by side."""

    def __init__(self, b: Builder, weights: list[Value]):
        w = concat(b, weights, 0) if len(weights) > 1 else weights[0]
        self.weights = reshape(b, tosa.transpose(b, w, (1, 0)), (1, w.type.shape[1], w.type.shape[0]))

    def accumulate(self, b: Builder, x: Value, into: Value) -> Value:
        """`into` ([M] or [rows, M]) plus x W^T."""
        y = _matmul(b, x, self.weights, f32)
        if len(into.type.shape) == 1:
            into = reshape(b, into, (1, into.type.shape[0]))
        return tosa.binary(b, "tosa.add", into, y, y.type)


class HybridMatrix:
    """Constant int8 matrices [M_i, K] (the op's operands: the stored values and each one's
    scale) side by side, with their row sums when the inputs are quantized asymmetrically.
    Built once, for every step that multiplies by them."""

    def __init__(self, b: Builder, weights: list[Value], asymmetric: bool):
        values = [hybrid.weight_values(w) for w in weights]
        kn = np.ascontiguousarray(np.concatenate(values).T)
        self.scales = np.concatenate([np.full(v.shape[0], np.float32(per_tensor(w).scale), np.float32)
                                      for v, w in zip(values, weights)])
        self.row_sums = (tosa.const(b, kn.astype(np.int64).sum(axis=0).astype(np.int32), i32)
                         if asymmetric else None)
        self.asymmetric = asymmetric
        self.weights = tosa.const(b, kn.reshape(1, *kn.shape), i8)

    def accumulate(self, b: Builder, x: Value, into: Value) -> Value:
        """`into` ([M] or [rows, M]) plus the hybrid product of `x` [rows, K] f32."""
        q, scale, zero_point = hybrid.quantize_rows(b, x, self.asymmetric)
        acc = _matmul(b, q, self.weights, i32)
        return hybrid.scale_back(b, acc, scale, zero_point, self.row_sums, self.scales, into)


def hybrid_weight_reason(v: Value, kernel: str):
    """Why `v` is not weights a hybrid recurrent kernel reads (int8, one scale, zero point 0,
    a constant), or None."""
    if storage_name(v) != "i8" or per_tensor(v) is None:
        per_axis = qtype(v) is not None and per_tensor(v) is None
        return (f"is {storage_name(v)}{' per axis' if per_axis else ''}; the hybrid {kernel} kernel reads "
                "int8 weights with one scale (GetTensorScale)")
    if per_tensor(v).zero_point != 0:
        return f"has zero point {per_tensor(v).zero_point}; the kernel does not read it"
    if constant_array(v) is None:
        return "is not a compile-time constant"
    return None
