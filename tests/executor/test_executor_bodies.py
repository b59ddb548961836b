"""linalg.generic bodies compiled once (runtime_check/executor/kernels/linalg_body.py) give what the
executor gives running them op by op, bit for bit: over arrays, and in Python scalars on a
one-point iteration space; on integers of every width at their wrap-around extremes, shifts by
counts outside the width, every comparison predicate, select, NaN, signed zeros, infinities and
halves; and where the op-by-op run fails, the compiled run fails with the same error. The
kernels made faster in passing (round, fptosi, ctlz) give what they gave before."""
from __future__ import annotations

import numpy as np
import pytest

import runtime_check.executor.kernels.linalg as linalg_kernels
from runtime_check.executor import ExecutionError, Executor
from runtime_check.executor.kernels.linalg_body import CompiledBody
from runtime_check.executor.kernels.math import bit_length, round_half_away
from tfl2quant.ir.parser import parse_module
from tfl2quant.numerics import round_half_away as reference_round_half_away

from ..conftest import MODELS

RNG = np.random.default_rng(15)
INTS = {"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64}
FLOATS = {"f32": np.float32, "f64": np.float64}
CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
CMPF = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une",
        "uno", "true"]


def module(n: int, operands: list[str], result: str, body: str):
    """@main: a linalg.generic over n-element tensors whose body is `body` (lines over %x0, %x1,
    ... that define %y)."""
    def t(e):
        return f"tensor<{n}x{e}>"
    maps = ", ".join(["affine_map<(d0) -> (d0)>"] * (len(operands) + 1))
    args = ", ".join(f"%a{k}: {t(e)}" for k, e in enumerate(operands))
    block = ", ".join([f"%x{k}: {e}" for k, e in enumerate(operands)] + [f"%o: {result}"])
    return parse_module(f"""func.func @main({args}) -> {t(result)} {{
  %e = tensor.empty() : {t(result)}
  %r = linalg.generic {{indexing_maps = [{maps}], iterator_types = ["parallel"]}} ins({", ".join(f"%a{k}" for k in range(len(operands)))} : {", ".join(map(t, operands))}) outs(%e : {t(result)}) {{
  ^bb0({block}):
{body}
    linalg.yield %y : {result}
  }} -> {t(result)}
  return %r : {t(result)}
}}""")


def op_by_op(monkeypatch, text_module, inputs):
    with monkeypatch.context() as m:
        m.setattr(linalg_kernels, "compile_body", lambda executor, block: None)
        return Executor(text_module).run(inputs)[0]


def run_all_ways(monkeypatch, operands, result, body, inputs) -> int:
    """The body on `inputs` op by op, compiled over arrays, and compiled in Python scalars one
    element at a time: the same bytes (or the same error). How many elements the scalar form
    computed (the others it left to numpy)."""
    n = len(inputs[0])
    try:
        expected, error = op_by_op(monkeypatch, module(n, operands, result, body), inputs), None
    except ExecutionError as e:
        expected, error = None, str(e)
    executor = Executor(module(n, operands, result, body))
    if error is not None:
        with pytest.raises(ExecutionError) as raised:
            executor.run(inputs)
        assert str(raised.value) == error
        return 0
    for _ in range(2):  # op by op, then compiled
        got = executor.run(inputs)[0]
        assert got.dtype == expected.dtype and got.tobytes() == expected.tobytes(), (got, expected)
    assert compiled_bodies(executor) == 1
    one = Executor(module(1, operands, result, body))
    one.run([x[:1] for x in inputs])  # (op by op)
    done = []
    run_scalar = linalg_kernels._run_scalar

    def counted(*args):
        out = run_scalar(*args)
        done.append(1)
        return out
    with monkeypatch.context() as m:
        m.setattr(linalg_kernels, "_run_scalar", counted)
        got = np.concatenate([one.run([x[k:k + 1] for x in inputs])[0] for k in range(n)])
    assert got.dtype == expected.dtype and got.tobytes() == expected.tobytes(), (got, expected)
    return len(done)


def compiled_bodies(executor) -> int:
    """How many of the executor's linalg.generic ops run their body compiled."""
    return sum(type(s.ctx.cache.get("compiled")) is CompiledBody for plan in executor._blocks.values()
               for s in plan.steps if s.ctx.op.name == "linalg.generic")


def int_values(elem: str, n: int = 48) -> np.ndarray:
    info = np.iinfo(INTS[elem])
    x = RNG.integers(int(info.min), int(info.max), n, endpoint=True).astype(INTS[elem])
    x[:8] = [info.min, info.max, 0, -1, 1, info.min + 1, info.max - 1, 2]
    return x


def float_values(elem: str) -> np.ndarray:
    dtype = FLOATS[elem]
    finfo = np.finfo(dtype)
    special = [np.nan, -np.nan, 0.0, -0.0, np.inf, -np.inf, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.3, -0.3,
               0.49999997, -0.49999997, 1e30, -1e30, float(finfo.max), -float(finfo.max), float(finfo.tiny),
               float(finfo.smallest_subnormal), 2.0 ** 31, -2.0 ** 31, 2.0 ** 31 - 1, 7.0, -7.0, 1.0, -1.0]
    return np.concatenate([np.array(special, dtype), (RNG.standard_normal(19) * 100).astype(dtype)])


@pytest.mark.parametrize("elem", INTS)
@pytest.mark.parametrize("op", ["addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minsi"])
def test_integer_binary_ops_wrap_as_op_by_op(monkeypatch, elem, op):
    a, b = int_values(elem), int_values(elem)[::-1].copy()
    assert run_all_ways(monkeypatch, [elem, elem], elem, f"    %y = arith.{op} %x0, %x1 : {elem}", [a, b]) == len(a)


@pytest.mark.parametrize("elem", INTS)
@pytest.mark.parametrize("op", ["shli", "shrsi"])
def test_shifts_by_counts_inside_and_outside_the_width(monkeypatch, elem, op):
    width = int(elem[1:])
    counts = np.array([0, 1, width - 1, width, width + 1, 2 * width, width // 2, 3] * 6, INTS[elem])
    if width > 8:
        counts[-1] = np.iinfo(INTS[elem]).max  # a huge count: 0 or the sign, without a huge int
    a = int_values(elem)
    assert run_all_ways(monkeypatch, [elem, elem], elem, f"    %y = arith.{op} %x0, %x1 : {elem}", [a, counts]) == len(a)
    negative = np.full_like(counts, -1)  # numpy: 0 for <<, the sign for >>; the scalar form: op by op
    run_all_ways(monkeypatch, [elem, elem], elem, f"    %y = arith.{op} %x0, %x1 : {elem}", [a, negative])


@pytest.mark.parametrize("elem", INTS)
def test_signed_division_and_its_extremes(monkeypatch, elem):
    info = np.iinfo(INTS[elem])
    a = int_values(elem)
    b = int_values(elem)[::-1].copy()
    b[b == 0] = 3
    a[:2], b[:2] = info.min, -1  # overflows, and wraps to min
    scalar = run_all_ways(monkeypatch, [elem, elem], elem, f"    %y = arith.divsi %x0, %x1 : {elem}", [a, b])
    i64_min = ((a == info.min) | (b == info.min)).sum() if elem == "i64" else 0
    assert scalar == len(a) - i64_min  # (i64's min: op by op, as numpy computes it)
    b[5] = 0  # undefined behaviour: the op-by-op error, named, from the compiled run too
    run_all_ways(monkeypatch, [elem, elem], elem, f"    %y = arith.divsi %x0, %x1 : {elem}", [a, b])


@pytest.mark.parametrize("elem", INTS)
@pytest.mark.parametrize("predicate", CMPI)
def test_cmpi_predicates_then_select(monkeypatch, elem, predicate):
    a, b = int_values(elem), int_values(elem)[::-1].copy()
    b[10:20] = a[10:20]
    body = (f"    %c = arith.cmpi {predicate}, %x0, %x1 : {elem}\n"
            f"    %y = arith.select %c, %x0, %x1 : {elem}")
    assert run_all_ways(monkeypatch, [elem, elem], elem, body, [a, b]) == len(a)


@pytest.mark.parametrize("elem", ["i8", "i16", "i32"])
def test_extensions_truncations_and_i1(monkeypatch, elem):
    a = int_values(elem)
    body = (f"    %w = arith.extsi %x0 : {elem} to i64\n    %u = arith.extui %x0 : {elem} to i64\n"
            "    %s = arith.subi %w, %u : i64\n    %m = arith.muli %s, %w : i64\n"
            f"    %t = arith.trunci %m : i64 to {elem}\n"
            f"    %b = arith.trunci %x0 : {elem} to i1\n"  # the low bit
            f"    %n = arith.extsi %b : i1 to {elem}\n    %p = arith.extui %b : i1 to {elem}\n"
            "    %x = arith.xori %b, %b : i1\n    %q = arith.ori %b, %x : i1\n"
            f"    %v = arith.select %q, %n, %p : {elem}\n    %y = arith.addi %v, %t : {elem}")
    assert run_all_ways(monkeypatch, [elem], elem, body, [a]) == len(a)


@pytest.mark.parametrize("elem", ["i8", "i32"])
def test_i1_is_the_low_bit(monkeypatch, elem):
    """MLIR's i1: trunci keeps the low bit (2 is false) and addi/subi wrap modulo 2 (xor),
    where numpy's bool would keep `nonzero` and or."""
    a = np.array([0, 1, 2, 3, -1, -2], INTS[elem])
    body = (f"    %b = arith.trunci %x0 : {elem} to i1\n    %c = arith.addi %b, %b : i1\n"
            "    %d = arith.subi %b, %c : i1\n    %h = arith.addi %d, %b : i1\n"
            f"    %f = arith.extui %b : i1 to {elem}\n    %g = arith.extui %h : i1 to {elem}\n"
            f"    %y = arith.addi %f, %g : {elem}")
    run_all_ways(monkeypatch, [elem], elem, body, [a])
    got = op_by_op(monkeypatch, module(len(a), [elem], elem, body), [a])
    # b = a & 1; c = b + b = 0; d = b - c = b; h = d + b = 0: y = b
    assert got.tolist() == [0, 1, 0, 1, 1, 0]


@pytest.mark.parametrize("elem", INTS)
def test_count_leading_zeros(monkeypatch, elem):
    a = int_values(elem)
    a[8:8 + int(elem[1:]) - 1] = [1 << k for k in range(int(elem[1:]) - 1)][:40]
    assert run_all_ways(monkeypatch, [elem], elem, f"    %y = math.ctlz %x0 : {elem}", [a]) == len(a)


@pytest.mark.parametrize("elem", FLOATS)
@pytest.mark.parametrize("op", ["addf", "subf", "mulf", "divf", "maximumf", "minimumf"])
def test_float_binary_ops_with_nan_signed_zeros_and_infinities(monkeypatch, elem, op):
    a = float_values(elem)
    for b in (a[::-1].copy(), np.roll(a, 3), np.full_like(a, -0.0), np.full_like(a, 0.0), np.full_like(a, np.nan)):
        # (a division by zero runs op by op: inf or NaN as numpy gives them)
        scalar = run_all_ways(monkeypatch, [elem, elem], elem, f"    %y = arith.{op} %x0, %x1 : {elem}", [a, b])
        with np.errstate(all="ignore"):
            left = np.isnan(getattr(np, {"addf": "add", "subf": "subtract", "mulf": "multiply", "divf": "divide",
                                         "maximumf": "maximum", "minimumf": "minimum"}[op])(a, b))
        assert scalar == len(a) - left.sum()  # NaN results are numpy's


@pytest.mark.parametrize("elem", FLOATS)
@pytest.mark.parametrize("op", ["math.round", "math.roundeven", "math.floor", "math.ceil", "math.trunc",
                                "math.absf", "arith.negf"])
def test_float_roundings_keep_signed_zeros(monkeypatch, elem, op):
    a = float_values(elem)
    scalar = run_all_ways(monkeypatch, [elem], elem, f"    %y = {op} %x0 : {elem}", [a])
    assert scalar == len(a) - np.isnan(a).sum()  # (a NaN result: numpy's)


@pytest.mark.parametrize("elem", FLOATS)
@pytest.mark.parametrize("predicate", CMPF)
def test_cmpf_predicates_then_select(monkeypatch, elem, predicate):
    a = float_values(elem)
    b = np.roll(a, 1)
    b[20:25] = a[20:25]
    body = (f"    %c = arith.cmpf {predicate}, %x0, %x1 : {elem}\n"
            f"    %y = arith.select %c, %x0, %x1 : {elem}")
    scalar = run_all_ways(monkeypatch, [elem, elem], elem, body, [a, b])
    assert len(a) - (np.isnan(a) | np.isnan(b)).sum() <= scalar <= len(a)  # (a NaN selected: numpy's)


def test_float_conversions(monkeypatch):
    a = float_values("f64")
    ints = int_values("i32")[:len(a)]
    wide = int_values("i64")[:len(a)]
    body = ("    %t = arith.truncf %x0 : f64 to f32\n    %te = arith.extf %t : f32 to f64\n"
            "    %i = arith.sitofp %x1 : i32 to f32\n    %j = arith.sitofp %x2 : i64 to f64\n"
            "    %k = arith.sitofp %x1 : i32 to f64\n    %f = arith.extf %i : f32 to f64\n"
            "    %s = arith.addf %te, %f : f64\n    %u = arith.addf %j, %k : f64\n"
            "    %y = arith.mulf %s, %u : f64")
    finite = np.clip(a, -1e30, 1e30)  # beyond f32's range truncf gives inf: op by op in the scalar form
    run_all_ways(monkeypatch, ["f64", "i32", "i64"], "f64", body, [a, ints, wide])
    scalar = run_all_ways(monkeypatch, ["f64", "i32", "i64"], "f64", body, [finite, ints, wide])
    assert scalar == len(a) - np.isnan(a).sum()
    huge = int_values("i64")[:len(a)]  # i64 -> f32 rounds twice through f64: no scalar form
    run_all_ways(monkeypatch, ["i64"], "f32", "    %y = arith.sitofp %x0 : i64 to f32", [huge])


@pytest.mark.parametrize("elem", FLOATS)
def test_fptosi_in_range_and_out_of_range(monkeypatch, elem):
    a = float_values(elem)
    inside = np.clip(np.nan_to_num(a), -2.0 ** 31, 2.0 ** 31 - 256)
    body = f"    %y = arith.fptosi %x0 : {elem} to i32"
    assert run_all_ways(monkeypatch, [elem], "i32", body, [inside]) == len(inside)
    for bad in (np.nan, np.inf, 2.0 ** 31, -2.0 ** 32):  # poison: the op-by-op error, named
        x = inside.copy()
        x[7] = bad
        run_all_ways(monkeypatch, [elem], "i32", body, [x])


def test_a_dynamic_range_scale_body_on_one_element(monkeypatch):
    """The shape of dynamic-range quantization's per-tensor scale and zero point (f32 and f64,
    select, round, fptosi), on ranges around zero, degenerate and huge."""
    body = """    %cst = arith.constant 0.000000e+00 : f32
    %lt = arith.cmpf olt, %x0, %cst : f32
    %lo = arith.select %lt, %x0, %cst : f32
    %gt = arith.cmpf olt, %cst, %x1 : f32
    %hi = arith.select %gt, %x1, %cst : f32
    %d = arith.subf %hi, %lo : f32
    %dd = arith.extf %d : f32 to f64
    %c255 = arith.constant 2.550000e+02 : f64
    %s = arith.divf %dd, %c255 : f64
    %lod = arith.extf %lo : f32 to f64
    %z = arith.divf %lod, %s : f64
    %cm = arith.constant -1.280000e+02 : f64
    %zz = arith.subf %cm, %z : f64
    %r = math.round %zz : f64
    %eq = arith.cmpf oeq, %lo, %hi : f32
    %zero = arith.constant 0.000000e+00 : f64
    %sel = arith.select %eq, %zero, %r : f64
    %y = arith.fptosi %sel : f64 to i32"""
    lo = np.array([-1.0, -0.0, 0.0, -3.5, -1e-30, -7.25, 0.0, -1e30], np.float32)
    hi = np.array([1.0, 0.0, 0.0, 2.25, 1e-30, 0.0, 5.0, 1e30], np.float32)
    assert run_all_ways(monkeypatch, ["f32", "f32"], "i32", body, [lo, hi]) == len(lo)


def test_an_outer_value_read_by_the_body(monkeypatch):
    """A body reads a value of the enclosing function (not a constant): each run its own."""
    text = """func.func @main(%a: tensor<3xi32>, %k: tensor<i32>) -> tensor<3xi32> {
  %c0 = arith.constant 0 : index
  %kk = tensor.extract %k[] : tensor<i32>
  %e = tensor.empty() : tensor<3xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<3xi32>) outs(%e : tensor<3xi32>) {
  ^bb0(%x: i32, %o: i32):
    %y = arith.muli %x, %kk : i32
    linalg.yield %y : i32
  } -> tensor<3xi32>
  return %r : tensor<3xi32>
}"""
    executor = Executor(parse_module(text))
    for k in (3, -7, 2 ** 30, 5):
        (got,) = executor.run([np.array([1, 2, -3], np.int32), np.array(k, np.int32)])
        np.testing.assert_array_equal(got, (np.array([1, 2, -3], np.int64) * k).astype(np.int32))
    assert compiled_bodies(executor) == 1
    one = Executor(parse_module(text.replace("3xi32", "1xi32")))
    for k in (3, -7, 11):
        (got,) = one.run([np.array([5], np.int32), np.array(k, np.int32)])
        assert got.tolist() == [5 * k]


@pytest.mark.parametrize("model", ["transformer.int8.tflite", "lstm-fused.int8.tflite", "dynamic-batch.int8.tflite",
                                   "transformer.dynamic-int8w.tflite", "prelu-hardswish-cnn.dynamic-int8w.tflite"])
def test_real_models_compiled_and_op_by_op_agree(monkeypatch, model):
    from runtime_check.check import entry_function, litert, make_inputs
    from tfl2quant.pipeline import convert

    path = str(MODELS / "real" / model)
    ir = convert(path, "final").module
    entry = entry_function(ir)
    for seed in (0, 1):
        x = make_inputs(ir, litert.inputs_of(litert.load(path)), seed)
        executor = Executor(ir)
        executor.run(x, entry)  # op by op
        got = executor.run(x, entry)
        with monkeypatch.context() as m:
            m.setattr(linalg_kernels, "compile_body", lambda executor, block: None)
            expected = Executor(ir).run(x, entry)
        assert [(g.dtype, g.shape, g.tobytes()) for g in got] == [(e.dtype, e.shape, e.tobytes()) for e in expected]
        generics = sum(s.ctx.op.name == "linalg.generic" for plan in executor._blocks.values() for s in plan.steps)
        assert generics and compiled_bodies(executor) == generics


def test_round_half_away_is_numerics_bit_for_bit():
    """Every f16, f32 and f64 near halves, integers and the ends of the range, and random bits."""
    f16 = np.arange(1 << 16, dtype=np.uint16).view(np.float16)
    parts = [f16]
    for dtype, bits, width in ((np.float32, np.uint32, 32), (np.float64, np.uint64, 64)):
        random = RNG.integers(0, np.iinfo(bits).max, 1 << 18, dtype=bits, endpoint=True).view(dtype)
        k = RNG.integers(-(1 << 20), 1 << 20, 1 << 16).astype(dtype)
        halves = np.concatenate([k + dtype(0.5), k - dtype(0.5), k])
        near = np.concatenate([np.nextafter(halves, dtype(np.inf)), np.nextafter(halves, dtype(-np.inf)), halves])
        big = np.array([2.0 ** e for e in range(20, width)] + [np.finfo(dtype).max], dtype)
        big = np.concatenate([big, np.nextafter(big, dtype(0)), -big, big + dtype(0.5)])
        parts += [random, near, big]
    with np.errstate(all="ignore"):
        for x in parts:
            got, expected = round_half_away(x), reference_round_half_away(x)
            assert got.dtype == expected.dtype and got.tobytes() == expected.tobytes()


def test_bit_length_counts_bits_of_every_width():
    for width in (8, 16, 32, 64):
        u = RNG.integers(0, np.iinfo(np.uint64).max, 4096, dtype=np.uint64, endpoint=True)
        u = u >> RNG.integers(0, 64, 4096).astype(np.uint64)
        edges = [0, 1, 2, 3] + [1 << k for k in range(width)] + [(1 << k) - 1 for k in range(1, width + 1)] + \
            [(1 << k) + 1 for k in range(1, width)]
        u = np.concatenate([u & np.uint64((1 << width) - 1) if width < 64 else u, np.array(edges, np.uint64)])
        expected = sum(((u >> np.uint64(k)) != 0).astype(np.int64) for k in range(width))  # the old loop
        np.testing.assert_array_equal(bit_length(u, width), expected)


@pytest.mark.parametrize("elem", FLOATS)
@pytest.mark.parametrize("result", ["i8", "i32", "i64"])
def test_fptosi_kernel_is_the_float64_formula(monkeypatch, elem, result):
    """arith.fptosi truncates in the operand's own type now: the values and the poison it
    finds are those of truncating in float64 (the bounds compared as float64, 2^63 - 1 as 2^63)."""
    def before(a):
        lo, hi = int(np.iinfo(INTS[result]).min), int(np.iinfo(INTS[result]).max)
        t = np.trunc(a.astype(np.float64))
        if t.size and not (t.min() >= lo and t.max() <= hi):
            return "poison"
        with np.errstate(invalid="ignore"):  # (2^63: what the cast gives, as the executor gave it)
            return t.astype(np.int64).astype(INTS[result])

    info = np.iinfo(INTS[result])
    edges = np.array([info.min, info.max, info.min - 1.0, info.max + 1.0, info.max + 0.75, info.min - 0.75,
                      2.0 ** 63, -2.0 ** 63, 0.0, -0.0, -0.7, 0.7], np.float64).astype(FLOATS[elem])
    text = module(1, [elem], result, f"    %y = arith.fptosi %x0 : {elem} to {result}")
    with monkeypatch.context() as m:
        m.setattr(linalg_kernels, "compile_body", lambda executor, block: None)
        executor = Executor(text)
        for x in [*edges, np.nan, np.inf]:
            a = np.array([x], FLOATS[elem])
            expected = before(a)
            try:
                got = executor.run([a])[0]
            except ExecutionError as e:
                assert "poison" in str(e) and isinstance(expected, str), (x, expected)
                continue
            assert not isinstance(expected, str) and got.tobytes() == expected.tobytes(), (x, got, expected)


@pytest.mark.parametrize("rows", [3, 2400])  # (2400 x 16: over 2 blocks of 16K, run block by block)
def test_operands_read_through_projections_constants_and_transposes(monkeypatch, rows):
    """A row vector (d1), a column read at a constant (d0, 0), a transposed operand (d1, d0):
    every point reads what the map names, compiled (views, broadcast) and op by op (gathers)."""
    text = f"""func.func @main(%a: tensor<{rows}x16xi32>, %v: tensor<16xi32>, %c: tensor<{rows}x4xi32>, %t: tensor<16x{rows}xi32>) -> tensor<{rows}x16xi32> {{
  %e = tensor.empty() : tensor<{rows}x16xi32>
  %r = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, 2)>, affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}} ins(%a, %v, %c, %t : tensor<{rows}x16xi32>, tensor<16xi32>, tensor<{rows}x4xi32>, tensor<16x{rows}xi32>) outs(%e : tensor<{rows}x16xi32>) {{
  ^bb0(%x: i32, %y: i32, %z: i32, %w: i32, %o: i32):
    %m = arith.muli %x, %y : i32
    %s = arith.subi %z, %w : i32
    %q = arith.addi %m, %s : i32
    linalg.yield %q : i32
  }} -> tensor<{rows}x16xi32>
  return %r : tensor<{rows}x16xi32>
}}"""
    a = RNG.integers(-2 ** 31, 2 ** 31, (rows, 16)).astype(np.int32)
    v = RNG.integers(-2 ** 31, 2 ** 31, 16).astype(np.int32)
    c = RNG.integers(-2 ** 31, 2 ** 31, (rows, 4)).astype(np.int32)
    t = RNG.integers(-2 ** 31, 2 ** 31, (16, rows)).astype(np.int32)
    expected = ((a.astype(np.int64) * v + c[:, 2:3] - t.T) & 0xFFFFFFFF).astype(np.uint32).view(np.int32)
    np.testing.assert_array_equal(op_by_op(monkeypatch, parse_module(text), [a, v, c, t]), expected)
    executor = Executor(parse_module(text))
    for _ in range(2):
        np.testing.assert_array_equal(executor.run([a, v, c, t])[0], expected)
    assert compiled_bodies(executor) == 1
