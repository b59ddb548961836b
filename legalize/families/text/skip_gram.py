"""SKIP_GRAM (kernels/skip_gram.cc) on the string buffers of lib/strings.py, with scalar loops.

The kernel reads string 0 of its input only and splits it into words at whitespace
(C's isspace: space, \\t \\n \\v \\f \\r) its own way: the scan starts at byte 1, so a
leading space stays in the first word, and a word ends where a space follows a non-space
start. With fewer words than ngram_size it gives no n-grams. Else it walks a stack of word
indices (depth first, starting at depth 1 with every entry 0): a depth steps in while the
next word is in range and within max_skip_size of the previous depth's word; else, at a
depth of ngram_size (or 1 to ngram_size with include_all_ngrams), it emits the words at
the stack joined by single spaces, and steps back. The output is a 1-D string tensor.

Here: one scf.for over the bytes finds the words (start, length) into a tensor<?x2xi32>
sized by the byte count, writing each candidate at the next slot and counting it only when
it is one;
then the stack walk runs twice as an scf.while on the stack (tensor<ngram_size x i32>),
the depth and the counts: first to count the n-grams and their bytes, then to write the
output buffer of that size (offsets, words, spaces). Reads at a depth past the stack's
ends are clamped into it and their values unused, where the kernel's `&&` skips them.
"""
from __future__ import annotations

import numpy as np

from tfl2quant.ir.attributes import DenseElementsAttr, IntegerAttr
from tfl2quant.ir.core import Operation, Value
from tfl2quant.ir.types import RankedTensorType, i32

from ...lib.query import Reason
from ...lib.scalar_loops import Scalars, while_
from ...lib.strings import BYTES, CAST, STRING, as_bytes, for_, is_string, retype, span, strings_reach, write32
from ...rule import FloatPattern


def _options(op: Operation) -> tuple[int, int, bool]:
    def value(name, default):
        a = op.attributes.get(name)
        return a.value if isinstance(a, IntegerAttr) else default
    return value("ngram_size", 0), value("max_skip_size", 0), bool(value("include_all_ngrams", False))


def _reason(op: Operation) -> Reason:
    if len(op.operands) != 1 or len(op.results) != 1:
        return f"tfl.skip_gram takes 1 operand and gives 1 result, not {len(op.operands)} and {len(op.results)}"
    if not is_string(op.operands[0].type) or not is_string(op.result.type):
        return f"SKIP_GRAM reads and writes strings, not {op.operands[0].type} -> {op.result.type}"
    if op.result.type.shape != (None,) and any(user.name != "func.return" for user, _ in op.result.uses):
        return f"the result is declared {op.result.type}, but SKIP_GRAM gives as many strings as it finds"
    n, skip, _ = _options(op)
    if n < 1:  # the kernel's stack has ngram_size entries and starts at depth 1
        return f"ngram_size {n}: the kernel needs at least 1"
    if skip < 0:
        return f"max_skip_size {skip} is negative"
    return None


def _space(s: Scalars, byte: Value) -> Value:
    """C's isspace in the "C" locale: ' ' or '\\t' .. '\\r'."""
    c = s.b.value("arith.extui", [byte], i32)
    return s.or_(s.cmp("eq", c, 32), s.and_(s.cmp("sge", c, 9), s.cmp("sle", c, 13)))


def _words(s: Scalars, text: Value) -> tuple[Value, Value, Value]:
    """String 0's first byte, its words (tensor<?x2xi32>: start relative to that byte, and
    length; one tensor, not two: IREE 3.x mixes up two filled from equal tensor.empty ops)
    and the word count, as skip_gram.cc's Eval splits them."""
    first, length = span(s, text, 0)
    # at most length + 1 slots are written; one more because IREE 3.x fails the run on an
    # empty string with exactly that (an out-of-range copy into the 8-byte words tensor)
    capacity = s.index(s.add(length, 2))
    words = s.b.value("tensor.empty", [capacity], RankedTensorType((None, 2), i32))

    def put(x, words, count, start, size):  # a candidate at the next slot, counted if it is a word
        return x.put(x.put(words, start, count, 0), size, count, 1)

    def scan(inner, i, v):
        prev, count, words = v
        i = inner.i32(i)
        here = _space(inner, inner.get(text, inner.add(first, i)))
        push = inner.and_(here, inner.and_(inner.cmp("sgt", i, prev),
                                           inner.not_(_space(inner, inner.get(text, inner.add(first, prev))))))
        words = put(inner, words, count, prev, inner.sub(i, prev))
        count = inner.add(count, inner.b.value("arith.extui", [push], i32))
        return [inner.select(here, inner.add(i, 1), prev), count, words]

    prev, count, words = for_(s, 1, s.index(length), [s.const(0, i32), s.const(0, i32), words], scan)
    words = put(s, words, count, prev, s.sub(length, prev))
    count = s.add(count, s.b.value("arith.extui", [s.cmp("sgt", length, prev)], i32))
    return first, words, count


class SkipGram(FloatPattern):
    """tfl.skip_gram -> the word split and the stack walk as scalar loops (skip_gram.cc)."""

    string_reason = staticmethod(_reason)  # its string lowering (lib/strings.py), the reach left out

    def unsupported(self, op: Operation) -> Reason:
        return self.string_reason(op) or strings_reach(op, (0,))

    def rewrite(self, b, op, operands, result_types):
        n, skip, every = _options(op)
        s = Scalars(b)
        text = as_bytes(b, operands[0])
        first, table, words = _words(s, text)

        def walk(inner, extra, emit):
            """The stack walk carrying `extra` values; emit(s, depth, stack, include, extra)
            gives their next values at each step (include: the stack holds an n-gram)."""
            stack = inner.b.value("arith.constant", [], RankedTensorType((n,), i32),
                                  {"value": DenseElementsAttr.from_array(np.zeros(n, np.int32), i32)})
            depth = inner.select(inner.cmp("sge", words, n), inner.const(1, i32), inner.const(-1, i32))

            def step(w, v):
                depth, stack, *rest = v
                at = w.b.value("arith.minsi", [depth, w.const(n - 1, i32)], i32)
                below = w.b.value("arith.maxsi", [w.sub(depth, 1), w.const(0, i32)], i32)
                top = w.get(stack, at)
                deeper = w.and_(w.cmp("slt", depth, n), w.cmp("slt", w.add(top, 1), words))
                near = w.or_(w.cmp("eq", depth, 0), w.cmp("sle", w.sub(top, w.get(stack, below)), skip))
                enter = w.and_(deeper, near)
                # stepping in: stack[depth] += 1, then stack[depth + 1] = stack[depth] below n
                stepped = w.put(stack, w.select(enter, w.add(top, 1), top), at)
                nxt = w.b.value("arith.minsi", [w.add(depth, 1), w.const(n - 1, i32)], i32)
                copy = w.and_(enter, w.cmp("slt", w.add(depth, 1), n))
                stepped = w.put(stepped, w.select(copy, w.add(top, 1), w.get(stepped, nxt)), nxt)
                size_ok = w.cmp("sle", depth, n) if every else w.cmp("eq", depth, n)
                include = w.and_(w.not_(enter), w.and_(w.cmp("sgt", depth, 0), size_ok))
                rest = emit(w, depth, stack, include, rest)
                return [w.select(enter, w.add(depth, 1), w.sub(depth, 1)), stepped, *rest]

            return while_(inner, [depth, stack, *extra], lambda w, v: w.cmp("sge", v[0], 0), step)[2:]

        def gram_bytes(w, depth, stack, include):
            """The bytes of the n-gram at the stack (its words and the spaces between)."""
            def add(x, j, v):
                return [x.add(v[0], x.add(x.get(table, x.get(stack, j), 1), 1))]
            (total,) = for_(w, 0, w.index(w.select(include, depth, w.const(0, i32))), [w.const(0, i32)], add)
            return w.select(include, w.sub(total, 1), w.const(0, i32))

        def measure(w, depth, stack, include, v):
            count, total = v
            return [w.add(count, w.b.value("arith.extui", [include], i32)),
                    w.add(total, gram_bytes(w, depth, stack, include))]

        grams, total = walk(s, [s.const(0, i32), s.const(0, i32)], measure)
        header = s.mul(s.add(grams, 2), 4)
        out = s.b.value("tensor.empty", [s.index(s.add(header, total))], BYTES)
        out = write32(s, out, 0, grams)

        def write(w, depth, stack, include, v):
            out, g, at = v
            at_offset = w.add(w.mul(g, 4), 4)
            out = _write_if(w, out, include, at_offset, at)

            def word(x, j, u):
                out, at = u
                j32 = x.i32(j)
                space = x.cmp("sgt", j32, 0)  # a space before every word but the first
                out = x.put(out, x.select(space, x.b.value("arith.constant", [], out.type.element_type,
                                                            {"value": IntegerAttr(32, out.type.element_type)}),
                                          x.get(out, at)), at)
                at = x.add(at, x.b.value("arith.extui", [space], i32))
                w_index = x.get(stack, j)
                start, length = x.get(table, w_index, 0), x.get(table, w_index, 1)

                def byte(y, c, t):
                    c = y.i32(c)
                    return [y.put(t[0], y.get(text, y.add(y.add(first, start), c)), y.add(at, c))]
                (out,) = for_(x, 0, x.index(length), [out], byte)
                return [out, x.add(at, length)]

            out, at = for_(w, 0, w.index(w.select(include, depth, w.const(0, i32))), [out, at], word)
            return [out, w.add(g, w.b.value("arith.extui", [include], i32)), at]

        out, _, end = walk(s, [out, s.const(0, i32), header], write)
        out = write32(s, out, s.add(s.mul(grams, 4), 4), end)
        if op.result.type.shape != (None,):  # the kernel resizes it to its n-grams
            retype(op, RankedTensorType((None,), STRING))
        return [b.value(CAST, [out], op.result.type)]


def _write_if(s: Scalars, buffer: Value, condition: Value, at: Value, value: Value) -> Value:
    """The int32 `value` at byte `at` where `condition` holds; else the buffer unchanged (its
    bytes at `at` rewritten as they are: `at` is inside it whenever an n-gram follows)."""
    for k in range(4):
        byte = s.b.value("arith.trunci", [s.shr(value, 8 * k) if k else value], buffer.type.element_type)
        where = s.add(at, k)
        buffer = s.put(buffer, s.select(condition, byte, s.get(buffer, where)), where)
    return buffer

