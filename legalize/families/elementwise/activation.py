"""Activation functions: the RELU family, LEAKY_RELU, PRELU, HARD_SWISH, ELU, GELU,
LOGISTIC, TANH.

Integer paths, bit-exact with TFLite's reference kernels (kernels/activations.cc), with
`real = s * (q - zp)` (si, zi: input; so, zo: output) and MBQM the double-rounding
MultiplyByQuantizedMultiplier (one tosa.rescale, rescale.py). Multipliers are
computed in float32, as the Prepare functions do, then widened (QM: QuantizeMultiplier).
uint8 runs in the signed view `q - 128` (storage.py).

RELU, RELU6, RELU_N1_TO_1, RELU_0_TO_1 (ReluPrepare, QuantizedReluX; reference_ops::ReluX),
real_out = clamp(real_in, a, b), so q_out = zo + (si / so)(q - zi), clamped:

    q = clamp(zo + MBQM(q - zi, QM(si / so)), lo, hi)
    lo = max(qmin, zo + roundf(a / so))     hi = b infinite ? qmax : min(qmax, zo + roundf(b / so))

LEAKY_RELU (LeakyReluPrepare; reference/leaky_relu.h), real_out = real_in >= 0 ? real_in :
alpha real_in:

    d = q - zi;  q = clamp(zo + (d >= 0 ? MBQM(d, QM(si / so)) : MBQM(d, QM(si alpha / so))))

  a negative alpha gives a negative multiplier, which the kernel negates: `-MBQM(d, |m|)`,
  which is `MBQM(-d, |m|)` since SRDHM and RDBPOT round ties away from zero. (QM keeps
  a negative multiplier that rounds to -2^31, which would overflow there; a float32
  ratio has 24 significant bits and never rounds to it.)

PRELU (PreluPrepare; reference/prelu.h), alpha a quantized tensor broadcast to the input:

    d = q - zi;  q = clamp(zo + (d >= 0 ? MBQM(d, QM(si / so)) : MBQM(d (qa - za), QM(si sa / so))))

HARD_SWISH, ELU, GELU, LOGISTIC, TANH on 8 bits, and GELU on int16: a stored result
that depends on the stored input alone, a table (lut.py). HARD_SWISH's table runs the
reference kernel's int16 fixed point (reference/hard_swish.h) on each of the 256
inputs; the others are TFLite's own LUTPopulate. LOGISTIC and TANH on int16 run the
fixed-point interpolation of reference/integer_ops/logistic.h, tanh.h (lut.sigmoid16).
"""
from __future__ import annotations

import math

import numpy as np

from tfl2quant.dialects import arith, tosa
from tfl2quant.dialects.linalg import generic, loop_index
from tfl2quant.ir.affine import AffineMap
from tfl2quant.ir.attributes import FloatAttr, IntegerAttr
from tfl2quant.ir.types import f32, i32, i64, tensor

from ...lib import eigen_math
from ...lib import gemmlowp as g
from ...lib.emit import broadcast_rank, broadcast_to, compare, reshape, select, splat
from ...lib.fixed_point import quantize_float32, quantize_multiplier
from ...lib.hybrid import binary, fconst
from ...lib.lut import (F32, Lut, Table, checked_log2, erfcf, expf, expm1f, rdbpot, sigmoid16, sigmoid16_input_scaling,
                       srdhm, tanhf, wrap)
from ...lib.patterns import Elementwise
from ...lib.query import floats_only, int16_zero_points, one_dynamic_dim, per_tensor, per_tensor_only, storage
from ...lib.rescale import mbqm, mbqm_overflow
from ...lib.storage import UINT8_OFFSET, clamp, requantize, signed_view, unsigned_from, widen
from ...rule import FloatPattern, IntegerPattern
from .unary import f32_ratio, max_abs_input


def signed_zero_point(q) -> int:
    """The zero point in the signed view uint8 runs in (storage.py)."""
    return q.zero_point - (0 if q.is_signed else UINT8_OFFSET)


def to_storage(b, y, out_q):
    """A result computed in the signed view back to the storage of `out_q`."""
    return y if out_q.is_signed else unsigned_from(b, y)


# --- RELU family --------------------------------------------------------------------------------

class QuantizedRelu(IntegerPattern):
    def __init__(self, act_min: float, act_max: float, kinds: tuple):
        self.act_min, self.act_max, self.kinds = act_min, act_max, kinds

    def unsupported(self, op):
        reason = (one_dynamic_dim(op)
                  or storage(op, *self.kinds)
                  or per_tensor_only(op)
                  or int16_zero_points(op))
        if reason:
            return reason
        in_q, out_q = per_tensor(op.operands[0]), per_tensor(op.result)
        return mbqm_overflow(f32_ratio(in_q.scale, out_q.scale), max_abs_input(in_q))

    def bounds(self, out_q) -> tuple[int, int]:
        qmin, qmax = out_q.storage_type_range
        lo = max(qmin, quantize_float32(self.act_min, out_q.scale, out_q.zero_point))
        if math.isinf(self.act_max):
            return lo, qmax
        return lo, min(qmax, quantize_float32(self.act_max, out_q.scale, out_q.zero_point))

    def rewrite(self, b, op, operands):
        in_q, out_q = per_tensor(op.operands[0]), per_tensor(op.result)
        real = f32_ratio(in_q.scale, out_q.scale)
        lo, hi = self.bounds(out_q)
        if (lo, hi) == out_q.storage_type_range:
            return [requantize(b, operands[0], in_q, out_q, real)]
        x = signed_view(b, operands[0], in_q)
        offset = out_q.zero_point - signed_zero_point(out_q)
        y = mbqm(b, x.value, real, x.zero_point, signed_zero_point(out_q), x.value.type)
        return [to_storage(b, clamp(b, y, lo - offset, hi - offset), out_q)]


# --- LEAKY_RELU, PRELU ------------------------------------------------------------------------

def _alpha(op) -> float:
    a = op.attributes.get("alpha")
    return float(a.value) if isinstance(a, FloatAttr) else 0.0


def _sign_select(b, d, positive, negative):
    """`d >= 0 ? positive : negative` (d is i32, the branches the signed view of the result)."""
    non_negative = compare(b, "tosa.greater_equal", d, splat(b, 0, d.type), d.type.shape)
    return select(b, non_negative, positive, negative, positive.type)


class QuantizedLeakyRelu(IntegerPattern):
    def unsupported(self, op):
        reason = (one_dynamic_dim(op)
                  or storage(op, "i8", "u8", "i16")
                  or per_tensor_only(op)
                  or int16_zero_points(op))
        if reason:
            return reason
        in_q, out_q = per_tensor(op.operands[0]), per_tensor(op.result)
        alpha = f32_ratio(in_q.scale, _alpha(op), out_q.scale)
        return (mbqm_overflow(f32_ratio(in_q.scale, out_q.scale), max_abs_input(in_q))
                or mbqm_overflow(abs(alpha), max_abs_input(in_q)))

    def rewrite(self, b, op, operands):
        in_q, out_q = per_tensor(op.operands[0]), per_tensor(op.result)
        d = widen(b, signed_view(b, operands[0], in_q))
        storage_type = d.type.with_element_type(out_q.storage_type)
        zo = signed_zero_point(out_q)
        identity = mbqm(b, d, f32_ratio(in_q.scale, out_q.scale), 0, zo, storage_type)
        alpha = f32_ratio(in_q.scale, _alpha(op), out_q.scale)
        scaled = d
        if alpha < 0:  # the kernel's -MBQM(d, |m|), as MBQM(-d, |m|)
            zero = tosa.zero_point(b, 0, i32)
            scaled = b.value("tosa.negate", [d, zero, zero], d.type)
        negative = mbqm(b, scaled, abs(alpha), 0, zo, storage_type)
        return [to_storage(b, _sign_select(b, d, identity, negative), out_q)]


class QuantizedPrelu(IntegerPattern):
    def unsupported(self, op):
        reason = (one_dynamic_dim(op)
                  or storage(op, "i8", "u8")
                  or per_tensor_only(op))
        if reason:
            return reason
        (x_q, a_q), out_q = (per_tensor(v) for v in op.operands[:2]), per_tensor(op.result)
        return (mbqm_overflow(f32_ratio(x_q.scale, out_q.scale), max_abs_input(x_q))
                or mbqm_overflow(f32_ratio(x_q.scale, a_q.scale, out_q.scale),
                                 max_abs_input(x_q) * max_abs_input(a_q)))

    def rewrite(self, b, op, operands):
        (x_q, a_q), out_q = (per_tensor(v) for v in op.operands[:2]), per_tensor(op.result)
        rank = len(op.result.type.shape)
        d, a = (widen(b, signed_view(b, broadcast_rank(b, v, rank), q)) for v, q in zip(operands[:2], (x_q, a_q)))
        storage_type = d.type.with_element_type(out_q.storage_type)
        zo = signed_zero_point(out_q)
        identity = mbqm(b, d, f32_ratio(x_q.scale, out_q.scale), 0, zo, storage_type)
        product = tosa.mul(b, d, a, d.type)
        negative = mbqm(b, product, f32_ratio(x_q.scale, a_q.scale, out_q.scale), 0, zo, storage_type)
        return [to_storage(b, _sign_select(b, d, identity, negative), out_q)]


# --- HARD_SWISH: the reference kernel's fixed point, tabulated ------------------------------

def _int16_multiplier(real: float) -> tuple[int, int]:
    """QuantizeMultiplier, then DownScaleInt32ToInt16Multiplier (internal/common.h)."""
    m, e = (int(v) for v in quantize_multiplier(real))
    return (32767 if m >= (1 << 31) - 1 - (1 << 15) else (m + (1 << 15)) >> 16), e


def _hard_swish_multipliers(in_q, out_q):
    """HardSwishPrepare: ((output m16, e), (reluish m16, e)) from float32 scales."""
    hires_input_scale = F32(F32(1.0 / 128.0) * F32(in_q.scale))
    return (_int16_multiplier(f32_ratio(hires_input_scale, out_q.scale)),
            _int16_multiplier(f32_ratio(hires_input_scale, F32(3.0) / F32(32768.0))))


def _saturating_left_shift16(v: int, amount: int) -> int:
    return min(max(v * (1 << amount), -32768), 32767)


def _doubling_high_mul16(a: int, b: int) -> int:
    """hard_swish.h SaturatingDoublingHighMul: a b / 2^15 truncated toward zero."""
    if a == b == -32768:
        return 32767
    q = abs(a * b) >> 15
    return wrap(-q if a * b < 0 else q, 16)


class QuantizedHardSwish(Table):
    """reference/hard_swish.h on every stored input (int16 arithmetic, as written there)."""

    def check(self, op, in_q, out_q):
        (_, output_exponent), _ = _hard_swish_multipliers(in_q, out_q)
        if output_exponent > 0:
            return f"output multiplier exponent {output_exponent} > 0, which TFLite's Prepare rejects"
        return None

    def outputs8(self, op, in_q, out_q):
        (om, oe), (rm, re) = _hard_swish_multipliers(in_q, out_q)
        lo, hi = in_q.storage_type_range
        out = []
        for v in range(lo, hi + 1):
            hires = wrap(wrap(v - in_q.zero_point, 16) * 128, 16)
            preshift = srdhm(hires, om, 16)
            r = _saturating_left_shift16(hires, re - 1) if re > 0 else hires
            r = srdhm(r, rm, 16)
            r = _saturating_left_shift16(r, 1) if re > 0 else rdbpot(r, -re, 16) if re < 0 else r
            r = wrap((r + (1 << 15)) >> 1, 16)
            y = wrap(rdbpot(_doubling_high_mul16(r, preshift), -oe, 16) + out_q.zero_point, 16)
            out.append(min(max(y, lo), hi))
        return np.array(out, np.int64)


# --- LUT activations ------------------------------------------------------------------------

SQRT_2_OVER_PI = F32(1.12837916709551257390 * 0.707106781186547524401)  # M_2_SQRTPI * M_SQRT1_2


def gelu_transform(op, out_q):
    """reference/gelu.h GeluTransform / GeluTransformApproximate, in float32."""
    a = op.attributes.get("approximate")
    if isinstance(a, IntegerAttr) and a.value:
        return lambda x: F32(F32(F32(0.5) * x) * F32(F32(1) + tanhf(SQRT_2_OVER_PI * (
            x + F32(F32(F32(F32(0.044715) * x) * x) * x)))))
    return lambda x: F32(F32(F32(0.5) * x) * erfcf(x * F32(-0.7071067811865476)))


def _logistic8(op, in_q, out_q):
    if F32(out_q.scale) != F32(1.0 / 256):
        return f"output scale {out_q.scale!r} is not 1/256, which TFLite's LOGISTIC requires"
    return None


class Sigmoid16(IntegerPattern):
    """LOGISTIC and TANH on int16 (zero points 0): lut.sigmoid16 with Prepare's input scaling."""

    def __init__(self, tanh: bool):
        self.tanh = tanh

    def unsupported(self, op):
        reason = (one_dynamic_dim(op)
                  or storage(op, "i16")
                  or per_tensor_only(op)
                  or int16_zero_points(op))
        if reason:
            return reason
        in_q, out_q = per_tensor(op.operands[0]), per_tensor(op.result)
        log2, power_of_two = checked_log2(out_q.scale)
        if not power_of_two or log2 != -15 or not self.tanh and F32(out_q.scale) != F32(1.0 / 32768):
            return f"output scale {out_q.scale!r} is not 2^-15, which TFLite's int16 kernel requires"
        multiplier, shift = sigmoid16_input_scaling(in_q.scale, self.tanh)
        if 32768 * multiplier + (1 << shift >> 1) >= 1 << 31:
            return f"input multiplier {multiplier} overflows int32 on the int16 range (undefined in TFLite)"
        if shift > 29:
            return f"input shift {shift} exceeds what one tosa.rescale rounds as TFLite does"
        return None

    def rewrite(self, b, op, operands):
        return [sigmoid16(b, operands[0], *sigmoid16_input_scaling(per_tensor(op.operands[0]).scale, self.tanh),
                          self.tanh)]


class Either(IntegerPattern):
    """The 8-bit pattern or the int16 one, by the input's storage type."""

    def __init__(self, narrow: IntegerPattern, wide: IntegerPattern):
        self.narrow, self.wide = narrow, wide

    def pick(self, op) -> IntegerPattern:
        q = per_tensor(op.operands[0])
        return self.wide if q is not None and q.storage_width == 16 else self.narrow

    def unsupported(self, op):
        return storage(op, "i8", "u8", "i16") or self.pick(op).unsupported(op)

    def rewrite(self, b, op, operands):
        return self.pick(op).rewrite(b, op, operands)


class Clamp(FloatPattern):
    def __init__(self, lo: float, hi: float):
        self.lo, self.hi = lo, hi

    def unsupported(self, op):
        return floats_only(op)

    def rewrite(self, b, op, operands, result_types):
        return [tosa.clamp(b, operands[0], self.lo, self.hi, result_types[0])]


FLOAT_MAX = 3.4028234663852886e38

class Elu(Elementwise):
    """x < 0 ? expm1(x) : x (reference/elu.h); math.expm1, as TOSA has no expm1."""

    def rewrite(self, b, op, operands, result_types):
        x, t = operands[0], result_types[0]
        negative = compare(b, "tosa.greater", splat(b, 0.0, t), x, t.shape)
        return [select(b, negative, b.value("math.expm1", [x], t), x, t)]


class Gelu(Elementwise):
    """reference/gelu.h, an Eigen array expression that every resolver runs:
        exact        (0.5 x) erfc(x (-1 / sqrt 2))
        approximate  (0.5 x) (1 + tanh(sqrt(2 / pi) (x + 0.044715 ((x x) x))))

    Both as Eigen evaluates them on SSE without FMA, bit for bit: tanh is eigen_math.tanh
    (the same on every lane); erfc is eigen_math.erfc, whose exp is Eigen's packet exp on
    the 4-wide lanes and the C library's expf on the last `size % 4` elements, which the
    assignment loop computes one at a time (the arena's buffers start aligned). The exact
    form on a `?` shape cannot place those lanes, and other float types are Eigen's on
    their own types: these take tosa.erf or tosa.tanh, within the float tolerance."""

    def rewrite(self, b, op, operands, result_types):
        x, t = operands[0], result_types[0]
        a = op.attributes.get("approximate")
        approximate = isinstance(a, IntegerAttr) and a.value
        if t.element_type == f32 and approximate:
            return [generic(b, [x], [AffineMap.identity(len(t.shape))], t, lambda r, v: _gelu_tanh(r, v[0]))]
        if t.element_type == f32 and None not in t.shape:
            return [reshape(b, _gelu_erfc(b, reshape(b, x, (math.prod(t.shape),))), t.shape)]
        if approximate:
            cube = tosa.mul(b, tosa.mul(b, x, x, t), x, t)
            inner = tosa.binary(b, "tosa.add", x, tosa.mul(b, cube, splat(b, 0.044715, t), t), t)
            curve = b.value("tosa.tanh", [tosa.mul(b, inner, splat(b, math.sqrt(2 / math.pi), t), t)], t)
        else:
            curve = b.value("tosa.erf", [tosa.mul(b, x, splat(b, math.sqrt(0.5), t), t)], t)
        half_x = tosa.mul(b, x, splat(b, 0.5, t), t)
        return [tosa.mul(b, half_x, tosa.binary(b, "tosa.add", curve, splat(b, 1.0, t), t), t)]


def _gelu_tanh(r, x):
    """GeluTransformApproximate as Eigen evaluates it, on one element."""
    cube = binary(r, "arith.mulf", binary(r, "arith.mulf", x, x), x)
    inner = binary(r, "arith.addf", x, binary(r, "arith.mulf", fconst(r, 0.044715), cube))
    th = eigen_math.tanh(r, binary(r, "arith.mulf", fconst(r, math.sqrt(2 / math.pi)), inner))
    return binary(r, "arith.mulf", binary(r, "arith.mulf", fconst(r, 0.5), x), binary(r, "arith.addf", fconst(r, 1.0), th))


def _gelu_erfc(b, x):
    """The exact GELU of a [size] f32 tensor, Eigen's scalar lanes (the last size % 4) with expf."""
    size = x.type.shape[0]
    tail = size - size % eigen_math.PACKET
    table = arith.constant(b, eigen_math.expf_table(), tensor((eigen_math.EXPF_N,), i64)) if tail < size else None

    def body(r, v):
        half_x = binary(r, "arith.mulf", fconst(r, 0.5), v[0])
        arg = binary(r, "arith.mulf", v[0], fconst(r, -math.sqrt(0.5)))
        y = binary(r, "arith.mulf", half_x, eigen_math.erfc(r, arg, eigen_math.exp_packet))
        if table is None:
            return y
        scalar = binary(r, "arith.mulf", half_x, eigen_math.erfc(r, arg, lambda r2, z: eigen_math.expf(r2, z, table)))
        position = r.value("arith.index_cast", [loop_index(r, 0)], i32)
        return g.select(r, g.compare(r, "sge", position, tail), scalar, y)

    return generic(b, [x], [AffineMap.identity(1)], x.type, body)


class HardSwish(Elementwise):
    """x * min(6, max(0, x + 3)) / 6 (reference/hard_swish.h): the division is
    arith.divf, as TOSA has none and * (1/6) can differ in the last bit."""

    def unsupported(self, op):
        return super().unsupported(op) or floats_only(op)

    def rewrite(self, b, op, operands, result_types):
        x, t = operands[0], result_types[0]
        relu6 = tosa.clamp(b, tosa.binary(b, "tosa.add", x, splat(b, 3.0, t), t), 0.0, 6.0)
        return [b.value("arith.divf", [tosa.mul(b, x, relu6, t), broadcast_to(b, splat(b, 6.0, t), t.shape)], t)]


class LeakyRelu(Elementwise):
    """x > 0 ? x : x * alpha (reference/leaky_relu.h; alpha may exceed 1, so no max)."""

    def rewrite(self, b, op, operands, result_types):
        x, t = operands[0], result_types[0]
        a = op.attributes.get("alpha")
        alpha = float(a.value) if isinstance(a, FloatAttr) else 0.0
        positive = compare(b, "tosa.greater", x, splat(b, 0.0, t), t.shape)
        return [select(b, positive, x, tosa.mul(b, x, splat(b, alpha, t), t), t)]


class Prelu(Elementwise):
    """x >= 0 ? x : x * alpha, alpha broadcast against x (ApplyPrelu in kernels/activations.cc)."""

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        x, alpha = (broadcast_rank(b, v, len(t.shape)) for v in operands[:2])
        non_negative = compare(b, "tosa.greater_equal", x, splat(b, 0.0, t), t.shape)
        return [select(b, non_negative, x, tosa.mul(b, x, alpha, t), t)]


SIGMOID = Lut(lambda op, out_q: lambda x: F32(F32(1) / F32(F32(1) + expf(-x))), check=_logistic8)
ELU = Lut(lambda op, out_q: lambda x: expm1f(x) if x < F32(0) else x, kinds=("i8",))
