"""MediaPipe's custom operators (legalize/families/custom/mediapipe.py): each alone in a tiny model, run by
our executor on the converted module and compared with a numpy transcription of the
MediaPipe CPU kernel (mediapipe/util/tflite/operations/*.cc, whole-array, in the C++
loops' order of operations); TFLite's interpreter has no kernels for them. The printed
IR is verified by iree-opt, and two ops are compiled and run by IREE too.
"""
from __future__ import annotations

import struct

import numpy as np
import pytest
from flatbuffers import flexbuffers

from runtime_check.executor import Executor, iree_backend
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder

from ..conftest import iree_verify

SAME, VALID = 1, 2            # TfLitePadding
NONE, RELU, RELU6 = 0, 1, 3   # TfLiteFusedActivation
LOWEST = np.float32(np.finfo(np.float32).min)


def pool_options(padding, stride, filt, activation=NONE) -> bytes:
    """A TfLitePoolParams: padding, stride_width, stride_height, filter_width, filter_height,
    activation, then the computed padding the kernel overwrites."""
    return struct.pack("<6i", padding, stride[1], stride[0], filt[1], filt[0], activation) + bytes(16)


def conv_options(padding, stride) -> bytes:
    """A TfLiteTransposeConvParams: padding, stride_width, stride_height, activation."""
    return struct.pack("<4i", padding, stride[1], stride[0], 0)


def one_op(tmp_path, code, inputs, outputs, options: bytes, consts=()) -> str:
    """A model with one CUSTOM op `code`: runtime inputs, then constants (name, array)."""
    m = ModelBuilder()
    g = m.subgraph()
    ins = [g.input(f"in{k}", shape) for k, shape in enumerate(inputs)]
    ins += [g.const(name, np.asarray(a, np.float32)) for name, a in consts]
    outs = [g.tensor(f"out{k}", shape) for k, shape in enumerate(outputs)]
    g.op("CUSTOM", ins, outs, custom=code, custom_options=options)
    g.output(*outs)
    path = tmp_path / f"{code}.tflite"
    path.write_bytes(m.build())
    return str(path)


def ours(path, inputs):
    """The converted module (every op lowered, IR accepted by iree-opt) run by our executor."""
    conversion = convert(path, "final")
    assert [(r.name, r.path) for r in conversion.report.records] == [("tfl.custom", "float")]
    text = print_module(conversion.module)
    assert "tfl." not in text.split("func.func")[1]
    verified = iree_verify(text)
    assert verified.returncode == 0, verified.stderr
    return Executor(conversion.module).run(inputs, "main"), text


def reason(path) -> str:
    conversion = convert(path, "final")
    [record] = conversion.report.records
    assert record.path == "unlowered"
    return record.reason


# --- numpy transcriptions of the MediaPipe kernels -------------------------------------------

def transpose_conv_bias(x, w, bias, padding, stride):
    """transpose_conv_bias.cc: output starts at the bias; input pixel (iy, ix) adds
    x * w[oc, ky, kx, ic] at (iy * s - pad / 2 + ky, ix * s - pad / 2 + kx), when inside."""
    n, ih, iw, _ = x.shape
    oc, kh, kw, _ = w.shape
    totals = [max(0, k - (size - 1) % s - 1) if padding == SAME else 0
              for size, k, s in ((ih, kh, stride[0]), (iw, kw, stride[1]))]
    oh, ow = stride[0] * (ih - 1) + kh - totals[0], stride[1] * (iw - 1) + kw - totals[1]
    pad_h, pad_w = totals[0] // 2, totals[1] // 2
    out = np.broadcast_to(bias, (n, oh, ow, oc)).astype(np.float32).copy()
    big = np.zeros((n, stride[0] * (ih - 1) + kh + 2 * kh, stride[1] * (iw - 1) + kw + 2 * kw, oc), np.float32)
    for ky in range(kh):
        for kx in range(kw):
            contrib = np.einsum("nhwi,oi->nhwo", x, w[:, ky, kx, :])
            big[:, kh + ky:kh + ky + stride[0] * ih:stride[0], kw + kx:kw + kx + stride[1] * iw:stride[1]] += contrib
    return out + big[:, kh + pad_h:kh + pad_h + oh, kw + pad_w:kw + pad_w + ow]


def max_pool_argmax(x, padding, stride, filt, activation=NONE):
    """max_pool_argmax.cc: per window the first element strictly above the running max
    (from float lowest), its full-window index ky * fw + kx + 0.1f; the max clamped."""
    n, h, w, c = x.shape
    outs, pads = [], []
    for size, k, s in ((h, filt[0], stride[0]), (w, filt[1], stride[1])):
        o = (size + s - 1) // s if padding == SAME else (size - k + s) // s
        outs.append(o)
        pads.append(max(((o - 1) * s + k - size) // 2, 0))
    best = np.full((n, outs[0], outs[1], c), LOWEST, np.float32)
    index = np.zeros((n, outs[0], outs[1], c), np.int64)
    for ky in range(filt[0]):
        for kx in range(filt[1]):
            ys = np.arange(outs[0]) * stride[0] - pads[0] + ky
            xs = np.arange(outs[1]) * stride[1] - pads[1] + kx
            inside = ((ys >= 0) & (ys < h))[:, None] & ((xs >= 0) & (xs < w))[None, :]
            cur = x[:, np.clip(ys, 0, h - 1)][:, :, np.clip(xs, 0, w - 1)]
            better = inside[None, :, :, None] & (cur > best)
            best = np.where(better, cur, best)
            index = np.where(better, ky * filt[1] + kx, index)
    lo, hi = {RELU: (0, np.inf), RELU6: (0, 6)}.get(activation, (LOWEST, np.finfo(np.float32).max))
    return np.minimum(np.maximum(best, lo), hi).astype(np.float32), \
        (index.astype(np.float32) + np.float32(0.1)).astype(np.float32)


def max_unpooling(values, indices, filt):
    """max_unpooling.cc with stride == filter (pad 0): zeros, then each value written at
    (iy * fh + idx / fw, ix * fw + idx % fw), idx = (int)index."""
    n, h, w, c = values.shape
    out = np.zeros((n, h * filt[0], w * filt[1], c), np.float32)
    idx = np.trunc(indices).astype(np.int64)
    b, y, x, ch = np.indices(values.shape)
    out[b, y * filt[0] + idx // filt[1], x * filt[1] + idx % filt[1], ch] = values
    return out


def transform_tensor_bilinear(x, m, oh, ow):
    """transform_tensor_bilinear.cc, TransformTensorBilinearV2."""
    _, h, w, _ = x.shape
    m = m.reshape(-1).astype(np.float32)
    xt, yt = m[0:4].copy(), m[4:8].copy()
    xt[3] = np.float32(np.float64(xt[3]) + (np.float64(xt[0]) * 0.5 + np.float64(xt[1]) * 0.5 - 0.5))
    yt[3] = np.float32(np.float64(yt[3]) + (np.float64(yt[0]) * 0.5 + np.float64(yt[1]) * 0.5 - 0.5))
    oy, ox = np.meshgrid(np.arange(oh, dtype=np.float32), np.arange(ow, dtype=np.float32), indexing="ij")
    tx = xt[0] * ox + xt[1] * oy + xt[2] * np.float32(0) + xt[3] * np.float32(1)
    ty = yt[0] * ox + yt[1] * oy + yt[2] * np.float32(0) + yt[3] * np.float32(1)
    outside = (tx < 0) | (tx > w - 1) | (ty < 0) | (ty > h - 1)
    fx, fy = np.floor(tx), np.floor(ty)

    def read(yy, xx):
        yy, xx = yy.astype(np.int64), xx.astype(np.int64)
        off = (yy < 0) | (xx < 0) | (yy >= h) | (xx >= w)
        v = x[0, np.clip(yy, 0, h - 1), np.clip(xx, 0, w - 1)]
        return np.where(off[..., None], np.float32(0), v)

    q11, q21, q12, q22 = read(fy, fx), read(fy, fx + 1), read(fy + 1, fx), read(fy + 1, fx + 1)
    right, lower = (tx - fx)[..., None], (ty - fy)[..., None]
    upper = (1 - right) * q11 + right * q21
    below = (1 - right) * q12 + right * q22
    result = lower * below + (1 - lower) * upper
    return np.where(outside[..., None], np.float32(0), result)[None].astype(np.float32)


def transform_landmarks(x, m):
    """transform_landmarks.cc, TransformLandmarksV2."""
    m = m.reshape(-1).astype(np.float32)
    out = x.copy()
    px, py = x[..., 0], x[..., 1]
    out[..., 0] = px * m[0] + py * m[1] + np.float32(0) * m[2] + m[3]
    out[..., 1] = px * m[4] + py * m[5] + np.float32(0) * m[6] + m[7]
    return out


def landmarks_to_transform_matrix(x, p):
    """landmarks_to_transform_matrix.cc, LandmarksToTransformMatrixV2, with 3x3 and 4x4
    products written out (float32 throughout)."""
    f = np.float32
    pts = x.reshape(-1, 3).astype(np.float32)
    left, right = pts[p["left_rotation_idx"]], pts[p["right_rotation_idx"]]
    r = f(p["target_rotation_radians"]) - np.arctan2(right[1] - left[1], right[0] - left[0])
    sub = pts[p["subset_idxs"]]
    xr = np.cos(r) * sub[:, 0] - np.sin(r) * sub[:, 1]
    yr = np.sin(r) * sub[:, 0] + np.cos(r) * sub[:, 1]
    width, height = xr.max() - xr.min(), yr.max() - yr.min()
    mx, my = (xr.min() + xr.max()) / f(2), (yr.min() + yr.max()) / f(2)
    c, s = np.cos(-r), np.sin(-r)
    cx, cy = c * mx - s * my, s * mx + c * my
    t = np.array([[c, -s, 0, cx], [s, c, 0, cy], [0, 0, 1, 0], [0, 0, 0, 1]], np.float32)
    sx = f(p["scale_x"]) * width / f(p["output_width"])
    sy = f(p["scale_y"]) * height / f(p["output_height"])
    t = t @ np.diag(np.array([sx, sy, 1, 1], np.float32))
    shift = np.eye(4, dtype=np.float32)
    shift[0, 3], shift[1, 3] = -p["output_width"] / 2.0, -p["output_height"] / 2.0
    return (t @ shift).astype(np.float32)[None]


# --- tests ---------------------------------------------------------------------------------

RNG = np.random.default_rng(7)


@pytest.mark.parametrize(("shape", "kernel", "stride", "padding"), [
    ((1, 3, 5, 2), (3, 3), (2, 2), SAME),
    ((2, 4, 3, 3), (4, 2), (3, 3), SAME),    # pad_total 3: the odd pixel goes after
    ((1, 3, 4, 2), (2, 3), (1, 2), VALID),
])
def test_transpose_conv_bias(tmp_path, shape, kernel, stride, padding):
    oc = 4
    w = RNG.standard_normal((oc, *kernel, shape[3])).astype(np.float32)
    bias = RNG.standard_normal(oc).astype(np.float32)
    x = RNG.standard_normal(shape).astype(np.float32)
    want = transpose_conv_bias(x, w, bias, padding, stride)
    path = one_op(tmp_path, "Convolution2DTransposeBias", [shape], [want.shape], conv_options(padding, stride),
                  [("w", w), ("bias", bias)])
    [got], text = ours(path, [x])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    [iree] = iree_backend.run(text, [x])
    np.testing.assert_allclose(iree.reshape(want.shape), want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize(("shape", "filt", "stride", "padding", "activation"), [
    ((1, 4, 6, 3), (2, 2), (2, 2), SAME, NONE),
    ((2, 5, 7, 2), (3, 3), (2, 2), SAME, RELU),
    ((1, 6, 5, 2), (3, 2), (2, 1), VALID, RELU6),
])
def test_max_pool_argmax(tmp_path, shape, filt, stride, padding, activation):
    x = RNG.standard_normal(shape).astype(np.float32)
    x.reshape(-1)[::5] = x.reshape(-1)[1::5][:x.reshape(-1)[::5].size]  # ties: the first one wins
    want_values, want_index = max_pool_argmax(x, padding, stride, filt, activation)
    path = one_op(tmp_path, "MaxPoolingWithArgmax2D", [shape], [want_values.shape] * 2,
                  pool_options(padding, stride, filt, activation))
    (values, index), text = ours(path, [x])
    np.testing.assert_array_equal(values, want_values)
    np.testing.assert_array_equal(index, want_index)
    iree_values, iree_index = iree_backend.run(text, [x])
    np.testing.assert_array_equal(iree_values.reshape(values.shape), want_values)
    np.testing.assert_array_equal(iree_index.reshape(index.shape), want_index)


def test_max_pool_argmax_windows_of_lowest_report_index_zero(tmp_path):
    """-inf and NaN never beat lowest, so their windows give lowest at index 0."""
    x = np.full((1, 3, 3, 1), -np.inf, np.float32)
    x[0, 2, 2, 0] = LOWEST
    x[0, 0, 0, 0] = np.nan
    x[0, 1, 0, 0] = np.nan
    want_values, want_index = max_pool_argmax(x, SAME, (2, 2), (2, 2))
    path = one_op(tmp_path, "MaxPoolingWithArgmax2D", [x.shape], [want_values.shape] * 2,
                  pool_options(SAME, (2, 2), (2, 2)))
    (values, index), text = ours(path, [x])
    np.testing.assert_array_equal(values, want_values)
    np.testing.assert_array_equal(index, want_index)
    x[0, 0, 1, 0] = 2.0  # a NaN beside a number: the number wins (IREE also runs this one)
    want_values, want_index = max_pool_argmax(x, SAME, (2, 2), (2, 2))
    (values, index), _ = ours(path, [x])
    np.testing.assert_array_equal(values, want_values)
    np.testing.assert_array_equal(index, want_index)
    iree_values, iree_index = iree_backend.run(text, [x])
    np.testing.assert_array_equal(iree_values.reshape(values.shape), want_values)
    np.testing.assert_array_equal(iree_index.reshape(index.shape), want_index)


@pytest.mark.parametrize(("shape", "filt"), [((1, 3, 4, 2), (2, 2)), ((2, 2, 3, 3), (3, 2))])
def test_max_unpooling(tmp_path, shape, filt):
    values = RNG.standard_normal(shape).astype(np.float32)
    values.reshape(-1)[0] = -0.0  # copied, sign and all
    indices = (RNG.integers(0, filt[0] * filt[1], shape) + 0.1).astype(np.float32)
    indices.reshape(-1)[1] = -0.9  # (int) truncates toward zero: position 0
    want = max_unpooling(values, indices, filt)
    path = one_op(tmp_path, "MaxUnpooling2D", [shape, shape], [want.shape], pool_options(SAME, filt, filt))
    [got], _ = ours(path, [values, indices])
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(np.signbit(got), np.signbit(want))


def test_max_unpooling_inverts_max_pool_argmax(tmp_path):
    x = RNG.standard_normal((1, 4, 6, 2)).astype(np.float32)
    values, index = max_pool_argmax(x, SAME, (2, 2), (2, 2))
    path = one_op(tmp_path, "MaxUnpooling2D", [values.shape] * 2, [x.shape], pool_options(SAME, (2, 2), (2, 2)))
    [got], _ = ours(path, [values, index])
    np.testing.assert_array_equal(got, np.where(got != 0, x, 0))
    np.testing.assert_array_equal(got.reshape(1, 2, 2, 3, 2, 2).sum(axis=(2, 4)), values)  # one per window


def test_transform_tensor_bilinear(tmp_path):
    x = RNG.standard_normal((1, 5, 7, 3)).astype(np.float32)
    angle = 0.3
    m = np.eye(4, dtype=np.float32)
    m[0, :2], m[1, :2] = [1.3 * np.cos(angle), -0.9 * np.sin(angle)], [1.3 * np.sin(angle), 0.9 * np.cos(angle)]
    m[0, 3], m[1, 3] = 0.7, -0.4
    oh, ow = 4, 6
    want = transform_tensor_bilinear(x, m, oh, ow)
    assert (want == 0).any() and (want != 0).any()  # some points fall outside, some inside
    path = one_op(tmp_path, "TransformTensorBilinear", [x.shape, (1, 4, 4)], [(1, oh, ow, 3)], b"")
    [got], text = ours(path, [x, m[None]])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    [iree] = iree_backend.run(text, [x, m[None]])
    np.testing.assert_allclose(iree.reshape(want.shape), want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("dims", [2, 3])
def test_transform_landmarks(tmp_path, dims):
    x = RNG.standard_normal((1, 5, dims)).astype(np.float32)
    m = RNG.standard_normal((1, 4, 4)).astype(np.float32)
    want = transform_landmarks(x, m)
    path = one_op(tmp_path, "TransformLandmarks", [x.shape, m.shape], [x.shape], b"")
    [got], _ = ours(path, [x, m])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


L2TM = {"subset_idxs": [0, 3, 5, 2, 4], "left_rotation_idx": 1, "right_rotation_idx": 4,
        "target_rotation_radians": 0.5, "output_height": 48, "output_width": 64, "scale_x": 1.5, "scale_y": 1.25}


def test_landmarks_to_transform_matrix(tmp_path):
    x = (RNG.standard_normal((1, 6, 3)) * 20 + 100).astype(np.float32)
    want = landmarks_to_transform_matrix(x, L2TM)
    path = one_op(tmp_path, "Landmarks2TransformMatrix", [x.shape], [(1, 4, 4)], bytes(flexbuffers.Dumps(L2TM)))
    [got], text = ours(path, [x])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-4)
    [iree] = iree_backend.run(text, [x])  # math.atan2, tosa.sin and tosa.cos as IREE computes them
    np.testing.assert_allclose(iree.reshape(want.shape), want, rtol=1e-5, atol=1e-4)


def test_other_custom_ops_keep_their_reason(tmp_path):
    path = one_op(tmp_path, "MyCustomOp", [(4,)], [(4,)], b"\x01\x02")
    assert reason(path) == "custom operator 'MyCustomOp': its computation is not in the model"


def test_declines_with_reasons(tmp_path):
    path = one_op(tmp_path, "MaxUnpooling2D", [(1, 2, 2, 1)] * 2, [(1, 4, 4, 1)], pool_options(SAME, (1, 1), (2, 2)))
    assert "differs from the filter" in reason(path)
    path = one_op(tmp_path, "MaxPoolingWithArgmax2D", [(1, 4, 4, 1)], [(1, 2, 2, 1)] * 2, b"\x01\x00")
    assert "the kernel reads 24" in reason(path)
    path = one_op(tmp_path, "TransformLandmarks", [(1, 1, 5, 3), (1, 4, 4)], [(1, 1, 5, 3)], b"")
    assert "version 1" in reason(path)
    path = one_op(tmp_path, "Landmarks2TransformMatrix", [(1, 6, 3)], [(1, 4, 4)],
                  bytes(flexbuffers.Dumps(dict(L2TM, subset_idxs=[0, 9]))))
    assert "do not fit 6 landmarks" in reason(path)
    path = one_op(tmp_path, "Landmarks2TransformMatrix", [(1, 6, 3)], [(1, 4, 4)], b"\x01\x02\x03")
    assert "custom options are not a flexbuffer map" in reason(path)
    path = one_op(tmp_path, "Landmarks2TransformMatrix", [(1, 6, 3)], [(1, 4, 4)],
                  bytes(flexbuffers.Dumps({k: v for k, v in L2TM.items() if k != "scale_y"})))
    assert reason(path) == "custom options lack scale_y"
    path = one_op(tmp_path, "Convolution2DTransposeBias", [(1, 3, 5, 2)], [(1, 6, 10, 4)], conv_options(SAME, (2, 2)),
                  [("w", np.ones((4, 3, 3, 2))), ("bias", np.ones(4))])
    assert reason(path) == "result 0 has shape [1, 6, 10, 4]; TFLite's kernel gives it [1, 5, 9, 4]"


def test_max_pool_argmax_into_max_unpooling(tmp_path):
    """The encoder-decoder pair of MediaPipe's segmentation models, in one model: both
    results of the pool feed the unpooling, which restores each window's maximum in place."""
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", (1, 4, 6, 3))
    values, index, y = g.tensor("values", (1, 2, 3, 3)), g.tensor("index", (1, 2, 3, 3)), g.tensor("y", (1, 4, 6, 3))
    options = pool_options(SAME, (2, 2), (2, 2))
    g.op("CUSTOM", [x], [values, index], custom="MaxPoolingWithArgmax2D", custom_options=options)
    g.op("CUSTOM", [values, index], [y], custom="MaxUnpooling2D", custom_options=options)
    g.output(y)
    path = tmp_path / "pool-unpool.tflite"
    path.write_bytes(m.build())
    conversion = convert(str(path), "final")
    assert [r.path for r in conversion.report.records] == ["float", "float"]
    data = RNG.standard_normal((1, 4, 6, 3)).astype(np.float32)
    [got] = Executor(conversion.module).run([data], "main")
    want = max_unpooling(*max_pool_argmax(data, SAME, (2, 2), (2, 2)), (2, 2))
    np.testing.assert_array_equal(got, want)
