"""The MLIR text parser and mlir-opt style diagnostics (tfl2quant/ir/parser.py, diagnostics.py).

Round trips: what the printer prints parses back and prints identically.
Upstream compatibility: iree-opt (upstream MLIR) accepts a file iff our
parser and verifier do. Errors are one line, located at `file:line:col`.
"""
from __future__ import annotations

import io
import math
import random
import re
import subprocess

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tfl2quant.dialects  # noqa: F401 - registers the ops
from tfl2quant.dialects import linalg, tosa
from tfl2quant.dialects.builtin import ModuleOp
from tfl2quant.dialects.func import FuncOp, build_call
from tfl2quant.dialects.quant import per_axis, sub_channel, uniform
from tfl2quant.errors import Tfl2QuantError
from tfl2quant.importer.model import import_model
from tfl2quant.ir import affine
from tfl2quant.ir.attributes import (ArrayAttr, BoolAttr, DenseArrayAttr, DenseElementsAttr,
                                     DialectAttr, DictionaryAttr, FloatAttr, IntegerAttr, OpaqueAttr,
                                     StringAttr, SymbolRefAttr, TypeAttr, UnitAttr, f32_attr, i32_attr)
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import verify
from tfl2quant.ir.diagnostics import run_split, split_input
from tfl2quant.ir.location import UNKNOWN, FileLineColLoc, FusedLoc, NameLoc
from tfl2quant.ir.parser import parse_attribute, parse_module, parse_type
from tfl2quant.ir.printer import print_module
from tfl2quant.ir.types import (ComplexType, FloatType, FunctionType, IntegerType, NoneType,
                                OpaqueType, RankedTensorType, UnrankedTensorType, bf16, f16, f32,
                                f64, i1, i8, i32, i64, index, tensor)

from ..conftest import MODELS, iree_opt_path


def round_trip(text: str, debuginfo: bool = False) -> str:
    """Parse, verify and print `text`; check that printing is a fixed point."""
    module = parse_module(text, "input.mlir")
    verify(module)
    printed = print_module(module, debuginfo=debuginfo)
    again = parse_module(printed, "printed.mlir")
    verify(again)
    assert print_module(again, debuginfo=debuginfo) == printed
    return printed


def error_of(text: str, filename: str = "input.mlir") -> Tfl2QuantError:
    with pytest.raises(Tfl2QuantError) as info:
        verify(parse_module(text, filename))
    return info.value


# --- modules built in Python -------------------------------------------------------------

def python_module() -> ModuleOp:
    """A module using every builder we have: TOSA, linalg.generic, quant casts, calls."""
    module = ModuleOp.build({"tfl.schema_version": i32_attr(3)})
    q = uniform("i8", f32, 0.25, -3)
    qa = per_axis("i8", f32, 1, [0.5, 0.25, 2.0], [0, 1, -1], storage_min=-127, storage_max=127)
    qs = sub_channel("i8", f32, {0: 1, 1: 2}, np.array([[2.0, 3.0], [4.0, 5.0]]), [[1, 0], [0, 2]])
    decl = FuncOp.build("helper", FunctionType((tensor([2, 3], f32),), (tensor([2, 3], f32),)),
                        visibility="private", declaration=True,
                        arg_attrs=[{"tf.name": StringAttr("x\"y\n")}])
    module.body.append(decl)
    ftype = FunctionType((tensor([2, 3], f32), tensor([2, 4], qs.storage_type)),
                         (tensor([2, 3], q), tensor([2, 3], f32), tensor([2, 4], qs)))
    func = FuncOp.build("main", ftype, res_attrs=[{"tf.index": i32_attr(0)}, {}, {}],
                        location=NameLoc("main"))
    func.attributes["tf.entry"] = DictionaryAttr((("inputs", StringAttr("a,b")), ("flag", UnitAttr())))
    module.body.append(func)
    b = Builder.at_end(func.body, location=FusedLoc((NameLoc("x"), FileLineColLoc("m.py", 3, 4))))
    x, w = func.body.args
    qx = b.value("quant.qcast", [x], tensor([2, 3], q))
    qax = b.value("quant.qcast", [x], tensor([2, 3], qa))
    deq = b.value("quant.dcast", [qax], tensor([2, 3], f32))
    ws = b.value("quant.scast", [w], tensor([2, 4], qs))
    tosa.const(b, np.arange(300, dtype=np.float32).reshape(2, 150) / 7)  # large: prints as hex
    tosa.const(b, np.arange(100) % 3 == 0)
    scales = tosa.const(b, np.array([[1.5, -2.0, 0.0]], np.float32))
    tosa.rescale(b, b.value("quant.scast", [qx], tensor([2, 3], i8)), [1 << 30], [31], -3, 0,
                 tensor([2, 3], i8))
    total = tosa.binary(b, "tosa.add", deq, scales, tensor([2, 3], f32))
    called = build_call(b, "helper", [total], [tensor([2, 3], f32)]).result
    maps = [affine.AffineMap(2, (affine.dim(0), affine.floordiv(1, 2))),
            affine.AffineMap(2, (affine.const(0), affine.dim(1)))]
    gen = linalg.generic(b, [called, scales], maps, tensor([2, 3], f32),
                         lambda ib, args: ib.value("arith.addf", args[:2], f32))
    clamped = tosa.clamp(b, gen, -1.0, 1.0)
    b.value("arith.constant", [], tensor([4], bf16), {"value": DenseElementsAttr.from_array(
        np.array([1.0, -0.5, 3.0, 65504.0]), bf16)})
    b.value("arith.constant", [], tensor([2], ComplexType(f32)), {"value": DenseElementsAttr.from_array(
        np.array([1 + 2j, -0.5j]), ComplexType(f32))})
    b.value("arith.constant", [], f16, {"value": FloatAttr(math.inf, f16)})
    b.value("arith.constant", [], f32, {"value": f32_attr(float("nan"))})
    b.create("foo.attrs", [], [], {
        "dense_array": DenseArrayAttr(i64, (1, -2)), "empty": DenseArrayAttr(i32, ()),
        "bools": DenseArrayAttr(i1, (True, False)), "floats": DenseArrayAttr(f32, (0.5, -1.0)),
        "sym": SymbolRefAttr("outer", ("inner",)), "quoted": SymbolRefAttr("with space"),
        "mode": DialectAttr("tosa", "rounding_mode", "DOUBLE_ROUND"), "opaque": OpaqueAttr("#foo.bar"),
        "type": TypeAttr(tensor([None, 4], qa)), "fn": TypeAttr(FunctionType((i32,), (i32, i1))),
        "nested": ArrayAttr((UnitAttr(), BoolAttr(False), IntegerAttr(-5, IntegerType(8, "s")))),
        "f64": FloatAttr(-2.5e-3, f64), "\"odd\" name": StringAttr("\t\\"),
    })
    b.create("func.return", [qx, clamped, ws])
    return module


def test_python_built_module_round_trips():
    module = python_module()
    verify(module)
    printed = print_module(module)
    assert round_trip(printed) == printed
    # With locations: the printer omits unknown ones, which then parse as where the op was
    # written; from there on printing is a fixed point (round_trip checks that).
    with_locations = round_trip(print_module(module, debuginfo=True), debuginfo=True)
    assert 'loc(fused["x", "m.py":3:4])' in with_locations and '} loc("main")' in with_locations


def test_python_built_values_survive_the_round_trip():
    module = python_module()
    parsed = parse_module(print_module(module))
    original_ops = list(module.walk())
    parsed_ops = list(parsed.walk())
    assert [op.name for op in parsed_ops] == [op.name for op in original_ops]
    for a, b in zip(original_ops, parsed_ops):
        assert a.result_types == b.result_types
        assert a.attributes.keys() == b.attributes.keys()
        for key, value in a.attributes.items():
            if isinstance(value, DenseElementsAttr):
                np.testing.assert_array_equal(value.array(), b.attributes[key].array())
            elif not (isinstance(value, FloatAttr) and math.isnan(value.value)):
                assert b.attributes[key] == value, key


@pytest.mark.parametrize("model", ["small-cnn", "quantize-dequantize-float-io", "conv2d-same-relu6",
                                   "depthwise-conv2d-mult2-valid-stride2-relu6", "concat-requantize"])
def test_imported_models_print_parse_print(model):
    module = import_model(str(MODELS / f"{model}.int8.tflite"))
    printed = print_module(module)
    assert round_trip(printed) == printed
    round_trip(print_module(module, debuginfo=True), debuginfo=True)


# --- hand-written MLIR --------------------------------------------------------------------

HAND_WRITTEN = r'''
// Aliases come first; `#loc1` is only defined at the end, as MLIR's printer puts it.
!q = !quant.uniform<i8<-8:7>:f32, 2.0:10>
!qa = !quant.uniform<u16:f32:1, {2.0:10, 3.0}>
!qs = !quant.uniform<i8:f32:{0:1, 1:2}, {{2.0:1, 3.0}, {4.0, 5.0:2}}>
#map = affine_map<(d0, d1) -> (d0, d1 floordiv 2, 0)>
#loc0 = loc("defined":1:2)
module @m attributes {foo.s = "x\"y\\z\n\t\41", foo.n = 5} {
  func.func private @decl(i32, f32 {a.b = 1 : i32}) -> (i32 {foo.r = unit})
  func.func @f(%arg0: tensor<2x?x3xf32> {foo.x}, %b: tensor<*x!q> loc("argloc")) -> (tensor<2x4x!qs>, !tosa.shape<3>) attributes {sym = @f::@g, m = #map} {
    %c = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
    %c1 = arith.constant 1 : i32 loc(#loc1)
    %t = arith.constant true
    %nan = arith.constant 0x7FC00000 : f32
    %h = arith.constant dense<"0x0000803F00000040"> : tensor<2xf32>
    %e = arith.constant dense<> : tensor<0xf32>
    %cx = arith.constant dense<(1.0, -2.5e-3)> : tensor<2xcomplex<f32>>
    %r:2 = "foo.multi"(%c1, %t) <{prop = array<i64: 1, 2>}> {attr = [1, 2.5, "s", unit, i8, #tosa.rounding_mode<DOUBLE_ROUND>, #foo.opaque, #bar<"x">, {a, b = false}]} : (i32, i1) -> (i32, !foo.thing<"a"<b>>)
    %q = quant.qcast %arg0 : tensor<2x?x3xf32> to tensor<2x?x3x!quant.uniform<i8:f32, 0.5:-3>>
    %d = quant.dcast %q {note = "n"} : tensor<2x?x3x!quant.uniform<i8:f32, 0.5:-3>> to tensor<2x?x3xf32>
    %s = quant.scast %q : tensor<2x?x3x!quant.uniform<i8:f32, 0.5:-3>> to tensor<2x?x3xi8>
    %w, %v = func.call @decl2(%r#0, %nan) : (i32, f32) -> (i32, i32)
    %x = call @decl(%w, %nan) : (i32, f32) -> i32
    %sh = "tosa.const_shape"() {values = dense<[1, 2, 3]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %g = "foo.region"(%c1) ({
    ^bb0(%a: i32 loc("blockarg"), %bb: i32):
      "foo.br"(%a)[^bb2] : (i32) -> ()
    ^bb2:
      "foo.yield"(%a, %c1) : (i32, i32) -> ()
    }, {
      "foo.yield"() : () -> ()
    }) : (i32) -> tensor<2x4x!qs>
    return %g, %sh : tensor<2x4x!qs>, !tosa.shape<3>
  } loc(fused["a", "b"("c":3:4), unknown, #loc0])
  func.func private @decl2(i32, f32) -> (i32, i32)
}
#loc1 = loc("late")
'''


def test_hand_written_module_round_trips_and_upstream_accepts_it():
    for debuginfo in (False, True):
        round_trip(HAND_WRITTEN, debuginfo=debuginfo)
    assert iree_opt(HAND_WRITTEN).returncode == 0


def test_hand_written_module_values():
    module = parse_module(HAND_WRITTEN, "hw.mlir")
    assert module.sym_name == "m"
    assert module.attributes["foo.s"] == StringAttr('x"y\\z\n\tA')
    assert module.attributes["foo.n"] == IntegerAttr(5, i64)
    decl, func, _ = module.body.ops
    assert decl.is_declaration and decl.visibility == "private"
    assert decl.arg_attrs(1) == {"a.b": IntegerAttr(1, i32)} and decl.res_attrs(0) == {"foo.r": UnitAttr()}
    assert func.arg_attrs(0) == {"foo.x": UnitAttr()}
    assert func.body.arg_locations == [FileLineColLoc("hw.mlir", 10, 16), NameLoc("argloc")]
    assert func.attributes["sym"] == SymbolRefAttr("f", ("g",))
    assert func.attributes["m"] == affine.AffineMapAttr(affine.AffineMap(
        2, (affine.dim(0), affine.floordiv(1, 2), affine.const(0))))
    assert func.location == FusedLoc((NameLoc("a"), NameLoc("b", FileLineColLoc("c", 3, 4)), UNKNOWN,
                                      FileLineColLoc("defined", 1, 2)))
    c, c1, t, nan, h, e, cx, multi = func.body.ops[:8]
    np.testing.assert_array_equal(c.attributes["value"].array(), [[1, 2], [3, 4]])
    assert c.location == FileLineColLoc("hw.mlir", 11, 10)  # where the op name starts
    assert c1.location == NameLoc("late") and t.attributes["value"] == BoolAttr(True)
    assert math.isnan(nan.attributes["value"].value)
    np.testing.assert_array_equal(h.attributes["value"].array(), np.array([1.0, 2.0], np.float32))
    assert e.attributes["value"].array().shape == (0,)
    np.testing.assert_array_equal(cx.attributes["value"].array(), np.array([1 - 0.0025j] * 2, np.complex64))
    assert multi.attributes["prop"] == DenseArrayAttr(i64, (1, 2))
    assert multi.attributes["attr"].value[5] == DialectAttr("tosa", "rounding_mode", "DOUBLE_ROUND")
    assert multi.attributes["attr"].value[6:8] == (OpaqueAttr("#foo.opaque"), OpaqueAttr('#bar<"x">'))
    assert multi.result_types[1] == OpaqueType("foo", 'thing<"a"<b>>')
    call = next(op for op in func.body.ops if op.name == "func.call")
    assert call.operands == (multi.results[0], nan.result) and call.callee == "decl2"
    region_op = next(op for op in func.body.ops if op.name == "foo.region")
    entry, second = region_op.regions[0].blocks
    assert entry.ops[0].successors == [second] and entry.ops[0].operands == (entry.args[0],)
    assert second.ops[0].operands == (entry.args[0], c1.result)  # outer value visible inside
    shape = next(op for op in func.body.ops if op.name == "tosa.const_shape")
    assert func.body.ops[-1].operands == (region_op.result, shape.result)


def test_quant_uniform_forms_parse_to_the_constructed_types():
    cases = {
        "!quant.uniform<i8<-8:7>:f32, 2.0:10>": uniform("i8", f32, 2.0, 10, storage_min=-8, storage_max=7),
        "!quant.uniform<u16<0:1023>:f32, 1.23:512>": uniform("u16", f32, 1.23, 512, 0, 1023),
        "!quant.uniform<i8:bf16, 3.0>": uniform("i8", bf16, 3.0),
        "!quant.uniform<ui8:f32, 2.0:3>": uniform("u8", f32, 2.0, 3),
        "!quant.uniform<si8:f16, 2.0>": uniform("i8", f16, 2.0),
        "!quant.uniform<i8:f32, 0x4000000000000000>": uniform("i8", f32, 2.0),
        "!quant.uniform<u16:f32:1, {2.0:10, 3.0}>": per_axis("u16", f32, 1, [2.0, 3.0], [10, 0]),
        "!quant.uniform<i32:f64:0, {1.0e-3:-5}>": per_axis("i32", f64, 0, [1e-3], [-5]),
        "!quant.uniform<i8:f32:{0:1, 1:2}, {{2.0:1, 3.0}, {4.0, 5.0:2}}>":
            sub_channel("i8", f32, {0: 1, 1: 2}, np.array([[2.0, 3.0], [4.0, 5.0]]), [[1, 0], [0, 2]]),
        "!quant.uniform<i8<-128:127>:f32:{1:2, 3:2}, {{{1.0:1, 2.0:2}},{{3.0:3, 4.0:4}}}>":
            sub_channel("i8", f32, {1: 2, 3: 2}, np.array([[[1.0, 2.0]], [[3.0, 4.0]]]),
                        [[[1, 2]], [[3, 4]]]),
    }
    for text, expected in cases.items():
        parsed = parse_type(text)
        assert parsed == expected, text
        assert parse_type(str(parsed)) == parsed
        assert parse_type(f"tensor<2x?x{text}>") == RankedTensorType((2, None), expected)


def test_builtin_types():
    cases = {
        "i1": i1, "si8": IntegerType(8, "s"), "ui32": IntegerType(32, "u"), "i4": IntegerType(4),
        "f8E4M3FN": FloatType("f8E4M3FN"), "f8E5M2": FloatType("f8E5M2"), "bf16": bf16,
        "index": index, "none": NoneType(), "complex<f64>": ComplexType(f64),
        "tensor<f32>": tensor([], f32), "tensor<0xf32>": tensor([0], f32),
        "tensor<2x?x3xi8>": tensor([2, None, 3], i8), "tensor<*xcomplex<f32>>": UnrankedTensorType(ComplexType(f32)),
        "tensor<4x0x1xf32>": tensor([4, 0, 1], f32), "tensor<1x!tosa.shape<2>>": tensor([1], tosa.ShapeType(2)),
        "() -> ()": FunctionType((), ()), "(i32) -> ((i32) -> i1)": FunctionType((i32,), (FunctionType((i32,), (i1,)),)),
        "(tensor<2xf32>, i8) -> (i32, i1)": FunctionType((tensor([2], f32), i8), (i32, i1)),
        "!tf_type.string": OpaqueType("tf_type", "string"), "!foo.bar<(i32) -> i32, \">\">":
            OpaqueType("foo", 'bar<(i32) -> i32, ">">'),
    }
    for text, expected in cases.items():
        assert parse_type(text) == expected, text
        assert parse_type(str(expected)) == expected


def test_attributes():
    cases = {
        "5": IntegerAttr(5, i64), "-5 : i8": IntegerAttr(-5, i8), "0x10 : i32": IntegerAttr(16, i32),
        "255 : i8": IntegerAttr(-1, i8), "255 : ui8": IntegerAttr(255, IntegerType(8, "u")),
        "007 : index": IntegerAttr(7, index), "true": BoolAttr(True), "1 : i1": BoolAttr(True),
        "1.0": FloatAttr(1.0, f64), "-2.5e-3 : f64": FloatAttr(-2.5e-3, f64),
        "1.1 : f32": FloatAttr(float(np.float32(1.1)), f32), "0x3C00 : f16": FloatAttr(1.0, f16),
        '"a\\"b\\\\c\\n\\t\\41"': StringAttr('a"b\\c\n\tA'), "unit": UnitAttr(),
        "tensor<2xi8>": TypeAttr(tensor([2], i8)), "[]": ArrayAttr(()),
        "[1 : i32, [true]]": ArrayAttr((IntegerAttr(1, i32), ArrayAttr((BoolAttr(True),)))),
        '{b = 1 : i32, a, "c d" = "e"}': DictionaryAttr((("b", IntegerAttr(1, i32)), ("a", UnitAttr()),
                                                         ("c d", StringAttr("e")))),
        "array<i32: 1, -2>": DenseArrayAttr(i32, (1, -2)), "array<f32>": DenseArrayAttr(f32, ()),
        "array<i1: true, false>": DenseArrayAttr(i1, (True, False)),
        "@f": SymbolRefAttr("f"), '@"a b"::@c': SymbolRefAttr("a b", ("c",)),
        "#tosa.rounding_mode<DOUBLE_ROUND>": DialectAttr("tosa", "rounding_mode", "DOUBLE_ROUND"),
        "#linalg.iterator_type<parallel>": linalg.PARALLEL, "#foo.bar": OpaqueAttr("#foo.bar"),
        "affine_map<(i, j) -> (j, 0, i floordiv 4)>": affine.AffineMapAttr(affine.AffineMap(
            2, (affine.dim(1), affine.const(0), affine.floordiv(0, 4)))),
    }
    for text, expected in cases.items():
        assert parse_attribute(text) == expected, text


def test_dense_elements():
    def dense(text):
        return parse_attribute(text).array()

    np.testing.assert_array_equal(dense("dense<1.5> : tensor<2x2xf32>"), np.full((2, 2), 1.5, np.float32))
    np.testing.assert_array_equal(dense("dense<[[1, -2]]> : tensor<1x2xi8>"), np.array([[1, -2]], np.int8))
    np.testing.assert_array_equal(dense("dense<[true, false]> : tensor<2xi1>"), [True, False])
    np.testing.assert_array_equal(dense('dense<"0x0100FF00"> : tensor<2xi16>'), np.array([1, 255], np.int16))
    np.testing.assert_array_equal(dense('dense<"0x0001"> : tensor<2xi1>'), [False, True])
    np.testing.assert_array_equal(dense('dense<"0x0000C03F"> : tensor<3xf32>'), np.full(3, 1.5, np.float32))
    np.testing.assert_array_equal(dense("dense<[0x7F800000, 1.0]> : tensor<2xf32>"), [np.inf, 1.0])
    np.testing.assert_array_equal(dense("dense<[1, 2]> : tensor<2xindex>"), np.array([1, 2], np.int64))
    np.testing.assert_array_equal(dense("dense<[]> : tensor<0xf32>"), np.zeros(0, np.float32))
    np.testing.assert_array_equal(dense("dense<> : tensor<0x3xf32>"), np.zeros((0, 3), np.float32))
    assert dense("dense<2.0> : tensor<bf16>").dtype.name == "bfloat16"
    strings = parse_attribute('dense<["a", "\\FF"]> : tensor<2x!tf_type.string>')
    assert strings.values == (b"a", b"\xff")


def test_ssa_forward_references_are_patched():
    module = parse_module('''
        func.func @f() -> i32 {
          "foo.use"(%later, %pair#1) : (i32, f32) -> ()
          %later = "foo.def"() : () -> i32
          %pair:2 = "foo.two"() : () -> (i8, f32)
          return %later : i32
        }''')
    use, define, two, ret = module.body.ops[0].body.ops
    assert use.operands == (define.result, two.results[1])
    assert define.result.uses == [(use, 0), (ret, 0)]


def test_blocks_may_be_referenced_before_they_are_defined():
    module = parse_module('''
        "foo.graph"() ({
          "foo.br"()[^exit, ^loop] : () -> ()
        ^loop(%i: i32):
          "foo.br"(%i)[^loop] : (i32) -> ()
        ^exit:
          "foo.end"() : () -> ()
        }) : () -> ()''')
    entry, loop, exit_ = module.body.ops[0].regions[0].blocks
    assert entry.ops[0].successors == [exit_, loop] and loop.ops[0].successors == [loop]
    assert [str(a.type) for a in loop.args] == ["i32"]


def test_a_bare_list_of_ops_gets_an_implicit_module():
    module = parse_module("func.func private @a()\nfunc.func private @b()", "x.mlir")
    assert [op.sym_name for op in module.body.ops] == ["a", "b"]
    assert module.location == FileLineColLoc("x.mlir", 0, 0)
    assert parse_module("").body.ops == []


# --- errors -------------------------------------------------------------------------------

ERRORS = [
    # (input, "line:col", message fragment)
    ('"foo.a"(%x) : (i32) -> ()', "1:9", "use of undeclared SSA value name '%x'"),
    ('%0 = "foo.a"() : () -> i32\n%0 = "foo.b"() : () -> i32', "2:1",
     "redefinition of SSA value '%0' (previously defined at input.mlir:1:1)"),
    ('"foo.a"(%x) : (i32) -> ()\n%x = "foo.b"() : () -> f32', "2:1",
     "definition of SSA value '%x#0' has type 'f32' but was previously used with type 'i32'"),
    ('"foo.a"(%x, %x) : (i32, f32) -> ()', "1:13", "use of value '%x' expects different type than prior uses"),
    ('%a, %b = "foo.b"() : () -> f32', "1:1", "operation defines 1 results but was provided 2 to bind"),
    ('"foo.a"(%x) : (i32, f32) -> ()', "1:15", "expected 1 operand type but had 2"),
    ('%a:2 = "foo.b"() : () -> (f32, f32)\n"foo.u"(%a#2) : (f32) -> ()', "2:9", "reference to invalid result number"),
    ('"foo.a"()[^bb3] : () -> ()', "1:11", "reference to an undefined block '^bb3'"),
    ('"r"() ({\n^bb1:\n"foo.t"() : () -> ()\n^bb1:\n"foo.t"() : () -> ()\n}) : () -> ()', "4:1",
     "redefinition of block '^bb1'"),
    ("func.func @f() {\n  bar\n}", "2:3", "custom op 'bar' is unknown (tried 'func.bar' as well)"),
    ('func.func @f() {\n  tfl.add %a, %b\n}', "2:3", "custom op 'tfl.add' is unknown"),
    ('%x = "foo.x"() : () -> i32\nfunc.func @f() {\n  "foo.a"(%x) : (i32) -> ()\n  return\n}', "3:11",
     "use of undeclared SSA value name '%x'"),
    ("func.func @f(%a: i32) {\n^bb0(%b: i32):\n  return\n}", "2:1", "invalid block name in region with named arguments"),
    ('"foo.a"() : () -> (i32', "1:23", "expected ')' in type list, found end of input"),
    ('"foo.a"() {a = 1 : f32} : () -> ()', "1:16", "unexpected decimal integer literal for a floating point value"),
    ('"foo.a"() {a = 256 : i8} : () -> ()', "1:16", "integer constant out of range"),
    ('"foo.a"() {a = -1 : ui8} : () -> ()', "1:17", "negative integer literal not valid for unsigned integer type"),
    ('"foo.a"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()', "1:16",
     "inferred shape of elements literal ([2]) does not match type ([3])"),
    ('"foo.a"() {a = dense<[[1], 2]> : tensor<2xi32>} : () -> ()', "1:16", "ranks are not consistent"),
    ('"foo.a"() {a = "\\q"} : () -> ()', "1:17", "unknown escape in string literal"),
    ('"foo.a"() {a = "abc} : () -> ()', "1:16", "expected '\"' in string literal"),
    ('"foo.a"() {a = 1, a = 2} : () -> ()', "1:19", "duplicate key 'a' in dictionary attribute"),
    ('"foo.a"() : () -> !q', "1:19", "undefined symbol alias id 'q'"),
    ('!q = i8\n!q = i8', "2:1", "redefinition of type alias id 'q'"),
    ('"foo.a"() : () -> vector<4xf32>', "1:19", "'vector' types are not supported"),
    ('"foo.a"() : () -> tensor<4xf32, #enc>', "1:31", "tensor encodings are not supported"),
    ('"foo.a"() : () -> tensor<4f32>', "1:27", "expected 'x' in dimension list"),
    ('"foo.a"() : () -> !quant.uniform<i33:f32, 1.0>', "1:34", "illegal storage type size: 33"),
    ('"foo.a"() : () -> !quant.uniform<i8:f32, 0.0>', "1:45", "scale 0.000000e+00 out of expressed type range"),
    ('"foo.a"() : () -> !quant.uniform<i8<-200:7>:f32, 1.0>', "1:37", "illegal storage type minimum: -200"),
    ('"foo.a"() : () -> !quant.uniform<i8<7:7>:f32, 1.0>', "1:19", "illegal storage min and storage max: (7:7)"),
    ('"foo.a"() : () -> !quant.uniform<i8:f32, 2>', "1:42", "unexpected decimal integer literal"),
    ('"foo.a"() : () -> !quant.uniform<i8:f32:{0:0}, {1.0}>', "1:19", "illegal block size: 0"),
    ('"foo.a"() : () -> !quant.uniform<i8:f32:{0:1}, {{1.0}, {1.0, 2.0}}>', "1:48", "ranks are not consistent"),
    ('"foo.a"() : () -> !quant.uniform<i8:i32, 1.0>', "1:19", "expressed type must be floating point"),
    ('"foo.a"() : () -> !quant.unifrm<i8:f32, 1.0>', "1:19", "unknown quantized type unifrm"),
    ('"foo.a"() : () -> !-x.y', "1:19", "invalid dialect namespace '-x'"),
    ('"foo.a"() : () -> !x<"y">', "1:19", "opaque dialect type syntax '!x<...>' is not supported"),
    ('"foo.a"()[] : () -> ()', "1:11", "expected a block name, found ']'"),
    ('"foo.a"() {m = affine_map<(d0) -> (d0 + 1)>} : () -> ()', "1:39", "unsupported affine expression"),
    ('"foo.a"() : () -> () loc(callsite("a" at "b":1:1))', "1:26", "callsite locations are not supported"),
    ('"foo.a"() : () -> () loc(#nowhere)', "1:26", "location alias '#nowhere' was never defined"),
    ('func.func @f(%a: f32) {\n  %0 = quant.qcast %a : f32 to !quant.uniform<i8:f16, 1.0>\n  return\n}', "2:8",
     "'quant.qcast' op expressed type in quantized type expected to match float type; f16 and f32"),
    ("func.func @f(%a: i32) -> f32 {\n  return %a : i32\n}", "2:3", "'func.return' op has operand types (i32)"),
]


@pytest.mark.parametrize("text, where, message", ERRORS)
def test_errors_are_located_one_line_messages(text, where, message):
    error = error_of(text)
    assert error.where == f"input.mlir:{where}"
    assert message in error.message
    assert "\n" not in str(error)


def test_parse_errors_say_what_was_expected_and_what_was_found():
    assert error_of('"foo.a"(%0 : (i32) -> ()').message == "expected ')' in operand list, found ':'"
    assert error_of("func.func @f(%a: i32 {").message == "expected an attribute name, found end of input"
    assert error_of("%0 = 42").message == "expected an operation name, found '42'"


# --- fuzzing: bad input is an error, never a traceback -------------------------------------

def _valid_texts() -> list[str]:
    cnn = print_module(import_model(str(MODELS / "small-cnn.int8.tflite")), debuginfo=True)
    return [HAND_WRITTEN, print_module(python_module()), cnn[:8000]]


FUZZ_TEXTS = _valid_texts()
PIECES = list('%^#!@"(){}[]<>:,=-?*x019.afiu \n\\') + ["->", "loc(", "dense<", "tensor<", "!quant.uniform<",
                                                     "0x", "//", "^bb0", "%0#1", "// -----\n"]


def _parse_and_verify_must_not_crash(text: str) -> None:
    try:
        module = parse_module(text, "fuzz.mlir")
        verify(module)
        print_module(module)
    except Tfl2QuantError as e:
        assert "\n" not in str(e) and e.where.startswith("fuzz.mlir:")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(FUZZ_TEXTS))),
       st.lists(st.tuples(st.integers(min_value=0), st.sampled_from(PIECES), st.integers(0, 3)),
                min_size=1, max_size=3))
def test_mutated_inputs_fail_cleanly(which, edits):
    text = FUZZ_TEXTS[which]
    for position, piece, dropped in edits:
        k = position % (len(text) + 1)
        text = text[:k] + piece + text[k + dropped:]
    _parse_and_verify_must_not_crash(text)


def test_truncated_inputs_fail_cleanly():
    rng = random.Random(0)
    for text in FUZZ_TEXTS:
        for cut in rng.sample(range(len(text)), 150):
            _parse_and_verify_must_not_crash(text[:cut])


# --- upstream MLIR as the oracle ---------------------------------------------------------

def iree_opt(text: str, *flags: str) -> subprocess.CompletedProcess:
    return subprocess.run([iree_opt_path(), "--allow-unregistered-dialect", *flags, "-", "-o", "-"],
                          input=text, capture_output=True, text=True)


# Each case is accepted by both or rejected by both.
ORACLE_CASES = {
    "func with quant casts": '''
        func.func @f(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
          %q = quant.qcast %a : tensor<2x3xf32> to tensor<2x3x!quant.uniform<u16:f32:1, {2.0:10, 3.0, 4.0}>>
          %s = quant.scast %q : tensor<2x3x!quant.uniform<u16:f32:1, {2.0:10, 3.0, 4.0}>> to tensor<2x3xi16>
          %d = "quant.dcast"(%q) : (tensor<2x3x!quant.uniform<u16:f32:1, {2.0:10, 3.0, 4.0}>>) -> tensor<2x3xf32>
          return %d : tensor<2x3xf32>
        }''',
    "sub-channel type": '''
        !qs = !quant.uniform<i8:f32:{0:1, 1:2}, {{2.0:1, 3.0}, {4.0, 5.0:2}}>
        func.func private @f(tensor<2x4x!qs>) -> tensor<*x!qs>''',
    "storage range": "func.func private @f(!quant.uniform<u16<0:1023>:f32, 1.23:512>, !quant.uniform<i8<-8:7>:f16, 2.0:-8>)",
    "hex scale": "func.func private @f(!quant.uniform<i8:f32, 0x3FF0000000000000>)",
    "graph forward reference": '"foo.g"() ({\n  "foo.use"(%x) : (i32) -> ()\n  %x = "foo.def"() : () -> i32\n}) : () -> ()',
    "dense forms": '''"foo.a"() {a = dense<"0x0100"> : tensor<2xi1>, b = dense<> : tensor<0x2xf32>,
        c = dense<(1.0, 2.0)> : tensor<complex<f64>>, d = array<i64>, e = 0x7FC00000 : f32, f = 255 : i8} : () -> ()''',
    "locations": '''#l = loc("x":1:2)
        "foo.a"() : () -> () loc(fused["a", "b"("c":1:1), #l])
        "foo.b"() : () -> () loc(#later)
        #later = loc(unknown)''',
    "scale 0": "func.func private @f(!quant.uniform<i8:f32, 0.0>)",
    "negative scale": "func.func private @f(!quant.uniform<i8:f32, -1.0>)",
    "scale too large for f16": "func.func private @f(!quant.uniform<i8:f16, 1.0e6>)",
    "storage i33": "func.func private @f(!quant.uniform<i33:f32, 1.0>)",
    "storage i0": "func.func private @f(!quant.uniform<i0:f32, 1.0>)",
    "min above max": "func.func private @f(!quant.uniform<i8<8:7>:f32, 1.0>)",
    "min below storage": "func.func private @f(!quant.uniform<i8<-200:7>:f32, 1.0>)",
    "max above unsigned storage": "func.func private @f(!quant.uniform<u8<0:256>:f32, 1.0>)",
    "decimal scale": "func.func private @f(!quant.uniform<i8:f32, 2>)",
    "integer expressed type": "func.func private @f(!quant.uniform<i8:i32, 1.0>)",
    "negative axis": "func.func private @f(!quant.uniform<i8:f32:-1, {1.0}>)",
    "block size 0": "func.func private @f(!quant.uniform<i8:f32:{0:0}, {1.0}>)",
    "ragged sub-channel scales": "func.func private @f(!quant.uniform<i8:f32:{0:1, 1:2}, {{2.0:1, 3.0}, {4.0}}>)",
    "per-axis scale count vs dim": '''func.func @f(%a: tensor<2x3xf32>) {
          %q = quant.qcast %a : tensor<2x3xf32> to tensor<2x3x!quant.uniform<i8:f32:1, {2.0, 3.0}>>
          return
        }''',
    "qcast expressed mismatch": '''func.func @f(%a: f32) {
          %q = quant.qcast %a : f32 to !quant.uniform<i8:f16, 1.0>
          return
        }''',
    "scast width mismatch": '''func.func @f(%a: i16) {
          %q = quant.scast %a : i16 to !quant.uniform<i8:f32, 1.0>
          return
        }''',
    "undefined value": 'func.func @f() {\n  "foo.a"(%x) : (i32) -> ()\n  return\n}',
    "redefined value": '%0 = "foo.a"() : () -> i32\n%0 = "foo.b"() : () -> i32',
    "operand type count": '"foo.a"(%x) : (i32, f32) -> ()',
    "undefined block": 'func.func @f() {\n  "foo.a"()[^bb3] : () -> ()\n}',
    "unknown custom op": "func.func @f() {\n  bar\n}",
    "dense shape mismatch": '"foo.a"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()',
    "integer out of range": '"foo.a"() {a = 256 : i8} : () -> ()',
    "decimal float": '"foo.a"() {a = 1 : f32} : () -> ()',
    "bad escape": '"foo.a"() {a = "\\q"} : () -> ()',
    "return type mismatch": "func.func @f(%a: i32) -> f32 {\n  return %a : i32\n}",
    "missing paren": '"foo.a"(',
    "empty successor list": '"foo.a"()[] : () -> ()',
    "unknown quant type": "func.func private @f(!quant.unifrm<i8:f32, 1.0>)",
    "spaced result number and symbol reference":
        '%0:2 = "foo.b"() : () -> (i32, f32)\n"foo.c"(%0 #1, %0) {s = @a : : @b} : (f32, i32) -> ()',
}


@pytest.fixture(scope="module")
def upstream_verdicts() -> dict[str, bool]:
    """Which oracle cases iree-opt accepts, from one `--split-input-file` run."""
    names = list(ORACLE_CASES)
    text = "\n// -----\n".join(ORACLE_CASES[n] for n in names)
    chunks = split_input(text, split=True)
    result = subprocess.run([iree_opt_path(), "--allow-unregistered-dialect", "--split-input-file",
                             "-", "-o", "/dev/null"], input=text, capture_output=True, text=True)
    failed_lines = {int(m.group(1)) for m in re.finditer(r"^<stdin>:(\d+):\d+: error:", result.stderr, re.M)}
    verdicts = {}
    for name, chunk in zip(names, chunks):
        last = chunk.first_line + chunk.text.count("\n")
        verdicts[name] = not any(chunk.first_line <= line <= last for line in failed_lines)
    return verdicts


def _we_accept(text: str) -> bool:
    try:
        verify(parse_module(text))
        return True
    except Tfl2QuantError:
        return False


@pytest.mark.parametrize("name", list(ORACLE_CASES))
def test_we_accept_exactly_what_upstream_accepts(name, upstream_verdicts):
    assert _we_accept(ORACLE_CASES[name]) == upstream_verdicts[name]


# Places where the quant type verifier (dialects/quant/types.py) is stricter
# than upstream MLIR; kept visible until that is settled.
# Deliberately stricter than upstream's type parser (docs/decisions.md): the RFC makes a
# zero point a value of the storage type, and a dimension can have only one block size.
# (A zero point outside the storage range is no longer here: upstream accepts it and so do we,
# unless --quant-strict-zero-points; tests/dialects/test_quant_differential.py.)
STRICTER_THAN_UPSTREAM = {
    "repeated quantized dimension": "func.func private @f(!quant.uniform<i8:f32:{0:1, 0:2}, {{2.0, 3.0}}>)",
}


@pytest.mark.parametrize("name", list(STRICTER_THAN_UPSTREAM))
def test_deliberately_stricter_than_upstream(name):
    text = STRICTER_THAN_UPSTREAM[name]
    assert iree_opt(text).returncode == 0
    assert not _we_accept(text)


def test_f8_expressed_types_agree_with_upstream():
    text = "func.func private @f(!quant.uniform<i8:f8E4M3FN, 2.0>)"
    assert iree_opt(text).returncode == 0 and _we_accept(text)


def test_oracle_agrees_on_the_printed_models():
    for model in ("small-cnn", "conv2d-same-relu6"):
        printed = print_module(import_model(str(MODELS / f"{model}.int8.tflite")))
        assert _we_accept(printed) and iree_opt(printed).returncode == 0


# --- split input and verify diagnostics ------------------------------------------------------

DIAGNOSED = '''func.func @ok(%a: i32) -> i32 {
  return %a : i32
}

// -----

func.func @f() {
  %0 = "foo.a"() : () -> i32
  // expected-error @+1 {{redefinition of SSA value '%0'}}
  %0 = "foo.b"() : () -> i32
  return
}

// -----

func.func @g(%a: f32) {
  // expected-error @below {{'quant.qcast' op expressed type in quantized type expected to match float type}}
  // expected-note @unknown {{never produced}}
  %0 = quant.qcast %a : f32 to !quant.uniform<i8:f16, 1.0>
  return
}

// -----

func.func private @h(!quant.uniform<i33:f32, 1.0>) // expected-error {{illegal storage type size: 33}}
// expected-error @above {{illegal storage type size}}
'''


def run_diagnostics(text: str, split: bool = True, verify_diagnostics: bool = True):
    err = io.StringIO()
    output, ok = run_split(text, "diag.mlir", split, verify_diagnostics, print_module, err)
    return output, ok, err.getvalue()


def test_split_keeps_original_line_numbers():
    chunks = split_input(DIAGNOSED, split=True)
    assert [c.first_line for c in chunks] == [1, 6, 15, 24]
    with pytest.raises(Tfl2QuantError) as info:
        parse_module(chunks[1].text, "diag.mlir", first_line=chunks[1].first_line)
    assert info.value.where == "diag.mlir:10:3"
    assert split_input(DIAGNOSED, split=False)[0].text == DIAGNOSED


def test_verify_diagnostics_reports_what_mlir_opt_reports():
    output, ok, err = run_diagnostics(DIAGNOSED)
    assert not ok
    # Unmatched: a note we never produce, and an error `@above` puts on line 24 (the last
    # line without an expectation: line 25 has one, after its code).
    assert err.splitlines() == [
        'diag.mlir:18:6: error: expected note "never produced" was not produced',
        'diag.mlir:26:4: error: expected error "illegal storage type size" was not produced',
    ]
    chunks = output.split("// -----\n")
    assert len(chunks) == 4 and "func.func @ok" in chunks[0] and chunks[1:] == ["", "", ""]


def test_verify_diagnostics_passes_when_every_error_is_expected():
    text = DIAGNOSED.replace("  // expected-note @unknown {{never produced}}\n", "").replace(
        "// expected-error @above {{illegal storage type size}}\n", "")
    output, ok, err = run_diagnostics(text)
    assert ok and err == ""


def test_unexpected_and_misplaced_errors_are_reported():
    text = ('func.func @f() {\n  // expected-error @+2 {{redefinition}}\n  %0 = "foo.a"() : () -> i32\n'
            '  %0 = "foo.b"() : () -> i32\n  return\n}\n// -----\n"foo.a"(%x) : (i32) -> ()\n')
    _, ok, err = run_diagnostics(text)
    assert not ok
    assert err.splitlines() == [
        "diag.mlir:8:9: error: unexpected error: use of undeclared SSA value name '%x'",
    ]
    _, ok, err = run_diagnostics(text.replace("@+2", "@+1"))
    assert not ok and err.splitlines() == [
        "diag.mlir:4:3: error: unexpected error: redefinition of SSA value '%0' "
        "(previously defined at diag.mlir:3:3)",
        'diag.mlir:2:6: error: expected error "redefinition" was not produced',
        "diag.mlir:8:9: error: unexpected error: use of undeclared SSA value name '%x'",
    ]


def test_without_verify_diagnostics_errors_are_printed_and_other_chunks_still_run():
    text = '"foo.a"(%x) : (i32) -> ()\n// -----\n"foo.b"() : () -> ()\n'
    output, ok, err = run_diagnostics(text, verify_diagnostics=False)
    assert not ok and err == "diag.mlir:1:9: error: use of undeclared SSA value name '%x'\n"
    assert output == '// -----\nmodule {\n  "foo.b"() : () -> ()\n}\n'
    # Unsplit, the marker is only a comment.
    output, ok, err = run_diagnostics('"foo.b"() : () -> ()\n// -----\n', split=False, verify_diagnostics=False)
    assert ok and err == "" and "-----" not in output
