"""Kernels for the tfl ops that stay in converted IR: structured control flow
(regions calling the subgraphs) and the constant-like ops."""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects.tfl_sparse import dense_array
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


def sparse_const(ctx):
    return dense_array(ctx.op)


KERNELS.update({"tfl.pseudo_sparse_const": sparse_const, "tfl.pseudo_sparse_qconst": sparse_const,
                "tfl.densify": lambda ctx, x: x})
