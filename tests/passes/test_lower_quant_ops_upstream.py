"""lower-quant-ops with no rounding option (upstream MLIR's lowering), numerically:
the executor runs the lowered IR and must match upstream's formula, written out
here: stored = trunc(x / scale + float(zp)) in the expressed type, then clamped
only if the type narrows its storage range; no saturation, so a value whose
truncation does not fit the storage type is poison."""
from __future__ import annotations

import numpy as np
import pytest

from runtime_check.executor import Executor, ExecutionError
from tfl2quant import dialects  # noqa: F401
from tfl2quant.dialects.quant.types import QuantizedType
from tfl2quant.ir.core import verify
from tfl2quant.ir.printer import print_module
from tfl2quant.ir.types import f16
from tfl2quant.passes import LowerQuantOps, Rounding, parse_pipeline

from ..conftest import iree_verify
from .test_lower_quant_ops import (CASES, CONTAINERS, QTYPES, SHAPE, _inputs, _module, _storage_view,
                                   _stored_inputs, reference_dequantize, reference_quantize)


def _lowered(q, container, quantize: bool, rounding=None):
    module = _module(q, container, quantize)
    LowerQuantOps(rounding).apply(module)
    verify(module)
    return module, print_module(module)


def _expressed(q: QuantizedType):
    return np.float16 if q.expressed_type == f16 else np.float32


def upstream_sum(x: np.ndarray, q: QuantizedType) -> np.ndarray:
    """x / scale + float(zp), each step in the expressed type, as arith does it."""
    e = _expressed(q)
    scale = np.asarray(q.scale_array(x.shape)).astype(e)
    zp = np.asarray(q.zero_point_array(x.shape)).astype(e)
    return ((x.astype(e) / scale).astype(e) + zp).astype(e)


def upstream_quantize(x: np.ndarray, q: QuantizedType) -> np.ndarray:
    stored = np.trunc(upstream_sum(x, q).astype(np.float64)).astype(np.int64)
    if q.has_storage_type_bounds:
        stored = np.clip(stored, q.storage_type_min, q.storage_type_max)
    return stored


def _defined(x: np.ndarray, q: QuantizedType) -> np.ndarray:
    """x where fptosi is defined (the truncation fits the storage width), 0 elsewhere."""
    low, high = q.storage_type_range
    t = np.trunc(upstream_sum(x, q).astype(np.float64))
    return np.where((t >= low) & (t <= high), x, 0).astype(x.dtype)


@pytest.mark.parametrize(("qname", "container"), CASES, ids=[f"{q}-{c}" for q, c in CASES])
def test_qcast_upstream_lowering_matches_upstream_formula(qname, container):
    q = QTYPES[qname]
    module, text = _lowered(q, CONTAINERS[container], True)
    assert "math.round" not in text and "maxnumf" not in text
    rng = np.random.default_rng(abs(hash((qname, container))) % 2 ** 32)
    x = _defined(_inputs(q, rng).astype(_expressed(q)), q)
    (stored,) = Executor(module).run([x], "f")
    assert stored.shape == SHAPE
    np.testing.assert_array_equal(_storage_view(stored, q), upstream_quantize(x, q))


@pytest.mark.parametrize(("qname", "container"), CASES, ids=[f"{q}-{c}" for q, c in CASES])
def test_dcast_upstream_lowering_matches_the_formula(qname, container):
    q = QTYPES[qname]
    module, _ = _lowered(q, CONTAINERS[container], False)
    stored = _stored_inputs(q, np.random.default_rng(2))
    (values,) = Executor(module).run([stored], "f")
    np.testing.assert_array_equal(values, reference_dequantize(_storage_view(stored, q), q))


# upstream rejects a sub-channel type in an unranked tensor (its scast in this test's module)
RANKED = [(q, c) for q, c in CASES if not (q.startswith("sub") and c == "unranked")]


@pytest.mark.parametrize(("qname", "container"), RANKED, ids=[f"{q}-{c}" for q, c in RANKED])
def test_upstream_lowering_verifies_with_upstream_mlir(qname, container):
    for quantize in (True, False):
        _, text = _lowered(QTYPES[qname], CONTAINERS[container], quantize)
        r = iree_verify(text, allow_unregistered=False)
        assert r.returncode == 0, r.stderr[:3000]


def test_upstream_truncates_where_tflite_rounds():
    """-0.375 / 0.25 = -1.5: TFLite rounds to -2 and adds -3 (-5); upstream truncates -4.5 (-4)."""
    q = QTYPES["per-layer"]
    x = np.array([-0.375, 0.375, 0.125, -0.125], np.float32)
    upstream, _ = _lowered(q, lambda e: CONTAINERS["static"](e).__class__((4,), e), True)
    tflite, _ = _lowered(q, lambda e: CONTAINERS["static"](e).__class__((4,), e), True,
                         Rounding.HALF_AWAY_FROM_ZERO)
    (a,) = Executor(upstream).run([x], "f")
    (b,) = Executor(tflite).run([x], "f")
    assert a.tolist() == [-4, -1, -2, -3]
    assert b.tolist() == reference_quantize(x, q, Rounding.HALF_AWAY_FROM_ZERO).tolist() == [-5, -1, -2, -4]
    # the design document's RNE (docs/decisions.md, Rounding) gives a third answer
    assert reference_quantize(x, q, Rounding.HALF_TO_EVEN).tolist() == [-5, -1, -3, -3]


def test_out_of_range_is_poison_not_saturated():
    """1000 / 0.25 - 3 does not fit i8: upstream's fptosi is poison (the executor says so);
    the TFLite lowering saturates to 127."""
    q = QTYPES["per-layer"]
    x = np.full(SHAPE, 1000.0, np.float32)
    upstream, _ = _lowered(q, CONTAINERS["static"], True)
    with pytest.raises(ExecutionError, match="poison"):
        Executor(upstream).run([x], "f")
    tflite, _ = _lowered(q, CONTAINERS["static"], True, Rounding.TOWARD_ZERO)
    (b,) = Executor(tflite).run([x], "f")
    assert (b == 127).all()


def test_no_option_is_upstream_and_prints_bare():
    (p,) = parse_pipeline("builtin.module(lower-quant-ops)")
    assert p == LowerQuantOps() and p.rounding is None and str(p) == "lower-quant-ops"
    (p,) = parse_pipeline("lower-quant-ops{rounding=toward-zero}")
    assert p.rounding is Rounding.TOWARD_ZERO and str(p) == "lower-quant-ops{rounding=toward-zero}"
    assert str(LowerQuantOps(Rounding.HALF_AWAY_FROM_ZERO, dynamic_fill=True)) == \
        "lower-quant-ops{dynamic-fill=true rounding=half-away-from-zero}"
