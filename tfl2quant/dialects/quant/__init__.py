"""The quant dialect: `!quant.uniform` types and the qcast/dcast/scast ops.

The types print themselves (types.py); their parser (syntax.py) and bytecode encoding
(bytecode.py) are registered with the IR core here, and load when MLIR text or bytecode is
read: `convert` reads neither (tests/cli/test_startup.py).
"""
from ...ir.types import register_dialect_types
from .ops import (DequantizeCastOp, QuantizeCastOp, StorageCastOp, expressed_type_of,
                  storage_type_of)
from .types import (QuantizedType, UniformQuantizedPerAxisType, UniformQuantizedSubChannelType,
                    UniformQuantizedType, per_axis, quantized_element_type, sub_channel, uniform)


def _parse_type(parser, tok):
    from .syntax import parse_type
    return parse_type(parser, tok)


def _read_bytecode(reader, r):
    from .bytecode import read_type
    return read_type(reader, r)


register_dialect_types("quant", _parse_type, _read_bytecode, opaque_form=True)

__all__ = [
    "DequantizeCastOp", "QuantizeCastOp", "StorageCastOp", "QuantizedType",
    "UniformQuantizedType", "UniformQuantizedPerAxisType", "UniformQuantizedSubChannelType",
    "uniform", "per_axis", "sub_channel", "quantized_element_type", "storage_type_of",
    "expressed_type_of",
]
