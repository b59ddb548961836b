"""PAD, PADV2, MIRROR_PAD, DILATE: tosa.pad, concatenated mirror images, and values
interleaved with padding.

Each is a `StaticPattern` (lib/on_storage.py explains the mechanism). On stored values (`OnStorage`), PAD fills
with the output zero point, the stored value of real 0, and PADV2 with the
stored pad constant (TFLite requires it quantized like the output; pad.cc).
PAD copies stored values raw whatever the quantization, so its integer path
does not ask that input and output be quantized alike; MIRROR_PAD's Prepare
requires it (mirror_pad.cc). DILATE copies the bytes of its input and of its padding
value whatever the quantization (dilate.cc), and so do we.
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.dialects.tfl import constant_array

from ...lib.emit import concat, reshape, reverse, slice_axis, tile
from ...lib.on_storage import on_storage
from ...lib.patterns import StaticPattern
from ...lib.query import const_ints, option, per_tensor, per_tensor_only, result_shape


class Pad(StaticPattern):
    """tosa.pad with real 0: the output zero point on stored values."""

    constants = {1: "paddings"}

    def check_storage(self, op):
        return per_tensor_only(op, [op.result])

    def rewrite(self, b, op, operands, result_types):
        value = per_tensor(op.result).zero_point if on_storage(op, result_types) else 0.0
        return [tosa.pad(b, operands[0], const_ints(op, 1), value, result_types[0])]


class PadV2(StaticPattern):
    """tosa.pad with the constant pad value: its stored integer on the integer path
    (TFLite requires it quantized like the output), its real value otherwise."""

    data = (0, 2)
    constants = {1: "paddings", 2: "constant_values"}

    def check(self, op):
        return per_tensor_only(op, [op.operands[2]])

    def rewrite(self, b, op, operands, result_types):
        value = np.asarray(constant_array(op.operands[2])).reshape(-1)[0]
        q = per_tensor(op.operands[2])
        if q is not None and not on_storage(op, result_types):
            value = np.float32(q.scale) * np.float32(int(value) - q.zero_point)
        return [tosa.pad(b, operands[0], const_ints(op, 1), value, result_types[0])]


class MirrorPad(StaticPattern):
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


class Dilate(StaticPattern):
    """out[.., i * k, ..] = in[.., i, ..], the padding value between (dilate.cc: each
    axis of size d becomes (d - 1) * k + 1). Per dilated axis: a unit axis after it,
    concatenated with k - 1 copies of the padding value (tosa.tile; it may be a runtime
    value), merged into the axis and sliced to its new size."""

    data = (0, 2)
    constants = {1: "dilations"}

    def check(self, op):
        shape, dilations = list(op.operands[0].type.shape), const_ints(op, 1)
        if len(dilations) != len(shape) or any(k < 1 for k in dilations):
            return f"dilations {dilations} for a rank {len(shape)} input (TFLite takes one per axis, each >= 1)"
        return result_shape(op, [(d - 1) * k + 1 for d, k in zip(shape, dilations)])

    def rewrite(self, b, op, operands, result_types):
        x, value = operands[0], operands[2]
        count = int(np.prod(value.type.shape))
        if count > 1:  # the kernel reads the first element
            value = slice_axis(b, reshape(b, value, [count]), 0, 0, 1)
        for axis, k in enumerate(const_ints(op, 1)):
            shape = list(x.type.shape)
            if k == 1 or shape[axis] == 1:
                continue
            split = shape[:axis + 1] + [1] + shape[axis + 1:]
            gap = tile(b, reshape(b, value, [1] * len(split)), split[:axis + 1] + [k - 1] + split[axis + 2:])
            x = concat(b, [reshape(b, x, split), gap], axis + 1)
            x = reshape(b, x, shape[:axis] + [shape[axis] * k] + shape[axis + 1:])
            x = slice_axis(b, x, axis, 0, (shape[axis] - 1) * k + 1)
        return [x]
