"""TOSA kernels following the TOSA 1.0 specification's pseudocode.

Integer arithmetic is done in int64 and wrapped to the result type; float
arithmetic stays in the operands' float type.
"""
from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from tfl2quant.ir.types import FloatType, IntegerType, integer_range
from tfl2quant.numerics import divide_toward_zero

from ._util import as_unsigned, first, wrap_to
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
    if _is_float(x):
        return x - first(izp), w - first(wzp)
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


def conv2d(ctx, x, w, bias, izp, wzp):
    bits = _product_bits(x, w)
    x, w = _conv_inputs(x, w, izp, wzp)
    win = _windows(x, w.shape[1:3], ctx.attr("stride"), ctx.attr("dilation"), ctx.attr("pad"),
                   ctx.result_shape[1:3])
    n, oh, ow, c, kh, kw = win.shape
    cols = win.reshape(n * oh * ow, c * kh * kw)
    weights = w.transpose(3, 1, 2, 0).reshape(c * kh * kw, w.shape[0])
    acc = _exact_matmul(cols, weights, bits).reshape(n, oh, ow, w.shape[0]) + bias
    return _wrap(ctx, acc)


def depthwise_conv2d(ctx, x, w, bias, izp, wzp):
    x, w = _conv_inputs(x, w, izp, wzp)
    win = _windows(x, w.shape[0:2], ctx.attr("stride"), ctx.attr("dilation"), ctx.attr("pad"),
                   ctx.result_shape[1:3])
    acc = np.einsum("nhwckl,klcm->nhwcm", win, w)
    n, oh, ow, c, m = acc.shape
    return _wrap(ctx, acc.reshape(n, oh, ow, c * m) + bias)


def transpose_conv2d(ctx, x, w, bias, izp, wzp):
    """TOSA TRANSPOSE_CONV2D: input pixel (iy, ix) adds x * w[oc, ky, kx] at output
    (iy * stride_y + out_pad_top + ky, ix * stride_x + out_pad_left + kx), inside the output."""
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
        return _wrap(ctx, np.matmul(a - first(azp), b - first(bzp)))
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


def _scale_constants(ctx, multiplier, shift, double_round) -> tuple:
    """int64 multiplier and shift, apply_scale_32's rounding term for them and whether DOUBLE_ROUND
    changes it (a shift above 31): made once while the operands are the same arrays (constants)."""
    found = ctx.cache.get("scale")
    if found is None or found[0] is not multiplier or found[1] is not shift:
        s = shift.astype(np.int64)
        found = ctx.cache["scale"] = (multiplier, shift, multiplier.astype(np.int64), s,
                                      np.left_shift(np.int64(1), s - 1), double_round and bool((s > 31).any()))
    return found[2:]


def rescale(ctx, x, multiplier, shift, izp, ozp):
    in_unsigned, out_unsigned, double_round, scale32, lo, hi = _rescale_attributes(ctx)
    value = _signed(x, in_unsigned) - int(first(_signed(np.asarray(izp), in_unsigned)))
    if scale32:
        m, s, rounding, double_rounds = _scale_constants(ctx, multiplier, shift, double_round)
        if double_rounds:  # the rounding depends on the value's sign
            result = apply_scale_32(value, m, s, True)
        else:
            result = (value * m + rounding) >> s
    else:
        result = apply_scale_16(value, multiplier.astype(np.int64), shift.astype(np.int64))
    result = result + int(first(_signed(np.asarray(ozp), out_unsigned)))
    # np.minimum and np.maximum, not np.clip: its Python wrapper cost more than the arithmetic
    result = np.minimum(np.maximum(result, lo), hi).reshape(x.shape)  # a rank-0 x stays rank 0
    dtype = ctx.result_dtype()
    return result.astype(f"u{dtype.itemsize}").view(dtype) if out_unsigned else result.astype(dtype)


# --- elementwise ---------------------------------------------------------------------

def _binary(fn_int, fn_float=None):
    def kernel(ctx, a, b):
        if _is_float(a):
            return _wrap(ctx, (fn_float or fn_int)(a, b))
        return _wrap(ctx, fn_int(a.astype(np.int64), b.astype(np.int64)))
    return kernel


def mul(ctx, a, b, shift):
    if _is_float(a):
        return _wrap(ctx, a * b)
    s = int(first(shift))
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
        return wrap_to(x.astype(np.int64), elem)
    return x.astype(ctx.result_dtype())


def pad(ctx, x, padding, value):
    p = np.asarray(padding).reshape(-1, 2)
    return np.pad(x, [tuple(r) for r in p.tolist()], constant_values=first(value))


def slice_(ctx, x, start, size):
    """A size of -1 takes the rest of a (dynamic) dimension."""
    return x[tuple(slice(int(b), None if n == -1 else int(b) + int(n)) for b, n in zip(start, size))]


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
    "tosa.add": _binary(np.add), "tosa.sub": _binary(np.subtract), "tosa.mul": mul,
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
    "tosa.exp": _unary(np.exp), "tosa.log": _unary(np.log), "tosa.reciprocal": _unary(lambda x: 1 / x),
    "tosa.rsqrt": _unary(lambda x: 1 / np.sqrt(x)), "tosa.tanh": _unary(np.tanh),
    "tosa.sigmoid": _unary(lambda x: 1 / (1 + np.exp(-x))), "tosa.abs": _unary(np.abs),
    "tosa.negate": lambda ctx, x, izp, ozp: _wrap(ctx, -(x.astype(np.int64) if not _is_float(x) else x)),
    "tosa.floor": _unary(np.floor), "tosa.ceil": _unary(np.ceil),
    "tosa.identity": lambda ctx, x: x,
}
