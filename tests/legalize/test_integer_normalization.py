"""SOFTMAX, LOG_SOFTMAX and L2_NORMALIZATION on the integer path
(legalize/families/normalization/softmax.py, normalization.py, legalize/lib/gemmlowp.py), the float
L2_NORMALIZATION and LOCAL_RESPONSE_NORMALIZATION: each op alone in a one-op model, and
FULLY_CONNECTED -> SOFTMAX chains, checked against TFLite's reference kernels (BUILTIN_REF) end to
end and per layer.

Inputs: random over the whole storage range, and rows that reach the corners of the fixed
point: values within a few steps of each other (every exponential counted, sums near
the row length; tiny sums of squares), equal rows, one large value in a row of minima,
and values at the zero point (a zero L2 norm). The integer path must be taken and be
bit-exact. Some of the models are also compiled with IREE and run: the results equal the
numpy executor's.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pytest
from ai_edge_litert import schema_py_generated as schema

from legalize.lib import gemmlowp
from runtime_check.check import check_model, litert
from runtime_check.executor import Executor, iree_backend
from tfl2quant.dialects.builtin import ModuleOp
from tfl2quant.dialects.func import FuncOp
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import verify
from tfl2quant.ir.printer import print_module
from tfl2quant.ir.types import FunctionType, i32, tensor
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder, per_tensor

from ..conftest import save_inputs
from .test_fixed_point import INT32_MAX, INT32_MIN, mbqm, rdbpot, srdhm

STORAGE = {"INT8": np.int8, "UINT8": np.uint8, "INT16": np.int16}
SOFTMAX_OUT = {"INT8": (1 / 256, -128), "UINT8": (1 / 256, 0), "INT16": (1 / 32768, 0)}


def one_op(code: str, shape, in_type: str, in_q, out_type: str, out_q, options) -> bytes:
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", shape, in_type, quant=in_q)
    y = g.tensor("y", shape, out_type, quant=out_q)
    g.op(code, [x], [y], options)
    g.output(y)
    return m.build()


def softmax(shape, in_type, scale, zero_point, beta, out_type=None):
    out_type = out_type or in_type
    o = schema.SoftmaxOptionsT()
    o.beta = beta
    return lambda: one_op("SOFTMAX", shape, in_type, per_tensor(scale, zero_point), out_type,
                          per_tensor(*SOFTMAX_OUT[out_type]), o)


def log_softmax(shape, in_type, scale, zero_point):
    out = per_tensor(16 / 256, 127 if in_type == "INT8" else 255)
    return lambda: one_op("LOG_SOFTMAX", shape, in_type, per_tensor(scale, zero_point), in_type, out,
                          schema.LogSoftmaxOptionsT())


def l2_normalization(shape, in_type, scale=0.05, zero_point=0):
    quantized = in_type != "FLOAT32"
    out = per_tensor(1 / 128, 128 if in_type == "UINT8" else 0) if quantized else None
    return lambda: one_op("L2_NORMALIZATION", shape, in_type, per_tensor(scale, zero_point) if quantized else None,
                          in_type, out, schema.L2NormOptionsT())


def local_response_normalization(shape, radius, bias, alpha, beta):
    o = schema.LocalResponseNormalizationOptionsT()
    o.radius, o.bias, o.alpha, o.beta = radius, bias, alpha, beta
    return lambda: one_op("LOCAL_RESPONSE_NORMALIZATION", shape, "FLOAT32", None, "FLOAT32", None, o)


def fc_softmax(int16: bool, beta: float = 1.0):
    """x [1, 4, 16] -> FULLY_CONNECTED (8 units, keep_num_dims) -> SOFTMAX: attention scores
    over 8 keys. int8: int32 bias; int16 activations with int8 weights: int64 bias."""
    rng = np.random.default_rng(3)
    act, si, so = ("INT16", 1 / 4096, 1 / 512) if int16 else ("INT8", 0.05, 0.08)
    zi, zo = (0, 0) if int16 else (-5, 7)
    sw = 0.01
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [1, 4, 16], act, quant=per_tensor(si, zi))
    w = g.const("w", rng.integers(-127, 128, (8, 16)).astype(np.int8), quant=per_tensor(sw))
    bias = rng.integers(-2000, 2000, 8).astype(np.int64 if int16 else np.int32)
    b = g.const("b", bias, quant=per_tensor(si * sw))
    scores = g.tensor("scores", [1, 4, 8], act, quant=per_tensor(so, zo))
    fc = schema.FullyConnectedOptionsT()
    fc.keepNumDims = True
    g.op("FULLY_CONNECTED", [x, w, b], [scores], fc)
    y = g.tensor("y", [1, 4, 8], act, quant=per_tensor(*SOFTMAX_OUT[act]))
    o = schema.SoftmaxOptionsT()
    o.beta = beta
    g.op("SOFTMAX", [scores], [y], o)
    g.output(y)
    return m.build


@dataclass(frozen=True)
class Case:
    name: str
    build: Callable[[], bytes]
    dtype: type            # the input's numpy type
    zero_point: int = 0    # the input's, for inputs at the zero point


CASES = [
    # SOFTMAX int8 -> int8: one element per row, every exponential counted (si small),
    # most skipped (si large), betas 0.5, 1 and 1.7
    Case("softmax-2x1.int8", softmax([2, 1], "INT8", 0.05, 3, 1.0), np.int8, 3),
    Case("softmax-3x7-beta0.5.int8", softmax([3, 7], "INT8", 0.0173, -128, 0.5), np.int8, -128),
    Case("softmax-2x300-beta1.7.int8", softmax([2, 300], "INT8", 0.001, 127, 1.7), np.int8, 127),
    Case("softmax-1x2x3x5-wide-scale.int8", softmax([1, 2, 3, 5], "INT8", 2.0, 0, 1.0), np.int8),
    Case("softmax-3x7-beta1.7.int8", softmax([3, 7], "INT8", 0.3, 10, 1.7), np.int8, 10),
    # int8 -> int16 and uint8 -> uint8 / int16
    Case("softmax-3x7-beta1.7.int8-int16", softmax([3, 7], "INT8", 0.05, -20, 1.7, "INT16"), np.int8, -20),
    Case("softmax-2x300-beta0.5.int8-int16", softmax([2, 300], "INT8", 0.01, 0, 0.5, "INT16"), np.int8),
    Case("softmax-3x7.uint8", softmax([3, 7], "UINT8", 0.05, 128, 1.0), np.uint8, 128),
    Case("softmax-2x300-beta1.7.uint8", softmax([2, 300], "UINT8", 0.002, 0, 1.7), np.uint8),
    Case("softmax-2x1-beta0.5.uint8", softmax([2, 1], "UINT8", 0.3, 255, 0.5), np.uint8, 255),
    Case("softmax-1x2x3x5.uint8-int16", softmax([1, 2, 3, 5], "UINT8", 0.02, 100, 1.0, "INT16"), np.uint8, 100),
    # int16 -> int16 (the two tables)
    Case("softmax-2x1.int16", softmax([2, 1], "INT16", 1 / 32768, 0, 1.0), np.int16),
    Case("softmax-3x7-beta0.5.int16", softmax([3, 7], "INT16", 0.001, 0, 0.5), np.int16),
    Case("softmax-2x300-beta1.7.int16", softmax([2, 300], "INT16", 0.0003, 0, 1.7), np.int16),
    Case("softmax-1x2x3x5.int16", softmax([1, 2, 3, 5], "INT16", 0.05, 0, 1.0), np.int16),
    # LOG_SOFTMAX
    Case("log-softmax-2x1.int8", log_softmax([2, 1], "INT8", 0.05, 0), np.int8),
    Case("log-softmax-3x7.int8", log_softmax([3, 7], "INT8", 0.05, -3), np.int8, -3),
    Case("log-softmax-2x300.int8", log_softmax([2, 300], "INT8", 0.001, 50), np.int8, 50),
    Case("log-softmax-1x2x3x5-wide-scale.int8", log_softmax([1, 2, 3, 5], "INT8", 2.0, 0), np.int8),
    Case("log-softmax-3x7.uint8", log_softmax([3, 7], "UINT8", 0.1, 120), np.uint8, 120),
    Case("log-softmax-2x300.uint8", log_softmax([2, 300], "UINT8", 0.0173, 255), np.uint8, 255),
    # L2_NORMALIZATION
    Case("l2-normalization-2x1.int8", l2_normalization([2, 1], "INT8", 0.05, 3), np.int8, 3),
    Case("l2-normalization-3x7.int8", l2_normalization([3, 7], "INT8", 0.05, -3), np.int8, -3),
    Case("l2-normalization-2x300.int8", l2_normalization([2, 300], "INT8", 0.3, 127), np.int8, 127),
    Case("l2-normalization-1x2x3x5.int8", l2_normalization([1, 2, 3, 5], "INT8", 2.0, -128), np.int8, -128),
    Case("l2-normalization-2x1.uint8", l2_normalization([2, 1], "UINT8", 0.05, 255), np.uint8, 255),
    Case("l2-normalization-3x7.uint8", l2_normalization([3, 7], "UINT8", 0.0173, 128), np.uint8, 128),
    Case("l2-normalization-2x300.uint8", l2_normalization([2, 300], "UINT8", 0.05, 0), np.uint8),
    # FULLY_CONNECTED -> SOFTMAX
    Case("fc-softmax.int8", fc_softmax(int16=False), np.int8, -5),
    Case("fc-softmax-beta1.7.int8", fc_softmax(int16=False, beta=1.7), np.int8, -5),
    Case("fc-softmax.int16", fc_softmax(int16=True), np.int16),
]
FLOAT_CASES = [
    Case("l2-normalization-3x7.float32", l2_normalization([3, 7], "FLOAT32"), np.float32),
    Case("l2-normalization-1x2x3x300.float32", l2_normalization([1, 2, 3, 300], "FLOAT32"), np.float32),
    Case("lrn-radius0.float32", local_response_normalization([1, 2, 3, 5], 0, 1.0, 1.0, 0.5), np.float32),
    Case("lrn-radius2.float32", local_response_normalization([2, 3, 4, 16], 2, 2.0, 1e-4, 0.75), np.float32),
    Case("lrn-radius5.float32", local_response_normalization([1, 5, 3, 64], 5, 1.0, 0.3, 0.5), np.float32),
    Case("lrn-radius-past-depth.float32", local_response_normalization([1, 2, 3, 5], 100, 0.5, 0.1, 1.5),
         np.float32),
]


def crafted_inputs(case: Case, shape, rng) -> dict[str, np.ndarray]:
    """Rows at the corners of the fixed-point arithmetic (the random ones come from `check`)."""
    info = np.iinfo(case.dtype)
    lo, hi = int(info.min), int(info.max)
    centre = int(rng.integers(lo + 3, hi - 3))
    one_large = np.full(shape, lo)
    one_large[..., int(rng.integers(0, shape[-1]))] = hi
    return {
        "narrow": centre + rng.integers(-3, 4, shape),
        "equal": np.broadcast_to(rng.integers(lo, hi, shape[:-1] + [1], endpoint=True), shape),
        "one-large": one_large,
        "at-zero-point": np.clip(case.zero_point + rng.integers(-1, 2, shape), lo, hi),
    }


def input_shape(path) -> list[int]:
    return list(litert.inputs_of(litert.load(str(path)))[0].shape)


def write(tmp_path, case: Case):
    path = tmp_path / f"{case.name}.tflite"
    path.write_bytes(case.build())
    return path


def assert_integer_and_exact(result, what):
    assert result.error is None, what
    assert result.passed, what
    softmaxes = [r for r in result.records if r.name in ("tfl.softmax", "tfl.log_softmax", "tfl.l2_normalization")]
    assert softmaxes and all(r.path == "integer" for r in softmaxes), (what, [(r.name, r.reason) for r in softmaxes])
    for layer in result.layers:
        if layer.path == "integer":
            assert layer.exact_fraction == 1.0, (what, layer)
    for outputs in result.stages.values():
        for o in outputs:
            if o.depends_on == "integer":
                assert o.exact_fraction == 1.0 and o.max_abs_diff == 0, (what, o)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_integer_path_is_bit_exact_with_tflite(case, tmp_path):
    path = write(tmp_path, case)
    assert_integer_and_exact(check_model(str(path), seed=0), "random inputs")
    shape = input_shape(path)
    rng = np.random.default_rng(len(case.name))
    for kind, x in crafted_inputs(case, shape, rng).items():
        inputs = tmp_path / f"{kind}.npz"
        save_inputs(inputs, path, [np.asarray(x).astype(case.dtype)])
        assert_integer_and_exact(check_model(str(path), inputs_file=str(inputs)), kind)


def test_the_fc_softmax_chains_are_integer_end_to_end(tmp_path):
    """int8: both ops on the integer path, so the output itself is exact (not only per layer)."""
    result = check_model(str(write(tmp_path, CASES[-3])), seed=1)
    assert [r.path for r in result.records] == ["integer", "integer"]
    assert result.outputs[0].depends_on == "integer" and result.outputs[0].exact_fraction == 1.0


@pytest.mark.parametrize("case", FLOAT_CASES, ids=[c.name for c in FLOAT_CASES])
def test_float_path_matches_tflite(case, tmp_path):
    result = check_model(str(write(tmp_path, case)), seed=0)
    assert [r.path for r in result.records] == ["float"]
    assert result.passed, [o.to_json() for o in result.outputs]


IREE_CASES = ["softmax-3x7-beta1.7.int8", "softmax-1x2x3x5.uint8-int16", "softmax-3x7-beta0.5.int16",
              "log-softmax-3x7.uint8", "l2-normalization-3x7.int8", "l2-normalization-3x7.uint8"]


@pytest.mark.parametrize("name", IREE_CASES)
def test_iree_runs_the_integer_patterns_as_the_executor_does(name, tmp_path):
    """The final IR passes iree-compile's TOSA profile validation (llvm-cpu) and computes what
    the numpy executor computes."""
    case = next(c for c in CASES if c.name == name)
    path = write(tmp_path, case)
    module = convert(str(path), "final").module
    vmfb = iree_backend.compile_mlir(print_module(module))
    shape = input_shape(path)
    rng = np.random.default_rng(0)
    info = np.iinfo(case.dtype)
    for x in [rng.integers(info.min, info.max, shape, endpoint=True), *crafted_inputs(case, shape, rng).values()]:
        x = np.asarray(x).astype(case.dtype)
        ours = Executor(module).run([x])[0]
        theirs = iree_backend.run_vmfb(vmfb, [x])[0]
        assert np.array_equal(ours, theirs.reshape(ours.shape).view(ours.dtype))


# --- the gemmlowp emitters, against gemmlowp written out in plain Python integers --------------


def saturating_shift(x: int, e: int) -> int:
    """SaturatingRoundingMultiplyByPOT(Param) for e >= 0."""
    threshold = (1 << (31 - e)) - 1
    return INT32_MAX if x > threshold else INT32_MIN if x < -threshold else x << e


def clz(x: int) -> int:
    return 32 - (x & 0xFFFFFFFF).bit_length()


EDGES = [0, 1, -1, 2, -2, 3, (1 << 30), -(1 << 30), (1 << 30) + 1, -(1 << 30) - 1, INT32_MAX, INT32_MIN,
         INT32_MAX - 1, INT32_MIN + 1, 12345, -12345, 1 << 29, -(1 << 29)]


def scalar_module(emit, operands: int, n: int):
    """A module whose @main applies `emit(r, *scalars)` to [1, n] i32 operands (one generic)."""
    t = tensor((1, n), i32)
    func = FuncOp.build("main", FunctionType((t,) * operands, (t,)))
    b = Builder(block=func.body)
    y = gemmlowp.rowwise(b, list(func.body.args), [t], lambda r, args: [emit(r, *args)])[0]
    b.create("func.return", [y])
    module = ModuleOp.build()
    module.body.append(func)
    verify(module)
    return module


PRIMITIVES = {  # name: (emitter, plain-integer reference, operand generators)
    "srdhm": (gemmlowp.srdhm, srdhm, ("any", "any")),
    "rdbpot": (gemmlowp.rdbpot, rdbpot, ("any", "exponent")),
    "mbqm": (gemmlowp.multiply_by_quantized_multiplier, mbqm, ("small", "multiplier", "shift")),
    "saturating_shift": (gemmlowp.multiply_by_pot, saturating_shift, ("any", "exponent")),
    "clz": (gemmlowp.count_leading_zeros, clz, ("any",)),
}


def operand_values(kind: str, n: int, rng) -> np.ndarray:
    if kind == "any":
        return np.concatenate([EDGES, rng.integers(INT32_MIN, INT32_MAX, n - len(EDGES), endpoint=True)])
    if kind == "exponent":
        return rng.integers(0, 32, n)
    if kind == "small":   # MBQM's x * 2^left stays in int32 for |x| < 2^24 and left <= 7
        return rng.integers(-(1 << 24), 1 << 24, n)
    if kind == "multiplier":
        return rng.integers(1 << 30, INT32_MAX, n, endpoint=True)
    return rng.integers(-31, 8, n)   # shift


@pytest.mark.parametrize("name", sorted(PRIMITIVES))
def test_gemmlowp_primitives_equal_their_definitions(name):
    """The emitted arith (run by the numpy executor and by IREE) equals gemmlowp's code, on
    the int32 corners and random operands, with run-time exponents."""
    emit, reference, kinds = PRIMITIVES[name]
    rng = np.random.default_rng(7)
    n = 4000
    columns = [operand_values(k, n, rng).astype(np.int32) for k in kinds]
    want = np.array([reference(*(int(c[k]) for c in columns)) for k in range(n)], np.int64)
    module = scalar_module(emit, len(kinds), n)
    inputs = [c.reshape(1, n) for c in columns]
    assert np.array_equal(Executor(module).run(inputs)[0].ravel(), want)
    assert np.array_equal(iree_backend.run(print_module(module), inputs)[0].ravel(), want)
