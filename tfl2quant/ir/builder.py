"""Builder: creates ops at an insertion point with a default location."""
from __future__ import annotations

from typing import Iterable, Optional

from .attributes import Attribute
from .core import OP_CLASSES, Block, Operation, Region, Value
from .location import UNKNOWN, Location
from .types import Type


class Builder:
    """Appends new ops to `ops` (a block's list, or a list a rewrite is building)."""

    def __init__(self, ops: Optional[list] = None, location: Location = UNKNOWN,
                 block: Optional[Block] = None):
        self.block = block
        self.ops = ops if ops is not None else (block.ops if block is not None else [])
        self.location = location

    @staticmethod
    def at_end(block: Block, location: Location = UNKNOWN) -> "Builder":
        return Builder(block=block, location=location)

    def insert(self, op: Operation) -> Operation:
        if self.block is not None:
            op.parent = self.block
        self.ops.append(op)
        return op

    def create(self, name: str, operands: Iterable[Value] = (), result_types: Iterable[Type] = (),
               attributes: Optional[dict[str, Attribute]] = None, regions: Iterable[Region] = (),
               location: Optional[Location] = None) -> Operation:
        # Operation.create inlined, and no list() of operands and result types (Operation.__init__
        # copies them): every op a rewrite builds comes here
        cls = OP_CLASSES.get(name)
        if cls is None:
            op = Operation(operands, result_types, attributes, list(regions) if regions else (),
                           location or self.location, name)
        else:
            op = cls(operands, result_types, attributes, list(regions) if regions else (),
                     location or self.location)
        if self.block is not None:  # insert(), inlined: every op a rewrite builds comes here
            op.parent = self.block
        self.ops.append(op)
        return op

    def value(self, name: str, operands: Iterable[Value], result_type: Type,
              attributes: Optional[dict[str, Attribute]] = None, **kw) -> Value:
        """Create a one-result op and return its result."""
        return self.create(name, operands, (result_type,), attributes, **kw).results[0]
