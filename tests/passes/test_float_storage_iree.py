"""IREE compiles and runs what lower-quant-ops emits for float storage types, and its results are
compared with the executor's, element by element (test_float_storage.py holds the executor to
ml_dtypes). The programs take and give integers (the stored bits, through arith.bitcast), as
IREE's runtime has no numpy type for these formats.

What IREE 3.13 (iree-base-compiler, llvm-cpu) does, each point a test marked `iree_limit`:

- f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ compile and run at every granularity, with static
  and dynamic shapes. Their arith.truncf from f32 loses the carry from the subnormal range into
  the normal one: a magnitude in [smallest normal - smallest subnormal / 2, smallest normal),
  which rounds to the smallest normal, becomes zero. arith.extf of f8E4M3FN 0xFF (-NaN) gives
  -480.0. Everywhere else IREE equals the executor, NaN payloads aside.
- f4E2M1FN compiles with static shapes whose tensors fill whole bytes; truncf has the same loss
  (a magnitude in [0.75, 1.0) becomes zero, not 1.0). A dynamic shape does not compile.
- f6E2M3FN and f6E3M2FN: vector.store of an f6 vector, arith.truncf to and arith.extf from f6 are
  not legalized.
- Unranked tensors do not compile (the shape arithmetic of the flattening: "index types must not
  cross the dispatch boundary").
"""
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from runtime_check.executor import Executor
from runtime_check.executor.iree_backend import IreeError, compile_mlir, run_vmfb
from tfl2quant import dialects  # noqa: F401
from tfl2quant.dialects.quant.types import FLOAT_STORAGE
from tfl2quant.ir.core import verify
from tfl2quant.ir.parser import parse_module
from tfl2quant.ir.printer import print_module
from tfl2quant.passes import Canonicalize, LowerQuantOps

from .test_float_storage import DTYPES, GRANULARITIES, SHAPE, bits, conversion_inputs, every_bit_pattern, _q

F8 = ["f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "f8E5M2FNUZ"]


def program(fmt: str, q: str, shape: str, quantize: bool) -> str:
    """@main: f32 -> qcast -> stored bits as i8, or stored bits as i8 -> dcast -> f32."""
    w = FLOAT_STORAGE[fmt].width
    f, s, i8, iw = (f"tensor<{shape}x{e}>" for e in ("f32", fmt, "i8", f"i{w}"))
    qt = f"tensor<{shape}x{q}>"
    if quantize:
        to_int = (f"  %b = arith.bitcast %s : {s} to {i8}\n" if w == 8 else
                  f"  %n = arith.bitcast %s : {s} to {iw}\n  %b = arith.extui %n : {iw} to {i8}\n")
        return (f"func.func @main(%x: {f}) -> {i8} {{\n  %q = quant.qcast %x : {f} to {qt}\n"
                f"  %s = quant.scast %q : {qt} to {s}\n{to_int}  return %b : {i8}\n}}\n")
    from_int = (f"  %s = arith.bitcast %x : {i8} to {s}\n" if w == 8 else
                f"  %n = arith.trunci %x : {i8} to {iw}\n  %s = arith.bitcast %n : {iw} to {s}\n")
    return (f"func.func @main(%x: {i8}) -> {f} {{\n{from_int}  %q = quant.scast %s : {s} to {qt}\n"
            f"  %d = quant.dcast %q : {qt} to {f}\n  return %d : {f}\n}}\n")


def lowered(text: str) -> str:
    module = parse_module(text)
    LowerQuantOps(dynamic_fill=True).apply(module)  # IREE lowers no tensor.splat of dynamic sizes
    Canonicalize().apply(module)
    verify(module)
    return print_module(module)


def both(text: str, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the executor's result, IREE's) for the lowered `text` on `x`."""
    low = lowered(text)
    (ours,) = Executor(parse_module(low)).run([x], "main")
    (theirs,) = run_vmfb(compile_mlir(low), [x], "main")
    return ours, theirs


def iree_truncf(t: np.ndarray, fmt: str) -> np.ndarray:
    """IREE 3.13's f32 -> `fmt` truncf: ml_dtypes' conversion but for the lost carry."""
    info = ml_dtypes.finfo(DTYPES[fmt])
    lost = (np.abs(t) >= float(info.smallest_normal) - float(info.smallest_subnormal) / 2) & \
        (np.abs(t) < float(info.smallest_normal))
    zero = np.where(np.signbit(t) & ("FNUZ" not in fmt), np.float32(-0.0), np.float32(0.0))
    return np.where(lost, zero, t).astype(DTYPES[fmt])


def pre_conversion(x: np.ndarray, q) -> np.ndarray:
    """What the lowered qcast hands to truncf: x / scale + zp, saturated (NaN: lo if no NaN)."""
    t = (x / np.asarray(q.scale_array(x.shape)).astype(np.float32)).astype(np.float32)
    zp = np.asarray(q.zero_point_array(x.shape)).astype(np.float32)
    if zp.any():
        t = t + zp
    largest = np.float32(FLOAT_STORAGE[q.storage_float].largest)
    if not FLOAT_STORAGE[q.storage_float].nan:
        t = np.where(np.isnan(t), -largest, t)
    return np.clip(t, -largest, largest)


def same_or_both_nan(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return (bits(a) == bits(b)) | (np.isnan(a) & np.isnan(b))


def near_the_normal_range(fmt: str, q, rng) -> np.ndarray:
    """Inputs that are representable values, ties, their neighbours and specials, a fifth of
    them just below the smallest normal (after scaling), where IREE's truncf loses the carry."""
    info = ml_dtypes.finfo(DTYPES[fmt])
    tiny, sub = float(info.smallest_normal), float(info.smallest_subnormal)
    pool = rng.choice(conversion_inputs(fmt), SHAPE)
    edge = rng.uniform(tiny - sub, tiny, SHAPE) * rng.choice([-1.0, 1.0], SHAPE)
    t = np.where(rng.random(SHAPE) < 0.2, edge, pool) - np.asarray(q.zero_point_array(SHAPE))
    return (t * np.asarray(q.scale_array(SHAPE))).astype(np.float32)


RUNS = [(f, g, k) for f in F8 for g in GRANULARITIES for k in ("static", "dynamic")]
RUNS += [("f4E2M1FN", g, "static") for g in GRANULARITIES]


@pytest.mark.parametrize(("fmt", "granularity", "kind"), RUNS, ids=["-".join(r) for r in RUNS])
def test_iree_runs_qcast_as_the_executor(fmt, granularity, kind):
    q_form, static, dynamic = GRANULARITIES[granularity]
    q_text = q_form.format(fmt=fmt)
    text = program(fmt, q_text, static if kind == "static" else dynamic, True)
    q = _q(text)
    x = near_the_normal_range(fmt, q, np.random.default_rng(sum(map(ord, fmt + granularity))))
    ours, theirs = both(text, x)
    t = pre_conversion(x, q)
    np.testing.assert_array_equal(ours.view(np.uint8), bits(t.astype(DTYPES[fmt])))
    expected = iree_truncf(t, fmt)
    nan = np.isnan(expected.astype(np.float32))
    np.testing.assert_array_equal(theirs.view(np.uint8)[~nan], bits(expected)[~nan])
    assert np.isnan(theirs[nan].view(DTYPES[fmt]).astype(np.float32)).all()
    lost = bits(expected) != bits(t.astype(DTYPES[fmt]))
    assert lost.any()  # the inputs reach IREE's loss; everywhere else IREE equals the executor
    np.testing.assert_array_equal(ours[~lost & ~nan], theirs[~lost & ~nan])


@pytest.mark.parametrize(("fmt", "granularity", "kind"), RUNS, ids=["-".join(r) for r in RUNS])
def test_iree_runs_dcast_as_the_executor(fmt, granularity, kind):
    q_form, static, dynamic = GRANULARITIES[granularity]
    text = program(fmt, q_form.format(fmt=fmt), static if kind == "static" else dynamic, False)
    stored = np.resize(every_bit_pattern(fmt), SHAPE)  # every bit pattern, repeated
    ours, theirs = both(text, stored.view(np.uint8).astype(np.int8))
    negative_nan = (stored.view(np.uint8) == 0xFF) & (fmt == "f8E4M3FN")
    assert np.array_equal(same_or_both_nan(ours, theirs), ~negative_nan)
    q = _q(text)
    expected = ((np.float32(-480.0) - np.asarray(q.zero_point_array(SHAPE), np.float32))
                * np.asarray(q.scale_array(SHAPE), np.float32)).astype(np.float32)
    np.testing.assert_array_equal(theirs[negative_nan], np.broadcast_to(expected, SHAPE)[negative_nan])


def test_the_mx_type_runs_in_iree():
    """f4E2M1FN in blocks of 32 along the last axis, power-of-two scales (MXFP4): IREE equals the
    executor but where an element's x / scale lies in ±[0.75, 1.0) (IREE's truncf gives ±0)."""
    q_form, static, _ = GRANULARITIES["sub-channel"]
    text = program("f4E2M1FN", q_form.format(fmt="f4E2M1FN"), static, True)
    q = _q(text)
    x = (np.random.default_rng(5).standard_normal(SHAPE) * 4 * np.asarray(q.scale_array(SHAPE))).astype(np.float32)
    ours, theirs = both(text, x)
    ratio = np.abs(x / np.asarray(q.scale_array(SHAPE), np.float32))
    lost = (ratio >= 0.75) & (ratio < 1.0)
    assert 0 < lost.sum() < x.size // 10
    np.testing.assert_array_equal(ours[~lost], theirs[~lost])
    assert (theirs[lost] & 7 == 0).all() and (ours[lost] & 7 == 2).all()  # ±0 where we have ±1.0


# --- IREE's limits -------------------------------------------------------------------------------

@pytest.mark.iree_limit
@pytest.mark.parametrize("fmt", F8 + ["f4E2M1FN"])
def test_iree_truncf_loses_the_carry_into_the_normal_range(fmt):
    """A sweep of f32 around the smallest normal, and every representable value, tie and
    neighbour: IREE's truncf is ml_dtypes' but for [smallest normal - half a subnormal step,
    smallest normal), which becomes zero."""
    info = ml_dtypes.finfo(DTYPES[fmt])
    lo, hi = np.float32(float(info.smallest_normal) / 2), np.float32(float(info.smallest_normal) * 1.01)
    sweep = np.arange(lo.view(np.uint32), hi.view(np.uint32), 97, dtype=np.uint32).view(np.float32)
    x = np.concatenate([sweep, -sweep, np.nan_to_num(conversion_inputs(fmt), nan=0.0, posinf=0.0, neginf=0.0)])
    x = np.resize(x, (len(x) + 4095) // 4096 * 4096)  # f4: whole vectors (a masked store of f4 fails)
    n = len(x)
    w = FLOAT_STORAGE[fmt].width
    out = (f"  %b = arith.bitcast %t : tensor<{n}x{fmt}> to tensor<{n}xi8>\n" if w == 8 else
           f"  %n = arith.bitcast %t : tensor<{n}x{fmt}> to tensor<{n}xi4>\n"
           f"  %b = arith.extui %n : tensor<{n}xi4> to tensor<{n}xi8>\n")
    text = (f"func.func @main(%x: tensor<{n}xf32>) -> tensor<{n}xi8> {{\n"
            f"  %t = arith.truncf %x : tensor<{n}xf32> to tensor<{n}x{fmt}>\n{out}  return %b : tensor<{n}xi8>\n}}\n")
    (theirs,) = run_vmfb(compile_mlir(text), [x], "main")
    expected = iree_truncf(x, fmt)  # (an overflow is NaN of either sign: the NaN's sign differs)
    assert same_or_both_nan(theirs.view(DTYPES[fmt]).astype(np.float32), expected.astype(np.float32)).all()
    assert (bits(expected) != bits(x.astype(DTYPES[fmt]))).sum() > 100


@pytest.mark.iree_limit
def test_iree_extf_of_f8E4M3FN_negative_nan_is_minus_480():
    text = ("func.func @main(%x: tensor<2xi8>) -> tensor<2xf32> {\n"
            "  %s = arith.bitcast %x : tensor<2xi8> to tensor<2xf8E4M3FN>\n"
            "  %f = arith.extf %s : tensor<2xf8E4M3FN> to tensor<2xf32>\n  return %f : tensor<2xf32>\n}\n")
    (theirs,) = run_vmfb(compile_mlir(text), [np.array([0x7F, 0xFF], np.uint8).view(np.int8)], "main")
    assert np.isnan(theirs[0]) and theirs[1] == -480.0


@pytest.mark.iree_limit
@pytest.mark.parametrize("fmt", ["f6E2M3FN", "f6E3M2FN"])
@pytest.mark.parametrize(("quantize", "op"), [(True, "vector.store"), (False, "arith.extf")])
def test_iree_cannot_lower_f6(fmt, quantize, op):
    """qcast: the store of the f6 result; dcast: the extf of the f6 operand (an arith.truncf to f6
    alone in a dispatch fails the same way)."""
    q_form, static, _ = GRANULARITIES["per-layer"]
    low = lowered(program(fmt, q_form.format(fmt=fmt), static, quantize))
    with pytest.raises(IreeError, match=f"failed to legalize operation '{op}' that was explicitly marked illegal"):
        compile_mlir(low)


@pytest.mark.iree_limit
def test_iree_cannot_compile_f4_with_a_dynamic_shape():
    q_form, _, dynamic = GRANULARITIES["per-layer"]
    low = lowered(program("f4E2M1FN", q_form.format(fmt="f4E2M1FN"), dynamic, True))
    with pytest.raises(IreeError, match="Unsupported tensor type unable to pack to bytes"):
        compile_mlir(low)


@pytest.mark.iree_limit
def test_iree_cannot_compile_unranked_tensors():
    """The lowering of an unranked qcast reshapes with tensor.reshape to and from tensor<*x...>."""
    q = GRANULARITIES["per-layer"][0].format(fmt="f8E4M3FN")
    text = (f"func.func @main(%x: tensor<6x64xf32>) -> tensor<6x64xi8> {{\n"
            f"  %u = tensor.cast %x : tensor<6x64xf32> to tensor<*xf32>\n"
            f"  %q = quant.qcast %u : tensor<*xf32> to tensor<*x{q}>\n"
            f"  %s = quant.scast %q : tensor<*x{q}> to tensor<*xf8E4M3FN>\n"
            f"  %r = tensor.cast %s : tensor<*xf8E4M3FN> to tensor<6x64xf8E4M3FN>\n"
            f"  %b = arith.bitcast %r : tensor<6x64xf8E4M3FN> to tensor<6x64xi8>\n  return %b : tensor<6x64xi8>\n}}\n")
    low = lowered(text)
    x = np.linspace(-500, 500, 6 * 64, dtype=np.float32).reshape(SHAPE)
    (ours,) = Executor(parse_module(low)).run([x], "main")
    np.testing.assert_array_equal(ours.view(np.uint8), bits(np.clip(x / 0.5 + 1, -448, 448).astype(DTYPES["f8E4M3FN"])))
    with pytest.raises(IreeError, match="index types must not cross the dispatch boundary"):
        compile_mlir(low)
