"""The arith dialect: constants and elementwise integer/float arithmetic."""
from __future__ import annotations

from ..ir.attributes import Attribute, DenseElementsAttr, FloatAttr, IntegerAttr
from ..ir.core import CONSTANT, PURE, Operation, Value, register_op
from ..ir.types import FloatType, IndexType, IntegerType, RankedTensorType, Type, element_type
from . import assembly
from . import elementwise_rules as rules
from ._util import register_simple_ops


@register_op
class ConstantOp(Operation):
    name = "arith.constant"
    traits = frozenset({PURE, CONSTANT})

    @property
    def value(self) -> Attribute:
        return self.attributes["value"]

    def asm_result_names(self) -> tuple[str]:
        """Upstream's ConstantOp::getAsmResultNames: `%true`/`%false` for i1, `%c<value>_<type>`
        for other integers (`%c<value>` for index), `%cst` for anything else."""
        v, t = self.value, self.result.type
        if not isinstance(v, IntegerAttr):
            return ("cst",)
        if isinstance(t, IntegerType) and t.width == 1:
            return ("true" if v.value else "false",)
        n = int(v.value)
        if isinstance(t, IntegerType) and n >= 1 << (t.width - 1):  # APInt prints signed
            n -= 1 << t.width
        return (f"c{n}_{t}" if isinstance(t, IntegerType) else f"c{n}",)

    def print_custom(self, p) -> None:
        text = "arith.constant "
        if len(self.attributes) > 1:
            extra = {k: a for k, a in self.attributes.items() if k != "value"}
            if extra:
                text += p.attr_dict(extra) + " "
        v = self.value
        if isinstance(v, DenseElementsAttr):
            p.out.write(text)
            for chunk in v.chunks():  # a large constant streams
                p.out.write(chunk)
        else:
            p.out.write(text + str(v))

    @classmethod
    def parse_custom(cls, p, loc) -> "ConstantOp":
        """`arith.constant {attrs}? <typed attribute>`: the result has the attribute's type."""
        attrs = p.parse_optional_attr_dict()
        tok = p.tok
        value = p.parse_attribute()
        t = getattr(value, "type", None)
        if t is None:
            raise p.error(f"expected a typed attribute (like `1 : i32` or `dense<...> : tensor<...>`), "
                          f"got {value}", tok)
        return cls([], [t], {"value": value, **attrs}, location=loc)

    def verify_(self) -> None:
        if len(self.results) != 1 or self.operands:
            raise self.error("expects no operands and one result")
        v = self.attributes.get("value")
        t = getattr(v, "type", None)
        if t is None:
            raise self.error("requires a typed 'value' attribute")
        if t != self.result.type:
            raise self.error(f"value type {t} must match the result type {self.result.type}")
        e = element_type(t)
        if isinstance(e, IntegerType) and not e.is_signless:
            raise self.error(f"integer return type must be signless, got {t}")


INTEGER, FLOAT = ("integer", "index"), ("float",)
VERIFIERS = {
    **{f"arith.{n}": rules.same_types(INTEGER, 2) for n in
       "addi subi muli divsi divui remsi remui ceildivsi floordivsi andi ori xori shli shrsi shrui "
       "maxsi minsi maxui minui".split()},
    **{f"arith.{n}": rules.same_types(FLOAT, 2) for n in
       "addf subf mulf divf remf maximumf minimumf maxnumf minnumf".split()},
    "arith.negf": rules.same_types(FLOAT, 1),
    "arith.extsi": rules.cast("integer", "integer", "wider"), "arith.extui": rules.cast("integer", "integer", "wider"),
    "arith.trunci": rules.cast("integer", "integer", "narrower"), "arith.extf": rules.cast("float", "float", "wider"),
    "arith.truncf": rules.cast("float", "float", "narrower"),
    "arith.sitofp": rules.cast("integer", "float"), "arith.uitofp": rules.cast("integer", "float"),
    "arith.fptosi": rules.cast("float", "integer"), "arith.fptoui": rules.cast("float", "integer"),
    "arith.index_cast": rules.cast("integer|index", "integer|index"),
    "arith.bitcast": rules.cast("integer|float", "integer|float"),
    "arith.cmpi": rules.compare("integer|index"), "arith.cmpf": rules.compare("float"),
    "arith.select": rules.select,
}


def _verify(self: Operation) -> None:
    VERIFIERS[self.name](self)


for _cls in register_simple_ops("""
    arith.addi arith.subi arith.muli arith.divsi arith.divui arith.remsi arith.remui
    arith.ceildivsi arith.floordivsi arith.andi arith.ori arith.xori arith.shli arith.shrsi arith.shrui
    arith.maxsi arith.minsi arith.maxui arith.minui
    arith.addf arith.subf arith.mulf arith.divf arith.remf
    arith.maximumf arith.minimumf arith.maxnumf arith.minnumf arith.negf
    arith.extsi arith.extui arith.trunci arith.extf arith.truncf
    arith.sitofp arith.uitofp arith.fptosi arith.fptoui arith.index_cast arith.bitcast
    arith.cmpi arith.cmpf""").values():
    _cls.verify_ = _verify
for _cls in register_simple_ops("arith.select", parse=assembly.parse_select).values():
    _cls.verify_ = _verify


def constant(b, value, t: Type) -> Value:
    """`arith.constant` of a scalar or a splat/dense tensor of element type of `t`."""
    if isinstance(t, RankedTensorType):
        import numpy as np
        attr = (value if isinstance(value, DenseElementsAttr)
                else DenseElementsAttr.splat(value, t) if np.ndim(value) == 0
                else DenseElementsAttr.from_array(np.asarray(value), t.element_type, t.shape))
    elif isinstance(t, FloatType):
        attr = FloatAttr(float(value), t)
    elif isinstance(t, (IntegerType, IndexType)):
        attr = IntegerAttr(int(value), t)
    else:
        raise TypeError(f"no constant of type {t}")
    return b.value("arith.constant", [], t, {"value": attr})


# --- custom assembly (upstream's ArithOps.td assemblyFormat) ---------------------------------
from .assembly_format import Enum, Keyword, declare, shaped_like  # noqa: E402

_FASTMATH = {"fastmath": Enum("arith", "fastmath", default="none")}
_OVERFLOW = {"overflowFlags": Enum("arith", "overflow", default="none")}
declare("""arith.addi arith.subi arith.muli arith.shli""",
        "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)",
        operands="lhs rhs", attrs=_OVERFLOW, same=["lhs rhs result"])
declare("""arith.divsi arith.divui arith.remsi arith.remui arith.ceildivsi arith.floordivsi
           arith.andi arith.ori arith.xori arith.shrsi arith.shrui
           arith.maxsi arith.minsi arith.maxui arith.minui""",
        "$lhs `,` $rhs attr-dict `:` type($result)", operands="lhs rhs", same=["lhs rhs result"])
declare("""arith.addf arith.subf arith.mulf arith.divf arith.remf
           arith.maximumf arith.minimumf arith.maxnumf arith.minnumf""",
        "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
        operands="lhs rhs", attrs=_FASTMATH, same=["lhs rhs result"])
declare("arith.negf", "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
        operands="operand", attrs=_FASTMATH, same=["operand result"])
declare("arith.trunci", "$in (`overflow` `` $overflowFlags^)? attr-dict `:` type($in) `to` type($out)",
        operands="in", results="out", attrs=_OVERFLOW)
declare("""arith.extsi arith.extui arith.extf arith.truncf arith.sitofp arith.uitofp
           arith.fptosi arith.fptoui arith.index_cast arith.bitcast""",
        "$in attr-dict `:` type($in) `to` type($out)", operands="in", results="out")
declare("arith.cmpi", "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)", operands="lhs rhs",
        attrs={"predicate": Keyword(tuple(assembly.CMPI))}, same=["lhs rhs"],
        infer=shaped_like("lhs", "result", IntegerType(1)))
declare("arith.cmpf", "$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)",
        operands="lhs rhs", attrs={"predicate": Keyword(tuple(assembly.CMPF)), **_FASTMATH}, same=["lhs rhs"],
        infer=shaped_like("lhs", "result", IntegerType(1)))


class _SelectAssembly:
    """`arith.select %c, %a, %b : t`, or `: tensor<..xi1>, t` when the condition is not a
    scalar i1 (ArithOps.cpp's SelectOp::print); assembly.parse_select reads it."""

    def can_print(self, op) -> bool:
        return (len(op.operands) == 3 and len(op.results) == 1 and not op.regions
                and op.operands[1].type == op.operands[2].type == op.result.type)

    def print(self, op, p) -> None:
        p.out.write("arith.select " + ", ".join(p.name_of(v) for v in op.operands))
        if op.attributes:
            p.out.write(" ")
            p.write_attr_dict(op.attributes)
        cond = op.operands[0].type
        p.out.write(" : " + ("" if cond == IntegerType(1) else p.type(cond) + ", ") + p.type(op.result.type))


from ..ir.core import OP_CLASSES  # noqa: E402

OP_CLASSES["arith.select"].assembly = _SelectAssembly()
