"""func.call: run the callee with the executor."""
from __future__ import annotations


def call(executor, op, env, *args):
    return tuple(executor.run(list(args), op.attributes["callee"].root))


call.needs_executor = True

KERNELS = {"func.call": call}
