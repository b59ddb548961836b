"""What patterns read and ask about an op: types, shapes, options, constants.

The checks return None when the op passes and otherwise the reason that the
driver records (and `report`, `check` and the remarks of `legalize-tfl{remarks}`
show), each worded once here so that every pattern says the same thing the
same way. Chain them with `or`: the first reason wins and later checks may
assume the earlier ones passed.

    return (static_shapes(op)
            or storage(op, "i8")
            or per_tensor_only(op))
"""
from __future__ import annotations

from typing import Iterable, Optional

import numpy as np

from tfl2quant.dialects.quant.types import (QuantizedType, UniformQuantizedPerAxisType,
                                            UniformQuantizedType)
from tfl2quant.dialects.tfl import constant_array
from tfl2quant.ir.core import Operation, Value
from tfl2quant.ir.types import FloatType, IntegerType, RankedTensorType, Type, element_type

Reason = Optional[str]

# --- reading types ----------------------------------------------------------------------


def qtype(v: Value | Type) -> Optional[QuantizedType]:
    # quantized_element_type inlined: patterns ask this some thirty times per op
    t = v.type if isinstance(v, Value) else v
    e = getattr(t, "element_type", t)
    return e if isinstance(e, QuantizedType) else None


def per_tensor(v: Value | Type) -> Optional[UniformQuantizedType]:
    q = qtype(v)
    return q if isinstance(q, UniformQuantizedType) else None


def is_float(v: Value | Type) -> bool:
    return isinstance(element_type(v.type if isinstance(v, Value) else v), FloatType)


def storage_name(v: Value | Type) -> str:
    """`i8`, `u8`, `i16`... for a quantized value; its element type otherwise."""
    q = qtype(v)
    if q is not None:
        return f"{'i' if q.is_signed else 'u'}{q.storage_width}"
    return str(element_type(v.type if isinstance(v, Value) else v))


def static_shape(v: Value | Type) -> Optional[tuple]:
    t = v.type if isinstance(v, Value) else v
    if isinstance(t, RankedTensorType) and t.has_static_shape:
        return t.shape
    return None


def weight_scales(v: Value, channels: int, axis: int) -> Optional[list[float]]:
    """Scales of a symmetric weight, one per output channel, or None if not that."""
    q = qtype(v)
    if isinstance(q, UniformQuantizedType) and q.zero_point == 0:
        return [q.scale] * channels
    if (isinstance(q, UniformQuantizedPerAxisType) and q.quantized_dimension == axis
            and len(q.scales) == channels and not any(q.zero_points)):
        return list(q.scales)
    return None


def channel_scales(v: Value, channels: int) -> Optional[list[float]]:
    """A convolution filter's scales, one per output channel, as TFLite reads them: one scale
    repeated, or the c-th scale for output channel c whatever the quantized dimension
    (PopulateConvolutionQuantizationParams, kernel_util.cc, only checks that dimension's
    size), and whatever the zero points (kernels that ignore them say so)."""
    q = qtype(v)
    if isinstance(q, UniformQuantizedType):
        return [q.scale] * channels
    if isinstance(q, UniformQuantizedPerAxisType) and len(q.scales) in (1, channels):
        return list(q.scales) * (channels if len(q.scales) == 1 else 1)
    return None


def quantization(v: Value) -> Optional[tuple]:
    """(scale, zero point, storage) of a per-tensor quantized value, for comparing values."""
    q = per_tensor(v)
    return None if q is None else (q.scale, q.zero_point, q.storage_width, q.is_signed)


# --- reading options and constants ----------------------------------------------------------


def option(op: Operation, name: str, default=0):
    a = op.attributes.get(name)
    return default if a is None else a.value


def const_ints(op: Operation, k: int) -> list[int]:
    return [int(v) for v in np.asarray(constant_array(op.operands[k])).reshape(-1)]


# --- the checks -------------------------------------------------------------------------------


def role(op: Operation, v: Value) -> str:
    """`operand 1` or `result 0`: how a reason names a value."""
    for k, r in enumerate(op.results):
        if r is v:
            return f"result {k}"
    for k, x in enumerate(op.operands):
        if x is v:
            return f"operand {k}"
    return "a value"


def _values(op: Operation, values: Iterable[Value] | None) -> list[Value]:
    return list(op.operands) + list(op.results) if values is None else list(values)


def static_shapes(op: Operation, values: Iterable[Value] | None = None) -> Reason:
    """Every value (default: all operands and results) has a static shape."""
    for v in _values(op, values):
        if static_shape(v) is None:
            return f"dynamic shape of {role(op, v)} ({v.type})"
    return None


def dynamic_batch(op: Operation, values: Iterable[Value] | None = None) -> Reason:
    """Every value (default: all operands and results) is static but for its first dimension,
    which may be `?`: the dynamic batch of models exported from Keras. A reshape infers one
    `?` (-1) and a slice takes it whole, so patterns whose only runtime size is the batch
    emit the same TOSA ops as for a static one."""
    for v in _values(op, values):
        t = v.type
        if isinstance(t, RankedTensorType) and None in t.shape[1:]:
            return f"dynamic shape of {role(op, v)} ({v.type}) outside the first (batch) dimension"
    return None


def one_dynamic_dim(op: Operation, values: Iterable[Value] | None = None) -> Reason:
    """Every value (default: all operands and results) has at most one `?` dimension: a
    reshape infers one (-1) and a slice takes one whole, so data movement whose shapes
    differ only there emits the same TOSA ops as for static ones."""
    for v in _values(op, values):
        t = v.type
        if isinstance(t, RankedTensorType) and t.shape.count(None) > 1:
            return f"more than one dynamic dimension in {role(op, v)} ({v.type})"
    return None


def no_dynamic_broadcast(op: Operation) -> Reason:
    """No operand broadcasts along a `?` dimension of the result (arith and math ops take
    operands of the result's shape, made so by tiling, which needs static multiples)."""
    out = op.results[0].type.shape if op.results and isinstance(op.results[0].type, RankedTensorType) else ()
    for v in op.operands:
        shape = getattr(v.type, "shape", None)
        if shape is None or len(shape) > len(out):
            continue
        padded = (1,) * (len(out) - len(shape)) + tuple(shape)
        if any(r is None and d is not None for r, d in zip(out, padded)):
            return f"{role(op, v)} ({v.type}) broadcasts along a dynamic dimension of the result"
    return None


def non_empty(op: Operation, values: Iterable[Value] | None = None) -> Reason:
    for v in _values(op, values):
        if 0 in v.type.shape:
            return f"empty tensor: {role(op, v)} ({v.type})"
    return None


def storage(op: Operation, *kinds: str, values: Iterable[Value] | None = None) -> Reason:
    """Every value (default: all operands and results) is quantized with one of these
    storage types (`"i8"`, `"u8"`, ...), and all of them with the same one."""
    vs = _values(op, values)
    for v in vs:
        if qtype(v) is None or storage_name(v) not in kinds:
            return f"{role(op, v)} is {storage_name(v)}; the integer pattern takes {'/'.join(kinds)}"
    if len({storage_name(v) for v in vs}) > 1:
        return "operands and results have different storage types"
    return None


def storage_of(op: Operation, v: Value, *kinds: str) -> Reason:
    """One value (a weight, a bias) is quantized with one of these storage types."""
    if qtype(v) is None or storage_name(v) not in kinds:
        return f"{role(op, v)} is {storage_name(v)}; the integer pattern takes {'/'.join(kinds)}"
    return None


def per_tensor_only(op: Operation, values: Iterable[Value] | None = None) -> Reason:
    """Every quantized value (default: all operands and results) is per-tensor quantized."""
    for v in _values(op, values):
        if qtype(v) is not None and per_tensor(v) is None:
            return f"per-axis quantized {role(op, v)}"
    return None


def quantized_alike(op: Operation, values: Iterable[Value] | None = None) -> Reason:
    """Every value shares one per-tensor scale and zero point (TFLite then copies stored values)."""
    vs = _values(op, values)
    if any(quantization(v) is None for v in vs):
        return "not every moved value is per-tensor quantized"
    if len({quantization(v) for v in vs}) != 1:
        return "operands and results are quantized differently (the stored values would need rescaling)"
    return None


def int16_zero_points(op: Operation, values: Iterable[Value] | None = None) -> Reason:
    """Every int16 value has zero point 0: TFLite's int16 kernels require it in Prepare
    (reduce.cc, quantize.cc, ...) and refuse the model otherwise."""
    for v in _values(op, values):
        q = per_tensor(v)
        if q is not None and storage_name(v) == "i16" and q.zero_point != 0:
            return f"{role(op, v)} is i16 with zero point {q.zero_point}; TFLite's int16 kernel requires 0"
    return None


def signed_storage(op: Operation, values: Iterable[Value] | None = None) -> Reason:
    """Quantized values whose stored integers TOSA can compare: signed storage."""
    for v in _values(op, values):
        q = qtype(v)
        if q is not None and not q.is_signed:
            return f"{role(op, v)} is {storage_name(v)}; TOSA reads stored values as signed"
    return None


def constants(op: Operation, names: dict[int, str]) -> Reason:
    """The operands named (index -> name) are compile-time constants."""
    for k, name in names.items():
        if constant_array(op.operands[k]) is None:
            return f"operand {k} ({name}) is not a compile-time constant"
    return None


def signless(op: Operation) -> Reason:
    """TOSA integers are signless and read as signed: unsigned plain integers cannot go there."""
    for v in _values(op, None):
        e = element_type(v.type)
        if isinstance(e, IntegerType) and not e.is_signless:
            return f"{role(op, v)} is an unsigned integer tensor ({e}); TOSA integers are signless"
    return None


def floats_only(op: Operation, values: Iterable[Value] | None = None) -> Reason:
    """The float path of an op TFLite computes on floating point (or quantized) tensors only."""
    for v in _values(op, values):
        if not is_float(v) and qtype(v) is None:
            return f"{role(op, v)} is {v.type}; the op takes floating point tensors"
    return None


def rank(op: Operation, v: Value, at_least: int = 0, exactly: Optional[int] = None) -> Reason:
    """`v` has the rank the kernel's Prepare requires (rank >= at_least, or == exactly)."""
    r = len(v.type.shape)
    if exactly is not None and r != exactly:
        return f"{role(op, v)} has rank {r}; the kernel takes rank {exactly}"
    if r < at_least:
        return f"{role(op, v)} has rank {r}; the kernel takes rank >= {at_least}"
    return None


def quantized_as(op: Operation, v: Value, scale: float, zero_point: int, scale_text: str) -> Reason:
    """`v` has the per-tensor scale (compared as float32, as TFLite's `==` on the float field)
    and zero point a kernel hard-wires and its Prepare requires."""
    q = per_tensor(v)
    if q is None or np.float32(q.scale) != np.float32(scale) or q.zero_point != zero_point:
        found = f"scale {q.scale} and zero point {q.zero_point}" if q is not None else str(v.type)
        return f"{role(op, v)} has {found}; the kernel requires scale {scale_text} and zero point {zero_point}"
    return None


def result_like_operand(op: Operation) -> Reason:
    """Result 0 has operand 0's shape and element type (quantized: both quantized), as a
    kernel that resizes its output to the input's dims and checks equal types gives it."""
    x, y = op.operands[0], op.results[0]
    if tuple(x.type.shape) != tuple(y.type.shape):
        return f"result 0 has shape {list(y.type.shape)}; the kernel gives it operand 0's, {list(x.type.shape)}"
    if (qtype(x) is None) != (qtype(y) is None) or qtype(x) is None and element_type(x.type) != element_type(y.type):
        return f"result 0 is {y.type} for an operand 0 of {x.type}"
    return None


def no_fused_activation(op: Operation) -> Reason:
    """The kernel's Prepare refuses any fused activation but NONE (L2_NORMALIZATION)."""
    a = op.attributes.get("fused_activation_function")
    act = "NONE" if a is None else a.value
    return None if act == "NONE" else f"fused activation {act}; the kernel takes NONE"


def first_reason(*reasons: Reason) -> Reason:
    """The first reason that is not None (for checks that are safe to evaluate together)."""
    return next((r for r in reasons if r), None)


# --- added by h-movement ------------------------------------------------------------------------


def result_shape(op: Operation, want, k: int = 0) -> Reason:
    """Result `k` has the shape the kernel's Prepare gives it (`want`)."""
    have = list(op.results[k].type.shape)
    if have != list(want):
        return f"result {k} has shape {have}; TFLite's kernel gives it {list(want)}"
    return None
