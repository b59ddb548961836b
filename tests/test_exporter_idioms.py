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

from .conftest import iree_agrees
from .tflite_builder import ModelBuilder


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
