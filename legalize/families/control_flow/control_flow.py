"""Control flow, calls, state and operators whose meaning is not in the model.

WHILE and IF are imported with regions that call their subgraphs (functions).
They become scf.while and scf.if whose regions call the same functions with
func.call (kernels/while.cc, kernels/if.cc):

    WHILE  scf.while: the before region calls the cond function and passes its
           one-element bool to scf.condition with the loop values; the do
           region calls the body function and yields its results. A WHILE
           whose trip count is known (Keras' recurrent layers: counters from
           constants below constant bounds, counted_loop.py) is an scf.for
           calling the body that many times
    IF     scf.if on the one-element condition; each region calls its branch
           function on the other operands and yields its results

Resource variables (var_handle.cc, read_variable.cc, assign_variable.cc) live
as long as the interpreter: each distinct (container, shared_name) is one
mutable ml_program.global, READ_VARIABLE a global_load and ASSIGN_VARIABLE a
global_store; VAR_HANDLE leaves nothing once its readers and writers name the
global. CALL_ONCE (call_once.cc) runs its init function on its first invoke only:
a global "pending" flag per init function, cleared after the call under scf.if.

TFLite's string operators (hash tables, SKIP_GRAM) are the text family's (text/), on the
byte buffers of lib/strings.py. WHILE and IF carry string tensors as those buffers
(lib/strings.py decides whether they can).

Quantized values move through all of them unchanged (TFLite copies their bytes):
they take the integer path, on storage types, and are cast back to their
quantized types only where a function takes or returns them (strip-func-quant-
types then cancels those casts).
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from tfl2quant.dialects.func import FuncOp
from tfl2quant.dialects.ml_program import build_global
from tfl2quant.dialects.quant.ops import storage_type_of
from tfl2quant.ir.attributes import DenseElementsAttr, IntegerAttr, StringAttr, SymbolRefAttr, UnitAttr
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import Block, Operation, Region, Value
from tfl2quant.ir.types import FunctionType, RankedTensorType, Type, element_type, i1, i32, i64, index

from ...lib.query import Reason
from ...lib.strings import BYTES, CAST, as_bytes, callee, is_string, module_of
from ...rule import FloatPattern, IntegerPattern, Rule
from .counted_loop import index_constant, trip_count


class Stored(IntegerPattern):
    """A quantized op whose values only move: `pattern` run on their stored values."""

    def __init__(self, pattern: FloatPattern):
        self.pattern = pattern

    def unsupported(self, op: Operation) -> Reason:
        return self.pattern.unsupported(op)

    def rewrite(self, b, op, operands):
        return self.pattern.rewrite(b, op, operands, [storage_type_of(t) for t in op.result_types])


def moved(pattern: FloatPattern) -> Rule:
    """A rule for an op that moves values: the same pattern on floats and on storage."""
    return Rule(integer=Stored(pattern), float=pattern)


# --- WHILE and IF ------------------------------------------------------------------------

def _cast(b: Builder, v: Value, t: Type) -> Value:
    """`v` as `t`: the same value, between a quantized type and its storage type, or between
    a string tensor and its byte buffer (lib/strings.py: resolve_strings removes that cast)."""
    if v.type == t:
        return v
    return b.value(CAST if is_string(t) or is_string(v.type) else "quant.scast", [v], t)


def _carried(t: Type) -> Type:
    """What scf moves for a value of type `t`: a string tensor as its byte buffer."""
    return BYTES if is_string(t) else storage_type_of(t)


def _call(b: Builder, func: Operation, args: list[Value], result_types: list[Type]) -> list[Value]:
    """Call `func` on `args` (cast to its argument types); its results cast to `result_types`."""
    ft = func.function_type
    call = b.create("func.call", [_cast(b, a, t) for a, t in zip(args, ft.inputs)], list(ft.results),
                    {"callee": SymbolRefAttr(func.sym_name)})
    return [_cast(b, r, t) for r, t in zip(call.results, result_types)]


def _scalar(b: Builder, v: Value) -> Value:
    """The one element of a one-element tensor (a condition), as a scalar."""
    zeros = [b.value("arith.constant", [], index, {"value": IntegerAttr(0, index)}) for _ in v.type.shape]
    return b.value("tensor.extract", [v, *zeros], element_type(v.type))


def _one_bool(t: Type, what: str) -> Reason:
    if not isinstance(t, RankedTensorType) or element_type(t) != i1 or None in t.shape or \
            int(np.prod(t.shape)) != 1:
        return f"{what} is {t}, not a one-element bool tensor"
    return None


def _stored(types) -> list[Type]:
    """What TFLite copies between the op and its subgraphs: bytes, whatever the quantization."""
    return [storage_type_of(t) for t in types]


def _cast_compatible(a: Type, b: Type) -> bool:
    """Equal stored types but for `?` dimensions on either side (the driver's tensor.cast)."""
    a, b = storage_type_of(a), storage_type_of(b)
    if a == b:
        return True
    if not (isinstance(a, RankedTensorType) and isinstance(b, RankedTensorType)):
        return False
    return a.element_type == b.element_type and len(a.shape) == len(b.shape) and all(
        x is None or y is None or x == y for x, y in zip(a.shape, b.shape))


def _types(types) -> str:
    return "(" + ", ".join(map(str, types)) + ")"


def _arity(op: Operation, operands: int, results: int) -> Reason:
    """The operand and result counts the kernel's Prepare requires (a malformed model may differ)."""
    if len(op.operands) != operands or len(op.results) != results:
        return f"{op.name} takes {operands} operands and gives {results} results, not {len(op.operands)} and " \
               f"{len(op.results)}"
    return None


class While(FloatPattern):
    """tfl.while -> scf.while calling the cond and body functions (kernels/while.cc)."""

    def unsupported(self, op: Operation) -> Reason:
        cond, body = callee(op, 0), callee(op, 1)
        if cond is None or body is None:
            return "a region does not call a subgraph function"
        carried = list(op.operand_types)
        if len(op.result_types) != len(carried):
            return f"{len(carried)} loop values but {len(op.result_types)} results"
        if _stored(body.function_type.results) != _stored(carried):
            return (f"the body returns {_types(body.function_type.results)} where the loop carries "
                    f"{_types(carried)}: the loop values change shape across iterations")
        if len(cond.function_type.results) != 1:
            return "the cond subgraph has more than one output"
        if not all(_cast_compatible(r, t) for r, t in zip(op.result_types, carried)):
            return f"the results {_types(op.result_types)} are not the loop values {_types(carried)}"
        return _one_bool(cond.function_type.results[0], "the cond output")

    def rewrite(self, b, op, operands, result_types):
        cond, body = callee(op, 0), callee(op, 1)
        carried = [_carried(v.type) for v in operands]  # storage types on the integer path
        trips = trip_count(cond, body, list(operands))
        operands = [as_bytes(b, v) for v in operands]
        if trips is not None:
            return _strings(b, self.counted(b, op, body, operands, carried, trips), result_types)
        before, after = Block(carried), Block(carried)
        inner = Builder(block=before, location=op.location)
        (keep_going,) = _call(inner, cond, list(before.args), list(cond.function_type.results))
        inner.create("scf.condition", [_scalar(inner, keep_going), *before.args])
        inner = Builder(block=after, location=op.location)
        inner.create("scf.yield", _call(inner, body, list(after.args), carried))
        loop = b.create("scf.while", operands, carried, regions=[Region([before]), Region([after])])
        return _strings(b, list(loop.results), result_types)

    @staticmethod
    def counted(b, op, body, operands, carried, trips: int):
        """scf.for over [0, trips) calling the body: the cond, which only decides, is not called."""
        block = Block([index, *carried])
        inner = Builder(block=block, location=op.location)
        inner.create("scf.yield", _call(inner, body, list(block.args[1:]), carried))
        bounds = [index_constant(b, 0), index_constant(b, trips), index_constant(b, 1)]
        loop = b.create("scf.for", [*bounds, *operands], carried, regions=[Region([block])])
        return list(loop.results)


def _strings(b: Builder, values: list[Value], result_types) -> list[Value]:
    """The results of a lowered WHILE or IF, a byte buffer cast back to its string type."""
    return [_cast(b, v, t) if is_string(t) else v for v, t in zip(values, result_types)]


class If(FloatPattern):
    """tfl.if -> scf.if calling the then or else function on the other operands (kernels/if.cc)."""

    def unsupported(self, op: Operation) -> Reason:
        then, else_ = callee(op, 0), callee(op, 1)
        if then is None or else_ is None or not op.operands:
            return "a region does not call a subgraph function"
        results = then.function_type.results
        if len(results) != len(op.results):
            return f"the branches return {len(results)} values for {len(op.results)} results"
        if _stored(else_.function_type.results) != _stored(results):
            return (f"the branches return different types: {_types(results)} and "
                    f"{_types(else_.function_type.results)}")
        if not all(_cast_compatible(r, t) for r, t in zip(op.result_types, results)):
            return f"the results {_types(op.result_types)} are not what the branches return {_types(results)}"
        return _one_bool(op.operands[0].type, "the condition")

    def rewrite(self, b, op, operands, result_types):
        then, else_ = callee(op, 0), callee(op, 1)
        # storage types on the integer path (a float model's branches return no quantized type)
        stored = [_carried(t) for t in then.function_type.results]
        args = [as_bytes(b, v) for v in operands[1:]]
        regions = []
        for func in (then, else_):
            block = Block()
            inner = Builder(block=block, location=op.location)
            inner.create("scf.yield", _call(inner, func, args, stored))
            regions.append(Region([block]))
        return _strings(b, list(b.create("scf.if", [_scalar(b, operands[0])], stored, regions=regions).results),
                        result_types)


class Case(FloatPattern):
    """tfl.stablehlo_case -> nested scf.if: index == 0 calls branch 0, else index == 1
    branch 1, ..., else the last branch, which also runs for an index outside
    [0, branches) as in stablehlo_case.cc. (scf.index_switch says the same, but iree-compile
    3.13's stream conversion breaks on one with two cases or more.)"""

    def unsupported(self, op: Operation) -> Reason:
        branches = [callee(op, k) for k in range(len(op.regions))]
        if not branches or any(f is None for f in branches) or not op.operands:
            return "a region does not call a subgraph function"
        results = branches[0].function_type.results
        if len(results) != len(op.results):
            return f"the branches return {len(results)} values for {len(op.results)} results"
        for f in branches[1:]:
            if _stored(f.function_type.results) != _stored(results):
                return (f"the branches return different types: {_types(results)} and "
                        f"{_types(f.function_type.results)}")
        if not all(_cast_compatible(r, t) for r, t in zip(op.result_types, results)):
            return f"the results {_types(op.result_types)} are not what the branches return {_types(results)}"
        t = op.operands[0].type
        if not isinstance(t, RankedTensorType) or str(element_type(t)) != "i32" or None in t.shape or \
                int(np.prod(t.shape)) != 1:
            return f"the index is {t}, not a one-element int32 tensor"
        return None

    def rewrite(self, b, op, operands, result_types):
        branches = [callee(op, k) for k in range(len(op.regions))]
        stored = [_carried(t) for t in branches[0].function_type.results]
        index_value = _scalar(b, operands[0])
        args = [as_bytes(b, v) for v in operands[1:]]
        return _strings(b, self.chain(b, op, index_value, branches, 0, args, stored), result_types)

    def chain(self, b, op, index_value, branches, k, args, stored):
        """Branch k if the index is k, else the chain from branch k + 1 (the last: no test)."""
        if k == len(branches) - 1:
            return _call(b, branches[k], args, stored)
        regions = []
        for build in (lambda inner: _call(inner, branches[k], args, stored),
                      lambda inner: self.chain(inner, op, index_value, branches, k + 1, args, stored)):
            block = Block()
            inner = Builder(block=block, location=op.location)
            inner.create("scf.yield", build(inner))
            regions.append(Region([block]))
        k_value = b.value("arith.constant", [], i32, {"value": IntegerAttr(k, i32)})
        is_k = b.value("arith.cmpi", [index_value, k_value], i1, {"predicate": IntegerAttr(0, i64)})
        return list(b.create("scf.if", [is_k], stored, regions=regions).results)


# --- resource variables and CALL_ONCE ----------------------------------------------------

def _global(module: Operation, key: dict[str, str], name: str, t: RankedTensorType,
            initial: np.ndarray) -> str:
    """The symbol of the ml_program.global carrying the attributes `key`; created before
    the first function, under a name no other symbol has, on first use."""
    marks = {k: StringAttr(v) for k, v in key.items()}
    for op in module.body.ops:
        if op.name == "ml_program.global" and all(op.attributes.get(k) == v for k, v in marks.items()):
            return op.attributes["sym_name"].value
    symbol, n = name, 0
    while module.lookup(symbol) is not None:
        n += 1
        symbol = f"{name}_{n}"
    value = DenseElementsAttr.from_array(initial, element_type(t), t.shape)
    first = next((k for k, op in enumerate(module.body.ops) if op.name == "func.func"), len(module.body.ops))
    module.body.insert(first, build_global(symbol, t, value, extra=marks))
    return symbol


def _var_handle(v: Value) -> Optional[Operation]:
    producer = v.owner_op
    return producer if producer is not None and producer.name == "tfl.var_handle" else None


def _variable_key(handle: Operation) -> dict[str, str]:
    def text(name):
        a = handle.attributes.get(name)
        return a.value if isinstance(a, StringAttr) else ""
    return {"tfl.container": text("container"), "tfl.shared_name": text("shared_name")}


def _accessed(op: Operation) -> Type:
    """The type a read or assign moves: the stored form of the read result or assigned value."""
    return storage_type_of(op.result.type if op.name == "tfl.read_variable" else op.operands[1].type)


def _variable_type(handle: Operation) -> tuple[Optional[Type], Reason]:
    """The one static type of the variable `handle` names: every read and assign of a
    variable of that (container, shared_name), in any function, must move it."""
    key = _variable_key(handle)
    types = set()
    for op in module_of(handle).walk():
        if op.name == "ml_program.global" and all(op.attributes.get(k) == StringAttr(v) for k, v in key.items()):
            types.add(op.attributes["type"].value)  # made for accesses already rewritten
        if op.name in ACCESS_ARITY and not _arity(op, *ACCESS_ARITY[op.name]):  # (not yet rewritten)
            other = _var_handle(op.operands[0])
            if other is not None and _variable_key(other) == key:
                types.add(_accessed(op))
    name = key["tfl.shared_name"] or "(unnamed)"
    if len(types) != 1:
        return None, f"variable '{name}' is read or assigned as {len(types)} types: {sorted(map(str, types))}"
    (t,) = types
    if not isinstance(t, RankedTensorType) or None in t.shape:
        return None, f"variable '{name}' has no static shape ({t})"
    return t, None


ACCESS_ARITY = {"tfl.read_variable": (1, 1), "tfl.assign_variable": (2, 0)}


def _variable(op: Operation) -> tuple[Optional[Operation], Reason]:
    malformed = _arity(op, *ACCESS_ARITY[op.name])
    if malformed:
        return None, malformed
    handle = _var_handle(op.operands[0])
    if handle is None:
        return None, "the resource handle does not come from a VAR_HANDLE of this subgraph"
    return handle, _variable_type(handle)[1]


def _variable_global(handle: Operation) -> str:
    t, _ = _variable_type(handle)
    key = _variable_key(handle)
    # TFLite refuses to read a variable never assigned, so the initial value is never read
    return _global(module_of(handle), key, key["tfl.shared_name"] or "variable", t,
                   np.zeros(t.shape, np.float64))


class VarHandle(FloatPattern):
    """tfl.var_handle: nothing; its readers and writers name the variable's global."""

    def unsupported(self, op: Operation) -> Reason:
        malformed = _arity(op, 0, 1)
        if malformed:
            return malformed
        if not op.result.uses:
            return None  # a handle nothing reads or assigns: nothing to keep
        for user, k in op.result.uses:
            if user.name not in ACCESS_ARITY or k != 0 or _arity(user, *ACCESS_ARITY[user.name]):
                return f"the resource handle is used by '{user.name}', not only read or assigned"
        return _variable_type(op)[1]

    def rewrite(self, b, op, operands, result_types):
        # the op leaves the block, but its readers and assigners (legalized after it:
        # they follow it in the block) still see it as their handle's producer; once
        # they are rewritten nothing uses its result (`unsupported` made sure of that)
        return [op.result]


class ReadVariable(FloatPattern):
    """tfl.read_variable -> ml_program.global_load (kernels/read_variable.cc)."""

    def unsupported(self, op: Operation) -> Reason:
        return _variable(op)[1]

    def rewrite(self, b, op, operands, result_types):
        symbol = _variable_global(_var_handle(op.operands[0]))
        reader = _reader(module_of(op), symbol, _accessed(op), op)
        call = b.create("func.call", [], [_accessed(op)], {"callee": SymbolRefAttr(reader), "no_inline": UnitAttr()})
        return list(call.results)


def _reader(module: Operation, symbol: str, t: Type, op: Operation) -> str:
    """The private function that loads the global `symbol`: a read is a call of it, not a
    global_load in place, because iree-compile (3.x, iree-util-simplify-global-accesses)
    moves a global_load at a function's top level above an earlier scf.if that stores the
    global, as CALL_ONCE's scf.if around the init function does, and a call stops that
    motion (tests/legalize/test_control_flow.py holds the small reproducer). The call is marked
    `no_inline` and the function `noinline`: IREE 3.13 kept the call with only one of the
    two, and which one depended on the module."""
    mark = StringAttr(symbol)
    for f in module.functions():
        if f.attributes.get("tfl.reads") == mark:
            return f.sym_name
    name, n = f"{symbol}_read", 0
    while module.lookup(name) is not None:
        n += 1
        name = f"{symbol}_read_{n}"
    reader = FuncOp.build(name, FunctionType((), (t,)), visibility="private", location=op.location)
    reader.attributes["noinline"] = UnitAttr()
    reader.attributes["tfl.reads"] = mark
    b = Builder(block=reader.body, location=op.location)
    b.create("func.return", [b.value("ml_program.global_load", [], t, {"global": SymbolRefAttr(symbol)})])
    module.body.append(reader)
    return name


class AssignVariable(FloatPattern):
    """tfl.assign_variable -> ml_program.global_store (kernels/assign_variable.cc)."""

    def unsupported(self, op: Operation) -> Reason:
        return _variable(op)[1]

    def rewrite(self, b, op, operands, result_types):
        symbol = _variable_global(_var_handle(op.operands[0]))
        b.create("ml_program.global_store", [operands[1]], [], {"global": SymbolRefAttr(symbol)})
        return []


class CallOnce(FloatPattern):
    """tfl.call_once -> scf.if on the init function's "pending" global: call it, then
    clear the flag (kernels/call_once.cc: one status per init subgraph, set after it ran)."""

    @staticmethod
    def init(op: Operation) -> Optional[Operation]:
        a = op.attributes.get("session_init_function")
        found = module_of(op).lookup(a.value) if isinstance(a, StringAttr) else None
        return found if found is not None and found.name == "func.func" and not found.is_declaration else None

    def unsupported(self, op: Operation) -> Reason:
        init = self.init(op)
        if _arity(op, 0, 0):
            return _arity(op, 0, 0)
        if init is None:
            return "the init subgraph is not a function of the module"
        if init.function_type.inputs or init.function_type.results:
            return "the init subgraph has inputs or outputs"
        return None

    def rewrite(self, b, op, operands, result_types):
        init = self.init(op)
        flag = RankedTensorType((), i1)
        symbol = _global(module_of(op), {"tfl.call_once": init.sym_name}, f"{init.sym_name}_pending", flag,
                         np.ones((), bool))
        ref = {"global": SymbolRefAttr(symbol)}
        pending = b.value("ml_program.global_load", [], flag, ref)
        block = Block()
        inner = Builder(block=block, location=op.location)
        inner.create("func.call", [], [], {"callee": SymbolRefAttr(init.sym_name)})
        done = inner.value("arith.constant", [], flag, {"value": DenseElementsAttr.from_array(np.zeros((), bool), i1)})
        inner.create("ml_program.global_store", [done], [], ref)
        inner.create("scf.yield")
        b.create("scf.if", [_scalar(b, pending)], [], regions=[Region([block]), Region()])
        return []
