"""func.call: run the callee with the executor."""
from __future__ import annotations


def call(ctx, *args):
    return tuple(ctx.call(ctx.op.attributes["callee"].root, args))


KERNELS = {"func.call": call}
