"""Reductions and data movement (legalize/families/reduction/reduction.py; layout.py, slicing.py,
padding.py, gather.py, resize.py of legalize/families/movement/): each op alone in a tiny model,
checked against TFLite's reference kernels per layer and end to end, and its converted IR verified
by upstream MLIR (iree-opt).

Float models take the float path. The int8 variants keep one scale and zero point from
input to output, so data movement takes the integer path (raw stored values, bit-exact),
and so do MEAN, SUM and ARG_MAX (tests/legalize/test_integer_pool_reduce.py covers them in depth).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest
from ai_edge_litert import schema_py_generated as schema

import legalize
from runtime_check.check import check_model
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder, options_table, per_tensor

from ..conftest import iree_verify

Q = per_tensor(0.05, -3)      # int8 data operands and results share it: raw data movement
Q_OUT = per_tensor(0.02, 5)   # another result scale: MEAN rescales


@dataclass(frozen=True)
class In:
    """A runtime input; FLOAT32 ones become INT8 (quantized) in the int8 variant."""
    shape: tuple
    dtype: str = "FLOAT32"


options = options_table


def model(code: str, operands, outputs, opts=None, int8: bool = False, out_quant=Q, version: int = 1) -> bytes:
    """`code` alone: operands are `In`s or constant arrays (an int8 array is a constant
    quantized with Q); outputs are shapes (FLOAT32) or (shape, dtype) pairs."""
    m = ModelBuilder()
    g = m.subgraph()
    ins = []
    for k, v in enumerate(operands):
        if isinstance(v, In):
            quantized = int8 and v.dtype == "FLOAT32"
            ins.append(g.input(f"x{k}", v.shape, "INT8" if quantized else v.dtype, quant=Q if quantized else None))
        else:
            ins.append(g.const(f"c{k}", v, quant=Q if v.dtype == np.int8 else None))
    outs = []
    for k, spec in enumerate(outputs):
        shape, dtype = spec if spec and isinstance(spec[-1], str) else (spec, "FLOAT32")
        quantized = int8 and dtype == "FLOAT32"
        outs.append(g.tensor(f"y{k}", shape, "INT8" if quantized else dtype, quant=out_quant if quantized else None))
    g.op(code, ins, outs, opts, version=version)
    g.output(*outs)
    return m.build()


def i32(*values) -> np.ndarray:
    return np.array(values, np.int32)


def reducer(code, shape, axes, out, keep_dims=False, **kw):
    return lambda int8=False: model(code, [In(shape), i32(*axes)], [out], options("Reducer", keepDims=keep_dims),
                                    int8, **kw)


def strided(shape, begin, end, strides, out, **masks):
    return lambda int8=False: model("STRIDED_SLICE", [In(shape), i32(*begin), i32(*end), i32(*strides)], [out],
                                    options("StridedSlice", **masks), int8)


def resize(code, shape, size, out, align=False, half=False):
    name = "ResizeBilinear" if code == "RESIZE_BILINEAR" else "ResizeNearestNeighbor"
    return lambda int8=False: model(code, [In(shape), i32(*size)], [out],
                                    options(name, alignCorners=align, halfPixelCenters=half), int8)


MODELS = {
    # reductions
    "mean-hw-keepdims": reducer("MEAN", (1, 5, 4, 6), (1, 2), (1, 1, 1, 6), keep_dims=True, out_quant=Q_OUT),
    "mean-negative-axes": reducer("MEAN", (2, 3, 5), (-1, 0), (3,)),
    "mean-all": reducer("MEAN", (3, 4), (0, 1), ()),
    "mean-int32": lambda int8=False: model("MEAN", [In((3, 7), "INT32"), i32(1)], [((3,), "INT32")],
                                           options("Reducer")),
    "sum-repeated-axis": reducer("SUM", (2, 5, 3), (1, -2), (2, 3)),
    "reduce-prod": reducer("REDUCE_PROD", (3, 4, 2), (2,), (3, 4)),
    "reduce-max-two-axes": reducer("REDUCE_MAX", (2, 3, 5), (0, 2), (3,)),
    "reduce-min-keepdims": reducer("REDUCE_MIN", (2, 3, 5), (1,), (2, 1, 5), keep_dims=True),
    "reduce-any": lambda int8=False: model("REDUCE_ANY", [In((3, 4, 5), "BOOL"), i32(1)], [((3, 5), "BOOL")],
                                           options("Reducer")),
    "reduce-all": lambda int8=False: model("REDUCE_ALL", [In((3, 4, 5), "BOOL"), i32(0, 2)], [((4,), "BOOL")],
                                           options("Reducer")),
    "arg-max": lambda int8=False: model("ARG_MAX", [In((3, 5, 4)), i32(1)], [((3, 4), "INT32")],
                                        options("ArgMax", outputType=schema.TensorType.INT32), int8),
    "arg-min-int64": lambda int8=False: model("ARG_MIN", [In((2, 7)), i32(-1)], [((2,), "INT64")],
                                              options("ArgMin", outputType=schema.TensorType.INT64)),
    "arg-max-int-ties": lambda int8=False: model("ARG_MAX", [In((4, 6), "INT32"), i32(1)], [((4,), "INT32")],
                                                 options("ArgMax", outputType=schema.TensorType.INT32)),
    "arg-min-int-ties": lambda int8=False: model("ARG_MIN", [In((4, 6), "INT32"), i32(0)], [((6,), "INT32")],
                                                 options("ArgMin", outputType=schema.TensorType.INT32)),
    # layout
    "transpose": lambda int8=False: model("TRANSPOSE", [In((2, 3, 5, 7)), i32(0, 3, 1, 2)], [(2, 7, 3, 5)],
                                          None, int8),
    "squeeze": lambda int8=False: model("SQUEEZE", [In((1, 3, 1, 5))], [(3, 5)],
                                        options("Squeeze", squeezeDims=[0, -2]), int8),
    "expand-dims": lambda int8=False: model("EXPAND_DIMS", [In((3, 5)), i32(-1)], [(3, 5, 1)], None, int8),
    "depth-to-space": lambda int8=False: model("DEPTH_TO_SPACE", [In((1, 2, 3, 12))], [(1, 4, 6, 3)],
                                               options("DepthToSpace", blockSize=2), int8),
    "space-to-depth": lambda int8=False: model("SPACE_TO_DEPTH", [In((1, 4, 6, 3))], [(1, 2, 3, 12)],
                                               options("SpaceToDepth", blockSize=2), int8),
    # slicing
    "slice": lambda int8=False: model("SLICE", [In((2, 5, 7)), i32(1, 0, 2), i32(1, -1, 4)], [(1, 5, 4)], None,
                                      int8),
    "strided-slice-masks": strided((2, 7, 9, 5), (0, 1, 0, 0), (0, 6, 9, 0), (1, 2, 3, 1), (2, 3, 3, 5),
                                   beginMask=0b1001, endMask=0b1001),
    "strided-slice-negative": strided((5, 7), (0, 5), (0, 0), (-1, -2), (5, 3), beginMask=0b01, endMask=0b01),
    "strided-slice-negative-padded": strided((4, 9), (0, 7), (0, 0), (1, -3), (4, 3), beginMask=0b01, endMask=0b11),
    "strided-slice-clamped": strided((6, 9), (-4, 1), (100, -1), (3, 2), (2, 4)),
    "strided-slice-ellipsis": strided((3, 4, 5, 6), (0, 1, 0), (0, 2, 0), (1, 1, 1), (3, 4, 5, 1),
                                      ellipsisMask=0b001, shrinkAxisMask=0b010, newAxisMask=0b100),
    "strided-slice-offset": strided((4, 7), (1, 2), (2, 3), (1, 2), (2, 2), offset=True),
    "split": lambda int8=False: model("SPLIT", [i32(2), In((2, 3, 6))], [(2, 3, 2)] * 3,
                                      options("Split", numSplits=3), int8),
    "split-v": lambda int8=False: model("SPLIT_V", [In((2, 7, 3)), i32(2, -1, 1), i32(-2)],
                                        [(2, 2, 3), (2, 4, 3), (2, 1, 3)], options("SplitV", numSplits=3), int8),
    "unpack": lambda int8=False: model("UNPACK", [In((3, 2, 5))], [(3, 5)] * 2, options("Unpack", num=2, axis=1),
                                       int8),
    "pack": lambda int8=False: model("PACK", [In((2, 5))] * 3, [(2, 5, 3)], options("Pack", valuesCount=3, axis=-1),
                                     int8),
    # repeating, filling, reversing
    "tile": lambda int8=False: model("TILE", [In((2, 3, 1)), i32(2, 1, 3)], [(4, 3, 3)], None, int8),
    "broadcast-to": lambda int8=False: model("BROADCAST_TO", [In((3, 1)), i32(2, 3, 5)], [(2, 3, 5)], None, int8,
                                             version=2),
    "fill": lambda int8=False: model("FILL", [i32(2, 3, 4), In(())], [(2, 3, 4)], None, int8),
    "zeros-like": lambda int8=False: model("ZEROS_LIKE", [In((2, 3))], [(2, 3)]),
    "zeros-like-int32": lambda int8=False: model("ZEROS_LIKE", [In((2, 3), "INT32")], [((2, 3), "INT32")]),
    "shape-int64": lambda int8=False: model("SHAPE", [In((2, 3, 5))], [((3,), "INT64")],
                                            options("Shape", outType=schema.TensorType.INT64), int8),
    "reverse-v2": lambda int8=False: model("REVERSE_V2", [In((3, 4, 5)), i32(-1, 1)], [(3, 4, 5)], None, int8),
    # padding
    "padv2": lambda int8=False: model("PADV2", [In((2, 3, 5)), i32(1, 0, 0, 2, 1, 1).reshape(3, 2),
                                                np.array(7 if int8 else 1.5, np.int8 if int8 else np.float32)],
                                      [(3, 5, 7)], None, int8),
    "mirror-pad-reflect": lambda int8=False: model(
        "MIRROR_PAD", [In((1, 4, 5, 2)), i32(0, 0, 1, 2, 3, 0, 0, 0).reshape(4, 2)], [(1, 7, 8, 2)],
        options("MirrorPad", mode=schema.MirrorPadMode.REFLECT), int8),
    "mirror-pad-symmetric": lambda int8=False: model(
        "MIRROR_PAD", [In((3, 5)), i32(2, 1, 0, 5).reshape(2, 2)], [(6, 10)],
        options("MirrorPad", mode=schema.MirrorPadMode.SYMMETRIC), int8),
    # gathers (random indices are in [0, 4): every gathered axis has at least 4 entries)
    "gather-axis0": lambda int8=False: model("GATHER", [In((5, 3, 4)), In((2, 3), "INT32")], [(2, 3, 3, 4)],
                                             options("Gather", axis=0), int8),
    "gather-const-int64": lambda int8=False: model("GATHER", [In((2, 5, 3)), np.array([4, 0, 4, 2], np.int64)],
                                                   [(2, 4, 3)], options("Gather", axis=-2), int8),
    "gather-batch-dims": lambda int8=False: model("GATHER", [In((2, 3, 6, 4)), In((2, 5), "INT32")], [(2, 3, 5, 4)],
                                                  options("Gather", axis=2, batchDims=1), int8),
    "gather-nd": lambda int8=False: model("GATHER_ND", [In((4, 5, 3)), In((2, 3, 2), "INT32")], [(2, 3, 3)], None,
                                          int8),
    "gather-nd-scalars": lambda int8=False: model("GATHER_ND", [In((4, 5, 6)), In((7, 3), "INT32")], [(7,)], None,
                                                  int8),
    # resizes
    "resize-nearest": resize("RESIZE_NEAREST_NEIGHBOR", (1, 5, 7, 3), (8, 11), (1, 8, 11, 3)),
    "resize-nearest-half-pixel": resize("RESIZE_NEAREST_NEIGHBOR", (1, 6, 8, 2), (9, 13), (1, 9, 13, 2), half=True),
    "resize-nearest-align": resize("RESIZE_NEAREST_NEIGHBOR", (1, 5, 7, 3), (9, 4), (1, 9, 4, 3), align=True),
    "resize-nearest-one-row": resize("RESIZE_NEAREST_NEIGHBOR", (1, 1, 5, 2), (3, 7), (1, 3, 7, 2), align=True),
    "resize-bilinear": resize("RESIZE_BILINEAR", (1, 5, 4, 3), (9, 7), (1, 9, 7, 3)),
    "resize-bilinear-half-pixel": resize("RESIZE_BILINEAR", (1, 5, 4, 6), (9, 7), (1, 9, 7, 6), half=True),
    "resize-bilinear-align-down": resize("RESIZE_BILINEAR", (1, 9, 8, 2), (4, 3), (1, 4, 3, 2), align=True),
}

CASES = [(name, "float") for name in MODELS] + [  # int8 variants: model, path its op must take
    # int8 SUM: BUILTIN_REF reads its int8 storage as uint8 (QuantizedMeanOrSum<uint8_t> in
    # kernels/reduce.cc), and the integer pattern reproduces that
    ("mean-hw-keepdims", "integer"), ("arg-max", "integer"), ("sum-repeated-axis", "integer"),
    ("reduce-max-two-axes", "integer"), ("reduce-min-keepdims", "integer"),
    ("transpose", "integer"), ("squeeze", "integer"), ("expand-dims", "integer"), ("depth-to-space", "integer"),
    ("space-to-depth", "integer"), ("slice", "integer"), ("strided-slice-masks", "integer"),
    ("strided-slice-negative", "integer"), ("strided-slice-negative-padded", "integer"),
    ("strided-slice-ellipsis", "integer"), ("split", "integer"), ("split-v", "integer"), ("unpack", "integer"),
    ("pack", "integer"), ("tile", "integer"),
    ("broadcast-to", "integer"), ("fill", "integer"), ("shape-int64", "integer"), ("reverse-v2", "integer"),
    ("padv2", "integer"), ("mirror-pad-reflect", "integer"), ("mirror-pad-symmetric", "integer"),
    ("gather-axis0", "integer"), ("gather-const-int64", "integer"), ("gather-batch-dims", "integer"),
    ("gather-nd", "integer"), ("gather-nd-scalars", "integer"), ("resize-nearest", "integer"),
    ("resize-nearest-half-pixel", "integer"), ("resize-bilinear", "integer"),
    ("resize-bilinear-half-pixel", "integer"), ("resize-bilinear-align-down", "integer"),
]
IDS = [f"{name}.{'float32' if path == 'float' else 'int8'}" for name, path in CASES]


@pytest.mark.parametrize(("name", "path"), CASES, ids=IDS)
def test_matches_tflite_and_verifies(name, path, tmp_path):
    file = tmp_path / f"{name}.tflite"
    file.write_bytes(MODELS[name](int8=path != "float"))
    result = check_model(str(file))
    assert result.error is None
    assert [r.path for r in result.records] == [path], [r.reason for r in result.records]
    assert all(layer.skipped is None for layer in result.layers)
    assert result.passed, [(layer.name, layer.max_abs_diff) for layer in result.layers] + result.outputs
    final = print_module(convert(str(file), "final").module)
    verified = iree_verify(final, allow_unregistered=False)
    assert verified.returncode == 0, verified.stderr[:2000]


@pytest.mark.parametrize("model_name", ["op-zoo-shape.float32.tflite", "cnn-mixed.float32.tflite"])
def test_coverage_models_take_the_float_path(models_dir, model_name):
    ours = {name for family in map(legalize.family, ("movement", "reduction", "selection"))
            for name, rule in family.RULES.items()
            if rule.float is not None}
    records = convert(str(models_dir / "coverage" / model_name), "legalized").report.records
    assert {r.name for r in records} & ours
    assert all(r.path == "float" for r in records if r.name in ours), [(r.name, r.reason) for r in records]


@pytest.mark.parametrize(("storage", "size", "out", "half", "align"), [
    ("INT8", (1, 30, 20, 3), (97, 45), True, False), ("INT8", (1, 13, 17, 2), (50, 61), False, False),
    ("INT8", (1, 9, 8, 2), (4, 3), False, True), ("INT16", (1, 13, 17, 2), (50, 61), True, False),
    ("INT16", (1, 7, 9, 3), (100, 97), False, False)])
def test_integer_bilinear_resize_is_bit_exact(tmp_path, storage, size, out, half, align):
    """TFLite's int8/int16 kernel interpolates with 10-bit fixed-point weights
    (ResizeBilinearInteger): the integer path reproduces it exactly, also on the larger
    images where a float fallback is several steps off."""
    m = ModelBuilder()
    g = m.subgraph()
    q = per_tensor(0.05, -3 if storage == "INT8" else 0)
    x = g.input("x", size, storage, quant=q)
    y = g.tensor("y", (1, *out, size[3]), storage, quant=q)
    g.op("RESIZE_BILINEAR", [x, g.const("size", i32(*out))], [y],
         options("ResizeBilinear", halfPixelCenters=half, alignCorners=align))
    g.output(y)
    file = tmp_path / f"resize-bilinear.{storage.lower()}.tflite"
    file.write_bytes(m.build())
    result = check_model(str(file))
    assert [r.path for r in result.records] == ["integer"]
    assert result.passed and result.outputs[0].exact_fraction == 1.0


def test_dynamic_operands_decline_with_a_reason(tmp_path):
    file = tmp_path / "transpose-runtime-perm.float32.tflite"
    file.write_bytes(model("TRANSPOSE", [In((2, 3, 5)), In((3,), "INT32")], [(5, 2, 3)]))
    (record,) = convert(str(file), "legalized").report.records
    assert (record.path, record.reason) == ("unlowered", "operand 1 (perm) is not a compile-time constant")

