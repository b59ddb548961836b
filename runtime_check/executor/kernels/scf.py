"""scf.while, scf.for and scf.if: run their regions (scf.condition and scf.yield need no
kernels: `ctx.run_block` returns a terminator's operands)."""
from __future__ import annotations

import numpy as np

from tfl2quant.errors import Tfl2QuantError

from ._util import first
from .tfl import MAX_ITERATIONS


def while_(ctx, *values):
    before, after = (r.blocks[0] for r in ctx.op.regions)
    for _ in range(MAX_ITERATIONS):
        keep_going, *forwarded = ctx.run_block(before, values)
        if not bool(keep_going):
            return tuple(forwarded)
        values = ctx.run_block(after, forwarded)
    raise Tfl2QuantError(f"scf.while at {ctx.op.location.describe()} ran {MAX_ITERATIONS} iterations")


def for_(ctx, lower, upper, step, *values):
    block = ctx.op.regions[0].blocks[0]
    lower, upper, step = (int(first(v)) for v in (lower, upper, step))
    if step <= 0:
        raise Tfl2QuantError(f"scf.for at {ctx.op.location.describe()} has step {step}: it must be positive")
    for i in range(lower, upper, step):
        values = ctx.run_block(block, [np.array(i, np.int64), *values])
    return tuple(values)


def if_(ctx, condition):
    region = ctx.op.regions[0] if bool(first(condition)) else ctx.op.regions[1]
    return tuple(ctx.run_block(region.blocks[0])) if region.blocks else ()


KERNELS = {"scf.while": while_, "scf.for": for_, "scf.if": if_}
