"""LSH_PROJECTION (kernels/lsh_projection.cc).

Each seed s (a float of the [num_hash, num_bits] hash tensor) gives one bit: the sign of
the running double sum, over the input's rows i in order, of `weight[i] * (double)h`
(or of `(double)h` without weights), h = (int64) Fingerprint64(key) of the key bytes
`s` (4 bytes) followed by row i's raw bytes; the bit is `score > 0`. DENSE outputs the bits,
SPARSE per hash function the int32 `sum_j bit_j << (num_bits - 1 - j)` plus
`k << num_bits` for hash function k.

Fingerprint64 is farmhash's farmhashna::Hash64 (src/farmhash.cc). The key's length is
static, so its branch (0-16, 17-32, 33-64 bytes, or the 64-byte block loop) is chosen here
and written out in i64 arith: uint64 adds and products wrap alike on signless i64, the
right shifts are arith.shrui, Rotate64 rotates right. The bytes come from the seed's bits
(arith.bitcast) and the row's elements (little endian) inside one linalg.generic over
[seeds, rows]; a second one over the seeds sums the rows' hashes in f64 in the kernel's
order.
"""
from __future__ import annotations

import math

from tfl2quant.dialects.linalg import generic, loop_index
from tfl2quant.ir.affine import AffineMap, const, dim
from tfl2quant.ir.types import FloatType, IntegerType, element_type, f32, f64, i1, i32, i64, tensor

from ...lib.emit import reshape
from ...lib.query import option, qtype, static_shapes
from ...lib.scalar_loops import Scalars
from ...rule import FloatPattern

K0, K1, K2 = 0xC3A5C85C97CB3127, 0xB492B66FBE98F273, 0x9AE16A3B2F90404F
SEED = 81
MAX_KEY_BYTES = 1024  # the hash is written out per key byte
MAX_ROWS = 1024       # the running sum is written out per row
MASK64 = (1 << 64) - 1


def _signed64(v: int) -> int:
    v &= MASK64
    return v - (1 << 64) if v >> 63 else v


class LshProjection(FloatPattern):
    def unsupported(self, op):
        if len(op.operands) not in (2, 3) or len(op.results) != 1:
            return "LSH_PROJECTION takes 2 or 3 operands and gives 1 result"
        reason = static_shapes(op)
        if reason:
            return reason
        seeds, x = op.operands[:2]
        if element_type(seeds.type) != f32 or len(seeds.type.shape) != 2:
            return f"the hash tensor is {seeds.type}; the kernel reads [num_hash, num_bits] floats"
        num_hash, num_bits = seeds.type.shape
        if num_hash < 1 or not 1 <= num_bits <= 32:
            return f"hash tensor {seeds.type}: the kernel takes 1 to 32 bits per hash function"
        if qtype(x) is not None:
            return "the kernel hashes the input's stored bytes; the float path sees dequantized values"
        e = element_type(x.type)
        if not (e == f32 or (isinstance(e, IntegerType) and e.is_signless and e.width in (1, 8, 16, 32, 64))):
            return f"input of {e}: float32 and signless integers are hashed here"
        if len(x.type.shape) < 1 or x.type.shape[0] < 1:
            return f"input {x.type}: the kernel takes rank >= 1 and at least one row"
        rows = x.type.shape[0]
        key_bytes = 4 + math.prod(x.type.shape[1:]) * _bytes(e)
        if key_bytes > MAX_KEY_BYTES:
            return f"keys of {key_bytes} bytes (the hash is written out for up to {MAX_KEY_BYTES})"
        if rows > MAX_ROWS:
            return f"{rows} input rows (the running sum is written out for up to {MAX_ROWS})"
        if len(op.operands) == 3:
            w = op.operands[2]
            if element_type(w.type) != f32 or w.type.shape != (rows,):
                return f"weight {w.type}: the kernel takes [{rows}] floats"
        kind = option(op, "type", "UNKNOWN")
        out = op.result.type
        if element_type(out) != i32:
            return f"the output is {out}; the kernel writes int32"
        if kind == "DENSE":
            want = num_hash * num_bits
        elif kind == "SPARSE":
            want = num_hash
            if num_bits + math.ceil(math.log2(num_hash)) > 31:
                return (f"SPARSE signatures of {num_bits} bits for {num_hash} hash functions overflow int32 "
                        f"(the kernel's `k * (1 << num_bits)`)")
        else:
            return f"projection type {kind}: the kernel takes SPARSE or DENSE"
        if out.shape != (want,):
            return f"the output is {out}; {kind} gives tensor<{want}xi32>"
        return None

    def rewrite(self, b, op, operands, result_types):
        seeds, x = operands[:2]
        num_hash, num_bits = seeds.type.shape
        seeds_count = num_hash * num_bits
        seeds = reshape(b, seeds, (seeds_count,))
        rows = x.type.shape[0]
        e = element_type(x.type)
        per_row = math.prod(x.type.shape[1:])
        x = reshape(b, x, (rows, per_row))
        length = 4 + per_row * _bytes(e)

        def hash_body(r, args):
            s = Scalars(r)
            seed_bits = s.b.value("arith.extui", [s.b.value("arith.bitcast", [args[0]], i32)], i64)
            elements = [_as_i64(s, v, e) for v in args[1:1 + per_row]]

            def byte(k):
                if k < 4:
                    word, at = seed_bits, k
                else:
                    word, at = elements[(k - 4) // _bytes(e)], (k - 4) % _bytes(e)
                shifted = s.shr(word, 8 * at) if at else word
                return s.and_(shifted, s.const(0xFF, i64))

            return Farmhash(s, byte, length).hash64()

        maps = [AffineMap(2, (dim(0),))] + [AffineMap(2, (dim(1), const(k))) for k in range(per_row)]
        hashes = generic(b, [seeds] + [x] * per_row, maps, tensor((seeds_count, rows), i64), hash_body)

        weights = operands[2] if len(operands) == 3 else None

        def sign_body(r, args):
            s = Scalars(r)
            score = s.const(0.0, f64)
            for i in range(rows):
                value = s.b.value("arith.sitofp", [args[i]], f64)
                if weights is not None:
                    value = s.mul(s.b.value("arith.extf", [args[rows + i]], f64), value)
                score = s.add(score, value)
            return s.b.value("arith.extui", [s.cmp("ogt", score, 0.0)], i32)

        inputs = [hashes] * rows + ([weights] * rows if weights is not None else [])
        maps = ([AffineMap(1, (dim(0), const(i))) for i in range(rows)]
                + ([AffineMap(1, (const(i),)) for i in range(rows)] if weights is not None else []))
        bits = generic(b, inputs, maps, tensor((seeds_count,), i32), sign_body)
        if option(op, "type") == "DENSE":
            return [bits]
        bits = reshape(b, bits, (num_hash, num_bits))

        def signature_body(r, args):
            s = Scalars(r)
            signature = args[0]
            for j in range(1, num_bits):
                signature = s.or_(s.shl(signature, 1), args[j])
            k = r.value("arith.index_cast", [loop_index(r, 0)], i32)
            return s.add(signature, s.shl(k, num_bits))

        maps = [AffineMap(1, (dim(0), const(j))) for j in range(num_bits)]
        return [generic(b, [bits] * num_bits, maps, tensor((num_hash,), i32), signature_body)]


def _bytes(e) -> int:
    return 1 if e == i1 else e.width // 8


def _as_i64(s: Scalars, v, e):
    """An element's bytes, zero-extended into an i64 (a float's bits; a bool is one byte 0/1)."""
    if isinstance(e, FloatType):
        v = s.b.value("arith.bitcast", [v], i32)
    if element_type(v.type) != i64:
        v = s.b.value("arith.extui", [v], i64)
    return v


class Farmhash:
    """farmhashna::Hash64 of a key of static `length` whose byte k is `byte(k)` (an i64 in
    0..255), emitted as i64 arith at `s`."""

    def __init__(self, s: Scalars, byte, length: int):
        self.s, self.byte, self.length = s, byte, length
        self.words: dict = {}

    def c(self, v: int):
        return self.s.const(_signed64(v), i64)

    def add(self, *vs):
        total = vs[0]
        for v in vs[1:]:
            total = self.s.add(total, v)
        return total

    def mul(self, x, y):
        return self.s.mul(x, y)

    def xor(self, x, y):
        return self.s.xor(x, y)

    def shr(self, x, n: int):
        return self.s.shr(x, n)

    def shl(self, x, n: int):
        return self.s.shl(x, n)

    def rotate(self, v, n: int):
        """Rotate64: right by n (BasicRotate64)."""
        return v if n == 0 else self.s.or_(self.shr(v, n), self.shl(v, 64 - n))

    def shift_mix(self, v):
        return self.xor(v, self.shr(v, 47))

    def fetch(self, at: int, size: int = 8):
        """Fetch64 (or Fetch32, zero-extended) at byte `at`, little endian."""
        if (at, size) not in self.words:
            word = self.byte(at)
            for t in range(1, size):
                word = self.s.or_(word, self.shl(self.byte(at + t), 8 * t))
            self.words[at, size] = word
        return self.words[at, size]

    def hash_len16(self, u, v, mul):
        a = self.mul(self.xor(u, v), mul)
        a = self.xor(a, self.shr(a, 47))
        b = self.mul(self.xor(v, a), mul)
        b = self.xor(b, self.shr(b, 47))
        return self.mul(b, mul)

    def hash64(self):
        n = self.length
        if n <= 16:
            return self.len0to16()
        if n <= 32:
            return self.len17to32()
        if n <= 64:
            return self.len33to64()
        return self.longer()

    def len0to16(self):
        n, f = self.length, self.fetch
        mul = self.c(K2 + n * 2)
        if n >= 8:
            a = self.add(f(0), self.c(K2))
            b = f(n - 8)
            c = self.add(self.mul(self.rotate(b, 37), mul), a)
            d = self.mul(self.add(self.rotate(a, 25), b), mul)
            return self.hash_len16(c, d, mul)
        # 4 <= n < 8: the key always holds the 4 seed bytes
        a = f(0, 4)
        return self.hash_len16(self.add(self.c(n), self.shl(a, 3)), f(n - 4, 4), mul)

    def len17to32(self):
        n, f = self.length, self.fetch
        mul = self.c(K2 + n * 2)
        a = self.mul(f(0), self.c(K1))
        b = f(8)
        c = self.mul(f(n - 8), mul)
        d = self.mul(f(n - 16), self.c(K2))
        return self.hash_len16(self.add(self.rotate(self.add(a, b), 43), self.rotate(c, 30), d),
                               self.add(a, self.rotate(self.add(b, self.c(K2)), 18), c), mul)

    def len33to64(self):
        n, f = self.length, self.fetch
        mul = self.c(K2 + n * 2)
        a = self.mul(f(0), self.c(K2))
        b = f(8)
        c = self.mul(f(n - 8), mul)
        d = self.mul(f(n - 16), self.c(K2))
        y = self.add(self.rotate(self.add(a, b), 43), self.rotate(c, 30), d)
        z = self.hash_len16(y, self.add(a, self.rotate(self.add(b, self.c(K2)), 18), c), mul)
        e = self.mul(f(16), mul)
        g_ = f(24)
        g = self.mul(self.add(y, f(n - 32)), mul)
        h = self.mul(self.add(z, f(n - 24)), mul)
        return self.hash_len16(self.add(self.rotate(self.add(e, g_), 43), self.rotate(g, 30), h),
                               self.add(e, self.rotate(self.add(g_, a), 18), g), mul)

    def weak_hash_len32_with_seeds(self, at: int, a, b):
        w, x, y, z = (self.fetch(at + 8 * k) for k in range(4))
        a = self.add(a, w)
        b = self.rotate(self.add(b, a, z), 21)
        c = a
        a = self.add(a, x, y)
        b = self.add(b, self.rotate(a, 44))
        return self.add(a, z), self.add(b, c)

    def longer(self):
        n, f, k1 = self.length, self.fetch, self.c(K1)
        x = self.c(SEED)
        y = self.c(SEED * K1 + 113)
        z = self.mul(self.shift_mix(self.c((((SEED * K1 + 113) & MASK64) * K2 + 113) & MASK64)), self.c(K2))
        v = (self.c(0), self.c(0))
        w = (self.c(0), self.c(0))
        x = self.add(self.mul(x, self.c(K2)), f(0))
        end = ((n - 1) // 64) * 64
        for at in range(0, end, 64):
            x = self.mul(self.rotate(self.add(x, y, v[0], f(at + 8)), 37), k1)
            y = self.mul(self.rotate(self.add(y, v[1], f(at + 48)), 42), k1)
            x = self.xor(x, w[1])
            y = self.add(y, v[0], f(at + 40))
            z = self.mul(self.rotate(self.add(z, w[0]), 33), k1)
            v = self.weak_hash_len32_with_seeds(at, self.mul(v[1], k1), self.add(x, w[0]))
            w = self.weak_hash_len32_with_seeds(at + 32, self.add(z, w[1]), self.add(y, f(at + 16)))
            z, x = x, z
        mul = self.add(k1, self.shl(self.s.and_(z, self.c(0xFF)), 1))
        last = n - 64
        w0 = self.add(w[0], self.c((n - 1) & 63))
        v0 = self.add(v[0], w0)
        w0 = self.add(w0, v0)
        v, w = (v0, v[1]), (w0, w[1])
        x = self.mul(self.rotate(self.add(x, y, v[0], f(last + 8)), 37), mul)
        y = self.mul(self.rotate(self.add(y, v[1], f(last + 48)), 42), mul)
        x = self.xor(x, self.mul(w[1], self.c(9)))
        y = self.add(y, self.mul(v[0], self.c(9)), f(last + 40))
        z = self.mul(self.rotate(self.add(z, w[0]), 33), mul)
        v = self.weak_hash_len32_with_seeds(last, self.mul(v[1], mul), self.add(x, w[0]))
        w = self.weak_hash_len32_with_seeds(last + 32, self.add(z, w[1]), self.add(y, f(last + 16)))
        z, x = x, z
        return self.hash_len16(self.add(self.hash_len16(v[0], w[0], mul), self.mul(self.shift_mix(y), self.c(K0)), z),
                               self.add(self.hash_len16(v[1], w[1], mul), x), mul)
