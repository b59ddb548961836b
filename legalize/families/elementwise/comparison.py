"""Comparisons, logical ops, SELECT, CAST, BUCKETIZE and WHERE: the ops that make, combine or
consume booleans.

TOSA 1.0 compares with `tosa.equal`, `tosa.greater` and `tosa.greater_equal`
only (each gives i1); the other three swap operands or negate:

    less(a, b)        = greater(b, a)
    less_equal(a, b)  = greater_equal(b, a)
    not_equal(a, b)   = logical_not(equal(a, b))      # true for NaN, as C++ !=

A quantized comparison compares what TFLite's kernel compares
(kernels/comparisons.cc: ComparisonQuantized, reference/comparisons.h:
ComparisonWithScaling). uint8 and int8, and int16 EQUAL and NOT_EQUAL, bring
each operand onto its own scale with 8 fraction bits:

    v = MBQM((q - zp) << 8, QM(s))  ~  real * 2^8          (s < 1)
    result = v1 OP v2                                      (i32)

so two values closer than about 1/256 of a unit compare equal, however fine
their scales (and EQUAL says `true` for different stored values when
s < 1/512). int16 LESS, LESS_EQUAL, GREATER and GREATER_EQUAL compare the raw
stored values, whatever the quantization. TFLite's SELECT and SELECT_V2 copy
stored values (select.cc switches on the type's size only), so quantized
operands are selected raw, whatever their scales.
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.quant.ops import storage_type_of
from tfl2quant.dialects.tfl import constant_array
from tfl2quant.ir.types import FloatType, IntegerType, element_type, f32, i1, i32, i64, integer_range, tensor

from ...lib.emit import broadcast_rank, compare, reshape, select, splat
from ...lib.patterns import Elementwise
from ...lib.query import (one_dynamic_dim, option, per_tensor, per_tensor_only, qtype, signed_storage, signless,
                         static_shapes, storage)
from ...lib.rescale import mbqm
from ...lib.storage import Stored, signed_view, widen
from ...rule import FloatPattern, IntegerPattern
from .integer_arithmetic import below_one

COMPARISON_SHIFT = 8  # comparisons.cc: left_shift


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


class RescaledComparison(IntegerPattern):
    """`comparison` (the float path's, run on i32) on the values TFLite compares: rescaled for
    uint8 and int8 (and int16 when `rescale_int16`), raw int16 stored values otherwise."""

    def __init__(self, comparison: Comparison, rescale_int16: bool = False):
        self.comparison, self.rescale_int16 = comparison, rescale_int16

    def rescales(self, op) -> bool:
        return self.rescale_int16 or per_tensor(op.operands[0]).storage_width == 8

    def unsupported(self, op):
        operands = op.operands[:2]
        reason = (static_shapes(op)
                  or storage(op, "i8", "u8", "i16", values=operands)
                  or per_tensor_only(op, operands))
        if reason or not self.rescales(op):
            return reason
        for k, v in enumerate(operands):
            scale = np.float64(np.float32(per_tensor(v).scale))
            if not below_one(scale):
                return (f"operand {k} scale {float(scale)!r} is not below 1: comparisons.cc aborts at 1 "
                        "and shifts by a negative amount above (MultiplyByQuantizedMultiplierSmallerThanOneExp)")
        return None

    def rewrite(self, b, op, operands):
        t = op.result.type
        xs = []
        for v, x in zip(op.operands, operands[:2]):
            q = per_tensor(v)
            if not self.rescales(op):  # int16 LESS/GREATER...: the raw stored values
                xs.append(widen(b, Stored(x, 0)))
                continue
            shifted = widen(b, signed_view(b, x, q), COMPARISON_SHIFT)
            xs.append(mbqm(b, shifted, np.float64(np.float32(q.scale)), 0, 0, shifted.type))
        return self.comparison.rewrite(b, op, xs, [t])


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
        reason = one_dynamic_dim(op) or signless(op)
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


class SelectStored(IntegerPattern):
    """SELECT, SELECT_V2 of quantized values: tosa.select on the stored values, as TFLite copies
    them whatever the quantization of x, y and the result (they only need one type)."""

    def __init__(self, v2: bool):
        self.select = Select(v2)

    def unsupported(self, op):
        return static_shapes(op) or storage(op, "i8", "u8", "i16", values=[*op.operands[1:], op.result])

    def rewrite(self, b, op, operands):
        return self.select.rewrite(b, op, operands, [storage_type_of(op.result.type)])


class CastStored(IntegerPattern):
    """A quantized CAST casts the stored integers, not the real values (kernels/cast.cc
    copies with static_cast and ignores the quantization): Cast on storage types."""

    def unsupported(self, op):
        return static_shapes(op) or signed_storage(op)

    def rewrite(self, b, op, operands):
        return Cast().rewrite(b, op, operands, [storage_type_of(t) for t in op.result_types])


class Bucketize(FloatPattern):
    """BUCKETIZE (kernels/bucketize.cc): `std::upper_bound(boundaries, x)`, the number of
    boundaries b (sorted, as Prepare requires) with `!(x < b)`; a NaN input compares false
    with every boundary and lands past the last one. The float32 boundaries are compared with
    float32 x, and with int32 x converted to float32 (C++'s `int < float`): tosa.cast, then
    `tosa.greater(b, x)` against all boundaries at once, negated, counted by tosa.reduce_sum."""

    def unsupported(self, op):
        reason = static_shapes(op)
        if reason:
            return reason
        elem = element_type(op.operands[0].type)
        if qtype(op.operands[0]) is not None or elem not in (f32, i32):
            return f"BUCKETIZE of {op.operands[0].type}: TOSA compares float32 and int32 (not int64, float64)"
        return None

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        boundaries = np.array([a.value for a in option(op, "boundaries", ())], np.float32)
        shape = tuple(t.shape)
        if boundaries.size == 0:
            return [tosa.const(b, np.zeros(shape, np.int32), i32)]
        x = operands[0]
        if element_type(x.type) != f32:
            x = tosa.cast(b, x, x.type.with_element_type(f32))
        x = reshape(b, x, shape + (1,))
        wide = shape + (boundaries.size,)
        bounds = tosa.const(b, boundaries.reshape((1,) * len(shape) + (-1,)), f32)
        below = compare(b, "tosa.greater", bounds, x, wide)  # x < b
        counted = tosa.cast(b, b.value("tosa.logical_not", [below], tensor(wide, i1)), tensor(wide, i32))
        return [reshape(b, tosa.reduce(b, "tosa.reduce_sum", counted, len(shape)), shape)]


class Where(FloatPattern):
    """WHERE (kernels/where.cc): the int64 coordinates of the true (non-zero) elements, one
    row each in row-major order. Their number is the result's first dimension, which TFLite
    knows before running only for a constant condition (Prepare sizes the output then, and
    makes it dynamic otherwise): a constant condition becomes that constant, np.argwhere."""

    RUNTIME = ("the number of true elements (result 0's first dimension) depends on the condition's values: "
               "TFLite sizes the result at run time unless the condition is a constant")

    def unsupported(self, op):
        condition = constant_array(op.operands[0])
        if condition is None:
            return self.RUNTIME
        if qtype(op.operands[0]) is not None:
            return "TFLite's WHERE tests the stored integers of a quantized condition"
        want = (int(np.count_nonzero(condition)), np.ndim(condition))
        if tuple(op.result.type.shape) != want:
            return f"result 0 is {op.result.type} for a constant condition with {want[0]} true elements"
        return None

    def rewrite(self, b, op, operands, result_types):
        coordinates = np.argwhere(np.asarray(constant_array(op.operands[0])) != 0).astype(np.int64)
        return [tosa.const(b, coordinates.reshape(result_types[0].shape), i64)]


EQUAL = Comparison("tosa.equal")
NOT_EQUAL = Comparison("tosa.equal", negate=True)
GREATER = Comparison("tosa.greater")
GREATER_EQUAL = Comparison("tosa.greater_equal")
LESS = Comparison("tosa.greater", swap=True)
LESS_EQUAL = Comparison("tosa.greater_equal", swap=True)
