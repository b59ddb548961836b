"""Verifiers shared by the elementwise dialects (arith, math): upstream's operand and
result type constraints (SameOperandsAndResultType, the cast width rules, i1
comparison results), so that a lowering that builds a mistyped op fails our own
verification instead of upstream's.
"""
from __future__ import annotations

from typing import Callable

from ..ir.core import Operation
from ..ir.types import FloatType, IndexType, IntegerType, RankedTensorType, Type, element_type, i1


def _shape(t: Type):
    return t.shape if isinstance(t, RankedTensorType) else ()


def _counts(op: Operation, operands: int) -> None:
    if len(op.operands) != operands or len(op.results) != 1:
        raise op.error(f"expects {operands} operand(s) and 1 result, got {len(op.operands)} and {len(op.results)}")


def _kind(t: Type) -> str:
    e = element_type(t)
    if isinstance(e, FloatType):
        return "float"
    if isinstance(e, IndexType):
        return "index"
    if isinstance(e, IntegerType) and e.is_signless:
        return "integer"
    return "other"


def same_types(kinds: tuple[str, ...], operands: int) -> Callable[[Operation], None]:
    """All operands and the result have one type, whose elements are of one of `kinds`."""
    def verify(op: Operation) -> None:
        _counts(op, operands)
        types = {v.type for v in op.operands} | {op.result.type}
        if len(types) != 1:
            raise op.error("requires the same type for all operands and results")
        if _kind(op.result.type) not in kinds:
            raise op.error(f"operands must be {' or '.join(kinds)} values, got {op.result.type}")
    return verify


def cast(source: str, target: str, width: str | None = None) -> Callable[[Operation], None]:
    """A shape-preserving cast from `source` to `target` elements; `width` is
    "wider" or "narrower" when the widths must compare so (ext*, trunc*)."""
    def verify(op: Operation) -> None:
        _counts(op, 1)
        src, dst = op.operands[0].type, op.result.type
        if _shape(src) != _shape(dst) or isinstance(src, RankedTensorType) != isinstance(dst, RankedTensorType):
            raise op.error(f"operand {src} and result {dst} must have the same shape")
        if _kind(src) not in source.split("|") or _kind(dst) not in target.split("|"):
            raise op.error(f"casts {source} to {target}, got {src} to {dst}")
        if width:
            a, b = element_type(src).width, element_type(dst).width
            if (width == "wider" and not b > a) or (width == "narrower" and not b < a):
                raise op.error(f"result type {dst} must be {width} than operand type {src}")
    return verify


def compare(kind: str) -> Callable[[Operation], None]:
    def verify(op: Operation) -> None:
        _counts(op, 2)
        a, b = (v.type for v in op.operands)
        if a != b or _kind(a) not in kind.split("|"):
            raise op.error(f"operands must be {kind} values of one type, got {a} and {b}")
        if element_type(op.result.type) != i1 or _shape(op.result.type) != _shape(a):
            raise op.error(f"result must be i1 of the operands' shape, got {op.result.type}")
        if "predicate" not in op.attributes:
            raise op.error("requires a 'predicate' attribute")
    return verify


def select(op: Operation) -> None:
    _counts(op, 3)
    c, a, b = (v.type for v in op.operands)
    if not (a == b == op.result.type):
        raise op.error("requires the same type for both values and the result")
    if element_type(c) != i1 or (isinstance(c, RankedTensorType) and _shape(c) != _shape(a)):
        raise op.error(f"condition must be i1 or a tensor of i1 of the values' shape, got {c}")
