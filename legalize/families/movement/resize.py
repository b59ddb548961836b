"""RESIZE_NEAREST_NEIGHBOR and RESIZE_BILINEAR.

Both read values at indices TFLite computes from the shapes in float32
(computed here the same way, so they are constants): `tosa.resize` where it
provably picks the same pixels, else `tosa.gather` with TFLite's indices.
NEAREST copies stored values (`OnStorage` when input and
output are quantized alike). BILINEAR int8/int16 is TFLite's integer kernel,
ResizeBilinearInteger, bit for bit (QuantizedBilinear); uint8 uses TFLite's
float kernel, so it falls back.
"""
from __future__ import annotations

import math

import numpy as np

from tfl2quant.dialects import arith, tosa
from tfl2quant.dialects.linalg import generic
from tfl2quant.dialects.quant.ops import expressed_type_of
from tfl2quant.ir.affine import AffineMap, dim
from tfl2quant.ir.attributes import DialectAttr, IntegerAttr
from tfl2quant.ir.types import (
    FloatType,
    element_type,
    f32,
    i1,
    i8,
    i16,
    i32,
    i64,
    tensor,
)

from ...lib.emit import divide_half_away
from ...lib.gather import take
from ...lib.patterns import StaticPattern
from ...lib.query import option, qtype, static_shapes, storage, storage_name
from ...rule import IntegerPattern


def nearest_indices(size: int, out: int, align_corners: bool, half_pixel: bool) -> np.ndarray:
    """GetNearestNeighbor (reference/resize_nearest_neighbor.h), in float32 as TFLite has it."""
    f = np.float32
    scale = f(size - 1) / f(out - 1) if align_corners and out > 1 else f(size) / f(out)
    pos = (np.arange(out, dtype=f) + f(0.5 if half_pixel else 0)) * scale
    idx = np.floor(pos) + ((pos - np.floor(pos) >= 0.5) if align_corners else 0)  # TfLiteRound: half up here
    idx = np.minimum(idx.astype(np.int64), size - 1)
    return np.maximum(idx, 0) if half_pixel else idx


def tosa_nearest(size: int, out: int, align_corners: bool, half_pixel: bool, want: np.ndarray):
    """(scale_n, scale_d, offset, border) for which tosa.resize NEAREST_NEIGHBOR picks
    exactly `want`, or None. TOSA rounds the position (o*d + offset)/n half up; TFLite
    floors (o + h)*in/out, or rounds (o + h)*(in-1)/(out-1) with align_corners."""
    if align_corners and (size == 1 or out == 1):
        return None
    if align_corners:
        n, d, offset = (2 * (out - 1), 2 * (size - 1), size - 1) if half_pixel else (out - 1, size - 1, 0)
    else:
        n, d, offset = 2 * out, 2 * size, (size - out if half_pixel else -out)
    g = math.gcd(n, d, offset)
    n, d, offset = n // g, d // g, offset // g
    border = (out - 1) * d - (size - 1) * n + offset
    if not (n <= 1 << 11 and d < 16 * n and -n <= offset < 16 * n and -16 * n <= border < n
            and max(size, out) < 16384):
        return None
    y = np.arange(out) * d + offset
    iy, ry = y // n, y % n
    picked = np.where(2 * ry >= n, np.minimum(iy + 1, size - 1), np.maximum(iy, 0))
    return (n, d, offset, border) if np.array_equal(picked, want) else None


def bilinear_taps(size: int, out: int, align_corners: bool, half_pixel: bool):
    """ComputeInterpolationValues (reference/resize_bilinear.h) in float32:
    the two source rows and their weights 1 - (v - lo), v - lo."""
    f = np.float32
    scale = f(size - 1) / f(out - 1) if align_corners and out > 1 else f(size) / f(out)
    o = np.arange(out, dtype=f)
    v = (o + f(0.5)) * scale - f(0.5) if half_pixel else o * scale
    lo = np.maximum(np.floor(v).astype(np.int64), 0)
    hi = np.minimum(np.ceil(v).astype(np.int64), size - 1)
    frac = v - lo.astype(f)
    return (lo, hi), (f(1) - frac, frac)


class Resize(StaticPattern):
    """RESIZE_NEAREST_NEIGHBOR: tosa.resize where it picks exactly TFLite's pixels
    (checked at compile time), else a tosa.gather per axis with TFLite's indices.

    RESIZE_BILINEAR (float; the int8/int16 form is QuantizedBilinear): TFLite's float kernel sums v00*wy0*wx0 + v10*wy1*wx0 + v01*wy0*wx1
    + v11*wy1*wx1 with float32 weights from a float32 scale; tosa.resize sums in another
    order with exact rational weights, so it never agrees bit for bit. The four taps are
    gathered with TFLite's indices and weighted in TFLite's order (tosa.mul, tosa.add)."""

    constants = {1: "size"}

    def __init__(self, bilinear: bool):
        self.bilinear = bilinear

    def check(self, op):
        if self.bilinear and not isinstance(element_type(expressed_type_of(op.operands[0].type)), FloatType):
            return "bilinear resize of integers"
        if self.bilinear and qtype(op.operands[0]) and storage_name(op.operands[0]) in ("i8", "i16"):
            return ("TFLite's int8/int16 kernel interpolates with 10-bit fixed-point weights "
                    "(ResizeBilinearInteger): a float fallback is several steps off")
        return None

    def rewrite(self, b, op, operands, result_types):
        x = operands[0]
        _, ih, iw, _ = x.type.shape
        _, oh, ow, _ = result_types[0].shape
        modes = (bool(option(op, "align_corners", False)), bool(option(op, "half_pixel_centers", False)))
        if self.bilinear:
            return [self._bilinear(b, x, bilinear_taps(ih, oh, *modes), bilinear_taps(iw, ow, *modes),
                                   result_types[0])]
        iy, ix = nearest_indices(ih, oh, *modes), nearest_indices(iw, ow, *modes)
        params = (tosa_nearest(ih, oh, *modes, iy), tosa_nearest(iw, ow, *modes, ix))
        if None in params or element_type(x.type) not in (f32, i8, i16):
            return [take(b, take(b, x, 1, iy), 2, ix)]
        (ny, dy, offy, by), (nx, dx, offx, bx) = params
        shapes = [tosa.const_shape(b, s) for s in ((ny, dy, nx, dx), (offy, offx), (by, bx))]
        return [b.value("tosa.resize", [x] + shapes, result_types[0],
                        {"mode": DialectAttr("tosa", "resize_mode", "NEAREST_NEIGHBOR")})]

    def _bilinear(self, b, x, rows, cols, result_type):
        (y0, y1), (wy0, wy1) = rows
        (x0, x1), (wx0, wx1) = cols
        elem = element_type(result_type)
        wy = [tosa.const(b, w.reshape(1, -1, 1, 1), elem) for w in (wy0, wy1)]
        wx = [tosa.const(b, w.reshape(1, 1, -1, 1), elem) for w in (wx0, wx1)]
        picked = [take(b, x, 1, y) for y in (y0, y1)]
        acc = None
        for i, j in ((0, 0), (1, 0), (0, 1), (1, 1)):  # TFLite's order of the four terms
            tap = take(b, picked[i], 2, (x0, x1)[j])
            term = tosa.mul(b, tosa.mul(b, tap, wy[i], result_type), wx[j], result_type)
            acc = term if acc is None else tosa.binary(b, "tosa.add", acc, term, result_type)
        return acc


def integer_taps(size: int, out: int, align_corners: bool, half_pixel: bool):
    """ComputeInterpolationValuesInteger (reference/resize_bilinear.h): positions in 1/1024
    of a pixel, C's truncating division, the two rows and their 10-bit weights."""
    scale = ((1 << 10) * size + out // 2) // out
    if align_corners and out > 1:
        scale = ((1 << 10) * (size - 1) + (out - 1) // 2) // (out - 1)
    v = np.arange(out, dtype=np.int64) * scale + ((scale // 2 - (1 << 9)) if half_pixel else 0)
    lo = np.maximum(np.where(v < 0, -((-v) // 1024), v // 1024), 0)
    hi = np.minimum((v + 1023) // 1024, size - 1)
    upper = v - 1024 * lo
    return (lo, hi), (1024 - upper, upper)


TAPS = ((0, 0), (1, 0), (0, 1), (1, 1))  # (row, column) of the four taps, in TFLite's order


class QuantizedBilinear(IntegerPattern):
    """int8/int16 RESIZE_BILINEAR as TFLite's ResizeBilinearInteger, bit for bit:

        acc = sum over the 4 taps of q * wy * wx        (10-bit weights: acc has 20 fraction bits)
        q_out = (acc + (acc > 0 ? 2^19 : -2^19)) / 2^20  (truncating: ties away from zero)

    on raw stored values (TFLite assumes input and output share scale and zero
    point). The sum is exact in i32 for int8 (|acc| < 2^28) and needs i64 for int16."""

    def unsupported(self, op):
        x = op.operands[0]
        reason = (static_shapes(op, [x, op.result])
                  or storage(op, "i8", "i16", values=[x, op.result]))
        return reason

    def rewrite(self, b, op, operands):
        x = operands[0]
        _, ih, iw, _ = x.type.shape
        shape = op.result.type.shape
        modes = (bool(option(op, "align_corners", False)), bool(option(op, "half_pixel_centers", False)))
        (y0, y1), (wy0, wy1) = integer_taps(ih, shape[1], *modes)
        (x0, x1), (wx0, wx1) = integer_taps(iw, shape[2], *modes)
        if element_type(x.type) == i8:
            return [self._int32(b, x, (y0, y1), (x0, x1), (wy0, wy1), (wx0, wx1), shape)]
        rows = [take(b, x, 1, y) for y in (y0, y1)]
        taps = [take(b, rows[i], 2, (x0, x1)[j]) for i, j in TAPS]
        return [self._int64(b, taps, (wy0, wy1), (wx0, wx1), shape)]

    @staticmethod
    def _int32(b, x, ys, xs, wys, wxs, shape):
        acc_type = tensor(shape, i32)
        wy = [tosa.const(b, w.reshape(1, -1, 1, 1), i32) for w in wys]
        wx = [tosa.const(b, w.reshape(1, 1, -1, 1), i32) for w in wxs]
        rows = [take(b, x, 1, y) for y in ys]
        acc = None
        for i, j in TAPS:
            tap = tosa.cast(b, take(b, rows[i], 2, xs[j]), acc_type)
            term = tosa.mul(b, tosa.mul(b, tap, wy[i], acc_type), wx[j], acc_type)
            acc = term if acc is None else tosa.binary(b, "tosa.add", acc, term, acc_type)
        half, divisor = (tosa.const(b, np.full((1, 1, 1, 1), v), i32) for v in (1 << 19, 1 << 20))
        return tosa.cast(b, divide_half_away(b, acc, divisor, half), tensor(shape, i8))

    @staticmethod
    def _int64(b, taps, wys, wxs, shape):
        """int16: the same sum in i64, one linalg.generic (TOSA's profiles have no i64
        multiply), with the weights indexed by output row and column."""
        wy = [arith.constant(b, w.astype(np.int64), tensor((len(w),), i64)) for w in wys]
        wx = [arith.constant(b, w.astype(np.int64), tensor((len(w),), i64)) for w in wxs]
        full, row, col = AffineMap.identity(4), AffineMap(4, (dim(1),)), AffineMap(4, (dim(2),))

        def body(r, args):
            q, (wy0, wy1, wx0, wx1) = args[:4], args[4:8]
            acc = None
            for tap, wy_, wx_ in zip(q, (wy0, wy1, wy0, wy1), (wx0, wx0, wx1, wx1)):
                term = r.value("arith.extsi", [tap], i64)
                term = r.value("arith.muli", [r.value("arith.muli", [term, wy_], i64), wx_], i64)
                acc = term if acc is None else r.value("arith.addi", [acc, term], i64)
            # (acc + (acc > 0 ? 2^19 : -2^19)) / 2^20, truncating (ties away from zero)
            zero, half, neg_half, divisor = (arith.constant(r, v, i64) for v in (0, 1 << 19, -(1 << 19), 1 << 20))
            positive = r.value("arith.cmpi", [acc, zero], i1, {"predicate": IntegerAttr(4, i64)})  # sgt
            rounding = r.value("arith.select", [positive, half, neg_half], i64)
            quotient = r.value("arith.divsi", [r.value("arith.addi", [acc, rounding], i64), divisor], i64)
            return r.value("arith.trunci", [quotient], i16)

        return generic(b, [*taps, *wy, *wx], [full] * 4 + [row, row, col, col], tensor(shape, i16), body)
