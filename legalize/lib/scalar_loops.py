"""Scalar code on small tensors: arith on index, i32 and f32 scalars, tensor.extract and
tensor.insert, scf.while and scf.if. For kernels whose control flow depends on the data
step by step (a heap, a greedy selection) and has no closed form in whole-tensor ops.
"""
from __future__ import annotations

from typing import Callable, Sequence

from tfl2quant.dialects import arith
from tfl2quant.dialects.assembly import CMPF, CMPI
from tfl2quant.ir.attributes import IntegerAttr
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import Block, Region, Value
from tfl2quant.ir.types import FloatType, IndexType, Type, element_type, i1, i32, i64, index


class Scalars:
    """Emits scalar ops at a builder; an int or float argument becomes a constant of the
    other operand's type."""

    def __init__(self, b: Builder):
        self.b = b

    def const(self, value, t: Type) -> Value:
        return arith.constant(self.b, value, t)

    def _pair(self, x, y) -> tuple[Value, Value]:
        if not isinstance(x, Value):
            x = self.const(x, y.type)
        if not isinstance(y, Value):
            y = self.const(y, x.type)
        return x, y

    def _binary(self, name: str, x, y) -> Value:
        x, y = self._pair(x, y)
        return self.b.value(name, [x, y], x.type)

    def add(self, x, y) -> Value:
        return self._binary("arith.addf" if _is_float(x, y) else "arith.addi", x, y)

    def sub(self, x, y) -> Value:
        return self._binary("arith.subf" if _is_float(x, y) else "arith.subi", x, y)

    def mul(self, x, y) -> Value:
        return self._binary("arith.mulf" if _is_float(x, y) else "arith.muli", x, y)

    def div(self, x, y) -> Value:
        """C's `/`: truncating on integers (arith.divsi), IEEE on floats."""
        return self._binary("arith.divf" if _is_float(x, y) else "arith.divsi", x, y)

    def min(self, x, y) -> Value:
        return self._binary("arith.minsi", x, y)

    def and_(self, x, y) -> Value:
        return self._binary("arith.andi", x, y)

    def or_(self, x, y) -> Value:
        return self._binary("arith.ori", x, y)

    def xor(self, x, y) -> Value:
        return self._binary("arith.xori", x, y)

    def shl(self, x, y) -> Value:
        return self._binary("arith.shli", x, y)

    def shr(self, x, y) -> Value:
        """A logical right shift (arith.shrui): the integers are read as unsigned."""
        return self._binary("arith.shrui", x, y)

    def not_(self, x: Value) -> Value:
        return self._binary("arith.xori", x, self.const(1, i1))

    def cmp(self, predicate: str, x, y) -> Value:
        """arith.cmpf with an ordered predicate (`olt` ...: false on NaN, as C's `<`) on floats,
        arith.cmpi (`slt` ...) on integers."""
        x, y = self._pair(x, y)
        if _is_float(x, y):
            code = CMPF.index(predicate)
        else:
            code = CMPI.index(predicate)
        return self.b.value(f"arith.{'cmpf' if _is_float(x, y) else 'cmpi'}", [x, y], i1,
                            {"predicate": IntegerAttr(code, i64)})

    def select(self, c: Value, x, y) -> Value:
        x, y = self._pair(x, y)
        return self.b.value("arith.select", [c, x, y], x.type)

    def exp(self, x: Value) -> Value:
        return self.b.value("math.exp", [x], x.type)

    def index(self, x: Value) -> Value:
        return x if isinstance(x.type, IndexType) else self.b.value("arith.index_cast", [x], index)

    def i32(self, x: Value) -> Value:
        if isinstance(x.type, IndexType):
            return self.b.value("arith.index_cast", [x], i32)
        if x.type == i1:
            return self.b.value("arith.extui", [x], i32)
        return x

    def get(self, t: Value, *at) -> Value:
        """tensor.extract of `t` at index values (or ints)."""
        at = [self.index(a) if isinstance(a, Value) else self.const(a, index) for a in at]
        return self.b.value("tensor.extract", [t, *at], element_type(t.type))

    def put(self, t: Value, v: Value, *at) -> Value:
        at = [self.index(a) if isinstance(a, Value) else self.const(a, index) for a in at]
        return self.b.value("tensor.insert", [v, t, *at], t.type)


def _is_float(x, y) -> bool:
    v = x if isinstance(x, Value) else y
    return isinstance(v.type, FloatType)


Body = Callable[[Scalars, list[Value]], Sequence[Value]]


def while_(s: Scalars, inits: Sequence[Value], condition: Callable[[Scalars, list[Value]], Value],
           body: Body) -> list[Value]:
    """scf.while carrying `inits`: `condition(s, values)` gives the i1 that keeps it going (the
    values pass on unchanged), `body(s, values)` the next values."""
    types = [v.type for v in inits]
    before, after = Block(types), Block(types)
    inner = Scalars(Builder(block=before, location=s.b.location))
    inner.b.create("scf.condition", [condition(inner, list(before.args)), *before.args])
    inner = Scalars(Builder(block=after, location=s.b.location))
    inner.b.create("scf.yield", list(body(inner, list(after.args))))
    return list(s.b.create("scf.while", list(inits), types, regions=[Region([before]), Region([after])]).results)


def if_(s: Scalars, condition: Value, then: Callable[[Scalars], Sequence[Value]],
        otherwise: Callable[[Scalars], Sequence[Value]]) -> list[Value]:
    """scf.if yielding what `then` or `otherwise` gives (the same types)."""
    regions, types = [], None
    for branch in (then, otherwise):
        block = Block()
        inner = Scalars(Builder(block=block, location=s.b.location))
        values = list(branch(inner))
        types = [v.type for v in values]
        inner.b.create("scf.yield", values)
        regions.append(Region([block]))
    return list(s.b.create("scf.if", [condition], types, regions=regions).results)

