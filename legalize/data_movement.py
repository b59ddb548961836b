"""RESHAPE, PAD, CONCATENATION: ops that move stored values without arithmetic.

TFLite copies raw stored values through them (kernels/reshape.cc, pad.cc,
concatenation.cc), so the integer path is the same TOSA op on the storage
type. PAD fills with the output zero point, the stored value of real 0.
CONCATENATION copies raw only when every input has the output's scale and
zero point (int8 Prepare insists on it; the uint8 kernel rescales instead).
"""
from __future__ import annotations

from tfl2quant.dialects import tosa
from tfl2quant.dialects.tfl import constant_array
from tfl2quant.ir.attributes import IntegerAttr
from tfl2quant.ir.types import i32

from .rule import FloatPattern, IntegerPattern, Rule, per_tensor, static_shape


class Reshape(IntegerPattern, FloatPattern):
    def unsupported(self, op):
        return None if static_shape(op.result) is not None else "dynamic result shape"

    def rewrite(self, b, op, operands, result_types=None):
        return [tosa.reshape(b, operands[0], op.result.type.shape)]


class Pad(IntegerPattern, FloatPattern):
    def __init__(self, quantized: bool):
        self.quantized = quantized

    def unsupported(self, op):
        if static_shape(op.result) is None:
            return "dynamic result shape"
        if constant_array(op.operands[1]) is None:
            return "paddings are not constant"
        if self.quantized and per_tensor(op.result) is None:
            return "per-axis quantized result"
        return None

    def rewrite(self, b, op, operands, result_types=None):
        paddings = constant_array(op.operands[1]).reshape(-1).tolist()
        if self.quantized:
            value = per_tensor(op.result).zero_point
            result_type = op.result.type.with_element_type(per_tensor(op.result).storage_type)
        else:
            value, result_type = 0.0, result_types[0]
        return [tosa.pad(b, operands[0], paddings, value, result_type)]


class Concatenation(IntegerPattern, FloatPattern):
    def __init__(self, quantized: bool):
        self.quantized = quantized

    def unsupported(self, op):
        if static_shape(op.result) is None:
            return "dynamic result shape"
        if self.quantized:
            out = per_tensor(op.result)
            params = [(q.scale, q.zero_point, q.storage_width, q.is_signed) if (q := per_tensor(v)) else None
                      for v in op.operands]
            if out is None or any(p != (out.scale, out.zero_point, out.storage_width, out.is_signed)
                                  for p in params):
                return "inputs are not quantized exactly like the output"
        return None

    def rewrite(self, b, op, operands, result_types=None):
        rank = len(op.result.type.shape)
        axis = op.attributes["axis"].value % rank
        result_type = result_types[0] if result_types else op.result.type.with_element_type(
            per_tensor(op.result).storage_type)
        return [b.value("tosa.concat", list(operands), result_type, {"axis": IntegerAttr(axis, i32)})]


RULES = {
    # TFLite op            Rule(integer path,       float path)
    "tfl.reshape":        Rule(Reshape(),            Reshape()),
    "tfl.pad":            Rule(Pad(True),            Pad(False)),
    "tfl.concatenation":  Rule(Concatenation(True),  Concatenation(False)),
}
