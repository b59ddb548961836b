"""cse: merge identical pure ops (quant casts included: they are pure, per the RFC).

Scoped like MLIR's CSE: an op in a nested region may reuse an equivalent op
from an enclosing block, never the other way round.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..ir.core import Block, Operation
from .pass_base import ModulePass


@dataclass(frozen=True)
class CSE(ModulePass):
    """Eliminate common subexpressions among pure, region-free ops."""

    name = "cse"

    def apply(self, module: Operation) -> None:
        for region in module.regions:
            for block in region.blocks:
                _cse_block(block, [{}])


def _key(op: Operation):
    attrs = tuple(sorted(op.attributes.items(), key=lambda kv: kv[0]))
    return (op.name, tuple(id(v) for v in op.operands), op.result_types, attrs)


def _cse_block(block: Block, scopes: list[dict]) -> None:
    scope: dict = {}
    scopes.append(scope)
    kept = []
    for op in block.ops:
        if op.is_pure and not op.regions:
            key = _key(op)
            existing = next((s[key] for s in reversed(scopes) if key in s), None)
            if existing is not None:
                op.replace_all_uses_with(existing.results)
                op.drop_operands()
                op.parent = None
                continue
            scope[key] = op
        kept.append(op)
        for region in op.regions:
            for inner in region.blocks:
                # isolated ops (func.func) start a fresh scope chain
                _cse_block(inner, [] if op.has_trait("IsolatedFromAbove") else scopes)
    block.set_ops(kept)
    scopes.pop()
