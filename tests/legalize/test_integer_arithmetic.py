"""The integer patterns of legalize/families/elementwise/integer_arithmetic.py, comparison.py,
quantize.py and CONCATENATION (movement/layout.py) against TFLite's reference kernels (BUILTIN_REF),
bit for bit.

Each case is one operator in a tiny model (tools/tflite_builder.py), named
`op-variant.dtype`, on uint8, int8 or int16 storage with random inputs over the
whole storage range: its op must take the integer path, and `check` must find
every output exact end to end and per layer. Chained models (ADD -> MUL -> SUB
-> comparisons -> SELECT...) do the same for several ops in a row. Some are
compiled by iree-compile (TOSA 1.0 profile validation) and run by IREE, which
must agree with our executor exactly. Instances TFLite refuses or computes with
undefined behaviour take the fallback with their reason; TFLite cannot run
them, so only the conversion is checked.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

import numpy as np
import pytest
from ai_edge_litert import schema_py_generated as schema

from runtime_check.executor import iree_backend
from runtime_check.check import check_model, make_inputs
from runtime_check.check import litert
from runtime_check.executor import Executor
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert

from ..conftest import save_inputs
from tools.tflite_builder import ModelBuilder, options_table, per_tensor

STORAGE = {"uint8": "UINT8", "int8": "INT8", "int16": "INT16", "int32": "INT32"}
ACT = schema.ActivationFunctionType


@dataclass(frozen=True)
class T:
    """A quantized tensor: shape, scale and zero point; `const` makes it a constant."""
    shape: tuple
    scale: float
    zero_point: int = 0
    dtype: Optional[str] = None              # another storage type than the case's (QUANTIZE)
    const: Optional[np.ndarray] = field(default=None, compare=False)


@dataclass(frozen=True)
class Op:
    code: str
    ins: tuple
    out: object                              # a T, or "BOOL"
    options: object = None


def options(code: str, **fields):
    if code in ("SQUARED_DIFFERENCE", "FLOOR_DIV", "FLOOR_MOD", "QUANTIZE", "MAXIMUM", "MINIMUM", "SELECT",
                "SELECT_V2"):
        return None
    return options_table(code.title().replace("_", ""), **fields)


def binary(code, dtype, a: T, b: T, out, act=ACT.NONE, **fields) -> Op:
    if code in ("ADD", "SUB", "MUL"):
        fields["fusedActivationFunction"] = act
    return Op(code, (a, b), out, options(code, **fields))


def build(op: Op, dtype: str) -> bytes:
    m = ModelBuilder()
    g = m.subgraph()
    ids = []
    for k, t in enumerate(op.ins):
        if t == "BOOL":
            ids.append(g.input(f"c{k}", op.out.shape if op.code == "SELECT_V2" else (op.out.shape[0],), "BOOL"))
            continue
        kind = STORAGE[t.dtype or dtype]
        q = per_tensor(t.scale, t.zero_point)
        ids.append(g.const(f"x{k}", t.const, kind, quant=q) if t.const is not None else
                   g.input(f"x{k}", t.shape, kind, quant=q))
    if op.out == "BOOL":
        shape = np.broadcast_shapes(*(t.shape for t in op.ins))
        y = g.tensor("y", shape, "BOOL")
    else:
        q = per_tensor(op.out.scale, op.out.zero_point)
        y = g.tensor("y", op.out.shape, STORAGE[op.out.dtype or dtype], quant=q)
    g.op(op.code, ids, [y], op.options)
    g.output(y)
    return m.build()


# --- the table ----------------------------------------------------------------------------------

S = (2, 3, 5)
ZP = {"uint8": (130, 120, 128), "int8": (-3, 4, -10), "int16": (0, 0, 0)}
SCALES = {"uint8": (0.05, 0.02, 0.06), "int8": (0.05, 0.02, 0.06), "int16": (4e-4, 1.5e-4, 5e-4)}


def qs(dtype, scales=None, shapes=(S, S, S)):
    s, z = scales or SCALES[dtype], ZP[dtype]
    return [T(shape, sc, zp) for shape, sc, zp in zip(shapes, s, z)]


def nonzero(dtype, shape, seed=0):
    """Divisors for FLOOR_DIV / FLOOR_MOD (TFLite fails on a zero stored value), -1 among them."""
    info = np.iinfo({"int8": np.int8, "int16": np.int16}[dtype])
    d = np.random.default_rng(seed).integers(info.min, info.max, shape, endpoint=True)
    d[d == 0] = 7
    d.reshape(-1)[0] = -1
    return d.astype(info.dtype)


def cases() -> dict[str, tuple[Op, str]]:
    out: dict[str, tuple[Op, str]] = {}
    broadcast = ((1, 3, 1, 7), (2, 1, 5, 1), (2, 3, 5, 7))
    for dtype in ("uint8", "int8", "int16"):
        for code in ("ADD", "SUB"):
            c = code.lower()
            a, b, o = qs(dtype)
            out[f"{c}-same-shape.{dtype}"] = (binary(code, dtype, a, b, o), dtype)
            a, b, o = qs(dtype, shapes=((3, 5), S, S))
            out[f"{c}-broadcast-relu.{dtype}"] = (binary(code, dtype, a, b, o, ACT.RELU), dtype)
            a, b, o = qs(dtype, shapes=broadcast)
            out[f"{c}-broadcast-4d-relu6.{dtype}"] = (binary(code, dtype, a, b, o, ACT.RELU6), dtype)
            a, b, o = qs(dtype, scales=(0.1, 0.1, 0.05) if dtype != "int16" else (1e-3, 1e-3, 5e-4), shapes=((), S, S))
            out[f"{c}-scalar-relu-n1-to-1.{dtype}"] = (binary(code, dtype, a, b, o, ACT.RELU_N1_TO_1), dtype)
        a, b, o = qs(dtype, scales=(0.05, 0.04, 0.1) if dtype != "int16" else (3e-4, 2e-4, 5e-4))
        out[f"mul-same-shape.{dtype}"] = (binary("MUL", dtype, a, b, o), dtype)
        a, b, o = qs(dtype, scales=(0.05, 0.04, 0.03) if dtype != "int16" else (3e-4, 2e-4, 5e-4), shapes=broadcast)
        out[f"mul-broadcast-4d-relu.{dtype}"] = (binary("MUL", dtype, a, b, o, ACT.RELU), dtype)
        for code in ("MAXIMUM", "MINIMUM"):  # the stored values, whatever the scales
            a, b, o = qs(dtype, shapes=((3, 5), S, S))
            out[f"{code.lower()}-other-scales.{dtype}"] = (binary(code, dtype, a, b, o), dtype)
        for code in ("EQUAL", "NOT_EQUAL", "LESS", "LESS_EQUAL", "GREATER", "GREATER_EQUAL"):
            a, b, _ = qs(dtype, shapes=((3, 5), S, S))
            out[f"{code.lower().replace('_', '-')}-other-scales.{dtype}"] = (Op(code, (a, b), "BOOL"), dtype)
        if dtype == "int16":  # int16 EQUAL and NOT_EQUAL subtract zero points (other comparisons do not read them)
            a, b = T(S, 3e-4, 7), T(S, 1e-4, -300)
            out["equal-zero-points.int16"] = (Op("EQUAL", (a, b), "BOOL"), dtype)
            out["greater-zero-points.int16"] = (Op("GREATER", (a, b), "BOOL"), dtype)
        x, y, o = qs(dtype)
        out[f"select-v2-other-scales.{dtype}"] = (Op("SELECT_V2", ("BOOL", x, y), o), dtype)
        out[f"select-rank1-condition.{dtype}"] = (Op("SELECT", ("BOOL", x, x), x), dtype)
    # int16 ADD and SUB with power-of-two scales take add.cc's other kernel (CheckedLog2
    # accepts a scale within 1e-3 of a power of two in the exponent)
    pot = [T(S, 2.0 ** -10), T(S, 2.0 ** -13), T(S, 2.0 ** -10 * 1.0002)]
    out["add-power-of-two-relu6.int16"] = (binary("ADD", "int16", *pot, ACT.RELU6), "int16")
    out["sub-power-of-two.int16"] = (binary("SUB", "int16", pot[1], pot[0], pot[2]), "int16")
    out["sub-power-of-two-broadcast.int16"] = (binary("SUB", "int16", T((5,), 2.0 ** -12), T(S, 2.0 ** -9),
                                                      T(S, 2.0 ** -9)), "int16")
    out["add-power-of-two-general-kernel.int16"] = (binary("ADD", "int16", *pot, potScaleInt16=False), "int16")
    out["squared-difference.int8"] = (binary("SQUARED_DIFFERENCE", "int8", *qs("int8")[:2], T(S, 0.05, -128)), "int8")
    out["squared-difference-broadcast.int8"] = (binary("SQUARED_DIFFERENCE", "int8", T((5,), 0.1, 7), T(S, 0.03, -2),
                                                       T(S, 0.2, -100)), "int8")
    for dtype in ("int8", "int16"):
        for code in ("FLOOR_DIV", "FLOOR_MOD"):
            a, b, o = qs(dtype, shapes=(S, (3, 5), S))
            out[f"{code.lower().replace('_', '-')}-constant-divisor.{dtype}"] = (
                binary(code, dtype, a, T((3, 5), b.scale, b.zero_point, const=nonzero(dtype, (3, 5))), o), dtype)
    # EQUAL at a scale below 1/512: different stored values compare equal, as TFLite's do
    out["equal-coarse-scale.int8"] = (Op("EQUAL", (T(S, 0.001, 0), T(S, 0.0013, 5)), "BOOL"), "int8")
    return out


def quantize_cases() -> dict[str, tuple[Op, str]]:
    pairs = [("uint8", "int8", T(S, 0.05, 120), T(S, 0.03, -7)), ("uint8", "uint8", T(S, 0.05, 100), T(S, 0.03, 140)),
             ("uint8", "int16", T(S, 0.05, 120), T(S, 1e-3, 0)), ("int8", "uint8", T(S, 0.05, -3), T(S, 0.08, 200)),
             ("int8", "int8", T(S, 0.05, -3), T(S, 0.02, 11)), ("int8", "int16", T(S, 0.05, -3), T(S, 2e-3, -100)),
             ("int16", "int8", T(S, 3e-4, 40), T(S, 0.02, 3)), ("int16", "int16", T(S, 3e-4), T(S, 7e-4)),
             ("int16", "int32", T(S, 3e-4, -20), T(S, 1e-5, 0)), ("int32", "int8", T(S, 1e-7), T(S, 0.01, 5)),
             ("int32", "int16", T(S, 1e-8, 3), T(S, 1e-4, -2))]
    out = {}
    for src, dst, a, o in pairs:
        out[f"quantize-{src}-to-{dst}.{src}"] = (Op("QUANTIZE", (a,), T(o.shape, o.scale, o.zero_point, dst)), src)
    # TFLite's int8 <-> uint8 fast path (q ^ 0x80): equal scales, zero points 128 apart
    out["quantize-int8-to-uint8-xor.int8"] = (Op("QUANTIZE", (T(S, 0.05, -3),), T(S, 0.05, 125, "uint8")), "int8")
    out["quantize-uint8-to-int8-xor.uint8"] = (Op("QUANTIZE", (T(S, 0.05, 200),), T(S, 0.05, 72, "int8")), "uint8")
    for dtype, zp in (("uint8", 128), ("int8", -5), ("int16", 0)):
        out[f"dequantize.{dtype}"] = (Op("DEQUANTIZE", (T(S, 0.05, zp),), None), dtype)
    return out


def concatenation_cases() -> dict[str, tuple[Op, str]]:
    concat = lambda axis, *ins, out: Op("CONCATENATION", ins, out, options("CONCATENATION", axis=axis))  # noqa: E731
    u = [T((2, 3, 5), 0.05, 125), T((2, 2, 5), 0.02, 130), T((2, 4, 5), 0.05, 125), T((2, 1, 5), 3.0, 7)]
    i16 = [T((2, 3, 5), 4e-4), T((2, 3, 2), 1e-3), T((2, 3, 4), 2e-4)]
    i8 = [T((2, 3, 5), 0.05, -3), T((1, 3, 5), 0.05, -3)]
    return {
        "concatenation-rescaled-and-copied.uint8": (concat(1, *u, out=T((2, 10, 5), 0.05, 125)), "uint8"),
        "concatenation-all-rescaled-last-axis.uint8": (concat(-1, T((2, 3, 2), 0.1, 0), T((2, 3, 3), 0.004, 255),
                                                              out=T((2, 3, 5), 0.03, 100)), "uint8"),
        "concatenation-copies-whatever-the-scales.int16": (concat(-1, *i16, out=T((2, 3, 11), 5e-4)), "int16"),
        "concatenation-copies.int8": (concat(0, *i8, out=T((3, 3, 5), 0.05, -3)), "int8"),
    }


def chain(dtype: str) -> bytes:
    """x, y, z -> ADD(relu) -> MUL -> SUB -> GREATER, EQUAL, LESS_EQUAL -> SELECT_V2, MAXIMUM:
    two outputs, a quantized one and a boolean one."""
    kind = STORAGE[dtype]
    q = {"uint8": lambda s, z: per_tensor(s, z), "int8": lambda s, z: per_tensor(s, z - 128),
         "int16": lambda s, z: per_tensor(s / 64, 0)}[dtype]
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", (2, 3, 5), kind, quant=q(0.05, 130))
    y = g.input("y", (3, 5), kind, quant=q(0.03, 120))
    z = g.input("z", (2, 1, 5), kind, quant=q(0.02, 128))

    def t(name, scale, zp, shape=(2, 3, 5)):
        return g.tensor(name, shape, kind, quant=q(scale, zp))

    def op(code, ins, out, **fields):
        g.op(code, ins, [out], options(code, **fields))
        return out

    s = op("ADD", [x, y], t("sum", 0.06, 100), fusedActivationFunction=ACT.RELU)
    p = op("MUL", [s, z], t("product", 0.04, 128))
    d = op("SUB", [p, x], t("difference", 0.07, 140))
    gt = op("GREATER", [d, s], g.tensor("gt", (2, 3, 5), "BOOL"))
    eq = op("EQUAL", [p, z], g.tensor("eq", (2, 3, 5), "BOOL"))
    le = op("LESS_EQUAL", [y, d], g.tensor("le", (2, 3, 5), "BOOL"))
    either = op("LOGICAL_OR", [gt, eq], g.tensor("either", (2, 3, 5), "BOOL"))
    picked = op("SELECT_V2", [either, d, p], t("picked", 0.07, 140))
    top = op("MAXIMUM", [picked, s], t("top", 0.07, 140))
    g.output(top, le)
    return m.build()


CASES = {**cases(), **quantize_cases(), **concatenation_cases()}
CHAINS = ["uint8", "int8", "int16"]


def model(name: str) -> bytes:
    op, dtype = CASES[name]
    if op.code == "DEQUANTIZE":
        m = ModelBuilder()
        g = m.subgraph()
        t = op.ins[0]
        x = g.input("x", t.shape, STORAGE[dtype], quant=per_tensor(t.scale, t.zero_point))
        y = g.tensor("y", t.shape, "FLOAT32")
        g.op("DEQUANTIZE", [x], [y])
        g.output(y)
        return m.build()
    return build(op, dtype)


def check_exact(path: str, seed: int = 0):
    result = check_model(path, seed=seed)
    assert result.error is None, result.error
    paths = [(r.name, r.path, r.reason) for r in result.records if r.quantized]
    assert all(p == "integer" for _, p, _ in paths), paths
    assert [layer.path for layer in result.layers if layer.skipped is None] and \
        all(layer.passed and layer.exact_fraction == 1.0 for layer in result.layers), result.layers
    # every output exact: fed by integer-path ops (and LOGICAL_OR of booleans, a float-path op)
    assert result.passed and all(o.exact_fraction == 1.0 and o.depends_on in ("integer", "float")
                                 for o in result.outputs), result.outputs
    return result


@pytest.mark.parametrize("name", list(CASES))
def test_integer_path_is_bit_exact(name, tmp_path):
    path = tmp_path / f"{name}.tflite"
    path.write_bytes(model(name))
    check_exact(str(path), seed=len(name))


@pytest.mark.parametrize("dtype", CHAINS)
def test_chained_model_is_bit_exact(dtype, tmp_path):
    path = tmp_path / f"chain-add-mul-sub-compare-select.{dtype}.tflite"
    path.write_bytes(chain(dtype))
    result = check_exact(str(path))
    assert {r.name for r in result.records} >= {"tfl.add", "tfl.mul", "tfl.sub", "tfl.greater", "tfl.equal",
                                                 "tfl.less_equal", "tfl.select_v2", "tfl.maximum"}


IREE_CASES = ["add-broadcast-relu.uint8", "sub-broadcast-4d-relu6.int16", "add-power-of-two-relu6.int16",
              "mul-broadcast-4d-relu.uint8", "squared-difference.int8", "minimum-other-scales.uint8",
              "floor-div-constant-divisor.int8", "floor-mod-constant-divisor.int16", "less-other-scales.uint8",
              "equal-other-scales.int16", "quantize-uint8-to-uint8.uint8", "quantize-int8-to-int16.int8",
              "quantize-int16-to-int32.int16", "concatenation-rescaled-and-copied.uint8"]


def iree_agrees(path: str) -> None:
    """iree-compile accepts the final IR (TOSA 1.0 profiles), and IREE computes what our executor does."""
    module = convert(path, "final").module
    inputs = make_inputs(convert(path, "tfl").module, litert.inputs_of(litert.load(path)), seed=1)
    inputs = [x.view(f"i{x.dtype.itemsize}") if x.dtype.kind == "u" else x for x in inputs]  # signless
    ours = Executor(module).run(inputs, next(iter(module.functions())).sym_name)
    theirs = iree_backend.run(print_module(module), inputs, next(iter(module.functions())).sym_name)
    assert len(ours) == len(theirs)
    for a, b in zip(ours, theirs):
        np.testing.assert_array_equal(a, b.reshape(a.shape))


@pytest.mark.parametrize("name", IREE_CASES)
def test_iree_compiles_and_agrees(name, tmp_path):
    path = tmp_path / f"{name}.tflite"
    path.write_bytes(model(name))
    iree_agrees(str(path))


@pytest.mark.parametrize("dtype", CHAINS)
def test_iree_compiles_and_agrees_on_the_chain(dtype, tmp_path):
    path = tmp_path / f"chain.{dtype}.tflite"
    path.write_bytes(chain(dtype))
    iree_agrees(str(path))


# Instances TFLite refuses (Prepare aborts or fails) or computes with undefined behaviour:
# the fallback, with the reason.
DECLINED = {
    "add-power-of-two-broadcast.int16": (
        binary("ADD", "int16", T((5,), 2.0 ** -12), T(S, 2.0 ** -10), T(S, 2.0 ** -10)), "int16",
        "power-of-two int16 ADD with broadcasting, which TFLite's kernel does not take (it aborts)"),
    "sub-output-multiplier-above-one.int8": (
        binary("SUB", "int8", T(S, 0.001), T(S, 0.001), T(S, 1e-9)), "int8",
        "output multiplier 1.9073487773502062 above 1: sub.cc takes QuantizeMultiplierGreaterThanOne but Eval "
        "divides by a negative power of two (undefined)"),
    "add-output-multiplier-one.int8": (
        binary("ADD", "int8", T(S, 1.0), T(S, 1.0), T(S, 2.0 ** -19)), "int8",
        "output multiplier 1.0 is not below 1, which TFLite's Prepare rejects"),
    "squared-difference.uint8": (
        binary("SQUARED_DIFFERENCE", "uint8", T(S, 0.05, 128), T(S, 0.05, 128), T(S, 0.2, 0)), "uint8",
        "operand 0 is u8; the integer pattern takes i8"),
    "less-scale-one.int8": (
        Op("LESS", (T(S, 1.0), T(S, 0.5)), "BOOL"), "int8",
        "operand 0 scale 1.0 is not below 1: comparisons.cc aborts at 1 and shifts by a negative amount above "
        "(MultiplyByQuantizedMultiplierSmallerThanOneExp)"),
}


@pytest.mark.parametrize("name", list(DECLINED))
def test_declined_instances_fall_back_with_their_reason(name, tmp_path):
    op, dtype, reason = DECLINED[name]
    path = tmp_path / f"{name}.tflite"
    path.write_bytes(build(op, dtype))
    (record,) = convert(str(path), "legalized").report.records
    assert (record.path, record.reason) == ("fallback", reason)


def test_floor_div_of_the_int8_minimum_by_minus_one_wraps(tmp_path):
    """floor(-128.0 / -1.0) = 128 converted to int8 is -128 in the wheel (floor_div.cc); the
    integer path's tosa.cast truncates alike."""
    path = tmp_path / "floor-div-minimum-by-minus-one.int8.tflite"
    divisor = np.array([-1, -1, 3, -3], np.int8)
    path.write_bytes(build(binary("FLOOR_DIV", "int8", T((4,), 0.05), T((4,), 0.05, const=divisor), T((4,), 0.05)),
                           "int8"))
    inputs = tmp_path / "inputs.npz"
    save_inputs(inputs, path, [np.array([-128, 127, -128, -128], np.int8)])
    result = check_model(str(path), str(inputs))
    assert [r.path for r in result.records] == ["integer"]
    assert result.passed and result.outputs[0].exact_fraction == 1.0
