"""The command line as users and CI drive it (contracts of docs/architecture.md)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tools.tflite_builder import ModelBuilder

from ..conftest import MODELS, iree_verify

CNN = MODELS / "small-cnn.int8.tflite"
HYBRID = MODELS / "coverage" / "fc-blockwise-narrow.int4w.tflite"  # two blockwise FULLY_CONNECTED fall back


def tfl2quant(*args, stdin: str | None = None, cwd=None) -> subprocess.CompletedProcess:
    exe = Path(sys.executable).parent / "tfl2quant"
    # this tree's tfl2quant, not the environment's installed (editable) copy of another checkout
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    return subprocess.run([str(exe), *map(str, args)], capture_output=True, text=True, input=stdin, cwd=cwd,
                          env=env)


def test_convert_prints_final_mlir_to_stdout_by_default():
    r = tfl2quant("convert", CNN)
    assert r.returncode == 0, r.stderr
    assert "func.func @main(%arg0: tensor<1x13x11x3xi8> {tf_saved_model.index_path = [\"in0\"]}) -> " \
           "(tensor<1x10xi8> {tf_saved_model.index_path = [\"output_0\"]})" in r.stdout
    assert "!quant" not in r.stdout
    assert iree_verify(r.stdout, allow_unregistered=False).returncode == 0


@pytest.mark.parametrize("stage", ["tfl", "legalized", "lowered", "final"])
def test_convert_emits_each_stage_to_a_file(tmp_path, stage):
    out = tmp_path / "out.mlir"
    r = tfl2quant("convert", CNN, "--emit", stage, "-o", out)
    assert r.returncode == 0, r.stderr
    text = out.read_text()
    expected = {"tfl": '"tfl.conv_2d"', "legalized": "quant.scast", "lowered": "arith.fptosi",
                "final": "= tosa.conv2d "}[stage]
    assert expected in text
    assert iree_verify(text, allow_unregistered=stage == "tfl").returncode == 0


def test_no_fallback_names_every_op_that_would_fall_back():
    r = tfl2quant("convert", HYBRID, "--no-fallback")
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert "--no-fallback" in r.stderr and "2 op(s) need it: op 0 'tfl.fully_connected'" in r.stderr
    assert "op 1 'tfl.fully_connected'" in r.stderr and "blockwise" in r.stderr
    assert tfl2quant("convert", CNN, "--no-fallback", "-o", "/dev/null").returncode == 0


def customs(path: Path) -> Path:
    """Two 'Mine' custom ops then one 'Theirs': ops whose computation is not in the model."""
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [4])
    for k, code in enumerate(("Mine", "Mine", "Theirs")):
        y = g.tensor(f"y{k}", [4])
        g.op("CUSTOM", [x], [y], custom=code, custom_options=b"\x01")
        x = y
    g.output(x)
    path.write_bytes(m.build())
    return path


def why(code: str) -> str:
    return f"custom operator '{code}': its computation is not in the model"


def test_convert_warns_once_per_kind_of_op_it_leaves(tmp_path):
    """Ops that stay `tfl.*` ops: one warning line per kind, with the count and the reason;
    the IR is still written and the exit code is 0. A model with none warns about nothing."""
    model = customs(tmp_path / "custom.tflite")
    out = tmp_path / "out.mlir"
    r = tfl2quant("convert", model, "-o", out)
    assert r.returncode == 0, r.stderr
    lines = r.stderr.splitlines()
    assert lines == [f"{model}: warning: 3 'tfl.custom' op(s) stay tfl ops: {why('Mine')} (and 1 other reasons)"], \
        lines
    assert '"tfl.custom"' in out.read_text()
    assert tfl2quant("convert", CNN, "-o", out).stderr == ""


def test_strict_fails_naming_every_op_left(tmp_path):
    model = customs(tmp_path / "custom.tflite")
    out = tmp_path / "out.mlir"
    r = tfl2quant("convert", model, "--strict", "-o", out)
    assert r.returncode == 1 and not out.exists()
    errors = [line for line in r.stderr.splitlines() if ": error: " in line]
    assert len(errors) == 3 and "Traceback" not in r.stderr
    assert f"{model}: error: op 2 of @main 'tfl.custom' at \"y2\" stays a tfl op: {why('Theirs')}" in errors
    assert tfl2quant("convert", CNN, "--strict", "-o", out).returncode == 0 and out.exists()


def test_check_passes_and_writes_the_json_contract(tmp_path):
    report = tmp_path / "check.json"
    r = tfl2quant("check", CNN, "--seed", "7", "--json", report)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "PASS" in r.stdout
    data = json.loads(report.read_text())
    assert data["model"].endswith("small-cnn.int8.tflite") and data["passed"] is True
    (out,) = data["outputs"]
    assert {"name", "dtype", "shape", "exact_fraction", "max_abs_diff"} <= set(out)
    assert out["dtype"] == "int8" and out["shape"] == [1, 10]
    assert data["ops"] == {"integer": 9, "fallback": 0, "float": 0, "unlowered": 0}


ADD = MODELS / "add-same-shape.int8.tflite"  # inputs serving_default_in0:0 (signature name in0) and in1


def test_check_reads_inputs_from_npz_by_name(tmp_path):
    x = np.random.default_rng(5).integers(-128, 128, (1, 5, 7, 3)).astype(np.int8)
    npz = tmp_path / "in.npz"
    np.savez(npz, **{"serving_default_in0:0": x, "in1": x[::-1]})  # TFLite's name, or the signature's
    r = tfl2quant("check", ADD, "--inputs", npz)
    assert r.returncode == 0, r.stdout + r.stderr


def test_check_rejects_inputs_of_the_wrong_shape(tmp_path):
    npz = tmp_path / "in.npz"
    np.savez(npz, in0=np.zeros((2, 2), np.int8), in1=np.zeros((2, 2), np.int8))
    _one_line_error(tfl2quant("check", ADD, "--inputs", npz), "must be int8[1, 5, 7, 3], got int8[2, 2]")


def test_check_refuses_inputs_matched_by_order(tmp_path):
    """np.savez(npz, x, y) names them arr_0, arr_1: not the model's inputs, so not matched by order."""
    x = np.zeros((1, 5, 7, 3), np.int8)
    npz = tmp_path / "in.npz"
    np.savez(npz, x, x)
    _one_line_error(tfl2quant("check", ADD, "--inputs", npz), "no input named 'arr_0', 'arr_1'",
                    "no array for input 'serving_default_in0:0', 'serving_default_in1:0'",
                    "'serving_default_in0:0' ('in0')")
    np.savez(npz, in0=x)
    _one_line_error(tfl2quant("check", ADD, "--inputs", npz), "no array for input 'serving_default_in1:0'")


def test_check_usage_errors_exit_2_before_any_work(tmp_path):
    """Each is found before the model is converted: one line on stderr, nothing on stdout."""
    cases = [(["--json", tmp_path / "no" / "such" / "dir" / "r.json"], "no such directory"),
             (["--inputs", tmp_path / "none.npz"], "no such file"),
             (["--rtol", "nope=1e-3"], "'nope', which is not an output"),
             (["--atol", "x"], "--atol x: expected a number or NAME=NUMBER"),
             (["--rtol", "-1"], "must be a finite number at least 0")]
    for args, fragment in cases:
        r = tfl2quant("check", ADD, *args)
        _one_line_error(r, fragment)
        assert r.stdout == "", args


def test_check_without_iree_is_a_usage_error(tmp_path):
    """An `iree` package without its runtime (iree-base-runtime not installed): exit 2 at once."""
    (tmp_path / "iree").mkdir()
    (tmp_path / "iree" / "__init__.py").write_text("")
    exe = Path(sys.executable).parent / "tfl2quant"
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{Path(__file__).resolve().parents[2]}"}
    r = subprocess.run([str(exe), "check", str(ADD), "--backend", "iree"], capture_output=True, text=True, env=env)
    _one_line_error(r, "--backend iree: the IREE runtime is not installed")
    assert r.stdout == ""


def test_check_json_to_stdout_is_json_alone():
    r = tfl2quant("check", ADD, "--json", "-")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["verdict"] == "PASS" and data["tolerances"]["max_steps"] == 0
    assert r.stderr.rstrip().endswith("\nPASS")  # the table


def test_check_shows_no_progress_when_stderr_is_not_a_terminal():
    r = tfl2quant("check", ADD)
    assert "\r" not in r.stderr and "\033[K" not in r.stderr


def test_check_exits_1_when_the_numbers_differ(tmp_path):
    """toward-zero rounding (upstream's) is not TFLite's: the float-input QUANTIZE must differ."""
    r = tfl2quant("check", MODELS / "quantize-dequantize-float-io.int8.tflite", "--rounding", "toward-zero")
    assert r.returncode == 1
    assert "MISMATCH" in r.stdout and "FAIL" in r.stdout


def test_report_json_contract(tmp_path):
    r = tfl2quant("report", MODELS, "--format", "json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert len(data["models"]) == len(list(MODELS.rglob("*.tflite")))
    model = next(m for m in data["models"] if m["path"].endswith("small-cnn.int8.tflite"))
    assert model["ops"] == {"integer": 9, "fallback": 0, "float": 0, "unlowered": 0}
    assert model["by_op"]["tfl.softmax"]["integer"] == 1
    model = next(m for m in data["models"] if m["path"].endswith(HYBRID.name))
    assert model["by_op"]["tfl.fully_connected"]["fallback"] == 2
    model = next(m for m in data["models"] if m["path"].endswith("cnn-mixed.dynamic-int8w.tflite"))
    assert model["by_op"]["tfl.conv_2d"]["integer"] == 1 and model["by_op"]["tfl.fully_connected"]["integer"] == 1
    assert data["totals"]["ops"]["integer"] >= 30


@pytest.mark.parametrize("fmt,marker", [("text", "tfl.softmax"), ("md", "| tfl.softmax |"), ("html", "<table>")])
def test_report_formats(fmt, marker):
    r = tfl2quant("report", MODELS / "softmax-2d.int8.tflite", "--format", fmt)
    assert r.returncode == 0 and marker in r.stdout


def _one_line_error(r: subprocess.CompletedProcess, *fragments: str) -> None:
    assert r.returncode != 0
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("error: ")
    for f in fragments:
        assert f in lines[0], lines[0]


def test_missing_file(tmp_path):
    _one_line_error(tfl2quant("convert", tmp_path / "nope.tflite"), "nope.tflite", "no such file")
    _one_line_error(tfl2quant("check", tmp_path / "nope.tflite"), "no such file")


def test_not_a_flatbuffer(tmp_path):
    bad = tmp_path / "random.tflite"
    bad.write_bytes(os.urandom(4096))
    _one_line_error(tfl2quant("convert", bad), "random.tflite", "not a TFLite flatbuffer")
    r = tfl2quant("check", bad)
    assert r.returncode == 2
    _one_line_error(r, "not a TFLite flatbuffer")


def test_truncated_model(tmp_path):
    cut = tmp_path / "cut.tflite"
    cut.write_bytes(CNN.read_bytes()[:900])
    _one_line_error(tfl2quant("convert", cut), "cut.tflite", "malformed flatbuffer")


def test_empty_file_and_directory(tmp_path):
    empty = tmp_path / "empty.tflite"
    empty.write_bytes(b"")
    _one_line_error(tfl2quant("convert", empty), "empty file")
    _one_line_error(tfl2quant("convert", tmp_path), "is a directory")


def test_report_continues_past_a_bad_model_and_says_so(tmp_path):
    (tmp_path / "bad.tflite").write_bytes(b"not a model at all")
    (tmp_path / "good.tflite").write_bytes((MODELS / "add-relu.int8.tflite").read_bytes())
    r = tfl2quant("report", tmp_path, "--format", "json")
    assert r.returncode == 1
    data = json.loads(r.stdout)
    assert [m["path"] for m in data["models"]] == [str(tmp_path / "good.tflite")]
    assert "not a TFLite flatbuffer" in data["errors"][0]["error"]


@pytest.mark.parametrize("command", ["convert", "opt", "check", "report"])
def test_every_command_starts_without_a_python_warning(command):
    # click warns (UserWarning) about an option declared twice only when the command is built
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2]), "PYTHONWARNINGS": "error"}
    r = subprocess.run([sys.executable, "-m", "tfl2quant.cli", command, "--help"], capture_output=True, text=True,
                       env=env)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""


def test_check_shows_progress_on_a_terminal(tmp_path):
    """A check that runs longer than the delay (here none, so that the test does not depend on
    the machine's speed) draws `[Ns] what runs` on stderr when it is a terminal, and clears the
    line before the table."""
    import pty

    from ..lib.check_models import deep_float

    model = tmp_path / "deep.tflite"
    model.write_bytes(deep_float())
    exe = Path(sys.executable).parent / "tfl2quant"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2]), "TFL2QUANT_PROGRESS_DELAY": "0"}
    main, secondary = pty.openpty()
    r = subprocess.Popen([str(exe), "check", str(model), "--samples", "12"], stdout=subprocess.PIPE,
                         stderr=secondary, env=env)
    os.close(secondary)
    drawn = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the terminal closed with the process
            break
        if not chunk:
            break
        drawn += chunk
    stdout = r.communicate()[0].decode()
    os.close(main)
    assert r.returncode in (1, 5) and "per layer: 120/120 ops match" in stdout  # the table, on stdout
    assert b"\r\x1b[K[" in drawn and b"s] " in drawn, drawn[:300]
    assert b"input set" in drawn and drawn.endswith(b"\r\x1b[K")


def test_progress_delay_is_read_from_the_environment(monkeypatch):
    """TFL2QUANT_PROGRESS_DELAY in seconds; a value that is no number of seconds leaves the 2 s."""
    from runtime_check.check.progress import default_delay

    for value, delay in (("0", 0.0), ("0.25", 0.25), ("-3", 0.0), ("soon", 2.0), ("", 2.0)):
        monkeypatch.setenv("TFL2QUANT_PROGRESS_DELAY", value)
        assert default_delay() == delay, value
    monkeypatch.delenv("TFL2QUANT_PROGRESS_DELAY")
    assert default_delay() == 2.0


# --- stdin, help, options that would do nothing, --input-shape limits ----------------------

def test_convert_check_and_report_read_a_model_from_stdin():
    """`-` is stdin, as for the C++ converter; what comes out is what the file gives, and
    messages name it `<stdin>`."""
    piped = _run_bytes(["convert", "-"], CNN.read_bytes())
    assert piped.returncode == 0 and piped.stdout == tfl2quant("convert", CNN).stdout.encode()
    r = _run_bytes(["report", "-", "--format", "json"], CNN.read_bytes())
    assert r.returncode == 0, r.stderr
    (model,) = json.loads(r.stdout)["models"]
    assert model["path"] == "<stdin>" and model["ops"]["integer"] == 9
    r = _run_bytes(["check", "-"], CNN.read_bytes())
    assert r.returncode == 0 and "PASS" in r.stdout.decode(), r.stdout + r.stderr
    assert r.stdout.decode().startswith("model: <stdin>\n")
    bad = _run_bytes(["convert", "-"], os.urandom(512))
    _one_line_error(subprocess.CompletedProcess(bad.args, bad.returncode, bad.stdout.decode(), bad.stderr.decode()),
                    "<stdin>: ", "not a TFLite flatbuffer")


def _run_bytes(args: list[str], stdin: bytes) -> subprocess.CompletedProcess:
    exe = Path(sys.executable).parent / "tfl2quant"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    return subprocess.run([str(exe), *args], input=stdin, capture_output=True, env=env)


@pytest.mark.parametrize("command", [[], ["convert"], ["opt"], ["check"], ["report"]])
def test_every_help_has_examples_and_exit_codes(command):
    r = tfl2quant(*command, "--help")
    assert r.returncode == 0, r.stderr
    examples = r.stdout[r.stdout.index("Examples:"):]
    assert "tfl2quant " in examples.splitlines()[1]
    if command:
        codes = r.stdout[r.stdout.index("Exit codes:"):]
        assert "    0  " in codes and "    2  " in codes and "130" in codes


@pytest.mark.parametrize(("args", "words"), [
    (["--emit", "tfl", "--strict"], "--strict does nothing with --emit tfl"),
    (["--emit", "tfl", "--no-fallback"], "--no-fallback does nothing with --emit tfl"),
    (["--emit", "tfl", "--rounding", "toward-zero"], "--rounding does nothing with --emit tfl"),
    (["--emit", "legalized", "--rounding", "half-to-even"], "--rounding does nothing with --emit legalized"),
    (["--emit", "tfl", "--verify-each"], "--verify-each does nothing with --emit tfl"),
    (["--emit-bytecode", "--mlir-print-op-generic"], "--mlir-print-op-generic does nothing with --emit-bytecode"),
    (["--mlir-timing-display", "list"], "--mlir-timing-display does nothing without --mlir-timing"),
])
def test_an_option_that_would_do_nothing_is_a_usage_error(tmp_path, args, words):
    out = tmp_path / "out"
    r = tfl2quant("convert", CNN, *args, "-o", out)
    assert r.returncode == 2 and not out.exists()
    _one_line_error(r, words)


def test_the_same_options_where_they_do_something(tmp_path):
    assert tfl2quant("convert", CNN, "--emit", "lowered", "--rounding", "toward-zero", "-o", tmp_path / "a").returncode == 0
    # the generic form is for the IR dumps here
    r = tfl2quant("convert", CNN, "--emit-bytecode", "--mlir-print-op-generic", "--mlir-print-ir-after=cse",
                  "-o", tmp_path / "b")
    assert r.returncode == 0 and '"tosa.conv2d"' in r.stderr
    r = tfl2quant("opt", "--emit-bytecode", "--mlir-print-op-generic", "-o", tmp_path / "c", stdin="module {}\n")
    _one_line_error(r, "--mlir-print-op-generic does nothing with --emit-bytecode")


@pytest.mark.parametrize(("shape", "words"), [
    ("99999999999999999999x16x16x3", "dimension 99999999999999999999 does not fit TFLite's int32 dimensions"),
    ("2147483648x16x16x3", "dimension 2147483648 does not fit TFLite's int32 dimensions (at most 2147483647)"),
    ("100000000x16x16x3", "input 'input' at 100000000x16x16x3 takes 307.2 GB (float32), more than this machine's memory"),
])
def test_input_shapes_that_overflow_or_cannot_be_allocated_say_why(shape, words):
    model = MODELS / "real" / "dynamic-batch.float32.tflite"
    for command in ("convert", "check"):
        r = tfl2quant(command, model, "--input-shape", shape)
        assert r.returncode == 2
        _one_line_error(r, "--input-shape", words)


def test_the_output_ends_with_a_blank_line_as_mlir_opts(tmp_path):
    text = tfl2quant("convert", CNN).stdout
    assert text.endswith("}\n\n") and not text.endswith("\n\n\n")
    r = tfl2quant("opt", "--split-input-file", stdin="func.func @f() {\n  return\n}\n// -----\nmodule {\n}\n")
    assert r.stdout.endswith("}\n\n") and "}\n\n// -----\nmodule {\n}\n\n" in r.stdout

