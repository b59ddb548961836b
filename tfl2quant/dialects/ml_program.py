"""ml_program.global, ml_program.global_load and ml_program.global_store.

A mutable global is state that lives as long as the program (TFLite's resource
variables and CALL_ONCE's "done" mark live as long as the interpreter). Loads
and stores are not pure: CSE must not merge two loads around a store.
Printed in the generic form, which upstream (MLProgramOps.td) parses.
"""
from __future__ import annotations

from typing import Optional

from ..ir.attributes import DenseElementsAttr, StringAttr, SymbolRefAttr, TypeAttr, UnitAttr
from ..ir.core import Operation
from ._util import register_simple_ops


def build_global(sym_name: str, type, value: DenseElementsAttr, mutable: bool = True,
                 extra: Optional[dict] = None) -> Operation:
    attrs = {"sym_name": StringAttr(sym_name), "sym_visibility": StringAttr("private"),
             "type": TypeAttr(type), "value": value}
    if mutable:
        attrs["is_mutable"] = UnitAttr()
    return Operation.create("ml_program.global", [], [], {**attrs, **(extra or {})})


def _verify_global(self: Operation) -> None:
    t, value = self.attributes.get("type"), self.attributes.get("value")
    if not isinstance(self.attributes.get("sym_name"), StringAttr) or not isinstance(t, TypeAttr):
        raise self.error("requires 'sym_name' and 'type' attributes")
    if value is not None and getattr(value, "type", None) != t.value:
        raise self.error(f"initial value of type {getattr(value, 'type', None)} for a global of type {t.value}")


def referenced_global(self: Operation) -> Operation:
    """The ml_program.global named by the op's `global` attribute."""
    ref = self.attributes.get("global")
    if not isinstance(ref, SymbolRefAttr):
        raise self.error("requires a 'global' symbol reference")
    module = self.parent_op()
    while module is not None and module.name != "builtin.module":
        module = module.parent_op()
    found = module.lookup(ref.root) if module is not None else None
    if found is None or found.name != "ml_program.global":
        raise self.error(f"'{ref.root}' does not name an ml_program.global")
    return found


def _verify_access(self: Operation) -> None:
    found = referenced_global(self)
    t = found.attributes["type"].value
    accessed = self.result.type if self.name == "ml_program.global_load" else self.operands[0].type
    if accessed != t:
        raise self.error(f"accesses {accessed}, the global is {t}")
    if self.name == "ml_program.global_store" and "is_mutable" not in found.attributes:
        raise self.error("stores an immutable global")


for _name, _verify in (("ml_program.global", _verify_global), ("ml_program.global_load", _verify_access),
                       ("ml_program.global_store", _verify_access)):
    for _cls in register_simple_ops(_name, traits=frozenset()).values():
        _cls.verify_ = _verify


# --- custom assembly (upstream's MLProgramOps.td) ----------------------------------------------
from .assembly_format import SYMBOL, declare  # noqa: E402

declare("ml_program.global_load", "$global attr-dict `:` type($result)", attrs={"global": SYMBOL})
declare("ml_program.global_store", "$global `=` $value attr-dict `:` type($value)", operands="value",
        results="", attrs={"global": SYMBOL})
