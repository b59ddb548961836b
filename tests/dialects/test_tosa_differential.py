"""Our TOSA verifiers against upstream MLIR's (iree-opt), on random ops.

Each case is one TOSA op of a kind we emit, with random shapes and options,
sometimes made wrong on purpose (a result dimension off by one, a wrong
permutation, a mismatched element type...). Our verifiers may be stricter than
upstream's (the TOSA spec asks more than upstream's verifiers check: a tile's
result shape, a rescale's shift range), never looser: whatever iree-opt
rejects, we reject; and every case built right is accepted by both.
"""
from __future__ import annotations

import re
import subprocess
from bisect import bisect_right
from random import Random

from tfl2quant import dialects  # noqa: F401
from tfl2quant.errors import Tfl2QuantError
from tfl2quant.ir.core import verify
from tfl2quant.ir.parser import parse_module

from ..conftest import iree_opt_path

CASES = 1200


def tensor(shape, elem: str) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + elem + ">"


def const(name: str, values, shape, elem: str) -> str:
    return f'%{name} = "tosa.const"() {{values = dense<{values}> : {tensor(shape, elem)}}} : () -> {tensor(shape, elem)}'


def const_shape(name: str, values) -> str:
    return (f'%{name} = "tosa.const_shape"() {{values = dense<{list(values)}> : tensor<{len(values)}xindex>}} : () '
            f'-> !tosa.shape<{len(values)}>')


class Generator:
    """Random ops: `make()` returns (body, argument types, built right?)."""

    def __init__(self, seed: int):
        self.r = Random(seed)
        self.wrong = False

    def off(self, shape) -> list:
        """The shape, or (sometimes) one dimension off by one: a wrong result."""
        shape = list(shape)
        if shape and self.r.random() < 0.25:
            k = self.r.randrange(len(shape))
            shape[k] = max(1, shape[k] + self.r.choice([-1, 1]))
            self.wrong = True
        return shape

    def dims(self, rank: int) -> list:
        return [self.r.randint(1, 5) for _ in range(rank)]

    def make(self):
        self.wrong = False
        kind = self.r.choice(["binary", "compare", "mul", "conv", "depthwise", "matmul", "max_pool", "avg_pool",
                              "reduce", "argmax", "reshape", "transpose", "pad", "slice", "tile", "concat",
                              "rescale", "clamp", "select", "gather", "table"])
        body, args = getattr(self, kind)(self.r.choice(["f32", "i32", "i8"]))
        return body, args, not self.wrong

    def binary(self, e):
        a = self.dims(self.r.randint(1, 3))
        b = [d if self.r.random() < 0.7 else 1 for d in a]
        e2 = e if self.r.random() < 0.9 else "f16"
        self.wrong |= e2 != e
        op = self.r.choice(["add", "sub", "maximum", "minimum"])
        out = self.off([max(x, y) for x, y in zip(a, b)])
        return (f'%0 = "tosa.{op}"(%a, %b) : ({tensor(a, e)}, {tensor(b, e2)}) -> {tensor(out, e)}',
                [tensor(a, e), tensor(b, e2)])

    def compare(self, e):
        a = self.dims(2)
        result = self.r.choice(["i1", "i1", "i1", "i8"])
        self.wrong |= result != "i1"
        return (f'%0 = "tosa.greater"(%a, %b) : ({tensor(a, e)}, {tensor(a, e)}) -> {tensor(self.off(a), result)}',
                [tensor(a, e), tensor(a, e)])

    def mul(self, e):
        a = self.dims(2)
        out_e = "f32" if e == "f32" else "i32"
        shift = self.r.choice([0, 0, 3])
        self.wrong |= shift != 0 and e != "i32"
        return (const("s", shift, [1], "i8") + "\n  "
                f'%0 = "tosa.mul"(%a, %b, %s) : ({tensor(a, e)}, {tensor(a, e)}, tensor<1xi8>) -> '
                f'{tensor(self.off(a), out_e)}', [tensor(a, e), tensor(a, e)])

    def _window(self, size, kernel, before, after, stride):
        return (size - 1 + before + after - (kernel - 1)) // stride + 1

    def conv(self, e, depthwise=False):
        h, w, c = self.r.randint(3, 9), self.r.randint(3, 9), self.r.randint(1, 3)
        kh, kw, sh, sw = self.r.randint(1, 3), self.r.randint(1, 3), self.r.randint(1, 2), self.r.randint(1, 2)
        pad = [self.r.randint(0, 1) for _ in range(4)]
        # TOSA 1.0 needs the window span to be a multiple of the stride: make it so, mostly
        if self.r.random() < 0.85:
            while (h - 1 + pad[0] + pad[1] - (kh - 1)) % sh:
                h += 1
            while (w - 1 + pad[2] + pad[3] - (kw - 1)) % sw:
                w += 1
        elif (h - 1 + pad[0] + pad[1] - (kh - 1)) % sh or (w - 1 + pad[2] + pad[3] - (kw - 1)) % sw:
            self.wrong = True
        in_e, acc, zero = ("f32", "f32", "0.0") if e == "f32" else ("i8", "i32", "0")
        m = self.r.randint(1, 3)
        weight = [kh, kw, c, m] if depthwise else [m, kh, kw, c]
        channels = c * m if depthwise else m
        out = self.off([1, self._window(h, kh, pad[0], pad[1], sh), self._window(w, kw, pad[2], pad[3], sw), channels])
        name = "depthwise_conv2d" if depthwise else "conv2d"
        return (const("z", zero, [1], in_e) + "\n  " + const("bias", zero, [channels], acc) + "\n  "
                f'%0 = "tosa.{name}"(%a, %b, %bias, %z, %z) {{acc_type = {acc}, dilation = array<i64: 1, 1>, '
                f'pad = array<i64: {", ".join(map(str, pad))}>, stride = array<i64: {sh}, {sw}>}} : '
                f'({tensor([1, h, w, c], in_e)}, {tensor(weight, in_e)}, {tensor([channels], acc)}, '
                f'tensor<1x{in_e}>, tensor<1x{in_e}>) -> {tensor(out, acc)}',
                [tensor([1, h, w, c], in_e), tensor(weight, in_e)])

    def depthwise(self, e):
        return self.conv(e, depthwise=True)

    def matmul(self, e):
        m, k, n = self.r.randint(1, 4), self.r.randint(1, 4), self.r.randint(1, 4)
        in_e, out_e, zero = ("f32", "f32", "0.0") if e == "f32" else ("i8", "i32", "0")
        k2 = k if self.r.random() < 0.85 else k + 1
        self.wrong |= k2 != k
        return (const("z", zero, [1], in_e) + "\n  "
                f'%0 = "tosa.matmul"(%a, %b, %z, %z) : ({tensor([1, m, k], in_e)}, {tensor([1, k2, n], in_e)}, '
                f'tensor<1x{in_e}>, tensor<1x{in_e}>) -> {tensor(self.off([1, m, n]), out_e)}',
                [tensor([1, m, k], in_e), tensor([1, k2, n], in_e)])

    def _pool_geometry(self):
        h, w, c = self.r.randint(3, 8), self.r.randint(3, 8), self.r.randint(1, 3)
        kh, kw, sh, sw = self.r.randint(2, 3), self.r.randint(2, 3), self.r.randint(1, 2), self.r.randint(1, 2)
        pad = [self.r.randint(0, 1) for _ in range(4)]
        while (h + pad[0] + pad[1] - kh) % sh:
            h += 1
        while (w + pad[2] + pad[3] - kw) % sw:
            w += 1
        out = self.off([1, (h + pad[0] + pad[1] - kh) // sh + 1, (w + pad[2] + pad[3] - kw) // sw + 1, c])
        attrs = (f'kernel = array<i64: {kh}, {kw}>, pad = array<i64: {", ".join(map(str, pad))}>, '
                 f'stride = array<i64: {sh}, {sw}>')
        return [1, h, w, c], out, attrs

    def max_pool(self, e):
        x, out, attrs = self._pool_geometry()
        return f'%0 = "tosa.max_pool2d"(%a) {{{attrs}}} : ({tensor(x, e)}) -> {tensor(out, e)}', [tensor(x, e)]

    def avg_pool(self, e):
        x, out, attrs = self._pool_geometry()
        return (const("z", "0.0", [1], "f32") + "\n  "
                f'%0 = "tosa.avg_pool2d"(%a, %z, %z) {{acc_type = f32, {attrs}}} : ({tensor(x, "f32")}, '
                f'tensor<1xf32>, tensor<1xf32>) -> {tensor(out, "f32")}', [tensor(x, "f32")])

    def reduce(self, e):
        a = self.dims(3)
        axis = self.r.randint(0, 3)
        self.wrong |= axis == 3
        out = list(a)
        out[min(axis, 2)] = 1
        return (f'%0 = "tosa.reduce_sum"(%a) {{axis = {axis} : i32}} : ({tensor(a, e)}) -> {tensor(self.off(out), e)}',
                [tensor(a, e)])

    def argmax(self, e):
        a = self.dims(3)
        axis = self.r.randint(0, 2)
        out = self.off(a[:axis] + a[axis + 1:])
        return (f'%0 = "tosa.argmax"(%a) {{axis = {axis} : i32}} : ({tensor(a, "f32")}) -> {tensor(out, "i32")}',
                [tensor(a, "f32")])

    def reshape(self, e):
        a = self.dims(2)
        out = [a[0] * a[1]] if self.r.random() < 0.8 else [a[0] * a[1] + 1]
        self.wrong |= out[0] != a[0] * a[1]
        return (const_shape("s", out) + "\n  "
                f'%0 = "tosa.reshape"(%a, %s) : ({tensor(a, e)}, !tosa.shape<1>) -> {tensor(out, e)}', [tensor(a, e)])

    def transpose(self, e):
        a = self.dims(3)
        perms = [0, 1, 2]
        self.r.shuffle(perms)
        if self.r.random() < 0.15:
            perms[0] = perms[1]
            self.wrong = True
        out = self.off([a[p] for p in perms])
        return (f'%0 = "tosa.transpose"(%a) {{perms = array<i32: {", ".join(map(str, perms))}>}} : '
                f'({tensor(a, e)}) -> {tensor(out, e)}', [tensor(a, e)])

    def pad(self, e):
        a = self.dims(2)
        p = [self.r.randint(0, 2) for _ in range(4)]
        out = self.off([a[0] + p[0] + p[1], a[1] + p[2] + p[3]])
        zero = "0.0" if e == "f32" else "0"
        return (const_shape("s", p) + "\n  " + const("v", zero, [1], e) + "\n  "
                f'%0 = "tosa.pad"(%a, %s, %v) : ({tensor(a, e)}, !tosa.shape<4>, tensor<1x{e}>) -> {tensor(out, e)}',
                [tensor(a, e)])

    def slice(self, e):
        a = self.dims(2)
        start = [self.r.randint(0, d - 1) for d in a]
        size = [self.r.randint(1, d - s) for d, s in zip(a, start)]
        if self.r.random() < 0.1:
            size[0] += 1
            self.wrong = True
        return (const_shape("s", start) + "\n  " + const_shape("t", size) + "\n  "
                f'%0 = "tosa.slice"(%a, %s, %t) : ({tensor(a, e)}, !tosa.shape<2>, !tosa.shape<2>) -> '
                f'{tensor(self.off(size), e)}', [tensor(a, e)])

    def tile(self, e):
        a = self.dims(2)
        m = [self.r.randint(1, 3) for _ in a]
        return (const_shape("s", m) + "\n  "
                f'%0 = "tosa.tile"(%a, %s) : ({tensor(a, e)}, !tosa.shape<2>) -> '
                f'{tensor(self.off([x * y for x, y in zip(a, m)]), e)}', [tensor(a, e)])

    def concat(self, e):
        a = self.dims(2)
        axis = self.r.randint(0, 1)
        b = list(a)
        b[axis] = self.r.randint(1, 4)
        b = self.off(b)
        out = list(a)
        out[axis] = a[axis] + b[axis]
        return (f'%0 = "tosa.concat"(%a, %b) {{axis = {axis} : i32}} : ({tensor(a, e)}, {tensor(b, e)}) -> '
                f'{tensor(self.off(out), e)}', [tensor(a, e), tensor(b, e)])

    def rescale(self, e):
        a = self.dims(2)
        in_e, out_e = self.r.choice(["i8", "i16", "i32"]), self.r.choice(["i8", "i16", "i32"])
        izp, ozp = self.r.choice([0, 0, 5]), self.r.choice([0, 0, -3])
        self.wrong |= (izp and in_e != "i8") or (ozp and out_e != "i8")
        return (const("m", 1 << 30, [1], "i32") + "\n  " + const("s", self.r.choice([2, 31, 40, 62]), [1], "i8")
                + "\n  " + const("iz", izp, [1], in_e) + "\n  " + const("oz", ozp, [1], out_e) + "\n  "
                f'%0 = "tosa.rescale"(%a, %m, %s, %iz, %oz) {{scale32 = true, rounding_mode = '
                f'#tosa.rounding_mode<DOUBLE_ROUND>, per_channel = false, input_unsigned = false, '
                f'output_unsigned = false}} : ({tensor(a, in_e)}, tensor<1xi32>, tensor<1xi8>, tensor<1x{in_e}>, '
                f'tensor<1x{out_e}>) -> {tensor(self.off(a), out_e)}', [tensor(a, in_e)])

    def clamp(self, e):
        a = self.dims(2)
        lo, hi = self.r.choice([(0, 6), (0, 6), (3, 1)])
        self.wrong |= lo > hi
        bounds = (f"min_val = {lo}.0 : f32, max_val = {hi}.0 : f32" if e == "f32"
                  else f"min_val = {lo} : {e}, max_val = {hi} : {e}")
        return f'%0 = "tosa.clamp"(%a) {{{bounds}}} : ({tensor(a, e)}) -> {tensor(self.off(a), e)}', [tensor(a, e)]

    def select(self, e):
        a = self.dims(2)
        c = [d if self.r.random() < 0.7 else 1 for d in a]
        return (f'%0 = "tosa.select"(%c, %a, %b) : ({tensor(c, "i1")}, {tensor(a, e)}, {tensor(a, e)}) -> '
                f'{tensor(self.off(a), e)}', [tensor(c, "i1"), tensor(a, e), tensor(a, e)])

    def gather(self, e):
        k, c, w = self.r.randint(2, 5), self.r.randint(1, 3), self.r.randint(1, 4)
        return (f'%0 = "tosa.gather"(%a, %b) : ({tensor([1, k, c], e)}, {tensor([1, w], "i32")}) -> '
                f'{tensor(self.off([1, w, c]), e)}', [tensor([1, k, c], e), tensor([1, w], "i32")])

    def table(self, e):
        a = self.dims(2)
        return (const("t", 0, [256], "i8") + "\n  "
                f'%0 = "tosa.table"(%a, %t) : ({tensor(a, "i8")}, tensor<256xi8>) -> {tensor(self.off(a), "i8")}',
                [tensor(a, "i8")])


def cases(seed: int, count: int):
    g = Generator(seed)
    out = []
    for k in range(count):
        body, args, right = g.make()
        names = ["%c", "%a", "%b"] if len(args) == 3 else ["%a", "%b"]
        signature = ", ".join(f"{n}: {t}" for n, t in zip(names, args))
        out.append((f"func.func @f{k}({signature}) {{\n  {body}\n  return\n}}\n", right))
    return out


def upstream_rejects(chunks: list[str]) -> set[int]:
    """The chunks iree-opt rejects, from one --split-input-file run."""
    text = "// -----\n".join(chunks)  # each chunk ends with a newline
    r = subprocess.run([iree_opt_path(), "--split-input-file", "-", "-o", "/dev/null"], input=text,
                       capture_output=True, text=True)
    starts, line = [], 1
    for chunk in chunks:
        starts.append(line)
        line += chunk.count("\n") + 1
    return {bisect_right(starts, int(m.group(1))) - 1 for m in re.finditer(r"<stdin>:(\d+):\d+: error", r.stderr)}


def ours_rejects(chunk: str) -> str | None:
    try:
        verify(parse_module(chunk, "case.mlir"))
    except Tfl2QuantError as e:
        return str(e)
    return None


def test_our_tosa_verifiers_reject_whatever_upstream_rejects():
    generated = cases(seed=0, count=CASES)
    chunks = [c for c, _ in generated]
    theirs = upstream_rejects(chunks)
    assert 0.1 * CASES < len(theirs) < 0.9 * CASES  # the generator makes both kinds
    looser = [chunks[k] for k in sorted(theirs) if ours_rejects(chunks[k]) is None]
    assert not looser, f"{len(looser)} ops upstream rejects pass our verifiers, e.g.\n{looser[0]}"


def test_ops_built_right_pass_both_verifiers():
    generated = cases(seed=1, count=CASES // 2)
    right = [c for c, ok in generated if ok]
    assert len(right) > CASES // 8
    assert not upstream_rejects(right)
    wrongly_refused = [(c, ours_rejects(c)) for c in right if ours_rejects(c)]
    assert not wrongly_refused, wrongly_refused[0]
