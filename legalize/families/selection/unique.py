"""UNIQUE (kernels/unique.cc): the distinct values of a 1-D input in order of first appearance,
and for each input element the position of its value among them.

The kernel walks the input once with a std::map from value to position; values are the same
when neither is less than the other (so +0 and -0 are one value). Here every comparison is
made at once, on an [N, N] table of `x[i] == x[j]`:

    first[i]   no j < i has x[j] == x[i]              (the element opens a new value)
    rank[j]    firsts before j                        (the position of j's value, if j is a first)
    index[i]   rank[the first j with x[j] == x[i]]    (result 1)
    pick[k]    the first j that is a first of rank k  (0 for k >= count)
    unique     x[pick][0 : count], count = sum(first) (result 0: a `?` size, tensor.extract_slice)

A NaN equals nothing here; in the kernel's std::map it is equivalent to every key (no NaN
is less than a value nor a value less than it), which breaks the map's ordering: TFLite's
result then depends on the tree's layout.
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import arith, tosa
from tfl2quant.dialects.tensor import DYNAMIC
from tfl2quant.ir.attributes import DenseArrayAttr, IntegerAttr
from tfl2quant.ir.types import element_type, i1, i8, i32, i64, index, tensor

from ...lib.emit import reshape
from ...lib.gather import gather
from ...lib.query import signless, static_shapes
from ...rule import FloatPattern


class Unique(FloatPattern):
    def unsupported(self, op):
        x = op.operands[0]
        reason = static_shapes(op, [x, op.results[1]]) or signless(op)
        if reason:
            return reason
        if len(x.type.shape) != 1:
            return f"UNIQUE takes a 1-D input, not {x.type}"
        if op.results[0].type.shape != (None,):
            return f"result 0 ({op.results[0].type}) has a static size; UNIQUE's is known at run time only"
        return None

    def rewrite(self, b, op, operands, result_types):
        x = operands[0]
        (n,) = x.type.shape
        same = b.value("tosa.equal", [reshape(b, x, (n, 1)), reshape(b, x, (1, n))], tensor((n, n), i1))
        before = tosa.const(b, np.tril(np.ones((n, n), bool), -1), i1)  # [i, j]: j < i
        seen = tosa.reduce(b, "tosa.reduce_any", b.value("tosa.logical_and", [same, before], same.type), 1)
        first = b.value("tosa.logical_not", [reshape(b, seen, (1, n))], tensor((1, n), i1))
        ones = _as_i32(b, b.value("tosa.logical_and", [first, before], same.type))  # [j, k]: k < j, k first
        rank = tosa.reduce(b, "tosa.reduce_sum", ones, 1)                           # [n, 1]
        first_equal = _argmax(b, _as_i8(b, same))                                   # [n]
        indices = gather(b, reshape(b, rank, (1, n, 1)), reshape(b, first_equal, (1, n)))
        indices = reshape(b, indices, (n,))
        if element_type(result_types[1]) == i64:
            indices = tosa.cast(b, indices, tensor((n,), i64))
        of_rank = b.value("tosa.equal", [reshape(b, rank, (1, n)), tosa.const(b, np.arange(n, dtype=np.int32)
                                                                              .reshape(n, 1), i32)],
                          tensor((n, n), i1))                                        # [k, j]: rank[j] == k
        pick = _argmax(b, _as_i8(b, b.value("tosa.logical_and", [of_rank, first], of_rank.type)))
        values = reshape(b, gather(b, reshape(b, x, (1, n, 1)), reshape(b, pick, (1, n))), (n,))
        count = tosa.reduce(b, "tosa.reduce_sum", reshape(b, _as_i32(b, first), (n,)), 0)
        size = b.value("arith.index_cast", [b.value("tensor.extract", [count, arith.constant(b, 0, index)], i32)],
                       index)
        attrs = {"static_offsets": DenseArrayAttr(i64, (0,)), "static_sizes": DenseArrayAttr(i64, (DYNAMIC,)),
                 "static_strides": DenseArrayAttr(i64, (1,)), "operandSegmentSizes": DenseArrayAttr(i32, (1, 0, 1, 0))}
        return [b.value("tensor.extract_slice", [values, size], result_types[0], attrs), indices]


def _as_i32(b, flags):
    return tosa.cast(b, flags, flags.type.with_element_type(i32))


def _as_i8(b, flags):
    """0/1 as i8: the type TOSA's profiles give tosa.argmax (i32 is outside them)."""
    return tosa.cast(b, flags, flags.type.with_element_type(i8))


def _argmax(b, x):
    """The first maximum along axis 1 of an [n, n] i8 tensor: [n] i32."""
    (n, _) = x.type.shape
    return b.value("tosa.argmax", [x], tensor((n,), i32), {"axis": IntegerAttr(1, i32)})
