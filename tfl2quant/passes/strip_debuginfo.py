"""strip-debuginfo: every location becomes unknown (mlir-opt's -strip-debuginfo).

As upstream's pass (mlir/lib/Transforms/StripDebugInfo.cpp): the locations of all ops and of
all block arguments, so that IR from different sources compares equal.
"""
from __future__ import annotations


from ..ir.core import Operation
from ..ir.location import UNKNOWN
from ..records import dataclass
from .pass_base import ModulePass


@dataclass(frozen=True)
class StripDebugInfo(ModulePass):
    """Replace every op and block argument location with loc(unknown)."""

    name = "strip-debuginfo"
    pass_name = "StripDebugInfoPass"
    summary = "Strip debug info from all operations"

    def apply(self, module: Operation) -> None:
        for op in module.walk():
            op.location = UNKNOWN
            for region in op.regions:
                for block in region.blocks:
                    block.arg_locations = [UNKNOWN] * len(block.arg_locations)
