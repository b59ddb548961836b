"""lower-quant-ops, numerically: for every case of the RFCs (per-layer, per-axis,
sub-channel; scalar, static, dynamic and unranked containers) and every
rounding mode, the executor runs the lowered IR on random inputs and must match
the quantize/dequantize formula exactly. The formula is written out here,
independently of the executor's quant kernels."""
from __future__ import annotations

import numpy as np
import pytest

from runtime_check.executor import Executor, ExecutorOptions
from tfl2quant import dialects  # noqa: F401
from tfl2quant.dialects.builtin import ModuleOp
from tfl2quant.dialects.func import FuncOp
from tfl2quant.dialects.quant import per_axis, sub_channel, uniform
from tfl2quant.dialects.quant.types import QuantizedType
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import verify
from tfl2quant.ir.printer import print_module
from tfl2quant.ir.types import FunctionType, RankedTensorType, UnrankedTensorType, f16, f32
from tfl2quant.passes import Canonicalize, LowerQuantOps, Rounding

from ..conftest import iree_verify

SHAPE = (4, 6, 10)
QTYPES = {
    "per-layer": uniform("i8", f32, 0.25, -3),
    "per-layer-narrow": uniform("i8", f32, 0.125, 10, storage_min=-8, storage_max=7),
    "per-layer-u8": uniform("u8", f32, 0.5, 128),
    "per-layer-i16": uniform("i16", f32, 2.0 ** -10, 0),
    "per-layer-i32": uniform("i32", f32, 2.0 ** -20, 5),
    "per-layer-f16": uniform("i8", f16, 0.25, 1),
    "per-axis": per_axis("i8", f32, 1, [0.5, 0.25, 2.0, 1.0, 0.125, 4.0], [1, -2, 0, 3, -128, 127]),
    "per-axis-u4": per_axis("u4", f32, 2, [0.5] * 5 + [0.25] * 5, [8] * 10),
    "sub-channel": sub_channel("i8", f32, {1: 3, 2: 5}, np.array([[[0.5, 1.0], [0.25, 2.0]]]),
                               np.array([[[0, 1], [-1, 2]]])),
    "sub-channel-i4": sub_channel("i4", f32, {0: 2, 2: 2}, 2.0 ** -np.arange(10).reshape(2, 1, 5)),
}
CONTAINERS = {
    "static": lambda elem: RankedTensorType(SHAPE, elem),
    "dynamic": lambda elem: RankedTensorType((None, 6, None), elem),
    "unranked": lambda elem: UnrankedTensorType(elem),
}


def _module(q: QuantizedType, container, quantize: bool):
    """@f: qcast float -> q -> scast storage (or scast storage -> q -> dcast float)."""
    float_t, q_t, storage_t = (container(e) if not isinstance(container, str) else e
                               for e in (q.expressed_type, q, q.storage_type))
    src, dst = (float_t, storage_t) if quantize else (storage_t, float_t)
    module = ModuleOp.build()
    func = FuncOp.build("f", FunctionType((src,), (dst,)))
    module.body.append(func)
    b = Builder.at_end(func.body)
    x = func.body.args[0]
    if quantize:
        y = b.value("quant.scast", [b.value("quant.qcast", [x], q_t)], storage_t)
    else:
        y = b.value("quant.dcast", [b.value("quant.scast", [x], q_t)], float_t)
    b.create("func.return", [y])
    verify(module)
    return module


def _lowered(q, container, quantize: bool, rounding: Rounding):
    module = _module(q, container, quantize)
    LowerQuantOps(rounding).apply(module)
    Canonicalize().apply(module)
    verify(module)
    text = print_module(module)
    assert "quant.qcast" not in text and "quant.dcast" not in text
    return module, text


def reference_quantize(x: np.ndarray, q: QuantizedType, rounding: Rounding) -> np.ndarray:
    expressed = np.float16 if q.expressed_type == f16 else np.float32
    scale = np.asarray(q.scale_array(x.shape)).astype(expressed)
    zp = np.asarray(q.zero_point_array(x.shape)).astype(np.int64)
    t = (x.astype(expressed) / scale).astype(expressed).astype(np.float64)
    if rounding is Rounding.TOWARD_ZERO:
        # upstream's order, in the expressed type (f16 values widen to f32 first)
        s = (t.astype(np.float32) + zp.astype(np.float32)).astype(np.float64)
        stored = np.trunc(s)
    elif rounding is Rounding.HALF_TO_EVEN:
        stored = np.rint(t) + zp
    else:
        stored = np.sign(t) * np.floor(np.abs(t) + 0.5) + zp  # exact: |t| < 2^24
    return np.clip(stored, q.storage_type_min, q.storage_type_max).astype(np.int64)


def reference_dequantize(stored: np.ndarray, q: QuantizedType) -> np.ndarray:
    expressed = np.float16 if q.expressed_type == f16 else np.float32
    scale = np.asarray(q.scale_array(stored.shape)).astype(expressed)
    zp = np.asarray(q.zero_point_array(stored.shape))
    return ((stored.astype(expressed) - zp.astype(expressed)) * scale).astype(expressed)


def _inputs(q: QuantizedType, rng) -> np.ndarray:
    """Floats around the representable range, many of them exact rounding ties."""
    scale = np.asarray(q.scale_array(SHAPE), np.float64)
    lo, hi = q.storage_type_min, q.storage_type_max
    span = np.clip(hi - lo, 0, 4096)
    k = rng.integers(-span, span, SHAPE)
    ties = (k + 0.5) * scale
    noise = rng.uniform(-1.2, 1.2, SHAPE) * span * scale
    return np.where(rng.random(SHAPE) < 0.5, ties, noise)


def _storage_view(stored: np.ndarray, q: QuantizedType) -> np.ndarray:
    """Stored bits (signless, sign-extended in their container) read as q's storage type."""
    values = stored.astype(np.int64)
    return values if q.is_signed else values & ((1 << q.storage_width) - 1)


def _stored_inputs(q: QuantizedType, rng) -> np.ndarray:
    """Random stored values as signless bits: unsigned values above the signed range wrap."""
    from tfl2quant.ir.types import numpy_dtype
    values = rng.integers(q.storage_type_min, q.storage_type_max, SHAPE, endpoint=True)
    half = 1 << (q.storage_width - 1)
    return np.where(values >= half, values - 2 * half, values).astype(numpy_dtype(q.storage_type))


CASES = [(name, c) for name in QTYPES for c in CONTAINERS if not (name.startswith("sub") and c == "dynamic")]
CASES += [("sub-channel", "dynamic")]


@pytest.mark.parametrize("rounding", list(Rounding), ids=[r.value for r in Rounding])
@pytest.mark.parametrize(("qname", "container"), CASES, ids=[f"{q}-{c}" for q, c in CASES])
def test_qcast_lowering_matches_the_formula(qname, container, rounding):
    q = QTYPES[qname]
    module, text = _lowered(q, CONTAINERS[container], True, rounding)
    rng = np.random.default_rng(abs(hash((qname, container, rounding.value))) % 2 ** 32)
    x = _inputs(q, rng).astype(np.float16 if q.expressed_type == f16 else np.float32)
    (stored,) = Executor(module).run([x], "f")
    assert stored.shape == SHAPE
    np.testing.assert_array_equal(_storage_view(stored, q), reference_quantize(x, q, rounding))


@pytest.mark.parametrize(("qname", "container"), CASES, ids=[f"{q}-{c}" for q, c in CASES])
def test_dcast_lowering_matches_the_formula(qname, container):
    q = QTYPES[qname]
    module, _ = _lowered(q, CONTAINERS[container], False, Rounding.HALF_AWAY_FROM_ZERO)
    stored = _stored_inputs(q, np.random.default_rng(1))
    (values,) = Executor(module).run([stored], "f")
    np.testing.assert_array_equal(values, reference_dequantize(_storage_view(stored, q), q))


@pytest.mark.parametrize(("qname", "container"), CASES, ids=[f"{q}-{c}" for q, c in CASES])
def test_lowered_ir_verifies_with_upstream_mlir(qname, container):
    for quantize in (True, False):
        _, text = _lowered(QTYPES[qname], CONTAINERS[container], quantize, Rounding.HALF_AWAY_FROM_ZERO)
        r = iree_verify(text, allow_unregistered=False)
        assert r.returncode == 0, r.stderr[:3000]


def test_scalars():
    q = QTYPES["per-layer"]
    module, text = _lowered(q, "scalar", True, Rounding.HALF_AWAY_FROM_ZERO)
    assert "tensor" not in text.split("func.func", 1)[1]
    for x in (-0.375, 0.375, 100.0, -100.0, 0.124):
        (stored,) = Executor(module).run([np.float32(x)], "f")
        assert int(stored) == int(reference_quantize(np.array([x], np.float32), q, Rounding.HALF_AWAY_FROM_ZERO)[0])


def test_executor_quant_kernels_equal_the_lowering():
    """The legalized stage runs quant casts directly; it must agree with the lowered IR."""
    for qname in QTYPES:
        q = QTYPES[qname]
        for rounding in Rounding:
            module = _module(q, CONTAINERS["static"], True)
            x = _inputs(q, np.random.default_rng(7)).astype(np.float16 if q.expressed_type == f16 else np.float32)
            (direct,) = Executor(module, ExecutorOptions(rounding=rounding)).run([x], "f")
            lowered, _ = _lowered(q, CONTAINERS["static"], True, rounding)
            (via_ir,) = Executor(lowered).run([x], "f")
            np.testing.assert_array_equal(direct, via_ir, err_msg=f"{qname} {rounding}")


