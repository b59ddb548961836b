"""Float tanh, logistic, exp and erfc as TFLite's kernels compute them with Eigen, bit for bit.

The LSTM, RNN and SVDF kernels activate their gates with `tensor_utils::ApplyActivationToVector`
(kernels/internal/tensor_utils.h), an Eigen array expression, in every resolver (BUILTIN_REF
included: these kernels have no reference variant); reference_ops::Gelu (reference/gelu.h) is
one too. The x86-64 `ai-edge-litert` wheel is built with SSE and without FMA, so Eigen
(EIGEN_FAST_MATH) evaluates, four floats at a time:

    tanh       ptanh_float (arch/Default/GenericPacketMathTrig.h): x clamped to +-7.90738964,
               x * (1 + x^2 P(x^2)) / Q(x^2), a [9/8] rational function, Horner with separate
               multiplies and adds
    logistic   scalar_logistic_op<float>::packetOp (functors/UnaryFunctors.h): e = exp(x/2)^2
               from a Cephes-style range reduction and a degree-5 polynomial, then e / (1 + e);
               0 below -104
    exp        pexp_float (arch/Default/GenericPacketMathFunctions.h): m = floor(x log2 e + 1/2),
               a degree-6 polynomial of the remainder, times 2^m (pldexp_generic: four factors)
    erfc       generic_fast_erfc<float> (SpecialFunctionsImpl.h): x clamped to +-11, a polynomial
               for |x| <= 1, else exp(-x^2) corrected by the rounding error of x^2 (Veltkamp
               splitting) times a [3/4] rational function of 1/x^2

Elements the 4-wide loop does not cover (before the first 16-byte-aligned address of the
destination, and after the last whole packet) take the scalar functor instead. For tanh it is
the same formula. For logistic it is `e = expf(min(x, 16.6355324)); e / (1 + e)` with the C
library's expf, and erfc's exp is the C library's too, so the result depends on where the
element sits in the buffer (scalar_lanes).
glibc's expf (sysdeps/ieee754/flt-32/e_expf.c) works in double: k = round(x * 32/ln2), a
32-entry table of 2^(j/32), a cubic in the remainder. `expf` below is that algorithm; it agreed
with the machine's libm on 2.5 million arguments, where a correctly rounded exp differs in about
one in 2,000 (docs/tflite-integer-semantics.md §25).

Measured against TFLite's TANH and LOGISTIC ops under BUILTIN_WITHOUT_DEFAULT_DELEGATES, which
run the same Eigen expressions (optimized_ops::Tanh, optimized_ops::Logistic): identical on
100,003 arguments in [-20, 20], packet and scalar positions alike; erfc through float GELU
(tests/legalize/test_eigen_math.py): identical on 100,003 arguments in [-12, 12].
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import arith, tosa
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import Value
from tfl2quant.ir.types import f32, f64, i1, i32, i64, index, tensor

from .gemmlowp import constant, rowwise, select
from .hybrid import binary, cmpf, fconst as _f

PACKET = 4                      # floats per SSE packet
TANH_CLAMP = 7.90738964080810547
TANH_P = (1.394553628e-8, 2.102733560e-5, 3.520756727e-3, 1.340216100e-1)
TANH_Q = (8.015776984e-7, 3.326951409e-4, 2.597254514e-2, 4.673548340e-1, 1.0)
LOGISTIC_HI, LOGISTIC_LO = 16.6355324, -104.0
EXPF_UNDERFLOW = float.fromhex("-0x1.9fe368p6")     # below this glibc's expf returns 0
EXPF_N = 32
EXPF_POLY = (float.fromhex("0x1.c6af84b912394p-5") / EXPF_N ** 3, float.fromhex("0x1.ebfce50fac4f3p-3") / EXPF_N ** 2,
             float.fromhex("0x1.62e42ff0c52d6p-1") / EXPF_N)
EXPF_INV_LN2_N = float.fromhex("0x1.71547652b82fep+0") * EXPF_N
EXP_HI, EXP_LO = 88.723, -104.0  # pexp_float's clamp and its zero below
EXP_P = (1.37449637986719608306884765625e-3, 4.166965186595916748046875e-2, 8.36894474923610687255859375e-3,
         0.16666518151760101318359375, 0.49999988079071044921875)  # p6, p4, p5, p3, p2
LDEXP_LIMIT = 278  # pldexp_generic: beyond 2^+-278 every float is 0 or inf
ERFC_CLAMP = 11.0
ERFC_ALPHA = (5.61802298761904239654541015625e-04, -4.91381669417023658752441406250e-03,
              2.67075151205062866210937500000e-02, -1.12800106406211853027343750000e-01,
              3.76122951507568359375000000000e-01, -1.12837910652160644531250000000e+00)
ERFC_GAMMA = (1.0208116471767425537109375e-01, 4.2920666933059692382812500e-01, 3.2379078865051269531250000e-01,
              5.3971976041793823242187500e-02)
ERFC_DELTA = (1.7251677811145782470703125e-02, 3.9137163758277893066406250e-01, 1.0,
              6.2173241376876831054687500e-01, 9.5662862062454223632812500e-02)
VELTKAMP = 4097.0  # 2^12 + 1: splits a float's 24 significant bits in two halves


def expf_table() -> np.ndarray:
    """glibc's __exp2f_data.tab: the bits of 2^(j/32) (correctly rounded double) minus j << 47,
    so that adding k << 47 gives 2^(k/32) for any integer k."""
    from decimal import Decimal, localcontext  # only the LSTM/SVDF/softmax emulations need it
    with localcontext() as ctx:
        ctx.prec = 60
        powers = np.array([float(Decimal(2) ** (Decimal(j) / EXPF_N)) for j in range(EXPF_N)])
    return (powers.view(np.int64) - (np.arange(EXPF_N, dtype=np.int64) << 47)).astype(np.int64)


# --- scalar emitters (inside a linalg.generic body) --------------------------------------------


def _madd(r: Builder, a: Value, b: Value, c: Value) -> Value:
    """Eigen's pmadd without FMA: a * b, rounded, then + c."""
    return binary(r, "arith.addf", binary(r, "arith.mulf", a, b), c)


def _polevl(r: Builder, x: Value, coefficients) -> Value:
    p = _f(r, coefficients[0])
    for c in coefficients[1:]:
        p = _madd(r, p, x, _f(r, c))
    return p


def tanh(r: Builder, x: Value) -> Value:
    """ptanh_float, every lane."""
    x = binary(r, "arith.maximumf", binary(r, "arith.minimumf", x, _f(r, TANH_CLAMP)), _f(r, -TANH_CLAMP))
    x2 = binary(r, "arith.mulf", x, x)
    x3 = binary(r, "arith.mulf", x2, x)
    p = _madd(r, x3, _polevl(r, x2, TANH_P), x)
    return binary(r, "arith.divf", p, _polevl(r, x2, TANH_Q))


def logistic_packet(r: Builder, x: Value) -> Value:
    """scalar_logistic_op<float>::packetOp."""
    half, one = _f(r, 0.5), _f(r, 1.0)
    below = cmpf(r, "olt", x, _f(r, LOGISTIC_LO))
    h = binary(r, "arith.mulf", binary(r, "arith.minimumf", x, _f(r, LOGISTIC_HI)), half)
    m = r.value("math.floor", [_madd(r, h, _f(r, 1.44269504088896341), half)], f32)
    reduced = _madd(r, m, _f(r, 2.12194440e-4), _madd(r, m, _f(r, -0.693359375), h))
    r2 = binary(r, "arith.mulf", reduced, reduced)
    even = _madd(r, r2, _f(r, 4.1898667812347412109375e-2), _f(r, 0.49999141693115234375))
    odd = _madd(r, r2, _f(r, 8.33471305668354034423828125e-3), _f(r, 0.16666877269744873046875))
    p = _madd(r, r2, _madd(r, reduced, odd, even), binary(r, "arith.addf", reduced, one))
    # pldexp_fast: times the float whose exponent field is clamp(m + 127, 0, 255)
    biased = binary(r, "arith.minimumf", binary(r, "arith.maximumf", binary(r, "arith.addf", m, _f(r, 127.0)), _f(r, 0.0)),
                 _f(r, 255.0))
    bits = r.value("arith.shli", [r.value("arith.fptosi", [biased], i32), constant(r, 23)], i32)
    e = binary(r, "arith.mulf", p, r.value("arith.bitcast", [bits], f32))
    e = binary(r, "arith.mulf", e, e)
    return select(r, below, _f(r, 0.0), binary(r, "arith.divf", e, binary(r, "arith.addf", one, e)))


def expf(r: Builder, x: Value, table: Value) -> Value:
    """glibc's expf for x <= 88 (no overflow path): `table` is expf_table() as a tensor<32xi64>."""
    xd = r.value("arith.extf", [binary(r, "arith.maximumf", x, _f(r, EXPF_UNDERFLOW))], f64)
    z = binary(r, "arith.mulf", xd, _f(r, EXPF_INV_LN2_N, f64))
    kd = r.value("math.roundeven", [z], f64)          # the kernel's z + 0x1.8p52 - 0x1.8p52
    k = r.value("arith.fptosi", [kd], i64)
    rem = binary(r, "arith.subf", z, kd)
    j = r.value("arith.index_cast", [r.value("arith.andi", [k, constant(r, EXPF_N - 1, i64)], i64)], index)
    t = binary(r, "arith.addi", r.value("tensor.extract", [table, j], i64),
            r.value("arith.shli", [k, constant(r, 47, i64)], i64))
    s = r.value("arith.bitcast", [t], f64)
    c0, c1, c2 = (_f(r, c, f64) for c in EXPF_POLY)
    y = binary(r, "arith.addf", binary(r, "arith.mulf", binary(r, "arith.addf", binary(r, "arith.mulf", c0, rem), c1),
                                 binary(r, "arith.mulf", rem, rem)),
            binary(r, "arith.addf", binary(r, "arith.mulf", c2, rem), _f(r, 1.0, f64)))
    y = r.value("arith.truncf", [binary(r, "arith.mulf", y, s)], f32)
    return select(r, cmpf(r, "olt", x, _f(r, EXPF_UNDERFLOW)), _f(r, 0.0), y)


def logistic_scalar(r: Builder, x: Value, table: Value) -> Value:
    """scalar_logistic_op<float>::operator(): e = expf(min(x, 16.6355324)), e / (1 + e)."""
    e = expf(r, binary(r, "arith.minimumf", x, _f(r, LOGISTIC_HI)), table)
    return binary(r, "arith.divf", e, binary(r, "arith.addf", _f(r, 1.0), e))


def _ldexp(r: Builder, a: Value, e: Value) -> Value:
    """pldexp_generic: a * 2^e in four factors 2^b 2^b 2^b 2^(e - 3b), b = floor(e / 4), e
    clamped to +-278, each factor built in the exponent field."""
    clamped = binary(r, "arith.maximumf", binary(r, "arith.minimumf", e, _f(r, LDEXP_LIMIT)), _f(r, -LDEXP_LIMIT))
    n = r.value("arith.fptosi", [clamped], i32)
    quarter = r.value("arith.shrsi", [n, constant(r, 2)], i32)

    def power(k):
        biased = r.value("arith.addi", [k, constant(r, 127)], i32)
        return r.value("arith.bitcast", [r.value("arith.shli", [biased, constant(r, 23)], i32)], f32)

    c = power(quarter)
    out = binary(r, "arith.mulf", binary(r, "arith.mulf", binary(r, "arith.mulf", a, c), c), c)
    rest = r.value("arith.subi", [n, r.value("arith.muli", [quarter, constant(r, 3)], i32)], i32)
    return binary(r, "arith.mulf", out, power(rest))


def exp_packet(r: Builder, x: Value) -> Value:
    """pexp_float: m = floor(x log2(e) + 1/2), r = x - m ln 2 in two steps, a degree-6
    polynomial in r (even and odd halves), times 2^m (pldexp_generic), at least x (which
    passes +inf); 0 below -104."""
    p6, p4, p5, p3, p2 = EXP_P
    clamped = binary(r, "arith.minimumf", x, _f(r, EXP_HI))
    m = r.value("math.floor", [_madd(r, clamped, _f(r, 1.44269504088896341), _f(r, 0.5))], f32)
    rem = _madd(r, m, _f(r, 2.12194440e-4), _madd(r, m, _f(r, -0.693359375), clamped))
    r2 = binary(r, "arith.mulf", rem, rem)
    even = _madd(r, r2, _madd(r, r2, _f(r, p6), _f(r, p4)), _f(r, p2))
    odd = _madd(r, r2, _f(r, p5), _f(r, p3))
    y = _madd(r, r2, _madd(r, rem, odd, even), binary(r, "arith.addf", rem, _f(r, 1.0)))
    y = binary(r, "arith.maximumf", _ldexp(r, y, m), x)
    return select(r, cmpf(r, "olt", x, _f(r, EXP_LO)), _f(r, 0.0), y)


def erfc(r: Builder, x: Value, exp) -> Value:
    """generic_fast_erfc<float> (SpecialFunctionsImpl.h), without FMA: x clamped to +-11;
    |x| <= 1: 1 + x S(x^2); else exp(-x^2) (1 - lo) P(1/x^2) / (x Q(1/x^2)) (+ 2 for x < 0),
    lo the rounding error of x^2 (twoprod_low by Veltkamp splitting). `exp` is the packet
    exp (exp_packet) or, on Eigen's scalar lanes, the C library's (expf)."""
    x = binary(r, "arith.maximumf", binary(r, "arith.minimumf", x, _f(r, ERFC_CLAMP)), _f(r, -ERFC_CLAMP))
    x2 = binary(r, "arith.mulf", x, x)
    small = _madd(r, x, _polevl(r, x2, ERFC_ALPHA), _f(r, 1.0))
    gamma = binary(r, "arith.mulf", _f(r, VELTKAMP), x)
    hi = binary(r, "arith.addf", binary(r, "arith.subf", x, gamma), gamma)
    lo = binary(r, "arith.subf", x, hi)
    low = _madd(r, hi, hi, r.value("arith.negf", [x2], f32))
    for a, b in ((hi, lo), (lo, hi), (lo, lo)):
        low = _madd(r, a, b, low)
    e = exp(r, r.value("arith.negf", [x2], f32))
    z = binary(r, "arith.subf", e, binary(r, "arith.mulf", e, low))
    q2 = binary(r, "arith.divf", _f(r, 1.0), x2)
    ratio = binary(r, "arith.divf", _polevl(r, q2, ERFC_GAMMA), binary(r, "arith.mulf", x, _polevl(r, q2, ERFC_DELTA)))
    two = select(r, cmpf(r, "olt", x, _f(r, 0.0)), _f(r, 2.0), _f(r, 0.0))
    return select(r, cmpf(r, "olt", _f(r, 1.0), x2), _madd(r, z, ratio, two), small)


# --- where Eigen's loop goes scalar ------------------------------------------------------------


def scalar_lanes(offset: int, size: int) -> np.ndarray:
    """[size] bool: the elements of a buffer of `size` floats starting `offset` floats after a
    16-byte boundary that Eigen's assignment loop computes one at a time: those before the
    first aligned packet and those after the last whole one (AssignEvaluator.h,
    LinearVectorizedTraversal)."""
    start = min((-offset) % PACKET, size)
    end = start + (size - start) // PACKET * PACKET
    lanes = np.ones(size, bool)
    lanes[start:end] = False
    return lanes


# --- tensors -----------------------------------------------------------------------------------

ACTIVATIONS = ("TANH", "SIGMOID", "RELU", "RELU_N1_TO_1", "RELU6")
# the fused activations an RNN or SVDF applies in place (ActivationFunctionType has no SIGMOID;
# NONE returns without writing, which in place leaves the values)
IN_PLACE_ACTIVATIONS = ("NONE", "TANH", "RELU", "RELU_N1_TO_1", "RELU6")


def activate(b: Builder, v: Value, kind: str, lanes: np.ndarray | None = None) -> Value:
    """ApplyActivationToVector on a [rows, depth] f32 tensor. `lanes` ([rows, depth] bool, the
    scalar lanes of the destination buffer) matters only for SIGMOID."""
    t = v.type
    if kind == "TANH":
        return rowwise(b, [v], [t], lambda r, a: [tanh(r, a[0])])[0]
    if kind == "SIGMOID":
        if lanes is None or not lanes.any():
            return rowwise(b, [v], [t], lambda r, a: [logistic_packet(r, a[0])])[0]
        table = arith.constant(b, expf_table(), tensor((EXPF_N,), i64))
        mask = tosa.const(b, np.asarray(lanes, bool).reshape(t.shape), i1)
        return rowwise(b, [v, mask], [t], lambda r, a: [
            select(r, a[1], logistic_scalar(r, a[0], table), logistic_packet(r, a[0]))])[0]
    lo, hi = {"RELU": (0.0, None), "RELU_N1_TO_1": (-1.0, 1.0), "RELU6": (0.0, 6.0)}[kind]

    def clamp(r, a):  # ApplyRelu*ToVector: std::max / std::min
        y = binary(r, "arith.maximumf", a[0], _f(r, lo))
        return [y if hi is None else binary(r, "arith.minimumf", y, _f(r, hi))]

    return rowwise(b, [v], [t], clamp)[0]
