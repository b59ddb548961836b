"""The string paths of the TFLite kernels that move, pick or compare whole strings
(kernels/reshape.cc, squeeze.cc, expand_dims.cc, gather.cc, comparisons.cc), on the
byte buffers of strings.py. Each op's row (movement/, elementwise/comparison.py) takes
its pattern here through ByStrings when the op reads or gives a string tensor.

RESHAPE, SQUEEZE, EXPAND_DIMS: a string tensor's shape is not in its buffer, so the
buffer is unchanged (the kernels copy it) and the new shape is the result type's, which a
function result keeps in `tfl.string_shape`.

GATHER: TFLite's Prepare takes a string input of rank 1 only (gather.cc: "Only 1D input
is supported"; GatherStrings then picks positions among the strings), also of `?` strings
(SKIP_GRAM's); an N-D string input fails to prepare, so it is declined. A position out of
range is an error in TFLite; here it reads a string in range (select_strings).

EQUAL, NOT_EQUAL: ComparisonStringImpl / BroadcastComparison4DSlowStringImpl compare
whole strings (length and bytes) under numpy broadcasting; the pairs of string indices
of the static broadcast are computed at convert time, then one scf.for compares them.
"""
from __future__ import annotations

import math

import numpy as np

from tfl2quant.ir.attributes import DenseElementsAttr
from tfl2quant.dialects import tosa
from tfl2quant.ir.types import RankedTensorType, element_type, i1, i32

from .emit import reshape
from .gather import bsearch, hits_of
from .query import Reason, const_ints, constants, non_empty, option, static_shapes
from .scalar_loops import Scalars
from .strided import strided_slice_axes, strided_slice_shape_error
from .strings import CAST, StringPattern, as_bytes, for_, is_string, same_string, select_strings


def _static(op, values) -> Reason:
    for v in values:
        if None in v.type.shape:
            return f"{v.type} has no static shape: the string path needs the number of strings"
    return None


class StringReshape(StringPattern):
    """The buffer as it is, under the result's shape."""

    def reason(self, op) -> Reason:
        if not is_string(op.operands[0].type) or not is_string(op.result.type):
            return f"{op.name} of {op.operands[0].type} into {op.result.type}: strings stay strings"
        return None

    def rewrite(self, b, op, operands, result_types):
        return [b.value(CAST, [as_bytes(b, operands[0])], op.result.type)]


class StringGather(StringPattern):
    """select_strings of the positions, flattened."""

    def reason(self, op) -> Reason:
        params, positions = op.operands[:2]
        if not is_string(params.type) or not is_string(op.result.type):
            return f"GATHER of {params.type} into {op.result.type}: strings stay strings"
        reason = _static(op, (positions,))  # the strings may be `?` many: select_strings reads the count
        if reason:
            return reason
        if len(params.type.shape) != 1:
            return (f"GATHER of a string tensor of rank {len(params.type.shape)}: TFLite's Prepare takes "
                    f"1-D string input only (gather.cc), so the model does not run in TFLite")
        if option(op, "batch_dims") not in (0, None):
            return f"batch_dims {option(op, 'batch_dims')} on a 1-D input"
        if math.prod(positions.type.shape) < 1 or params.type.shape[0] == 0:
            return "no strings or no positions"
        return None

    def rewrite(self, b, op, operands, result_types):
        positions = operands[1]
        if element_type(positions.type) != i32:  # int16 or int64 positions: in range, they fit
            positions = tosa.cast(b, positions, positions.type.with_element_type(i32))
        flat = reshape(b, positions, (math.prod(positions.type.shape),))
        out = select_strings(Scalars(b), as_bytes(b, operands[0]), flat)
        return [b.value(CAST, [out], op.result.type)]


class StringComparison(StringPattern):
    """Per broadcast output element: same_string of its pair of strings, negated for NOT_EQUAL."""

    operands = (0, 1)

    def __init__(self, negate: bool):
        self.negate = negate

    def reason(self, op) -> Reason:
        x, y = op.operands
        if not (is_string(x.type) and is_string(y.type)):
            return f"compares {x.type} with {y.type}: TFLite compares strings only with strings"
        reason = _static(op, (x, y, op.result))
        if reason:
            return reason
        try:
            shape = np.broadcast_shapes(x.type.shape, y.type.shape)
        except ValueError:
            return f"shapes {list(x.type.shape)} and {list(y.type.shape)} do not broadcast"
        if len(shape) > 4 and x.type.shape != y.type.shape:  # comparisons.cc: 4D broadcast at most
            return f"a broadcast of rank {len(shape)}: TFLite broadcasts string comparisons up to rank 4"
        if tuple(shape) != tuple(op.result.type.shape) or op.result.type.element_type != i1:
            return f"the result is {op.result.type}, not the broadcast shape {list(shape)} of booleans"
        if math.prod(shape) < 1:
            return "no strings to compare"
        return None

    def rewrite(self, b, op, operands, result_types):
        x, y = op.operands
        shape = tuple(op.result.type.shape)
        n = math.prod(shape)

        def pairs(v):  # the flat string index of v read by each output element
            flat = np.arange(math.prod(v.type.shape), dtype=np.int32).reshape(v.type.shape)
            indices = np.ascontiguousarray(np.broadcast_to(flat, shape)).reshape(n)
            return b.value("arith.constant", [], RankedTensorType((n,), i32),
                           {"value": DenseElementsAttr.from_array(indices, i32)})

        xs, ys = pairs(x), pairs(y)
        left, right = as_bytes(b, operands[0]), as_bytes(b, operands[1])
        s = Scalars(b)

        def compare(inner, i, v):
            same = same_string(inner, left, inner.get(xs, i), right, inner.get(ys, i))
            return [inner.put(v[0], inner.not_(same) if self.negate else same, i)]

        (out,) = for_(s, 0, n, [b.value("tensor.empty", [], RankedTensorType((n,), i1))], compare)
        return [reshape(b, out, shape)]


class StringSelected(StringPattern):
    """The strings of operand `source` at flat indices known at convert time (`take`, from the
    static shapes and constant operands), through select_strings."""

    source = 0
    constant: dict = {}  # operand index -> name, for the operands `take` reads

    @property
    def operands(self):
        return (self.source,)

    def reason(self, op) -> Reason:
        x, out = op.operands[self.source], op.result
        if not is_string(x.type) or not is_string(out.type):
            return f"{op.name} of {x.type} into {out.type}: strings stay strings"
        return (static_shapes(op, (x, out)) or non_empty(op, (x, out)) or constants(op, self.constant)
                or self.check(op))

    def check(self, op) -> Reason:
        return None

    def take(self, op) -> np.ndarray:
        raise NotImplementedError

    def strings(self, op) -> np.ndarray:
        """The source's flat string indices in its shape."""
        shape = op.operands[self.source].type.shape
        return np.arange(math.prod(shape), dtype=np.int32).reshape(shape)

    def rewrite(self, b, op, operands, result_types):
        chosen = np.ascontiguousarray(self.take(op), np.int32).reshape(-1)
        indices = b.value("arith.constant", [], RankedTensorType((chosen.size,), i32),
                          {"value": DenseElementsAttr.from_array(chosen, i32)})
        out = select_strings(Scalars(b), as_bytes(b, operands[self.source]), indices)
        return [b.value(CAST, [out], op.result.type)]


class StringSlice(StringSelected):
    """slice.cc: Slice<string>; a size of -1 runs to the end."""

    constant = {1: "begin", 2: "size"}

    def take(self, op):
        x = self.strings(op)
        begin, size = const_ints(op, 1), const_ints(op, 2)
        return x[tuple(slice(b0, None if n < 0 else b0 + n) for b0, n in zip(begin, size))]

    def check(self, op):
        if tuple(self.take(op).shape) != tuple(op.result.type.shape):
            return f"the slice has shape {list(self.take(op).shape)}, the model says {list(op.result.type.shape)}"
        return None


class StringStridedSlice(StringSelected):
    """strided_slice.cc: StridedSlice<string>, the axes as slicing.strided_slice_axes builds them."""

    constant = {1: "begin", 2: "end", 3: "strides"}

    def take(self, op):
        _, axes = strided_slice_axes(op, op.operands[0].type.shape)
        x = self.strings(op).reshape([a.dim for a in axes])
        return x[np.ix_(*[a.start + a.stride * np.arange(a.count) for a in axes])]

    def check(self, op):
        return strided_slice_shape_error(op)


class StringTile(StringSelected):
    """tile.cc: TileString."""

    constant = {1: "multiples"}

    def take(self, op):
        return np.tile(self.strings(op), const_ints(op, 1))

    def check(self, op):
        shape = self.take(op).shape
        if tuple(shape) != tuple(op.result.type.shape):
            return f"the tiling has shape {list(shape)}, the model says {list(op.result.type.shape)}"
        return None


class StringFill(StringSelected):
    """fill.cc: FillString, the scalar value at every element of the result's shape."""

    source = 1

    def check(self, op):
        if op.operands[1].type.shape != ():
            return f"the value is {op.operands[1].type}, not a scalar"
        return None

    def take(self, op):
        return np.zeros(op.result.type.shape, np.int32)


class StringGatherNd(StringPattern):
    """gather_nd.cc: GatherNdString. Each index row picks a slice of whole strings from
    sum(coordinate * stride): the flat indices by tosa ops on i32, then select_strings.
    Out-of-range coordinates are an error in TFLite; here they are not checked one by one:
    a flat index inside the buffer reads that string (another row's), one past the end reads
    the last string and a negative one the empty string (select_strings)."""

    def reason(self, op) -> Reason:
        params, indices = op.operands[:2]
        if not is_string(params.type) or not is_string(op.result.type):
            return f"GATHER_ND of {params.type} into {op.result.type}: strings stay strings"
        reason = static_shapes(op, (params, indices, op.result)) or non_empty(op, (params, indices, op.result))
        if reason:
            return reason
        if not indices.type.shape or indices.type.shape[-1] > len(params.type.shape):
            return f"indices {indices.type} for params of rank {len(params.type.shape)}"
        return None

    def rewrite(self, b, op, operands, result_types):
        params, indices = op.operands[:2]
        p, ishape = params.type.shape, indices.type.shape
        nd, count, inner = ishape[-1], math.prod(ishape[:-1]), math.prod(p[ishape[-1]:])
        idx = operands[1]
        if element_type(idx.type) != i32:
            idx = tosa.cast(b, idx, idx.type.with_element_type(i32))
        idx = reshape(b, idx, (count, nd))
        strides = np.array([[math.prod(p[j + 1:]) for j in range(nd)]], np.int32)
        idx = tosa.mul(b, idx, tosa.const(b, strides, i32), idx.type)
        idx = tosa.reduce(b, "tosa.reduce_sum", idx, 1) if nd > 1 else idx
        within = tosa.const(b, np.arange(inner, dtype=np.int32).reshape(1, inner), i32)
        idx = tosa.binary(b, "tosa.add", idx, within, RankedTensorType((count, inner), i32))
        out = select_strings(Scalars(b), as_bytes(b, operands[0]), reshape(b, idx, (count * inner,)))
        return [b.value(CAST, [out], op.result.type)]


class StringHashtableLookup(StringPattern):
    """hashtable_lookup.cc with string values: per lookup the value string at the key bsearch
    finds (gather.bsearch), the empty string where none (select_strings of -1), and the hits."""

    operands = (2,)

    def reason(self, op) -> Reason:
        lookup, keys, values = op.operands
        if not is_string(values.type) or not is_string(op.results[0].type):
            return f"HASHTABLE_LOOKUP of {values.type} into {op.results[0].type}: strings stay strings"
        reason = static_shapes(op, (lookup, keys, values)) or non_empty(op, (lookup, keys, values))
        if reason:
            return reason
        if len(values.type.shape) != 1 or values.type.shape != keys.type.shape:
            return f"values {values.type} for keys {keys.type}: TFLite takes one string per key"
        return None

    def rewrite(self, b, op, operands, result_types):
        (m,) = op.operands[0].type.shape
        at, found = bsearch(b, operands[0], operands[1])
        vector = RankedTensorType((m,), i32)
        miss = tosa.const(b, np.full((m,), -1, np.int32), i32)
        chosen = b.value("tosa.select", [found, at, miss], vector)
        out = select_strings(Scalars(b), as_bytes(b, operands[2]), chosen)
        return [b.value(CAST, [out], op.results[0].type), hits_of(b, found, result_types[1])]


STRING_RESHAPE = StringReshape()
STRING_GATHER = StringGather()
STRING_EQUAL = StringComparison(negate=False)
STRING_NOT_EQUAL = StringComparison(negate=True)
STRING_SLICE = StringSlice()
STRING_STRIDED_SLICE = StringStridedSlice()
STRING_TILE = StringTile()
STRING_FILL = StringFill()
STRING_GATHER_ND = StringGatherNd()
STRING_HASHTABLE_LOOKUP = StringHashtableLookup()
