"""TOSA kernels following the TOSA 1.0 specification's pseudocode.

Integer arithmetic is done in int64 and wrapped to the result type, or where that
is provably the same integers, faster: in float BLAS below 2^24 / 2^53, in the
result's own container (a ring modulo 2^width), through a table of an 8-bit
input's 256 results; float arithmetic stays in the operands' float type.
"""
from __future__ import annotations

import math

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from tfl2quant.ir.types import FloatType, IntegerType, integer_range
from tfl2quant.numerics import divide_toward_zero

from . import tosa_float
from ._util import as_unsigned, first, in_float64, wrap_to
from .tensor import reshape


def _is_float(x: np.ndarray) -> bool:
    kind = x.dtype.kind  # bfloat16 is a "V" kind; str() of a dtype costs 30 us, so only then
    return kind == "f" or (kind == "V" and x.dtype.name == "bfloat16")


def _signed(x: np.ndarray, unsigned: bool = False) -> np.ndarray:
    """int64 values of stored integers, read as unsigned when `unsigned`."""
    return (as_unsigned(x) if unsigned else x).astype(np.int64)


def _wrap(ctx, values):
    elem = ctx.result_elem()
    if isinstance(elem, FloatType):
        return np.asarray(values).astype(ctx.result_dtype())
    return wrap_to(values, elem)


# --- convolutions and matmul -------------------------------------------------

def _windows(x: np.ndarray, kernel, stride, dilation, pad, out_hw, fill=0) -> np.ndarray:
    """[N, OH, OW, C, KH, KW] views of the input padded with `fill` (zero after zero point subtraction)."""
    top, bottom, left, right = pad
    xp = np.pad(x, ((0, 0), (top, bottom), (left, right), (0, 0)), constant_values=fill)
    kh, kw = kernel
    eff = ((kh - 1) * dilation[0] + 1, (kw - 1) * dilation[1] + 1)
    win = sliding_window_view(xp, eff, axis=(1, 2))[:, ::stride[0], ::stride[1], :, ::dilation[0], ::dilation[1]]
    return win[:, :out_hw[0], :out_hw[1]]


def _conv_inputs(x, w, izp, wzp):
    """Integer operands less their zero points, in int64 (float ones: tosa_float.py)."""
    return x.astype(np.int64) - int(first(izp)), w.astype(np.int64) - int(first(wzp))


def _exact_matmul(a: np.ndarray, b: np.ndarray, bits: int) -> np.ndarray:
    """`a @ b`; for int64 operands whose products are below 2^`bits` in magnitude, through
    float64 BLAS when every partial sum is then an integer below 2^53 (exact in any summation
    order): numpy's int64 matmul has no BLAS and was most of a conv model's run."""
    if a.dtype == np.int64 and bits + a.shape[-1].bit_length() <= 53:
        return np.matmul(a.astype(np.float64), b.astype(np.float64)).astype(np.int64)
    return np.matmul(a, b)


def _product_bits(x: np.ndarray, w: np.ndarray) -> int:
    """A bound on |(x - zp) * (w - zp)| in bits, zero points being of the operands' types."""
    return 8 * (x.dtype.itemsize + w.dtype.itemsize)


def _padded(x: np.ndarray, izp, pad, dtype) -> np.ndarray:
    """x - izp in `dtype`, with `pad` (top, bottom, left, right) rows and columns of zeros."""
    top, bottom, left, right = pad
    n, h, w, c = x.shape
    xp = np.zeros((n, h + top + bottom, w + left + right, c), dtype)
    np.subtract(x, izp, out=xp[:, top:top + h, left:left + w], dtype=dtype, casting="unsafe")
    return xp


def _taps(xp: np.ndarray, kernel, stride, dilation, out_hw):
    """(ky, kx, the [N, OH, OW, C] view of the padded input that tap reads) in row-major order."""
    (sy, sx), (dy, dx), (oh, ow) = stride, dilation, out_hw
    for ky in range(kernel[0]):
        for kx in range(kernel[1]):
            y, x = ky * dy, kx * dx
            yield ky, kx, xp[:, y:y + (oh - 1) * sy + 1:sy, x:x + (ow - 1) * sx + 1:sx]


def _ring(ctx) -> np.dtype | None:
    """The result's container when it is an integer one at least as wide as the result: sums
    and products wrapping in it agree with the exact ones modulo 2^width, all wrap_to reads."""
    dtype, elem = ctx.result_dtype(), ctx.result_elem()
    if dtype.kind == "i" and isinstance(elem, IntegerType) and elem.width <= 8 * dtype.itemsize:
        return dtype
    return None


def _conv2d_weights(ctx, x, w, izp, wzp):
    """The [KH * KW * IC, OC] matrix of w - wzp (rows in tap-major order) for integer x, in the
    narrowest float type that sums it exactly: every partial sum of a product row is an
    integer of magnitude at most max|x - izp| * max over columns of sum|w - wzp|, exact in
    float32 below 2^24 and in float64 below 2^53 in any summation order. Made once per op
    while w and the zero points are the same arrays (constants)."""
    found = ctx.cache.get("conv2d")
    if found is not None and found[0] is w and found[1] is izp and found[2] is wzp and found[3] == x.dtype:
        return found[4:]
    zx, zw = int(first(izp)), int(first(wzp))
    info = np.iinfo(x.dtype)
    w64 = w.astype(np.int64) - zw
    reach = max(abs(int(info.min) - zx), abs(int(info.max) - zx))
    bound = reach * int(np.abs(w64).sum(axis=(1, 2, 3)).max(initial=0))
    oc = w.shape[0]
    matrix = w64.transpose(1, 2, 3, 0).reshape(-1, oc)
    dtype = np.float32 if bound < 1 << 24 else np.float64 if bound < 1 << 53 else np.int64
    found = ctx.cache["conv2d"] = (w, izp, wzp, x.dtype, matrix.astype(dtype), zx, bound)
    return found[4:]


def conv2d_accumulator(ctx, x, w, izp, wzp) -> tuple[np.ndarray, int]:
    """The sums of (x - izp) * (w - wzp) of integer CONV2D (no bias), exact in the float type
    `_conv2d_weights` picks (int64 above 2^53), and a bound on their magnitude."""
    matrix, zx, bound = _conv2d_weights(ctx, x, w, izp, wzp)
    kernel, stride, dilation, pad = w.shape[1:3], ctx.attr("stride"), ctx.attr("dilation"), ctx.attr("pad")
    n, oh, ow = x.shape[0], *ctx.result_shape[1:3]
    if tuple(kernel) == (1, 1) and not any(pad):  # a pointwise conv reads its input as it is
        cols = x[:, :(oh - 1) * stride[0] + 1:stride[0], :(ow - 1) * stride[1] + 1:stride[1]]
        cols = np.subtract(cols, zx, dtype=matrix.dtype, casting="unsafe") if zx else cols.astype(matrix.dtype)
    else:
        xp = _padded(x, zx, pad, matrix.dtype)
        cols = np.empty((n, oh, ow, matrix.shape[0]), matrix.dtype)
        c = x.shape[3]
        for t, (_, _, tap) in enumerate(_taps(xp, kernel, stride, dilation, (oh, ow))):
            cols[..., t * c:(t + 1) * c] = tap
    return np.matmul(cols.reshape(n * oh * ow, -1), matrix).reshape(n, oh, ow, -1), bound


def _integer_conv2d(ctx, x, w, bias, izp, wzp):
    acc, bound = conv2d_accumulator(ctx, x, w, izp, wzp)
    ring = _ring(ctx)
    if ring is not None and bound < 1 << (8 * ring.itemsize - 1):  # the sums fit: wrap only the bias add
        acc = acc.astype(ring)
        acc += bias.astype(ring, copy=False)
        return _wrap(ctx, acc)
    return _wrap(ctx, acc.astype(np.int64) + bias)


def _integer_depthwise_conv2d(ctx, x, w, bias, izp, wzp, ring):
    """Tap by tap in the result's integer container (`_ring`): a sum of products there is the
    exact one modulo 2^width, which is all the result keeps."""
    acc = depthwise_accumulator(ctx, x, w, izp, wzp, ring)
    acc += bias.astype(ring, copy=False)
    return _wrap(ctx, acc)


def depthwise_accumulator(ctx, x, w, izp, wzp, ring: np.dtype) -> np.ndarray:
    """The sums of (x - izp) * (w - wzp) of integer DEPTHWISE_CONV2D (no bias), [N, OH, OW,
    C * M], in the integer type `ring`: modulo 2^width of it."""
    found = ctx.cache.get("depthwise")
    if found is None or found[0] is not w or found[1] is not wzp:
        found = ctx.cache["depthwise"] = (w, wzp, (w.astype(np.int64) - int(first(wzp))).astype(ring))
    weights = found[2]  # [KH, KW, C, M]
    kh, kw, c, m = weights.shape
    n, oh, ow = x.shape[0], *ctx.result_shape[1:3]
    xp = _padded(x, int(first(izp)), ctx.attr("pad"), ring)
    acc, product = np.empty((n, oh, ow, c, m), ring), np.empty((n, oh, ow, c, m), ring)
    for t, (ky, kx, tap) in enumerate(_taps(xp, (kh, kw), ctx.attr("stride"), ctx.attr("dilation"), (oh, ow))):
        np.multiply(tap[..., None], weights[ky, kx], out=product if t else acc)  # the first tap starts the sums
        if t:
            acc += product
    return acc.reshape(n, oh, ow, c * m)


def conv2d(ctx, x, w, bias, izp, wzp):
    if _is_float(x):
        return tosa_float.conv2d(ctx, x, w, bias, izp, wzp)
    return _integer_conv2d(ctx, x, w, bias, izp, wzp)


def depthwise_conv2d(ctx, x, w, bias, izp, wzp):
    if _is_float(x):
        return tosa_float.depthwise_conv2d(ctx, x, w, bias, izp, wzp)
    ring = _ring(ctx)
    if ring is not None:
        return _integer_depthwise_conv2d(ctx, x, w, bias, izp, wzp, ring)
    x, w = _conv_inputs(x, w, izp, wzp)
    win = _windows(x, w.shape[0:2], ctx.attr("stride"), ctx.attr("dilation"), ctx.attr("pad"),
                   ctx.result_shape[1:3])
    acc = np.einsum("nhwckl,klcm->nhwcm", win, w)
    n, oh, ow, c, m = acc.shape
    return _wrap(ctx, acc.reshape(n, oh, ow, c * m) + bias)


def transpose_conv2d(ctx, x, w, bias, izp, wzp):
    """TOSA TRANSPOSE_CONV2D: input pixel (iy, ix) adds x * w[oc, ky, kx] at output
    (iy * stride_y + out_pad_top + ky, ix * stride_x + out_pad_left + kx), inside the output."""
    if _is_float(x):
        return tosa_float.transpose_conv2d(ctx, x, w, bias, izp, wzp)
    x, w = _conv_inputs(x, w, izp, wzp)
    sy, sx = ctx.attr("stride")
    top, _, left, _ = ctx.attr("out_pad")
    n, ih, iw, _ = x.shape
    _, oh, ow, oc = ctx.result_shape
    acc = np.zeros((n, oh, ow, oc), x.dtype)
    for ky in range(w.shape[1]):
        for kx in range(w.shape[2]):
            taps = np.einsum("nhwc,oc->nhwo", x, w[:, ky, kx, :])
            oy = np.arange(ih) * sy + top + ky
            ox = np.arange(iw) * sx + left + kx
            ry, rx = (oy >= 0) & (oy < oh), (ox >= 0) & (ox < ow)
            acc[:, oy[ry][:, None], ox[rx][None, :], :] += taps[:, ry][:, :, rx]
    return _wrap(ctx, acc + bias)


def conv3d(ctx, x, w, bias, izp, wzp):
    """TOSA CONV3D: weight [OC, KD, KH, KW, IC], pad (d0, d1, top, bottom, left, right)."""
    if _is_float(x):
        return tosa_float.conv3d(ctx, x, w, bias, izp, wzp)
    x, w = _conv_inputs(x, w, izp, wzp)
    pad, stride, dilation = ctx.attr("pad"), ctx.attr("stride"), ctx.attr("dilation")
    xp = np.pad(x, ((0, 0), pad[0:2], pad[2:4], pad[4:6], (0, 0)))
    eff = tuple((k - 1) * d + 1 for k, d in zip(w.shape[1:4], dilation))
    win = sliding_window_view(xp, eff, axis=(1, 2, 3))
    win = win[:, ::stride[0], ::stride[1], ::stride[2], :, ::dilation[0], ::dilation[1], ::dilation[2]]
    _, od, oh, ow, _ = ctx.result_shape
    acc = np.einsum("ndhwcxyz,oxyzc->ndhwo", win[:, :od, :oh, :ow], w)
    return _wrap(ctx, acc + bias)


def matmul(ctx, a, b, azp, bzp):
    if _is_float(a):
        return tosa_float.matmul(ctx, a, b, azp, bzp)
    return _wrap(ctx, _exact_matmul(a.astype(np.int64) - int(first(azp)), b.astype(np.int64) - int(first(bzp)),
                                    _product_bits(a, b)))


# --- pooling -----------------------------------------------------------------------

def _pool_windows(ctx, x, fill=0) -> np.ndarray:
    return _windows(x, ctx.attr("kernel"), ctx.attr("stride"), (1, 1), ctx.attr("pad"), ctx.result_shape[1:3], fill)


def max_pool2d(ctx, x):
    lowest = -np.inf if _is_float(x) else np.iinfo(x.dtype).min
    return _pool_windows(ctx, x, lowest).max(axis=(-2, -1)).astype(x.dtype)


def avg_pool2d(ctx, x, izp, ozp):
    if not _is_float(x):
        raise NotImplementedError("integer tosa.avg_pool2d is not emitted by tfl2quant")
    taps = _pool_windows(ctx, x - first(izp))
    total = np.zeros(taps.shape[:-2], x.dtype)
    for ky, kx in np.ndindex(*taps.shape[-2:]):  # the spec's loop: taps in row-major order
        total = total + taps[..., ky, kx]
    count = _pool_windows(ctx, np.ones((1, *x.shape[1:3], 1), x.dtype)).sum(axis=(-2, -1))  # in-bounds taps
    return _wrap(ctx, total / count + first(ozp))


# --- rescale ---------------------------------------------------------------------

def apply_scale_32(value: np.ndarray, multiplier: np.ndarray, shift: np.ndarray, double_round: bool) -> np.ndarray:
    """TOSA's apply_scale_32 on int64 arrays (value * multiplier fits: both < 2^31)."""
    rounding = np.left_shift(np.int64(1), shift - 1)
    if double_round:
        rounding = rounding + np.where(shift > 31, np.where(value >= 0, 1 << 30, -(1 << 30)), 0)
    return (value * multiplier + rounding) >> shift


def apply_scale_16(value: np.ndarray, multiplier: np.ndarray, shift: np.ndarray) -> np.ndarray:
    """TOSA's apply_scale_16 (an i48 value, a 16-bit multiplier): one rounding, ties up. The
    spec requires the result to fit int32; TFLite's int64 MBQM (common.cc) and iree-compile
    narrow it to int32 by truncation, and so does this."""
    result = (value * multiplier + np.left_shift(np.int64(1), shift - 1)) >> shift
    return wrap_to(result, IntegerType(32)).astype(np.int64)


def _rescale_attributes(ctx) -> tuple:
    found = ctx.cache.get("rescale")
    if found is None:
        in_unsigned = bool(ctx.attr("input_unsigned", 0))
        out_unsigned = bool(ctx.attr("output_unsigned", 0))
        attributes = ctx.op.attributes
        mode = str(attributes["rounding_mode"].body) if "rounding_mode" in attributes else "SINGLE_ROUND"
        lo, hi = integer_range(ctx.result_elem(), signed=not out_unsigned)
        found = ctx.cache["rescale"] = (in_unsigned, out_unsigned, mode == "DOUBLE_ROUND",
                                        ctx.attr("scale32").__bool__(), np.int64(max(lo, -(1 << 63))),
                                        np.int64(min(hi, (1 << 63) - 1)))  # clipping int64 values
    return found


class _Scale32:
    """apply_scale_32 with its zero points, folded into constants made once per op and input
    type: ((x - izp) * m + round) >> s + ozp = (x * m + (round - izp * m + (ozp << s))) >> s,
    and DOUBLE_ROUND's +-2^30 (where the shift is above 31) as -2^30 always plus 2^31 where
    x - izp >= 0. The same integers as the pseudocode: the output zero point goes into the sum
    only when the input type's range bounds every sum below 2^63 in magnitude."""

    __slots__ = ("m", "add", "up", "s", "izp", "ozp", "lo", "hi", "tables", "tiles")

    def __init__(self, x_dtype, multiplier, shift, izp: int, ozp: int, double_round: bool, lo, hi):
        self.m, self.s = multiplier.astype(np.int64), shift.astype(np.int64)
        self.add = np.left_shift(np.int64(1), self.s - 1) - np.int64(izp) * self.m
        self.up = None
        if double_round and bool((self.s > 31).any()):
            d = np.where(self.s > 31, np.int64(1 << 30), np.int64(0))
            self.add, self.up = self.add - d, 2 * d
        info = np.iinfo(x_dtype)
        reach = max(abs(int(info.min)), abs(int(info.max))) * int(np.abs(self.m).max(initial=0))
        reach += int(np.abs(self.add).max(initial=0)) + (1 << 31 if self.up is not None else 0)
        if ozp and reach + (abs(ozp) << int(self.s.max(initial=0))) < 1 << 63:
            self.add, ozp = self.add + (np.int64(ozp) << self.s), 0
        self.izp, self.ozp, self.lo, self.hi = izp, ozp, lo, hi
        self.tables: dict = {}  # per 8-bit input dtype: the result for each of its 256 values
        self.tiles: dict = {}  # per block height: the per-channel constants tiled to it

    def __call__(self, x: np.ndarray, dtype: np.dtype) -> np.ndarray:
        """The clamped results for `x` (read as the op reads it: unsigned if so), in `dtype`.

        A large `x` block by block: the int64 temporaries of a block (`_BLOCK` elements) stay
        in the cache, those of a whole large tensor did not and cost twice the time; per-channel
        constants are tiled to a block's rows, as whole rows run faster than broadcasting."""
        c = self.m.size
        if x.size <= _BLOCK or (c > 1 and (x.ndim == 0 or x.shape[-1] != c)):  # whole, broadcast
            v = np.multiply(x, self.m, dtype=np.int64, casting="unsafe")
            return self._finish(x, v, self.add, self.s, self.up, None).astype(dtype).reshape(x.shape)
        flat = x.reshape(-1) if c == 1 else x.reshape(-1, c)
        out = np.empty(flat.shape, dtype)
        rows = min(max(1, _BLOCK // c), len(flat))
        m, add, s, up = self._tiled(rows) if c > 1 else (self.m, self.add, self.s, self.up)
        for k in range(0, len(flat), rows):
            block = flat[k:k + rows]
            r = len(block)
            v = np.multiply(block, m[:r], out=_scratch(0, block.shape), casting="unsafe")
            v = self._finish(block, v, add[:r], s[:r], None if up is None else up[:r], _scratch(1, block.shape))
            np.copyto(out[k:k + r], v, casting="unsafe")  # the values fit: clamped to the result's range
        return out.reshape(x.shape)

    def _tiled(self, rows: int) -> tuple:
        found = self.tiles.get(rows)
        if found is None:
            found = self.tiles[rows] = tuple(None if a is None else np.tile(a, (rows, 1))
                                             for a in (self.m, self.add, self.s, self.up))
        return found

    def _finish(self, x, v, add, s, up, scratch) -> np.ndarray:
        """Round, shift, add the output zero point and clamp the products v = x * m, in place."""
        v += add
        if up is not None:  # a masked np.add (where=) took four times as long
            v += np.multiply(x >= self.izp, up, out=scratch)
        v >>= s
        if self.ozp:
            v += self.ozp
        np.maximum(v, self.lo, out=v)
        return np.minimum(v, self.hi, out=v)


_BLOCK = 16384
_SCRATCH: list[np.ndarray] = [np.empty(0, np.int64), np.empty(0, np.int64)]


def _scratch(k: int, shape) -> np.ndarray:
    """int64 scratch array k of `shape`, reused by every op (kernels run one at a time)."""
    n = math.prod(shape)
    if _SCRATCH[k].size < n:
        _SCRATCH[k] = np.empty(max(n, _BLOCK), np.int64)
    return _SCRATCH[k][:n].reshape(shape)


def _store(result: np.ndarray, dtype: np.dtype, unsigned: bool) -> np.ndarray:
    """Clamped int64 results in the result's container (unsigned ones through their bits)."""
    return result.astype(f"u{dtype.itemsize}").view(dtype) if unsigned else result.astype(dtype)


def rescale(ctx, x, multiplier, shift, izp, ozp):
    in_unsigned, out_unsigned, double_round, scale32, lo, hi = _rescale_attributes(ctx)
    dtype = ctx.result_dtype()
    x = as_unsigned(x) if in_unsigned else x
    if not scale32:
        value = x.astype(np.int64) - int(first(_signed(np.asarray(izp), in_unsigned)))
        result = apply_scale_16(value, multiplier.astype(np.int64), shift.astype(np.int64))
        result = result + int(first(_signed(np.asarray(ozp), out_unsigned)))
        # np.minimum and np.maximum, not np.clip: its Python wrapper cost more than the arithmetic
        return _store(np.minimum(np.maximum(result, lo), hi).reshape(x.shape), dtype, out_unsigned)
    key = (multiplier, shift, izp, ozp, x.dtype)
    found = ctx.cache.get("scale32")
    if found is None or any(a is not b for a, b in zip(found[0], key[:4])) or found[0][4] != x.dtype:
        found = ctx.cache["scale32"] = (key, _Scale32(  # made once for constant operands
            x.dtype, multiplier, shift, int(first(_signed(np.asarray(izp), in_unsigned))),
            int(first(_signed(np.asarray(ozp), out_unsigned))), double_round, lo, hi))
    scale = found[1]
    if x.dtype.itemsize == 1 and x.ndim and scale.m.size == 1:
        # an 8-bit input and one scale: the result of each of the 256 values, then one lookup
        table = scale.tables.get(x.dtype)
        if table is None:
            domain = np.arange(256, dtype=np.uint8).view(x.dtype)
            table = scale.tables[x.dtype] = _store(scale(domain, np.dtype(np.int64)).reshape(256), dtype,
                                                   out_unsigned)
        return np.take(table, x.view(np.uint8))
    if out_unsigned:
        return scale(x, np.dtype(f"u{dtype.itemsize}")).view(dtype)
    return scale(x, dtype)


# --- elementwise ---------------------------------------------------------------------

def _binary(fn_int, fn_float=None, ring=False):
    """`ring`: fn_int is + or -, exact modulo 2^width in the result's container (`_ring`)."""
    def kernel(ctx, a, b):
        if _is_float(a):
            return _wrap(ctx, (fn_float or fn_int)(a, b))
        dtype = _ring(ctx) if ring and a.dtype.kind == "i" and b.dtype.kind == "i" else None
        if dtype is not None:
            return _wrap(ctx, fn_int(a, b, dtype=dtype, casting="unsafe"))
        return _wrap(ctx, fn_int(a.astype(np.int64), b.astype(np.int64)))
    return kernel


def mul(ctx, a, b, shift):
    if _is_float(a):
        return _wrap(ctx, a * b)
    s = int(first(shift))
    dtype = _ring(ctx) if s == 0 and a.dtype.kind == "i" and b.dtype.kind == "i" else None
    if dtype is not None:  # no rounding shift: the product modulo 2^width is all the result keeps
        return _wrap(ctx, np.multiply(a, b, dtype=dtype, casting="unsafe"))
    product = a.astype(np.int64) * b.astype(np.int64)
    if s > 0:
        product = (product + (1 << (s - 1))) >> s
    return _wrap(ctx, product)


def clamp(ctx, x):
    return np.clip(x, ctx.attr("min_val"), ctx.attr("max_val")).astype(x.dtype)


def cast(ctx, x):
    elem = ctx.result_elem()
    if isinstance(elem, IntegerType) and elem.width == 1:
        return x != 0
    if isinstance(elem, IntegerType) and _is_float(x):
        lo, hi = integer_range(elem)  # float -> int: round to nearest even, saturate
        # clip in double to the largest doubles inside the range (2^63 - 1 is not one)
        bounded = np.clip(np.rint(x.astype(np.float64)), float(lo), np.nextafter(float(hi) + 1, 0))
        return np.nan_to_num(bounded, nan=0.0).astype(np.int64).astype(ctx.result_dtype())
    if isinstance(elem, IntegerType):
        dtype = ctx.result_dtype()
        if x.dtype.kind in "iu" and elem.width == 8 * dtype.itemsize:
            return x.astype(dtype)  # numpy's integer casts keep the low bits, as wrap_to does
        return wrap_to(x.astype(np.int64), elem)
    return x.astype(ctx.result_dtype())


def pad(ctx, x, padding, value):
    p = np.asarray(padding).reshape(-1, 2)
    return np.pad(x, [tuple(r) for r in p.tolist()], constant_values=first(value))


def slice_(ctx, x, start, size):
    """A size of -1 takes the rest of a (dynamic) dimension."""
    return x[tuple(slice(int(b), None if n == -1 else int(b) + int(n)) for b, n in zip(start, size))]


def sigmoid(x):
    """The spec's 1 / (1 + exp(-x)), each step rounded to x's type (exp: in_float64)."""
    one = np.ones((), x.dtype)
    return one / (one + _exp(-x))


_exp = in_float64(np.exp)


def _unary(fn):
    def kernel(ctx, x):
        return _wrap(ctx, fn(x))
    return kernel


KERNELS = {
    "tosa.const": lambda ctx: ctx.attr("values"),
    "tosa.const_shape": lambda ctx: ctx.attr("values"),
    "tosa.conv2d": conv2d, "tosa.depthwise_conv2d": depthwise_conv2d, "tosa.matmul": matmul,
    "tosa.transpose_conv2d": transpose_conv2d, "tosa.conv3d": conv3d,
    "tosa.max_pool2d": max_pool2d, "tosa.avg_pool2d": avg_pool2d, "tosa.rescale": rescale,
    "tosa.add": _binary(np.add, ring=True), "tosa.sub": _binary(np.subtract, ring=True), "tosa.mul": mul,
    "tosa.intdiv": _binary(divide_toward_zero), "tosa.maximum": _binary(np.maximum),
    "tosa.minimum": _binary(np.minimum),
    "tosa.greater": lambda ctx, a, b: a > b, "tosa.greater_equal": lambda ctx, a, b: a >= b,
    "tosa.equal": lambda ctx, a, b: a == b,
    "tosa.select": lambda ctx, c, a, b: np.where(c, a, b),
    "tosa.logical_left_shift": _binary(np.left_shift), "tosa.arithmetic_right_shift": _binary(np.right_shift),
    "tosa.clamp": clamp, "tosa.cast": cast,
    "tosa.reshape": reshape, "tosa.transpose": lambda ctx, x: np.transpose(x, ctx.attr("perms")),
    "tosa.pad": pad, "tosa.slice": slice_,
    "tosa.concat": lambda ctx, *xs: np.concatenate(xs, axis=ctx.attr("axis")),
    "tosa.exp": _unary(_exp), "tosa.log": _unary(in_float64(np.log)),
    "tosa.reciprocal": _unary(lambda x: 1 / x), "tosa.rsqrt": _unary(lambda x: 1 / np.sqrt(x)),
    "tosa.tanh": _unary(in_float64(np.tanh)),
    "tosa.sigmoid": _unary(sigmoid), "tosa.abs": _unary(np.abs),
    "tosa.negate": lambda ctx, x, izp, ozp: _wrap(ctx, -(x.astype(np.int64) if not _is_float(x) else x)),
    "tosa.floor": _unary(np.floor), "tosa.ceil": _unary(np.ceil),
    "tosa.identity": lambda ctx, x: x,
}
