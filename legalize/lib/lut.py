"""Lookup tables: TFLite's tables computed at compile time as its Prepare computes them,
applied with `tosa.table`; and the int16 LOGISTIC/TANH interpolation of
`sigmoid_table_uint16`.

8-bit (int8, uint8), `LUTPopulateInt8` (kernels/internal/common.h), in float32:

    real_in  = si * (v - zi)                                   for every stored v
    lut[v]   = clamp(int32(roundf(f(real_in) * (1 / so)) + zo))

`int32(float)` is `static_cast`, undefined out of range; the ai-edge-litert wheel
saturates (measured: an EXP overflowing float32 gives the highest stored value, a LOG
far below int32 the lowest). The table holds the 256 results; `tosa.table` indexes it
at the signed reading of the stored byte + 128, so a uint8 table (stored as signless
i8) is permuted to land each byte on its entry.

16-bit (int16), `LUTPopulateInt16`, 513 entries over [real(-32768), real(32767)] with
interpolation; the output scale is `65536 / (65535 so)` and no zero point is added
(docs/tflite-integer-semantics.md §15). TFLite's `LUTLookup`

    i = 256 + (v >> 7);  out = lut[i] + (((lut[i+1] - lut[i]) * (v & 0x7f) + 64) >> 7)

is `tosa.table` on i16, which gives `(lut[i] << 7) + slope * (v & 0x7f)` in i32
(the same index: 32768 = 256 << 7), then a `tosa.rescale` by 1 with shift 7,
`(t + 64) >> 7`, which equals TFLite's sum since `lut[i] << 7` is a multiple of 128.

The transforms call glibc's float functions (`expf`, `logf`, ...) through ctypes: the
wheel's kernels call the same ones (`std::exp(float)`), and a table entry can move by
one step when `f` is off by one ulp near a rounding boundary.
"""
from __future__ import annotations

import ctypes
import math
from typing import Callable

import numpy as np

from tfl2quant.dialects import tosa
from tfl2quant.ir.attributes import BoolAttr
from tfl2quant.ir.core import Value
from tfl2quant.ir.types import i8, i16, i32
from tfl2quant.numerics import round_half_away

from ..rule import IntegerPattern
from .emit import compare, reshape, select
from .gather import gather
from .query import Reason, one_dynamic_dim, per_tensor, per_tensor_only, storage

F32 = np.float32
Transform = Callable[[np.float32], np.float32]



def _load_libm() -> ctypes.CDLL:
    # glibc's soname first: ctypes.util.find_library runs `ldconfig -p` in a subprocess
    # (and imports subprocess, tempfile, shutil), which every convert paid at import
    try:
        return ctypes.CDLL("libm.so.6")
    except OSError:
        from ctypes.util import find_library
        return ctypes.CDLL(find_library("m"))


_LIBM = _load_libm()


def _libm(name: str) -> Transform:
    fn = getattr(_LIBM, name)
    fn.restype, fn.argtypes = ctypes.c_float, [ctypes.c_float]
    return lambda x: F32(fn(float(x)))


expf, logf, tanhf, expm1f, erfcf, sqrtf = (_libm(n) for n in ("expf", "logf", "tanhf", "expm1f", "erfcf", "sqrtf"))


def roundf(x) -> np.float32:
    """TfLiteRound on a float: ties away from zero, the result a float."""
    return F32(round_half_away(F32(x)))


def float_to_int32(x) -> int:
    """`static_cast<int32_t>(float)` in LUTPopulateInt8 as the wheel computes it: truncation,
    saturating out of range (measured)."""
    x = float(x)
    return int(min(max(x, -2.0 ** 31), 2.0 ** 31 - 1))


def float_to_int16(x) -> int:
    """`static_cast<int16_t>(float)` of LUTPopulateInt16's clamped value: truncation; a NaN
    (an EXP overflowing float32 gives inf - inf in the midpoint bias) becomes 0 (measured)."""
    x = float(x)
    return 0 if math.isnan(x) else int(x)


def _max(a, b):
    return b if a < b else a  # std::max: a NaN first operand stays


def _min(a, b):
    return b if b < a else a  # std::min


# --- populating, as Prepare does --------------------------------------------------------------

def populate_int8(f: Transform, si: float, zi: int, so: float, zo: int, lo: int, hi: int) -> np.ndarray:
    """LUTPopulateInt8: the stored result for each stored input lo..hi (int64, in order)."""
    inverse_scale = F32(1) / F32(so)
    with np.errstate(all="ignore"):
        # f (glibc's float functions through ctypes) is called once per entry, in order; the
        # float32 steps around it are the same IEEE operations on whole arrays
        xs = F32(si) * (np.arange(lo, hi + 1, dtype=np.int64) - zi).astype(F32)
        ys = np.array([f(x) for x in xs])
        if ys.dtype == F32:
            z = round_half_away(ys * inverse_scale) + F32(zo)
            if not np.isnan(z).any():  # int(NaN) raises in the per-entry form below
                return np.clip(np.trunc(np.clip(z.astype(np.float64), -2.0 ** 31, 2.0 ** 31 - 1)), lo, hi
                               ).astype(np.int64)
        out = np.empty(hi - lo + 1, np.int64)  # an f that is not float32 throughout: entry by entry
        for k, v in enumerate(range(lo, hi + 1)):
            rescaled = roundf(f(F32(si) * F32(v - zi)) * inverse_scale)
            out[k] = min(max(float_to_int32(rescaled + F32(zo)), lo), hi)
    return out


def populate_int16(f: Transform, si: float, zi: int, so: float, zo: int) -> np.ndarray:
    """LUTPopulateInt16<float>: 512 samples, each biased by half the interpolation error at
    its midpoint, and the last value; float32 arithmetic throughout."""
    input_min, input_max = F32(si) * F32(-32768 - zi), F32(si) * F32(32767 - zi)
    output_min, output_max = F32(so) * F32(-32768 - zo), F32(so) * F32(32767 - zo)
    step = (input_max - input_min) / F32(512)
    half_step = step / F32(2)
    scaling_inv = F32(65536) / (output_max - output_min)
    lut = np.empty(513, np.int16)
    with np.errstate(all="ignore"):
        for i in range(512):
            val = f(input_min + F32(i) * step)
            val_midpoint = f(input_min + F32(i) * step + half_step)
            val_next = f(input_min + F32(i + 1) * step)
            sample_val = roundf(val * scaling_inv)
            midpoint_interp_val = roundf((val_next * scaling_inv + roundf(val * scaling_inv)) / F32(2))
            midpoint_err = midpoint_interp_val - roundf(val_midpoint * scaling_inv)
            bias = roundf(midpoint_err / F32(2))
            lut[i] = float_to_int16(_min(_max(sample_val - bias, F32(-32768)), F32(32767)))
        lut[512] = float_to_int16(_min(_max(roundf(f(input_max) * scaling_inv), F32(-32768)), F32(32767)))
    return lut


# --- applying ---------------------------------------------------------------------------------

def table8(b, x: Value, outputs: np.ndarray, in_signed: bool, out_signed: bool) -> Value:
    """`tosa.table` giving `outputs[k]` for the stored input `min + k` (int8: -128.., uint8: 0..).

    tosa.table reads the signless byte as signed: entry `s + 128` serves the byte whose
    signed reading is `s`, i.e. the stored value `s` (int8) or `s & 0xff` (uint8)."""
    signed = np.arange(-128, 128)
    stored = signed if in_signed else signed & 0xFF
    values = np.asarray(outputs, np.int64)[stored - (-128 if in_signed else 0)]
    if not out_signed:
        values = np.where(values >= 128, values - 256, values)  # the byte of each uint8 result
    return b.value("tosa.table", [x, tosa.const(b, values.astype(np.int8), i8)], x.type)


def table16(b, x: Value, lut: np.ndarray) -> Value:
    """TFLite's LUTLookup on int16. TOSA requires each slope to fit int16; TFLite
    computes it as an int16 and wraps it (an EXP overflowing float32 leaves -32768 next
    to 32767): then base and wrapped slope are gathered instead."""
    lut = np.asarray(lut, np.int16)
    slopes = np.diff(lut.astype(np.int64))
    if np.all((slopes >= -32768) & (slopes <= 32767)):
        t = b.value("tosa.table", [x, tosa.const(b, lut, i16)], x.type.with_element_type(i32))
        return tosa.rescale(b, t, [1], [7], 0, 0, x.type)  # (t + 64) >> 7
    v = tosa.cast(b, x, x.type.with_element_type(i32))
    index = add(b, shift_right(b, v, 7), 256)
    base = gather1d(b, lut[:512], index)
    slope = gather1d(b, slopes.astype(np.int16), index)  # int16 wrap of the slope
    delta = shift_right(b, add(b, mul(b, slope, bitwise_and(b, v, 0x7F)), 64), 7)
    return tosa.cast(b, tosa.binary(b, "tosa.add", base, delta, v.type), x.type)  # static_cast<int16_t>


# --- small i32 emitters -----------------------------------------------------------------------

def const_like(b, value: int, x: Value) -> Value:
    return tosa.const(b, np.full((1,) * len(x.type.shape), value, np.int32), i32)


def add(b, x: Value, c) -> Value:
    return tosa.binary(b, "tosa.add", x, c if isinstance(c, Value) else const_like(b, c, x), x.type)


def mul(b, x: Value, c) -> Value:
    return tosa.mul(b, x, c if isinstance(c, Value) else const_like(b, c, x), x.type)


def shift_right(b, x: Value, n: int) -> Value:
    return b.value("tosa.arithmetic_right_shift", [x, const_like(b, n, x)], x.type, {"round": BoolAttr(False)})


def bitwise_and(b, x: Value, mask: int) -> Value:
    return tosa.binary(b, "tosa.bitwise_and", x, const_like(b, mask, x), x.type)


def gather1d(b, values: np.ndarray, index: Value) -> Value:
    """`values[index]` elementwise (i32 results): tosa.gather on [1, K, 1]."""
    shape = tuple(index.type.shape)
    n = None if None in shape else math.prod(shape)  # None: a reshape infers it
    table = tosa.const(b, np.asarray(values, np.int32).reshape(1, -1, 1), i32)
    y = gather(b, table, reshape(b, index, (1, n)))
    return reshape(b, y, shape)


# --- int16 LOGISTIC and TANH (reference/integer_ops/logistic.h, tanh.h) --------------------------

# sigmoid(k / 24) in 0.16 fixed point, k = 0..255 (kernels/internal/common.h: sigmoid_table_uint16)
SIGMOID_TABLE_UINT16 = np.array([
    32768, 33451, 34133, 34813, 35493, 36169, 36843, 37513, 38180, 38841, 39498, 40149, 40794, 41432, 42064,
    42688, 43304, 43912, 44511, 45102, 45683, 46255, 46817, 47369, 47911, 48443, 48964, 49475, 49975, 50464,
    50942, 51409, 51865, 52311, 52745, 53169, 53581, 53983, 54374, 54755, 55125, 55485, 55834, 56174, 56503,
    56823, 57133, 57433, 57724, 58007, 58280, 58544, 58800, 59048, 59288, 59519, 59743, 59959, 60168, 60370,
    60565, 60753, 60935, 61110, 61279, 61441, 61599, 61750, 61896, 62036, 62172, 62302, 62428, 62549, 62666,
    62778, 62886, 62990, 63090, 63186, 63279, 63368, 63454, 63536, 63615, 63691, 63765, 63835, 63903, 63968,
    64030, 64090, 64148, 64204, 64257, 64308, 64357, 64405, 64450, 64494, 64536, 64576, 64614, 64652, 64687,
    64721, 64754, 64786, 64816, 64845, 64873, 64900, 64926, 64950, 64974, 64997, 65019, 65039, 65060, 65079,
    65097, 65115, 65132, 65149, 65164, 65179, 65194, 65208, 65221, 65234, 65246, 65258, 65269, 65280, 65291,
    65301, 65310, 65319, 65328, 65337, 65345, 65352, 65360, 65367, 65374, 65381, 65387, 65393, 65399, 65404,
    65410, 65415, 65420, 65425, 65429, 65433, 65438, 65442, 65445, 65449, 65453, 65456, 65459, 65462, 65465,
    65468, 65471, 65474, 65476, 65479, 65481, 65483, 65485, 65488, 65489, 65491, 65493, 65495, 65497, 65498,
    65500, 65501, 65503, 65504, 65505, 65507, 65508, 65509, 65510, 65511, 65512, 65513, 65514, 65515, 65516,
    65517, 65517, 65518, 65519, 65520, 65520, 65521, 65522, 65522, 65523, 65523, 65524, 65524, 65525, 65525,
    65526, 65526, 65526, 65527, 65527, 65528, 65528, 65528, 65529, 65529, 65529, 65529, 65530, 65530, 65530,
    65530, 65531, 65531, 65531, 65531, 65531, 65532, 65532, 65532, 65532, 65532, 65532, 65533, 65533, 65533,
    65533, 65533, 65533, 65533, 65533, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65534,
    65535], np.int64)


def checked_log2(x: float) -> tuple[int, bool]:
    """CheckedLog2 (quantization_util.cc): round(logf(x) / ln 2) in float32, and whether x is
    within 1e-3 of that power of two in the exponent."""
    x_log2 = logf(x) * (F32(1) / logf(2.0))
    rounded = roundf(x_log2)
    return int(rounded), bool(abs(x_log2 - rounded) < F32(1e-3))


def sigmoid16_input_scaling(si: float, tanh: bool) -> tuple[int, int]:
    """(input_multiplier, input_left_shift) as Eval uses them (activations.cc: SigmoidPrepare,
    TanhPrepare). A power-of-two scale whose shift `12 + log2(si)` is 0 (or 1 for TANH)
    leaves the multiplier 0, which Eval turns into `3 << shift` with no shift. Otherwise
    the double `si * 4096 * 3` is doubled while <= 16383.5 (at most 31 times), then truncated."""
    log2, power_of_two = checked_log2(si)
    shift = 12 + log2
    if power_of_two and shift in ((0, 1) if tanh else (0,)):
        return 3 << shift, 0
    multiplier, shift = float(F32(si)) * 4096.0 * 3.0, 0
    while multiplier <= 32767.0 / 2.0 and shift <= 30:
        shift, multiplier = shift + 1, multiplier * 2.0
    return int(multiplier), shift


def sigmoid16(b, x: Value, multiplier: int, shift: int, tanh: bool) -> Value:
    """The int16 kernel on an i16 tensor:

        v = (q * multiplier + round) >> shift          rescale by 4 * multiplier, shift + 2
        h = |v| >> F,  t = |v| & (2^F - 1)              F = 9 (LOGISTIC), 8 (TANH)
        r = h >= 255 ? top : (T[h] << F) + t * (T[h+1] - T[h])
        LOGISTIC: (v >= 0 ? r : 2^25 - 1 - r)  + 2^9, >> 10      top = 0x7FFF << 10
        TANH:     (v >= 0 ? r - 2^23 : 2^23 - 1 - r) + 2^7, >> 8 top = 0xFFFF << 8

    (the last line of each is one rescale by 1 with shift 10 or 8). The rescale by
    4 * multiplier with shift + 2 keeps TOSA's shift >= 2 and is exact: for shift 0,
    (4 q m + 2) >> 2 = q m."""
    fraction_bits = 8 if tanh else 9
    wide = x.type.with_element_type(i32)
    v = tosa.rescale(b, x, [4 * multiplier], [shift + 2], 0, 0, wide)
    magnitude = b.value("tosa.abs", [v], wide)
    high = shift_right(b, magnitude, fraction_bits)
    low = bitwise_and(b, magnitude, (1 << fraction_bits) - 1)
    index = tosa.binary(b, "tosa.minimum", high, const_like(b, 254, high), wide)
    base = gather1d(b, SIGMOID_TABLE_UINT16[:255], index)
    step = tosa.binary(b, "tosa.sub", gather1d(b, SIGMOID_TABLE_UINT16[1:], index), base, wide)
    interpolated = tosa.binary(b, "tosa.add", mul(b, base, 1 << fraction_bits), mul(b, low, step), wide)
    top = (0xFFFF << 8) if tanh else (0x7FFF << 10)
    saturated = compare(b, "tosa.greater_equal", high, const_like(b, 255, high), wide.shape)
    r = select(b, saturated, const_like(b, top, interpolated), interpolated, wide)
    positive = add(b, r, -(1 << 23)) if tanh else r
    negative = tosa.binary(b, "tosa.sub", const_like(b, ((1 << 23) if tanh else (1 << 25)) - 1, r), r, wide)
    non_negative = compare(b, "tosa.greater_equal", v, const_like(b, 0, v), wide.shape)
    return tosa.rescale(b, select(b, non_negative, positive, negative, wide), [1], [8 if tanh else 10], 0, 0,
                        x.type)


# --- patterns ---------------------------------------------------------------------------------

class Table(IntegerPattern):
    """An elementwise op whose stored result depends on its stored input alone: 8-bit as
    one tosa.table of the 256 results, int16 as TFLite's 513-entry interpolated table.

    Subclasses name the storage types TFLite's kernel takes (`kinds`), Prepare's other
    conditions (`check`) and the tables (`outputs8`, `lut16`)."""

    kinds: tuple = ("i8", "u8")

    def check(self, op, in_q, out_q) -> Reason:
        return None

    def outputs8(self, op, in_q, out_q) -> np.ndarray:
        """The stored result for each stored input, from the type's minimum up."""
        raise NotImplementedError

    def lut16(self, op, in_q, out_q) -> np.ndarray:
        raise NotImplementedError

    def unsupported(self, op):
        return (one_dynamic_dim(op)
                or storage(op, *self.kinds)
                or per_tensor_only(op)
                or self.check(op, per_tensor(op.operands[0]), per_tensor(op.result)))

    def rewrite(self, b, op, operands):
        in_q, out_q = per_tensor(op.operands[0]), per_tensor(op.result)
        if in_q.storage_width == 16:
            return [table16(b, operands[0], self.lut16(op, in_q, out_q))]
        return [table8(b, operands[0], self.outputs8(op, in_q, out_q), in_q.is_signed, out_q.is_signed)]


class Lut(Table):
    """TFLite's LUTPopulate of a float32 function: `transform(op, out_q)` gives it (LOG and
    RSQRT read the output parameters, GELU its `approximate` option)."""

    def __init__(self, transform: Callable, kinds: tuple = ("i8", "u8"), check: Callable | None = None):
        self.transform, self.kinds, self._check = transform, kinds, check

    def check(self, op, in_q, out_q):
        return self._check(op, in_q, out_q) if self._check else None

    def outputs8(self, op, in_q, out_q):
        return populate_int8(self.transform(op, out_q), in_q.scale, in_q.zero_point, out_q.scale,
                             out_q.zero_point, *in_q.storage_type_range)

    def lut16(self, op, in_q, out_q):
        return populate_int16(self.transform(op, out_q), in_q.scale, in_q.zero_point, out_q.scale,
                              out_q.zero_point)


# --- gemmlowp's fixed point on Python ints, for tables computed at compile time ---------------

def wrap(v: int, bits: int) -> int:
    """The two's-complement value of `v`'s low `bits` bits (a C conversion to a narrower int)."""
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def srdhm(a: int, b: int, bits: int = 32) -> int:
    """SaturatingRoundingDoublingHighMul (gemmlowp), int32 or int16: a b / 2^(bits-1), ties away."""
    lowest = -(1 << (bits - 1))
    if a == b == lowest:
        return -lowest - 1
    ab = a * b
    nudge = (1 << (bits - 2)) if ab >= 0 else 1 - (1 << (bits - 2))
    q = abs(ab + nudge) >> (bits - 1)  # C's `/`: truncation toward zero
    return wrap(-q if ab + nudge < 0 else q, bits)


def rdbpot(x: int, exponent: int, bits: int = 32) -> int:
    """RoundingDivideByPOT (gemmlowp) in an int of `bits`: x / 2^exponent, ties away from zero,
    with the mask and threshold computed in that type as the template does."""
    mask = wrap((1 << exponent) - 1, bits)
    remainder = wrap(x & mask, bits)
    threshold = wrap((mask >> 1) + (1 if x < 0 else 0), bits)
    return wrap((x >> exponent) + (1 if remainder > threshold else 0), bits)


def mbqm(x: int, multiplier: int, shift: int) -> int:
    """MultiplyByQuantizedMultiplier, int32, double rounding (internal/common.cc); the int32
    product `x * 2^left_shift` wraps as the compiled kernel's does."""
    left, right = max(shift, 0), max(-shift, 0)
    return rdbpot(srdhm(wrap(x * (1 << left), 32), multiplier), right)
