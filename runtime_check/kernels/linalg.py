"""linalg.generic, all-parallel: gather every operand over the iteration space
through its indexing map, then run the body once on whole arrays."""
from __future__ import annotations

import numpy as np

from tfl2quant.ir.affine import AffineMapAttr


def _maps(ctx):
    """(number of inputs, indexing maps, whether each is the identity), read once per op."""
    found = ctx.cache.get("maps")
    if found is None:
        maps = [a.value for a in ctx.op.attributes["indexing_maps"].value if isinstance(a, AffineMapAttr)]
        identity = [m.results == tuple(m.identity(m.num_dims).results) for m in maps]
        found = ctx.cache["maps"] = (ctx.op.attributes["operandSegmentSizes"].value[0], maps, identity)
    return found


def generic(ctx, *operands):
    n_in, maps, identity = _maps(ctx)
    outs = operands[n_in:]
    space = outs[0].shape
    gathers = ctx.cache.get(space)  # the index arrays per map over this iteration space
    if gathers is None:
        gathers = ctx.cache[space] = [m.gather_index(space) for m in maps]
    args = []
    for x, same, gather in zip(operands, identity, gathers):
        if same and x.shape == space:
            args.append(x)
        else:
            args.append(np.broadcast_to(x[gather], space))
    ctx.executor.iteration_spaces.append(space)  # for the body's linalg.index
    try:
        yielded = ctx.run_block(ctx.op.regions[0].blocks[0], args)
    finally:
        ctx.executor.iteration_spaces.pop()
    return tuple(y if y.shape == space and y.dtype == o.dtype else np.broadcast_to(y, space).astype(o.dtype)
                 for y, o in zip(map(np.asarray, yielded), outs))


def index(ctx):
    """linalg.index in a generic's body (run once on whole arrays): every position's index
    along loop `dim`, over the iteration space."""
    space = ctx.executor.iteration_spaces[-1]
    found = ctx.cache.get(space)
    if found is None:
        dim = ctx.attr("dim")
        along = np.arange(space[dim], dtype=np.int64).reshape([-1 if k == dim else 1 for k in range(len(space))])
        found = ctx.cache[space] = np.broadcast_to(along, space)
    return found


def fill(ctx, value, init):
    return np.full(init.shape, value, init.dtype)


KERNELS = {"linalg.generic": generic, "linalg.fill": fill, "linalg.index": index}
