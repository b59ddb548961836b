"""ml_program globals: state of the executor (`Executor.globals`), kept across its
runs as TFLite keeps resource variables across invokes of one interpreter."""
from __future__ import annotations


def global_load(ctx):
    name = ctx.op.attributes["global"].root
    globals_ = ctx.executor.globals
    if name not in globals_:  # first load: the global's initial value
        found = ctx.executor.module.lookup(name)
        globals_[name] = found.attributes["value"].array()
    return globals_[name].copy()


def global_store(ctx, value):
    ctx.executor.globals[ctx.op.attributes["global"].root] = value.copy()
    return ()


KERNELS = {"ml_program.global_load": global_load, "ml_program.global_store": global_store}
