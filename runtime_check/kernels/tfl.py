"""Kernels for the tfl ops that stay in converted IR: structured control flow
(regions calling the subgraphs) and the constant-like ops."""
from __future__ import annotations

import numpy as np

from tfl2quant.errors import Tfl2QuantError

from ._util import first

MAX_ITERATIONS = 1_000_000  # a loop that runs longer is taken for one that never ends


def while_(ctx, *values):
    cond, body = (r.blocks[0] for r in ctx.op.regions)
    for _ in range(MAX_ITERATIONS):
        (keep_going,) = ctx.run_block(cond, values)
        if not bool(first(keep_going)):
            return tuple(values)
        values = ctx.run_block(body, values)
    raise Tfl2QuantError(f"tfl.while at {ctx.op.location.describe()} ran {MAX_ITERATIONS} iterations")


def if_(ctx, condition, *_):
    region = ctx.op.regions[0] if bool(first(condition)) else ctx.op.regions[1]
    return tuple(ctx.run_block(region.blocks[0]))


def stablehlo_case(ctx, index, *_):
    """The branch at `index`; one outside [0, branches) runs the last (stablehlo_case.cc)."""
    k = int(first(index))
    regions = ctx.op.regions
    region = regions[k] if 0 <= k < len(regions) else regions[-1]
    return tuple(ctx.run_block(region.blocks[0]))


def no_value(ctx):
    return np.zeros(0, np.float32)  # an absent optional operand; kernels that take one ignore it


KERNELS = {"tfl.while": while_, "tfl.if": if_, "tfl.no_value": no_value, "tfl.stablehlo_case": stablehlo_case}


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


def sparse_const(ctx):
    attributes = ctx.op.attributes
    return densify(attributes["compressed_data"].array(), attributes["s_param"], attributes["value"].type.shape)


KERNELS.update({"tfl.pseudo_sparse_const": sparse_const, "tfl.pseudo_sparse_qconst": sparse_const,
                "tfl.densify": lambda ctx, x: x})
