"""The convert pipeline is a pass pipeline: from the printed tfl stage, `opt` with
legalize-tfl (or the whole pipeline `convert --dump-pass-pipeline` prints) gives
exactly what `convert` gives, for every shipped model."""
from __future__ import annotations

import re

import pytest

from tfl2quant.ir.diagnostic_engine import capture
from tfl2quant.ir.parser import parse_module
from tfl2quant.ir.printer import print_module
from tfl2quant.passes import LegalizeTfl, PassManager, parse_pipeline, pipeline_text
from tfl2quant.pipeline import convert, convert_passes

from ..cli.test_cli import tfl2quant
from ..conftest import MODELS

ALL_MODELS = sorted(MODELS.glob("*.tflite")) + sorted((MODELS / "coverage").glob("*.tflite"))
IDS = [str(p.relative_to(MODELS)) for p in ALL_MODELS]


def stages(path) -> dict[str, str]:
    texts = {}
    convert(str(path), "final", on_stage=lambda stage, module: texts.__setitem__(stage, print_module(module)))
    return texts


@pytest.mark.parametrize("model", ALL_MODELS, ids=IDS)
def test_legalize_tfl_on_the_printed_tfl_stage_gives_the_legalized_stage(model):
    texts = stages(model)
    module = parse_module(texts["tfl"], "tfl.mlir")
    PassManager([convert_passes()[0][0]]).run(module)  # convert's legalize-tfl{unique-constants}
    assert print_module(module) == texts["legalized"]
    module = parse_module(texts["tfl"], "tfl.mlir")
    PassManager(parse_pipeline(pipeline_text([p for p, _ in convert_passes()]))).run(module)
    assert print_module(module) == texts["final"]


def test_the_pass_records_come_back_from_text():
    """The records report and check read: from text as from the model (locations aside)."""
    texts = stages(MODELS / "small-cnn.int8.tflite")
    module = parse_module(texts["tfl"], "tfl.mlir")
    report = PassManager([LegalizeTfl()]).run(module)["legalize-tfl"]
    direct = convert(str(MODELS / "small-cnn.int8.tflite"), "legalized").report
    assert [(r.index, r.name, r.path, r.reason) for r in report.records] == \
           [(r.index, r.name, r.path, r.reason) for r in direct.records]


HYBRID = MODELS / "coverage" / "fc-blockwise-narrow.int4w.tflite"  # two blockwise FULLY_CONNECTED fall back
HYBRID_REMARK = ("fallback: blockwise weights: TFLite runs its blockwise kernel only for an even depth >= 32 "
                 "and >= 4 units (fully_connected.cc: Prepare), else it reads them as per-axis weights")


def test_remarks_name_each_op_that_leaves_the_integer_path():
    texts = stages(HYBRID)
    module = parse_module(texts["tfl"], "tfl.mlir")
    with capture() as remarks:
        PassManager([LegalizeTfl(remarks=True)]).run(module)
    assert [(d.severity, d.message) for d in remarks] == [("remark", HYBRID_REMARK)] * 2
    assert remarks[0].location.describe().startswith("tfl.mlir:")


def test_convert_dumps_the_pipeline_that_opt_reproduces(tmp_path):
    model = MODELS / "small-cnn.int8.tflite"
    dumped = tfl2quant("convert", model, "--dump-pass-pipeline", "-o", tmp_path / "final.mlir")
    assert dumped.returncode == 0, dumped.stderr
    pipeline = dumped.stderr.strip()
    # every option, sorted, as upstream prints a pass (an empty list option prints nothing)
    canonicalize = ("canonicalize{cse-between-iterations=false    fold-dcast-of-qcast=false max-iterations=10 "
                    "max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true}")
    assert pipeline == ("builtin.module(legalize-tfl{allow-fallback=true remarks=false unique-constants=true}, "
                        + canonicalize + ", cse, lower-quant-ops{dynamic-fill=true rounding=half-away-from-zero}, "
                        "strip-func-quant-types, " + canonicalize + ", cse)")
    assert tfl2quant("convert", model, "--emit", "tfl", "-o", tmp_path / "tfl.mlir").returncode == 0
    r = tfl2quant("opt", tmp_path / "tfl.mlir", "--pass-pipeline", pipeline)
    assert r.returncode == 0, r.stderr
    assert r.stdout == (tmp_path / "final.mlir").read_text()


def test_convert_help_shows_the_pipeline():
    """The help's pipeline, without its `-> stage` notes, is the one convert runs."""
    r = tfl2quant("convert", "--help")
    text = " ".join(r.stdout.split())
    shown = re.sub(r"-> \w+ ", "", text[text.index("builtin.module("):text.index("cse) -> final") + 4])
    assert parse_pipeline(shown) == [p for p, _ in convert_passes()]


def test_opt_legalize_tfl_flag_and_remarks_on_stderr(tmp_path):
    model = HYBRID
    assert tfl2quant("convert", model, "--emit", "tfl", "-o", tmp_path / "tfl.mlir").returncode == 0
    assert tfl2quant("opt", tmp_path / "tfl.mlir", "--legalize-tfl").returncode == 0
    # convert's stage is legalize-tfl with its equal constants made once
    r = tfl2quant("opt", tmp_path / "tfl.mlir", "--pass-pipeline", "builtin.module(legalize-tfl{unique-constants})")
    assert r.returncode == 0 and r.stdout == tfl2quant("convert", model, "--emit", "legalized").stdout
    r = tfl2quant("opt", tmp_path / "tfl.mlir", "--pass-pipeline", "builtin.module(legalize-tfl{remarks})")
    assert r.returncode == 0
    assert r.stderr.strip().endswith("remark: " + HYBRID_REMARK), r.stderr


def test_convert_prints_the_ir_after_every_pass():
    r = tfl2quant("convert", MODELS / "add-relu.int8.tflite", "--mlir-print-ir-after-all", "-o", "/dev/null")
    assert r.returncode == 0, r.stderr
    headers = [line for line in r.stderr.splitlines() if line.startswith("// -----// IR Dump After")]
    assert headers == [f"// -----// IR Dump After {p.pass_name}: {p} //----- //" for p, _ in convert_passes()]
    assert headers[2] == "// -----// IR Dump After CSEPass: cse //----- //"


def test_no_fallback_is_an_option_of_the_pass(tmp_path):
    model = HYBRID
    assert tfl2quant("convert", model, "--emit", "tfl", "-o", tmp_path / "tfl.mlir").returncode == 0
    r = tfl2quant("opt", tmp_path / "tfl.mlir", "--pass-pipeline", "builtin.module(legalize-tfl{allow-fallback=false})")
    assert r.returncode == 1  # a pass failure, as in mlir-opt
    assert "the fallback is off (--no-fallback, legalize-tfl{allow-fallback=false}) and 2 op(s) need it: " \
           "op 0 'tfl.fully_connected'" in r.stderr


def test_an_exception_in_a_pattern_is_reported_as_our_bug(monkeypatch):
    """Never blamed on the model: the op, where it is, and that it is a bug of tfl2quant."""
    from legalize.families.elementwise import integer_arithmetic
    from tfl2quant.errors import InternalError

    def broken(self, b, op, operands):
        raise KeyError("scale")

    monkeypatch.setattr(integer_arithmetic.RescaledAddSub, "rewrite", broken)
    with pytest.raises(InternalError) as e:
        convert(str(MODELS / "add-relu.int8.tflite"), "legalized")
    assert str(e.value).startswith("internal error: legalizing op 0 'tfl.add' at ")
    assert "raised KeyError: 'scale'" in str(e.value)
    assert "a bug in tfl2quant" in str(e.value)


def test_convert_verifies_once_after_the_pipeline_and_each_pass_with_verify_each(monkeypatch):
    """A pass that breaks the IR is caught before anything is printed: by the one verification
    after the pipeline (convert's default), or, with verify-each, right after that pass."""
    from tfl2quant.errors import InternalError
    from tfl2quant.passes import CSE

    def broken(self, module):  # a required attribute lost
        next(op for op in module.walk() if op.name == "tosa.rescale").attributes.pop("scale32", None)

    monkeypatch.setattr(CSE, "apply", broken)
    model = str(MODELS / "add-relu.int8.tflite")
    with pytest.raises(InternalError) as e:
        convert(model)
    assert str(e.value).startswith("internal error: the pipeline builtin.module(legalize-tfl")
    assert "produced invalid IR (verify-each, e.g. convert --verify-each, names the pass): " in str(e.value)
    assert "'tosa.rescale' op requires bool attribute 'scale32'" in str(e.value)
    with pytest.raises(InternalError) as e:
        convert(model, verify_each=True)
    assert str(e.value).startswith("internal error: cse produced invalid IR: ")
    assert "'tosa.rescale' op requires bool attribute 'scale32'" in str(e.value)
    r = tfl2quant("convert", model, "--verify-each", "-o", "-")  # the flag reaches the pipeline (unbroken here)
    assert r.returncode == 0 and "tosa.rescale" in r.stdout


def test_unique_constants_builds_fewer_ops_and_cse_makes_the_same_module():
    """legalize-tfl{unique-constants} (convert's) makes each equal tosa.const once; after
    canonicalize and cse the module is the one plain legalize-tfl gives."""
    from tfl2quant.importer.model import import_model
    from tfl2quant.passes import CSE, Canonicalize

    path = str(MODELS / "small-cnn.int8.tflite")
    modules = {}
    for unique in (False, True):
        module = import_model(path)
        PassManager([LegalizeTfl(unique_constants=unique)]).run(module)
        consts = sum(op.name == "tosa.const" for op in module.walk())
        PassManager([Canonicalize(fold_dcast_of_qcast=False), CSE()]).run(module)
        modules[unique] = (consts, print_module(module))
    assert modules[True][0] < modules[False][0]
    assert modules[True][1] == modules[False][1]
