"""Builtin operator options -> MLIR attributes, generically from the schema.

Names are the schema's field names (`stride_w`, `fused_activation_function`),
which are the TFL dialect's attribute names; enums become their names as
strings (`padding = "SAME"`), as `flatbuffer_translate` prints them.
"""
from __future__ import annotations

from ..ir.attributes import (ArrayAttr, Attribute, BoolAttr, DictionaryAttr, FloatAttr,
                             IntegerAttr, StringAttr)
from ..ir.types import f32, f64, i32, i64
from . import schema
from .flatbuffer import FlatbufferError, Table

_INT32 = {"byte", "ubyte", "short", "ushort", "int", "uint"}


def table_attributes(table: Table) -> dict[str, Attribute]:
    """Every present-or-defaulted field of an options table, as attributes."""
    attrs = {}
    for field in schema.TABLES[table.type_name]:
        if (table.type_name, field.name) in schema.DEPRECATED or field.kind == "union_type":
            continue
        value = _field_attr(table, field)
        if value is not None:
            attrs[field.name] = value
    return dict(sorted(attrs.items()))


def _field_attr(table: Table, field: schema.Field) -> Attribute | None:
    kind = field.kind
    if kind == "scalar":
        return _scalar_attr(table.get(field.name), field.type)
    if kind == "enum":
        value = table.get(field.name)
        name = schema.ENUMS[field.type].get(value)
        if name is None:
            raise FlatbufferError(
                f"{table.type_name}.{field.name} has value {value}, which is not a {field.type}")
        return StringAttr(name)
    if kind == "string":
        s = table.get(field.name)
        return None if s is None else StringAttr(s)
    if kind in ("table", "union"):
        sub = table.get(field.name)
        return None if sub is None else DictionaryAttr(tuple(table_attributes(sub).items()))
    if kind == "vector":
        vec = table.vector(field.name)
        if vec is None:
            return None
        elem = field.type
        if elem in schema.TABLES:
            return ArrayAttr(tuple(DictionaryAttr(tuple(table_attributes(t).items())) for t in vec))
        if elem == "string":
            return ArrayAttr(tuple(StringAttr(s) for s in vec))
        if elem in schema.ENUMS:
            return ArrayAttr(tuple(StringAttr(schema.ENUMS[elem].get(int(v), str(int(v)))) for v in vec))
        return ArrayAttr(tuple(_scalar_attr(v, elem) for v in vec.tolist()))
    return None


def _scalar_attr(value, type_name: str) -> Attribute:
    if type_name == "bool":
        return BoolAttr(bool(value))
    if type_name in _INT32:
        return IntegerAttr(int(value), i32)
    if type_name in ("long", "ulong"):
        return IntegerAttr(int(value), i64)
    return FloatAttr(float(value), f32 if type_name == "float" else f64)


# The options table each builtin operator reads: the table named after the operator
# (CONV_2D -> Conv2DOptions, STABLEHLO_GATHER -> StablehloGatherOptions), and these,
# which TFLite's parser (core/api/flatbuffer_conversions.cc) reads for operators whose
# table has another name.
OPTIONS_BY_HAND = {
    "AVERAGE_POOL_2D": "Pool2DOptions", "MAX_POOL_2D": "Pool2DOptions", "L2_POOL_2D": "Pool2DOptions",
    "L2_NORMALIZATION": "L2NormOptions", "MAXIMUM": "MaximumMinimumOptions", "MINIMUM": "MaximumMinimumOptions",
    "MEAN": "ReducerOptions", "SUM": "ReducerOptions", "REDUCE_PROD": "ReducerOptions",
    "REDUCE_MAX": "ReducerOptions", "REDUCE_MIN": "ReducerOptions", "REDUCE_ANY": "ReducerOptions",
    "REDUCE_ALL": "ReducerOptions", "UNIDIRECTIONAL_SEQUENCE_RNN": "SequenceRNNOptions",
    "CONV_3D_TRANSPOSE": "Conv3DOptions", "RANDOM_STANDARD_NORMAL": "RandomOptions",
    "RANDOM_UNIFORM": "RandomOptions", "MULTINOMIAL": "RandomOptions",
}


def _normalized(name: str) -> str:
    return name.lower().replace("_", "")


def _options_index() -> dict[str, tuple[str, str]]:
    """operator -> (union field, options table) for every operator that reads options."""
    unions = {"builtin_options": schema.UNIONS["BuiltinOptions"], "builtin_options_2": schema.UNIONS["BuiltinOptions2"]}
    by_name = {_normalized(table): (field, table) for field, members in unions.items() for table in members.values()}
    out = {}
    for op in schema.BUILTIN_OPERATORS.values():
        table = OPTIONS_BY_HAND.get(op)
        key = _normalized(table) if table else _normalized(op) + "options"
        if key in by_name:
            out[op] = by_name[key]
    return out


OPTIONS_OF: dict[str, tuple[str, str]] = _options_index()

