"""Stored integers in and out of i32, within the TOSA 1.0 integer profile.

The integer patterns of TFLite's elementwise kernels compute in int32. TOSA's
integer add, sub, mul, maximum, minimum and comparisons take i32 (PRO-INT),
clamp takes i8 or i16, and a rescale reads or writes unsigned values only
between 8- and 16-bit types (RESCALE: `ERROR_IF(is_same<out_t,i32_t>() &&
input_unsigned)` and the converse). So a pattern widens its operands to i32,
computes, and narrows the result with one MBQM rescale, clamping on the
storage type:

    uint8   every TFLite kernel computes on `q - zp` and clamps after adding the
            output zero point, so uint8 is the int8 computation on `q - 128`
            with zero points `zp - 128` and activation bounds `- 128`: flipping
            the sign bit (tosa.bitwise_xor; `q ^ 0x80` is TFLite's own
            int8<->uint8 requantize, reference/requantize.h) goes to that
            signed view and back. The flip also keeps the order of stored
            values, for the ops that compare them.
    int8    a rescale to i32 subtracts the zero point and shifts left exactly
            (multiplier 2^30, shift 30 - k gives `(q - zp) * 2^k`).
    int16   i16 rescales take zero point 0 only, and `(q << 15)` overflows the
            rescale's exact range (|value| < 2^(shift-1)), so: tosa.cast to i32,
            tosa.sub the zero point, tosa.logical_left_shift.
"""
from __future__ import annotations

import dataclasses
from typing import Optional

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.quant.ops import expressed_type_of
from tfl2quant.dialects.tfl import constant_array
from tfl2quant.ir.core import Value
from tfl2quant.ir.types import IntegerType, i8, i32, integer_range
from tfl2quant.records import dataclass

from .emit import broadcast_rank, flip_sign_bit, splat
from .query import per_tensor, qtype
from .rescale import mbqm, mbqm_overflow, wrapped_left_shift

ONE = 1 << 30  # multiplier 2^30 with shift 30: the identity rescale
UINT8_OFFSET = 128


@dataclass(frozen=True)
class Stored:
    """A stored operand in its signed view: `value` (i8, i16 or i32) means `value - zero_point`
    times the scale, as the uint8 original meant `q - zp`."""
    value: Value
    zero_point: int

    @property
    def width(self) -> int:
        return self.value.type.element_type.width


def signed_view(b, x: Value, q) -> Stored:
    """The operand `x` (storage of the per-tensor quantized type `q`) as a signed value."""
    if q.is_signed:
        return Stored(x, q.zero_point)
    return Stored(signed_from(b, x), q.zero_point - UINT8_OFFSET)


def signed_from(b, x: Value) -> Value:
    """uint8 storage as `q - 128` in i8."""
    return flip_sign_bit(b, x)


def unsigned_from(b, y: Value) -> Value:
    """The uint8 storage of a signed view: `y + 128`."""
    return flip_sign_bit(b, y)


def widen(b, s: Stored, left_shift: int = 0) -> Value:
    """`(value - zero_point) * 2^left_shift` as i32, exactly."""
    wide = s.value.type.with_element_type(i32)
    if not s.zero_point and not left_shift:
        return s.value if s.width == 32 else tosa.cast(b, s.value, wide)
    if s.width == 8:
        return tosa.rescale(b, s.value, [ONE], [30 - left_shift], s.zero_point, 0, wide)
    v = s.value if s.width == 32 else tosa.cast(b, s.value, wide)
    if s.zero_point:
        v = tosa.binary(b, "tosa.sub", v, splat(b, s.zero_point, wide), wide)
    if left_shift:
        v = tosa.binary(b, "tosa.logical_left_shift", v, splat(b, left_shift, wide), wide)
    return v


def stored_operands(b, op, operands, left_shift: int = 0, count: int = 2) -> list[Value]:
    """The first `count` operands, each as `(q - zp) << left_shift` in i32, at the result's rank
    (TOSA broadcasts between equal ranks only)."""
    rank = len(op.results[0].type.shape)
    return [widen(b, signed_view(b, broadcast_rank(b, v, rank), per_tensor(op.operands[k])), left_shift)
            for k, v in enumerate(operands[:count])]


def requantized(b, acc: Value, real, q, bounds: Optional[tuple[int, int]] = None) -> Value:
    """`clamp(zp + MBQM(acc, QM(real)), bounds)` in the storage of `q` (bounds default to the
    storage range; for uint8 they are uint8 values). `acc` is i32 with zero point 0."""
    zp = q.zero_point - (0 if q.is_signed else UINT8_OFFSET)
    assert q.storage_width == 8 or zp == 0, "TFLite's int16 elementwise kernels take zero point 0"
    lo, hi = bounds or q.storage_type_range
    if not q.is_signed:
        lo, hi = lo - UINT8_OFFSET, hi - UINT8_OFFSET
    y = clamp(b, mbqm(b, acc, real, 0, zp, acc.type.with_element_type(q.storage_type)), lo, hi)
    return y if q.is_signed else unsigned_from(b, y)


def saturate(b, v: Value, elem: IntegerType) -> Value:
    """`v` (i32) clamped to `elem`'s range and narrowed: the identity rescale saturates."""
    if elem == i32:
        return v
    return tosa.rescale(b, v, [ONE], [30], 0, 0, v.type.with_element_type(elem))


def clamp(b, y: Value, lo: int, hi: int) -> Value:
    """tosa.clamp (i8, i16), left out when it is the whole range of the type."""
    if (lo, hi) == integer_range(y.type.element_type):
        return y
    return tosa.clamp(b, y, lo, hi)


def narrowed(b, v: Value, q) -> Value:
    """A stored value computed in i32 on the signed view (MAXIMUM, FLOOR_DIV...) back to the
    storage of `q`: tosa.cast truncates, and the values are in range by construction."""
    y = tosa.cast(b, v, v.type.with_element_type(q.storage_type))
    return y if q.is_signed else unsigned_from(b, y)


def requantize(b, x: Value, src, dst, real) -> Value:
    """TFLite's Requantize (reference/requantize.h) from the storage of `src` to that of `dst`:
    `clamp(zp_out + MBQM(q - zp_in, QM(real)))`, one rescale where the profile allows it.

    A rescale subtracts a zero point from 8-bit input only and adds one to 8-bit output only,
    and reads or writes unsigned values between 8- and 16-bit types only, and not both: so a
    uint8 input is flipped first when the output is uint8, i32, or int16 with a zero point; a
    16- or 32-bit input zero point is subtracted in i32; a 16-bit output zero point is added in
    i32 before saturating. uint8 zero points are given as their unsigned values (a signless i8
    constant holds their bit pattern). Where MBQM's `(q - zp_in) * 2^left_shift` can pass
    int32, it wraps there as in TFLite (rescale.wrapped_left_shift): a multiplier of 2^24 or
    more on 8-bit values, which onnx2tf writes between tensors of very different scales."""
    zi, zo = src.zero_point, dst.zero_point
    in_unsigned, out_unsigned = not src.is_signed, not dst.is_signed
    lo, hi = src.storage_type_range
    if mbqm_overflow(real, max(abs(lo - zi), abs(hi - zi))):
        x, real = wrapped_left_shift(b, widen(b, signed_view(b, x, src)), real)
        zi, in_unsigned = 0, False
    if in_unsigned and (out_unsigned or dst.storage_width == 32 or (dst.storage_width == 16 and zo)):
        x, zi, in_unsigned = signed_from(b, x), zi - UINT8_OFFSET, False
    if src.storage_width > 8 and zi:
        x, zi = widen(b, Stored(x, zi)), 0
    wide = x.type.with_element_type(i32)
    if dst.storage_width > 8 and zo:
        acc = mbqm(b, x, real, zi, 0, wide, input_unsigned=in_unsigned)
        return saturate(b, tosa.binary(b, "tosa.add", acc, splat(b, zo, wide), wide), dst.storage_type)
    return mbqm(b, x, real, zi, zo, x.type.with_element_type(dst.storage_type),
                input_unsigned=in_unsigned, output_unsigned=out_unsigned)


def dequantize(b, v: Value, stored: Optional[Value] = None) -> Value:
    """quant.dcast of the quantized `v` (`stored`: its stored values, if at hand). An int4/int2
    constant (weights) is dequantized from i8 storage holding the same values and range, which
    every consumer of the IR reads: iree-compile cannot lower every i4 constant, and its
    constant evaluation of a per-axis or blockwise dcast of one fails ("jit global source
    initialization order invalid", models/coverage/fc-blockwise-narrow.int4w.tflite)."""
    t = v.type
    values = constant_array(v)
    if values is not None and qtype(v).storage_width < 8:
        t = t.with_element_type(dataclasses.replace(qtype(v), storage_width=8))
        stored = tosa.const(b, np.asarray(values).astype(np.int8, copy=False), i8)
    q = v if stored is None else b.value("quant.scast", [stored], t)
    return b.value("quant.dcast", [q], expressed_type_of(t))
