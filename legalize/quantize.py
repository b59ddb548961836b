"""QUANTIZE and DEQUANTIZE (kernels/quantize.cc, dequantize.cc).

float -> quantized is exactly `quant.qcast` and quantized -> float exactly
`quant.dcast` (lower-quant-ops gives them TFLite's rounding and saturation).
quantized -> quantized is TFLite's Requantize:

    q_out = clamp(zp_out + MBQM(q_in - zp_in, QM(double(si) / double(so))))

one `tosa.rescale` (DOUBLE_ROUND), with unsigned flags for uint8.
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.ir.types import FloatType, element_type

from .fixed_point import quantize_multiplier, tosa_shift
from .query import per_tensor, per_tensor_only, qtype
from .rule import NOT_YET, FloatPattern, IntegerPattern, Rule, unlowered


class Quantize(IntegerPattern):
    def unsupported(self, op):
        src, dst = qtype(op.operands[0]), qtype(op.result)
        if src is None:
            return None  # float -> quantized: quant.qcast handles every quantized type
        reason = per_tensor_only(op)
        if reason:
            return reason
        m, s = quantize_multiplier(np.float64(src.scale) / np.float64(dst.scale))
        if not 2 <= tosa_shift(s) <= 62:
            return "requantization multiplier outside tosa.rescale's range"
        return None

    def rewrite(self, b, op, operands):
        x, result_type = operands[0], op.result.type
        src, dst = qtype(op.operands[0]), qtype(op.result)
        storage_result = result_type.with_element_type(dst.storage_type)
        if src is None:
            q = b.value("quant.qcast", [x], result_type)
            return [b.value("quant.scast", [q], storage_result)]
        m, s = quantize_multiplier(np.float64(src.scale) / np.float64(dst.scale))
        return [tosa.rescale(b, x, [m], [tosa_shift(s)], src.zero_point, dst.zero_point, storage_result,
                             input_unsigned=not src.is_signed, output_unsigned=not dst.is_signed)]


class Dequantize(IntegerPattern):
    def unsupported(self, op):
        if not isinstance(element_type(op.result.type), FloatType):
            return "result is not floating point"
        return None

    def rewrite(self, b, op, operands):
        q = b.value("quant.scast", [operands[0]], op.operands[0].type)
        return [b.value("quant.dcast", [q], op.result.type)]


class Requantize(FloatPattern):
    """The fallback of a QUANTIZE the integer pattern declines (per-axis requantize):
    between the dequantize and quantize casts nothing is left to compute."""

    def rewrite(self, b, op, operands, result_types):
        return [operands[0]]


class FloatDequantize(FloatPattern):
    """DEQUANTIZE of float16 weights: a widening cast."""

    def rewrite(self, b, op, operands, result_types):
        return [tosa.cast(b, operands[0], result_types[0])]


RULES = {
    # TFLite op        Rule(integer path,  float path)
    "tfl.quantize":   Rule(Quantize(),      Requantize()),
    "tfl.dequantize": Rule(Dequantize(),    FloatDequantize()),
    "tfl.fake_quant": unlowered(NOT_YET),
}
