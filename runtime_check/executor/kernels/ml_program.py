"""ml_program globals: state of the executor (`Executor.globals`), kept across its
runs as TFLite keeps resource variables across invokes of one interpreter."""
from __future__ import annotations

from tfl2quant.errors import Tfl2QuantError


def global_load(ctx):
    name = ctx.op.attributes["global"].root
    globals_ = ctx.executor.globals
    if name not in globals_:  # first load: the global's initial value
        found = ctx.executor.module.lookup(name)
        if "value" not in found.attributes:  # (a hash table found before its import: TFLite fails too)
            raise Tfl2QuantError(f"global @{name} is read at {ctx.op.location.describe()} before anything "
                                 f"stored it (it has no initial value)")
        globals_[name] = found.attributes["value"].array()
    return globals_[name].copy()


def global_store(ctx, value):
    ctx.executor.globals[ctx.op.attributes["global"].root] = value.copy()
    return ()


KERNELS = {"ml_program.global_load": global_load, "ml_program.global_store": global_store}
