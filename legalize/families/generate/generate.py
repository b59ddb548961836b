"""Ops that generate values from shapes or seeds, and complex-number ops:
RANGE, ONE_HOT, the random ops, RFFT2D, REAL, IMAG, COMPLEX_ABS.

RANGE of constant operands is a constant, accumulated as kernels/range.cc does;
of run-time operands it is computed when the model's result shape is static (TFLite
sizes the result from the values, so a static one is the model's promise). ONE_HOT
compares the indices with an iota along the new axis.

Complex tensors stay `tensor<...xcomplex<f32>>` (TFLite's COMPLEX64; COMPLEX128 is
complex<f64>), built and taken apart by all-parallel linalg.generic ops whose bodies are
the complex dialect's scalar ops: RFFT2D is tosa.rfft2d (real and imaginary float32
halves) joined by complex.create; REAL, IMAG and COMPLEX_ABS are complex.re, complex.im
and complex.abs. So any consumer of a complex value reads one type, and iree-opt
verifies it all.

The random ops (kernels/random_ops.cc) draw from Philox4x32-10 seeded by the op's seed and
seed2 (philox.py). With a nonzero seed the numbers of TFLite's first Invoke depend on the
model alone: RANDOM_UNIFORM and RANDOM_STANDARD_NORMAL become those numbers (a tosa.const),
MULTINOMIAL samples the run-time logits with those draws. The kernels are stateful: each
later Invoke of the same interpreter continues the stream and gives new numbers, which a
function of the inputs cannot; the lowering is the first Invoke's (and the only one of a
fresh interpreter's). Seeds 0 and 0 make TFLite seed from /dev/urandom: nothing to
reproduce or compare, so those ops stay tfl ops.
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import linalg, tosa
from tfl2quant.dialects.arith import constant
from tfl2quant.dialects.assembly import CMPF
from tfl2quant.dialects.tfl import constant_array
from tfl2quant.ir.affine import AffineMap, const, dim
from tfl2quant.ir.attributes import BoolAttr, IntegerAttr
from tfl2quant.ir.types import (ComplexType, FloatType, element_type, f32, f64, i1, i32, i64, index, numpy_dtype,
                                tensor)

from ...lib.emit import broadcast_to, concat, reshape, select, slice_, slice_axis
from ...lib.query import const_ints, constants, is_float, option, rank, signless, static_shapes
from ...rule import FloatPattern
from . import philox


class Range(FloatPattern):
    """kernels/range.cc: out[0] = start, out[i + 1] = out[i] + delta in the operands' type.

    Constant operands: that accumulation at compile time (np.cumsum adds in order, in the
    element type), a tosa.const. Run-time operands with a static result: integers as
    start + i * delta (arith, which takes i64; equal to the accumulation, wrapping alike);
    floats as the accumulation itself, unrolled (each step rounds, so no closed form gives
    the kernel's values), up to MAX_UNROLLED values. A `?` result (integers; a size read
    from SHAPE, say): sized_at_run_time."""

    MAX_UNROLLED = 256

    def unsupported(self, op):
        if op.results[0].type.shape == (None,):
            return signless(op) or ("run-time float RANGE of a run-time size: the kernel's float accumulation "
                                    "rounds at each step" if is_float(op.results[0]) else None)
        return static_shapes(op, op.results) or signless(op) or self.size_reason(op) or self.unroll_reason(op)

    def unroll_reason(self, op):
        n = op.results[0].type.shape[0]
        if is_float(op.results[0]) and constant_array(op.operands[0]) is None and n > self.MAX_UNROLLED:
            return (f"run-time float RANGE of {n} values: the kernel's float accumulation rounds at each step, "
                    f"reproduced by an unrolled chain of at most {self.MAX_UNROLLED}")
        return None

    @staticmethod
    def size_reason(op):
        """Constant operands fix the size (GetSize); the result type must have it."""
        values = [constant_array(v) for v in op.operands]
        if any(v is None for v in values):
            return None
        start, limit, delta = (np.asarray(v).reshape(()) for v in values)
        if delta == 0 or not (start >= limit and delta < 0 or start <= limit and delta > 0):
            return f"start {start}, limit {limit}, delta {delta}: TFLite's GetSize refuses them"
        if start.dtype.kind == "f":
            size = int(np.ceil(np.abs((limit - start) / delta)))
        else:
            size = int((abs(int(limit) - int(start)) + abs(int(delta)) - 1) // abs(int(delta)))
        n = op.results[0].type.shape[0]
        return None if size == n else f"result has {n} elements; start, limit and delta give {size}"

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        e = element_type(t)
        n = t.shape[0]
        if n is None:
            return [self.sized_at_run_time(b, operands, t)]
        values = [constant_array(v) for v in op.operands]
        if all(v is not None for v in values):
            start, _, delta = (np.asarray(v, numpy_dtype(e)).reshape(()) for v in values)
            steps = np.concatenate([[start], np.full(max(n - 1, 0), delta)]).astype(numpy_dtype(e))
            return [tosa.const(b, np.cumsum(steps, dtype=numpy_dtype(e))[:n], e)]
        start, delta = (reshape(b, v, (1,)) for v in (operands[0], operands[2]))
        if is_float(t):
            values = [start]
            for _ in range(n - 1):
                values.append(b.value("arith.addf", [values[-1], delta], start.type))
            return [concat(b, values, 0)]
        start, delta = (broadcast_to(b, v, (n,)) for v in (start, delta))
        iota = tosa.const(b, np.arange(n, dtype=numpy_dtype(e)), e)
        return [b.value("arith.addi", [start, b.value("arith.muli", [iota, delta], t)], t)]


    @staticmethod
    def sized_at_run_time(b, operands, t):
        """An integer RANGE whose size is GetSize's at run time, (|limit - start| + |delta| - 1)
        / |delta|: a linalg.generic over a tensor.empty of that size yields start + i * delta."""
        e = element_type(t)
        start, limit, delta = (b.value("tensor.extract", [v], e) for v in operands)
        magnitude = b.value("math.absi", [delta], e)
        span = b.value("math.absi", [b.value("arith.subi", [limit, start], e)], e)
        rounded_up = b.value("arith.subi", [b.value("arith.addi", [span, magnitude], e), constant(b, 1, e)], e)
        size = b.value("arith.index_cast", [b.value("arith.divsi", [rounded_up, magnitude], e)], index)

        def body(r, args):
            i = r.value("arith.index_cast", [linalg.loop_index(r, 0)], e)
            return r.value("arith.addi", [start, r.value("arith.muli", [i, delta], e)], e)

        return linalg.generic(b, [], [], t, body, dynamic_sizes=[size])


class OneHot(FloatPattern):
    """kernels/one_hot.cc: out(i, j, k) = int(indices(i, k)) == j ? on : off, j along `axis`
    (-1: last). An index out of [0, depth) matches no j and gives off. int64 indices are
    read through static_cast<int>: truncated to i32 first (arith.trunci)."""

    def unsupported(self, op):
        out_rank = len(op.results[0].type.shape)
        axis = option(op, "axis", -1)
        return (static_shapes(op) or signless(op)
                or constants(op, {1: "depth"})
                or (None if -1 <= axis < out_rank else f"axis {axis}; the kernel takes -1 or [0, {out_rank})"))

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        indices = operands[0]
        rank = len(t.shape)
        axis = option(op, "axis", -1)
        axis = rank - 1 if axis == -1 else axis
        if element_type(indices.type).width != 32:
            indices = b.value("arith.trunci", [indices], indices.type.with_element_type(i32))
        shape = tuple(indices.type.shape)
        indices = reshape(b, indices, shape[:axis] + (1,) + shape[axis:])
        depth = const_ints(op, 1)[0]
        iota_shape = [1] * rank
        iota_shape[axis] = depth
        iota = tosa.const(b, np.arange(depth, dtype=np.int32).reshape(iota_shape), i32)
        hit = b.value("tosa.equal", [indices, iota], tensor(t.shape, i1))
        on, off = (reshape(b, v, (1,) * rank) for v in operands[2:4])
        return [select(b, hit, on, off, t)]


def elementwise(b, name: str, inputs, result_type):
    """An all-parallel linalg.generic applying the scalar op `name` to same-shaped `inputs`."""
    identity = AffineMap.identity(len(result_type.shape))
    return linalg.generic(b, inputs, [identity] * len(inputs), result_type,
                          lambda r, args: r.value(name, args[:len(inputs)], element_type(result_type)))


class Rfft2d(FloatPattern):
    """kernels/rfft2d.cc: the last two dimensions cropped or zero-padded to fft_length
    [H, W] (powers of two, as Prepare requires), the leading ones flattened into a batch;
    out[..., k, l] = sum in[..., y, x] exp(-2 pi i (yk/H + xl/W)), l <= W/2, in complex64:
    tosa.rfft2d, then complex.create of its two halves."""

    def unsupported(self, op):
        return (static_shapes(op) or rank(op, op.operands[0], at_least=2)
                or constants(op, {1: "fft_length"}) or self.check(op))

    @staticmethod
    def check(op):
        if element_type(op.operands[0].type) != f32 or element_type(op.result.type) != ComplexType(f32):
            return f"{op.operands[0].type} -> {op.result.type}; the kernel takes float32 to complex64"
        lengths = const_ints(op, 1)
        if len(lengths) != 2 or any(n <= 0 or n & (n - 1) for n in lengths):
            return f"fft_length {lengths}; the kernel takes two powers of two"
        return None

    def rewrite(self, b, op, operands, result_types):
        height, width = const_ints(op, 1)
        x = operands[0]
        shape = tuple(x.type.shape)
        lead, (h, w) = shape[:-2], shape[-2:]
        x = slice_(b, x, [0] * len(shape), lead + (min(h, height), min(w, width)))
        if h < height or w < width:
            x = tosa.pad(b, x, [0, 0] * len(lead) + [0, max(height - h, 0), 0, max(width - w, 0)], 0.0,
                         tensor(lead + (height, width), f32))
        batch = int(np.prod(lead, dtype=np.int64))
        x = reshape(b, x, (batch, height, width))
        half = tensor((batch, height, width // 2 + 1), f32)
        fft = b.create("tosa.rfft2d", [x], [half, half], {"local_bound": BoolAttr(False)})
        real, imag = (reshape(b, v, lead + (height, width // 2 + 1)) for v in fft.results)
        return [elementwise(b, "complex.create", [real, imag], result_types[0])]


class ComplexPart(FloatPattern):
    """REAL, IMAG and COMPLEX_ABS (kernels/complex_support.cc: std::real, std::imag, std::abs)
    of a complex64/complex128 tensor: complex.re, complex.im or complex.abs per element."""

    def __init__(self, name: str):
        self.name = name

    def unsupported(self, op):
        z, y = element_type(op.operands[0].type), element_type(op.result.type)
        if not isinstance(z, ComplexType) or not isinstance(y, FloatType) or z.element_type != y:
            return f"{op.operands[0].type} -> {op.result.type}; the kernel takes complex64/128 to float32/64"
        return static_shapes(op)

    def rewrite(self, b, op, operands, result_types):
        return [elementwise(b, self.name, [operands[0]], result_types[0])]


def seeds(op) -> tuple[int, int]:
    return philox.effective_seed(option(op, "seed", 0)), philox.effective_seed(option(op, "seed2", 0))


def seeds_reason(op):
    if seeds(op) == (0, 0):
        return ("seed and seed2 are 0: TFLite seeds the generator from /dev/urandom, so its numbers "
                "can be neither reproduced nor compared")
    return None


class RandomNumbers(FloatPattern):
    """RANDOM_UNIFORM (Uint32ToFloat of each word: [0, 1)) and RANDOM_STANDARD_NORMAL
    (BoxMullerFloat of word pairs) of TFLite's first Invoke, a float32 tosa.const. Uniform
    numbers are bit-exact; normal ones within a float32 ulp where glibc's logf or sincosf
    rounds otherwise than the correctly rounded value philox.py takes."""

    def __init__(self, draw):
        self.draw = draw

    def unsupported(self, op):
        if element_type(op.result.type) != f32:
            return f"result {op.result.type}; the kernel writes float32"
        return static_shapes(op, op.results) or seeds_reason(op)

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        size = int(np.prod(t.shape, dtype=np.int64))
        return [tosa.const(b, self.draw(*seeds(op), size).reshape(t.shape), f32)]


def _cmpf(r, predicate: str, x, y):
    return r.value("arith.cmpf", [x, y], i1, {"predicate": IntegerAttr(CMPF.index(predicate), i64)})


def _finite(r, x):
    """|x| < inf: false for infinities and NaN (std::isfinite)."""
    return _cmpf(r, "olt", r.value("math.absf", [x], f32), constant(r, float("inf"), f32))


class Multinomial(FloatPattern):
    """GenerateMultinomialNumbers (kernels/random_ops.cc), per row of logits [batch, classes]:
    max over the finite logits (float lowest if none); cdf[i] = the running double sum of
    exp(double(l) - max) over the finite l up to i; sample j = upper_bound(cdf, u_j * total),
    i.e. the number of cdf entries <= u_j * total, with u_j the first Invoke's Uint64ToDouble
    draws (a tosa.const). The running sum is unrolled, in the kernel's order, so that the
    integer samples are exact."""

    def unsupported(self, op):
        logits = op.operands[0]
        if element_type(logits.type) != f32 or element_type(op.result.type) not in (i32, i64):
            return f"{logits.type} -> {op.result.type}; the kernel takes float32 logits to int32/int64"
        return (static_shapes(op, [logits, op.result]) or rank(op, logits, exactly=2)
                or (None if logits.type.shape[1] > 0 else "no classes; the kernel requires some")
                or seeds_reason(op))

    def rewrite(self, b, op, operands, result_types):
        logits = operands[0]
        batch = logits.type.shape[0]
        samples = result_types[0].shape[1]
        cdf, total = self.cdf(b, logits)
        draws = tosa.const(b, philox.multinomial_uniforms(*seeds(op), batch, samples), f64)

        def at_or_below(r, args):
            c, u, t = args[:3]
            return r.value("arith.extui", [_cmpf(r, "ole", c, r.value("arith.mulf", [u, t], f64))], i32)
        maps = [AffineMap(3, (dim(0), dim(2))), AffineMap(3, (dim(0), dim(1))), AffineMap(3, (dim(0), const(0)))]
        below = linalg.generic(b, [cdf, draws, total], maps, tensor((batch, samples, cdf.type.shape[1]), i32),
                               at_or_below)
        index = reshape(b, tosa.reduce(b, "tosa.reduce_sum", below, 2), (batch, samples))
        return [index if element_type(result_types[0]) == i32 else
                b.value("arith.extsi", [index], result_types[0])]

    @staticmethod
    def cdf(b, logits):
        """The rows' cdf [batch, classes] (f64) and their totals [batch, 1]."""
        batch, classes = logits.type.shape
        rows, per_row = AffineMap(2, (dim(0), dim(1))), AffineMap(2, (dim(0), const(0)))

        def finite_or_lowest(r, args):
            return r.value("arith.select", [_finite(r, args[0]), args[0],
                                            constant(r, float(np.finfo(np.float32).min), f32)], f32)
        top = tosa.reduce(b, "tosa.reduce_max", linalg.generic(b, [logits], [rows], logits.type, finite_or_lowest), 1)

        def weight(r, args):
            l, m = args[:2]
            d = r.value("arith.subf", [r.value("arith.extf", [l], f64), r.value("arith.extf", [m], f64)], f64)
            return r.value("arith.select", [_finite(r, l), r.value("math.exp", [d], f64), constant(r, 0.0, f64)], f64)
        weights = linalg.generic(b, [logits, top], [rows, per_row], tensor((batch, classes), f64), weight)

        total = slice_axis(b, weights, 1, 0, 1)
        running = [total]
        for k in range(1, classes):
            total = b.value("arith.addf", [total, slice_axis(b, weights, 1, k, 1)], total.type)
            running.append(total)
        return concat(b, running, 1), total
