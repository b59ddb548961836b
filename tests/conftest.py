"""Shared fixtures: the shipped models, and upstream MLIR's verifier (iree-opt)."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tools import iree_opt_path

ROOT = Path(__file__).resolve().parent.parent
MODELS = ROOT / "models"


def iree_verify(text: str, allow_unregistered: bool = True) -> subprocess.CompletedProcess:
    args = [iree_opt_path(), "-", "-o", os.devnull]
    if allow_unregistered:
        args.insert(1, "--allow-unregistered-dialect")
    return subprocess.run(args, input=text, capture_output=True, text=True)


def check_exact(path, inputs_path, op: str):
    """`check` of a one-op model on the inputs in `inputs_path`: `op` takes the integer path
    and every stage and layer equals TFLite bit for bit."""
    from runtime_check.check import check_model

    result = check_model(str(path), str(inputs_path))
    assert result.error is None, result.error
    assert [(r.name, r.path, r.reason) for r in result.records] == [(op, "integer", None)]
    assert result.layers and all(layer.passed and layer.exact_fraction == 1.0 for layer in result.layers), \
        result.layers
    assert result.passed and all(o.exact_fraction == 1.0 for o in result.outputs), result.outputs
    return result


def check_exact_on_seeds(path, op: str, seeds=(0, 1)):
    """`check` of a one-op model on random inputs from each seed: `op` takes the integer path
    and every output and layer equals TFLite bit for bit."""
    from runtime_check.check import check_model

    for seed in seeds:
        result = check_model(str(path), seed=seed)
        assert result.error is None, result.error
        assert [(r.name, r.path, r.reason) for r in result.records] == [(op, "integer", None)]
        assert result.layers and all(layer.passed and layer.exact_fraction == 1.0 for layer in result.layers), \
            result.layers
        assert result.passed and all(o.exact_fraction == 1.0 for o in result.outputs), result.outputs


def only_record(tmp_path, name: str, data: bytes):
    """The legalize record of the one op of a one-op model (`data`, written as `name`)."""
    from tfl2quant.pipeline import convert

    file = tmp_path / name
    file.write_bytes(data)
    (record,) = convert(str(file), "legalized").report.records
    return record


def check_float(path, op: str):
    """`check` of a one-op float model: `op` takes the float path and passes the float tolerance."""
    from runtime_check.check import check_model

    result = check_model(str(path), seed=0)
    assert result.error is None, result.error
    assert [(r.name, r.path) for r in result.records] == [(op, "float")]
    assert result.passed and result.layers and all(layer.passed for layer in result.layers), result.layers


def iree_agrees(path, exact: bool, seed: int = 3):
    """The final IR of `path` compiled by iree-compile and run: with `exact`, IREE, our
    executor and TFLite agree bit for bit; else IREE is within 1e-5 of TFLite."""
    import numpy as np

    from runtime_check.check import litert
    from runtime_check.executor import Executor, iree_backend
    from tfl2quant.ir.printer import print_module
    from tfl2quant.pipeline import convert

    module = convert(str(path), "final").module
    text = print_module(module)
    assert "\"tfl." not in text.split("func.func")[1]
    reference = litert.load(str(path))
    rng = np.random.default_rng(seed)
    inputs = [rng.standard_normal(d.shape).astype(np.float32) for d in litert.inputs_of(reference)]
    expected = litert.run(reference, inputs)
    ours = Executor(module).run(inputs, "main")
    theirs = iree_backend.run(text, inputs, "main")
    for e, o, t in zip(expected, ours, theirs):
        t = t.reshape(o.shape)
        if exact:
            np.testing.assert_array_equal(o, e)
            np.testing.assert_array_equal(t, o)
        else:
            np.testing.assert_allclose(t, e, atol=1e-5)


@pytest.fixture(scope="session")
def models_dir() -> Path:
    return MODELS


def save_inputs(npz, model, arrays) -> str:
    """`arrays` saved under the TFLite names of `model`'s inputs, in order: what `check --inputs`
    reads (keys that name no input are refused, not matched by order)."""
    import numpy as np
    from ai_edge_litert import schema_py_generated as schema

    graph = schema.ModelT.InitFromPackedBuf(Path(model).read_bytes(), 0).subgraphs[0]
    names = [graph.tensors[k].name.decode() for k in graph.inputs]
    arrays = list(arrays)
    assert len(arrays) == len(names), (names, len(arrays))
    np.savez(npz, **dict(zip(names, arrays)))
    return str(npz)
