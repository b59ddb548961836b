"""ml_program.global, ml_program.global_load and ml_program.global_store.

A mutable global is state that lives as long as the program (TFLite's resource
variables and CALL_ONCE's "done" mark live as long as the interpreter). Loads
and stores are not pure: CSE must not merge two loads around a store.
Printed in the generic form, which upstream (MLProgramOps.td) parses.
"""
from __future__ import annotations

from typing import Optional

from ..ir.attributes import DenseElementsAttr, StringAttr, SymbolRefAttr, TypeAttr, UnitAttr, _symbol
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


def _load_result_names(self: Operation) -> tuple[str]:
    """Upstream's GlobalLoadOp::getAsmResultNames: the result is named after the global."""
    g = self.attributes.get("global")
    return (g.nested[-1] if g.nested else g.root,) if isinstance(g, SymbolRefAttr) else ()


for _name, _verify in (("ml_program.global", _verify_global), ("ml_program.global_load", _verify_access),
                       ("ml_program.global_store", _verify_access)):
    for _cls in register_simple_ops(_name, traits=frozenset()).values():
        _cls.verify_ = _verify
        if _name == "ml_program.global_load":
            _cls.asm_result_names = _load_result_names


# --- custom assembly (upstream's MLProgramOps.td) ----------------------------------------------
from .assembly_format import SYMBOL, declare  # noqa: E402

declare("ml_program.global_load", "$global attr-dict `:` type($result)", attrs={"global": SYMBOL})
declare("ml_program.global_store", "$global `=` $value attr-dict `:` type($value)", operands="value",
        results="", attrs={"global": SYMBOL})


class _GlobalAssembly:
    """`ml_program.global private mutable @name(initial value) : type {attrs}?`
    (MLProgramOps.td: custom<SymbolVisibility>, custom<TypedInitialValue>)."""

    def can_print(self, op) -> bool:
        a = op.attributes
        return (isinstance(a.get("sym_name"), StringAttr) and isinstance(a.get("type"), TypeAttr)
                and isinstance(a.get("sym_visibility", StringAttr("")), StringAttr)
                and isinstance(a.get("is_mutable", UnitAttr()), UnitAttr)
                and not op.operands and not op.results and not op.regions)

    def print(self, op, p) -> None:
        a = op.attributes
        w = p.out.write
        w("ml_program.global ")
        if "sym_visibility" in a:
            w(a["sym_visibility"].value + " ")
        if "is_mutable" in a:
            w("mutable ")
        w("@" + _symbol(a["sym_name"].value))
        if "value" in a:
            w("(")
            value = a["value"]
            if isinstance(value, DenseElementsAttr):
                for chunk in value.chunks():
                    w(chunk)
            else:
                w(p.attr(value))
            w(")")
        w(" : " + p.type(a["type"].value))
        rest = {k: v for k, v in a.items() if k not in ("sym_name", "sym_visibility", "is_mutable", "type", "value")}
        if rest:
            w(" ")
            p.write_attr_dict(rest)


def _parse_global(cls, p, loc):
    attrs = {}
    visibility = p.parse_optional_keyword("private", "public", "nested")
    if visibility:
        attrs["sym_visibility"] = StringAttr(visibility)
    if p.consume_keyword_if("mutable"):
        attrs["is_mutable"] = UnitAttr()
    attrs["sym_name"] = StringAttr(p.parse_symbol_name())
    if p.consume_if("("):
        attrs["value"] = p.parse_attribute()
        p.expect(")", "after the global's initial value")
    p.expect(":", "before the global's type")
    attrs["type"] = TypeAttr(p.parse_type())
    attrs.update(p.parse_optional_attr_dict())
    ordered = {k: attrs[k] for k in ("sym_name", "sym_visibility", "type", "value", "is_mutable") if k in attrs}
    return cls([], [], {**ordered, **attrs}, location=loc)


from ..ir.core import OP_CLASSES  # noqa: E402

OP_CLASSES["ml_program.global"].assembly = _GlobalAssembly()
OP_CLASSES["ml_program.global"].parse_custom = classmethod(_parse_global)
