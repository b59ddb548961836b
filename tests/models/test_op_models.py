"""The op-level models made by real TensorFlow (models/ops/, made by models/make_op_models.py):
every quantized op takes the integer path and every output equals TFLite's BUILTIN_REF result
bit for bit, for int8 and int16x8 (EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8).

Modes the converter refuses have no file (make_op_models.py's table records its message).
Files whose op legitimately stays on the fallback are listed in FALLBACK with the reason the
legalizer gives; files that need other inputs than check_model's seeded ones in INPUTS.
"""
from __future__ import annotations

import numpy as np
import pytest

from runtime_check.check import check_model
from tfl2quant.errors import Tfl2QuantError

from ..conftest import MODELS, save_inputs

OPS = MODELS / "ops"
FILES = sorted(p.name for p in OPS.glob("*.tflite"))

# file -> (op, start of the legalizer's reason).  The op must take the fallback with that reason.
FALLBACK = {
    # No integer pattern: BUILTIN_REF's int16 SUM is itself wrong (it reads the int16 buffers as
    # bytes), so there is nothing bit-exact to match.  The output comparison is against that
    # wrong reference, so only the fallback and its reason are asserted.
    "sum-axis1.int16x8.tflite": ("tfl.sum", "BUILTIN_REF's int16 SUM reads the int16 buffers as bytes"),
    # int16 DIV would fall back too (no int16 table), but the converter refuses 16x8 DIV, so no
    # file exists: see make_op_models.py ("Quantization to 16x8-bit not yet supported for op: 'DIV'").
}

# file -> (error TFLite gives on check_model's seeded inputs, valid inputs for the same check).
# None now: check_model seeds a quantized RSQRT's inputs from the zero point up, since TFLite's
# RSQRT refuses the ones below it (rsqrt-positive.int16x8: int16 activations are symmetric).
INPUTS: dict = {}

# file -> the difference from BUILTIN_REF (a bug in one of our integer patterns; strict xfail).
XFAIL: dict[str, str] = {}


def test_models_exist():
    assert len(FILES) >= 60, f"models/ops/ holds {len(FILES)} models: run models/make_op_models.py"
    assert set(FALLBACK) | set(INPUTS) | set(XFAIL) <= set(FILES)


def _params():
    for name in FILES:
        marks = [pytest.mark.xfail(strict=True, reason=XFAIL[name])] if name in XFAIL else []
        yield pytest.param(name, marks=marks, id=name)


def _run(name: str, seed: int, tmp_path):
    path = str(OPS / name)
    if name not in INPUTS:
        return check_model(path, seed=seed)
    message, make = INPUTS[name]
    with pytest.raises(Tfl2QuantError, match=message):
        check_model(path, seed=seed)
    npz = tmp_path / f"inputs-{seed}.npz"
    save_inputs(npz, path, make(np.random.default_rng(seed)))
    return check_model(path, inputs_file=str(npz), seed=seed)


@pytest.mark.parametrize("name", list(_params()))
@pytest.mark.parametrize("seed", [0, 1])
def test_op_model_matches_tflite(name, seed, tmp_path):
    result = _run(name, seed, tmp_path)
    assert result.error is None
    quantized = [r for r in result.records if r.quantized]
    assert quantized, "no quantized op in the model"
    if name in FALLBACK:
        op, reason = FALLBACK[name]
        fallen = [r for r in quantized if r.path != "integer"]
        assert [(r.name, r.path) for r in fallen] == [(op, "fallback")]
        assert fallen[0].reason.startswith(reason), fallen[0].reason
        return
    assert [(r.name, r.path, r.reason) for r in quantized if r.path != "integer"] == []
    assert result.outputs
    assert [(o.name, o.max_abs_diff) for o in result.outputs if o.max_abs_diff != 0] == []
    assert result.passed
