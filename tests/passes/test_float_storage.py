"""Float storage types, numerically: lower-quant-ops' qcast and dcast, run by the executor, against
ml_dtypes' own conversion over every representable value of each format, and against the formula
(written out here, apart from the executor's kernels) for every format, granularity and shape
kind. The semantics are lower_quant_ops_float.py's: x / scale (+ zp), saturated to the storage
range, converted with the format's round-to-nearest-even; NaN kept where the format has one, else
sent to the range's low end. IREE's runs of the same IR: test_float_storage_iree.py."""
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from runtime_check.executor import Executor
from tfl2quant import dialects  # noqa: F401
from tfl2quant.dialects.quant.types import FLOAT_STORAGE, QuantizedType, quantized_element_type
from tfl2quant.ir.core import verify
from tfl2quant.ir.parser import parse_module
from tfl2quant.ir.printer import print_module
from tfl2quant.ir.types import FloatType, numpy_dtype
from tfl2quant.passes import Canonicalize, LowerQuantOps, Rounding, StripFuncQuantTypes

from ..conftest import iree_verify

DTYPES = {"f8E4M3FN": ml_dtypes.float8_e4m3fn, "f8E5M2": ml_dtypes.float8_e5m2,
          "f8E4M3FNUZ": ml_dtypes.float8_e4m3fnuz, "f8E5M2FNUZ": ml_dtypes.float8_e5m2fnuz,
          "f6E2M3FN": ml_dtypes.float6_e2m3fn, "f6E3M2FN": ml_dtypes.float6_e3m2fn,
          "f4E2M1FN": ml_dtypes.float4_e2m1fn}
FORMATS = list(DTYPES)


def every_bit_pattern(fmt: str) -> np.ndarray:
    return np.arange(1 << FLOAT_STORAGE[fmt].width, dtype=np.uint8).view(DTYPES[fmt])


def finite_values(fmt: str) -> np.ndarray:
    """Every finite value of the format, ascending, as f32 (one zero)."""
    values = every_bit_pattern(fmt).astype(np.float32)
    return np.unique(values[np.isfinite(values)])


def conversion_inputs(fmt: str) -> np.ndarray:
    """f32 inputs that exercise a conversion: every finite value, every midpoint between
    neighbours (a tie), the f32 values on either side of each midpoint, beyond the range, the
    specials, and values below the smallest subnormal."""
    values = finite_values(fmt)
    mids = ((values[:-1].astype(np.float64) + values[1:]) / 2).astype(np.float32)  # exact in f32
    largest, tiny = float(values[-1]), float(values[values > 0][0])
    specials = np.array([np.inf, -np.inf, np.nan, -np.nan, 0.0, -0.0, largest * 1.5, -largest * 1.5, 1e30,
                         -1e30, tiny / 2, -tiny / 2, tiny / 3, -tiny / 3], np.float32)
    return np.concatenate([values, mids, np.nextafter(mids, np.float32(np.inf)),
                           np.nextafter(mids, np.float32(-np.inf)), specials])


# --- the formats' facts ------------------------------------------------------------------------

@pytest.mark.parametrize("fmt", FORMATS)
def test_format_facts_are_ml_dtypes(fmt):
    f, values = FLOAT_STORAGE[fmt], every_bit_pattern(fmt).astype(np.float64)
    assert f.largest == float(ml_dtypes.finfo(DTYPES[fmt]).max) == np.nanmax(values[np.isfinite(values)])
    assert f.nan == bool(np.isnan(values).any())
    assert f.inf == bool(np.isinf(values).any())
    assert f.width == ml_dtypes.finfo(DTYPES[fmt]).bits


# --- lowering, then running ----------------------------------------------------------------------

def _function(q_text: str, shape: str, quantize: bool, expressed: str = "f32") -> str:
    storage = q_text.split("<", 2)[1].split(":")[0].split("<")[0]
    q, x, s = f"tensor<{shape}x{q_text}>", f"tensor<{shape}x{expressed}>", f"tensor<{shape}x{storage}>"
    if quantize:
        return (f"func.func @f(%x: {x}) -> {s} {{\n  %q = quant.qcast %x : {x} to {q}\n"
                f"  %s = quant.scast %q : {q} to {s}\n  return %s : {s}\n}}\n")
    return (f"func.func @f(%x: {s}) -> {x} {{\n  %q = quant.scast %x : {s} to {q}\n"
            f"  %d = quant.dcast %q : {q} to {x}\n  return %d : {x}\n}}\n")


def lowered(text: str, rounding: Rounding | None = None):
    """The module of `text` after lower-quant-ops and canonicalize: no quant type left."""
    module = parse_module(text)
    LowerQuantOps(rounding).apply(module)
    Canonicalize().apply(module)
    verify(module)
    printed = print_module(module)
    assert "quant" not in printed, printed
    return module, printed


def _q(module_text: str) -> QuantizedType:
    """The first quantized type a value of `module_text` has."""
    for op in parse_module(module_text).walk():
        for v in op.results:
            q = quantized_element_type(v.type)
            if q is not None:
                return q
    raise AssertionError("no quantized type")


def bits(a: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(a).view(np.uint8 if a.dtype.itemsize == 1 else f"u{a.dtype.itemsize}")


@pytest.mark.parametrize("fmt", FORMATS)
def test_dequantize_every_bit_pattern_as_ml_dtypes(fmt):
    stored = every_bit_pattern(fmt)
    for scale in (1.0, 0.125, 3.0):
        module, _ = lowered(_function(f"!quant.uniform<{fmt}:f32, {scale!r}>", str(len(stored)), False))
        (values,) = Executor(module).run([stored], "f")
        expected = (stored.astype(np.float32) * np.float32(scale)).astype(np.float32)
        np.testing.assert_array_equal(bits(values), bits(expected))


@pytest.mark.parametrize("fmt", FORMATS)
def test_quantize_as_ml_dtypes_converts_the_saturated_value(fmt):
    """Every representable value comes back as itself; ties go to the even neighbour; beyond the
    range and infinities saturate; NaN stays NaN or (no NaN in the format) becomes the lowest value."""
    x = conversion_inputs(fmt)
    module, _ = lowered(_function(f"!quant.uniform<{fmt}:f32, 1.0>", str(len(x)), True))
    (stored,) = Executor(module).run([x], "f")
    largest = np.float32(FLOAT_STORAGE[fmt].largest)
    saturated = np.clip(x, -largest, largest)  # (np.clip keeps NaN)
    if not FLOAT_STORAGE[fmt].nan:
        saturated = np.where(np.isnan(x), -largest, saturated)
    np.testing.assert_array_equal(bits(stored), bits(saturated.astype(DTYPES[fmt])))


@pytest.mark.parametrize("fmt", FORMATS)
def test_quantize_of_dequantize_is_the_identity(fmt):
    """Bit for bit without a zero point; with one, -0.0 comes back as +0.0 ((-0 - 3) + 3 = +0).
    NaN comes back as NaN; f8E5M2's infinities saturate."""
    stored = every_bit_pattern(fmt)
    inf = np.isinf(stored.astype(np.float32))
    nan = np.isnan(stored.astype(np.float32)) | inf
    for q in (f"!quant.uniform<{fmt}:f32, 0.25>", f"!quant.uniform<{fmt}:f32, 0.25:3>"):
        text = _function(q, str(len(stored)), False).replace("@f", "@d") + _function(q, str(len(stored)), True)
        module, _ = lowered(text)
        (values,) = Executor(module).run([stored], "d")
        (again,) = Executor(module).run([values], "f")
        assert np.isnan(again[nan & ~inf].astype(np.float32)).all()
        assert (again[inf].astype(np.float32) == np.sign(stored[inf].astype(np.float32)) * 57344).all()
        if q.endswith("0.25>"):
            np.testing.assert_array_equal(bits(again)[~nan], bits(stored)[~nan])
        else:
            np.testing.assert_array_equal(again[~nan].astype(np.float32), stored[~nan].astype(np.float32))


def test_ties_round_to_even():
    x = np.array([0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0, -0.25, -2.5, -5.0], np.float32)
    module, _ = lowered(_function("!quant.uniform<f4E2M1FN:f32, 1.0>", "10", True))
    (stored,) = Executor(module).run([x], "f")
    assert stored.astype(np.float32).tolist() == [0.0, 1.0, 1.0, 2.0, 2.0, 4.0, 4.0, -0.0, -2.0, -4.0]


@pytest.mark.parametrize("fmt", ["f8E4M3FN", "f6E2M3FN", "f4E2M1FN"])
def test_f64_expressed_rounds_once(fmt):
    """truncf f64 -> storage is one rounding (APFloat's), where ml_dtypes rounds through f32: just
    above a tie, the double must round up. The reference is a search over the format's values."""
    values = finite_values(fmt).astype(np.float64)
    mids = (values[:-1] + values[1:]) / 2
    x = np.concatenate([mids + np.abs(mids) * 2.0 ** -40, mids - np.abs(mids) * 2.0 ** -40, mids])
    module, _ = lowered(_function(f"!quant.uniform<{fmt}:f64, 1.0>", str(len(x)), True, "f64"))
    (stored,) = Executor(module).run([x], "f")
    distance = np.abs(x[:, None] - values[None, :])
    nearest = distance == distance.min(axis=1, keepdims=True)
    even = (values.astype(DTYPES[fmt]).view(np.uint8) & 1) == 0  # of two nearest, the even one
    pick = np.where(nearest.sum(axis=1) == 1, nearest.argmax(axis=1), (nearest & even).argmax(axis=1))
    expected = values[pick]
    np.testing.assert_array_equal(stored.astype(np.float64), expected)
    assert not np.array_equal(x.astype(np.float32).astype(DTYPES[fmt]).astype(np.float64), expected)


# --- every format x granularity x shape kind, against the formula --------------------------------

GRANULARITIES = {  # (type with {fmt}, static shape, dynamic shape)
    "per-layer": ("!quant.uniform<{fmt}:f32, 0.5:1>", "6x64", "?x64"),
    "per-axis": ("!quant.uniform<{fmt}:f32:0, {{0.5:1,2.0,0.25:-1,1.0,4.0,0.125}}>", "6x64", "6x?"),
    # the MX layout: blocks of 32 along the last axis, power-of-two scales, no zero points
    "sub-channel": ("!quant.uniform<{fmt}:f32:{{0:1, 1:32}}, {{{{1.0, 2.0}}, {{0.5, 0.25}}, {{4.0, 0.125}}, "
                    "{{8.0, 1.0}}, {{0.0625, 16.0}}, {{2.0, 0.5}}}}>", "6x64", "?x64"),
}
SHAPE = (6, 64)


def reference_quantize(x: np.ndarray, q: QuantizedType) -> np.ndarray:
    scale = np.asarray(q.scale_array(x.shape)).astype(np.float32)
    zp = np.asarray(q.zero_point_array(x.shape)).astype(np.float32)
    t = (x / scale).astype(np.float32)
    if zp.any():  # the lowering adds no zero point when all are 0 (so -0.0 stays -0.0)
        t = t + zp
    largest = np.float32(FLOAT_STORAGE[q.storage_float].largest)
    saturated = np.clip(t, -largest, largest)
    if not FLOAT_STORAGE[q.storage_float].nan:
        saturated = np.where(np.isnan(t), -largest, saturated)
    return saturated.astype(DTYPES[q.storage_float])


def reference_dequantize(stored: np.ndarray, q: QuantizedType) -> np.ndarray:
    scale = np.asarray(q.scale_array(stored.shape)).astype(np.float32)
    zp = np.asarray(q.zero_point_array(stored.shape)).astype(np.float32)
    return ((stored.astype(np.float32) - zp) * scale).astype(np.float32)


def random_inputs(fmt: str, q: QuantizedType, rng) -> np.ndarray:
    """Representable values, ties and neighbours, specials, all scaled by each element's scale."""
    pool = conversion_inputs(fmt)
    x = rng.choice(pool, SHAPE) - np.asarray(q.zero_point_array(SHAPE))
    return (x * np.asarray(q.scale_array(SHAPE))).astype(np.float32)


CASES = [(f, g, k) for f in FORMATS for g in GRANULARITIES for k in ("static", "dynamic", "unranked")]


def case_text(fmt, granularity, kind, quantize):
    q_form, static, dynamic = GRANULARITIES[granularity]
    shape = {"static": static, "dynamic": dynamic, "unranked": "*"}[kind]
    return _function(q_form.format(fmt=fmt), shape, quantize)


@pytest.mark.parametrize(("fmt", "granularity", "kind"), CASES, ids=["-".join(c) for c in CASES])
def test_lowering_matches_the_formula(fmt, granularity, kind):
    rng = np.random.default_rng(sum(map(ord, fmt + granularity + kind)))
    text = case_text(fmt, granularity, kind, True)
    q = _q(text)
    x = random_inputs(fmt, q, rng)
    module, printed = lowered(text)
    (stored,) = Executor(module).run([x], "f")
    np.testing.assert_array_equal(bits(stored), bits(reference_quantize(x, q)))
    stored = rng.choice(every_bit_pattern(fmt), SHAPE)
    module, _ = lowered(case_text(fmt, granularity, kind, False))
    (values,) = Executor(module).run([stored], "f")
    np.testing.assert_array_equal(bits(values), bits(reference_dequantize(stored, q)))
    # the rounding option chooses how to round to integers: a float format rounds one way
    for rounding in Rounding:
        assert lowered(text, rounding)[1] == printed


@pytest.mark.parametrize("fmt", FORMATS)
def test_scalars(fmt):
    q_text = GRANULARITIES["per-layer"][0].format(fmt=fmt)
    text = (f"func.func @f(%x: f32) -> {fmt} {{\n  %q = quant.qcast %x : f32 to {q_text}\n"
            f"  %s = quant.scast %q : {q_text} to {fmt}\n  return %s : {fmt}\n}}\n")
    module, printed = lowered(text)
    assert "tensor" not in printed
    q = _q(text)
    for x in conversion_inputs(fmt)[::7]:
        (stored,) = Executor(module).run([np.float32(x * 0.5)], "f")
        expected = reference_quantize(np.array([x * 0.5], np.float32), q)
        assert bits(np.asarray(stored).reshape(1)).tolist() == bits(expected).tolist()


@pytest.mark.parametrize(("fmt", "granularity", "kind"), CASES, ids=["-".join(c) for c in CASES])
def test_lowered_ir_verifies_with_upstream_mlir(fmt, granularity, kind):
    for quantize in (True, False):
        _, printed = lowered(case_text(fmt, granularity, kind, quantize))
        r = iree_verify(printed, allow_unregistered=False)
        assert r.returncode == 0, r.stderr[:3000]


@pytest.mark.parametrize("fmt", FORMATS)
def test_executor_quant_kernels_equal_the_lowering(fmt):
    """The legalized stage runs the quant ops themselves: the same numbers as the lowered IR."""
    for granularity in GRANULARITIES:
        for quantize in (True, False):
            text = case_text(fmt, granularity, "static", quantize)
            rng = np.random.default_rng(3)
            x = random_inputs(fmt, _q(text), rng) if quantize else rng.choice(every_bit_pattern(fmt), SHAPE)
            (direct,) = Executor(parse_module(text)).run([x], "f")
            (via_ir,) = Executor(lowered(text)[0]).run([x], "f")
            np.testing.assert_array_equal(bits(direct), bits(via_ir))


@pytest.mark.parametrize("expressed", ["f16", "bf16", "f8E4M3FN", "f8E5M2"])
@pytest.mark.parametrize("fmt", ["f8E5M2", "f6E2M3FN", "f4E2M1FN"])
def test_narrow_expressed_types(fmt, expressed):
    """f16, bf16 and f8 expressed types: the division in E, the rest in f32 (qcast); the stored
    value in E, exactly where E holds every stored value, else through f32 (dcast)."""
    edtype = numpy_dtype(FloatType(expressed))
    q = f"!quant.uniform<{fmt}:{expressed}, 0.5:1>"
    with np.errstate(over="ignore"):  # beyond E: inf (or NaN), as arith.truncf of the input would give
        x = (conversion_inputs(fmt) * 0.5).astype(edtype)
    x = x[np.isfinite(x.astype(np.float32)) | np.isnan(x.astype(np.float32))]
    module, _ = lowered(_function(q, str(len(x)), True, expressed))
    (stored,) = Executor(module).run([x], "f")
    with np.errstate(over="ignore"):
        t = (x / edtype.type(0.5)).astype(edtype).astype(np.float32) + np.float32(1)
    largest = np.float32(FLOAT_STORAGE[fmt].largest)
    expected = np.clip(t, -largest, largest)
    if not FLOAT_STORAGE[fmt].nan:
        expected = np.where(np.isnan(t), -largest, expected)
    np.testing.assert_array_equal(bits(stored), bits(expected.astype(DTYPES[fmt])))
    every = every_bit_pattern(fmt)
    module, printed = lowered(_function(q, str(len(every)), False, expressed))
    (values,) = Executor(module).run([every], "f")
    in_e = every.astype(np.float32).astype(edtype)  # f32 -> E: one rounding (exact where E holds it)
    expected = ((in_e - edtype.type(1)).astype(edtype) * edtype.type(0.5)).astype(edtype)
    np.testing.assert_array_equal(bits(values), bits(expected))
    assert ("arith.truncf" in printed) == ((expressed, fmt) in NOT_EXACT_IN)


# (expressed, storage) pairs where arith.extf cannot give the stored value (as wide, or inexact:
# f6E2M3FN's 7.5 needs three fraction bits, f8E5M2 has two)
NOT_EXACT_IN = {("f8E4M3FN", "f8E5M2"), ("f8E5M2", "f8E5M2"), ("f8E5M2", "f6E2M3FN")}


def test_strip_func_quant_types_then_lowering_leaves_no_quant_type():
    q = "!quant.uniform<f4E2M1FN:f32:{0:1, 1:32}, {{1.0, 2.0}, {0.5, 0.25}}>"
    text = (f"func.func @f(%x: tensor<2x64xf32>) -> tensor<2x64x{q}> {{\n"
            f"  %0 = quant.qcast %x : tensor<2x64xf32> to tensor<2x64x{q}>\n  return %0 : tensor<2x64x{q}>\n}}\n")
    module = parse_module(text)
    StripFuncQuantTypes().apply(module)
    LowerQuantOps().apply(module)
    Canonicalize().apply(module)
    verify(module)
    printed = print_module(module)
    assert "quant" not in printed and "(%arg0: tensor<2x64xf32>) -> tensor<2x64xf4E2M1FN>" in printed
    assert iree_verify(printed, allow_unregistered=False).returncode == 0


def test_zero_points_out_of_the_format_are_exact():
    """A zero point need not be a value of the format (17 is no f8E4M3FN value): it is added in f32,
    where it is exact, and the sum rounds once."""
    text = _function("!quant.uniform<f8E4M3FN:f32, 1.0:17>", "4", True)
    module, _ = lowered(text)
    (stored,) = Executor(module).run([np.array([0.0, 0.5, 1.0, -1.0], np.float32)], "f")
    assert stored.astype(np.float32).tolist() == [16.0, 18.0, 18.0, 16.0]  # 17 ties to 16, 17.5 -> 18


def test_narrowed_ranges_saturate_at_their_bounds():
    x = np.array([-100.0, -7.25, 7.25, 100.0, np.nan], np.float32)
    for q, expected in (("!quant.uniform<f6E2M3FN<-7:8>:f32, 1.0>", [-7.0, -7.0, 7.0, 7.5, -7.0]),
                        ("!quant.uniform<f8E4M3FN<-4:6>:f32, 1.0>", [-4.0, -4.0, 6.0, 6.0, np.nan])):
        module, _ = lowered(_function(q, "5", True))
        (stored,) = Executor(module).run([x], "f")
        np.testing.assert_array_equal(stored.astype(np.float32), np.array(expected, np.float32))


# --- parsing and printing, against upstream (iree-opt) -------------------------------------------

UPSTREAM_TYPES = """
func.func private @types(!quant.uniform<f8E5M2:f32, 2.0>, !quant.uniform<f8E5M2<-57344:57344>:f32, 1.0:3>,
    !quant.uniform<f8E4M3FN<0:448>:bf16, 0.5>, !quant.uniform<f4E2M1FN<-4:4>:f32, 0.5:-1>,
    tensor<2x!quant.uniform<f4E2M1FN:f32:0, {0.5:1,2.0}>>, tensor<3x!quant.uniform<f8E4M3FN:f16:0, {0.1, 2.0, 3.0e-3:-7}>>)
func.func @ops(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = quant.qcast %arg0 : tensor<2xf32> to tensor<2x!quant.uniform<f8E5M2:f32:0, {0.5:1,2.0}>>
  %1 = quant.dcast %0 : tensor<2x!quant.uniform<f8E5M2:f32:0, {0.5:1,2.0}>> to tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func @constants() -> (tensor<4xf4E2M1FN>, f6E2M3FN, tensor<3xf8E4M3FNUZ>, f8E5M2FNUZ, tensor<2xf6E3M2FN>) {
  %a = arith.constant dense<[0.5, -6.0, 1.5, 0.0]> : tensor<4xf4E2M1FN>
  %b = arith.constant 7.5 : f6E2M3FN
  %c = arith.constant dense<[240.0, 0x80, -0.0]> : tensor<3xf8E4M3FNUZ>
  %d = arith.constant 0.1 : f8E5M2FNUZ
  %e = arith.constant dense<[28.0, 0.0625]> : tensor<2xf6E3M2FN>
  return %a, %b, %c, %d, %e : tensor<4xf4E2M1FN>, f6E2M3FN, tensor<3xf8E4M3FNUZ>, f8E5M2FNUZ, tensor<2xf6E3M2FN>
}
"""


def _iree_opt(text: str):
    import subprocess

    from ..conftest import iree_opt_path
    return subprocess.run([iree_opt_path(), "-"], input=text, capture_output=True, text=True)


def test_prints_what_upstream_prints():
    theirs = _iree_opt(UPSTREAM_TYPES)
    assert theirs.returncode == 0, theirs.stderr
    assert print_module(parse_module(UPSTREAM_TYPES)).strip() == theirs.stdout.strip()


@pytest.mark.parametrize("fmt", [f for f in FORMATS if not FLOAT_STORAGE[f].upstream])
def test_the_extensions_are_not_upstream_storage_types(fmt):
    text = f"func.func private @f(!quant.uniform<{fmt}:f32, 2.0>)\n"
    assert "illegal storage type prefix" in _iree_opt(text).stderr
    assert print_module(parse_module(text)).count(f"!quant.uniform<{fmt}:f32, 2.000000e+00>") == 1


def test_upstream_crashes_on_a_float_storage_sub_channel_type():
    """iree-opt 3.13 hashes the zero points of a sub-channel type as integers of the storage type
    (UniformQuantizedSubChannelTypeStorage::KeyTy::getHashValue): with f4E2M1FN storage it
    crashes while parsing the MX layout, which tfl2quant parses, prints and lowers."""
    q = "!quant.uniform<f4E2M1FN:f32:{0:1, 1:32}, {{1.0, 2.0}, {0.5, 0.25}}>"
    text = f"func.func private @f(tensor<2x64x{q}>)\n"
    theirs = _iree_opt(text)
    assert theirs.returncode != 0 and "Stack dump" in theirs.stderr
    assert "{{1.000000e+00, 2.000000e+00}, {5.000000e-01, 2.500000e-01}}" in print_module(parse_module(text))
