"""func.func, func.return, func.call, func.call_indirect and func.constant."""
from __future__ import annotations

from typing import Optional

from ..ir.attributes import (ArrayAttr, DictionaryAttr, StringAttr, SymbolRefAttr, TypeAttr, UnitAttr,
                             _symbol)
from ..ir.core import ISOLATED, TERMINATOR, Block, Operation, Region, Value, register_op
from ..ir.location import UNKNOWN, Location
from ..ir.types import FunctionType, Type

_SIGNATURE_ATTRS = ("sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs")


@register_op
class FuncOp(Operation):
    name = "func.func"
    traits = frozenset({ISOLATED})

    @staticmethod
    def build(sym_name: str, function_type: FunctionType, visibility: Optional[str] = None,
              declaration: bool = False, location: Location = UNKNOWN,
              arg_attrs: Optional[list[dict]] = None, res_attrs: Optional[list[dict]] = None) -> "FuncOp":
        attrs = {"sym_name": StringAttr(sym_name), "function_type": TypeAttr(function_type)}
        if visibility:
            attrs["sym_visibility"] = StringAttr(visibility)
        if arg_attrs and any(arg_attrs):
            attrs["arg_attrs"] = ArrayAttr(tuple(DictionaryAttr(tuple(d.items())) for d in arg_attrs))
        if res_attrs and any(res_attrs):
            attrs["res_attrs"] = ArrayAttr(tuple(DictionaryAttr(tuple(d.items())) for d in res_attrs))
        region = Region() if declaration else Region([Block(function_type.inputs)])
        return FuncOp(attributes=attrs, regions=[region], location=location)

    @property
    def sym_name(self) -> str:
        return self.attributes["sym_name"].value

    @property
    def function_type(self) -> FunctionType:
        return self.attributes["function_type"].value

    def set_function_type(self, ft: FunctionType) -> None:
        self.attributes["function_type"] = TypeAttr(ft)

    @property
    def is_declaration(self) -> bool:
        return not self.regions or not self.regions[0].blocks

    @property
    def body(self) -> Block:
        return self.regions[0].blocks[0]

    @property
    def visibility(self) -> Optional[str]:
        a = self.attributes.get("sym_visibility")
        return a.value if a is not None else None

    def arg_attrs(self, k: int) -> dict:
        a = self.attributes.get("arg_attrs")
        return dict(a.value[k].value) if a is not None and k < len(a.value) else {}

    def res_attrs(self, k: int) -> dict:
        a = self.attributes.get("res_attrs")
        return dict(a.value[k].value) if a is not None and k < len(a.value) else {}

    def print_custom(self, p) -> None:
        w = p.out.write
        w("func.func ")
        if self.visibility:
            w(f"{self.visibility} ")
        w(f"@{_symbol(self.sym_name)}(")
        ft = self.function_type
        p.push_scope()
        if self.is_declaration:
            w(", ".join(p.type(t) + _dict_suffix(p, self.arg_attrs(k)) for k, t in enumerate(ft.inputs)))
        else:
            names = p.name_block_args(self.body)
            w(", ".join(f"{n}: {p.type(a.type)}" + _dict_suffix(p, self.arg_attrs(k)) + p.arg_location(self.body, k)
                        for k, (n, a) in enumerate(zip(names, self.body.args))))
        w(")")
        if ft.results:
            results = [p.type(t) + _dict_suffix(p, self.res_attrs(k)) for k, t in enumerate(ft.results)]
            single = len(results) == 1 and not self.res_attrs(0) and not isinstance(ft.results[0], FunctionType)
            w(" -> " + (results[0] if single else "(" + ", ".join(results) + ")"))
        rest = {k: v for k, v in self.attributes.items() if k not in _SIGNATURE_ATTRS}
        if rest:
            w(" attributes ")
            p.write_attr_dict(rest)
        if not self.is_declaration:
            w(" ")
            p.print_region(self.regions[0], print_entry_args=False)
        p.pop_scope()

    @classmethod
    def parse_custom(cls, p, loc) -> "FuncOp":
        """`func.func private? @name(%arg: t {attrs}, ...) -> (t {attrs}) attributes {...}? {body}?`."""
        visibility = p.parse_optional_keyword("private", "public", "nested")
        name = p.parse_symbol_name()
        args, results, res_attrs = p.parse_function_signature()
        ftype = FunctionType(tuple(a.type for a in args), tuple(results))
        op = cls.build(name, ftype, visibility, declaration=True, location=loc,
                       arg_attrs=[a.attrs for a in args], res_attrs=res_attrs)
        op.attributes.update(p.parse_optional_attr_dict_with_keyword())
        if p.at("{"):
            if args and args[0].tok is None:
                raise p.error("expected named arguments (%name: type) when the function has a body")
            p.parse_region(op.regions[0], entry_args=args)
        return op

    def verify_(self) -> None:
        if not isinstance(self.attributes.get("sym_name"), StringAttr):
            raise self.error("requires a string 'sym_name' attribute")
        ft_attr = self.attributes.get("function_type")
        if not isinstance(ft_attr, TypeAttr) or not isinstance(ft_attr.value, FunctionType):
            raise self.error("requires a 'function_type' attribute of function type")
        ft = ft_attr.value
        vis = self.attributes.get("sym_visibility")
        if vis is not None and (not isinstance(vis, StringAttr) or vis.value not in ("public", "private", "nested")):
            raise self.error("'sym_visibility' must be \"public\", \"private\" or \"nested\"")
        for key, count, what in (("arg_attrs", len(ft.inputs), "argument"), ("res_attrs", len(ft.results), "result")):
            a = self.attributes.get(key)
            if a is None:
                continue
            if not isinstance(a, ArrayAttr) or len(a.value) != count or not all(
                    isinstance(d, DictionaryAttr) for d in a.value):
                raise self.error(f"'{key}' must be an array of {count} dictionaries")
            for d in a.value:
                for name, _ in d.value:
                    if "." not in name:
                        raise self.error(f"{what}s may only have dialect attributes, found '{name}'")
        if len(self.regions) != 1:
            raise self.error("expects one region")
        if self.is_declaration:
            return
        args = tuple(a.type for a in self.body.args)
        if args != ft.inputs:
            raise self.error(
                f"entry block argument types ({', '.join(map(str, args))}) must match the "
                f"function inputs ({', '.join(map(str, ft.inputs))})")


def _dict_suffix(p, attrs: dict) -> str:
    return " " + p.attr_dict(attrs) if attrs else ""


@register_op
class ReturnOp(Operation):
    name = "func.return"
    traits = frozenset({TERMINATOR})

    def print_custom(self, p) -> None:
        w = p.out.write
        w(p.op_keyword(self))
        if self.operands:
            w(" " + ", ".join(p.name_of(v) for v in self.operands))
            w(" : " + p.types(self.operand_types))

    @classmethod
    def parse_custom(cls, p, loc) -> "ReturnOp":
        """`return {attrs}? %a, %b : t1, t2`."""
        attrs = p.parse_optional_attr_dict()
        uses = p.parse_operand_list()
        types = p.parse_colon_type_list() if uses else []
        return cls(p.resolve_operands(uses, types), [], attrs, location=loc)

    def verify_(self) -> None:
        func = self.parent_op()
        if isinstance(func, FuncOp):
            if self.operand_types != func.function_type.results:
                raise self.error(
                    f"has operand types ({', '.join(map(str, self.operand_types))}) but the "
                    f"enclosing function returns ({', '.join(map(str, func.function_type.results))})")


@register_op
class CallOp(Operation):
    name = "func.call"

    @property
    def callee(self) -> str:
        return self.attributes["callee"].root

    def verify_(self) -> None:
        ref = self.attributes.get("callee")
        if not isinstance(ref, SymbolRefAttr):
            raise self.error("requires a 'callee' symbol reference attribute")
        module = self.parent_op()
        while module is not None and module.name != "builtin.module":
            module = module.parent_op()
        callee = module.lookup(ref.root) if module is not None else None
        if not isinstance(callee, FuncOp):
            raise self.error(f"'{ref.root}' does not reference a valid function")
        ft = callee.function_type
        if len(self.operands) != len(ft.inputs):
            raise self.error(f"incorrect number of operands for callee: expected {len(ft.inputs)}, "
                             f"got {len(self.operands)}")
        for k, (got, want) in enumerate(zip(self.operand_types, ft.inputs)):
            if got != want:
                raise self.error(f"operand type mismatch: expected operand type '{want}', but provided "
                                 f"'{got}' for operand number {k}")
        if self.result_types != ft.results:
            raise self.error(f"result types ({', '.join(map(str, self.result_types))}) do not match the "
                             f"callee's ({', '.join(map(str, ft.results))})")

    def print_custom(self, p) -> None:
        w = p.out.write
        w(f"{p.op_keyword(self)} {self.attributes['callee']}(" + ", ".join(p.name_of(v) for v in self.operands) + ")")
        if isinstance(self.attributes.get("no_inline"), UnitAttr):  # upstream's `(`<` `no_inline` `>`)?`
            w(" <no_inline>")
        rest = {k: v for k, v in self.attributes.items()
                if k != "callee" and not (k == "no_inline" and isinstance(v, UnitAttr))}
        if rest:
            w(" " + p.attr_dict(rest))
        w(" : " + p.type(FunctionType(self.operand_types, self.result_types)))

    @classmethod
    def parse_custom(cls, p, loc) -> "CallOp":
        """`func.call @f(%a, %b) <no_inline>? {attrs}? : (t1, t2) -> t3`."""
        callee = p.parse_symbol_ref()
        uses = p.parse_operand_list("(")
        no_inline = {}
        if p.consume_if("<"):
            p.expect_keyword("no_inline")
            p.expect(">")
            no_inline = {"no_inline": UnitAttr()}
        attrs = {**no_inline, **p.parse_optional_attr_dict()}
        ftype = p.parse_colon_function_type()
        return cls(p.resolve_operands(uses, ftype.inputs), ftype.results, {"callee": callee, **attrs},
                   location=loc)


@register_op
class CallIndirectOp(Operation):
    name = "func.call_indirect"


def build_call(b, callee: str, args: list[Value], result_types: list[Type]) -> Operation:
    return b.create("func.call", args, result_types, {"callee": SymbolRefAttr(callee)})


def _callee_signature(types, attrs, arity) -> None:
    """func.call_indirect: the operands and results are the callee's function type's."""
    callee = types.get("callee")
    if callee and isinstance(callee[0], FunctionType):
        types.setdefault("callee_operands", list(callee[0].inputs))
        types.setdefault("results", list(callee[0].results))


from ._util import register_simple_ops  # noqa: E402
from .assembly_format import SYMBOL, declare  # noqa: E402

for _cls in register_simple_ops("func.constant").values():  # a function as a value, for func.call_indirect
    _cls.asm_result_names = ("f",)  # upstream's ConstantOp::getAsmResultNames
declare("func.constant", "attr-dict $value `:` type($result)", attrs={"value": SYMBOL})
declare("func.call_indirect", "$callee `(` $callee_operands `)` attr-dict `:` type($callee)",
        operands="callee callee_operands*", results="results*", infer=_callee_signature)
