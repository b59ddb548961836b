"""The shape rules of `tfl.*` operators: the result shapes TFLite's kernels compute in
Prepare (LiteRT `tflite/kernels/<name>.cc`), and the option and operand checks that
go with them. tfl_verifiers.py puts them, with the type rules, in one table.

Each rule raises `op.error(...)` naming what is wrong. A `?` dimension matches
anything (dynamic shapes are checked at run time). TFLite's Prepare resizes an
output whose declared shape differs from the one it computes (older converters wrote
RFFT2D's result with the FFT length, not length / 2 + 1): such a result raises
`ShapeMismatch`, which the importer answers by taking TFLite's shape (importer/model.py);
in text given to `opt` it is an error naming both.
"""
from __future__ import annotations

import math
from typing import Optional

import numpy as np

from ..errors import VerificationError
from ..ir.attributes import ArrayAttr, IntegerAttr
from ..ir.core import Operation, Value
from ..ir.types import NoneType, RankedTensorType
from .tfl_sparse import dense_array

Shape = tuple  # of int or None

# --- reading the op ---------------------------------------------------------------------


def present(v: Value) -> bool:
    return not isinstance(v.type, NoneType)


def shape_of(op: Operation, v: Value, what: str) -> Shape:
    if not isinstance(v.type, RankedTensorType):
        raise op.error(f"{what} must be a ranked tensor, got {v.type}")
    return tuple(v.type.shape)


def constant(v: Value) -> Optional[np.ndarray]:
    """The values of a constant operand, flat (None if it is computed at run time); a sparse
    constant (read directly or through DENSIFY) densified, as the driver will make it."""
    producer = v.owner_op
    while producer is not None and producer.name in ("quant.scast", "tfl.densify"):
        producer = producer.operands[0].owner_op
    if producer is not None and producer.name in ("tfl.pseudo_sparse_const", "tfl.pseudo_sparse_qconst"):
        return dense_array(producer).reshape(-1)  # what the driver makes of it (legalize/driver.py)
    if producer is None or producer.name not in ("tfl.pseudo_const", "tfl.pseudo_qconst", "arith.constant"):
        return None
    array = getattr(producer.attributes.get("value"), "array", None)
    return None if array is None else np.asarray(array()).reshape(-1)


def option(op: Operation, name: str, default=None):
    a = op.attributes.get(name)
    return default if a is None else a.value


def int_option(op: Operation, name: str, default: Optional[int] = None, minimum: Optional[int] = None) -> int:
    """An integer option (TFLite's parser gives `default` when absent); None default: required."""
    a = op.attributes.get(name)
    if a is None and default is not None:
        return default
    if not isinstance(a, IntegerAttr):
        raise op.error(f"requires integer option '{name}'" + (f", got {a}" if a is not None else ""))
    if minimum is not None and a.value < minimum:
        raise op.error(f"option '{name}' is {a.value}; TFLite requires at least {minimum}")
    return a.value


def shape_text(shape) -> str:
    return "[" + ", ".join("?" if d is None else str(d) for d in shape) + "]"


class ShapeMismatch(VerificationError):
    """A result declared with another shape than the one TFLite's Prepare gives it."""

    def __init__(self, message: str, where, result: int, shape: Shape):
        super().__init__(message, where)
        self.result, self.shape = result, shape


def expect_shape(op: Operation, k: int, want: Shape) -> None:
    """Result `k` has the shape TFLite computes (`?` matches anything)."""
    have = shape_of(op, op.results[k], f"result {k}")
    if len(have) != len(want) or any(a is not None and b is not None and a != b for a, b in zip(have, want)):
        e = op.error(f"result {k} has shape {shape_text(have)}, but TFLite computes {shape_text(want)}")
        raise ShapeMismatch(e.message, e.where, k, tuple(want))


def broadcast(op: Operation, *shapes: Shape) -> Shape:
    """numpy's broadcasting (TFLite's ProcessBroadcastShapes), `?` kept."""
    rank = max(len(s) for s in shapes)
    padded = [(1,) * (rank - len(s)) + tuple(s) for s in shapes]
    out = []
    for dims in zip(*padded):
        known = {d for d in dims if d is not None and d != 1}
        if len(known) > 1:
            raise op.error(f"operand shapes {' and '.join(shape_text(s) for s in shapes)} do not broadcast")
        out.append(known.pop() if known else (None if None in dims else 1))
    return tuple(out)


def axis_in(op: Operation, axis: int, rank: int, what: str = "axis") -> int:
    """`axis` in [-rank, rank), counted from the back when negative."""
    if not -rank <= axis < rank:
        raise op.error(f"{what} {axis} is out of range for rank {rank}")
    return axis % rank


def ranked(op: Operation, k: int, *ranks: int) -> Shape:
    shape = shape_of(op, op.operands[k], f"operand {k}")
    if len(shape) not in ranks:
        raise op.error(f"operand {k} has rank {len(shape)}; TFLite's kernel takes rank "
                       f"{' or '.join(map(str, ranks))}")
    return shape


def elements(shape: Shape) -> Optional[int]:
    return None if None in shape else math.prod(shape)


# --- elementwise ----------------------------------------------------------------------------


def elementwise(*operands: int):
    """The result broadcasts the operands (add.cc, comparisons.cc, ...)."""
    def check(op: Operation) -> None:
        shapes = [shape_of(op, op.operands[k], f"operand {k}") for k in operands]
        expect_shape(op, 0, broadcast(op, *shapes))
    return check


def same_shape(op: Operation) -> None:
    expect_shape(op, 0, shape_of(op, op.operands[0], "operand 0"))


def select(v2: bool):
    """select.cc: SELECT_V2 broadcasts all three; SELECT takes x and y of one shape and a
    condition of their shape, a scalar, or a vector picking rows along dimension 0."""
    def check(op: Operation) -> None:
        c, x, y = (shape_of(op, v, f"operand {k}") for k, v in enumerate(op.operands))
        if v2:
            expect_shape(op, 0, broadcast(op, c, x, y))
            return
        if len(x) != len(y) or any(a is not None and b is not None and a != b for a, b in zip(x, y)):
            raise op.error(f"SELECT's values must have one shape, got {shape_text(x)} and {shape_text(y)}")
        same = len(c) == len(x) and all(a is None or b is None or a == b for a, b in zip(c, x))
        rows = len(c) == 1 and len(x) > 1 and (c[0] is None or x[0] is None or c[0] == x[0])
        if not (same or rows or c == ()):
            raise op.error(f"condition {shape_text(c)} does not select from {shape_text(x)}")
        expect_shape(op, 0, x)
    return check


# --- windows: convolutions and pools ----------------------------------------------------------


def window(op: Operation, size, kernel, stride: int, dilation: int, padding: str):
    """ComputeOutSizeChecked (kernels/padding.h): C++ division truncates toward zero (so
    a window one row too big still gives an empty output), a negative size is an error."""
    if size is None or kernel is None:
        return None
    if padding == "SAME":
        return (size + stride - 1) // stride
    numerator = size + stride - ((kernel - 1) * dilation + 1)
    out = numerator // stride if numerator >= 0 else -(-numerator // stride)
    if out < 0:
        raise op.error(f"a VALID window of {kernel} (dilation {dilation}, stride {stride}) does not fit {size}")
    return out


def padding_option(op: Operation) -> str:
    padding = option(op, "padding")
    if padding not in ("SAME", "VALID"):
        raise op.error(f"option 'padding' is {padding!r}; TFLite takes SAME or VALID")
    return padding


def conv(depthwise: bool):
    """conv.cc / depthwise_conv.cc: 4-D input and filter, a bias (CONV_2D requires one) of
    the output channels; grouped CONV_2D filters divide the input channels and the output
    channels into whole groups."""
    def check(op: Operation) -> None:
        x, w = ranked(op, 0, 4), ranked(op, 1, 4)
        stride = (int_option(op, "stride_h", minimum=1), int_option(op, "stride_w", minimum=1))
        dilation = (int_option(op, "dilation_h_factor", 1, minimum=1),
                    int_option(op, "dilation_w_factor", 1, minimum=1))
        padding = padding_option(op)
        if 0 in x[1:] or 0 in w:
            raise op.error(f"empty input {shape_text(x)} or filter {shape_text(w)}")
        if depthwise:
            channels = w[3]
            if w[0] != 1:
                raise op.error(f"depthwise filter {shape_text(w)} must have 1 as its first dimension")
            if None not in (x[3], channels) and channels % x[3]:
                raise op.error(f"depthwise filter of {channels} channels for {x[3]} input channels")
        else:
            channels = w[0]
            if None not in (x[3], w[3]):
                groups = x[3] // w[3] if x[3] % w[3] == 0 else 0
                if not groups or (channels is not None and channels % groups):
                    raise op.error(f"filter [{channels}, _, _, {w[3]}] does not split an input of {x[3]} channels "
                                   f"and its outputs into whole groups")
            if len(op.operands) < 3:
                raise op.error("CONV_2D requires a bias (conv.cc: TF_LITE_ENSURE(has_bias))")
        if len(op.operands) > 2 and not present(op.operands[2]):
            raise op.error("a third operand must be the bias; the kernel refuses an omitted one")
        if len(op.operands) > 2 and present(op.operands[2]):
            bias = ranked(op, 2, 1)
            if None not in (bias[0], channels) and bias[0] != channels:
                raise op.error(f"bias has {bias[0]} elements for {channels} output channels")
        expect_shape(op, 0, (x[0], window(op, x[1], w[1], stride[0], dilation[0], padding),
                             window(op, x[2], w[2], stride[1], dilation[1], padding), channels))
    return check


def fully_connected(op: Operation) -> None:
    """fully_connected.cc: 2-D weights [units, depth]; the input flattens to input_size /
    depth rows (truncating, as the kernel does), or keeps its leading dimensions."""
    x = shape_of(op, op.operands[0], "operand 0")
    units, depth = ranked(op, 1, 2)
    if len(op.operands) > 2 and present(op.operands[2]):
        bias = ranked(op, 2, 1)
        if None not in (bias[0], units) and bias[0] != units:
            raise op.error(f"bias has {bias[0]} elements for {units} units")
    if not x:
        raise op.error("operand 0 is a scalar")
    if option(op, "keep_num_dims", False):
        if None not in (x[-1], depth) and x[-1] != depth:
            raise op.error(f"input's last dimension {x[-1]} differs from the weights' depth {depth}")
        expect_shape(op, 0, x[:-1] + (units,))
        return
    total = elements(x)
    rows = None if total is None or depth is None else total // depth if depth else 0
    expect_shape(op, 0, (rows, units))


def batch_matmul(op: Operation) -> None:
    """batch_matmul.cc: ranks 2 to 5; adj_x / adj_y transpose the last two dimensions; the
    contraction dimensions agree; the batch dimensions broadcast."""
    x, y = ranked(op, 0, 2, 3, 4, 5), ranked(op, 1, 2, 3, 4, 5)
    if option(op, "adj_x", False):
        x = x[:-2] + (x[-1], x[-2])
    if option(op, "adj_y", False):
        y = y[:-2] + (y[-1], y[-2])
    if None not in (x[-1], y[-2]) and x[-1] != y[-2]:
        raise op.error(f"contracts {x[-1]} columns of operand 0 with {y[-2]} rows of operand 1")
    expect_shape(op, 0, broadcast(op, x[:-2], y[:-2]) + (x[-2], y[-1]))


def sequence_lstm(op: Operation) -> None:
    """unidirectional_sequence_lstm.cc (Prepare, CheckInputTensorDimensions): a rank-3 input
    [batch, time, depth] ([time, batch, depth] if time_major); gate weights [cells, depth],
    recurrent weights [cells, outputs], peephole weights and gate biases [cells], projection
    weights [outputs, cells] and bias [outputs], states of batch * outputs and batch * cells
    elements. The counts come from the output gate's weights, as the kernel reads them."""
    x = ranked(op, 0, 3)
    cells, depth = ranked(op, 4, 2)
    outputs = ranked(op, 8, 2)[1]
    wants = {**{k: (cells, depth) for k in (1, 2, 3, 4)}, **{k: (cells, outputs) for k in (5, 6, 7, 8)},
             **{k: (cells,) for k in (9, 10, 11, 12, 13, 14, 15)}, 16: (outputs, cells), 17: (outputs,)}
    for k, want in wants.items():
        if k < len(op.operands) and present(op.operands[k]):
            have = shape_of(op, op.operands[k], f"operand {k}")
            if len(have) != len(want) or any(None not in (a, b) and a != b for a, b in zip(have, want)):
                raise op.error(f"operand {k} has shape {shape_text(have)}; the kernel expects {shape_text(want)}")
    batch, steps = (x[1], x[0]) if option(op, "time_major", False) else (x[0], x[1])
    for k, per_batch, what in ((18, outputs, "output state"), (19, cells, "cell state")):
        if k < len(op.operands) and present(op.operands[k]):
            have, want = elements(shape_of(op, op.operands[k], f"operand {k}")), elements((batch, per_batch))
            if None not in (have, want) and have != want:
                raise op.error(f"{what} has {have} elements; the kernel expects {want}")
    expect_shape(op, 0, (steps, batch, outputs) if option(op, "time_major", False) else (batch, steps, outputs))


def rnn(op: Operation) -> None:
    """basic_rnn.cc, unidirectional_sequence_rnn.cc, bidirectional_sequence_rnn.cc (Prepare):
    weights [units, depth] for an input of that depth ([batch, depth] for RNN, rank 3 for the
    sequence ops), recurrent weights [units, units], bias [units], hidden state [batch, units];
    the bidirectional op has one such set per direction (1-4 and 5-8)."""
    one_step = op.name == "tfl.rnn"
    x = ranked(op, 0, 2 if one_step else 3)
    batch = x[0] if one_step or not option(op, "time_major", False) else x[1]
    sets = ((1, 2, 3, 4), (5, 6, 7, 8)) if op.name == "tfl.bidirectional_sequence_rnn" else ((1, 2, 3, 4),)
    for w, r, bias, h in sets:
        units, depth = ranked(op, w, 2)
        wants = {w: (units, x[-1]), r: (units, units), bias: (units,), h: (batch, units)}
        for k, want in wants.items():
            have = shape_of(op, op.operands[k], f"operand {k}")
            if len(have) != len(want) or any(None not in (a, b) and a != b for a, b in zip(have, want)):
                raise op.error(f"operand {k} has shape {shape_text(have)}; the kernel expects {shape_text(want)}")


def transpose_conv(op: Operation) -> None:
    """transpose_conv.cc: (output_shape, filter [OC, KH, KW, IC], input [N, H, W, IC], bias?);
    the result has the shape operand 0 holds when it is a constant."""
    ranked(op, 0, 1)
    w, x = ranked(op, 1, 4), ranked(op, 2, 4)
    for name in ("stride_h", "stride_w"):
        int_option(op, name, minimum=1)
    padding_option(op)
    if None not in (w[3], x[3]) and w[3] != x[3]:
        raise op.error(f"filter of {w[3]} input channels for an input of {x[3]}")
    if len(op.operands) > 3 and present(op.operands[3]):
        bias = ranked(op, 3, 1)
        if None not in (bias[0], w[0]) and bias[0] != w[0]:
            raise op.error(f"bias has {bias[0]} elements for {w[0]} output channels")
    shape = constant(op.operands[0])
    if shape is not None:
        if shape.size != 4 or (shape < 0).any():
            raise op.error(f"output_shape {shape.tolist()} is not a 4-D shape")
        if w[0] is not None and shape[3] != w[0]:
            raise op.error(f"output_shape has {shape[3]} channels, the filter {w[0]}")
        expect_shape(op, 0, tuple(int(d) for d in shape))


def pool(op: Operation) -> None:
    """pooling.cc: a 4-D input, filter and strides of at least 1."""
    x = ranked(op, 0, 4)
    kernel = (int_option(op, "filter_height", minimum=1), int_option(op, "filter_width", minimum=1))
    stride = (int_option(op, "stride_h", minimum=1), int_option(op, "stride_w", minimum=1))
    padding = padding_option(op)
    expect_shape(op, 0, (x[0], window(op, x[1], kernel[0], stride[0], 1, padding),
                         window(op, x[2], kernel[1], stride[1], 1, padding), x[3]))


# --- reshapes and layout ----------------------------------------------------------------------


def same_elements(op: Operation) -> None:
    """reshape.cc: the element count is kept."""
    a = elements(shape_of(op, op.operands[0], "operand 0"))
    b = elements(shape_of(op, op.result, "result 0"))
    if None not in (a, b) and a != b:
        raise op.error(f"reshapes {a} elements into {b}")


def squeeze(op: Operation) -> None:
    """squeeze.cc: the listed dimensions (all unit ones if none) are dropped; each has size 1."""
    x = shape_of(op, op.operands[0], "operand 0")
    dims = op.attributes.get("squeeze_dims")
    listed = [a.value for a in dims.value] if isinstance(dims, ArrayAttr) else []
    if dims is not None and not isinstance(dims, ArrayAttr) or not all(isinstance(d, int) for d in listed):
        raise op.error(f"option 'squeeze_dims' must be a list of integers, got {dims}")
    drop = {axis_in(op, d, len(x), "squeeze dimension") for d in listed} or {k for k, d in enumerate(x) if d == 1}
    for k in drop:
        if x[k] not in (1, None):
            raise op.error(f"squeezes dimension {k} of size {x[k]}")
    expect_shape(op, 0, tuple(d for k, d in enumerate(x) if k not in drop))


def expand_dims(op: Operation) -> None:
    """expand_dims.cc: one axis in [-rank - 1, rank], where a unit dimension is inserted."""
    x = shape_of(op, op.operands[0], "operand 0")
    axis = constant(op.operands[1])
    if axis is None:
        same_elements(op)
        return
    if axis.size != 1:
        raise op.error(f"axis must hold one value, got {axis.size}")
    k = axis_in(op, int(axis[0]), len(x) + 1)
    expect_shape(op, 0, x[:k] + (1,) + x[k:])


def transpose(op: Operation) -> None:
    x = shape_of(op, op.operands[0], "operand 0")
    perm = constant(op.operands[1])
    if perm is None:
        return
    rank = len(x)
    normal = [int(p) % rank if rank and -rank <= int(p) < rank else -1 for p in perm]
    if sorted(normal) != list(range(rank)):
        raise op.error(f"perm {perm.tolist()} is not a permutation of the {rank} dimensions")
    expect_shape(op, 0, tuple(x[p] for p in normal))


def concatenation(op: Operation) -> None:
    """concatenation.cc: one rank >= 1, equal dimensions but along `axis`."""
    shapes = [shape_of(op, v, f"operand {k}") for k, v in enumerate(op.operands)]
    rank = len(shapes[0])
    if any(len(s) != rank for s in shapes):
        raise op.error("operands have different ranks")
    axis = axis_in(op, int_option(op, "axis", 0), rank)
    out = []
    for k in range(rank):
        dims = [s[k] for s in shapes]
        if k == axis:
            out.append(None if None in dims else sum(dims))
            continue
        known = {d for d in dims if d is not None}
        if len(known) > 1:
            raise op.error(f"operands differ in dimension {k}: {sorted(known)}")
        out.append(known.pop() if known else None)
    expect_shape(op, 0, tuple(out))


def pack(op: Operation) -> None:
    shapes = {shape_of(op, v, f"operand {k}") for k, v in enumerate(op.operands)}
    if len(shapes) > 1:
        raise op.error("operands have different shapes")
    shape = shapes.pop()
    if int_option(op, "values_count", len(op.operands)) != len(op.operands):
        raise op.error(f"values_count {option(op, 'values_count')} but {len(op.operands)} operands")
    axis = axis_in(op, int_option(op, "axis", 0), len(shape) + 1)
    expect_shape(op, 0, shape[:axis] + (len(op.operands),) + shape[axis:])


def unpack(op: Operation) -> None:
    x = shape_of(op, op.operands[0], "operand 0")
    axis = axis_in(op, int_option(op, "axis", 0), len(x))
    if x[axis] is not None and x[axis] != len(op.results):
        raise op.error(f"unpacks {x[axis]} slices into {len(op.results)} results")
    for k in range(len(op.results)):
        expect_shape(op, k, x[:axis] + x[axis + 1:])


def split(data: int, axis_operand: int, sizes_operand: Optional[int] = None):
    """split.cc: `num_splits` equal parts along `axis`; split_v.cc: the parts `size_splits`
    lists (one -1 takes the rest)."""
    def check(op: Operation) -> None:
        x = shape_of(op, op.operands[data], f"operand {data}")
        n = len(op.results)
        if sizes_operand is None and int_option(op, "num_splits", n) != n:
            raise op.error(f"num_splits {option(op, 'num_splits')} but {n} results")
        axis_value = constant(op.operands[axis_operand])
        if axis_value is None:
            return
        if axis_value.size != 1:
            raise op.error(f"axis must hold one value, got {axis_value.size}")
        axis = axis_in(op, int(axis_value[0]), len(x))
        if sizes_operand is None:
            if x[axis] is not None and x[axis] % n:
                raise op.error(f"{x[axis]} elements along axis {axis} do not split into {n} equal parts")
            sizes = [None if x[axis] is None else x[axis] // n] * n
        else:
            listed = constant(op.operands[sizes_operand])
            if listed is None:
                sizes = [shape[axis] if len(shape := shape_of(op, r, f"result {k}")) == len(x) else None
                         for k, r in enumerate(op.results)]
            else:
                sizes = [int(s) for s in listed.tolist()]
                if len(sizes) != n or sizes.count(-1) > 1 or any(s < -1 for s in sizes):
                    raise op.error(f"size_splits {sizes} for {n} results")
                if -1 in sizes and x[axis] is not None:
                    sizes[sizes.index(-1)] = x[axis] - (sum(sizes) + 1)
                if x[axis] is not None and sum(sizes) != x[axis] or any(s < 0 for s in sizes):
                    raise op.error(f"size_splits {listed.tolist()} do not cover the {x[axis]} elements of axis {axis}")
        for k in range(n):
            expect_shape(op, k, x[:axis] + (sizes[k],) + x[axis + 1:])
    return check


def paddings(mirror: bool = False):
    """pad.cc / mirror_pad.cc: [rank, 2] non-negative paddings; MIRROR_PAD's at most the
    dimension (REFLECT: the dimension minus one)."""
    def check(op: Operation) -> None:
        x = shape_of(op, op.operands[0], "operand 0")
        p = constant(op.operands[1])
        if p is None:
            return
        if p.size != 2 * len(x):
            raise op.error(f"paddings hold {p.size} values for rank {len(x)}")
        p = p.reshape(-1, 2)
        if (p < 0).any():
            raise op.error("paddings are negative")
        if mirror:
            offset = 1 if option(op, "mode", "REFLECT") == "REFLECT" else 0
            for k, (d, (a, b)) in enumerate(zip(x, p.tolist())):
                if d is not None and max(a, b) > d - offset:
                    raise op.error(f"mirror padding ({a}, {b}) of dimension {k} is wider than {d - offset}")
        expect_shape(op, 0, tuple(None if d is None else d + int(a) + int(b) for d, (a, b) in zip(x, p.tolist())))
    return check


def slice_rule(op: Operation) -> None:
    """slice.cc: begin and size per dimension; size -1 takes the rest."""
    x = shape_of(op, op.operands[0], "operand 0")
    begin, size = constant(op.operands[1]), constant(op.operands[2])
    if begin is None or size is None:
        return
    if begin.size != len(x) or size.size != len(x):
        raise op.error(f"begin and size need {len(x)} values each")
    out = []
    for k, (d, b, n) in enumerate(zip(x, begin.tolist(), size.tolist())):
        n = (d - b if d is not None else None) if n == -1 else n
        if b < 0 or (n is not None and n < 0) or (d is not None and n is not None and b + n > d):
            raise op.error(f"slice of dimension {k} starts at {b} with size {size[k]}, outside 0..{d}")
        out.append(n)
    expect_shape(op, 0, tuple(out))


def strided_slice(op: Operation) -> None:
    """strided_slice.cc: 1-D begin, end and strides of one length, at most 31 (the masks are
    bits of an int32), no stride 0."""
    shapes = [ranked(op, k, 1) for k in (1, 2, 3)]
    if len({s[0] for s in shapes}) != 1:
        raise op.error("begin, end and strides have different lengths")
    if shapes[0][0] is not None and shapes[0][0] > 31:
        raise op.error(f"{shapes[0][0]} dimensions; STRIDED_SLICE takes at most 31")
    strides = constant(op.operands[3])
    if strides is not None and (strides == 0).any():
        raise op.error("a stride is 0")


def tile(op: Operation) -> None:
    x = shape_of(op, op.operands[0], "operand 0")
    m = constant(op.operands[1])
    if m is None:
        return
    if m.size != len(x) or (m < 0).any():
        raise op.error(f"multiples {m.tolist()} must hold one non-negative value per dimension")
    expect_shape(op, 0, tuple(None if d is None else d * int(k) for d, k in zip(x, m.tolist())))


def broadcast_to(op: Operation) -> None:
    x = shape_of(op, op.operands[0], "operand 0")
    shape = constant(op.operands[1])
    if shape is None:
        return
    want = tuple(int(d) for d in shape.tolist())
    if len(want) < len(x):
        raise op.error(f"cannot broadcast {shape_text(x)} to the lower rank {shape_text(want)}")
    expect_shape(op, 0, broadcast(op, x, want))


def fill(op: Operation) -> None:
    dims = constant(op.operands[0])
    if shape_of(op, op.operands[1], "operand 1") != ():
        raise op.error("the fill value must be a scalar")
    if dims is not None:
        if (dims < 0).any():
            raise op.error(f"dims {dims.tolist()} are negative")
        expect_shape(op, 0, tuple(int(d) for d in dims.tolist()))


def reverse(op: Operation) -> None:
    x = shape_of(op, op.operands[0], "operand 0")
    axes = constant(op.operands[1])
    if axes is not None:
        for a in axes.tolist():
            axis_in(op, int(a), len(x))
    same_shape(op)


def block_rule(to_space: bool):
    """depth_to_space.cc / space_to_depth.cc: 4-D, block size >= 1 dividing the moved dimensions."""
    def check(op: Operation) -> None:
        n, h, w, c = ranked(op, 0, 4)
        bs = int_option(op, "block_size", minimum=1)
        if to_space:
            if c is not None and c % (bs * bs):
                raise op.error(f"{c} channels do not split into blocks of {bs}x{bs}")
            expect_shape(op, 0, (n, None if h is None else h * bs, None if w is None else w * bs,
                                 None if c is None else c // (bs * bs)))
        else:
            if (h is not None and h % bs) or (w is not None and w % bs):
                raise op.error(f"height {h} and width {w} do not split into blocks of {bs}")
            expect_shape(op, 0, (n, None if h is None else h // bs, None if w is None else w // bs,
                                 None if c is None else c * bs * bs))
    return check


# --- reductions, indices ----------------------------------------------------------------------


def reduction(op: Operation) -> None:
    """reduce.cc: axes in range (negative count from the back), keep_dims shapes the result."""
    x = shape_of(op, op.operands[0], "operand 0")
    axes = constant(op.operands[1])
    if axes is None:
        return
    reduced = {axis_in(op, int(a), len(x), "reduction axis") for a in axes.tolist()}
    if option(op, "keep_dims", False):
        want = tuple(1 if k in reduced else d for k, d in enumerate(x))
    else:
        want = tuple(d for k, d in enumerate(x) if k not in reduced)
    expect_shape(op, 0, want)


def arg_min_max(op: Operation) -> None:
    x = shape_of(op, op.operands[0], "operand 0")
    axis = constant(op.operands[1])
    if axis is None:
        return
    if axis.size != 1:
        raise op.error("axis must hold one value")
    k = axis_in(op, int(axis[0]), len(x))
    expect_shape(op, 0, x[:k] + x[k + 1:])


def resize(bilinear: bool):
    """resize_bilinear.cc / resize_nearest_neighbor.cc: 4-D input, two positive sizes;
    bilinear refuses align_corners together with half_pixel_centers."""
    def check(op: Operation) -> None:
        x = ranked(op, 0, 4)
        if bilinear and option(op, "align_corners", False) and option(op, "half_pixel_centers", False):
            raise op.error("align_corners and half_pixel_centers cannot both be set")
        size = constant(op.operands[1])
        if size is None:
            expect_shape(op, 0, (x[0], None, None, x[3]))
            return
        if size.size != 2 or (size <= 0).any():
            raise op.error(f"size {size.tolist()} must be two positive values")
        expect_shape(op, 0, (x[0], int(size[0]), int(size[1]), x[3]))
    return check


def gather(op: Operation) -> None:
    """gather.cc: axis and batch_dims in range, params and indices alike in the first
    batch_dims dimensions; the axis is replaced by the indices' remaining shape."""
    p = shape_of(op, op.operands[0], "operand 0")
    i = shape_of(op, op.operands[1], "operand 1")
    if not p:
        raise op.error("params must have rank >= 1")
    axis = axis_in(op, int_option(op, "axis", 0), len(p))
    batch_dims = int_option(op, "batch_dims", 0)
    batch_dims = batch_dims + len(i) if batch_dims < 0 else batch_dims
    if not 0 <= batch_dims <= min(axis, len(i)):
        raise op.error(f"batch_dims {option(op, 'batch_dims', 0)} out of range")
    for k in range(batch_dims):
        if None not in (p[k], i[k]) and p[k] != i[k]:
            raise op.error(f"params and indices differ in batch dimension {k}: {p[k]} and {i[k]}")
    expect_shape(op, 0, p[:axis] + i[batch_dims:] + p[axis + 1:])


def gather_nd(op: Operation) -> None:
    """gather_nd.cc: indices of rank >= 1 whose last dimension (0 to the params' rank)
    holds coordinates."""
    p = shape_of(op, op.operands[0], "operand 0")
    i = shape_of(op, op.operands[1], "operand 1")
    if not i:
        raise op.error("indices must have rank >= 1")
    if i[-1] is None:
        return
    if not 0 <= i[-1] <= len(p):
        raise op.error(f"indices of {i[-1]} coordinates for params of rank {len(p)}")
    expect_shape(op, 0, i[:-1] + p[i[-1]:])


def shape_rule(op: Operation) -> None:
    expect_shape(op, 0, (len(shape_of(op, op.operands[0], "operand 0")),))


def softmax_shape(op: Operation) -> None:
    if not shape_of(op, op.operands[0], "operand 0"):
        raise op.error("operand 0 must have rank >= 1")
    same_shape(op)


# --- scatters, segment reductions, sparse tensors (legalize/families/movement/gather.py) ---------------------------


def scatter_nd(op: Operation) -> None:
    """scatter_nd.cc CheckShapes: indices [B.., nd] and updates [B.., S..] share the outer
    dimensions, S.. are the last dimensions of `shape`, and the result has `shape`."""
    i = shape_of(op, op.operands[0], "operand 0")
    u = shape_of(op, op.operands[1], "operand 1")
    ranked(op, 2, 1)
    if not i or not u:
        raise op.error("indices and updates must have rank >= 1")
    outer = len(i) - 1
    for k in range(min(outer, len(u))):
        if None not in (i[k], u[k]) and i[k] != u[k]:
            raise op.error(f"indices and updates differ in dimension {k}: {i[k]} and {u[k]}")
    shape = constant(op.operands[2])
    if shape is None or i[-1] is None:
        return
    want = tuple(int(d) for d in shape.tolist())
    if len(u) - outer != len(want) - i[-1] or any(
            a is not None and a != b for a, b in zip(u[outer:], want[i[-1]:])):
        raise op.error(f"updates {shape_text(u)} do not fit slices of {shape_text(want)} at {i[-1]} coordinates")
    expect_shape(op, 0, want)


def sparse_to_dense(op: Operation) -> None:
    """sparse_to_dense.cc CheckDimensionsMatch: indices [N] (or a scalar) for a 1-D result,
    [N, rank] otherwise (rank <= 4); values [N] or a scalar; one default value; the result
    has `output_shape`."""
    i = ranked(op, 0, 0, 1, 2)
    ranked(op, 1, 1)
    v = ranked(op, 2, 0, 1)
    default = shape_of(op, op.operands[3], "operand 3")
    if elements(default) not in (None, 1):
        raise op.error(f"default value of shape {shape_text(default)}; the kernel takes one value")
    count = (elements(i) if len(i) < 2 else i[0])
    if v and None not in (count, v[0]) and count != v[0]:
        raise op.error(f"{count} indices for {v[0]} values")
    shape = constant(op.operands[1])
    if shape is None:
        return
    want = tuple(int(d) for d in shape.tolist())
    coordinates = 1 if len(i) < 2 else i[1]
    if coordinates is not None and coordinates != len(want) or len(want) > 4:
        raise op.error(f"indices of {coordinates} coordinates for an output of shape {shape_text(want)} "
                       f"(the kernel takes rank <= 4)")
    expect_shape(op, 0, want)


def segment_sum(op: Operation) -> None:
    """segment_sum.cc: ids [N] for data [N, ..]; constant ids start at 0 and step by 0 or 1,
    and give max(id) + 1 result rows."""
    d = shape_of(op, op.operands[0], "operand 0")
    ids = ranked(op, 1, 1)
    if not d:
        raise op.error("data must have rank >= 1")
    if None not in (d[0], ids[0]) and d[0] != ids[0]:
        raise op.error(f"{ids[0]} segment ids for {d[0]} data rows")
    values = constant(op.operands[1])
    rows = None
    if values is not None and values.size:
        steps = np.diff(values.astype(np.int64))
        if values[0] != 0 or ((steps != 0) & (steps != 1)).any():
            raise op.error(f"segment ids {values.tolist()} must start at 0 and grow by 0 or 1")
        rows = int(values[-1]) + 1
    expect_shape(op, 0, (rows,) + d[1:])


def unsorted_segment(op: Operation) -> None:
    """unsorted_segment.cc: ids shaped as a prefix of the data's shape; one num_segments,
    >= 0 and above every constant id; the result is [num_segments, data dims after the ids']."""
    d = shape_of(op, op.operands[0], "operand 0")
    ids = shape_of(op, op.operands[1], "operand 1")
    n = shape_of(op, op.operands[2], "operand 2")
    if len(ids) > len(d) or any(None not in (a, b) and a != b for a, b in zip(ids, d)):
        raise op.error(f"segment ids of shape {shape_text(ids)} are not a prefix of the data's {shape_text(d)}")
    if n not in ((), (1,), (None,)):
        raise op.error(f"num_segments of shape {shape_text(n)}; the kernel takes one value")
    segments = constant(op.operands[2])
    rows = None if segments is None else int(segments[0])
    if rows is not None and rows < 0:
        raise op.error(f"num_segments {rows} is negative")
    values = constant(op.operands[1])
    if rows is not None and values is not None and values.size and int(values.max()) >= rows:
        raise op.error(f"segment id {int(values.max())} is not below num_segments {rows}")
    expect_shape(op, 0, (rows,) + d[len(ids):])


def embedding_lookup_sparse(op: Operation) -> None:
    """embedding_lookup_sparse.cc: ids [L], indices [L, R], dense_shape [R], weights [L],
    params of rank >= 2; the result is [dense_shape[:-1].., params dims after the first]."""
    ids = ranked(op, 0, 1)
    i = ranked(op, 1, 2)
    s = ranked(op, 2, 1)
    w = ranked(op, 3, 1)
    p = shape_of(op, op.operands[4], "operand 4")
    if len(p) < 2:
        raise op.error("params must have rank >= 2")
    counts = {c for c in (ids[0], i[0], w[0]) if c is not None}
    if len(counts) > 1:
        raise op.error(f"ids, indices and weights count {ids[0]}, {i[0]} and {w[0]} lookups")
    if None not in (i[1], s[0]) and i[1] != s[0]:
        raise op.error(f"indices of {i[1]} coordinates for a dense_shape of {s[0]}")
    dense_shape = constant(op.operands[2])
    if dense_shape is not None and dense_shape.size:
        expect_shape(op, 0, tuple(int(d) for d in dense_shape.tolist()[:-1]) + p[1:])
    elif s[0]:
        expect_shape(op, 0, (None,) * (s[0] - 1) + p[1:])


# --- generators, windows, 3-D convolutions, bit ops, top-k (the newer float lowerings) -----------


def scalar_operands(*operands: int):
    """Operands the kernel reads as one value and requires to be scalars (range.cc)."""
    def check(op: Operation) -> None:
        for k in operands:
            shape = shape_of(op, op.operands[k], f"operand {k}")
            if shape != ():
                raise op.error(f"operand {k} has shape {shape_text(shape)}; the kernel takes a scalar")
    return check


def range_rule(op: Operation) -> None:
    """range.cc: scalar start, limit and delta; delta not 0 and pointing from start to limit
    (GetSize); the result is 1-D."""
    scalar_operands(0, 1, 2)(op)
    values = [constant(v) for v in op.operands]
    if values[2] is not None and values[2].size == 1 and values[2][0] == 0:
        raise op.error("delta is 0")
    if all(v is not None and v.size == 1 for v in values):
        start, limit, delta = (v[0].item() for v in values)
        if not (start >= limit and delta < 0 or start <= limit and delta > 0):
            raise op.error(f"delta {delta} does not lead from start {start} to limit {limit}")
    if len(shape_of(op, op.result, "result 0")) != 1:
        raise op.error(f"result has shape {shape_text(op.result.type.shape)}; RANGE gives a 1-D tensor")


def rank_rule(op: Operation) -> None:
    """rank.cc: a scalar int32 result."""
    expect_shape(op, 0, ())


def reduce_window(stablehlo: bool):
    """stablehlo_reduce_window.cc (Check): an input of rank 1 to 6; REDUCE_WINDOW's window
    dimensions, strides and dilations are constant int64 tensors, one value per dimension
    (Initialize reads `rank` values from each)."""
    def check(op: Operation) -> None:
        x = ranked(op, 0, 1, 2, 3, 4, 5, 6)
        init = shape_of(op, op.operands[1], "operand 1")
        if elements(init) not in (None, 1):
            raise op.error(f"init value of shape {shape_text(init)}; the kernel takes one value")
        if stablehlo:
            return
        for k, name in ((2, "window_dimensions"), (3, "window_strides"), (4, "window_dilations")):
            values = constant(op.operands[k])
            if values is None:
                raise op.error(f"{name} must be a constant (the kernel's Check)")
            if values.size != len(x):
                raise op.error(f"{name} holds {values.size} values for rank {len(x)}")
            if (values <= 0).any():
                raise op.error(f"{name} {values.tolist()} must be positive")
        expect_rank(op, 0, len(x))
    return check


def expect_rank(op: Operation, k: int, rank: int) -> None:
    have = shape_of(op, op.results[k], f"result {k}")
    if len(have) != rank:
        raise op.error(f"result {k} has rank {len(have)}, but TFLite computes rank {rank}")


def conv_3d(op: Operation) -> None:
    """conv3d.cc: 5-D input [N, D, H, W, IC] and filter [KD, KH, KW, IC, OC] of positive
    sizes, a bias of OC values, strides and dilations of at least 1; the output as
    ComputeOutSize per spatial axis."""
    x, w = ranked(op, 0, 5), ranked(op, 1, 5)
    if None not in (x[4], w[3]) and x[4] != w[3]:
        raise op.error(f"filter of {w[3]} input channels for an input of {x[4]}")
    if any(d is not None and d <= 0 for d in x[1:] + w):
        raise op.error(f"empty input {shape_text(x)} or filter {shape_text(w)}")
    if len(op.operands) > 2 and present(op.operands[2]):
        bias = elements(shape_of(op, op.operands[2], "operand 2"))
        if None not in (bias, w[4]) and bias != w[4]:
            raise op.error(f"bias has {bias} elements for {w[4]} output channels")
    axes = "dhw"
    strides = [int_option(op, f"stride_{a}", 1, minimum=1) for a in ("d", "h", "w")]
    dilations = [int_option(op, f"dilation_{a}_factor", 1, minimum=1) for a in axes]
    padding = padding_option(op)
    expect_shape(op, 0, (x[0], *(window(op, x[k + 1], w[k], strides[k], dilations[k], padding) for k in range(3)),
                         w[4]))


def conv_3d_transpose(op: Operation) -> None:
    """conv3d_transpose.cc: output_shape a 1-D int32 tensor of 5 values, 5-D input
    [N, D, H, W, IC] and filter [KD, KH, KW, OC, IC], a bias of OC values; the result has
    the shape output_shape holds."""
    s = ranked(op, 0, 1)
    if s[0] is not None and s[0] != 5:
        raise op.error(f"output_shape holds {s[0]} values; the kernel takes 5")
    w, x = ranked(op, 1, 5), ranked(op, 2, 5)
    if None not in (x[4], w[4]) and x[4] != w[4]:
        raise op.error(f"filter of {w[4]} input channels for an input of {x[4]}")
    for a in ("d", "h", "w"):
        int_option(op, f"stride_{a}", 1, minimum=1)
        int_option(op, f"dilation_{a}_factor", 1, minimum=1)
    padding_option(op)
    if len(op.operands) > 3 and present(op.operands[3]):
        bias = elements(shape_of(op, op.operands[3], "operand 3"))
        if None not in (bias, w[3]) and bias != w[3]:
            raise op.error(f"bias has {bias} elements for {w[3]} output channels")
    shape = constant(op.operands[0])
    if shape is not None:
        if shape.size != 5 or (shape < 0).any():
            raise op.error(f"output_shape {shape.tolist()} is not a 5-D shape")
        if x[0] is not None and shape[0] != x[0] or w[3] is not None and shape[4] != w[3]:
            raise op.error(f"output_shape {shape.tolist()} does not match an input of batch {x[0]} "
                           f"and a filter of {w[3]} output channels")
        expect_shape(op, 0, tuple(int(d) for d in shape))


def identical_shapes(op: Operation) -> None:
    """stablehlo_elementwise.cc ElementwisePrepare, atan2.cc EnsureSameShape: both operands
    have one shape (no broadcasting), and so has the result."""
    a, b = (shape_of(op, v, f"operand {k}") for k, v in enumerate(op.operands[:2]))
    if len(a) != len(b) or any(None not in (p, q) and p != q for p, q in zip(a, b)):
        raise op.error(f"operands of shapes {shape_text(a)} and {shape_text(b)}; the kernel does not broadcast")
    expect_shape(op, 0, a)


def topk(op: Operation) -> None:
    """topk_v2.cc ResizeOutput: an input of rank >= 1, one k, at most the last dimension;
    both results are the input's shape with the last dimension max(0, k)."""
    x = shape_of(op, op.operands[0], "operand 0")
    if not x:
        raise op.error("operand 0 must have rank >= 1")
    k_shape = shape_of(op, op.operands[1], "operand 1")
    if elements(k_shape) not in (None, 1):
        raise op.error(f"k of shape {shape_text(k_shape)}; the kernel takes one value")
    k = constant(op.operands[1])
    last = None
    if k is not None and k.size == 1:
        last = max(0, int(k[0]))
        if x[-1] is not None and last > x[-1]:
            raise op.error(f"k {last} is larger than the last dimension {x[-1]}")
    for r in range(2):
        expect_shape(op, r, x[:-1] + (last,))


def unique_rule(op: Operation) -> None:
    """unique.cc: a 1-D input; the index result has its shape, the unique values are 1-D."""
    x = ranked(op, 0, 1)
    expect_rank(op, 0, 1)
    expect_shape(op, 1, x)


def rfft2d_rule(op: Operation) -> None:
    """rfft2d.cc: an input of rank >= 2; fft_length a 1-D tensor of 2 powers of two; the
    result is the input with its last two dimensions fft_length[0] and fft_length[1] / 2 + 1."""
    x = shape_of(op, op.operands[0], "operand 0")
    if len(x) < 2:
        raise op.error(f"operand 0 has rank {len(x)}; the kernel takes rank >= 2")
    n = ranked(op, 1, 1)
    if n[0] is not None and n[0] != 2:
        raise op.error(f"fft_length holds {n[0]} values; the kernel takes 2")
    lengths = constant(op.operands[1])
    if lengths is None:
        return
    if any(v <= 0 or int(v) & (int(v) - 1) for v in lengths.tolist()):
        raise op.error(f"fft_length {lengths.tolist()} must be powers of two")
    expect_shape(op, 0, x[:-2] + (int(lengths[0]), int(lengths[1]) // 2 + 1))


def one_hot(op: Operation) -> None:
    """one_hot.cc: one depth (>= 0), on and off value; axis in [-1, rank of the indices];
    the result has depth inserted at axis."""
    i = shape_of(op, op.operands[0], "operand 0")
    for k, what in ((1, "depth"), (2, "on_value"), (3, "off_value")):
        if elements(shape_of(op, op.operands[k], f"operand {k}")) not in (None, 1):
            raise op.error(f"{what} must hold one value")
    axis = int_option(op, "axis", -1)
    if not -1 <= axis <= len(i):
        raise op.error(f"axis {axis} is out of range for an output of rank {len(i) + 1}")
    axis = len(i) if axis == -1 else axis
    depth = constant(op.operands[1])
    d = None if depth is None or depth.size != 1 else int(depth[0])
    if d is not None and d < 0:
        raise op.error(f"depth {d} is negative")
    expect_shape(op, 0, i[:axis] + (d,) + i[axis:])


def batch_space(to_batch: bool):
    """space_to_batch_nd.cc / batch_to_space_nd.cc: an input of rank 3 or 4; block_shape
    1-D of rank - 2 values (none 0); paddings / crops [rank - 2, 2] (crops not negative)."""
    def check(op: Operation) -> None:
        x = ranked(op, 0, 3, 4)
        spatial = len(x) - 2
        block = ranked(op, 1, 1)
        if block[0] is not None and block[0] != spatial:
            raise op.error(f"block_shape holds {block[0]} values for {spatial} spatial dimensions")
        what = "paddings" if to_batch else "crops"
        pads = ranked(op, 2, 2)
        if pads[0] is not None and pads[0] != spatial or pads[1] is not None and pads[1] != 2:
            raise op.error(f"{what} of shape {shape_text(pads)}; the kernel takes [{spatial}, 2]")
        values = constant(op.operands[1])
        if values is not None and (values == 0).any():
            raise op.error(f"block_shape {values.tolist()} holds 0")
        p = constant(op.operands[2])
        if p is not None and not to_batch and (p < 0).any():
            raise op.error(f"crops {p.reshape(-1, 2).tolist() if p.size % 2 == 0 else p.tolist()} are negative")
        expect_rank(op, 0, len(x))
    return check


def dynamic_update_slice(op: Operation) -> None:
    """dynamic_update_slice.cc: start indices 1-D with one value per dimension of the
    operand; an update of the operand's rank, no dimension larger; the result is the operand."""
    x = shape_of(op, op.operands[0], "operand 0")
    u = shape_of(op, op.operands[1], "operand 1")
    i = ranked(op, 2, 1)
    if i[0] is not None and i[0] != len(x):
        raise op.error(f"{i[0]} start indices for an operand of rank {len(x)}")
    if len(u) != len(x) or any(None not in (a, b) and a > b for a, b in zip(u, x)):
        raise op.error(f"update {shape_text(u)} does not fit in the operand {shape_text(x)}")
    expect_shape(op, 0, x)


def matrix_set_diag(op: Operation) -> None:
    """matrix_set_diag.cc: an input of rank >= 2, the result of its shape."""
    x = shape_of(op, op.operands[0], "operand 0")
    if len(x) < 2:
        raise op.error(f"operand 0 has rank {len(x)}; the kernel takes rank >= 2")
    expect_shape(op, 0, x)


def embedding_lookup(op: Operation) -> None:
    """embedding_lookup.cc: 1-D lookup ids, a value table of rank >= 2; the result is one
    row of the table per id."""
    ids = ranked(op, 0, 1)
    v = shape_of(op, op.operands[1], "operand 1")
    if len(v) < 2:
        raise op.error(f"operand 1 has rank {len(v)}; the kernel takes rank >= 2")
    expect_shape(op, 0, ids + v[1:])


def dilate(op: Operation) -> None:
    """dilate.cc: an input of rank >= 1; dilations 1-D, one value per dimension, each >= 1
    (checked in Eval, on the constant here); the result keeps the rank."""
    x = shape_of(op, op.operands[0], "operand 0")
    if not x:
        raise op.error("operand 0 must have rank >= 1")
    d = ranked(op, 1, 1)
    if d[0] is not None and d[0] != len(x):
        raise op.error(f"dilations hold {d[0]} values for rank {len(x)}")
    values = constant(op.operands[1])
    if values is not None and (values < 1).any():
        raise op.error(f"dilations {values.tolist()} must be at least 1")
    if elements(shape_of(op, op.operands[2], "operand 2")) not in (None, 1):
        raise op.error("the padding value must be one value")
    expect_rank(op, 0, len(x))


def add_n(op: Operation) -> None:
    """add_n.cc: every input of the first's shape (HaveSameShapes), the result of it too."""
    first = shape_of(op, op.operands[0], "operand 0")
    for k, v in enumerate(op.operands[1:], 1):
        s = shape_of(op, v, f"operand {k}")
        if len(s) != len(first) or any(None not in (a, b) and a != b for a, b in zip(s, first)):
            raise op.error(f"operand {k} has shape {shape_text(s)}, operand 0 {shape_text(first)}; "
                           f"the kernel adds tensors of one shape")
    expect_shape(op, 0, first)


def multinomial(op: Operation) -> None:
    """multinomial.cc: 2-D logits [batch, classes], a scalar num_samples; the result is
    [batch, num_samples]."""
    logits = ranked(op, 0, 2)
    scalar_operands(1)(op)
    n = constant(op.operands[1])
    expect_shape(op, 0, (logits[0], None if n is None or n.size != 1 else int(n[0])))
