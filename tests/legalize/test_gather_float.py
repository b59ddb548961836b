"""Scatters, segment reductions, SPARSE_TO_DENSE, EMBEDDING_LOOKUP_SPARSE and DENSIFY
(legalize/families/movement/gather.py): each op alone in a tiny model, checked against TFLite's reference
kernels per layer and end to end, and its converted IR verified by upstream MLIR (iree-opt).

Random plain-integer inputs are in [0, 4) (runtime_check.check.make_inputs), so runtime
indices repeat: SCATTER_ND adds the repeated slices, SPARSE_TO_DENSE keeps the last value.
"""
from __future__ import annotations

import re

import flatbuffers
import numpy as np
import pytest
from ai_edge_litert import schema_py_generated as schema

from runtime_check.check import check_model, litert, make_inputs
from runtime_check.check.reference import OPTIMIZED
from runtime_check.executor import Executor, iree_backend
from tfl2quant.dialects.tfl_sparse import densify, sparsity_error
from tfl2quant.errors import Tfl2QuantError
from tfl2quant.ir.attributes import ArrayAttr, DictionaryAttr, IntegerAttr, StringAttr
from tfl2quant.ir.printer import print_module
from tfl2quant.ir.types import i32 as i32_type
from tfl2quant.pipeline import convert
from tools.tflite_builder import FILE_IDENTIFIER, read

from ..conftest import check_exact, iree_verify, save_inputs
from .test_legalize_shape import In, i32, model, options


def sparse_lookup(combiner, indices, dense_shape, out, weights=None):
    indices = np.asarray(indices, np.int32)
    count = len(indices)
    weights = np.linspace(0.5, 2.0, count).astype(np.float32) if weights is None else weights
    return lambda int8=False: model(
        "EMBEDDING_LOOKUP_SPARSE", [In((count,), "INT32"), indices, i32(*dense_shape), weights, In((6, 3, 2))],
        [out], options("EmbeddingLookupSparse", combiner=combiner))


def unsorted(code, data, ids, segments, out, stem, dtype="FLOAT32"):
    return lambda int8=False: model(code, [In(data, dtype), ids, i32(segments)], [(out, dtype)], options(stem))


MODELS = {
    # SCATTER_ND: runtime indices repeat, and their updates add up
    "scatter-nd-slices": lambda int8=False: model(
        "SCATTER_ND", [In((6, 2), "INT32"), In((6, 3)), i32(4, 5, 3)], [(4, 5, 3)], options("ScatterNd"), int8),
    "scatter-nd-scalars": lambda int8=False: model(
        "SCATTER_ND", [In((2, 4, 3), "INT32"), In((2, 4)), i32(4, 4, 5)], [(4, 4, 5)], options("ScatterNd")),
    "scatter-nd-rows-int32": lambda int8=False: model(
        "SCATTER_ND", [i32(3, 0, 3, 1).reshape(4, 1), In((4, 2), "INT32"), i32(5, 2)], [((5, 2), "INT32")],
        options("ScatterNd")),
    # int8: four updates of the same slice; their stored sum wraps around as TFLite's does
    "scatter-nd-repeated": lambda int8=False: model(
        "SCATTER_ND", [i32(1, 2, 0, 0, 1, 2, 1, 2).reshape(4, 2), In((4, 3)), i32(2, 3, 3)], [(2, 3, 3)],
        options("ScatterNd"), int8),
    "scatter-nd-int64": lambda int8=False: model(
        "SCATTER_ND", [i32(1, 0, 1, 2, 1).reshape(5, 1), In((5, 3), "INT64"), i32(4, 3)], [((4, 3), "INT64")],
        options("ScatterNd")),
    "scatter-nd-bool": lambda int8=False: model(
        "SCATTER_ND", [In((5, 1), "INT32"), In((5, 3), "BOOL"), i32(4, 3)], [((4, 3), "BOOL")], options("ScatterNd")),
    # segment reductions: ids in [0, 4) and 5 segments, so segment 4 is empty
    "unsorted-segment-sum": unsorted("UNSORTED_SEGMENT_SUM", (7, 3), In((7,), "INT32"), 5, (5, 3),
                                     "UnsortedSegmentSum"),
    "unsorted-segment-sum-2d-ids": unsorted("UNSORTED_SEGMENT_SUM", (2, 3, 4), In((2, 3), "INT32"), 5, (5, 4),
                                            "UnsortedSegmentSum"),
    "unsorted-segment-prod": unsorted("UNSORTED_SEGMENT_PROD", (7, 2), In((7,), "INT32"), 5, (5, 2),
                                      "UnsortedSegmentProd"),
    "unsorted-segment-prod-int32": unsorted("UNSORTED_SEGMENT_PROD", (7, 2), In((7,), "INT32"), 5, (5, 2),
                                            "UnsortedSegmentProd", "INT32"),
    "unsorted-segment-max": unsorted("UNSORTED_SEGMENT_MAX", (7, 3), In((7,), "INT32"), 5, (5, 3),
                                     "UnsortedSegmentMax"),
    "unsorted-segment-max-int32": unsorted("UNSORTED_SEGMENT_MAX", (7, 3), In((7,), "INT32"), 5, (5, 3),
                                           "UnsortedSegmentMax", "INT32"),
    "unsorted-segment-min-negative-ids": unsorted("UNSORTED_SEGMENT_MIN", (6, 2), i32(2, -1, 0, 2, -3, 1), 4,
                                                  (4, 2), "UnsortedSegmentMin"),
    # SPARSE_TO_DENSE: repeated runtime indices keep the last value
    "sparse-to-dense": lambda int8=False: model(
        "SPARSE_TO_DENSE", [In((6, 2), "INT32"), i32(4, 5), In((6,)), In(())], [(4, 5)],
        options("SparseToDense"), int8),
    "sparse-to-dense-1d-scalar": lambda int8=False: model(
        "SPARSE_TO_DENSE", [In((3,), "INT32"), i32(6), np.array(2.5, np.float32), np.array(-1.0, np.float32)],
        [(6,)], options("SparseToDense")),
    "sparse-to-dense-int64-indices": lambda int8=False: model(
        "SPARSE_TO_DENSE", [np.array([[1, 0, 2], [0, 3, 1], [1, 0, 2]], np.int64), np.array([2, 4, 3], np.int64),
                            In((3,), "INT32"), In((), "INT32")], [((2, 4, 3), "INT32")], options("SparseToDense")),
    # EMBEDDING_LOOKUP_SPARSE: rows 1 and 3 of the output get no lookup
    "embedding-lookup-sparse-sum": sparse_lookup(schema.CombinerType.SUM, [[0, 0], [0, 1], [2, 0], [2, 1], [2, 3]],
                                                 (4, 5), (4, 3, 2)),
    "embedding-lookup-sparse-mean": sparse_lookup(schema.CombinerType.MEAN, [[0, 0], [0, 1], [2, 0], [2, 1], [2, 3]],
                                                  (4, 5), (4, 3, 2)),
    "embedding-lookup-sparse-sum-unsorted": sparse_lookup(schema.CombinerType.SUM, [[2, 0], [0, 0], [2, 1], [0, 1]],
                                                          (3, 2), (3, 3, 2)),
    "embedding-lookup-sparse-sqrtn": sparse_lookup(schema.CombinerType.SQRTN,
                                                   [[0, 1, 0], [0, 1, 2], [1, 0, 0], [1, 2, 1]], (2, 3, 4),
                                                   (2, 3, 3, 2)),
}

# int8: SCATTER_ND adds the stored values (wrapping), SPARSE_TO_DENSE moves them
CASES = [(name, "float") for name in MODELS] + [("scatter-nd-slices", "integer"), ("scatter-nd-repeated", "integer"),
                                                 ("sparse-to-dense", "integer")]
IDS = [f"{name}.{'float32' if path == 'float' else 'int8'}" for name, path in CASES]


@pytest.mark.parametrize(("name", "path"), CASES, ids=IDS)
def test_matches_tflite_and_verifies(name, path, tmp_path):
    file = tmp_path / f"{name}.tflite"
    file.write_bytes(MODELS[name](int8=path != "float"))
    result = check_model(str(file))
    assert result.error is None, result.error
    assert [r.path for r in result.records] == [path], [r.reason for r in result.records]
    assert all(layer.skipped is None for layer in result.layers)
    assert result.passed, [(layer.name, layer.max_abs_diff) for layer in result.layers] + result.outputs
    final = print_module(convert(str(file), "final").module)
    verified = iree_verify(final, allow_unregistered=False)
    assert verified.returncode == 0, verified.stderr[:2000]


@pytest.mark.parametrize(("ids", "dtype"), [(i32(0, 0, 1, 2, 2, 2), "FLOAT32"), (In((6,), "INT32"), "FLOAT32"),
                                            (i32(0, 1, 1, 1, 2, 3), "INT32")],
                         ids=["const-ids", "runtime-ids", "int32"])
def test_segment_sum_matches_optimized_tflite(ids, dtype, tmp_path):
    """BUILTIN_REF has no SEGMENT_SUM kernel: TFLite's builtin resolver runs the same
    reference_ops::SegmentSum. Runtime ids are sorted, as the kernel requires, and give the
    model's 4 rows (max id + 1)."""
    rows = 4 if isinstance(ids, In) else int(ids.max()) + 1
    file = tmp_path / "segment-sum.tflite"
    file.write_bytes(model("SEGMENT_SUM", [In((6, 2, 3), dtype), ids], [((rows, 2, 3), dtype)],
                           options("SegmentSum")))
    (record,) = convert(str(file), "legalized").report.records
    assert (record.path, record.reason) == ("float", None)
    module = convert(str(file), "final").module
    assert "tfl." not in print_module(module).split("func.func")[1]
    rng = np.random.default_rng(0)
    data = (rng.standard_normal((6, 2, 3)) * 100).astype(np.float32 if dtype == "FLOAT32" else np.int32)
    inputs = [data] + ([np.array([0, 0, 1, 2, 3, 3], np.int32)] if isinstance(ids, In) else [])
    expected = litert.run(litert.load(str(file), resolver=OPTIMIZED), inputs)
    ours = Executor(module).run(inputs, "main")
    np.testing.assert_array_equal(ours[0], expected[0])
    verified = iree_verify(print_module(module), allow_unregistered=False)
    assert verified.returncode == 0, verified.stderr[:2000]


@pytest.mark.parametrize(("model_name", "path"), [("fc-sparse-block1x4.float32", "float"),
                                                  ("fc-sparse-densify.float32", "float"),
                                                  ("fc-sparse-densify.int8", "integer")])
def test_sparse_constants_are_densified(models_dir, model_name, path):
    """Sparse weights (a DENSIFY op's operand, or read by FULLY_CONNECTED itself) become dense
    constants at convert time: no tfl op is left, and on int8 the FULLY_CONNECTED reading
    them keeps the integer path, bit-exact."""
    file = models_dir / "coverage" / f"{model_name}.tflite"
    result = check_model(str(file))
    assert result.error is None, result.error
    assert result.passed, [(layer.name, layer.max_abs_diff) for layer in result.layers] + result.outputs
    assert {r.path for r in result.records} == {path}, [(r.name, r.path, r.reason) for r in result.records]
    final = print_module(convert(str(file), "final").module)
    assert "tfl." not in final.split("func.func")[1]
    if path == "integer":
        assert all(o.exact_fraction == 1.0 for o in result.outputs), result.outputs


def test_int8_scatter_nd_wraps_like_tflite(tmp_path):
    """Three stored updates of 100 at one slice: TFLite's int8 WrappingAdd gives 300 - 256 = 44
    (not the saturated 127, nor a rescaled real sum); the integer path does the same."""
    file = tmp_path / "scatter-nd-wraps.int8.tflite"
    file.write_bytes(MODELS["scatter-nd-repeated"](int8=True))
    inputs = tmp_path / "inputs.npz"
    save_inputs(inputs, file, [np.full((4, 3), 100, np.int8)])
    check_exact(file, inputs, "tfl.scatter_nd")
    ours = Executor(convert(str(file), "final").module).run([np.full((4, 3), 100, np.int8)], "main")[0]
    assert ours[1, 2].tolist() == [44, 44, 44] and ours[0, 0].tolist() == [100, 100, 100]


def edited_sparse_model(models_dir, edit) -> bytes:
    """fc-sparse-densify.float32 (a 32x64 weight: DENSE 32 rows, SPARSE_CSR columns) with its
    SparsityParameters edited."""
    m = read((models_dir / "coverage" / "fc-sparse-densify.float32.tflite").read_bytes())
    (sparse,) = [t for t in m.subgraphs[0].tensors if t.sparsity is not None]
    edit(sparse.sparsity)
    b = flatbuffers.Builder(1024)
    b.Finish(m.Pack(b), file_identifier=FILE_IDENTIFIER)
    return bytes(b.Output())


def _last_segment_past_indices(s):
    s.dimMetadata[1].arraySegments.values[-1] += 1


def _index_past_the_row(s):
    s.dimMetadata[1].arrayIndices.values[0] = 64


def _dense_size_of_another_dimension(s):
    s.dimMetadata[0].denseSize = 31


@pytest.mark.parametrize(("edit", "message"), [
    (_last_segment_past_indices,
     "SPARSE_CSR level 1: array_segments must be 33 non-decreasing offsets ending at the 287 indices"),
    (_index_past_the_row, "SPARSE_CSR level 1 has indices outside [0, 64)"),
    (_dense_size_of_another_dimension, "level 0 is DENSE of 31 for a dimension of 32"),
])
def test_invalid_sparsity_is_refused_at_import(models_dir, tmp_path, edit, message):
    """TFLite's model verifier refuses these SparsityParameters; so does the importer, before
    the driver densifies the constant."""
    file = tmp_path / "bad-sparsity.tflite"
    file.write_bytes(edited_sparse_model(models_dir, edit))
    with pytest.raises(Tfl2QuantError, match="invalid sparsity parameters: " + re.escape(message)):
        convert(str(file), "final")


def test_densify_of_a_scalar_and_of_blocks():
    """tfl_sparse.densify on a rank-0 tensor (no levels: one stored value) and on 1x2 blocks
    (block_map [1]: the column dimension in blocks of 2, the second of two blocks stored)."""
    def attrs(order, block_map, levels):
        return DictionaryAttr((("traversal_order", ints(order)), ("block_map", ints(block_map)),
                               ("dim_metadata", ArrayAttr(tuple(DictionaryAttr(tuple(level.items()))
                                                                for level in levels)))))

    def ints(values):
        return ArrayAttr(tuple(IntegerAttr(v, i32_type) for v in values))

    scalar = attrs([], [], [])
    assert sparsity_error(scalar, (), 1) is None
    assert densify(np.array([2.5], np.float32), scalar, ()).tolist() == 2.5
    dense = {"format": StringAttr("DENSE")}
    blocks = attrs([0, 1, 2], [1], [
        {**dense, "dense_size": IntegerAttr(2, i32_type)},
        {"format": StringAttr("SPARSE_CSR"), "dense_size": IntegerAttr(0, i32_type),
         "array_segments": DictionaryAttr((("values", ints([0, 1, 1])),)),
         "array_indices": DictionaryAttr((("values", ints([1])),))},
        {**dense, "dense_size": IntegerAttr(2, i32_type)}])
    assert sparsity_error(blocks, (2, 4), 2) is None
    assert sparsity_error(blocks, (2, 4), 3) == "3 stored values for 2 positions"
    assert densify(np.array([5, 6], np.int8), blocks, (2, 4)).tolist() == [[0, 0, 5, 6], [0, 0, 0, 0]]


def test_int32_segment_product_wraps_like_tflite(tmp_path):
    """UNSORTED_SEGMENT_PROD of int32 wraps (MulTensorValuesWithExpectedOverflow): 1000^4 and
    1000^3 overflow, and the halving product (tosa.mul, odd counts carried) gives TFLite's
    bits."""
    file = tmp_path / "unsorted-segment-prod-wraps.tflite"
    file.write_bytes(model("UNSORTED_SEGMENT_PROD", [In((7, 2), "INT32"), i32(0, 1, 0, 0, 1, 0, 1), i32(3)],
                           [((3, 2), "INT32")], options("UnsortedSegmentProd")))
    inputs = tmp_path / "inputs.npz"
    data = np.full((7, 2), 1000, np.int32)
    save_inputs(inputs, file, [data])
    result = check_model(str(file), str(inputs))
    assert result.error is None and result.passed, result.outputs
    ours = Executor(convert(str(file), "final").module).run([data], "main")[0]
    expected = (np.array([1000 ** 4, 1000 ** 3, 1]) % 2 ** 32).astype(np.uint32).astype(np.int32)
    assert ours[:, 0].tolist() == expected.tolist()


@pytest.mark.parametrize("name", ["scatter-nd-slices.int8", "unsorted-segment-prod-int32", "unsorted-segment-max",
                                  "sparse-to-dense-1d-scalar", "embedding-lookup-sparse-sqrtn", "scatter-nd-bool"])
def test_iree_compiles_and_agrees(name, tmp_path):
    """iree-compile takes the lowerings (TOSA's profiles: no integer reduce_product) and the
    compiled module gives TFLite's results bit for bit."""
    stem, int8 = name.removesuffix(".int8"), name.endswith(".int8")
    file = tmp_path / f"{stem}.tflite"
    file.write_bytes(MODELS[stem](int8=int8))
    module = convert(str(file), "final").module
    reference = litert.load(str(file))
    inputs = make_inputs(module, litert.inputs_of(reference), 1)
    expected = litert.run(reference, inputs)[0]
    compiled = iree_backend.run(print_module(module), inputs, "main")[0]
    np.testing.assert_array_equal(compiled.reshape(expected.shape), expected)


def test_embedding_lookup_sparse_mean_of_ungrouped_rows_declines(tmp_path):
    """Row 2's lookups are not consecutive: TFLite's MEAN divides each run apart, which the
    one-pass fold does not do, so the op stays TFLite's with the reason."""
    file = tmp_path / "embedding-lookup-sparse-mean-unsorted.tflite"
    file.write_bytes(sparse_lookup(schema.CombinerType.MEAN, [[2, 0], [0, 0], [2, 1], [0, 1]], (3, 2), (3, 3, 2))())
    (record,) = convert(str(file), "legalized").report.records
    assert record.path == "unlowered"
    assert record.reason.startswith("an output row's lookups are not consecutive in the constant indices")
