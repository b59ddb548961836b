"""The TOSA ops we emit, with builders in TOSA 1.0 form (as upstream MLIR has it).

Zero points, multipliers, shifts and shapes are operands (`tosa.const`,
`tosa.const_shape`), as TOSA 1.0 requires; scalar options are attributes.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from ..ir.attributes import (SMALL_DENSE, BoolAttr, DenseArrayAttr, DenseElementsAttr, DialectAttr, FloatAttr,
                             IntegerAttr, TypeAttr)
from ..ir.core import CONSTANT, OP_CLASSES, PURE, Operation, Value, register_op
from ..ir.types import (FloatType, IntegerType, Type, element_type, i8, i32, i64, index, register_dialect_types,
                        tensor)
from ..records import dataclass
from ._util import register_simple_ops
from .tosa_verifiers import VERIFIERS


@dataclass(frozen=True)
class ShapeType(Type):
    """`!tosa.shape<rank>`: a compile-time shape operand."""

    rank: int

    def __str__(self) -> str:
        return f"!tosa.shape<{self.rank}>"


def _parse_type(p, tok) -> Type:
    """`!tosa.shape<rank>`, the one tosa type we model: another is a mistake."""
    if tok.spelling != "tosa.shape":
        raise p.error(f"unknown or unsupported tosa type '!{tok.spelling}'", tok)
    p.expect_adjacent_less(tok)
    rank = p.parse_integer("(the rank of !tosa.shape)")
    if rank < 0:
        raise p.error(f"!tosa.shape rank must be non-negative, got {rank}", tok)
    p.expect(">", "to end !tosa.shape")
    return ShapeType(rank)


register_dialect_types("tosa", _parse_type)


def _verify(self: Operation) -> None:
    rule = VERIFIERS.get(self.name)
    if rule is not None:
        rule(self)


@register_op
class ConstOp(Operation):
    name = "tosa.const"
    traits = frozenset({PURE, CONSTANT})
    verify_ = _verify


@register_op
class ConstShapeOp(Operation):
    name = "tosa.const_shape"
    traits = frozenset({PURE, CONSTANT})
    verify_ = _verify


for _cls in register_simple_ops("""
    tosa.add tosa.sub tosa.mul tosa.intdiv tosa.maximum tosa.minimum tosa.pow
    tosa.logical_left_shift tosa.logical_right_shift tosa.arithmetic_right_shift
    tosa.bitwise_and tosa.bitwise_or tosa.bitwise_xor tosa.bitwise_not tosa.clz
    tosa.logical_and tosa.logical_or tosa.logical_xor tosa.logical_not
    tosa.equal tosa.greater tosa.greater_equal tosa.select
    tosa.abs tosa.negate tosa.exp tosa.log tosa.reciprocal tosa.rsqrt tosa.tanh tosa.sigmoid
    tosa.floor tosa.ceil tosa.clamp tosa.cast tosa.rescale tosa.erf tosa.sin tosa.cos
    tosa.conv2d tosa.depthwise_conv2d tosa.transpose_conv2d tosa.matmul
    tosa.avg_pool2d tosa.max_pool2d
    tosa.reduce_sum tosa.reduce_max tosa.reduce_min tosa.reduce_product tosa.reduce_all tosa.reduce_any
    tosa.argmax tosa.reshape tosa.transpose tosa.pad tosa.slice tosa.tile tosa.concat tosa.reverse
    tosa.gather tosa.scatter tosa.resize tosa.table tosa.identity
    tosa.rfft2d
""").values():
    _cls.verify_ = _verify

# --- 3-D convolution (CONV_3D, CONV_3D_TRANSPOSE) ---------------------------------------------
for _cls in register_simple_ops("tosa.conv3d").values():
    _cls.verify_ = _verify


def const(b, array, elem: Type | None = None) -> Value:
    """`tosa.const` holding `array` (numpy; kept as is, no copy if dtype fits)."""
    array = np.asarray(array)
    memo = getattr(b, "memo", None)
    if memo is not None and array.size <= SMALL_DENSE:  # the builder makes equal constants once
        key = ("tosa.const", elem, array.dtype, array.shape, array.tobytes())
        v = memo.get(key)
        if v is None:
            v = memo[key] = _const(b, array, elem)
        return v
    return _const(b, array, elem)


def _const(b, array: np.ndarray, elem: Type | None) -> Value:
    if elem is None:
        elem = _elem_of_dtype(array.dtype)
    attr = DenseElementsAttr.from_array(array, elem)
    return b.value("tosa.const", [], attr.type, {"values": attr})


def const_shape(b, values: Sequence[int]) -> Value:
    """A `!tosa.shape`; a dynamic (None) dimension is -1, which reshape infers and a slice
    size reads as "to the end"."""
    values = tuple(-1 if v is None else v for v in values)
    memo = getattr(b, "memo", None)
    if memo is None or not _all_int(values):
        return _const_shape(b, values)
    key = ("tosa.const_shape", values)
    v = memo.get(key)
    if v is None:
        v = memo[key] = _const_shape(b, values)
    return v


def _const_shape(b, values: tuple) -> Value:
    attr = DenseElementsAttr.from_array(np.asarray(values, np.int64), index, (len(values),))
    return b.value("tosa.const_shape", [], ShapeType(len(values)), {"values": attr})


def zero_point(b, value: int, elem: Type) -> Value:
    """TOSA 1.0 zero points are rank-1, one-element tensors of the operand's type."""
    memo = getattr(b, "memo", None)
    if memo is None or type(value) is not int:
        return _const(b, np.array([value]), elem)
    key = ("zero_point", value, elem)
    v = memo.get(key)
    if v is None:
        v = memo[key] = _const(b, np.array([value]), elem)
    return v


def _all_int(values: tuple) -> bool:
    """Plain Python integers only in memo keys: a float key would take -0.0 for 0.0 (equal,
    with equal hashes, but other bytes), a numpy scalar another dtype's wrapping."""
    for v in values:
        if type(v) is not int:
            return False
    return True


def _elem_of_dtype(dtype: np.dtype) -> Type:
    if dtype.kind in "iu":
        return IntegerType(dtype.itemsize * 8)
    if dtype.kind == "b":
        return IntegerType(1)
    return FloatType({2: "f16", 4: "f32", 8: "f64"}[dtype.itemsize])


def binary(b, name: str, lhs: Value, rhs: Value, result_type: Type) -> Value:
    return b.value(name, [lhs, rhs], result_type)


def mul(b, lhs: Value, rhs: Value, result_type: Type, shift: int = 0) -> Value:
    return b.value("tosa.mul", [lhs, rhs, zero_point(b, shift, i8)], result_type)  # shift: a [1] i8 tensor too


def clamp(b, x: Value, lo, hi, result_type: Type | None = None) -> Value:
    t = result_type or x.type
    e = element_type(t)
    if isinstance(e, IntegerType):
        attrs = {"min_val": IntegerAttr(int(lo), e), "max_val": IntegerAttr(int(hi), e)}
    else:
        attrs = {"min_val": FloatAttr(float(lo), e), "max_val": FloatAttr(float(hi), e)}
    return b.value("tosa.clamp", [x], t, attrs)


def cast(b, x: Value, result_type: Type) -> Value:
    return b.value("tosa.cast", [x], result_type)


def reshape(b, x: Value, shape: Sequence[int]) -> Value:
    t = tensor(shape, element_type(x.type))
    return b.value("tosa.reshape", [x, const_shape(b, shape)], t)


def transpose(b, x: Value, perms: Sequence[int]) -> Value:
    src = x.type
    t = tensor([src.shape[p] for p in perms], src.element_type)
    return b.value("tosa.transpose", [x], t, {"perms": DenseArrayAttr(i32, tuple(perms))})


def rescale(b, x: Value, multipliers, shifts, input_zp: int, output_zp: int, result_type: Type,
            input_unsigned: bool = False, output_unsigned: bool = False) -> Value:
    """`tosa.rescale` with scale32 and DOUBLE_ROUND (gemmlowp's rounding, see fixed_point.py).

    A multiplier/shift list of length > 1 means per-channel on the last axis.
    """
    memo = getattr(b, "memo", None)
    m, s = _int_tuple(multipliers), _int_tuple(shifts)
    if memo is not None and m is not None and s is not None:
        # the common case: lists of Python ints, their constants made once by the builder
        mult = memo.get(("rescale.multiplier", m))
        if mult is None:
            mult = memo[("rescale.multiplier", m)] = _const(b, _multipliers(m), i32)
        shift = memo.get(("rescale.shift", s))
        if shift is None:
            shift = memo[("rescale.shift", s)] = _const(b, _shifts(s), i8)
        per_channel = len(m) > 1
    else:
        multipliers, shifts = _multipliers(multipliers), _shifts(shifts)
        mult, shift = const(b, multipliers, i32), const(b, shifts, i8)
        per_channel = multipliers.size > 1
    in_elem, out_elem = element_type(x.type), element_type(result_type)
    operands = [x, mult, shift, zero_point(b, input_zp, in_elem), zero_point(b, output_zp, out_elem)]
    attrs = _RESCALE_ATTRS[per_channel, bool(input_unsigned), bool(output_unsigned)]
    return b.value("tosa.rescale", operands, result_type, attrs)


def _multipliers(values) -> np.ndarray:
    return np.atleast_1d(np.asarray(values, np.int64)).astype(np.int32)


def _shifts(values) -> np.ndarray:
    return np.atleast_1d(np.asarray(values, np.int64)).astype(np.int8)


def _int_tuple(values) -> tuple | None:
    """A one-dimensional list or tuple of Python ints as a tuple, else None."""
    if type(values) is list or type(values) is tuple:
        values = tuple(values)
        return values if values and _all_int(values) else None
    return None


# the attribute dicts of the eight kinds of rescale, made once (Operation copies the dict,
# and attributes are immutable)
_RESCALE_ATTRS = {
    (per_channel, input_unsigned, output_unsigned): {
        "scale32": BoolAttr(True),
        "rounding_mode": DialectAttr("tosa", "rounding_mode", "DOUBLE_ROUND"),
        "per_channel": BoolAttr(per_channel),
        "input_unsigned": BoolAttr(input_unsigned),
        "output_unsigned": BoolAttr(output_unsigned),
    }
    for per_channel in (False, True) for input_unsigned in (False, True) for output_unsigned in (False, True)}


def pad(b, x: Value, padding: Sequence[int], pad_value, result_type: Type) -> Value:
    """`padding` is [before0, after0, before1, after1, ...] as tosa.pad expects."""
    pv = const(b, np.array([pad_value]), element_type(x.type))
    return b.value("tosa.pad", [x, const_shape(b, padding), pv], result_type)


def conv_attrs(pad, stride, dilation, acc_type: Type) -> dict:
    return {"pad": DenseArrayAttr(i64, tuple(pad)), "stride": DenseArrayAttr(i64, tuple(stride)),
            "dilation": DenseArrayAttr(i64, tuple(dilation)), "acc_type": TypeAttr(acc_type)}


def pool_attrs(kernel, stride, pad) -> dict:
    return {"kernel": DenseArrayAttr(i64, tuple(kernel)), "stride": DenseArrayAttr(i64, tuple(stride)),
            "pad": DenseArrayAttr(i64, tuple(pad))}


def reduce(b, name: str, x: Value, axis: int) -> Value:
    src = x.type
    shape = list(src.shape)
    shape[axis] = 1
    # nan_mode stays absent: PROPAGATE is its default, which the custom form leaves out
    attrs = {"axis": IntegerAttr(axis, i32)}
    return b.value(name, [x], tensor(shape, src.element_type), attrs)


__all__ = ["ShapeType", "const", "const_shape", "zero_point", "binary", "mul", "clamp", "cast",
           "reshape", "transpose", "rescale", "pad", "conv_attrs", "pool_attrs", "reduce"]


# --- custom assembly ---------------------------------------------------------------------------
# TOSA ops print their operands, then each inherent attribute in the op's declared order as
# `name(value)` (the value without the type the op implies: `axis(1)`, `pad([0, 1, 0, 1])`) or,
# for an enum, `name<VALUE>`; then other attributes and the functional type:
#     %1 = tosa.reduce_max %0 axis(1) nan_mode<IGNORE> : (tensor<2x3xf32>) -> tensor<2x1xf32>
# That is how iree-opt's MLIR prints and parses them (it rejects an attribute dictionary in
# place of the named attributes). Every attribute present is printed, default values included,
# but for nan_mode<PROPAGATE>, which iree-opt leaves out (an absent nan_mode is PROPAGATE).
from .assembly_format import BOOL, FULL, TYPE, Array, Enum, Int, declare  # noqa: E402

_NAN = ("nan_mode", Enum("tosa", "nan_mode", default="PROPAGATE"))  # iree-opt leaves PROPAGATE out
_AXIS = ("axis", Int(i32))
_CONV = [("pad", Array(i64)), ("stride", Array(i64)), ("dilation", Array(i64)), ("acc_type", TYPE),
         ("local_bound", BOOL)]
TOSA_ATTRIBUTES = {
    "tosa.argmax": [_AXIS, _NAN],
    "tosa.avg_pool2d": [("kernel", Array(i64)), ("stride", Array(i64)), ("pad", Array(i64)), ("acc_type", TYPE)],
    "tosa.conv2d": _CONV, "tosa.depthwise_conv2d": _CONV, "tosa.conv3d": _CONV,
    "tosa.transpose_conv2d": [("out_pad", Array(i64)), ("stride", Array(i64)), ("acc_type", TYPE),
                              ("local_bound", BOOL)],
    "tosa.max_pool2d": [("kernel", Array(i64)), ("stride", Array(i64)), ("pad", Array(i64)), _NAN],
    "tosa.rfft2d": [("local_bound", BOOL)],
    "tosa.clamp": [("min_val", FULL), ("max_val", FULL), _NAN],
    "tosa.maximum": [_NAN], "tosa.minimum": [_NAN],
    "tosa.arithmetic_right_shift": [("round", BOOL)],
    "tosa.rescale": [("scale32", BOOL), ("rounding_mode", Enum("tosa", "rounding_mode")), ("per_channel", BOOL),
                     ("input_unsigned", BOOL), ("output_unsigned", BOOL)],
    "tosa.reduce_sum": [_AXIS], "tosa.reduce_product": [_AXIS], "tosa.reduce_all": [_AXIS],
    "tosa.reduce_any": [_AXIS], "tosa.reduce_max": [_AXIS, _NAN], "tosa.reduce_min": [_AXIS, _NAN],
    "tosa.concat": [_AXIS], "tosa.reverse": [_AXIS],
    "tosa.transpose": [("perms", Array(i32))],
    "tosa.resize": [("mode", Enum("tosa", "resize_mode"))],
    "tosa.const": [("values", FULL)], "tosa.const_shape": [("values", FULL)],
}


def _tosa_format(attrs) -> str:
    items = " ".join(f"(`{n}` `` $${n}^)?" if isinstance(k, Enum) else f"(`{n}` `(` $${n}^ `)`)?"
                     for n, k in attrs).replace("$$", "$")
    return f"operands {items} attr-dict `:` functional-type(operands, results)"


for _name in [n for n in OP_CLASSES if n.startswith("tosa.")]:
    _attrs = TOSA_ATTRIBUTES.get(_name, [])
    declare(_name, _tosa_format(_attrs), operands="operands*", results="results*", attrs=dict(_attrs))


# Upstream's FFT2dOp/RFFT2dOp name their results (getAsmResultNames): `%output_real, %output_imag`.
for _name in ("tosa.fft2d", "tosa.rfft2d"):
    if _name in OP_CLASSES:
        OP_CLASSES[_name].asm_result_names = ("output_real", "output_imag")
