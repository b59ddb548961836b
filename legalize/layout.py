"""Ops that rearrange values: reshapes, transposes, depth/space, packing, concatenation,
tiling, broadcasting, filling, reversing, and SHAPE.

Each is a `StaticPattern` (movement.py explains the mechanism): TOSA ops that only move values, so the
same pattern runs on floats, plain integers, booleans, and on stored values
(`OnStorage`) when the moved values are quantized alike. RESHAPE copies the
stored values raw in TFLite whatever the quantization (kernels/reshape.cc),
so its integer path does not ask for that.
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import arith, linalg, tosa
from tfl2quant.dialects.quant.ops import storage_type_of
from tfl2quant.ir.attributes import IntegerAttr
from tfl2quant.ir.types import element_type, f32, i32, index, numpy_dtype

from .emit import concat, reshape, reverse, splat, tile
from .movement import OnStorage
from .query import const_ints, option, per_tensor, per_tensor_only, quantization, static_shapes, storage
from .rule import NOT_YET, IntegerPattern, Rule, StaticPattern, unlowered


class Reshaped(StaticPattern):
    """RESHAPE, SQUEEZE and EXPAND_DIMS: a tosa.reshape to the result type's shape
    (RESHAPE's shape operand and EXPAND_DIMS' axis are already in it)."""

    dynamic = True

    def rewrite(self, b, op, operands, result_types):
        return [reshape(b, operands[0], result_types[0].shape)]


class Transpose(StaticPattern):
    dynamic = True
    constants = {1: "perm"}

    def rewrite(self, b, op, operands, result_types):
        rank = len(result_types[0].shape)
        return [tosa.transpose(b, operands[0], [p % rank for p in const_ints(op, 1)])]


class DepthToSpace(StaticPattern):
    """out[n, h*bs + i, w*bs + j, c] = in[n, h, w, (i*bs + j)*C + c] (reference/depth_to_space.h)."""

    def rewrite(self, b, op, operands, result_types):
        n, h, w, c = operands[0].type.shape
        bs = option(op, "block_size")
        y = reshape(b, operands[0], (n, h, w, bs, bs, c // (bs * bs)))
        return [reshape(b, tosa.transpose(b, y, (0, 1, 3, 2, 4, 5)), result_types[0].shape)]


class SpaceToDepth(StaticPattern):
    """out[n, h, w, (i*bs + j)*C + c] = in[n, h*bs + i, w*bs + j, c] (reference/space_to_depth.h)."""

    def rewrite(self, b, op, operands, result_types):
        n, h, w, c = operands[0].type.shape
        bs = option(op, "block_size")
        y = reshape(b, operands[0], (n, h // bs, bs, w // bs, bs, c))
        return [reshape(b, tosa.transpose(b, y, (0, 1, 3, 2, 4, 5)), result_types[0].shape)]


class Concatenation(StaticPattern):
    """tosa.concat along `axis` (negative counts from the back)."""

    data = None
    dynamic = True

    def rewrite(self, b, op, operands, result_types):
        rank = len(result_types[0].shape)
        axis = option(op, "axis") % rank
        return [b.value("tosa.concat", list(operands), result_types[0], {"axis": IntegerAttr(axis, i32)})]


class StoredConcatenation(IntegerPattern):
    """Quantized CONCATENATION as kernels/concatenation.cc computes it: Prepare requires int8
    inputs quantized as the output and int16 zero points 0 (int16 scales are not compared), so
    both are copied raw; uint8 inputs quantized otherwise than the output are rescaled in
    float32 (reference/concatenation.h: ConcatenationWithScaling):

        k = si * (1 / so),  b = -zi * k                                  float32, as the kernel
        q = clamp(int(round(q_in * k + b)) + zo, 0, 255)                 round: ties away from 0
    """

    def unsupported(self, op):  # the TFL verifier has checked Prepare's conditions
        return (static_shapes(op)
                or storage(op, "i8", "u8", "i16")
                or per_tensor_only(op))

    def rewrite(self, b, op, operands):
        out_q = per_tensor(op.result)
        parts = [x if quantization(v) == quantization(op.result) or out_q.is_signed else
                 rescaled_uint8(b, x, per_tensor(v), out_q) for v, x in zip(op.operands, operands)]
        return Concatenation().rewrite(b, op, parts, [storage_type_of(op.result.type)])


def rescaled_uint8(b, x, src, dst):
    """One uint8 input of ConcatenationWithScaling, in float32 (see StoredConcatenation)."""
    f = x.type.with_element_type(f32)
    k = np.float32(src.scale) * (np.float32(1) / np.float32(dst.scale))
    y = tosa.mul(b, b.value("arith.uitofp", [x], f), splat(b, k, f), f)
    y = b.value("math.round", [tosa.binary(b, "tosa.add", y, splat(b, np.float32(-src.zero_point) * k, f), f)], f)
    y = tosa.clamp(b, tosa.binary(b, "tosa.add", y, splat(b, dst.zero_point, f), f), 0, 255)
    return b.value("arith.fptoui", [y], x.type)


class Pack(StaticPattern):
    """Each input reshaped to a unit `axis`, then concatenated along it."""

    dynamic = True

    data = None

    def rewrite(self, b, op, operands, result_types):
        shape = tuple(result_types[0].shape)
        axis = option(op, "axis") % len(shape)
        unit = shape[:axis] + (1,) + shape[axis + 1:]
        return [concat(b, [reshape(b, v, unit) for v in operands], axis)]


class Tile(StaticPattern):
    constants = {1: "multiples"}

    def rewrite(self, b, op, operands, result_types):
        return [tile(b, operands[0], const_ints(op, 1))]


class BroadcastTo(StaticPattern):
    """Leading unit dimensions by tosa.reshape, then tosa.tile along the unit ones."""

    constants = {1: "shape"}

    def rewrite(self, b, op, operands, result_types):
        out = tuple(result_types[0].shape)
        shape = tuple(operands[0].type.shape)
        x = reshape(b, operands[0], (1,) * (len(out) - len(shape)) + shape)
        return [tile(b, x, [o if d == 1 else 1 for d, o in zip(x.type.shape, out)])]


class Fill(StaticPattern):
    """The value tiled to the result's shape; a result with `?` dimensions (the dims
    computed at run time, from SHAPE for instance) is a linalg.fill of the value into a
    tensor.empty of the sizes read from `dims`."""

    data = (1,)
    constants = {0: "dims"}

    def unsupported(self, op):
        if None not in op.result.type.shape:
            return super().unsupported(op)
        return static_shapes(op, op.operands)

    def rewrite(self, b, op, operands, result_types):
        out = result_types[0].shape
        if None not in out:
            return [tile(b, reshape(b, operands[1], (1,) * len(out)), out)]
        value = b.value("tensor.extract", [operands[1]], element_type(operands[1].type))
        sizes = [b.value("arith.index_cast", [b.value("tensor.extract", [operands[0], arith.constant(b, k, index)],
                                                      element_type(operands[0].type))], index)
                 for k, d in enumerate(out) if d is None]
        return [linalg.fill(b, value, result_types[0], sizes)]


class ZerosLike(StaticPattern):
    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        return [tosa.const(b, np.zeros(t.shape, numpy_dtype(t.element_type)), t.element_type)]


class Shape(StaticPattern):
    """SHAPE reads no value, only the shape: a constant when it is static, else
    tensor.from_elements of the static sizes and `tensor.dim` of the `?` ones."""

    data = ()

    def unsupported(self, op):
        return None

    def rewrite(self, b, op, operands, result_types):
        elem = result_types[0].element_type
        shape = op.operands[0].type.shape
        if None not in shape:
            return [tosa.const(b, np.array(shape, numpy_dtype(elem)), elem)]
        sizes = [arith.constant(b, d, elem) if d is not None else
                 b.value("arith.index_cast", [b.value("tensor.dim", [operands[0], arith.constant(b, k, index)], index)],
                         elem)
                 for k, d in enumerate(shape)]
        return [b.value("tensor.from_elements", sizes, result_types[0])]


class Reverse(StaticPattern):
    constants = {1: "axis"}

    def rewrite(self, b, op, operands, result_types):
        x = operands[0]
        for axis in sorted({a % len(x.type.shape) for a in const_ints(op, 1)}):
            x = reverse(b, x, axis)
        return [x]


RULES = {
    # TFLite op                  Rule(integer path,                          float path)
    "tfl.reshape":             Rule(OnStorage(Reshaped(), alike=False),     Reshaped()),
    "tfl.squeeze":             Rule(OnStorage(Reshaped()),                  Reshaped()),
    "tfl.expand_dims":         Rule(OnStorage(Reshaped()),                  Reshaped()),
    "tfl.transpose":           Rule(OnStorage(Transpose()),                 Transpose()),
    "tfl.depth_to_space":      Rule(OnStorage(DepthToSpace()),              DepthToSpace()),
    "tfl.space_to_depth":      Rule(OnStorage(SpaceToDepth()),              SpaceToDepth()),
    "tfl.concatenation":       Rule(StoredConcatenation(),                  Concatenation()),
    "tfl.pack":                Rule(OnStorage(Pack()),                      Pack()),
    "tfl.tile":                Rule(OnStorage(Tile()),                      Tile()),
    "tfl.broadcast_to":        Rule(OnStorage(BroadcastTo()),               BroadcastTo()),
    "tfl.fill":                Rule(OnStorage(Fill()),                      Fill()),
    "tfl.zeros_like":          Rule(None,                                   ZerosLike()),
    "tfl.shape":               Rule(OnStorage(Shape(), alike=False),        Shape()),
    "tfl.reverse_v2":          Rule(OnStorage(Reverse()),                   Reverse()),
    "tfl.space_to_batch_nd":   unlowered(NOT_YET),
    "tfl.batch_to_space_nd":   unlowered(NOT_YET),
    "tfl.reverse_sequence":    unlowered(NOT_YET),
    "tfl.matrix_diag":         unlowered(NOT_YET),
    "tfl.matrix_set_diag":     unlowered(NOT_YET),
    "tfl.rank":                unlowered(NOT_YET),
    "tfl.broadcast_args":      unlowered(NOT_YET),
    "tfl.bitcast":             unlowered(NOT_YET),
}
