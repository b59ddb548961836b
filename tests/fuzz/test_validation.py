"""Valid output or a clear error (issue: never invalid IR): one regression test per case
the structure-aware fuzzer found. A model the TFLite interpreter refuses gets one line
naming the op, its index and location; a model it accepts converts to IR that iree-opt
verifies; no Python warning either way."""
from __future__ import annotations

import re
import warnings

import numpy as np
import pytest
from ai_edge_litert import schema_py_generated as schema

from runtime_check.check import litert
from runtime_check.check import check_model
from tfl2quant.errors import InternalError, Tfl2QuantError
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert

from ..conftest import iree_verify
from tools.tflite_builder import ModelBuilder, min_max, per_tensor



def q8():
    return per_tensor(0.05, -3)


def write(tmp_path, m: ModelBuilder, name="model.tflite", edit=None):
    path = tmp_path / name
    path.write_bytes(m.build(edit))
    return path


def converts(path, allow_unregistered: bool = False) -> str:
    """Convert with warnings as errors; the final IR must verify upstream."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        text = print_module(convert(str(path), "final").module)
    r = iree_verify(text, allow_unregistered=allow_unregistered)
    assert r.returncode == 0, r.stderr[:2000]
    return text


def refused(path) -> str:
    """The one-line user error (never an internal one), with warnings as errors."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(Tfl2QuantError) as e:
            convert(str(path), "final")
    assert not isinstance(e.value, InternalError), str(e.value)
    assert "\n" not in str(e.value)
    return str(e.value)


def conv_model(stride=1, quant=True, options_edit=None) -> ModelBuilder:
    m = ModelBuilder()
    g = m.subgraph()
    q = q8() if quant else None
    x = g.input("x", [1, 5, 7, 3], "INT8" if quant else "FLOAT32", quant=q)
    w = g.const("w", np.ones((2, 3, 3, 3), np.int8 if quant else np.float32),
                quant=per_tensor(0.25) if quant else None)
    b = g.const("b", np.zeros(2, np.int32 if quant else np.float32), quant=per_tensor(0.0125) if quant else None)
    y = g.tensor("y", [1, 5, 7, 2], "INT8" if quant else "FLOAT32", quant=per_tensor(0.1, 2) if quant else None)
    o = schema.Conv2DOptionsT()
    o.padding, o.strideH, o.strideW, o.dilationHFactor, o.dilationWFactor = 0, stride, stride, 1, 1
    if options_edit:
        options_edit(o)
    g.op("CONV_2D", [x, w, b], [y], o)
    g.output(y)
    return m


def test_negative_stride_is_refused_naming_the_op(tmp_path):
    message = refused(write(tmp_path, conv_model(stride=-2)))
    assert "op 0 'tfl.conv_2d'" in message and "option 'stride_h' is -2; TFLite requires at least 1" in message


def test_a_declared_shape_the_kernel_would_not_compute_takes_tflites(tmp_path):
    """TFLite's Prepare resizes the result to the shape it computes and runs the model (older
    converters wrote such files): the conversion takes that shape too, and says so."""
    path = write(tmp_path, conv_model(stride=2))  # 5x7 with stride 2 gives 3x4, not 5x7
    result = convert(str(path), "final")
    assert result.warnings == ('subgraph 0: op 0 \'tfl.conv_2d\' (tensor "y"): result 0 has shape [1, 5, 7, 2], but '
                               "TFLite computes [1, 3, 4, 2]; the conversion takes TFLite's shape, as its "
                               "interpreter does",)
    assert "-> tensor<1x3x4x2xi8>" in converts(path)


def test_a_rank_declared_as_a_vector_is_the_scalar_tflite_computes(tmp_path):
    """RANK's Prepare resizes its result to a scalar (kernels/rank.cc), whatever the file says."""
    path = write(tmp_path, one_op("RANK", [([1, 7, 9, 5], F)], [([1], "INT32")]))
    result = convert(str(path), "final")
    assert len(result.warnings) == 1 and "result 0 has shape [1], but TFLite computes []" in result.warnings[0]
    assert "-> tensor<i32>" in converts(path)
    assert check_model(str(path)).passed


def test_options_of_another_operator_count_as_absent(tmp_path):
    """CALL_ONCE with a Concatenation options table (KeyError 'init_subgraph_index' once):
    TFLite's parser reads no options then; so do we."""
    m = ModelBuilder()
    g = m.subgraph()
    g.op("CALL_ONCE", [], [], schema.ConcatenationOptionsT())
    x = g.input("x", [2])
    g.output(x)
    text = converts(write(tmp_path, m), allow_unregistered=True)
    assert '"tfl.call_once"()' in text


def test_an_operator_with_more_results_than_its_kind_is_refused(tmp_path):
    m = ModelBuilder()
    g = m.subgraph()
    a, b = g.input("a", [2, 3]), g.input("b", [2, 3])
    y, z = g.tensor("y", [2, 3]), g.tensor("z", [2, 3])
    g.op("ADD", [a, b], [y, z], schema.AddOptionsT())
    g.output(y)
    assert "has 2 results; TFLite's kernel gives 1" in refused(write(tmp_path, m))


@pytest.mark.parametrize("scale", [float("nan"), float("inf"), -0.5])
def test_a_scale_that_is_not_finite_and_positive_is_refused_without_warnings(tmp_path, scale):
    m = conv_model()
    path = tmp_path / "m.tflite"
    path.write_bytes(m.build(lambda mt: setattr(mt.subgraphs[0].tensors[0].quantization, "scale", [scale])))
    message = refused(path)
    assert "tensor 0 \"x\": quantization scale" in message and "is not a finite non-negative number" in message


def test_a_buffer_larger_than_its_shape_needs_is_read_like_tflite(tmp_path):
    """TFLite reads the first bytes (required_bytes <= bytes in subgraph.cc); so do we."""
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [1])
    c = g.const("c", np.array([3, 7], np.int32), shape=[1])  # 8 bytes for an int32[1]
    y = g.tensor("y", [1])
    cast = g.tensor("c_f", [1])
    g.op("CAST", [c], [cast], schema.CastOptionsT())
    g.op("ADD", [x, cast], [y], schema.AddOptionsT())
    g.output(y)
    path = write(tmp_path, m)
    litert.load(str(path))  # TFLite accepts it
    text = converts(path)
    assert "dense<3> : tensor<1xi32>" in text
    result = check_model(str(path))
    assert result.passed, result.outputs


def test_an_empty_metadata_name_is_not_printed(tmp_path):
    m = conv_model(quant=False)
    m.metadata("", b"data")
    text = converts(write(tmp_path, m))
    assert '"" =' not in text


def test_nan_in_an_8_bit_float_constant_prints_as_its_8_bit_pattern(tmp_path):
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [3])
    raw = np.array([0x7F, 0x38, 0x00], np.uint8)  # f8E4M3FN: NaN, 1.0, 0.0
    c = g.tensor("c", [3], "FLOAT8_E4M3FN", buffer=m.buffer(raw.tobytes()))
    y, z = g.tensor("y", [3]), g.tensor("z", [3])
    g.op("CAST", [c], [y], schema.CastOptionsT())
    g.op("ADD", [x, y], [z], schema.AddOptionsT())
    g.output(z)
    path = write(tmp_path, m)
    text = print_module(convert(str(path), "tfl").module)
    assert "dense<[0x7F, 1.000000e+00, 0.000000e+00]> : tensor<3xf8E4M3FN>" in text  # as iree-opt prints it
    assert iree_verify(text, allow_unregistered=True).returncode == 0


def test_a_complex_operand_never_reaches_a_clamp(tmp_path):
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [3], "COMPLEX64")
    y = g.tensor("y", [3], "COMPLEX64")
    g.op("RELU", [x], [y])
    g.output(y)
    assert "operand 0 is complex<f32>; the kernel takes float or quantized tensors" in refused(write(tmp_path, m))


def test_an_int16_zero_point_other_than_0_never_reaches_tosa_rescale(tmp_path):
    """TFLite requantizes int8 into an int16 with any zero point (quantize.cc checks it only
    for int16 -> int16); TOSA's rescale takes only 0 there, so the zero point is added in i32
    before an identity rescale saturates to int16 (legalize/lib/storage.py: requantize)."""
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [2, 3], "INT8", quant=q8())
    y = g.tensor("y", [2, 3], "INT16", quant=per_tensor(0.01, 5))
    g.op("QUANTIZE", [x], [y])
    g.output(y)
    path = write(tmp_path, m)
    records = convert(str(path), "legalized").report.records
    assert [(r.path, r.reason) for r in records] == [("integer", None)]
    converts(path)  # our TOSA verifier and iree-opt refuse a rescale to i16 with zero point 5
    result = check_model(str(path))
    assert result.passed and result.outputs[0].exact_fraction == 1.0


def test_int16_requantize_needs_zero_points_0(tmp_path):
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [2, 3], "INT16", quant=per_tensor(0.01, 3))
    y = g.tensor("y", [2, 3], "INT16", quant=per_tensor(0.02))
    g.op("QUANTIZE", [x], [y])
    g.output(y)
    assert "operand 0 is i16 with a zero point other than 0" in refused(write(tmp_path, m))


def test_check_handles_min_max_statistics_on_intermediate_tensors(tmp_path):
    """quantfork.stats once replaced an op's own result in the per-layer map (KeyError)."""
    m = ModelBuilder()
    g = m.subgraph()
    a, b = g.input("a", [1, 4]), g.input("b", [1, 4])
    t = g.tensor("t", [1, 4], quant=min_max(-2.0, 2.0))
    y = g.tensor("y", [1, 4])
    g.op("ADD", [a, b], [t], schema.AddOptionsT())
    g.op("MUL", [t, a], [y], schema.MulOptionsT())
    g.output(y)
    result = check_model(str(write(tmp_path, m)))
    assert result.error is None and result.passed
    assert [layer.skipped for layer in result.layers] == [None, None]


def test_a_dynamic_batch_quantize_reconciles_its_shapes(tmp_path):
    """A `?` input quantized into a declared static result (ai-edge-quantizer writes such
    files): the result keeps the input's `?`, as TFLite's Prepare resizes it to the input's
    shape, and no cast is needed."""
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [1, 3], shape_signature=[-1, 3])
    y = g.tensor("y", [1, 3], "INT8", quant=q8())
    g.op("QUANTIZE", [x], [y])
    g.output(y)
    text = converts(write(tmp_path, m))
    assert "tensor.cast" not in text and "-> tensor<?x3xi8> attributes" in text


# --- the newer float lowerings: malformed operators are refused before a pattern reads them ----

def one_op(code, inputs, outputs, options=None) -> ModelBuilder:
    """One operator; `inputs` and `outputs` are (shape, dtype[, quantization]) or, for inputs,
    a numpy array (a constant)."""
    m = ModelBuilder()
    g = m.subgraph()
    ins = [g.const(f"c{k}", v) if isinstance(v, np.ndarray)
           else g.input(f"x{k}", v[0], v[1], quant=(v[2:] or [None])[0]) for k, v in enumerate(inputs)]
    outs = [g.tensor(f"y{k}", shape, dtype, quant=(rest or [None])[0])
            for k, (shape, dtype, *rest) in enumerate(outputs)]
    g.op(code, ins, outs, options)
    g.output(*outs)
    return m


F = "FLOAT32"
I32 = np.int32
MALFORMED = {
    "range-two-operands": (one_op("RANGE", [np.array(0, I32), np.array(5, I32)], [([5], "INT32")]),
                           "'tfl.range'", "has 2 operands; TFLite's kernel takes 3"),
    "range-vector-limit": (one_op("RANGE", [np.array(0, I32), np.array([5, 6, 7], I32), np.array(1, I32)],
                                  [([5], "INT32")]),
                           "'tfl.range'", "operand 1 has shape [3]; the kernel takes a scalar"),
    "range-mixed-types": (one_op("RANGE", [np.array(0.0, np.float32), np.array(5, I32), np.array(1, I32)],
                                 [([5], "INT32")]),
                          "'tfl.range'", "operands and result must have one type, got f32, i32"),
    "reduce-window-two-operands": (one_op("REDUCE_WINDOW", [([1, 4], F), np.array(0.0, np.float32)], [([1, 4], F)]),
                                   "'tfl.reduce_window'", "has 2 operands; TFLite's kernel takes 5"),
    "reduce-window-two-results": (one_op("REDUCE_WINDOW", [([1, 4], F), np.array(0.0, np.float32)] +
                                         [np.array([1, 2], np.int64)] * 3, [([1, 3], F), ([1, 3], F)]),
                                  "'tfl.reduce_window'", "has 2 results; TFLite's kernel gives 1"),
    "stablehlo-reduce-window-one-operand": (one_op("STABLEHLO_REDUCE_WINDOW", [([1, 4], F)], [([1, 4], F)]),
                                            "'tfl.stablehlo_reduce_window'", "has 1 operands; TFLite's kernel takes 2"),
    "conv3d-4d-input": (one_op("CONV_3D", [([1, 4, 4, 2], F), np.ones((1, 1, 1, 2, 3), np.float32)],
                               [([1, 4, 4, 3], F)]),
                        "'tfl.conv_3d'", "operand 0 has rank 4; TFLite's kernel takes rank 5"),
    "conv3d-one-operand": (one_op("CONV_3D", [([1, 2, 4, 4, 2], F)], [([1, 2, 4, 4, 2], F)]),
                           "'tfl.conv_3d'", "has 1 operands; TFLite's kernel takes 2 to 3"),
    "conv3d-transpose-two-operands": (one_op("CONV_3D_TRANSPOSE", [np.array([1, 2, 4, 4, 3], I32),
                                                                   ([1, 2, 4, 4, 2], F)], [([1, 2, 4, 4, 3], F)]),
                                      "'tfl.conv_3d_transpose'", "has 2 operands; TFLite's kernel takes 3 to 4"),
    "stablehlo-maximum-one-operand": (one_op("STABLEHLO_MAXIMUM", [([2, 3], F)], [([2, 3], F)]),
                                      "'tfl.stablehlo_maximum'", "has 1 operands; TFLite's kernel takes 2"),
    "stablehlo-add-broadcast": (one_op("STABLEHLO_ADD", [([2, 3], F), ([1, 3], F)], [([2, 3], F)]),
                                "'tfl.stablehlo_add'",
                                "operands of shapes [2, 3] and [1, 3]; the kernel does not broadcast"),
    "right-shift-one-operand": (one_op("RIGHT_SHIFT", [([2, 3], "INT32")], [([2, 3], "INT32")]),
                                "'tfl.right_shift'", "has 1 operands; TFLite's kernel takes 2"),
    "right-shift-float": (one_op("RIGHT_SHIFT", [([2, 3], F), ([2, 3], F)], [([2, 3], F)]),
                          "'tfl.right_shift'", "operand 0 is f32; the kernel takes i16, i32, i8, u16, u32, u8"),
    "right-shift-quantized": (one_op("RIGHT_SHIFT", [([2, 3], "INT8", q8()), ([2, 3], "INT8", q8())],
                                     [([2, 3], "INT8", q8())]),
                              "'tfl.right_shift'", "operand 0 is quantized; the kernel reads stored integers"),
    "bitwise-xor-no-broadcast": (one_op("BITWISE_XOR", [([2, 64], "INT32"), ([32, 64], "INT32")], [([2, 64], "INT32")]),
                                 "'tfl.bitwise_xor'", "operand shapes [2, 64] and [32, 64] do not broadcast"),
    "atan2-three-operands": (one_op("ATAN2", [([3], F)] * 3, [([3], F)]),
                             "'tfl.atan2'", "has 3 operands; TFLite's kernel takes 2"),
    "atan2-broadcast": (one_op("ATAN2", [([2, 3], F), ([1, 3], F)], [([2, 3], F)]),  # atan2.cc EnsureSameShape
                        "'tfl.atan2'", "operands of shapes [2, 3] and [1, 3]; the kernel does not broadcast"),
    "atan2-one-operand": (one_op("ATAN2", [([3], F)], [([3], F)]),
                          "'tfl.atan2'", "has 1 operands; TFLite's kernel takes 2"),
    "topk-one-result": (one_op("TOPK_V2", [([2, 5], F), np.array(2, I32)], [([2, 2], F)]),
                        "'tfl.topk_v2'", "has 1 results; TFLite's kernel gives 2"),
    "topk-one-operand": (one_op("TOPK_V2", [([2, 5], F)], [([2, 2], F), ([2, 2], "INT32")]),
                         "'tfl.topk_v2'", "has 1 operands; TFLite's kernel takes 2"),
    "unique-2d": (one_op("UNIQUE", [([2, 5], F)], [([10], F), ([2, 5], "INT32")]),
                  "'tfl.unique'", "operand 0 has rank 2; TFLite's kernel takes rank 1"),
    "unique-three-operands": (one_op("UNIQUE", [([5], F)] * 3, [([5], F), ([5], "INT32")]),
                              "'tfl.unique'", "has 3 operands; TFLite's kernel takes 1"),
    "rfft2d-one-operand": (one_op("RFFT2D", [([4, 4], F)], [([4, 3], "COMPLEX64")]),
                           "'tfl.rfft2d'", "has 1 operands; TFLite's kernel takes 2"),
    "fake-quant-three-operands": (one_op("FAKE_QUANT", [([2, 3], F)] * 3, [([2, 3], F)]),
                                  "'tfl.fake_quant'", "has 3 operands; TFLite's kernel takes 1"),
    "rank-int8-result": (one_op("RANK", [([1, 7, 9, 5], F)], [([1, 7, 9, 5], "INT8")]),
                         "'tfl.rank'", "result 0 is i8"),
    "space-to-batch-one-operand": (one_op("SPACE_TO_BATCH_ND", [([1, 4, 4, 1], F)], [([4, 2, 2, 1], F)]),
                                   "'tfl.space_to_batch_nd'", "has 1 operands; TFLite's kernel takes 3"),
    "batch-to-space-int64-result": (one_op("BATCH_TO_SPACE_ND", [([4, 2, 2, 1], F), np.array([2, 2], I32),
                                                                 np.zeros((2, 2), I32)], [([1, 4, 4, 1], "INT64")]),
                                    "'tfl.batch_to_space_nd'", "operands and result must have one type, got f32, i64"),
    "matrix-set-diag-one-operand": (one_op("MATRIX_SET_DIAG", [([3, 3], F)], [([3, 3], F)]),
                                    "'tfl.matrix_set_diag'", "has 1 operands; TFLite's kernel takes 2"),
    "dynamic-update-slice-one-operand": (one_op("DYNAMIC_UPDATE_SLICE", [([3, 3], F)], [([3, 3], F)]),
                                         "'tfl.dynamic_update_slice'", "has 1 operands; TFLite's kernel takes 3"),
    "embedding-lookup-three-operands": (one_op("EMBEDDING_LOOKUP", [([2], "INT32"), ([4, 3], F), ([4, 3], F)],
                                               [([2, 3], F)]),
                                        "'tfl.embedding_lookup'", "has 3 operands; TFLite's kernel takes 2"),
    "dilate-two-operands": (one_op("DILATE", [([2, 3], F), np.array([2, 2], I32)], [([3, 5], F)]),
                            "'tfl.dilate'", "has 2 operands; TFLite's kernel takes 3"),
    "stablehlo-scatter-one-operand": (one_op("STABLEHLO_SCATTER", [([2, 3], F)], [([2, 3], F)]),
                                      "'tfl.stablehlo_scatter'", "has 1 operands; TFLite's kernel takes 3"),
    "stablehlo-gather-one-operand": (one_op("STABLEHLO_GATHER", [([2, 3], F)], [([2, 3], F)]),
                                     "'tfl.stablehlo_gather'", "has 1 operands; TFLite's kernel takes 2"),
    "bitcast-two-results": (one_op("BITCAST", [([2, 3], F)], [([2, 3], "INT32"), ([2, 3], "INT32")]),
                            "'tfl.bitcast'", "has 2 results; TFLite's kernel gives 1"),
    "imag-two-operands": (one_op("IMAG", [([3], "COMPLEX64")] * 2, [([3], F)]),
                          "'tfl.imag'", "has 2 operands; TFLite's kernel takes 1"),
    "real-of-float": (one_op("REAL", [([3], F)], [([3], F)]),
                      "'tfl.real'", "operand 0 is f32; the kernel takes complex<f32>, complex<f64>"),
    "complex-abs-f64-of-complex64": (one_op("COMPLEX_ABS", [([3], "COMPLEX64")], [([3], "FLOAT64")]),
                                     "'tfl.complex_abs'", "result is f64 for an input of complex<f32>"),
    "add-n-of-two-shapes": (one_op("ADD_N", [([2], "INT32"), ([], "INT32")], [([2], "INT32")]),
                            "'tfl.add_n'", "operand 1 has shape [], operand 0 [2]; the kernel adds tensors of one shape"),
    "bucketize-three-operands": (one_op("BUCKETIZE", [([3], F)] * 3, [([3], "INT32")]),
                                 "'tfl.bucketize'", "has 3 operands; TFLite's kernel takes 1"),
    "multinomial-no-operands": (one_op("MULTINOMIAL", [], [([1, 2], "INT64")]),
                                "'tfl.multinomial'", "has 0 operands; TFLite's kernel takes 2"),
    "stablehlo-pad-one-operand": (one_op("STABLEHLO_PAD", [([2, 3], F)], [([2, 3], F)]),
                                  "'tfl.stablehlo_pad'", "has 1 operands; TFLite's kernel takes 2"),
    "one-hot-resource-result": (one_op("ONE_HOT", [np.array([1, 0], I32), np.array(5, I32),
                                                   np.array(1.0, np.float32), np.array(0.0, np.float32)],
                                       [([2, 5], "RESOURCE")]),
                                "'tfl.one_hot'", "operands and result must have one type"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_a_malformed_operator_is_refused_before_its_pattern(tmp_path, case):
    """Mutants the fuzzer found crashing the patterns of the newer float lowerings (an
    IndexError, a ValueError unpacking operands, invalid TOSA): each is a model TFLite's
    Prepare refuses, so it is refused at import, in one line naming the op."""
    model, op, error = MALFORMED[case]
    message = refused(write(tmp_path, model))
    assert op in message and error in message, message


def test_fake_quant_with_min_equal_to_max_is_declined_without_warnings(tmp_path):
    """TFLite does not check min < max (its reference kernel divides by a zero step); the
    pattern declines instead of computing 1 / 0 (once a RuntimeWarning)."""
    o = schema.FakeQuantOptionsT()
    o.min, o.max, o.numBits = 1.0, 1.0, 8
    path = write(tmp_path, one_op("FAKE_QUANT", [([2, 3], F)], [([2, 3], F)], o))
    converts(path, allow_unregistered=True)
    records = convert(str(path), "legalized").report.records
    assert [(r.path, r.reason) for r in records] == [
        ("unlowered", "min 1.0 and max 1.0 give no positive finite quantization step")]


@pytest.mark.parametrize("code", ["SOFTMAX", "LOG_SOFTMAX"])
def test_an_8_bit_softmax_of_dynamic_rows_is_declined(tmp_path, code):
    """The int8 patterns bound the row length at compile time (a `?` last dimension raised
    TypeError comparing None with an int)."""
    q_out = per_tensor(1 / 256, -128) if code == "SOFTMAX" else per_tensor(16 / 256, 127)
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [2, 5], "INT8", quant=q8(), shape_signature=[2, -1])
    y = g.tensor("y", [2, 5], "INT8", quant=q_out, shape_signature=[2, -1])
    options = schema.SoftmaxOptionsT() if code == "SOFTMAX" else None
    if options is not None:
        options.beta = 1.0
    g.op(code, [x], [y], options)
    g.output(y)
    path = write(tmp_path, m)
    converts(path, allow_unregistered=True)
    records = convert(str(path), "legalized").report.records
    assert "a dynamic row length (last dimension)" in records[0].reason


@pytest.mark.parametrize(("dtype", "zero_point", "bounds"), [("INT8", 200, "[-128, 127]"), ("UINT8", -1, "[0, 255]"),
                                                          ("INT16", 40000, "[-32768, 32767]")])
def test_a_zero_point_outside_the_storage_type_is_an_error_naming_the_tensor(tmp_path, dtype, zero_point, bounds):
    """`opt` accepts such types as upstream does; in a model TFLite's kernels read the zero point
    as a value of the storage type, so the importer refuses it (it became an internal error in
    legalize-tfl, and invalid IR, when the type rule was relaxed)."""
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [2, 3], dtype, quant=per_tensor(0.5, zero_point))
    y = g.tensor("y", [2, 3], dtype, quant=per_tensor(0.5, 0))
    g.op("RELU", [x], [y])
    g.output(y)
    path = write(tmp_path, m)
    with pytest.raises(Tfl2QuantError, match=rf'tensor 0 "x": zero point {zero_point} out of the range '
                                             rf'{re.escape(bounds)} of its storage type'):
        convert(str(path), "final")
