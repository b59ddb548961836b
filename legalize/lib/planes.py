"""Exact integer dot products on TOSA's 8-bit convolutions and matmuls, and what
TFLite's kernels do with the wide accumulator.

TFLite's int16 convolutions and FULLY_CONNECTED accumulate `x * w` products in
int64 (or int32) and add an int64 (or int32) bias before requantizing. TOSA's
int16 extension puts i16 x i8 products into an i48 accumulator, but iree-compile
cannot take an i48 value further than tosa.rescale: it widens i48 to i64,
zero-extends negative i48 constants (a bias of -7 becomes 2^48 - 7) and refuses
`arith.extsi` of the widened value. So a 16-bit operand is split into two planes
of 8 bits,

    x = 256 * (x >> 8) + (x & 255),   x >> 8 in [-128, 127],
                                      (x & 255) - 128 in i8 with zero point -128,

each plane pair is one 8-bit tosa.conv2d / depthwise_conv2d / transpose_conv2d /
matmul with an exact i32 accumulator (|acc| <= taps * 2^15 for taps < 2^16), and a
linalg.generic sums the planes in i64 and finishes as the kernel does:

    int64 accumulator   acc + bias, then the int64 MBQM (`mbqm64`) or the reference
                        FULLY_CONNECTED's double rescale (`double_rescale`)
    int32 accumulator   the sum wrapped to int32 (the kernel's `acc +=` overflows
                        there) plus the int32 bias, wrapping likewise

An 8-bit operand is one plane: int8 as stored, with its zero point; uint8 as
`q - 128` with zero point `zp - 128` (storage.signed_from).
"""
from __future__ import annotations

from typing import Callable, Optional, Sequence

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.linalg import generic
from tfl2quant.ir.affine import AffineMap, dim
from tfl2quant.ir.attributes import BoolAttr, DialectAttr
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import Value
from tfl2quant.ir.types import RankedTensorType, f64, i8, i16, i32, i64
from tfl2quant.records import dataclass

from . import gemmlowp as g
from .emit import splat
from .storage import UINT8_OFFSET, signed_from

INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1


@dataclass(frozen=True)
class Plane:
    """`factor * (value - zero_point)`: one 8-bit part of an operand (value: an i8 tensor,
    or a numpy int8 array for a constant not yet emitted)."""
    value: object
    zero_point: int = 0
    factor: int = 1


def stored_planes(b, x: Value, q) -> list[Plane]:
    """The planes of a per-tensor quantized operand `x - zp` (storage of `q`)."""
    if q.storage_width == 16:
        assert q.zero_point == 0, "TFLite's int16 kernels require zero point 0"
        return split16(b, x)
    if q.is_signed:
        return [Plane(x, q.zero_point)]
    return [Plane(signed_from(b, x), q.zero_point - UINT8_OFFSET)]


def split16(b, x: Value) -> list[Plane]:
    """An i16 tensor as `256 * high + low`: high = x >> 8 (arithmetic), low the unsigned
    low byte, stored as `low - 128` with zero point -128 (the exact uint8->int8 flip)."""
    t8 = x.type.with_element_type(i8)
    shifted = b.value("tosa.arithmetic_right_shift", [x, splat(b, 8, x.type)], x.type,
                      {"round": BoolAttr(False)})
    high = tosa.cast(b, shifted, t8)
    low = signed_from(b, tosa.cast(b, x, t8))  # tosa.cast to i8 keeps the low byte
    return [Plane(high, 0, 256), Plane(low, -UINT8_OFFSET, 1)]


def constant_planes(values: np.ndarray) -> list[Plane]:
    """Exact integers (|v| < 2^15) as one plane if they fit int8, else two, at compile time."""
    values = np.asarray(values, np.int64)
    if values.min(initial=0) >= -128 and values.max(initial=0) <= 127:
        return [Plane(values.astype(np.int8))]
    assert values.min() >= -(1 << 15) and values.max() < (1 << 15)
    return [Plane((values >> 8).astype(np.int8), 0, 256), Plane(((values & 255) - 128).astype(np.int8), -128, 1)]


def products(xs: Sequence[Plane], ws: Sequence[Plane], dot: Callable[[Plane, Plane], Value]) -> list[tuple]:
    """(i32 accumulator, factor) of every plane pair; `dot` emits one 8-bit product."""
    return [(dot(x, w), x.factor * w.factor) for x in xs for w in ws]


# --- the generic that sums the planes and finishes ---------------------------------------------------


def finish(b, terms: Sequence[tuple], channel_inputs: Sequence[Value], result_type: RankedTensorType,
           body: Callable[[Builder, list[tuple], list[Value]], Value]) -> Value:
    """A linalg.generic over `result_type`'s shape: `body` gets the scalars of `terms`
    ((i32 tensor of that shape, factor) pairs, as (value, factor)) and of `channel_inputs`
    (one value per channel of the last axis) and returns the result element."""
    rank = len(result_type.shape)
    per_channel = AffineMap(rank, (dim(rank - 1),))
    inputs = [t for t, _ in terms] + list(channel_inputs)
    maps = [AffineMap.identity(rank)] * len(terms) + [per_channel] * len(channel_inputs)

    def region(r, args):
        parts = [(a, factor) for (_, factor), a in zip(terms, args)]
        return body(r, parts, args[len(terms):len(inputs)])

    return generic(b, inputs, maps, result_type, region)


def _sum64(r, parts) -> Value:
    acc = None
    for a, factor in parts:
        part = g.widen(r, a)
        part = part if factor == 1 else g.mul(r, part, factor)
        acc = part if acc is None else g.add(r, acc, part)
    return acc


def int32_accumulator(r, parts, bias: Optional[Value]) -> Value:
    """The kernel's int32 `acc`: the exact sum of the planes wrapped to 32 bits, plus an
    int32 bias (an overflow there is undefined in C++; compiled kernels wrap, as arith.addi
    does). One plane is already that sum."""
    acc = parts[0][0] if len(parts) == 1 and parts[0][1] == 1 else g.narrow(r, _sum64(r, parts))
    return acc if bias is None else g.add(r, acc, bias)


def int64_accumulator(r, parts, bias: Optional[Value]) -> Value:
    acc = _sum64(r, parts)
    if bias is None:
        return acc
    return g.add(r, acc, bias if bias.type == i64 else g.widen(r, bias))


def mbqm64(r, acc: Value, multiplier: Value, shift: Value) -> Value:
    """MultiplyByQuantizedMultiplier(int64 x, m, e) of internal/common.cc: `multiplier` is
    the 16-bit `reduced_multiplier`, `shift` the total shift `15 - e` (both i64, from
    `mbqm64_params`): `int32((x * m16 + 2^(n-1)) >> n)`, one rounding with ties up, and the
    narrowing to int32 truncates (the kernel does not saturate)."""
    one = g.constant(r, 1, i64)
    rounding = g.shift_left(r, one, g.add(r, shift, -1))
    return g.narrow(r, g.shift_right(r, g.add(r, g.mul(r, acc, multiplier), rounding), shift))


def mbqm64_params(multiplier, shift) -> tuple[np.ndarray, np.ndarray]:
    """QuantizeMultiplier's (m, e) -> the int64 MBQM's (reduced 16-bit multiplier, 15 - e)."""
    m = np.asarray(multiplier, np.int64)
    reduced = np.where(m < 0x7FFF0000, (m + (1 << 15)) >> 16, 0x7FFF)
    return reduced, 15 - np.asarray(shift, np.int64)


def mbqm64_reason(shift) -> Optional[str]:
    """The int64 MBQM asserts `e < 8` (common.cc; `assert`, compiled out in release
    builds) and computes `1 << (15 - e - 1)`: from e = 15 on that shift is negative."""
    if np.max(shift) >= 15:
        return f"int64 requantization exponent {int(np.max(shift))} makes TFLite shift by a negative amount"
    return None


def rescale_int64(b, x: Value, multiplier, shift, result_type) -> Value:
    """The int64 MBQM of an i48 accumulator (tosa.matmul of i16) as one tosa.rescale with
    scale32 = false (a 16-bit multiplier) and SINGLE_ROUND: `(x * m16 + 2^(n-1)) >> n`,
    saturated to `result_type` (per-tensor `multiplier`, `shift` from `mbqm64_params`)."""
    operands = [x, tosa.const(b, np.atleast_1d(multiplier).astype(np.int16), i16),
                tosa.const(b, np.atleast_1d(shift).astype(np.int8), i8),
                tosa.zero_point(b, 0, x.type.element_type), tosa.zero_point(b, 0, result_type.element_type)]
    attrs = {"scale32": BoolAttr(False), "rounding_mode": DialectAttr("tosa", "rounding_mode", "SINGLE_ROUND"),
             "per_channel": BoolAttr(False), "input_unsigned": BoolAttr(False), "output_unsigned": BoolAttr(False)}
    return b.value("tosa.rescale", operands, result_type, attrs)


def double_rescale(r, acc: Value, scale: Value) -> Value:
    """`int32(round(double(acc) * scale))` of the reference FULLY_CONNECTED
    (reference/integer_ops/fully_connected.h), round half away from zero; the cast of an
    out-of-range double is undefined in C++, so it saturates here."""
    real = r.value("arith.mulf", [r.value("arith.sitofp", [acc], f64), scale], f64)
    rounded = r.value("math.round", [real], f64)
    low = r.value("arith.maximumf", [rounded, g.constant(r, float(INT32_MIN), f64)], f64)
    bounded = r.value("arith.minimumf", [low, g.constant(r, float(INT32_MAX), f64)], f64)
    return r.value("arith.fptosi", [bounded], i32)


def output(r, q32: Value, zero_point: int, lo: int, hi: int, elem) -> Value:
    """`clamp(q32 + zp, lo, hi)` narrowed to the output's storage (uint8 bounds are uint8
    values: the clamped value's low byte is the stored bit pattern)."""
    q = g.add(r, q32, zero_point) if zero_point else q32
    return g.narrow(r, g.saturate(r, q, lo, hi), elem)


def channel_constant(b, values, elem) -> Value:
    """One value per output channel as a tosa.const (the generic reads it per channel)."""
    return tosa.const(b, np.asarray(values), elem)


__all__ = ["Plane", "stored_planes", "split16", "constant_planes", "products", "finish", "int32_accumulator",
           "int64_accumulator", "mbqm64", "mbqm64_params", "mbqm64_reason", "rescale_int64", "double_rescale", "output",
           "channel_constant", "INT32_MIN", "INT32_MAX"]
