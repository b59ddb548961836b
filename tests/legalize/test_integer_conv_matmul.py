"""CONV_2D, DEPTHWISE_CONV_2D, TRANSPOSE_CONV, FULLY_CONNECTED and BATCH_MATMUL on the integer path
(legalize/families/conv/conv.py, legalize/families/matmul/matmul.py and batch_matmul.py), bit for
bit with TFLite's reference kernels: each one-op model (tests/lib/conv_matmul_models.py: every dimension
its own extent, weights over their whole range, random inputs over the whole storage range) must
take the integer path and match end to end and per layer; a few small chains too. A subset is
compiled with iree-compile (llvm-cpu, TOSA profile validation) and run, and must agree with the
numpy executor exactly."""
from __future__ import annotations

import numpy as np
import pytest

from runtime_check.check import check_model
from runtime_check.executor import Executor
from runtime_check.executor.iree_backend import run as iree_run
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert

from ..lib.conv_matmul_models import Params, attention, bmm, cnn, conv, fc

C, D, T = "CONV_2D", "DEPTHWISE_CONV_2D", "TRANSPOSE_CONV"
INT32_BIAS = Params(bias="INT32", bias_option="INT32")

MODELS = {
    # CONV_2D
    "conv2d-same-stride2x1-relu.int8": lambda: conv(C, "int8", (1, 5, 7, 3), (4, 3, 2, 3), stride=(2, 1), act="RELU"),
    "conv2d-valid-dilated-per-tensor.int8": lambda: conv(C, "int8", (2, 9, 8, 3), (2, 2, 3, 3), dilation=(2, 3),
                                                         padding="VALID", params=Params(per_channel=False)),
    "conv2d-int4-weights-relu6.int8x4": lambda: conv(C, "int8x4", (1, 6, 5, 4), (3, 3, 3, 4), act="RELU6"),
    "conv2d-tiny-output-scale.int8": lambda: conv(C, "int8", (1, 4, 5, 3), (2, 1, 1, 3), params=Params(coverage=8.0)),
    "conv2d-grouped-3.int8": lambda: conv(C, "int8", (1, 5, 7, 6), (9, 3, 2, 2), stride=(1, 2)),
    "conv2d-same-relu-n1-to-1.uint8": lambda: conv(C, "uint8", (1, 5, 7, 3), (4, 3, 2, 3), act="RELU_N1_TO_1"),
    "conv2d-valid-stride3-extreme-zero-points.uint8": lambda: conv(
        C, "uint8", (1, 8, 9, 2), (3, 2, 3, 2), stride=(3, 2), padding="VALID", params=Params(zero_points=(0, 255))),
    "conv2d-grouped-2.uint8": lambda: conv(C, "uint8", (1, 4, 6, 4), (6, 2, 2, 2), act="RELU"),
    "conv2d-int64-bias-relu.int16x8": lambda: conv(C, "int16x8", (1, 5, 7, 3), (4, 3, 2, 3), stride=(2, 1),
                                                   act="RELU"),
    "conv2d-int32-bias-dilated.int16x8": lambda: conv(C, "int16x8", (1, 7, 6, 5), (3, 2, 2, 5), dilation=(2, 1),
                                                      params=INT32_BIAS),
    "conv2d-grouped-int4.int16x4": lambda: conv(C, "int16x4", (1, 5, 4, 6), (4, 3, 3, 3), act="RELU6"),
    # DEPTHWISE_CONV_2D
    "depthwise-mult3-stride2-relu6.int8": lambda: conv(D, "int8", (1, 7, 5, 2), (1, 3, 3, 6), stride=(2, 2),
                                                       act="RELU6"),
    "depthwise-valid-dilated-no-bias.int8x4": lambda: conv(D, "int8x4", (2, 8, 7, 3), (1, 2, 3, 3), dilation=(2, 2),
                                                           padding="VALID", params=Params(bias=None)),
    "depthwise-mult2.uint8": lambda: conv(D, "uint8", (1, 6, 5, 3), (1, 3, 2, 6), act="RELU"),
    "depthwise-mult2-stride1x2.int16x8": lambda: conv(D, "int16x8", (1, 6, 7, 3), (1, 2, 3, 6), stride=(1, 2)),
    # TRANSPOSE_CONV
    "transpose-conv-same-stride2-relu.int8": lambda: conv(T, "int8", (1, 3, 4, 5), (2, 3, 3, 5), out=(1, 6, 8, 2),
                                                          stride=(2, 2), act="RELU"),
    "transpose-conv-valid-stride3x2-per-tensor.int8": lambda: conv(
        T, "int8", (2, 3, 2, 4), (3, 2, 3, 4), out=(2, 8, 6, 3), stride=(3, 2), padding="VALID",
        params=Params(per_channel=False)),
    "transpose-conv-same-no-bias.uint8": lambda: conv(T, "uint8", (1, 4, 3, 2), (3, 3, 2, 2), out=(1, 7, 6, 3),
                                                      stride=(2, 2), params=Params(bias=None)),
    "transpose-conv-int64-bias.int16x8": lambda: conv(T, "int16x8", (1, 3, 4, 5), (2, 3, 3, 5), out=(1, 6, 8, 2),
                                                      stride=(2, 2)),
    "transpose-conv-int32-bias-valid.int16x8": lambda: conv(T, "int16x8", (1, 3, 3, 2), (4, 2, 3, 2),
                                                            out=(1, 4, 7, 4), stride=(1, 2), padding="VALID",
                                                            params=INT32_BIAS),
    # FULLY_CONNECTED
    "fc-3d-relu.int8": lambda: fc("int8", (2, 3, 7), 5, act="RELU"),
    "fc-per-tensor-weight-zero-point.int8": lambda: fc("int8", (3, 7), 5, params=Params(per_channel=False,
                                                                                        weight_zero_point=-9)),
    "fc-keep-num-dims-4d.int8": lambda: fc("int8", (2, 1, 3, 6), 4, keep_num_dims=True, act="RELU6"),
    "fc-int4-weights.int8x4": lambda: fc("int8x4", (3, 7), 5),
    "fc-relu6.uint8": lambda: fc("uint8", (3, 7), 5, act="RELU6"),
    "fc-to-int16.uint8-int16": lambda: fc("uint8-int16", (4, 6), 3),
    "fc-reads-uint8-bytes.int8-int16": lambda: fc("int8-int16", (3, 7), 5, params=Params(per_channel=False,
                                                                                         weight_zero_point=3)),
    "fc-int64-bias-keep-num-dims.int16x8": lambda: fc("int16x8", (2, 3, 7), 5, keep_num_dims=True),
    "fc-int32-bias-relu.int16x8": lambda: fc("int16x8", (3, 7), 5, act="RELU", params=INT32_BIAS),
    "fc-per-tensor-weight-zero-point.int16x8": lambda: fc("int16x8", (3, 7), 5, params=Params(
        per_channel=False, weight_zero_point=4)),
    "fc-int4-weights.int16x4": lambda: fc("int16x4", (2, 9), 4),
    "fc-int2-weights.int8x2": lambda: fc("int8x2", (3, 10), 5, act="RELU"),
    "fc-int2-weights-per-tensor.int16x2": lambda: fc("int16x2", (2, 3, 9), 4, keep_num_dims=True,
                                                     params=Params(per_channel=False)),
    "fc-int16-filter-int32-bias.int16x16": lambda: fc("int16x16", (3, 7), 5, params=Params(bias="INT32")),
    "fc-int16-filter-int64-bias-per-tensor.int16x16": lambda: fc(
        "int16x16", (2, 8), 3, params=Params(per_channel=False, bias="INT64", bias_option="INT64")),
    # BATCH_MATMUL
    "bmm-batched.int8": lambda: bmm("int8", (2, 3, 7), (2, 7, 5)),
    "bmm-broadcast-adj-y.int8": lambda: bmm("int8", (2, 1, 3, 7), (4, 5, 7), adj_y=True),
    "bmm-shared-constant-adj-x.int8": lambda: bmm("int8", (2, 7, 3), (7, 5), adj_x=True, const_y=True),
    "bmm-rank5.int8": lambda: bmm("int8", (2, 1, 2, 3, 4), (3, 1, 4, 5)),
    "bmm-raw-products.int8-int32": lambda: bmm("int8-int32", (3, 7), (2, 7, 5)),
    "bmm-batched.int16x16": lambda: bmm("int16x16", (2, 3, 7), (2, 7, 5)),
    "bmm-adj-both.int16x16": lambda: bmm("int16x16", (3, 6, 4), (3, 5, 6), adj_x=True, adj_y=True),
    "bmm-shared-constant.int16x8": lambda: bmm("int16x8", (2, 3, 7), (7, 5), const_y=True),
    # chains
    "cnn-conv-depthwise-fc.int8": lambda: cnn("int8"),
    "cnn-conv-depthwise-fc.uint8": lambda: cnn("uint8"),
    "cnn-conv-depthwise-fc.int16x8": lambda: cnn("int16x8"),
    "attention-products.int8": lambda: attention("int8"),
    "attention-products.int16x16": lambda: attention("int16x16"),
}

FLOAT_MODELS = {
    "transpose-conv-same-stride2.float32": lambda: conv(T, "float32", (1, 3, 4, 5), (2, 3, 3, 5), out=(1, 6, 8, 2),
                                                        stride=(2, 2)),
    "conv2d-grouped-2.float32": lambda: conv(C, "float32", (1, 5, 7, 6), (4, 3, 2, 3)),
    "bmm-broadcast-adj-y.float32": lambda: bmm("float32", (3, 1, 3, 7), (2, 5, 7), adj_y=True),
}

IREE = ["conv2d-grouped-3.int8", "conv2d-same-relu-n1-to-1.uint8", "conv2d-int64-bias-relu.int16x8",
        "conv2d-int32-bias-dilated.int16x8", "transpose-conv-same-no-bias.uint8", "fc-reads-uint8-bytes.int8-int16",
        "fc-int16-filter-int32-bias.int16x16", "bmm-batched.int16x16", "cnn-conv-depthwise-fc.int16x8",
        "attention-products.int8"]


def write(tmp_path, name: str, make) -> str:
    file = tmp_path / f"{name}.tflite"
    file.write_bytes(make())
    return str(file)


@pytest.mark.parametrize("name", MODELS)
def test_integer_path_is_bit_exact(name, tmp_path):
    result = check_model(write(tmp_path, name, MODELS[name]), seed=1)
    assert result.error is None
    assert [r.path for r in result.records] == ["integer"] * len(result.records), \
        [r.reason for r in result.records]
    assert result.passed and all(o.exact_fraction == 1.0 for o in result.outputs), result.outputs
    assert all(layer.skipped is None and layer.exact_fraction == 1.0 for layer in result.layers), result.layers


@pytest.mark.parametrize("name", FLOAT_MODELS)
def test_float_path_matches_tflite(name, tmp_path):
    result = check_model(write(tmp_path, name, FLOAT_MODELS[name]))
    assert [r.path for r in result.records] == ["float"]
    assert result.passed, result.outputs


@pytest.mark.parametrize("name", IREE)
def test_iree_compiles_the_final_ir_and_agrees_with_the_executor(name, tmp_path):
    module = convert(write(tmp_path, name, MODELS[name]), "final").module
    rng = np.random.default_rng(3)
    args = next(iter(module.functions())).body.args
    inputs = []
    for a in args:
        dtype = np.dtype({8: np.int8, 16: np.int16}[a.type.element_type.width])
        info = np.iinfo(dtype)
        inputs.append(rng.integers(info.min, info.max, a.type.shape, endpoint=True).astype(dtype))
    ours = Executor(module).run(inputs)
    theirs = iree_run(print_module(module), inputs)
    for a, b in zip(ours, theirs):
        assert a.dtype == b.dtype and np.array_equal(a, b)


@pytest.mark.parametrize("bias", ["INT32", "INT64"])
def test_int16_accumulator_overflow_follows_the_kernel(bias, tmp_path):
    """576 taps of 127 * 32767 exceed int32: with quantized_bias_type INT32 TFLite's `acc +=`
    wraps (and so does the integer path, bit for bit); the int64 kernel saturates."""
    name = f"conv2d-overflow.{bias.lower()}"
    path = write(tmp_path, name, lambda: _overflow_model(bias))
    np.savez(tmp_path / "x.npz", x=np.full((1, 3, 3, 64), 32767, np.int16))
    result = check_model(path, inputs_file=str(tmp_path / "x.npz"))
    assert [r.path for r in result.records] == ["integer"]
    assert result.passed and result.outputs[0].exact_fraction == 1.0
    module = convert(path, "final").module
    (y,) = Executor(module).run([np.full((1, 3, 3, 64), 32767, np.int16)])
    assert (y == (-32768 if bias == "INT32" else 32767)).all()


def _overflow_model(bias: str) -> bytes:
    from ai_edge_litert import schema_py_generated as schema

    from tools.tflite_builder import ModelBuilder, per_axis, per_tensor
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", (1, 3, 3, 64), "INT16", quant=per_tensor(0.001, 0))
    w = g.const("w", np.full((2, 3, 3, 64), 127, np.int8), quant=per_axis([0.01, 0.02], [0, 0], 0))
    b = g.const("b", np.array([5, -7], np.int32 if bias == "INT32" else np.int64), bias,
                quant=per_axis([1e-5, 2e-5], [0, 0], 0))
    y = g.tensor("y", (1, 1, 1, 2), "INT16", quant=per_tensor(0.05, 0))
    o = schema.Conv2DOptionsT()
    o.padding, o.strideH, o.strideW, o.dilationHFactor, o.dilationWFactor = schema.Padding.VALID, 1, 1, 1, 1
    if bias == "INT32":
        o.quantizedBiasType = schema.TensorType.INT32
    g.op("CONV_2D", [x, w, b], [y], o, version=8)
    g.output(y)
    return m.build()
