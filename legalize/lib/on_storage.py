"""The one mechanism for ops that move values without arithmetic.

RESHAPE, TRANSPOSE, SLICE, GATHER, PAD, CONCATENATION, ... become TOSA ops that
only move values (tosa.reshape, transpose, slice, gather, pad, concat, ...),
so one pattern serves every element type:

    StaticPattern   the float pattern (rule.py): static shapes, the operands
                    that TOSA needs at compile time (perm, begin, paddings...)
                    constant; it runs on floats, plain integers and booleans
    OnStorage(p)    the integer pattern: the same pattern on stored values.
                    TFLite's kernels copy stored values raw (reshape.cc,
                    transpose.cc, gather.cc, pad.cc, ...), so this is exact when
                    the moved values share one scale and zero point; otherwise
                    the op falls back (dequantize, move, quantize)

A family row is then `Rule(OnStorage(Transpose()), Transpose())`. Selections
of stored values (REDUCE_MAX/MIN) use the same mechanism.
"""
from __future__ import annotations

from tfl2quant.dialects.quant.ops import storage_type_of
from tfl2quant.ir.types import FloatType, element_type

from ..rule import IntegerPattern
from .patterns import StaticPattern
from .query import Reason, per_tensor, quantized_alike, signed_storage


def on_storage(op, result_types) -> bool:
    """Is this rewrite on stored values (the integer path of a quantized op)?"""
    return per_tensor(op.results[0]) is not None and not isinstance(element_type(result_types[0]), FloatType)


class OnStorage(IntegerPattern):
    """`pattern` on stored values. `alike`: require the moved values to share one
    per-tensor quantization; without it (RESHAPE, PAD) the kernel's raw copy is
    taken whatever the quantization, as TFLite does. `ordered`: the pattern compares
    stored values (REDUCE_MAX/MIN), which TOSA reads as signed integers, so
    unsigned storage takes the fallback (exact for a selection)."""

    def __init__(self, pattern: StaticPattern, alike: bool = True, ordered: bool = False):
        self.pattern, self.alike, self.ordered = pattern, alike, ordered

    def unsupported(self, op) -> Reason:
        values = self.pattern.data_operands(op) + list(op.results)
        return ((quantized_alike(op, values) if self.alike else None)
                or (signed_storage(op, values) if self.ordered else None)
                or self.pattern.unsupported(op)
                or self.pattern.check_storage(op))

    def rewrite(self, b, op, operands):
        return self.pattern.rewrite(b, op, operands, [storage_type_of(t) for t in op.result_types])
