"""Every shipped model, every stage: bit-exact with TFLite's reference kernels
where the integer path is taken, within one step where the fallback is, and
each printed stage verifies with upstream MLIR (iree-opt)."""
from __future__ import annotations

import pytest

from runtime_check.check import check_model
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import STAGES, convert

from ..conftest import MODELS, iree_verify

CASES = [  # model, the path its ops must take
    ("conv2d-same-relu6.int8.tflite", "integer"),
    ("conv2d-valid-stride2.int8.tflite", "integer"),
    ("conv2d-dilated-relu.int8.tflite", "integer"),
    ("conv2d-filter3x5-stride1x2.int8.tflite", "integer"),
    ("depthwise-conv2d-same.int8.tflite", "integer"),
    ("depthwise-conv2d-mult2-valid-stride2-relu6.int8.tflite", "integer"),
    ("fully-connected-batch1.int8.tflite", "integer"),
    ("fully-connected-batch3-relu.int8.tflite", "integer"),
    ("fully-connected-3d.int8.tflite", "integer"),
    ("add-same-shape.int8.tflite", "integer"),
    ("add-broadcast-channel.int8.tflite", "integer"),
    ("add-const-broadcast.int8.tflite", "integer"),
    ("add-relu.int8.tflite", "integer"),
    ("reshape-4d-to-3d.int8.tflite", "integer"),
    ("max-pool2d-same-3x3-stride2.int8.tflite", "integer"),
    ("max-pool2d-valid-2x2-stride2.int8.tflite", "integer"),
    ("average-pool2d-same-3x3.int8.tflite", "integer"),
    ("average-pool2d-valid-2x3-stride2.int8.tflite", "integer"),
    ("pad-asymmetric.int8.tflite", "integer"),
    ("quantize-dequantize-float-io.int8.tflite", "integer"),
    ("softmax-2d.int8.tflite", "integer"),
    ("softmax-beta-patched.int8.tflite", "integer"),
    ("log-softmax-2d.int8.tflite", "integer"),
    ("concat-requantize.int8.tflite", "integer"),
    ("small-cnn.int8.tflite", "integer"),
]
TOLERANCE = {"integer": 0, "fallback": 1}  # storage units


def test_every_shipped_model_is_in_the_table():
    assert sorted(m for m, _ in CASES) == sorted(p.name for p in MODELS.glob("*.tflite"))


@pytest.mark.parametrize(("model", "path"), CASES, ids=[m for m, _ in CASES])
@pytest.mark.parametrize("seed", [0, 1])
def test_matches_tflite_reference_kernels(model, path, seed):
    result = check_model(str(MODELS / model), seed=seed)
    assert result.error is None
    assert result.ops["unlowered"] == 0
    if path == "integer":
        assert result.ops["fallback"] == 0 and result.ops["integer"] > 0
    else:
        assert result.ops["fallback"] > 0
    assert set(result.stages) == {"legalized", "lowered", "final"}
    for stage, outputs in result.stages.items():
        for o in outputs:
            assert o.max_abs_diff <= TOLERANCE[path], (stage, o)
            if o.depends_on == "integer":
                assert o.exact_fraction == 1.0, (stage, o)
    assert result.passed


@pytest.mark.parametrize("model", [m for m, _ in CASES])
def test_every_stage_verifies_with_upstream_mlir(model):
    texts = {}
    convert(str(MODELS / model), "final",
            on_stage=lambda stage, module: texts.__setitem__(stage, print_module(module)))
    assert set(texts) == set(STAGES)
    for stage, text in texts.items():
        # only the tfl stage has unregistered (tfl.*) ops; the others must verify strictly
        r = iree_verify(text, allow_unregistered=stage == "tfl")
        assert r.returncode == 0, f"{stage}: {r.stderr[:2000]}"
    assert "!quant" not in texts["final"]
    assert "quant." not in texts["final"]


def test_integer_stages_agree_with_each_other():
    """legalized (quant casts executed directly) == lowered == final, elementwise."""
    result = check_model(str(MODELS / "quantize-dequantize-float-io.int8.tflite"), seed=3)
    finals = [o.max_abs_diff for o in result.stages["final"]]
    assert finals == [o.max_abs_diff for o in result.stages["legalized"]] == [0.0]


def test_check_catches_a_wrong_integer_pattern(monkeypatch):
    """Fault injection: an ADD output multiplier off by 0.1% must fail end to end and per layer."""
    from legalize.families.elementwise.integer_arithmetic import RescaledAddSub
    original = RescaledAddSub.multipliers
    monkeypatch.setattr(RescaledAddSub, "multipliers",
                        lambda self, op: (*original(self, op)[:2], original(self, op)[2] * 1.001))
    result = check_model(str(MODELS / "add-same-shape.int8.tflite"))
    assert not result.passed
    assert not result.outputs[0].passed and result.outputs[0].max_abs_diff >= 1
    (layer,) = result.layers
    assert layer.path == "integer" and not layer.passed


COVERAGE_CHECKED = [  # coverage models (import set) that `check` must also pass
    "conv-fake-quant.uint8", "fc-aeq-static.int16x8", "fc-buffer-offset.float32", "fc-weight-only.int8w",
    "fc-weight-only.int4w", "multi-signature.float32", "fc-sparse-densify.float32", "fc-sparse-densify.int8",
    "fc-sparse-block1x4.float32", "bool-int64.float32", "cnn-mixed.float32", "cnn-mixed.float16w",
    "cnn-mixed.dynamic-int8w", "cnn-mixed.int8", "cnn-mixed.int8-per-tensor", "cnn-mixed.uint8-io",
    "if-cond.float32", "while-loop.float32",
]


@pytest.mark.parametrize("model", COVERAGE_CHECKED)
def test_coverage_models_conform(model):
    result = check_model(str(MODELS / "coverage" / f"{model}.tflite"))
    assert result.error is None and result.stages_agree
    assert result.passed, [o for o in result.outputs if not o.passed] + [layer for layer in result.layers
                                                                          if not layer.passed]
    # something was judged (a model of several signatures keeps its layers per signature)
    layers = result.layers + [layer for s in (result.signatures or []) for layer in s.layers]
    assert any(layer.tolerance is not None for layer in layers)


def test_int16_tanh_and_logistic_are_bit_exact():
    """TFLite's int16 TANH and LOGISTIC interpolate a 256-entry table (docs/tflite-integer-semantics.md
    §16), up to 2 steps from dequantize, tanh, quantize: the integer path reproduces them."""
    result = check_model(str(MODELS / "coverage" / "cnn-mixed.int16x8.tflite"))
    layers = [layer for layer in result.layers if layer.name in ("tfl.tanh", "tfl.logistic")]
    assert [(layer.path, layer.max_abs_diff) for layer in layers] == [("integer", 0)] * 2
    assert result.passed
