"""What a legalization rule is: an integer pattern, a float pattern, or a reason.

The driver (driver.py) asks the integer pattern `unsupported(op)`; if it
answers None the op is rewritten on storage types, otherwise the reason is
recorded and the float pattern runs between dequantize and quantize casts.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from tfl2quant.dialects.quant.types import (QuantizedType, UniformQuantizedPerAxisType,
                                            UniformQuantizedType, quantized_element_type)
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import Operation, Value
from tfl2quant.ir.types import RankedTensorType, Type


class IntegerPattern:
    """Rewrites a quantized op into integer arithmetic on its storage types.

    `rewrite` receives the operands already cast to storage (`quant.scast`)
    and returns storage-typed results; the driver casts them back.
    """

    def unsupported(self, op: Operation) -> Optional[str]:
        """Why this op instance cannot take the integer path, or None."""
        return None

    def rewrite(self, b: Builder, op: Operation, operands: list[Value]) -> list[Value]:
        raise NotImplementedError


class FloatPattern:
    """Rewrites an op on float tensors (a float model, or the fallback path)."""

    def unsupported(self, op: Operation) -> Optional[str]:
        return None

    def rewrite(self, b: Builder, op: Operation, operands: list[Value],
                result_types: list[Type]) -> list[Value]:
        raise NotImplementedError


@dataclass(frozen=True)
class Rule:
    integer: Optional[IntegerPattern] = None
    float: Optional[FloatPattern] = None
    unlowered: Optional[str] = None  # why the op stays a float tfl op, if it does


# --- questions patterns ask about operand types -----------------------------------

def qtype(v: Value | Type) -> Optional[QuantizedType]:
    return quantized_element_type(v.type if isinstance(v, Value) else v)


def per_tensor(v: Value | Type) -> Optional[UniformQuantizedType]:
    q = qtype(v)
    return q if isinstance(q, UniformQuantizedType) else None


def storage_is(v: Value | Type, *specs: str) -> bool:
    """`storage_is(x, "i8", "u8")`: is the quantized storage one of these?"""
    q = qtype(v)
    return q is not None and f"{'i' if q.is_signed else 'u'}{q.storage_width}" in specs


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


def first_reason(*checks: tuple[bool, str]) -> Optional[str]:
    """The message of the first failed check: `first_reason((ok, "why not"), ...)`."""
    for ok, why in checks:
        if not ok:
            return why
    return None

