"""linalg.generic, all-parallel: gather every operand over the iteration space
through its indexing map, then run the body once on whole arrays."""
from __future__ import annotations

import numpy as np

from tfl2quant.ir.affine import AffineMapAttr


def generic(ctx, *operands):
    n_in = ctx.op.attributes["operandSegmentSizes"].value[0]
    maps = [a.value for a in ctx.op.attributes["indexing_maps"].value if isinstance(a, AffineMapAttr)]
    outs = operands[n_in:]
    space = outs[0].shape
    args = []
    for x, m in zip(operands, maps):
        if m.results == tuple(m.identity(m.num_dims).results) and x.shape == space:
            args.append(x)
        else:
            args.append(np.broadcast_to(x[m.gather_index(space)], space))
    ctx.executor.iteration_spaces.append(space)  # for the body's linalg.index
    try:
        yielded = ctx.run_block(ctx.op.regions[0].blocks[0], args)
    finally:
        ctx.executor.iteration_spaces.pop()
    return tuple(np.broadcast_to(y, space).astype(o.dtype) for y, o in zip(yielded, outs))


def index(ctx):
    """linalg.index in a generic's body (run once on whole arrays): every position's index
    along loop `dim`, over the iteration space."""
    space = ctx.executor.iteration_spaces[-1]
    dim = ctx.attr("dim")
    along = np.arange(space[dim], dtype=np.int64).reshape([-1 if k == dim else 1 for k in range(len(space))])
    return np.broadcast_to(along, space)


def fill(ctx, value, init):
    return np.full(init.shape, value, init.dtype)


KERNELS = {"linalg.generic": generic, "linalg.fill": fill, "linalg.index": index}
