"""Comparisons, logical ops, SELECT and CAST: the ops that make, combine or consume booleans.

TOSA 1.0 compares with `tosa.equal`, `tosa.greater` and `tosa.greater_equal`
only (each gives i1); the other three swap operands or negate:

    less(a, b)        = greater(b, a)
    less_equal(a, b)  = greater_equal(b, a)
    not_equal(a, b)   = logical_not(equal(a, b))      # true for NaN, as C++ !=

A quantized comparison falls back: both operands dequantized, compared in
float. TFLite's int8 kernel instead rescales both to a common scale with 8
extra bits (ComparisonWithScaling), which agrees whenever the two real values
are more than a rounding apart, and always when the scales are equal.
"""
from __future__ import annotations

from tfl2quant.dialects import tosa
from tfl2quant.dialects.quant.ops import storage_type_of
from tfl2quant.ir.types import FloatType, IntegerType, element_type, i1, integer_range

from .emit import broadcast_rank, compare, select, splat
from .query import qtype, signed_storage, signless, static_shapes
from .rule import NOT_YET, Elementwise, IntegerPattern, Rule, unlowered


class Comparison(Elementwise):
    def __init__(self, tosa_name: str, swap: bool = False, negate: bool = False):
        self.tosa_name, self.swap, self.negate = tosa_name, swap, negate

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        x, y = (broadcast_rank(b, v, len(t.shape)) for v in operands[:2])
        if self.swap:
            x, y = y, x
        r = compare(b, self.tosa_name, x, y, t.shape)
        return [b.value("tosa.logical_not", [r], t) if self.negate else r]


class Logical(Elementwise):
    """tosa.logical_* on i1 (TFLite's LOGICAL_* take BOOL only)."""

    def __init__(self, tosa_name: str):
        self.tosa_name = tosa_name

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        xs = [broadcast_rank(b, v, len(t.shape)) for v in operands]
        return [b.value(self.tosa_name, xs, t)]


class Select(Elementwise):
    """tosa.select. SELECT_V2 broadcasts all three operands (numpy's rule); SELECT
    (v1) takes a condition of x's shape, a scalar, or a vector picking whole rows
    along dim 0 (RankOneSelect), which becomes [d0, 1, ..., 1]."""

    def __init__(self, v2: bool):
        self.v2 = v2

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        rank = len(t.shape)
        condition, x, y = operands
        shape = condition.type.shape
        if not self.v2 and len(shape) == 1 and rank > 1:
            condition = tosa.reshape(b, condition, tuple(shape) + (1,) * (rank - 1))
        condition, x, y = (broadcast_rank(b, v, rank) for v in (condition, x, y))
        return [select(b, condition, x, y, t)]


class Cast(Elementwise):
    """CAST (kernels/cast.cc) on signless types:

        bool -> T        tosa.select(x, 1, 0)          static_cast<T>(bool)
        T -> bool        int: tosa.cast (x != 0); float: not(equal(x, 0)), NaN is true
        float -> int     tosa.cast(math.trunc(x))      truncates, saturates; NaN gives the
                                                       maximum (SafeCast in quantization_util.h)
        otherwise        tosa.cast                     int narrowing wraps, as static_cast
    """

    def unsupported(self, op):
        if qtype(op.operands[0]) or qtype(op.result):
            return "TFLite casts the stored integers of a quantized tensor, not its real values"
        reason = static_shapes(op) or signless(op)
        if reason is None and not all(isinstance(element_type(v.type), (FloatType, IntegerType))
                                      for v in (op.operands[0], op.result)):
            return "CAST handles integer, bool and float tensors"
        return reason

    def rewrite(self, b, op, operands, result_types):
        x, t = operands[0], result_types[0]
        src, dst = element_type(x.type), element_type(t)
        if src == dst:
            return [x]
        if src == i1:
            return [select(b, x, splat(b, 1, t), splat(b, 0, t), t)]
        if dst == i1 and isinstance(src, FloatType):
            zero = compare(b, "tosa.equal", x, splat(b, 0.0, x.type), t.shape)
            return [b.value("tosa.logical_not", [zero], t)]
        if isinstance(src, FloatType) and isinstance(dst, IntegerType):
            y = tosa.cast(b, b.value("math.trunc", [x], x.type), t)
            ordered = compare(b, "tosa.equal", x, x, t.shape)  # false only for NaN
            return [select(b, ordered, y, splat(b, integer_range(dst)[1], t), t)]
        return [tosa.cast(b, x, t)]


class CastStored(IntegerPattern):
    """A quantized CAST casts the stored integers, not the real values (kernels/cast.cc
    copies with static_cast and ignores the quantization): Cast on storage types."""

    def unsupported(self, op):
        return static_shapes(op) or signed_storage(op)

    def rewrite(self, b, op, operands):
        return Cast().rewrite(b, op, operands, [storage_type_of(t) for t in op.result_types])


RULES = {
    # TFLite op            Rule(integer path, float path)
    "tfl.equal":          Rule(None,          Comparison("tosa.equal")),
    "tfl.not_equal":      Rule(None,          Comparison("tosa.equal", negate=True)),
    "tfl.greater":        Rule(None,          Comparison("tosa.greater")),
    "tfl.greater_equal":  Rule(None,          Comparison("tosa.greater_equal")),
    "tfl.less":           Rule(None,          Comparison("tosa.greater", swap=True)),
    "tfl.less_equal":     Rule(None,          Comparison("tosa.greater_equal", swap=True)),
    "tfl.logical_and":    Rule(None,          Logical("tosa.logical_and")),
    "tfl.logical_or":     Rule(None,          Logical("tosa.logical_or")),
    "tfl.logical_not":    Rule(None,          Logical("tosa.logical_not")),
    "tfl.select":         Rule(None,          Select(v2=False)),
    "tfl.select_v2":      Rule(None,          Select(v2=True)),
    "tfl.cast":           Rule(CastStored(),  Cast()),
    "tfl.where":          unlowered(NOT_YET),
    "tfl.bucketize":      unlowered(NOT_YET),
}
