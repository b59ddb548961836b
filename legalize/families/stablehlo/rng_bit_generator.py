"""STABLEHLO_RNG_BIT_GENERATOR (kernels/rng_bit_generator.cc, rng_util.cc).

The uint64 state is read as uint32 words w (little endian: w[2k] the low half of state[k]):
key = (w0, w1), the counter's first two words (w2, w3) = state[1] as one 64-bit counter.
Block b of the output stream is the algorithm run on key and counter state[1] + b:

    THREEFRY          Threefry2x32-20: 2 words a block; the state is u64[2]
    PHILOX, DEFAULT   Philox4x32-10: 4 words a block, counter (state[1], state[2]) for a u64[3]
                      state, (state[1], state[0]) for a u64[2] one

The output takes the stream's words in order, two per element for a 64-bit output (low word
first); the output key is the state with state[1] advanced by the number of blocks (the last
one partly used counts).

TOSA, arith and linalg integers are signless: the state and the unsigned output are moved
in and out by tensor.bitcast (same bits), and the algorithms run in one linalg.generic over
the output, each element computing its block's words in i32 arith (32-bit wrapping adds,
rotations by shli/shrui; Philox's 32 x 32 -> 64-bit products in i64) and picking its own.
"""
from __future__ import annotations

import math

from tfl2quant.dialects.linalg import generic, loop_index
from tfl2quant.ir.affine import AffineMap, const
from tfl2quant.ir.types import IntegerType, element_type, i32, i64, tensor

from ...lib.query import option, static_shapes
from ...lib.scalar_loops import Scalars
from ...rule import FloatPattern

THREEFRY, PHILOX, DEFAULT = "THREEFRY", "PHILOX", "DEFAULT"  # RngAlgorithm in schema.fbs
THREEFRY_PARITY = 0x1BD11BDA
THREEFRY_ROTATIONS = ((13, 15, 26, 6), (17, 29, 16, 24))
PHILOX_M = (0xD2511F53, 0xCD9E8D57)
PHILOX_W = (0x9E3779B9, 0xBB67AE85)
MAX_WORDS = 1 << 24


def _signed32(v: int) -> int:
    return v - (1 << 32) if v >= 1 << 31 else v


class RngBitGenerator(FloatPattern):
    def unsupported(self, op):
        if len(op.operands) != 1 or len(op.results) != 2:
            return "STABLEHLO_RNG_BIT_GENERATOR takes 1 operand and gives 2 results"
        reason = static_shapes(op)
        if reason:
            return reason
        state, (key, out) = op.operands[0], op.results
        e = element_type(state.type)
        if not (isinstance(e, IntegerType) and e.width == 64):
            return f"the state is {state.type}; the kernel takes uint64"
        if len(state.type.shape) != 1 or key.type != state.type:
            return f"state {state.type} and output key {key.type}: the kernel takes one 1-D uint64 shape"
        algorithm = option(op, "algorithm", DEFAULT)
        size = state.type.shape[0]
        if algorithm == THREEFRY and size != 2:
            return f"THREEFRY takes a u64[2] state, not u64[{size}]"
        if algorithm in (PHILOX, DEFAULT) and size not in (2, 3):
            return f"PHILOX takes a u64[2] or u64[3] state, not u64[{size}]"
        if algorithm not in (THREEFRY, PHILOX, DEFAULT):
            return f"unknown RNG algorithm {algorithm}"
        e = element_type(out.type)
        if not isinstance(e, IntegerType) or e.width not in (32, 64):
            return f"the output is {out.type}; the kernel writes int32, int64, uint32 or uint64"
        words = math.prod(out.type.shape) * (e.width // 32)
        if words > MAX_WORDS:
            return f"{words} words of output (up to {MAX_WORDS})"
        return None

    def rewrite(self, b, op, operands, result_types):
        state = operands[0]
        (size,) = state.type.shape
        state = _bitcast(b, state, i64)
        algorithm = option(op, "algorithm", DEFAULT)
        out_type = result_types[1]
        elem = element_type(out_type)
        per_element = elem.width // 32
        per_block = 2 if algorithm == THREEFRY else 4
        blocks = -(-math.prod(out_type.shape) * per_element // per_block)
        shape = tuple(out_type.shape)
        rank = len(shape)
        # the state's entries as scalars in every lane: state[0] (key), state[1] (counter), and
        # Philox's fixed counter half: state[2], or state[0] for a u64[2] state
        entries = [0, 1] + ([2 if size == 3 else 0] if algorithm != THREEFRY else [])
        maps = [AffineMap(rank, (const(k),)) for k in entries]

        def body(r, args):
            s = Scalars(r)
            position = None
            for k, extent in enumerate(shape):  # the element's row-major position
                at = s.b.value("arith.index_cast", [loop_index(r, k)], i64)
                position = at if position is None else s.add(s.mul(position, extent), at)
            word = s.mul(position, per_element)  # its first word in the stream
            block = s.div(word, per_block)
            counter = s.add(args[1], block)
            key = _halves(s, args[0])
            words = (_threefry(s, key, _halves(s, counter)) if algorithm == THREEFRY
                     else _philox(s, key, _halves(s, counter) + _halves(s, args[2])))
            within = s.sub(word, s.mul(block, per_block))

            def pick(at):
                chosen = words[0]
                for k in range(1, per_block):
                    chosen = s.select(s.cmp("eq", at, k), words[k], chosen)
                return chosen

            low = pick(within)
            if per_element == 1:
                return low
            high = pick(s.add(within, 1))
            wide = (s.b.value("arith.extui", [w], i64) for w in (low, high))
            low, high = wide
            return s.or_(low, s.shl(high, 32))

        stream = generic(b, [state] * len(entries), maps, tensor(shape, i64 if per_element == 2 else i32), body)

        def advance(r, args):
            s = Scalars(r)
            first = s.cmp("eq", loop_index(r, 0), 1)  # state[1] is the counter
            return s.select(first, s.add(args[0], blocks), args[0])

        key = generic(b, [state], [AffineMap.identity(1)], tensor((size,), i64), advance)
        return [_bitcast(b, key, element_type(result_types[0])), _bitcast(b, stream, elem)]


def _bitcast(b, v, elem):
    """tensor.bitcast between a signless and an unsigned element type of one width."""
    if element_type(v.type) == elem:
        return v
    return b.value("tensor.bitcast", [v], tensor(v.type.shape, elem))


def _halves(s: Scalars, v) -> list:
    """The low and high i32 words of an i64."""
    return [s.b.value("arith.trunci", [x], i32) for x in (v, s.shr(v, 32))]


def _threefry(s: Scalars, key, counter) -> list:
    """Threefry2x32 with 20 rounds (rng_util.cc), on i32 words."""
    key0, key1 = key
    key2 = s.xor(s.xor(key0, key1), _signed32(THREEFRY_PARITY))
    x0, x1 = s.add(counter[0], key0), s.add(counter[1], key1)
    schedule = ((0, key1, key2, 1), (1, key2, key0, 2), (0, key0, key1, 3), (1, key1, key2, 4), (0, key2, key0, 5))
    for r, ks0, ks1, injected in schedule:
        for rot in THREEFRY_ROTATIONS[r]:
            x0 = s.add(x0, x1)
            x1 = s.xor(s.or_(s.shl(x1, rot), s.shr(x1, 32 - rot)), x0)
        x0 = s.add(x0, ks0)
        x1 = s.add(x1, s.add(ks1, injected))
    return [x0, x1]


def _philox(s: Scalars, key, counter) -> list:
    """Philox4x32 with 10 rounds (rng_util.cc), on i32 words; the products in i64."""
    key0, key1 = key
    c = list(counter)

    def product(x, m):  # (high, low) words of the 64-bit product of two uint32
        p = s.mul(s.b.value("arith.extui", [x], i64), s.const(m, i64))
        return _halves(s, p)[::-1]

    for _ in range(10):
        hi0, lo0 = product(c[0], PHILOX_M[0])
        hi1, lo1 = product(c[2], PHILOX_M[1])
        c = [s.xor(s.xor(hi1, c[1]), key0), lo1, s.xor(s.xor(hi0, c[3]), key1), lo0]
        key0, key1 = s.add(key0, _signed32(PHILOX_W[0])), s.add(key1, _signed32(PHILOX_W[1]))
    return c
