"""SPACE_TO_BATCH_ND, BATCH_TO_SPACE_ND, REVERSE_SEQUENCE, MATRIX_DIAG, MATRIX_SET_DIAG,
RANK, BROADCAST_ARGS, BITCAST (legalize/families/movement/layout.py), DILATE (padding.py) and
DYNAMIC_UPDATE_SLICE (slicing.py): each op alone in a tiny model, checked against
TFLite's reference kernels per layer and end to end, and its converted IR verified by
upstream MLIR (iree-opt).

Float models take the float path. The quantized variants keep one scale and zero point
from input to output, so the values move on their stored integers (the integer path,
bit-exact); uint8 ones check a zero point outside int8's range. REVERSE_SEQUENCE has no
int8 kernel in TFLite: its quantized variants are int16 and uint8. The last tests run a
few of the models with IREE, and check the reasons some instances are declined with.
"""
from __future__ import annotations

import numpy as np
import pytest

from runtime_check.check import check_model
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder, options_table, per_tensor

from ..conftest import iree_verify, only_record, save_inputs

Q = per_tensor(0.05, -3)       # int8 data operands and results share it: raw data movement
Q16 = per_tensor(0.002, 0)     # int16: TFLite's int16 kernels take zero point 0
QU8 = per_tensor(0.05, 130)    # uint8: a zero point that does not fit int8's range


class In:
    """A runtime input; FLOAT32 ones become quantized in the quantized variants."""

    def __init__(self, shape, dtype="FLOAT32"):
        self.shape, self.dtype = tuple(shape), dtype


def model(code: str, operands, outputs, opts=None, quantized: str | None = None) -> bytes:
    """`code` alone: operands are `In`s or constant arrays; outputs are shapes (FLOAT32) or
    (shape, dtype) pairs. `quantized` ("INT8", "INT16" or "UINT8") turns every FLOAT32 tensor
    into that storage type with one quantization (a float32 constant is quantized by it too)."""
    q = {"INT8": Q, "INT16": Q16, "UINT8": QU8}.get(quantized)
    m = ModelBuilder()
    g = m.subgraph()

    def kind(dtype):
        return (quantized, q) if quantized and dtype == "FLOAT32" else (dtype, None)

    ins = []
    for k, v in enumerate(operands):
        if isinstance(v, In):
            dtype, quant = kind(v.dtype)
            ins.append(g.input(f"x{k}", v.shape, dtype, quant=quant))
        elif quantized and v.dtype == np.float32:
            stored = (np.round(v / q.scale[0]) + q.zeroPoint[0]).astype({"INT8": np.int8, "INT16": np.int16,
                                                                            "UINT8": np.uint8}[quantized])
            ins.append(g.const(f"c{k}", stored, quant=q))
        else:
            ins.append(g.const(f"c{k}", v))
    outs = []
    for k, spec in enumerate(outputs):
        shape, dtype = spec if spec and isinstance(spec[-1], str) else (spec, "FLOAT32")
        dtype, quant = kind(dtype)
        outs.append(g.tensor(f"y{k}", shape, dtype, quant=quant))
    g.op(code, ins, outs, opts)
    g.output(*outs)
    return m.build()


def i32(*values) -> np.ndarray:
    return np.array(values, np.int32)


def pairs(*values) -> np.ndarray:
    return i32(*values).reshape(-1, 2)


def op_model(code, operands, outputs, opts=None):
    return lambda quantized=None: model(code, operands, outputs, opts, quantized)


MODELS = {
    "space-to-batch-nd": op_model("SPACE_TO_BATCH_ND", [In((2, 5, 6, 3)), i32(2, 3), pairs(1, 0, 2, 1)],
                                  [(12, 3, 3, 3)], options_table("SpaceToBatchND")),
    "space-to-batch-nd-3d": op_model("SPACE_TO_BATCH_ND", [In((3, 7, 2)), i32(3), pairs(0, 2)], [(9, 3, 2)],
                                     options_table("SpaceToBatchND")),
    "batch-to-space-nd": op_model("BATCH_TO_SPACE_ND", [In((12, 3, 3, 3)), i32(2, 3), pairs(1, 0, 2, 1)],
                                  [(2, 5, 6, 3)], options_table("BatchToSpaceND")),
    "batch-to-space-nd-3d": op_model("BATCH_TO_SPACE_ND", [In((6, 4, 5)), i32(3), pairs(1, 1)], [(2, 10, 5)],
                                     options_table("BatchToSpaceND")),
    "reverse-sequence": op_model("REVERSE_SEQUENCE", [In((3, 6, 2, 4)), i32(4, 0, 6)], [(3, 6, 2, 4)],
                                 options_table("ReverseSequence", seqDim=1, batchDim=0)),
    "reverse-sequence-batch-after": op_model(
        "REVERSE_SEQUENCE", [In((5, 2, 3)), np.array([3, 5, 1], np.int64)], [(5, 2, 3)],
        options_table("ReverseSequence", seqDim=0, batchDim=2)),
    "reverse-sequence-runtime": op_model("REVERSE_SEQUENCE", [In((4, 7, 3)), In((4,), "INT32")], [(4, 7, 3)],
                                         options_table("ReverseSequence", seqDim=1, batchDim=0)),
    "matrix-diag": op_model("MATRIX_DIAG", [In((2, 3, 4))], [(2, 3, 4, 4)], options_table("MatrixDiag")),
    "matrix-set-diag-wide": op_model("MATRIX_SET_DIAG", [In((2, 3, 5)), In((2, 3))], [(2, 3, 5)],
                                     options_table("MatrixSetDiag")),
    "matrix-set-diag-tall": op_model("MATRIX_SET_DIAG", [In((4, 2)), In((2,))], [(4, 2)],
                                     options_table("MatrixSetDiag")),
    "rank": op_model("RANK", [In((2, 3, 5))], [((), "INT32")], options_table("Rank")),
    "broadcast-args": op_model("BROADCAST_ARGS", [i32(2, 1, 5), i32(3, 1)], [((3,), "INT32")]),
    "broadcast-args-runtime": op_model("BROADCAST_ARGS", [In((4,), "INT32"), In((2,), "INT32")],
                                       [((4,), "INT32")]),
    "bitcast-float-to-int": op_model("BITCAST", [In((3, 4))], [((3, 4), "INT32")], options_table("Bitcast")),
    "bitcast-int-to-float": op_model("BITCAST", [In((5,), "INT32")], [(5,)], options_table("Bitcast")),
    "bitcast-float-to-bytes": op_model("BITCAST", [In((2, 3))], [((2, 3, 4), "INT8")], options_table("Bitcast")),
    "bitcast-int16-to-float": op_model("BITCAST", [In((3, 2), "INT16")], [(3,)], options_table("Bitcast")),
    "bitcast-int64-to-int16": op_model("BITCAST", [In((2,), "INT64")], [((2, 4), "INT16")], options_table("Bitcast")),
    "dilate": op_model("DILATE", [In((2, 3, 4)), i32(1, 3, 2), np.array(-1.5, np.float32)], [(2, 7, 7)]),
    "dynamic-update-slice": op_model("DYNAMIC_UPDATE_SLICE", [In((3, 5, 4)), In((2, 2, 4)), i32(2, -1, 0)],
                                     [(3, 5, 4)], options_table("DynamicUpdateSlice")),
    "dynamic-update-slice-runtime": op_model("DYNAMIC_UPDATE_SLICE",
                                             [In((6, 5)), In((2, 3)), In((2,), "INT32")], [(6, 5)],
                                             options_table("DynamicUpdateSlice")),
    "dynamic-update-slice-int64": op_model("DYNAMIC_UPDATE_SLICE",
                                           [In((4, 3, 5)), In((1, 3, 2)), In((3,), "INT64")], [(4, 3, 5)],
                                           options_table("DynamicUpdateSlice")),
    "dynamic-update-slice-whole": op_model("DYNAMIC_UPDATE_SLICE", [In((2, 3)), In((2, 3)), i32(1, 1)],
                                           [(2, 3)], options_table("DynamicUpdateSlice")),
    "dilate-runtime-value": op_model("DILATE", [In((4, 1, 3)), i32(2, 4, 1), In(())], [(7, 1, 3)]),
}


def data(shape, quantized, seed=7):
    """Random inputs: stored integers over the whole range, or normal floats."""
    rng = np.random.default_rng(seed)
    if quantized:
        dtype = np.dtype(np.int16 if quantized == "INT16" else np.int8)
        return rng.integers(np.iinfo(dtype).min, np.iinfo(dtype).max, shape, endpoint=True).astype(dtype)
    return rng.standard_normal(shape).astype(np.float32)


INPUTS = {  # runtime operands TFLite constrains (broadcastable shapes, lengths within the axis), or edge cases
    "reverse-sequence-runtime": lambda q: [data((4, 7, 3), q), i32(7, 0, 3, 1)],
    "broadcast-args-runtime": lambda q: [i32(2, 1, 5, 3), i32(5, 1)],
    # every bit pattern's byte order matters: negative and large values
    "bitcast-int16-to-float": lambda q: [np.array([[0, 16256], [-16384, 16457], [4059, -16240]], np.int16)],
    "bitcast-int64-to-int16": lambda q: [np.array([-2, 0x0123456789ABCDEF], np.int64)],
    # start indices out of range on both sides: clamped so the update fits
    "dynamic-update-slice-runtime": lambda q: [data((6, 5), q), data((2, 3), q, seed=8), i32(-2, 9)],
    "dynamic-update-slice-int64": lambda q: [data((4, 3, 5), q), data((1, 3, 2), q, seed=8),
                                             np.array([3, -1, 2], np.int64)],
}

INTEGER = {  # quantized variants: model -> storage type
    "space-to-batch-nd": "INT8", "space-to-batch-nd-3d": "INT8", "batch-to-space-nd": "INT8",
    "batch-to-space-nd-3d": "INT8", "reverse-sequence": "INT16", "reverse-sequence-runtime": "INT16",
    "matrix-diag": "INT8", "matrix-set-diag-wide": "INT8", "rank": "INT8", "dilate": "INT8",
    "dilate-runtime-value": "INT8", "dynamic-update-slice": "INT8", "dynamic-update-slice-runtime": "INT8",
}
CASES = [(name, None) for name in MODELS] + list(INTEGER.items()) + [
    ("space-to-batch-nd", "UINT8"), ("reverse-sequence", "UINT8"), ("matrix-diag", "UINT8")]


def ids(cases):
    return [f"{name}.{(q or 'float32').lower()}" for name, q in cases]


def check(file, path, name, quantized=None):
    inputs = None
    if name in INPUTS:
        inputs = file.with_suffix(".npz")
        save_inputs(inputs, file, INPUTS[name](quantized))
    result = check_model(str(file), None if inputs is None else str(inputs))
    assert result.error is None, result.error
    assert [r.path for r in result.records] == [path], [r.reason for r in result.records]
    assert all(layer.skipped is None for layer in result.layers)
    assert result.passed, [(layer.name, layer.max_abs_diff) for layer in result.layers] + result.outputs
    if path == "integer":
        assert all(o.exact_fraction == 1.0 for o in result.outputs), result.outputs
    final = print_module(convert(str(file), "final").module)
    verified = iree_verify(final, allow_unregistered=False)
    assert verified.returncode == 0, verified.stderr[:2000]
    return result


@pytest.mark.parametrize(("name", "quantized"), CASES, ids=ids(CASES))
def test_matches_tflite_and_verifies(name, quantized, tmp_path):
    file = tmp_path / f"{name}.{(quantized or 'float32').lower()}.tflite"
    file.write_bytes(MODELS[name](quantized))
    check(file, "integer" if quantized else "float", name, quantized)


IREE_CASES = [("reverse-sequence-runtime", None), ("reverse-sequence-runtime", "INT16"), ("matrix-diag", None),
              ("broadcast-args-runtime", None), ("bitcast-float-to-bytes", None), ("bitcast-int16-to-float", None),
              ("bitcast-int64-to-int16", None), ("dilate-runtime-value", "INT8"), ("space-to-batch-nd", "INT8"),
              ("dynamic-update-slice-runtime", None), ("dynamic-update-slice-int64", None)]


@pytest.mark.parametrize(("name", "quantized"), IREE_CASES, ids=ids(IREE_CASES))
def test_iree_runs_it_as_tflite_does(name, quantized, tmp_path):
    """iree-compile (TOSA profile validation, then llvm-cpu) takes the final IR, and its run equals
    TFLite bit for bit: these ops only move, select or reinterpret values."""
    from runtime_check.check import litert, make_inputs
    from runtime_check.executor.iree_backend import run as iree_run

    file = tmp_path / f"{name}.tflite"
    file.write_bytes(MODELS[name](quantized))
    module = convert(str(file), "final").module
    reference = litert.load(str(file))
    x = INPUTS[name](quantized) if name in INPUTS else make_inputs(module, litert.inputs_of(reference), seed=0)
    for theirs, expected in zip(iree_run(print_module(module), x), litert.run(reference, x)):
        np.testing.assert_array_equal(np.asarray(theirs).reshape(expected.shape), expected)


@pytest.mark.parametrize(("code", "operands", "outputs", "reason"), [
    ("SPACE_TO_BATCH_ND", [In((1, 4, 4, 2)), In((2,), "INT32"), pairs(0, 0, 0, 0)], [(4, 2, 2, 2)],
     "operand 1 (block_shape) is not a compile-time constant"),
    ("DILATE", [In((3, 4)), In((2,), "INT32"), np.array(0, np.float32)], [(5, 7)],
     "operand 1 (dilations) is not a compile-time constant"),
    ("BITCAST", [In((3, 4), "BOOL")], [((3, 4), "INT8")],
     "bitcast of i1 elements (only signless integers and floats, no bool, have bits here)"),
])
def test_declines_with_a_reason(code, operands, outputs, reason, tmp_path):
    record = only_record(tmp_path, f"{code.lower()}.float32.tflite", model(code, operands, outputs))
    assert (record.path, record.reason) == ("unlowered", reason)
