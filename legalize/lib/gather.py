"""Reading values at indices with `tosa.gather`: the helpers many families share (GATHER and
its kin in movement/gather.py, TOPK_V2, UNIQUE, the int16 LUTs, the LSTM's gate tables,
HASHTABLE_LOOKUP's binary search and its string form)."""
from __future__ import annotations

import math

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.tfl import constant_array
from tfl2quant.ir.attributes import BoolAttr
from tfl2quant.ir.core import Value
from tfl2quant.ir.types import element_type, i1, i8, i32, tensor

from .emit import compare, reshape, select


def gather(b, values, indices):
    """tosa.gather: values [N, K, C], i32 indices [N, W] -> [N, W, C]."""
    (n, _, c), w = values.type.shape, indices.type.shape[1]
    return b.value("tosa.gather", [values, indices], tensor((n, w, c), element_type(values.type)))


def take(b, x, axis: int, indices):
    """x at constant `indices` along `axis` (np.take): one tosa.gather on [outer, K, inner]."""
    shape = tuple(x.type.shape)
    outer, inner = math.prod(shape[:axis]), math.prod(shape[axis + 1:])
    rows = np.tile(np.asarray(indices, np.int32), (outer, 1))
    y = gather(b, reshape(b, x, (outer, shape[axis], inner)), tosa.const(b, rows, i32))
    return reshape(b, y, shape[:axis] + (len(indices),) + shape[axis + 1:])


def index32(b, indices):
    """Indices as the i32 tosa.gather takes: constants converted here, others by tosa.cast."""
    if element_type(indices.type) == i32:
        return indices
    known = constant_array(indices)
    if known is not None:
        return tosa.const(b, np.asarray(known).astype(np.int32), i32)
    return tosa.cast(b, indices, indices.type.with_element_type(i32))


def hits_of(b, found: Value, t) -> Value:
    """HASHTABLE_LOOKUP's hits: 1 or 0 as uint8."""
    return b.value("tensor.bitcast", [tosa.cast(b, found, tensor(found.type.shape, i8))], t)


def bsearch(b, lookup: Value, keys: Value) -> tuple[Value, Value]:
    """HashtableLookup's search: per lookup the index of the key bsearch finds (0 where none)
    and whether it found one."""
    (m,), (n,) = lookup.type.shape, keys.type.shape
    vector = tensor((m,), i32)
    flags = tensor((m,), i1)

    def constant(value):
        return tosa.const(b, np.full((m,), value, np.int32), i32)

    def both(x, y):
        return b.value("tosa.logical_and", [x, y], flags)

    keys_3d = reshape(b, keys, (1, n, 1))
    lo, hi, at, found = constant(0), constant(n), constant(0), tosa.const(b, np.zeros((m,), bool), i1)
    one, last, zero = constant(1), constant(n - 1), constant(0)
    for _ in range(n.bit_length()):
        active = both(compare(b, "tosa.greater", hi, lo, (m,)), b.value("tosa.logical_not", [found], flags))
        mid = b.value("tosa.arithmetic_right_shift", [tosa.binary(b, "tosa.add", lo, hi, vector), one],
                      vector, {"round": BoolAttr(False)})
        probe = tosa.binary(b, "tosa.minimum", mid, last, vector)  # in range also where inactive
        key = reshape(b, gather(b, keys_3d, reshape(b, probe, (1, m))), (m,))
        difference = tosa.binary(b, "tosa.sub", lookup, key, vector)  # wraps, as the kernel's int
        hit = both(active, compare(b, "tosa.equal", difference, zero, (m,)))
        below = both(active, compare(b, "tosa.greater", zero, difference, (m,)))
        above = both(active, compare(b, "tosa.greater", difference, zero, (m,)))
        found = b.value("tosa.logical_or", [found, hit], flags)
        at = select(b, hit, probe, at, vector)
        hi = select(b, below, mid, hi, vector)
        lo = select(b, above, tosa.binary(b, "tosa.add", mid, one, vector), lo, vector)
    return at, found
