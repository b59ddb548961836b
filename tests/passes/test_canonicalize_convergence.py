"""canonicalize reaches its fixpoint in one round of folds and dead code removal (it runs
one round; `test-convergence` runs a second and fails if that changes anything)."""
from __future__ import annotations

import pytest

from tfl2quant.errors import InternalError
from tfl2quant.importer.model import import_model
from tfl2quant.ir.parser import parse_module
from tfl2quant.ir.printer import print_module
from tfl2quant.passes import Canonicalize, PassManager, parse_pipeline
from tfl2quant.pipeline import convert_passes

from ..conftest import MODELS

SOME_MODELS = sorted(MODELS.glob("*.tflite")) + sorted((MODELS / "coverage").glob("*.tflite"))[::4]


@pytest.mark.parametrize("model", SOME_MODELS, ids=[p.name for p in SOME_MODELS])
def test_convert_canonicalize_steps_converge_in_one_round(model):
    module = import_model(str(model))
    passes = [Canonicalize(p.fold_dcast_of_qcast, test_convergence=True) if isinstance(p, Canonicalize) else p
              for p, _ in convert_passes()]
    assert sum(isinstance(p, Canonicalize) for p in passes) == 2
    PassManager(passes).run(module)  # raises InternalError if a second round changed anything


def test_dead_op_in_a_nested_block_frees_its_outer_operand_in_the_same_round():
    # the add inside the scf.if is dead; erasing it leaves %c unused, which goes too
    module = parse_module("""
func.func @f(%b: i1, %x: i32) -> i32 {
  %c = arith.constant 7 : i32
  %k = arith.constant 1 : i32
  %r = scf.if %b -> (i32) {
    %dead = arith.addi %x, %c : i32
    scf.yield %x : i32
  } else {
    scf.yield %k : i32
  }
  return %r : i32
}
""")
    PassManager(parse_pipeline("canonicalize{test-convergence}")).run(module)
    text = print_module(module)
    assert "arith.addi" not in text and "arith.constant 7" not in text and "arith.constant 1 " in text


def test_test_convergence_fails_when_a_second_round_changes_the_module(monkeypatch):
    from tfl2quant.passes import canonicalize

    module = parse_module("""
func.func @f(%x: i32) -> i32 {
  %c = arith.constant 7 : i32
  %dead = arith.addi %x, %c : i32
  return %x : i32
}
""")
    real = canonicalize.erase_dead
    calls = []

    def first_round_erases_nothing(root):  # a dead code removal that misses everything once
        calls.append(root)
        return False if len(calls) == 1 else real(root)

    monkeypatch.setattr(canonicalize, "erase_dead", first_round_erases_nothing)
    with pytest.raises(InternalError, match="did not converge"):
        Canonicalize(test_convergence=True).apply(module)
