"""normalize-quant-types: sub-channel types that are really per-tensor or per-axis become so.

Upstream's pass (mlir/lib/Dialect/Quant/Transforms/NormalizeQuantTypes.cpp), on every type of
the module (op results, block arguments, type attributes such as a func's signature):

    one scale in all                                  ->  per-tensor `!quant.uniform<s:e, scale:zp>`
    scales varying along one dimension d only,
    with block size 1 along d                         ->  per-axis `!quant.uniform<s:e:d, {...}>`

Any other sub-channel type stays as it is.
"""
from __future__ import annotations

import dataclasses

from ..dialects.quant.types import (UniformQuantizedPerAxisType, UniformQuantizedSubChannelType,
                                    UniformQuantizedType)
from ..ir.attributes import ArrayAttr, TypeAttr
from ..ir.core import Operation
from ..ir.types import FunctionType, ShapedType, Type
from ..records import dataclass
from .pass_base import ModulePass


def normalize_type(t: Type) -> Type:
    if isinstance(t, FunctionType):
        return FunctionType(tuple(map(normalize_type, t.inputs)), tuple(map(normalize_type, t.results)))
    if isinstance(t, ShapedType):
        e = normalize_type(t.element_type)
        return t if e is t.element_type else t.with_element_type(e)
    if not isinstance(t, UniformQuantizedSubChannelType):
        return t
    common = dict(storage_width=t.storage_width, is_signed=t.is_signed, expressed_type=t.expressed_type,
                  storage_type_min=t.storage_type_min, storage_type_max=t.storage_type_max,
                  storage_spelling=t.storage_spelling, storage_float=t.storage_float)
    if len(t.scales) == 1:
        return UniformQuantizedType(scale=t.scales[0], zero_point=t.zero_points[0], **common)
    varying = [d for d, n in enumerate(t.params_shape) if n != 1]
    blocks = dict(zip(t.quantized_dimensions, t.block_sizes))
    if len(varying) != 1 or blocks.get(varying[0]) != 1:
        return t
    return UniformQuantizedPerAxisType(scales=t.scales, zero_points=t.zero_points,
                                       quantized_dimension=varying[0], **common)


def _normalize_attr(a):
    if isinstance(a, TypeAttr):
        t = normalize_type(a.value)
        return a if t is a.value else TypeAttr(t)
    if isinstance(a, ArrayAttr):
        items = tuple(_normalize_attr(x) for x in a.value)
        return a if all(x is y for x, y in zip(items, a.value)) else dataclasses.replace(a, value=items)
    return a


@dataclass(frozen=True)
class NormalizeQuantTypes(ModulePass):
    """Sub-channel types with one scale, or one scale per element of one axis, as per-tensor or
    per-axis types."""

    name = "normalize-quant-types"
    summary = "Normalize generic quantized types to specific quantized types"

    def apply(self, module: Operation) -> None:
        for op in module.walk():
            for r in op.results:
                r.type = normalize_type(r.type)
            for region in op.regions:
                for block in region.blocks:
                    for arg in block.args:
                        arg.type = normalize_type(arg.type)
            for key, value in list(op.attributes.items()):
                op.attributes[key] = _normalize_attr(value)
