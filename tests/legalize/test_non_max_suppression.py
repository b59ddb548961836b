"""NON_MAX_SUPPRESSION_V4/V5 (legalize/families/selection/non_max_suppression.py) against TFLite: one-op models
checked per layer and end to end on chosen inputs, our executor against the interpreter on
random inputs full of ties (equal scores leave TFLite's std::priority_queue in heap order)
and degenerate boxes, the IR verified by iree-opt and run by IREE, and the declines.
"""
from __future__ import annotations

import numpy as np
import pytest

from runtime_check.check import check_model, litert
from runtime_check.executor import Executor
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder

from ..conftest import iree_verify, only_record, save_inputs


def nms(n: int, m, soft: bool, sigma=None, result=None) -> bytes:
    """NON_MAX_SUPPRESSION_V4 (or V5) on [n, 4] boxes and [n] scores; max_output_size `m` a
    constant (None: an input); the thresholds (and sigma, unless given) are inputs."""
    b = ModelBuilder()
    g = b.subgraph()
    ins = [g.input("boxes", [n, 4]), g.input("scores", [n]),
           g.input("max_output_size", [], "INT32") if m is None else g.const("max_output_size", np.array(m, np.int32)),
           g.input("iou_threshold", []), g.input("score_threshold", [])]
    if soft:
        ins.append(g.input("sigma", []) if sigma is None else g.const("sigma", np.array(sigma, np.float32)))
    size = [m or 1] if result is None else [1 if d == -1 else d for d in result]  # a `?` is 1 in `shape`
    outs = [g.tensor("selected_indices", size, "INT32", shape_signature=[-1] if result == [-1] else None)]
    if soft:
        outs.append(g.tensor("selected_scores", size, "FLOAT32", shape_signature=[-1] if result == [-1] else None))
    outs.append(g.tensor("num_selected", [], "INT32"))
    g.op("NON_MAX_SUPPRESSION_V5" if soft else "NON_MAX_SUPPRESSION_V4", ins, outs)
    g.output(*outs)
    return b.build()


def unit_boxes(n: int) -> np.ndarray:
    """n disjoint unit squares in a column: no two overlap."""
    return np.array([[k, 0, k + 1, 1] for k in range(n)], np.float32)


def overlapping(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    corners = rng.uniform(0, 4, (n, 2))
    return np.concatenate([corners, corners + rng.uniform(0.5, 2, (n, 2))], axis=1).astype(np.float32)


def f(*v):
    return [np.array(x, np.float32) for x in v]


CHECKED = {  # name: (n, max_output_size, soft, sigma, boxes, scores, [iou, score threshold, (sigma)])
    "v4-distinct": (8, 5, False, None, overlapping(8, 1), np.linspace(0.9, 0.2, 8), f(0.3, 0.1)),
    "v4-ties": (7, 7, False, None, unit_boxes(7), np.full(7, 0.5), f(0.5, 0.0)),
    "v4-ties-overlapping": (10, 6, False, None, overlapping(10, 2), np.array([.5, .7, .5, .7, .5, .5, .7, .1, .5, .7]),
                            f(0.2, 0.3)),
    "v5-soft": (8, 6, True, None, overlapping(8, 3), np.linspace(0.95, 0.3, 8), f(0.8, 0.2, 0.5)),
    "v5-soft-ties": (9, 9, True, 0.3, overlapping(9, 4), np.array([.6, .6, .9, .6, .9, .6, .6, .2, .6]), f(0.7, 0.05)),
    "v5-hard": (8, 4, True, None, overlapping(8, 5), np.linspace(0.2, 0.9, 8), f(0.3, 0.1, 0.0)),
}


@pytest.mark.parametrize("name", CHECKED)
def test_matches_tflite_per_layer_and_end_to_end(name, tmp_path):
    n, m, soft, sigma, boxes, scores, scalars = CHECKED[name]
    file = tmp_path / f"nms-{name}.float32.tflite"
    file.write_bytes(nms(n, m, soft, sigma))
    inputs = tmp_path / "inputs.npz"
    save_inputs(inputs, file, [boxes, np.asarray(scores, np.float32), *scalars])
    result = check_model(str(file), str(inputs))
    assert result.error is None, result.error
    op = "tfl.non_max_suppression_v5" if soft else "tfl.non_max_suppression_v4"
    assert [(r.name, r.path) for r in result.records] == [(op, "float")]
    assert result.passed and result.layers and all(layer.passed for layer in result.layers), result.layers
    assert all(o.exact_fraction == 1.0 for o in result.outputs if o.dtype.startswith("int")), result.outputs


def test_ties_leave_in_heap_order(tmp_path):
    """Seven disjoint boxes of one score: TFLite selects them in the order its heap pops them
    (libstdc++'s pop_heap), not by index; a selected box goes back into the queue and is
    suppressed by itself (IoU 1) when it comes out again."""
    file = tmp_path / "nms-ties.float32.tflite"
    file.write_bytes(nms(7, 7, False))
    x = [unit_boxes(7), np.full(7, 0.5, np.float32), *f(0.5, 0.0)]
    expected = litert.run(litert.load(str(file)), x)
    ours = Executor(convert(str(file), "final").module).run(x, "main")
    assert ours[0].tolist() == expected[0].tolist() == [0, 2, 5, 6, 4, 1, 3]
    assert int(ours[1]) == int(expected[1]) == 7


def random_case(rng, n: int, soft: bool):
    """Boxes on a half-unit grid (equal IoUs, zero-area boxes) or anywhere; scores from four
    values (many ties) or anywhere; thresholds from a few values."""
    if rng.integers(2):
        boxes = (rng.integers(0, 3, (n, 4)) / 2).astype(np.float32)
    else:
        boxes = rng.uniform(0, 1, (n, 4)).astype(np.float32)
    scores = (rng.integers(0, 4, n) / 4 if rng.integers(3) else rng.uniform(0, 1, n)).astype(np.float32)
    x = [boxes, scores, np.float32(rng.choice([0.0, 0.3, 0.5, 1.0])), np.float32(rng.choice([-1.0, 0.1, 0.3]))]
    return x + [np.float32(rng.choice([0.0, 0.1, 0.5]))] if soft else x


@pytest.mark.parametrize("soft", [False, True], ids=["v4", "v5"])
def test_random_inputs_with_ties_match_tflite(soft, tmp_path):
    """Indices and counts exactly, soft scores to the float tolerance (std::exp and numpy's
    float32 exp may differ in the last bit), on 150 random cases."""
    n, m = 12, 8
    file = tmp_path / f"nms-random-{soft}.float32.tflite"
    file.write_bytes(nms(n, m, soft))
    reference = litert.load(str(file))
    executor = Executor(convert(str(file), "final").module)
    rng = np.random.default_rng(7)
    repeated = 0
    for _ in range(150):
        x = random_case(rng, n, soft)
        expected, ours = litert.run(reference, x), executor.run(x, "main")
        np.testing.assert_array_equal(ours[0], expected[0])
        np.testing.assert_array_equal(ours[-1], expected[-1])
        if soft:
            np.testing.assert_allclose(ours[1], expected[1], rtol=1e-6, atol=0)
        count = int(expected[-1])
        repeated += len(set(expected[0][:count].tolist())) < count
    assert repeated  # zero-area boxes (IoU 0 with themselves) are selected again and again


def test_verified_by_iree_and_run_by_iree(tmp_path):
    from runtime_check.executor import iree_backend

    file = tmp_path / "nms-iree.float32.tflite"
    file.write_bytes(nms(12, 8, True, result=[-1]))
    module = convert(str(file), "final").module
    text = print_module(module)
    assert "tfl." not in text.split("func.func")[1]
    verified = iree_verify(text, allow_unregistered=False)
    assert verified.returncode == 0, verified.stderr
    vmfb = iree_backend.compile_mlir(text)
    reference = litert.load(str(file))
    rng = np.random.default_rng(11)
    for _ in range(20):
        x = random_case(rng, 12, True)
        expected, theirs = litert.run(reference, x), iree_backend.run_vmfb(vmfb, x)
        np.testing.assert_array_equal(theirs[0], expected[0])
        np.testing.assert_array_equal(theirs[2].reshape(()), expected[2])
        np.testing.assert_allclose(theirs[1], expected[1], rtol=1e-6, atol=0)


DECLINED = {
    "runtime-max-output-size": (lambda: nms(6, None, False, result=[-1]),
                                "operand 2 (max_output_size) is not a compile-time constant"),
    "zero-max-output-size": (lambda: nms(6, 0, True, 0.5, result=[0]), "empty tensor: result 0 (tensor<0xi32>)"),
    "wrong-result-length": (lambda: nms(6, 3, False, result=[4]), "result 0 is tensor<4xi32>, not tensor<3xi32>"),
}


@pytest.mark.parametrize("name", DECLINED)
def test_declines_with_a_reason(name, tmp_path):
    make, reason = DECLINED[name]
    record = only_record(tmp_path, f"nms-{name}.float32.tflite", make())
    assert (record.path, record.reason) == ("unlowered", reason)
