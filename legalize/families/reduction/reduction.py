"""MEAN, SUM, REDUCE_{PROD,MAX,MIN,ANY,ALL}, ARG_MAX, ARG_MIN, CUMSUM, TOPK_V2 (UNIQUE:
unique.py; NON_MAX_SUPPRESSION_V4/V5: non_max_suppression.py).

TFLite reduces the listed axes, negative ones counted from the back, repeats
ignored (ResolveAxis in kernels/reduce.cc); keep_dims only shapes the result,
which the final tosa.reshape takes from the result type. Adjacent reduced axes
are merged by a reshape first, so each run of them is one `tosa.reduce_*`
(which keeps the axis with extent 1).

Order. reference/reduce.h visits the input in row-major order and folds each
element into its output: every output sees its values in row-major order of
the reduced coordinates. Float sums and products depend on that order, so when
the reduced axes are not one run they are first transposed behind the kept
ones (ascending), making them one run; TOSA's REDUCE_SUM/PRODUCT fold along
the axis in index order. MEAN divides that sum by the element count in
float32 (`temp_sum / N`, reference/reduce.h Mean): `arith.divf` (TOSA has no
float division; a product with 1/N differs in the last bit). On int32 the
C++ division truncates: tosa.intdiv.

Quantized MEAN and SUM (int8, uint8, int16), REDUCE_PROD (int8, int16): see
QuantizedMeanOrSum and QuantizedReduceProd below.

REDUCE_MAX/MIN keep `in > current ? in : current` from the lowest value, which
skips NaN: nan_mode IGNORE. ARG_MAX keeps the first maximum (a strict `>` in
reference/arg_min_max.h), as tosa.argmax does; ARG_MIN is tosa.argmax of
`-x` for floats (exact) and of `~x = -1 - x` for integers (no overflow). On
quantized tensors all four compare raw stored values (StoredOrder).

TOPK_V2 sorts without a sort op: see TopKV2.
"""
from __future__ import annotations

import math

import numpy as np

from tfl2quant.dialects import arith, tosa
from tfl2quant.dialects.linalg import generic
from tfl2quant.dialects.quant.ops import storage_type_of
from tfl2quant.ir.affine import AffineMap, const, dim
from tfl2quant.ir.attributes import IntegerAttr
from tfl2quant.ir.types import (UNSIGNED, FloatType, IntegerType, element_type, f32, i1, i8, i16, i32, i64,
                                numpy_dtype, tensor)

from ...lib.emit import NAN_IGNORE, UNSIGNED_OFFSET, compare, concat, flip_sign_bit, reshape, reverse, select, slice_axis, splat
from ...lib.fixed_point import quantize_multiplier
from ...lib.gather import gather
from ...lib.patterns import StaticPattern
from ...lib.query import (const_ints, is_float, option, per_tensor, per_tensor_only, qtype,
                         quantized_alike, storage, storage_name)
from ...lib.rescale import mbqm_fixed, mbqm_reason
from ...rule import IntegerPattern

IN_ORDER = ("tosa.reduce_sum", "tosa.reduce_product")  # float results depend on the order
MAX_UNROLLED = 256  # REDUCE_PROD steps and CUMSUM elements written out one by one


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


def reduced_last(b, x, axes: set[int]):
    """`x` with the reduced axes (ascending) moved behind the kept ones, and their new positions."""
    rank = len(x.type.shape)
    kept = [k for k in range(rank) if k not in axes]
    perm = kept + sorted(axes)
    if perm != list(range(rank)):
        x = tosa.transpose(b, x, perm)
    return x, set(range(len(kept), rank))


class Reduce(StaticPattern):
    constants = {1: "axes"}
    dynamic = True  # a kept axis may be `?`; the reduced ones are static (check)

    def __init__(self, tosa_name: str):
        self.tosa_name = tosa_name

    def check(self, op):
        boolean = element_type(op.operands[0].type) == i1
        if boolean != (self.tosa_name in ("tosa.reduce_any", "tosa.reduce_all")):
            return f"{self.tosa_name} of {element_type(op.operands[0].type)}"
        if any(op.operands[0].type.shape[a] is None for a in self.axes(op)):
            return f"reduction over a dynamic dimension of {op.operands[0].type}"
        return None

    def axes(self, op) -> set[int]:
        rank = len(op.operands[0].type.shape)
        return {a % rank for a in const_ints(op, 1)} if rank else set()

    def count(self, op) -> int:
        """N, the number of values each output reduces."""
        return math.prod(op.operands[0].type.shape[a] for a in self.axes(op))

    def reduce(self, b, op, x):
        """`x` reduced over the op's axes, each run to extent 1 (the result's shape is the caller's)."""
        axes = self.axes(op)
        if self.tosa_name in IN_ORDER and is_float(x) and len(merged_axes(x.type.shape, axes)[1]) > 1:
            x, axes = reduced_last(b, x, axes)
        dims, merged = merged_axes(x.type.shape, axes)
        x = reshape(b, x, dims)
        for axis in merged:
            x = reduce_one(b, self.tosa_name, x, axis)
        return x

    def rewrite(self, b, op, operands, result_types):
        return [reshape(b, self.reduce(b, op, operands[0]), result_types[0].shape)]


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
        if isinstance(t.element_type, FloatType):
            count = numpy_dtype(t.element_type).type(self.count(op))  # static_cast<float>(N)
            return [b.value("arith.divf", [total, arith.constant(b, count, t)], t)]
        divisor = tosa.const(b, np.full((1,) * len(t.shape), self.count(op), np.int32), i32)
        return [tosa.binary(b, "tosa.intdiv", total, divisor, t)]


# --- quantized MEAN and SUM ---------------------------------------------------------------

INT16_SUM = ("BUILTIN_REF's int16 SUM reads the int16 buffers as bytes and leaves half of the output "
             "unwritten (reduce.cc: QuantizedMeanOrSum<uint8_t>)")


class QuantizedMeanOrSum(IntegerPattern):
    """MEAN and SUM of int8, uint8 and int16 (reduce.cc: PrepareMeanOrSum, EvalMean, EvalSum;
    reference/reduce.h: QuantizedMeanOrSum; BUILTIN_REF always takes it, also for the 4-D
    keep_dims mean over H and W, whose special kernel only the optimized resolver has).

    With `real = s (q - z)`, the sum of N inputs is `si (acc)`, `acc = sum q - zi N`, and
    `so (q_out - zo) = si acc / N` (MEAN; SUM without `/ N`), so

        (m, e) = QM(double(si) / double(so))                   Prepare, in f64
        SUM:   q_out = clamp(zo + MBQM(acc, m, e))
        MEAN:  k = min(floor(log2 N), 32, 31 + e)
               q_out = clamp(zo + MBQM(acc, (int64(m) << k) / N, e - k))

    MEAN folds 1/N into the multiplier (truncating division) and keeps `k` more bits; clamp is
    to the storage range (there is no fused activation). `acc` is int32: the sum widened to
    i32 (tosa.reduce_sum), minus the constant `zi N`; MBQM is tosa.rescale (rescale.py).
    uint8 values are summed as the int8 `u ^ 0x80 = u - 128` (TOSA rescales unsigned values
    to 8 and 16 bits only), which moves 128 N into the constant, and the result byte is
    `clamp(zo + MBQM, 0, 255) - 128`, a signed rescale with zero point `zo - 128`, flipped back.

    BUILTIN_REF's SUM passes every quantized buffer as `uint8_t` (reduce.cc:
    QuantizedMeanOrSum<T, kReference>), so int8 SUM reads each stored int8 as the uint8 of
    its bits, keeps its own zero points, clamps to [0, 255] and writes that byte: the uint8
    arithmetic above with int8 zero points. int16 SUM reads half of the input's bytes and
    writes half of the output's: no pattern can match memory it leaves unwritten.
    """

    def __init__(self, mean: bool):
        self.mean, self.reduce = mean, Reduce("tosa.reduce_sum")

    def unsupported(self, op):
        x, y = op.operands[0], op.result
        return (self.reduce.unsupported(op)
                or storage(op, "i8", "u8", "i16", values=[x, y])
                or per_tensor_only(op, [x, y])
                or (INT16_SUM if not self.mean and storage_name(x) == "i16" else None)
                or mbqm_reason(_real_multiplier(op))
                or self._sum_fits(op))

    def _reads_unsigned(self, op) -> bool:
        q = per_tensor(op.operands[0])
        return not q.is_signed or (not self.mean and q.storage_width == 8)

    def _sum_fits(self, op):
        q = per_tensor(op.operands[0])
        lo, hi = (0, 255) if self._reads_unsigned(op) else q.storage_type_range
        n = self.reduce.count(op)
        if n * max(abs(lo - q.zero_point), abs(hi - q.zero_point)) >= 1 << 31:
            return f"the int32 sum of {n} values can overflow"
        return None

    def multiplier(self, op) -> tuple[int, int]:
        m, e = (int(v[0]) for v in quantize_multiplier([_real_multiplier(op)]))
        if not self.mean:
            return m, e
        n = self.reduce.count(op)
        k = min(n.bit_length() - 1, 32, 31 + e)
        return (m << k) // n, e - k

    def rewrite(self, b, op, operands):
        in_q, out_q = per_tensor(op.operands[0]), per_tensor(op.result)
        n = self.reduce.count(op)
        unsigned = self._reads_unsigned(op)
        # TOSA rescales uint8 only to 8 and 16 bits: read u as the int8 s = u ^ 0x80 = u - 128,
        # so sum u - zi N = sum s - (zi - 128) N
        x = flip_sign_bit(b, operands[0]) if unsigned else operands[0]
        x = tosa.cast(b, x, x.type.with_element_type(i32))
        acc = self.reduce.reduce(b, op, x)  # reshaped to the result last: TOSA keeps ranks >= 1
        offset = (in_q.zero_point - (UNSIGNED_OFFSET if unsigned else 0)) * n
        if offset:
            acc = tosa.binary(b, "tosa.sub", acc, splat(b, offset, acc.type), acc.type)
        m, e = self.multiplier(op)
        stored = acc.type.with_element_type(element_type(storage_type_of(op.result.type)))
        if not unsigned:
            y = mbqm_fixed(b, acc, m, e, out_q.zero_point, stored)
        elif out_q.zero_point - UNSIGNED_OFFSET >= -128:  # the byte clamp(zo + MBQM, 0, 255) less 128
            y = flip_sign_bit(b, mbqm_fixed(b, acc, m, e, out_q.zero_point - UNSIGNED_OFFSET, stored))
        else:  # BUILTIN_REF's int8 SUM with zo < 0: zo - 128 is no int8 zero point; add it in i32
            y = mbqm_fixed(b, acc, m, e, 0, acc.type)
            y = tosa.binary(b, "tosa.add", y, splat(b, out_q.zero_point - UNSIGNED_OFFSET, y.type), y.type)
            y = flip_sign_bit(b, tosa.rescale(b, y, [1 << 30], [30], 0, 0, stored))  # saturates to int8
        return [reshape(b, y, op.result.type.shape)]


def _real_multiplier(op) -> float:
    """double(si) / double(so) with the scales as TFLite stores them (float32)."""
    si, so = per_tensor(op.operands[0]).scale, per_tensor(op.result).scale
    return float(np.float64(np.float32(si)) / np.float64(np.float32(so)))


# --- quantized REDUCE_PROD -------------------------------------------------------------------

class QuantizedReduceProd(IntegerPattern):
    """REDUCE_PROD of int8 and int16 (reduce.cc: PrepareProd, GetQuantProdScaling,
    EvalQuantizedProd; reference/reduce.h: QuantizedReduceProd).

    The product of N inputs is `si^N prod (q - zi) = so (q_out - zo)`. Each of the N
    multiplications by `M = si / so^(1/N)` (f64) keeps the accumulator in range:

        (m, e) = QM(M)
        acc = q_0 - zi                                 the first value: no scaling
        acc = MBQM64(acc * (q_j - zi), m, e)           j = 1 .. N-1, int64 product
        q_out = clamp(zo + MBQM64(acc, m, e))

    in row-major order of the reduced coordinates (the first one is where they are all 0).
    MBQM64 is the int64 overload (internal/common.cc): `m16 = m < 0x7FFF0000 ?
    (m + 2^15) >> 16 : 0x7FFF`, `n = 15 - e`, `int32((x m16 + 2^(n-1)) >> n)`: 16 bits of
    multiplier, one rounding (ties up), truncated to int32 (acc is an int32). TOSA has no
    int64 multiply, so after moving the reduced values last ([M, N]) the N steps are arith
    ops on i64 in one linalg.generic over the M outputs.
    """

    def __init__(self):
        self.reduce = Reduce("tosa.reduce_product")

    def unsupported(self, op):
        x, y = op.operands[0], op.result
        reason = (self.reduce.unsupported(op)
                  or storage(op, "i8", "i16", values=[x, y])
                  or per_tensor_only(op, [x, y]))
        if reason:
            return reason
        n = self.reduce.count(op)
        if n > MAX_UNROLLED:
            return f"a product of {n} values (the steps are unrolled up to {MAX_UNROLLED})"
        real = self.scaling(op)
        if not math.isfinite(real):
            return "REDUCE_PROD scaling is not finite"
        _, e = quantize_multiplier(real)
        if e > 14:  # MBQM64 shifts right by 15 - e
            return f"REDUCE_PROD scaling {real!r} needs a left shift of {int(e)}; the int64 MBQM takes 14 at most"
        return None

    def scaling(self, op) -> float:
        si, so = per_tensor(op.operands[0]).scale, per_tensor(op.result).scale
        return float(np.float32(si)) / math.pow(float(np.float32(so)), 1.0 / self.reduce.count(op))

    def rewrite(self, b, op, operands):
        in_q, out_q = per_tensor(op.operands[0]), per_tensor(op.result)
        n = self.reduce.count(op)
        x, axes = reduced_last(b, operands[0], self.reduce.axes(op))
        rows = math.prod(x.type.shape) // n
        x = reshape(b, x, (rows, n))
        m, e = (int(v) for v in quantize_multiplier(self.scaling(op)))
        m16 = (m + (1 << 15)) >> 16 if m < 0x7FFF0000 else 0x7FFF
        shift = 15 - e
        stored = element_type(x.type)
        lo, hi = out_q.storage_type_range

        def body(r, args):
            zi, m16_, rounding, shift_ = (arith.constant(r, v, i64) for v in
                                          (in_q.zero_point, m16, 1 << (shift - 1), shift))

            def centered(q):  # q - zi, in i64
                v = r.value("arith.extsi", [q], i64)
                return r.value("arith.subi", [v, zi], i64) if in_q.zero_point else v

            def mbqm64(v):  # -> i32
                v = r.value("arith.addi", [r.value("arith.muli", [v, m16_], i64), rounding], i64)
                return r.value("arith.trunci", [r.value("arith.shrsi", [v, shift_], i64)], i32)

            acc = centered(args[0])
            for q in args[1:n]:
                acc = r.value("arith.extsi", [mbqm64(r.value("arith.muli", [acc, centered(q)], i64))], i64)
            y = r.value("arith.addi", [mbqm64(acc), arith.constant(r, out_q.zero_point, i32)], i32)
            y = r.value("arith.maxsi", [y, arith.constant(r, lo, i32)], i32)
            y = r.value("arith.minsi", [y, arith.constant(r, hi, i32)], i32)
            return r.value("arith.trunci", [y], stored)

        maps = [AffineMap(1, (dim(0), const(j))) for j in range(n)]
        y = generic(b, [x] * n, maps, tensor((rows,), stored), body)
        return [reshape(b, y, op.result.type.shape)]


# --- selections: REDUCE_MAX/MIN, ARG_MAX/MIN on stored values -------------------------------

class StoredOrder(IntegerPattern):
    """`pattern` on raw stored values, compared as the kernel compares them: REDUCE_MAX/MIN
    (reduce.cc EvalType: uint8, int8, int16, input and output must share scale and zero
    point) and ARG_MAX/MIN (arg_min_max.cc: uint8 and int8; int16 is refused). TOSA reads
    signless integers as signed, so uint8 values are compared as `u ^ 0x80 = u - 128` (the
    same order) and a selected value is mapped back (emit.flip_sign_bit)."""

    def __init__(self, pattern: StaticPattern, kinds: tuple, alike: bool):
        self.pattern, self.kinds, self.alike = pattern, kinds, alike

    def unsupported(self, op):
        x = op.operands[0]
        return ((quantized_alike(op, [x, op.result]) if self.alike else None)
                or storage(op, *self.kinds, values=[x])
                or self.pattern.unsupported(op))

    def rewrite(self, b, op, operands):
        unsigned = not qtype(op.operands[0]).is_signed
        x = flip_sign_bit(b, operands[0]) if unsigned else operands[0]
        results = self.pattern.rewrite(b, op, [x, *operands[1:]], [storage_type_of(t) for t in op.result_types])
        return [flip_sign_bit(b, y) if unsigned and qtype(t) else y for y, t in zip(results, op.result_types)]


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
        if self.smallest and is_float(x):
            x = tosa.binary(b, "tosa.sub", splat(b, 0, x.type), x, x.type)
        elif self.smallest:
            x = b.value("tosa.bitwise_not", [x], x.type)
        return [b.value("tosa.argmax", [x], result_types[0], {"axis": IntegerAttr(axis, i32), "nan_mode": NAN_IGNORE})]


# --- CUMSUM ------------------------------------------------------------------------------------

class CumSum(StaticPattern):
    """CUMSUM (cumsum.cc; every resolver runs optimized_ops::CumSum, Eigen's scan): along
    `axis`, `out[k] = in[0] + ... + in[k]` added one at a time from the front; `exclusive`
    stops at `in[k-1]` (`out[0] = 0`), `reverse` runs from the back. TOSA has no scan: the
    running sum is one slice and one add per element, in the kernel's order, so float sums
    are the kernel's to the bit."""

    constants = {1: "axis"}

    def check(self, op):
        x = op.operands[0]
        elem = element_type(x.type)
        if elem not in (f32, i32, i64):  # what the kernel takes
            return f"cumsum of {elem}"
        n = x.type.shape[const_ints(op, 1)[0] % len(x.type.shape)] if x.type.shape else 1
        if n > MAX_UNROLLED:
            return f"a running sum of {n} values (the steps are unrolled up to {MAX_UNROLLED})"
        return None

    def rewrite(self, b, op, operands, result_types):
        x = operands[0]
        axis = const_ints(op, 1)[0] % len(x.type.shape)
        backward = option(op, "reverse", False)
        x = reverse(b, x, axis) if backward else x
        exclusive = option(op, "exclusive", False)
        n = x.type.shape[axis] - (1 if exclusive else 0)  # an exclusive sum never adds the last one
        values = [slice_axis(b, x, axis, k, 1) for k in range(n)]
        sums = values[:1]
        for v in values[1:]:
            sums.append(tosa.binary(b, "tosa.add", sums[-1], v, v.type))
        if exclusive:
            shape, elem = list(x.type.shape), element_type(x.type)
            shape[axis] = 1
            sums = [tosa.const(b, np.zeros(shape, numpy_dtype(elem)), elem)] + sums
        y = concat(b, sums, axis)
        return [reverse(b, y, axis) if backward else y]


# --- TOPK_V2 -------------------------------------------------------------------------------

MAX_PAIRS = 1 << 22  # TOPK_V2's pairwise comparisons ([rows, n, n] booleans) written out


class TopKV2(StaticPattern):
    """TOPK_V2 (kernels/topk_v2.cc): per row of the last axis the k largest values, largest
    first, and their int32 (or int16) indices. The kernel's order (compare_fun) puts
    element j before element i when v_j > v_i, or they are equal and j < i (the lower index
    first), and every number before every NaN (NaNs among themselves by index).

    TOSA has no sort: the rank of each element is how many elements go before it (pairwise
    tosa.greater / tosa.equal on [rows, n, n], counted by tosa.reduce_sum), a permutation of
    0 .. n-1; output position r takes the index whose rank is r (a one-hot tosa.equal against
    0 .. k-1, a tosa.select of the indices, summed), and tosa.gather reads the values there.
    """

    constants = {1: "k"}

    def check(self, op):
        x = op.operands[0]
        elem = element_type(x.type)
        if qtype(x) is None and elem not in (f32, i8, i16, i32):
            return f"TOPK_V2 of {x.type}: tosa.gather moves float32, int8, int16 and int32"
        shape = x.type.shape
        if not shape:
            return "TOPK_V2 of a scalar: the kernel takes rank >= 1"
        k = const_ints(op, 1)[0]
        if not 0 < k <= shape[-1]:
            return f"k = {k} for rows of {shape[-1]}"
        rows, n = math.prod(shape[:-1]), shape[-1]
        if rows * n * n > MAX_PAIRS:
            return f"TOPK_V2 of {rows} rows of {n} compares {rows * n * n} pairs (up to {MAX_PAIRS} are written out)"
        return None

    def rewrite(self, b, op, operands, result_types):
        x = operands[0]
        n, k = x.type.shape[-1], const_ints(op, 1)[0]
        rows = math.prod(x.type.shape[:-1])
        pairs = (rows, n, n)  # [row, i, j]: does element j go before element i?
        xi, xj = reshape(b, x, (rows, n, 1)), reshape(b, x, (rows, 1, n))
        index = np.arange(n)
        earlier = tosa.const(b, (index[None, :] < index[:, None])[None], i1)  # j < i
        tie = compare(b, "tosa.equal", xj, xi, pairs)
        before = compare(b, "tosa.greater", xj, xi, pairs)
        nan_first = None
        if is_float(x):  # NaN compares unequal to itself
            nan_i, nan_j = (b.value("tosa.logical_not", [compare(b, "tosa.equal", v, v, v.type.shape)],
                                    tensor(v.type.shape, i1)) for v in (xi, xj))
            tie = _logical(b, "tosa.logical_or", tie, _logical(b, "tosa.logical_and", nan_i, nan_j, pairs), pairs)
            not_nan_j = b.value("tosa.logical_not", [nan_j], nan_j.type)
            nan_first = _logical(b, "tosa.logical_and", nan_i, not_nan_j, pairs)  # a number before NaN i
        before = _logical(b, "tosa.logical_or", before, _logical(b, "tosa.logical_and", tie, earlier, pairs), pairs)
        if nan_first is not None:
            before = _logical(b, "tosa.logical_or", before, nan_first, pairs)
        ranks = reduce_one(b, "tosa.reduce_sum", tosa.cast(b, before, tensor(pairs, i32)), 2)  # [rows, n, 1]
        chosen = compare(b, "tosa.equal", ranks, tosa.const(b, np.arange(k, dtype=np.int32).reshape(1, 1, k), i32),
                         (rows, n, k))
        indices = select(b, chosen, tosa.const(b, index.astype(np.int32).reshape(1, n, 1), i32),
                         splat(b, 0, tensor((1, 1, 1), i32)), tensor((rows, n, k), i32))
        indices = reshape(b, reduce_one(b, "tosa.reduce_sum", indices, 1), (rows, k))
        values = gather(b, xi, indices)
        values_type, indices_type = result_types
        if element_type(indices_type) != i32:
            indices = tosa.cast(b, indices, tensor((rows, k), element_type(indices_type)))
        return [reshape(b, values, values_type.shape), reshape(b, indices, indices_type.shape)]


def _logical(b, name: str, x, y, shape):
    return b.value(name, [x, y], tensor(shape, i1))
