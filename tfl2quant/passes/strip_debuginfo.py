"""strip-debuginfo: every location becomes `loc(unknown)` (mlir/lib/Transforms/StripDebugInfo.cpp),
that of each op and of each block argument, so that the output no longer depends on where the
input came from (upstream's bytecode tests compare the bytes of two runs)."""
from __future__ import annotations

from dataclasses import dataclass

from ..ir.core import Operation
from ..ir.location import UNKNOWN
from .pass_base import ModulePass


@dataclass(frozen=True)
class StripDebugInfo(ModulePass):
    """Replace all locations with unknown ones."""

    name = "strip-debuginfo"

    def apply(self, module: Operation) -> None:
        for op in module.walk():
            op.location = UNKNOWN
            for region in op.regions:
                for block in region.blocks:
                    block.arg_locations = [UNKNOWN] * len(block.args) if block.args else []
