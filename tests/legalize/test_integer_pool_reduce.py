"""Integer pooling and reductions (legalize/families/pooling/pooling.py,
legalize/families/reduction/reduction.py) against TFLite's reference kernels (BUILTIN_REF): each op
alone in a one-op model, in int8, uint8 and int16, and a small chain (AVERAGE_POOL_2D -> MEAN over
H, W -> REDUCE_MAX). Every op must take the integer path and match TFLite bit for bit, end to end
and per layer, on random inputs over the whole storage range. The float lowerings without a
quantized kernel (L2_POOL_2D, CUMSUM) and the float sums TFLite adds in order (MEAN, SUM,
REDUCE_PROD) must match exactly too.

Each model's dimensions have their own extents, so a transposed or merged axis shows.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest
from ai_edge_litert import schema_py_generated as schema

from runtime_check.executor import iree_backend
from runtime_check.check import check_model, make_inputs
from runtime_check.executor import Executor
from runtime_check.check import litert
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert

from tools.tflite_builder import ModelBuilder, options_table, per_tensor

# Storage type -> (input, output) quantization. Pools and REDUCE_MAX/MIN keep the input's
# (TFLite copies stored values); MEAN, SUM and REDUCE_PROD rescale to the output's.
QUANT = {
    "INT8": (per_tensor(0.05, -3), per_tensor(0.07, 7)),
    "UINT8": (per_tensor(0.05, 131), per_tensor(0.07, 90)),
    "INT16": (per_tensor(0.001, 0), per_tensor(0.0007, 0)),
}
PROD_OUT = {"INT8": per_tensor(0.5, -5), "INT16": per_tensor(0.01, 0)}  # products grow: a coarser scale


options = options_table


@dataclass(frozen=True)
class Op:
    """One TFLite op on one runtime input; `consts` follow it, `out` is the result shape."""
    code: str
    shape: tuple
    out: tuple
    opts: object
    consts: tuple = ()
    same_quant: bool = True        # the result keeps the input's scale and zero point
    out_type: str | None = None    # a plain result type (ARG_MAX's index), else the input's

    def build(self, dtype: str) -> bytes:
        q_in, q_out = QUANT.get(dtype, (None, None))
        if self.code == "REDUCE_PROD" and dtype in PROD_OUT:
            q_out = PROD_OUT[dtype]
        return self.build_with(dtype, q_in, q_out)

    def build_with(self, dtype: str, q_in, q_out) -> bytes:
        m = ModelBuilder()
        g = m.subgraph()
        x = g.input("x", self.shape, dtype, quant=q_in)
        ins = [x] + [g.const(f"c{k}", c) for k, c in enumerate(self.consts)]
        plain = self.out_type is not None or q_in is None
        y = g.tensor("y", self.out, self.out_type or dtype,
                     quant=None if plain else q_in if self.same_quant else q_out)
        g.op(self.code, ins, [y], self.opts)
        g.output(y)
        return m.build()


def pool(code, shape, kernel, stride, padding, activation="NONE"):
    (kh, kw), (sh, sw) = kernel, stride
    n, h, w, c = shape
    oh = (h + sh - 1) // sh if padding == "SAME" else (h - kh + sh) // sh
    ow = (w + sw - 1) // sw if padding == "SAME" else (w - kw + sw) // sw
    opts = options("Pool2D", padding=getattr(schema.Padding, padding), strideH=sh, strideW=sw, filterHeight=kh,
                   filterWidth=kw, fusedActivationFunction=getattr(schema.ActivationFunctionType, activation))
    return Op(code, shape, (n, oh, ow, c), opts)


def reducer(code, shape, axes, keep_dims=False):
    resolved = {a % len(shape) for a in axes}
    out = tuple(1 if k in resolved else d for k, d in enumerate(shape) if keep_dims or k not in resolved)
    return Op(code, shape, out, options("Reducer", keepDims=keep_dims), (np.array(axes, np.int32),),
              same_quant=code in ("REDUCE_MAX", "REDUCE_MIN"))


def arg(code, shape, axis, out_type="INT32"):
    out = tuple(d for k, d in enumerate(shape) if k != axis % len(shape))
    name = "ArgMax" if code == "ARG_MAX" else "ArgMin"
    return Op(code, shape, out, options(name, outputType=getattr(schema.TensorType, out_type)),
              (np.array([axis], np.int32),), out_type=out_type)


def cumsum(shape, axis, exclusive, reverse):
    return Op("CUMSUM", shape, shape, options("Cumsum", exclusive=exclusive, reverse=reverse),
              (np.array(axis, np.int32),))


ALL = ("INT8", "UINT8", "INT16")
OPS = {
    # pools: SAME windows cut by the border, VALID windows that leave rows unread, activations
    "max-pool-same-3x3-s2-relu6": (pool("MAX_POOL_2D", (1, 6, 7, 3), (3, 3), (2, 2), "SAME", "RELU6"), ALL),
    "max-pool-valid-2x3-s21": (pool("MAX_POOL_2D", (2, 5, 8, 3), (2, 3), (2, 1), "VALID"), ALL),
    "max-pool-same-2x2-s3-relu-n1-to-1": (pool("MAX_POOL_2D", (1, 7, 5, 2), (2, 2), (3, 3), "SAME", "RELU_N1_TO_1"),
                                          ALL),
    "avg-pool-same-3x3-s1": (pool("AVERAGE_POOL_2D", (1, 4, 5, 3), (3, 3), (1, 1), "SAME"), ALL),
    "avg-pool-valid-2x2-s2-relu": (pool("AVERAGE_POOL_2D", (1, 5, 7, 2), (2, 2), (2, 2), "VALID", "RELU"), ALL),
    "avg-pool-same-2x3-s23-relu6": (pool("AVERAGE_POOL_2D", (2, 5, 7, 3), (2, 3), (2, 3), "SAME", "RELU6"), ALL),
    "avg-pool-valid-whole-4x6": (pool("AVERAGE_POOL_2D", (1, 4, 6, 5), (4, 6), (1, 1), "VALID"), ALL),
    # MEAN: the 4-D keep_dims H, W mean (BUILTIN_REF runs the generic kernel), other axes
    "mean-hw-keep-dims": (reducer("MEAN", (1, 5, 4, 6), (1, 2), keep_dims=True), ALL),
    "mean-negative-axes": (reducer("MEAN", (2, 3, 5), (-1, 0)), ALL),
    "mean-all-axes": (reducer("MEAN", (3, 4), (0, 1)), ALL),
    "mean-axes-1-3-keep-dims": (reducer("MEAN", (2, 3, 4, 5), (1, 3), keep_dims=True), ALL),
    "mean-one-axis-of-200": (reducer("MEAN", (2, 200), (1,)), ALL),
    # SUM: BUILTIN_REF reads int8 as uint8 (reproduced); int16 SUM is declined (see below)
    "sum-repeated-axis": (reducer("SUM", (2, 5, 3), (1, -2)), ("INT8", "UINT8")),
    "sum-axes-0-2-keep-dims": (reducer("SUM", (3, 4, 5), (0, 2), keep_dims=True), ("INT8", "UINT8")),
    "sum-all-axes": (reducer("SUM", (4, 6), (0, 1)), ("INT8", "UINT8")),
    # REDUCE_PROD (int8, int16: PrepareProd refuses uint8), in the kernel's order
    "reduce-prod-last-axis": (reducer("REDUCE_PROD", (3, 4, 2), (2,)), ("INT8", "INT16")),
    "reduce-prod-axes-0-2-keep-dims": (reducer("REDUCE_PROD", (2, 3, 4), (0, 2), keep_dims=True), ("INT8", "INT16")),
    # selections on stored values
    "reduce-max-two-axes": (reducer("REDUCE_MAX", (2, 3, 5), (0, 2)), ALL),
    "reduce-min-keep-dims": (reducer("REDUCE_MIN", (2, 3, 5), (1,), keep_dims=True), ALL),
    "arg-max-axis1": (arg("ARG_MAX", (3, 5, 4), 1), ("INT8", "UINT8")),
    "arg-max-last-axis-int64": (arg("ARG_MAX", (3, 5, 4), -1, "INT64"), ("INT8", "UINT8")),
    "arg-min-axis0": (arg("ARG_MIN", (6, 5, 4), 0), ("INT8", "UINT8")),
    "arg-min-last-axis-int64": (arg("ARG_MIN", (3, 5, 4), -1, "INT64"), ("INT8", "UINT8")),
    # float lowerings: TFLite's order of additions, so exact
    "l2-pool-same-3x2-s2-relu6": (pool("L2_POOL_2D", (1, 5, 6, 3), (3, 2), (2, 2), "SAME", "RELU6"), ("FLOAT32",)),
    "l2-pool-valid-2x2-s1": (pool("L2_POOL_2D", (2, 4, 5, 3), (2, 2), (1, 1), "VALID"), ("FLOAT32",)),
    "cumsum": (cumsum((3, 6, 4), 1, False, False), ("FLOAT32", "INT32", "INT64")),
    "cumsum-exclusive": (cumsum((3, 6, 4), -1, True, False), ("FLOAT32", "INT32")),
    "cumsum-reverse": (cumsum((5, 3), 0, False, True), ("FLOAT32", "INT32")),
    "cumsum-exclusive-reverse": (cumsum((2, 7, 3), 1, True, True), ("FLOAT32", "INT32")),
    "mean-float-non-adjacent-axes": (reducer("MEAN", (3, 4, 5, 6), (0, 2, 3)), ("FLOAT32",)),
    "sum-float-all-axes": (reducer("SUM", (20, 30), (0, 1)), ("FLOAT32",)),
    "reduce-prod-float-non-adjacent-axes": (reducer("REDUCE_PROD", (2, 3, 5), (0, 2)), ("FLOAT32",)),
}
CASES = [(name, dtype) for name, (_, dtypes) in OPS.items() for dtype in dtypes]


def write(tmp_path, name: str, data: bytes):
    path = tmp_path / f"{name}.tflite"
    path.write_bytes(data)
    return path


def assert_bit_exact(result, path: str):
    assert result.error is None, result.error
    assert {r.path for r in result.records} == {path}, [(r.name, r.reason) for r in result.records]
    assert result.passed, [(layer.name, layer.max_abs_diff) for layer in result.layers]
    assert all(o.exact_fraction == 1.0 for outs in result.stages.values() for o in outs)
    assert all(layer.skipped is None and layer.exact_fraction == 1.0 for layer in result.layers)


@pytest.mark.parametrize(("name", "dtype"), CASES, ids=[f"{n}.{d.lower()}" for n, d in CASES])
def test_matches_tflite_bit_for_bit(name, dtype, tmp_path):
    op, _ = OPS[name]
    file = write(tmp_path, f"{name}.{dtype.lower()}", op.build(dtype))
    for seed in (0, 1):
        assert_bit_exact(check_model(str(file), seed=seed), "float" if dtype in ("FLOAT32", "INT32", "INT64")
                         else "integer")


STORAGE = {"INT8": np.int8, "UINT8": np.uint8, "INT16": np.int16}


def random_instance(seed: int) -> tuple[str, bytes]:
    """A pool or a reduction with random shape, axes or window, scales and zero points
    (the storage extremes included), of the op/type pairs TFLite accepts."""
    rng = np.random.default_rng(seed)
    dtype = ("INT8", "UINT8", "INT16")[seed % 3]
    code = ("MEAN", "SUM", "REDUCE_PROD", "MAX_POOL_2D", "AVERAGE_POOL_2D")[seed // 3 % 5]
    if (code, dtype) in (("SUM", "INT16"), ("REDUCE_PROD", "UINT8")):
        code = "MEAN"
    info = np.iinfo(STORAGE[dtype])

    def zero_point() -> int:
        return 0 if dtype == "INT16" else int(rng.choice([info.min, info.max, rng.integers(info.min, info.max)]))

    if code.endswith("POOL_2D"):
        shape = tuple(int(d) for d in rng.integers(1, 9, 4))
        kernel = tuple(int(rng.integers(1, d + 1)) for d in shape[1:3])
        stride = tuple(int(v) for v in rng.integers(1, 4, 2))
        activation = str(rng.choice(["NONE", "RELU", "RELU6", "RELU_N1_TO_1"]))
        op = pool(code, shape, kernel, stride, str(rng.choice(["SAME", "VALID"])), activation)
        q = per_tensor(float(np.exp(rng.uniform(-6, 0))), zero_point())
        quant = (q, q)
    else:
        high = 5 if code == "REDUCE_PROD" else 7  # a product of at most 4^4 = 256 values (unrolled)
        shape = tuple(int(d) for d in rng.integers(1, high, int(rng.integers(1, 5))))
        axes = [int(a) - (len(shape) if rng.random() < 0.3 else 0)
                for a in rng.choice(len(shape), int(rng.integers(1, len(shape) + 1)), replace=False)]
        op = reducer(code, shape, axes, keep_dims=bool(rng.integers(0, 2)))
        si = float(np.exp(rng.uniform(-6, 1)))
        so = float(np.exp(rng.uniform(-4, 2))) if code == "REDUCE_PROD" else si * float(np.exp(rng.uniform(-4, 4)))
        quant = (per_tensor(si, zero_point()), per_tensor(so, zero_point()))
    return f"{code.lower()}-{seed}.{dtype.lower()}", op.build_with(dtype, *quant)


@pytest.mark.parametrize("seed", range(40))
def test_random_instances_are_bit_exact(seed, tmp_path):
    name, data = random_instance(seed)
    assert_bit_exact(check_model(str(write(tmp_path, name, data)), seed=seed), "integer")


def chain(dtype: str) -> bytes:
    """AVERAGE_POOL_2D 3x3 SAME stride 2 -> MEAN over H, W (keep_dims) -> REDUCE_MAX over C."""
    q_in, q_out = QUANT[dtype]
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", (2, 9, 7, 5), dtype, quant=q_in)
    pooled = g.tensor("pooled", (2, 5, 4, 5), dtype, quant=q_in)
    mean = g.tensor("mean", (2, 1, 1, 5), dtype, quant=q_out)
    y = g.tensor("y", (2, 1, 1), dtype, quant=q_out)
    g.op("AVERAGE_POOL_2D", [x], [pooled], pool("AVERAGE_POOL_2D", (2, 9, 7, 5), (3, 3), (2, 2), "SAME").opts)
    g.op("MEAN", [pooled, g.const("hw", np.array([1, 2], np.int32))], [mean], options("Reducer", keepDims=True))
    g.op("REDUCE_MAX", [mean, g.const("c", np.array([3], np.int32))], [y], options("Reducer", keepDims=False))
    g.output(y)
    return m.build()


@pytest.mark.parametrize("dtype", ALL, ids=[d.lower() for d in ALL])
def test_chain_is_bit_exact_and_runs_on_iree(dtype, tmp_path):
    """The chain end to end and per layer; then iree-compile (TOSA 1.0 profile validation)
    accepts the final IR and the compiled module computes what our executor computes."""
    file = write(tmp_path, f"avgpool-mean-reducemax.{dtype.lower()}", chain(dtype))
    result = check_model(str(file))
    assert_bit_exact(result, "integer")
    assert [r.name for r in result.records] == ["tfl.average_pool_2d", "tfl.mean", "tfl.reduce_max"]
    module = convert(str(file), "final").module
    reference = litert.load(str(file))
    inputs = make_inputs(convert(str(file), "tfl").module, litert.inputs_of(reference), seed=3)
    ours = Executor(module).run(inputs)
    theirs = iree_backend.run(print_module(module), inputs, next(iter(module.functions())).sym_name)
    expected = litert.run(reference, inputs)
    assert [t.view(o.dtype).tolist() for t, o in zip(theirs, ours)] == [o.tolist() for o in ours]
    assert [o.view(r.dtype).tolist() for o, r in zip(ours, expected)] == [r.tolist() for r in expected]


# --- what the integer patterns decline, and why -------------------------------------------

def test_int16_sum_is_declined_because_the_reference_leaves_memory_unwritten(tmp_path):
    """BUILTIN_REF's int16 SUM reads the int16 buffers as uint8 (reduce.cc
    QuantizedMeanOrSum<uint8_t>) and writes only the first half of the output's bytes: the
    rest is stale memory, so no lowering can match it; the op takes the fallback, reported."""
    file = write(tmp_path, "sum.int16", reducer("SUM", (2, 3, 5), (1,)).build("INT16"))
    (record,) = convert(str(file), "legalized").report.records
    assert record.path == "fallback" and "int16 SUM reads the int16 buffers as bytes" in record.reason


@pytest.mark.parametrize(("op", "dtype", "reason"), [
    (arg("ARG_MAX", (3, 5, 4), 1), "INT16", "operand 0 is i16; the integer pattern takes i8/u8"),
    (reducer("REDUCE_PROD", (3, 4, 2), (2,)), "UINT8", "operand 0 is u8; the integer pattern takes i8/i16"),
    (reducer("REDUCE_PROD", (2, 300), (1,)), "INT8", "a product of 300 values (the steps are unrolled up to 256)"),
], ids=["arg-max-int16", "reduce-prod-uint8", "reduce-prod-300-values"])
def test_kernels_that_tflite_refuses_or_we_do_not_unroll_fall_back(op, dtype, reason, tmp_path):
    file = write(tmp_path, f"{op.code.lower()}.{dtype.lower()}", op.build(dtype))
    (record,) = convert(str(file), "legalized").report.records
    assert (record.path, record.reason) == ("fallback", reason)
