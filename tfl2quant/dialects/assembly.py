"""Hand-written readers of custom forms shared by several ops (the declarative formats of
most ops are in assembly_format.py):

    %r = arith.sitofp %a : i8 to f32                           cast (quant.qcast/dcast/scast too)
    %r = arith.select %c, %a, %b : i32  (or : i1, tensor<..>)  select
"""
from __future__ import annotations

from ..ir.types import IntegerType

CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
CMPF = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une",
        "uno", "true"]


def parse_cast(cls, p, loc):
    a = p.parse_operand()
    attrs = p.parse_optional_attr_dict()
    src = p.parse_colon_type()
    p.expect_keyword("to")
    dst = p.parse_type()
    return cls([p.resolve_operand(a, src)], [dst], attrs, location=loc)


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
