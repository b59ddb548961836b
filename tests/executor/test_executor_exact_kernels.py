"""The executor's fast integer kernels (kernels/tosa.py: rescale's folded constants and 8-bit
tables, conv2d through float BLAS, depthwise_conv2d in the result's container) give what the
TOSA pseudocode gives, computed here the plain way in int64, bit for bit: on random operands,
the extreme values of each type, nonzero zero points, per-channel scales and both rounding modes;
a large linalg.generic run block by block gives every point's value; and float MATMUL sums in
the spec's order, as TFLite's reference float BATCH_MATMUL and FULLY_CONNECTED do."""
from __future__ import annotations

import numpy as np
import pytest

from runtime_check.executor import Executor
from tfl2quant.ir.parser import parse_module

RNG = np.random.default_rng(15)
INFO = {"i8": np.iinfo(np.int8), "i16": np.iinfo(np.int16), "i32": np.iinfo(np.int32)}
DTYPE = {"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64}


def tensor(shape, elem):
    return "tensor<" + "".join(f"{d}x" for d in shape) + elem + ">"


def const(name, values: np.ndarray, elem):
    return (f'%{name} = "tosa.const"() {{values = dense<{np.asarray(values).tolist()}> : '
            f'{tensor(np.shape(values), elem)}}} : () -> {tensor(np.shape(values), elem)}')


def operand(shape, elem, unsigned=False) -> np.ndarray:
    """Random values of the type with its extremes in the first places (the clamps and the
    largest products)."""
    info = np.iinfo(np.dtype(DTYPE[elem]).str.replace("i", "u") if unsigned else DTYPE[elem])
    x = RNG.integers(int(info.min), int(info.max), shape, endpoint=True)
    flat = x.reshape(-1)
    flat[:4] = [info.min, info.max, info.min + 1, info.max - 1][:flat.size]
    return x.astype(DTYPE[elem]) if not unsigned else x.astype(info.dtype).view(DTYPE[elem])


def run(body: str, args: list[tuple[np.ndarray, str]], result: str) -> list[np.ndarray]:
    """Run the one-op function on each argument set twice (the second run uses the plan's
    cached constants)."""
    signature = ", ".join(f"%a{k}: {tensor(a.shape, e)}" for k, (a, e) in enumerate(args))
    module = parse_module(f"func.func @main({signature}) -> {result} {{\n  {body}\n"
                          f"  return %0 : {result}\n}}\n")
    executor = Executor(module)
    first = executor.run([a for a, _ in args])
    again = executor.run([a for a, _ in args])
    np.testing.assert_array_equal(first[0], again[0])
    return first[0]


def rescale_reference(x, m, s, izp, ozp, double_round, in_unsigned, out_elem, out_unsigned):
    """TOSA 1.0 RESCALE with apply_scale_32, element by element as the spec writes it, in int64."""
    value = (x.view(x.dtype.str.replace("i", "u")) if in_unsigned else x).astype(np.int64) - izp
    m, s = m.astype(np.int64), s.astype(np.int64)
    rounding = np.left_shift(np.int64(1), s - 1)
    if double_round:
        rounding = rounding + np.where(s > 31, np.where(value >= 0, 1 << 30, -(1 << 30)), 0)
    result = ((value * m + rounding) >> s) + ozp
    dtype = np.dtype(DTYPE[out_elem])
    info = np.iinfo(dtype.str.replace("i", "u")) if out_unsigned else np.iinfo(dtype)
    result = np.clip(result, int(info.min), int(info.max))
    return result.astype(info.dtype).view(dtype)


@pytest.mark.parametrize("in_elem", ["i8", "i16", "i32"])
@pytest.mark.parametrize("out_elem", ["i8", "i16", "i32"])
@pytest.mark.parametrize("per_channel", [False, True])
def test_rescale_is_the_pseudocode(in_elem, out_elem, per_channel):
    for trial in range(6):
        shape = (4, 70, 60, int(RNG.integers(1, 6))) if trial == 5 else (2, 3, int(RNG.integers(1, 6)))  # 5: blocks
        channels = shape[-1] if per_channel else 1
        m = RNG.integers(0, 1 << 31, channels).astype(np.int32)
        m[0] = (1 << 31) - 1
        s = RNG.integers(2, 63, channels).astype(np.int8)
        s[-1] = [2, 31, 32, 62, 40, 20][trial]
        double_round = trial % 2 == 0
        in_unsigned = in_elem == "i8" and trial in (1, 4)
        out_unsigned = out_elem == "i8" and trial in (2, 4)
        izp = int(RNG.integers(0, 256)) if in_unsigned else int(RNG.integers(-128, 128)) if in_elem == "i8" else 0
        ozp = int(RNG.integers(0, 256)) if out_unsigned else int(RNG.integers(-128, 128)) if out_elem == "i8" else 0
        x = operand(shape, in_elem, in_unsigned)
        mode = "DOUBLE_ROUND" if double_round else "SINGLE_ROUND"
        izp_arr = np.array([izp if not in_unsigned else izp - 256 * (izp > 127)])
        ozp_arr = np.array([ozp if not out_unsigned else ozp - 256 * (ozp > 127)])
        body = "\n  ".join([
            const("m", m, "i32"), const("s", s, "i8"), const("iz", izp_arr, in_elem), const("oz", ozp_arr, out_elem),
            f'%0 = "tosa.rescale"(%a0, %m, %s, %iz, %oz) {{scale32 = true, rounding_mode = '
            f'#tosa.rounding_mode<{mode}>, per_channel = {str(per_channel).lower()}, input_unsigned = '
            f'{str(in_unsigned).lower()}, output_unsigned = {str(out_unsigned).lower()}}} : '
            f'({tensor(shape, in_elem)}, {tensor([channels], "i32")}, {tensor([channels], "i8")}, '
            f'tensor<1x{in_elem}>, tensor<1x{out_elem}>) -> {tensor(shape, out_elem)}'])
        got = run(body, [(x, in_elem)], tensor(shape, out_elem))
        want = rescale_reference(x, m, s, izp, ozp, double_round, in_unsigned, out_elem, out_unsigned)
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want, err_msg=f"trial {trial}: m={m} s={s} izp={izp} ozp={ozp}")


def conv_reference(x, w, bias, izp, wzp, stride, dilation, pad, out_hw, depthwise):
    """The sum over taps of (x - izp) * (w - wzp) in int64, plus the bias (no float, no
    container arithmetic). w: [OC, KH, KW, IC], or [KH, KW, C, M] when depthwise."""
    xp = np.pad(x.astype(np.int64) - izp, ((0, 0), pad[0:2], pad[2:4], (0, 0)))
    w = w.astype(np.int64) - wzp
    kh, kw = w.shape[0:2] if depthwise else w.shape[1:3]
    n, (oh, ow) = x.shape[0], out_hw
    acc = np.zeros((n, oh, ow, w.shape[2] * w.shape[3] if depthwise else w.shape[0]), np.int64)
    for ky in range(kh):
        for kx in range(kw):
            y, z = ky * dilation[0], kx * dilation[1]
            tap = xp[:, y:y + (oh - 1) * stride[0] + 1:stride[0], z:z + (ow - 1) * stride[1] + 1:stride[1]]
            if depthwise:
                acc += (tap[..., :, None] * w[ky, kx]).reshape(acc.shape)
            else:
                acc += tap @ w[:, ky, kx, :].T
    return acc + bias


@pytest.mark.parametrize("depthwise", [False, True])
@pytest.mark.parametrize("in_elem,acc_elem", [("i8", "i32"), ("i16", "i48")])
def test_integer_convolutions_are_the_exact_sums(depthwise, in_elem, acc_elem):
    for trial in range(8):
        kh, kw = [(1, 1), (3, 3), (1, 1), (2, 3), (5, 5), (3, 1), (1, 1), (3, 3)][trial]
        stride = [(1, 1), (2, 2), (2, 1), (1, 2), (1, 1), (2, 2), (1, 1), (1, 1)][trial]
        dilation = (1, 1) if trial % 3 else (2, 1)
        pad = (0, 0, 0, 0) if trial in (0, 2, 6) else tuple(int(p) for p in RNG.integers(0, 3, 4))
        c = 600 if trial == 6 and not depthwise else int(RNG.integers(1, 5))  # 600: past float32's reach
        m = int(RNG.integers(1, 3)) if depthwise else int(RNG.integers(1, 5))
        h, w_ = int(RNG.integers(5, 9)), int(RNG.integers(5, 9))
        oh = (h + pad[0] + pad[1] - (kh - 1) * dilation[0] - 1) // stride[0] + 1
        ow = (w_ + pad[2] + pad[3] - (kw - 1) * dilation[1] - 1) // stride[1] + 1
        x = operand((1, h, w_, c), in_elem)
        weights = operand((kh, kw, c, m) if depthwise else (m, kh, kw, c), "i8")
        if trial == 7:  # the weights' extremes everywhere: the largest sums
            weights[...] = -128
            x[...] = INFO[in_elem].max
        channels = c * m if depthwise else m
        bias = operand((channels,), "i32").astype(np.int64)
        if acc_elem == "i48":
            bias = bias * 4096
        izp = int(RNG.integers(-128, 128)) if in_elem == "i8" else 0
        wzp = 0
        name = "depthwise_conv2d" if depthwise else "conv2d"
        body = "\n  ".join([
            const("w", weights, "i8"), const("bias", bias, acc_elem),
            const("iz", np.array([izp]), in_elem), const("wz", np.array([wzp]), "i8"),
            f'%0 = "tosa.{name}"(%a0, %w, %bias, %iz, %wz) {{acc_type = {acc_elem}, '
            f'dilation = array<i64: {dilation[0]}, {dilation[1]}>, pad = array<i64: {", ".join(map(str, pad))}>, '
            f'stride = array<i64: {stride[0]}, {stride[1]}>}} : ({tensor(x.shape, in_elem)}, '
            f'{tensor(weights.shape, "i8")}, {tensor([channels], acc_elem)}, tensor<1x{in_elem}>, tensor<1xi8>) '
            f'-> {tensor([1, oh, ow, channels], acc_elem)}'])
        got = run(body, [(x, in_elem)], tensor([1, oh, ow, channels], acc_elem))
        want = conv_reference(x, weights, bias, izp, wzp, stride, dilation, pad, (oh, ow), depthwise)
        if acc_elem == "i32":
            want = want.astype(np.int32)  # wraps as the i32 result does
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want, err_msg=f"trial {trial}")


GENERIC = """
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#last = affine_map<(d0, d1, d2) -> (d2)>
func.func @main(%x: tensor<3x200x100xi32>, %m: tensor<100xi64>) -> (tensor<3x200x100xi16>, tensor<3x200x100xi64>) {
  %e = tensor.empty() : tensor<3x200x100xi16>
  %f = tensor.empty() : tensor<3x200x100xi64>
  %0 = linalg.generic {indexing_maps = [#id, #last, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %m : tensor<3x200x100xi32>, tensor<100xi64>) outs(%e : tensor<3x200x100xi16>) {
  ^bb0(%a: i32, %b: i64, %o: i16):
    %1 = arith.extsi %a : i32 to i64
    %2 = arith.muli %1, %b : i64
    %c = arith.constant 7 : i64
    %3 = arith.shrsi %2, %c : i64
    %4 = arith.trunci %3 : i64 to i16
    linalg.yield %4 : i16
  } -> tensor<3x200x100xi16>
  %5 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<3x200x100xi32>) outs(%f : tensor<3x200x100xi64>) {
  ^bb0(%a: i32, %o: i64):
    %6 = arith.extsi %a : i32 to i64
    %7 = linalg.index 1 : index
    %8 = arith.index_cast %7 : index to i64
    %9 = arith.addi %6, %8 : i64
    linalg.yield %9 : i64
  } -> tensor<3x200x100xi64>
  return %0, %5 : tensor<3x200x100xi16>, tensor<3x200x100xi64>
}
"""


def test_a_large_generic_runs_block_by_block_with_the_whole_spaces_values():
    """60,000 points: the first body runs in blocks (its per-channel operand broadcast into
    each), the second reads linalg.index and runs whole; both give every point's value."""
    x = operand((3, 200, 100), "i32")
    m = RNG.integers(-(1 << 31), 1 << 31, 100)
    executor = Executor(parse_module(GENERIC))
    for _ in range(2):
        scaled, indexed = executor.run([x, m])
        want = (x.astype(np.int64) * m) >> 7
        np.testing.assert_array_equal(scaled, want.astype(np.int16))  # trunci: the low 16 bits
        np.testing.assert_array_equal(indexed, x.astype(np.int64) + np.arange(200)[:, None])


@pytest.mark.parametrize("elem", ["i8", "i16", "i32"])
def test_add_sub_mul_and_table_are_the_exact_values_wrapped(elem):
    """add, sub and an unshifted mul in the result's container wrap as the exact int64 values
    wrapped to i32 do (TOSA leaves the overflow to the implementation; we wrap); TABLE through
    the table rotated to the bits' order."""
    shape = (3, 7, 5)
    a, b = operand(shape, elem), operand(shape, elem)
    table = operand((256,), "i8")
    shift = int(RNG.integers(1, 31))
    t = tensor(shape, elem)
    mul_result = "i32"
    ops = [const("z", np.array([0]), "i8"), const("sh", np.array([shift]), "i8"),
           f'%0 = "tosa.add"(%a0, %a1) : ({t}, {t}) -> {t}',
           f'%1 = "tosa.sub"(%a0, %a1) : ({t}, {t}) -> {t}',
           f'%2 = "tosa.mul"(%a0, %a1, %z) : ({t}, {t}, tensor<1xi8>) -> {tensor(shape, mul_result)}',
           f'%3 = "tosa.mul"(%a0, %a1, %sh) : ({t}, {t}, tensor<1xi8>) -> {tensor(shape, mul_result)}']
    results = [t, t, tensor(shape, mul_result), tensor(shape, mul_result)]
    if elem == "i8":
        ops.insert(0, const("tab", table, "i8"))
        ops.append(f'%4 = "tosa.table"(%a0, %tab) : ({t}, tensor<256xi8>) -> {t}')
        results.append(t)
    names = ", ".join(f"%{k}" for k in range(len(results)))
    module = parse_module(f"func.func @main(%a0: {t}, %a1: {t}) -> ({', '.join(results)}) {{\n  "
                          + "\n  ".join(ops) + f"\n  return {names} : {', '.join(results)}\n}}\n")
    got = Executor(module).run([a, b])
    x, y = a.astype(np.int64), b.astype(np.int64)
    dtype = DTYPE[elem]
    np.testing.assert_array_equal(got[0], (x + y).astype(dtype))
    np.testing.assert_array_equal(got[1], (x - y).astype(dtype))
    np.testing.assert_array_equal(got[2], (x * y).astype(np.int32))
    if elem != "i32":  # an i32 * i32 product with a rounding shift needs more than int64 here
        np.testing.assert_array_equal(got[3], ((x * y + (1 << (shift - 1))) >> shift).astype(np.int32))
    if elem == "i8":
        np.testing.assert_array_equal(got[4], table[x + 128])


@pytest.mark.parametrize("elem", ["i8", "i16", "i32", "i64"])
def test_arith_shifts_in_the_container_are_the_int64_shifts_wrapped(elem):
    """arith.shli and arith.shrsi run in the operands' full-width container: numpy gives a
    count outside [0, width) the value the int64 shift wrapped has (0, or the sign)."""
    width = int(elem[1:])
    dtype = DTYPE[elem]
    x = np.concatenate([operand((400,), elem).astype(dtype), np.array([-1, 0, 1], dtype)])
    counts = np.array(list(range(-3, 70)) * 6)[:x.size].astype(dtype)  # negative, inside, past the width
    t = tensor(x.shape, elem)
    module = parse_module(f"func.func @main(%a: {t}, %b: {t}) -> ({t}, {t}) {{\n"
                          f'  %0 = "arith.shli"(%a, %b) : ({t}, {t}) -> {t}\n'
                          f'  %1 = "arith.shrsi"(%a, %b) : ({t}, {t}) -> {t}\n'
                          f"  return %0, %1 : {t}, {t}\n}}\n")
    left, right = Executor(module).run([x, counts])
    x64, c64 = x.astype(np.int64), counts.astype(np.int64)
    inside = (c64 >= 0) & (c64 < width)
    want_left = np.where(inside, x64 << np.where(inside, c64, 0), 0)
    want_right = np.where(inside, x64 >> np.where(inside, c64, 0), np.where(x64 < 0, -1, 0))
    np.testing.assert_array_equal(left, want_left.astype(dtype))  # the low bits: wrapped
    np.testing.assert_array_equal(right, want_right.astype(dtype))


def combine_module(shape, out_elem, k, lo, hi, one=1) -> str:
    """The int16x8 convolution's combine generic (legalize's form after canonicalize), on
    [N, H, W, C] accumulators and per-channel bias, multiplier and shift."""
    n = len(shape)
    dims = ", ".join(f"d{i}" for i in range(n))
    acc, out, ch = tensor(shape, "i32"), tensor(shape, out_elem), tensor(shape[-1:], "i64")
    return f"""#id = affine_map<({dims}) -> ({dims})>
#last = affine_map<({dims}) -> (d{n - 1})>
func.func @main(%hi: {acc}, %lo: {acc}, %b: {ch}, %m: {ch}, %s: {ch}) -> {out} {{
  %e = tensor.empty() : {out}
  %0 = linalg.generic {{indexing_maps = [#id, #id, #last, #last, #last, #id], iterator_types = [{", ".join(['"parallel"'] * n)}]}} ins(%hi, %lo, %b, %m, %s : {acc}, {acc}, {ch}, {ch}, {ch}) outs(%e : {out}) {{
  ^bb0(%in: i32, %in1: i32, %in2: i64, %in3: i64, %in4: i64, %o: {out_elem}):
    %1 = arith.extsi %in : i32 to i64
    %k = arith.constant {k} : i64
    %2 = arith.muli %1, %k : i64
    %3 = arith.extsi %in1 : i32 to i64
    %4 = arith.addi %2, %3 : i64
    %5 = arith.addi %4, %in2 : i64
    %one = arith.constant {one} : i64
    %minus = arith.constant -1 : i64
    %6 = arith.addi %in4, %minus : i64
    %7 = arith.shli %one, %6 : i64
    %8 = arith.muli %5, %in3 : i64
    %9 = arith.addi %8, %7 : i64
    %10 = arith.shrsi %9, %in4 : i64
    %11 = arith.trunci %10 : i64 to i32
    %low = arith.constant {lo} : i32
    %12 = arith.maxsi %11, %low : i32
    %high = arith.constant {hi} : i32
    %13 = arith.minsi %12, %high : i32
    %14 = arith.trunci %13 : i32 to {out_elem}
    linalg.yield %14 : {out_elem}
  }} -> {out}
  return %0 : {out}
}}
"""


@pytest.mark.parametrize("out_elem", ["i8", "i16", "i32"])
@pytest.mark.parametrize("shape", [(1, 3, 5, 7), (2, 60, 50, 16), (1, 130, 130, 1)])  # whole, blocks, C = 1
def test_int16x8_combine_is_its_body_op_by_op(out_elem, shape):
    """The fused combine kernel (kernels/fused.py) gives what the generic's 18 body ops give one
    by one: extreme accumulators (products that wrap modulo 2^64), negative sums (the shift
    rounds toward -inf), multipliers up to 2^40 and negative, shifts of 1, 31, 62, 63 and
    outside [0, 64), clamp bounds that cut and do not; and a body it does not recognise (1
    replaced by 2) still runs op by op."""
    from runtime_check.executor import plan as executor_module
    from runtime_check.executor.kernels.fused import recognise

    c = shape[-1]
    high, low = operand(shape, "i32"), operand(shape, "i32")
    high.reshape(-1)[4:8] = [0, -1, 1, -(1 << 20)]
    low.reshape(-1)[4:8] = [0, 0, 1 << 20, 5]
    bias = RNG.integers(-(1 << 40), 1 << 40, c)
    m = RNG.integers(1, 1 << 16, c)
    s = RNG.integers(1, 40, c)
    special_m, special_s = [(1 << 31) - 1, 1 << 40, -12345, 0, 1, 32767, 3], [1, 31, 62, 63, 64, 0, -2]
    m[:min(c, 7)], s[:min(c, 7)] = special_m[:c], special_s[:c]
    bias[0] = -(1 << 62) if c > 1 else bias[0]
    lo, hi = {"i8": (-128, 127), "i16": (0, 32767), "i32": (-(1 << 31), (1 << 31) - 1)}[out_elem]
    for k, one in [(256, 1), (256, 2), (-7, 1)]:
        module = parse_module(combine_module(shape, out_elem, k, lo, hi, one))
        generic = next(op for op in next(iter(module.functions())).body.ops if op.name == "linalg.generic")
        assert (recognise(generic) is not None) == (one == 1)
        args = [high, low, bias, m, s]
        fused = Executor(module).run(args)[0]
        real = executor_module.recognise
        executor_module.recognise = lambda *a: None  # the plain path: each body op's kernel
        try:
            plain = Executor(module).run(args)[0]
        finally:
            executor_module.recognise = real
        assert fused.dtype == plain.dtype == DTYPE[out_elem]
        np.testing.assert_array_equal(fused, plain)
        if one == 1:  # and what the ops mean, in Python integers (the ring of 2^64), for a sample
            for idx in [(0,) * len(shape), tuple(d - 1 for d in shape)]:
                ch = idx[-1]
                v = ((int(high[idx]) * k + int(low[idx]) + int(bias[ch])) * int(m[ch])) % (1 << 64)
                sh = int(s[ch])
                v = v - (1 << 64) if v >= 1 << 63 else v
                rnd = (1 << (sh - 1)) if 0 <= sh - 1 < 64 else 0
                r = ((v + rnd + (1 << 63)) % (1 << 64)) - (1 << 63)
                r = r >> sh if 0 <= sh < 64 else (-1 if r < 0 else 0)
                r = ((r + (1 << 31)) % (1 << 32)) - (1 << 31)
                assert fused[idx] == min(max(r, lo), hi), idx


def pair_module(x_shape, weights, bias_a, bias_b, depthwise, stride, pad, out_shape, out_elem, lo, hi,
                xor=-128, izp_b=-128) -> str:
    """legalize's int16x8 convolution: the input's high byte (x >> 8) and low byte ((i8) x ^ -128,
    zero point -128) through two 8-bit convolutions with the same weights, then the combine."""
    name = "depthwise_conv2d" if depthwise else "conv2d"
    t16, t8 = tensor(x_shape, "i16"), tensor(x_shape, "i8")
    acc, c = tensor(out_shape, "i32"), out_shape[-1]
    conv = (f'{{acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: {", ".join(map(str, pad))}>, '
            f'stride = array<i64: {stride[0]}, {stride[1]}>}} : ({t8}, {tensor(weights.shape, "i8")}, '
            f'{tensor([c], "i32")}, tensor<1xi8>, tensor<1xi8>) -> {acc}')
    combine = combine_module(out_shape, out_elem, 256, lo, hi)
    generic = combine[combine.index("  %e = tensor.empty"):combine.index("  return")]
    generic = generic.replace("ins(%hi, %lo, %b, %m, %s", "ins(%A, %B, %b, %m, %s")
    return combine[:combine.index("func.func")] + f"""func.func @main(%x: {t16}, %b: {tensor([c], "i64")}, %m: {tensor([c], "i64")}, %s: {tensor([c], "i64")}) -> {tensor(out_shape, out_elem)} {{
  %eight = "tosa.const"() {{values = dense<8> : tensor<1x1x1x1xi16>}} : () -> tensor<1x1x1x1xi16>
  %sh = "tosa.arithmetic_right_shift"(%x, %eight) {{round = false}} : ({t16}, tensor<1x1x1x1xi16>) -> {t16}
  %high8 = "tosa.cast"(%sh) : ({t16}) -> {t8}
  %cut = "tosa.cast"(%x) : ({t16}) -> {t8}
  %flip = "tosa.const"() {{values = dense<{xor}> : tensor<1x1x1x1xi8>}} : () -> tensor<1x1x1x1xi8>
  %low8 = "tosa.bitwise_xor"(%cut, %flip) : ({t8}, tensor<1x1x1x1xi8>) -> {t8}
  {const("w", weights, "i8")}
  {const("ba", bias_a, "i32")}
  {const("bb", bias_b, "i32")}
  %z = "tosa.const"() {{values = dense<0> : tensor<1xi8>}} : () -> tensor<1xi8>
  %zb = "tosa.const"() {{values = dense<{izp_b}> : tensor<1xi8>}} : () -> tensor<1xi8>
  %A = "tosa.{name}"(%high8, %w, %ba, %z, %z) {conv}
  %B = "tosa.{name}"(%low8, %w, %bb, %zb, %z) {conv}
{generic}  return %0 : {tensor(out_shape, out_elem)}
}}
"""


def plain_run(module, args, results=1):
    """The module run op by op: no fused kernels (kernels/fused.py)."""
    from runtime_check.executor import plan as executor_module
    real, plan = executor_module.recognise, executor_module.ByteFunctions.plan
    executor_module.recognise = lambda *a: None
    executor_module.ByteFunctions.plan = lambda *a: None
    try:
        out = Executor(module).run(args)
        return out[0] if results == 1 else out
    finally:
        executor_module.recognise, executor_module.ByteFunctions.plan = real, plan


@pytest.mark.parametrize("depthwise", [False, True])
def test_int16x8_convolution_pair_is_one_16_bit_convolution(depthwise):
    """The two 8-bit convolutions of an int16x8 convolution and their combine, run as one
    convolution of the 16-bit input (kernels/fused.py), give the ops' own results: extreme
    inputs, padding, strides, biases, a clamp, and more than float32's reach (many channels);
    the convolutions and the byte split then do not run. Not fused (and still the ops'
    results): other weights' or zero points' variants, and biases that would wrap A's i32."""
    from runtime_check.executor.plan import _Planner

    for trial in range(6):
        kh, kw = [(3, 3), (1, 1), (3, 3), (5, 5), (3, 3), (1, 1)][trial]
        stride = [(1, 1), (1, 1), (2, 2), (2, 1), (1, 1), (1, 1)][trial]
        pad = (0, 0, 0, 0) if kh == 1 else (1, 1, 1, 1) if trial != 3 else (2, 1, 0, 2)
        c = 1 if trial == 5 else (300 if trial == 1 and not depthwise else int(RNG.integers(2, 6)))
        m = 1 if depthwise else int(RNG.integers(2, 6))
        h, w_ = int(RNG.integers(5, 9)), int(RNG.integers(5, 9))
        oh = (h + pad[0] + pad[1] - kh) // stride[0] + 1
        ow = (w_ + pad[2] + pad[3] - kw) // stride[1] + 1
        x = operand((1, h, w_, c), "i16")
        weights = operand((kh, kw, c, m) if depthwise else (m, kh, kw, c), "i8")
        if trial == 4:  # every product at its extreme
            weights[...] = -128
            x[...] = -32768
        channels = c * m if depthwise else m
        bias_a, bias_b = operand((channels,), "i32") >> 12, operand((channels,), "i32") >> 12
        out_shape = (1, oh, ow, channels)
        gb = RNG.integers(-(1 << 30), 1 << 30, channels)
        fine = trial % 2 == 1  # every unit of the sum shows: a shift of 1 to 3, no clamp
        mult = RNG.integers(1, 4, channels) if fine else RNG.integers(1 << 14, 1 << 15, channels)
        shift = RNG.integers(1, 4, channels) if fine else RNG.integers(20, 30, channels)
        out_elem, lo, hi = ("i32", -(1 << 31), (1 << 31) - 1) if fine else ("i16", 0, 32767)
        variants = [dict(), dict(xor=-127), dict(izp_b=-127), dict(huge=True)] if trial == 0 else [dict()]
        for variant in variants:
            ba = bias_a.copy()
            if variant.pop("huge", False):
                ba[0] = (1 << 31) - 1  # A may wrap: not fused
            text = pair_module(x.shape, weights, ba, bias_b, depthwise, stride, pad, out_shape, out_elem, lo, hi,
                               **variant)
            module = parse_module(text)
            args = [x, gb, mult, shift]
            got = Executor(module).run(args)[0]
            np.testing.assert_array_equal(got, plain_run(module, args), err_msg=f"trial {trial} {variant}")
            planner = _Planner(Executor(module))
            names = [s.ctx.op.name for s in planner.function(next(iter(module.functions()))).body.steps]
            fused = "tosa.bitwise_xor" not in names
            assert fused == (trial != 0 or variant == {} and ba[0] == bias_a[0]), (trial, variant, names)
            if fused:
                assert not any(n.startswith(("tosa.conv2d", "tosa.depthwise", "tosa.cast", "tosa.arithmetic")) for n in names)


def byte_chain_module(shape, table, out_unsigned: bool) -> str:
    """EfficientNet's swish on an i8 tensor (rescale to i32 minus the zero point, TABLE, MUL,
    DOUBLE_ROUND rescale back), then a clamp, an add of the input, a cast; %r1 also returned
    (read outside the chain), %pc a per-channel rescale (not a function of the byte alone)
    and %two an add of two tensors (two sources)."""
    c = shape[-1]
    t8, t32, tu8 = tensor(shape, "i8"), tensor(shape, "i32"), tensor(shape, "ui8")
    scalar = lambda name, v, e: f'%{name} = "tosa.const"() {{values = dense<{v}> : tensor<1x{e}>}} : () -> tensor<1x{e}>'
    rescale = ('"tosa.rescale"({}) {{input_unsigned = false, output_unsigned = {}, per_channel = {}, '
               'rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, scale32 = true}}')
    out_ty = tu8 if out_unsigned else t8
    return f"""func.func @main(%x: {t8}, %y: {t8}) -> ({out_ty}, {t32}, {t8}, {t8}, {t32}) {{
  {scalar("m30", 1 << 30, "i32")}
  {scalar("s30", 30, "i8")}
  {scalar("zx", -15, "i8")}
  {scalar("z32", 0, "i32")}
  {scalar("z8", 0, "i8")}
  {scalar("zt", 7, "i8")}
  {scalar("mo", 1880739584, "i32")}
  {scalar("so", 38, "i8")}
  {scalar("zo", 121 if out_unsigned else -121, "i8")}
  {const("tab", table, "i8")}
  {const("mc", np.arange(1, c + 1) * 123456789 % (1 << 31), "i32")}
  {const("sc", np.full(c, 33), "i8")}
  %t = "tosa.table"(%x, %tab) : ({t8}, tensor<256xi8>) -> {t8}
  %r1 = {rescale.format("%x, %m30, %s30, %zx, %z32", "false", "false")} : ({t8}, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> {t32}
  %r2 = {rescale.format("%t, %m30, %s30, %zt, %z32", "false", "false")} : ({t8}, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> {t32}
  %p = "tosa.mul"(%r1, %r2, %z8) : ({t32}, {t32}, tensor<1xi8>) -> {t32}
  %o = {rescale.format("%p, %mo, %so, %z32, %zo", "true" if out_unsigned else "false", "false")} : ({t32}, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> {out_ty}
  %pc = {rescale.format("%x, %mc, %sc, %z8, %z32", "false", "true")} : ({t8}, {tensor([c], "i32")}, {tensor([c], "i8")}, tensor<1xi8>, tensor<1xi32>) -> {t32}
  %q = "tosa.mul"(%pc, %r1, %z8) : ({t32}, {t32}, tensor<1xi8>) -> {t32}
  %cl = "tosa.clamp"(%t) {{max_val = 100 : i8, min_val = -3 : i8}} : ({t8}) -> {t8}
  %two = "tosa.add"(%cl, %y) : ({t8}, {t8}) -> {t8}
  %sum = "tosa.add"(%cl, %x) : ({t8}, {t8}) -> {t8}
  return %o, %r1, %two, %sum, %q : {out_ty}, {t32}, {t8}, {t8}, {t32}
}}
"""


@pytest.mark.parametrize("out_unsigned", [False, True])
def test_a_chain_on_one_byte_tensor_is_a_table_of_its_results(out_unsigned):
    """Elementwise chains on one 8-bit tensor with one-element constants run as a lookup in
    the table of their 256 results (kernels/fused.py ByteFunctions): the ops' own results,
    every byte value present, an unsigned result, a value also read outside the chain;
    per-channel constants and two sources are left to the ops."""
    from runtime_check.executor.plan import _Planner

    shape = (2, 9, 16, 5)
    x = np.concatenate([np.arange(-128, 128), operand((int(np.prod(shape)) - 256,), "i8")]).astype(np.int8)
    x = x.reshape(shape)
    y = operand(shape, "i8")
    table = operand((256,), "i8")
    module = parse_module(byte_chain_module(shape, table, out_unsigned))
    got = Executor(module).run([x, y])
    want = plain_run(module, [x, y], results=5)
    for g, w in zip(got, want):
        assert g.dtype == w.dtype
        np.testing.assert_array_equal(g, w)
    planner = _Planner(Executor(module))
    func = next(iter(module.functions()))
    steps = planner.function(func).body.steps
    source = (planner.slots[func.body.args[0]],)
    lookups = sorted(s.ctx.op.name for s in steps if s.operands == source)
    # the swish's last rescale, the clamp of the TABLE and the add of the input are lookups in
    # %x; the TABLE, the rescale of its result and the MUL, read by nothing else, are not run;
    # the per-channel rescale, the MUL of its result and the add of %y run as their ops
    assert lookups == ["tosa.add", "tosa.clamp", "tosa.rescale"], lookups
    assert sorted(s.ctx.op.name for s in steps if s.operands != source) == [
        "tosa.add", "tosa.mul", "tosa.rescale", "tosa.rescale"]


@pytest.mark.parametrize("src,dst", [("i32", "i16"), ("i16", "i8"), ("i8", "i32"), ("i16", "i32"), ("i32", "i8"),
                                     ("i8", "ui8"), ("i32", "ui16"), ("i8", "i4"), ("i16", "i48")])
def test_integer_cast_keeps_the_low_bits(src, dst):
    """tosa.cast between integer types is the value wrapped to the result's width (two's
    complement), whether numpy casts directly (a container of the width) or through int64."""
    x = operand((3, 50), src)
    t_in = tensor(x.shape, src)
    module = parse_module(f'func.func @main(%a: {t_in}) -> {tensor(x.shape, dst)} {{\n'
                          f'  %0 = "tosa.cast"(%a) : ({t_in}) -> {tensor(x.shape, dst)}\n'
                          f'  return %0 : {tensor(x.shape, dst)}\n}}\n')
    got = Executor(module).run([x])[0]
    width = int(dst.lstrip("ui"))
    v = x.astype(np.int64) & ((1 << width) - 1)
    if not dst.startswith("u"):
        v = np.where(v >= 1 << (width - 1), v - (1 << width), v)
    np.testing.assert_array_equal(got.astype(np.int64) & ((1 << width) - 1) if dst.startswith("u") else got, v)


def word_chain_module(shape, values, offset: int) -> str:
    """An int16 LUT as legalize writes one: rescale to i32, shift, reshape to [1, N], GATHER in
    a constant [1, K, 1] table, reshape back, MUL by the input, a rescale to i16."""
    n = int(np.prod(shape))
    t16, t32 = tensor(shape, "i16"), tensor(shape, "i32")
    flat, gathered = tensor([1, n], "i32"), tensor([1, n, 1], "i32")
    scalar = lambda name, v, e: f'%{name} = "tosa.const"() {{values = dense<{v}> : tensor<1x{e}>}} : () -> tensor<1x{e}>'
    rescale = ('"tosa.rescale"({}) {{input_unsigned = false, output_unsigned = false, per_channel = false, '
               'rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, scale32 = true}}')
    ones = "x".join("1" for _ in shape)
    return f"""func.func @main(%x: {t16}) -> {t16} {{
  {scalar("m30", 1 << 30, "i32")}
  {scalar("s30", 30, "i8")}
  {scalar("z16", 0, "i16")}
  {scalar("z32", 0, "i32")}
  {scalar("z8", 0, "i8")}
  {scalar("mo", 1717986918, "i32")}
  {scalar("so", 40, "i8")}
  %four = "tosa.const"() {{values = dense<4> : tensor<{ones}xi32>}} : () -> tensor<{ones}xi32>
  %off = "tosa.const"() {{values = dense<{offset}> : tensor<{ones}xi32>}} : () -> tensor<{ones}xi32>
  %lut = "tosa.const"() {{values = dense<{values.reshape(1, -1, 1).tolist()}> : {tensor([1, values.size, 1], "i32")}}} : () -> {tensor([1, values.size, 1], "i32")}
  %flat = "tosa.const_shape"() {{values = dense<[1, {n}]> : tensor<2xindex>}} : () -> !tosa.shape<2>
  %back = "tosa.const_shape"() {{values = dense<{list(shape)}> : tensor<{len(shape)}xindex>}} : () -> !tosa.shape<{len(shape)}>
  %w = {rescale.format("%x, %m30, %s30, %z16, %z32")} : ({t16}, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>, tensor<1xi32>) -> {t32}
  %sh = "tosa.arithmetic_right_shift"(%w, %four) {{round = false}} : ({t32}, tensor<{ones}xi32>) -> {t32}
  %ix = "tosa.add"(%sh, %off) : ({t32}, tensor<{ones}xi32>) -> {t32}
  %r = "tosa.reshape"(%ix, %flat) : ({t32}, !tosa.shape<2>) -> {flat}
  %g = "tosa.gather"(%lut, %r) : ({tensor([1, values.size, 1], "i32")}, {flat}) -> {gathered}
  %gb = "tosa.reshape"(%g, %back) : ({gathered}, !tosa.shape<{len(shape)}>) -> {t32}
  %p = "tosa.mul"(%gb, %w, %z8) : ({t32}, {t32}, tensor<1xi8>) -> {t32}
  %0 = {rescale.format("%p, %mo, %so, %z32, %z16")} : ({t32}, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi16>) -> {t16}
  return %0 : {t16}
}}
"""


@pytest.mark.parametrize("whole_range", [True, False])
def test_a_chain_on_one_16_bit_tensor_is_a_table_once_it_has_run_as_long(whole_range):
    """A 16-bit chain (GATHER and reshapes included) runs as its ops on the first run, as a
    lookup in its 65,536 results once it has computed as many elements; the same values on
    every run. Where the chain fails on values the input never held (a GATHER index past its
    table), there is no table: it keeps running as its ops, with their results."""
    from runtime_check.executor.plan import _Planner

    shape = (1, 128, 512, 1)  # 65,536 elements: the table after one run
    if whole_range:
        x = np.arange(-32768, 32768).astype(np.int16)
        RNG.shuffle(x)
        values, offset = operand((4096,), "i32") >> 8, 2048  # every (x >> 4) + 2048 inside
    else:
        x = RNG.integers(-1000, 1000, 65536).astype(np.int16)
        values, offset = operand((130,), "i32") >> 8, 64  # inside for |x| < 1024 only
    x = x.reshape(shape)
    module = parse_module(word_chain_module(shape, values, offset))
    want = plain_run(module, [x])
    executor = Executor(module)
    for _ in range(3):
        np.testing.assert_array_equal(executor.run([x])[0], want)
    planner = _Planner(executor)
    steps = planner.function(next(iter(module.functions()))).body.steps
    assert len(steps) == 1  # the whole chain is the last rescale's lookup
    state = executor._plans["main"].body.steps[0].kernel.state
    assert (state["table"] is not False and state["table"] is not None) == whole_range


@pytest.mark.parametrize(("batch", "m", "k", "n"), [(2, 3, 37, 5), (1, 13, 256, 7)])
def test_float_matmul_sums_in_the_specs_order(batch, m, k, n):
    """acc = 0, then acc + a * b for each k in order, every step rounded to float32: what
    reference_ops::BatchMatMul computes; numpy's BLAS (the kernel before) fails this."""
    a = RNG.normal(0, 1, (batch, m, k)).astype(np.float32)
    b = RNG.normal(0, 1, (batch, k, n)).astype(np.float32)
    body = (f'%z = "tosa.const"() {{values = dense<0.0> : tensor<1xf32>}} : () -> tensor<1xf32>\n  '
            f'%0 = "tosa.matmul"(%a0, %a1, %z, %z) : ({tensor(a.shape, "f32")}, {tensor(b.shape, "f32")}, '
            f'tensor<1xf32>, tensor<1xf32>) -> {tensor((batch, m, n), "f32")}')
    expected = np.zeros((batch, m, n), np.float32)
    for step in range(k):
        expected = expected + a[:, :, step:step + 1] * b[:, step:step + 1, :]
    ours = run(body, [(a, "f32"), (b, "f32")], tensor((batch, m, n), "f32"))
    np.testing.assert_array_equal(ours.view(np.int32), expected.view(np.int32))
