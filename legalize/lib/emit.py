"""Small emitters every family uses, on top of the TOSA builders of `dialects/tosa.py`.

Each skips the op when it would change nothing (a reshape to the same shape,
a tile by ones), so the patterns can call them unconditionally.
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import linalg, tosa
from tfl2quant.ir.affine import AffineMap, const, dim
from tfl2quant.ir.attributes import DialectAttr, IntegerAttr
from tfl2quant.ir.core import Value
from tfl2quant.ir.types import Type, element_type, i1, i32, index, numpy_dtype, tensor

# TOSA 1.0's nan_mode IGNORE, on the reductions and argmax of the reduction and custom families
NAN_IGNORE = DialectAttr("tosa", "nan_mode", "IGNORE")


def reshape(b, x: Value, shape) -> Value:
    return x if tuple(x.type.shape) == tuple(shape) else tosa.reshape(b, x, tuple(shape))


def broadcast_rank(b, v: Value, rank: int) -> Value:
    """TOSA broadcasts only between equal ranks: prepend 1s (numpy's rule)."""
    shape = tuple(v.type.shape)
    return v if len(shape) == rank else tosa.reshape(b, v, (1,) * (rank - len(shape)) + shape)


def tile(b, x: Value, multiples) -> Value:
    if all(m == 1 for m in multiples):
        return x
    shape = [d * m for d, m in zip(x.type.shape, multiples)]
    return b.value("tosa.tile", [x, tosa.const_shape(b, multiples)], tensor(shape, element_type(x.type)))


def broadcast_to(b, v: Value, shape) -> Value:
    """`v` with exactly `shape` (arith and math ops do not broadcast): reshape to the
    rank, then tile the 1-sized dimensions."""
    v = broadcast_rank(b, v, len(shape))
    return tile(b, v, [1 if have == want else want for have, want in zip(v.type.shape, shape)])


def broadcast_all(b, values, t: Type) -> list[Value]:
    """`values`, each with exactly `t`'s shape, for arith and math ops (which do not
    broadcast). Static shapes: `broadcast_to`. With a `?` anywhere, a value whose shape
    differs is copied by a linalg.generic that reads its 1-sized dimensions at 0 (numpy's
    rule, as TFLite's BroadcastBinaryFunction) into a tensor.empty whose `?` sizes are read
    from a value that has that dimension `?` (TFLite sizes its output from the inputs)."""
    shape = tuple(t.shape)
    if None not in shape and all(None not in v.type.shape for v in values):
        return [broadcast_to(b, v, shape) for v in values]
    values = [broadcast_rank(b, v, len(shape)) for v in values]
    sizes = []
    for k, d in enumerate(shape):
        if d is not None:
            continue
        source = next((v for v in values if v.type.shape[k] is None), None)
        if source is not None:
            sizes.append(tensor_dim(b, source, k))
        else:  # every operand static here: the largest of their sizes
            sizes.append(index_constant(b, max(v.type.shape[k] for v in values)))
    out = []
    for v in values:
        if tuple(v.type.shape) == shape:
            out.append(v)
            continue
        if all(have == want or have is None for have, want in zip(v.type.shape, shape)):
            out.append(b.value("tensor.cast", [v], tensor(shape, element_type(v.type))))  # `?` -> static
            continue
        read = AffineMap(len(shape), tuple(const(0) if have == 1 and want != 1 else dim(k)
                                           for k, (have, want) in enumerate(zip(v.type.shape, shape))))
        out.append(linalg.generic(b, [v], [read], tensor(shape, element_type(v.type)),
                                  lambda r, args: args[0], dynamic_sizes=sizes))
    return out


def index_constant(b, k: int) -> Value:
    return b.value("arith.constant", [], index, {"value": IntegerAttr(k, index)})


def tensor_dim(b, v: Value, k: int) -> Value:
    """`tensor.dim` of `v` along dimension `k`: a run-time size."""
    return b.value("tensor.dim", [v, index_constant(b, k)], index)


def slice_(b, x: Value, start, size) -> Value:
    if not any(start) and tuple(size) == tuple(x.type.shape):
        return x
    return b.value("tosa.slice", [x, tosa.const_shape(b, start), tosa.const_shape(b, size)],
                   tensor(size, element_type(x.type)))


def slice_axis(b, x: Value, axis: int, start: int, size: int) -> Value:
    begin, sizes = [0] * len(x.type.shape), list(x.type.shape)
    begin[axis], sizes[axis] = start, size
    return slice_(b, x, begin, sizes)


def reverse(b, x: Value, axis: int) -> Value:
    if x.type.shape[axis] == 1:
        return x
    return b.value("tosa.reverse", [x], x.type, {"axis": IntegerAttr(axis, i32)})


def concat(b, parts: list[Value], axis: int) -> Value:
    if len(parts) == 1:
        return parts[0]
    shape = list(parts[0].type.shape)
    shape[axis] = sum(p.type.shape[axis] for p in parts)
    return b.value("tosa.concat", parts, tensor(shape, element_type(parts[0].type)),
                   {"axis": IntegerAttr(axis, i32)})


def splat(b, value, like: Type) -> Value:
    """`value` as a `tosa.const` of `like`'s element type, all-1 shape of its rank (broadcasts)."""
    e = element_type(like)
    return tosa.const(b, np.full((1,) * len(like.shape), value, numpy_dtype(e)), e)


def compare(b, name: str, x: Value, y: Value, shape) -> Value:
    return b.value(name, [x, y], tensor(shape, i1))


def select(b, condition: Value, x: Value, y: Value, t: Type) -> Value:
    return b.value("tosa.select", [condition, x, y], t)


def divide_half_away(b, x: Value, divisor: Value, half: Value) -> Value:
    """TFLite's rounding division `x > 0 ? (x + half) / d : (x - half) / d` (C's truncating
    `/`, so ties go away from zero): greater, add/sub, select, tosa.intdiv.

    `divisor` and `half` (= divisor / 2) are constant values broadcastable to `x`.
    """
    t = x.type
    zero = splat(b, 0, t)
    positive = compare(b, "tosa.greater", x, zero, t.shape)
    numerator = select(b, positive, tosa.binary(b, "tosa.add", x, half, t), tosa.binary(b, "tosa.sub", x, half, t), t)
    return tosa.binary(b, "tosa.intdiv", numerator, divisor, t)


UNSIGNED_OFFSET = 128  # flip_sign_bit turns a uint8 u into the int8 u - UNSIGNED_OFFSET


def flip_sign_bit(b, x: Value) -> Value:
    """`x ^ 0x80` on i8 storage: uint8 bits `u` <-> the signed value `u - 128`. TOSA compares
    signless integers as signed; this carries the unsigned order onto the signed one, and
    back (it is its own inverse)."""
    return tosa.binary(b, "tosa.bitwise_xor", x, splat(b, -UNSIGNED_OFFSET, x.type), x.type)
