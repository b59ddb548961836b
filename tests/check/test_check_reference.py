"""Which of TFLite's kernels judge each op (runtime_check/check/reference.py), TFLite run in parts
(runtime_check/check/partition.py), and the evidence behind every row of KNOWN_WRONG: each of those
tests fails once a LiteRT release fixes the kernel, and then the row goes."""
from __future__ import annotations

import struct
import warnings

import numpy as np
import pytest

from runtime_check.check import PASS, check_model, litert
from runtime_check.check.partition import OPTIMIZED, XNNPACK, from_uint32
from runtime_check.check.reference import KNOWN_WRONG

from ..conftest import MODELS
from ..legalize.test_custom_ops import max_pool_argmax, one_op
from ..lib.check_models import VALID, int8_depth_to_space, mediapipe_unpooling
from ..lib.hybrid_models import fc_blockwise


def write(tmp_path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def run(path: str, resolver: str, inputs) -> list[np.ndarray]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return litert.run(litert.load(path, False, resolver), inputs)


def test_an_op_builtin_ref_lacks_leaves_the_others_on_their_reference_kernels(tmp_path):
    """DEPTH_TO_SPACE version 2 (int8) has no BUILTIN_REF kernel (register_ref.cc registers
    version 1): it alone is judged by the optimized kernels; the convolutions around it run
    on BUILTIN_REF, TFLite running the model in three parts, and every output is exact."""
    path = write(tmp_path, "d2s.tflite", int8_depth_to_space())
    result = check_model(path)
    assert result.verdict == PASS and result.error is None
    assert result.reference == "BUILTIN_REF + optimized"
    assert result.kernels == {"BUILTIN_REF": 2, "optimized": 1}
    assert [(layer.name, layer.reference) for layer in result.layers] == [
        ("tfl.conv_2d", "BUILTIN_REF"), ("tfl.depth_to_space", "optimized"), ("tfl.conv_2d", "BUILTIN_REF")]
    assert "builtin opcode 'DEPTH_TO_SPACE' version '2'" in result.layers[1].reference_why
    assert "op 1 judged by optimized" in result.reference_why
    assert all(o.exact_fraction == 1.0 for o in result.outputs)
    assert all(layer.exact_fraction == 1.0 for layer in result.layers)
    data = result.to_json()
    assert data["kernels"] == result.kernels and data["layers"][1]["reference"] == "optimized"


def test_mediapipe_custom_ops_are_judged_by_the_default_resolver(tmp_path):
    """Convolution2DTransposeBias, MaxPoolingWithArgmax2D and MaxUnpooling2D: no resolver
    without delegates loads them, the default one's XNNPACK delegate runs them; a verdict,
    not NOT COMPARED, with ADD and LOGISTIC still on BUILTIN_REF."""
    path = write(tmp_path, "decoder.tflite", mediapipe_unpooling())
    result = check_model(path)
    assert result.verdict == PASS, result.layers
    assert result.kernels == {"BUILTIN_REF": 2, "XNNPACK": 3}
    assert [layer.reference for layer in result.layers] == ["BUILTIN_REF", "XNNPACK", "XNNPACK", "XNNPACK",
                                                            "BUILTIN_REF"]
    assert all(layer.passed and layer.skipped is None for layer in result.layers)
    assert result.layers[2].exact_fraction == 1.0  # the pooled values and their argmax indices


def test_xnnpack_writes_argmax_indices_as_uint32_column_major(tmp_path):
    """What partition.from_uint32 reads: XNNPACK's MaxPoolingWithArgmax2D stores kx * fh + ky as
    a uint32 in the float32 tensor, MediaPipe's kernel ky * fw + kx + 0.1 as a float."""
    options = struct.pack("<6i", VALID, 3, 2, 3, 2, 0) + bytes(16)  # stride = filter, 2 high and 3 wide
    path = one_op(tmp_path, "MaxPoolingWithArgmax2D", [(1, 4, 9, 3)], [(1, 2, 3, 3), (1, 2, 3, 3)], options)
    x = np.random.default_rng(3).standard_normal((1, 4, 9, 3)).astype(np.float32)
    values, indices = run(path, XNNPACK, [x])
    want_values, want_indices = max_pool_argmax(x, VALID, (2, 3), (2, 3))
    np.testing.assert_array_equal(values, want_values)
    assert not np.array_equal(indices, want_indices)
    np.testing.assert_array_equal(from_uint32(indices, (2, 3)), want_indices)


def test_the_known_wrong_table_names_its_evidence():
    assert [row.what for row in KNOWN_WRONG] == ["FULLY_CONNECTED with blockwise int4 weights", "int16 SUM"]
    assert all(".cc" in row.evidence for row in KNOWN_WRONG)


@pytest.mark.parametrize("bias", [True, False], ids=["bias", "no-bias"])
def test_builtin_ref_blockwise_fully_connected_returns_the_bias(tmp_path, bias):
    """KNOWN_WRONG row 1: BUILTIN_REF's hybrid FULLY_CONNECTED of blockwise int4 weights gives
    the bias (zeros without one); the optimized kernels compute the product, and check judges
    the op with them and passes."""
    path = write(tmp_path, "fc.tflite", fc_blockwise((3, 64), 8, 32, bias=bias))
    x = np.random.default_rng(0).standard_normal((3, 64)).astype(np.float32)
    (ref,), (optimized,) = run(path, "BUILTIN_REF", [x]), run(path, OPTIMIZED, [x])
    expected_bias = ref[0] if bias else np.zeros(8, np.float32)
    assert np.all(ref == expected_bias) and not np.allclose(optimized, ref)
    result = check_model(path)
    assert result.verdict == PASS and result.reference == "optimized"
    assert "EvalHybridDense" in result.reference_why


def test_builtin_ref_int16_sum_reads_bytes():
    """KNOWN_WRONG row 2: BUILTIN_REF's int16 SUM is not the optimized kernels' (which our
    pattern matches bit for bit): it sums the buffers' bytes."""
    path = str(MODELS / "ops" / "sum-axis1.int16x8.tflite")
    info = litert.inputs_of(litert.load(path))[0]
    x = np.random.default_rng(0).integers(-32768, 32767, info.shape, endpoint=True).astype(np.int16)
    (ref,), (optimized,) = run(path, "BUILTIN_REF", [x]), run(path, OPTIMIZED, [x])
    assert not np.array_equal(ref, optimized)
    result = check_model(path, seed=0)
    assert result.verdict == PASS and result.outputs[0].exact_fraction == 1.0
