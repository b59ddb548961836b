"""Whole-op kernels for linalg.generic bodies the lowering emits by the hundred, recognised
when the executor plans a function (`recognise`): one kernel for the body instead of a
numpy pass per body op, giving the same integers.

The int16x8 convolution (legalize: a 16-bit input as two 8-bit convolutions, its high byte
and its low byte) is combined by a generic per output element:

    trunci_o(minsi(maxsi(trunci_32(((256 * hi + lo + bias) * m + (1 << (s - 1))) >> s), L), H))

with hi, lo the i32 accumulators and bias, m, s per output channel (i64): 18 ops, each a pass
over int64 arrays. In int64 the multiplies and adds wrap modulo 2^64 exactly as arith's do,
and a ring's identities hold there, so it is hi * (256 m) + lo * m + (bias m + round) before
the shift: the same bits in 5 int64 passes, block by block (a block's arrays stay in cache).
"""
from __future__ import annotations

import math

import numpy as np

from tfl2quant.ir.affine import AffineMapAttr
from tfl2quant.ir.attributes import IntegerAttr
from tfl2quant.ir.core import Operation

from ._context import Context
from .tosa import conv2d_accumulator, depthwise_accumulator

_BLOCK = 16384  # elements per block: its int64 temporaries stay in the cache

# the combine's yielded value, as `_expression` writes a body: ("arg", k) a block argument,
# ("const", name) a constant bound by the match, (op, width of its result, *operands)
_COMBINE = ("arith.trunci", "o",
            ("arith.minsi", 32,
             ("arith.maxsi", 32,
              ("arith.trunci", 32,
               ("arith.shrsi", 64,
                ("arith.addi", 64,
                 ("arith.muli", 64,
                  ("arith.addi", 64,
                   ("arith.addi", 64,
                    ("arith.muli", 64, ("arith.extsi", 64, ("arg", 0)), ("const", "k")),
                    ("arith.extsi", 64, ("arg", 1))),
                   ("arg", 2)),
                  ("arg", 3)),
                 ("arith.shli", 64, ("const", "one"), ("arith.addi", 64, ("arg", 4), ("const", "minus_one")))),
                ("arg", 4))),
              ("const", "lo")),
             ("const", "hi")))


def recognise(op: Operation, executor=None, constant=lambda v: None) -> tuple | None:
    """(the fused kernel for `op`, the values it reads), or None (the op runs as its own ops).
    `constant(v)` is v's value where planning computed it (constants), else None."""
    if op.name != "linalg.generic" or len(op.operands) != 6 or len(op.results) != 1:
        return None
    body = op.regions[0].blocks[0]
    yielded = _expression(body)
    if yielded is None:
        return None
    bound = _match(_COMBINE, yielded, {})
    if bound is None or (bound["one"], bound["minus_one"]) != (1, -1) or bound["o"] not in (8, 16, 32):
        return None
    maps = [a.value for a in op.attributes["indexing_maps"].value if isinstance(a, AffineMapAttr)]
    n = maps[0].num_dims if maps else 0
    identity = tuple(maps[0].identity(n).results) if maps else ()
    channel = (("dim", n - 1),)
    if (len(maps) != 6 or any(m.results != identity for m in (maps[0], maps[1], maps[5]))
            or any(tuple((e.kind, e.value) for e in m.results) != channel for m in maps[2:5])
            or [str(a.type) for a in body.args] != ["i32", "i32", "i64", "i64", "i64", f"i{bound['o']}"]):
        return None
    clamp, out_dtype = (bound["lo"], bound["hi"]), np.dtype(f"int{bound['o']}")
    pair = _convolution_pair(op, executor, constant) if bound["k"] == 256 else None
    if pair is not None:
        return pair(clamp, out_dtype)
    return _combine_kernel(bound["k"], *clamp, out_dtype), tuple(op.operands)


def _owner(v, name: str):
    owner = v.owner_op
    return owner if owner is not None and owner.name == name else None


def _convolution_pair(generic: Operation, executor, constant):
    """The convolution of the 16-bit input itself, where the combine's two accumulators are
    legalize's 8-bit convolutions of its high byte (x >> 8, zero point 0) and low byte
    ((i8) x ^ -128, zero point -128: x mod 256) with the same weights: then 256 A + B is the
    sum of x (w - wzp) plus 256 bias_A + bias_B, provided neither A nor B wrapped in its i32
    (bounded from the constant weights and biases). One convolution instead of two and the
    byte split: the convolutions and the split are left without readers, and not run."""
    conv_a, conv_b = (v.owner_op for v in generic.operands[:2])
    if conv_a is None or conv_b is None or conv_a.name != conv_b.name or conv_a.name not in (
            "tosa.conv2d", "tosa.depthwise_conv2d") or conv_a.attributes != conv_b.attributes:
        return None
    shifted = _owner(conv_a.operands[0], "tosa.cast")
    shift = shifted and _owner(shifted.operands[0], "tosa.arithmetic_right_shift")
    flipped = _owner(conv_b.operands[0], "tosa.bitwise_xor")
    low = flipped and _owner(flipped.operands[0], "tosa.cast")
    if not (shift and low) or shift.operands[0] is not low.operands[0] or shift.attributes.get("round") is None:
        return None
    x = shift.operands[0]
    if str(getattr(x.type, "element_type", "")) != "i16" or bool(getattr(shift.attributes["round"], "value", 1)):
        return None
    values = [constant(v) for v in (shift.operands[1], flipped.operands[1], *conv_a.operands[1:], *conv_b.operands[1:])]
    if any(v is None for v in values):
        return None
    by, xor, w, bias_a, izp_a, wzp_a, w_b, bias_b, izp_b, wzp_b = values
    if not (_all(by, 8) and _all(xor, -128) and _all(izp_a, 0) and _all(izp_b, -128) and w.shape == w_b.shape
            and np.array_equal(w, w_b) and np.array_equal(wzp_a, wzp_b) and w.dtype == np.int8):
        return None
    weights = w.astype(np.int64) - int(np.asarray(wzp_a).reshape(-1)[0])
    depthwise = conv_a.name == "tosa.depthwise_conv2d"
    # per output channel: sum |w - wzp| (depthwise: [KH, KW, C, M] -> C * M)
    total = np.abs(weights).sum(axis=(0, 1)).reshape(-1) if depthwise else np.abs(weights).sum(axis=(1, 2, 3))
    a, b = bias_a.astype(np.int64), bias_b.astype(np.int64)
    if (int((128 * total + np.abs(a)).max(initial=0)) >= 1 << 31
            or int((255 * total + np.abs(b)).max(initial=0)) >= 1 << 31 or total.shape != a.shape):
        return None
    ctx_conv = Context(conv_a, executor)
    izp, wzp = np.zeros(1, np.int16), np.asarray(wzp_a)
    reach = 32768 * int(total.max(initial=0))
    ring = np.dtype(np.int32) if reach < 1 << 31 else np.dtype(np.int64)
    bias = 256 * a + b

    def make(clamp, out_dtype):
        combine = _combine_kernel(1, *clamp, out_dtype)
        biases: list = [None, None]  # the generic's bias and that plus 256 bias_A + bias_B

        def kernel(ctx, x16, generic_bias, m, s, init):
            if depthwise:
                acc = depthwise_accumulator(ctx_conv, x16, w, izp, wzp, ring)
            else:
                acc = conv2d_accumulator(ctx_conv, x16, w, izp, wzp)[0]
            if biases[0] is not generic_bias:
                biases[:] = generic_bias, bias + generic_bias.astype(np.int64)
            return combine(ctx, acc, None, biases[1], m, s, init)
        return kernel, (x, *generic.operands[2:])
    return make


def _all(values, v: int) -> bool:
    a = np.asarray(values)
    return a.size > 0 and a.dtype.kind in "iu" and bool((a == v).all())


def _expression(body) -> tuple | None:
    """The value the body's linalg.yield yields, as a tree of its ops (constants as values)."""
    exprs = {a: ("arg", k) for k, a in enumerate(body.args)}
    for op in body.ops:
        if op.name == "linalg.yield":
            return exprs.get(op.operands[0]) if len(op.operands) == 1 else None
        if op.regions or len(op.results) != 1:
            return None
        width = getattr(op.result.type, "width", None)
        if op.name == "arith.constant":
            value = op.attributes.get("value")
            if not isinstance(value, IntegerAttr):
                return None
            exprs[op.result] = ("value", value.value)
            continue
        if any(v not in exprs for v in op.operands) or (op.attributes and op.name != "arith.trunci"):
            return None  # flags (overflow) or anything else: not the plain op the kernel computes
        exprs[op.result] = (op.name, width, *(exprs[v] for v in op.operands))
    return None


def _match(pattern, expr, bound: dict) -> dict | None:
    """Bind `pattern`'s constants and the result width "o" to `expr`'s, or None."""
    if pattern[0] == "const":
        if expr[0] != "value":
            return None
        bound[pattern[1]] = expr[1]
        return bound
    if pattern[0] == "arg":
        return bound if expr == pattern else None
    if expr[0] != pattern[0] or len(expr) != len(pattern):
        return None
    if pattern[1] == "o":
        bound["o"] = expr[1]
    elif expr[1] != pattern[1]:
        return None
    for p, e in zip(pattern[2:], expr[2:]):
        if _match(p, e, bound) is None:
            return None
    return bound


def _combine_kernel(k: int, lo: int, hi: int, out_dtype: np.dtype):
    """The combine on (high, low) accumulators; with low None, on one accumulator `high` (an
    exact sum, integers in a float type included) as high * m + (bias m + round)."""
    lo32, hi32 = np.int32(_wrap32(lo)), np.int32(_wrap32(hi))  # the constants are i32

    def kernel(ctx, high, low, bias, m, s, init):
        found = ctx.cache.get("combine")
        if found is None or found[0] is not bias or found[1] is not m or found[2] is not s:
            m64, s64 = m.astype(np.int64), s.astype(np.int64)
            with np.errstate(over="ignore"):  # products wrap modulo 2^64, as arith.muli's
                constants = (m64 * np.int64(k), m64, bias.astype(np.int64) * m64 + np.left_shift(np.int64(1), s64 - 1),
                             s64)
            found = ctx.cache["combine"] = (bias, m, s, constants, {})
        constants, tiles = found[3], found[4]
        c = high.shape[-1] if high.ndim else 1
        out = np.empty(high.shape, out_dtype)
        if high.size == 0:
            return out
        flat_high, flat_out = high.reshape(-1, c), out.reshape(-1, c)
        flat_low = None if low is None else low.reshape(-1, c)
        exact = high.dtype.kind != "f"  # a float sum is converted to int64 before the multiply
        rows = min(max(1, _BLOCK // c), len(flat_high))
        tiled = tiles.get(rows)
        if tiled is None:  # whole rows of constants: faster than broadcasting a short last axis
            tiled = tiles[rows] = tuple(np.tile(a, (rows, 1)) for a in constants)
        km, m64, add, s64 = tiled
        v, w = np.empty((rows, c), np.int64), np.empty((rows, c), np.int64)
        for start in range(0, len(flat_high), rows):
            r = min(rows, len(flat_high) - start)
            vb, wb = v[:r], w[:r]
            if exact:
                np.multiply(flat_high[start:start + r], km[:r], out=vb, casting="unsafe")
            else:
                np.copyto(vb, flat_high[start:start + r], casting="unsafe")
                vb *= km[:r]
            if flat_low is not None:
                np.multiply(flat_low[start:start + r], m64[:r], out=wb, casting="unsafe")
                vb += wb
            vb += add[:r]
            vb >>= s64[:r]
            v32 = vb.astype(np.int32)  # arith.trunci: the low 32 bits
            np.maximum(v32, lo32, out=v32)
            np.minimum(v32, hi32, out=v32)
            flat_out[start:start + r] = v32  # trunci to the result: numpy's cast keeps the low bits
        return out
    return kernel


def _wrap32(v: int) -> int:
    return ((v + (1 << 31)) & 0xFFFFFFFF) - (1 << 31)


# elementwise ops whose kernels compute each element from the same elements of their operands
# alone (nothing from the position or the shape): on an 8- or 16-bit input, a table
_ELEMENTWISE = frozenset({
    "tosa.rescale", "tosa.table", "tosa.mul", "tosa.add", "tosa.sub", "tosa.maximum", "tosa.minimum",
    "tosa.clamp", "tosa.cast", "tosa.abs", "tosa.negate", "tosa.select", "tosa.greater", "tosa.greater_equal",
    "tosa.equal", "tosa.arithmetic_right_shift", "tosa.logical_left_shift", "tosa.logical_right_shift",
    "tosa.bitwise_and", "tosa.bitwise_or", "tosa.bitwise_xor", "tosa.bitwise_not", "tosa.identity"})
# ops that keep each element's place in row-major order: elementwise once the chain runs on
# arrays of the source's shape (a lookup in a constant table by a computed index, a reshape)
_IN_ORDER = frozenset({"tosa.reshape", "tosa.gather"})
# operands that are read whole, not per element: any size (TABLE's table, GATHER's values
# with one batch, a reshape's shape)
_WHOLE = {("tosa.table", 1), ("tosa.gather", 0), ("tosa.reshape", 1)}


class ByteFunctions:
    """Chains of elementwise ops on one 8- or 16-bit tensor (and one-element constants): a
    function of that tensor's value, so the last op of a chain of two or more runs as a lookup
    in the table of its 256 (65,536) results, made by the chain's own kernels on every value.
    EfficientNet's int8 swish (rescale, TABLE, two rescales to i32, MUL, rescale: a pass each
    over int64 temporaries) is one `take`; its int16 swish (30 ops around two GATHERs) too.
    The chain's other ops, read by nothing else, are not run (the planner drops them). The
    same integers: each element of each op comes from the same operand elements by the same
    kernels. A 16-bit table costs 65,536 elements of the chain: it is made once the lookup has
    run the chain on as many elements itself (a model run once, as `check` runs it, does not
    pay for it), or never if the chain fails on some value that its inputs did not hold."""

    def __init__(self, constant, container, to_container):
        self.constant, self.container, self.to_container = constant, container, to_container
        self.chains: dict = {}  # value -> (its source value, the steps computing it, in order)

    def plan(self, op: Operation, step, slots: dict):
        """(the lookup kernel, (the source value,)) for `op`'s planned `step`, or None."""
        if (op.name not in _ELEMENTWISE and op.name not in _IN_ORDER) or len(op.results) != 1 or op.regions:
            return None
        shape = getattr(op.result.type, "shape", None)
        if not shape or None in shape:
            return None
        size = math.prod(shape)
        source, steps = None, {}  # id -> step, in the order of the plan (each chain is)
        for k, v in enumerate(op.operands):
            known = self.constant(v)
            if known is not None:
                whole = (op.name, k) in _WHOLE and not (op.name == "tosa.gather" and np.shape(known)[0] != 1)
                if np.size(known) != 1 and not whole:
                    return None  # per-channel constants: the result depends on the position
                continue
            if (op.name, k) in _WHOLE:
                return None  # a table or shape computed at run time
            chain = self.chains.get(v)
            if chain is None:
                dtype = self.container(v)
                shape_v = getattr(v.type, "shape", None)
                if (dtype is None or dtype.itemsize > 2 or dtype.kind not in "iu" or not shape_v
                        or None in shape_v or math.prod(shape_v) != size):
                    return None
                chain = (v, ())
            if source is not None and chain[0] is not source:
                return None
            source = chain[0]
            steps.update((id(s), s) for s in chain[1])
        if source is None or math.prod(source.type.shape) != size:
            return None
        steps[id(step)] = step
        chain = tuple(steps.values())
        self.chains[op.result] = (source, chain)
        if len(chain) < 2:
            return None
        return self._lookup(source, chain, slots, tuple(shape)), (source,)

    def _lookup(self, source, steps, slots, shape):
        source_slot, constant, to_container = slots[source], self.constant, self.to_container
        in_order = any(s.ctx.op.name in _IN_ORDER for s in steps)
        # the table, or False: none; elements the chain ran on; the chain's constants (made on
        # the first run: most lookups are dropped, read only by others)
        state = {"table": None, "run": 0, "constants": None}

        def chain(x, running=None):
            """The chain on x; with the `running` frame, only the steps whose results it does not
            hold yet (chains that other lookups, run before, share a part of)."""
            if state["constants"] is None:
                state["constants"] = {slots[v]: constant(v) for s in steps for v in s.ctx.op.operands
                                      if constant(v) is not None}
            frame = dict(state["constants"])
            frame[source_slot] = x
            todo = steps
            if running is not None:
                needed, todo = {steps[-1].results[0]}, []
                for s in reversed(steps):
                    r = s.results[0]
                    if r in needed:
                        if running[r] is None:
                            todo.append(s)
                            needed.update(s.operands)
                        else:
                            frame[r] = running[r]
                todo.reverse()
            for s in todo:
                out = s.kernel(s.ctx, *[frame[k] for k in s.operands])
                out = out[0] if type(out) is tuple else out
                frame[s.results[0]] = out if s.dtypes[0] is None else to_container(out, s.dtypes[0])
            return frame[steps[-1].results[0]]

        def table(x):
            """The chain's result for each value of x's type, in the order of its bits."""
            n = 1 << (8 * x.dtype.itemsize)
            values = np.arange(n, dtype=f"u{x.dtype.itemsize}").view(x.dtype)
            if not in_order:  # every value at once, in x's rank (one-element constants broadcast)
                return np.ascontiguousarray(chain(values.reshape((1,) * (x.ndim - 1) + (n,)))).reshape(n)
            parts = []  # arrays of x's shape (reshapes and gathers read them as they read x)
            for start in range(0, n, x.size):
                part = np.full(x.size, values[min(start + x.size, n) - 1], x.dtype)
                part[:min(x.size, n - start)] = values[start:start + x.size]
                parts.append(np.asarray(chain(part.reshape(x.shape))).reshape(-1)[:n - start])
            return np.concatenate(parts)

        def kernel(ctx, x):
            found = state["table"]
            if found is None and (x.dtype.itemsize == 1 or state["run"] >= 1 << 16):
                try:
                    found = state["table"] = table(x)
                except (ValueError, TypeError, IndexError, ArithmeticError, KeyError):
                    found = state["table"] = False  # a value x never held fails: the chain it is
            if found is None or found is False:
                state["run"] += x.size
                return chain(x, ctx.frame)
            return np.take(found, x.view(f"u{x.dtype.itemsize}")).reshape(shape)
        kernel.state = state  # for tests: whether the table was made
        return kernel
