"""GATHER, GATHER_ND, EMBEDDING_LOOKUP: values read at runtime indices, with `tosa.gather`.

Everything becomes `tosa.gather` on [N, K, C] with reshapes around it. All are
`StaticPattern`s run on stored values by `OnStorage` (lib/on_storage.py) when params and
result are quantized alike, as TFLite copies them raw (reference/gather.h,
gather_nd.h, embedding_lookup.cc: EvalSimple).

EMBEDDING_LOOKUP of quantized rows into a float result is TFLite's hybrid kernel
(embedding_lookup.cc: EvalHybrid, EvalBlockwise): each gathered row times its scale,
`float(q) * s` with the per-tensor scale, the row's scale (per-axis on dimension 0) or
the block's fp16 scale (blockwise int4/int2, 2-D). The int4 and int2 unpackers
multiply `float(16 q)` by `s / 16` (`64 q` by `s / 64`): the same real product, so the
same float. uint8 rows are read as int8 bytes (`GetTensorData<int8_t>`), and no zero
point is read.

The writes, at runtime indices, are one-hot folds (`segment_fold`): SCATTER_ND,
SEGMENT_SUM, UNSORTED_SEGMENT_SUM/PROD/MAX/MIN and EMBEDDING_LOOKUP_SPARSE compare each
index with every output row (tosa.equal), select the value or the fold's identity, and
reduce along the indices in index order, so repeated indices add up (multiply, ...) as
TFLite's loops do; SPARSE_TO_DENSE, whose repeated indices keep the last value, folds the
index order with a max and gathers. DENSIFY passes on its operand, a sparse constant the
driver has densified (tfl_sparse.py).

HASHTABLE_LOOKUP finds each lookup among the keys with C's `bsearch` (hashtable_lookup.cc),
whose probes (glibc's: halve [lo, hi), compare `lookup - key` in wrapping int32) are
unrolled over all lookups at once, so unsorted or repeated keys give TFLite's answer too.
"""
from __future__ import annotations

import math

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.linalg import generic
from tfl2quant.dialects.quant.types import UniformQuantizedSubChannelType
from tfl2quant.dialects.tfl import constant_array, constant_attr
from tfl2quant.ir.affine import AffineMap, const, dim
from tfl2quant.ir.types import FloatType, element_type, f16, f32, i1, i8, i16, i32, numpy_dtype, tensor

from ...lib.emit import broadcast_to, compare, concat, reshape, select, slice_, slice_axis, splat, tile
from ...lib.gather import bsearch, gather, hits_of, index32
from ...lib.hybrid import block_scales, packed_values, unpack
from ...lib.patterns import StaticPattern
from ...lib.query import (Reason, const_ints, constants, floats_only, non_empty, option, qtype, rank, role, signless,
                         static_shapes, storage_name)
from ...rule import FloatPattern, IntegerPattern


class Gather(StaticPattern):
    """params [B.., O.., K, C..] with indices [B.., W..] -> tosa.gather on [B*O, K, C]
    with the indices tiled over O. Out-of-range indices are an error in TFLite
    (reference/gather.h) and unpredictable in TOSA."""

    def rewrite(self, b, op, operands, result_types):
        params, indices = operands[:2]
        p, ishape = params.type.shape, indices.type.shape
        axis = option(op, "axis") % len(p)
        batch_dims = option(op, "batch_dims")
        batch_dims += len(ishape) if batch_dims < 0 else 0
        batch, outer, inner = (math.prod(p[:batch_dims]), math.prod(p[batch_dims:axis]),
                               math.prod(p[axis + 1:]))
        width = math.prod(ishape[batch_dims:])
        idx = tile(b, reshape(b, index32(b, indices), (batch, 1, width)), (1, outer, 1))
        y = gather(b, reshape(b, params, (batch * outer, p[axis], inner)), reshape(b, idx, (batch * outer, width)))
        return [reshape(b, y, result_types[0].shape)]


class GatherNd(StaticPattern):
    """The last index dimension (nd coordinates) becomes one flat row index:
    sum(coordinate * row stride) in i32, then tosa.gather on [1, rows, slice]."""

    def rewrite(self, b, op, operands, result_types):
        params, indices = operands[:2]
        p, ishape = params.type.shape, indices.type.shape
        nd, count = ishape[-1], math.prod(ishape[:-1])
        idx = reshape(b, index32(b, indices), (count, nd))
        if nd > 1:
            strides = np.array([[math.prod(p[j + 1:nd]) for j in range(nd)]], np.int32)
            idx = tosa.mul(b, idx, tosa.const(b, strides, i32), idx.type)
            idx = tosa.reduce(b, "tosa.reduce_sum", idx, 1)
        values = reshape(b, params, (1, math.prod(p[:nd]), math.prod(p[nd:])))
        return [reshape(b, gather(b, values, reshape(b, idx, (1, count))), result_types[0].shape)]


class EmbeddingLookup(StaticPattern):
    """EMBEDDING_LOOKUP(lookup [L], value [R, ...]): rows of `value`, a GATHER on axis 0.
    An index out of [0, R) is an error in TFLite and unpredictable in TOSA."""

    data = (1,)

    def rewrite(self, b, op, operands, result_types):
        lookup, value = operands
        rows = value.type.shape[0]
        width = math.prod(value.type.shape[1:])
        y = gather(b, reshape(b, value, (1, rows, width)),
                   reshape(b, index32(b, lookup), (1, lookup.type.shape[0])))
        return [reshape(b, y, result_types[0].shape)]


class HybridEmbeddingLookup(IntegerPattern):
    """Quantized constant rows, f32 result: EvalHybrid / EvalBlockwise (module docstring)."""

    def unsupported(self, op):
        lookup, value = op.operands
        reason = static_shapes(op)
        if reason:
            return reason
        if str(element_type(op.result.type)) != "f32":
            return f"a hybrid EMBEDDING_LOOKUP into {element_type(op.result.type)}; the pattern writes f32"
        if storage_name(value) not in ("i8", "u8", "i4", "i2") or constant_attr(value) is None:
            return "hybrid EMBEDDING_LOOKUP rows are constant int8, uint8, int4 or int2"
        q = qtype(value)
        per_byte = {"i4": 2, "i2": 4}.get(storage_name(value), 1)
        if math.prod(value.type.shape[1:]) % per_byte:
            return (f"{storage_name(value)} rows of {math.prod(value.type.shape[1:])} values: TFLite's unpacker "
                    f"starts every row at a byte boundary, so rows that do not fill whole bytes are read shifted")
        if isinstance(q, UniformQuantizedSubChannelType):
            if len(value.type.shape) != 2 or storage_name(value) not in ("i4", "i2") or q.block_sizes[0] != 1:
                return "blockwise EMBEDDING_LOOKUP rows are 2-D int4 or int2 in blocks along a row (EvalBlockwise)"
            return None
        if len(q.scales_flat()) > 1 and getattr(q, "quantized_dimension", 0) != 0:
            return "per-axis EMBEDDING_LOOKUP rows are quantized along dimension 0 (Prepare)"
        return None

    def rewrite(self, b, op, operands):
        lookup, value = op.operands
        shape = value.type.shape
        rows, width = shape[0], math.prod(shape[1:])
        q = qtype(value)
        count = lookup.type.shape[0]
        index = reshape(b, index32(b, operands[0]), (1, count))
        if q.storage_width < 8:  # the rows as stored, unpacked once gathered (hybrid.unpack)
            packed = packed_values(value, rows)
            picked = gather(b, tosa.const(b, packed.reshape(1, rows, -1), i8), index)
            picked = unpack(b, reshape(b, picked, (count, packed.shape[1], 1)), q.storage_width)  # [count, n, 8 / bits]
        else:  # a view of the stored bytes (uint8 read as int8 bytes, as the kernel does)
            table = np.asarray(constant_array(value)).view(np.int8).reshape(1, rows, width)
            picked = gather(b, tosa.const(b, table, i8), index)
        if isinstance(q, UniformQuantizedSubChannelType):  # the fp16 tensor, read as f32
            scales = block_scales(value)
            blocks = scales.shape[1]
            picked_scales = gather(b, tosa.const(b, scales.reshape(1, rows, blocks), f16), index)
            picked_scales = tosa.cast(b, picked_scales, tensor((1, count, blocks), f32))
        else:
            scales = np.broadcast_to(np.asarray(q.scales_flat(), np.float32), (rows,)).reshape(1, rows, 1)
            blocks = 1
            picked_scales = gather(b, tosa.const(b, np.ascontiguousarray(scales), f32), index)
        block_shape = (count, blocks, width // blocks)
        y = generic(b, [reshape(b, picked, block_shape), reshape(b, picked_scales, (count, blocks, 1))],
                    [AffineMap.identity(3), AffineMap(3, (dim(0), dim(1), const(0)))], tensor(block_shape, f32),
                    lambda r, a: r.value("arith.mulf", [r.value("arith.sitofp", [a[0]], f32), a[1]], f32))
        return [reshape(b, y, op.result.type.shape)]


# --- scattering and segment reductions ---------------------------------------------------------

SCATTER_FOLDS = {  # TFLite's accumulation -> (TOSA reduction, value of a position nothing reaches)
    "sum": ("tosa.reduce_sum", 0), "prod": ("tosa.reduce_product", 1),
    "max": ("tosa.reduce_max", "lowest"), "min": ("tosa.reduce_min", "highest"),
}


def fold_identity(init, elem) -> np.ndarray:
    """The initial value of a fold as a 1-element array of `elem` (numeric_limits lowest/max for
    MAX/MIN: -FLT_MAX, not -inf, as in unsorted_segment.cc)."""
    dtype = numpy_dtype(elem)
    if init in ("lowest", "highest"):
        info = np.finfo(dtype) if np.issubdtype(dtype, np.floating) else np.iinfo(dtype)
        init = info.min if init == "lowest" else info.max
    return np.array(init, dtype)


def segment_fold(b, fold: str, data, ids, rows: int):
    """data [N, C] and i32 `ids` [N] -> [rows, C]: row k folds, in index order, the data rows n
    with ids[n] == k onto the fold's initial value; ids outside [0, rows) reach no row.

    One-hot form: select(ids[n] == k, data[n, c], init) over [N, rows, C], then the TOSA
    reduction along n. The initial value is the fold's identity, so the positions a row does
    not take change nothing (0 + x, 1 * x, max(lowest, x) are exactly x), and the in-order
    float sum and product are TFLite's loop (WrappingAdd, UnsortedSegmentRef). Booleans
    (SCATTER_ND's bool `a + b`) fold with reduce_any. MAX/MIN skip NaN data, as std::max and
    std::min keep the accumulator when compared with NaN. int8 sums run in i32 (TOSA's
    reduce_sum type) and are cast back, which wraps like TFLite's int8 WrappingAdd; integer
    products are `integer_product`, as TOSA's reduce_product takes floats only."""
    (n, c), elem = data.type.shape, element_type(data.type)
    name, init = ("tosa.reduce_any", False) if elem == i1 else SCATTER_FOLDS[fold]
    identity = tosa.const(b, fold_identity(init, elem).reshape(1, 1, 1), elem)
    if fold in ("max", "min") and isinstance(elem, FloatType):
        number = compare(b, "tosa.equal", data, data, data.type.shape)  # false for NaN
        data = select(b, number, data, reshape(b, identity, (1, 1)), data.type)
    rows_iota = tosa.const(b, np.arange(rows, dtype=np.int32).reshape(1, rows, 1), i32)
    hit = compare(b, "tosa.equal", reshape(b, ids, (n, 1, 1)), rows_iota, (n, rows, 1))
    picked = select(b, hit, reshape(b, data, (n, 1, c)), identity, tensor((n, rows, c), elem))
    if name == "tosa.reduce_sum" and elem in (i8, i16):  # TOSA sums i32: wrapped back, as WrappingAdd
        total = tosa.reduce(b, name, tosa.cast(b, picked, picked.type.with_element_type(i32)), 0)
        return reshape(b, tosa.cast(b, total, total.type.with_element_type(elem)), (rows, c))
    if name == "tosa.reduce_product" and not isinstance(elem, FloatType):
        return reshape(b, integer_product(b, picked), (rows, c))
    return reshape(b, tosa.reduce(b, name, picked, 0), (rows, c))


def integer_product(b, x):
    """The wrapping product along axis 0 of an integer [N, ...] -> [1, ...]: TOSA's
    reduce_product takes floats only, so halves are multiplied (tosa.mul, shift 0), log2(N)
    times. Products modulo 2^32 do not depend on the order, so this is TFLite's loop
    (MulTensorValuesWithExpectedOverflow)."""
    while x.type.shape[0] > 1:
        n = x.type.shape[0]
        half = n // 2
        low, high = slice_axis(b, x, 0, 0, half), slice_axis(b, x, 0, half, half)
        product = tosa.mul(b, low, high, low.type)
        x = concat(b, [product, slice_axis(b, x, 0, 2 * half, 1)], 0) if n % 2 else product  # odd: last kept
    return x


def flat_index(b, indices, dims):
    """i32 `indices` [N, nd] of coordinates into `dims` -> [N] row-major flat positions."""
    count, nd = indices.type.shape
    if nd == 1:
        return reshape(b, indices, (count,))
    strides = np.array([[math.prod(dims[j + 1:nd]) for j in range(nd)]], np.int32)
    scaled = tosa.mul(b, indices, tosa.const(b, strides, i32), indices.type)
    return reshape(b, tosa.reduce(b, "tosa.reduce_sum", scaled, 1), (count,))


def not_quantized(op, what: str) -> Reason:
    for v in (*op.operands, *op.results):
        if qtype(v) is not None:
            return f"{role(op, v)} is quantized; TFLite {what}"
    return None


class ScatterNd(StaticPattern):
    """SCATTER_ND(indices [B.., nd], updates [B.., S..], shape) -> zeros of `shape` with each
    update slice ADDED at its index (reference_ops.h: ScatterNd, WrappingAdd): duplicates
    accumulate, in index order. A `segment_fold` "sum" over the flat slice positions; an index
    out of range is an error in TFLite and reaches no slice here.

    int8 updates are added as stored integers, wrapping, whatever their quantization: the
    pattern runs `on_storage` (OnStorage, alike=False) and the float pattern declines them."""

    data = (1,)

    def __init__(self, on_storage: bool = False):
        self.on_storage = on_storage

    def check(self, op):
        kind = storage_name(op.operands[1])
        return (static_shapes(op) or signless(op)
                or (None if self.on_storage else not_quantized(op, "adds the stored values"))
                or (None if kind in ("f32", "i8", "i32", "i64", "i1") else
                    f"updates of {kind}; TFLite's SCATTER_ND takes float32, int8, int32, int64 and bool "
                    f"(uint8 would be read as signed)"))

    def rewrite(self, b, op, operands, result_types):
        indices, updates = operands[:2]
        out = result_types[0].shape
        nd = indices.type.shape[-1]
        count = math.prod(indices.type.shape[:-1])
        rows, width = math.prod(out[:nd]), math.prod(out[nd:])
        flat = flat_index(b, reshape(b, index32(b, indices), (count, nd)), out)
        y = segment_fold(b, "sum", reshape(b, updates, (count, width)), flat, rows)
        return [reshape(b, y, out)]


class SegmentFold(FloatPattern):
    """SEGMENT_SUM (segment_sum.cc) and UNSORTED_SEGMENT_SUM/PROD/MAX/MIN (unsorted_segment.cc):
    data [I.., C..] with i32 segment ids [I..] -> [rows, C..]; each row folds the data whose id
    is the row, in index order, from 0 / 1 / lowest / highest (the rows no id names keep that
    value). Negative ids are skipped (UnsortedSegmentRef), as any id outside [0, rows).

    The row count is the result's first dimension: num_segments for the unsorted ops;
    max(segment_ids) + 1 for SEGMENT_SUM, which TFLite computes at run time (the model's
    static result shape stands for it)."""

    def __init__(self, fold: str):
        self.fold = fold

    def unsupported(self, op):
        return (static_shapes(op) or non_empty(op) or signless(op)
                or not_quantized(op, "folds float32 and int32 tensors only")
                or rank(op, op.results[0], at_least=1))

    def rewrite(self, b, op, operands, result_types):
        data, ids = operands[:2]
        out = result_types[0].shape
        count = math.prod(ids.type.shape)
        width = math.prod(data.type.shape) // count
        y = segment_fold(b, self.fold, reshape(b, data, (count, width)), reshape(b, index32(b, ids), (count,)),
                         out[0])
        return [reshape(b, y, out)]


class SparseToDense(StaticPattern):
    """SPARSE_TO_DENSE(indices [N] or [N, D], output_shape, values [N] or scalar, default)
    (reference_ops.h: SparseToDense): `default` everywhere, then values[i] (or the scalar
    value) written at indices[i] in order, so a repeated index keeps the LAST value.

    Which i wrote a position last: reduce_max over i of select(index[i] == p, i, INT32_MIN)
    (a `segment_fold` "max" of the i); then tosa.gather of values at that i, and `default`
    where it is negative. An index out of range is an error in TFLite and writes nothing
    here."""

    data = (2, 3)

    def check(self, op):
        return static_shapes(op) or signless(op)

    def rewrite(self, b, op, operands, result_types):
        indices, _, values, default = operands
        out = result_types[0].shape
        ishape = indices.type.shape
        count = 1 if len(ishape) == 0 else ishape[0]
        nd = ishape[1] if len(ishape) == 2 else 1
        positions = math.prod(out)
        flat = flat_index(b, reshape(b, index32(b, indices), (count, nd)), out)
        order = tosa.const(b, np.arange(count, dtype=np.int32).reshape(count, 1), i32)
        last = segment_fold(b, "max", order, flat, positions)  # [positions, 1]; lowest where none
        written = compare(b, "tosa.greater_equal", last, splat(b, 0, last.type), last.type.shape)
        elem = element_type(values.type)
        if len(values.type.shape) == 0:
            picked = reshape(b, values, (1, 1))
        else:
            at = tosa.binary(b, "tosa.maximum", last, splat(b, 0, last.type), last.type)
            picked = reshape(b, gather(b, reshape(b, values, (1, count, 1)), reshape(b, at, (1, positions))),
                             (positions, 1))
        y = select(b, written, picked, reshape(b, default, (1, 1)), tensor((positions, 1), elem))
        return [reshape(b, y, out)]


class EmbeddingLookupSparse(FloatPattern):
    """EMBEDDING_LOOKUP_SPARSE(ids [L], indices [L, R], dense_shape [R], weights [L],
    params [V, E..]) (embedding_lookup_sparse.cc): lookup i goes to the output row
    (bucket) of its first R - 1 coordinates; a row is the in-order sum of params[ids[i]] *
    weights[i], then for MEAN divided by the sum of its weights, for SQRTN by sqrt of the
    sum of their squares (rows that no lookup reaches stay 0). The kernel finalizes a bucket
    when the next lookup leaves it, so for MEAN and SQRTN this is its result when each row's
    lookups are consecutive, as in a sorted SparseTensor (checked when the indices are
    constant; SUM does not depend on it). dense_shape must be constant: it gives the output
    shape [dense_shape[:-1].., E..]; an index out of range is an error in TFLite."""

    def unsupported(self, op):
        ids, indices, dense_shape, weights, params = op.operands
        reason = (static_shapes(op) or non_empty(op)
                  or constants(op, {2: "dense_shape"}) or floats_only(op, [weights, params, op.results[0]])
                  or not_quantized(op, "reads float tensors only"))
        if reason:
            return reason
        shape = self.result_shape(op)
        if tuple(op.results[0].type.shape) != shape:
            return f"result 0 is {op.results[0].type}; the kernel gives it shape {list(shape)}"
        known = constant_array(indices)
        if known is not None and option(op, "combiner", "SUM") != "SUM" and len(indices.type.shape) == 2:
            rows = np.asarray(known).reshape(indices.type.shape)[:, :-1]
            starts = (np.any(rows[1:] != rows[:-1], axis=1) if len(rows) > 1 else np.zeros(0, bool))
            if len({tuple(r) for r in rows}) != int(starts.sum()) + 1:
                return ("an output row's lookups are not consecutive in the constant indices: the kernel "
                        "divides each run of them apart")
        return None

    @staticmethod
    def result_shape(op) -> tuple:
        return tuple(const_ints(op, 2)[:-1]) + tuple(op.operands[4].type.shape[1:])

    def rewrite(self, b, op, operands, result_types):
        ids, indices, _, weights, params = operands
        dense_shape = const_ints(op, 2)
        count, lookup_rank = indices.type.shape
        rows = math.prod(dense_shape[:-1])
        width = math.prod(params.type.shape[1:])
        looked = gather(b, reshape(b, params, (1, params.type.shape[0], width)),
                        reshape(b, index32(b, ids), (1, count)))
        w = reshape(b, weights, (count, 1))
        weighted = tosa.mul(b, reshape(b, looked, (count, width)), w, tensor((count, width), f32))
        if lookup_rank > 1:
            coords = slice_(b, index32(b, indices), (0, 0), (count, lookup_rank - 1))
            bucket = flat_index(b, coords, dense_shape[:-1])
        else:  # one output row, no coordinates
            bucket = tosa.const(b, np.zeros(count, np.int32), i32)
        combiner = option(op, "combiner", "SUM")
        if combiner == "SUM":
            y = segment_fold(b, "sum", weighted, bucket, rows)
        else:  # one fold of [weighted | weight (MEAN) or its square (SQRTN) | 1 (counts the lookups)]
            w_or_square = w if combiner == "MEAN" else tosa.mul(b, w, w, w.type)
            ones = tosa.const(b, np.ones((count, 1), np.float32), f32)
            folded = segment_fold(b, "sum", concat(b, [weighted, w_or_square, ones], 1), bucket, rows)
            y = slice_(b, folded, (0, 0), (rows, width))
            total = slice_(b, folded, (0, width), (rows, 1))
            if combiner == "SQRTN":
                total = b.value("math.sqrt", [total], total.type)
            reached = compare(b, "tosa.greater", slice_(b, folded, (0, width + 1), (rows, 1)),
                              splat(b, 0.0, tensor((1, 1), f32)), (rows, 1))
            divided = b.value("arith.divf", [y, broadcast_to(b, total, (rows, width))], y.type)
            y = select(b, reached, divided, y, y.type)
        return [reshape(b, y, self.result_shape(op))]


class Densify(StaticPattern):
    """DENSIFY (densify.cc) of a sparse constant: the driver already densified the constant
    (tfl_sparse.py) into an arith.constant, which the op passes on; on stored values
    (OnStorage) whatever the quantization, as the kernel copies the values raw."""

    constants = {0: "input"}

    def rewrite(self, b, op, operands, result_types):
        return [operands[0]]


class HashtableLookup(StaticPattern):
    """HASHTABLE_LOOKUP(lookup [M] i32, keys [N] i32, values [N, ..]) -> (rows [M, ..], hits
    [M] u8): row i is values[k] where bsearch finds lookup[i] at keys[k], else zero bytes
    (so the stored 0 of a quantized row, not its zero point); hits[i] is 1 or 0. glibc's
    bsearch (bits/stdlib-bsearch.h) probes (lo + hi) / 2 of [lo, hi), starting at [0, N),
    and compares with the kernel's `greater`, an int32 `lookup - key` that wraps; each of
    its at most bit_length(N) probes is one step here, on every lookup at once."""

    data = (2,)
    GATHERED = ("f32", "f16", "bf16", "i32", "i16", "i8")  # element types tosa.gather moves

    def check(self, op) -> Reason:
        lookup, keys, values = op.operands
        reason = static_shapes(op, [lookup, keys]) or non_empty(op, [lookup, keys])
        if reason:
            return reason
        e = element_type(values.type)
        name = storage_name(values) if qtype(values) is not None else str(e)
        if name not in self.GATHERED:
            return f"values of {e}: tosa.gather moves {', '.join(self.GATHERED)} elements"
        return None

    def rewrite(self, b, op, operands, result_types):
        lookup, keys, values = operands
        (m,), (n,) = lookup.type.shape, keys.type.shape
        at, found = bsearch(b, lookup, keys)
        rows_type = result_types[0]
        width = math.prod(values.type.shape[1:])
        rows = reshape(b, gather(b, reshape(b, values, (1, n, width)), reshape(b, at, (1, m))), (m, width))
        e = element_type(rows_type)
        empty = tosa.const(b, np.zeros((1, 1), numpy_dtype(e)), e)
        rows = select(b, reshape(b, found, (m, 1)), rows, empty, tensor((m, width), e))
        return [reshape(b, rows, rows_type.shape), hits_of(b, found, result_types[1])]
