"""cse: merge identical pure ops (quant casts included: they are pure, per the RFC).

Scoped like MLIR's CSE: an op in a nested region may reuse an equivalent op
from an enclosing block, never the other way round.
"""
from __future__ import annotations


from ..ir.core import ISOLATED, PURE, Block, Operation
from ..records import dataclass
from .pass_base import ModulePass, statistic


@dataclass(frozen=True)
class CSE(ModulePass):
    """Eliminate common subexpressions among pure, region-free ops."""

    name = "cse"
    pass_name = "CSEPass"
    summary = "Eliminate common sub-expressions"
    # upstream's statistics; its CSE also erases unused ops as it goes, ours leaves that to canonicalize
    statistics = {"num-cse'd": "Number of operations CSE'd", "num-dce'd": "Number of operations DCE'd"}

    def apply(self, module: Operation) -> None:
        statistic("num-cse'd", cse(module))


def cse(module: Operation) -> int:
    """Merge the module's identical pure ops; the number of ops merged away."""
    merged = [0]
    for region in module.regions:
        for block in region.blocks:
            _cse_block(block, [], merged)
    return merged[0]


def _key(op: Operation):
    # One flat tuple (name, operand count, operand ids, result count, result types, then each
    # attribute's name and value, sorted by name): the counts keep it unambiguous. A tuple of
    # nested tuples was five objects per op, kept in the scope for the cyclic GC to walk.
    operands, results, attrs = op._operands, op.results, op.attributes
    key = [op.name, len(operands), *map(id, operands), len(results)]
    for r in results:
        key.append(r.type)
    if attrs:
        for item in (sorted(attrs.items()) if len(attrs) > 1 else attrs.items()):
            key += item
    return tuple(key)


def _cse_block(block: Block, outer: list[dict], merged: list[int]) -> None:
    """CSE `block`, given the scopes of its enclosing blocks (`outer`, innermost last)."""
    scope: dict = {}
    kept = []
    for op in block.ops:
        if PURE in op.traits and not op.regions:
            key = _key(op)
            existing = None
            for s in reversed(outer):  # innermost enclosing scope first; a plain loop, no generator
                existing = s.get(key)
                if existing is not None:
                    break
            else:
                # one hash of the key: looked up and, if new, added (a get then a set hashed it twice)
                existing = scope.setdefault(key, op)
            if existing is not op:
                op.replace_all_uses_with(existing.results)
                op.drop_operands()
                op.parent = None
                op.results = []  # no op <-> result cycle left: freed now, not by the cyclic GC
                merged[0] += 1
                continue
        kept.append(op)
        for region in op.regions:
            for inner in region.blocks:
                # isolated ops (func.func) start a fresh scope chain
                _cse_block(inner, [] if ISOLATED in op.traits else [*outer, scope], merged)
    block.set_ops(kept)
