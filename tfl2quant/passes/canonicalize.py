"""canonicalize: op folds (the RFC's quant cast folds) and dead code removal.

    quant.dcast(quant.qcast(x : T)) : T  ->  x
    quant.qcast(quant.dcast(x : Q)) : Q  ->  x
    quant.scast(quant.scast(x : T)) : T  ->  x

then pure ops whose results are unused are erased, until nothing changes.

The first fold is lossy (the RFC says so): it drops a rounding and a
saturation to the storage range. TFLite performs both between any two ops, so
`tfl2quant convert` runs `canonicalize{fold-dcast-of-qcast=false}` to keep
its numbers TFLite's; the other two folds are exact.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..ir.core import TERMINATOR, Operation
from .pass_base import ModulePass


@dataclass(frozen=True)
class Canonicalize(ModulePass):
    """Fold ops and erase dead pure ops, to a fixpoint."""

    name = "canonicalize"
    fold_dcast_of_qcast: bool = True

    def apply(self, module: Operation) -> None:
        skip = frozenset() if self.fold_dcast_of_qcast else frozenset({"quant.dcast"})
        while fold_all(module, skip) | erase_dead(module):
            pass


def fold_all(root: Operation, skip: frozenset = frozenset()) -> bool:
    changed = False
    for op in list(root.walk()):
        if op.parent is None and op is not root or op.name in skip:
            continue
        values = op.fold()
        if values is not None:
            op.replace_all_uses_with(values)
            changed = True
    return changed


def erase_dead(root: Operation) -> bool:
    """Erase unused pure ops, sweeping each block backwards (users before producers)."""
    changed = False
    for block in list(_blocks(root)):
        kept = []
        for op in reversed(block.ops):
            if op.is_pure and not op.has_trait(TERMINATOR) and not any(r.has_uses for r in op.results):
                op.drop_operands()
                for region in op.regions:
                    region.drop_all_references()
                op.parent = None
                changed = True
            else:
                kept.append(op)
        if len(kept) != len(block.ops):
            kept.reverse()
            block.set_ops(kept)
    return changed


def _blocks(root: Operation):
    for op in root.walk():
        for region in op.regions:
            yield from region.blocks
