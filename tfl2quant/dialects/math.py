"""The math dialect ops the lowering and fallback emit."""
from . import assembly
from ._util import register_simple_ops

register_simple_ops("""
    math.round math.roundeven math.trunc math.floor math.ceil math.exp math.log math.sqrt
    math.rsqrt math.tanh math.absf math.absi math.erf math.sin math.cos math.log1p math.expm1
""", parse=assembly.parse_unary)
register_simple_ops("math.powf", parse=assembly.parse_binary)
