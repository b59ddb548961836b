"""Ops that move values: transposes, slices, splits, packs, tiles, fills, pads.

Each becomes TOSA ops that only move values (tosa.reshape, transpose, slice,
reverse, tile, concat, pad), so one float pattern serves every element type.
TFLite copies raw stored values through these ops (integer semantics §19-20),
so `Raw` runs the same pattern on storage types when every data operand and
result has one scale and zero point; otherwise the op falls back (dequantize,
move, quantize).

Options TOSA 1.0 takes as `!tosa.shape` operands or attributes (perm, begin,
end, strides, multiples, paddings, axes) must be compile-time constants.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.quant.ops import storage_type_of
from tfl2quant.dialects.tfl import constant_array
from tfl2quant.ir.attributes import IntegerAttr
from tfl2quant.ir.types import FloatType, element_type, i32, numpy_dtype, tensor

from .rule import FloatPattern, IntegerPattern, Rule, per_tensor, qtype, static_shape

# --- helpers: one TOSA op each, skipped when it would change nothing -------------------


def const_ints(op, k: int) -> list[int]:
    return [int(v) for v in np.asarray(constant_array(op.operands[k])).reshape(-1)]


def option(op, name: str, default=0):
    a = op.attributes.get(name)
    return default if a is None else a.value


def reshape(b, x, shape):
    return x if tuple(x.type.shape) == tuple(shape) else tosa.reshape(b, x, tuple(shape))


def slice_(b, x, start, size):
    if not any(start) and tuple(size) == tuple(x.type.shape):
        return x
    return b.value("tosa.slice", [x, tosa.const_shape(b, start), tosa.const_shape(b, size)],
                   tensor(size, element_type(x.type)))


def slice_axis(b, x, axis: int, start: int, size: int):
    begin, sizes = [0] * len(x.type.shape), list(x.type.shape)
    begin[axis], sizes[axis] = start, size
    return slice_(b, x, begin, sizes)


def reverse(b, x, axis: int):
    if x.type.shape[axis] == 1:
        return x
    return b.value("tosa.reverse", [x], x.type, {"axis": IntegerAttr(axis, i32)})


def tile(b, x, multiples):
    if all(m == 1 for m in multiples):
        return x
    shape = [d * m for d, m in zip(x.type.shape, multiples)]
    return b.value("tosa.tile", [x, tosa.const_shape(b, multiples)], tensor(shape, element_type(x.type)))


def concat(b, parts, axis: int):
    if len(parts) == 1:
        return parts[0]
    shape = list(parts[0].type.shape)
    shape[axis] = sum(p.type.shape[axis] for p in parts)
    return b.value("tosa.concat", parts, tensor(shape, element_type(parts[0].type)),
                   {"axis": IntegerAttr(axis, i32)})


# --- the two kinds of rule ---------------------------------------------------------------


class Static(FloatPattern):
    """Static shapes, and the operands in `constants` known at compile time."""

    data: tuple | None = (0,)  # operands whose values move (None: all); the others are options
    constants: dict = {}       # operand index -> its name, for operands that must be constants

    def data_operands(self, op) -> list:
        return list(op.operands) if self.data is None else [op.operands[k] for k in self.data]

    def unsupported(self, op):
        values = self.data_operands(op) + list(op.results)
        if any(static_shape(v) is None for v in values):
            return "dynamic shapes"
        if any(0 in static_shape(v) for v in values):
            return "empty tensor"
        for k, name in self.constants.items():
            if constant_array(op.operands[k]) is None:
                return f"{name} is not a compile-time constant"
        return self.check(op)

    def check(self, op) -> str | None:
        return None


def _params(v):
    q = per_tensor(v)
    return None if q is None else (q.scale, q.zero_point, q.storage_width, q.is_signed)


class Raw(IntegerPattern):
    """`pattern` on stored values: exact when every data operand and result share one
    per-tensor scale and zero point, because TFLite copies the stored values raw."""

    def __init__(self, pattern: Static):
        self.pattern = pattern

    def unsupported(self, op):
        params = {_params(v) for v in self.pattern.data_operands(op) + list(op.results)}
        if None in params or len(params) != 1:
            return "operands and results are not quantized alike (one per-tensor scale and zero point)"
        return self.pattern.unsupported(op)

    def rewrite(self, b, op, operands):
        return self.pattern.rewrite(b, op, operands, [storage_type_of(t) for t in op.result_types])


# --- layout ---------------------------------------------------------------------------------


class Transpose(Static):
    constants = {1: "perm"}

    def rewrite(self, b, op, operands, result_types):
        rank = len(result_types[0].shape)
        return [tosa.transpose(b, operands[0], [p % rank for p in const_ints(op, 1)])]


class Reshaped(Static):
    """SQUEEZE and EXPAND_DIMS drop or insert unit dimensions: a tosa.reshape."""

    def __init__(self, constants: dict | None = None):
        self.constants = constants or {}

    def rewrite(self, b, op, operands, result_types):
        return [reshape(b, operands[0], result_types[0].shape)]


class DepthToSpace(Static):
    """out[n, h*bs + i, w*bs + j, c] = in[n, h, w, (i*bs + j)*C + c] (reference/depth_to_space.h)."""

    def rewrite(self, b, op, operands, result_types):
        n, h, w, c = operands[0].type.shape
        bs = option(op, "block_size")
        y = reshape(b, operands[0], (n, h, w, bs, bs, c // (bs * bs)))
        return [reshape(b, tosa.transpose(b, y, (0, 1, 3, 2, 4, 5)), result_types[0].shape)]


class SpaceToDepth(Static):
    """out[n, h, w, (i*bs + j)*C + c] = in[n, h*bs + i, w*bs + j, c] (reference/space_to_depth.h)."""

    def rewrite(self, b, op, operands, result_types):
        n, h, w, c = operands[0].type.shape
        bs = option(op, "block_size")
        y = reshape(b, operands[0], (n, h // bs, bs, w // bs, bs, c))
        return [reshape(b, tosa.transpose(b, y, (0, 1, 3, 2, 4, 5)), result_types[0].shape)]


# --- slicing ----------------------------------------------------------------------------------


class Slice(Static):
    constants = {1: "begin", 2: "size"}

    def rewrite(self, b, op, operands, result_types):  # size -1 (to the end) is in the result type
        return [slice_(b, operands[0], const_ints(op, 1), result_types[0].shape)]


@dataclass(frozen=True)
class SliceAxis:
    dim: int       # extent of the input axis (1 for an inserted one)
    start: int
    stride: int
    count: int     # elements selected
    shrink: bool


def _clamp(v: int, lo: int, hi: int) -> int:
    return min(max(v, lo), hi)


def _slice_axis(dim, begin, end, stride, begin_masked, end_masked, shrink, offset) -> SliceAxis:
    """StartForAxis / EndForAxis of reference/strided_slice.h."""
    if stride == 0:
        raise ValueError("strided slice with stride 0")
    lo, hi = (0, dim) if stride > 0 else (-1, dim - 1)
    start = dim - 1 if begin_masked and stride < 0 else 0 if begin_masked else \
        _clamp(begin + dim if begin < 0 else begin, lo, hi)
    if shrink:
        stop = start if start >= dim else start + 1
    else:
        stop = end + start if offset else end
        stop = _clamp(stop + dim if stop < 0 else stop, lo, hi)
        if end_masked:
            stop = dim if stride > 0 else -1
    return SliceAxis(dim, start, stride, len(range(start, stop, stride)), shrink)


def strided_slice_axes(op, shape) -> tuple[list[int], list[SliceAxis]]:
    """TFLite's BuildStridedSliceParams (kernels/strided_slice.cc): the ellipsis expanded
    to full axes, new_axis_mask axes inserted; then each axis's selection. Returns the
    result shape (shrunk axes dropped) and the axes."""
    begin, end, strides = (const_ints(op, k) for k in (1, 2, 3))
    masks = {m: option(op, m) for m in ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
                                        "shrink_axis_mask")}

    def bit(mask: str, i: int) -> bool:
        return bool(masks[mask] >> i & 1)

    n, rank = len(begin), len(shape)
    added = sum(1 for i in range(n) if not bit("ellipsis_mask", i) and bit("new_axis_mask", i))
    dims = rank + added
    ellipsis, new_axes, ellipsis_start, expanded, i = set(), set(), dims, 0, 0
    while i < dims:
        if bit("ellipsis_mask", i):
            stop = max(i + 1, min(i + 1 + added + rank - n, dims))
            ellipsis_start, expanded = i, stop - i - 1
            ellipsis.update(range(i, stop))
            i = stop
            continue
        if bit("new_axis_mask", i - expanded):
            new_axes.add(i)
        i += 1
    axes, extra_ellipsis, inserted = [], 0, 0
    offset = bool(option(op, "offset", False))
    for i in range(dims):
        if i in new_axes:
            axes.append(_slice_axis(1, 0, 1, 1, False, False, False, offset))
            inserted += 1
            continue
        dim = shape[i - inserted]
        if i in ellipsis or i >= n + expanded:
            extra_ellipsis = max(0, i - ellipsis_start) if i in ellipsis else extra_ellipsis
            axes.append(_slice_axis(dim, 0, 0, 1, True, True, False, offset))
            continue
        k = i - extra_ellipsis
        axes.append(_slice_axis(dim, begin[k], end[k], strides[k], bit("begin_mask", k), bit("end_mask", k),
                                bit("shrink_axis_mask", k), offset))
    return [a.count for a in axes if not a.shrink], axes


class StridedSlice(Static):
    """One tosa.slice to the box of selected elements, tosa.reverse along negative
    strides, then every |stride|-th element: the box grows to whole groups of |stride|
    (into the input where it can, by tosa.pad where it cannot), each axis splits in
    two (tosa.reshape) and a tosa.slice keeps the first of each group."""

    constants = {1: "begin", 2: "end", 3: "strides"}

    def check(self, op):
        shape, axes = strided_slice_axes(op, op.operands[0].type.shape)
        if any(a.count == 0 for a in axes):
            return "empty slice"
        if tuple(shape) != tuple(op.result.type.shape):
            return f"TFLite's rules give shape {list(shape)}, the model says {list(op.result.type.shape)}"
        return None

    def rewrite(self, b, op, operands, result_types):
        _, axes = strided_slice_axes(op, operands[0].type.shape)
        x = reshape(b, operands[0], [a.dim for a in axes])   # new_axis_mask inserts unit axes
        steps = [abs(a.stride) if a.count > 1 else 1 for a in axes]
        lows, sizes, pads = [], [], []
        for a, step in zip(axes, steps):
            low = a.start if a.stride > 0 else a.start + (a.count - 1) * a.stride
            size = (a.count - 1) * step + 1
            room = min(step - 1, a.dim - low - size if a.stride > 0 else low)  # past the last element
            lows.append(low if a.stride > 0 else low - room)
            sizes.append(size + room)
            pads += [0, step - 1 - room]
        x = slice_(b, x, lows, sizes)
        for k, a in enumerate(axes):
            if a.stride < 0:
                x = reverse(b, x, k)
        if any(s > 1 for s in steps):
            if any(pads):
                x = tosa.pad(b, x, pads, 0, tensor([a.count * s for a, s in zip(axes, steps)], element_type(x.type)))
            x = reshape(b, x, [d for a, s in zip(axes, steps) for d in (a.count, s)])
            x = slice_(b, x, [0] * 2 * len(axes), [d for a in axes for d in (a.count, 1)])
        return [reshape(b, x, result_types[0].shape)]


class Split(Static):
    """SPLIT (axis, input) and SPLIT_V (input, size_splits, axis): one tosa.slice per
    result, sizes from the result types."""

    def __init__(self, data: int, axis: int, sizes: int | None = None):
        self.data, self.axis = (data,), axis
        self.constants = {axis: "axis", **({sizes: "size_splits"} if sizes is not None else {})}

    def rewrite(self, b, op, operands, result_types):
        x = operands[self.data[0]]
        axis = const_ints(op, self.axis)[0] % len(x.type.shape)
        starts = np.cumsum([0] + [t.shape[axis] for t in result_types])
        return [slice_axis(b, x, axis, int(s), t.shape[axis]) for s, t in zip(starts, result_types)]


class Unpack(Static):
    def rewrite(self, b, op, operands, result_types):
        x = operands[0]
        axis = option(op, "axis") % len(x.type.shape)
        return [reshape(b, slice_axis(b, x, axis, k, 1), t.shape) for k, t in enumerate(result_types)]


class Pack(Static):
    data = None

    def rewrite(self, b, op, operands, result_types):
        shape = tuple(result_types[0].shape)
        axis = option(op, "axis") % len(shape)
        unit = shape[:axis] + (1,) + shape[axis + 1:]
        return [concat(b, [reshape(b, v, unit) for v in operands], axis)]


# --- repeating and filling --------------------------------------------------------------------


class Tile(Static):
    constants = {1: "multiples"}

    def rewrite(self, b, op, operands, result_types):
        return [tile(b, operands[0], const_ints(op, 1))]


class BroadcastTo(Static):
    """Leading unit dimensions by tosa.reshape, then tosa.tile along the unit ones."""

    constants = {1: "shape"}

    def rewrite(self, b, op, operands, result_types):
        out = tuple(result_types[0].shape)
        shape = tuple(operands[0].type.shape)
        x = reshape(b, operands[0], (1,) * (len(out) - len(shape)) + shape)
        return [tile(b, x, [o if d == 1 else 1 for d, o in zip(x.type.shape, out)])]


class Fill(Static):
    data = (1,)
    constants = {0: "dims"}

    def rewrite(self, b, op, operands, result_types):
        out = result_types[0].shape
        return [tile(b, reshape(b, operands[1], (1,) * len(out)), out)]


class ZerosLike(Static):
    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        return [tosa.const(b, np.zeros(t.shape, numpy_dtype(t.element_type)), t.element_type)]


class Shape(Static, IntegerPattern):
    """SHAPE reads no value: a constant on either path."""

    def unsupported(self, op):
        return None if static_shape(op.operands[0]) is not None else "dynamic input shape"

    def rewrite(self, b, op, operands, result_types=None):
        elem = op.result.type.element_type
        return [tosa.const(b, np.array(op.operands[0].type.shape, numpy_dtype(elem)), elem)]


class Reverse(Static):
    constants = {1: "axis"}

    def rewrite(self, b, op, operands, result_types):
        x = operands[0]
        for axis in sorted({a % len(x.type.shape) for a in const_ints(op, 1)}):
            x = reverse(b, x, axis)
        return [x]


# --- padding ---------------------------------------------------------------------------------


class PadV2(Static):
    """tosa.pad with the constant pad value: its stored integer on the integer path
    (TFLite requires it quantized like the output), its real value otherwise."""

    data = (0, 2)
    constants = {1: "paddings", 2: "constant_values"}

    def check(self, op):
        value = op.operands[2]
        return "per-axis quantized pad value" if qtype(value) and per_tensor(value) is None else None

    def rewrite(self, b, op, operands, result_types):
        value = np.asarray(constant_array(op.operands[2])).reshape(-1)[0]
        q = per_tensor(op.operands[2])
        if q is not None and isinstance(element_type(result_types[0]), FloatType):
            value = np.float32(q.scale) * np.float32(int(value) - q.zero_point)
        return [tosa.pad(b, operands[0], const_ints(op, 1), value, result_types[0])]


class MirrorPad(Static):
    """Per padded axis, tosa.concat of reversed slices around the input. REFLECT
    leaves out the edge row, SYMMETRIC repeats it (GetInputDimension in mirror_pad.cc)."""

    constants = {1: "paddings"}

    def _offset(self, op) -> int:
        return 1 if option(op, "mode", "REFLECT") == "REFLECT" else 0

    def check(self, op):
        pads = np.reshape(const_ints(op, 1), (-1, 2))
        if any(max(p) > d - self._offset(op) for p, d in zip(pads.tolist(), op.operands[0].type.shape)):
            return "padding wider than the mirrored dimension"
        return None

    def rewrite(self, b, op, operands, result_types):
        x, offset = operands[0], self._offset(op)
        for axis, (before, after) in enumerate(np.reshape(const_ints(op, 1), (-1, 2)).tolist()):
            n = x.type.shape[axis]
            parts = [reverse(b, slice_axis(b, x, axis, offset, before), axis)] if before else []
            parts.append(x)
            if after:
                parts.append(reverse(b, slice_axis(b, x, axis, n - after - offset, after), axis))
            x = concat(b, parts, axis)
        return [x]


RULES = {
    # TFLite op                      Rule(integer path,               float path)
    "tfl.transpose":               Rule(Raw(Transpose()),             Transpose()),
    "tfl.squeeze":                 Rule(Raw(Reshaped()),              Reshaped()),
    "tfl.expand_dims":             Rule(Raw(Reshaped({1: "axis"})),   Reshaped({1: "axis"})),
    "tfl.depth_to_space":          Rule(Raw(DepthToSpace()),          DepthToSpace()),
    "tfl.space_to_depth":          Rule(Raw(SpaceToDepth()),          SpaceToDepth()),
    "tfl.slice":                   Rule(Raw(Slice()),                 Slice()),
    "tfl.strided_slice":           Rule(Raw(StridedSlice()),          StridedSlice()),
    "tfl.split":                   Rule(Raw(Split(1, 0)),             Split(1, 0)),
    "tfl.split_v":                 Rule(Raw(Split(0, 2, 1)),          Split(0, 2, 1)),
    "tfl.unpack":                  Rule(Raw(Unpack()),                Unpack()),
    "tfl.pack":                    Rule(Raw(Pack()),                  Pack()),
    "tfl.tile":                    Rule(Raw(Tile()),                  Tile()),
    "tfl.broadcast_to":            Rule(Raw(BroadcastTo()),           BroadcastTo()),
    "tfl.fill":                    Rule(Raw(Fill()),                  Fill()),
    "tfl.zeros_like":              Rule(None,                         ZerosLike()),
    "tfl.shape":                   Rule(Shape(),                      Shape()),
    "tfl.reverse_v2":              Rule(Raw(Reverse()),               Reverse()),
    "tfl.padv2":                   Rule(Raw(PadV2()),                 PadV2()),
    "tfl.mirror_pad":              Rule(Raw(MirrorPad()),             MirrorPad()),
}
