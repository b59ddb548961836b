"""gemmlowp's fixed-point arithmetic as arith ops on i32 scalars, for linalg.generic bodies.

TFLite's SOFTMAX, LOG_SOFTMAX and L2_NORMALIZATION reference kernels compute in
gemmlowp's `FixedPoint<int32_t, N>`: a raw int32 `v` meaning `v / 2^(31 - N)`
(N integer bits, "QN.(31-N)"). A product of an N-bit and an M-bit value is
`SRDHM` of the raws with N + M integer bits; `Rescale<K>` of an N-bit value is
`SaturatingRoundingMultiplyByPOT<N - K>` of the raw. Each emitter here takes the
region's builder `r` and i32 values and returns an i32 value, and ports one
routine line by line, with gemmlowp's constants:

    fixedpoint/fixedpoint.h (google/gemmlowp 16e8662c, the commit LiteRT pins):
        SaturatingRoundingDoublingHighMul, RoundingDivideByPOT, RoundingHalfSum,
        SaturatingRoundingMultiplyByPOT, exp_on_negative_values,
        one_over_one_plus_x_for_x_in_0_1
    tflite/kernels/internal/common.h (LiteRT):
        SaturatingRoundingMultiplyByPOTParam, log_x_for_x_greater_than_or_equal_to_1,
        GetReciprocal, GetInvSqrtQuantizedMultiplierExp
    tflite/kernels/internal/common.cc: MultiplyByQuantizedMultiplier (double rounding)

gemmlowp's `+` and `-` on FixedPoint are plain int32 additions: `arith.addi`
and `arith.subi` (no overflow flags) wrap exactly as the compiled kernels do.
Shift amounts are always in [0, 31], so no `arith.shli` is poison.
"""
from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import Union

from tfl2quant.dialects import arith
from tfl2quant.dialects.linalg import PARALLEL
from tfl2quant.dialects.tensor import dynamic_sizes
from tfl2quant.ir.affine import AffineMap, AffineMapAttr, const, dim
from tfl2quant.ir.attributes import ArrayAttr, DenseArrayAttr, IntegerAttr
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import Block, Region, Value
from tfl2quant.ir.types import RankedTensorType, Type, element_type, i1, i32, i64

INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1
Int = Union[Value, int]

# --- scalar arith ---------------------------------------------------------------------------

_PREDICATES = {"eq": 0, "ne": 1, "slt": 2, "sle": 3, "sgt": 4, "sge": 5}
_ONCE: weakref.WeakKeyDictionary[Block, dict] = weakref.WeakKeyDictionary()


def _once(r: Builder, key: tuple, make: Callable[[], Value]) -> Value:
    """`make()` the first time `key` is asked for in the region's block, then that value."""
    if r.block is None:
        return make()
    known = _ONCE.setdefault(r.block, {})
    if key not in known:
        known[key] = make()
    return known[key]


def constant(r: Builder, value: int, t: Type = i32) -> Value:
    """`arith.constant`, created once per region block (at its first use) and reused."""
    return _once(r, (value, t), lambda: arith.constant(r, value, t))


def _value(r: Builder, x: Int, t: Type) -> Value:
    return x if isinstance(x, Value) else constant(r, x, t)


def _binary(name: str) -> Callable[[Builder, Int, Int], Value]:
    def emit(r: Builder, a: Int, b: Int) -> Value:
        t = a.type if isinstance(a, Value) else b.type
        return r.value(name, [_value(r, a, t), _value(r, b, t)], t)
    return emit


add, sub, mul = _binary("arith.addi"), _binary("arith.subi"), _binary("arith.muli")
bit_and, shift_left, shift_right = _binary("arith.andi"), _binary("arith.shli"), _binary("arith.shrsi")
divide, minimum, maximum = _binary("arith.divsi"), _binary("arith.minsi"), _binary("arith.maxsi")


def compare(r: Builder, predicate: str, a: Value, b: Int) -> Value:
    return r.value("arith.cmpi", [a, _value(r, b, a.type)], i1,
                   {"predicate": IntegerAttr(_PREDICATES[predicate], i64)})


def select(r: Builder, condition: Value, a: Int, b: Int) -> Value:
    t = a.type if isinstance(a, Value) else b.type
    return r.value("arith.select", [condition, _value(r, a, t), _value(r, b, t)], t)


def widen(r: Builder, x: Value, t: Type = i64) -> Value:
    return _once(r, ("arith.extsi", x, t), lambda: r.value("arith.extsi", [x], t))


def _wide(r: Builder, x: Int) -> Value:
    """An i32 value or a constant as i64."""
    return widen(r, x) if isinstance(x, Value) else constant(r, x, i64)


def narrow(r: Builder, x: Value, t: Type = i32) -> Value:
    return r.value("arith.trunci", [x], t)


def one_if(r: Builder, condition: Value) -> Value:
    """1 if `condition` else 0, as i32 (C++'s bool to int)."""
    return r.value("arith.extui", [condition], i32)


def count_leading_zeros(r: Builder, x: Value) -> Value:
    """CountLeadingZeros(uint32(x)) (common.h): 32 for 0."""
    return r.value("math.ctlz", [x], x.type)


def saturate(r: Builder, x: Value, lo: int, hi: int) -> Value:
    return minimum(r, maximum(r, x, lo), hi)


# --- gemmlowp primitives --------------------------------------------------------------------


def srdhm(r: Builder, a: Int, b: Int) -> Value:
    """SaturatingRoundingDoublingHighMul(a, b): `(p + nudge) / 2^31` with C's truncating
    division, p = a * b in int64, nudge = 2^30 if p >= 0 else 1 - 2^30.

    That is floor((p + 2^30) / 2^31): for p = -k < 0, trunc((-k + 1 - 2^30) / 2^31)
    = -floor((k - 1 + 2^30) / 2^31) = floor((-k + 2^30) / 2^31). So p / 2^31 rounded to
    nearest with ties toward +infinity, one shift; only INT32_MIN * INT32_MIN exceeds
    int32, and gemmlowp saturates it to INT32_MAX.
    """
    p = mul(r, _wide(r, a), _wide(r, b))
    q = shift_right(r, add(r, p, 1 << 30), 31)
    return narrow(r, minimum(r, q, INT32_MAX))


def rdbpot(r: Builder, x: Value, exponent: Int) -> Value:
    """RoundingDivideByPOT(x, exponent), exponent in [0, 31]: x / 2^exponent rounded to
    nearest, ties away from zero, as gemmlowp writes it:
    `(x >> e) + ((x & mask) > (mask >> 1) + (x < 0))` with mask = 2^e - 1."""
    if isinstance(exponent, int):
        if exponent == 0:
            return x
        mask, half = constant(r, (1 << exponent) - 1), (1 << (exponent - 1)) - 1
    else:
        mask = sub(r, shift_left(r, 1, exponent), 1)
        half = shift_right(r, mask, 1)
    threshold = add(r, half, one_if(r, compare(r, "slt", x, 0)))
    remainder = bit_and(r, x, mask)
    return add(r, shift_right(r, x, exponent), one_if(r, compare(r, "sgt", remainder, threshold)))


def multiply_by_pot(r: Builder, x: Value, exponent: Int) -> Value:
    """SaturatingRoundingMultiplyByPOT<exponent> (gemmlowp) and
    SaturatingRoundingMultiplyByPOTParam (common.h, exponent a value in [0, 31]): a
    left shift saturating to int32 beyond +-(2^(31 - e) - 1), or RDBPOT for e < 0.

    For e = 0 the threshold is 2^31 - 1 and the shift keeps x: the identity, as the
    Param version's early return."""
    if isinstance(exponent, int):
        if exponent <= 0:
            return rdbpot(r, x, -exponent)
        threshold, negative_threshold = (constant(r, v * ((1 << (31 - exponent)) - 1)) for v in (1, -1))
    else:
        threshold = sub(r, shift_left(r, 1, sub(r, 31, exponent)), 1)
        negative_threshold = sub(r, 0, threshold)
    shifted = shift_left(r, x, exponent)
    shifted = select(r, compare(r, "sgt", x, threshold), INT32_MAX, shifted)
    return select(r, compare(r, "slt", x, negative_threshold), INT32_MIN, shifted)


def rounding_half_sum(r: Builder, a: Value, b: Int) -> Value:
    """RoundingHalfSum (int32): (a + b + sign) / 2 in int64, sign = +1 if a + b >= 0 else -1."""
    total = add(r, widen(r, a), _wide(r, b))
    sign = select(r, compare(r, "sge", total, 0), constant(r, 1, i64), -1)
    return narrow(r, divide(r, add(r, total, sign), 2))


def saturating_add(r: Builder, a: Value, b: Int) -> Value:
    """SaturatingAddNonGemmlowp (common.h): the int64 sum clamped to int32."""
    return narrow(r, saturate(r, add(r, widen(r, a), _wide(r, b)), INT32_MIN, INT32_MAX))


def saturating_sub(r: Builder, a: Value, b: Int) -> Value:
    """SaturatingSub (common.h): the int64 difference clamped to int32."""
    return narrow(r, saturate(r, sub(r, widen(r, a), _wide(r, b)), INT32_MIN, INT32_MAX))


def multiply_by_quantized_multiplier(r: Builder, x: Value, multiplier: Int, shift: Int) -> Value:
    """MultiplyByQuantizedMultiplier (common.cc, double rounding):
    RDBPOT(SRDHM(x * 2^max(shift, 0), m), max(-shift, 0)); `x * 2^left` is an int32 product."""
    if isinstance(shift, int):
        left, right = max(shift, 0), max(-shift, 0)
    else:
        left, right = maximum(r, shift, 0), maximum(r, sub(r, 0, shift), 0)
    if isinstance(left, Value) or left:
        x = shift_left(r, x, left)
    return rdbpot(r, srdhm(r, x, multiplier), right)


# --- gemmlowp functions ---------------------------------------------------------------------


def exp_on_interval_between_negative_one_quarter_and_0_excl(r: Builder, a: Value) -> Value:
    """exp(a) for a Q0.31 in [-1/4, 0): the Taylor series around -1/8 to the 4th order,
    x = a + 1/8: exp(-1/8) * (1 + x + x^2/2 + x^3/6 + x^4/24)."""
    constant_term = 1895147668       # exp(-1/8) * 2^31
    constant_1_over_3 = 715827883    # 1/3 * 2^31
    x = add(r, a, 1 << 28)           # + 1/8
    x2 = srdhm(r, x, x)
    x3 = srdhm(r, x2, x)
    x4 = srdhm(r, x2, x2)
    x4_over_4 = multiply_by_pot(r, x4, -2)
    x4_over_24_plus_x3_over_6_plus_x2_over_2 = multiply_by_pot(
        r, add(r, srdhm(r, add(r, x4_over_4, x3), constant_1_over_3), x2), -1)
    return add(r, constant_term, srdhm(r, constant_term, add(r, x, x4_over_24_plus_x3_over_6_plus_x2_over_2)))


# exp(-2^k) * 2^31 for the barrel shifter of exp_on_negative_values, k = -2 ... 4
EXP_BARREL = ((-2, 1672461947), (-1, 1302514674), (0, 790015084), (1, 290630308), (2, 39332535),
              (3, 720401), (4, 242))


def exp_on_negative_values(r: Builder, a: Value, integer_bits: int) -> Value:
    """exp(a) as Q0.31 for a Q(integer_bits) value a <= 0.

    a = q - n/4 with q in [-1/4, 0) (the low bits) and n/4 = the rest: exp(q) by the
    series, then one multiplication by exp(-2^k) per set bit k of n/4; exp(0) is
    INT32_MAX (Q0.31's one), and below -32 the result is 0 when that is representable."""
    fractional_bits = 31 - integer_bits
    one_quarter = 1 << (fractional_bits - 2)
    a_mod_quarter_minus_one_quarter = sub(r, bit_and(r, a, one_quarter - 1), one_quarter)
    result = exp_on_interval_between_negative_one_quarter_and_0_excl(
        r, multiply_by_pot(r, a_mod_quarter_minus_one_quarter, integer_bits))   # Rescale<0>
    remainder = sub(r, a_mod_quarter_minus_one_quarter, a)
    for exponent, multiplier in EXP_BARREL:
        if integer_bits > exponent:
            bit = bit_and(r, remainder, 1 << (fractional_bits + exponent))
            result = select(r, compare(r, "ne", bit, 0), srdhm(r, result, multiplier), result)
    if integer_bits > 5:
        result = select(r, compare(r, "slt", a, -(1 << (36 - integer_bits))), 0, result)   # -32
    return select(r, compare(r, "eq", a, 0), INT32_MAX, result)


def one_over_one_plus_x_for_x_in_0_1(r: Builder, a: Value) -> Value:
    """1 / (1 + a) as Q0.31 for a Q0.31 in [0, 1): Newton-Raphson division of 1 by
    d = (1 + a) / 2 in Q2.29, from 48/17 - 32/17 d, three steps x += x (1 - d x)."""
    half_denominator = rounding_half_sum(r, a, INT32_MAX)
    constant_48_over_17 = 1515870810        # 48/17 * 2^29
    constant_neg_32_over_17 = -1010580540   # -32/17 * 2^29
    x = add(r, constant_48_over_17, srdhm(r, half_denominator, constant_neg_32_over_17))
    for _ in range(3):
        half_denominator_times_x = srdhm(r, half_denominator, x)
        one_minus_half_denominator_times_x = sub(r, 1 << 29, half_denominator_times_x)
        x = add(r, x, multiply_by_pot(r, srdhm(r, x, one_minus_half_denominator_times_x), 2))
    return multiply_by_pot(r, x, 1)   # Rescale<0>(ExactMulByPot<-1>(x))


def log_x_for_x_greater_than_or_equal_to_1(r: Builder, x: Value, output_integer_bits: int,
                                           input_integer_bits: int) -> Value:
    """log(x) as Q(output_integer_bits) for a Q(input_integer_bits) x >= 1 (common.h,
    log_x_for_x_greater_than_or_equal_to_1_impl).

    x = r * 2^k with the mantissa r normalized two ways (by x's headroom, times sqrt(2);
    and by the headroom of x * sqrt(1/2)); the smaller r and the larger k (each adjusted
    by 1/4 in the exponent) are kept. log(r) is a rational function of
    q = 2 (r - sqrt(sqrt(1/2))) with the constants alpha_n, alpha_d, alpha_i, alpha_f,
    its division by one_over_one_plus_x_for_x_in_0_1; k log(2) + log(r) is summed with
    one integer bit more than the output and rescaled to it."""
    accum_integer_bits = output_integer_bits + 1
    log_2 = 1488522236            # log(2) * 2^31
    sqrt_sqrt_half = 1805811301   # sqrt(sqrt(1/2)) * 2^31
    sqrt_half = 1518500250        # sqrt(1/2) * 2^31
    alpha_n = 117049297           # 11/240 * sqrt(sqrt(2)) * 2^31
    alpha_d = 127690142           # 1/20 * sqrt(sqrt(2)) * 2^31
    alpha_i = 1057819769          # (2 / sqrt(sqrt(2)) - sqrt(sqrt(2))) * 2^31
    alpha_f = 638450708           # 1/4 * sqrt(sqrt(2)) * 2^31
    # Rescale<accum>(1/4 as Q0.31) = 2^29 / 2^accum exactly
    shifted_quarter = 1 << (29 - accum_integer_bits)
    to_accum = 31 - accum_integer_bits   # an integer as Q(accum): raw << to_accum

    z_a_headroom_plus_1 = count_leading_zeros(r, x)
    r_a_tmp = multiply_by_pot(r, x, sub(r, z_a_headroom_plus_1, 1))
    r_a_raw = multiply_by_pot(r, srdhm(r, r_a_tmp, sqrt_half), 1)
    z_a_pow_2_adj = saturating_add(
        r, multiply_by_pot(r, sub(r, input_integer_bits, z_a_headroom_plus_1), to_accum), shifted_quarter)

    z_b = srdhm(r, x, sqrt_half)
    z_b_headroom = sub(r, count_leading_zeros(r, z_b), 1)
    r_b_raw = multiply_by_pot(r, x, z_b_headroom)
    z_b_pow_2_adj = saturating_sub(
        r, multiply_by_pot(r, sub(r, input_integer_bits, z_b_headroom), to_accum), shifted_quarter)

    rr = minimum(r, r_a_raw, r_b_raw)
    z_pow_2_adj = maximum(r, z_a_pow_2_adj, z_b_pow_2_adj)

    p = rounding_half_sum(r, rr, sqrt_sqrt_half)
    q = sub(r, rr, sqrt_sqrt_half)
    q = add(r, q, q)
    common_sq = srdhm(r, q, q)
    num = add(r, srdhm(r, q, rr), srdhm(r, srdhm(r, q, common_sq), alpha_n))
    denom_minus_one_0 = add(r, srdhm(r, p, add(r, add(r, constant(r, alpha_i), q), srdhm(r, common_sq, alpha_d))),
                            srdhm(r, q, alpha_f))
    recip_denom = one_over_one_plus_x_for_x_in_0_1(r, denom_minus_one_0)
    num_scaled = multiply_by_pot(r, num, -accum_integer_bits)   # Rescale<accum>(num)
    total = add(r, srdhm(r, z_pow_2_adj, log_2), srdhm(r, num_scaled, recip_denom))
    return multiply_by_pot(r, total, accum_integer_bits - output_integer_bits)


def reciprocal(r: Builder, x: Value, x_integer_digits: int) -> tuple[Value, Value]:
    """GetReciprocal (common.h): for x > 0 with `x_integer_digits` integer bits, returns
    (1 / (x / 2^num_bits_over_unit) as Q0.31, num_bits_over_unit): x shifted up to its
    top bit is 1 + s with s in [0, 1), and 1 / (1 + s) comes from
    one_over_one_plus_x_for_x_in_0_1."""
    headroom_plus_one = count_leading_zeros(r, x)
    num_bits_over_unit = sub(r, x_integer_digits, headroom_plus_one)
    # (uint32(x) << headroom) - 2^31, in two's complement
    shifted_sum_minus_one = sub(r, shift_left(r, x, headroom_plus_one), INT32_MIN)
    return one_over_one_plus_x_for_x_in_0_1(r, shifted_sum_minus_one), num_bits_over_unit


def inv_sqrt_quantized_multiplier_exp(r: Builder, x: Value) -> tuple[Value, Value]:
    """GetInvSqrtQuantizedMultiplierExp(x, kReverseShift = -1) (common.h): (m, e) with
    1 / sqrt(x) ~ m * 2^(e - 31), for x >= 0.

    x <= 1 gives (INT32_MAX, 0). Otherwise x is brought into [2^27, 2^29) by powers of 4
    (at most one division for an int32), 1/sqrt of it (Q3.28) takes five Newton-Raphson
    steps y = 3/2 y - x/2 y^3 from y = 1, times sqrt(2)/2; a negative exponent is folded
    into the multiplier."""
    small = compare(r, "sle", x, 1)
    big = compare(r, "sge", x, 1 << 29)
    x = select(r, big, shift_right(r, x, 2), x)   # input /= 4 for a positive input
    shift = select(r, big, constant(r, 12), 11)
    max_left_shift_bits = sub(r, count_leading_zeros(r, x), 1)
    left_shift_bit_pairs = sub(r, shift_right(r, max_left_shift_bits, 1), 1)
    shift = sub(r, shift, left_shift_bit_pairs)
    x = shift_left(r, x, mul(r, left_shift_bit_pairs, 2))
    fixedpoint_input = shift_right(r, x, 1)                                   # Q3.28
    fixedpoint_half_input = multiply_by_pot(r, fixedpoint_input, -1)
    fixedpoint_half_three = (1 << 28) + (1 << 27)                             # 1.5
    y = constant(r, 1 << 28)                                                  # 1.0
    for _ in range(5):
        y3 = multiply_by_pot(r, srdhm(r, srdhm(r, y, y), y), 6)              # Rescale<3>(y*y*y)
        y = multiply_by_pot(r, sub(r, srdhm(r, constant(r, fixedpoint_half_three), y),
                                   srdhm(r, fixedpoint_half_input, y3)), 3)
    y = srdhm(r, y, 1518500250)                                               # * sqrt(2)/2
    y = shift_left(r, y, maximum(r, sub(r, 0, shift), 0))                    # shift < 0: m <<= -shift
    shift = maximum(r, shift, 0)
    return select(r, small, INT32_MAX, y), select(r, small, 0, sub(r, 0, shift))


# --- the linalg.generic over rows --------------------------------------------------------------


def rowwise(b: Builder, inputs: Sequence[Value], result_types: Sequence[RankedTensorType],
            body: Callable[[Builder, list[Value]], Sequence[Value]]) -> list[Value]:
    """An all-parallel linalg.generic over the [rows, depth] shape of `result_types[0]`.

    Inputs of that shape are read elementwise, [rows, 1] inputs once per row
    ((d0, d1) -> (d0, 0)), [1, depth] inputs once per column ((d0, d1) -> (0, d1)).
    `body` gets a builder in the region and the scalar block arguments of the inputs,
    and returns one value per result. `rows` may be `?`: the first input's dimension 0."""
    rows, depth = result_types[0].shape
    inits = [b.value("tensor.empty", dynamic_sizes(b, inputs[0], result_types[0].shape), t) for t in result_types]
    block = Block([element_type(v.type) for v in inputs] + [element_type(t) for t in result_types])
    inner = Builder(block=block, location=b.location)
    inner.create("linalg.yield", list(body(inner, list(block.args[:len(inputs)]))))
    per_row, per_column = AffineMap(2, (dim(0), const(0))), AffineMap(2, (const(0), dim(1)))
    maps = [per_row if tuple(v.type.shape) == (rows, 1) and depth != 1 else
            per_column if tuple(v.type.shape) == (1, depth) and rows != 1 else AffineMap.identity(2) for v in inputs]
    attrs = {
        "indexing_maps": ArrayAttr(tuple(AffineMapAttr(m) for m in maps + [AffineMap.identity(2)] * len(inits))),
        "iterator_types": ArrayAttr((PARALLEL,) * 2),
        "operandSegmentSizes": DenseArrayAttr(i32, (len(inputs), len(inits))),
    }
    return b.create("linalg.generic", list(inputs) + inits, list(result_types), attrs,
                    regions=[Region([block])]).results
