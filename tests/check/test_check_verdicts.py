"""`tfl2quant check`'s verdicts (runtime_check/check/run.py): each kind, the exit codes, the op it
names when a pattern is broken on purpose, the measured float tolerance, the reference it
falls back to, --samples and --backend iree."""
from __future__ import annotations

import json
import os
import signal

import numpy as np
import pytest
from click.testing import CliRunner

from legalize.families.elementwise.integer_arithmetic import RescaledMul
from runtime_check.check import kernel_sets, litert
from runtime_check.check import FAIL, NOISE, NOT_COMPARED, PASS, PASS_PER_LAYER, check_model, make_inputs
from runtime_check.check.compare import FLOAT_FLOOR
from runtime_check.check.tolerance import Tolerances
from runtime_check.check.reference import OPTIMIZED
from tfl2quant.cli import main
from tfl2quant.importer.model import import_model

from ..lib.check_models import deep_float
from ..conftest import MODELS
from ..legalize.test_custom_ops import one_op

RESNET = MODELS / "real" / "resnet-v2-blocks.int8.tflite"   # first MUL: op 4; MULs at 4, 11, 17, 25
TRANSFORMER = MODELS / "real" / "transformer.int8.tflite"
ADD = MODELS / "add-same-shape.int8.tflite"
FLOAT_CNN = MODELS / "coverage" / "cnn-mixed.float32.tflite"


def cli(*args) -> tuple[int, str]:
    r = CliRunner().invoke(main, ["check", *map(str, args)])
    return r.exit_code, r.output


@pytest.fixture
def broken_mul(monkeypatch):
    """MUL's requantization multiplier off by half: an integer-path op that no longer conforms."""
    multiplier = RescaledMul.multiplier
    monkeypatch.setattr(RescaledMul, "multiplier", staticmethod(lambda op: multiplier(op) * 1.5))


@pytest.fixture
def mul_falls_back(monkeypatch):
    monkeypatch.setattr(RescaledMul, "unsupported", lambda self, op: "declined for this test")


def test_exact_outputs_pass_and_exit_0():
    result = check_model(str(ADD))
    assert result.verdict == PASS and result.passed
    assert [o.verdict for o in result.outputs] == ["exact"]
    assert result.first_divergence is None and result.first_difference is None
    code, out = cli(ADD)
    assert code == 0 and out.rstrip().endswith("\nPASS")


def test_a_broken_pattern_fails_at_its_op(broken_mul):
    result = check_model(str(RESNET))
    assert result.verdict == FAIL and not result.passed
    assert [o.verdict for o in result.outputs] == ["differs"]
    first = result.first_divergence
    assert (first.index, first.name, first.path) == (4, "tfl.mul", "integer")
    assert first.chained_max_abs_diff > first.chained_tolerance == 0
    assert {layer.index for layer in result.layers if not layer.passed} == {4, 11, 17, 25}
    code, out = cli(RESNET)
    assert code == 1
    assert 'first diverges: op 4 MUL at "resnet_v2_blocks_1/batch_normalization_1/batchnorm/mul_1"' in out
    assert out.rstrip().endswith("\nFAIL")


def test_the_unbroken_model_passes():
    result = check_model(str(RESNET))
    assert result.verdict == PASS and result.first_divergence is None


def test_fallback_fed_outputs_pass_only_per_layer(mul_falls_back, tmp_path):
    """Every op matches TFLite on its own inputs, the fallback MULs within one step; their
    one-step differences grow through later integer ops to a few steps at the output."""
    result = check_model(str(TRANSFORMER))
    assert result.verdict == PASS_PER_LAYER and not result.passed
    assert all(layer.passed for layer in result.layers)
    (out,) = result.outputs
    assert out.depends_on == "fallback" and out.max_abs_diff > 0
    assert out.verdict == f"within {out.max_abs_diff:.0f} steps"
    assert result.first_difference.name == "tfl.mul" and result.first_difference.path == "fallback"
    assert result.first_divergence.index > result.first_difference.index
    report = tmp_path / "check.json"
    code, text = cli(TRANSFORMER, "--json", report)
    assert code == 3 and text.rstrip().endswith("\nPASS (per layer)")
    assert json.loads(report.read_text())["verdict"] == PASS_PER_LAYER
    assert cli(TRANSFORMER, "--per-layer-ok")[0] == 0


def test_float_outputs_are_judged_against_their_tolerance_and_tflites_spread_is_measured():
    """The tolerance is max(atol, rtol * max|TFLite's output|), 1e-5 each by default; the
    spreads are measured again here by hand: TFLite's three kernel sets on check's inputs."""
    result = check_model(str(FLOAT_CNN))
    assert result.verdict == PASS
    (out,) = result.outputs
    assert out.verdict == "float within tol" and 0 < out.max_abs_diff <= out.tolerance
    module = import_model(str(FLOAT_CNN))
    theirs = []
    for resolver in ("BUILTIN_REF", OPTIMIZED, "AUTO"):
        it = litert.load(str(FLOAT_CNN), resolver=resolver)
        x = make_inputs(module, litert.inputs_of(it), 0)
        theirs.append(litert.run(it, x)[0].astype(np.float64))
    ref, optimized, xnnpack = theirs
    assert out.spread == float(np.max(np.abs(ref - optimized)))
    assert out.tflite_spread == max(float(np.max(np.abs(a - b))) for a, b in
                                    ((ref, optimized), (ref, xnnpack), (optimized, xnnpack)))
    assert out.tolerance == FLOAT_FLOOR * max(1.0, float(np.max(np.abs(ref))))
    (deployed,) = result.deployed
    assert deployed.reference == float(np.max(np.abs(ref - xnnpack)))
    float_layers = [layer for layer in result.layers if layer.dtype == "float32"]
    assert float_layers and all(layer.spread is not None for layer in float_layers)


def test_a_model_tflite_cannot_load_is_not_compared(tmp_path):
    """A MediaPipe custom op: TFLite has no kernel, our stages still run and agree."""
    path = one_op(tmp_path, "TransformLandmarks", [(1, 5, 3), (1, 4, 4)], [(1, 5, 3)], b"")
    result = check_model(path)
    assert result.verdict == NOT_COMPARED and result.stages_agree and result.error is None
    data = result.to_json()
    assert data["reference"] == "none" and "TransformLandmarks" in data["reference_why"]
    code, out = cli(path)
    assert code == 4 and "reference: none: TFLite cannot run the model" in out
    assert out.rstrip().endswith("\nNOT COMPARED")


def test_ops_missing_from_builtin_ref_are_compared_with_the_optimized_kernels():
    hashtable = check_model(str(MODELS / "coverage" / "hashtable.string.tflite"))
    assert hashtable.to_json()["reference"] == "optimized" and hashtable.kernels == {"optimized": 3}
    assert "no kernel for builtin opcode 'HASHTABLE'" in hashtable.reference_why
    assert {layer.reference for layer in hashtable.layers} == {"optimized"}
    int16_sum = check_model(str(MODELS / "ops" / "sum-axis1.int16x8.tflite"))
    assert int16_sum.reference == "optimized" and "int16 SUM" in int16_sum.reference_why
    assert int16_sum.verdict == PASS


def test_rsqrt_inputs_start_at_the_zero_point():
    """TFLite refuses quantized RSQRT inputs below the zero point (elementwise.cc)."""
    assert check_model(str(MODELS / "ops" / "rsqrt-positive.int16x8.tflite")).verdict == PASS


def test_samples_keep_the_worst_figure_and_its_input_set():
    one = [check_model(str(FLOAT_CNN), seed=s).outputs[0].max_abs_diff for s in range(3)]
    result = check_model(str(FLOAT_CNN), samples=3)
    assert result.samples == 3
    (out,) = result.outputs
    assert out.max_abs_diff == max(one) and out.sample == int(np.argmax(one))
    assert {layer.sample for layer in result.layers} <= {0, 1, 2}
    code, text = cli(FLOAT_CNN, "--samples", "3")
    assert code == 0 and "samples: 3 input sets" in text


def test_iree_backend_runs_the_final_ir_too(tmp_path):
    report = tmp_path / "check.json"
    code, out = cli(ADD, "--backend", "iree", "--samples", "2", "--json", report)
    assert code == 0, out
    data = json.loads(report.read_text())
    assert data["backend"] == "iree"
    assert [(o["verdict"], o["depends_on"]) for o in data["stages"]["iree"]] == [("exact", "integer")]
    assert "\niree " in out


def test_without_tflite_iree_is_held_to_the_final_stage(tmp_path):
    path = one_op(tmp_path, "TransformLandmarks", [(1, 5, 3), (1, 4, 4)], [(1, 5, 3)], b"")
    result = check_model(path, backend="iree", samples=2)
    assert result.verdict == NOT_COMPARED and result.stages_agree and result.samples == 2


def test_a_crash_of_the_optimized_kernels_only_loses_the_spread(monkeypatch):
    """They run in a child process: a SIGSEGV there (they have them on some models) leaves
    no spread and no deployed figures, and check goes on."""
    monkeypatch.setattr(kernel_sets, "_run_other_kernels", lambda *args: os.kill(os.getpid(), signal.SIGSEGV))
    result = check_model(str(FLOAT_CNN))
    (out,) = result.outputs
    assert result.verdict == PASS and out.spread is None and out.tflite_spread is None
    assert out.tolerance == FLOAT_FLOOR and "died" in result.deployed_error


def test_deep_float_noise_has_a_verdict_of_its_own(tmp_path):
    """60 FULLY_CONNECTED + TANH layers: every op matches TFLite on its own inputs, the output
    is beyond the default tolerance but nearer BUILTIN_REF than TFLite's kernel sets are to
    each other: PASS (float noise), exit 5 (0 with --per-layer-ok); a user's tolerance judges
    it alone: PASS within it, FAIL beyond it."""
    path = tmp_path / "deep.tflite"
    path.write_bytes(deep_float())
    result = check_model(str(path))
    assert result.verdict == NOISE and all(layer.passed for layer in result.layers)
    (out,) = result.outputs
    assert out.verdict == "float noise" and out.tolerance < out.max_abs_diff <= out.tflite_spread
    report = tmp_path / "check.json"
    code, text = cli(path, "--json", report)
    assert code == 5 and text.rstrip().endswith("\nPASS (float noise)") and "float noise: every op" in text
    assert json.loads(report.read_text())["outputs"][0]["verdict"] == "float noise"
    assert cli(path, "--per-layer-ok")[0] == 0
    code, text = cli(path, "--atol", "1e-3", "--json", report)
    assert code == 0 and text.rstrip().endswith("\nPASS")
    data = json.loads(report.read_text())
    assert data["tolerances"]["atol"] == 1e-3 and data["outputs"][0]["user_tolerance"] is True
    assert cli(path, "--rtol", f"tanh59={1e-3}")[0] == 0  # by the output's name
    assert cli(path, "--atol", "1e-4")[0] == 1


def test_max_steps_allows_integer_outputs_that_many_steps(mul_falls_back):
    """The transformer whose fallback MULs put its output a few steps off: PASS (per layer),
    or PASS with --max-steps at least that many."""
    steps = int(check_model(str(TRANSFORMER)).outputs[0].max_abs_diff)
    assert steps > 0
    result = check_model(str(TRANSFORMER), tolerances=Tolerances(max_steps=steps))
    assert result.verdict == PASS and result.outputs[0].verdict == f"within {steps} steps"
    assert check_model(str(TRANSFORMER), tolerances=Tolerances(max_steps=steps - 1)).verdict == PASS_PER_LAYER


def test_a_model_tflite_refuses_to_run_is_not_compared(tmp_path):
    """uint8 SQUARED_DIFFERENCE: TFLite's Prepare takes it, its Eval refuses it (float32 and
    int32 only): nothing to compare with, so NOT COMPARED, saying why; our stages agree."""
    from ..legalize.test_integer_arithmetic import DECLINED, build

    op, dtype, _ = DECLINED["squared-difference.uint8"]
    path = tmp_path / "squared-difference.uint8.tflite"
    path.write_bytes(build(op, dtype))
    result = check_model(str(path))
    assert result.verdict == NOT_COMPARED and result.stages_agree and result.reference == "none"
    assert "SquaredDifference only supports FLOAT32 and INT32" in result.reference_why
    assert cli(path)[0] == 4
