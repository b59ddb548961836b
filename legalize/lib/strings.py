"""TFLite's string tensors as byte buffers: scalar code on them, and the retyping of a
module's string values once its string ops are lowered (text/hashtable.py, text/skip_gram.py,
lib/string_layout.py); the buffer format itself is legalize/string_buffer.py. An op has a
string lowering when its row's float pattern has a `string_reason` (a StringPattern, or
ByStrings(usual, strings=...) for an op that also takes numbers): the one registry,
`legalize.rule_for`, answers which ops take strings. select_strings builds the buffer of
chosen strings that the layout ops share; the driver asks no_string_lowering first, so no
other pattern sees a string tensor.

Strings. The upstream dialects have no string element type, so a TFLite string tensor
of any shape is a `tensor<?xi8>` holding exactly TFLite's in-memory string buffer
(tflite/string_util.h): int32 count N, N + 1 int32 offsets from the buffer's start,
then the bytes, little-endian. It is the buffer a TFLite user already holds, so a
caller passes the same bytes. A function argument or result of string type gets that
type and keeps its TFLite shape in a `tfl.string_shape` attribute (-1 for `?`); a
string constant becomes an i8 constant of its buffer (tensor.cast to `?`).

The patterns read a string operand through a `builtin.unrealized_conversion_cast` to
bytes and give a string result through one back; `resolve_strings`, after the whole
module is legalized, retypes the arguments, results and constants at their ends and
removes every cast. So a pattern accepts an op only if every string value it touches
comes from a function argument, a constant or another string op lowered here, and goes
only to such ops or to a `func.return` (of a function nothing calls): any other op
seeing bytes where it expected strings would read them as integers.

WHILE, IF and STABLEHLO_CASE move strings between their operands, results and subgraphs
(while.cc, if.cc and stablehlo_case.cc copy a string tensor's buffer): `_reaches` follows a
string through them, and through the subgraph functions they call, to every op it meets,
so that such an op and the string ops of its subgraphs are lowered together or not at
all. Lowered, scf.while, scf.for and scf.if carry the buffer, and resolve_strings retypes
the called functions' string arguments and results with their calls.
"""
from __future__ import annotations

from typing import Callable, Optional, Sequence

from tfl2quant.errors import InternalError
from tfl2quant.ir.attributes import (ArrayAttr, DenseArrayAttr, DenseElementsAttr, DenseStringElementsAttr,
                                     DictionaryAttr, StringAttr, SymbolRefAttr)
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import Block, Operation, Region, Value
from tfl2quant.ir.types import FunctionType, OpaqueType, RankedTensorType, Type, i8, i32, i64, index

from ..index import rule_for
from ..rule import FloatPattern
from ..string_buffer import SHAPE_ATTR, serialize
from .query import Reason
from .scalar_loops import Scalars, while_

STRING = OpaqueType("tf_type", "string")
BYTES = RankedTensorType((None,), i8)
CAST = "builtin.unrealized_conversion_cast"


def is_string(t: Type) -> bool:
    return isinstance(t, RankedTensorType) and t.element_type == STRING


# --- scalar helpers ------------------------------------------------------------------------

def for_(s: Scalars, lower, upper, inits: Sequence[Value],
         body: Callable[[Scalars, Value, list[Value]], Sequence[Value]]) -> list[Value]:
    """scf.for over [lower, upper) (index values or ints) carrying `inits`."""
    lower, upper = (v if isinstance(v, Value) else s.const(v, index) for v in (lower, upper))
    types = [v.type for v in inits]
    block = Block([index, *types])
    inner = Scalars(Builder(block=block, location=s.b.location))
    inner.b.create("scf.yield", list(body(inner, block.args[0], list(block.args[1:]))))
    loop = s.b.create("scf.for", [s.index(lower), s.index(upper), s.const(1, index), *inits], types,
                      regions=[Region([block])])
    return list(loop.results)


def _i32(s: Scalars, x) -> Value:
    return s.i32(x) if isinstance(x, Value) else s.const(x, i32)


def read32(s: Scalars, buffer: Value, at) -> Value:
    """The little-endian int32 at byte `at` of an i8 buffer."""
    at = _i32(s, at)
    word = None
    for k in range(4):
        byte = s.b.value("arith.extui", [s.get(buffer, s.add(at, k))], i32)
        byte = s.shl(byte, 8 * k) if k else byte
        word = byte if word is None else s.or_(word, byte)
    return word


def write32(s: Scalars, buffer: Value, at, value: Value) -> Value:
    at = _i32(s, at)
    for k in range(4):
        byte = s.b.value("arith.trunci", [s.shr(value, 8 * k) if k else value], i8)
        buffer = s.put(buffer, byte, s.add(at, k))
    return buffer


def span(s: Scalars, buffer: Value, k) -> tuple[Value, Value]:
    """String k of a buffer: its start offset and its length (i32)."""
    at = s.add(s.mul(_i32(s, k), 4), 4)
    start = read32(s, buffer, at)
    return start, s.sub(read32(s, buffer, s.add(at, 4)), start)


def same_string(s: Scalars, a: Value, a_k, b: Value, b_k) -> Value:
    """Whether string a_k of buffer a equals string b_k of buffer b: lengths, then bytes."""
    a_start, a_length = span(s, a, a_k)
    b_start, b_length = span(s, b, b_k)

    def more(inner, v):
        return inner.and_(inner.cmp("slt", v[0], a_length), v[1])

    def step(inner, v):
        same = inner.cmp("eq", inner.get(a, inner.add(a_start, v[0])), inner.get(b, inner.add(b_start, v[0])))
        return [inner.add(v[0], 1), same]

    return while_(s, [s.const(0, i32), s.cmp("eq", a_length, b_length)], more, step)[1]


def count(s: Scalars, buffer: Value) -> Value:
    """The number of strings of a buffer, as an index."""
    return s.index(read32(s, buffer, 0))


def dim0(s: Scalars, v: Value) -> Value:
    return s.b.value("tensor.dim", [v, s.const(0, index)], index)


# --- strings in and out ----------------------------------------------------------------------

def as_bytes(b: Builder, v: Value) -> Value:
    return b.value(CAST, [v], BYTES) if is_string(v.type) else v


def module_of(op: Operation) -> Optional[Operation]:
    while op is not None and op.name != "builtin.module":
        op = op.parent_op()
    return op


def function_of(op: Operation) -> Optional[Operation]:
    while op is not None and op.name != "func.func":
        op = op.parent_op()
    return op


def callee(op: Operation, region: int) -> Optional[Operation]:
    """The function the imported region calls (a func.call, then tfl.yield of its results)."""
    if region >= len(op.regions) or len(op.regions[region].blocks) != 1:
        return None
    ops = op.regions[region].blocks[0].ops
    if len(ops) != 2 or ops[0].name != "func.call" or ops[1].name != "tfl.yield":
        return None
    module = module_of(op)
    found = module.lookup(ops[0].attributes["callee"].root) if module is not None else None
    return found if found is not None and found.name == "func.func" and not found.is_declaration else None


def _sites(func: Operation) -> list[Operation]:
    """The ops naming `func` (calls, a region's call, CALL_ONCE)."""
    name = func.sym_name
    return [op for op in module_of(func).walk() if op is not func and any(
        isinstance(a, SymbolRefAttr) and a.root == name or
        isinstance(a, StringAttr) and op.name == "tfl.call_once" and a.value == name for a in op.attributes.values())]


def _called(func: Operation) -> bool:
    """Whether anything in the module names `func` (a call, a CALL_ONCE, a region's call)."""
    return bool(_sites(func))


def _string_constant(op: Optional[Operation]) -> bool:
    return op is not None and op.name in ("arith.constant", "tfl.pseudo_const") and \
        isinstance(op.attributes.get("value"), DenseStringElementsAttr)


# WHILE, IF and STABLEHLO_CASE carry strings between their operands, results and subgraphs
# as TFLite copies them (while.cc, if.cc, stablehlo_case.cc copy a string tensor's buffer)
CROSSING = ("tfl.while", "tfl.if", "tfl.stablehlo_case")
LOWERED_REGIONS = ("scf.while", "scf.if", "scf.for")


def _crossing(op: Operation) -> Reason:
    """Why the WHILE, IF or STABLEHLO_CASE `op` cannot move its strings (its pattern declines)."""
    reason = rule_for(op.name).float.unsupported(op)  # the row's While, If or Case
    return f"reaches '{op.name}', which cannot move it: {reason}" if reason else None


def _subgraphs(op: Operation) -> list[Operation]:
    return [callee(op, k) for k in range(len(op.regions))]


def _slot(op: Operation, k: int, side: str) -> list[Value]:
    """The values a WHILE, IF or CASE moves as one: loop value k of a WHILE (operand, result,
    both subgraphs' argument, the body's result); a branch input k of IF or CASE (`side` "in":
    operand k + 1, each branch's argument) or result k ("out": the result, each branch's)."""
    subgraphs = _subgraphs(op)
    if op.name == "tfl.while":
        cond, body = subgraphs
        return [op.operands[k], op.results[k], cond.body.args[k], body.body.args[k], body.body.ops[-1].operands[k]]
    if side == "in":
        return [op.operands[k + 1], *(f.body.args[k] for f in subgraphs)]
    return [op.results[k], *(f.body.ops[-1].operands[k] for f in subgraphs)]


def _through_call(func: Operation, k: int, side: str, todo: list[Value]) -> Reason:
    """Follow argument (`side` "in") or result ("out") k of the called `func` to its call sites:
    a region's call of a WHILE or IF moves it, a call already lowered moved it as bytes."""
    for site in _sites(func):
        owner = site.parent_op() if site.name == "func.call" else None
        if owner is not None and owner.name in LOWERED_REGIONS:
            continue
        if owner is None or owner.name not in CROSSING:
            return f"reaches @{func.sym_name}, which '{site.name}' calls"
        reason = _crossing(owner)
        if reason:
            return reason
        todo.extend(_slot(owner, k, side))
    return None


def _source(v: Value, todo: list[Value]) -> Reason:
    producer = v.owner_op
    if producer is None:
        owner = v.block.parent.parent if v.block.parent is not None else None
        if owner is None or owner.name != "func.func":
            return "is a region argument: strings cross only functions' ends, WHILE and IF"
        return _through_call(owner, v.block.args.index(v), "in", todo)
    if producer.name in CROSSING:
        reason = _crossing(producer)
        return reason or todo.extend(_slot(producer, producer.results.index(v), "out"))
    if not _string_constant(producer) and not _lowers(producer):
        return f"comes from '{producer.name}', which has no string lowering"
    return None


def _sinks(v: Value, todo: list[Value], also: str = "also ") -> Reason:
    for other, k in v.uses:
        owner = other.parent_op()
        if other.name == "func.return":
            func = function_of(other)
            reason = func is not None and _called(func) and _through_call(func, k, "out", todo)
        elif other.name in CROSSING:
            reason = _crossing(other)
            if not reason:
                todo.extend(_slot(other, k if other.name == "tfl.while" else k - 1, "in"))
        elif other.name == "func.call" and owner is not None and owner.name in CROSSING[1:]:
            reason = None  # a branch's call reads IF's (CASE's) operand itself: its slot was followed
        elif not _lowers(other):
            reason = f"is {also}read by '{other.name}', which has no string lowering"
        else:
            reason = None
        if reason:
            return reason
    return None


def _reaches(v: Value, user: Operation, subject: str = "") -> Reason:
    """Why the string value `v` of `user` could not become bytes end to end: every value it
    is moved to through WHILE, IF and the subgraphs they call must come from and go only to
    string ops lowered here, constants, and the arguments and results of uncalled functions."""
    seen: set[int] = set()
    todo = [v]
    while todo:
        w = todo.pop()
        if id(w) in seen or not is_string(w.type):
            continue
        seen.add(id(w))
        reason = _source(w, todo) or _sinks(w, todo, "also " if w is not v or not subject else "")
        if reason:
            return f"{subject or f'a string tensor read by {user.name!r}'} {reason}"
    return None


def _results_reach(op: Operation) -> Reason:
    for r in op.results:
        if is_string(r.type):
            reason = _reaches(r, op, f"the string result of '{op.name}'")
            if reason:
                return reason
    return None


def strings_reach(op: Operation, operands: Sequence[int]) -> Reason:
    for k in operands:
        if is_string(op.operands[k].type):
            reason = _reaches(op.operands[k], op)
            if reason:
                return reason
    return _results_reach(op)


def retype(op: Operation, t: Type) -> None:
    """Give `op`'s result the type `t` its kernel resizes it to, and so the result types of the
    functions returning it (its only users: the pattern's `unsupported` made sure)."""
    op.result.type = t
    for user, k in op.result.uses:
        func = function_of(user)
        ft = func.function_type
        results = list(ft.results)
        results[k] = t
        func.set_function_type(FunctionType(tuple(ft.inputs), tuple(results)))


def string_lowering(op: Operation) -> Optional[Callable[[Operation], Reason]]:
    """The reason of `op`'s string lowering, but for the strings' reach (which would recurse
    through each other), if its row has one: the `string_reason` of its float pattern
    (a StringPattern's, ByStrings', the hash tables' and SKIP_GRAM's)."""
    rule = rule_for(op.name)
    return getattr(rule.float, "string_reason", None) if rule is not None else None


def _lowers(op: Operation) -> bool:
    """Whether `op` takes its strings as bytes: a string op lowered here, or a cast of one the
    driver has already lowered (giving its result from bytes, or reading its operand as bytes)."""
    if op.name == CAST:
        return len(op.operands) == 1 and BYTES in (op.operands[0].type, op.result.type)
    reason = string_lowering(op)
    return reason is not None and reason(op) is None


def touches_strings(op: Operation) -> bool:
    return any(is_string(v.type) for v in (*op.operands, *op.results))


def no_string_lowering(op: Operation) -> Reason:
    """Why an op reading or giving a string tensor stays a tfl op: its kind has no string
    lowering (the driver asks before any pattern, which would read the strings as numbers)."""
    if op.name in CROSSING:  # moves its strings if they all become bytes
        return next(filter(None, (_reaches(v, op) for v in (*op.operands, *op.results) if is_string(v.type))), None)
    for role, values in (("operand", op.operands), ("result", op.results)):
        for k, v in enumerate(values):
            if is_string(v.type):
                return None if string_lowering(op) is not None else \
                    f"{role} {k} is a string tensor; '{op.name}' has no string lowering"
    return None


class StringPattern(FloatPattern):
    """The string path of an op: `reason` (its `string_reason`: the reach of its strings
    left out) and the reach of the strings it reads (`operands`) and gives."""

    operands: tuple[int, ...] = (0,)

    def reason(self, op: Operation) -> Reason:
        return None

    def string_reason(self, op: Operation) -> Reason:
        return self.reason(op)

    def unsupported(self, op: Operation) -> Reason:
        return self.reason(op) or strings_reach(op, self.operands)


class ByStrings(FloatPattern):
    """An op's usual float pattern, or its StringPattern when it reads or gives a string
    tensor: ByStrings(usual, strings=...) in the op's row."""

    def __init__(self, usual: FloatPattern, strings: StringPattern):
        self.usual, self.strings = usual, strings

    def pick(self, op: Operation) -> FloatPattern:
        return self.strings if touches_strings(op) else self.usual

    def string_reason(self, op: Operation) -> Reason:
        return self.strings.reason(op)

    def unsupported(self, op: Operation) -> Reason:
        return self.pick(op).unsupported(op)

    def moved_values(self, op: Operation) -> list:
        return self.pick(op).moved_values(op)

    def rewrite(self, b, op, operands, result_types):
        return self.pick(op).rewrite(b, op, operands, result_types)


def select_strings(s: Scalars, source: Value, indices: Value) -> Value:
    """The buffer of strings indices[0], indices[1], ... (a 1-D i32 tensor) of the
    buffer `source`: the total length first, then the header and each string's bytes
    (string_util.cc: DynamicBuffer::WriteToBuffer). A negative index gives the empty string
    (HASHTABLE_LOOKUP's miss); one past the last string reads the last (TFLite fails there:
    here the loops stay inside the buffer)."""
    n = dim0(s, indices)
    last = s.sub(read32(s, source, 0), 1)

    def pick(inner, i):
        k = inner.get(indices, i)
        miss = inner.cmp("slt", k, 0)
        start, length = span(inner, source, inner.min(inner.select(miss, inner.const(0, i32), k), last))
        return start, inner.select(miss, inner.const(0, i32), length)

    def measure(inner, i, v):
        return [inner.add(v[0], pick(inner, i)[1])]

    (total,) = for_(s, 0, n, [s.const(0, i32)], measure)
    header = s.mul(s.add(s.i32(n), 2), 4)
    out = s.b.value("tensor.empty", [s.index(s.add(header, total))], BYTES)
    out = write32(s, out, 0, s.i32(n))

    def fill(inner, i, v):
        buffer, at = v
        start, length = pick(inner, i)
        buffer = write32(inner, buffer, inner.add(inner.mul(inner.i32(i), 4), 4), at)

        def copy(deeper, k, w):
            k = deeper.i32(k)
            return [deeper.put(w[0], deeper.get(source, deeper.add(start, k)), deeper.add(at, k))]

        (buffer,) = for_(inner, 0, inner.index(length), [buffer], copy)
        return [buffer, inner.add(at, length)]

    out, end = for_(s, 0, n, [out, header], fill)
    return write32(s, out, s.add(s.mul(s.i32(n), 4), 4), end)


# --- after legalization: strings become bytes at their ends ---------------------------------

def resolve_strings(module: Operation) -> None:
    """Retype the string arguments, results and constants the patterns read or gave as bytes,
    and remove the casts (see the module docstring). A called function's string argument
    becomes bytes when every call passes bytes (a lowered WHILE's, IF's or CASE's), and its
    results with the calls' once it returns bytes."""
    if not any(op.name == CAST and _string_cast(op) for op in module.walk()):
        return  # (a lowered WHILE or IF moving strings leaves casts too)
    functions = [f for f in module.functions() if not f.is_declaration]
    _constant_results(functions)
    casts = [op for op in module.walk() if op.name == CAST and _string_cast(op)]
    for func in functions:
        sites = _sites(func)
        for k, arg in enumerate(func.body.args):
            if not is_string(arg.type):
                continue
            if sites:  # a subgraph of a lowered WHILE or IF: each call passes bytes cast to strings
                if not all(site.name == "func.call" and _from_bytes(site.operands[k].owner_op) for site in sites):
                    continue
            elif not arg.uses and func.attributes.get("sym_visibility") != StringAttr("private") or \
                    not all(_to_bytes(u) or u.name == "func.return" for u, _ in arg.uses):
                continue  # (a subgraph no call names any more, a counted loop's cond, takes bytes)
            shape = arg.type.shape
            readers = [u for u, _ in arg.uses if _to_bytes(u)]
            arg.type = BYTES
            _set_input(func, k, shape)
            for site in sites:
                cast = site.operands[k].owner_op
                site.set_operand(k, cast.operands[0])
                if not cast.result.uses:
                    cast.erase()
            for user in readers:
                user.result.replace_all_uses_with(arg)
                user.erase()
    for op in casts:
        if op.parent is None:
            continue
        source = op.operands[0]
        if _to_bytes(op) and _string_constant(source.owner_op):
            attr = source.owner_op.attributes["value"]
            strings = list(attr.values) * (1 if len(attr.values) == attr.type.num_elements else attr.type.num_elements)
            data = serialize(strings)
            block = op.parent
            at = block.ops.index(op)
            const = Operation.create("arith.constant", [], [RankedTensorType((data.size,), i8)],
                                     {"value": DenseElementsAttr.from_array(data, i8),
                                      SHAPE_ATTR: _shape_attr(attr.type.shape)}, location=op.location)
            cast = Operation.create("tensor.cast", [const.result], [BYTES], location=op.location)
            block.insert(at, const)
            block.insert(at + 1, cast)
            op.result.replace_all_uses_with(cast.result)
            op.erase()
            if not source.uses and source.owner_op.parent is not None:
                source.owner_op.erase()
        elif not _to_bytes(op):  # bytes -> strings: a lowered op's string result
            for user, k in list(op.result.uses):
                if user.name == "func.return":
                    user.set_operand(k, source)
                    _set_result(function_of(user), k, op.result.type.shape)
                elif _to_bytes(user):
                    user.result.replace_all_uses_with(source)
                    user.erase()
            if not op.result.uses:
                op.erase()
    _bytes_results(functions)
    left = [op for op in module.walk() if op.name == CAST and _string_cast(op)]
    if left:
        raise InternalError(f"a string tensor at {left[0].location.describe()} did not become bytes")


def _constant_results(functions: list[Operation]) -> None:
    """A string constant that a subgraph of a lowered WHILE or IF returns as it is (no string
    op read it, so no cast did): read as bytes and given back, as a lowered op's result is."""
    for func in functions:
        sites = _sites(func)
        ret = func.body.ops[-1]
        if not sites or ret.name != "func.return" or not all(
                site.name == "func.call" and site.parent_op() is not None and
                site.parent_op().name in LOWERED_REGIONS for site in sites):
            continue
        for k, v in enumerate(ret.operands):
            if is_string(v.type) and _string_constant(v.owner_op):
                read = Operation.create(CAST, [v], [BYTES], location=ret.location)
                back = Operation.create(CAST, [read.result], [v.type], location=ret.location)
                func.body.insert(len(func.body.ops) - 1, read)
                func.body.insert(len(func.body.ops) - 1, back)
                ret.set_operand(k, back.result)


def _bytes_results(functions: list[Operation]) -> None:
    """Results of called functions now returning bytes (a string passed through unchanged,
    or a lowered op's), and so the results of their calls, whose casts to bytes go."""
    for func in functions:
        ret = func.body.ops[-1]
        for k, v in enumerate(ret.operands if ret.name == "func.return" else ()):
            if v.type == BYTES and is_string(func.function_type.results[k]):
                _set_result(func, k, func.function_type.results[k].shape)
    for func in functions:
        for site in _sites(func):
            if site.name != "func.call":
                continue
            for r, t in zip(site.results, func.function_type.results):
                if t == BYTES and is_string(r.type):
                    readers = [u for u, _ in r.uses if _to_bytes(u)]
                    r.type = BYTES
                    for user in readers:
                        user.result.replace_all_uses_with(r)
                        user.erase()


def _from_bytes(op: Optional[Operation]) -> bool:
    return op is not None and op.name == CAST and op.operands[0].type == BYTES and is_string(op.result.type)


def _string_cast(op: Operation) -> bool:
    return len(op.operands) == 1 and (is_string(op.operands[0].type) or is_string(op.result.type))


def _to_bytes(op: Operation) -> bool:
    return op.name == CAST and is_string(op.operands[0].type) and op.result.type == BYTES


def _shape_attr(shape) -> DenseArrayAttr:
    return DenseArrayAttr(i64, tuple(-1 if d is None else int(d) for d in shape))


def _with(attrs: Optional[ArrayAttr], count: int, k: int, shape) -> ArrayAttr:
    dicts = [dict(attrs.value[j].value) if attrs is not None and j < len(attrs.value) else {} for j in range(count)]
    dicts[k][SHAPE_ATTR] = _shape_attr(shape)
    return ArrayAttr(tuple(DictionaryAttr(tuple(d.items())) for d in dicts))


def _set_input(func: Operation, k: int, shape) -> None:
    ft = func.function_type
    inputs = list(ft.inputs)
    inputs[k] = BYTES
    func.set_function_type(FunctionType(tuple(inputs), tuple(ft.results)))
    func.attributes["arg_attrs"] = _with(func.attributes.get("arg_attrs"), len(inputs), k, shape)


def _set_result(func: Operation, k: int, shape) -> None:
    ft = func.function_type
    results = list(ft.results)
    results[k] = BYTES
    func.set_function_type(FunctionType(tuple(ft.inputs), tuple(results)))
    func.attributes["res_attrs"] = _with(func.attributes.get("res_attrs"), len(results), k, shape)


