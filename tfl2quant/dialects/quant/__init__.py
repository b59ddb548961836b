"""The quant dialect: `!quant.uniform` types and the qcast/dcast/scast ops."""
from .ops import (DequantizeCastOp, QuantizeCastOp, StorageCastOp, expressed_type_of,
                  storage_type_of)
from .types import (QuantizedType, UniformQuantizedPerAxisType, UniformQuantizedSubChannelType,
                    UniformQuantizedType, per_axis, quantized_element_type, sub_channel, uniform)

__all__ = [
    "DequantizeCastOp", "QuantizeCastOp", "StorageCastOp", "QuantizedType",
    "UniformQuantizedType", "UniformQuantizedPerAxisType", "UniformQuantizedSubChannelType",
    "uniform", "per_axis", "sub_channel", "quantized_element_type", "storage_type_of",
    "expressed_type_of",
]
