"""`tfl2quant opt`'s mlir-opt flags against iree-opt's (issue 33): the same flags on the same input
print the same text, on stdout and on stderr.

Compared: the IR dump banners and dumps of --mlir-print-ir-{before,after}{,-all} and
--mlir-print-ir-after-change, the --mlir-pass-statistics report in both displays, the output
under --mlir-elide-elementsattrs-if-larger and its final blank line, a pipeline taken from
iree-opt's --dump-pass-pipeline, the refusal of --pass-pipeline mixed with pass flags, and the
lines --list-passes and --show-dialects have in common. The passes are the ones both tools have
and that work alike on these inputs (canonicalize, cse, symbol-dce, strip-debuginfo).
Documented differences: upstream's CSE also erases unused ops (counted as num-dce'd), ours leaves
that to canonicalize, so the inputs have none; iree-opt dumps a pass nested in func.func(...)
once per function, ours once (every pass here runs on the module).
"""
from __future__ import annotations

import re
import subprocess

import pytest

from ..cli.test_cli import tfl2quant
from ..conftest import iree_opt_path

IREE_OPT = iree_opt_path()

INPUT = """\
func.func @f(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %0 = arith.addf %arg0, %arg0 : tensor<4xf32>
  %1 = arith.addf %arg0, %arg0 : tensor<4xf32>
  %2 = arith.mulf %0, %1 : tensor<4xf32>
  %3 = arith.mulf %2, %c : tensor<4xf32>
  %g:2 = call @g(%arg0) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi32>)
  %4 = arith.addf %3, %g#0 : tensor<4xf32>
  return %4, %g#1 : tensor<4xf32>, tensor<4xi32>
}
func.func private @g(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %s = arith.constant dense<7> : tensor<4xi32>
  %0 = arith.negf %arg0 : tensor<4xf32>
  return %0, %s : tensor<4xf32>, tensor<4xi32>
}
func.func private @unused() -> ()
"""


def both(tmp_path, *flags: str, text: str = INPUT) -> tuple[subprocess.CompletedProcess, subprocess.CompletedProcess]:
    path = tmp_path / "in.mlir"
    path.write_text(text)
    theirs = subprocess.run([IREE_OPT, str(path), *flags], capture_output=True, text=True)
    ours = tfl2quant("opt", path, *flags)
    return ours, theirs


def banners(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("// -----// IR Dump")]


@pytest.mark.parametrize("flags", [
    ["--canonicalize", "--cse", "--mlir-print-ir-after-all"],
    ["--cse", "--canonicalize", "--symbol-dce", "--strip-debuginfo", "--mlir-print-ir-before-all"],
    ["--canonicalize", "--cse", "--canonicalize", "--strip-debuginfo", "--mlir-print-ir-after-all",
     "--mlir-print-ir-after-change"],
    ["--cse", "--canonicalize", "--cse", "--mlir-print-ir-before=cse", "--mlir-print-ir-after=canonicalize"],
    ["--pass-pipeline=builtin.module(canonicalize{max-iterations=3 top-down=false}, cse)", "--mlir-print-ir-after-all"],
    ["--cse", "--mlir-print-ir-after-all", "--mlir-elide-elementsattrs-if-larger=2"],
], ids=["after-all", "before-all", "after-change", "before-after", "pipeline-options", "elided"])
def test_ir_dumps_are_iree_opts(tmp_path, flags):
    ours, theirs = both(tmp_path, *flags)
    assert ours.returncode == 0 and theirs.returncode == 0, ours.stderr + theirs.stderr
    assert banners(ours.stderr) == banners(theirs.stderr)
    assert banners(ours.stderr)
    assert ours.stderr == theirs.stderr
    assert ours.stdout == theirs.stdout


@pytest.mark.parametrize("display", ["pipeline", "list"])
def test_pass_statistics_are_iree_opts(tmp_path, display):
    flags = ["--cse", "--canonicalize", "--cse", "--symbol-dce", "--strip-debuginfo", "--mlir-pass-statistics",
             f"--mlir-pass-statistics-display={display}"]
    ours, theirs = both(tmp_path, *flags, "-o", "/dev/null")
    assert ours.returncode == 0 and theirs.returncode == 0, ours.stderr + theirs.stderr
    assert "(S) 1 num-cse'd" in ours.stderr and "(S) 1 num-dce'd - Number of symbols DCE'd" in ours.stderr
    assert ours.stderr == theirs.stderr


def test_elided_output_and_its_final_blank_line_are_iree_opts(tmp_path):
    ours, theirs = both(tmp_path, "--mlir-elide-elementsattrs-if-larger=3")
    assert "dense_resource<__elided__> : tensor<4xf32>" in ours.stdout and "dense<7>" in ours.stdout
    assert ours.stdout.endswith("}\n\n")
    assert ours.stdout == theirs.stdout


def test_split_output_is_iree_opts(tmp_path):
    text = INPUT + "// -----\nfunc.func @h() {\n  return\n}\n"
    ours, theirs = both(tmp_path, "--split-input-file", "--cse", text=text)
    assert ours.returncode == 0 and theirs.returncode == 0
    assert ours.stdout == theirs.stdout


def test_a_pipeline_iree_opt_dumps_runs_here(tmp_path):
    """iree-opt prints canonicalize with all its options (an empty list option prints nothing):
    ours takes that text, runs it, and prints it back the same."""
    _, dumped = both(tmp_path, "--canonicalize", "--cse", "--symbol-dce", "--dump-pass-pipeline", "-o", "/dev/null")
    body = dumped.stderr[dumped.stderr.index("builtin.module(\n"):].strip()
    pipeline = "builtin.module(" + " ".join(line.strip() for line in body.splitlines()[1:-1]) + ")"
    assert "max-iterations=10" in pipeline
    ours, theirs = both(tmp_path, f"--pass-pipeline={pipeline}", "--dump-pass-pipeline")
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout == theirs.stdout
    assert ours.stderr.strip() == pipeline.replace(",  ", ", ").replace("( ", "(")


def test_a_pipeline_mixed_with_pass_flags_is_refused_in_the_same_words(tmp_path):
    ours, theirs = both(tmp_path, "--pass-pipeline=builtin.module(cse)", "--canonicalize")
    assert ours.returncode == 2 and theirs.returncode != 0
    words = "'-pass-pipeline' option can't be used with individual pass options"
    assert words in theirs.stderr and words in ours.stderr and ours.stdout == ""


def test_list_passes_lines_are_iree_opts_for_the_shared_passes():
    theirs = subprocess.run([IREE_OPT, "--list-passes"], capture_output=True, text=True).stdout.splitlines()
    ours = tfl2quant("opt", "--list-passes").stdout.splitlines()
    assert ours[0] == theirs[0] == "Passes:"
    for name in ("canonicalize", "cse", "symbol-dce", "strip-debuginfo", "inline"):
        line = next(x for x in ours if x.startswith(f"  --{name} "))
        assert line in theirs, line
    # canonicalize's upstream options line up as iree-opt's do
    for option in ("max-iterations=<long>", "max-num-rewrites=<long>", "region-simplify=<value>", "top-down",
                   "test-convergence"):
        ours_line = next(x for x in ours if x.startswith(f"    --{option} ") or x == f"    --{option}")
        their_line = next(x for x in theirs if x.startswith(f"    --{option} "))
        assert ours_line[:53] == their_line[:53]


def test_show_dialects_names_dialects_iree_opt_has():
    theirs = subprocess.run([IREE_OPT, "--show-dialects"], capture_output=True, text=True).stdout
    ours = tfl2quant("opt", "--show-dialects").stdout
    m = re.fullmatch(r"Available Dialects: ([a-z_,]+)\n", ours)
    assert m, ours
    upstream = set(theirs.split(": ", 1)[1].strip().split(","))
    assert set(m.group(1).split(",")) - upstream == {"tfl"}
