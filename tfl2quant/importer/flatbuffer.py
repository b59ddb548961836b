"""A bounds-checked FlatBuffers reader driven by the schema tables in schema.py.

Every offset is checked against the file before it is followed, so a truncated
or corrupted model gives a `FlatbufferError` naming what was being read,
never a Python exception from deep inside, and never a hang: vector lengths are
checked against the file size before anything iterates over them. Scalar
vectors come back as numpy views of the (memory-mapped) file: zero-copy.
"""
from __future__ import annotations

import os
import struct
from typing import Iterator

import numpy as np

from ..errors import Tfl2QuantError
from ..ir.mapped import map_read_only
from . import schema

# FlatBuffers scalar types: struct format and numpy dtype (little-endian).
SCALARS = {
    "bool": ("<?", "<u1", 1), "byte": ("<b", "<i1", 1), "ubyte": ("<B", "<u1", 1),
    "short": ("<h", "<i2", 2), "ushort": ("<H", "<u2", 2), "int": ("<i", "<i4", 4),
    "uint": ("<I", "<u4", 4), "long": ("<q", "<i8", 8), "ulong": ("<Q", "<u8", 8),
    "float": ("<f", "<f4", 4), "double": ("<d", "<f8", 8),
}
_FIELDS = {name: {f.name: f for f in fields} for name, fields in schema.TABLES.items()}


class FlatbufferError(Tfl2QuantError):
    """The file is not a well-formed TFLite flatbuffer."""


class Buffer:
    """The bytes of a model file, memory-mapped, with checked little-endian reads."""

    def __init__(self, data, path: str = "<memory>"):
        self.data = data
        self.view = np.frombuffer(data, dtype=np.uint8)
        self.size = len(self.view)
        self.path = path

    @staticmethod
    def open(path: str) -> "Buffer":
        try:
            size = os.path.getsize(path)
            with open(path, "rb") as f:
                if size == 0:
                    raise FlatbufferError("empty file, not a TFLite flatbuffer", path)
                data = map_read_only(f.fileno())  # its pages given back once read (ir/mapped.py)
        except FileNotFoundError:
            raise Tfl2QuantError("no such file", path) from None
        except IsADirectoryError:
            raise Tfl2QuantError("is a directory, expected a .tflite file", path) from None
        except PermissionError:
            raise Tfl2QuantError("permission denied", path) from None
        return Buffer(data, path)

    def check(self, pos: int, nbytes: int, what) -> None:
        """`what` names the data for the error: a string, or a tuple of parts joined only when
        the check fails (the hot readers below pass tuples: formatting a name for every field
        read, for an error that almost never comes, was 6% of the import)."""
        if pos < 0 or nbytes < 0 or pos + nbytes > self.size:
            what = what if isinstance(what, str) else "".join(what)
            raise FlatbufferError(
                f"malformed flatbuffer: {what} at offset {pos} (+{nbytes} bytes) lies outside the "
                f"file of {self.size} bytes (truncated or corrupted?)")

    def scalar(self, pos: int, type_name: str, what):
        unpack, size = _UNPACK[type_name]
        if pos < 0 or pos + size > self.size:
            self.check(pos, size, what)
        return unpack(self.data, pos)[0]

    def u32(self, pos: int, what: str) -> int:
        if pos < 0 or pos + 4 > self.size:
            self.check(pos, 4, what)
        return _U32(self.data, pos)[0]


# precompiled readers (a struct.Struct's bound unpack_from): the importer reads a few hundred
# scalars per operator, and parsing the format string each time was a fifth of that
_UNPACK = {name: (struct.Struct(fmt).unpack_from, size) for name, (fmt, _, size) in SCALARS.items()}
_U32, _I32, _U16 = _UNPACK["uint"][0], _UNPACK["int"][0], _UNPACK["ushort"][0]

# per table type, its scalar/enum/union_type fields as (vtable entry, default, unpack, size):
# Table.get reads these (most of the fields the importer reads) without the general dispatch
_SCALAR_FIELDS = {
    type_name: {name: (4 + 2 * f.slot, f.default,
                       *_UNPACK[f.type if f.kind == "scalar" else schema.ENUM_TYPES.get(f.type, "ubyte")])
                for name, f in fields.items() if f.kind in ("scalar", "enum", "union_type")}
    for type_name, fields in _FIELDS.items()}


class Table:
    """One table of type `type_name` at `pos`; fields are read on demand by name."""

    __slots__ = ("buf", "pos", "type_name", "_vtable", "_vtsize", "_tables")

    def __init__(self, buf: Buffer, pos: int, type_name: str):
        self.buf, self.pos, self.type_name = buf, pos, type_name
        data, size = buf.data, buf.size  # Buffer.scalar inlined: a Table per operator and tensor
        if pos < 0 or pos + 4 > size:
            buf.check(pos, 4, (type_name, " table"))
        vtable = pos - _I32(data, pos)[0]
        if vtable < 0 or vtable + 2 > size:
            buf.check(vtable, 2, (type_name, " vtable"))
        vtsize = _U16(data, vtable)[0]
        if vtsize < 4 or vtsize % 2:
            raise FlatbufferError(f"malformed flatbuffer: {type_name} vtable at {vtable} has size {vtsize}")
        buf.check(vtable, vtsize, (type_name, " vtable"))
        self._vtable, self._vtsize = vtable, vtsize
        self._tables: dict[str, Table] | None = None  # its table fields, once read

    def _field_pos(self, name: str) -> tuple[schema.Field, int]:
        """The field's schema entry and its absolute position (0 if absent)."""
        field = _FIELDS[self.type_name][name]
        entry = 4 + 2 * field.slot
        if entry >= self._vtsize:  # older writers: the vtable stops before this field
            return field, 0
        # in the vtable, whose size Table checked against the file
        off = _U16(self.buf.data, self._vtable + entry)[0]
        return field, (self.pos + off if off else 0)

    def has(self, name: str) -> bool:
        return self._field_pos(name)[1] != 0

    def get(self, name: str):
        """Scalar or enum (as int), string, table, or union (as a Table); None if absent."""
        fast = _SCALAR_FIELDS[self.type_name].get(name)
        if fast is not None:  # _field_pos and Buffer.scalar inlined
            entry, default, unpack, size = fast
            if entry >= self._vtsize:
                return default
            buf = self.buf
            off = _U16(buf.data, self._vtable + entry)[0]
            if not off:
                return default
            pos = self.pos + off  # both non-negative
            if pos + size > buf.size:
                buf.check(pos, size, (self.type_name, ".", name))
            return unpack(buf.data, pos)[0]
        field, pos = self._field_pos(name)
        if field.kind in ("scalar", "enum", "union_type"):
            if not pos:
                return field.default
            type_name = field.type if field.kind == "scalar" else schema.ENUM_TYPES.get(field.type, "ubyte")
            return self.buf.scalar(pos, type_name, (self.type_name, ".", name))
        if not pos:
            return None
        if field.kind == "table":  # kept: a tensor's quantization is asked for four times
            tables = self._tables
            if tables is None:
                tables = self._tables = {}
            table = tables.get(name)
            if table is None:
                table = tables[name] = Table(self.buf, pos + self.buf.u32(pos, (self.type_name, ".", name)),
                                             field.type)
            return table
        what = f"{self.type_name}.{name}"
        target = pos + self.buf.u32(pos, what)
        if field.kind == "string":
            return _string(self.buf, target, what)
        if field.kind == "union":
            member = schema.UNIONS[field.type].get(self.get(name + "_type"))
            if member is None:
                return None
            return Table(self.buf, target, member)
        if field.kind == "vector":
            return self.vector(name)
        raise FlatbufferError(f"cannot read {what} of kind {field.kind}")  # pragma: no cover

    def _vector_at(self, name: str) -> tuple[schema.Field, int, int] | None:
        """The vector field's schema entry, the position of its length word and that length."""
        field, pos = self._field_pos(name)
        if not pos:
            return None
        start = pos + self.buf.u32(pos, (self.type_name, ".", name))
        return field, start, self.buf.u32(start, (self.type_name, ".", name, " length"))

    def vector(self, name: str):
        """A scalar vector as a numpy view, or a `TableVector`/list of strings; None if absent."""
        at = self._vector_at(name)
        if at is None:
            return None
        field, start, length = at
        what = f"{self.type_name}.{name}"
        elem = field.type
        if elem in SCALARS or elem in schema.ENUM_TYPES:
            scalar = elem if elem in SCALARS else schema.ENUM_TYPES[elem]
            size = SCALARS[scalar][2]
            self.buf.check(start + 4, length * size, f"{what} ({length} elements)")
            return np.frombuffer(self.buf.data, dtype=SCALARS[scalar][1], count=length, offset=start + 4)
        self.buf.check(start + 4, length * 4, f"{what} ({length} elements)")
        if elem == "string":
            return [_string(self.buf, start + 4 + 4 * k + self.buf.u32(start + 4 + 4 * k, what), what)
                    for k in range(length)]
        return TableVector(self.buf, start + 4, length, elem, what)

    def length(self, name: str) -> int:
        """How many elements the vector `name` has; 0 if absent."""
        at = self._vector_at(name)
        return 0 if at is None else at[2]

    def values(self, name: str) -> list | None:
        """A scalar vector as a list of Python numbers, as `vector(name).tolist()` gives it;
        None if absent. For the short vectors of every operator and tensor (inputs, outputs,
        shape): one struct read, where a numpy view and its `tolist` cost three times as much."""
        at = self._vector_at(name)
        if at is None:
            return None
        field, start, length = at
        buf = self.buf
        code, size = _LIST_CODES[field.type]
        if start + 4 + length * size > buf.size:
            buf.check(start + 4, length * size, (self.type_name, ".", name, f" ({length} elements)"))
        return list(struct.unpack_from(f"<{length}{code}", buf.data, start + 4))


# a scalar vector's struct code per element type, as its numpy dtype's `tolist` gives the values
# (bool as 0 or 1, as the uint8 view gives it)
_LIST_CODES = {name: ("B" if name == "bool" else fmt[1], size) for name, (fmt, _, size) in SCALARS.items()}
_LIST_CODES.update({enum: _LIST_CODES[scalar] for enum, scalar in schema.ENUM_TYPES.items()})


class TableVector:
    """A vector of tables, each read when first asked for, then kept: the importer reads a
    tensor's table four or five times (its type, name, value, statistics)."""

    def __init__(self, buf: Buffer, start: int, length: int, type_name: str, what: str):
        self.buf, self.start, self.length, self.type_name, self.what = buf, start, length, type_name, what
        self._tables: dict[int, Table] = {}

    def __len__(self) -> int:
        return self.length

    def __getitem__(self, k: int) -> Table:
        table = self._tables.get(k)
        if table is None:
            if not 0 <= k < self.length:
                raise IndexError(k)
            slot = self.start + 4 * k
            table = self._tables[k] = Table(self.buf, slot + self.buf.u32(slot, self.what), self.type_name)
        return table

    def __iter__(self) -> Iterator[Table]:
        return (self[k] for k in range(self.length))


def _string(buf: Buffer, pos: int, what: str) -> str:
    length = buf.u32(pos, f"{what} length")
    buf.check(pos + 4, length, what)
    return bytes(buf.view[pos + 4:pos + 4 + length]).decode("utf-8", errors="replace")


def read_model(buf: Buffer) -> Table:
    """The root `Model` table, after checking the size and the file identifier."""
    if buf.size < 8:
        raise FlatbufferError(f"not a TFLite flatbuffer: only {buf.size} bytes")
    ident = bytes(buf.view[4:8])
    if ident != schema.FILE_IDENTIFIER.encode():
        shown = f"'{ident.decode()}'" if ident.isascii() and ident.decode().isprintable() else f"0x{ident.hex()}"
        raise FlatbufferError(
            f"not a TFLite flatbuffer: file identifier is {shown}, expected '{schema.FILE_IDENTIFIER}'")
    return Table(buf, buf.u32(0, "root offset"), schema.ROOT_TYPE)
