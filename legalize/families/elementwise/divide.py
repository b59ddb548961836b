"""Quantized DIV, int8 and uint8 per tensor: one lookup in a table of every stored pair.

TFLite's kernel (kernels/div.cc Prepare; reference/div.h DivElementwise, and
BroadcastDivSlowQuantized for broadcasting, which runs the same per-element code):

    M = float32(s1 / float32(s2 * so))        float arithmetic, widened to double
    (m, s) = QuantizeMultiplier(M)
    x = q1 - zp1,  y = q2 - zp2               y < 0: x, y = -x, -y
    inv, r = GetReciprocal(y, 31)             1/y = inv * 2^-31 * 2^-r, inv in Q0.31
    h = CountLeadingSignBits(x)
    u = SRDHM(x << h, inv)                    MultiplyByQuantizedMultiplierGreaterThanOne
    q = clamp(zo + RDBPOT(SRDHM(u, m), r + h - s), act)   ...SmallerThanOneExp (double rounding)

With 8-bit operands the result is a function of the stored pair (q1, q2) alone, so the
pattern evaluates the kernel at compile time for all 65536 pairs (numpy, vectorized, on
int64 arrays holding int32 values) and emits one `tosa.gather`:

    index = (q1 + 128) * 256 + (q2 + 128)     signed reading of each byte: two exact
                                              rescales (widen) and a broadcasting tosa.add
    q = gather(table[1, 65536, 1], index[1, N])

uint8 bytes are indexed by the same signed reading (no sign flip): the table is permuted
so that each byte lands on its entry, and holds the uint8 results' bytes.

Traps of the kernel, reproduced:
  - M is computed in float32 (`input1->params.scale / (input2->params.scale *
    output->params.scale)`, all floats), then widened: not the double quotient.
  - The final RoundingDivideByPOT's exponent `r + h - s` exceeds 31 whenever the
    numerator is small (h = 31 for x in {0, -1}, 30 for 1, ...) and the denominator large:
    with M = 20 (all scales 0.05), -1 / 64 already shifts by 32. gemmlowp's
    RoundingDivideByPOT is undefined there; the x86-64 wheel computes
    `mask = int32((1ll << e) - 1)` (all ones for 32 <= e < 64) and `x >> e` with the count
    taken mod 32 (`sar`), so the result is `(x >> (e - 32)) + (x >= 0)`: 0 / 64 gives
    zo + 1 and -1 / 127 gives about -6.8e8, clamped to the activation minimum (measured
    against the wheel in tests/legalize/test_integer_div.py, every pair of several models).
    Exponents below 0 (M of 2^23 or more) or from 64 (M below about 2^-26) are undefined
    in other ways: those instances decline.
  - A stored divisor equal to zp2 (division by zero) makes TFLite's Eval fail
    (CheckNonZero). The table gives what the float fallback gives for a nonzero
    numerator, +-inf saturated: the activation maximum for x > 0, its minimum for x < 0,
    and the zero point (clamped to the activation range) for 0 / 0.

int16 stays on the fallback: the table would hold 2^32 entries.
"""
from __future__ import annotations

import math

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.ir.types import i8, i32, tensor
from tfl2quant.numerics import wrap_signed

from ...lib.emit import broadcast_rank, reshape
from ...lib.fixed_point import quantize_multiplier
from ...lib.fused_activation import quantized_range
from ...lib.gather import gather
from ...lib.gemmlowp_tables import one_over_one_plus_x_for_x_in_0_1, srdhm
from ...lib.query import (
    non_empty,
    per_tensor,
    per_tensor_only,
    static_shapes,
    storage,
    storage_name,
)
from ...lib.storage import Stored, widen
from ...rule import IntegerPattern

TABLE_SIZE = 1 << 16

# --- gemmlowp and TFLite's fixed point, elementwise on int64 arrays of int32 values -----------


def _wrap32(v: np.ndarray) -> np.ndarray:
    return wrap_signed(v, 32)


def _bit_length(v: np.ndarray) -> np.ndarray:
    """Bits of each non-negative value below 2^53 (0 for 0): frexp's exponent, exact."""
    return np.frexp(np.asarray(v, np.float64))[1].astype(np.int64)


def get_reciprocal(y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """GetReciprocal(y, 31, &shift) for 0 < y < 2^31: (inv, shift) with 1/y ~ inv 2^-31 2^-shift."""
    clz = 32 - _bit_length(y)
    shifted_sum_minus_one = (y << clz) - (1 << 31)  # in [0, 2^31): no wrap
    return one_over_one_plus_x_for_x_in_0_1(shifted_sum_minus_one, 32), 31 - clz


def count_leading_sign_bits(x: np.ndarray) -> np.ndarray:
    """CountLeadingSignBits(int32): __builtin_clrsb, and 31 for 0 (both of TFLite's branches agree)."""
    return 31 - _bit_length(np.where(x < 0, ~x, x))


def rounding_divide_by_pot_x86(x: np.ndarray, exponent: np.ndarray) -> np.ndarray:
    """gemmlowp's RoundingDivideByPOT(int32 x, exponent) for 0 <= exponent < 64 as the x86-64 wheel
    computes it: `mask = int32((1ll << e) - 1)`, `x >> e` with the count mod 32 (`sar`).
    For e <= 31 that is x / 2^e rounded half away from zero; above, undefined in C++."""
    mask = _wrap32((np.int64(1) << exponent) - 1)
    remainder = x & mask
    threshold = (mask >> 1) + (x < 0)
    return (x >> (exponent & 31)) + (remainder > threshold)


# --- the table --------------------------------------------------------------------------------


def multiplier(op) -> float:
    """Prepare's real_multiplier: float32 arithmetic on the float32 scales, widened."""
    s1, s2, so = (np.float32(per_tensor(v).scale) for v in (*op.operands[:2], op.results[0]))
    return float(s1 / (s2 * so))


def evaluate(q1: np.ndarray, q2: np.ndarray, zp1: int, zp2: int, zpo: int, real: float,
             lo: int, hi: int) -> tuple[np.ndarray, np.ndarray]:
    """DivElementwise on stored values (int64 arrays, broadcast together), q2 != zp2 where it
    matters: the clamped stored results, and each element's RoundingDivideByPOT exponent
    (0 where the divisor is zero)."""
    (m,), (s,) = quantize_multiplier([real])
    x, y = np.broadcast_arrays(np.asarray(q1, np.int64) - zp1, np.asarray(q2, np.int64) - zp2)
    zero = y == 0
    x, y = np.where(y < 0, -x, x), np.where(zero, 1, np.abs(y))
    inv, recip_shift = get_reciprocal(y)
    headroom = count_leading_sign_bits(x)
    unscaled = srdhm(_wrap32(x << headroom), inv, 32)  # x << headroom fits int32 (x = -1: -2^31)
    exponent = np.where(zero, 0, recip_shift + headroom - int(s))
    scaled = rounding_divide_by_pot_x86(srdhm(unscaled, int(m), 32), np.clip(exponent, 0, 63))
    out = np.clip(zpo + scaled, lo, hi)
    by_zero = np.where(x > 0, hi, np.where(x < 0, lo, min(max(zpo, lo), hi)))  # float's +-inf, 0/0 -> zero point
    return np.where(zero, by_zero, out), exponent


def stored_range(q) -> np.ndarray:
    return np.arange(q.storage_type_min, q.storage_type_max + 1, dtype=np.int64)


def table(op) -> tuple[np.ndarray, np.ndarray]:
    """The kernel on every stored pair: (results [256, 256] indexed [q1 - min, q2 - min],
    exponents alike)."""
    q1, q2, qo = (per_tensor(v) for v in (*op.operands[:2], op.results[0]))
    lo, hi = quantized_range(op, qo)
    v = stored_range(q1)
    return evaluate(v[:, None], v[None, :], q1.zero_point, q2.zero_point, qo.zero_point, multiplier(op), lo, hi)


def gather_values(results: np.ndarray, signed: bool) -> np.ndarray:
    """The table as tosa.gather reads it: entry (sa + 128) * 256 + (sb + 128) for the bytes whose
    signed readings are sa, sb, each byte the stored value s (int8) or s & 0xff (uint8); the
    stored results as signless bytes."""
    s = np.arange(-128, 128)
    k = s + 128 if signed else s & 0xFF  # row of `results` holding that byte's stored value
    values = results[k[:, None], k[None, :]].reshape(-1)
    return np.where(values >= 128, values - 256, values).astype(np.int8)


class TableDivide(IntegerPattern):
    """DIV on 8-bit storage: the kernel's result for every stored pair, read by tosa.gather."""

    def unsupported(self, op):
        if storage_name(op.results[0]) == "i16":
            return ("int16 DIV would need a table of 2^32 stored pairs; reference/div.h's int16 kernel "
                    "takes the fallback")
        reason = (static_shapes(op)
                  or storage(op, "i8", "u8")
                  or per_tensor_only(op)
                  or non_empty(op))
        if reason:
            return reason
        real = multiplier(op)
        if not math.isfinite(real) or real <= 0:
            return f"output multiplier {real!r} is not a positive finite number"
        _, exponents = table(op)
        return self.exponent_reason(real, exponents)

    @staticmethod
    def exponent_reason(real: float, exponents: np.ndarray) -> str | None:
        low, high = int(exponents.min()), int(exponents.max())
        if low < 0:
            return (f"output multiplier {real!r}: DivElementwise would divide by 2^{low} (a negative "
                    "exponent in RoundingDivideByPOT, undefined)")
        if high > 63:
            return (f"output multiplier {real!r}: DivElementwise would divide by 2^{high} (an exponent "
                    "beyond 63 in RoundingDivideByPOT, undefined)")
        return None

    def rewrite(self, b, op, operands):
        shape = tuple(op.result.type.shape)
        rank = len(shape)
        high = widen(b, Stored(broadcast_rank(b, operands[0], rank), -128), 8)  # (sa + 128) * 256
        low = widen(b, Stored(broadcast_rank(b, operands[1], rank), -128))      # sb + 128
        index = tosa.binary(b, "tosa.add", high, low, tensor(shape, i32))       # broadcasts to the result
        results, _ = table(op)
        values = gather_values(results, per_tensor(op.result).is_signed).reshape(1, TABLE_SIZE, 1)
        y = gather(b, tosa.const(b, values, i8), reshape(b, index, (1, math.prod(shape))))
        return [reshape(b, y, shape)]
