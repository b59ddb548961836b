"""A model of tfl2quant/ir/core.py for benchmarks/mypyc_ir.py: its data model (operands whose
use lists are keyed (op, index), results pointing back at their op, attribute dicts, blocks
of op lists), with the op's name a field and no op subclasses, which is the shape mypyc's
native classes need (the dialects' op classes subclass Operation in interpreted modules,
and a native class cannot be subclassed there)."""
from __future__ import annotations

from typing import Optional


class Type:
    __slots__ = ("shape", "elem", "_hash", "_text")

    def __init__(self, shape: tuple[int, ...], elem: str) -> None:
        self.shape = shape
        self.elem = elem
        self._hash = hash((shape, elem))
        self._text = "tensor<" + "x".join([str(d) for d in shape] + [elem]) + ">"

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Type) and self.shape == other.shape and self.elem == other.elem)

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return self._text


class Attr:
    __slots__ = ("value", "_hash")

    def __init__(self, value: object) -> None:
        self.value = value
        self._hash = hash(value)

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Attr) and self.value == other.value)

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return str(self.value)


class Value:
    def __init__(self, type: Type) -> None:
        self.type = type
        self.uses: dict[tuple[Operation, int], None] = {}


class OpResult(Value):
    def __init__(self, type: Type, owner: Operation, index: int) -> None:
        self.type = type
        self.uses = {}
        self.owner = owner
        self.index = index


class Operation:
    def __init__(self, name: str, operands: list[Value], result_types: list[Type],
                 attributes: dict[str, Attr]) -> None:
        self.name = name
        self.operands = operands
        k = 0
        for v in operands:
            v.uses[(self, k)] = None
            k += 1
        self.results = [OpResult(t, self, i) for i, t in enumerate(result_types)]
        self.attributes = attributes
        self.parent: Optional[Block] = None

    def replace_all_uses_with(self, values: list[OpResult]) -> None:
        for r, new in zip(self.results, values):
            for op, k in list(r.uses):
                op.operands[k] = new
                new.uses[(op, k)] = None
            r.uses = {}

    def drop_operands(self) -> None:
        k = 0
        for v in self.operands:
            del v.uses[(self, k)]
            k += 1
        self.operands = []


class Block:
    def __init__(self) -> None:
        self.ops: list[Operation] = []

    def create(self, name: str, operands: list[Value], result_types: list[Type],
               attributes: dict[str, Attr]) -> Operation:
        op = Operation(name, operands, result_types, attributes)
        op.parent = self
        self.ops.append(op)
        return op
