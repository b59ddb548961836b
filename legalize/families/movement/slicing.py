"""Ops that take parts of a tensor, or write one: SLICE, STRIDED_SLICE, SPLIT, SPLIT_V,
UNPACK, DYNAMIC_UPDATE_SLICE.

Each is a `StaticPattern` (lib/on_storage.py explains the mechanism): tosa.slice, tosa.reverse, tosa.reshape
and tosa.pad on any element type, and on stored values (`OnStorage`) when
input and results are quantized alike, as TFLite copies them raw.
DYNAMIC_UPDATE_SLICE copies bytes whatever the quantization
(dynamic_update_slice.cc), and so do we.
"""
from __future__ import annotations


import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.tfl import constant_array
from tfl2quant.dialects.tensor import DYNAMIC
from tfl2quant.ir.core import Value
from tfl2quant.ir.attributes import DenseArrayAttr, IntegerAttr
from tfl2quant.ir.types import RankedTensorType, element_type, i1, i32, i64, index, tensor

from ...lib.emit import index_constant, reshape, reverse, slice_, slice_axis, tensor_dim
from ...lib.patterns import StaticPattern
from ...lib.query import const_ints, option, result_shape
from ...lib.strided import strided_slice_axes, strided_slice_shape_error


class Slice(StaticPattern):
    """Constant begin and size: one tosa.slice (size -1, to the end, is in the result type).
    Computed at run time (onnx2tf's loop bodies update a tensor list by slicing it at the
    loop counter): one tensor.extract_slice at offsets and sizes read from the operands, a
    size of -1 being `dim - begin` (slice.cc: CalculateOutputShapeVector)."""

    constants = {1: "begin", 2: "size"}

    def runtime(self, op) -> bool:
        return constant_array(op.operands[1]) is None or constant_array(op.operands[2]) is None

    def unsupported(self, op):
        if not self.runtime(op):
            return super().unsupported(op)
        x = op.operands[0].type
        if not isinstance(x, RankedTensorType):
            return f"unranked operand 0 ({x})"
        for k in (1, 2):
            if op.operands[k].type.shape != (len(x.shape),):
                return f"operand {k} ({op.operands[k].type}) does not hold one value per dimension of the input"
        return None

    def rewrite(self, b, op, operands, result_types):
        if not self.runtime(op):
            return [slice_(b, operands[0], const_ints(op, 1), result_types[0].shape)]
        x, begin, size = operands
        known = [constant_array(v) for v in op.operands[1:3]]  # a constant begin or size stays static

        def entry(k: int, which: int):
            if known[which] is not None:
                return int(np.asarray(known[which]).reshape(-1)[k])
            v = (begin, size)[which]
            return b.value("arith.index_cast", [b.value("tensor.extract", [v, index_constant(b, k)],
                                                        element_type(v.type))], index)

        offsets, sizes = [], []
        for k, dim in enumerate(x.type.shape):
            start, count = entry(k, 0), entry(k, 1)
            if isinstance(count, int) and count != -1:
                pass
            elif isinstance(count, int) and isinstance(start, int) and dim is not None:
                count = dim - start
            else:
                if dim is not None and isinstance(start, int):
                    rest = index_constant(b, dim - start)
                else:
                    bound = index_constant(b, dim) if dim is not None else tensor_dim(b, x, k)
                    rest = b.value("arith.subi", [bound, index_constant(b, start) if isinstance(start, int) else start],
                                   index)
                if isinstance(count, int):  # -1
                    count = rest
                else:
                    to_end = b.value("arith.cmpi", [count, index_constant(b, -1)], i1, {"predicate": IntegerAttr(0, i64)})
                    count = b.value("arith.select", [to_end, rest, count], index)
            offsets.append(start)
            sizes.append(count)
        static = [tuple(DYNAMIC if isinstance(v, Value) else v for v in vs) for vs in (offsets, sizes)]
        dynamic = [[v for v in vs if isinstance(v, Value)] for vs in (offsets, sizes)]
        attrs = {"static_offsets": DenseArrayAttr(i64, static[0]), "static_sizes": DenseArrayAttr(i64, static[1]),
                 "static_strides": DenseArrayAttr(i64, (1,) * len(sizes)),
                 "operandSegmentSizes": DenseArrayAttr(i32, (1, len(dynamic[0]), len(dynamic[1]), 0))}
        shape = tuple(None if d == DYNAMIC else d for d in static[1])
        part = b.value("tensor.extract_slice", [x, *dynamic[0], *dynamic[1]], tensor(shape, element_type(x.type)),
                       attrs)
        return [part if part.type == result_types[0] else b.value("tensor.cast", [part], result_types[0])]


class StridedSlice(StaticPattern):
    """One tosa.slice to the box of selected elements, tosa.reverse along negative
    strides, then every |stride|-th element: the box grows to whole groups of |stride|
    (into the input where it can, by tosa.pad where it cannot), each axis splits in
    two (tosa.reshape) and a tosa.slice keeps the first of each group."""

    constants = {1: "begin", 2: "end", 3: "strides"}

    def check(self, op):
        return strided_slice_shape_error(op)

    def rewrite(self, b, op, operands, result_types):
        _, axes = strided_slice_axes(op, operands[0].type.shape)
        x = reshape(b, operands[0], [a.dim for a in axes])   # new_axis_mask inserts unit axes
        steps = [abs(a.stride) if a.count > 1 else 1 for a in axes]
        lows, sizes, pads = [], [], []
        for a, step in zip(axes, steps):
            low = a.start if a.stride > 0 else a.start + (a.count - 1) * a.stride
            size = (a.count - 1) * step + 1
            room = min(step - 1, a.dim - low - size if a.stride > 0 else low)  # past the last element
            lows.append(low if a.stride > 0 else low - room)
            sizes.append(size + room)
            pads += [0, step - 1 - room]
        x = slice_(b, x, lows, sizes)
        for k, a in enumerate(axes):
            if a.stride < 0:
                x = reverse(b, x, k)
        if any(s > 1 for s in steps):
            if any(pads):
                x = tosa.pad(b, x, pads, 0, tensor([a.count * s for a, s in zip(axes, steps)], element_type(x.type)))
            x = reshape(b, x, [d for a, s in zip(axes, steps) for d in (a.count, s)])
            x = slice_(b, x, [0] * 2 * len(axes), [d for a in axes for d in (a.count, 1)])
        return [reshape(b, x, result_types[0].shape)]


class Split(StaticPattern):
    """SPLIT (axis, input) and SPLIT_V (input, size_splits, axis): one tosa.slice per
    result, sizes from the result types."""

    dynamic = True  # other than along `axis`: a size -1 slice takes the `?` dimension whole

    def __init__(self, data: int, axis: int, sizes: int | None = None):
        self.data, self.axis = (data,), axis
        self.constants = {axis: "axis", **({sizes: "size_splits"} if sizes is not None else {})}

    def check(self, op):
        x = op.operands[self.data[0]]
        if x.type.shape[const_ints(op, self.axis)[0] % len(x.type.shape)] is None:
            return f"split along the dynamic dimension of {x.type}"
        return None

    def rewrite(self, b, op, operands, result_types):
        x = operands[self.data[0]]
        axis = const_ints(op, self.axis)[0] % len(x.type.shape)
        starts = np.cumsum([0] + [t.shape[axis] for t in result_types])
        return [slice_axis(b, x, axis, int(s), t.shape[axis]) for s, t in zip(starts, result_types)]


class Unpack(StaticPattern):
    dynamic = True  # the unpacked axis has `num` entries; another may be `?`

    def rewrite(self, b, op, operands, result_types):
        x = operands[0]
        axis = option(op, "axis") % len(x.type.shape)
        return [reshape(b, slice_axis(b, x, axis, k, 1), t.shape) for k, t in enumerate(result_types)]


class DynamicUpdateSlice(StaticPattern):
    """The operand with the update written at the start indices, each clamped to
    [0, dim - update dim] so the update fits (dynamic_update_slice.cc:
    ClampStartIndices). One tosa.scatter on the flattened operand [1, K, 1] at the
    update's flat positions: constant offsets plus the clamped start's flat position,
    a constant when the start is, else tosa ops on it (clamped in its own type, then
    i32)."""

    data = (0, 1)

    def check(self, op):
        x, update, start = op.operands
        dims, sizes = list(x.type.shape), list(update.type.shape)
        if len(sizes) != len(dims) or any(u > d for u, d in zip(sizes, dims)):
            return f"update of shape {sizes} does not fit an operand of shape {dims}"
        if list(start.type.shape) != [len(dims)]:
            return f"start indices of shape {list(start.type.shape)} for a rank {len(dims)} operand"
        return result_shape(op, dims)

    def rewrite(self, b, op, operands, result_types):
        x, update, start = operands
        dims, sizes = list(x.type.shape), list(update.type.shape)
        if sizes == dims:  # the kernel copies the update whatever the start
            return [update]
        strides = [int(np.prod(dims[k + 1:])) for k in range(len(dims))]
        offsets = sum(np.ix_(*(np.arange(n) * s for n, s in zip(sizes, strides)))).reshape(1, -1)
        indices = self._indices(b, op, start, np.subtract(dims, sizes), strides, offsets)
        count, total = offsets.size, int(np.prod(dims))
        y = b.value("tosa.scatter", [reshape(b, x, (1, total, 1)), indices, reshape(b, update, (1, count, 1))],
                    tensor((1, total, 1), element_type(x.type)))
        return [reshape(b, y, dims)]

    @staticmethod
    def _indices(b, op, start, limits, strides, offsets):
        """[1, update size] i32: where each update element goes in the flattened operand."""
        known = constant_array(op.operands[2])
        if known is not None:
            base = int(np.dot(np.clip(np.asarray(known, np.int64).reshape(-1), 0, limits), strides))
            return tosa.const(b, (offsets + base).astype(np.int32), i32)
        t, e = start.type, element_type(start.type)
        start = tosa.binary(b, "tosa.maximum", start, tosa.const(b, np.zeros(len(limits), np.int64), e), t)
        start = tosa.binary(b, "tosa.minimum", start, tosa.const(b, limits, e), t)
        if e != i32:
            start = tosa.cast(b, start, t.with_element_type(i32))
        t = tensor((len(limits),), i32)
        base = tosa.reduce(b, "tosa.reduce_sum", tosa.mul(b, start, tosa.const(b, np.array(strides), i32), t), 0)
        return tosa.binary(b, "tosa.add", reshape(b, base, (1, 1)), tosa.const(b, offsets.astype(np.int32), i32),
                           tensor(offsets.shape, i32))
