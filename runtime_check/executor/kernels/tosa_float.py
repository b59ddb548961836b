"""Float CONV2D, DEPTHWISE_CONV2D, TRANSPOSE_CONV2D, CONV3D and MATMUL, summed in the order of
the TOSA 1.0 specification's loops: per output, one product at a time added to a float
accumulator that starts at 0 (TRANSPOSE_CONV2D: at the bias), the bias added last.

That is also the order of TFLite's reference kernels (reference/conv.h, depthwiseconv_float.h,
fully_connected.h, batch_matmul.h, conv3d.h: `total += input * filter`, no fused multiply-add
in the 2.3.0 wheel), so a float result equals theirs bit for bit. BLAS sums in blocks and
differs in the last bits, and where the result is quantized next (a hybrid op quantizes its
float input at run time) a last bit can move a value to the neighbouring step. The loops run
over the reduction (taps, then channels), each step on whole arrays.
"""
from __future__ import annotations

import numpy as np

from ._util import first


def _shifted(x: np.ndarray, zero_point) -> np.ndarray:
    z = first(zero_point)
    return x - z if z else x


def _padded(x: np.ndarray, pad) -> np.ndarray:
    """Zero rows and columns around [N, H, W, C]: a padded tap adds +0.0, which leaves every
    sum as it was (the reference kernels skip it; an accumulator from +0.0 is never -0.0)."""
    top, bottom, left, right = pad
    return np.pad(x, ((0, 0), (top, bottom), (left, right), (0, 0)))


def _taps(xp: np.ndarray, kernel, stride, dilation, out_hw):
    """(ky, kx, the [N, OH, OW, C] view of the padded input that tap reads), row-major."""
    (sy, sx), (dy, dx), (oh, ow) = stride, dilation, out_hw
    for ky in range(kernel[0]):
        for kx in range(kernel[1]):
            y, x = ky * dy, kx * dx
            yield ky, kx, xp[:, y:y + (oh - 1) * sy + 1:sy, x:x + (ow - 1) * sx + 1:sx]


def _add_products(acc: np.ndarray, x: np.ndarray, w: np.ndarray) -> None:
    """acc += x[..., c] * w[c] for c in order: x [..., C] (broadcast against acc), w [C, ...]."""
    product = np.empty_like(acc)
    for c in range(x.shape[-1]):
        np.multiply(x[..., c, None], w[c], out=product)
        acc += product


def conv2d(ctx, x, w, bias, izp, wzp):
    """w [OC, KH, KW, IC]; per output the taps (ky, kx), then the channels."""
    x, w = _shifted(x, izp), _shifted(w, wzp)
    n, oh, ow = x.shape[0], *ctx.result_shape[1:3]
    acc = np.zeros((n, oh, ow, w.shape[0]), ctx.result_dtype())
    taps = _taps(_padded(x, ctx.attr("pad")), w.shape[1:3], ctx.attr("stride"), ctx.attr("dilation"), (oh, ow))
    for ky, kx, tap in taps:
        _add_products(acc, tap, w[:, ky, kx, :].T)
    acc += bias
    return acc


def depthwise_conv2d(ctx, x, w, bias, izp, wzp):
    """w [KH, KW, C, M]; per output the taps (ky, kx)."""
    x, w = _shifted(x, izp), _shifted(w, wzp)
    kh, kw, c, m = w.shape
    n, oh, ow = x.shape[0], *ctx.result_shape[1:3]
    acc = np.zeros((n, oh, ow, c, m), ctx.result_dtype())
    product = np.empty_like(acc)
    for ky, kx, tap in _taps(_padded(x, ctx.attr("pad")), (kh, kw), ctx.attr("stride"), ctx.attr("dilation"),
                             (oh, ow)):
        np.multiply(tap[..., None], w[ky, kx], out=product)
        acc += product
    acc = acc.reshape(n, oh, ow, c * m)
    acc += bias
    return acc


def transpose_conv2d(ctx, x, w, bias, izp, wzp):
    """Input pixel (iy, ix) adds x * w[oc, ky, kx] at output (iy * stride_y + out_pad_top + ky,
    ix * stride_x + out_pad_left + kx), the outputs starting at the bias. An output receives
    the pixels in (iy, ix) order, channels innermost: taps from the last (ky, kx) back."""
    x, w = _shifted(x, izp), _shifted(w, wzp)
    sy, sx = ctx.attr("stride")
    top, _, left, _ = ctx.attr("out_pad")
    n, ih, iw, _ = x.shape
    _, oh, ow, oc = ctx.result_shape
    acc = np.empty((n, oh, ow, oc), ctx.result_dtype())
    acc[...] = bias
    for ky in reversed(range(w.shape[1])):
        for kx in reversed(range(w.shape[2])):
            oy, ox = np.arange(ih) * sy + top + ky, np.arange(iw) * sx + left + kx
            ry, rx = (oy >= 0) & (oy < oh), (ox >= 0) & (ox < ow)
            if not ry.any() or not rx.any():
                continue
            ys, xs = slice(oy[ry][0], oy[ry][-1] + 1, sy), slice(ox[rx][0], ox[rx][-1] + 1, sx)
            _add_products(acc[:, ys, xs, :], x[:, ry][:, :, rx], w[:, ky, kx, :].T)
    return acc


def conv3d(ctx, x, w, bias, izp, wzp):
    """w [OC, KD, KH, KW, IC], pad (d0, d1, top, bottom, left, right); per output the taps
    (kd, ky, kx), then the channels."""
    x, w = _shifted(x, izp), _shifted(w, wzp)
    pad, stride, dilation = ctx.attr("pad"), ctx.attr("stride"), ctx.attr("dilation")
    xp = np.pad(x, ((0, 0), pad[0:2], pad[2:4], pad[4:6], (0, 0)))
    _, od, oh, ow, oc = ctx.result_shape
    acc = np.zeros((x.shape[0], od, oh, ow, oc), ctx.result_dtype())
    for kd, ky, kx in np.ndindex(*w.shape[1:4]):
        z, y, xx = kd * dilation[0], ky * dilation[1], kx * dilation[2]
        tap = xp[:, z:z + (od - 1) * stride[0] + 1:stride[0], y:y + (oh - 1) * stride[1] + 1:stride[1],
                 xx:xx + (ow - 1) * stride[2] + 1:stride[2]]
        _add_products(acc, tap, w[:, kd, ky, kx, :].T)
    acc += bias
    return acc


def matmul(ctx, a, b, azp, bzp):
    """a [N, H, C] @ b [N, C, W]: per output the products over C in order."""
    a, b = _shifted(a, azp), _shifted(b, bzp)
    acc = np.zeros((max(a.shape[0], b.shape[0]), a.shape[1], b.shape[2]), ctx.result_dtype())
    _add_products(acc, a, np.moveaxis(b, 1, 0)[:, :, None, :])
    return acc
