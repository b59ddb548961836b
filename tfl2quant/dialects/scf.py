"""scf.while, scf.for, scf.if, scf.condition and scf.yield: structured control flow.

Printed in the generic form, with upstream's region structure and verifier rules
(SCF.cpp): scf.while has a `before` region ending in scf.condition and a `do`
region ending in scf.yield; scf.for takes lower bound, upper bound, step and the
initial loop values, its one block the induction variable and the loop values,
yielding the next ones; scf.if has a `then` and an `else` region (empty when
the op has no results and nothing to do otherwise), each yielding its results.
The ops are not pure: their regions call functions that may store globals.
"""
from __future__ import annotations

from ..ir.core import TERMINATOR, Operation
from ..ir.types import IndexType, IntegerType
from ._util import register_simple_ops

register_simple_ops("scf.condition scf.yield", traits={TERMINATOR})


def _types(values) -> str:
    return "(" + ", ".join(str(v.type) for v in values) + ")"


def _terminator(self: Operation, region: int, name: str) -> Operation:
    blocks = self.regions[region].blocks if region < len(self.regions) else []
    if len(blocks) != 1 or not blocks[0].ops or blocks[0].ops[-1].name != name:
        raise self.error(f"region #{region} must be one block ending in '{name}'")
    return blocks[0].ops[-1]


def _is_i1(t) -> bool:
    return isinstance(t, IntegerType) and t.width == 1


def _verify_while(self: Operation) -> None:
    """The `before` block takes the operands' types; scf.condition passes an i1 and
    the values the `do` block takes, of the results' types; the `do` block yields
    the operands' types again."""
    if len(self.regions) != 2:
        raise self.error("expects two regions (before, do)")
    condition = _terminator(self, 0, "scf.condition")
    yielded = _terminator(self, 1, "scf.yield")
    before, after = self.regions[0].blocks[0], self.regions[1].blocks[0]
    if [a.type for a in before.args] != list(self.operand_types):
        raise self.error(f"the before region's arguments {_types(before.args)} must have the operands' "
                         f"types {_types(self.operands)}")
    if not condition.operands or not _is_i1(condition.operands[0].type):
        raise self.error("scf.condition's first operand must be an i1")
    forwarded = condition.operands[1:]
    if [v.type for v in forwarded] != list(self.result_types) or \
            [a.type for a in after.args] != list(self.result_types):
        raise self.error(f"scf.condition forwards {_types(forwarded)} to a do region taking "
                         f"{_types(after.args)}; the op results are {_types(self.results)}")
    if list(yielded.operand_types) != list(self.operand_types):
        raise self.error(f"the do region yields {_types(yielded.operands)}, not the operands' types "
                         f"{_types(self.operands)}")


def _verify_for(self: Operation) -> None:
    """Three bounds of one integer-like type (index here), then the initial values; the
    block takes the induction variable and the values, and yields the results' types."""
    if len(self.operands) < 3 or not all(isinstance(t, IndexType) for t in self.operand_types[:3]):
        raise self.error("expects index lower bound, upper bound and step operands first")
    if len(self.regions) != 1:
        raise self.error("expects one region")
    yielded = _terminator(self, 0, "scf.yield")
    inits, block = self.operands[3:], self.regions[0].blocks[0]
    if [v.type for v in inits] != list(self.result_types):
        raise self.error(f"the initial values {_types(inits)} must have the results' types {_types(self.results)}")
    if not block.args or not isinstance(block.args[0].type, IndexType) or \
            [a.type for a in block.args[1:]] != list(self.result_types):
        raise self.error(f"the block takes {_types(block.args)}, not the induction variable and the results' "
                         f"types {_types(self.results)}")
    if list(yielded.operand_types) != list(self.result_types):
        raise self.error(f"the region yields {_types(yielded.operands)}, not the results' types "
                         f"{_types(self.results)}")


def _verify_if(self: Operation) -> None:
    """An i1 condition; each region yields the results' types (an op without results
    may leave its else region empty)."""
    if len(self.operands) != 1 or not _is_i1(self.operands[0].type):
        raise self.error("expects one i1 operand")
    if len(self.regions) != 2:
        raise self.error("expects two regions (then, else)")
    for k, region in enumerate(self.regions):
        if k == 1 and not region.blocks and not self.results:
            continue
        yielded = _terminator(self, k, "scf.yield")
        if region.blocks[0].args:
            raise self.error(f"region #{k} takes no arguments")
        if list(yielded.operand_types) != list(self.result_types):
            raise self.error(f"region #{k} yields {_types(yielded.operands)}, the results are "
                             f"{_types(self.results)}")


for _name, _verify in (("scf.while", _verify_while), ("scf.for", _verify_for), ("scf.if", _verify_if)):
    for _cls in register_simple_ops(_name, traits=frozenset()).values():
        _cls.verify_ = _verify
