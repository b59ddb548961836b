"""TOSA kernels following the TOSA 1.0 specification's pseudocode.

Integer arithmetic is done in int64 and wrapped to the result type; float
arithmetic stays in the operands' float type.
"""
from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from tfl2quant.ir.types import FloatType, IntegerType, integer_range

from ._util import attr_value, result_dtype, result_elem, wrap_to


def _is_float(x: np.ndarray) -> bool:
    return x.dtype.kind == "f" or str(x.dtype) == "bfloat16"


def _signed(x: np.ndarray, unsigned: bool = False) -> np.ndarray:
    if unsigned and x.dtype.kind == "i":
        x = x.view(f"u{x.dtype.itemsize}")
    return x.astype(np.int64)


def _zp(t) -> float | int:
    return np.asarray(t).reshape(-1)[0]


def _wrap(op, values):
    elem = result_elem(op)
    if isinstance(elem, FloatType):
        return np.asarray(values).astype(result_dtype(op))
    return wrap_to(values, elem)


# --- convolutions and matmul -------------------------------------------------

def _windows(x: np.ndarray, kernel, stride, dilation, pad, out_hw) -> np.ndarray:
    """[N, OH, OW, C, KH, KW] views of the zero-padded input (after zero point subtraction)."""
    top, bottom, left, right = pad
    xp = np.pad(x, ((0, 0), (top, bottom), (left, right), (0, 0)))
    kh, kw = kernel
    eff = ((kh - 1) * dilation[0] + 1, (kw - 1) * dilation[1] + 1)
    win = sliding_window_view(xp, eff, axis=(1, 2))[:, ::stride[0], ::stride[1], :, ::dilation[0], ::dilation[1]]
    return win[:, :out_hw[0], :out_hw[1]]


def _conv_inputs(x, w, izp, wzp):
    if _is_float(x):
        return x - _zp(izp), w - _zp(wzp)
    return x.astype(np.int64) - int(_zp(izp)), w.astype(np.int64) - int(_zp(wzp))


def conv2d(op, x, w, bias, izp, wzp):
    x, w = _conv_inputs(x, w, izp, wzp)
    out_shape = op.result.type.shape
    win = _windows(x, w.shape[1:3], attr_value(op, "stride"), attr_value(op, "dilation"),
                   attr_value(op, "pad"), out_shape[1:3])
    n, oh, ow, c, kh, kw = win.shape
    cols = win.reshape(n * oh * ow, c * kh * kw)
    weights = w.transpose(3, 1, 2, 0).reshape(c * kh * kw, w.shape[0])
    acc = (cols @ weights).reshape(n, oh, ow, w.shape[0]) + bias
    return _wrap(op, acc)


def depthwise_conv2d(op, x, w, bias, izp, wzp):
    x, w = _conv_inputs(x, w, izp, wzp)
    out_shape = op.result.type.shape
    win = _windows(x, w.shape[0:2], attr_value(op, "stride"), attr_value(op, "dilation"),
                   attr_value(op, "pad"), out_shape[1:3])
    acc = np.einsum("nhwckl,klcm->nhwcm", win, w)
    n, oh, ow, c, m = acc.shape
    return _wrap(op, acc.reshape(n, oh, ow, c * m) + bias)


def matmul(op, a, b, azp, bzp):
    if _is_float(a):
        return _wrap(op, np.matmul(a - _zp(azp), b - _zp(bzp)))
    return _wrap(op, np.matmul(a.astype(np.int64) - int(_zp(azp)), b.astype(np.int64) - int(_zp(bzp))))


# --- pooling -----------------------------------------------------------------------

def max_pool2d(op, x):
    kernel, stride, pad = attr_value(op, "kernel"), attr_value(op, "stride"), attr_value(op, "pad")
    lowest = -np.inf if _is_float(x) else np.iinfo(x.dtype).min
    top, bottom, left, right = pad
    xp = np.pad(x, ((0, 0), (top, bottom), (left, right), (0, 0)), constant_values=lowest)
    win = sliding_window_view(xp, tuple(kernel), axis=(1, 2))[:, ::stride[0], ::stride[1]]
    oh, ow = op.result.type.shape[1:3]
    return win[:, :oh, :ow].max(axis=(-2, -1)).astype(x.dtype)


def avg_pool2d(op, x, izp, ozp):
    if not _is_float(x):
        raise NotImplementedError("integer tosa.avg_pool2d is not emitted by tfl2quant")
    kernel, stride, pad = attr_value(op, "kernel"), attr_value(op, "stride"), attr_value(op, "pad")
    top, bottom, left, right = pad
    oh, ow = op.result.type.shape[1:3]
    padded = np.pad(x - _zp(izp), ((0, 0), (top, bottom), (left, right), (0, 0)))
    ones = np.pad(np.ones(x.shape[1:3], x.dtype), ((top, bottom), (left, right)))
    total = sliding_window_view(padded, tuple(kernel), axis=(1, 2))[:, ::stride[0], ::stride[1]][:, :oh, :ow]
    count = sliding_window_view(ones, tuple(kernel))[::stride[0], ::stride[1]][:oh, :ow]
    return _wrap(op, total.sum(axis=(-2, -1)) / count.sum(axis=(-2, -1))[None, :, :, None] + _zp(ozp))


# --- rescale ---------------------------------------------------------------------

def apply_scale_32(value: np.ndarray, multiplier: np.ndarray, shift: np.ndarray, double_round: bool) -> np.ndarray:
    """TOSA's apply_scale_32 on int64 arrays (value * multiplier fits: both < 2^31)."""
    rounding = np.left_shift(np.int64(1), shift - 1)
    if double_round:
        rounding = rounding + np.where(shift > 31, np.where(value >= 0, 1 << 30, -(1 << 30)), 0)
    return (value * multiplier + rounding) >> shift


def rescale(op, x, multiplier, shift, izp, ozp):
    if not attr_value(op, "scale32").__bool__():
        raise NotImplementedError("tosa.rescale with scale32 = false is not emitted by tfl2quant")
    in_unsigned = bool(attr_value(op, "input_unsigned", 0))
    out_unsigned = bool(attr_value(op, "output_unsigned", 0))
    value = _signed(x, in_unsigned) - int(_signed(np.asarray(izp), in_unsigned).reshape(-1)[0])
    m = multiplier.astype(np.int64)
    s = shift.astype(np.int64)
    mode = str(op.attributes["rounding_mode"].body) if "rounding_mode" in op.attributes else "SINGLE_ROUND"
    result = apply_scale_32(value, m, s, mode == "DOUBLE_ROUND")
    result = result + int(_signed(np.asarray(ozp), out_unsigned).reshape(-1)[0])
    elem = result_elem(op)
    lo, hi = integer_range(elem, signed=not out_unsigned)
    result = np.clip(result, lo, hi)
    dtype = result_dtype(op)
    return result.astype(f"u{dtype.itemsize}").view(dtype) if out_unsigned else result.astype(dtype)


# --- elementwise ---------------------------------------------------------------------

def _binary(fn_int, fn_float=None):
    def kernel(op, a, b):
        if _is_float(a):
            return _wrap(op, (fn_float or fn_int)(a, b))
        return _wrap(op, fn_int(a.astype(np.int64), b.astype(np.int64)))
    return kernel


def mul(op, a, b, shift):
    if _is_float(a):
        return _wrap(op, a * b)
    s = int(np.asarray(shift).reshape(-1)[0])
    product = a.astype(np.int64) * b.astype(np.int64)
    if s > 0:
        product = (product + (1 << (s - 1))) >> s
    return _wrap(op, product)


def intdiv(a, b):
    if np.any(b == 0):
        raise ZeroDivisionError("tosa.intdiv by zero")
    q = np.abs(a) // np.abs(b)
    return np.where((a < 0) != (b < 0), -q, q)


def clamp(op, x):
    return np.clip(x, attr_value(op, "min_val"), attr_value(op, "max_val")).astype(x.dtype)


def cast(op, x):
    elem = result_elem(op)
    if isinstance(elem, IntegerType) and elem.width == 1:
        return x != 0
    if isinstance(elem, IntegerType) and _is_float(x):
        lo, hi = integer_range(elem)  # float -> int: round to nearest even, saturate
        # clip in double to the largest doubles inside the range (2^63 - 1 is not one)
        bounded = np.clip(np.rint(x.astype(np.float64)), float(lo), np.nextafter(float(hi) + 1, 0))
        return np.nan_to_num(bounded, nan=0.0).astype(np.int64).astype(result_dtype(op))
    if isinstance(elem, IntegerType):
        return wrap_to(x.astype(np.int64), elem)
    return x.astype(result_dtype(op))


def _reduce(fn):
    def kernel(op, x):
        return fn(x, axis=attr_value(op, "axis"), keepdims=True).astype(x.dtype)
    return kernel


def pad(op, x, padding, value):
    p = np.asarray(padding).reshape(-1, 2)
    return np.pad(x, [tuple(r) for r in p.tolist()], constant_values=_zp(value))


def slice_(op, x, start, size):
    return x[tuple(slice(int(b), int(b) + int(n)) for b, n in zip(start, size))]


def reshape(op, x, shape):
    return x.reshape(tuple(int(d) for d in shape))


def _unary(fn):
    def kernel(op, x):
        return _wrap(op, fn(x))
    return kernel


KERNELS = {
    "tosa.const": lambda op: attr_value(op, "values"),
    "tosa.const_shape": lambda op: attr_value(op, "values"),
    "tosa.conv2d": conv2d, "tosa.depthwise_conv2d": depthwise_conv2d, "tosa.matmul": matmul,
    "tosa.max_pool2d": max_pool2d, "tosa.avg_pool2d": avg_pool2d, "tosa.rescale": rescale,
    "tosa.add": _binary(np.add), "tosa.sub": _binary(np.subtract), "tosa.mul": mul,
    "tosa.intdiv": _binary(intdiv), "tosa.maximum": _binary(np.maximum), "tosa.minimum": _binary(np.minimum),
    "tosa.greater": lambda op, a, b: a > b, "tosa.greater_equal": lambda op, a, b: a >= b,
    "tosa.equal": lambda op, a, b: a == b,
    "tosa.select": lambda op, c, a, b: np.where(c, a, b),
    "tosa.logical_left_shift": _binary(np.left_shift), "tosa.arithmetic_right_shift": _binary(np.right_shift),
    "tosa.clamp": clamp, "tosa.cast": cast,
    "tosa.reduce_sum": _reduce(np.sum), "tosa.reduce_max": _reduce(np.max), "tosa.reduce_min": _reduce(np.min),
    "tosa.reduce_product": _reduce(np.prod),
    "tosa.reshape": reshape, "tosa.transpose": lambda op, x: np.transpose(x, attr_value(op, "perms")),
    "tosa.pad": pad, "tosa.slice": slice_,
    "tosa.concat": lambda op, *xs: np.concatenate(xs, axis=attr_value(op, "axis")),
    "tosa.exp": _unary(np.exp), "tosa.log": _unary(np.log), "tosa.reciprocal": _unary(lambda x: 1 / x),
    "tosa.rsqrt": _unary(lambda x: 1 / np.sqrt(x)), "tosa.tanh": _unary(np.tanh),
    "tosa.sigmoid": _unary(lambda x: 1 / (1 + np.exp(-x))), "tosa.abs": _unary(np.abs),
    "tosa.negate": lambda op, x, izp, ozp: _wrap(op, -(x.astype(np.int64) if not _is_float(x) else x)),
    "tosa.floor": _unary(np.floor), "tosa.ceil": _unary(np.ceil),
    "tosa.identity": lambda op, x: x,
}

