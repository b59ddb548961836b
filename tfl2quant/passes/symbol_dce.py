"""symbol-dce: private symbols that nothing live refers to are erased (mlir-opt's -symbol-dce).

As upstream's pass (mlir/lib/Transforms/SymbolDCE.cpp), per symbol table (the module and the
modules nested in it): public symbols and ops that are no symbols are live; a symbol a live op
refers to (by a symbol reference anywhere in its attributes or those of ops nested in it) is
live; private (and nested) symbols left dead are erased, declarations included, also when
they only refer to each other.
"""
from __future__ import annotations


from ..ir.attributes import ArrayAttr, DictionaryAttr, StringAttr, SymbolRefAttr
from ..ir.core import Operation
from ..records import dataclass
from .pass_base import ModulePass, statistic


def symbol_references(attr, out: set[str]) -> None:
    """The root names of the symbol references in `attr` (arrays and dictionaries searched)."""
    if isinstance(attr, SymbolRefAttr):
        out.add(attr.root)
    elif isinstance(attr, ArrayAttr):
        for a in attr.value:
            symbol_references(a, out)
    elif isinstance(attr, DictionaryAttr):
        for _, a in attr.value:
            symbol_references(a, out)


def _symbol_name(op: Operation) -> str | None:
    name = op.attributes.get("sym_name")
    return name.value if isinstance(name, StringAttr) else None


def _uses(op: Operation) -> set[str]:
    out: set[str] = set()
    for nested in op.walk():
        for key, attr in nested.attributes.items():
            if not (nested is op and key == "sym_name"):
                symbol_references(attr, out)
    return out


def _private(op: Operation) -> bool:
    vis = op.attributes.get("sym_visibility")
    return isinstance(vis, StringAttr) and vis.value in ("private", "nested")


def _dce_table(table: Operation) -> None:
    ops = [op for region in table.regions for block in region.blocks for op in block.ops]
    symbols = {name: op for op in ops if (name := _symbol_name(op)) is not None}
    live: set[str] = set()
    work = [op for op in ops if _symbol_name(op) is None or not _private(op)]
    seen: set[int] = set()
    while work:
        op = work.pop()
        if id(op) in seen:
            continue
        seen.add(id(op))
        for name in _uses(op):
            if name in symbols and name not in live:
                live.add(name)
                work.append(symbols[name])
    for name, op in symbols.items():
        if _private(op) and name not in live:
            op.erase()
            statistic("num-dce'd")


@dataclass(frozen=True)
class SymbolDCE(ModulePass):
    """Erase private symbols that no live op refers to."""

    name = "symbol-dce"
    pass_name = "SymbolDCEPass"
    summary = "Eliminate dead symbols"
    statistics = {"num-dce'd": "Number of symbols DCE'd"}

    def apply(self, module: Operation) -> None:
        tables = [op for op in module.walk() if op is module or op.name == "builtin.module"]
        for table in reversed(tables):  # inner tables first
            _dce_table(table)
