"""The STABLEHLO_* operators TFLite carries (imported as `tfl.stablehlo_*`).

TFLite runs only some of them: register_ref.cc (BUILTIN_REF) and core/kernels/register.cc
(the default resolver) register ADD, MULTIPLY, MAXIMUM, MINIMUM, PAD, GATHER,
REDUCE_WINDOW, SCATTER, RNG_BIT_GENERATOR and COMPOSITE; AND, SHIFT_LEFT and CASE are
in register.cc only. The others are converter-only codes: the interpreter refuses a
model holding one ("Didn't find op for builtin opcode"), so there is no semantics to
follow and their rows say so.

Elementwise kernels (stablehlo_elementwise.h, stablehlo_shift_left.cc) require operands
of one shape and type, never broadcast, and compute `a op b` in the C++ element type,
reading no quantization parameter: a quantized tensor is computed on its stored integers
(`Raw`), int8 and int16 sums and products wrap. MAXIMUM and MINIMUM are `std::max`
and `std::min`: `a < b ? b : a` and `b < a ? b : a`, which keep `a` when either is NaN
and on +-0 ties, so they are a compare and a select (tosa.maximum would propagate NaN).
On bool, `+` and `max` are OR, `*` and `min` are AND. Integer arithmetic stays inside
TOSA's integer profile (which iree-compile validates): int8 and int16 in i32, truncated
back, as C++ promotes and converts them (`integers`).

PAD and REDUCE_WINDOW pad as stablehlo.pad does (interior padding, negative edge
padding crops); GATHER clamps every start index so the slice fits the operand
(ClipStartingIndex). REDUCE_WINDOW's body subgraph holds one operator that names the
reduction (GetBodyFunction): each output starts from the init value and folds in the
window's elements in row-major order, as one TOSA op per window position here.
SCATTER applies its updates one index vector at a time (see Scatter). COMPOSITE runs its
decomposition subgraph: a func.call of it. CASE keeps its regions calling the branch
subgraphs, as IF and WHILE do (the executor runs it as the kernel: an index out of range
takes the last branch).
"""
from __future__ import annotations

import math

import numpy as np

from tfl2quant.dialects import arith, tosa
from tfl2quant.dialects.quant.ops import storage_type_of
from tfl2quant.dialects.tfl import constant_array
from tfl2quant.ir.attributes import DictionaryAttr, SymbolRefAttr
from tfl2quant.ir.types import IntegerType, element_type, i1, i32, tensor

from ...lib.emit import flip_sign_bit, reshape, select, slice_, slice_axis, tile
from ...lib.gather import gather, take
from ...lib.patterns import Elementwise, StaticPattern
from ...lib.query import is_float, qtype, role, signless, static_shapes, storage, storage_name
from ...rule import FloatPattern, IntegerPattern, Rule, unlowered


def ints(op, name: str, default=()) -> list[int]:
    """An array option (`edge_padding_low`, `slice_sizes`, ...) as Python ints."""
    a = op.attributes.get(name)
    return list(default) if a is None else [int(v.value) for v in a.value]


def is_bool(v) -> bool:
    return element_type(v.type if hasattr(v, "type") else v) == i1


# --- elementwise ------------------------------------------------------------------------------


def dequantized(op):
    """The float path of a quantized op TFLite computes on its stored integers: declined, as
    arithmetic on dequantized values would differ (the integer path, `Raw`, takes it)."""
    for v in (*op.operands, *op.results):
        if qtype(v) is not None:
            return (f"{role(op, v)} is quantized: TFLite computes on the stored integers, reading no scale "
                    f"or zero point, which dequantized arithmetic would not reproduce")
    return None


ARITH = {"add": "arith.addi", "mul": "arith.muli", "max": "arith.maxsi", "min": "arith.minsi", "and": "arith.andi"}
TOSA = {"add": "tosa.add", "mul": "tosa.mul", "max": "tosa.maximum", "min": "tosa.minimum"}


def integers(b, kind: str, x, y, t):
    """`x op y` ('add', 'mul', 'max', 'min', 'and') on signless integers as C++ computes it:
    int8 and int16 promoted to int and converted back, so sums and products wrap. Inside
    TOSA's integer profile: AND on the type itself, the others in i32 (tosa.cast widens, and
    narrows by truncation); 64-bit integers with arith (TOSA has no 64-bit arithmetic)."""
    width = element_type(t).width
    if width == 64:
        return b.value(ARITH[kind], [x, y], t)
    if kind == "and":
        return b.value("tosa.bitwise_and", [x, y], t)
    wide = t.with_element_type(i32)
    if width < 32:
        x, y = tosa.cast(b, x, wide), tosa.cast(b, y, wide)
    r = tosa.mul(b, x, y, wide) if kind == "mul" else tosa.binary(b, TOSA[kind], x, y, wide)
    return r if width == 32 else tosa.cast(b, r, t)


class OnStoredIntegers:
    """A float pattern whose `checks` hold on any element type, and which declines the
    dequantized fallback (`dequantized`); `Raw` runs it on the stored values instead.
    `compares(op)`: its result selects among compared values (uint8 storage is then
    compared on a sign-flipped view)."""

    def unsupported(self, op):
        return dequantized(op) or self.checks(op)

    def compares(self, op) -> bool:
        return False


class SameShapes(OnStoredIntegers, Elementwise):
    """ElementwisePrepare: both operands and the result share one shape (no broadcasting)."""

    def checks(self, op):
        reason = Elementwise.unsupported(self, op)
        if reason:
            return reason
        shapes = {tuple(v.type.shape) for v in (*op.operands, *op.results)}
        return None if len(shapes) == 1 else "operands and result differ in shape; the kernel does not broadcast"


class Arithmetic(SameShapes):
    """ADD and MULTIPLY: tosa.add / tosa.mul (integers: `integers`); on bool `+` is OR and
    `*` is AND."""

    def __init__(self, kind: str, on_bool: str):
        self.kind, self.on_bool = kind, on_bool

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        x, y = operands
        if is_bool(t):
            return [b.value(self.on_bool, [x, y], t)]
        if not is_float(t):
            return [integers(b, self.kind, x, y, t)]
        if self.kind == "mul":
            return [tosa.mul(b, x, y, t)]
        return [tosa.binary(b, "tosa.add", x, y, t)]


class Select(SameShapes):
    """MAXIMUM (`a < b ? b : a`) and MINIMUM (`b < a ? b : a`): `b` where b > a (a > b),
    else `a`, as std::max and std::min pick (NaN and +-0 ties keep `a`). On bool: OR, AND."""

    def __init__(self, maximum: bool):
        self.maximum = maximum

    def compares(self, op):
        return True

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        x, y = operands
        if is_bool(t):
            return [b.value("tosa.logical_or" if self.maximum else "tosa.logical_and", [x, y], t)]
        if not is_float(t):  # integers have no NaN and no signed zero: the plain maximum
            return [integers(b, "max" if self.maximum else "min", x, y, t)]
        takes_b = b.value("tosa.greater", [y, x] if self.maximum else [x, y], t.with_element_type(i1))
        return [select(b, takes_b, y, x, t)]


class And(SameShapes):
    """`a & b` on integers, `a && b` on bool; the kernel refuses floating point."""

    def checks(self, op):
        reason = super().checks(op)
        if reason is None and is_float(op.results[0]):
            return f"result 0 is {op.results[0].type}; the kernel refuses floating point AND"
        return reason

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        if is_bool(t):
            return [b.value("tosa.logical_and", list(operands), t)]
        return [integers(b, "and", *operands, t)]


class ShiftLeft(OnStoredIntegers, Elementwise):
    """`a << b` on int8, int16 or int32 (stablehlo_shift_left.cc): the narrow ones are
    promoted to int and truncated back, so they are shifted in i32 (where a shift by 8 to
    31 is defined, as in C++) and narrowed by tosa.cast, which truncates. Shifts outside
    [0, 31] are undefined in C++ and in TOSA alike."""

    def checks(self, op):
        reason = Elementwise.unsupported(self, op)
        if reason:
            return reason
        e = element_type(op.results[0].type)
        if qtype(op.results[0]) is None and not (isinstance(e, IntegerType) and e.width in (8, 16, 32)):
            return f"result 0 is {op.results[0].type}; the kernel shifts int8, int16 and int32"
        if len({tuple(v.type.shape) for v in (*op.operands, *op.results)}) != 1:
            return "operands and result differ in shape; the kernel does not broadcast"
        return None

    def rewrite(self, b, op, operands, result_types):
        t = result_types[0]
        if element_type(t).width == 32:
            return [b.value("tosa.logical_left_shift", list(operands), t)]
        wide = t.with_element_type(i32)
        x, s = (tosa.cast(b, v, wide) for v in operands)
        return [tosa.cast(b, b.value("tosa.logical_left_shift", [x, s], wide), t)]


class Raw(IntegerPattern):
    """A quantized op the kernel computes on its stored values, reading no scale or zero
    point (every STABLEHLO kernel): the pattern on the storage types. Sums, products and
    bitwise ANDs of uint8 bits are those of int8 bits; a comparing pattern (MAXIMUM, ...)
    sees uint8 through flip_sign_bit, which carries the unsigned order onto the signed one
    (and back on the result)."""

    def __init__(self, pattern: OnStoredIntegers, data: tuple | None = None, kinds=("i8", "u8", "i16")):
        self.pattern, self.data, self.kinds = pattern, data, kinds  # data: the quantized operands (None: all)

    def unsupported(self, op):
        values = None if self.data is None else [op.operands[k] for k in self.data] + list(op.results)
        return static_shapes(op) or storage(op, *self.kinds, values=values) or self.pattern.checks(op)

    def rewrite(self, b, op, operands):
        flip = storage_name(op.results[0]) == "u8" and self.pattern.compares(op)
        if flip:
            operands = [flip_sign_bit(b, x) if qtype(v) is not None else x for v, x in zip(op.operands, operands)]
        results = self.pattern.rewrite(b, op, operands, [storage_type_of(t) for t in op.result_types])
        return [flip_sign_bit(b, y) for y in results] if flip else results


# --- padding and windows ----------------------------------------------------------------------


def padded_shape(shape, low, high, interior) -> list[int]:
    return [d + max(d - 1, 0) * k + lo + hi for d, lo, hi, k in zip(shape, low, high, interior)]


def pad_array(a: np.ndarray, low, high, interior, fill) -> np.ndarray:
    """stablehlo.pad in numpy (for the constant mask of a runtime fill value)."""
    dilated = [d + max(d - 1, 0) * k for d, k in zip(a.shape, interior)]
    out = np.full(dilated, fill, a.dtype)
    out[tuple(slice(None, None, k + 1) for k in interior)] = a
    out = np.pad(out, [(max(lo, 0), max(hi, 0)) for lo, hi in zip(low, high)], constant_values=fill)
    return out[tuple(slice(max(-lo, 0), out.shape[i] - max(-hi, 0)) for i, (lo, hi) in enumerate(zip(low, high)))]


def pad_with(b, x, low, high, interior, fill):
    """stablehlo.pad of `x` with the constant `fill`: per axis with interior padding a
    reshape to [.., d, 1, ..], a tosa.pad of the unit axis, a reshape back and a slice
    dropping the last gap; then tosa.pad of the positive edges and a slice cropping the
    negative ones."""
    e = element_type(x.type)
    for axis, k in enumerate(interior):
        shape = list(x.type.shape)
        d = shape[axis]
        if k == 0 or d <= 1:
            continue
        unit = shape[:axis + 1] + [1] + shape[axis + 1:]
        pads = [0] * (2 * len(unit))
        pads[2 * (axis + 1) + 1] = k
        y = tosa.pad(b, reshape(b, x, unit), pads, fill, tensor(shape[:axis + 1] + [k + 1] + shape[axis + 1:], e))
        y = reshape(b, y, shape[:axis] + [d * (k + 1)] + shape[axis + 1:])
        x = slice_axis(b, y, axis, 0, d + (d - 1) * k)
    grow = [p for lo, hi in zip(low, high) for p in (max(lo, 0), max(hi, 0))]
    if any(grow):
        shape = [d + grow[2 * i] + grow[2 * i + 1] for i, d in enumerate(x.type.shape)]
        x = tosa.pad(b, x, grow, fill, tensor(shape, e))
    start = [max(-lo, 0) for lo in low]
    size = [d - max(-lo, 0) - max(-hi, 0) for d, lo, hi in zip(x.type.shape, low, high)]
    return slice_(b, x, start, size)


def padded(b, op, x, value, low, high, interior):
    """`x` padded with the scalar operand `value`: tosa.pad with it when it is a float or
    plain constant, else padded with 0 and `value` selected where the constant mask of
    the input's positions is false."""
    known = constant_array(op.operands[1])
    e = element_type(x.type)
    if known is not None and qtype(op.operands[1]) is None:
        return pad_with(b, x, low, high, interior, np.asarray(known).reshape(-1)[0])
    y = pad_with(b, x, low, high, interior, 0)
    if y is x:  # no padding at all
        return y
    mask = pad_array(np.ones(x.type.shape, bool), low, high, interior, False)
    rank = len(y.type.shape)
    fill = reshape(b, value, (1,) * rank)
    return select(b, tosa.const(b, mask, i1), y, fill, tensor(y.type.shape, e))


class Pad(StaticPattern):
    """stablehlo.pad (stablehlo_pad.cc): interior padding between elements, edge padding
    (negative: cropping) at both ends, filled with operand 1."""

    data = (0, 1)

    def check(self, op):
        if signless(op):
            return signless(op)
        x = op.operands[0]
        low, high, interior = (ints(op, n, [0] * len(x.type.shape))
                               for n in ("edge_padding_low", "edge_padding_high", "interior_padding"))
        if any(k < 0 for k in interior):
            return "negative interior padding; the kernel refuses it"
        want = padded_shape(x.type.shape, low, high, interior)
        if want != list(op.results[0].type.shape):
            return f"result shape {list(op.results[0].type.shape)}; the padding gives {want}"
        return None

    def rewrite(self, b, op, operands, result_types):
        rank = len(operands[0].type.shape)
        low, high, interior = (ints(op, n, [0] * rank)
                               for n in ("edge_padding_low", "edge_padding_high", "interior_padding"))
        return [padded(b, op, operands[0], operands[1], low, high, interior)]


def strided(b, x, axis: int, start: int, count: int, step: int):
    """x[start : start + count * step : step] along `axis`."""
    if step == 1 or count == 1:
        return slice_axis(b, x, axis, start, count)
    return take(b, x, axis, start + step * np.arange(count))


# The reduction a REDUCE_WINDOW body names (GetBodyFunction): its single operator.
REDUCERS = {
    "tfl.add": "add", "tfl.stablehlo_add": "add", "tfl.mul": "mul", "tfl.stablehlo_multiply": "mul",
    "tfl.maximum": "max", "tfl.stablehlo_maximum": "max", "tfl.minimum": "min", "tfl.stablehlo_minimum": "min",
    "tfl.logical_and": "all", "tfl.stablehlo_and": "all", "tfl.logical_or": "any", "tfl.stablehlo_or": "any",
}
CONSTANT_NAMES = ("arith.constant", "tfl.pseudo_const", "tfl.pseudo_qconst", "tfl.no_value")


def subgraph(op, attr: str):
    """The function a `*_subgraph_index` option names (the importer made it a symbol)."""
    ref = op.attributes.get(attr)
    if not isinstance(ref, SymbolRefAttr):
        return None
    scope = op.parent_op()
    while scope is not None and not hasattr(scope, "lookup"):
        scope = scope.parent_op()
    return None if scope is None else scope.lookup(ref.root)


def body_operators(op, attr: str):
    """The operators (not constants) of the subgraph `attr` names, or (None, why not)."""
    body = subgraph(op, attr)
    if body is None:
        return None, "the subgraph it names is missing"
    kernels = [o for o in body.body.ops if o.name not in CONSTANT_NAMES and o.name != "func.return"]
    if any(not o.name.startswith("tfl.") for o in kernels):  # functions are legalized in module order
        return None, (f"its subgraph @{body.sym_name} comes first in the module and is already legalized: "
                      f"the TFLite operator that names the computation is gone")
    return kernels, None


def reducer(op):
    """('add' | 'mul' | 'max' | 'min' | 'all' | 'any', None) or (None, why not)."""
    kernels, why = body_operators(op, "body_subgraph_index")
    if why:
        return None, why
    if len(kernels) != 1:
        return None, f"the body subgraph has {len(kernels)} operators; the kernel takes exactly one"
    name = REDUCERS.get(kernels[0].name)
    return (name, None) if name else (None, f"the body's {kernels[0].name} is no reduction the kernel knows")


def fold(b, kind: str, acc, x, t):
    """The kernel's `accu = op(accu, x)`: Max is `a >= b ? a : b`, Min `a <= b ? a : b`."""
    if kind in ("all", "any"):
        return b.value("tosa.logical_and" if kind == "all" else "tosa.logical_or", [acc, x], t)
    if not is_float(t):  # C++ integer arithmetic; no NaN or signed zero for Max and Min to tell apart
        return integers(b, kind, acc, x, t)
    if kind == "add":
        return tosa.binary(b, "tosa.add", acc, x, t)
    if kind == "mul":
        return tosa.mul(b, acc, x, t)
    keep = b.value("tosa.greater_equal", [acc, x] if kind == "max" else [x, acc], t.with_element_type(i1))
    return select(b, keep, acc, x, t)


MAX_WINDOW = 256  # window positions written out one TOSA op each


class ReduceWindow(OnStoredIntegers, StaticPattern):
    """stablehlo.reduce_window (stablehlo_reduce_window.cc): the input dilated by
    `base_dilations` and padded by `padding`, both filled with the init value, then per
    output `init` folded with the window's elements in row-major order. Here each window
    position is one strided view of the padded input (a slice, or a tosa.gather of the
    strided rows), folded in that order into a tensor of `init`."""

    data = (0, 1)

    def checks(self, op):
        return StaticPattern.unsupported(self, op)

    def compares(self, op):
        return reducer(op)[0] in ("max", "min")

    def options(self, op):
        rank = len(op.operands[0].type.shape)
        ones = [1] * rank
        pad = ints(op, "padding", [0] * 2 * rank)
        return (ints(op, "window_dimensions", ones), ints(op, "window_strides", ones),
                ints(op, "base_dilations", ones), ints(op, "window_dilations", ones), pad[0::2], pad[1::2])

    def check(self, op):
        kind, why = reducer(op)
        if why or signless(op):
            return why or signless(op)
        x, t = op.operands[0], op.results[0].type
        if (kind in ("all", "any")) != is_bool(x):
            return f"a {kind} reduction of {x.type}: the kernel folds bool with AND/OR and numbers with the others"
        window, strides, base, dilations, low, high = self.options(op)
        if min(window + strides + base + dilations) < 1:
            return "a window size, stride or dilation below 1; the kernel refuses it"
        if math.prod(window) > MAX_WINDOW:
            return f"a window of {math.prod(window)} positions; the pattern writes out at most {MAX_WINDOW}"
        shape = padded_shape(x.type.shape, low, high, [k - 1 for k in base])
        out = [(p - (w - 1) * d - 1) // s + 1 for p, w, d, s in zip(shape, window, dilations, strides)]
        if out != list(t.shape):
            return f"result shape {list(t.shape)}; the window gives {out}"
        return None

    def rewrite(self, b, op, operands, result_types):
        kind, _ = reducer(op)
        t = result_types[0]
        window, strides, base, dilations, low, high = self.options(op)
        x = padded(b, op, operands[0], operands[1], low, high, [k - 1 for k in base])
        rank = len(t.shape)
        acc = tile(b, reshape(b, operands[1], (1,) * rank), t.shape)  # every output starts from init
        for position in np.ndindex(*window):
            view = x
            for axis, w in enumerate(position):
                view = strided(b, view, axis, w * dilations[axis], t.shape[axis], strides[axis])
            acc = fold(b, kind, acc, view, t)
        return [acc]


# --- gather and scatter -------------------------------------------------------------------------------------


class Gather(StaticPattern):
    """stablehlo.gather (stablehlo_gather.cc) as one tosa.gather of the flattened operand:
    every result element's flat operand index is the clamped start of its batch position
    (min(max(start, 0), dim - slice_size), ClipStartingIndex) plus its offset, both
    times the operand's strides; the starts are read from the indices at run time, the
    offsets are constants."""

    def check(self, op):
        x, idx, t = op.operands[0], op.operands[1], op.results[0].type
        if static_shapes(op, [idx]) or signless(op):
            return static_shapes(op, [idx]) or signless(op)
        if str(element_type(idx.type)) not in ("i32", "i64"):
            return f"operand 1 is {idx.type}; the kernel takes int32 or int64 indices"
        if option_index_vector_dim(op) >= len(idx.type.shape):
            return ("index_vector_dim is the indices' rank (an implicit index vector): TFLite's ReadIndexVector "
                    "(tensor_slice_util.cc) then reads the indices' shape past its end, which is undefined")
        if len(ints(op, "start_index_map")) != idx.type.shape[option_index_vector_dim(op)]:
            return "start_index_map does not name one operand dimension per index vector component"
        sizes = ints(op, "slice_sizes")
        if len(sizes) != len(x.type.shape):
            return "slice_sizes does not have one entry per operand dimension"
        if any(not 0 <= s <= d for s, d in zip(sizes, x.type.shape)):
            return "a slice size beyond its operand dimension"
        offset_dims, collapsed = ints(op, "offset_dims"), ints(op, "collapsed_slice_dims")
        kept = [s for d, s in enumerate(sizes) if d not in collapsed]
        if len(offset_dims) != len(kept) or any(t.shape[o] != s for o, s in zip(offset_dims, kept)):
            return "the offset dimensions of the result do not match the uncollapsed slice sizes"
        batch = [d for k, d in enumerate(idx.type.shape) if k != option_index_vector_dim(op)]
        if [d for k, d in enumerate(t.shape) if k not in offset_dims] != batch:
            return "the batch dimensions of the result do not match the indices"
        return None

    def rewrite(self, b, op, operands, result_types):
        x, idx = operands
        t = result_types[0]
        shape, rank = list(x.type.shape), len(t.shape)
        strides = [math.prod(shape[d + 1:]) for d in range(len(shape))]
        sizes, start_map = ints(op, "slice_sizes"), ints(op, "start_index_map")
        offset_dims, collapsed = ints(op, "offset_dims"), ints(op, "collapsed_slice_dims")
        full_batch = [1 if k in offset_dims else t.shape[k] for k in range(rank)]
        flat = None
        if start_map:  # sum over components of the clamped start times its dimension's stride
            rows = index_rows(b, op, idx, [0] * len(start_map), [shape[d] - sizes[d] for d in start_map])
            scaled = tosa.mul(b, rows, tosa.const(b, np.array([[strides[d] for d in start_map]], np.int32), i32),
                              rows.type)
            flat = reshape(b, tosa.reduce(b, "tosa.reduce_sum", scaled, 1) if len(start_map) > 1 else scaled,
                           full_batch)
        # the offsets: one constant over the offset dimensions (1 at the batch ones)
        offset = np.zeros([t.shape[k] if k in offset_dims else 1 for k in range(rank)], np.int64)
        kept = [d for d in range(len(shape)) if d not in collapsed]
        for o, d in zip(offset_dims, kept):
            axis = np.arange(t.shape[o]).reshape([-1 if k == o else 1 for k in range(rank)])
            offset = offset + axis * strides[d]
        offsets = tosa.const(b, offset.astype(np.int32), i32)
        full = tensor(t.shape, i32)
        flat = offsets if flat is None else tosa.binary(b, "tosa.add", flat, offsets, full)
        flat = tile(b, flat, [w if h == 1 else 1 for h, w in zip(flat.type.shape, t.shape)])
        count = math.prod(t.shape)
        values = reshape(b, x, (1, math.prod(shape), 1))
        return [reshape(b, gather(b, values, reshape(b, flat, (1, count))), t.shape)]


def option_index_vector_dim(op) -> int:
    a = op.attributes.get("index_vector_dim")
    return 0 if a is None else int(a.value)


def clamp32(b, x, lo, hi):
    """min(max(x, lo), hi) on i32 with constant bounds (scalars, or arrays that broadcast):
    TOSA's integer profile has no i32 tosa.clamp."""
    rank = len(x.type.shape)

    def bound(v):
        a = np.asarray(v, np.int64).astype(np.int32)
        return tosa.const(b, a.reshape((1,) * (rank - a.ndim) + a.shape), i32)

    x = tosa.binary(b, "tosa.maximum", x, bound(lo), x.type)
    return tosa.binary(b, "tosa.minimum", x, bound(hi), x.type)


def index_rows(b, op, idx, lo, hi):
    """The index vectors of operand 1 as i32 rows [count, K], batch positions in row-major
    order, component k clamped to [lo[k], hi[k]] in the indices' own width (an int64 index
    is clamped before it is narrowed, so none wraps)."""
    ishape, ivd = list(op.operands[1].type.shape), option_index_vector_dim(op)
    order = [k for k in range(len(ishape)) if k != ivd] + [ivd]
    count, width = math.prod(ishape) // ishape[ivd], ishape[ivd]
    low, high = (np.array(v, np.int64).reshape(1, width) for v in (lo, hi))
    known = constant_array(op.operands[1])
    if known is not None:
        rows = np.clip(np.transpose(np.asarray(known, np.int64), order).reshape(count, width), low, high)
        return tosa.const(b, rows.astype(np.int32), i32)
    if order != list(range(len(ishape))):
        idx = tosa.transpose(b, idx, order)
    rows = reshape(b, idx, (count, width))
    if element_type(rows.type) == i32:
        return clamp32(b, rows, low, high)
    wide = rows.type  # int64: arith (TOSA has no 64-bit integer arithmetic)
    rows = b.value("arith.maxsi", [rows, arith.constant(b, np.broadcast_to(low, (count, width)), wide)], wide)
    rows = b.value("arith.minsi", [rows, arith.constant(b, np.broadcast_to(high, (count, width)), wide)], wide)
    return tosa.cast(b, rows, wide.with_element_type(i32))


# --- scatter ------------------------------------------------------------------------------------

# The update computation a STABLEHLO_SCATTER subgraph names (GetComputationType): no operator
# is a plain update; otherwise its one operator, of these StableHLO codes only.
COMBINERS = {"tfl.stablehlo_add": "add", "tfl.stablehlo_multiply": "mul", "tfl.stablehlo_maximum": "max",
             "tfl.stablehlo_minimum": "min"}
MAX_SCATTER_INDICES = 64  # index vectors written out one update step each


def combiner(op):
    """('update' | 'add' | 'mul' | 'max' | 'min', None) or (None, why not)."""
    kernels, why = body_operators(op, "update_computation_subgraph_index")
    if why:
        return None, why
    if not kernels:
        return "update", None
    if len(kernels) > 1:
        return None, f"the update computation has {len(kernels)} operators; the kernel takes at most one"
    name = COMBINERS.get(kernels[0].name)
    return (name, None) if name else (None, f"the update computation's {kernels[0].name} is no combiner the "
                                            f"kernel knows (STABLEHLO_ADD, MULTIPLY, MAXIMUM, MINIMUM)")


def combine(b, kind: str, old, new, t):
    """The kernel's ApplyComputation(old, new): new, old + new, old * new, std::max(old, new)
    (`old < new ? new : old`), std::min(old, new) (`new < old ? new : old`); on bool
    `+` and max are OR, `*` and min AND."""
    if kind == "update":
        return new
    if is_bool(t):
        return b.value("tosa.logical_or" if kind in ("add", "max") else "tosa.logical_and", [old, new], t)
    if not is_float(t):
        return integers(b, kind, old, new, t)
    if kind == "add":
        return tosa.binary(b, "tosa.add", old, new, t)
    if kind == "mul":
        return tosa.mul(b, old, new, t)
    takes_new = b.value("tosa.greater", [new, old] if kind == "max" else [old, new], t.with_element_type(i1))
    return select(b, takes_new, new, old, t)


class Scatter(OnStoredIntegers, StaticPattern):
    """stablehlo.scatter (stablehlo_scatter.cc): the output starts as the input; each update
    element, in row-major order, goes to its index vector's start (not clamped) plus its
    window offset, and is skipped when that falls outside the operand; there it replaces the
    value or is combined with it by the update computation's operator.

    Here one step per index vector n, in order: every output position p reads the window
    offset w = p - start_n; where 0 <= w < window it takes combine(out[p], update_n[w]) (a
    tosa.gather of the window at the clamped w), elsewhere it keeps out[p]. Within one index
    vector the positions are distinct; across them the kernel's order is index-vector-major
    when the updates' scatter dimensions lead (a different order is declined unless there is
    one index vector)."""

    data = (0, 2)

    def checks(self, op):
        return StaticPattern.unsupported(self, op)

    def compares(self, op):
        return combiner(op)[0] in ("max", "min")

    def layout(self, op):
        x, idx, u = op.operands
        window_dims, inserted = ints(op, "update_window_dims"), ints(op, "inserted_window_dims")
        scatter_dims = [k for k in range(len(u.type.shape)) if k not in window_dims]
        operand_window = [1] * len(x.type.shape)
        for d, k in zip([d for d in range(len(x.type.shape)) if d not in inserted], window_dims):
            operand_window[d] = u.type.shape[k]
        return window_dims, inserted, scatter_dims, operand_window

    def check(self, op):
        kind, why = combiner(op)
        if why or signless(op):
            return why or signless(op)
        x, idx, u = op.operands
        if static_shapes(op, [idx]):
            return static_shapes(op, [idx])
        if str(element_type(idx.type)) not in ("i32", "i64"):
            return f"operand 1 is {idx.type}; the kernel takes int32 or int64 indices"
        ivd = option_index_vector_dim(op)
        if ivd >= len(idx.type.shape):
            return ("index_vector_dim is the indices' rank (an implicit index vector): TFLite's ReadIndexVector "
                    "(tensor_slice_util.cc) then reads the indices' shape past its end, which is undefined")
        if tuple(op.results[0].type.shape) != tuple(x.type.shape):
            return "the result's shape differs from the operand's"
        window_dims, inserted, scatter_dims, window = self.layout(op)
        to_operand = ints(op, "scatter_dims_to_operand_dims")
        if len(to_operand) != idx.type.shape[ivd] or any(not 0 <= d < len(x.type.shape) for d in to_operand):
            return "scatter_dims_to_operand_dims does not map each index vector component to an operand dimension"
        if len(window_dims) + len(inserted) != len(x.type.shape) or any(d >= len(x.type.shape) for d in inserted):
            return "the update window dimensions and inserted dimensions do not cover the operand"
        batch = [d for k, d in enumerate(idx.type.shape) if k != ivd]
        if [u.type.shape[k] for k in scatter_dims] != batch:
            return "the updates' scatter dimensions do not match the indices"
        count = math.prod(batch)
        if count > MAX_SCATTER_INDICES:
            return f"{count} index vectors; the pattern writes out at most {MAX_SCATTER_INDICES}"
        if count > 1 and scatter_dims != list(range(len(scatter_dims))):
            return ("the updates' scatter dimensions do not lead: the kernel's row-major order interleaves the "
                    "windows of different index vectors")
        return None

    def rewrite(self, b, op, operands, result_types):
        kind, _ = combiner(op)
        x, idx, u = operands
        t = result_types[0]
        shape, rank = list(t.shape), len(t.shape)
        window_dims, inserted, scatter_dims, window = self.layout(op)
        to_operand, ivd = ints(op, "scatter_dims_to_operand_dims"), option_index_vector_dim(op)
        ishape = list(idx.type.shape)
        count, size = math.prod(ishape) // ishape[ivd], math.prod(window)
        # index vectors as rows [count, K], clamped to [-window, dim], which keeps every
        # position inside or outside as it was and p - start within i32; updates as windows
        # [count, size] (scatter dims first)
        rows = index_rows(b, op, idx, [-window[d] for d in to_operand], [shape[d] for d in to_operand])
        uperm = scatter_dims + window_dims
        windows = reshape(b, tosa.transpose(b, u, uperm) if uperm != list(range(len(uperm))) else u, (count, size))
        strides = [math.prod(window[d + 1:]) for d in range(rank)]
        unit = [1] * rank
        iota = [np.arange(n).reshape([-1 if k == d else 1 for k in range(rank)]) for d, n in enumerate(shape)]
        out = x
        for n in range(count):
            # dimensions without an index component start at 0: their offsets are constants
            fixed = [d for d in range(rank) if d not in to_operand]
            ok = np.ones(unit, bool)
            flat = np.zeros(unit, np.int64)
            for d in fixed:
                ok = ok & (iota[d] < window[d])
                flat = flat + np.minimum(iota[d], window[d] - 1) * strides[d]
            valid = tosa.const(b, np.broadcast_to(ok, np.broadcast_shapes(ok.shape, *(iota[d].shape for d in fixed)))
                               .copy(), i1)
            offset = tosa.const(b, np.broadcast_to(flat, valid.type.shape).astype(np.int32).copy(), i32)
            for k, d in enumerate(to_operand):
                start = reshape(b, slice_(b, rows, [n, k], [1, 1]), unit)
                w = tosa.binary(b, "tosa.sub", tosa.const(b, iota[d].astype(np.int32), i32), start,
                                tensor(iota[d].shape, i32))
                inside = b.value("tosa.logical_and", [
                    b.value("tosa.greater_equal", [w, tosa.const(b, np.zeros(unit, np.int32), i32)],
                            tensor(w.type.shape, i1)),
                    b.value("tosa.greater", [tosa.const(b, np.full(unit, window[d], np.int32), i32), w],
                            tensor(w.type.shape, i1))], tensor(w.type.shape, i1))
                both = np.broadcast_shapes(tuple(valid.type.shape), tuple(inside.type.shape))
                valid = b.value("tosa.logical_and", [valid, inside], tensor(both, i1))
                term = tosa.mul(b, clamp32(b, w, 0, window[d] - 1),
                                tosa.const(b, np.full(unit, strides[d], np.int32), i32), w.type)
                offset = tosa.binary(b, "tosa.add", offset, term, tensor(np.broadcast_shapes(
                    tuple(offset.type.shape), tuple(term.type.shape)), i32))
            offset = tile(b, offset, [want if have == 1 else 1 for have, want in zip(offset.type.shape, shape)])
            update = reshape(b, slice_(b, windows, [n, 0], [1, size]), (1, size, 1))
            picked = reshape(b, gather(b, update, reshape(b, offset, (1, math.prod(shape)))), shape)
            out = select(b, valid, combine(b, kind, out, picked, t), out, t)
        return [out]


# --- calls ------------------------------------------------------------------------------------


def decomposition(op):
    """Why COMPOSITE cannot call its decomposition subgraph, or None."""
    callee = subgraph(op, "decomposition_subgraph_index")
    if callee is None:
        return "the decomposition subgraph is missing"
    ft = callee.function_type
    if list(ft.inputs) != [v.type for v in op.operands] or list(ft.results) != list(op.result_types):
        return "the operand or result types differ from the decomposition subgraph's"
    return None


def call_decomposition(b, op, operands, result_types):
    """The call keeps what identifies the high-level op, as one discardable attribute
    `tfl.composite = {name, composite_attributes, version}` (stablehlo.composite's names), so
    a compiler downstream can match `odml.scaled_dot_product_attention` on the call."""
    ref = op.attributes["decomposition_subgraph_index"]
    identity = {k: op.attributes[k] for k in ("name", "composite_attributes", "version") if k in op.attributes}
    attrs = {"callee": ref, "tfl.composite": DictionaryAttr(tuple(identity.items()))}
    return list(b.create("func.call", list(operands), list(result_types), attrs).results)


class Composite(FloatPattern):
    """STABLEHLO_COMPOSITE runs its decomposition subgraph on its operands
    (stablehlo_composite.cc): a func.call of that function, whose operators are legalized
    with the rest of the module."""

    def unsupported(self, op):
        if any(qtype(v) for v in (*op.operands, *op.results)):
            return "quantized operands or results: the decomposition subgraph takes them quantized"
        return decomposition(op)

    def rewrite(self, b, op, operands, result_types):
        return call_decomposition(b, op, operands, result_types)


class QuantizedComposite(IntegerPattern):
    """A quantized COMPOSITE: the call passes the quantized values themselves, as the kernel
    hands its tensors to the subgraph; the subgraph's operators take their own integer
    paths (strip-func-quant-types later moves the call onto storage types)."""

    def unsupported(self, op):
        return decomposition(op)

    def rewrite(self, b, op, operands):
        results = call_decomposition(b, op, op.operands, op.result_types)
        return [b.value("quant.scast", [r], storage_type_of(r.type)) if qtype(r) else r for r in results]


# --- the rows ---------------------------------------------------------------------------------


def no_kernel(code: str) -> Rule:
    return unlowered(f"{code} has no TFLite kernel (neither register_ref.cc nor core/kernels/register.cc "
                     f"registers one): the interpreter refuses the model, so there is no semantics to follow")


ADD, MULTIPLY = Arithmetic("add", "tosa.logical_or"), Arithmetic("mul", "tosa.logical_and")
MAXIMUM, MINIMUM, AND, SHIFT_LEFT = Select(True), Select(False), And(), ShiftLeft()
PAD, GATHER, REDUCE_WINDOW, SCATTER = Pad(), Gather(), ReduceWindow(), Scatter()
