"""quant dialect kernels: the casts, with the same arithmetic lower-quant-ops emits.

So the `legalized` stage (casts still there) and the `lowered` stage (casts
lowered) compute the same numbers: x / scale in the expressed type, rounding
(the executor's `rounding` option, TFLite's by default), add the zero point,
saturate to the storage range. A float storage type rounds as its format does
(lower_quant_ops_float.py).
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects.quant.types import FLOAT_STORAGE, quantized_element_type
from tfl2quant.ir.types import numpy_dtype
from tfl2quant.numerics import round_half_away, to_narrow_float
from tfl2quant.passes import Rounding
from tfl2quant.passes.lower_quant_ops_float import holds_exactly, storage_bounds

from ._util import as_unsigned, wrap_to


def _params(q, shape, expressed_dtype):
    scale = np.asarray(q.scale_array(shape)).astype(expressed_dtype)
    zp = np.asarray(q.zero_point_array(shape), np.int64)
    return scale, zp


def quantize(x: np.ndarray, q, rounding: Rounding = Rounding.HALF_AWAY_FROM_ZERO) -> np.ndarray:
    """Stored integers (in the storage container) for floats `x`."""
    if q.storage_float:
        return quantize_float(x, q)
    expressed = numpy_dtype(q.expressed_type)
    scale, zp = _params(q, x.shape, expressed)
    t = (x.astype(expressed) / scale).astype(expressed)
    if expressed.itemsize < 4:  # f16/bf16: round in f32, as the lowering does
        t = t.astype(np.float32)
    if rounding is Rounding.TOWARD_ZERO:
        t = t + zp.astype(t.dtype)
        r = np.trunc(np.clip(t, -2.0 ** 62, 2.0 ** 62))
        stored = r.astype(np.int64)
    else:
        r = round_half_away(t) if rounding is Rounding.HALF_AWAY_FROM_ZERO else np.rint(t)
        r = np.nan_to_num(np.clip(r, -2.0 ** 62, 2.0 ** 62), nan=-2.0 ** 62)
        stored = r.astype(np.int64) + zp
    return wrap_to(np.clip(stored, q.storage_type_min, q.storage_type_max), q.storage_type)


def dequantize(stored: np.ndarray, q) -> np.ndarray:
    if q.storage_float:
        return dequantize_float(stored, q)
    expressed = numpy_dtype(q.expressed_type)
    scale, zp = _params(q, stored.shape, expressed)
    values = stored if q.is_signed else as_unsigned(stored, q.storage_width)
    return ((values.astype(expressed) - zp.astype(expressed)) * scale).astype(expressed)


def quantize_float(x: np.ndarray, q) -> np.ndarray:
    """Stored values of a float storage type, as lower_quant_ops_float.py computes them."""
    expressed = numpy_dtype(q.expressed_type)
    scale, zp = _params(q, x.shape, expressed)
    g = np.dtype(np.float64 if expressed == np.float64 else np.float32)
    t = (x.astype(expressed) / scale).astype(expressed).astype(g)
    if any(q.zero_points_flat()):  # the lowering adds none when every zero point is 0 (-0.0 stays)
        t = t + zp.astype(g)
    lo, hi = storage_bounds(q)
    if FLOAT_STORAGE[q.storage_float].nan:  # maximumf / minimumf: NaN stays NaN
        t = np.minimum(np.maximum(t, g.type(lo)), g.type(hi))
    else:  # maxnumf / minnumf: NaN becomes lo
        t = np.fmin(np.fmax(t, g.type(lo)), g.type(hi))
    return to_narrow_float(t, numpy_dtype(q.storage_type))


def dequantize_float(stored: np.ndarray, q) -> np.ndarray:
    expressed = numpy_dtype(q.expressed_type)
    scale, zp = _params(q, stored.shape, expressed)
    if holds_exactly(q.expressed_type.name, q.storage_float):
        f = stored.astype(expressed)
    else:
        f = stored.astype(np.float32).astype(expressed)
    if any(q.zero_points_flat()):
        f = (f - zp.astype(expressed)).astype(expressed)
    return (f * scale).astype(expressed)


def qcast(ctx, x):
    return quantize(x, quantized_element_type(ctx.op.result.type), ctx.options.rounding)


def dcast(ctx, x):
    return dequantize(x, quantized_element_type(ctx.op.operands[0].type))


KERNELS = {
    "quant.qcast": qcast,
    "quant.dcast": dcast,
    "quant.scast": lambda ctx, x: x,
}
