"""QUANTIZE and DEQUANTIZE (kernels/quantize.cc, dequantize.cc).

float -> quantized is exactly `quant.qcast` and quantized -> float exactly
`quant.dcast` (lower-quant-ops gives them TFLite's rounding and saturation).
quantized -> quantized is TFLite's Requantize (reference/requantize.h):

    q_out = clamp(zp_out + MBQM(q_in - zp_in, QM(double(si) / double(so))))

one `tosa.rescale` (DOUBLE_ROUND) with unsigned flags for uint8, or a few where
TOSA's profile wants it (storage.requantize). TFLite's int8<->uint8 fast path
(`q ^ 0x80` when the scales are equal and the zero points 128 apart) is the
same function: MBQM by QM(1) = (2^30, 1) is exact.

FAKE_QUANT (kernels/fake_quant.cc, reference_ops.h: FakeQuant) is float in, float
out: the float32 arithmetic of NudgeQuantizationRange and FakeQuantizeArray.
"""
from __future__ import annotations


import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.quant.ops import expressed_type_of
from tfl2quant.ir.types import element_type
from tfl2quant.numerics import round_half_away

from ...lib.emit import splat
from ...lib.patterns import Elementwise
from ...lib.query import floats_only, option, per_tensor_only, qtype, storage_name
from ...lib.rescale import mbqm_reason
from ...lib.storage import dequantize, requantize
from ...rule import FloatPattern, IntegerPattern


# TFLite's Requantize takes these storage pairs (kernels/quantize.cc, Prepare).
REQUANTIZE_PAIRS = {"i8": ("i8", "u8", "i16"), "u8": ("i8", "u8", "i16"), "i16": ("i8", "i16", "i32"),
                    "i32": ("i8", "i16")}


def _requantize_multiplier(src, dst) -> np.float64:
    """double(si) / double(so) with TFLite's float32 scales."""
    return np.float64(np.float32(src.scale)) / np.float64(np.float32(dst.scale))


class Quantize(IntegerPattern):
    def unsupported(self, op):
        src, dst = qtype(op.operands[0]), qtype(op.result)
        if src is None:
            return None  # float -> quantized: quant.qcast handles every quantized type
        reason = per_tensor_only(op)
        if reason:
            return reason
        pair = (storage_name(op.operands[0]), storage_name(op.result))
        if pair[1] not in REQUANTIZE_PAIRS.get(pair[0], ()):
            return f"requantize from {pair[0]} to {pair[1]}, which TFLite does not take"
        return mbqm_reason(_requantize_multiplier(src, dst))

    def rewrite(self, b, op, operands):
        x = operands[0]
        src, dst = qtype(op.operands[0]), qtype(op.result)
        storage_result = x.type.with_element_type(dst.storage_type)  # the driver reconciles ? dimensions
        if src is None:
            q = b.value("quant.qcast", [x], x.type.with_element_type(dst))
            return [b.value("quant.scast", [q], storage_result)]
        return [requantize(b, x, src, dst, _requantize_multiplier(src, dst))]


class Dequantize(IntegerPattern):
    def unsupported(self, op):
        # only the element type: a static result of a `?` operand gets the driver's tensor.cast
        want = element_type(expressed_type_of(op.operands[0].type))
        if element_type(op.result.type) != want:
            return f"result {op.result.type} is not of the operand's expressed type {want}"
        return None

    def rewrite(self, b, op, operands):
        return [dequantize(b, op.operands[0], operands[0])]


class Requantize(FloatPattern):
    """The fallback of a QUANTIZE the integer pattern declines (per-axis requantize):
    between the dequantize and quantize casts nothing is left to compute."""

    def rewrite(self, b, op, operands, result_types):
        return [operands[0]]


class FloatDequantize(FloatPattern):
    """DEQUANTIZE of float16 weights: a widening cast."""

    def rewrite(self, b, op, operands, result_types):
        return [tosa.cast(b, operands[0], result_types[0])]


def nudged_range(rmin: float, rmax: float, num_bits: int) -> tuple[np.float32, np.float32, np.float32]:
    """(nudged_min, nudged_max, nudged_scale) of NudgeQuantizationRange (quantization_util.cc),
    in float32 as it computes them: quant_min 0, quant_max 2^num_bits - 1, the zero point
    from min rounded half away from zero (TfLiteRound) into [quant_min, quant_max]."""
    f = np.float32
    qmin, qmax = f(0), f((1 << num_bits) - 1)
    scale = (f(rmax) - f(rmin)) / (qmax - qmin)
    zero_point_from_min = qmin - f(rmin) / scale
    zero_point = f(np.clip(round_half_away(zero_point_from_min), qmin, qmax))
    return (qmin - zero_point) * scale, (qmax - zero_point) * scale, scale


class FakeQuant(Elementwise):
    """FakeQuantizeArray: clamped = min(nudged_max, max(nudged_min, x));
    round((clamped - nudged_min) * (1 / nudged_scale)) * nudged_scale + nudged_min, each step
    in float32, the rounding half away from zero (math.round, as TfLiteRound)."""

    def unsupported(self, op):
        if option(op, "narrow_range", False):
            return "narrow_range: TFLite's Prepare refuses it at runtime"
        return super().unsupported(op) or floats_only(op) or self.range_reason(op)

    @staticmethod
    def range_reason(op):
        """TensorFlow's FakeQuant takes 2 to 16 bits and min < max; TFLite does not check
        (the reference kernel divides by the step, so min == max gives NaN)."""
        rmin, rmax, bits = option(op, "min", 0.0), option(op, "max", 0.0), option(op, "num_bits", 8)
        if not isinstance(bits, int) or not 2 <= bits <= 16:
            return f"num_bits {bits}; FakeQuant takes 2 to 16"
        with np.errstate(all="ignore"):
            nudged = nudged_range(rmin, rmax, bits)
        if not (np.isfinite(nudged).all() and nudged[2] > 0):
            return f"min {rmin} and max {rmax} give no positive finite quantization step"
        return None

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        nudged_min, nudged_max, scale = nudged_range(option(op, "min", 0.0), option(op, "max", 0.0),
                                                     option(op, "num_bits", 8))
        clamped = tosa.clamp(b, operands[0], nudged_min, nudged_max, t)
        shifted = tosa.binary(b, "tosa.sub", clamped, splat(b, nudged_min, t), t)
        steps = b.value("math.round", [tosa.mul(b, shifted, splat(b, np.float32(1) / scale, t), t)], t)
        return [tosa.binary(b, "tosa.add", tosa.mul(b, steps, splat(b, scale, t), t), splat(b, nudged_min, t), t)]
