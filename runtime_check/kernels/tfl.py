"""Kernels for the tfl ops that stay in converted IR: structured control flow
(regions calling the subgraphs) and the constant-like ops."""
from __future__ import annotations

import numpy as np

from tfl2quant.errors import Tfl2QuantError

MAX_ITERATIONS = 1_000_000  # a loop that runs longer is taken for one that never ends


def while_(executor, op, env, *values):
    cond, body = (r.blocks[0] for r in op.regions)
    for _ in range(MAX_ITERATIONS):
        (keep_going,) = executor.run_block(cond, {**env, **dict(zip(cond.args, values))})
        if not bool(np.asarray(keep_going).reshape(-1)[0]):
            return tuple(values)
        values = executor.run_block(body, {**env, **dict(zip(body.args, values))})
    raise Tfl2QuantError(f"tfl.while at {op.location.describe()} ran {MAX_ITERATIONS} iterations")


def if_(executor, op, env, condition, *_):
    region = op.regions[0] if bool(np.asarray(condition).reshape(-1)[0]) else op.regions[1]
    return tuple(executor.run_block(region.blocks[0], dict(env)))


def no_value(op):
    return np.zeros(0, np.float32)  # an absent optional operand; kernels that take one ignore it


for _k in (while_, if_):
    _k.needs_executor = True

KERNELS = {"tfl.while": while_, "tfl.if": if_, "tfl.no_value": no_value}
