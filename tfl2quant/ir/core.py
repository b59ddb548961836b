"""Operations, values, blocks and regions, with use lists.

One generic `Operation` class serves every op; dialects register subclasses
that add a verifier, typed accessors, folds and custom assembly. An op whose
name no dialect registers (a `tfl.*` op, an op from a parsed file) is a plain
`Operation` and prints in the generic form.
"""
from __future__ import annotations

from typing import ClassVar, Iterable, Iterator, Optional

from ..errors import VerificationError
from .attributes import Attribute
from .location import UNKNOWN, Location
from .types import Type

# Traits a pass may ask about.
PURE = "Pure"                         # no side effects: CSE may merge, DCE may drop
TERMINATOR = "Terminator"
ISOLATED = "IsolatedFromAbove"        # values are numbered afresh inside (func.func)
CONSTANT = "ConstantLike"
SYMBOL_TABLE = "SymbolTable"

OP_CLASSES: dict[str, type["Operation"]] = {}


# mlir-opt's --allow-unregistered-dialect: the library accepts ops it does not model (callers build
# and parse them freely); `tfl2quant opt` turns this off unless given the flag, as mlir-opt does.
ALLOW_UNREGISTERED = {"ops": True}
# Dialects whose every op we model: an unknown op there is an error even with the flag (upstream's
# quant dialect does not allow unknown operations). Upstream mlir-opt's `test` dialect allows them.
CLOSED_DIALECTS = frozenset({"quant"})
OPEN_DIALECTS = frozenset({"test", "tfl"})  # tfl: every TFLite op name, modeled or not


def unregistered_op_error(name: str) -> Optional[str]:
    """Upstream's diagnostic for an op `name` we do not model, or None when it is accepted."""
    if name in OP_CLASSES:
        return None
    dialect = name.partition(".")[0] if "." in name else ""
    if dialect in CLOSED_DIALECTS:
        return (f"unregistered operation '{name}' found in dialect ('{dialect}') that does not allow "
                f"unknown operations")
    if ALLOW_UNREGISTERED["ops"] or dialect in OPEN_DIALECTS:
        return None
    if any(k.startswith(dialect + ".") for k in OP_CLASSES):
        return (f"unregistered operation '{name}' found in dialect ('{dialect}') that does not allow "
                f"unknown operations")
    return ("operation being parsed with an unregistered dialect. If this is intended, please use "
            "-allow-unregistered-dialect with the MLIR tool used")


def module_op_class() -> type["Operation"]:
    """builtin.module's class (dialects/builtin.py), which the MLIR text and bytecode readers
    return. The program loads the dialects (`import tfl2quant.dialects`), as mlir-opt registers
    its dialects before it parses: the IR core does not import them."""
    cls = OP_CLASSES.get("builtin.module")
    if cls is None:
        raise RuntimeError("no dialect is registered: import tfl2quant.dialects before reading MLIR")
    return cls


def register_op(cls: type["Operation"]) -> type["Operation"]:
    """Class decorator: make `Operation.create(cls.name, ...)` build a `cls`."""
    assert cls.name and cls.name not in OP_CLASSES, cls.name
    OP_CLASSES[cls.name] = cls
    return cls


class Value:
    __slots__ = ("type", "_uses")

    def __init__(self, type: Type):
        self.type = type
        # (user, operand index) -> None: an insertion-ordered set, so that dropping one use is
        # O(1); a list made erasing the users of a constant shared by n ops O(n^2)
        self._uses: dict[tuple["Operation", int], None] = {}

    @property
    def uses(self) -> list[tuple["Operation", int]]:
        """(user, operand index) of every use, in the order they were made."""
        return list(self._uses)

    @property
    def has_uses(self) -> bool:
        return bool(self._uses)

    def replace_all_uses_with(self, new: "Value") -> None:
        if new is self:
            return
        for op, idx in list(self._uses):
            op.set_operand(idx, new)

    @property
    def owner_op(self) -> Optional["Operation"]:
        return None


class OpResult(Value):
    __slots__ = ("owner", "index")

    def __init__(self, type: Type, owner: "Operation", index: int):
        self.type = type  # Value.__init__ inlined: every op makes its results here
        self._uses = {}
        self.owner = owner
        self.index = index

    @property
    def owner_op(self) -> "Operation":
        return self.owner


class BlockArgument(Value):
    __slots__ = ("block", "index")

    def __init__(self, type: Type, block: "Block", index: int):
        super().__init__(type)
        self.block = block
        self.index = index


class Operation:
    name: ClassVar[str] = ""
    traits: ClassVar[frozenset] = frozenset()

    def __init__(self, operands: Iterable[Value] = (), result_types: Iterable[Type] = (),
                 attributes: Optional[dict[str, Attribute]] = None,
                 regions: Iterable["Region"] = (), location: Location = UNKNOWN,
                 name: Optional[str] = None, successors: Iterable["Block"] = ()):
        if name is not None and name != type(self).name:
            self.name = name  # generic op: the instance carries its name
        # the loops of _add_operand and add_region inlined: every op of every pass is built here
        self._operands: list[Value] = list(operands)
        k = 0
        try:
            for v in self._operands:
                v._uses[(self, k)] = None
                k += 1
        except AttributeError:  # not a Value (checked here, not by an isinstance per operand)
            for v in self._operands:
                assert isinstance(v, Value), f"{self.name}: operand {v!r} is not a Value"
            raise
        if result_types.__class__ is not list and result_types.__class__ is not tuple:
            result_types = list(result_types)
        if len(result_types) == 1:  # most ops: no comprehension frame
            self.results = [OpResult(result_types[0], self, 0)]
        else:
            self.results = [OpResult(t, self, k) for k, t in enumerate(result_types)]
        self.attributes: dict[str, Attribute] = dict(attributes) if attributes else {}
        # most ops have neither regions nor successors: the shared empty tuple, not two more
        # lists per op for the cyclic GC to track (add_region makes a list when needed)
        if regions:
            self.regions: list[Region] | tuple = list(regions)
            for r in self.regions:
                r.parent = self
        else:
            self.regions = ()
        self.successors: list[Block] | tuple = list(successors) if successors else ()
        self.location = location
        self.parent: Optional[Block] = None

    @staticmethod
    def create(name: str, operands=(), result_types=(), attributes=None, regions=(),
               location: Location = UNKNOWN, successors=()) -> "Operation":
        """Build an op of the registered class for `name`, or a generic one."""
        cls = OP_CLASSES.get(name)
        if cls is None:
            return Operation(operands, result_types, attributes, regions, location, name, successors)
        return cls(operands, result_types, attributes, regions, location, successors=successors)

    # --- operands and results ---------------------------------------------------
    @property
    def operands(self) -> tuple[Value, ...]:
        return tuple(self._operands)

    def _add_operand(self, v: Value) -> None:
        assert isinstance(v, Value), f"{self.name}: operand {v!r} is not a Value"
        v._uses[(self, len(self._operands))] = None
        self._operands.append(v)

    def set_operand(self, idx: int, v: Value) -> None:
        old = self._operands[idx]
        del old._uses[(self, idx)]
        self._operands[idx] = v
        v._uses[(self, idx)] = None

    def set_operands(self, values: Iterable[Value]) -> None:
        self.drop_operands()
        for v in values:
            self._add_operand(v)

    def drop_operands(self) -> None:
        for k, v in enumerate(self._operands):
            del v._uses[(self, k)]
        self._operands = []

    @property
    def result(self) -> OpResult:
        assert len(self.results) == 1, f"{self.name} has {len(self.results)} results"
        return self.results[0]

    @property
    def result_types(self) -> tuple[Type, ...]:
        return tuple(r.type for r in self.results)

    @property
    def operand_types(self) -> tuple[Type, ...]:
        return tuple(v.type for v in self._operands)

    def add_region(self, region: "Region") -> None:
        region.parent = self
        if not self.regions:
            self.regions = []
        self.regions.append(region)

    # --- structure --------------------------------------------------------------
    @property
    def dialect(self) -> str:
        return self.name.split(".", 1)[0]

    def has_trait(self, trait: str) -> bool:
        return trait in self.traits

    @property
    def is_pure(self) -> bool:
        return PURE in self.traits

    def walk(self) -> Iterator["Operation"]:
        """This op and every op nested in it, pre-order (each block's op list as it is when
        the walk reaches it). One generator per op with regions, not per op: a recursive
        `yield from` made walking 40,000 ops cost more than verifying them."""
        yield self
        if not self.regions:
            return
        stack = [_nested_ops(self)]
        while stack:
            for op in stack[-1]:
                yield op
                if op.regions:
                    stack.append(_nested_ops(op))
                    break
            else:
                stack.pop()

    def parent_op(self) -> Optional["Operation"]:
        if self.parent is None or self.parent.parent is None:
            return None
        return self.parent.parent.parent

    def erase(self) -> None:
        """Remove this op; its results must have no uses left."""
        for r in self.results:
            assert not r._uses, f"erasing {self.name} whose result is still used"
        self.drop_operands()
        for region in self.regions:
            region.drop_all_references()
        if self.parent is not None:
            self.parent.ops.remove(self)
            self.parent = None

    def replace_all_uses_with(self, values: Iterable[Value]) -> None:
        values = list(values)
        assert len(values) == len(self.results)
        for r, v in zip(self.results, values):
            r.replace_all_uses_with(v)

    # --- hooks for dialects ------------------------------------------------------
    def verify_(self) -> None:
        """Op-specific checks; raise `self.error(...)` on failure."""

    def fold(self) -> Optional[list[Value]]:
        """Values to replace the results with, or None (canonicalize)."""
        return None

    def error(self, message: str) -> VerificationError:
        return VerificationError(f"'{self.name}' op {message}", self.location.describe())

    def __repr__(self) -> str:
        return f"<{self.name} {len(self._operands)} operands -> {[str(t) for t in self.result_types]}>"

    def __str__(self) -> str:
        """The op in MLIR's custom assembly, as `str()` of an op prints it in MLIR's Python API."""
        from .printer import print_module
        return print_module(self)


def _nested_ops(op: Operation) -> Iterator[Operation]:
    regions = op.regions
    if len(regions) == 1 and len(regions[0].blocks) == 1:
        # the usual op with a body (func.func, linalg.generic): a list iterator, not a
        # generator whose every op passes through one more frame
        return iter(regions[0].blocks[0].ops.copy())
    return _nested_ops_of_blocks(op)


def _nested_ops_of_blocks(op: Operation) -> Iterator[Operation]:
    for region in op.regions:
        for block in region.blocks:
            yield from list(block.ops)


class Block:
    def __init__(self, arg_types: Iterable[Type] = (), arg_locations: Iterable[Location] = ()):
        self.args = [BlockArgument(t, self, k) for k, t in enumerate(arg_types)]
        self.arg_locations = list(arg_locations)
        self.ops: list[Operation] = []
        self.parent: Optional[Region] = None

    def add_arg(self, t: Type) -> BlockArgument:
        arg = BlockArgument(t, self, len(self.args))
        self.args.append(arg)
        return arg

    def append(self, op: Operation) -> Operation:
        op.parent = self
        self.ops.append(op)
        return op

    def insert(self, index: int, op: Operation) -> Operation:
        op.parent = self
        self.ops.insert(index, op)
        return op

    def set_ops(self, ops: list[Operation]) -> None:
        """Replace the op list in one go (rewrites rebuild blocks in one sweep)."""
        for op in ops:
            op.parent = self
        self.ops = ops

    @property
    def terminator(self) -> Optional[Operation]:
        return self.ops[-1] if self.ops and self.ops[-1].has_trait(TERMINATOR) else None


class Region:
    def __init__(self, blocks: Iterable[Block] = ()):
        self.blocks: list[Block] = []
        self.parent: Optional[Operation] = None
        for b in blocks:
            self.append(b)

    def append(self, block: Block) -> Block:
        block.parent = self
        self.blocks.append(block)
        return block

    @property
    def block(self) -> Block:
        assert len(self.blocks) == 1
        return self.blocks[0]

    def drop_all_references(self) -> None:
        for block in self.blocks:
            for op in block.ops:
                op.drop_operands()
                for r in op.regions:
                    r.drop_all_references()


def clone(op: Operation, mapping: dict) -> Operation:
    """A copy of `op` (regions included) whose operands are looked up in `mapping`
    (old value -> new value; values not in it are used as they are). The new
    results and block arguments are added to `mapping`."""
    regions = []
    for region in op.regions:
        new_region = Region()
        for block in region.blocks:
            new_block = Block([a.type for a in block.args], block.arg_locations)
            mapping.update(zip(block.args, new_block.args))
            for inner in block.ops:
                new_block.append(clone(inner, mapping))
            new_region.append(new_block)
        regions.append(new_region)
    new = Operation.create(op.name, [mapping.get(v, v) for v in op.operands], op.result_types,
                           dict(op.attributes), regions, op.location)
    mapping.update(zip(op.results, new.results))
    return new


def verify(op: Operation) -> None:
    """Run every verifier under `op` (pre-order); the first failure raises."""
    for nested in op.walk():
        nested.verify_()
