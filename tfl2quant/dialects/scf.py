"""scf.while, scf.for, scf.if, scf.condition and scf.yield: structured control flow.

Printed in upstream's custom form (the generic one on request), with upstream's region structure and verifier rules
(SCF.cpp): scf.while has a `before` region ending in scf.condition and a `do`
region ending in scf.yield; scf.for takes lower bound, upper bound, step and the
initial loop values, its one block the induction variable and the loop values,
yielding the next ones; scf.if has a `then` and an `else` region (empty when
the op has no results and nothing to do otherwise), each yielding its results.
The ops are not pure: their regions call functions that may store globals.
"""
from __future__ import annotations

from ..ir.core import TERMINATOR, Block, Operation, Region
from ..ir.lexer import PERCENT
from ..ir.types import FunctionType, IndexType, IntegerType, index
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


for _name, _verify in (("scf.while", _verify_while), ("scf.if", _verify_if)):
    for _cls in register_simple_ops(_name, traits=frozenset()).values():
        _cls.verify_ = _verify


# --- custom assembly (upstream's SCFOps.td) ----------------------------------------------------
from .assembly_format import declare, fixed  # noqa: E402

declare("scf.yield", "attr-dict ($results^ `:` type($results))?", operands="results*", results="")
declare("scf.condition", "`(` $condition `)` attr-dict ($args^ `:` type($args))?", operands="condition args*",
        results="", infer=fixed("condition", IntegerType(1)))


def _ensure_yield(region, loc) -> None:
    """The implicit `scf.yield` (no values) a custom-form region may leave out, as upstream's
    parser adds it (SingleBlockImplicitTerminator)."""
    if not region.blocks:
        region.append(Block())
    block = region.blocks[0]
    if not block.ops or not block.ops[-1].has_trait(TERMINATOR):
        block.append(Operation.create("scf.yield", [], [], {}, location=loc))


class _IfAssembly:
    """`scf.if %c -> (t, ...) { ... } else { ... } {attrs}?` (SCF.cpp's IfOp::print); without
    results the regions' empty `scf.yield` is implicit and an empty else region is left out."""

    def can_print(self, op) -> bool:
        if len(op.operands) != 1 or len(op.regions) != 2 or op.successors:
            return False
        for k, region in enumerate(op.regions):
            if k == 1 and not region.blocks:
                continue
            if len(region.blocks) != 1 or region.blocks[0].args or not region.blocks[0].ops or \
                    region.blocks[0].ops[-1].name != "scf.yield":
                return False
        return bool(op.regions[0].blocks)

    def print(self, op, p) -> None:
        w = p.out.write
        w(f"scf.if {p.name_of(op.operands[0])}")
        if op.results:
            w(" -> (" + p.types(op.result_types) + ")")
        w(" ")
        p.print_region(op.regions[0], print_entry_args=False, print_terminator=bool(op.results))
        if op.regions[1].blocks:
            w(" else ")
            p.print_region(op.regions[1], print_entry_args=False, print_terminator=bool(op.results))
        if op.attributes:
            w(" ")
            p.write_attr_dict(op.attributes)


def _parse_if(cls, p, loc):
    cond = p.resolve_operand(p.parse_operand(), IntegerType(1))
    results = []
    if p.consume_if("->"):
        results = p.parse_list("(", ")", p.parse_type, "in result type list") if p.at("(") else [p.parse_type()]
    then, other = p.parse_region(), Region()
    if p.consume_keyword_if("else"):
        p.parse_region(other)
        _ensure_yield(other, loc)
    _ensure_yield(then, loc)
    return cls([cond], results, p.parse_optional_attr_dict(), regions=[then, other], location=loc)


class _WhileAssembly:
    """`scf.while (%a = %init, ...) : (t, ...) -> (t, ...) { before } do { ^bb0(...): after }
    attributes {...}?` (SCF.cpp's WhileOp::print)."""

    def can_print(self, op) -> bool:
        return (len(op.regions) == 2 and all(len(r.blocks) == 1 for r in op.regions) and not op.successors
                and [a.type for a in op.regions[0].blocks[0].args] == list(op.operand_types))

    def print(self, op, p) -> None:
        w = p.out.write
        w("scf.while")
        before = op.regions[0].blocks[0]
        names = p.name_block_args(before)
        if op.operands:
            w(" (" + ", ".join(f"{n} = {p.name_of(v)}" for n, v in zip(names, op.operands)) + ")")
        w(" : " + p.type(FunctionType(op.operand_types, op.result_types)) + " ")
        p.print_region(op.regions[0], print_entry_args=False)
        w(" do ")
        p.print_region(op.regions[1], print_entry_args=True)
        if op.attributes:
            w(" attributes ")
            p.write_attr_dict(op.attributes)


def _parse_assignments(p, where: str) -> list:
    """`(%a = %init, ...)`: scf.while's initialization list and scf.for's iter_args, as
    (block argument token, operand) pairs."""
    def pair():
        tok = p.expect(PERCENT)
        p.expect("=", where)
        return tok, p.parse_operand()
    return p.parse_list("(", ")", pair, where)


def _parse_while(cls, p, loc):
    pairs = _parse_assignments(p, "in the scf.while initialization list") if p.at("(") else []
    ftype = p.parse_colon_function_type()
    if len(ftype.inputs) != len(pairs):
        raise p.error(f"expected as many initial values as types in {ftype}, got {len(pairs)}")
    operands = p.resolve_operands([u for _, u in pairs], ftype.inputs)
    before = p.parse_region(entry_args=[p.argument(tok, t) for (tok, _), t in zip(pairs, ftype.inputs)])
    p.expect_keyword("do")
    after = p.parse_region()
    return cls(operands, ftype.results, p.parse_optional_attr_dict_with_keyword(), regions=[before, after],
               location=loc)


from ..ir.core import OP_CLASSES  # noqa: E402

for _name, _assembly, _parse in (("scf.if", _IfAssembly(), _parse_if), ("scf.while", _WhileAssembly(), _parse_while)):
    OP_CLASSES[_name].assembly = _assembly
    OP_CLASSES[_name].parse_custom = classmethod(_parse)


# --- scf.for: a WHILE of known trip count (legalize/families/control_flow/counted_loop.py), and hand-written MLIR ----

def _verify_for(self: Operation) -> None:
    """Bounds and step of the induction variable's type; the body takes the induction variable
    and the loop-carried values (the inits' types, also the results') and yields the latter."""
    if len(self.operands) < 3 or len(self.regions) != 1:
        raise self.error("expects a lower bound, an upper bound, a step, the initial values and one region")
    yielded = _terminator(self, 0, "scf.yield")
    body = self.regions[0].blocks[0]
    bounds, inits = self.operands[:3], self.operands[3:]
    if not body.args or any(v.type != body.args[0].type for v in bounds):
        raise self.error("the bounds and step must have the induction variable's type")
    carried = [a.type for a in body.args[1:]]
    if carried != [v.type for v in inits] or carried != list(self.result_types) or \
            carried != list(yielded.operand_types):
        raise self.error(f"the loop-carried values {_types(inits)}, the body's arguments, the yielded "
                         f"values {_types(yielded.operands)} and the results {_types(self.results)} "
                         f"must have the same types")


class _ForAssembly:
    """`scf.for %i = %lb to %ub step %s iter_args(%a = %init) -> (t) : i32? { ... }`
    (SCF.cpp's ForOp::print): `: type` only for a non-index induction variable; without
    loop-carried values the body's empty scf.yield is implicit."""

    def can_print(self, op) -> bool:
        regions = op.regions
        return (len(op.operands) >= 3 and len(regions) == 1 and len(regions[0].blocks) == 1
                and len(regions[0].blocks[0].args) == len(op.operands) - 2)

    def print(self, op, p) -> None:
        w = p.out.write
        body = op.regions[0].blocks[0]
        names = p.name_block_args(body)
        lb, ub, step = (p.name_of(v) for v in op.operands[:3])
        w(f"scf.for {names[0]} = {lb} to {ub} step {step}")
        inits = op.operands[3:]
        if inits:
            w(" iter_args(" + ", ".join(f"{n} = {p.name_of(v)}" for n, v in zip(names[1:], inits)) + ")")
            w(" -> (" + p.types(v.type for v in inits) + ")")
        if not isinstance(body.args[0].type, IndexType):
            w(" : " + p.type(body.args[0].type))
        w(" ")
        p.print_region(op.regions[0], print_entry_args=False, print_terminator=bool(inits))
        if op.attributes:
            w(" ")
            p.write_attr_dict(op.attributes)


def _parse_for(cls, p, loc):
    iv = p.expect(PERCENT)
    p.expect("=", "after the induction variable")
    lb = p.parse_operand()
    p.expect_keyword("to")
    ub = p.parse_operand()
    p.expect_keyword("step")
    step = p.parse_operand()
    pairs, types = [], []
    if p.consume_keyword_if("iter_args"):
        pairs = _parse_assignments(p, "in the iter_args list")
        p.expect("->", "after iter_args")
        types = p.parse_list("(", ")", p.parse_type, "in the loop-carried types")
        if len(types) != len(pairs):
            raise p.error(f"{len(pairs)} iter_args but {len(types)} types")
    iv_type = p.parse_type() if p.consume_if(":") else index
    operands = p.resolve_operands([lb, ub, step], [iv_type] * 3) + p.resolve_operands([u for _, u in pairs], types)
    args = [p.argument(iv, iv_type)] + [p.argument(tok, t) for (tok, _), t in zip(pairs, types)]
    body = p.parse_region(entry_args=args)
    _ensure_yield(body, loc)
    return cls(operands, types, p.parse_optional_attr_dict(), regions=[body], location=loc)


for _cls in register_simple_ops("scf.for", traits=frozenset()).values():
    _cls.verify_ = _verify_for
    _cls.assembly = _ForAssembly()
    _cls.parse_custom = classmethod(_parse_for)
