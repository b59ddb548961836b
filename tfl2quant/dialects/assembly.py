"""Custom assembly of arith/math ops, as upstream prints them, for the parser.

We print these ops in the generic form; hand-written MLIR (and upstream's
output) uses the custom one, so the parser accepts both:

    %r = arith.addf %a, %b fastmath<fast> : tensor<4xf32>     binary
    %r = math.round %a : f32                                   unary
    %r = arith.sitofp %a : i8 to f32                           cast
    %r = arith.cmpi slt, %a, %b : i32                          compare (predicate kept as its integer)
    %r = arith.select %c, %a, %b : i32  (or : i1, tensor<..>)  select
"""
from __future__ import annotations

from ..ir.attributes import DialectAttr, IntegerAttr
from ..ir.lexer import EOF
from ..ir.types import IntegerType, RankedTensorType, UnrankedTensorType, i64

CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
CMPF = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une",
        "uno", "true"]


def _fastmath(p, attrs: dict) -> None:
    """`fastmath<fast>` (or `<nnan,ninf>`): kept as `#arith.fastmath<...>`."""
    if not p.consume_keyword_if("fastmath"):
        return
    open_ = p.expect("<")
    depth = 1
    while True:
        tok = p.advance()
        if tok.kind == EOF:
            raise p.error("unterminated fastmath<...>", open_)
        depth += {"<": 1, ">": -1}.get(tok.kind, 0)
        if depth == 0:
            break
    attrs["fastmath"] = DialectAttr("arith", "fastmath", p.lexer.text[open_.end:tok.start].strip())


def parse_binary(cls, p, loc):
    a = p.parse_operand()
    p.expect(",")
    b = p.parse_operand()
    attrs = {}
    _fastmath(p, attrs)
    attrs.update(p.parse_optional_attr_dict())
    t = p.parse_colon_type()
    return cls(p.resolve_operands([a, b], [t, t]), [t], attrs, location=loc)


def parse_unary(cls, p, loc):
    a = p.parse_operand()
    attrs = {}
    _fastmath(p, attrs)
    attrs.update(p.parse_optional_attr_dict())
    t = p.parse_colon_type()
    return cls([p.resolve_operand(a, t)], [t], attrs, location=loc)


def parse_cast(cls, p, loc):
    a = p.parse_operand()
    attrs = p.parse_optional_attr_dict()
    src = p.parse_colon_type()
    p.expect_keyword("to")
    dst = p.parse_type()
    return cls([p.resolve_operand(a, src)], [dst], attrs, location=loc)


def parse_compare(predicates: list[str]):
    def parse(cls, p, loc):
        tok = p.tok
        word = p.advance().spelling
        if word not in predicates:
            raise p.error(f"expected a predicate ({', '.join(predicates)}), got {word!r}", tok)
        p.expect(",")
        a = p.parse_operand()
        p.expect(",")
        b = p.parse_operand()
        attrs = {"predicate": IntegerAttr(predicates.index(word), i64)}
        attrs.update(p.parse_optional_attr_dict())
        t = p.parse_colon_type()
        result = t.with_element_type(IntegerType(1)) if isinstance(t, (RankedTensorType, UnrankedTensorType)) \
            else IntegerType(1)
        return cls(p.resolve_operands([a, b], [t, t]), [result], attrs, location=loc)
    return parse


def parse_select(cls, p, loc):
    c = p.parse_operand()
    p.expect(",")
    a = p.parse_operand()
    p.expect(",")
    b = p.parse_operand()
    attrs = p.parse_optional_attr_dict()
    types = p.parse_colon_type_list()
    cond_t, t = (IntegerType(1), types[0]) if len(types) == 1 else types
    return cls([p.resolve_operand(c, cond_t)] + p.resolve_operands([a, b], [t, t]), [t], attrs, location=loc)
