"""Graph idioms of the exporters users bring (litert-torch, onnx2tf, litert-quantizer), each
on a model built here with the structure of the file that failed (issue 30): the published
and exported files themselves are rebuilt by models/make_exporter_models.py.
"""
from __future__ import annotations

import numpy as np
import pytest
from ai_edge_litert import schema_py_generated as schema

from runtime_check.check import check_model
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder

from ..conftest import iree_agrees


def _write(tmp_path, name: str, data: bytes):
    path = tmp_path / name
    path.write_bytes(data)
    return path


def _check_float(path, **kw):
    result = check_model(str(path), seed=0, **kw)
    assert result.error is None, result.error
    assert all(r.path == "float" for r in result.records), result.records
    assert result.passed, result.outputs
    return result


# --- a tensor with zero elements and no buffer (litert-torch) ------------------------------------

def empty_shape_reshape() -> bytes:
    """RESHAPE of a [1] int32 to a scalar: the shape operand is an int32 of shape [0] whose
    buffer is empty (litert-torch's LLM exports write such tensors for `x.reshape(())`)."""
    m = ModelBuilder()
    g = m.subgraph("main")
    x = g.input("x", [1], "INT32")
    shape = g.tensor("atten_func;1", [0], "INT32")  # no buffer: zero elements need no data
    scalar = g.tensor("scalar", [], "INT32")
    y = g.tensor("y", [3], "INT32")
    g.op("RESHAPE", [x, shape], [scalar], schema.ReshapeOptionsT())
    g.op("ADD", [scalar, g.const("c", np.array([1, 2, 3], np.int32))], [y], schema.AddOptionsT())
    g.output(y)
    return m.build()


def test_a_zero_element_tensor_without_data_is_an_empty_constant(tmp_path):
    path = _write(tmp_path, "empty.tflite", empty_shape_reshape())
    text = print_module(convert(str(path), "tfl").module)
    assert "dense<> : tensor<0xi32>" in text
    result = _check_float(path)
    assert result.outputs[0].max_abs_diff == 0


def test_reshape_to_a_scalar_by_an_empty_shape_is_lowered(tmp_path):
    path = _write(tmp_path, "empty.tflite", empty_shape_reshape())
    records = convert(str(path), "legalized").report.records
    assert [(r.name, r.path) for r in records] == [("tfl.reshape", "float"), ("tfl.add", "float")]


# --- float DIV broadcasting against a `?` batch (a published audio model) ------------------------

def dynamic_div(x_shape, x_sig, y_shape, out_shape, out_sig) -> bytes:
    m = ModelBuilder()
    g = m.subgraph("main")
    x = g.input("x", x_shape, shape_signature=x_sig)
    y = g.const("y", np.linspace(0.5, 3, int(np.prod(y_shape)), dtype=np.float32).reshape(y_shape))
    out = g.tensor("out", out_shape, shape_signature=out_sig)
    g.op("DIV", [x, y], [out], schema.DivOptionsT())
    g.output(out)
    return m.build()


DIV_CASES = {
    # x [?, 1, 40] / y [1, 16, 40]: x is `?` and broadcast along another dimension (the regression)
    "dynamic-and-broadcast": ([1, 1, 40], [-1, 1, 40], [1, 16, 40], [1, 16, 40], [-1, 16, 40]),
    # y broadcasts along the `?` batch of the result
    "along-the-batch": ([1, 16, 40], [-1, 16, 40], [40], [1, 16, 40], [-1, 16, 40]),
    # the result is written static while its input is `?`
    "static-result": ([1, 16, 40], [-1, 16, 40], [16, 1], [1, 16, 40], None),
}


@pytest.mark.parametrize("case", DIV_CASES)
def test_float_div_broadcasts_a_dynamic_batch(tmp_path, case):
    path = _write(tmp_path, f"div-{case}.tflite", dynamic_div(*DIV_CASES[case]))
    result = _check_float(path)
    assert result.outputs[0].max_abs_diff == 0  # arith.divf is IEEE division, as C++ `/`


def test_float_div_at_another_batch_matches_tflite(tmp_path):
    from runtime_check.executor import Executor

    from .test_dynamic_shapes import tflite_at

    path = _write(tmp_path, "div.tflite", dynamic_div(*DIV_CASES["dynamic-and-broadcast"]))
    x = np.random.default_rng(0).uniform(-3, 3, (3, 1, 40)).astype(np.float32)
    (want,) = tflite_at(path, [x.shape], [x])
    (got,) = Executor(convert(str(path), "final").module).run([x], "main")
    np.testing.assert_array_equal(np.asarray(got), want)


def test_float_div_with_a_dynamic_batch_runs_in_iree(tmp_path):
    path = _write(tmp_path, "div.tflite", dynamic_div(*DIV_CASES["dynamic-and-broadcast"]))
    iree_agrees(path, exact=True)


# --- signatures: one function per SignatureDef, named by its key (litert-torch's LLM exports) ----

def prefill_decode(shared: bool = False) -> bytes:
    """Two signatures in the shape of litert-torch's generative exports: `prefill_4` and
    `decode`, each taking tokens and a KV cache and returning the updated cache (here a
    DYNAMIC_UPDATE_SLICE of the cache by a value computed from the tokens). The subgraphs are
    named otherwise, as some exporters name them. With `shared`, a third signature reuses
    the decode subgraph."""
    m = ModelBuilder()
    for key, steps in (("prefill_4", 4), ("decode", 1)):
        g = m.subgraph(f"subgraph_for_{key}")
        tokens = g.input("tokens", [1, steps], "INT32")
        pos = g.input("input_pos", [3], "INT32")
        cache = g.input("kv_cache_k_0", [1, 8, 2], "FLOAT32")
        as_float, r, update = g.tensor("f", [1, steps]), g.tensor("r", [1, steps, 1]), g.tensor("u", [1, steps, 2])
        out = g.tensor("kv_cache_k_0_out", [1, 8, 2])
        g.op("CAST", [tokens], [as_float])
        g.op("RESHAPE", [as_float, g.const("shape", np.array([1, steps, 1], np.int32))], [r],
             schema.ReshapeOptionsT())
        g.op("MUL", [r, g.const("two", np.array([0.5, 2.0], np.float32))], [update], schema.MulOptionsT())
        g.op("DYNAMIC_UPDATE_SLICE", [cache, update, pos], [out])
        g.output(out)
        m.signature(key, g, inputs={"tokens": tokens, "input_pos": pos, "kv_cache_k_0": cache},
                    outputs={"kv_cache_k_0": out})
        if shared and key == "decode":
            m.signature("decode_again", g, inputs={"tokens": tokens, "input_pos": pos, "kv_cache_k_0": cache},
                        outputs={"kv_cache_k_0": out})
    return m.build()


def test_each_signature_is_a_function_named_by_its_key(tmp_path):
    path = _write(tmp_path, "llm.tflite", prefill_decode())
    module = convert(str(path), "final").module
    functions = {f.sym_name: f for f in module.functions()}
    assert set(functions) == {"prefill_4", "decode"}
    text = print_module(module)
    assert 'tf_saved_model.exported_names = ["decode"]' in text
    assert '{tf_saved_model.index_path = ["kv_cache_k_0"]}' in text


def test_a_subgraph_shared_by_signatures_is_one_function(tmp_path):
    path = _write(tmp_path, "llm.tflite", prefill_decode(shared=True))
    module = convert(str(path), "final").module
    assert sorted(f.sym_name for f in module.functions()) == ["decode", "prefill_4"]
    assert 'tf_saved_model.exported_names = ["decode", "decode_again"]' in print_module(module)


# --- STABLEHLO_COMPOSITE keeps what identifies it ------------------------------------------------

def composite_model(attributes: dict) -> bytes:
    from flatbuffers import flexbuffers

    from tools.tflite_builder import options_table

    m = ModelBuilder()
    g = m.subgraph("main")
    x, y = g.input("x", [2, 3]), g.tensor("y", [2, 3])
    g.op("STABLEHLO_COMPOSITE", [x], [y],
         options_table("StableHLOComposite", name="odml.rms_norm", version=2, decompositionSubgraphIndex=1,
                       compositeAttributes=list(flexbuffers.Dumps(attributes)), compositeAttributesFormat=0))
    g.output(y)
    body = m.subgraph("odml.rms_norm.impl")
    bx, by = body.input("x", [2, 3]), body.tensor("y", [2, 3])
    body.op("MUL", [bx, bx], [by], schema.MulOptionsT())
    body.output(by)
    return m.build()


def test_composite_attributes_are_read_from_their_flexbuffer(tmp_path):
    attributes = {"epsilon": 1e-6, "axis": -1, "enabled": True, "layout": "BTNH"}
    path = _write(tmp_path, "composite.tflite", composite_model(attributes))
    text = print_module(convert(str(path), "tfl").module)
    assert ('composite_attributes = {axis = -1 : i64, enabled = true, epsilon = 9.9999999999999995E-7 : f64, '
            'layout = "BTNH"}') in text


def test_the_call_of_a_composite_keeps_its_name_and_attributes(tmp_path):
    path = _write(tmp_path, "composite.tflite", composite_model({"epsilon": 0.5}))
    text = print_module(convert(str(path), "final").module)
    # Python's FlexBuffer writer stores 0.5 in 4 bytes (exact in f32), 1e-6 above in 8
    assert ('call @odml.rms_norm.impl(%arg0) {tfl.composite = {composite_attributes = {epsilon = 5.000000e-01 : '
            'f32}, name = "odml.rms_norm", version = 2 : i32}}') in text
    _check_float(path)


def test_a_corrupt_composite_flexbuffer_is_one_error_line(tmp_path):
    from tfl2quant.errors import Tfl2QuantError

    data = bytearray(composite_model({"epsilon": 0.5}))
    raw = bytes(__import__("flatbuffers").flexbuffers.Dumps({"epsilon": 0.5}))
    at = bytes(data).index(raw)
    data[at + len(raw) - 1] = 0xEE  # the root's byte width
    path = _write(tmp_path, "bad.tflite", bytes(data))
    with pytest.raises(Tfl2QuantError, match="composite_attributes is not a valid FlexBuffer"):
        convert(str(path), "tfl")


# --- a result declared with another shape than TFLite computes (older converters' RFFT2D) --------

def stale_rfft2d(dynamic: bool = True) -> bytes:
    """RFFT2D of [?, ?, 1, 16] by fft_length [1, 16], its result declared [?, ?, 1, 16] where
    TFLite computes [?, ?, 1, 9] (the FFT length where length / 2 + 1 belongs, as a published
    keyword-spotting model has it), then COMPLEX_ABS declared alike."""
    sig = [-1, -1, 1, 16] if dynamic else None
    m = ModelBuilder()
    g = m.subgraph("main")
    x = g.input("frames", [1, 3, 1, 16], shape_signature=sig)
    spectrum = g.tensor("spectrum", [1, 3, 1, 16], "COMPLEX64", shape_signature=sig)
    magnitude = g.tensor("magnitude", [1, 3, 1, 16], shape_signature=sig)
    g.op("RFFT2D", [x, g.const("fft_length", np.array([1, 16], np.int32))], [spectrum], schema.Rfft2dOptionsT())
    g.op("COMPLEX_ABS", [spectrum], [magnitude])
    g.output(magnitude)
    return m.build()


@pytest.mark.parametrize("dynamic", [True, False], ids=["dynamic", "static"])
def test_a_result_shape_tflite_recomputes_is_taken_from_tflite(tmp_path, dynamic):
    path = _write(tmp_path, "rfft.tflite", stale_rfft2d(dynamic))
    result = convert(str(path), "tfl")
    text = print_module(result.module)
    dims = "?x?" if dynamic else "1x3"
    assert f"-> tensor<{dims}x1x9xcomplex<f32>>" in text and f"-> tensor<{dims}x1x9xf32>" in text
    assert len(result.warnings) == 2
    assert result.warnings[0] == ('subgraph 0: op 0 \'tfl.rfft2d\' (tensor "spectrum"): result 0 has shape '
                                  f'[{dims.replace("x", ", ")}, 1, 16], but TFLite computes [{dims.replace("x", ", ")}, '
                                  "1, 9]; the conversion takes TFLite's shape, as its interpreter does")


def test_a_recomputed_result_shape_converts_and_checks(tmp_path):
    import subprocess
    import sys

    path = _write(tmp_path, "rfft.tflite", stale_rfft2d(dynamic=False))
    _check_float(path)
    pinned = _write(tmp_path, "rfft-dynamic.tflite", stale_rfft2d(dynamic=True))
    run = subprocess.run([sys.executable, "-m", "tfl2quant.cli", "convert", str(pinned), "--input-shape", "2x5x1x16",
                          "-o", str(tmp_path / "out.mlir")], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stderr.count("warning:") == 1 and "(and 1 results after it)" in run.stderr
    assert "tensor<2x5x1x9xf32>" in (tmp_path / "out.mlir").read_text()


# --- int8 -> int8 QUANTIZE between very different scales (onnx2tf's full-integer ViT) -----------

def requantize_model(in_scale: float, in_zp: int, out_scale: float, out_zp: int, dtype="INT8") -> bytes:
    from tools.tflite_builder import per_tensor

    m = ModelBuilder()
    g = m.subgraph("main")
    x = g.input("x", [2, 256], dtype, quant=per_tensor(in_scale, in_zp))
    y = g.tensor("y", [2, 256], "INT8", quant=per_tensor(out_scale, out_zp))
    g.op("QUANTIZE", [x], [y])
    g.output(y)
    return m.build()


@pytest.mark.parametrize(("in_scale", "in_zp", "out_scale", "out_zp", "dtype"), [
    (0.02, 3, 1.0e-9, -5, "INT8"),     # multiplier 2e7: a left shift of 25, (q - zp) << 25 wraps in int32
    (0.5, -1, 3.0e-9, 0, "INT8"),      # left shift 28
    (0.1, 128, 5.0e-10, 7, "UINT8"),   # uint8 in, int8 out
    (0.02, 3, 0.004, -5, "INT8"),      # multiplier 5: no wrap, the usual single rescale
], ids=["shift25", "shift28", "uint8-in", "no-wrap"])
def test_requantize_wraps_where_tflite_wraps(tmp_path, in_scale, in_zp, out_scale, out_zp, dtype):
    """Every stored input value once: MBQM's int32 `(q - zp) * 2^left_shift` wraps in TFLite
    (internal/common.h, compiled without overflow checks), and so must ours; the outputs that
    wrap differ by 255 from a saturating rescale's."""
    path = _write(tmp_path, "requantize.tflite", requantize_model(in_scale, in_zp, out_scale, out_zp, dtype))
    values = np.arange(-128, 128) if dtype == "INT8" else np.arange(256)
    inputs = tmp_path / "inputs.npz"
    np.savez(inputs, x=np.stack([values, values[::-1]]).astype(np.int8 if dtype == "INT8" else np.uint8))
    result = check_model(str(path), str(inputs))
    assert result.error is None, result.error
    assert [(r.name, r.path) for r in result.records] == [("tfl.quantize", "integer")]
    assert result.passed and result.outputs[0].exact_fraction == 1.0, result.outputs


# --- a tensor list updated by run-time slices (onnx2tf's LSTM loop bodies) ----------------------

def tensor_list_set_item() -> bytes:
    """out = concat(x[:i], item, x[i + 1:]) along axis 0, the slices' begin and size computed
    from the run-time index i (TensorListSetItem as onnx2tf writes it inside a WHILE body): a
    SLICE result of [?, ?, ?] and one of [?, 2, 4] joined by CONCATENATION into [5, 2, 4]."""
    m = ModelBuilder()
    g = m.subgraph("main")
    x, item, i = g.input("x", [5, 2, 4]), g.input("item", [1, 2, 4]), g.input("i", [], "INT32")
    one = g.const("one", np.array([1], np.int32))
    i1, next_i, next_i1 = g.tensor("i1", [1], "INT32"), g.tensor("next", [], "INT32"), g.tensor("next1", [1], "INT32")
    size_head, begin_tail = g.tensor("size_head", [3], "INT32"), g.tensor("begin_tail", [3], "INT32")
    head = g.tensor("head", [1, 1, 1], shape_signature=[-1, -1, -1])
    tail = g.tensor("tail", [1, 2, 4], shape_signature=[-1, 2, 4])
    out = g.tensor("out", [5, 2, 4])
    g.op("RESHAPE", [i, one], [i1], schema.ReshapeOptionsT())
    g.op("CONCATENATION", [i1, g.const("rest", np.array([-1, -1], np.int32))], [size_head],
         _concat_options(0))
    g.op("SLICE", [x, g.const("zeros", np.zeros(3, np.int32)), size_head], [head])
    g.op("ADD", [i, g.const("step", np.array(1, np.int32))], [next_i], schema.AddOptionsT())
    g.op("RESHAPE", [next_i, one], [next_i1], schema.ReshapeOptionsT())
    g.op("CONCATENATION", [next_i1, g.const("origin", np.zeros(2, np.int32))], [begin_tail], _concat_options(0))
    g.op("SLICE", [x, begin_tail, g.const("to_end", np.full(3, -1, np.int32))], [tail])
    g.op("CONCATENATION", [head, item, tail], [out], _concat_options(0))
    g.output(out)
    return m.build()


def _concat_options(axis: int):
    o = schema.ConcatenationOptionsT()
    o.axis = axis
    return o


@pytest.mark.parametrize("i", [0, 2, 4])
def test_slices_at_run_time_offsets_join_back(tmp_path, i):
    path = _write(tmp_path, "set-item.tflite", tensor_list_set_item())
    rng = np.random.default_rng(i)
    inputs = tmp_path / "inputs.npz"
    np.savez(inputs, x=rng.standard_normal((5, 2, 4)).astype(np.float32),
             item=rng.standard_normal((1, 2, 4)).astype(np.float32), i=np.array(i, np.int32))
    result = check_model(str(path), str(inputs), backend="iree" if i == 2 else "numpy")
    assert result.error is None, result.error
    assert all(r.path == "float" for r in result.records), result.records
    assert result.passed and result.outputs[0].max_abs_diff == 0, result.outputs
    assert i != 2 or result.stages["iree"][0].max_abs_diff == 0
    text = print_module(convert(str(path), "final").module)
    assert text.count("tensor.extract_slice") == 2 and '"tfl.' not in text
