"""Ops that rearrange values: reshapes, transposes, depth/space, space/batch, packing,
concatenation, tiling, broadcasting, filling, reversing, diagonals, and SHAPE, RANK,
BROADCAST_ARGS and BITCAST.

Each is a `StaticPattern` (lib/on_storage.py explains the mechanism): TOSA ops that only move values, so the
same pattern runs on floats, plain integers, booleans, and on stored values
(`OnStorage`) when the moved values are quantized alike. RESHAPE copies the
stored values raw in TFLite whatever the quantization (kernels/reshape.cc),
so its integer path does not ask for that; nor do REVERSE_SEQUENCE, MATRIX_DIAG
and MATRIX_SET_DIAG, whose kernels copy bytes without looking at the
quantization. SHAPE and RANK read no values at all. BROADCAST_ARGS (shapes)
and BITCAST (bits) are no movement of real values: float patterns only.
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import arith, linalg, tosa
from tfl2quant.dialects.quant.ops import storage_type_of
from tfl2quant.dialects.tfl import constant_array
from tfl2quant.ir.attributes import IntegerAttr
from tfl2quant.ir.types import (FloatType, IntegerType, RankedTensorType, element_type, f32, i1, i32, index,
                                numpy_dtype, tensor)

from ...lib.emit import compare, concat, reshape, reverse, select, slice_, slice_axis, splat, tile
from ...lib.gather import gather, index32
from ...lib.on_storage import on_storage
from ...lib.patterns import StaticPattern
from ...lib.query import (const_ints, option, per_tensor, per_tensor_only, qtype, quantization, rank, result_shape,
                         static_shapes, storage)
from ...rule import IntegerPattern


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
    """tosa.concat along `axis` (negative counts from the back), whatever its `?` dimensions
    (onnx2tf's loop bodies join run-time slices of a tensor list)."""

    data = None
    any_shape = True

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
    """The value tiled to the result's shape, which the result type gives (`dims` need not be
    a constant: TFLite's Prepare checks they agree); a result with `?` dimensions (dims
    computed at run time, from SHAPE for instance) is a linalg.fill of the value into a
    tensor.empty of the sizes read from `dims`."""

    data = (1,)

    def unsupported(self, op):
        if None not in op.result.type.shape:
            return super().unsupported(op)
        return static_shapes(op, op.operands)

    def rewrite(self, b, op, operands, result_types):
        out = result_types[0].shape
        if None not in out:
            return [tile(b, reshape(b, operands[1], (1,) * len(out)), out)]
        value = b.value("tensor.extract", [operands[1]], element_type(operands[1].type))
        sizes = [_size_of(b, operands[0], k) for k, d in enumerate(out) if d is None]
        return [linalg.fill(b, value, result_types[0], sizes)]


def _size_of(b, dims, k: int):
    """Size k of `dims` as an index. A size SHAPE took from a tensor.dim (through STRIDED_SLICE
    and PACK) is that tensor.dim: iree-compile 3.13 then knows the FILL (a zero LSTM state)
    has the input's batch; read back from the tensor it computed wrong numbers at batch 1
    (tests/models/test_iree.py: IREE_SELECT_BATCH_1)."""
    scalar = _element(dims, k)
    cast = scalar.owner_op if scalar is not None else None
    if cast is not None and cast.name == "arith.index_cast" and cast.operands[0].type == index:
        return cast.operands[0]
    read = b.value("tensor.extract", [dims, arith.constant(b, k, index)], element_type(dims.type))
    return b.value("arith.index_cast", [read], index)


def _element(v, k: int):
    """The scalar element k of the 1-D (or 0-D) integer tensor `v` was built from, through
    what SHAPE, STRIDED_SLICE and PACK emit (tensor.from_elements, tosa.slice, tosa.reshape,
    tosa.concat); None if it is computed otherwise."""
    op = v.owner_op
    if op is None or not isinstance(v.type, RankedTensorType) or len(v.type.shape) > 1:
        return None
    if op.name == "tensor.from_elements":
        return op.operands[k] if k < len(op.operands) else None
    if op.name == "tosa.reshape" and len(op.operands[0].type.shape) <= 1:
        return _element(op.operands[0], k)
    if op.name == "tosa.slice":
        start = op.operands[1].owner_op
        if start is None or start.name != "tosa.const_shape":
            return None
        return _element(op.operands[0], int(start.attributes["values"].array()[0]) + k)
    if op.name == "tosa.concat":
        for part in op.operands:
            n = part.type.shape[0] if len(part.type.shape) == 1 else None
            if n is None:
                return None
            if k < n:
                return _element(part, k)
            k -= n
    return None


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
        # of the input's rank even where the model says `?` (the driver casts to that)
        return [b.value("tensor.from_elements", sizes, tensor((len(shape),), elem))]


class Reverse(StaticPattern):
    constants = {1: "axis"}

    def rewrite(self, b, op, operands, result_types):
        x = operands[0]
        for axis in sorted({a % len(x.type.shape) for a in const_ints(op, 1)}):
            x = reverse(b, x, axis)
        return [x]


class SpaceToBatchNd(StaticPattern):
    """Pad the spatial axes, split each into (size / block, block), move the block axes
    in front of the batch and merge them into it (reference/space_to_batch_nd.h: output
    batch (shift_h * block_w + shift_w) * batch + b). Padding is real 0: on stored values
    the output zero point, as the kernel's memset of `output_offset`."""

    constants = {1: "block_shape", 2: "paddings"}

    def check(self, op):
        shape, block, pads = list(op.operands[0].type.shape), const_ints(op, 1), const_ints(op, 2)
        if not 3 <= len(shape) <= 4 or len(block) != len(shape) - 2 or len(pads) != 2 * len(block):
            return (f"input of shape {shape} with block_shape {block} and paddings {pads} (the kernel takes rank 3 "
                    "or 4, one block size and two paddings per spatial axis)")
        if min(pads) < 0:
            return f"negative paddings {pads} (tosa.pad takes none)"
        padded = [d + pads[2 * k] + pads[2 * k + 1] for k, d in enumerate(shape[1:len(block) + 1])]
        if any(n <= 0 or p % n for n, p in zip(block, padded)):
            return f"padded spatial sizes {padded} are not multiples of block_shape {block}"
        return result_shape(op, [shape[0] * int(np.prod(block))] + [p // n for p, n in zip(padded, block)] +
                            shape[len(block) + 1:])

    def check_storage(self, op):
        return per_tensor_only(op, [op.result])

    def rewrite(self, b, op, operands, result_types):
        x = operands[0]
        block = const_ints(op, 1)
        m, rest = len(block), list(x.type.shape[len(block) + 1:])
        pads = [0, 0] + const_ints(op, 2) + [0, 0] * len(rest)
        value = per_tensor(op.result).zero_point if on_storage(op, result_types) else 0
        padded = [d + pads[2 * k] + pads[2 * k + 1] for k, d in enumerate(x.type.shape)]
        if any(pads):
            x = tosa.pad(b, x, pads, value, tensor(padded, element_type(x.type)))
        split = [padded[0]] + [d for k in range(m) for d in (padded[k + 1] // block[k], block[k])] + rest
        x = reshape(b, x, split)
        perm = [2 + 2 * k for k in range(m)] + [0] + [1 + 2 * k for k in range(m)] + \
            list(range(1 + 2 * m, len(split)))
        return [reshape(b, tosa.transpose(b, x, perm), result_types[0].shape)]


class BatchToSpaceNd(StaticPattern):
    """The inverse of SPACE_TO_BATCH_ND: split the batch into (block..., batch), move each
    block axis after its spatial axis and merge them, then crop by tosa.slice
    (reference/batch_to_space_nd.h: in_batch = (shift_h * block_w + shift_w) * batch + b,
    out_h = in_h * block_h + shift_h - crop_top)."""

    constants = {1: "block_shape", 2: "crops"}

    def check(self, op):
        shape, block, crops = list(op.operands[0].type.shape), const_ints(op, 1), const_ints(op, 2)
        if not 3 <= len(shape) <= 4 or len(block) != len(shape) - 2 or len(crops) != 2 * len(block):
            return (f"input of shape {shape} with block_shape {block} and crops {crops} (the kernel takes rank 3 "
                    "or 4, one block size and two crops per spatial axis)")
        if any(c < 0 for c in crops):
            return "negative crops (TFLite's Prepare refuses them)"
        if any(n <= 0 for n in block) or shape[0] % int(np.prod(block)):
            return f"batch {shape[0]} is not a multiple of the block sizes {block}"
        return result_shape(op, [shape[0] // int(np.prod(block))] +
                            [d * n - crops[2 * k] - crops[2 * k + 1] for k, (d, n) in enumerate(zip(shape[1:], block))]
                            + shape[len(block) + 1:])

    def rewrite(self, b, op, operands, result_types):
        x = operands[0]
        block, crops = const_ints(op, 1), const_ints(op, 2)
        shape = list(x.type.shape)
        m, batch, rest = len(block), shape[0] // int(np.prod(block)), shape[len(block) + 1:]
        x = reshape(b, x, block + [batch] + shape[1:])
        perm = [m] + [i for k in range(m) for i in (m + 1 + k, k)] + list(range(2 * m + 1, 2 * m + 1 + len(rest)))
        x = tosa.transpose(b, x, perm)
        x = reshape(b, x, [batch] + [shape[k + 1] * block[k] for k in range(m)] + rest)
        start = [0] + [crops[2 * k] for k in range(m)] + [0] * len(rest)
        return [slice_(b, x, start, result_types[0].shape)]


def permuted(b, x, perm):
    """tosa.transpose, skipped when `perm` keeps every axis in place."""
    return x if list(perm) == sorted(perm) else tosa.transpose(b, x, perm)


class ReverseSequence(StaticPattern):
    """out[.., j, .., b, ..] = in[.., L - 1 - j, .., b, ..] for j < L = seq_lengths[b],
    in[.., j, ..] otherwise (reference_ops.h: ReverseSequence). The batch and sequence
    axes go to the front, the rest is flattened, and one tosa.gather reads each row at its
    index: a constant when seq_lengths is, else L - 1 - j or j by tosa.select (L clamped
    to the sequence length: TFLite checks only seq_lengths[0] and writes out of bounds
    past it)."""

    def check(self, op):
        seq, batch = option(op, "seq_dim"), option(op, "batch_dim")
        shape = list(op.operands[0].type.shape)
        if seq == batch or not (0 <= seq < len(shape) and 0 <= batch < len(shape)):
            return f"seq_dim {seq} and batch_dim {batch} are not two axes of a rank {len(shape)} input"
        if list(op.operands[1].type.shape) != [shape[batch]]:
            return f"seq_lengths of shape {list(op.operands[1].type.shape)} for a batch of {shape[batch]}"
        known = constant_array(op.operands[1])
        if known is not None and np.any(np.asarray(known) > shape[seq]):
            return "a seq_length longer than the sequence axis (TFLite writes out of bounds)"
        return result_shape(op, shape)

    def rewrite(self, b, op, operands, result_types):
        x, lengths = operands
        seq, batch = option(op, "seq_dim"), option(op, "batch_dim")
        shape = list(x.type.shape)
        others = [k for k in range(len(shape)) if k not in (batch, seq)]
        perm = [batch, seq] + others
        n, s, inner = shape[batch], shape[seq], int(np.prod([shape[k] for k in others]))
        rows = reshape(b, permuted(b, x, perm), (n, s, inner))
        y = gather(b, rows, self._indices(b, op, lengths, n, s))
        y = reshape(b, y, [shape[k] for k in perm])
        return [permuted(b, y, [int(k) for k in np.argsort(perm)])]

    @staticmethod
    def _indices(b, op, lengths, n, s):
        """[n, s] i32: the input row each output row reads."""
        j = np.arange(s, dtype=np.int32)[None, :]
        known = constant_array(op.operands[1])
        if known is not None:
            length = np.asarray(known).astype(np.int64).reshape(n, 1)
            return tosa.const(b, np.where(j < length, length - 1 - j, j).astype(np.int32), i32)
        t = tensor((n, s), i32)
        length = reshape(b, index32(b, lengths), (n, 1))
        length = tile(b, tosa.binary(b, "tosa.minimum", length, splat(b, s, length.type), length.type), (1, s))
        iota = tosa.const(b, np.broadcast_to(j, (n, s)).copy(), i32)
        reversed_ = tosa.binary(b, "tosa.sub", tosa.binary(b, "tosa.sub", length, splat(b, 1, t), t), iota, t)
        return select(b, compare(b, "tosa.greater", length, iota, (n, s)), reversed_, iota, t)


def eye(b, rows: int, cols: int, rank: int):
    """The i1 mask of the main diagonal, [1, .., rows, cols] (broadcasts over batches)."""
    return tosa.const(b, np.eye(rows, cols, dtype=bool).reshape((1,) * (rank - 2) + (rows, cols)), i1)


class MatrixDiag(StaticPattern):
    """out[.., i, j] = in[.., j] if i == j else 0 (matrix_diag.cc): tosa.select of the
    diagonal mask between the input as a row and zeros. The zeros are the number 0 in the
    output's type: stored 0 on stored values, as the kernel writes."""

    def check(self, op):
        shape = list(op.operands[0].type.shape)
        return rank(op, op.operands[0], at_least=1) or result_shape(op, shape + shape[-1:])

    def rewrite(self, b, op, operands, result_types):
        out = result_types[0]
        shape = list(operands[0].type.shape)
        row = reshape(b, operands[0], shape[:-1] + [1, shape[-1]])
        mask = eye(b, shape[-1], shape[-1], len(out.shape))
        return [select(b, mask, row, splat(b, 0, out), out)]


class MatrixSetDiag(StaticPattern):
    """out[.., i, j] = diagonal[.., i] if i == j else in[.., i, j] (matrix_set_diag.cc):
    tosa.select of the diagonal mask between the diagonal as a row (padded to the
    columns) and the input."""

    data = (0, 1)

    def check(self, op):
        x, diagonal = op.operands
        shape = list(x.type.shape)
        if len(shape) < 2:
            return rank(op, x, at_least=2)
        if list(diagonal.type.shape) != shape[:-2] + [min(shape[-2:])]:
            return f"diagonal of shape {list(diagonal.type.shape)} for an input of shape {shape}"
        return result_shape(op, shape)

    def rewrite(self, b, op, operands, result_types):
        x, diagonal = operands
        out = result_types[0]
        *batch, rows, cols = x.type.shape
        d = reshape(b, diagonal, list(batch) + [1, diagonal.type.shape[-1]])
        if d.type.shape[-1] < cols:
            d = tosa.pad(b, d, [0, 0] * (len(batch) + 1) + [0, cols - d.type.shape[-1]], 0,
                         tensor(list(batch) + [1, cols], element_type(d.type)))
        return [select(b, eye(b, rows, cols, len(out.shape)), d, x, out)]


class Rank(StaticPattern):
    """RANK reads no value, only the input's rank (rank.cc): an i32 constant."""

    data = ()

    def unsupported(self, op):
        t = op.operands[0].type
        return None if isinstance(t, RankedTensorType) else f"unranked operand 0 ({t})"

    def rewrite(self, b, op, operands, result_types):
        elem = result_types[0].element_type
        return [tosa.const(b, np.array(len(op.operands[0].type.shape), numpy_dtype(elem)), elem)]


def broadcast_shape(s1, s2):
    """reference/broadcast_args.h: right-aligned, a missing dimension is 1, a 1 takes the
    other's; two different dimensions neither 1 fail TFLite's CHECK (None here)."""
    n = max(len(s1), len(s2))
    a, b = [1] * (n - len(s1)) + list(s1), [1] * (n - len(s2)) + list(s2)
    if any(x != y and x != 1 and y != 1 for x, y in zip(a, b)):
        return None
    return [y if x == 1 else x for x, y in zip(a, b)]


class BroadcastArgs(StaticPattern):
    """Constant shapes fold to a constant; runtime ones are padded with leading 1s
    (tosa.pad) and combined by tosa.select(s1 == 1, s2, s1), what the kernel computes for
    every pair it accepts."""

    data = None

    def check(self, op):
        known = [constant_array(v) for v in op.operands]
        if all(k is not None for k in known) and broadcast_shape(*(np.reshape(k, -1) for k in known)) is None:
            return "the shapes do not broadcast (TFLite's kernel aborts)"
        if any(len(v.type.shape) != 1 for v in op.operands):
            return "shapes that are not 1-D"
        return result_shape(op, [max(v.type.shape[0] for v in op.operands)])

    def rewrite(self, b, op, operands, result_types):
        out = result_types[0]
        known = [constant_array(v) for v in op.operands]
        if all(k is not None for k in known):
            shape = broadcast_shape(*(np.reshape(k, -1).tolist() for k in known))
            return [tosa.const(b, np.array(shape, numpy_dtype(out.element_type)), out.element_type)]
        n = out.shape[0]
        s1, s2 = (v if v.type.shape[0] == n else
                  tosa.pad(b, v, [n - v.type.shape[0], 0], 1, out) for v in operands)
        return [select(b, compare(b, "tosa.equal", s1, splat(b, 1, out), (n,)), s2, s1, out)]


class Bitcast(StaticPattern):
    """bitcast.cc copies the bytes (little endian): arith.bitcast between element types of
    one width. A wider input splits into a new last axis of `ratio` narrower elements,
    least significant first: the input's bits as an integer, arith.shrui by k * narrow
    width and arith.trunci, for each k, concatenated. A narrower input's last axis (of
    `ratio`) merges: each part arith.extui'd, arith.shli'd into place and arith.ori'd."""

    def check(self, op):
        if qtype(op.operands[0]) or qtype(op.result):
            return "quantized bitcast (the stored bytes, not the real values, are reinterpreted)"
        for v in (op.operands[0], op.result):
            e = element_type(v.type)
            if not isinstance(e, (IntegerType, FloatType)) or e.width == 1 or \
                    isinstance(e, IntegerType) and not e.is_signless:
                return f"bitcast of {e} elements (only signless integers and floats, no bool, have bits here)"
        shape = list(op.operands[0].type.shape)
        src, dst = (element_type(v.type).width for v in (op.operands[0], op.result))
        if src < dst and (not shape or shape[-1] != dst // src):
            return f"bitcast from {src}-bit to {dst}-bit elements needs a last axis of {dst // src}, not {shape}"
        return result_shape(op, shape + [src // dst] if src > dst else shape[:-1] if src < dst else shape)

    def rewrite(self, b, op, operands, result_types):
        x, out = operands[0], result_types[0]
        src, dst = element_type(x.type), element_type(out)
        if src.width == dst.width:
            return [b.value("arith.bitcast", [x], out)]
        bits = x if isinstance(src, IntegerType) else b.value("arith.bitcast", [x], x.type.with_element_type(
            IntegerType(src.width)))
        narrow = IntegerType(min(src.width, dst.width))
        if src.width > dst.width:
            parts = []
            for k in range(src.width // dst.width):
                shifted = bits if k == 0 else _arith(b, "arith.shrui", bits, k * dst.width)
                part = b.value("arith.trunci", [shifted], shifted.type.with_element_type(narrow))
                parts.append(reshape(b, part, list(part.type.shape) + [1]))
            y = concat(b, parts, len(out.shape) - 1)
        else:
            wide = tensor(out.shape, IntegerType(dst.width))
            y = None
            for k in range(dst.width // src.width):
                part = reshape(b, slice_axis(b, bits, len(out.shape), k, 1), out.shape)
                part = b.value("arith.extui", [part], wide)
                if k:
                    part = _arith(b, "arith.shli", part, k * src.width)
                y = part if y is None else b.value("arith.ori", [y, part], wide)
        if element_type(y.type) != dst:
            y = b.value("arith.bitcast", [y], out)
        return [y]


def _arith(b, name: str, x, amount: int):
    """An arith shift of every element of `x` by `amount` (arith takes no broadcasts, and
    TOSA's shifts no i64)."""
    t = x.type
    return b.value(name, [x, tosa.const(b, np.full(t.shape, amount, numpy_dtype(t.element_type)), t.element_type)], t)
