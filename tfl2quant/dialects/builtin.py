"""builtin.module and builtin.unrealized_conversion_cast."""
from __future__ import annotations

from typing import Iterator

from ..ir.attributes import StringAttr
from ..ir.core import ISOLATED, PURE, SYMBOL_TABLE, Block, Operation, Region, register_op


@register_op
class ModuleOp(Operation):
    name = "builtin.module"
    traits = frozenset({ISOLATED, SYMBOL_TABLE})

    @staticmethod
    def build(attributes=None) -> "ModuleOp":
        return ModuleOp(attributes=attributes, regions=[Region([Block()])])

    @property
    def body(self) -> Block:
        return self.regions[0].block

    @property
    def sym_name(self) -> str | None:
        a = self.attributes.get("sym_name")
        return a.value if isinstance(a, StringAttr) else None

    def functions(self) -> Iterator[Operation]:
        return (op for op in self.body.ops if op.name == "func.func")

    def lookup(self, symbol: str) -> Operation | None:
        for op in self.body.ops:
            a = op.attributes.get("sym_name")
            if isinstance(a, StringAttr) and a.value == symbol:
                return op
        return None

    def print_custom(self, p) -> None:
        w = p.out.write
        w("module")
        if self.sym_name is not None:
            w(f" @{self.sym_name}")
        rest = {k: v for k, v in self.attributes.items() if k != "sym_name"}
        if rest:
            w(" attributes " + p.attr_dict(rest))
        w(" {")
        p.push_scope()
        p.indent += 1
        for op in self.body.ops:
            p.newline()
            p.print_op(op)
        p.indent -= 1
        p.pop_scope()
        p.newline()
        w("}")

    @classmethod
    def parse_custom(cls, p, loc) -> "ModuleOp":
        """`module @name? attributes {...}? { ops }`."""
        attrs = {}
        name = p.parse_optional_symbol_name()
        if name is not None:
            attrs["sym_name"] = StringAttr(name)
        attrs.update(p.parse_optional_attr_dict_with_keyword())
        region = p.parse_region()
        if not region.blocks:  # `module {}` still has its (empty) body block
            region.append(Block())
        return cls(attributes=attrs, regions=[region], location=loc)

    def verify_(self) -> None:
        if len(self.regions) != 1 or len(self.regions[0].blocks) != 1:
            raise self.error("expects one region with one block")


@register_op
class UnrealizedConversionCastOp(Operation):
    name = "builtin.unrealized_conversion_cast"
    traits = frozenset({PURE})
