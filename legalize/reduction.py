"""MEAN, SUM, REDUCE_{PROD,MAX,MIN,ANY,ALL}, ARG_MAX, ARG_MIN.

TFLite reduces the listed axes, negative ones counted from the back, repeats
ignored (ResolveAxis in kernels/reduce.cc); keep_dims only shapes the result,
which the final tosa.reshape takes from the result type. Adjacent reduced axes
are merged by a reshape first, so each run of them is one `tosa.reduce_*`
(which keeps the axis with extent 1).

MEAN divides the sum by the element count (reference/reduce.h Mean:
`temp_sum / N`). TOSA has no float division: the sum is multiplied by the
float32 1/N, which can differ from `sum / N` in the last bit. On integers the
C++ division truncates: tosa.intdiv.

REDUCE_MAX/MIN keep `in > current ? in : current` from the lowest value, which
skips NaN: nan_mode IGNORE. On int8 TFLite takes raw stored values and Prepare
requires input and output to share scale and zero point, so the integer path
is the same reduction on stored values (`OnStorage`, movement.py).

ARG_MAX keeps the first maximum (a strict `>` in reference/arg_min_max.h), as
tosa.argmax does. ARG_MIN is tosa.argmax of `c - x`: c = 0 for floats (exact
negation) and c = -1 for integers (-1 - x = ~x cannot overflow, as -x can).
"""
from __future__ import annotations

import math

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.ir.attributes import DialectAttr, IntegerAttr
from tfl2quant.ir.types import UNSIGNED, FloatType, IntegerType, element_type, i1, i32, numpy_dtype, tensor

from .emit import reshape
from .movement import OnStorage
from .query import const_ints
from .rule import NOT_YET, Rule, StaticPattern, unlowered

NAN_IGNORE = DialectAttr("tosa", "nan_mode", "IGNORE")


def reduce_one(b, name: str, x, axis: int):
    shape = list(x.type.shape)
    shape[axis] = 1
    attrs = {"axis": IntegerAttr(axis, i32)}
    if name in ("tosa.reduce_max", "tosa.reduce_min"):
        attrs["nan_mode"] = NAN_IGNORE
    return b.value(name, [x], tensor(shape, element_type(x.type)), attrs)


def merged_axes(shape, axes) -> tuple[list[int], list[int]]:
    """`shape` with each run of adjacent reduced axes merged into one, and the merged axes."""
    dims, merged = [], []
    for k, d in enumerate(shape):
        if k in axes and k - 1 in axes:
            dims[-1] *= d
            continue
        if k in axes:
            merged.append(len(dims))
        dims.append(d)
    return dims, merged


class Reduce(StaticPattern):
    constants = {1: "axes"}

    def __init__(self, tosa_name: str):
        self.tosa_name = tosa_name

    def check(self, op):
        boolean = element_type(op.operands[0].type) == i1
        if boolean != (self.tosa_name in ("tosa.reduce_any", "tosa.reduce_all")):
            return f"{self.tosa_name} of {element_type(op.operands[0].type)}"
        return None

    def axes(self, op) -> set[int]:
        rank = len(op.operands[0].type.shape)
        return {a % rank for a in const_ints(op, 1)} if rank else set()

    def rewrite(self, b, op, operands, result_types):
        dims, axes = merged_axes(operands[0].type.shape, self.axes(op))
        x = reshape(b, operands[0], dims)
        for axis in axes:
            x = reduce_one(b, self.tosa_name, x, axis)
        return [reshape(b, x, result_types[0].shape)]


class Mean(Reduce):
    def __init__(self):
        super().__init__("tosa.reduce_sum")

    def check(self, op):
        elem = element_type(op.result.type)
        if isinstance(elem, IntegerType) and elem != i32:
            return f"integer mean of {elem}"
        return super().check(op)

    def rewrite(self, b, op, operands, result_types):
        (total,) = super().rewrite(b, op, operands, result_types)
        t = result_types[0]
        count = math.prod(operands[0].type.shape[a] for a in self.axes(op))
        if isinstance(t.element_type, FloatType):
            dtype = numpy_dtype(t.element_type)
            factor = np.full((1,) * len(t.shape), dtype.type(1) / dtype.type(count), dtype)
            return [tosa.mul(b, total, tosa.const(b, factor, t.element_type), t)]
        divisor = tosa.const(b, np.full((1,) * len(t.shape), count, np.int32), i32)
        return [tosa.binary(b, "tosa.intdiv", total, divisor, t)]


class ArgMinMax(StaticPattern):
    constants = {1: "axis"}

    def __init__(self, smallest: bool):
        self.smallest = smallest

    def check(self, op):
        elem = element_type(op.operands[0].type)
        if isinstance(elem, IntegerType) and (elem.width == 1 or elem.signedness == UNSIGNED):
            return f"arg min/max of {elem}"
        return None

    def rewrite(self, b, op, operands, result_types):
        x = operands[0]
        rank = len(x.type.shape)
        axis = const_ints(op, 1)[0] % rank
        if self.smallest:
            elem = element_type(x.type)
            c = np.full((1,) * rank, 0 if isinstance(elem, FloatType) else -1, numpy_dtype(elem))
            x = tosa.binary(b, "tosa.sub", tosa.const(b, c, elem), x, x.type)
        return [b.value("tosa.argmax", [x], result_types[0], {"axis": IntegerAttr(axis, i32), "nan_mode": NAN_IGNORE})]


RULES = {
    # TFLite op          Rule(integer path,                   float path)
    "tfl.mean":        Rule(None,                             Mean()),
    "tfl.sum":         Rule(None,                             Reduce("tosa.reduce_sum")),
    "tfl.reduce_prod": Rule(None,                             Reduce("tosa.reduce_product")),
    "tfl.reduce_max":  Rule(OnStorage(Reduce("tosa.reduce_max"), ordered=True),   Reduce("tosa.reduce_max")),
    "tfl.reduce_min":  Rule(OnStorage(Reduce("tosa.reduce_min"), ordered=True),   Reduce("tosa.reduce_min")),
    "tfl.reduce_any":  Rule(None,                             Reduce("tosa.reduce_any")),
    "tfl.reduce_all":  Rule(None,                             Reduce("tosa.reduce_all")),
    "tfl.arg_max":     Rule(None,                             ArgMinMax(smallest=False)),
    "tfl.arg_min":     Rule(None,                             ArgMinMax(smallest=True)),
    "tfl.cumsum":      unlowered(NOT_YET),
    "tfl.topk_v2":     unlowered(NOT_YET),
    "tfl.unique":      unlowered(NOT_YET),
    "tfl.non_max_suppression_v4": unlowered(NOT_YET),
    "tfl.non_max_suppression_v5": unlowered(NOT_YET),
}
