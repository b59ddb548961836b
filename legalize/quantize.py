"""QUANTIZE and DEQUANTIZE (kernels/quantize.cc, dequantize.cc).

float -> quantized is exactly `quant.qcast` and quantized -> float exactly
`quant.dcast` (lower-quant-ops gives them TFLite's rounding and saturation).
quantized -> quantized is TFLite's Requantize (reference/requantize.h):

    q_out = clamp(zp_out + MBQM(q_in - zp_in, QM(double(si) / double(so))))

one `tosa.rescale` (DOUBLE_ROUND) with unsigned flags for uint8, or a few where
TOSA's profile wants it (storage.requantize). TFLite's int8<->uint8 fast path
(`q ^ 0x80` when the scales are equal and the zero points 128 apart) is the
same function: MBQM by QM(1) = (2^30, 1) is exact.
"""
from __future__ import annotations

import dataclasses

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.quant.ops import expressed_type_of
from tfl2quant.dialects.tfl import constant_array
from tfl2quant.ir.types import element_type, i8

from .query import per_tensor_only, qtype, storage_name
from .rescale import mbqm_reason
from .rule import NOT_YET, FloatPattern, IntegerPattern, Rule, unlowered
from .storage import requantize


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
        qtype_ = op.operands[0].type
        stored = operands[0]
        values = constant_array(op.operands[0])
        if values is not None and qtype(op.operands[0]).storage_width < 8:
            # int4/int2 weights: the same values and range in i8 storage, which every
            # consumer of the IR reads (iree-compile cannot lower every i4 constant)
            q = qtype(op.operands[0])
            qtype_ = qtype_.with_element_type(dataclasses.replace(q, storage_width=8))
            stored = tosa.const(b, np.asarray(values).astype(np.int8, copy=False), i8)
        q = b.value("quant.scast", [stored], qtype_)
        return [b.value("quant.dcast", [q], qtype_.with_element_type(element_type(op.result.type)))]


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
