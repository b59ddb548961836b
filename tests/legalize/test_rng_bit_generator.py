"""STABLEHLO_RNG_BIT_GENERATOR (legalize/families/stablehlo/rng_bit_generator.py) against TFLite: THREEFRY,
PHILOX and DEFAULT on u64[2] and u64[3] states, 32- and 64-bit outputs, signed and unsigned,
bit for bit (output and new key), on our executor per layer and end to end and on IREE.
"""
from __future__ import annotations

import numpy as np
import pytest

from legalize.families.generate.philox import philox_stream
from runtime_check.check import check_model, litert
from runtime_check.executor import Executor
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder, options_table

from ..conftest import iree_verify, only_record, save_inputs


def rng_model(size: int, shape, dtype: str, algorithm: str, key_size=None) -> bytes:
    from ai_edge_litert import schema_py_generated as schema

    m = ModelBuilder()
    g = m.subgraph()
    state = g.input("state", [size], "UINT64")
    key, out = g.tensor("key", [key_size or size], "UINT64"), g.tensor("output", list(shape), dtype)
    g.op("STABLEHLO_RNG_BIT_GENERATOR", [state], [key, out],
         options_table("StablehloRngBitGenerator", algorithm=getattr(schema.RngAlgorithm, algorithm)))
    g.output(key, out)
    return m.build()


def states(size: int, seed: int) -> list[np.ndarray]:
    """Random states, and one whose 64-bit counter (state[1]) wraps around during the call."""
    rng = np.random.default_rng(seed)
    picks = [rng.integers(0, 2 ** 64, size, dtype=np.uint64) for _ in range(3)]
    wrapping = picks[0].copy()
    wrapping[1] = np.uint64(2 ** 64 - 3)
    return picks + [wrapping]


CASES = [(alg, size, shape, dtype)
         for alg, sizes in (("THREEFRY", (2,)), ("PHILOX", (2, 3)), ("DEFAULT", (2, 3)))
         for size in sizes
         for shape, dtype in (((3, 5), "UINT32"), ((7,), "INT32"), ((2, 3), "INT64"), ((5,), "UINT64"))]


@pytest.mark.parametrize("alg,size,shape,dtype", CASES)
def test_matches_tflite_bit_for_bit(alg, size, shape, dtype, tmp_path):
    file = tmp_path / f"rng-{alg}-{size}-{dtype}.tflite"
    file.write_bytes(rng_model(size, shape, dtype, alg))
    conversion = convert(str(file), "final")
    assert [(r.name, r.path) for r in conversion.report.records] == [("tfl.stablehlo_rng_bit_generator", "float")]
    reference, executor = litert.load(str(file)), Executor(conversion.module)
    for state in states(size, seed=size):
        expected, ours = litert.run(reference, [state]), executor.run([state], "main")
        for e, o in zip(expected, ours):
            assert o.dtype == e.dtype
            np.testing.assert_array_equal(o, e)


@pytest.mark.parametrize("alg", ["THREEFRY", "PHILOX"])
def test_check_per_layer_and_end_to_end(alg, tmp_path):
    file = tmp_path / f"rng-{alg}.tflite"
    file.write_bytes(rng_model(2, (4, 6), "UINT32", alg))
    inputs = tmp_path / "state.npz"
    save_inputs(inputs, file, [np.array([0x0123456789ABCDEF, 2 ** 64 - 1], np.uint64)])
    result = check_model(str(file), str(inputs))
    assert result.error is None, result.error
    assert result.passed and result.layers and all(layer.passed for layer in result.layers), result.layers
    assert all(o.exact_fraction == 1.0 for o in result.outputs), result.outputs


def test_philox_is_the_random_ops_stream(tmp_path):
    """A u64[3] PHILOX state (seed, 0, seed2) runs the stream kernels/random_ops.cc draws
    from PhiloxRandom(seed, seed2) (legalize/families/generate/philox.py, written independently)."""
    file = tmp_path / "rng-philox-stream.tflite"
    file.write_bytes(rng_model(3, (10,), "UINT32", "PHILOX"))
    ours = Executor(convert(str(file), "final").module).run([np.array([87654, 0, 12345], np.uint64)], "main")
    np.testing.assert_array_equal(ours[1], philox_stream(87654, 12345, 10))
    assert ours[0].tolist() == [87654, 3, 12345]  # three blocks of four words


def test_verified_by_iree_and_run_by_iree(tmp_path):
    from runtime_check.executor import iree_backend

    file = tmp_path / "rng-iree.tflite"
    file.write_bytes(rng_model(2, (3, 3), "INT64", "THREEFRY"))
    text = print_module(convert(str(file), "final").module)
    assert "tfl." not in text.split("func.func")[1]
    verified = iree_verify(text, allow_unregistered=False)
    assert verified.returncode == 0, verified.stderr
    state = states(2, seed=9)[3]
    for e, t in zip(litert.run(litert.load(str(file)), [state]), iree_backend.run(text, [state])):
        np.testing.assert_array_equal(t.reshape(e.shape).view(e.dtype), e)


DECLINED = {
    "threefry-u64-3": (lambda: rng_model(3, (4,), "UINT32", "THREEFRY"), "THREEFRY takes a u64[2] state, not u64[3]"),
    "philox-u64-4": (lambda: rng_model(4, (4,), "UINT32", "PHILOX"),
                     "PHILOX takes a u64[2] or u64[3] state, not u64[4]"),
    "key-shape": (lambda: rng_model(2, (4,), "UINT32", "PHILOX", key_size=3),
                  "state tensor<2xui64> and output key tensor<3xui64>: the kernel takes one 1-D uint64 shape"),
    "float-output": (lambda: rng_model(2, (4,), "FLOAT32", "PHILOX"),
                     "the output is tensor<4xf32>; the kernel writes int32, int64, uint32 or uint64"),
}


@pytest.mark.parametrize("name", DECLINED)
def test_declines_with_a_reason(name, tmp_path):
    make, reason = DECLINED[name]
    record = only_record(tmp_path, f"rng-{name}.tflite", make())
    assert (record.path, record.reason) == ("unlowered", reason)
