"""linalg.generic bodies compiled into one Python function each (linalg.py compiles an op's body
when the op runs a second time).

Run op by op, each op of a body costs about 2 us of dispatch (frame reads, its kernel called
through its Context, the container check) before numpy starts; a small model's fixed-point
softmax, tanh and logistic are bodies of 20 to 40 ops on a few hundred elements, and
dynamic-range quantization computes each activation's scale and zero point in a body of 36
ops on ONE element, where numpy's own per-call cost (~1 us) is all there is. A body becomes
the source of one function, in two forms:

- over arrays (`array`): per op the numpy call its kernel makes, with what the kernel decides
  from the op's types (a wrap, a cast) decided here once; a result is converted to its
  container only where the call's dtype (found once per function and dtypes, on empty arrays)
  is not that container. An op without such a form calls its kernel as the executor does.
- over one element (`scalar`, for an iteration space of one point): Python ints, bools and
  floats, each op written to give its numpy kernel's value bit for bit: integers wrapped to
  their width (Python ints are exact), f32 results rounded once from the f64 result (exact
  for +, -, *, / and conversions: 53 >= 2 * 24 + 2 bits, so the double rounding is innocuous),
  signed zeros as numpy's kernels give them; a NaN result is left to numpy (which of two NaN
  operands an op returns is up to the C compiler, in CPython as in numpy). A body with a type or
  an op that has no scalar form has no scalar function.

Whatever a compiled form cannot do raises (a NaN or an out-of-range value to an integer, an
f32 overflow, a negative shift count, an integer division by zero), and linalg.py then runs the
body op by op, whose values (or error naming the op) are the executor's own. The source of a
body names values by position, so the bodies of one shape (a requantization per layer) share
one compiled function.
"""
from __future__ import annotations

import math
import struct
from typing import Callable

import numpy as np

from tfl2quant.ir.core import TERMINATOR
from tfl2quant.ir.types import SIGNED, SIGNLESS, FloatType, IntegerType, ShapedType, element_type, integer_range, \
    numpy_dtype

from .arith import (_CMPF, _CMPI, _WRAP_IN_CONTAINER, CONVERT, FLOAT_ELEMENTWISE, INT_BINARY, _native_dtype,
                    narrow_float)
from .math import ELEMENTWISE
from ._util import _wrap_plan, as_unsigned, to_container, wrap_to


class CompiledBody:
    """`array(frame, *args)` -> the yielded arrays; `scalar(*args, *outer)` -> the yielded Python
    values, or None, with `outer` the values of the frame slots `outer` (values defined outside the
    body, its constants included) as Python scalars."""

    __slots__ = ("array", "scalar", "outer", "array_source", "scalar_source", "_outer_arrays", "_outer_values")

    def __init__(self, array, scalar, outer, array_source, scalar_source):
        self.array, self.scalar, self.outer = array, scalar, outer
        self.array_source, self.scalar_source = array_source, scalar_source
        self._outer_arrays: list = []
        self._outer_values: list = []

    def outer_values(self, frame: list) -> list:
        """The outer values as Python scalars; converted again only when the frame holds other
        arrays than on the last call (constants are the same objects in every run, and values
        are never updated in place)."""
        arrays = [frame[k] for k in self.outer]
        if len(arrays) != len(self._outer_arrays) or any(a is not b for a, b in zip(arrays, self._outer_arrays)):
            self._outer_values = [a.item() for a in arrays]
            self._outer_arrays = arrays
        return self._outer_values


def compile_body(executor, block) -> CompiledBody | None:
    """The compiled forms of a planned `block` (a generic's body); None for a body that must run
    op by op (nested regions, a value without a numpy container, IR the plan could not take)."""
    plan = executor._blocks.get(block)
    ops = list(block.ops)
    if plan is None or not ops or not ops[-1].has_trait(TERMINATOR):
        return None
    values = dict(zip(plan.args, block.args))  # slot -> Value
    for step in plan.steps:
        op = step.ctx.op
        if step.has_regions or len(step.operands) != len(op.operands) or len(step.results) != len(op.results):
            return None
        values.update(zip(step.operands, op.operands))
        values.update(zip(step.results, op.results))
    terminator = ops[-1]
    if len(plan.yields) != len(terminator.operands):
        return None
    values.update(zip(plan.yields, terminator.operands))
    defined = set(plan.args)
    outer: list[int] = []
    for step in plan.steps:
        outer += [k for k in step.operands if k not in defined and k not in outer]
        defined.update(step.results)
    outer += [k for k in plan.yields if k not in defined and k not in outer]
    dtypes = {}
    for slot, v in values.items():
        try:
            dtypes[slot] = numpy_dtype(element_type(v.type))
        except TypeError:
            return None
    array, array_source = _ArrayForm(plan, outer, dtypes).compile()
    scalar, scalar_source = _ScalarForm(plan, outer, values).compile()
    return CompiledBody(array, scalar, tuple(outer), array_source, scalar_source)


# the helpers every generated function may name
_FIXED = {"np": np, "math": math, "_p": struct.Struct("f").pack, "_u": struct.Struct("f").unpack}
_MADE: dict[str, Callable] = {}  # source -> its `make`: bodies of one shape are compiled once


class _Source:
    """A function's source, with names that depend only on the body's shape (arguments a0..,
    values read from the frame o0.. at slots s0.., temporaries t0..) and the objects it names
    passed to `make`, so that the many bodies of one shape in a model (a requantization per
    layer) share one compiled `make`."""

    def __init__(self):
        self.lines: list[str] = []
        self.objects: list = []
        self._names: dict[int, str] = {}

    def name(self, obj) -> str:
        found = self._names.get(id(obj))
        if found is None:
            found = self._names[id(obj)] = f"_k{len(self.objects)}"
            self.objects.append(obj)
        return found

    def function(self, params: str, slots: list[int] = ()) -> tuple[Callable, str]:
        made = [*self._names.values(), *(f"s{i}" for i in range(len(slots)))]
        source = "\n".join([f"def make({', '.join(made)}):", f"    def body({params}):",
                            *("        " + line for line in self.lines), "    return body"])
        make = _MADE.get(source)
        if make is None:
            env = dict(_FIXED)
            exec(compile(source, "<linalg.generic body>", "exec"), env)  # noqa: S102 - our own source
            if len(_MADE) > 4096:
                _MADE.clear()
            make = _MADE[source] = env["make"]
        return make(*self.objects, *slots), source


_DTYPES: dict[tuple, np.dtype | None] = {}


def _result_dtype(fn, dtypes) -> np.dtype | None:
    """The dtype of `fn` on arrays of `dtypes` (numpy's result dtype depends on dtypes alone): found
    once, on empty arrays."""
    key = (fn, *dtypes)
    found = _DTYPES.get(key, False)
    if found is False:
        try:
            with np.errstate(all="ignore"):
                found = getattr(fn(*(np.empty(0, d) for d in dtypes)), "dtype", None)
        except Exception:  # noqa: BLE001 - no static dtype: converted as the executor converts
            found = None
        _DTYPES[key] = found
    return found


# ---------------------------------------------------------------------------------------------
# over arrays


class _ArrayForm:
    def __init__(self, plan, outer, dtypes):
        self.plan, self.outer, self.dtypes = plan, outer, dtypes
        self.src = _Source()
        self.stored = set(plan.args) | set(outer)  # slots that hold arrays
        self.names = {k: f"a{i}" for i, k in enumerate(plan.args)}
        self.names.update((k, f"o{i}") for i, k in enumerate(outer))

    def compile(self):
        src = self.src
        self.convert = src.name(to_container)
        src.lines += [f"o{i} = frame[s{i}]" for i in range(len(self.outer))]
        self.folded = self.foldable_casts()
        for step in self.plan.steps:
            if step.results[:1] and step.results[0] in self.folded:
                self.names[step.results[0]] = self.names[self.folded[step.results[0]]]
                continue
            for k in step.results:
                self.names[k] = f"t{len(self.names)}"
            self.step(step)
        src.lines.append("return (" + "".join(f"{self.names[k]}, " for k in self.plan.yields) + ")")
        return src.function(", ".join(["frame", *(self.names[k] for k in self.plan.args)]), self.outer)

    def foldable_casts(self) -> dict[int, int]:
        """The casts whose every reader is a binary ufunc on the cast value and a value of the cast's
        type that the source type promotes to (extsi i32 -> i64 read by muli i64, sitofp i32 -> f64
        read by mulf f64): the ufunc casts the source itself, to the same values, without a call
        of its own (of a product of two casts, one). Cast result slot -> source slot."""
        readers: dict[int, list] = {}
        for step in self.plan.steps:
            for k in step.operands:
                readers.setdefault(k, []).append(step)
        casts = {step.results[0]: step.operands[0] for step in self.plan.steps if _is_cast(step, self.dtypes)}
        folded: dict[int, int] = {}
        for slot, source in casts.items():
            cast = self.dtypes[slot]
            if slot in self.plan.yields or not readers.get(slot) or np.result_type(self.dtypes[source], cast) != cast:
                continue
            for reader in readers[slot]:
                other = [k for k in reader.operands if k != slot]
                if len(reader.operands) != 2 or len(other) != 1 or other[0] in folded \
                        or self.dtypes[other[0]] != cast or _ufunc(reader, self.dtypes) is None:
                    break
            else:
                folded[slot] = folded.get(source, source)
        return folded

    def step(self, step):
        src, names = self.src, [self.names[k] for k in step.operands]
        real = [self.dtypes[self.folded.get(k, k)] for k in step.operands]  # (a folded cast: its source's)
        found = _array_expr(src, step, names, [self.dtypes[k] for k in step.operands], real) \
            if len(step.results) == 1 else None
        if found is not None:
            expr, dtype = found
            (slot,), (container,) = step.results, step.dtypes
            if container is not None and dtype != container:
                expr = f"{self.convert}({expr}, {src.name(container)})"
            src.lines.append(f"{self.names[slot]} = {expr}")
            return
        # the kernel, called and its results stored as the executor's run loop does; an operand
        # computed here may be a numpy scalar (ufuncs on 0-d arrays), where the executor stores arrays
        names = [n if k in self.stored else f"np.asarray({n})" for k, n in zip(step.operands, names)]
        self.stored.update(step.results)
        src.lines.append(f"_out = {src.name(step.kernel)}({src.name(step.ctx)}{''.join(', ' + n for n in names)})")
        if len(step.results) == 1:
            src.lines.append("if type(_out) is tuple: _out = _out[0]")
            outs = ["_out"]
        else:
            src.lines.append("if type(_out) is not tuple: _out = (_out,)")
            outs = [f"_out[{i}]" for i in range(len(step.results))]
        for slot, dtype, out in zip(step.results, step.dtypes, outs):
            if dtype is None:
                src.lines.append(f"{self.names[slot]} = {out}")
            else:
                d = src.name(dtype)
                src.lines.append(f"{self.names[slot]} = {out} if type({out}) is np.ndarray and {out}.dtype == {d} "
                                 f"else {self.convert}({out}, {d})")


def _is_cast(step, dtypes) -> bool:
    """Whether `_array_expr` writes the step as `source.astype(container)`."""
    name = step.ctx.op.name
    return len(step.operands) == 1 and len(step.results) == 1 and (
        name in CONVERT or (name == "arith.extsi" and dtypes[step.operands[0]] != np.bool_))


def _ufunc(step, dtypes):
    """The numpy ufunc `_array_expr` writes the binary `step` as (`ufunc(a, b)`), or None."""
    ctx, name = step.ctx, step.ctx.op.name
    if len(step.operands) != 2 or len(step.results) != 1:
        return None
    fn = None
    a, b = (dtypes[k] for k in step.operands)
    if name in INT_BINARY:
        fn = INT_BINARY[name]
        if not (fn in _WRAP_IN_CONTAINER and _native_dtype(ctx) is not None and a == b == step.dtypes[0]):
            return None
    elif name in FLOAT_ELEMENTWISE:
        fn = FLOAT_ELEMENTWISE[name]
    elif name in ("arith.cmpi", "arith.cmpf"):
        fn = (_CMPI if name == "arith.cmpi" else _CMPF).get(ctx.attr("predicate"))
    return fn if isinstance(fn, np.ufunc) else None


def _array_expr(src: _Source, step, a: list[str], dts: list, real: list) -> tuple[str, np.dtype | None] | None:
    """The value of `step`'s kernel as one numpy expression over the operands `a` (of containers
    `dts`; `real`: the dtypes they hold, a folded cast's source's) and its dtype, or None to call
    the kernel."""
    ctx, name, n = step.ctx, step.ctx.op.name, src.name
    dtype = step.dtypes[0]
    if name in INT_BINARY and len(a) == 2:
        fn = INT_BINARY[name]
        if fn in _WRAP_IN_CONTAINER and _native_dtype(ctx) is not None and dts[0] == dts[1] == dtype:
            return f"{n(fn)}({a[0]}, {a[1]})", _result_dtype(fn, real)  # numpy wraps as trunci would
        return (f"{n(wrap_to)}({n(fn)}({a[0]}.astype(np.int64), {a[1]}.astype(np.int64)), {n(ctx.result_elem())})",
                dtype)
    fn = FLOAT_ELEMENTWISE.get(name) or ELEMENTWISE.get(name)
    if fn is not None:  # the kernel's astype to the container: the same values as the executor's conversion
        return f"{n(fn)}({', '.join(a)})", _result_dtype(fn, real)
    if name == "arith.select":
        return f"np.where({a[0]}, {a[1]}, {a[2]})", _result_dtype(np.where, real)
    if name in ("arith.cmpf", "arith.cmpi"):
        fn = (_CMPF if name == "arith.cmpf" else _CMPI).get(ctx.attr("predicate"))
        return None if fn is None else (f"{n(fn)}({a[0]}, {a[1]})", _result_dtype(fn, real))
    if name == "arith.truncf" and dts[0] == np.float64 and narrow_float(dtype):
        return None  # the kernel's one rounding (astype rounds a double twice there)
    if name in CONVERT or (name == "arith.extsi" and dts[0] != np.bool_):
        return f"{a[0]}.astype({n(dtype)})", dtype
    if name == "arith.extsi":  # i1: true is -1
        return f"np.negative({a[0]}, dtype={n(dtype)})", dtype
    if name == "arith.extui":
        width = ctx.operand_width()
        if dts[0].kind == "i" and width == dts[0].itemsize * 8:  # its bits read unsigned, widened
            return f"{a[0]}.view({n(np.dtype(f'u{dts[0].itemsize}'))}).astype({n(dtype)})", dtype
        return f"{n(as_unsigned)}({a[0]}, {width}).astype(np.int64).astype({n(dtype)})", dtype
    if name == "arith.trunci":
        if _wrap_plan(ctx.result_elem())[1] is None:  # no narrower width than the container's
            return f"{a[0]}.astype({n(dtype)})", dtype
        return f"{n(wrap_to)}({a[0]}, {n(ctx.result_elem())})", dtype
    return None


# ---------------------------------------------------------------------------------------------
# over one element

def _kind(v) -> tuple | None:
    """How a value is held as a Python scalar: ("b",) an i1 (bool), ("i", w) a signless or signed
    integer of a full container's width (int), ("f", 32 | 64) a float (float; an f32 holds an
    f32's value); None: no scalar form."""
    t = v.type
    if isinstance(t, ShapedType):
        return None
    if isinstance(t, IntegerType) and t.signedness in (SIGNLESS, SIGNED):
        return ("b",) if t.width == 1 else ("i", t.width) if t.width in (8, 16, 32, 64) else None
    if isinstance(t, FloatType) and t.name in ("f32", "f64"):
        return ("f", t.width)
    return None


class _ScalarForm:
    def __init__(self, plan, outer, values):
        self.plan, self.outer, self.values = plan, outer, values
        self.src = _Source()

    def compile(self):
        kinds = {slot: _kind(v) for slot, v in self.values.items()}
        if None in kinds.values():
            return None, None
        names = {k: f"a{i}" for i, k in enumerate(self.plan.args)}
        names.update((k, f"o{i}") for i, k in enumerate(self.outer))
        for step in self.plan.steps:
            if len(step.results) != 1:
                return None, None
            (slot,) = step.results
            names[slot] = f"t{len(names)}"
            lines = _scalar_lines(step.ctx, step.ctx.op.name, [names[k] for k in step.operands],
                                  [kinds[k] for k in step.operands], kinds[slot], names[slot])
            if lines is None:
                return None, None
            self.src.lines += lines
        # which NaN an op on two NaNs gives (their signs and payloads) is the C compiler's choice
        # of operand order, in CPython as in numpy's loops: a NaN result is left to numpy
        nans = [f"{names[k]} != {names[k]}" for k in self.plan.yields if kinds[k][0] == "f"]
        if nans:
            self.src.lines.append(f"if {' or '.join(nans)}: raise _fallback")
        self.src.lines.append("return (" + "".join(f"{names[k]}, " for k in self.plan.yields) + ")")
        return self.src.function(", ".join(names[k] for k in (*self.plan.args, *self.outer)))


class _Fallback(Exception):
    """A value the scalar form does not compute as numpy does: the body runs op by op."""


def _wrap(expr: str, width: int) -> str:
    half, mask = 1 << (width - 1), (1 << width) - 1
    return f"((({expr}) + {half}) & {mask}) - {half}"


def _f32(expr: str) -> str:
    """The f32 nearest the f64 value of `expr` (struct's C cast; beyond f32's range it raises, where
    numpy gives inf: the body then runs op by op)."""
    return f"_u(_p({expr}))[0]"


_SCALAR_CMPF = {0: "False", 1: "{0} == {1}", 2: "{0} > {1}", 3: "{0} >= {1}", 4: "{0} < {1}", 5: "{0} <= {1}",
                6: "({0} < {1} or {0} > {1})", 7: "({0} == {0} and {1} == {1})",
                8: "not ({0} < {1} or {0} > {1})", 9: "not {0} <= {1}", 10: "not {0} < {1}",
                11: "not {0} >= {1}", 12: "not {0} > {1}", 13: "{0} != {1}", 14: "({0} != {0} or {1} != {1})",
                15: "True"}
_SCALAR_CMPI = {0: "==", 1: "!=", 2: "<", 3: "<=", 4: ">", 5: ">=", 6: "<", 7: "<=", 8: ">", 9: ">="}
_SCALAR_FLOAT_BINARY = {"arith.addf": "{0} + {1}", "arith.subf": "{0} - {1}", "arith.mulf": "{0} * {1}",
                        "arith.divf": "({0} / {1} if {1} else _div0({0}, {1}))",
                        # np.maximum / np.minimum: a NaN operand is the result (the first if both are),
                        # and of equal operands (-0.0 and 0.0) the second
                        "arith.maximumf": "({0} if {0} > {1} or {0} != {0} else {1})",
                        "arith.minimumf": "({0} if {0} < {1} or {0} != {0} else {1})"}
_SCALAR_FLOAT_UNARY = {"arith.negf": "-{0}", "math.absf": "abs({0})", "math.round": "_round({0})",
                       "math.roundeven": "_rint({0})", "math.floor": "_floor({0})", "math.ceil": "_ceil({0})",
                       "math.trunc": "_trunc({0})"}


def _scalar_lines(ctx, name: str, a: list[str], kinds: list, kind: tuple, out: str) -> list[str] | None:
    """Lines that set `out` to the op's value from the Python scalars `a`, or None: no scalar form."""
    integers = all(k[0] == "i" for k in kinds) and kind[0] == "i"
    if name in ("arith.addi", "arith.subi", "arith.muli") and integers:
        sign = {"arith.addi": "+", "arith.subi": "-", "arith.muli": "*"}[name]
        return [f"{out} = {_wrap(f'{a[0]} {sign} {a[1]}', kind[1])}"]
    if name in ("arith.andi", "arith.ori", "arith.xori") and (integers or kinds == [("b",), ("b",)]):
        sign = {"arith.andi": "&", "arith.ori": "|", "arith.xori": "^"}[name]
        return [f"{out} = {a[0]} {sign} {a[1]}"]
    if name == "arith.shli" and integers:  # numpy: a count >= the width gives 0; < 0 raises here
        return [f"{out} = {_wrap(f'{a[0]} << {a[1]}', kind[1])} if {a[1]} < {kind[1]} else 0"]
    if name == "arith.shrsi" and integers:  # a count >= the width gives the sign, as numpy's
        return [f"{out} = {a[0]} >> {a[1]}"]
    if name == "arith.divsi" and integers:  # C's quotient, as divide_toward_zero, then wrapped
        guard = []
        if kind[1] == 64:  # there |-2^63| overflows int64: op by op, as the kernel computes it
            guard = [f"if {a[0]} == {-(1 << 63)} or {a[1]} == {-(1 << 63)}: raise _fallback"]
        return [*guard, f"{out} = abs({a[0]}) // abs({a[1]})",  # ZeroDivisionError: op by op
                f"{out} = {_wrap(f'-{out} if ({a[0]} < 0) != ({a[1]} < 0) else {out}', kind[1])}"]
    if name == "math.ctlz" and integers:
        return [f"{out} = {kind[1]} - ({a[0]} & {(1 << kinds[0][1]) - 1}).bit_length()"]
    if name in ("arith.maxsi", "arith.minsi") and integers:
        cmp = ">=" if name == "arith.maxsi" else "<="
        return [f"{out} = {a[0]} if {a[0]} {cmp} {a[1]} else {a[1]}"]
    if name == "arith.extsi" and kind[0] == "i" and kinds[0][0] in "ib":
        return [f"{out} = -{a[0]}" if kinds[0] == ("b",) else f"{out} = {a[0]}"]  # i1 true is -1
    if name == "arith.extui" and kind[0] == "i" and kinds[0][0] in "ib":
        return [f"{out} = {a[0]} & {(1 << (kinds[0][1] if kinds[0][0] == 'i' else 1)) - 1}"]
    if name == "arith.trunci" and kinds[0][0] == "i":
        # an i1 result keeps the low bit, as the kernel's wrap_to
        return [f"{out} = ({a[0]} & 1) != 0" if kind == ("b",) else f"{out} = {_wrap(a[0], kind[1])}"]
    if name == "arith.cmpi" and kinds[0][0] in "ib":
        p = ctx.attr("predicate")
        if p not in _SCALAR_CMPI:
            return None
        if p < 6:
            return [f"{out} = {a[0]} {_SCALAR_CMPI[p]} {a[1]}"]
        mask = (1 << (kinds[0][1] if kinds[0][0] == "i" else 1)) - 1
        return [f"{out} = ({a[0]} & {mask}) {_SCALAR_CMPI[p]} ({a[1]} & {mask})"]
    if name == "arith.cmpf" and kinds[0][0] == "f":
        return [f"{out} = " + _SCALAR_CMPF[ctx.attr("predicate")].format(*a)]
    if name == "arith.select":
        return [f"{out} = {a[1]} if {a[0]} else {a[2]}"]
    if kind[0] == "f" and all(k == kind for k in kinds):
        expr = _SCALAR_FLOAT_BINARY.get(name) or _SCALAR_FLOAT_UNARY.get(name)
        if expr is None:
            return None
        expr = expr.format(*a)
        # min, max, neg, abs and the roundings are exact in f32
        rounds = name in ("arith.addf", "arith.subf", "arith.mulf", "arith.divf")
        return [f"{out} = {_f32(expr) if kind[1] == 32 and rounds else expr}"]
    if name == "arith.extf" and kinds[0][0] == "f" and kind[0] == "f":
        return [f"{out} = {a[0]}"]
    if name == "arith.truncf" and kinds[0] == ("f", 64) and kind == ("f", 32):
        return [f"{out} = {_f32(a[0])}"]
    if name == "arith.sitofp" and kind[0] == "f" and kinds[0][0] in "ib":
        width = kinds[0][1] if kinds[0][0] == "i" else 1
        if kind[1] == 64:  # int -> float is correctly rounded, as the C conversion
            return [f"{out} = float({a[0]})"]
        if width <= 32:  # exact in f64, then rounded once
            return [f"{out} = {_f32(f'float({a[0]})')}"]
        return None
    if name == "arith.fptosi" and kinds[0][0] == "f" and kind[0] == "i":
        lo, hi = integer_range(IntegerType(kind[1]))
        # int() truncates and raises on NaN and inf; out of range the kernel raises: op by op
        return [f"{out} = int({a[0]})", f"if not {lo} <= {out} <= {hi}: raise _fallback"]
    return None


def _divide_by_zero(a: float, b: float) -> float:
    """IEEE's a / ±0 (where Python raises): ±inf by the signs, NaN for 0 / 0 and NaN / 0 (any NaN:
    one that reaches a result is left to numpy)."""
    if a != a or a == 0:
        return math.nan
    return math.copysign(math.inf, a) * math.copysign(1.0, b)


def _zero_or(r: int, x: float) -> float:
    return float(r) if r else math.copysign(0.0, x)


def _round_half_away(x: float) -> float:
    """numerics.round_half_away of one value: trunc plus the sign where |fraction| >= 0.5 (a zero is
    +0.0, as there: -0.0 + 0.0)."""
    if x - x != 0:  # NaN and inf are their own roundings (a NaN result is numpy's anyway)
        return x
    t = math.trunc(x)
    f = x - t  # exact: t is x's integer part
    return float(t + (f >= 0.5) - (f <= -0.5))


def _rint(x: float) -> float:  # np.rint: ties to even, a zero keeps x's sign
    return x if x - x != 0 else _zero_or(round(x), x)


def _floor(x: float) -> float:
    return x if x - x != 0 else _zero_or(math.floor(x), x)


def _ceil(x: float) -> float:
    return x if x - x != 0 else _zero_or(math.ceil(x), x)


def _trunc(x: float) -> float:
    return x if x - x != 0 else _zero_or(math.trunc(x), x)


_FIXED.update(_fallback=_Fallback, _round=_round_half_away, _rint=_rint, _div0=_divide_by_zero, _floor=_floor,
              _ceil=_ceil, _trunc=_trunc)
