"""The README's examples run: its Python examples as doctests, its quick start as commands.

A new user's first five minutes (issue 33): the set-up command (`.ci/run` runs the second
one verbatim), then the Python API and the iree-compile recipe, here against models/.
"""
from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import ROOT

README = (ROOT / "README.md").read_text()
BIN = Path(sys.executable).parent


def _blocks(language: str) -> list[str]:
    """The README's fenced blocks of `language` ("" for unlabelled ones), in order."""
    blocks, current, fence = [], [], None
    for line in README.splitlines(keepends=True):
        if line.startswith("```"):
            if fence is None:
                fence, current = line[3:].strip(), []
                continue
            if fence == language:
                blocks.append("".join(current))
            fence = None
        elif fence is not None:
            current.append(line)
    return blocks


def test_the_readme_stays_short_and_keeps_the_ci_command():
    assert len(README.splitlines()) <= 250
    assert "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/pytest -q -n auto" \
        in _blocks("sh")[0].splitlines()
    ci = (ROOT / ".ci" / "run").read_text()
    assert "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/pytest -q -n auto" in ci


def test_the_python_examples_run(monkeypatch):
    monkeypatch.chdir(ROOT)  # the examples name models/ relative to the repository
    examples = "\n".join(_blocks("python"))
    parser = doctest.DocTestParser()
    test = parser.get_doctest(examples, {}, "README.md", str(ROOT / "README.md"), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 10, runner.summarize()


def test_the_quick_start_runs(tmp_path):
    """Each command of the quick start, from a directory holding models/, with the
    environment's tools (tfl2quant, iree-compile, iree-run-module) first on PATH."""
    quick_start = _blocks("sh")[1]
    (tmp_path / "models").symlink_to(ROOT / "models")
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": str(ROOT)}
    outputs = []
    for line in quick_start.splitlines():
        r = subprocess.run(shlex.split(line), cwd=tmp_path, env=env, capture_output=True, text=True)
        assert r.returncode == 0, (line, r.stderr)
        outputs.append(r.stdout)
    assert "1x10xi8=[-113 -92 -128 -113 -109 -109 -8 -121 -111 -121]" in outputs[2]
    assert "1x10xi8=[-113 -92 -128 -113 -109 -109 -8 -121 -111 -121]" in README  # the text says what it prints
    assert outputs[3].rstrip().endswith("PASS")


def test_the_check_sample_is_what_check_prints():
    sample = next(b for b in _blocks("") if b.startswith("model: models/small-cnn.int8.tflite"))
    r = subprocess.run([str(BIN / "tfl2quant"), "check", "models/small-cnn.int8.tflite"], cwd=ROOT,
                       capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0 and r.stdout == sample


@pytest.mark.parametrize("link", sorted(set(re.findall(r"\]\((docs/[^)#]+)", README))))
def test_the_links_into_docs_exist(link):
    assert (ROOT / link).exists()
