"""Float convolutions and matrix products, run by the executor on the converted module, equal
TFLite's reference kernels bit for bit (runtime_check/executor/kernels/tosa_float.py: products added
one at a time in the order of TFLite's loops, not BLAS's blocks). A float result that a
hybrid op quantizes next must be the reference kernel's to the last bit."""
from __future__ import annotations

import pytest

from runtime_check.check import check_model

from ..lib.conv_matmul_models import Params, bmm, conv, fc

C, D, T = "CONV_2D", "DEPTHWISE_CONV_2D", "TRANSPOSE_CONV"
MODELS = {
    "conv-3x3-same": lambda: conv(C, "float32", (2, 9, 8, 5), (6, 3, 3, 5)),
    "conv-3x2-stride1x2-dilation2x1-valid": lambda: conv(C, "float32", (1, 11, 9, 7), (4, 3, 2, 7), stride=(1, 2),
                                                         dilation=(2, 1), padding="VALID"),
    "conv-1x1-stride2-relu6": lambda: conv(C, "float32", (1, 9, 7, 33), (8, 1, 1, 33), stride=(2, 2), act="RELU6"),
    "conv-5x5-deep": lambda: conv(C, "float32", (1, 7, 6, 64), (3, 5, 5, 64)),
    "depthwise-mult2-stride2": lambda: conv(D, "float32", (1, 9, 8, 3), (1, 3, 3, 6), stride=(2, 2)),
    "depthwise-dilated-valid": lambda: conv(D, "float32", (2, 10, 9, 4), (1, 3, 2, 4), dilation=(2, 2),
                                            padding="VALID"),
    # without a bias: the pattern passes it to tosa.transpose_conv2d, whose sums start at it,
    # where TFLite's reference kernel adds it last (reference/transpose_conv.h)
    "transpose-conv-stride2-same": lambda: conv(T, "float32", (1, 4, 5, 3), (6, 3, 3, 3), out=(1, 8, 10, 6),
                                                stride=(2, 2), params=Params(bias=None)),
    "transpose-conv-stride3x2-valid": lambda: conv(T, "float32", (2, 3, 4, 5), (4, 4, 3, 5), out=(2, 12, 9, 4),
                                                   stride=(3, 2), padding="VALID", params=Params(bias=None)),
    "fc-deep": lambda: fc("float32", (3, 700), 9),
    "fc-3d-keep-dims-relu": lambda: fc("float32", (2, 3, 65), 7, keep_num_dims=True, act="RELU"),
    "batch-matmul": lambda: bmm("float32", (2, 5, 300), (2, 300, 4)),
    "batch-matmul-adj-y-const": lambda: bmm("float32", (3, 4, 130), (3, 6, 130), adj_y=True, const_y=True),
}


@pytest.mark.parametrize("name", MODELS)
def test_float_sums_equal_the_reference_kernels(name, tmp_path):
    path = tmp_path / f"{name}.tflite"
    path.write_bytes(MODELS[name]())
    result = check_model(str(path), seed=1)
    assert result.error is None and result.passed
    assert all(o.max_abs_diff == 0 and o.exact_fraction == 1.0 for o in result.outputs), result.outputs
    assert all(layer.exact_fraction == 1.0 for layer in result.layers), result.layers
