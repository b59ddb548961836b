"""Full-integer SVDF's pattern (legalize/families/recurrent/svdf.py) against TFLite's reference kernel
(BUILTIN_REF), bit for bit.

Each case is one SVDF with random int8 weights_feature, int16 weights_time and int32 bias
(or none), run on several random int8 inputs: `check_model` must find every stage, the
output and the layer exact, on the integer path, and TFLite's outputs must be spread
(not one value, not mostly saturated), so that arithmetic that is off shows. Some cases
put the kernel's traps to work: float32 effective scales, MBQM's wrapping left shift, an
int32 accumulator that wraps. TFLite starts from a zero state; a second invoke, from the
state TFLite left, checks the shift of the memory. Weights given as inputs take the
run-time path. The final IR also goes through IREE.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest
from ai_edge_litert import schema_py_generated as schema

from legalize.families.recurrent import svdf
from legalize.lib.fixed_point import quantize_multiplier
from legalize.lib.query import per_tensor as per_tensor_of
from runtime_check.check import litert
from runtime_check.executor import iree_backend
from runtime_check.executor import Executor
from tfl2quant.errors import Tfl2QuantError
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert

from ..conftest import check_exact, save_inputs
from tools.tflite_builder import ModelBuilder, per_tensor

ACT = schema.ActivationFunctionType
INT32_MAX = (1 << 31) - 1


@dataclass(frozen=True)
class Case:
    batch: int
    depth: int           # input size K
    filters: int
    memory: int
    rank: int
    input_q: tuple       # (scale, zero point)
    feature_scale: float
    time_scale: float
    state_scale: float
    output_q: tuple
    bias: tuple | None = (-(1 << 20), 1 << 20)  # range of the int32 bias; None: no bias
    feature_max: int = 127                          # |weights_feature| <= feature_max
    time_max: int = 32767                           # |weights_time| <= time_max

    @property
    def units(self) -> int:
        return self.filters // self.rank


CASES = {
    "rank1-batch1.int8": Case(1, 7, 5, 3, 1, (0.05, 3), 0.01, 3e-5, 0.002, (0.12, -2)),
    "rank2-batch2.int8": Case(2, 9, 6, 4, 2, (0.03, -5), 0.02, 2e-5, 0.0021, (0.12, 7)),
    "rank2-batch2-no-bias.int8": Case(2, 11, 8, 5, 2, (0.04, 100), 0.015, 2.5e-5, 0.003, (0.1, -20), bias=None),
    "rank3-batch2-memory1.int8": Case(2, 6, 9, 1, 3, (0.02, -128), 0.03, 4e-5, 0.0015, (0.4, 0)),
    "rank1-batch2-no-bias.int8": Case(2, 5, 4, 6, 1, (0.06, 127), 0.01, 3e-5, 0.002, (0.08, 30), bias=None),
    # effective_scale_1 ~ 2^15: MBQM shifts left by 16 and `x * 2^16` wraps in int32 for |x| >= 2^15;
    # effective_scale_2 ~ 6e-8 shifts right by 54 in tosa.rescale
    "large-left-shift.int8": Case(2, 7, 6, 3, 2, (0.05, 0), 0.01, 3e-5, 0.05 * 0.01 / 32768, (7.5e-6, 0)),
    # both effective scales far below one: shifts of 42 and 41 in tosa.rescale
    "small-multipliers.int8": Case(1, 8, 4, 2, 1, (0.01, -7), 0.0025, 0.0625, 0.1024, (12.8, 3),
                                   bias=(-(1 << 16), 1 << 16)),
    # effective_scale_2 ~ 3: MBQM shifts the accumulator left by 2 (tosa.rescale shift 30)
    "output-multiplier-above-one.int8": Case(2, 8, 6, 2, 2, (0.01, -7), 0.0025, 0.5, 0.0512, (0.0085, -4),
                                             bias=(-10, 10), time_max=2),
    # effective_scale_1 is exactly 2^-2 in float32 (QuantizeMultiplier: 2^30, -1) but 2^-2 (1 - 5.5e-8)
    # in double (2^31 - 118, -2), where MBQM rounds once instead of twice: about one new state
    # value in eight differs; small weights let one step of state reach the output
    "float32-effective-scales.int8": Case(2, 7, 6, 3, 2, (0.05, 0), 0.01, 0.032, 0.002, (0.00064, 0),
                                          bias=(-100, 100), feature_max=3, time_max=3),
    # the bias takes the int32 accumulator past 2^31 (the kernel's `+=` wraps)
    "accumulator-wraps.int8": Case(2, 7, 6, 3, 2, (0.05, 0), 0.01, 3e-5, 0.002, (3.0, 0),
                                   bias=(INT32_MAX - (1 << 28), INT32_MAX)),
}
SEEDS = (0, 1, 2)


def weights(case: Case, seed: int) -> dict:
    rng = np.random.default_rng(seed)
    time_min = -32768 if case.time_max == 32767 else -case.time_max
    return {"weights_feature": rng.integers(-case.feature_max, case.feature_max, (case.filters, case.depth),
                                            endpoint=True).astype(np.int8),
            "weights_time": rng.integers(time_min, case.time_max, (case.filters, case.memory),
                                         endpoint=True).astype(np.int16),
            "bias": None if case.bias is None else rng.integers(*case.bias, case.units, endpoint=True).astype(np.int32)}


def build(case: Case, w: dict, act=ACT.RELU, state: np.ndarray | None = None, weight_inputs=False) -> bytes:
    """One SVDF; the state a variable (TFLite zeroes it), or a constant holding `state`
    (TFLite refuses that, our importer takes it: the second-invoke test); the weights
    constants, or inputs after x."""
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [case.batch, case.depth], "INT8", quant=per_tensor(*case.input_q))
    weight = (lambda name, kind, scale: g.input(name, w[name].shape, kind, quant=per_tensor(scale))) \
        if weight_inputs else (lambda name, kind, scale: g.const(name, w[name], kind, quant=per_tensor(scale)))
    wf = weight("weights_feature", "INT8", case.feature_scale)
    wt = weight("weights_time", "INT16", case.time_scale)
    bias = -1 if w["bias"] is None else g.const(
        "bias", w["bias"], "INT32", quant=per_tensor(case.input_q[0] * case.feature_scale))
    shape, q = [case.batch, case.filters * case.memory], per_tensor(case.state_scale)
    s = (g.tensor("state", shape, "INT16", quant=q, variable=True) if state is None else
         g.const("state", state.reshape(shape), "INT16", quant=q))
    y = g.tensor("y", [case.batch, case.units], "INT8", quant=per_tensor(*case.output_q))
    options = schema.SVDFOptionsT()
    options.rank, options.fusedActivationFunction = case.rank, act
    g.op("SVDF", [x, wf, wt, bias, s], [y], options)
    g.output(y)
    return m.build()


def model(name: str, seed: int, tmp_path):
    """The case's model (weights from the case, inputs from `seed`), written with its inputs."""
    case = CASES[name]
    w = weights(case, len(name))
    x = np.random.default_rng(seed).integers(-128, 127, (case.batch, case.depth), endpoint=True).astype(np.int8)
    path, inputs = tmp_path / f"svdf-{name}.tflite", tmp_path / f"inputs-{seed}.npz"
    path.write_bytes(build(case, w))
    save_inputs(inputs, path, [x])
    return path, inputs, w, x


def tflite_run(path, x) -> tuple[np.ndarray, np.ndarray, object]:
    """TFLite's output and the state it leaves (filter-major, [B, F, M]), and the interpreter."""
    reference = litert.load(str(path))
    (y,) = litert.run(reference, [x])
    return y, state_of(reference), reference


def state_of(reference) -> np.ndarray:
    (detail,) = [d for d in reference.get_tensor_details() if d["name"] == "state"]
    return np.array(reference.get_tensor(detail["index"]))


def assert_spread(y: np.ndarray):
    """TFLite's output is no constant and mostly not saturated: an off-by-one shows."""
    assert len(np.unique(y)) > 1, y
    assert np.isin(y, (-128, 127)).mean() < 0.5, y


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", list(CASES))
def test_matches_tflite_bit_for_bit(name, seed, tmp_path):
    path, inputs, _, x = model(name, seed, tmp_path)
    check_exact(path, inputs, "tfl.svdf")
    assert_spread(tflite_run(path, x)[0])


@pytest.mark.parametrize("name", ["rank2-batch2.int8", "rank1-batch2-no-bias.int8"])
def test_weights_as_inputs(name, tmp_path):
    """Weights that are not constants: transposed and split into planes at run time."""
    case = CASES[name]
    w = weights(case, 5)
    x = np.random.default_rng(5).integers(-128, 127, (case.batch, case.depth), endpoint=True).astype(np.int8)
    path, inputs = tmp_path / f"svdf-weight-inputs-{name}.tflite", tmp_path / "inputs.npz"
    path.write_bytes(build(case, w, weight_inputs=True))
    save_inputs(inputs, path, [x, w["weights_feature"], w["weights_time"]])
    check_exact(path, inputs, "tfl.svdf")
    function = next(iter(convert(str(path), "final").module.functions()))
    assert len(function.body.args) == 3  # x and the weights: nothing was folded in


def test_cases_reach_the_traps(tmp_path):
    """The trap cases exercise what they name, on the inputs the tests feed."""
    case = CASES["large-left-shift.int8"]
    scale_1, _ = svdf.multipliers(_imported_svdf(tmp_path, "large-left-shift.int8"))
    assert quantize_multiplier([scale_1])[1][0] == 16
    path, _, w, x = model("large-left-shift.int8", 0, tmp_path)
    features = (x.astype(np.int64) - case.input_q[1]) @ w["weights_feature"].T.astype(np.int64)
    assert (np.abs(features) << 16 > INT32_MAX).any()

    path, _, w, x = model("accumulator-wraps.int8", 0, tmp_path)
    case = CASES["accumulator-wraps.int8"]
    _, state, _ = tflite_run(path, x)
    products = state.reshape(case.batch, case.filters, case.memory) * w["weights_time"].astype(np.int64)
    acc = products.sum(axis=2).reshape(case.batch, case.units, case.rank).sum(axis=2) + w["bias"]
    assert (acc > INT32_MAX).any() and (acc <= INT32_MAX).any()

    op = _imported_svdf(tmp_path, "float32-effective-scales.int8")
    scale_1, _ = svdf.multipliers(op)
    si, swf, ss = (float(np.float32(s)) for s in (0.05, 0.01, 0.002))
    assert scale_1 == 2 ** -2 and si * swf / ss != scale_1


def _imported_svdf(tmp_path, name):
    path, _, _, _ = model(name, 0, tmp_path)
    module = convert(str(path), "tfl").module
    return next(op for op in next(iter(module.functions())).body.ops if op.name == "tfl.svdf")


def test_double_effective_scales_would_not_be_exact(tmp_path, monkeypatch):
    """Computing Prepare's effective scales in double changes outputs of the float32 case."""
    name = "float32-effective-scales.int8"
    float32_scales = svdf.multipliers

    def double_scales(op):
        si, swf, swt, ss, so = (float(np.float32(per_tensor_of(v).scale)) for v in
                                (*(op.operands[k] for k in (svdf.INPUT, svdf.WEIGHTS_FEATURE, svdf.WEIGHTS_TIME,
                                                            svdf.STATE)), op.result))
        assert float32_scales(op) != (si * swf / ss, ss * swt / so)
        return si * swf / ss, ss * swt / so

    monkeypatch.setattr(svdf, "multipliers", double_scales)
    differs = []
    for seed in SEEDS:
        path, _, _, x = model(name, seed, tmp_path)
        module = convert(str(path), "final").module
        (ours,) = Executor(module).run([x], next(iter(module.functions())).sym_name)
        differs.append((ours != tflite_run(path, x)[0]).any())
    assert any(differs)


@pytest.mark.parametrize("name", ["rank2-batch2.int8", "rank3-batch2-memory1.int8", "accumulator-wraps.int8"])
def test_second_invoke_from_the_state_tflite_left(name, tmp_path):
    """TFLite invoked twice; our rewrite of a model whose state is a constant holding what the
    first invoke left must give TFLite's second output (the memory shifts one step)."""
    case = CASES[name]
    path, _, w, x1 = model(name, 0, tmp_path)
    x2 = np.random.default_rng(7).integers(-128, 127, x1.shape, endpoint=True).astype(np.int8)
    _, state, reference = tflite_run(path, x1)
    assert state.any()
    (y2,) = litert.run(reference, [x2])
    second = tmp_path / "second.tflite"
    second.write_bytes(build(case, w, state=state))
    module = convert(str(second), "final").module
    (ours,) = Executor(module).run([x2], next(iter(module.functions())).sym_name)
    np.testing.assert_array_equal(ours, y2)
    assert_spread(y2)


@pytest.mark.parametrize("name", ["rank2-batch2.int8", "large-left-shift.int8"])
def test_iree_compiles_and_agrees(name, tmp_path):
    """iree-compile (TOSA 1.0 profile validation) takes the final IR, and IREE computes what our
    executor computes, which is TFLite's result."""
    path, _, _, x = model(name, 3, tmp_path)
    module = convert(str(path), "final").module
    function = next(iter(module.functions())).sym_name
    expected, _, _ = tflite_run(path, x)
    (ours,) = Executor(module).run([x], function)
    (theirs,) = iree_backend.run(print_module(module), [x], function)
    np.testing.assert_array_equal(ours, theirs.reshape(ours.shape))
    np.testing.assert_array_equal(ours, expected)


def test_activation_other_than_relu_declines(tmp_path):
    """TFLite's integer SVDF fails at Eval unless the fused activation is RELU: the op falls
    back to the float SVDF, with the reason."""
    case = CASES["rank2-batch2.int8"]
    path = tmp_path / "svdf-none.tflite"
    path.write_bytes(build(case, weights(case, 0), act=ACT.NONE))
    (record,) = convert(str(path), "legalized").report.records
    assert record.path == "fallback"
    assert record.reason.startswith("fused activation NONE; TFLite's integer SVDF fails at Eval unless RELU")
    with pytest.raises(Tfl2QuantError, match="the TFLite interpreter failed"):
        litert.run(litert.load(str(path)), [np.zeros((case.batch, case.depth), np.int8)])
