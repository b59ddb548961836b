"""strip-func-quant-types: quantized types leave function signatures.

As the RFC describes: every top-level func.func (definition or declaration)
gets storage types in its signature; a definition's arguments are cast back
with `quant.scast` at the top of its body and its returned quantized values
cast to storage before each `return`; every `func.call` (and
`func.call_indirect`) passes storage values and casts quantized results back.
Canonicalization then cancels the scast pairs.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..dialects.func import FuncOp
from ..dialects.quant.ops import storage_type_of
from ..dialects.quant.types import quantized_element_type, unsupported_storage_error
from ..errors import Tfl2QuantError
from ..ir.attributes import TypeAttr
from ..ir.builder import Builder
from ..ir.core import Operation
from ..ir.types import FunctionType, Type
from .pass_base import ModulePass


def _strip(t: Type) -> Type:
    if isinstance(t, FunctionType):
        return FunctionType(tuple(map(_strip, t.inputs)), tuple(map(_strip, t.results)))
    return storage_type_of(t)


def _quantized(t: Type) -> bool:
    return quantized_element_type(t) is not None


@dataclass(frozen=True)
class StripFuncQuantTypes(ModulePass):
    """Replace !quant.uniform with storage types in function headers and calls."""

    name = "strip-func-quant-types"

    def apply(self, module: Operation) -> None:
        for op in module.walk():  # before any change: a float storage type has no scast to strip it
            types = []
            if isinstance(op, FuncOp):
                types = list(op.function_type.inputs + op.function_type.results)
            elif op.name in ("func.call", "func.call_indirect"):
                types = [v.type for v in op.operands] + [r.type for r in op.results]
            for t in types:
                why = unsupported_storage_error(t)
                if why:
                    raise Tfl2QuantError(f"{self.name}: {why}", op.location.describe())
        for func in [op for op in module.body.ops if isinstance(op, FuncOp)]:
            original = func.function_type
            func.set_function_type(_strip(original))
            if not func.is_declaration:
                self._strip_definition(func)
        for op in list(module.walk()):
            if op.name in ("func.call", "func.call_indirect"):
                self._strip_call(op)
            elif op.name == "func.constant" and isinstance(op.result.type, FunctionType):
                op.result.type = _strip(op.result.type)
                if isinstance(op.attributes.get("type"), TypeAttr):
                    op.attributes["type"] = TypeAttr(op.result.type)

    def _strip_definition(self, func: FuncOp) -> None:
        body = func.body
        prologue: list[Operation] = []
        b = Builder(prologue, func.location)
        for arg in body.args:
            if _quantized(arg.type):
                quantized = arg.type
                arg.type = storage_type_of(quantized)
                uses = list(arg.uses)
                cast = b.value("quant.scast", [arg], quantized)
                for op, idx in uses:
                    op.set_operand(idx, cast)
        for block in func.regions[0].blocks:
            ret = block.terminator
            if ret is None or ret.name != "func.return":
                continue
            ops = block.ops[:-1]
            rb = Builder(ops, ret.location)
            ret.set_operands([rb.value("quant.scast", [v], storage_type_of(v.type)) if _quantized(v.type) else v
                              for v in ret.operands])
            block.set_ops(ops + [ret])
        body.set_ops(prologue + body.ops)

    def _strip_call(self, call: Operation) -> None:
        block = call.parent
        position = block.ops.index(call)
        before: list[Operation] = []
        b = Builder(before, call.location)
        call.set_operands([b.value("quant.scast", [v], storage_type_of(v.type)) if _quantized(v.type) else v
                           for v in call.operands])
        after: list[Operation] = []
        a = Builder(after, call.location)
        for r in call.results:
            if _quantized(r.type):
                quantized = r.type
                uses = list(r.uses)
                r.type = storage_type_of(quantized)
                cast = a.value("quant.scast", [r], quantized)
                for op, idx in uses:
                    op.set_operand(idx, cast)
        block.set_ops(block.ops[:position] + before + [call] + after + block.ops[position + 1:])

