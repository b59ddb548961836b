"""The math dialect ops the lowering and fallback emit."""
from ..ir.core import Operation
from . import elementwise_rules as rules
from ._util import register_simple_ops

FLOAT_UNARY = """math.round math.roundeven math.trunc math.floor math.ceil math.exp math.log math.sqrt
    math.rsqrt math.tanh math.absf math.erf math.sin math.cos math.log1p math.expm1"""
VERIFIERS = {
    **{name: rules.same_types(("float",), 1) for name in FLOAT_UNARY.split()},
    "math.absi": rules.same_types(("integer",), 1),
    "math.ctlz": rules.same_types(("integer",), 1),
    "math.powf": rules.same_types(("float",), 2),
    "math.atan2": rules.same_types(("float",), 2),
}


def _verify(self: Operation) -> None:
    VERIFIERS[self.name](self)


for _cls in register_simple_ops(FLOAT_UNARY + " math.absi math.ctlz math.powf math.atan2").values():
    _cls.verify_ = _verify


# --- custom assembly (upstream's MathOps.td assemblyFormat) ----------------------------------
from .assembly_format import Enum, declare  # noqa: E402

_FASTMATH = {"fastmath": Enum("arith", "fastmath")}
declare(FLOAT_UNARY, "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
        operands="operand", attrs=_FASTMATH, same=["operand result"])
declare("math.absi math.ctlz", "$operand attr-dict `:` type($result)", operands="operand",
        same=["operand result"])
declare("math.powf math.atan2", "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
        operands="lhs rhs", attrs=_FASTMATH, same=["lhs rhs result"])
