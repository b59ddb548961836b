"""inline: mlir-opt's `-inline` for what tfl2quant models.

What upstream's inliner (mlir/lib/Transforms/InlinerPass.cpp, Utils/Inliner.cpp) does, and we do:

- Every `func.call` whose callee is a func.func definition in the nearest symbol table is
  replaced by a copy of the callee's body, the call's operands standing for the arguments and
  the `func.return` operands for the results; callees are processed first (bottom-up), so calls
  they contain are inlined too.
- An op may be inlined only if its dialect allows it (upstream asks each dialect's
  DialectInlinerInterface; func, arith, math, tensor, linalg, scf, cf, tosa, quant and test say
  yes); a callee holding any other op (an unregistered dialect's, tfl's) stays called, as does a
  call inside the region of such an op, and a call with the `no_inline` attribute.
- Afterwards private (or nested) function definitions that no symbol reference names any more
  are erased, repeatedly, as the inliner's call graph DCE does; declarations and public functions
  stay.
- The `default-pipeline` (upstream's default: canonicalize) runs on the module afterwards;
  `inline{default-pipeline=}` turns it off.

Not done: callees of several blocks, callees holding ops with successors, calls within a
recursive cycle (callee reaching the caller again), func.call_indirect, the call-site locations
upstream gives inlined ops, and upstream's cost model options (all calls that can be inlined are).
"""
from __future__ import annotations

import dataclasses

from ..dialects.func import FuncOp
from ..errors import Tfl2QuantError
from ..ir.attributes import SymbolRefAttr
from ..ir.core import SYMBOL_TABLE, Operation, clone
from ..records import dataclass
from .canonicalize import Canonicalize
from .pass_base import ModulePass
from .symbol_dce import symbol_references

# Dialects whose DialectInlinerInterface (upstream) lets their ops be inlined anywhere.
INLINABLE_DIALECTS = frozenset({"func", "arith", "math", "tensor", "linalg", "scf", "cf", "tosa",
                                "quant", "test"})


def _inlinable_op(op: Operation) -> bool:
    return op.dialect in INLINABLE_DIALECTS and not op.successors


def _symbol_tables(module: Operation) -> list[Operation]:
    return [op for op in module.walk() if op is module or op.has_trait(SYMBOL_TABLE)
            or op.name == "builtin.module"]


def _functions(table: Operation) -> dict[str, FuncOp]:
    return {op.sym_name: op for op in table.regions[0].blocks[0].ops if isinstance(op, FuncOp)} \
        if table.regions and table.regions[0].blocks else {}


def _nearest_table(op: Operation, tables: set[int]) -> Operation | None:
    parent = op.parent_op()
    while parent is not None and id(parent) not in tables:
        parent = parent.parent_op()
    return parent


def _callee_name(call: Operation) -> str | None:
    ref = call.attributes.get("callee")
    return ref.root if isinstance(ref, SymbolRefAttr) and not ref.nested else None


class _Inliner:
    def __init__(self, module: Operation):
        self.tables = _symbol_tables(module)
        self.table_ids = {id(t) for t in self.tables}
        self.funcs = {id(t): _functions(t) for t in self.tables}
        self.state: dict[int, str] = {}  # id(func) -> "active" | "done"
        self.reach_memo: dict[tuple[int, int], bool] = {}

    def resolve(self, call: Operation) -> FuncOp | None:
        name = _callee_name(call)
        table = _nearest_table(call, self.table_ids)
        return self.funcs.get(id(table), {}).get(name) if name is not None and table is not None else None

    def calls_in(self, op: Operation) -> list[Operation]:
        return [o for o in op.walk() if o.name == "func.call"]

    def reaches(self, start: FuncOp, goal: FuncOp) -> bool:
        """Whether `start` calls `goal`, directly or not (a recursive cycle if goal is the caller)."""
        seen, stack = set(), [start]
        while stack:
            f = stack.pop()
            if f is goal:
                return True
            if id(f) in seen:
                continue
            seen.add(id(f))
            stack.extend(c for c in map(self.resolve, self.calls_in(f)) if c is not None)
        return False

    def can_inline(self, call: Operation, callee: FuncOp, caller: FuncOp) -> bool:
        if callee.is_declaration or len(callee.regions[0].blocks) != 1 or "no_inline" in call.attributes:
            return False
        body = callee.body
        if body.terminator is None or body.terminator.name != "func.return":
            return False
        if not all(_inlinable_op(op) for op in callee.walk() if op is not callee):
            return False
        parent = call.parent_op()
        while parent is not None and parent is not caller:  # the regions the body lands in
            if not _inlinable_op(parent):
                return False
            parent = parent.parent_op()
        return not self.reaches(callee, caller)

    def visit(self, func: FuncOp) -> None:
        self.state[id(func)] = "active"
        for call in self.calls_in(func):
            callee = self.resolve(call)
            if callee is None or self.state.get(id(callee)) == "active":
                continue
            if id(callee) not in self.state:
                self.visit(callee)
            if self.can_inline(call, callee, func):
                _inline(call, callee)
        self.state[id(func)] = "done"

    def run(self) -> None:
        for table in self.tables:
            for func in self.funcs[id(table)].values():
                if id(func) not in self.state:
                    self.visit(func)
        for table in self.tables:
            _erase_dead_private_functions(table)


def _inline(call: Operation, callee: FuncOp) -> None:
    block = call.parent
    body = callee.body
    mapping = dict(zip(body.args, call.operands))
    copies = [clone(op, mapping) for op in body.ops[:-1]]
    results = [mapping.get(v, v) for v in body.terminator.operands]
    at = block.ops.index(call)
    block.set_ops(block.ops[:at] + copies + block.ops[at:])
    call.replace_all_uses_with(results)
    call.erase()


def _erase_dead_private_functions(table: Operation) -> None:
    while True:
        referenced: set[str] = set()
        for op in table.walk():
            if op is table:
                continue
            for key, attr in op.attributes.items():
                if not (isinstance(op, FuncOp) and key == "sym_name"):
                    symbol_references(attr, referenced)
        dead = [f for f in _functions(table).values()
                if f.visibility in ("private", "nested") and not f.is_declaration
                and f.sym_name not in referenced]
        if not dead:
            return
        for f in dead:
            f.erase()


@dataclass(frozen=True)
class Inline(ModulePass):
    """Inline func.call of single-block functions; erase private functions left unreferenced."""

    name = "inline"
    pass_name = "InlinerPass"
    summary = "Inline function calls"
    default_pipeline: str = dataclasses.field(default="canonicalize", metadata={
        "help": "The pipeline run after inlining: canonicalize, or empty for none"})

    def __post_init__(self):
        if self.default_pipeline not in ("canonicalize", ""):
            raise Tfl2QuantError(f"pass 'inline': default-pipeline={self.default_pipeline!r} is not supported "
                                 "(canonicalize, or empty for none)")

    def apply(self, module: Operation) -> None:
        _Inliner(module).run()
        if self.default_pipeline:
            Canonicalize().apply(module)
