"""Ops print in upstream's custom assembly (dialects/assembly_format.py and the hand-written
forms of scf, linalg.generic/fill, arith.select, tensor.extract_slice, ml_program.global);
the text reads back to the same module, and iree-opt reads it as the same ops as the
generic form."""
from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tfl2quant.errors import Tfl2QuantError
from tfl2quant.ir.attributes import UnitAttr
from tfl2quant.ir.parser import parse_module
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert

from ..conftest import MODELS, ROOT, iree_opt_path


def tfl2quant(*args) -> subprocess.CompletedProcess:
    """The CLI of this tree (not the environment's installed copy)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)}
    return subprocess.run([sys.executable, "-m", "tfl2quant.cli", *map(str, args)], capture_output=True,
                          text=True, env=env)

ALL_MODELS = sorted(p.relative_to(MODELS).as_posix() for p in MODELS.rglob("*.tflite"))
# varied: integer conv/pool/softmax, LSTM and while loops, dynamic shapes, hybrid weights,
# variables (ml_program), complex numbers (RFFT), resize, float math
IREE_SAMPLE = ["small-cnn.int8.tflite", "log-softmax-2d.int8.tflite", "coverage/while-loop.float32.tflite",
               "coverage/if-cond.float32.tflite", "coverage/resource-variable.float32.tflite",
               "coverage/dynamic-batch.float32.tflite", "real/lstm.dynamic-int8w.tflite",
               "coverage/rfft2d.complex64.tflite", "ops/resize-bilinear.int8.tflite",
               "coverage/op-zoo-math.float32.tflite"]
GENERIC_OP = re.compile(r'^\s*(%[^=]+= )?"(arith|math|tensor|linalg|tosa|scf|complex|ml_program)\.', re.M)


def test_sample_models_exist():
    missing = [m for m in IREE_SAMPLE if m not in ALL_MODELS]
    assert not missing, missing


@pytest.mark.parametrize("model", ALL_MODELS)
def test_custom_form_reads_back_to_the_same_module(model):
    module = convert(str(MODELS / model), "final").module
    custom = print_module(module)
    generic = print_module(module, generic=True)
    assert not GENERIC_OP.search(custom), GENERIC_OP.search(custom).group()
    # both forms read back to the same ops (compared after one read, as an f32 attribute
    # holding a value f32 cannot represent prints its double and reads back rounded)
    again = parse_module(custom, model)
    assert print_module(again, generic=True) == print_module(parse_module(generic, model), generic=True)
    assert print_module(parse_module(print_module(again), model)) == print_module(again)


def _iree_generic(text: str) -> str:
    r = subprocess.run([iree_opt_path(), "-", "--allow-unregistered-dialect", "--mlir-print-op-generic"],
                       input=text, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[:2000]
    return r.stdout


@pytest.mark.parametrize("model", [m for m in IREE_SAMPLE if m in ALL_MODELS])
def test_iree_reads_the_custom_form_as_the_generic_one(model):
    module = convert(str(MODELS / model), "final").module
    assert _iree_generic(print_module(module)) == _iree_generic(print_module(module, generic=True))


def test_an_op_the_format_cannot_spell_prints_generic():
    """arith.addi spells one type, tosa.clamp's min_val is a value: unverified IR that breaks
    that (operands of two types, a unit min_val) keeps the generic form."""
    module = parse_module("""func.func @f(%a: i32, %b: i64, %t: tensor<2xi8>) {
      %0 = arith.addi %a, %a : i32
      %1 = tosa.clamp %t min_val(0 : i8) max_val(1 : i8) : (tensor<2xi8>) -> tensor<2xi8>
      return
    }""")
    func = next(module.functions())
    add, clamp = func.body.ops[:2]
    add.set_operand(1, func.body.args[1])
    clamp.attributes["min_val"] = UnitAttr()
    text = print_module(module)
    assert '"arith.addi"(%arg0, %arg1) : (i32, i64) -> i32' in text
    assert '"tosa.clamp"(%arg2) {max_val = 1 : i8, min_val} : (tensor<2xi8>) -> tensor<2xi8>' in text


def test_both_forms_parse_to_the_same_ops():
    custom = """func.func @f(%a: tensor<2xf32>, %c: i1) -> tensor<2xf32> {
      %s = tosa.const_shape values(dense<2> : tensor<1xindex>) : () -> !tosa.shape<1>
      %0 = arith.addf %a, %a fastmath<fast> : tensor<2xf32>
      %1 = scf.if %c -> (tensor<2xf32>) {
        scf.yield %0 : tensor<2xf32>
      } else {
        %2 = tosa.reduce_max %a axis(0) nan_mode<IGNORE> : (tensor<2xf32>) -> tensor<1xf32>
        %3 = tosa.tile %2, %s : (tensor<1xf32>, !tosa.shape<1>) -> tensor<2xf32>
        scf.yield %3 : tensor<2xf32>
      }
      return %1 : tensor<2xf32>
    }"""
    generic = print_module(parse_module(custom), generic=True)
    assert '"scf.if"(%arg1) ({' in generic and '"tosa.reduce_max"(%arg0) {axis = 0 : i32, nan_mode = ' \
        '#tosa.nan_mode<IGNORE>}' in generic
    assert print_module(parse_module(generic)) == print_module(parse_module(custom))


def test_cli_prints_generic_on_request(tmp_path):
    src = tmp_path / "in.mlir"
    src.write_text("func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n")
    custom = tfl2quant("opt", src)
    generic = tfl2quant("opt", src, "--mlir-print-op-generic")
    assert custom.returncode == generic.returncode == 0, custom.stderr + generic.stderr
    assert "%0 = arith.addi %arg0, %arg0 : i32" in custom.stdout
    assert '%0 = "arith.addi"(%arg0, %arg0) : (i32, i32) -> i32' in generic.stdout
    model = tfl2quant("convert", MODELS / "add-relu.int8.tflite", "--mlir-print-op-generic")
    assert model.returncode == 0 and '"tosa.' in model.stdout, model.stderr


def test_a_bad_custom_form_names_the_problem_and_where():
    with pytest.raises(Tfl2QuantError) as e:
        parse_module("func.func @f(%a: tensor<2xf32>) {\n  %0 = tosa.reduce_max %a nan_mode<IGNORE> axis(0)"
                     " : (tensor<2xf32>) -> tensor<1xf32>\n  return\n}", "bad.mlir")
    assert "bad.mlir:2:" in str(e.value) and "expected ':'" in str(e.value), str(e.value)


def test_regions_of_a_resultless_if_leave_out_the_empty_yield():
    text = print_module(parse_module("""func.func @f(%c: i1) {
      scf.if %c {
        func.call @g() : () -> ()
      }
      return
    }
    func.func private @g()"""))
    assert "scf.if %arg0 {\n      func.call @g() : () -> ()\n    }\n" in text
    assert '"scf.yield"' in print_module(parse_module(text), generic=True)

