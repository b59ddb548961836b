"""GATHER, GATHER_ND: values read at runtime indices, with `tosa.gather`.

Everything becomes `tosa.gather` on [N, K, C] with reshapes around it. Both
are `StaticPattern`s run on stored values by `OnStorage` (movement.py): on stored values when params and result are
quantized alike, as TFLite copies them raw (reference/gather.h, gather_nd.h).
"""
from __future__ import annotations

import math

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.tfl import constant_array
from tfl2quant.ir.types import element_type, i32, tensor

from .emit import reshape, tile
from .movement import OnStorage
from .query import option
from .rule import NOT_YET, Rule, StaticPattern, unlowered


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


RULES = {
    # TFLite op                     Rule(integer path,           float path)
    "tfl.gather":                 Rule(OnStorage(Gather()),      Gather()),
    "tfl.gather_nd":              Rule(OnStorage(GatherNd()),    GatherNd()),
    "tfl.embedding_lookup":       unlowered(NOT_YET),
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
