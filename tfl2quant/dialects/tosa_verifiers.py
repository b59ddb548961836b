"""Verifiers of the TOSA ops we emit: the shape and type rules of upstream MLIR's TOSA
dialect (mlir/lib/Dialect/Tosa/IR/TosaOps.cpp, TOSA 1.0), so that a pattern bug is
caught by the pipeline's own verification rather than by whoever compiles our output.

Each rule takes the op and raises `op.error(...)` on the first violation. A `?`
dimension is compatible with any extent, as upstream's shape verifiers allow.
"""
from __future__ import annotations

import math
from typing import Callable, Optional

from ..ir.attributes import DenseArrayAttr, DenseElementsAttr, DialectAttr, FloatAttr, IntegerAttr, TypeAttr
from ..ir.core import Operation, Value
from ..ir.types import (FloatType, IndexType, IntegerType, RankedTensorType, Type, element_type, f16, f32, i1,
                        i4, i8, i16, i32)

# --- small questions -----------------------------------------------------------------------


def _ranked(op: Operation, v: Value, what: str) -> RankedTensorType:
    if not isinstance(v.type, RankedTensorType):
        raise op.error(f"{what} must be a ranked tensor, got {v.type}")
    if 0 in v.type.shape:
        raise op.error(f"{what} must be a tosa-conformant tensor without empty dimensions, got {v.type}")
    return v.type


def _same(a: Optional[int], b: Optional[int]) -> bool:
    return a is None or b is None or a == b


def _shape_matches(op: Operation, t: RankedTensorType, want, what: str) -> None:
    if t.shape == want:  # the usual case: no generator over the dimensions
        return
    if len(t.shape) != len(want) or not all(_same(a, b) for a, b in zip(t.shape, want)):
        shown = "x".join("?" if d is None else str(d) for d in want)
        raise op.error(f"{what} shape {t} does not match the expected shape {shown}")


def _count(op: Operation, operands: int, results: int = 1) -> None:
    if len(op._operands) != operands or len(op.results) != results:
        raise op.error(f"expects {operands} operands and {results} result(s), got {len(op.operands)} and "
                       f"{len(op.results)}")


def _attr(op: Operation, name: str, kind):
    a = op.attributes.get(name)
    if not isinstance(a, kind):
        raise op.error(f"requires attribute '{name}' ({kind.__name__})")
    return a


def _int_array(op: Operation, name: str, length: int) -> tuple:
    a = _attr(op, name, DenseArrayAttr)
    if len(a.value) != length:
        raise op.error(f"attribute '{name}' must have {length} elements, got {len(a.value)}")
    return tuple(int(x) for x in a.value)


def _shape_operand(op: Operation, v: Value, what: str) -> Optional[tuple]:
    """The values of a `!tosa.shape` operand made by tosa.const_shape (None if not constant)."""
    producer = v.owner_op
    if producer is None or producer.name != "tosa.const_shape":
        return None
    return tuple(int(x) for x in producer.attributes["values"].array().reshape(-1))


def _const_values(v: Value):
    producer = v.owner_op
    if producer is None or producer.name != "tosa.const":
        return None
    return producer.attributes["values"].array()


def _elem(v: Value) -> Type:
    return element_type(v.type)


def _is_float(t: Type) -> bool:
    return isinstance(t, FloatType)


def _is_int(t: Type) -> bool:
    return isinstance(t, IntegerType) and t.width > 1


def _broadcast(op: Operation, shapes: list[tuple]) -> tuple:
    rank = len(shapes[0])
    if any(len(s) != rank for s in shapes):
        raise op.error("operands must have the same rank (TOSA broadcasts only between equal ranks)")
    out = []
    for dims in zip(*shapes):
        known = {d for d in dims if d is not None and d != 1}
        if len(known) > 1:
            raise op.error(f"operands are not broadcast compatible: {' vs '.join(str(s) for s in shapes)}")
        out.append(known.pop() if known else (None if None in dims else 1))
    return tuple(out)


def _zero_point(op: Operation, k: int, of: Type, what: str) -> Optional[int]:
    """A zero-point operand: a one-element tensor of `of`'s element type; its value if constant."""
    v = op._operands[k]
    t = _ranked(op, v, what)
    if t.element_type != of or t.shape != (1,):
        raise op.error(f"{what} must be a tensor<1x{of}>, got {t}")
    values = _const_values(v)
    return None if values is None else int(values.item(0)) if _is_int(of) else float(values.item(0))


# --- elementwise ------------------------------------------------------------------------------


def binary(op: Operation) -> None:
    _count(op, 2)
    a, b = (_ranked(op, v, f"operand #{k}") for k, v in enumerate(op.operands))
    out = _ranked(op, op.result, "result")
    if not (a.element_type == b.element_type == out.element_type):
        raise op.error(f"requires the same element type for all operands and results, got "
                       f"{a.element_type}, {b.element_type} -> {out.element_type}")
    _shape_matches(op, out, _broadcast(op, [a.shape, b.shape]), "result")


def integer_binary(op: Operation) -> None:
    """intdiv (i32; upstream's verifier also takes i64, which no TOSA 1.0 profile has),
    shifts and bitwise ops (i8/i16/i32)."""
    binary(op)
    e = _elem(op.result)
    allowed = (i32, IntegerType(64)) if op.name == "tosa.intdiv" else (i8, i16, i32)
    if e not in allowed:
        raise op.error(f"operands must be {' or '.join(map(str, allowed))} tensors, got {op.result.type}")
    if op.name == "tosa.arithmetic_right_shift":
        _bool_attr(op, "round")


def integer_unary(op: Operation) -> None:
    """bitwise_not (i8/i16/i32) and clz (i32)."""
    unary(op)
    allowed = (i32,) if op.name == "tosa.clz" else (i8, i16, i32)
    if _elem(op.result) not in allowed:
        raise op.error(f"operand must be a {' or '.join(map(str, allowed))} tensor, got {op.result.type}")


def _bool_attr(op: Operation, name: str) -> bool:
    a = op.attributes.get(name)
    if not (isinstance(a, IntegerAttr) and a.type == i1):
        raise op.error(f"requires bool attribute '{name}'" + (f", got {a}" if a is not None else ""))
    return bool(a.value)


def _enum_attr(op: Operation, name: str, mnemonic: str, values: tuple) -> str:
    a = op.attributes.get(name)
    if not isinstance(a, DialectAttr) or a.mnemonic != mnemonic or a.body not in values:
        raise op.error(f"requires attribute '{name}' = #tosa.{mnemonic}<{'|'.join(values)}>, got {a}")
    return a.body


def comparison(op: Operation) -> None:
    _count(op, 2)
    a, b = (_ranked(op, v, f"operand #{k}") for k, v in enumerate(op.operands))
    out = _ranked(op, op.result, "result")
    if a.element_type != b.element_type:
        raise op.error(f"requires operands of the same element type, got {a.element_type} and {b.element_type}")
    if out.element_type != i1:
        raise op.error(f"result must be a tensor of i1, got {out}")
    _shape_matches(op, out, _broadcast(op, [a.shape, b.shape]), "result")


def mul(op: Operation) -> None:
    _count(op, 3)
    a, b = (_ranked(op, v, f"operand #{k}") for k, v in enumerate(op.operands[:2]))
    out = _ranked(op, op.result, "result")
    shift = _ranked(op, op.operands[2], "shift")
    if shift.element_type != i8 or shift.shape != (1,):
        raise op.error(f"shift must be a tensor<1xi8>, got {shift}")
    if a.element_type != b.element_type:
        raise op.error(f"requires operands of the same element type, got {a.element_type} and {b.element_type}")
    if _is_int(a.element_type):
        if out.element_type != i32 and out.element_type != a.element_type:
            raise op.error(f"integer multiply of {a.element_type} must give i32, got {out.element_type}")
        values = _const_values(op.operands[2])
        if values is not None and int(values.reshape(-1)[0]) and a.element_type != i32:
            raise op.error("shift must be 0 unless the operands are i32")
    else:
        if out.element_type != a.element_type:
            raise op.error(f"requires the same element type for operands and result, got {out.element_type}")
        values = _const_values(op.operands[2])
        if values is not None and int(values.reshape(-1)[0]):
            raise op.error("shift must be 0 for floating point types")
    _shape_matches(op, out, _broadcast(op, [a.shape, b.shape]), "result")


def unary(op: Operation) -> None:
    _count(op, 1)
    x, out = _ranked(op, op.operands[0], "operand"), _ranked(op, op.result, "result")
    if x.element_type != out.element_type:
        raise op.error(f"requires the same element type for operand and result, got {x.element_type} and "
                       f"{out.element_type}")
    _shape_matches(op, out, x.shape, "result")


def float_unary(op: Operation) -> None:
    unary(op)
    if not _is_float(_elem(op.operands[0])):
        raise op.error(f"operand must be a floating point tensor, got {op.operands[0].type}")


def logical(op: Operation) -> None:
    (unary if op.name == "tosa.logical_not" else binary)(op)
    if _elem(op.result) != i1:
        raise op.error(f"operands and result must be tensors of i1, got {op.result.type}")


def negate(op: Operation) -> None:
    _count(op, 3)
    x, out = _ranked(op, op.operands[0], "operand"), _ranked(op, op.result, "result")
    if x.element_type != out.element_type:
        raise op.error("requires the same element type for operand and result")
    _shape_matches(op, out, x.shape, "result")
    _zero_unless_i8(op, _zero_point(op, 1, x.element_type, "input zero point"), x.element_type, "input zero point")
    _zero_unless_i8(op, _zero_point(op, 2, out.element_type, "output zero point"), out.element_type,
                    "output zero point")


def clamp(op: Operation) -> None:
    unary(op)
    e = _elem(op.result)
    for name in ("min_val", "max_val"):
        a = op.attributes.get(name)
        kind = FloatAttr if _is_float(e) else IntegerAttr
        if not isinstance(a, kind) or a.type != e:
            raise op.error(f"'{name}' must be a {e} attribute, got {a}")
    lo, hi = op.attributes["min_val"].value, op.attributes["max_val"].value
    if lo > hi:
        raise op.error(f"min_val {lo} is greater than max_val {hi}")


def select(op: Operation) -> None:
    _count(op, 3)
    c, a, b = (_ranked(op, v, f"operand #{k}") for k, v in enumerate(op.operands))
    out = _ranked(op, op.result, "result")
    if c.element_type != i1:
        raise op.error(f"condition must be a tensor of i1, got {c}")
    if not (a.element_type == b.element_type == out.element_type):
        raise op.error("requires the same element type for both values and the result")
    _shape_matches(op, out, _broadcast(op, [c.shape, a.shape, b.shape]), "result")


def cast(op: Operation) -> None:
    _count(op, 1)
    x, out = _ranked(op, op.operands[0], "operand"), _ranked(op, op.result, "result")
    _shape_matches(op, out, x.shape, "result")
    for t in (x.element_type, out.element_type):
        if not (isinstance(t, (IntegerType, FloatType))):
            raise op.error(f"cannot cast {t}")


def rescale(op: Operation) -> None:
    # the verifier of the op convert emits most (a third of a quantized model's TOSA ops): its
    # operands read from the op's own list, not copied into a tuple (`op.operands`) per question
    _count(op, 5)
    operands = op._operands
    x, out = _ranked(op, operands[0], "input"), _ranked(op, op.results[0], "output")
    _shape_matches(op, out, x.shape, "output")
    for t, what in ((x.element_type, "input"), (out.element_type, "output")):
        if not (_is_int(t) and t.width in (8, 16, 32, 48)):
            raise op.error(f"{what} must be an i8, i16, i32 or i48 tensor, got {t}")
    scale32, per_channel = _bool_attr(op, "scale32"), _bool_attr(op, "per_channel")
    input_unsigned, output_unsigned = _bool_attr(op, "input_unsigned"), _bool_attr(op, "output_unsigned")
    _enum_attr(op, "rounding_mode", "rounding_mode", ("SINGLE_ROUND", "INEXACT_ROUND", "DOUBLE_ROUND"))
    multiplier_type = i32 if scale32 else i16
    channels = x.shape[-1] if per_channel and x.shape else 1
    for k, elem, what in ((1, multiplier_type, "multiplier"), (2, i8, "shift")):
        t = _ranked(op, operands[k], what)
        if t.element_type != elem or len(t.shape) != 1 or not _same(t.shape[0], channels):
            raise op.error(f"{what} must be a tensor<{channels if channels is not None else '?'}x{elem}>, got {t}")
    shifts = _const_values(operands[2])
    if shifts is not None:
        # most rescales are per-tensor: one shift, read without two numpy reductions
        lo, hi = (shifts.item(0),) * 2 if shifts.size == 1 else (shifts.min(), shifts.max())
        if lo < 2 or hi > 62:
            raise op.error(f"shift values must be in [2, 62], got {lo}..{hi}")
    # TOSA 1.0 RESCALE: unsigned values only between 8- and 16-bit types, and not on both sides
    if input_unsigned and output_unsigned:
        raise op.error("input_unsigned and output_unsigned cannot both be true")
    if (input_unsigned or output_unsigned) and {x.element_type.width, out.element_type.width} - {8, 16}:
        raise op.error(f"an unsigned rescale is between i8 and i16 values, not {x.element_type} to {out.element_type}")
    for k, t, what, unsigned in ((3, x.element_type, "input zero point", input_unsigned),
                                 (4, out.element_type, "output zero point", output_unsigned)):
        zp = _zero_point(op, k, t, what)
        if zp is None:
            continue
        if t.width in (32, 48) and zp != 0:
            raise op.error(f"{what} must be 0 for {t}, got {zp}")
        if t.width == 16 and zp != 0 and not (unsigned and zp == -32768):
            raise op.error(f"{what} must be 0 for i16 (or 32768 when unsigned), got {zp}")


def table(op: Operation) -> None:
    _count(op, 2)
    x, tab, out = _ranked(op, op.operands[0], "input"), _ranked(op, op.operands[1], "table"), \
        _ranked(op, op.result, "output")
    _shape_matches(op, out, x.shape, "output")
    want = {i8: ((256,), i8, i8), i16: ((513,), i16, i32)}.get(x.element_type)
    if want is None:
        raise op.error(f"input must be i8 or i16, got {x.element_type}")
    size, table_elem, out_elem = want
    if tab.shape != size or tab.element_type != table_elem or out.element_type != out_elem:
        raise op.error(f"a table for {x.element_type} is tensor<{size[0]}x{table_elem}> giving {out_elem}, "
                       f"got {tab} giving {out.element_type}")


# --- convolutions, matmul, pools ------------------------------------------------------------------

i48 = IntegerType(48)
ACC_TYPES = {i8: (i32,), i16: (i48,), f16: (f16, f32), f32: (f32,)}      # conv2d, depthwise_conv2d
POOL_ACC_TYPES = {i8: (i32,), i16: (i32,), f16: (f16, f32), f32: (f32,)}  # avg_pool2d


def _zero_unless_i8(op: Operation, value, elem: Type, what: str) -> None:
    """TOSA 1.0: ERROR_IF(!is_same<in_t, i8_t>() && zp != 0)."""
    if value is not None and elem != i8 and value != 0:
        raise op.error(f"{what} must be 0 for {elem}, got {value}")


def _window_out(op: Operation, size, kernel, before, after, stride, dilation, what: str) -> Optional[int]:
    if size is None or kernel is None:
        return None
    span = size - 1 + before + after - (kernel - 1) * dilation
    if span < 0 or span % stride:
        raise op.error(f"{what}: (in - 1 + pad - (kernel - 1) * dilation) = {span} is not a non-negative "
                       f"multiple of the stride {stride}")
    return span // stride + 1


def _conv_operands(op: Operation, weights: tuple) -> tuple:
    """What every TOSA convolution checks of its operands: a 4-D input and weight, a 1-D
    bias, an accumulator allowed for the input type, integer weights of `weights` with an
    output and bias of the accumulator type (or one float type throughout), and zero
    points. Returns the input, weight, bias and output types."""
    _count(op, 5)
    x, w, bias = (_ranked(op, op.operands[k], what) for k, what in ((0, "input"), (1, "weight"), (2, "bias")))
    out = _ranked(op, op.result, "output")
    if len(x.shape) != 4 or len(w.shape) != 4 or len(bias.shape) != 1:
        raise op.error(f"expects a 4-D input and weight and a 1-D bias, got {x}, {w}, {bias}")
    acc = _attr(op, "acc_type", TypeAttr).value
    if acc not in ACC_TYPES.get(x.element_type, ()):
        raise op.error(f"accumulator type {acc} is not allowed for {x.element_type} input")
    if _is_int(x.element_type):
        if w.element_type not in weights or out.element_type != acc or bias.element_type != acc:
            raise op.error(f"integer convolution takes i8 weights and gives and adds {acc}, got weight "
                           f"{w.element_type}, bias {bias.element_type}, output {out.element_type}")
    elif not (x.element_type == w.element_type == bias.element_type == out.element_type):
        raise op.error("a float convolution needs one element type for input, weight, bias and output")
    _zero_unless_i8(op, _zero_point(op, 3, x.element_type, "input zero point"), x.element_type, "input zero point")
    _zero_unless_i8(op, _zero_point(op, 4, w.element_type, "weight zero point"), w.element_type, "weight zero point")
    return x, w, bias, out


def _conv_common(op: Operation, kind: str) -> None:
    x, w, bias, out = _conv_operands(op, (i8, i4))
    pad = _int_array(op, "pad", 4)
    stride = _int_array(op, "stride", 2)
    dilation = _int_array(op, "dilation", 2)
    if min(pad) < 0 or min(stride) < 1 or min(dilation) < 1:
        raise op.error(f"pad must be >= 0 and stride, dilation >= 1, got {pad}, {stride}, {dilation}")
    if kind == "conv2d":
        kh, kw, channels = w.shape[1], w.shape[2], w.shape[0]
        if not _same(w.shape[3], x.shape[3]):
            raise op.error(f"weight input channels {w.shape[3]} do not match input channels {x.shape[3]}")
    else:
        kh, kw = w.shape[0], w.shape[1]
        if not _same(w.shape[2], x.shape[3]):
            raise op.error(f"weight channels {w.shape[2]} do not match input channels {x.shape[3]}")
        channels = None if None in (w.shape[2], w.shape[3]) else w.shape[2] * w.shape[3]
    oh = _window_out(op, x.shape[1], kh, pad[0], pad[1], stride[0], dilation[0], "height")
    ow = _window_out(op, x.shape[2], kw, pad[2], pad[3], stride[1], dilation[1], "width")
    _shape_matches(op, out, (x.shape[0], oh, ow, channels), "output")
    if bias.shape[0] not in (1, None) and not _same(bias.shape[0], channels):
        raise op.error(f"bias has {bias.shape[0]} elements for {channels} output channels")


def conv3d(op: Operation) -> None:
    """TOSA 1.0 CONV3D: input [N, ID, IH, IW, IC], weight [OC, KD, KH, KW, IC], pad
    (d0, d1, top, bottom, left, right), stride and dilation (d, h, w); float operands only
    here (tfl2quant emits it for float CONV_3D)."""
    _count(op, 5)
    x, w, bias = (_ranked(op, op.operands[k], what) for k, what in ((0, "input"), (1, "weight"), (2, "bias")))
    out = _ranked(op, op.result, "output")
    if len(x.shape) != 5 or len(w.shape) != 5 or len(bias.shape) != 1:
        raise op.error(f"expects a 5-D input and weight and a 1-D bias, got {x}, {w}, {bias}")
    acc = _attr(op, "acc_type", TypeAttr).value
    if acc not in ACC_TYPES.get(x.element_type, ()) or not _is_float(x.element_type):
        raise op.error(f"accumulator type {acc} is not allowed for {x.element_type} input")
    if not (x.element_type == w.element_type == bias.element_type == out.element_type):
        raise op.error("a float convolution needs one element type for input, weight, bias and output")
    pad, stride, dilation = _int_array(op, "pad", 6), _int_array(op, "stride", 3), _int_array(op, "dilation", 3)
    if min(pad) < 0 or min(stride) < 1 or min(dilation) < 1:
        raise op.error(f"pad must be >= 0 and stride, dilation >= 1, got {pad}, {stride}, {dilation}")
    if not _same(w.shape[4], x.shape[4]):
        raise op.error(f"weight input channels {w.shape[4]} do not match input channels {x.shape[4]}")
    sizes = [_window_out(op, x.shape[k + 1], w.shape[k + 1], pad[2 * k], pad[2 * k + 1], stride[k], dilation[k],
                         what) for k, what in enumerate(("depth", "height", "width"))]
    _shape_matches(op, out, (x.shape[0], *sizes, w.shape[0]), "output")
    if bias.shape[0] not in (1, None) and not _same(bias.shape[0], w.shape[0]):
        raise op.error(f"bias has {bias.shape[0]} elements for {w.shape[0]} output channels")


def transpose_conv2d(op: Operation) -> None:
    """TOSA 1.0 TRANSPOSE_CONV2D: weight [OC, KH, KW, IC]; the output is
    (in - 1) * stride + out_pad_before + out_pad_after + kernel (negative out_pad crops)."""
    x, w, bias, out = _conv_operands(op, (i8,))
    out_pad = _int_array(op, "out_pad", 4)
    stride = _int_array(op, "stride", 2)
    if min(stride) < 1:
        raise op.error(f"stride must be >= 1, got {stride}")
    if not _same(w.shape[3], x.shape[3]):
        raise op.error(f"weight input channels {w.shape[3]} do not match input channels {x.shape[3]}")
    size = [None if x.shape[k + 1] is None or w.shape[k + 1] is None else
            (x.shape[k + 1] - 1) * stride[k] + out_pad[2 * k] + out_pad[2 * k + 1] + w.shape[k + 1] for k in (0, 1)]
    _shape_matches(op, out, (x.shape[0], size[0], size[1], w.shape[0]), "output")
    if bias.shape[0] not in (1, None) and not _same(bias.shape[0], w.shape[0]):
        raise op.error(f"bias has {bias.shape[0]} elements for {w.shape[0]} output channels")


def conv2d(op: Operation) -> None:
    _conv_common(op, "conv2d")


def depthwise_conv2d(op: Operation) -> None:
    _conv_common(op, "depthwise")


def matmul(op: Operation) -> None:
    _count(op, 4)
    a, b, out = _ranked(op, op.operands[0], "a"), _ranked(op, op.operands[1], "b"), _ranked(op, op.result, "output")
    if len(a.shape) != 3 or len(b.shape) != 3:
        raise op.error(f"expects 3-D operands, got {a} and {b}")
    if a.element_type != b.element_type:
        raise op.error(f"expects operands of one element type, got {a.element_type} and {b.element_type}")
    want_out = {i8: i32, i16: i48}.get(a.element_type, a.element_type)
    if out.element_type != want_out and not (a.element_type == f16 and out.element_type == f32):
        raise op.error(f"{a.element_type} operands give {want_out}, got {out.element_type}")
    if not _same(a.shape[2], b.shape[1]):
        raise op.error(f"contraction sizes differ: {a.shape[2]} and {b.shape[1]}")
    batch = a.shape[0] if b.shape[0] in (None, a.shape[0]) else b.shape[0]
    if not _same(a.shape[0], b.shape[0]):
        raise op.error(f"batch sizes differ: {a.shape[0]} and {b.shape[0]}")
    _shape_matches(op, out, (batch, a.shape[1], b.shape[2]), "output")
    _zero_unless_i8(op, _zero_point(op, 2, a.element_type, "a zero point"), a.element_type, "a zero point")
    _zero_unless_i8(op, _zero_point(op, 3, b.element_type, "b zero point"), b.element_type, "b zero point")


def pool(op: Operation) -> None:
    avg = op.name == "tosa.avg_pool2d"
    _count(op, 3 if avg else 1)
    x, out = _ranked(op, op.operands[0], "input"), _ranked(op, op.result, "output")
    if len(x.shape) != 4:
        raise op.error(f"expects a 4-D input, got {x}")
    if x.element_type != out.element_type:
        raise op.error("requires the same element type for input and output")
    kernel, stride, pad = _int_array(op, "kernel", 2), _int_array(op, "stride", 2), _int_array(op, "pad", 4)
    if min(kernel) < 1 or min(stride) < 1 or min(pad) < 0:
        raise op.error(f"kernel and stride must be >= 1 and pad >= 0, got {kernel}, {stride}, {pad}")
    if pad[0] >= kernel[0] or pad[1] >= kernel[0] or pad[2] >= kernel[1] or pad[3] >= kernel[1]:
        raise op.error(f"padding {pad} must be smaller than the kernel {kernel}")
    oh = _window_out(op, x.shape[1], kernel[0], pad[0], pad[1], stride[0], 1, "height")
    ow = _window_out(op, x.shape[2], kernel[1], pad[2], pad[3], stride[1], 1, "width")
    _shape_matches(op, out, (x.shape[0], oh, ow, x.shape[3]), "output")
    if avg:
        acc = _attr(op, "acc_type", TypeAttr).value
        if acc not in POOL_ACC_TYPES.get(x.element_type, ()):
            raise op.error(f"accumulator type {acc} is not allowed for {x.element_type} input")
        _zero_unless_i8(op, _zero_point(op, 1, x.element_type, "input zero point"), x.element_type,
                        "input zero point")
        _zero_unless_i8(op, _zero_point(op, 2, out.element_type, "output zero point"), out.element_type,
                        "output zero point")


# --- reductions and data movement -------------------------------------------------------------


def _axis(op: Operation, rank: int) -> int:
    axis = _attr(op, "axis", IntegerAttr).value
    if rank < 1:
        raise op.error("operand must have rank >= 1")
    if not 0 <= axis < rank:
        raise op.error(f"axis {axis} is out of range for rank {rank}")
    return axis


def reduce(op: Operation) -> None:
    _count(op, 1)
    x, out = _ranked(op, op.operands[0], "input"), _ranked(op, op.result, "output")
    axis = _axis(op, len(x.shape))
    if x.element_type != out.element_type:
        raise op.error("requires the same element type for input and output")
    boolean = op.name in ("tosa.reduce_all", "tosa.reduce_any")
    if boolean != (x.element_type == i1):
        raise op.error(f"{op.name} does not take {x.element_type}")
    want = list(x.shape)
    if want:
        want[axis] = 1
    _shape_matches(op, out, want, "output")


def argmax(op: Operation) -> None:
    _count(op, 1)
    x, out = _ranked(op, op.operands[0], "input"), _ranked(op, op.result, "output")
    axis = _axis(op, len(x.shape))
    if not (_is_int(out.element_type)):
        raise op.error(f"output must be an integer tensor, got {out}")
    _shape_matches(op, out, x.shape[:axis] + x.shape[axis + 1:], "output")


def reshape(op: Operation) -> None:
    _count(op, 2)
    x, out = _ranked(op, op.operands[0], "input"), _ranked(op, op.result, "output")
    if x.element_type != out.element_type:
        raise op.error("requires the same element type for input and output")
    shape = _shape_operand(op, op.operands[1], "shape")
    if shape is not None:
        if len(shape) != len(out.shape):
            raise op.error(f"shape operand {list(shape)} has another rank than the result {out}")
        _shape_matches(op, out, [None if d == -1 else d for d in shape], "result")
    if x.has_static_shape and out.has_static_shape and math.prod(x.shape) != math.prod(out.shape):
        raise op.error(f"cannot reshape {math.prod(x.shape)} elements ({x}) into {math.prod(out.shape)} ({out})")


def transpose(op: Operation) -> None:
    _count(op, 1)
    x, out = _ranked(op, op.operands[0], "input"), _ranked(op, op.result, "output")
    if not x.shape:
        raise op.error("input must have rank >= 1")
    perms = _int_array(op, "perms", len(x.shape))
    if sorted(perms) != list(range(len(x.shape))):
        raise op.error(f"perms {list(perms)} is not a permutation of 0..{len(x.shape) - 1}")
    if x.element_type != out.element_type:
        raise op.error("requires the same element type for input and output")
    _shape_matches(op, out, [x.shape[p] for p in perms], "output")


def pad(op: Operation) -> None:
    _count(op, 3)
    x, out = _ranked(op, op.operands[0], "input"), _ranked(op, op.result, "output")
    if x.element_type != out.element_type:
        raise op.error("requires the same element type for input and output")
    padding = _shape_operand(op, op.operands[1], "padding")
    value = _ranked(op, op.operands[2], "pad value")
    if value.element_type != x.element_type or value.shape != (1,):
        raise op.error(f"pad value must be a tensor<1x{x.element_type}>, got {value}")
    if padding is None:
        return
    if len(padding) != 2 * len(x.shape) or min(padding, default=0) < 0:
        raise op.error(f"padding {list(padding)} must hold 2 non-negative values per dimension of {x}")
    _shape_matches(op, out, [None if d is None else d + padding[2 * k] + padding[2 * k + 1]
                             for k, d in enumerate(x.shape)], "output")


def slice_(op: Operation) -> None:
    _count(op, 3)
    x, out = _ranked(op, op.operands[0], "input"), _ranked(op, op.result, "output")
    start, size = (_shape_operand(op, op.operands[k], n) for k, n in ((1, "start"), (2, "size")))
    if x.element_type != out.element_type:
        raise op.error("requires the same element type for input and output")
    if start is None or size is None:
        return
    if len(start) != len(x.shape) or len(size) != len(x.shape):
        raise op.error(f"start {list(start)} and size {list(size)} must have the input's rank {len(x.shape)}")
    for k, (b, n, d) in enumerate(zip(start, size, x.shape)):
        if n == -1 and (d is None or b < d):  # -1: to the end of the dimension
            continue
        if b < 0 or n < 1 or (d is not None and b + n > d):
            raise op.error(f"slice [{b}, {b + n}) of dimension {k} is outside 0..{d}")
    _shape_matches(op, out, [(None if d is None else d - b) if n == -1 else n
                             for b, n, d in zip(start, size, x.shape)], "output")


def tile(op: Operation) -> None:
    _count(op, 2)
    x, out = _ranked(op, op.operands[0], "input"), _ranked(op, op.result, "output")
    if not x.shape:
        raise op.error("input must have rank >= 1")
    multiples = _shape_operand(op, op.operands[1], "multiples")
    if x.element_type != out.element_type:
        raise op.error("requires the same element type for input and output")
    if multiples is None:
        return
    if len(multiples) != len(x.shape) or min(multiples, default=1) < 1:
        raise op.error(f"multiples {list(multiples)} must hold one value >= 1 per dimension of {x}")
    _shape_matches(op, out, [None if d is None else d * m for d, m in zip(x.shape, multiples)], "output")


def concat(op: Operation) -> None:
    if not op.operands or len(op.results) != 1:
        raise op.error("expects at least one operand and one result")
    ins = [_ranked(op, v, f"operand #{k}") for k, v in enumerate(op.operands)]
    out = _ranked(op, op.result, "output")
    axis = _axis(op, len(out.shape))
    if any(len(t.shape) != len(out.shape) or t.element_type != out.element_type for t in ins):
        raise op.error("operands must have the output's rank and element type")
    want = list(out.shape)
    for k in range(len(want)):
        if k == axis:
            dims = [t.shape[k] for t in ins]
            want[k] = None if None in dims else sum(dims)
        else:
            for t in ins:
                if not _same(t.shape[k], out.shape[k]):
                    raise op.error(f"operand shape {t} differs from the output {out} outside axis {axis}")
    _shape_matches(op, out, want, "output")


def reverse(op: Operation) -> None:
    unary(op)
    _axis(op, len(op.operands[0].type.shape))


def gather(op: Operation) -> None:
    _count(op, 2)
    values, indices = _ranked(op, op.operands[0], "values"), _ranked(op, op.operands[1], "indices")
    out = _ranked(op, op.result, "output")
    if len(values.shape) != 3 or len(indices.shape) != 2:
        raise op.error(f"expects 3-D values and 2-D indices, got {values} and {indices}")
    if indices.element_type != i32 or values.element_type != out.element_type:
        raise op.error("indices must be i32 and the output must have the values' element type")
    if not _same(values.shape[0], indices.shape[0]):
        raise op.error(f"batch sizes differ: {values.shape[0]} and {indices.shape[0]}")
    _shape_matches(op, out, (values.shape[0], indices.shape[1], values.shape[2]), "output")


def resize(op: Operation) -> None:
    _count(op, 4)
    _enum_attr(op, "mode", "resize_mode", ("NEAREST_NEIGHBOR", "BILINEAR"))
    x, out = _ranked(op, op.operands[0], "input"), _ranked(op, op.result, "output")
    if len(x.shape) != 4 or len(out.shape) != 4:
        raise op.error(f"expects 4-D input and output, got {x} and {out}")
    scale, offset, border = (_shape_operand(op, op.operands[k], n) for k, n in
                             ((1, "scale"), (2, "offset"), (3, "border")))
    if scale is None or offset is None or border is None:
        return
    if len(scale) != 4 or len(offset) != 2 or len(border) != 2 or min(scale) <= 0:
        raise op.error(f"scale/offset/border must have 4/2/2 values and positive scales, got {scale}, {offset}, "
                       f"{border}")
    for k, axis in enumerate((1, 2)):
        n, d = scale[2 * k], scale[2 * k + 1]
        size = x.shape[axis]
        if size is None:
            continue
        span = (size - 1) * n - offset[k] + border[k]
        if span % d:
            raise op.error(f"resize: (in - 1) * scale_n - offset + border = {span} is not a multiple of scale_d {d}")
        _shape_matches(op, out, [None] * axis + [span // d + 1] + [None] * (3 - axis), "output")


def const(op: Operation) -> None:
    _count(op, 0)
    values = op.attributes.get("values")
    if not isinstance(values, DenseElementsAttr) or values.type != op.result.type:
        raise op.error(f"'values' must be a dense attribute of the result type {op.result.type}")


def const_shape(op: Operation) -> None:
    _count(op, 0)
    values = op.attributes.get("values")
    if not isinstance(values, DenseElementsAttr) or not isinstance(values.type.element_type, IndexType):
        raise op.error("'values' must be a dense attribute of index type")
    rank = getattr(op.result.type, "rank", None)
    if rank is not None and values.type.shape != (rank,):
        raise op.error(f"'values' must hold {rank} values for {op.result.type}")


# --- scatter (DYNAMIC_UPDATE_SLICE) -----------------------------------------------------------


def scatter(op: Operation) -> None:
    """values_in [N, K, C], i32 indices [N, W], input [N, W, C] -> values_out like values_in."""
    _count(op, 3)
    values, indices, update = (_ranked(op, v, name) for v, name in zip(op.operands, ("values_in", "indices",
                                                                                       "input")))
    out = _ranked(op, op.result, "values_out")
    if len(values.shape) != 3 or len(indices.shape) != 2 or len(update.shape) != 3:
        raise op.error(f"expects 3-D values_in and input and 2-D indices, got {values}, {indices} and {update}")
    if indices.element_type != i32 or not (values.element_type == update.element_type == out.element_type):
        raise op.error("indices must be i32, and values_in, input and values_out of one element type")
    if not (_same(values.shape[0], indices.shape[0]) and _same(indices.shape[0], update.shape[0])
            and _same(indices.shape[1], update.shape[1]) and _same(values.shape[2], update.shape[2])):
        raise op.error(f"shapes do not agree: {values}, {indices} and {update}")
    _shape_matches(op, out, values.shape, "values_out")


# --- rfft2d (RFFT2D) ------------------------------------------------------------------------


def rfft2d(op: Operation) -> None:
    """RFFT2D: an [N, H, W] float32 input, real and imaginary [N, H, W/2 + 1] outputs,
    H and W powers of two (TOSA 1.0), a `local_bound` flag."""
    _count(op, 1, 2)
    x = _ranked(op, op.operands[0], "input")
    real, imag = (_ranked(op, v, what) for v, what in zip(op.results, ("output_real", "output_imag")))
    if not (x.element_type == real.element_type == imag.element_type == f32):
        raise op.error(f"expects f32 input and outputs, got {x.element_type} -> {real.element_type}, "
                       f"{imag.element_type}")
    if len(x.shape) != 3:
        raise op.error(f"expects a 3-D input, got {x}")
    n, h, w = x.shape
    for d, what in ((h, "height"), (w, "width")):
        if d is not None and d & (d - 1):
            raise op.error(f"input {what} {d} is not a power of two")
    for t, what in ((real, "output_real"), (imag, "output_imag")):
        _shape_matches(op, t, (n, h, None if w is None else w // 2 + 1), what)
    _bool_attr(op, "local_bound")


VERIFIERS: dict[str, Callable[[Operation], None]] = {
    **{name: binary for name in ("tosa.add", "tosa.sub", "tosa.maximum", "tosa.minimum", "tosa.pow")},
    **{name: integer_binary for name in ("tosa.intdiv", "tosa.logical_left_shift", "tosa.logical_right_shift",
                                         "tosa.arithmetic_right_shift", "tosa.bitwise_and", "tosa.bitwise_or",
                                         "tosa.bitwise_xor")},
    **{name: comparison for name in ("tosa.equal", "tosa.greater", "tosa.greater_equal")},
    **{name: logical for name in ("tosa.logical_and", "tosa.logical_or", "tosa.logical_xor", "tosa.logical_not")},
    **{name: unary for name in ("tosa.abs", "tosa.identity")},
    **{name: integer_unary for name in ("tosa.bitwise_not", "tosa.clz")},
    **{name: float_unary for name in ("tosa.exp", "tosa.log", "tosa.reciprocal", "tosa.rsqrt", "tosa.tanh",
                                      "tosa.sigmoid", "tosa.floor", "tosa.ceil", "tosa.erf", "tosa.sin",
                                      "tosa.cos")},
    **{name: reduce for name in ("tosa.reduce_sum", "tosa.reduce_max", "tosa.reduce_min", "tosa.reduce_product",
                                 "tosa.reduce_all", "tosa.reduce_any")},
    "tosa.mul": mul, "tosa.negate": negate, "tosa.clamp": clamp, "tosa.select": select, "tosa.cast": cast,
    "tosa.rescale": rescale, "tosa.table": table,
    "tosa.conv2d": conv2d, "tosa.depthwise_conv2d": depthwise_conv2d, "tosa.matmul": matmul,
    "tosa.transpose_conv2d": transpose_conv2d, "tosa.conv3d": conv3d,
    "tosa.max_pool2d": pool, "tosa.avg_pool2d": pool, "tosa.argmax": argmax,
    "tosa.reshape": reshape, "tosa.transpose": transpose, "tosa.pad": pad, "tosa.slice": slice_, "tosa.tile": tile,
    "tosa.concat": concat, "tosa.reverse": reverse, "tosa.gather": gather, "tosa.resize": resize,
    "tosa.const": const, "tosa.const_shape": const_shape,
    "tosa.scatter": scatter,
    "tosa.rfft2d": rfft2d,
}
