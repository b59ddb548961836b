"""lower-quant-ops with no rounding option: upstream MLIR's lowering, op for op.

The op sequence of llvm-project mlir/lib/Dialect/Quant/Transforms/LowerQuantOps.cpp,
so that `tfl2quant opt --lower-quant-ops` and `mlir-opt --lower-quant-ops` print the
same program:

    qcast   t = x / scale  [+ float(zp), omitted when zp is 0]
            q = fptosi(t) (fptoui if unsigned) straight to the storage type
            clamp to [storage_min, storage_max] in the storage type, only if the
            type narrows its storage range (`i8<-127:127>`)
    dcast   (float(q) [- float(zp)]) * scale

Its numbers differ from TFLite's (the `rounding=...` options): fptosi truncates
toward zero after the zero point is added, and there is no saturation: a value
whose truncation does not fit the storage type is poison (MLIR's arith.fptosi),
not clamped. Scalars stay scalars; ranked tensors get their constants as
tensor.splat of a scalar (with the dynamic sizes), per-axis and sub-channel types
a linalg.generic over dense scale and zero-point tensors; unranked tensors are
flattened with the shape dialect and reshaped back.
"""
from __future__ import annotations

import dataclasses
from typing import Optional

import numpy as np

from ..dialects.linalg import generic
from ..dialects.quant.types import (QuantizedType, UniformQuantizedPerAxisType, UniformQuantizedSubChannelType,
                                    UniformQuantizedType)
from ..dialects.tensor import dynamic_sizes
from ..ir.affine import AffineMap, const, dim, floordiv
from ..ir.attributes import DenseElementsAttr, FloatAttr, IntegerAttr
from ..ir.core import Value
from ..ir.types import (FloatType, RankedTensorType, Type, UnrankedTensorType, index, numpy_dtype,
                        with_element_type)


def lower_cast_upstream(b, quantize: bool, x: Value, q: QuantizedType) -> Value:
    """Stored (qcast) or expressed (dcast) values of `x`, which for a dcast is already scast."""
    if not isinstance(x.type, UnrankedTensorType):
        return _ranked(b, quantize, x, q)
    elem = x.type.element_type
    shape = b.value("shape.shape_of", [x], RankedTensorType((None,), index))
    if isinstance(q, UniformQuantizedType):
        dims, flat_q, flat_shape = [b.value("shape.num_elements", [shape], index)], q, (None,)
    elif isinstance(q, UniformQuantizedPerAxisType):
        dims, flat_q, flat_shape = _around_axis(b, shape, q)
    else:
        dims, flat_q, flat_shape = _flatten_sub_channel(b, shape, q)
    target = b.value("tensor.from_elements", dims, RankedTensorType((len(dims),), index))
    flat = b.value("tensor.reshape", [x, target], RankedTensorType(flat_shape, elem))
    lowered = _ranked(b, quantize, flat, flat_q)
    return b.value("tensor.reshape", [lowered, shape], UnrankedTensorType(lowered.type.element_type))


def _around_axis(b, shape: Value, q: UniformQuantizedPerAxisType):
    """[left, C, right] in upstream's order: both split points, both sizes, then C."""
    shape_type = RankedTensorType((None,), index)
    axis, channels = q.quantized_dimension, len(q.scales)
    at, after = _index(b, axis), _index(b, axis + 1)
    left = b.create("shape.split_at", [shape, at], [shape_type, shape_type]).results[0]
    left_size = b.value("shape.num_elements", [left], index)
    right = b.create("shape.split_at", [shape, after], [shape_type, shape_type]).results[1]
    right_size = b.value("shape.num_elements", [right], index)
    flat_q = UniformQuantizedPerAxisType(q.storage_width, q.is_signed, q.expressed_type, q.storage_type_min,
                                         q.storage_type_max, q.scales, q.zero_points, 1)
    return [left_size, _index(b, channels), right_size], flat_q, (None, channels, None)


def _index(b, value: int) -> Value:
    return b.value("arith.constant", [], index, {"value": IntegerAttr(value, index)})


def _scalar(b, value, elem: Type) -> Value:
    if isinstance(elem, FloatType):
        attr = FloatAttr(float(np.asarray(value).astype(numpy_dtype(elem))), elem)
    else:
        # an unsigned storage value in a signless type: the same bits, printed signed as
        # upstream prints them (200 : i8 is -56 : i8; uitofp reads it back as 200)
        value, width = int(value), elem.width
        attr = IntegerAttr(value - (1 << width) if value >= 1 << (width - 1) else value, elem)
    return b.value("arith.constant", [], elem, {"value": attr})


def _ranked(b, quantize: bool, x: Value, q: QuantizedType) -> Value:
    if isinstance(q, UniformQuantizedType):
        scale = _scalar(b, q.scale, q.expressed_type)
        zp = _scalar(b, q.zero_point, q.storage_type)
        sizes = dynamic_sizes(b, x) if isinstance(x.type, RankedTensorType) else None
        zp_is_zero = q.zero_point == 0
        return (_quantize if quantize else _dequantize)(b, x, sizes, scale, zp, zp_is_zero, q)
    rank = len(x.type.shape)
    scales, zps, maps = _param_tensors(q, rank)
    if not isinstance(q, UniformQuantizedPerAxisType) and len(q.params_shape) == rank:
        # upstream's map: d_i floordiv block_i along quantized dimensions, 0 elsewhere
        blocks = dict(zip(q.quantized_dimensions, q.block_sizes))
        maps = AffineMap(rank, tuple((dim(d) if blocks[d] == 1 else floordiv(d, blocks[d])) if d in blocks
                                     else const(0) for d in range(rank)))
    scale_t = _dense(b, scales, q.expressed_type)
    zp_t = _dense(b, zps, q.storage_type)

    def body(inner, args):
        value, s, z = args[:3]
        return (_quantize if quantize else _dequantize)(inner, value, None, s, z, False, q)

    out_elem = q.storage_type if quantize else q.expressed_type
    return generic(b, [x, scale_t, zp_t], [AffineMap.identity(rank), maps, maps], RankedTensorType(x.type.shape,
                   out_elem), body, dynamic_sizes=dynamic_sizes(b, x))


def _like(x: Value, elem: Type) -> Type:
    return with_element_type(x.type, elem) if isinstance(x.type, RankedTensorType) else elem


def _splat(b, scalar: Value, x: Value, sizes) -> Value:
    if sizes is None:
        return scalar
    return b.value("tensor.splat", [scalar] + list(sizes), _like(x, scalar.type))


def _to_float(q: QuantizedType) -> str:
    return "arith.sitofp" if q.is_signed else "arith.uitofp"


def _quantize(b, x, sizes, scale, zp, zp_is_zero: bool, q: QuantizedType) -> Value:
    expressed = q.expressed_type
    scale = _splat(b, scale, x, sizes)
    stored = b.value("arith.divf", [x, scale], _like(x, expressed))
    if not zp_is_zero:
        zp_f = b.value(_to_float(q), [_splat(b, zp, x, sizes)], _like(x, expressed))
        stored = b.value("arith.addf", [stored, zp_f], _like(x, expressed))
    stored = b.value("arith.fptosi" if q.is_signed else "arith.fptoui", [stored], _like(x, q.storage_type))
    if not q.has_storage_type_bounds:
        return stored
    low, high = _scalar(b, q.storage_type_min, q.storage_type), _scalar(b, q.storage_type_max, q.storage_type)
    low, high = _splat(b, low, x, sizes), _splat(b, high, x, sizes)
    suffix = "si" if q.is_signed else "ui"
    stored = b.value("arith.max" + suffix, [stored, low], stored.type)
    return b.value("arith.min" + suffix, [stored, high], stored.type)


def _dequantize(b, x, sizes, scale, zp, zp_is_zero: bool, q: QuantizedType) -> Value:
    expressed = q.expressed_type
    scale = _splat(b, scale, x, sizes)
    result = b.value(_to_float(q), [x], _like(x, expressed))
    if not zp_is_zero:
        zp_f = b.value(_to_float(q), [_splat(b, zp, x, sizes)], _like(x, expressed))
        result = b.value("arith.subf", [result, zp_f], _like(x, expressed))
    return b.value("arith.mulf", [result, scale], _like(x, expressed))


# --- shared with the rounding lowering (lower_quant_ops.py): the parameter tensors, and the
# flattening of unranked operands, which for sub-channel types upstream does not have ---------
def _param_tensors(q: QuantizedType, rank: int):
    """Scale and zero-point arrays and the map that picks an element's pair."""
    if isinstance(q, UniformQuantizedPerAxisType):
        return (np.asarray(q.scales, np.float64), np.asarray(q.zero_points, np.int64),
                AffineMap(rank, (dim(q.quantized_dimension),)))
    assert isinstance(q, UniformQuantizedSubChannelType)
    shape = q.params_shape
    blocks = dict(zip(q.quantized_dimensions, q.block_sizes))
    # a dimension with one block reads parameter 0; the others d_i floordiv block_i
    results = tuple(const(0) if shape[d] == 1 else dim(d) if blocks[d] == 1 else floordiv(d, blocks[d])
                    for d in range(rank))
    return (np.asarray(q.scales, np.float64).reshape(shape), np.asarray(q.zero_points, np.int64).reshape(shape),
            AffineMap(rank, results))

def _dense(b, array: np.ndarray, elem: Type) -> Value:
    attr = DenseElementsAttr.from_array(array.astype(numpy_dtype(elem)), elem)
    return b.value("arith.constant", [], attr.type, {"value": attr})

def _elements_between(b, shape: Value, start: int, stop: Optional[int]) -> Value:
    """Product of the extents of dimensions [start, stop) (stop None: to the end)."""
    shape_type = RankedTensorType((None,), index)
    part = shape
    if stop is not None:
        part = b.create("shape.split_at", [part, _index(b, stop)], [shape_type, shape_type]).results[0]
    if start:
        part = b.create("shape.split_at", [part, _index(b, start)], [shape_type, shape_type]).results[1]
    return b.value("shape.num_elements", [part], index)

def _flatten_sub_channel(b, shape: Value, q: UniformQuantizedSubChannelType):
    """[left, D1, between, D2, ..., right]: 2k+1 dims, D_i = block_i * scales along d_i.

    The scales' shape fixes each quantized dimension's extent (sub-channel RFC,
    appendix case 2); the parameters' shape may be full-rank or only list the
    quantized dimensions.
    """
    order = sorted(range(len(q.quantized_dimensions)), key=lambda k: q.quantized_dimensions[k])
    qdims = [q.quantized_dimensions[k] for k in order]
    blocks = [q.block_sizes[k] for k in order]
    full_rank = len(q.params_shape) > max(qdims)
    counts = [q.params_shape[d] if full_rank else q.params_shape[k] for k, d in zip(order, qdims)]
    dims, flat_shape, params_shape, flat_blocks = [], [], [], {}
    previous = 0
    for k, (d, block, count) in enumerate(zip(qdims, blocks, counts)):
        dims.append(_elements_between(b, shape, previous, d))
        dims.append(_index(b, block * count))
        flat_shape += [None, block * count]
        params_shape += [1, count]
        flat_blocks[2 * k + 1] = block
        previous = d + 1
    dims.append(_elements_between(b, shape, previous, None))
    flat_shape.append(None)
    params_shape.append(1)
    flat_q = dataclasses.replace(
        q, quantized_dimensions=tuple(flat_blocks), block_sizes=tuple(flat_blocks.values()),
        params_shape=tuple(params_shape), scales=_reorder(q.scales, q, order, counts),
        zero_points=_reorder(q.zero_points, q, order, counts))
    return dims, flat_q, tuple(flat_shape)

def _reorder(values: tuple, q: UniformQuantizedSubChannelType, order: list[int], counts: list[int]) -> tuple:
    """Parameters in the flattened layout: quantized dimensions in ascending order."""
    array = np.asarray(values).reshape(q.params_shape)
    if len(q.params_shape) > len(order):
        # full rank: the other dimensions have one block each, so this drops them
        return tuple(array.reshape(-1).tolist())
    return tuple(np.transpose(array, order).reshape(-1).tolist())
