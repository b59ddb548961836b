"""Elementwise binary arithmetic: ADD, SUB, MUL, DIV, FLOOR_DIV, FLOOR_MOD, POW,
SQUARED_DIFFERENCE, MAXIMUM, MINIMUM; ADD_N, ATAN2, BITWISE_XOR, RIGHT_SHIFT (float path only).

The integer patterns (integer_arithmetic.py, divide.py) follow TFLite's kernels
bit for bit: ADD and SUB rescale both operands to a common scale with 20 (8-bit)
or 15 (int16) fraction bits, MUL multiplies the offset values, SQUARED_DIFFERENCE
keeps 7 bits, MAXIMUM, MINIMUM, FLOOR_DIV and FLOOR_MOD compute on the stored
values, reading no quantization parameter, as TFLite does, and 8-bit DIV looks
its result up in the 65536-entry table of the kernel's per-pair arithmetic.

The float path covers float tensors and the plain integer tensors of float
models (an int32 DIV or FLOOR_MOD follows the integer instantiation of the
same reference template). TOSA where it has the op; arith/math where it has
none: exact `arith.divf`/`arith.remf`/`arith.floordivsi`/`arith.remsi` (TOSA
has no float division, and reciprocal-then-multiply rounds twice, which moves
a FLOOR_DIV quotient across an integer). arith and math take operands of one
type, so broadcasting is made explicit with `tosa.tile` first.
"""
from __future__ import annotations

from tfl2quant.dialects import tosa
from tfl2quant.ir.attributes import BoolAttr
from tfl2quant.ir.types import element_type, f64, i1, tensor

from ...lib.emit import broadcast_all, broadcast_rank, broadcast_to, compare, select, splat
from ...lib.fused_activation import clamp_float
from ...lib.patterns import Elementwise
from ...lib.query import dynamic_batch, floats_only, is_float
from ...rule import FloatPattern

class FloatBinary(FloatPattern):
    def __init__(self, tosa_name: str):
        self.tosa_name = tosa_name

    def unsupported(self, op):
        return dynamic_batch(op, op.operands[:2])

    def rewrite(self, b, op, operands, result_types):
        rank = len(result_types[0].shape)
        x1, x2 = (broadcast_rank(b, v, rank) for v in operands[:2])
        if self.tosa_name == "tosa.mul":
            y = tosa.mul(b, x1, x2, result_types[0])
        else:
            y = tosa.binary(b, self.tosa_name, x1, x2, result_types[0])
        return [clamp_float(b, y, op)]


class Binary(Elementwise):
    """A TOSA op on operands broadcast to equal rank (MAXIMUM, MINIMUM)."""

    def __init__(self, tosa_name: str):
        self.tosa_name = tosa_name

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        x, y = (broadcast_rank(b, v, len(t.shape)) for v in operands[:2])
        return [tosa.binary(b, self.tosa_name, x, y, t)]


class Divide(Elementwise):
    """a / b, then the fused activation (reference/div.h). Float: arith.divf, correctly
    rounded like C++ `/` (TOSA's reciprocal + mul rounds twice). int32: tosa.intdiv,
    which truncates like C++."""

    any_shape = True

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        if is_float(t):
            x, y = broadcast_all(b, operands[:2], t)
            q = b.value("arith.divf", [x, y], t)
        else:
            x, y = (broadcast_rank(b, v, len(t.shape)) for v in operands[:2])
            q = tosa.binary(b, "tosa.intdiv", x, y, t)
        return [clamp_float(b, q, op)]


class FloorDiv(Elementwise):
    """floor(double(a) / double(b)) (reference/floor_div.h). Float: in f64, as TFLite
    (a float32 quotient can round up onto the next integer); int: arith.floordivsi,
    which equals it exactly for 32-bit operands."""

    any_shape = True

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        x, y = broadcast_all(b, operands[:2], t)
        if not is_float(t):
            return [b.value("arith.floordivsi", [x, y], t)]
        wide = tensor(t.shape, f64)
        x, y = (b.value("arith.extf", [v], wide) for v in (x, y))
        q = b.value("math.floor", [b.value("arith.divf", [x, y], wide)], wide)
        return [b.value("arith.truncf", [q], t)]


class FloorMod(Elementwise):
    """reference/floor_mod.h: r = trunc_mod(a, b) (fmod / C++ %), then
    (r != 0 && (b < 0) != (r < 0)) ? r + b : r."""

    any_shape = True

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        x, y = broadcast_all(b, operands[:2], t)
        r = b.value("arith.remf" if is_float(t) else "arith.remsi", [x, y], t)
        zero = splat(b, 0, t)
        signs_differ = b.value("tosa.logical_xor", [compare(b, "tosa.greater", zero, y, t.shape),
                                                    compare(b, "tosa.greater", zero, r, t.shape)], t.with_element_type(i1))
        nonzero = b.value("tosa.logical_not", [compare(b, "tosa.equal", r, zero, t.shape)], t.with_element_type(i1))
        fix = b.value("tosa.logical_and", [nonzero, signs_differ], t.with_element_type(i1))
        return [select(b, fix, tosa.binary(b, "tosa.add", r, y, t), r, t)]


class Power(Elementwise):
    """std::pow (reference_ops::Pow). Float: tosa.pow. int32: TFLite's std::pow(int, int)
    computes in double and converts back, so: sitofp f64, math.powf, fptosi."""

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        if is_float(t):
            x, y = (broadcast_rank(b, v, len(t.shape)) for v in operands[:2])
            return [tosa.binary(b, "tosa.pow", x, y, t)]
        wide = tensor(t.shape, f64)
        x, y = (b.value("arith.sitofp", [broadcast_to(b, v, t.shape)], wide) for v in operands[:2])
        return [b.value("arith.fptosi", [b.value("math.powf", [x, y], wide)], t)]


class SquaredDifference(Elementwise):
    """d = a - b; d * d."""

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        x, y = (broadcast_rank(b, v, len(t.shape)) for v in operands[:2])
        d = tosa.binary(b, "tosa.sub", x, y, t)
        return [tosa.mul(b, d, d, t)]


class AddN(Elementwise):
    """x0 + x1 + ... in input order (kernels/add_n.cc; Prepare requires equal shapes)."""

    def rewrite(self, b, op, operands, result_types):
        total = operands[0]
        for x in operands[1:]:
            total = tosa.binary(b, "tosa.add", total, x, result_types[0])
        return [total]


class Atan2(Elementwise):
    """std::atan2(y, x) element by element (kernels/atan2.cc): math.atan2. The kernel
    walks both operands by flat index without broadcasting, so it takes equal shapes."""

    def unsupported(self, op):
        y, x = op.operands
        return (super().unsupported(op) or floats_only(op)
                or (None if tuple(y.type.shape) == tuple(x.type.shape) else
                    f"operands of shapes {list(y.type.shape)} and {list(x.type.shape)}; "
                    "the kernel reads both by flat index (no broadcasting)"))

    def rewrite(self, b, op, operands, result_types):
        return [b.value("math.atan2", list(operands), result_types[0])]


class BitwiseXor(Elementwise):
    """x ^ y on the bits (kernels/bitwise_xor.cc): tosa.bitwise_xor, broadcast."""

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        x, y = (broadcast_rank(b, v, len(t.shape)) for v in operands[:2])
        return [tosa.binary(b, "tosa.bitwise_xor", x, y, t)]


class RightShift(Elementwise):
    """x >> clamp(y, 0, bits - 1) (kernels/right_shift.cc: the shift is clamped to avoid
    UB; `>>` of a signed integer is arithmetic): the clamp as TOSA's profiles take it
    (tosa.clamp on i8/i16, tosa.maximum and tosa.minimum on i32), then
    tosa.arithmetic_right_shift without rounding. Unsigned tensors are declined (signless)."""

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        x, y = (broadcast_rank(b, v, len(t.shape)) for v in operands[:2])
        width = element_type(t).width
        if width < 32:
            y = tosa.clamp(b, y, 0, width - 1)
        else:
            y = tosa.binary(b, "tosa.maximum", y, splat(b, 0, y.type), y.type)
            y = tosa.binary(b, "tosa.minimum", y, splat(b, width - 1, y.type), y.type)
        return [b.value("tosa.arithmetic_right_shift", [x, y], t, {"round": BoolAttr(False)})]


MAXIMUM, MINIMUM, FLOOR_DIV, FLOOR_MOD = Binary("tosa.maximum"), Binary("tosa.minimum"), FloorDiv(), FloorMod()
