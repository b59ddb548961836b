"""CONV_3D, CONV_3D_TRANSPOSE, REDUCE_WINDOW, TOPK_V2, WHERE and BUCKETIZE on float tensors
(legalize/families/: conv/conv.py, pooling/pooling.py, reduction/reduction.py,
elementwise/comparison.py): each op alone in a tiny model, checked against TFLite's reference
kernels per layer and end to end, and its converted IR verified by upstream MLIR (iree-opt); UNIQUE,
whose first result has a run-time size, on chosen inputs with repeats, against TFLite on our
executor and IREE. NON_MAX_SUPPRESSION_V4/V5: test_non_max_suppression.py."""
from __future__ import annotations

import numpy as np
import pytest
from ai_edge_litert import schema_py_generated as schema

from legalize.families.elementwise import comparison
from runtime_check.check import check_model, litert
from runtime_check.executor import Executor
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder, options_table

from ..conftest import iree_agrees, iree_verify, only_record

options = options_table


def model(code: str, operands, outputs, opts=None) -> bytes:
    """`code` alone: operands are (shape, dtype) runtime inputs or constant arrays; outputs
    are (shape, dtype) pairs, -1 for a dynamic dimension (shape_signature; its shape says 1)."""
    m = ModelBuilder()
    g = m.subgraph()
    ins = [g.const(f"c{k}", v) if isinstance(v, np.ndarray) else g.input(f"x{k}", *v)
           for k, v in enumerate(operands)]
    outs = [g.tensor(f"y{k}", [max(d, 1) for d in shape], dtype,
                     shape_signature=list(shape) if -1 in shape else None) for k, (shape, dtype) in enumerate(outputs)]
    g.op(code, ins, outs, opts)
    g.output(*outs)
    return m.build()


def f32(*shape):
    return (shape, "FLOAT32")


def i32(*shape):
    return (shape, "INT32")


def bucketize(shape, dtype, boundaries):
    return lambda: model("BUCKETIZE", [(shape, dtype)], [i32(*shape)], options("Bucketize", boundaries=boundaries))


def topk(shape, k, dtype="FLOAT32", index="INT32"):
    out = shape[:-1] + (k,)
    return lambda: model("TOPK_V2", [(shape, dtype), np.array(k, np.int32)], [(out, dtype), (out, index)])


def weights(*shape, seed=1):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def conv3d(x, filter_, out, padding="SAME", strides=(1, 1, 1), dilations=(1, 1, 1), bias=True, act="NONE",
           runtime_filter=False):
    opts = options("Conv3D", padding=getattr(schema.Padding, padding), strideD=strides[0], strideH=strides[1],
                   strideW=strides[2], dilationDFactor=dilations[0], dilationHFactor=dilations[1],
                   dilationWFactor=dilations[2],
                   fusedActivationFunction=getattr(schema.ActivationFunctionType, act))
    w = (filter_, "FLOAT32") if runtime_filter else weights(*filter_)
    operands = [(x, "FLOAT32"), w] + ([weights(filter_[4], seed=2)] if bias else [])
    return lambda: model("CONV_3D", operands, [(out, "FLOAT32")], opts)


def conv3d_transpose(x, filter_, out, padding="SAME", strides=(1, 1, 1), dilations=(1, 1, 1), bias=True,
                     runtime_filter=False):
    opts = options("Conv3D", padding=getattr(schema.Padding, padding), strideD=strides[0], strideH=strides[1],
                   strideW=strides[2], dilationDFactor=dilations[0], dilationHFactor=dilations[1],
                   dilationWFactor=dilations[2])
    w = (filter_, "FLOAT32") if runtime_filter else weights(*filter_)
    operands = [np.array(out, np.int32), w, (x, "FLOAT32")] + ([weights(filter_[3], seed=2)] if bias else [])
    return lambda: model("CONV_3D_TRANSPOSE", operands, [(out, "FLOAT32")], opts)


def reduce_window(body, shape, init, window, strides, dilations, out, dtype="FLOAT32"):
    ints = [np.array(v, np.int64) for v in (window, strides, dilations)]
    return lambda: model("REDUCE_WINDOW", [(shape, dtype), np.array(init), *ints], [(out, dtype)],
                         options("ReduceWindow", reduceFunction=getattr(schema.ReduceWindowFunction, body)))


CONDITION = np.random.default_rng(5).random((3, 4, 5)) < 0.4

MODELS = {
    "conv3d-same": conv3d((1, 4, 5, 6, 2), (2, 3, 2, 2, 3), (1, 4, 5, 6, 3)),
    "conv3d-valid-strided-relu": conv3d((2, 5, 7, 6, 3), (3, 2, 3, 3, 4), (2, 2, 3, 2, 4), "VALID", (2, 2, 2),
                                        act="RELU"),
    "conv3d-same-dilated-no-bias": conv3d((1, 6, 5, 7, 2), (2, 3, 2, 2, 3), (1, 3, 5, 4, 3), "SAME", (2, 1, 2),
                                          (2, 1, 3), bias=False),
    "conv3d-runtime-filter": conv3d((1, 3, 4, 5, 2), (2, 2, 3, 2, 3), (1, 3, 4, 5, 3), runtime_filter=True),
    "conv3d-transpose-same": conv3d_transpose((1, 2, 3, 4, 3), (2, 3, 3, 2, 3), (1, 4, 6, 8, 2), "SAME",
                                              (2, 2, 2)),
    "conv3d-transpose-valid": conv3d_transpose((1, 3, 2, 4, 2), (3, 2, 3, 4, 2), (1, 7, 5, 9, 4), "VALID",
                                               (2, 3, 2), bias=False),
    "conv3d-transpose-dilated": conv3d_transpose((2, 3, 4, 3, 2), (2, 2, 3, 3, 2), (2, 3, 4, 3, 3), "SAME",
                                                 (1, 1, 1), (2, 1, 2)),
    "conv3d-transpose-runtime-filter": conv3d_transpose((1, 2, 3, 2, 2), (3, 2, 2, 3, 2), (1, 4, 5, 4, 3), "SAME",
                                                        (2, 2, 2), runtime_filter=True),
    "bucketize": bucketize((3, 5, 4), "FLOAT32", [-1.0, -0.25, 0.0, 0.0, 0.7, 1.5]),
    "bucketize-int32": bucketize((4, 7), "INT32", [-3.5, 0.0, 1.0, 2.0, 2.5]),
    "bucketize-no-boundaries": bucketize((2, 3), "FLOAT32", []),
    "reduce-window-max": reduce_window("MAXIMUM", (2, 7, 6, 3), np.float32(-np.inf), (1, 3, 2, 1), (1, 2, 2, 1),
                                       (1, 1, 2, 1), (2, 3, 2, 3)),
    "reduce-window-add": reduce_window("ADD", (5, 9, 4), np.float32(0.5), (2, 3, 2), (1, 2, 1), (2, 1, 1),
                                       (3, 4, 3)),
    "reduce-window-min": reduce_window("MINIMUM", (4, 6), np.float32(0.25), (2, 2), (2, 1), (1, 2), (2, 4)),
    "reduce-window-mul-int32": reduce_window("MUL", (6, 5), np.int32(2), (3, 2), (1, 1), (1, 1), (4, 4),
                                             "INT32"),
    "reduce-window-any": reduce_window("ANY", (4, 5, 3), np.bool_(False), (2, 2, 1), (2, 1, 1), (1, 2, 1),
                                       (2, 3, 3), "BOOL"),
    "reduce-window-all": reduce_window("ALL", (4, 5), np.bool_(True), (2, 3), (1, 1), (1, 1), (3, 3), "BOOL"),
    "topk": topk((3, 4, 9), 4),
    "topk-all": topk((6,), 6),
    "topk-int32-ties": topk((5, 8), 5, "INT32"),  # random int32 inputs are in [0, 4): many ties
    "topk-int16-indices": topk((2, 3, 7), 3, index="INT16"),
    "where-constant": lambda: model("WHERE", [CONDITION], [((int(CONDITION.sum()), 3), "INT64")]),
}


@pytest.mark.parametrize("name", MODELS)
def test_matches_tflite_and_verifies(name, tmp_path):
    file = tmp_path / f"{name}.float32.tflite"
    file.write_bytes(MODELS[name]())
    result = check_model(str(file))
    assert result.error is None, result.error
    assert [r.path for r in result.records] == ["float"], [r.reason for r in result.records]
    assert all(layer.skipped is None for layer in result.layers)
    assert result.passed, [(layer.name, layer.max_abs_diff) for layer in result.layers] + result.outputs
    final = print_module(convert(str(file), "final").module)
    verified = iree_verify(final, allow_unregistered=False)
    assert verified.returncode == 0, verified.stderr[:2000]


@pytest.mark.parametrize("name", ["conv3d-same", "conv3d-transpose-same", "reduce-window-max", "topk", "bucketize"])
def test_iree_compiles_and_agrees(name, tmp_path):
    """iree-compile takes tosa.conv3d, the gathers and the comparisons, and its results are TFLite's."""
    file = tmp_path / f"{name}.float32.tflite"
    file.write_bytes(MODELS[name]())
    iree_agrees(file, exact=False)


def test_topk_orders_ties_by_index_and_nan_last(tmp_path):
    """compare_fun in topk_v2.cc: equal values by index, NaN after every number."""
    file = tmp_path / "topk-ties-nan.float32.tflite"
    file.write_bytes(topk((3, 8), 6)())
    x = np.array([[1, np.nan, 2, 1, np.nan, -np.inf, 2, 0],
                  [np.nan, np.nan, np.nan, 0, np.nan, np.nan, 0, np.nan],
                  [-0.0, 0.0, 3, -1, 0.0, -0.0, 3, np.inf]], np.float32)
    expected = litert.run(litert.load(str(file)), [x])
    ours = Executor(convert(str(file), "final").module).run([x], "main")
    for e, o in zip(expected, ours):
        np.testing.assert_array_equal(o, e)
    assert ours[1].tolist() == [[2, 6, 0, 3, 7, 5], [3, 6, 0, 1, 2, 4], [7, 2, 6, 0, 1, 4]]


DECLINED = {
    "unique-static-result": (lambda: model("UNIQUE", [((7,), "FLOAT32")], [((7,), "FLOAT32"), ((7,), "INT32")],
                                           options("Unique")),
                             "result 0 (tensor<7xf32>) has a static size; UNIQUE's is known at run time only"),
    "where-runtime": (lambda: model("WHERE", [((3, 4), "BOOL")], [((-1, 2), "INT64")]), comparison.Where.RUNTIME),
    "topk-runtime-k": (lambda: model("TOPK_V2", [((2, 5), "FLOAT32"), ((), "INT32")],
                                     [((2, 3), "FLOAT32"), ((2, 3), "INT32")]),
                       "operand 1 (k) is not a compile-time constant"),
}


@pytest.mark.parametrize("name", DECLINED)
def test_declines_with_a_reason(name, tmp_path):
    make, reason = DECLINED[name]
    record = only_record(tmp_path, f"{name}.float32.tflite", make())
    assert (record.path, record.reason) == ("unlowered", reason)


@pytest.mark.parametrize("body", ["MAXIMUM", "MINIMUM"])
def test_reduce_window_keeps_or_drops_nan_as_the_kernel_compares(body, tmp_path):
    """Max is `acc >= x ? acc : x` (Min `<=`): a NaN tap replaces the accumulator, and the
    next number replaces the NaN again (stablehlo_reduce_window.cc)."""
    file = tmp_path / f"reduce-window-{body.lower()}-nan.float32.tflite"
    file.write_bytes(reduce_window(body, (2, 6), np.float32(0.0), (1, 3), (1, 1), (1, 1), (2, 4))())
    x = np.array([[1, np.nan, 2, 5, np.nan, np.nan], [np.nan, -3, 4, np.nan, -1, 7]], np.float32)
    expected = litert.run(litert.load(str(file)), [x])
    ours = Executor(convert(str(file), "final").module).run([x], "main")
    np.testing.assert_array_equal(ours[0], expected[0])
    assert np.isnan(ours[0]).any() and not np.isnan(ours[0]).all()


def unique(n, dtype="FLOAT32", index="INT32"):
    return model("UNIQUE", [((n,), dtype)], [((-1,), dtype), ((n,), index)],
                 options("Unique", idxOutType=getattr(schema.TensorType, index)))


UNIQUE_CASES = {
    "float-signed-zeros": (unique(9), np.array([3, 1, 3, -0.0, 0.0, 2, 1, 7, 2], np.float32)),
    "float-all-equal": (unique(5), np.full(5, 2.5, np.float32)),
    "float-all-distinct": (unique(6), np.array([6, 5, 4, 3, 2, 1], np.float32)),
    "int32-int64-index": (unique(7, "INT32", "INT64"), np.array([5, 5, 5, 1, 5, 2, 1], np.int32)),
    "int32-random": (unique(64, "INT32"), np.random.default_rng(4).integers(-5, 5, 64).astype(np.int32)),
}


@pytest.mark.parametrize("name", UNIQUE_CASES)
def test_unique_matches_tflite_on_our_executor_and_iree(name, tmp_path):
    """The unique values in order of first appearance (a `?` size) and each element's position
    among them, exactly (+0 and -0 are one value, as in the kernel's std::map)."""
    from runtime_check.executor import iree_backend
    from tfl2quant.ir.printer import print_module

    data, x = UNIQUE_CASES[name]
    file = tmp_path / f"unique-{name}.tflite"
    file.write_bytes(data)
    expected = litert.run(litert.load(str(file)), [x])
    conversion = convert(str(file), "final")
    assert [(r.name, r.path) for r in conversion.report.records] == [("tfl.unique", "float")]
    for got in (Executor(conversion.module).run([x], "main"), iree_backend.run(print_module(conversion.module), [x])):
        for e, o in zip(expected, got):
            assert o.dtype == e.dtype and o.shape == e.shape
            np.testing.assert_array_equal(o, e)
    assert len(expected[0]) < len(x) or name == "float-all-distinct"
