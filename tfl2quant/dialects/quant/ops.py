"""`quant.qcast`, `quant.dcast`, `quant.scast`: verification, folds, assembly.

All three print as `quant.<op> %x : <input type> to <result type>` and are
pure, so CSE merges duplicates and DCE drops dead ones (the RFC's CSE section).
"""
from __future__ import annotations

from typing import Optional

from ...errors import VerificationError
from ...ir.core import PURE, Operation, Value, register_op
from ...ir.types import (FloatType, IntegerType, RankedTensorType, ShapedType, Type,
                         UnrankedTensorType, element_type)
from .. import assembly
from .types import FLOAT_STORAGE, QuantizedType


def _kind(t: Type) -> str:
    if isinstance(t, RankedTensorType):
        return "ranked"
    if isinstance(t, UnrankedTensorType):
        return "unranked"
    return "scalar"


class _CastOp(Operation):
    traits = frozenset({PURE})

    @property
    def input(self) -> Value:
        return self.operands[0]

    def print_custom(self, p) -> None:
        p.out.write(f"{self.name} {p.name_of(self.input)}")
        if self.attributes:
            p.out.write(" " + p.attr_dict(self.attributes))
        p.out.write(f" : {p.type(self.input.type)} to {p.type(self.result.type)}")

    # `quant.<op> %x {attrs}? : <input type> to <result type>`: the arith cast form
    parse_custom = classmethod(assembly.parse_cast)

    def verify_(self) -> None:
        if len(self.operands) != 1 or len(self.results) != 1:
            raise self.error("expects one operand and one result")
        src, dst = self.input.type, self.result.type
        # Upstream's ODS operand/result constraints come first, then the op's verifier.
        self.verify_types(element_type(src), element_type(dst))
        if _kind(src) != _kind(dst) or (isinstance(src, RankedTensorType) and src.shape != dst.shape):
            raise self.error("input and result are both scalars or both tensors with matching shape; "
                             f"got {src} and {dst}")
        self.verify_elements(element_type(src), element_type(dst))
        for t in (src, dst):
            q = element_type(t)
            if isinstance(q, QuantizedType):
                try:
                    q.verify()
                    q.verify_in_tensor(t)
                except VerificationError as e:
                    raise self.error(e.message) from None

    def verify_types(self, src: Type, dst: Type) -> None:
        """The ODS type constraints, in upstream's wording (`operand #0 must be ...`)."""
        raise NotImplementedError

    def verify_elements(self, src: Type, dst: Type) -> None:
        """The element relation the op's verifier checks once shapes agree."""

    def _fold_inverse(self, inverse: str) -> Optional[list[Value]]:
        """cast(inverse_cast(x)) -> x when the types round-trip (the RFC folds)."""
        producer = self.input.owner_op
        if producer is not None and producer.name == inverse and producer.input.type == self.result.type:
            return [producer.input]
        return None


@register_op
class QuantizeCastOp(_CastOp):
    name = "quant.qcast"

    def verify_types(self, src, dst):
        if not isinstance(src, FloatType):
            raise self.error(f"operand #0 must be scalar or tensor of floating-point, but got {self.input.type}")
        if not isinstance(dst, QuantizedType):
            raise self.error(f"result #0 must be scalar or tensor of quantized type, but got {self.result.type}")

    def verify_elements(self, src, dst):
        if dst.expressed_type != src:
            raise self.error(f"expressed type in quantized type expected to match float type; "
                             f"{dst.expressed_type} and {src}")

    def fold(self):
        return self._fold_inverse("quant.dcast")


@register_op
class DequantizeCastOp(_CastOp):
    name = "quant.dcast"

    def verify_types(self, src, dst):
        if not isinstance(src, QuantizedType):
            raise self.error(f"operand #0 must be scalar or tensor of quantized type, but got {self.input.type}")
        if not isinstance(dst, FloatType):
            raise self.error(f"result #0 must be scalar or tensor of floating-point, but got {self.result.type}")

    def verify_elements(self, src, dst):
        if src.expressed_type != dst:
            raise self.error(f"expressed type in quantized type expected to match float type; "
                             f"{src.expressed_type} and {dst}")

    def fold(self):
        return self._fold_inverse("quant.qcast")


@register_op
class StorageCastOp(_CastOp):
    name = "quant.scast"

    # Beyond upstream (whose scast takes signless integers only, so that its lower-quant-ops has no
    # way to cast a float storage value back): a float storage type is its own storage side.
    def verify_types(self, src, dst):
        for t, what, full in ((src, "operand", self.input.type), (dst, "result", self.result.type)):
            if not (isinstance(t, QuantizedType) or (isinstance(t, IntegerType) and t.is_signless)
                    or (isinstance(t, FloatType) and t.name in FLOAT_STORAGE)):
                raise self.error(f"{what} #0 must be scalar or tensor of signless integer or quantized "
                                 f"type, but got {full}")  # upstream's wording
        if isinstance(src, QuantizedType) == isinstance(dst, QuantizedType):
            raise self.error(f"input must be integer and result must be quantized, or vice versa; "
                             f"got {self.input.type} and {self.result.type}")

    def verify_elements(self, src, dst):
        q, storage = (src, dst) if isinstance(src, QuantizedType) else (dst, src)
        if q.storage_float or isinstance(storage, FloatType):
            matches = q.storage_type == storage
        else:
            matches = q.storage_width == storage.width
        if not matches:
            raise self.error(f"storage type in quantized type expected to match {_what(storage)} type; "
                             f"{q.storage_type} and {storage}")

    def fold(self):
        return self._fold_inverse("quant.scast")


def _what(t: Type) -> str:
    return "float storage" if isinstance(t, FloatType) else "integer"


def storage_type_of(t: Type) -> Type:
    """`t` with its quantized element type replaced by the signless storage type."""
    q = element_type(t)
    if not isinstance(q, QuantizedType):
        return t
    return t.with_element_type(q.storage_type) if isinstance(t, ShapedType) else q.storage_type


def expressed_type_of(t: Type) -> Type:
    q = element_type(t)
    if not isinstance(q, QuantizedType):
        return t
    return t.with_element_type(q.expressed_type) if isinstance(t, ShapedType) else q.expressed_type
