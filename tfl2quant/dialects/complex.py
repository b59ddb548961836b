"""The complex dialect ops the complex-number lowerings emit (legalize/families/generate/generate.py): scalar
ops, used in the bodies of linalg.generic over `complex<f32>`/`complex<f64>` tensors.

    complex.create (re, im: f) -> complex<f>      complex.re, complex.im (complex<f>) -> f
    complex.abs (complex<f>) -> f                 (|z|, hypot, as std::abs)
"""
from __future__ import annotations

from ..ir.core import Operation
from ..ir.types import ComplexType, FloatType
from ._util import register_simple_ops


def _verify_create(self: Operation) -> None:
    t = self.result.type
    if not isinstance(t, ComplexType) or len(self.operands) != 2 or \
            any(v.type != t.element_type for v in self.operands):
        raise self.error(f"expects two {getattr(t, 'element_type', 'float')} operands and a complex result, "
                         f"got {[str(v.type) for v in self.operands]} -> {t}")


def _verify_part(self: Operation) -> None:
    z = self.operands[0].type if len(self.operands) == 1 else None
    if not isinstance(z, ComplexType) or not isinstance(self.result.type, FloatType) or \
            self.result.type != z.element_type:
        raise self.error(f"expects one complex operand and a result of its element type, got {z} -> "
                         f"{self.result.type}")


for _name, _cls in register_simple_ops("complex.create complex.re complex.im complex.abs").items():
    _cls.verify_ = _verify_create if _name == "complex.create" else _verify_part


# --- custom assembly (upstream's ComplexOps.td assemblyFormat) -------------------------------
from .assembly_format import Enum, complex_part, declare  # noqa: E402

declare("complex.create", "$real `,` $imaginary attr-dict `:` type($complex)", operands="real imaginary",
        results="complex", same=["real imaginary"], infer=complex_part("complex", "real"))
declare("complex.re complex.im complex.abs", "$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)",
        operands="complex", attrs={"fastmath": Enum("arith", "fastmath")}, infer=complex_part("complex", "result"))
