"""TFLite's static hash tables: HASHTABLE, HASHTABLE_IMPORT, HASHTABLE_FIND and
HASHTABLE_SIZE (kernels/hashtable*.cc, experimental/resource/static_hashtable.cc) on
ml_program globals, scalar loops and the string buffers of lib/strings.py.

A table is a resource of the interpreter named by its table_id; its key/value pair is
int64 -> string or string -> int64 (any other pair TFLite refuses in Prepare). Here a
table is four mutable ml_program.globals, found by their `tfl.hashtable` id attribute:

    keys         the imported keys, flat: tensor<?xi64>, or a string buffer tensor<?xi8>
    values       the imported values, flat, likewise
    size         tensor<i64>: the number of distinct keys (what Size() reports)
    initialized  tensor<i1>: a static table imports once; a later import is a no-op

HASHTABLE leaves nothing (its users name the globals, as VAR_HANDLE's do). IMPORT stores
under scf.if on `initialized`. The map keeps the first of repeated keys (map::insert), so
FIND scans the keys in order and takes the first that matches: per query an scf.for over
the keys comparing int64s, or string lengths and then bytes (an scf.while stopping at
the first difference), and the first element of the default where nothing matched.
FIND with string values builds its output buffer in two passes (lengths, then bytes).
The size is counted at import: at convert time for constant keys, else by loops (a key
counts if no earlier key equals it).

IREE. iree-compile accepts globals of dynamic shape without an initial value (not with a
static one: "stream.tensor.constant ... 0 dimension values"), so a table needs no bound.
FIND and SIZE read the globals through a call of a private function (one per table and
need; both marked not to inline, see control_flow._reader): iree-compile 3.x's iree-util-simplify-global-accesses moves a global_load
at a function's top level above an earlier scf.if that stores the global (CALL_ONCE's
scf.if around the import), and a call stops that motion.

Departures: TFLite fails a FIND on a table never imported ("hashtable need to be
initialized before using"); here the run fails too, reading a global never stored (the
executor names it). The FIND result has the keys' shape, as TFLite's Prepare resizes it
to, even where the file declares another (the converter writes `[]` for a FIND returned
by a signature); a function returning it gets the keys' shape as its result type.
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

from tfl2quant.dialects.func import FuncOp
from tfl2quant.dialects.ml_program import build_global
from tfl2quant.ir.attributes import (DenseElementsAttr, DenseStringElementsAttr, IntegerAttr, StringAttr,
                                     SymbolRefAttr, UnitAttr)
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import Operation, Value
from tfl2quant.ir.types import FunctionType, RankedTensorType, Type, i1, i8, i32, i64

from ...lib.query import Reason
from ...lib.scalar_loops import Scalars, if_
from ...lib.strings import (BYTES, CAST, as_bytes, count, dim0, for_, is_string, module_of, retype,
                           same_string, serialize, span, strings_reach, write32)
from ...rule import FloatPattern

TABLE_ATTR = "tfl.hashtable"
PAIRS = {("INT64", "STRING"), ("STRING", "INT64")}  # static_hashtable.cc: CreateStaticHashtable


def _table(op: Operation) -> Optional[Operation]:
    producer = op.operands[0].owner_op if op.operands else None
    return producer if producer is not None and producer.name == "tfl.hashtable" else None


def _dtypes(table: Operation) -> tuple[str, str]:
    def text(name):
        a = table.attributes.get(name)
        return a.value if isinstance(a, StringAttr) else str(a)
    return text("key_dtype"), text("value_dtype")


def _part_type(dtype: str) -> RankedTensorType:
    return BYTES if dtype == "STRING" else RankedTensorType((None,), i64)


def _empty(dtype: str) -> DenseElementsAttr:
    if dtype == "STRING":
        return DenseElementsAttr.from_array(serialize([]), i8)
    return DenseElementsAttr.from_array(np.zeros(0, np.int64), i64)


def _global(table: Operation, part: str, t: RankedTensorType, initial: Optional[DenseElementsAttr]) -> SymbolRefAttr:
    """The table's global `part`, created before the module's first function on first use."""
    module = module_of(table)
    table_id = str(table.attributes["table_id"].value)
    marks = {TABLE_ATTR: StringAttr(table_id), "tfl.hashtable_part": StringAttr(part)}
    for op in module.body.ops:
        if op.name == "ml_program.global" and all(op.attributes.get(k) == v for k, v in marks.items()):
            return SymbolRefAttr(op.attributes["sym_name"].value)
    name = f"hashtable_{table_id.replace('-', 'm')}_{part}"
    symbol, n = name, 0
    while module.lookup(symbol) is not None:
        n += 1
        symbol = f"{name}_{n}"
    first = next((k for k, op in enumerate(module.body.ops) if op.name == "func.func"), len(module.body.ops))
    made = build_global(symbol, t, initial, extra=marks)
    if initial is None:
        del made.attributes["value"]
    module.body.insert(first, made)
    return SymbolRefAttr(symbol)


def _globals(table: Operation) -> dict[str, tuple[SymbolRefAttr, Type]]:
    key, value = _dtypes(table)
    parts = {"keys": (_part_type(key), _empty(key)), "values": (_part_type(value), _empty(value)),
             "size": (RankedTensorType((), i64), DenseElementsAttr.from_array(np.zeros((), np.int64), i64)),
             "initialized": (RankedTensorType((), i1), DenseElementsAttr.from_array(np.zeros((), bool), i1))}
    # keys and values have no initial value: iree-compile refuses a static initial value for
    # a `?` global ("stream.tensor.constant ... 0 dimension values"); as in TFLite, a FIND
    # before the import fails (here reading a global never stored)
    return {part: (_global(table, part, t, None if t.shape == (None,) else initial), t)
            for part, (t, initial) in parts.items()}


def _read(s: Scalars, table_op: Operation, table: dict, parts: Sequence[str]) -> list[Value]:
    """The table's `parts` (keys and values, or the size as i64), from a call of a reader
    function, neither to be inlined, not from global_loads here: iree-compile (3.x, iree-util-
    simplify-global-accesses) moves a global_load at a function's top level above an earlier
    scf.if that stores the global, such as the import inside CALL_ONCE's scf.if, so the load
    would see the table before its import; a call stops that motion."""
    module = module_of(table_op)
    table_id = str(table_op.attributes["table_id"].value)
    types = [i64 if part == "size" else table[part][1] for part in parts]
    mark = StringAttr(f"{table_id}:{','.join(parts)}")
    reader = next((f for f in module.functions() if f.attributes.get(TABLE_ATTR) == mark), None)
    if reader is None:
        name, n = f"hashtable_{table_id.replace('-', 'm')}_read{'_size' if 'size' in parts else ''}", 0
        symbol = name
        while module.lookup(symbol) is not None:
            n += 1
            symbol = f"{name}_{n}"
        reader = FuncOp.build(symbol, FunctionType((), tuple(types)), visibility="private",
                              location=table_op.location)
        reader.attributes["noinline"] = UnitAttr()  # and the call `no_inline`: see control_flow._reader
        reader.attributes[TABLE_ATTR] = mark
        b = Builder(block=reader.body, location=table_op.location)
        values = [_load(b, table[part]) for part in parts]
        values = [b.value("tensor.extract", [v], i64) if part == "size" else v for v, part in zip(values, parts)]
        b.create("func.return", values)
        module.body.append(reader)
    call = s.b.create("func.call", [], types, {"callee": SymbolRefAttr(reader.sym_name), "no_inline": UnitAttr()})
    return list(call.results)


def _load(b: Builder, ref: tuple[SymbolRefAttr, Type]) -> Value:
    return b.value("ml_program.global_load", [], ref[1], {"global": ref[0]})


def _store(b: Builder, ref: tuple[SymbolRefAttr, Type], v: Value) -> None:
    b.create("ml_program.global_store", [v], [], {"global": ref[0]})


def _arity(op: Operation, operands: int, results: int) -> Reason:
    if len(op.operands) != operands or len(op.results) != results:
        return f"{op.name} takes {operands} operands and gives {results} results, not {len(op.operands)} and " \
               f"{len(op.results)}"
    return None


def _element(v: Value) -> str:
    t = v.type
    if is_string(t):
        return "STRING"
    return "INT64" if isinstance(t, RankedTensorType) and t.element_type == i64 else str(t)


def _table_reason(op: Operation) -> Reason:
    table = _table(op)
    if table is None:
        return "the resource handle does not come from a HASHTABLE of this function"
    return _hashtable_reason(table)


def _hashtable_reason(op: Operation) -> Reason:
    if _arity(op, 0, 1):
        return _arity(op, 0, 1)
    if not isinstance(op.attributes.get("table_id"), IntegerAttr):
        return "the HASHTABLE has no table_id"
    if _dtypes(op) not in PAIRS:
        key, value = _dtypes(op)
        return f"a {key} -> {value} table: TFLite's static hash table holds INT64 -> STRING or STRING -> INT64"
    for user, k in op.result.uses:
        if user.name not in TABLE_USERS or k != 0:
            return f"the table handle is used by '{user.name}', not only imported, found or sized"
    return None


def _flat(b: Builder, v: Value) -> Value:
    """An int64 tensor as tensor<?xi64>."""
    t = v.type
    if len(t.shape) != 1:
        n = int(np.prod(t.shape))
        shape = b.value("arith.constant", [], RankedTensorType((1,), i64),
                        {"value": DenseElementsAttr.from_array(np.array([n], np.int64), i64)})
        v = b.value("tensor.reshape", [v, shape], RankedTensorType((n,), i64))
    return b.value("tensor.cast", [v], RankedTensorType((None,), i64)) if v.type.shape != (None,) else v


def _distinct(values) -> int:
    return len(set(values))


class Hashtable(FloatPattern):
    """tfl.hashtable: nothing; its users name the table's globals."""

    def unsupported(self, op: Operation) -> Reason:
        reason = _hashtable_reason(op)
        for user, _ in op.result.uses if reason is None else ():
            # a user that stays a tfl op needs the handle: the table stays with it
            declined = USER_PATTERNS[user.name].unsupported(user)
            if declined:
                return f"its '{user.name}' stays a tfl op: {declined}"
        return reason

    def rewrite(self, b, op, operands, result_types):
        return [op.result]  # as VarHandle's (control_flow.py): the users still see it as their handle


def _import_reason(op: Operation) -> Reason:
    if _arity(op, 3, 0):
        return _arity(op, 3, 0)
    reason = _table_reason(op)
    if reason:
        return reason
    pair = (_element(op.operands[1]), _element(op.operands[2]))
    if pair != _dtypes(_table(op)):
        return f"imports {pair[0]} -> {pair[1]} into a {' -> '.join(_dtypes(_table(op)))} table"
    shapes = [getattr(v.type, "shape", None) for v in op.operands[1:]]
    if any(s is None or None in s for s in shapes) or shapes[0] != shapes[1]:
        return f"keys and values of shapes {shapes[0]} and {shapes[1]}: they must be static and equal"
    return None


class HashtableImport(FloatPattern):
    """tfl.hashtable_import -> the keys, values and size stored under scf.if on `initialized`."""

    string_reason = staticmethod(_import_reason)  # its string lowering (lib/strings.py), the reach left out

    def unsupported(self, op: Operation) -> Reason:
        return self.string_reason(op) or strings_reach(op, (1, 2))

    def rewrite(self, b, op, operands, result_types):
        table = _globals(_table(op))
        s = Scalars(b)
        keys, values = (as_bytes(b, v) if is_string(v.type) else _flat(b, v) for v in operands[1:])
        size = self.size(s, op.operands[1], keys)
        initialized = s.b.value("tensor.extract", [_load(b, table["initialized"])], i1)

        def store(inner):
            _store(inner.b, table["keys"], keys)
            _store(inner.b, table["values"], values)
            _store(inner.b, table["size"], inner.b.value("tensor.from_elements", [size], RankedTensorType((), i64)))
            done = inner.b.value("arith.constant", [], RankedTensorType((), i1),
                                 {"value": DenseElementsAttr.from_array(np.ones((), bool), i1)})
            _store(inner.b, table["initialized"], done)
            return []

        if_(s, s.not_(initialized), store, lambda inner: [])
        return []

    @staticmethod
    def size(s: Scalars, original: Value, keys: Value) -> Value:
        """The number of distinct keys, as i64: counted now for constant keys, else by loops."""
        producer = original.owner_op
        attr = producer.attributes.get("value") if producer is not None else None
        if isinstance(attr, DenseStringElementsAttr):
            flat = list(attr.values) * (1 if len(attr.values) == attr.type.num_elements else attr.type.num_elements)
            return s.const(_distinct(flat), i64)
        if isinstance(attr, DenseElementsAttr):
            return s.const(len(np.unique(attr.array())), i64)
        strings = is_string(original.type)
        n = count(s, keys) if strings else dim0(s, keys)

        def outer(inner, i, v):
            def earlier(deeper, j, w):
                same = same_string(deeper, keys, j, keys, i) if strings else \
                    deeper.cmp("eq", deeper.get(keys, j), deeper.get(keys, i))
                return [deeper.or_(w[0], same)]
            (repeated,) = for_(inner, 0, i, [inner.const(0, i1)], earlier)
            return [inner.add(v[0], inner.b.value("arith.extui", [inner.not_(repeated)], i64))]

        return for_(s, 0, n, [s.const(0, i64)], outer)[0]


class HashtableSize(FloatPattern):
    """tfl.hashtable_size -> the table's size global, as tensor<1xi64> (hashtable_size.cc)."""

    def unsupported(self, op: Operation) -> Reason:
        if _arity(op, 1, 1):
            return _arity(op, 1, 1)
        t = op.result.type
        if not isinstance(t, RankedTensorType) or t.element_type != i64:
            return f"the size is {t}, not int64"
        return _table_reason(op)

    def rewrite(self, b, op, operands, result_types):
        (size,) = _read(Scalars(b), _table(op), _globals(_table(op)), ("size",))
        out = b.value("tensor.from_elements", [size], RankedTensorType((1,), i64))
        return [_retype(op, out)]


def _retype(op: Operation, v: Value) -> Value:
    """`v` as `op`'s result: where the file declares another shape than the kernel's Prepare
    resizes to, the result takes the kernel's (returned as such: `unsupported` made sure)."""
    if v.type != op.result.type and not is_string(op.result.type):
        retype(op, v.type)
    return v


def _find_reason(op: Operation) -> Reason:
    if _arity(op, 3, 1):
        return _arity(op, 3, 1)
    reason = _table_reason(op)
    if reason:
        return reason
    keys, default, out = op.operands[1], op.operands[2], op.result
    pair = (_element(keys), _element(out))
    if pair != _dtypes(_table(op)):
        return f"finds {pair[0]} -> {pair[1]} in a {' -> '.join(_dtypes(_table(op)))} table"
    if _element(default) != pair[1]:
        return f"the default is {default.type}, not of the values' type"
    for v in (keys, default):
        if not isinstance(v.type, RankedTensorType) or None in v.type.shape:
            return f"{v.type} has no static shape"
    if int(np.prod(default.type.shape)) < 1:
        return "the default value is empty"
    if not is_string(out.type) and tuple(out.type.shape) != tuple(keys.type.shape):
        if any(user.name != "func.return" for user, _ in out.uses):
            return f"the result is declared {out.type} but has the keys' shape {list(keys.type.shape)}"
    return None


class HashtableFind(FloatPattern):
    """tfl.hashtable_find -> per key a scan of the table's keys (static_hashtable.cc: Lookup)."""

    string_reason = staticmethod(_find_reason)  # its string lowering (lib/strings.py), the reach left out

    def unsupported(self, op: Operation) -> Reason:
        return self.string_reason(op) or strings_reach(op, (1, 2))

    def rewrite(self, b, op, operands, result_types):
        table = _globals(_table(op))
        s = Scalars(b)

        keys, values = _read(s, _table(op), table, ("keys", "values"))
        if is_string(op.operands[1].type):
            return [_retype(op, self.by_string(s, op, as_bytes(b, operands[1]), keys, values, operands[2]))]
        return [b.value(CAST, [self.to_string(s, _flat(b, operands[1]), keys, values, as_bytes(b, operands[2]))],
                        op.result.type)]

    @staticmethod
    def by_string(s: Scalars, op: Operation, queries: Value, keys: Value, values: Value, default: Value) -> Value:
        shape = tuple(op.operands[1].type.shape)
        n = int(np.prod(shape))
        fallback = s.get(default, *[0] * len(default.type.shape))
        stored = count(s, keys)

        def query(inner, i, carried):
            def scan(deeper, j, v):
                match = deeper.and_(same_string(deeper, queries, i, keys, j), deeper.not_(v[1]))
                return [deeper.select(match, deeper.get(values, j), v[0]), deeper.or_(v[1], match)]
            value, _ = for_(inner, 0, stored, [fallback, inner.const(0, i1)], scan)
            return [inner.put(carried[0], value, i)]

        out = s.b.value("tensor.empty", [], RankedTensorType((n,), i64))
        (out,) = for_(s, 0, n, [out], query)
        if len(shape) != 1:
            target = s.b.value("arith.constant", [], RankedTensorType((len(shape),), i64),
                               {"value": DenseElementsAttr.from_array(np.array(shape, np.int64), i64)})
            out = s.b.value("tensor.reshape", [out, target], RankedTensorType(shape, i64))
        return out

    @staticmethod
    def to_string(s: Scalars, queries: Value, keys: Value, values: Value, default: Value) -> Value:
        """The output buffer: per query the index of its first matching key (-1: the default),
        the total length, then the header and each chosen string's bytes."""
        n = dim0(s, queries)
        default = s.b.value("tensor.cast", [default], BYTES) if default.type != BYTES else default

        stored = dim0(s, keys)

        def chosen(inner, i):
            def scan(deeper, j, v):
                match = deeper.and_(deeper.cmp("eq", deeper.get(keys, j), deeper.get(queries, i)), deeper.not_(v[1]))
                return [deeper.select(match, deeper.i32(j), v[0]), deeper.or_(v[1], match)]
            found, _ = for_(inner, 0, stored, [inner.const(-1, i32), inner.const(0, i1)], scan)
            return found

        default_start, default_length = span(s, default, 0)

        def source(inner, i):
            """(start in values, length from values, length from the default) of query i's
            string: one of the lengths is 0. (Not one scf.if yielding either buffer: IREE 3.x
            then reads the wrong one.)"""
            found = chosen(inner, i)
            start, length = if_(inner, inner.cmp("sge", found, 0), lambda hit: span(hit, values, found),
                                lambda miss: [miss.const(0, i32), miss.const(0, i32)])
            return start, length, inner.select(inner.cmp("sge", found, 0), 0, default_length)

        def measure(inner, i, v):
            _, length, fallback = source(inner, i)
            return [inner.add(inner.add(v[0], length), fallback)]

        (total,) = for_(s, 0, n, [s.const(0, i32)], measure)
        header = s.mul(s.add(s.i32(n), 2), 4)
        size = s.index(s.add(header, total))
        out = s.b.value("tensor.empty", [size], BYTES)
        out = write32(s, out, 0, s.i32(n))

        def fill(inner, i, v):
            buffer, at = v
            start, length, fallback = source(inner, i)
            buffer = write32(inner, buffer, inner.add(inner.mul(inner.i32(i), 4), 4), at)
            for src, first, size in ((values, start, length), (default, default_start, fallback)):
                def copy(deeper, k, w, src=src, first=first):
                    k = deeper.i32(k)
                    byte = deeper.get(src, deeper.add(first, k))
                    return [deeper.put(w[0], byte, deeper.add(at, k))]
                (buffer,) = for_(inner, 0, inner.index(size), [buffer], copy)
            return [buffer, inner.add(inner.add(at, length), fallback)]

        out, end = for_(s, 0, n, [out, header], fill)
        return write32(s, out, s.add(s.mul(s.i32(n), 4), 4), end)

TABLE_USERS = ("tfl.hashtable_import", "tfl.hashtable_find", "tfl.hashtable_size")
USER_PATTERNS = {"tfl.hashtable_import": HashtableImport(), "tfl.hashtable_find": HashtableFind(),
                 "tfl.hashtable_size": HashtableSize()}
