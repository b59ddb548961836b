"""Dynamic dimensions: models exported from Keras with a `?` batch keep it in the IR, and the
converted model computes TFLite's outputs at any batch size, on our executor and on IREE;
`--input-shape` pins the `?` dimensions instead.

The Keras model (models/make_real_models.py, `dynamic_batch`) has Conv2D, MaxPooling2D, a
Reshape, Conv1D, an unrolled LSTM and Dense layers, quantized every way; check (at the file's
batch of 1) is in test_real_models.py. Here TFLite is resized to a batch of 3.
"""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from runtime_check.check import check_model
from runtime_check.executor import Executor
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder

from ..conftest import MODELS, iree_verify

REAL = MODELS / "real"
MODES = ["float32", "float16w", "int8", "int8-float-io", "uint8-io", "int16x8", "dynamic-int8w", "aeq-a8w8",
         "aeq-a16w8", "aeq-dynamic-w8", "aeq-dynamic-w4", "aeq-weight-only-w8", "aeq-weight-only-w4"]
STATIC = {"int8", "int8-float-io", "uint8-io", "int16x8", "aeq-a8w8", "aeq-a16w8"}  # integer outputs: exact


def tflite_at(path, shapes, inputs):
    """TFLite's BUILTIN_REF outputs with the inputs resized to `shapes`."""
    from ai_edge_litert.interpreter import Interpreter, OpResolverType

    it = Interpreter(model_path=str(path), experimental_op_resolver_type=OpResolverType.BUILTIN_REF)
    for d, shape in zip(it.get_input_details(), shapes):
        it.resize_tensor_input(d["index"], list(shape))
    it.allocate_tensors()
    for d, x in zip(it.get_input_details(), inputs):
        it.set_tensor(d["index"], x)
    it.invoke()
    return [it.get_tensor(d["index"]) for d in it.get_output_details()]


def random_input(path, batch: int, seed: int = 1) -> np.ndarray:
    from ai_edge_litert.interpreter import Interpreter

    d = Interpreter(model_path=str(path)).get_input_details()[0]
    shape = [batch if s == -1 else s for s in d["shape_signature"]]
    rng = np.random.default_rng(seed)
    if d["dtype"] == np.float32:
        return rng.uniform(0, 1, shape).astype(np.float32)
    info = np.iinfo(d["dtype"])
    return rng.integers(info.min, info.max, shape, endpoint=True).astype(d["dtype"])


def assert_agree(ours, ref, exact: bool):
    for a, r in zip(ours, ref):
        a = np.asarray(a)
        if a.dtype != r.dtype and a.dtype.kind in "iu" and a.dtype.itemsize == r.dtype.itemsize:
            a = a.view(r.dtype)  # signless i8 holds TFLite's uint8 bytes
        assert a.shape == r.shape
        if exact:
            assert np.array_equal(a, r), np.abs(a.astype(np.int64) - r).max()
        else:
            assert np.abs(a - r).max() <= 1e-5 * max(1.0, float(np.abs(r).max())), np.abs(a - r).max()


@pytest.mark.parametrize("mode", MODES)
def test_the_batch_stays_dynamic_and_every_op_is_lowered(mode):
    module = convert(str(REAL / f"dynamic-batch.{mode}.tflite"), "final").module
    main = next(iter(module.functions()))
    assert all(a.type.shape[0] is None for a in main.body.args)
    text = print_module(module)
    assert '"tfl.' not in text
    assert iree_verify(text).returncode == 0


@pytest.mark.parametrize("mode", MODES)
def test_batch_of_three_computes_tflites_outputs(mode):
    path = REAL / f"dynamic-batch.{mode}.tflite"
    x = random_input(path, 3)
    ours = Executor(convert(str(path), "final").module).run([x])
    assert_agree(ours, tflite_at(path, [x.shape], [x]), exact=mode in STATIC)


@pytest.mark.parametrize("mode", ["float32", "int8", "int16x8", "aeq-a16w8", "dynamic-int8w"])
def test_iree_runs_the_dynamic_batch(mode):
    from runtime_check.executor import iree_backend

    path = REAL / f"dynamic-batch.{mode}.tflite"
    x = random_input(path, 3)
    got = iree_backend.run(print_module(convert(str(path), "final").module), [x])
    assert_agree(got, tflite_at(path, [x.shape], [x]), exact=mode in STATIC)


def test_a_range_over_the_batch_is_sized_at_run_time():
    """models/coverage/dynamic-batch.float32: SHAPE -> RANGE(0, batch) -> CAST -> ADD: the
    RANGE's size is computed at run time (linalg.generic over linalg.index)."""
    path = MODELS / "coverage" / "dynamic-batch.float32.tflite"
    text = print_module(convert(str(path), "final").module)
    assert "= linalg.index " in text and '"tfl.' not in text
    x = np.random.default_rng(2).uniform(-1, 1, (4, 5)).astype(np.float32)
    ref = tflite_at(path, [x.shape], [x])
    assert_agree(Executor(convert(str(path), "final").module).run([x]), ref, exact=False)
    from runtime_check.executor import iree_backend
    assert_agree(iree_backend.run(text, [x]), ref, exact=False)


@pytest.mark.parametrize("mode", ["int8", "float32", "aeq-dynamic-w8"])
def test_input_shape_pins_every_dimension(mode):
    path = str(REAL / f"dynamic-batch.{mode}.tflite")
    shapes = [("input", (4, 16, 16, 3))]
    text = print_module(convert(path, "final", input_shapes=shapes).module)
    assert "?" not in text and "tensor<4x10x" in text
    result = check_model(path, input_shapes=shapes)  # TFLite runs at the pinned shape too
    assert result.error is None and result.passed


def range_of_input_value() -> bytes:
    """RANGE(0, limit, 1) with `limit` a model input: its size depends on the input's value."""
    m = ModelBuilder()
    g = m.subgraph()
    limit = g.input("limit", [], "INT32")
    start, delta = g.const("start", np.array(0, np.int32)), g.const("delta", np.array(1, np.int32))
    y = g.tensor("y", [1], "INT32", shape_signature=[-1])
    g.op("RANGE", [start, limit, delta], [y])
    g.output(y)
    return m.build()


def tfl2quant(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tfl2quant.cli", *map(str, args)], capture_output=True, text=True)


@pytest.mark.parametrize(("shape", "says"), [
    ("4x16x16", "has shape ?x16x16x3; 4x16x16 does not fit it"),
    ("4x16x16x5", "has shape ?x16x16x3; 4x16x16x5 does not fit it"),
    ("nope:4x16x16x3", "name every input or none; the inputs are input (not 'nope')"),
    ("4x?x16x3", "expected [NAME:]DIMS with DIMS like 4x16x16x3"),
])
def test_input_shape_errors_name_the_problem(shape, says):
    r = tfl2quant("convert", REAL / "dynamic-batch.float32.tflite", "--input-shape", shape)
    assert r.returncode == 2 and r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1 and says in r.stderr, r.stderr


def test_a_value_dependent_shape_cannot_be_pinned(tmp_path):
    path = tmp_path / "range.tflite"
    path.write_bytes(range_of_input_value())
    r = tfl2quant("convert", path, "--input-shape", "")
    assert r.returncode == 2 and r.stdout == ""
    assert 'the shape of tensor 3 "y" depends on the input values (0 on zeros, 1 on ones)' in r.stderr, r.stderr
