"""LSH_PROJECTION (legalize/families/text/lsh_projection.py) against TFLite, bit for bit: every branch of
farmhash's Fingerprint64 by key length (4-7, 8-16, 17-32, 33-64 bytes, one and two 64-byte
blocks), float, bool and integer inputs, with and without weights, SPARSE and DENSE; per
layer and end to end, on IREE, and the declines.
"""
from __future__ import annotations

import numpy as np
import pytest
from ai_edge_litert import schema_py_generated as schema

from runtime_check.check import check_model, litert
from runtime_check.executor import Executor
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder, options_table

from ..conftest import iree_verify, only_record, save_inputs

DTYPES = {"FLOAT32": np.float32, "INT32": np.int32, "INT8": np.int8, "INT16": np.int16, "INT64": np.int64,
          "BOOL": np.bool_}


def lsh_model(hashes: np.ndarray, x_shape, x_dtype: str, weighted: bool, kind: str, out=None) -> bytes:
    m = ModelBuilder()
    g = m.subgraph()
    ins = [g.const("hash", hashes), g.input("x", list(x_shape), x_dtype)]
    if weighted:
        ins.append(g.input("weight", [x_shape[0]]))
    num_hash, num_bits = hashes.shape
    y = g.tensor("y", [out or (num_hash * num_bits if kind == "DENSE" else num_hash)], "INT32")
    g.op("LSH_PROJECTION", ins, [y], options_table("LSHProjection", type=getattr(schema.LSHProjectionType, kind)))
    g.output(y)
    return m.build()


def seeds(num_hash: int, num_bits: int, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal((num_hash, num_bits)).astype(np.float32)


def inputs(rng, x_shape, x_dtype: str, weighted: bool) -> list[np.ndarray]:
    if x_dtype == "FLOAT32":
        x = rng.standard_normal(x_shape).astype(np.float32)
    elif x_dtype == "BOOL":
        x = rng.integers(0, 2, x_shape).astype(bool)
    else:
        x = rng.integers(-100, 100, x_shape).astype(DTYPES[x_dtype])
    return [x] + ([rng.standard_normal(x_shape[0]).astype(np.float32)] if weighted else [])


SHAPES = {  # name (the key's length: 4 seed bytes + a row's bytes): input shape and type
    "5-bytes": ((2, 1), "BOOL"),
    "7-bytes": ((3, 3), "INT8"),
    "8-bytes": ((4,), "INT32"),
    "12-bytes": ((3, 2, 2), "INT16"),
    "16-bytes": ((5, 3), "INT32"),
    "32-bytes": ((3, 7), "INT32"),
    "36-bytes": ((2, 4), "INT64"),
    "68-bytes": ((2, 16), "FLOAT32"),
    "164-bytes": ((2, 40), "INT32"),
}


@pytest.mark.parametrize("kind", ["SPARSE", "DENSE"])
@pytest.mark.parametrize("weighted", [False, True], ids=["unweighted", "weighted"])
@pytest.mark.parametrize("name", SHAPES)
def test_matches_tflite_bit_for_bit(name, weighted, kind, tmp_path):
    x_shape, x_dtype = SHAPES[name]
    file = tmp_path / f"lsh-{name}.tflite"
    file.write_bytes(lsh_model(seeds(3, 4), x_shape, x_dtype, weighted, kind))
    conversion = convert(str(file), "final")
    assert [(r.name, r.path) for r in conversion.report.records] == [("tfl.lsh_projection", "float")]
    reference, executor = litert.load(str(file)), Executor(conversion.module)
    rng = np.random.default_rng(len(name))
    bits = []
    for _ in range(4):
        x = inputs(rng, x_shape, x_dtype, weighted)
        expected, ours = litert.run(reference, x), executor.run(x, "main")
        np.testing.assert_array_equal(ours[0], expected[0])
        bits.append(ours[0])
    assert len({tuple(v) for v in bits}) > 1  # the hashes reach the output


@pytest.mark.parametrize("kind", ["SPARSE", "DENSE"])
def test_check_per_layer_and_end_to_end(kind, tmp_path):
    file = tmp_path / f"lsh-{kind}.tflite"
    file.write_bytes(lsh_model(seeds(4, 6, seed=3), (6, 5), "FLOAT32", True, kind))
    data = tmp_path / "inputs.npz"
    save_inputs(data, file, inputs(np.random.default_rng(5), (6, 5), "FLOAT32", True))
    result = check_model(str(file), str(data))
    assert result.error is None, result.error
    assert [(r.name, r.path) for r in result.records] == [("tfl.lsh_projection", "float")]
    assert result.passed and result.layers and all(layer.passed for layer in result.layers), result.layers
    assert all(o.exact_fraction == 1.0 for o in result.outputs), result.outputs


def test_verified_by_iree_and_run_by_iree(tmp_path):
    from runtime_check.executor import iree_backend

    file = tmp_path / "lsh-iree.tflite"
    file.write_bytes(lsh_model(seeds(3, 5, seed=2), (3, 17), "FLOAT32", True, "SPARSE"))
    text = print_module(convert(str(file), "final").module)
    assert "tfl." not in text.split("func.func")[1]
    verified = iree_verify(text, allow_unregistered=False)
    assert verified.returncode == 0, verified.stderr
    x = inputs(np.random.default_rng(8), (3, 17), "FLOAT32", True)
    expected = litert.run(litert.load(str(file)), x)
    np.testing.assert_array_equal(iree_backend.run(text, x)[0].reshape(expected[0].shape), expected[0])


DECLINED = {
    "sparse-overflow": (lambda: lsh_model(seeds(4, 30), (2, 2), "FLOAT32", False, "SPARSE"),
                        "SPARSE signatures of 30 bits for 4 hash functions overflow int32 (the kernel's "
                        "`k * (1 << num_bits)`)"),
    "wrong-output": (lambda: lsh_model(seeds(3, 4), (2, 2), "FLOAT32", False, "DENSE", out=3),
                     "the output is tensor<3xi32>; DENSE gives tensor<12xi32>"),
    "long-keys": (lambda: lsh_model(seeds(2, 2), (2, 300), "FLOAT32", False, "DENSE"),
                  "keys of 1204 bytes (the hash is written out for up to 1024)"),
}


@pytest.mark.parametrize("name", DECLINED)
def test_declines_with_a_reason(name, tmp_path):
    make, reason = DECLINED[name]
    record = only_record(tmp_path, f"lsh-{name}.tflite", make())
    assert (record.path, record.reason) == ("unlowered", reason)
