"""The generated printers and checks of declarative formats (dialects/assembly_codegen.py),
the checked printers that do both in one call among them, against the format's interpreter
(Format.print, Format.can_print): on every op of the lit
tests' inputs, and on those ops rebuilt with an attribute dropped or of another kind, an
operand or result more or less, operands reversed."""
from __future__ import annotations

import io
from pathlib import Path

import pytest

from tfl2quant.dialects.assembly_format import Format
from tfl2quant.ir.attributes import IntegerAttr, UnitAttr
from tfl2quant.ir.parser import parse_module
from tfl2quant.ir.printer import Printer
from tfl2quant.ir.types import FloatType, IntegerType
from tfl2quant.errors import Tfl2QuantError

LIT = Path(__file__).parent.parent / "lit"


def _modules():
    for f in sorted(LIT.rglob("*.mlir")):
        for chunk in f.read_text().split("// -----"):
            try:
                yield parse_module(chunk)
            except Tfl2QuantError:  # the inputs of error tests
                continue


def _format_ops():
    for module in _modules():
        p = Printer(io.StringIO())
        p.number_values(module)
        for op in module.walk():
            if isinstance(getattr(op, "assembly", None), Format) and not op.regions and not op.successors:
                yield p, op


def _variants(op):
    ops, rts, attrs = list(op._operands), [r.type for r in op.results], dict(op.attributes)
    for k in attrs:
        yield ops, rts, {x: v for x, v in attrs.items() if x != k}
        yield ops, rts, {**attrs, k: UnitAttr()}
        yield ops, rts, {**attrs, k: IntegerAttr(1, IntegerType(1))}
        yield ops, rts, {**attrs, k: IntegerAttr(1, IntegerType(32))}
    for k in op.assembly.attrs:
        yield ops, rts, {**attrs, k: IntegerAttr(0, IntegerType(64))}
    if ops:
        yield ops[:-1], rts, attrs
        yield ops + ops[-1:], rts, attrs
        yield ops[::-1], rts, attrs
    yield ops, rts + [FloatType("f32")], attrs
    yield ops, rts[:-1], attrs
    if rts:
        yield ops, [FloatType("f32")] + rts[1:], attrs


def _printed(p, fmt, op):
    for r in op.results:  # results of a rebuilt op: named as a group, not numbered
        if r not in p.lookup:
            p.lookup[r] = "%r"
    p.out = io.StringIO()
    fmt.print(op, p)
    interpreted = p.out.getvalue()
    p.out = io.StringIO()
    fmt.printer(op, p, "%x = ")
    return interpreted, p.out.getvalue()


def test_generated_printers_and_checks_match_the_interpreter():
    names, checked, with_checked, per_name = set(), 0, 0, {}
    for p, op in _format_ops():
        fmt = op.assembly
        names.add(op.name)
        cases = [op]
        if per_name.get(op.name, 0) < 3:
            per_name[op.name] = per_name.get(op.name, 0) + 1
            for o, r, a in _variants(op):
                try:
                    cases.append(type(op)(o, r, a))
                except (AssertionError, TypeError, ValueError):
                    continue
        for case in cases:
            expected = fmt.can_print(case)
            quick = fmt.quick_check(case)
            assert quick is None or quick == expected, (case.name, dict(case.attributes), quick, expected)
            if expected:
                interpreted, generated = _printed(p, fmt, case)
                assert generated == "%x = " + interpreted
            if fmt.checked_printer is not None:  # prints what the printer prints, or nothing
                p.out = io.StringIO()
                assert fmt.checked_printer(case, p, "%x = ") == expected, (case.name, dict(case.attributes))
                assert p.out.getvalue() == ("%x = " + interpreted if expected else "")
                with_checked += 1
            checked += 1
    assert len(names) > 100 and checked > 2000  # the lit inputs cover most formats
    assert with_checked > 1000


@pytest.mark.parametrize("text", [
    # spacing after an optional group that printed nothing, and after one that did
    "%0 = arith.addi %a, %b overflow<nsw> : i32",
    "%0 = arith.addi %a, %b : i32",
    "%0 = tosa.const values(dense<1> : tensor<1xi8>) : () -> tensor<1xi8>",
    "%0 = tosa.clamp %x min_val(0 : i8) max_val(5 : i8) : (tensor<2xi8>) -> tensor<2xi8>",
])
def test_round_trip_of_formats_with_optional_parts(text):
    args = "%a: i32, %b: i32, %x: tensor<2xi8>"
    module = parse_module(f"func.func @f({args}) {{\n  {text}\n  return\n}}")
    out = io.StringIO()
    Printer(out).print_top(module)
    assert "\n    " + text.replace("%a", "%arg0").replace("%b", "%arg1").replace("%x", "%arg2") in out.getvalue()
