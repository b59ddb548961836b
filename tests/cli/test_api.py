"""The Python API (tfl2quant.convert, check, report): what the commands print, as data."""
from __future__ import annotations

import json
import mmap
import re
import subprocess
import sys

import numpy as np
import pytest

import tfl2quant
from tfl2quant.ir.bytecode_reader import read_bytecode
from tfl2quant.ir.printer import print_module

from ..conftest import MODELS, ROOT
from .test_cli import customs, tfl2quant as command, why

CNN = MODELS / "small-cnn.int8.tflite"
SUM16 = MODELS / "ops" / "sum-axis1.int16x8.tflite"              # one fallback op, PASS
NARROW = MODELS / "coverage" / "fc-blockwise-narrow.int4w.tflite"  # fallback ops, FAIL


def _memory_mapped(path):
    with open(path, "rb") as f:
        return mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)


SOURCES = {"path": lambda p: p, "str": str, "bytes": lambda p: p.read_bytes(),
           "memoryview": lambda p: memoryview(bytearray(p.read_bytes())), "mmap": _memory_mapped}


@pytest.mark.parametrize("source", SOURCES)
def test_convert_gives_the_commands_text(source):
    module = tfl2quant.convert(SOURCES[source](CNN))
    assert str(module) == command("convert", CNN).stdout
    assert module.stage == "final" and module.warnings == ()


@pytest.mark.parametrize("stage", ["tfl", "legalized", "lowered"])
def test_each_stage_is_the_commands(stage):
    assert str(tfl2quant.convert(CNN.read_bytes(), stage)) == command("convert", CNN, "--emit", stage).stdout


def test_records_say_how_each_op_was_handled():
    module = tfl2quant.convert(SUM16)
    assert module.counts == {"integer": 0, "fallback": 1, "float": 0, "unlowered": 0}
    (record,) = module.records
    assert (record.name, record.path, record.index, record.function) == ("tfl.sum", "fallback", 0, "main")
    assert record.reason.startswith("BUILTIN_REF's int16 SUM reads the int16 buffers as bytes")
    assert [r.path for r in tfl2quant.convert(CNN).records] == ["integer"] * 9
    assert tfl2quant.convert(CNN, "tfl").records == ()


def test_warnings_are_the_commands_lines(tmp_path):
    model = customs(tmp_path / "custom.tflite")
    module = tfl2quant.convert(model)
    assert module.warnings == (f"3 'tfl.custom' op(s) stay tfl ops: {why('Mine')} (and 1 other reasons)",)
    assert [r.index for r in module.unlowered()] == [0, 1, 2]
    stderr = command("convert", model, "-o", tmp_path / "out.mlir").stderr
    assert stderr.splitlines() == [f"{model}: warning: {w}" for w in module.warnings]


def test_bytecode_reads_back_as_the_same_module(tmp_path):
    module = tfl2quant.convert(CNN)
    data = module.to_bytecode()
    out = tmp_path / "cnn.mlirbc"
    assert command("convert", CNN, "--emit-bytecode", "-o", out).returncode == 0
    assert data == out.read_bytes()
    assert print_module(read_bytecode(data, "cnn.mlirbc")) + "\n" == str(module)


def test_options_are_the_commands():
    text = str(tfl2quant.convert(CNN, rounding="half-to-even"))
    assert text == command("convert", CNN, "--rounding", "half-to-even").stdout
    assert "math.roundeven" in text or text == str(tfl2quant.convert(CNN))
    with pytest.raises(tfl2quant.Tfl2QuantError, match="--no-fallback"):
        tfl2quant.convert(SUM16, no_fallback=True)
    assert tfl2quant.convert(CNN, no_fallback=True).counts["integer"] == 9


@pytest.mark.parametrize(("call", "args"), [
    (lambda p: tfl2quant.convert(p, emit="tfl", no_fallback=True), ("--emit", "tfl", "--no-fallback")),
    (lambda p: tfl2quant.convert(p, rounding="half-to-even", emit="legalized"),
     ("--emit", "legalized", "--rounding", "half-to-even")),
    (lambda p: tfl2quant.convert(p, input_shapes=["1x2x3"]), ("--input-shape", "1x2x3")),
    (lambda p: tfl2quant.convert(p, input_shapes=[(99999999999999999999, 16, 16, 3)]),
     ("--input-shape", "99999999999999999999x16x16x3")),
])
def test_a_bad_option_raises_the_commands_message(call, args):
    with pytest.raises(tfl2quant.Tfl2QuantError) as caught:
        call(CNN)
    r = command("convert", CNN, *args)
    assert r.returncode == 2 and r.stderr == f"error: {caught.value}\n"


def test_a_bad_model_raises_the_commands_message(tmp_path):
    bad = tmp_path / "bad.tflite"
    bad.write_bytes(CNN.read_bytes()[:300])
    with pytest.raises(tfl2quant.Tfl2QuantError) as caught:
        tfl2quant.convert(bad)
    assert command("convert", bad).stderr == f"error: {caught.value}\n"
    assert isinstance(caught.value, tfl2quant.FlatbufferError)
    # bytes are named <memory>, as the command names stdin <stdin>
    with pytest.raises(tfl2quant.Tfl2QuantError) as caught:
        tfl2quant.convert(bad.read_bytes())
    assert str(caught.value).startswith("<memory>: ")
    stdin = subprocess.run([sys.executable, "-m", "tfl2quant.cli", "convert", "-"], input=bad.read_bytes(),
                           capture_output=True, cwd=ROOT)
    assert stdin.stderr.decode() == f"error: {caught.value}\n".replace("<memory>", "<stdin>")
    with pytest.raises(tfl2quant.Tfl2QuantError, match="no such file"):
        tfl2quant.convert(tmp_path / "missing.tflite")
    with pytest.raises(TypeError, match="path, bytes or a buffer"):
        tfl2quant.convert(1234)


def test_check_gives_the_commands_verdict_table_and_json(tmp_path):
    result = tfl2quant.check(CNN)
    assert (result.verdict, result.exit_code, result.passed) == ("PASS", 0, True)
    json_file = tmp_path / "check.json"
    r = command("check", CNN, "--json", json_file)
    assert r.returncode == 0 and r.stdout == str(result) + "\n"
    assert json.loads(json.dumps(result.to_json())) == json.loads(json_file.read_text())
    assert [o.name for o in result.outputs] == ["StatefulPartitionedCall:0"]
    assert result.outputs[0].max_abs_diff == 0 and len(result.layers) == 9
    assert all(layer.passed for layer in result.layers)


def test_check_takes_inputs_and_tolerances_as_data(tmp_path):
    inputs = {"serving_default_in0:0": np.zeros((1, 13, 11, 3), np.int8)}
    np.savez(tmp_path / "in.npz", **inputs)
    assert tfl2quant.check(CNN, inputs=inputs).to_json() == tfl2quant.check(CNN, inputs=tmp_path / "in.npz").to_json()
    with pytest.raises(tfl2quant.Tfl2QuantError, match="not an output"):
        tfl2quant.check(CNN, atol={"nope": 1e-3})
    with pytest.raises(tfl2quant.Tfl2QuantError, match="must be a finite number at least 0"):
        tfl2quant.check(CNN, rtol=-1.0)


def test_check_exit_codes_follow_the_verdict():
    assert tfl2quant.check(NARROW).exit_code == 1
    assert tfl2quant.check(SUM16.read_bytes()).model == "<memory>"


def test_report_gives_the_commands_data_and_renderings():
    result = tfl2quant.report([CNN, SUM16])
    assert result.data["totals"]["ops"] == {"integer": 9, "fallback": 1, "float": 0, "unlowered": 0}
    assert (result.failed, result.exit_code) == (False, 0)
    assert str(result) == command("report", CNN, SUM16).stdout
    assert result.render("md") == command("report", CNN, SUM16, "--format", "md").stdout
    assert json.loads(str(tfl2quant.report(CNN, format="json")))["totals"]["models"] == 1
    checked = tfl2quant.report(NARROW, check=True)
    assert checked.data["models"][0]["verdict"] == "FAIL" and checked.exit_code == 1


def test_importing_the_package_loads_nothing_else():
    code = "import sys, tfl2quant; print(sorted(m for m in sys.modules if m.startswith(('tfl2quant', 'numpy', " \
           "'runtime_check', 'legalize', 'click', 'typing'))))"
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "['tfl2quant', 'tfl2quant.errors']"


def test_the_api_is_typed_and_listed():
    assert (ROOT / "tfl2quant" / "py.typed").exists()
    assert {"convert", "check", "report", "Module", "CheckResult", "Report", "Tfl2QuantError"} <= set(dir(tfl2quant))
    for name in tfl2quant.__all__:
        assert getattr(tfl2quant, name) is not None
    assert tfl2quant.convert.__annotations__["return"] == "Module"
    with pytest.raises(AttributeError):
        tfl2quant.no_such_name  # noqa: B018


def test_the_version_is_pyprojects_and_names_the_runtimes():
    from importlib.metadata import version

    written = re.search(r'^version = "(.*)"$', (ROOT / "pyproject.toml").read_text(), re.M)[1]
    assert tfl2quant.__version__ == written
    lines = command("--version").stdout.splitlines()
    assert lines[0] == f"tfl2quant, version {written}"
    assert lines[1:] == [f"{name} {version(name)}" for name in ("ai-edge-litert", "iree-base-compiler",
                                                                 "iree-base-runtime")]


def test_the_version_says_what_is_not_installed(monkeypatch):
    import importlib.metadata

    from click.testing import CliRunner

    from tfl2quant.cli import main

    real = importlib.metadata.version

    def without_iree(name):
        if name.startswith("iree"):
            raise importlib.metadata.PackageNotFoundError(name)
        return real(name)

    monkeypatch.setattr(importlib.metadata, "version", without_iree)
    lines = CliRunner().invoke(main, ["--version"]).output.splitlines()
    assert lines[2:] == ["iree-base-compiler not installed", "iree-base-runtime not installed"]


def test_a_missing_iree_names_the_extra(monkeypatch):
    from runtime_check.executor import iree_backend

    monkeypatch.setattr(iree_backend.shutil, "which", lambda _: None)
    monkeypatch.setattr(iree_backend.sys, "executable", "/nonexistent/bin/python")
    with pytest.raises(tfl2quant.Tfl2QuantError) as caught:
        tfl2quant.check(CNN, backend="iree")
    assert str(caught.value) == ("--backend iree: iree-compile not found: install iree-base-compiler "
                                 "(pip install 'tfl2quant[iree]')")


@pytest.mark.parametrize("name", ["tfl2quant", "tfl2quant.api.convert", "tfl2quant.api.check",
                                  "tfl2quant.api.report"])
def test_the_docstring_examples_run(name, monkeypatch):
    import doctest
    import importlib

    monkeypatch.chdir(ROOT)  # the examples name models/ relative to the repository
    runner = doctest.DocTestRunner()
    for test in doctest.DocTestFinder().find(importlib.import_module(name), globs={"tfl2quant": tfl2quant}):
        runner.run(test)
    assert runner.failures == 0 and runner.tries > 0, runner.summarize()
