"""Sparse constants (`tfl.pseudo_sparse_const`, `tfl.pseudo_sparse_qconst`): the importer keeps
their compressed values and SparsityParameters (`s_param`); `densify` gives the dense array,
as TFLite's FormatConverter::SparseToDense (kernels/internal/utils/sparsity_format_converter.cc)
and the DENSIFY kernel (kernels/densify.cc) compute it."""
from __future__ import annotations

import numpy as np

from ..ir.core import Operation


def _ints(attr) -> list[int]:
    return [int(a.value) for a in attr.value] if attr is not None else []


def _dense_size(meta: dict) -> int:
    return int(meta["dense_size"].value) if "dense_size" in meta else 0


def _vector(meta: dict, name: str) -> np.ndarray | None:
    """A SPARSE_CSR level's array_segments or array_indices, None if absent."""
    table = meta.get(name)
    values = table.get("values") if table is not None and hasattr(table, "get") else None
    return None if values is None else np.array(_ints(values), np.int64)


def sparsity_error(s_param, shape: tuple, count: int) -> str | None:
    """Why TFLite's model verifier refuses these SparsityParameters for a tensor of `shape`
    with `count` stored values (core/tools/verifier.cc: VerifyAndCountSparseElements), or
    None. Block dimensions must also come in block_map's order, on ascending original
    dimensions, as FormatConverter reads them."""
    if s_param.get("traversal_order") is None or s_param.get("dim_metadata") is None:
        return "no traversal_order or no dim_metadata"
    order, block_map = _ints(s_param.get("traversal_order")), _ints(s_param.get("block_map"))
    levels = [dict(m.value) for m in s_param.get("dim_metadata").value]
    rank, total = len(shape), len(order)
    if total < rank or len(levels) != total:
        return f"{total} traversal levels and {len(levels)} dim_metadata for a tensor of rank {rank}"
    if len(block_map) != total - rank:
        return f"a block_map of {len(block_map)} for {total - rank} block dimensions"
    if sorted(order[:rank]) != list(range(rank)) or order[rank:] != list(range(rank, total)):
        return f"traversal_order {order} is not a permutation of the {rank} dimensions then the block dimensions"
    if block_map != sorted(set(block_map)) or any(not 0 <= d < rank for d in block_map):
        return f"block_map {block_map} does not name ascending dimensions of rank {rank}"
    sizes = list(shape) + [0] * (total - rank)  # per dimension: block counts, then block sizes
    for k, original in enumerate(block_map):
        size = _dense_size(levels[rank + k])
        if size <= 0:
            return f"block dimension {k} has size {size}"
        sizes[rank + k] = size
        sizes[original] //= size
    elements = 1
    for level, dim in enumerate(order):
        meta = levels[level]
        if meta["format"].value == "DENSE":
            if _dense_size(meta) != sizes[dim]:
                return f"level {level} is DENSE of {_dense_size(meta)} for a dimension of {sizes[dim]}"
            elements *= sizes[dim]
            continue
        segments, indices = _vector(meta, "array_segments"), _vector(meta, "array_indices")
        if segments is None or indices is None:
            return f"SPARSE_CSR level {level} has no array_segments or no array_indices"
        if len(segments) != elements + 1 or (segments < 0).any() or (np.diff(segments) < 0).any() \
                or segments[-1] != len(indices):
            return (f"SPARSE_CSR level {level}: array_segments must be {elements + 1} non-decreasing offsets "
                    f"ending at the {len(indices)} indices")
        if ((indices < 0) | (indices >= sizes[dim])).any():
            return f"SPARSE_CSR level {level} has indices outside [0, {sizes[dim]})"
        elements = len(indices)
    if elements != count:
        return f"{count} stored values for {elements} positions"
    return None


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
    strides = np.array([int(np.prod(shape[k + 1:])) for k in range(rank)], np.int64)
    dense = np.zeros(int(np.prod(shape)), values.dtype)  # flat, so that a scalar works too
    dense[dims @ strides] = values.reshape(-1)[:len(positions)]
    return dense.reshape(shape)


def dense_array(op: Operation) -> np.ndarray:
    """The stored values of a sparse constant op, densified (its storage type when quantized)."""
    attributes = op.attributes
    return densify(attributes["compressed_data"].array(), attributes["s_param"], attributes["value"].type.shape)
