"""lower-quant-ops: quant.qcast / quant.dcast -> arith, math, tensor, linalg, shape.

With no `rounding` option the pass emits upstream MLIR's lowering
(lower_quant_ops_upstream.py: truncation by fptosi, no saturation). A `rounding`
option selects the saturating lowering below, which `convert` uses with TFLite's
rounding (`rounding=half-away-from-zero`). The four (six, with sub-channel) cases of the RFCs:

    per-layer,  scalar or ranked   arith on tensors with splat constants
    per-axis,   ranked             linalg.generic reading scale[d_axis]
    sub-channel, ranked            linalg.generic reading scale[d_i floordiv block_i]
    any, unranked                  flatten with the shape dialect (1-D per-layer,
                                   3-D [left, C, right] per-axis, 2k+1-D blockwise),
                                   lower the ranked case, reshape back

qcast with rounding R (TFLite's is half-away-from-zero, kernels/quantize.cc):

    t = x / scale                          (in the expressed type; f16/bf16 then widen to f32)
    r = round_R(t), bounded to +-2^(C-2)   (so fptosi is never poison)
    q = clamp(fptosi(r) + zp, storage_min, storage_max)  in iC, then trunci

where iC is i32 (i64 for 32-bit storage). `toward-zero` keeps upstream
MLIR's order instead: `fptosi(t + zp)` (truncation after adding the zero point),
then the same saturation. dcast is the RFC's `(float(q) - float(zp)) * scale`.

A float storage type (f8E4M3FN, f4E2M1FN, ...) has one lowering under every option, with the
format's rounding and saturation: lower_quant_ops_float.py.
"""
from __future__ import annotations

import dataclasses
import enum
from dataclasses import field
from typing import Optional

import numpy as np

from ..dialects.linalg import fill, generic
from ..dialects.tensor import dynamic_sizes
from ..dialects.quant.types import (QuantizedType, UniformQuantizedPerAxisType,
                                    UniformQuantizedType,
                                    quantized_element_type)
from ..ir.affine import AffineMap
from ..ir.attributes import DenseElementsAttr, FloatAttr, IntegerAttr
from ..ir.builder import Builder
from ..ir.core import Block, Operation, Value
from ..ir.types import (FloatType, IntegerType, RankedTensorType, Type, UnrankedTensorType, f32,
                        index, numpy_dtype, with_element_type)
from ..records import dataclass
from .lower_quant_ops_float import dequantize_float, quantize_float, zero_point_type
from .lower_quant_ops_upstream import (_dense, _elements_between, _flatten_sub_channel, _index, _param_tensors,
                                       lower_cast_upstream)
from .pass_base import ModulePass


class Rounding(enum.Enum):
    HALF_AWAY_FROM_ZERO = "half-away-from-zero"
    HALF_TO_EVEN = "half-to-even"
    TOWARD_ZERO = "toward-zero"


ROUND_OP = {Rounding.HALF_AWAY_FROM_ZERO: "math.round", Rounding.HALF_TO_EVEN: "math.roundeven"}


@dataclass(frozen=True)
class LowerQuantOps(ModulePass):
    """qcast -> divf by scale, round, add zero point, saturate, scast; dcast -> its inverse.

    `rounding` None (no option): upstream MLIR's lowering, op for op; any rounding
    (toward-zero included) selects the saturating lowering of this module."""

    name = "lower-quant-ops"
    summary = "Lower quant.dcast and quant.qcast ops"
    rounding: Optional[Rounding] = field(default=None, metadata={
        "printed_at_default": False, "help": "Round, add the zero point in integers and saturate (none: upstream's lowering)",
        "choices": {"half-away-from-zero": "math.round (TFLite's QUANTIZE; convert's)",
                    "half-to-even": "math.roundeven",
                    "toward-zero": "upstream's order (fptosi of x / scale + zero point), bounded and saturated"}})
    # splat constants of a dynamic shape as linalg.fill of a tensor.empty, not upstream's
    # tensor.splat with dynamic sizes, which iree-compile cannot lower (convert sets it);
    # for integer storage only with a rounding option
    dynamic_fill: bool = field(default=False, metadata={
        "printed_at_default": False, "help": "Splat to a dynamic shape with linalg.fill, not tensor.splat (with a rounding)"})

    def apply(self, module: Operation) -> None:
        for op in list(module.walk()):
            for region in op.regions:
                for block in region.blocks:
                    self._lower_block(block)

    def _lower_block(self, block: Block) -> None:
        if not any(op.name in ("quant.qcast", "quant.dcast") for op in block.ops):
            return
        new_ops: list[Operation] = []
        for op in block.ops:
            if op.name not in ("quant.qcast", "quant.dcast"):
                new_ops.append(op)
                continue
            b = Builder(new_ops, op.location)
            result = lower_cast(b, op.name == "quant.qcast", op.operands[0], op.result.type, self.rounding,
                                self.dynamic_fill)
            op.result.replace_all_uses_with(result)
            op.drop_operands()
        block.set_ops(new_ops)


def lower_cast(b: Builder, quantize: bool, x: Value, result_type: Type, rounding: Optional[Rounding],
               dynamic_fill: bool = False) -> Value:
    """The lowering of one qcast (`quantize`) or dcast of `x` to `result_type`
    (upstream's when `rounding` is None)."""
    qtype_holder = result_type if quantize else x.type
    q = quantized_element_type(qtype_holder)
    if quantize:
        src = x
    else:
        src = b.value("quant.scast", [x], with_element_type(x.type, q.storage_type))
    if rounding is None and not q.storage_float:  # upstream has no lowering for float storage
        out = lower_cast_upstream(b, quantize, src, q)
    elif isinstance(x.type, UnrankedTensorType):
        out = _lower_unranked(b, quantize, src, q, rounding, dynamic_fill)
    else:
        out = _lower_ranked(b, quantize, src, q, rounding, dynamic_fill)
    if quantize:
        return b.value("quant.scast", [out], result_type)
    return out


# --- ranked and scalar ----------------------------------------------------------

def _lower_ranked(b, quantize: bool, x: Value, q: QuantizedType, rounding: Optional[Rounding],
                  dynamic_fill: bool = False) -> Value:
    out_elem = q.storage_type if quantize else q.expressed_type
    if isinstance(q, UniformQuantizedType):
        em = Elementwise(b, x.type, _dynamic_dims(b, x), dynamic_fill)
        scale = em.const(q.scale, q.expressed_type)
        return _cast_values(em, quantize, x, scale, q.zero_point if q.storage_float else None, q, rounding)
    shape = x.type.shape
    scales, zps, maps = _param_tensors(q, len(shape))
    inputs = [x, _dense(b, scales, q.expressed_type)]
    if not q.storage_float:
        inputs.append(_dense(b, zps, q.storage_type))
    elif zps.any():  # float storage: zero points as floats, none when all are 0 (MX types have none)
        inputs.append(_dense(b, zps, zero_point_type(q, quantize)))

    def body(inner: Builder, args):
        em = Elementwise(inner, None, [])
        zp = args[2] if len(inputs) == 3 else 0
        return _cast_values(em, quantize, args[0], args[1], zp, q, rounding)

    result_type = RankedTensorType(shape, out_elem)
    return generic(b, inputs, [AffineMap.identity(len(shape))] + [maps] * (len(inputs) - 1), result_type, body,
                   dynamic_sizes=_dynamic_dims(b, x))


def _cast_values(em: "Elementwise", quantize: bool, x: Value, scale: Value, zp, q: QuantizedType,
                 rounding: Optional[Rounding]) -> Value:
    """The element computation of a qcast or dcast, by the storage type's kind."""
    if q.storage_float:
        return (quantize_float if quantize else dequantize_float)(em, x, scale, zp, q)
    if quantize:
        return quantize_values(em, x, scale, zp, q, rounding)
    return dequantize_values(em, x, scale, zp, q)






def _dynamic_dims(b, x: Value) -> list[Value]:
    return dynamic_sizes(b, x) if isinstance(x.type, RankedTensorType) else []


class Elementwise:
    """Emits arith on scalars, or on tensors of one shape with splat constants."""

    def __init__(self, b: Builder, like: Optional[Type], dynamic_dims: list[Value], dynamic_fill: bool = False):
        self.b, self.like, self.dims, self.dynamic_fill = b, like, dynamic_dims, dynamic_fill

    def type(self, elem: Type) -> Type:
        return with_element_type(self.like, elem) if self.like is not None else elem

    def const(self, value, elem: Type) -> Value:
        attr = (FloatAttr(float(np.asarray(value).astype(numpy_dtype(elem))), elem)
                if isinstance(elem, FloatType) else IntegerAttr(int(value), elem))
        t = self.type(elem)
        if isinstance(t, RankedTensorType) and t.has_static_shape:
            return self.b.value("arith.constant", [], t, {"value": DenseElementsAttr.splat(attr.value, t)})
        scalar = self.b.value("arith.constant", [], elem, {"value": attr})
        if isinstance(t, RankedTensorType):
            if self.dynamic_fill:
                return fill(self.b, scalar, t, self.dims)
            return self.b.value("tensor.splat", [scalar] + self.dims, t)
        return scalar

    def op(self, name: str, operands: list[Value], elem: Type) -> Value:
        return self.b.value(name, operands, self.type(elem))


def compute_type(q: QuantizedType) -> IntegerType:
    return IntegerType(32 if q.storage_width <= 16 else 64)


def _int_to_float(q: QuantizedType) -> str:
    return "arith.sitofp" if q.is_signed else "arith.uitofp"


def quantize_values(em: Elementwise, x: Value, scale: Value, zp: Optional[Value], q: QuantizedType,
                    rounding: Rounding) -> Value:
    """Stored values of `x`; `zp` is None (per-layer: a constant) or a storage-typed value."""
    expressed, c_type = q.expressed_type, compute_type(q)
    t = em.op("arith.divf", [x, scale], expressed)
    g = expressed
    if expressed.name in ("f16", "bf16"):  # round and bound in f32, where every bound is exact
        t, g = em.op("arith.extf", [t], f32), f32
    if rounding is Rounding.TOWARD_ZERO:
        zp_f = em.const(q.zero_point, g) if zp is None else em.op(_int_to_float(q), [zp], g)
        r = em.op("arith.addf", [t, zp_f], g)
    else:
        r = em.op(ROUND_OP[rounding], [t], g)
    bound = float(2 ** (c_type.width - 2))
    r = em.op("arith.minnumf", [em.op("arith.maxnumf", [r, em.const(-bound, g)], g), em.const(bound, g)], g)
    i = em.op("arith.fptosi", [r], c_type)
    if rounding is not Rounding.TOWARD_ZERO:
        zp_i = (em.const(q.zero_point, c_type) if zp is None else
                em.op("arith.extsi" if q.is_signed else "arith.extui", [zp], c_type))
        i = em.op("arith.addi", [i, zp_i], c_type)
    i = em.op("arith.maxsi", [i, em.const(q.storage_type_min, c_type)], c_type)
    i = em.op("arith.minsi", [i, em.const(q.storage_type_max, c_type)], c_type)
    return em.op("arith.trunci", [i], q.storage_type)


def dequantize_values(em: Elementwise, stored: Value, scale: Value, zp: Optional[Value],
                      q: QuantizedType) -> Value:
    expressed = q.expressed_type
    f = em.op(_int_to_float(q), [stored], expressed)
    zp_f = em.const(q.zero_point, expressed) if zp is None else em.op(_int_to_float(q), [zp], expressed)
    return em.op("arith.mulf", [em.op("arith.subf", [f, zp_f], expressed), scale], expressed)


# --- unranked: flatten with the shape dialect -----------------------------------

def _lower_unranked(b, quantize: bool, x: Value, q: QuantizedType, rounding: Rounding,
                    dynamic_fill: bool = False) -> Value:
    elem = x.type.element_type
    shape = b.value("shape.shape_of", [x], RankedTensorType((None,), index))
    if isinstance(q, UniformQuantizedType):
        dims = [b.value("shape.num_elements", [shape], index)]
        flat_q, flat_shape = q, (None,)
    elif isinstance(q, UniformQuantizedPerAxisType):
        axis, channels = q.quantized_dimension, len(q.scales)
        dims = [_elements_between(b, shape, 0, axis), _index(b, channels), _elements_between(b, shape, axis + 1, None)]
        flat_q = dataclasses.replace(q, quantized_dimension=1)
        flat_shape = (None, channels, None)
    else:
        dims, flat_q, flat_shape = _flatten_sub_channel(b, shape, q)
    target = b.value("tensor.from_elements", dims, RankedTensorType((len(dims),), index))
    flat = b.value("tensor.reshape", [x, target], RankedTensorType(flat_shape, elem))
    lowered = _lower_ranked(b, quantize, flat, flat_q, rounding, dynamic_fill)
    out_elem = lowered.type.element_type
    return b.value("tensor.reshape", [lowered, shape], UnrankedTensorType(out_elem))

