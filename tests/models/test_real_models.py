"""Real architectures, quantized as users quantize them, end to end.

models/real/ holds the small ones (models/make_real_models.py writes them, and
the larger MobileNets and EfficientNet into build/real-models/; tools/
check_real_models.py runs the same check on those). Every statically quantized
model (TensorFlow converter int8, int8 with float or uint8 I/O, int16x8;
ai-edge-quantizer a8w8 and a16w8) must take the integer path for every op and
give TFLite's BUILTIN_REF outputs bit for bit, at the final stage, not just per
layer. (An op the model itself leaves in float, between DEQUANTIZE and QUANTIZE,
is computed in float as TFLite does.)
"""
from __future__ import annotations

import json

import pytest

from runtime_check.check import check_model

from ..conftest import MODELS

REAL = MODELS / "real"
STATIC = ("int8", "int8-float-io", "uint8-io", "int16x8", "aeq-a8w8", "aeq-a16w8")
# (ai-edge-quantizer leaves the LSTM of its a8w8 and a16w8 models in float; it takes the float
# path, legalize/families/recurrent/lstm.py, and the outputs are exact.) The dynamic-batch models keep their `?`
# batch; tests/models/test_dynamic_shapes.py runs them at other batch sizes too.

MANIFEST = json.loads((REAL / "manifest.json").read_text())["models"]
SHIPPED = [m for m in MANIFEST if m.get("where") == "real"]


STATIC_MODELS = [m["file"] for m in SHIPPED if m["mode"] in STATIC]


def test_the_manifest_lists_every_shipped_model():
    assert sorted(m["file"] for m in SHIPPED) == sorted(p.name for p in REAL.glob("*.tflite"))
    assert len(STATIC_MODELS) >= 16


@pytest.mark.parametrize("model", STATIC_MODELS)
def test_static_models_are_bit_exact_end_to_end(model):
    result = check_model(str(REAL / model), seed=0)
    assert result.error is None
    off_path = [(r.name, r.path, r.reason) for r in result.records
                if r.path != "integer" and (r.quantized or r.path != "float")]
    assert not off_path  # float ops on plain (unquantized) tensors, e.g. shape arithmetic, are fine
    for output in result.outputs:
        # `float`: the cone holds ops the model itself computes in float or on plain integers (the
        # transformer's NEG on int32 shapes; ai-edge-quantizer leaves PRELU in float): exact all the same
        assert output.depends_on in ("integer", "float"), output
        assert output.max_abs_diff == 0 and output.exact_fraction == 1.0, output
    assert result.stages_agree and result.passed


# Dynamic-range models: float activations, int8/int4 weights. Every hybrid op takes the integer
# path (legalize/lib/hybrid.py) and gives TFLite's float results bit for bit, per layer; the final
# outputs (after float ops such as SOFTMAX) are within the float tolerance. In blockwise int4
# models (aeq-dynamic-w4b32) the blockwise FULLY_CONNECTED is judged by the optimized kernels, the
# only ones with a blockwise kernel (runtime_check/check/reference.py), every other op by BUILTIN_REF. The TensorFlow converter's hybrid LSTM
# takes the integer path too (legalize/families/recurrent/lstm.py).
HYBRID = ("dynamic-int8w", "aeq-dynamic-w8", "aeq-dynamic-w4")
HYBRID_MODELS = [m["file"] for m in SHIPPED if m["mode"] in HYBRID]
BLOCKWISE_MODELS = [m["file"] for m in SHIPPED if m["mode"] == "aeq-dynamic-w4b32"]


def test_hybrid_models_are_listed():
    assert len(HYBRID_MODELS) >= 12 and len(BLOCKWISE_MODELS) >= 3


@pytest.mark.parametrize("model", HYBRID_MODELS + BLOCKWISE_MODELS)
def test_hybrid_models_compute_tflites_hybrid_kernels(model):
    result = check_model(str(REAL / model), seed=0)
    assert result.error is None
    # a blockwise FULLY_CONNECTED alone is judged by the optimized kernels, every other op by BUILTIN_REF
    assert result.reference == ("BUILTIN_REF + optimized" if model in BLOCKWISE_MODELS else "BUILTIN_REF")
    judged = {layer.name for layer in result.layers if layer.reference == "optimized"}
    assert judged == ({"tfl.fully_connected"} if model in BLOCKWISE_MODELS else set())
    off_path = [(r.name, r.path, r.reason) for r in result.records if r.quantized and r.path != "integer"]
    assert not off_path
    main = result.records[0].function  # subgraph 0 comes first; layers are its operators
    hybrid = {r.index for r in result.records if r.quantized and r.function == main}
    assert hybrid, "a dynamic-range model has hybrid ops"
    for layer in result.layers:
        assert layer.passed, layer
        if layer.index in hybrid and layer.skipped is None:
            assert layer.exact_fraction == 1.0 and layer.tolerance == 0, layer
    assert result.stages_agree and result.passed
