"""Start-up: `convert` imports what the model needs, and no table is built at import time."""
from __future__ import annotations

import json
import subprocess
import sys

import legalize
from legalize.index import FAMILY_OF
from tests.conftest import MODELS, ROOT


def test_family_index_matches_the_tables():
    """legalize/index.py (regenerate: `python -c 'from legalize.index import write; write()'`)
    names, for every operator, the family whose RULES has its row."""
    tables = {op: name for name in legalize.FAMILY_NAMES for op in legalize.family(name).RULES}
    assert FAMILY_OF == tables
    assert sorted(FAMILY_OF) == sorted(legalize.RULES)
    assert all(legalize.rule_for(op) is legalize.RULES[op] for op in FAMILY_OF)
    assert legalize.rule_for("tfl.no_such_op") is None


def _modules_after(code: str) -> set:
    p = subprocess.run([sys.executable, "-c", code + "\nimport sys, json; print(json.dumps(sorted(sys.modules)))"],
                       capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    return set(json.loads(p.stdout.splitlines()[-1]))


def test_convert_imports_only_the_families_of_its_ops():
    loaded = _modules_after(f"from tfl2quant.pipeline import convert; convert({str(MODELS / 'small-cnn.int8.tflite')!r})")
    assert {"legalize.families.conv", "legalize.families.matmul"} <= loaded
    # recurrent nets, stablehlo, control flow, text, MediaPipe's custom ops (flatbuffers), bf16/f8 dtypes,
    # and ctypes.util's `ldconfig -p` subprocess are not on a CNN's path
    families = "legalize.families."
    assert not loaded & {families + "recurrent", families + "recurrent.lstm", families + "stablehlo",
                         families + "control_flow", families + "text", families + "custom",
                         "flatbuffers", "ml_dtypes", "ctypes.util", "decimal"}


def test_convert_compiles_no_mlir_lexer_pattern():
    """convert reads no MLIR text: the lexer's patterns are compiled by the first Lexer (`opt`)."""
    code = (f"from tfl2quant.pipeline import convert; convert({str(MODELS / 'small-cnn.int8.tflite')!r})\n"
            "from tfl2quant.ir import lexer; print(lexer._TOKEN is None)\n"
            "from tfl2quant.ir.parser import parse_module; parse_module('module {}', 'x.mlir')\n"
            "print(lexer._TOKEN is None)")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split() == ["True", "False"]


def test_importing_the_patterns_builds_no_table():
    code = ("import legalize; legalize.RULES; from legalize.families.normalization import softmax; "
            "print(softmax._exp_lut.cache_info().currsize, len(softmax._exp_lut()), "
            "softmax._exp_lut.cache_info().currsize)")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    # built by the first int16 SOFTMAX, not when every family is imported
    assert p.stdout.split() == ["0", "513", "1"]


def _cli_run(*args: str, env: dict | None = None) -> tuple[set, dict]:
    """Run `tfl2quant ARGS` in a fresh process: the modules loaded and the environment at its exit."""
    code = ("import os, runpy, sys\n"
            f"sys.argv = ['tfl2quant', *{list(args)!r}]\n"
            "try:\n    runpy.run_module('tfl2quant.cli', run_name='__main__')\n"
            "except SystemExit as e:\n    assert not e.code, e.code\n"
            "loaded = sorted(sys.modules)\n"  # before json, which the command itself must not need
            "import json\n"
            "print(json.dumps([loaded, dict(os.environ)]))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env)
    assert p.returncode == 0, p.stderr
    loaded, environ = json.loads(p.stdout.splitlines()[-1])
    return set(loaded), environ


def _without_thread_settings() -> dict:
    import os
    return {k: v for k, v in os.environ.items()
            if k not in ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")}


def test_the_convert_command_loads_only_what_it_runs(tmp_path):
    loaded, environ = _cli_run("convert", str(MODELS / "small-cnn.int8.tflite"), "-o", str(tmp_path / "o.mlir"),
                               env=_without_thread_settings())
    assert {"tfl2quant.passes.cse", "tfl2quant.passes.lower_quant_ops", "legalize.driver", "tfl2quant.ir.printer"} <= loaded
    # the checker and TFLite, the passes convert does not run, the text and bytecode readers, bytecode writing
    never = {"runtime_check", "ai_edge_litert", "tflite_runtime", "tensorflow", "tfl2quant.passes.inline",
             "tfl2quant.passes.symbol_dce", "tfl2quant.passes.strip_debuginfo", "tfl2quant.passes.normalize_quant_types",
             "tfl2quant.ir.parser", "tfl2quant.ir.bytecode_reader", "tfl2quant.ir.bytecode", "ml_dtypes"}
    assert not {m for m in loaded if m in never or m.split(".")[0] in never}
    # what only other commands or rarer inputs use: json (check --json), tempfile (a model from
    # stdin or memory)
    assert not loaded & {"json", "tempfile", "shutil"}
    # OpenBLAS's threads are not started for a command without heavy linear algebra
    assert environ.get("OPENBLAS_NUM_THREADS") == "1"


def test_a_users_thread_count_wins(tmp_path):
    env = {**_without_thread_settings(), "OMP_NUM_THREADS": "2"}
    _, environ = _cli_run("convert", str(MODELS / "small-cnn.int8.tflite"), "-o", str(tmp_path / "o.mlir"), env=env)
    assert "OPENBLAS_NUM_THREADS" not in environ and environ["OMP_NUM_THREADS"] == "2"


def test_help_and_version_load_no_numpy():
    for args in (("--help",), ("--version",), ("convert", "--help"), ("opt", "--help")):
        loaded, _ = _cli_run(*args)
        assert "numpy" not in loaded and "tfl2quant.ir" not in loaded, args


def test_a_pipeline_may_name_any_pass():
    """tfl2quant.passes loads a pass's module on first use, and every pass for PASSES or a pipeline's text."""
    code = ("import sys; from tfl2quant.passes import LegalizeTfl\n"
            "print('tfl2quant.passes.inline' in sys.modules)\n"
            "from tfl2quant.passes import PASSES, parse_pipeline, pipeline_text\n"
            "print(' '.join(PASSES))\n"
            "print(pipeline_text(parse_pipeline('inline, symbol-dce, strip-debuginfo, normalize-quant-types, cse')))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines() == [
        "False",
        "legalize-tfl canonicalize cse symbol-dce inline lower-quant-ops normalize-quant-types strip-debuginfo "
        "strip-func-quant-types",
        "builtin.module(inline{default-pipeline=canonicalize}, symbol-dce, strip-debuginfo, normalize-quant-types, cse)"]
