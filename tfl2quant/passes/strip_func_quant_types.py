"""strip-func-quant-types: quantized types leave function signatures.

Every func.func (definition or declaration, at any depth of the module) gets storage types in
its signature, and every func.call, func.return (and, beyond upstream, func.call_indirect and
the func.constant feeding it) follows. The casts are placed as upstream's pass places them
(mlir/lib/Dialect/Quant/Transforms/StripFuncQuantTypes.cpp runs the dialect conversion driver,
mlir/lib/Transforms/Utils/DialectConversion.cpp), so that `opt` prints the same IR:

- An operand of a rewritten call or return that is still quantized (defined by an op the pass
  does not rewrite) is cast to storage right after its definition (at the top of its block for
  a block argument); one cast per value, shared by all rewritten users.
- A stripped entry-block argument or call result keeps feeding rewritten calls and returns
  directly; only if other ops use it is a cast back to the quantized type made, at the top of
  the block (arguments) or right after the call (results). Each such cast is inserted at that
  point ahead of the ones made before it, so they come out in reverse order, as upstream's.
- Only entry blocks are converted (upstream would also retype other blocks' arguments but not
  the branches feeding them, which leaves invalid IR).

Canonicalization then cancels the scast pairs.
"""
from __future__ import annotations


from ..dialects.func import FuncOp
from ..dialects.quant.ops import storage_type_of
from ..dialects.quant.types import quantized_element_type
from ..ir.attributes import TypeAttr
from ..ir.core import BlockArgument, Operation, Value
from ..ir.location import UNKNOWN, Location
from ..ir.types import FunctionType, Type
from ..records import dataclass
from .pass_base import ModulePass

_CALLS = ("func.call", "func.call_indirect")


def _strip(t: Type) -> Type:
    if isinstance(t, FunctionType):
        return FunctionType(tuple(map(_strip, t.inputs)), tuple(map(_strip, t.results)))
    return storage_type_of(t)


def _quantized(t: Type) -> bool:
    if isinstance(t, FunctionType):
        return any(map(_quantized, t.inputs + t.results))
    return quantized_element_type(t) is not None


def _insert_after_definition(v: Value, op: Operation) -> None:
    """Place `op` where upstream's computeInsertPoint(v) puts it: right after v's defining op,
    or first in the block of a block argument."""
    if isinstance(v, BlockArgument):
        v.block.insert(0, op)
    else:
        block = v.owner.parent
        block.insert(block.ops.index(v.owner) + 1, op)


class _Conversion:
    def __init__(self):
        self.rewritten: set[Operation] = set()    # calls and returns now on storage types
        self.retyped: dict[Value, Type] = {}      # stripped values -> their old types (in order)
        self.to_storage: dict[Value, Value] = {}  # cached casts of still-quantized operands

    def old_type(self, v: Value) -> Type:
        return self.retyped.get(v, v.type)

    def illegal(self, op: Operation) -> bool:
        """Upstream's legality check, on the types as they were before the pass."""
        return any(_quantized(self.old_type(v)) for v in op.operands) or any(map(_quantized, op.result_types))

    def storage_value(self, v: Value) -> Value:
        if not _quantized(v.type):
            return v
        cast = self.to_storage.get(v)
        if cast is None:
            op = Operation.create("quant.scast", [v], [_strip(v.type)], location=_location(v))
            _insert_after_definition(v, op)
            cast = self.to_storage[v] = op.result
        return cast

    def retype(self, v: Value) -> None:
        if _quantized(v.type):
            self.retyped[v] = v.type
            v.type = _strip(v.type)

    def rewrite_operands(self, op: Operation) -> None:
        op.set_operands([self.storage_value(v) for v in op.operands])
        self.rewritten.add(op)

    def cast_back(self) -> None:
        """Casts to the old type for the ops that still expect it (upstream's commit phase)."""
        for v, quantized in self.retyped.items():
            users = [(op, k) for op, k in v.uses if op not in self.rewritten]
            if not users:
                continue
            cast = Operation.create("quant.scast", [v], [quantized], location=_location(v))
            _insert_after_definition(v, cast)
            for op, k in users:
                op.set_operand(k, cast.result)


def _location(v: Value) -> Location:
    if isinstance(v, BlockArgument):
        locs = v.block.arg_locations
        return locs[v.index] if v.index < len(locs) else UNKNOWN
    return v.owner.location


@dataclass(frozen=True)
class StripFuncQuantTypes(ModulePass):
    """Replace !quant.uniform with storage types in function headers and calls."""

    name = "strip-func-quant-types"
    summary = "Strip quantized types from function headers"

    def apply(self, module: Operation) -> None:
        conv = _Conversion()
        # Upstream legalizes ops in pre-order: a function before the ops of its body.
        for op in list(module.walk()):
            if isinstance(op, FuncOp):
                if _quantized(op.function_type):
                    op.set_function_type(_strip(op.function_type))
                    if not op.is_declaration:
                        for arg in op.body.args:
                            conv.retype(arg)
            elif op.name in _CALLS:
                if conv.illegal(op):
                    conv.rewrite_operands(op)
                    for r in op.results:
                        conv.retype(r)
            elif op.name == "func.return":
                if conv.illegal(op):
                    conv.rewrite_operands(op)
            elif op.name == "func.constant" and _quantized(op.result.type):
                # beyond upstream: call_indirect's callee value follows the stripped signature
                op.result.type = _strip(op.result.type)
                if isinstance(op.attributes.get("type"), TypeAttr):
                    op.attributes["type"] = TypeAttr(op.result.type)
        conv.cast_back()
