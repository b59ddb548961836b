"""lower-quant-ops for float storage types: the arithmetic of one element.

A float storage type (f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f6E2M3FN, f6E3M2FN, f4E2M1FN) has
one rounding, its format's: round to nearest, ties to even (the OCP MX and FP8 specifications;
arith.truncf's default). Its lowering is therefore the same under every `rounding` option, which
chooses how to round to an integer storage type; lower_quant_ops.py places these ops as it places
the integer ones (per-layer splats, a linalg.generic per axis or block, unranked flattening).

    qcast   t = x / scale                   in the expressed type E
            t = extf(t) : G                 G = f64 for an f64 E, else f32 (exact)
            t = t + zp                      in G, exact; left out when every zero point is 0
            t = clamp(t, lo, hi)            lo, hi = the storage range within the finite values
            q = truncf(t) : storage type    nearest, ties to even
    dcast   (stored in E - zp) * scale      in E, as for integer storage (the RFC's formula)

Saturation: every value beyond [lo, hi], infinities included, becomes lo or hi before truncf, so
truncf never sees a value its format cannot hold. That is where this differs from a bare
arith.truncf, whose overflow is the target's business: ml_dtypes and IREE give NaN for
f8E4M3FN, inf for f8E5M2, and saturate f4E2M1FN, and upstream's f4E2M1FN expansion
(ArithExpandOps' F4E2M1TruncFOpConverter) clamps with minnumf/maxnumf, which sends NaN to 6.0.

NaN: a format with NaN keeps it (arith.maximumf/minimumf return a NaN operand, and truncf of NaN
is the format's NaN); a format without NaN (f6E2M3FN, f6E3M2FN, f4E2M1FN) cannot, and there
arith.maxnumf/minnumf, which return the other operand, send NaN to lo, as the saturating integer
lowering does. truncf then sees no NaN either, whose conversion to these formats is unspecified
(ml_dtypes gives -0.0, IREE +0.0).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Union

import numpy as np

from ..dialects.quant.types import FLOAT_STORAGE, QuantizedType
from ..ir.core import Value
from ..ir.types import FLOAT_WIDTHS, FloatType, f32, f64, numpy_dtype

ZeroPoint = Union[Value, int]  # a zero point read from a tensor, or the type's constant one


def compute_type(q: QuantizedType) -> FloatType:
    """G: where a quantized value is scaled and clamped before its conversion."""
    return f64 if q.expressed_type == f64 else f32


def storage_bounds(q: QuantizedType) -> tuple[float, float]:
    """The storage range within the format's finite values: f6E2M3FN's default range -8:8 (an
    integer range, as upstream's) saturates at 7.5."""
    largest = FLOAT_STORAGE[q.storage_float].largest
    return max(float(q.storage_type_min), -largest), min(float(q.storage_type_max), largest)


def quantize_float(em, x: Value, scale: Value, zp: ZeroPoint, q: QuantizedType) -> Value:
    """Stored values of `x` (see the module docstring); `em` emits the ops (lower_quant_ops.Elementwise)."""
    expressed, g = q.expressed_type, compute_type(q)
    t = em.op("arith.divf", [x, scale], expressed)
    if expressed != g:
        t = em.op("arith.extf", [t], g)
    if isinstance(zp, Value):
        t = em.op("arith.addf", [t, zp], g)
    elif zp:
        t = em.op("arith.addf", [t, em.const(zp, g)], g)
    lo, hi = storage_bounds(q)
    bigger, smaller = ("arith.maximumf", "arith.minimumf") if FLOAT_STORAGE[q.storage_float].nan else \
        ("arith.maxnumf", "arith.minnumf")
    t = em.op(smaller, [em.op(bigger, [t, em.const(lo, g)], g), em.const(hi, g)], g)
    return em.op("arith.truncf", [t], q.storage_type)


def dequantize_float(em, stored: Value, scale: Value, zp: ZeroPoint, q: QuantizedType) -> Value:
    expressed = q.expressed_type
    if holds_exactly(expressed.name, q.storage_float):
        f = em.op("arith.extf", [stored], expressed)
    else:  # an 8-bit expressed type: no extf from a type as wide, or one it cannot hold
        f = em.op("arith.truncf", [em.op("arith.extf", [stored], f32)], expressed)
    if isinstance(zp, Value):
        f = em.op("arith.subf", [f, zp], expressed)
    elif zp:
        f = em.op("arith.subf", [f, em.const(zp, expressed)], expressed)
    return em.op("arith.mulf", [f, scale], expressed)


def zero_point_type(q: QuantizedType, quantize: bool) -> FloatType:
    """The element type of a per-axis or sub-channel zero-point tensor: G for qcast (where the
    zero point is added), E for dcast (where it is subtracted)."""
    return compute_type(q) if quantize else q.expressed_type


@lru_cache(maxsize=None)
def holds_exactly(wide: str, narrow: str) -> bool:
    """Whether arith.extf from float type `narrow` to `wide` is valid (wider) and exact."""
    if FLOAT_WIDTHS[wide] <= FLOAT_WIDTHS[narrow]:
        return False
    bits = np.arange(1 << FLOAT_WIDTHS[narrow], dtype=np.uint8)
    values = bits.view(numpy_dtype(FloatType(narrow))).astype(np.float64)
    values = values[np.isfinite(values)]
    return bool(np.array_equal(values.astype(numpy_dtype(FloatType(wide))).astype(np.float64), values))
