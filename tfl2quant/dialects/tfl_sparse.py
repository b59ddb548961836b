"""Sparse constants (`tfl.pseudo_sparse_const`, `tfl.pseudo_sparse_qconst`): the importer keeps
their compressed values and SparsityParameters (`s_param`); `densify` gives the dense array,
as TFLite's FormatConverter::SparseToDense (kernels/internal/utils/sparsity_format_converter.cc)
and the DENSIFY kernel (kernels/densify.cc) compute it."""
from __future__ import annotations

import numpy as np

from ..ir.core import Operation


def _ints(attr) -> list[int]:
    return [int(a.value) for a in attr.value] if attr is not None else []


def densify(values: np.ndarray, s_param, shape: tuple) -> np.ndarray:
    """TFLite's sparse format -> a dense array (FormatConverter::SparseToDense), whole-array.

    The levels run in `traversal_order` over the original dimensions followed by
    the block dimensions of `block_map`; a DENSE level multiplies every position
    by its size, a SPARSE_CSR level keeps the listed indices of each segment.
    """
    order = _ints(s_param.get("traversal_order"))
    block_map = _ints(s_param.get("block_map"))
    levels = s_param.get("dim_metadata").value
    rank = len(shape)
    positions = np.zeros(1, np.int64)                # one parent position to start
    coords = np.zeros((1, len(order)), np.int64)     # each leaf's coordinate per level
    for level, meta in enumerate(levels):
        meta = dict(meta.value)
        if meta["format"].value == "DENSE":
            size = int(meta["dense_size"].value)
            child = np.arange(size, dtype=np.int64)
            positions = (positions[:, None] * size + child[None, :]).reshape(-1)
            coords = np.repeat(coords, size, axis=0)
            coords[:, level] = np.tile(child, len(coords) // size)
        else:
            segments = np.array(_ints(meta["array_segments"].get("values")), np.int64)
            indices = np.array(_ints(meta["array_indices"].get("values")), np.int64)
            counts = segments[positions + 1] - segments[positions]
            starts = np.repeat(segments[positions], counts)
            offsets = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
            positions = starts + offsets
            coords = np.repeat(coords, counts, axis=0)
            coords[:, level] = indices[positions]
    dims = np.zeros((len(positions), rank), np.int64)
    block_sizes = {}
    for level, dim in enumerate(order):
        if dim < rank:
            dims[:, dim] += coords[:, level] * (1 if dim not in block_map else 0)
        else:
            original = block_map[dim - rank]
            block_sizes[original] = int(dict(levels[level].value)["dense_size"].value)
    for level, dim in enumerate(order):  # blocked dims: block index * block size + offset in block
        if dim < rank and dim in block_map:
            dims[:, dim] += coords[:, level] * block_sizes[dim]
        elif dim >= rank:
            dims[:, block_map[dim - rank]] += coords[:, level]
    dense = np.zeros(shape, values.dtype)
    dense[tuple(dims.T)] = values.reshape(-1)[:len(positions)]
    return dense


def dense_array(op: Operation) -> np.ndarray:
    """The stored values of a sparse constant op, densified (its storage type when quantized)."""
    attributes = op.attributes
    return densify(attributes["compressed_data"].array(), attributes["s_param"], attributes["value"].type.shape)
