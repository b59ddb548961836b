"""legalize/families/elementwise/unary.py, arithmetic.py, activation.py and comparison.py against
TFLite's reference kernels.

Each case is a one-operator model written with tools/tflite_builder.py. `check`
runs it through every stage and through TFLite: float models within the
relative float tolerance, quantized ones within one step per layer on the
fallback and exactly on the integer path, and boolean results exactly. Ops
`check` cannot run (missing from the BUILTIN_REF resolver) and NaN results are
compared directly. The final MLIR must verify with iree-opt.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import pytest
from ai_edge_litert import schema_py_generated as schema
from ai_edge_litert.interpreter import Interpreter, OpResolverType

from runtime_check.check import check_model, litert
from runtime_check.check.compare import FLOAT_RTOL
from runtime_check.executor import Executor
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder, per_tensor

from ..conftest import MODELS, iree_verify, save_inputs

SHAPE = (2, 3, 5)


@dataclass(frozen=True)
class In:
    """An operand: a graph input (`values` None) or a constant."""
    shape: tuple = SHAPE
    dtype: str = "FLOAT32"
    quant: schema.QuantizationParametersT | None = None
    values: np.ndarray | None = None


@dataclass(frozen=True)
class Case:
    op: str
    ins: tuple
    out: In = In()
    options: object = None
    path: str = "float"
    inputs: Callable[[np.random.Generator], list] | None = field(default=None, compare=False)


def options_for(op: str):
    name = "MaximumMinimum" if op in ("MAXIMUM", "MINIMUM") else op.title().replace("_", "")
    cls = getattr(schema, f"{name}OptionsT", None)
    return cls() if cls else None


def with_fields(op: str, **fields):
    o = options_for(op)
    for k, v in fields.items():
        setattr(o, k, v)
    return o


def build(case: Case) -> bytes:
    m = ModelBuilder()
    g = m.subgraph()
    operands = []
    for k, spec in enumerate(case.ins):
        if spec.values is None:
            operands.append(g.input(f"x{k}", spec.shape, spec.dtype, quant=spec.quant))
        else:
            operands.append(g.const(f"c{k}", spec.values, spec.dtype, quant=spec.quant))
    y = g.tensor("y", case.out.shape, case.out.dtype, quant=case.out.quant)
    g.op(case.op, operands, [y], case.options if case.options is not None else options_for(case.op))
    g.output(y)
    return m.build()


# --- inputs outside check's default range ------------------------------------------

def uniform(lo, hi, *shapes, dtype=np.float32):
    return lambda rng: [rng.uniform(lo, hi, s).astype(dtype) for s in shapes]


def integers(lo, hi, *shapes, dtype=np.int32):
    return lambda rng: [rng.integers(lo, hi, s, endpoint=True).astype(dtype) for s in shapes]


def halves(rng):  # ties of every parity and both signs, for half-to-even rounding
    return [((np.arange(30) - 15) / 2).astype(np.float32).reshape(SHAPE)]


def with_zeros(rng):  # SIGN and float->bool CAST meet 0.0 and -0.0
    x = rng.uniform(-3, 3, SHAPE).astype(np.float32)
    x.flat[:4] = [0.0, -0.0, 0.0, -0.0]
    return [x]


def with_nan(rng):  # ... and NaN and infinities
    x = with_zeros(rng)[0]
    x.flat[4:7] = [np.nan, np.inf, -np.inf]
    return [x]


def few_values(*shapes, dtype=np.float32):  # comparisons meet equal operands
    return lambda rng: [rng.integers(-2, 3, s).astype(dtype) for s in shapes]


def cast_to_int(rng):  # truncation toward zero, saturation, NaN to the maximum (SafeCast)
    x = rng.uniform(-5, 5, SHAPE).astype(np.float32)
    x.flat[:7] = [3e9, -3e9, 2.5, -2.5, np.nan, np.inf, -np.inf]
    return [x]


def cast_to_int64(rng):  # as cast_to_int, in range: the tosa.cast kernel cannot saturate to int64 yet
    x = cast_to_int(rng)[0]
    x.flat[5:7] = [1e18, -1e18]
    return [x]


def wide_int64(rng):  # narrowing keeps the low 32 bits (static_cast)
    return [rng.integers(-(1 << 40), 1 << 40, SHAPE).astype(np.int64)]


# --- the table -----------------------------------------------------------------------

F, I32, I64, B = "FLOAT32", "INT32", "INT64", "BOOL"
NONZERO_I32 = np.array([3, -3, 2, -2, 7], np.int32)  # broadcast along the last axis
Q = per_tensor(0.05, 3)      # every int8 operand of one op alike, as TFLite's raw-value kernels assume
Q_OUT = per_tensor(0.03, -10)


def unary(op, dtype=F, **kw):
    return Case(op, (In(dtype=dtype),), In(dtype=dtype), **kw)


def binary(op, shape2=SHAPE, dtype=F, out_dtype=None, **kw):
    return Case(op, (In(dtype=dtype), In(shape2, dtype)), In(dtype=out_dtype or dtype), **kw)


def int8(op, n=1, out=Q, out_dtype="INT8", path="fallback", **kw):
    return Case(op, tuple(In(dtype="INT8", quant=Q) for _ in range(n)),
                In(dtype=out_dtype, quant=out if out_dtype == "INT8" else None), path=path, **kw)


CASES = {
    # float unary
    "abs": unary("ABS"),
    "neg": unary("NEG"),
    "exp": unary("EXP"),
    "log": unary("LOG", inputs=uniform(0.01, 5, SHAPE)),
    "sqrt": unary("SQRT", inputs=uniform(0, 5, SHAPE)),
    "rsqrt": unary("RSQRT", inputs=uniform(0.01, 5, SHAPE)),
    "sin": unary("SIN"),
    "cos": unary("COS"),
    "floor": unary("FLOOR"),
    "ceil": unary("CEIL"),
    "round-half-to-even": unary("ROUND", inputs=halves),
    "square": unary("SQUARE"),
    "sign": unary("SIGN", inputs=with_zeros),
    "elu": unary("ELU"),
    "gelu": unary("GELU", options=with_fields("GELU", approximate=False)),
    "gelu-approximate": unary("GELU", options=with_fields("GELU", approximate=True)),
    "hard-swish": unary("HARD_SWISH", inputs=uniform(-5, 5, SHAPE)),
    "leaky-relu": unary("LEAKY_RELU", options=with_fields("LEAKY_RELU", alpha=0.2)),
    "leaky-relu-alpha-above-1": unary("LEAKY_RELU", options=with_fields("LEAKY_RELU", alpha=1.5)),
    "prelu-channel-alpha": Case("PRELU", (In(), In((5,), values=np.linspace(-1, 2, 5, dtype=np.float32)))),
    # float binary, broadcasting
    "add-broadcast": binary("ADD", (3, 1)),
    "sub-broadcast": binary("SUB", (5,)),
    "mul-broadcast-relu6": binary("MUL", (3, 5), options=with_fields("MUL", fusedActivationFunction=3)),
    "maximum-broadcast": binary("MAXIMUM", (5,)),
    "minimum-broadcast": binary("MINIMUM", (3, 1)),
    "div": binary("DIV"),
    "div-broadcast-relu": binary("DIV", (3, 1), options=with_fields("DIV", fusedActivationFunction=1)),
    "floor-div-broadcast": binary("FLOOR_DIV", (5,)),
    "floor-mod-broadcast": binary("FLOOR_MOD", (3, 1)),
    "pow": binary("POW", inputs=uniform(0.1, 3, SHAPE, SHAPE)),
    "pow-broadcast": binary("POW", (5,), inputs=uniform(0.1, 3, SHAPE, (5,))),
    "squared-difference-broadcast": binary("SQUARED_DIFFERENCE", (3, 1)),
    # int32 / int64 tensors of float models
    "add-int32-broadcast-relu6": binary("ADD", (5,), I32, options=with_fields("ADD", fusedActivationFunction=3),
                                        inputs=integers(-9, 9, SHAPE, (5,))),
    "sub-int32-broadcast": binary("SUB", (3, 1), I32, inputs=integers(-9, 9, SHAPE, (3, 1))),
    "mul-int32-broadcast": binary("MUL", (5,), I32, inputs=integers(-9, 9, SHAPE, (5,))),
    "add-int64": binary("ADD", dtype=I64, inputs=integers(-(1 << 40), 1 << 40, SHAPE, SHAPE, dtype=np.int64)),
    "mul-int64-broadcast": binary("MUL", (5,), I64, inputs=integers(-(1 << 20), 1 << 20, SHAPE, (5,),
                                                                    dtype=np.int64)),
    "maximum-int32-broadcast": binary("MAXIMUM", (5,), I32, inputs=integers(-9, 9, SHAPE, (5,))),
    "minimum-int64": binary("MINIMUM", dtype=I64, inputs=integers(-9, 9, SHAPE, SHAPE, dtype=np.int64)),
    "div-int32-truncates": Case("DIV", (In(dtype=I32), In((5,), I32, values=NONZERO_I32)), In(dtype=I32),
                                inputs=integers(-20, 20, SHAPE)),
    "floor-div-int32": Case("FLOOR_DIV", (In(dtype=I32), In((5,), I32, values=NONZERO_I32)), In(dtype=I32),
                            inputs=integers(-20, 20, SHAPE)),
    "floor-mod-int32": Case("FLOOR_MOD", (In(dtype=I32), In((5,), I32, values=NONZERO_I32)), In(dtype=I32),
                            inputs=integers(-20, 20, SHAPE)),
    "pow-int32": binary("POW", dtype=I32, inputs=lambda rng: [rng.integers(-6, 7, SHAPE).astype(np.int32),
                                                               rng.integers(0, 6, SHAPE).astype(np.int32)]),
    "squared-difference-int32": binary("SQUARED_DIFFERENCE", (5,), I32, inputs=integers(-99, 99, SHAPE, (5,))),
    "abs-int32": unary("ABS", I32, inputs=integers(-9, 9, SHAPE)),
    "neg-int64": unary("NEG", I64, inputs=integers(-9, 9, SHAPE, dtype=np.int64)),
    "sign-int32": unary("SIGN", I32, inputs=integers(-2, 2, SHAPE)),
    # comparisons
    "equal-broadcast": binary("EQUAL", (5,), out_dtype=B, inputs=few_values(SHAPE, (5,))),
    "not-equal": binary("NOT_EQUAL", out_dtype=B, inputs=few_values(SHAPE, SHAPE)),
    "less-broadcast": binary("LESS", (3, 1), out_dtype=B, inputs=few_values(SHAPE, (3, 1))),
    "less-equal": binary("LESS_EQUAL", out_dtype=B, inputs=few_values(SHAPE, SHAPE)),
    "greater": binary("GREATER", out_dtype=B, inputs=few_values(SHAPE, SHAPE)),
    "greater-equal-broadcast": binary("GREATER_EQUAL", (5,), out_dtype=B, inputs=few_values(SHAPE, (5,))),
    "less-int32": binary("LESS", dtype=I32, out_dtype=B, inputs=integers(-2, 2, SHAPE, SHAPE)),
    "greater-equal-int64": binary("GREATER_EQUAL", dtype=I64, out_dtype=B,
                                  inputs=integers(-2, 2, SHAPE, SHAPE, dtype=np.int64)),
    "equal-bool": binary("EQUAL", dtype=B),
    "not-equal-bool-broadcast": binary("NOT_EQUAL", (5,), dtype=B),
    # logical
    "logical-and-broadcast": binary("LOGICAL_AND", (3, 1), dtype=B),
    "logical-or": binary("LOGICAL_OR", dtype=B),
    "logical-not": unary("LOGICAL_NOT", B),
    # select
    "select": Case("SELECT", (In(dtype=B), In(), In())),
    "select-rank1-condition": Case("SELECT", (In((2,), B), In(), In())),
    "select-scalar-condition": Case("SELECT", (In((), B), In(), In())),
    "select-int32": Case("SELECT", (In(dtype=B), In(dtype=I32), In(dtype=I32)), In(dtype=I32)),
    "select-v2-broadcast": Case("SELECT_V2", (In((3, 1), B), In(), In((5,)))),
    "select-v2-bool-values": Case("SELECT_V2", (In(dtype=B), In(dtype=B), In((5,), B)), In(dtype=B)),
    # cast
    "cast-float-to-int32": Case("CAST", (In(),), In(dtype=I32), inputs=cast_to_int),
    "cast-float-to-int64": Case("CAST", (In(),), In(dtype=I64), inputs=cast_to_int64),
    "cast-int32-to-float": Case("CAST", (In(dtype=I32),), In(), inputs=integers(-99, 99, SHAPE)),
    "cast-bool-to-float": Case("CAST", (In(dtype=B),), In()),
    "cast-bool-to-int32": Case("CAST", (In(dtype=B),), In(dtype=I32)),
    "cast-float-to-bool": Case("CAST", (In(),), In(dtype=B), inputs=with_nan),
    "cast-int32-to-bool": Case("CAST", (In(dtype=I32),), In(dtype=B), inputs=integers(-2, 2, SHAPE)),
    "cast-int64-to-int32-wraps": Case("CAST", (In(dtype=I64),), In(dtype=I32), inputs=wide_int64),
    "cast-int32-to-int64": Case("CAST", (In(dtype=I32),), In(dtype=I64), inputs=integers(-99, 99, SHAPE)),
    # int8 quantized: the fallback (dequantize, float op, quantize), within one step of TFLite,
    # or the integer path (bit-exact; tests/legalize/test_integer_arithmetic.py has many more)
    "maximum-int8": int8("MAXIMUM", 2, path="integer"),
    "minimum-int8": int8("MINIMUM", 2, path="integer"),
    "abs-int8": int8("ABS", out=Q_OUT, path="integer"),
    "less-int8": int8("LESS", 2, out_dtype=B, path="integer"),
    "less-int8-other-scales": Case("LESS", (In(dtype="INT8", quant=Q), In(dtype="INT8", quant=Q_OUT)), In(dtype=B),
                                   path="integer"),
    "equal-int8": int8("EQUAL", 2, out_dtype=B, path="integer"),
    # activations and unary math: the integer path (tests/legalize/test_integer_activation.py has many more)
    "leaky-relu-int8": int8("LEAKY_RELU", out=Q_OUT, options=with_fields("LEAKY_RELU", alpha=0.2), path="integer"),
    "hard-swish-int8": int8("HARD_SWISH", out=Q_OUT, path="integer"),
    "gelu-int8": int8("GELU", out=Q_OUT, options=with_fields("GELU", approximate=False), path="integer"),
    "exp-int8": int8("EXP", out=Q_OUT, path="integer"),
    "log-int8": int8("LOG", out=Q_OUT, path="integer"),  # log(x <= 0): the LUT's output minimum
    "rsqrt-int8": int8("RSQRT", out=Q_OUT, inputs=integers(4, 127, SHAPE, dtype=np.int8), path="integer"),
    "neg-int8": int8("NEG", path="integer"),  # -q on stored values; -(-128) wraps to -128
    "div-int8": int8("DIV", 2, out=Q_OUT, inputs=integers(4, 127, SHAPE, SHAPE, dtype=np.int8), path="integer"),
    "squared-difference-int8": int8("SQUARED_DIFFERENCE", 2, out=Q_OUT, path="integer"),
    "prelu-int8": Case("PRELU", (In(dtype="INT8", quant=Q), In((5,), "INT8", per_tensor(0.01, 0),
                                                                 np.array([-50, 0, 20, 60, 100], np.int8))),
                       In(dtype="INT8", quant=Q_OUT), path="integer"),
    "select-v2-int8": Case("SELECT_V2", (In(dtype=B), In(dtype="INT8", quant=Q), In((5,), "INT8", quant=Q)),
                           In(dtype="INT8", quant=Q), path="integer"),
    # TFLite's MAXIMUM and FLOOR_DIV compute on stored values, ignoring the quantization: so does
    # the integer path
    "maximum-int8-other-output-params": Case("MAXIMUM", (In(dtype="INT8", quant=Q), In(dtype="INT8", quant=Q)),
                                             In(dtype="INT8", quant=Q_OUT), path="integer"),
    "floor-div-int8": int8("FLOOR_DIV", 2, inputs=integers(4, 127, SHAPE, SHAPE, dtype=np.int8), path="integer"),
}

# CEIL, ROUND and ELU are missing from LiteRT 2.3's BUILTIN_REF resolver, which `check`
# needs; they are compared with the BUILTIN kernels (the same std::ceil, RoundToNearest
# and expm1) in test_matches_tflite_builtin_kernel instead.
BUILTIN_ONLY = {name: CASES.pop(name) for name in ("ceil", "round-half-to-even", "elu")}

# NaN results, which compare() does not count as equal: compared here with equal_nan.
NAN_RESULTS = {
    "sign-nan": unary("SIGN", inputs=with_nan),  # NaN stays NaN (kernels/sign.cc)
    "floor-nan": unary("FLOOR", inputs=with_nan),
    "leaky-relu-nan": unary("LEAKY_RELU", options=with_fields("LEAKY_RELU", alpha=0.2), inputs=with_nan),
}

def npz_inputs(case: Case, tmp_path, model) -> str | None:
    if case.inputs is None:
        return None
    return save_inputs(tmp_path / "inputs.npz", model, case.inputs(np.random.default_rng(0)))


@pytest.mark.filterwarnings("ignore:invalid value encountered")  # LOG, RSQRT... of x <= 0 in numpy
@pytest.mark.parametrize("name", list(CASES))
def test_matches_tflite_reference_kernel(name, tmp_path):
    case = CASES[name]
    model = tmp_path / f"{name}.tflite"
    model.write_bytes(build(case))
    result = check_model(str(model), npz_inputs(case, tmp_path, model))
    assert result.error is None, result.error
    assert [r.path for r in result.records] == [case.path]
    assert [layer.path for layer in result.layers] == [case.path]
    if case.out.dtype == B:  # compare() judges no boolean fallback result: exact here
        assert all(layer.max_abs_diff == 0 for layer in result.layers), result.layers
    assert result.passed, (result.layers, result.outputs)


@pytest.mark.parametrize(("name", "resolver"), [(n, OpResolverType.BUILTIN) for n in BUILTIN_ONLY]
                         + [(n, OpResolverType.BUILTIN_REF) for n in NAN_RESULTS])
def test_matches_tflite_outside_check(name, resolver, tmp_path):
    case = {**BUILTIN_ONLY, **NAN_RESULTS}[name]
    data = build(case)
    model = tmp_path / f"{name}.tflite"
    model.write_bytes(data)
    rng = np.random.default_rng(0)
    x = case.inputs(rng) if case.inputs else [rng.uniform(-3, 3, SHAPE).astype(np.float32)]
    reference = Interpreter(model_content=data, experimental_op_resolver_type=resolver)
    reference.allocate_tensors()
    (expected,) = litert.run(reference, x)
    conversion = convert(str(model), "final")
    assert [r.path for r in conversion.report.records] == ["float"]
    (ours,) = Executor(conversion.module).run(x)
    finite = np.isfinite(expected)
    tolerance = FLOAT_RTOL * max(1.0, float(np.max(np.abs(expected[finite]))))
    np.testing.assert_allclose(ours, expected, rtol=0, atol=tolerance, equal_nan=True)


ALL = {**CASES, **BUILTIN_ONLY, **NAN_RESULTS}


@pytest.mark.parametrize("name", list(ALL))
def test_final_mlir_verifies_with_upstream_mlir(name, tmp_path):
    model = tmp_path / f"{name}.tflite"
    model.write_bytes(build(ALL[name]))
    r = iree_verify(print_module(convert(str(model), "final").module), allow_unregistered=False)
    assert r.returncode == 0, r.stderr[:2000]


MATH_OPS = {f"tfl.{c.op.lower()}" for c in ALL.values()}


@pytest.mark.parametrize("model", ["op-zoo-math.float32.tflite", "bool-int64.float32.tflite"])
def test_coverage_models_take_the_float_path(model):
    records = convert(str(MODELS / "coverage" / model), "legalized").report.records
    ours = [r for r in records if r.name in MATH_OPS]
    assert ours and all(r.path == "float" for r in ours), [(r.name, r.reason) for r in ours if r.path != "float"]


