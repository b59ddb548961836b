"""GATHER, GATHER_ND, EMBEDDING_LOOKUP: values read at runtime indices, with `tosa.gather`.

Everything becomes `tosa.gather` on [N, K, C] with reshapes around it. All are
`StaticPattern`s run on stored values by `OnStorage` (movement.py) when params and
result are quantized alike, as TFLite copies them raw (reference/gather.h,
gather_nd.h, embedding_lookup.cc: EvalSimple).

EMBEDDING_LOOKUP of quantized rows into a float result is TFLite's hybrid kernel
(embedding_lookup.cc: EvalHybrid, EvalBlockwise): each gathered row times its scale,
`float(q) * s` with the per-tensor scale, the row's scale (per-axis on dimension 0) or
the block's fp16 scale (blockwise int4/int2, 2-D). The int4 and int2 unpackers
multiply `float(16 q)` by `s / 16` (`64 q` by `s / 64`): the same real product, so the
same float. uint8 rows are read as int8 bytes (`GetTensorData<int8_t>`), and no zero
point is read.
"""
from __future__ import annotations

import math

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.linalg import generic
from tfl2quant.dialects.quant.types import UniformQuantizedSubChannelType
from tfl2quant.dialects.tfl import constant_array
from tfl2quant.ir.affine import AffineMap, const, dim
from tfl2quant.ir.types import element_type, f32, i8, i32, tensor

from .emit import reshape, tile
from .hybrid import block_scales
from .movement import OnStorage
from .query import option, qtype, static_shapes, storage_name
from .rule import NOT_YET, ByResult, IntegerPattern, Rule, StaticPattern, unlowered


def gather(b, values, indices):
    """tosa.gather: values [N, K, C], i32 indices [N, W] -> [N, W, C]."""
    (n, _, c), w = values.type.shape, indices.type.shape[1]
    return b.value("tosa.gather", [values, indices], tensor((n, w, c), element_type(values.type)))


def take(b, x, axis: int, indices):
    """x at constant `indices` along `axis` (np.take): one tosa.gather on [outer, K, inner]."""
    shape = tuple(x.type.shape)
    outer, inner = math.prod(shape[:axis]), math.prod(shape[axis + 1:])
    rows = np.tile(np.asarray(indices, np.int32), (outer, 1))
    y = gather(b, reshape(b, x, (outer, shape[axis], inner)), tosa.const(b, rows, i32))
    return reshape(b, y, shape[:axis] + (len(indices),) + shape[axis + 1:])


def index32(b, indices):
    """Indices as the i32 tosa.gather takes: constants converted here, others by tosa.cast."""
    if element_type(indices.type) == i32:
        return indices
    known = constant_array(indices)
    if known is not None:
        return tosa.const(b, np.asarray(known).astype(np.int32), i32)
    return tosa.cast(b, indices, indices.type.with_element_type(i32))


class Gather(StaticPattern):
    """params [B.., O.., K, C..] with indices [B.., W..] -> tosa.gather on [B*O, K, C]
    with the indices tiled over O. Out-of-range indices are an error in TFLite
    (reference/gather.h) and unpredictable in TOSA."""

    def rewrite(self, b, op, operands, result_types):
        params, indices = operands[:2]
        p, ishape = params.type.shape, indices.type.shape
        axis = option(op, "axis") % len(p)
        batch_dims = option(op, "batch_dims")
        batch_dims += len(ishape) if batch_dims < 0 else 0
        batch, outer, inner = (math.prod(p[:batch_dims]), math.prod(p[batch_dims:axis]),
                               math.prod(p[axis + 1:]))
        width = math.prod(ishape[batch_dims:])
        idx = tile(b, reshape(b, index32(b, indices), (batch, 1, width)), (1, outer, 1))
        y = gather(b, reshape(b, params, (batch * outer, p[axis], inner)), reshape(b, idx, (batch * outer, width)))
        return [reshape(b, y, result_types[0].shape)]


class GatherNd(StaticPattern):
    """The last index dimension (nd coordinates) becomes one flat row index:
    sum(coordinate * row stride) in i32, then tosa.gather on [1, rows, slice]."""

    def rewrite(self, b, op, operands, result_types):
        params, indices = operands[:2]
        p, ishape = params.type.shape, indices.type.shape
        nd, count = ishape[-1], math.prod(ishape[:-1])
        idx = reshape(b, index32(b, indices), (count, nd))
        if nd > 1:
            strides = np.array([[math.prod(p[j + 1:nd]) for j in range(nd)]], np.int32)
            idx = tosa.mul(b, idx, tosa.const(b, strides, i32), idx.type)
            idx = tosa.reduce(b, "tosa.reduce_sum", idx, 1)
        values = reshape(b, params, (1, math.prod(p[:nd]), math.prod(p[nd:])))
        return [reshape(b, gather(b, values, reshape(b, idx, (1, count))), result_types[0].shape)]


class EmbeddingLookup(StaticPattern):
    """EMBEDDING_LOOKUP(lookup [L], value [R, ...]): rows of `value`, a GATHER on axis 0.
    An index out of [0, R) is an error in TFLite and unpredictable in TOSA."""

    data = (1,)

    def rewrite(self, b, op, operands, result_types):
        lookup, value = operands
        rows = value.type.shape[0]
        width = math.prod(value.type.shape[1:])
        y = gather(b, reshape(b, value, (1, rows, width)),
                   reshape(b, index32(b, lookup), (1, lookup.type.shape[0])))
        return [reshape(b, y, result_types[0].shape)]


class HybridEmbeddingLookup(IntegerPattern):
    """Quantized constant rows, f32 result: EvalHybrid / EvalBlockwise (module docstring)."""

    def unsupported(self, op):
        lookup, value = op.operands
        reason = static_shapes(op)
        if reason:
            return reason
        if str(element_type(op.result.type)) != "f32":
            return f"a hybrid EMBEDDING_LOOKUP into {element_type(op.result.type)}; the pattern writes f32"
        if storage_name(value) not in ("i8", "u8", "i4", "i2") or constant_array(value) is None:
            return "hybrid EMBEDDING_LOOKUP rows are constant int8, uint8, int4 or int2"
        q = qtype(value)
        per_byte = {"i4": 2, "i2": 4}.get(storage_name(value), 1)
        if math.prod(value.type.shape[1:]) % per_byte:
            return (f"{storage_name(value)} rows of {math.prod(value.type.shape[1:])} values: TFLite's unpacker "
                    f"starts every row at a byte boundary, so rows that do not fill whole bytes are read shifted")
        if isinstance(q, UniformQuantizedSubChannelType):
            if len(value.type.shape) != 2 or storage_name(value) not in ("i4", "i2") or q.block_sizes[0] != 1:
                return "blockwise EMBEDDING_LOOKUP rows are 2-D int4 or int2 in blocks along a row (EvalBlockwise)"
            return None
        if len(q.scales_flat()) > 1 and getattr(q, "quantized_dimension", 0) != 0:
            return "per-axis EMBEDDING_LOOKUP rows are quantized along dimension 0 (Prepare)"
        return None

    def rewrite(self, b, op, operands):
        lookup, value = op.operands
        shape = value.type.shape
        rows, width = shape[0], math.prod(shape[1:])
        q = qtype(value)
        table = np.asarray(constant_array(value))
        # a view of the stored bytes (zero-copy; uint8 read as int8 bytes as the kernel does);
        # int4 and int2 arrive unpacked, one int8 per value
        table = table.view(np.int8).reshape(rows, width)
        if isinstance(q, UniformQuantizedSubChannelType):
            scales = block_scales(value)  # [rows, blocks], as the kernel reads the fp16 tensor
        else:
            scales = np.broadcast_to(np.asarray(q.scales_flat(), np.float32), (rows,)).reshape(rows, 1)
        blocks = scales.shape[1]
        count = lookup.type.shape[0]
        index = reshape(b, index32(b, operands[0]), (1, count))
        picked = gather(b, tosa.const(b, table.reshape(1, rows, width), i8), index)
        picked_scales = gather(b, tosa.const(b, np.ascontiguousarray(scales, np.float32).reshape(1, rows, blocks), f32),
                               index)
        block_shape = (count, blocks, width // blocks)
        y = generic(b, [reshape(b, picked, block_shape), reshape(b, picked_scales, (count, blocks, 1))],
                    [AffineMap.identity(3), AffineMap(3, (dim(0), dim(1), const(0)))], tensor(block_shape, f32),
                    lambda r, a: r.value("arith.mulf", [r.value("arith.sitofp", [a[0]], f32), a[1]], f32))
        return [reshape(b, y, op.result.type.shape)]


RULES = {
    # TFLite op                     Rule(integer path,           float path)
    "tfl.gather":                 Rule(OnStorage(Gather()),      Gather()),
    "tfl.gather_nd":              Rule(OnStorage(GatherNd()),    GatherNd()),
    "tfl.embedding_lookup":       Rule(ByResult(OnStorage(EmbeddingLookup()), hybrid=HybridEmbeddingLookup()),
                                   EmbeddingLookup()),
    "tfl.scatter_nd":             unlowered(NOT_YET),
    "tfl.sparse_to_dense":        unlowered(NOT_YET),
    "tfl.segment_sum":            unlowered(NOT_YET),
    "tfl.unsorted_segment_sum":   unlowered(NOT_YET),
    "tfl.unsorted_segment_prod":  unlowered(NOT_YET),
    "tfl.unsorted_segment_max":   unlowered(NOT_YET),
    "tfl.unsorted_segment_min":   unlowered(NOT_YET),
    "tfl.embedding_lookup_sparse": unlowered(NOT_YET),
    "tfl.densify":                unlowered(NOT_YET),
}
