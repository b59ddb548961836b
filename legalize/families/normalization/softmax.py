"""Quantized SOFTMAX and LOG_SOFTMAX on the integer path (their rows are in
normalization.py's RULES), bit-exact with the kernels BUILTIN_REF registers:
SoftmaxEval<kReference> and LogSoftmaxEval<kReference> (kernels/activations.cc).
Each works per row of the input seen as [rows, depth]; the gemmlowp steps are
`linalg.generic`s of legalize/lib/gemmlowp.py, the rest TOSA on i32.

SOFTMAX, int8/uint8 input, int8/uint8/int16 output: reference_ops::Softmax<InputT,
OutputT> (internal/reference/softmax.h). Prepare (PreprocessSoftmaxScaling,
CalculateInputRadius in internal/quantization_util.cc), in double:

    (m, ls) = QM(min(beta * si * 2^26, 2^31 - 1))    QuantizeMultiplierGreaterThanOne: aborts
                                                      unless its argument is above 1
    diff_min = -floor(31 * 2^26 / 2^ls)               below it, d * 2^ls * m / 2^31 < -31 (Q5.26)
per row:
    d = q - max(q)                                    skipped (output: type minimum) if d < diff_min
    x = SRDHM(d << ls, m)                             Q5.26 (MultiplyByQuantizedMultiplierGreaterThanOne)
    sum = sum RDBPOT(exp_on_negative_values(x), 12)   Q0.31 -> Q12.19 (gemmlowp::Rescale<12>)
    (r, nbu) = GetReciprocal(sum, 12)                 r = 1 / (sum / 2^nbu) in Q0.31
    E = nbu + 31 - bits(OutputT)                      TFLITE_CHECK(0 <= E <= 31)
    q_out = clamp(RDBPOT(SRDHM(r, exp_on_negative_values(x)), E) + type minimum)

The output's scale and zero point are not read: the type minimum stands for the
zero point (Prepare checks 1/256 and -128 for int8 -> int8 only). Here a skipped
element gets exp 0, which gives the type minimum through the same formula. An
8-bit output whose row sums to 512 or more (E > 31) aborts TFLite (rows of 512
and longer can); there the pattern uses E = 31, a defined value.

SOFTMAX int16 -> int16: reference_ops::SoftmaxInt16, in every resolver. Prepare
fills two 513-entry tables with LUTPopulate<int16_t> in double (the deprecated
overload): exp on [-10, 0] (input scale 10/65535, zero point 32767) and
1 / (1 + x) on [0, 1] (input scale 1/65535, zero point -32768), both to output
scale 2/65535, and takes (m, e) = QM(float(si * beta) / (10 / 65535)), the product
in f32. Per row:

    e_c = LUTLookup(clamp16(MBQM(q - max(q), m, e) + 32767), exp_lut)    Q0.15
    sum = sum e_c;  h = clz(sum)
    s = ((int64(sum) << (h - 1)) + 2^13) >> 14                           sum normalized to [2^16, 2^17)
    r = LUTLookup(clamp16(s - 2^15 - 2^16), inv_lut)                      1 / (1 + x), Q0.15
    q_out = clamp((int64(e_c) * r + 2^(30 - h)) >> (31 - h), 0, 32767)

LUTLookup is `tosa.table` and `(t + 64) >> 7` (legalize/lib/lut.py: table16).

LOG_SOFTMAX int8/uint8 (LogSoftmaxPrepare; reference_integer_ops::LogSoftmax for
int8, reference_ops::LogSoftmax for uint8: the same arithmetic). beta is fixed at
1; Prepare requires output scale 16/256 and zero point 127 (int8) or 255 (uint8),
which Eval hard-wires. PreprocessLogSoftmaxScalingExp adds the reverse scaling:

    (m, ls), diff_min as SOFTMAX's with beta 1
    (rm, re) = QM(2^(31 - ls) / m)                    QuantizeMultiplierSmallerThanOneExp: aborts
                                                      unless it is below 1
per row:
    sum as SOFTMAX's;  log = log_x_for_x_greater_than_or_equal_to_1<5>(sum)     Q5.26
    adjusted = max(diff_min - 1, MBQM(log + INT32_MIN, rm, re))
    q_out = d > adjusted ? clamp(RDBPOT(SRDHM(d << ls, m) - log, 31 - 5 - 4) + zo) : type minimum

`adjusted` is the d below which `SRDHM(d << ls, m) - log` would leave int32.
"""
from __future__ import annotations

import functools
import math

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.ir.attributes import FloatAttr
from tfl2quant.ir.types import i16, i32, i64, tensor

from ...lib import gemmlowp as g
from ...lib.emit import reshape, splat
from ...lib.fixed_point import quantize_multiplier
from ...lib.lut import table16
from ...lib.query import one_dynamic_dim, per_tensor, per_tensor_only, storage, storage_name, storage_of
from ...lib.rescale import mbqm, mbqm_overflow
from ...lib.storage import signed_view, widen
from ...rule import IntegerPattern

SCALED_DIFF_INTEGER_BITS = 5     # Q5.26 input to exp
ACCUMULATION_INTEGER_BITS = 12   # Q12.19 sum of exponentials
MAX_DEPTH_8BIT = 1 << ACCUMULATION_INTEGER_BITS   # "safe from overflowing in 2^12 steps"
DYNAMIC_ROW = ("a dynamic row length (last dimension): the pattern checks at compile time that a row "
               "cannot overflow TFLite's Q12.19 sum of exponentials")
LOG_OUTPUT_INTEGER_BITS = 4      # LOG_SOFTMAX's output, 16/256 per step
LOG_SOFTMAX_OFFSET = {"i8": 127, "u8": 255}   # the zero point Prepare requires and Eval adds


def rows(op) -> tuple[int, int]:
    """(rows, depth): the input as TFLite's kernels walk it."""
    shape = op.operands[0].type.shape
    return (None if None in shape[:-1] else int(np.prod(shape[:-1]))), shape[-1]


def beta_of(op) -> float:
    a = op.attributes.get("beta")
    return float(np.float32(a.value)) if isinstance(a, FloatAttr) else 1.0


def input_scaling(beta: float, input_scale: float):
    """PreprocessSoftmaxScaling and CalculateInputRadius with 5 integer bits:
    (m, ls, diff_min), or why TFLite's Prepare aborts."""
    real = min(float(np.float32(beta)) * float(np.float32(input_scale)) * float(1 << 26), float((1 << 31) - 1))
    if not real > 1:
        return f"beta * input scale * 2^26 = {real!r} is not above 1: TFLite's Prepare aborts"
    m, ls = (int(v) for v in quantize_multiplier(real))
    radius = math.floor(((1 << SCALED_DIFF_INTEGER_BITS) - 1) * float(1 << 26) / float(1 << ls))
    return m, ls, -radius


def log_softmax_scaling(input_scale: float):
    """PreprocessLogSoftmaxScalingExp (beta 1): (m, ls, diff_min, rm, re), or a reason."""
    scaling = input_scaling(1.0, input_scale)
    if isinstance(scaling, str):
        return scaling
    m, ls, diff_min = scaling
    reverse = float(1 << (31 - ls)) / float(m)
    if not reverse < 1:
        return f"reverse scaling 2^(31 - {ls}) / {m} is not below 1: TFLite's Prepare aborts"
    rm, re = quantize_multiplier(reverse)
    return m, ls, diff_min, int(rm), int(re)


def diff_from_row_max(b, x, op):
    """q - max(q) of each row as i32 [rows, depth] (uint8 through its signed view `q - 128`:
    the same differences)."""
    n, depth = rows(op)
    x = widen(b, signed_view(b, reshape(b, x, (n, depth)), per_tensor(op.operands[0])))
    return tosa.binary(b, "tosa.sub", x, tosa.reduce(b, "tosa.reduce_max", x, 1), x.type)


def exp_terms(b, diff, m: int, ls: int, diff_min: int, keep_exps: bool):
    """(the Q0.31 exp_on_negative_values(SRDHM(d << ls, m)) of each d, 0 where d < diff_min,
    if `keep_exps`; the Q12.19 sum of each row)."""
    n, depth = diff.type.shape

    def body(r, args):
        d = args[0]
        x = g.multiply_by_quantized_multiplier(r, d, m, ls)   # ls > 0: SRDHM(d << ls, m)
        counted = g.compare(r, "sge", d, diff_min)
        e = g.select(r, counted, g.exp_on_negative_values(r, x, SCALED_DIFF_INTEGER_BITS), 0)
        term = g.rdbpot(r, e, ACCUMULATION_INTEGER_BITS)       # Rescale<12>
        return [e, term] if keep_exps else [term]

    t = tensor((n, depth), i32)
    results = g.rowwise(b, [diff], [t, t] if keep_exps else [t], body)
    return (results[0] if keep_exps else None), tosa.reduce(b, "tosa.reduce_sum", results[-1], 1)


# --- SOFTMAX ------------------------------------------------------------------------------


def _int16_multiplier(op) -> float:
    """SoftmaxPrepare: `input->params.scale * params->beta` (f32) / (10.0 / 65535.0)."""
    product = np.float32(per_tensor(op.operands[0]).scale) * np.float32(beta_of(op))
    return float(product) / (10.0 / 65535.0)


class QuantizedSoftmax(IntegerPattern):
    def unsupported(self, op):
        x, y = op.operands[0], op.result
        reason = (one_dynamic_dim(op)
                  or per_tensor_only(op)
                  or storage_of(op, x, "i8", "u8", "i16")
                  or storage_of(op, y, "i8", "u8", "i16"))
        if reason:
            return reason
        if storage_name(x) == "i16":
            real = _int16_multiplier(op)
            if not real > 0:
                return f"input scale * beta is {real * 10 / 65535!r}; the int16 pattern takes a positive product"
            return mbqm_overflow(real, 65535)   # q - max(q) spans [-65535, 0]
        if x.type.shape[-1] is None:
            return DYNAMIC_ROW
        if x.type.shape[-1] > MAX_DEPTH_8BIT:
            return f"rows longer than {MAX_DEPTH_8BIT} can overflow TFLite's Q12.19 sum of exponentials"
        scaling = input_scaling(beta_of(op), per_tensor(x).scale)
        return scaling if isinstance(scaling, str) else None

    def rewrite(self, b, op, operands):
        y = (softmax_int16 if storage_name(op.operands[0]) == "i16" else softmax_8bit)(b, op, operands[0])
        return [reshape(b, y, op.result.type.shape)]


def softmax_8bit(b, op, x):
    n, depth = rows(op)
    m, ls, diff_min = input_scaling(beta_of(op), per_tensor(op.operands[0]).scale)
    out_q = per_tensor(op.result)
    lo, hi = out_q.storage_type_range
    exps, total = exp_terms(b, diff_from_row_max(b, x, op), m, ls, diff_min, keep_exps=True)

    def per_row(r, args):
        recip, num_bits_over_unit = g.reciprocal(r, args[0], ACCUMULATION_INTEGER_BITS)
        exponent = g.add(r, num_bits_over_unit, 31 - out_q.storage_width)
        return [recip, g.minimum(r, exponent, 31)]   # above 31 TFLite aborts

    recip, exponent = g.rowwise(b, [total], [tensor((n, 1), i32)] * 2, per_row)

    def per_element(r, args):
        e, shifted_scale, shift = args
        out = g.add(r, g.rdbpot(r, g.srdhm(r, shifted_scale, e), shift), lo)
        return [g.narrow(r, g.saturate(r, out, lo, hi), out_q.storage_type)]

    return g.rowwise(b, [exps, recip, exponent], [tensor((n, depth), out_q.storage_type)], per_element)[0]


def lut_int16_f64(f, input_scale: float, input_zero_point: int, output_scale: float,
                  output_zero_point: int) -> np.ndarray:
    """LUTPopulate<int16_t> with FloatT = double (internal/common.h: LUTPopulateInt16):
    512 samples over the input range, each biased by half its midpoint interpolation
    error, and the last value. Python floats are doubles and `math.exp` is libm's `exp`,
    which `std::exp(double)` calls."""
    input_min = input_scale * float(-32768 - input_zero_point)
    input_max = input_scale * float(32767 - input_zero_point)
    output_min = output_scale * float(-32768 - output_zero_point)
    output_max = output_scale * float(32767 - output_zero_point)
    step = (input_max - input_min) / 512
    half_step = step / 2
    scaling_inv = 65536.0 / (output_max - output_min)

    def rnd(v: float) -> float:   # TfLiteRound on a double: round_half_away on a Python float
        t = float(math.trunc(v))  # exact, as v - t (the fraction); numpy's scalars cost ~10x here
        return t + math.copysign(1.0, v) if abs(v - t) >= 0.5 else t

    def stored(v: float) -> int:
        return int(min(max(v, -32768.0), 32767.0))

    lut = np.empty(513, np.int16)
    for i in range(512):
        val = f(input_min + i * step)
        val_midpoint = f(input_min + i * step + half_step)
        val_next = f(input_min + (i + 1) * step)
        midpoint_interp_val = rnd((val_next * scaling_inv + rnd(val * scaling_inv)) / 2)
        bias = rnd((midpoint_interp_val - rnd(val_midpoint * scaling_inv)) / 2)
        lut[i] = stored(rnd(val * scaling_inv) - bias)
    lut[512] = stored(rnd(f(input_max) * scaling_inv))
    return lut


@functools.cache  # built on first use, not at import: every convert imports this module
def _exp_lut() -> np.ndarray:
    return lut_int16_f64(math.exp, 10.0 / 65535, 32767, 2.0 / 65535, 0)


@functools.cache
def _one_over_one_plus_x_lut() -> np.ndarray:
    return lut_int16_f64(lambda v: 1.0 / (1.0 + v), 1.0 / 65535, -32768, 2.0 / 65535, 0)


def softmax_int16(b, op, x):
    n, depth = rows(op)
    t32, t16 = tensor((n, depth), i32), tensor((n, depth), i16)
    scaled = mbqm(b, diff_from_row_max(b, x, op), _int16_multiplier(op), 0, 0, t32)
    # [-65535, 0] recentred on [-32768, 32767]: + 32767, saturated below (scaled <= 0)
    centred = tosa.binary(b, "tosa.maximum", tosa.binary(b, "tosa.add", scaled, splat(b, 32767, t32), t32),
                          splat(b, -32768, t32), t32)
    exps = table16(b, tosa.cast(b, centred, t16), _exp_lut())
    total = tosa.reduce(b, "tosa.reduce_sum", tosa.cast(b, exps, t32), 1)

    def per_row(r, args):
        headroom_plus_one = g.count_leading_zeros(r, args[0])
        normalized = g.shift_left(r, g.widen(r, args[0]), g.widen(r, g.sub(r, headroom_plus_one, 1)))
        shifted_sum = g.narrow(r, g.shift_right(r, g.add(r, normalized, 1 << 13), 14))
        centred_sum = g.saturate(r, g.sub(r, shifted_sum, (1 << 15) + (1 << 16)), -32768, 32767)
        return [g.narrow(r, centred_sum, i16), headroom_plus_one]

    centred_sum, headroom_plus_one = g.rowwise(b, [total], [tensor((n, 1), i16), tensor((n, 1), i32)], per_row)
    reciprocal = table16(b, centred_sum, _one_over_one_plus_x_lut())

    def per_element(r, args):
        e, recip, h = args
        right_shift = g.widen(r, g.sub(r, 31, h))
        rounding = g.shift_left(r, g.constant(r, 1, i64), g.sub(r, right_shift, 1))
        product = g.mul(r, g.widen(r, e), g.widen(r, recip))
        result = g.narrow(r, g.shift_right(r, g.add(r, product, rounding), right_shift))
        return [g.narrow(r, g.saturate(r, result, 0, 32767), i16)]

    return g.rowwise(b, [exps, reciprocal, headroom_plus_one], [t16], per_element)[0]


# --- LOG_SOFTMAX ------------------------------------------------------------------------------


class QuantizedLogSoftmax(IntegerPattern):
    def unsupported(self, op):
        reason = (one_dynamic_dim(op)
                  or storage(op, "i8", "u8")
                  or per_tensor_only(op))
        if reason:
            return reason
        if op.operands[0].type.shape[-1] is None:
            return DYNAMIC_ROW
        if op.operands[0].type.shape[-1] > MAX_DEPTH_8BIT:
            return f"rows longer than {MAX_DEPTH_8BIT} can overflow TFLite's Q12.19 sum of exponentials"
        scaling = log_softmax_scaling(per_tensor(op.operands[0]).scale)
        return scaling if isinstance(scaling, str) else None

    def rewrite(self, b, op, operands):
        n, depth = rows(op)
        m, ls, diff_min, rm, re = log_softmax_scaling(per_tensor(op.operands[0]).scale)
        out_q = per_tensor(op.result)
        lo, hi = out_q.storage_type_range
        offset = LOG_SOFTMAX_OFFSET[storage_name(op.result)]
        diff = diff_from_row_max(b, operands[0], op)
        _, total = exp_terms(b, diff, m, ls, diff_min, keep_exps=False)

        def per_row(r, args):
            log_sum = g.log_x_for_x_greater_than_or_equal_to_1(r, args[0], SCALED_DIFF_INTEGER_BITS,
                                                               ACCUMULATION_INTEGER_BITS)
            shifted_log_sum = g.add(r, log_sum, g.INT32_MIN)
            rescaled = g.multiply_by_quantized_multiplier(r, shifted_log_sum, rm, re)
            return [log_sum, g.maximum(r, rescaled, diff_min - 1)]

        log_sum, adjusted_diff_min = g.rowwise(b, [total], [tensor((n, 1), i32)] * 2, per_row)

        def per_element(r, args):
            d, log, adjusted = args
            x = g.multiply_by_quantized_multiplier(r, d, m, ls)
            shift = 31 - SCALED_DIFF_INTEGER_BITS - LOG_OUTPUT_INTEGER_BITS
            out = g.saturate(r, g.add(r, g.rdbpot(r, g.sub(r, x, log), shift), offset), lo, hi)
            out = g.select(r, g.compare(r, "sgt", d, adjusted), out, lo)   # `>`, not `>=`
            return [g.narrow(r, out, out_q.storage_type)]

        y = g.rowwise(b, [diff, log_sum, adjusted_diff_min], [tensor((n, depth), out_q.storage_type)],
                      per_element)[0]
        return [reshape(b, y, op.result.type.shape)]
