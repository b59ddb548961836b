"""legalize-tfl: every `tfl.*` op to integer TOSA on storage types, or through the fallback.

    integer   quant.scast -> TOSA (and arith/linalg) on storage types -> quant.scast
    fallback  quant.dcast -> the float lowering -> quant.qcast
    float     the float lowering of an op of a float model
    unlowered the op stays a float `tfl.*` op (between casts if it was quantized)

The pass lives here, beside the patterns and the driver that picks a path
(`legalize/__init__.py` is the table of every rule); `tfl2quant.passes` finds it by
name, so the core imports nothing of `legalize`. The pass returns the
per-op records (path and reason) to whoever runs it; with `remarks` it also
emits one remark per op that has a reason (`fallback: per-axis quantized
operand 0`), which `opt --verify-diagnostics` can match.
"""
from __future__ import annotations

import dataclasses

from tfl2quant.ir.core import Operation
from tfl2quant.passes.pass_base import ModulePass, statistic
from tfl2quant.records import dataclass

from .driver import legalize
from .records import PATHS


@dataclass(frozen=True)
class LegalizeTfl(ModulePass):
    """tfl.* -> integer TOSA (bit-exact with TFLite) or dcast -> float -> qcast."""

    name = "legalize-tfl"
    summary = "Legalize tfl.* ops to integer TOSA, else dequantize-float-quantize, else a float lowering"
    # the four paths of legalize/driver.py, one count each
    statistics = {f"num-{path}": f"Number of ops on the {path} path" for path in PATHS}
    allow_fallback: bool = dataclasses.field(default=True, metadata={
        "help": "Dequantize-float-quantize what has no integer pattern (false: fail, naming every such op)"})
    remarks: bool = dataclasses.field(default=False, metadata={"help": "A remark per op off the integer path, with why"})
    # equal tosa.consts of a function made once (legalize/driver.py UniqueConstants): the same
    # IR after cse, fewer ops to build before it; convert's pipeline sets it
    unique_constants: bool = dataclasses.field(default=False, metadata={
        "printed_at_default": False, "help": "Make equal tosa.const ops of a function once"})

    def apply(self, module: Operation):
        report = legalize(module, self.allow_fallback, self.remarks, self.unique_constants)
        for r in report.records:
            statistic(f"num-{r.path}")
        return report
