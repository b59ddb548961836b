"""The legalization driver: decides integer, fallback, float or unlowered, once per op.

    integer   the rule's integer pattern accepts the op: it is rewritten on
              storage types between `quant.scast`s, bit-exact with TFLite
    fallback  a quantized op whose integer pattern declined (or which has
              none): `quant.dcast` -> float pattern -> `quant.qcast`
    float     an op of a float model, rewritten by the float pattern
    unlowered no float pattern: the op stays a `tfl.*` op on float types
              (between casts if it was quantized)

Every op instance gets an `OpRecord` with its path and, unless integer, why.
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from tfl2quant.dialects.quant.ops import expressed_type_of, storage_type_of
from tfl2quant.dialects.tfl import CONSTANT_OPS
from tfl2quant.dialects.tfl_sparse import dense_array
from tfl2quant.errors import InternalError, Tfl2QuantError
from tfl2quant.ir.diagnostic_engine import emit_remark
from tfl2quant.ir.attributes import DenseElementsAttr
from tfl2quant.ir.types import IntegerType, element_type, f32
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import OP_CLASSES, PURE, Operation, Value

from .index import rule_for
from .lib.query import non_empty, qtype
from .lib.storage import dequantize
from .lib.strings import no_string_lowering, resolve_strings
from .records import LegalizeReport, OpRecord
from .rule import Rule

def legalize(module: Operation, allow_fallback: bool = True, remarks: bool = False,
             unique_constants: bool = False) -> LegalizeReport:
    """Rewrite every `tfl.*` op of every function in place; return what happened.

    With `remarks`, each op that has a reason (fallback, unlowered) gets a
    remark `<path>: <reason>` at its location. With `unique_constants`, equal
    `tosa.const`s of a function body are made once (`UniqueConstants`).
    """
    report = LegalizeReport()
    for func in list(module.functions()):  # rewrites may add globals to the module
        if not func.is_declaration:
            _legalize_function(func, report, remarks, unique_constants)
    resolve_strings(module)  # string tensors the string patterns read or gave become byte buffers
    if not allow_fallback:
        refused = [r for r in report.records if r.quantized and r.path != "integer"]
        if refused:
            details = "; ".join(f"op {r.index} '{r.name}' at {r.location}: {r.reason}" for r in refused)
            raise Tfl2QuantError(
                f"the fallback is off (--no-fallback, legalize-tfl{{allow-fallback=false}}) and "
                f"{len(refused)} op(s) need it: {details}")
    return report


def _legalize_function(func, report: LegalizeReport, remarks: bool, unique_constants: bool = False) -> None:
    block = func.body
    new_ops: list[Operation] = []
    b = UniqueConstants(new_ops) if unique_constants else LegalizeBuilder(new_ops)
    index = 0
    for op in block.ops:
        if op.name == "quantfork.stats":  # calibration statistics: informational once imported
            _replace(op, [op.operands[0]])
            continue
        if not op.name.startswith("tfl.") or op.name in CONSTANT_OPS and op.name not in REWRITTEN_CONSTANTS:
            new_ops.append(op)
            continue
        b.location = op.location
        if op.name in REWRITTEN_CONSTANTS and not _unsigned(op.result.type):
            _replace(op, [_constant(b, op)])
            continue
        if op.name in REWRITTEN_CONSTANTS:  # arith.constant is signless: kept for the ops that read it
            new_ops.append(op)
            continue
        try:
            record, keep = _legalize_op(b, op, func.sym_name, index)
        except Tfl2QuantError:
            raise
        except Exception as e:  # the importer validated the op: a pattern that raises is our bug
            raise InternalError(f"legalizing op {index} '{op.name}' at {op.location.describe()} raised "
                                f"{type(e).__name__}: {e}") from e
        if remarks and record.reason:
            emit_remark(op.location, f"{record.path}: {record.reason}")
        report.records.append(record)
        index += 1
        if keep:
            new_ops.append(op)
    # optional operands left out (tfl.no_value) that no kept op reads any more
    block.set_ops([op for op in new_ops if op.name != "tfl.no_value" or op.result.uses])


class LegalizeBuilder(Builder):
    """The builder of a function body's rewrites: it knows the storage casts the driver left out.

    The integer path reads an operand `v = quant.scast(x)` as `x` itself (`_stored`), which is
    what canonicalize folds `quant.scast(quant.scast(v))` to. A pattern that casts such an `x`
    back to `v`'s type (a result that is its operand, a DEQUANTIZE, a call's argument) gets `v`:
    what canonicalize folded that second pair to. A new scast instead would leave `v` without
    users and put the cast elsewhere in the block than convert's output had it.
    """

    def __init__(self, ops: list[Operation]):
        super().__init__(ops)
        self.scast_of: dict[tuple[Value, object], Operation] = {}  # (x, type of v) -> v's scast

    def create(self, name, operands=(), result_types=(), attributes=None, regions=(), location=None):
        if name == "quant.scast" and self.scast_of:
            op = self.scast_of.get((operands[0], result_types[0]))
            if op is not None:
                return op
        return super().create(name, operands, result_types, attributes, regions, location)


class UniqueConstants(LegalizeBuilder):
    """A builder that makes each distinct `tosa.const`/`tosa.const_shape` of the function once.

    Patterns build their multipliers, shifts, zero points and shapes afresh for every op (a
    rescale is five ops, four of them constants): 23 IR ops per TFLite op, most of them equal
    constants that cse then merged. Reusing the first one at creation is what cse makes of
    them (it keeps the first of equal pure ops, keyed as `passes/cse._key`), without building,
    verifying, canonicalizing and collecting the copies. Only operand-free constants of the
    function's own block: nested blocks have their own builders (and cse's scoping).
    The same for a pure op whose operands are all such constants (or `arith.constant`s, or
    results of such ops): the rescales that widen a constant operand, made per op, are one.
    The legalized IR itself differs (one constant, many users), hence an option
    (legalize-tfl{unique-constants}, which convert's pipeline sets): after cse the two agree,
    unless the first of equal ops had only users that canonicalize erases as dead
    (cse would keep a later copy; here the first stays, earlier in the block).
    """

    def __init__(self, ops: list[Operation]):
        super().__init__(ops)
        self.constants: dict[tuple, Operation] = {}
        # the TOSA builders' own keys for the constants they make (tosa.py: Python ints and
        # small arrays, ahead of building the numpy array and attribute that `constants` is
        # keyed by); a miss there is made through `create`, so both give the same op
        self.memo: dict[tuple, Value] = {}

        # values of constants, and of pure ops of them only (the rescale of a constant operand):
        # such an op equal to an earlier one is that one, as cse would make it
        self.constant_values: set[Value] = set()

    def create(self, name, operands=(), result_types=(), attributes=None, regions=(), location=None):
        if operands:
            operands = operands if type(operands) is list else list(operands)
            if not regions and _pure(name):
                known = self.constant_values
                for v in operands:
                    if v not in known:
                        break
                else:
                    return self._of_constants(name, operands, result_types, attributes, location)
            return super().create(name, operands, result_types, attributes, regions, location)
        if name not in UNIQUED_CONSTANTS or regions or not attributes:
            op = super().create(name, operands, result_types, attributes, regions, location)
            if name == "arith.constant":
                self.constant_values.update(op.results)
            return op
        key = (name, tuple(result_types), _attribute_key(attributes))
        op = self.constants.get(key)
        if op is None:
            op = self.constants[key] = Builder.create(self, name, (), result_types, attributes, (), location)
            self.constant_values.update(op.results)
        return op

    def _of_constants(self, name, operands, result_types, attributes, location) -> Operation:
        result_types = list(result_types)
        key = (name, len(operands), *map(id, operands), *result_types,
               *(_attribute_key(attributes) if attributes else ()))
        op = self.constants.get(key)
        if op is None:
            op = self.constants[key] = super().create(name, operands, result_types, attributes, (), location)
            self.constant_values.update(op.results)
        return op


def _attribute_key(attributes: dict) -> tuple:
    return tuple(sorted(attributes.items())) if len(attributes) > 1 else tuple(attributes.items())


def _pure(name: str) -> bool:
    cls = OP_CLASSES.get(name)
    return cls is not None and PURE in cls.traits


UNIQUED_CONSTANTS = frozenset({"tosa.const", "tosa.const_shape"})

REWRITTEN_CONSTANTS = ("tfl.pseudo_const", "tfl.pseudo_qconst", "tfl.pseudo_sparse_const",
                       "tfl.pseudo_sparse_qconst")


def _unsigned(t) -> bool:
    e = element_type(t)
    return isinstance(e, IntegerType) and not e.is_signless


def _constant(b: Builder, op: Operation) -> Value:
    """tfl.pseudo_const -> arith.constant; tfl.pseudo_qconst -> arith.constant + quant.scast.
    Sparse constants are densified here (tfl_sparse.py), as TFLite's DENSIFY kernel and its
    sparse FULLY_CONNECTED read them: an arith.constant of the dense stored values."""
    value = op.attributes["value"]
    if op.name in ("tfl.pseudo_sparse_const", "tfl.pseudo_sparse_qconst"):
        value = DenseElementsAttr.from_array(dense_array(op), value.type.element_type)
    attrs = {"value": value}
    if "tfl.quantization" in op.attributes:  # int64 quantization MLIR cannot type (see importer)
        attrs["tfl.quantization"] = op.attributes["tfl.quantization"]
    c = b.value("arith.constant", [], value.type, attrs)
    if op.name in ("tfl.pseudo_qconst", "tfl.pseudo_sparse_qconst"):
        c = b.value("quant.scast", [c], op.result.type)
    return c


def _replace(op: Operation, values: list[Value], b: Builder | None = None) -> None:
    """Replace `op`'s results; a value whose shape is only more or less static than the
    result's (`?` against 1) gets a tensor.cast to the result type first."""
    if b is not None:
        values = [v if v.type == r.type else _cast_shape(b, v, r.type) for v, r in zip(values, op.results)]
    op.replace_all_uses_with(values)
    op.drop_operands()
    for region in op.regions:  # the calls of a tfl.if's branches read values from outside
        region.drop_all_references()


def _cast_shape(b: Builder, v: Value, t) -> Value:
    """tensor.cast to `t`; a quantized value is cast on its storage type, between
    quant.scast ops, so that lower-quant-ops leaves no quantized type behind."""
    if qtype(v) is None:
        return b.value("tensor.cast", [v], t)
    stored = b.value("quant.scast", [v], storage_type_of(v.type))
    cast = b.value("tensor.cast", [stored], storage_type_of(t))
    return b.value("quant.scast", [cast], t)


def _legalize_op(b: Builder, op: Operation, function: str, index: int) -> tuple[OpRecord, bool]:
    """Emit the rewrite of `op`; return its record and whether `op` itself stays."""
    quantized = any(qtype(v) for v in op.operands) or any(qtype(r) for r in op.results)

    def record(path: str, reason: Optional[str]) -> OpRecord:
        return OpRecord(function, index, op.name, path, reason, op.location.describe(), quantized)

    rule = rule_for(op.name) or UNKNOWN
    if op.regions:  # structured control flow (tfl.while, tfl.if): rewritten whole, or kept as imported
        reason = rule.unlowered or no_string_lowering(op) or rule.float.unsupported(op)
        if reason is not None:
            return record("unlowered", reason), True
    moved = rule.float.moved_values(op) if rule.float else [v for v in (*op.operands, *op.results)
                                                               if hasattr(v.type, "shape")]
    empty = None if op.regions else non_empty(op, moved)
    # TOSA has no empty tensors, and a string tensor reaches only the ops lowered for strings
    float_reason = rule.unlowered or empty or no_string_lowering(op)
    if not quantized:
        float_reason = float_reason or rule.float.unsupported(op)
        if float_reason is None:
            _replace(op, rule.float.rewrite(b, op, list(op.operands), list(op.result_types)), b)
            return record("float", None), False
        return record("unlowered", float_reason), True

    reason = empty or (rule.integer.unsupported(op) if rule.integer else f"no integer pattern for {op.name}")
    if reason is None:
        note = rule.integer.float_sums(op)  # asked of the op before its rewrite replaces it
        _replace(op, _integer(b, op, rule.integer), b)
        return record("integer", note), False
    # asked only now: an op the integer pattern takes needs no float pattern
    float_reason = float_reason or rule.float.unsupported(op)
    floats = [dequantize(b, v) if qtype(v) else _dequantize_wide(b, v) for v in op.operands]
    float_types = [expressed_type_of(t) for t in op.result_types]
    if float_reason is None:
        results, path = rule.float.rewrite(b, op, floats, float_types), "fallback"
    else:
        kept = b.create(op.name, floats, float_types, dict(op.attributes))
        results, path = kept.results, "unlowered"
        reason = reason if float_reason == reason else f"{reason}; {float_reason}"
    _replace(op, [b.value("quant.qcast", [r], r.type.with_element_type(element_type(t))) if qtype(t) else r
                  for r, t in zip(results, op.result_types)], b)
    return record(path, reason), False


UNKNOWN = Rule(unlowered="not a TFLite builtin operator")


def _dequantize_wide(b: Builder, v: Value) -> Value:
    """An int64-quantized constant (an int16x8 bias) dequantized at compile time, as
    quant.dcast would: (q - zp) * scale in f32, per `quantized_dimension`."""
    producer = v.owner_op
    params = producer.attributes.get("tfl.quantization") if producer is not None else None
    if params is None:
        return v
    values = producer.attributes["value"].array().astype(np.float64)
    axis = params.get("quantized_dimension").value

    def along_axis(items, dtype) -> np.ndarray:  # one value, or one per index of `axis`
        a = np.array([x.value for x in items] or [0], dtype)
        shape = [1] * values.ndim
        if a.size > 1:
            shape[axis] = a.size
        return a.reshape(shape)

    zero_point = along_axis(params.get("zero_point").value, np.float64)
    scale = along_axis(params.get("scale").value, np.float32)
    with np.errstate(over="ignore"):  # a bias beyond float32's range is inf, as float(q - zp) * s is
        real = ((values - zero_point).astype(np.float32) * scale).astype(np.float32)
    return b.value("arith.constant", [], v.type.with_element_type(f32),
                   {"value": DenseElementsAttr.from_array(real, f32)})


def _integer(b: Builder, op: Operation, pattern) -> list[Value]:
    storage = [_stored(b, v) if qtype(v) else v for v in op.operands]
    results = pattern.rewrite(b, op, storage)
    return [b.value("quant.scast", [r], r.type.with_element_type(element_type(t))) if qtype(t) else r
            for r, t in zip(results, op.result_types)]


def _stored(b: Builder, v: Value) -> Value:
    """The storage of the quantized `v`: a new quant.scast, or, when `v` is itself the
    scast of a stored value (the result of an op legalized on the integer path, a
    quantized constant), that value: the fold canonicalize makes of the scast pair
    (quant.scast(quant.scast(x : T)) : T -> x), made here instead of building the pair."""
    producer = v.owner_op
    stored = storage_type_of(v.type)
    if producer is not None and producer.name == "quant.scast":
        x = producer.operands[0]
        if x.type == stored:
            b.scast_of[x, v.type] = producer
            return x
    return b.value("quant.scast", [v], stored)
