"""MLIR bytecode writer: `tfl2quant convert --emit-bytecode`.

The format is llvm-project's mlir/docs/BytecodeFormat.md; we write version 1
(dialect versioning, no lazy-loading sections, no use-list orders, no
properties section), which upstream readers still accept (the reader's
kMinSupportedVersion is 0) and which is the simplest to produce:

    "ML\\xefR" varint(version) producer\\0 section*
    section  = id | 0x80 if aligned, varint(length), [varint(alignment), 0xCB padding], data

Sections: strings (0), dialects and op names (1), attributes and types (2)
with their sizes (3), the IR (4), resources (5) with their offsets (6).

Attributes and types use the "assembly format fallback": each is stored as
its MLIR text and parsed by the reader, so that the bytecode says exactly
what our text printer says. Three builtin attributes use the builtin
dialect's own encoding (BuiltinDialectBytecode.td, whose codes we write):
StringAttr (2) for attribute names, DictionaryAttr (1) for an op's attribute
dictionary, and DenseResourceElementsAttr (16) for every large constant. A
`dense_resource` handle in assembly form would be declared a second time by
the reader's standalone attribute parser (and renamed, DialectResourceBlobManager
makes names unique), so it must go through the dialect's encoding.

Large constants are the point: each becomes a blob in the resource section,
written straight from the array's buffer (for an imported weight, the mmap of
the .tflite file) without a copy, so the output is about the size of the
weights and the writer's memory does not grow with them. Constants that view
the same bytes share one blob (MLIR's resource handles allow any number of
uses): a weight that two signatures' functions read, as in a generative model's
prefill and decode, is written once.

Value numbering follows the reader (BytecodeReader's ValueScope): values are
numbered per region in definition order (block arguments, then op results);
the regions of an op start after all the values of the enclosing region, or
at 0 when the op is isolated from above.
"""
from __future__ import annotations

import io
from typing import BinaryIO

import numpy as np

from .attributes import SMALL_DENSE, Attribute, DenseElementsAttr, _contiguous_pieces
from .core import ISOLATED, Block, Operation, Region, Value
from .printer import Printer
from .types import FloatType, IntegerType, Type

VERSION = 1
PRODUCER = "tfl2quant"
ALIGNMENT_BYTE = 0xCB
(STRING_SECTION, DIALECT_SECTION, ATTR_TYPE_SECTION, ATTR_TYPE_OFFSET_SECTION, IR_SECTION,
 RESOURCE_SECTION, RESOURCE_OFFSET_SECTION) = range(7)
HAS_ATTRS, HAS_RESULTS, HAS_OPERANDS, HAS_SUCCESSORS, HAS_INLINE_REGIONS = 1, 2, 4, 8, 16
# builtin dialect attribute codes (mlir/include/mlir/IR/BuiltinDialectBytecode.td)
DICTIONARY_ATTR, STRING_ATTR, DENSE_RESOURCE_ELEMENTS_ATTR = 1, 2, 16
RESOURCE_BLOB = 0  # AsmResourceEntryKind::Blob


def varint(value: int) -> bytes:
    """PrefixVarInt: the count of extra bytes as trailing zero bits of the first byte."""
    assert value >= 0
    if value < 1 << 56:
        extra = (value.bit_length() - 1) // 7 if value else 0
        return ((value << 1 | 1) << extra).to_bytes(extra + 1, "little")
    return b"\0" + value.to_bytes(8, "little")


class _Table:
    """Index of each distinct key, in first-use order."""

    def __init__(self):
        self.index: dict = {}

    def __call__(self, key) -> int:
        k = self.index.get(key)
        if k is None:
            k = self.index[key] = len(self.index)
        return k

    def __len__(self) -> int:
        return len(self.index)


def _blob_dtype_ok(attr: DenseElementsAttr) -> bool:
    """Element types whose dense_resource blob is the plain little-endian array: sub-byte and
    i1 elements (stored one per byte by us, bit-packed by MLIR's resources) keep the text form."""
    elem = attr.type.element_type
    if isinstance(elem, IntegerType):
        return elem.width in (8, 16, 32, 64)
    return isinstance(elem, FloatType) and elem.name in ("f16", "bf16", "f32", "f64")


def _as_resource(attr: Attribute) -> bool:
    return (isinstance(attr, DenseElementsAttr) and attr.data.size > SMALL_DENSE
            and not attr.is_splat and _blob_dtype_ok(attr))


class BytecodeWriter:
    def __init__(self):
        self._printer = Printer(io.StringIO())  # its type and attribute spelling, with no aliases
        self.strings = _Table()
        self.dialects = _Table()          # dialect name -> index
        self.op_names = _Table()          # (dialect, name) -> index
        self.attrs = _Table()             # key -> index; entries in self.attr_entries
        self.attr_entries: list[tuple[bytes, bool]] = []  # (encoding, custom)
        self.types = _Table()
        self.type_entries: list[bytes] = []
        self.resources: list[tuple[int, DenseElementsAttr]] = []  # (key string index, attr)
        self.blobs: dict[tuple, int] = {}  # (address, shape, strides, dtype) -> resource index
        self.locations: dict = {}  # location -> attribute index
        self.dialects("builtin")
        self.strings("builtin")

    # --- attributes and types ---------------------------------------------------
    def _attr(self, key, encode) -> int:
        k = self.attrs.index.get(key)
        if k is None:
            data, custom = encode()
            k = self.attrs(key)
            self.attr_entries.append((data, custom))
        return k

    def _asm_attr(self, text: str) -> int:
        return self._attr(("asm", text), lambda: (text.encode() + b"\0", False))

    def string_attr(self, s: str) -> int:
        return self._attr(("str", s), lambda: (varint(STRING_ATTR) + varint(self.strings(s)), True))

    def type_index(self, t: Type) -> int:
        text = self._printer.type(t)
        k = self.types.index.get(text)
        if k is None:
            k = self.types(text)
            self.type_entries.append(text.encode() + b"\0")
        return k

    def attr_value(self, a: Attribute) -> int:
        if _as_resource(a):
            blob = self._blob(a)
            ty = self.type_index(a.type)
            return self._attr(("resource", blob, ty),
                              lambda: (varint(DENSE_RESOURCE_ELEMENTS_ATTR) + varint(ty) + varint(blob), True))
        return self._asm_attr(self._printer.attr(a))

    def _blob(self, a: DenseElementsAttr) -> int:
        """The resource index of `a`'s bytes: one blob for all the constants that view the same
        memory (the weights two signatures share are two constants viewing the mapped file)."""
        data = a.data
        key = (data.__array_interface__["data"][0], data.shape, data.strides, data.dtype.str)
        k = self.blobs.get(key)
        if k is None:
            k = self.blobs[key] = len(self.resources)
            self.resources.append((self.strings(f"tfl2quant_blob{k}"), a))
        return k

    def attr_dict(self, attrs: dict) -> int:
        # sorted by name, as our text prints them (upstream's DictionaryAttr::get sorts them)
        entries = [(self.string_attr(name), self.attr_value(value))
                   for name, value in sorted(attrs.items(), key=lambda e: e[0].encode())]
        body = varint(DICTIONARY_ATTR) + varint(len(entries)) + b"".join(varint(n) + varint(v) for n, v in entries)
        return self._attr(("dict", body), lambda: (body, True))

    def location(self, loc) -> int:
        k = self.locations.get(loc)  # an op's location is shared by the ops legalizing it makes
        if k is None:
            k = self.locations[loc] = self._asm_attr(str(loc))
        return k

    # --- IR ---------------------------------------------------------------------
    def op_name(self, name: str) -> int:
        dialect, _, rest = name.partition(".")
        self.dialects(dialect)
        self.strings(dialect)
        self.strings(rest)
        return self.op_names((dialect, rest))

    def write_op(self, out: bytearray, op: Operation, ids: dict[Value, int]) -> None:
        mask = 0
        tail = bytearray()
        if op.attributes:
            mask |= HAS_ATTRS
            tail += varint(self.attr_dict(op.attributes))
        if op.results:
            mask |= HAS_RESULTS
            tail += varint(len(op.results)) + b"".join(varint(self.type_index(r.type)) for r in op.results)
        if op.operands:
            mask |= HAS_OPERANDS
            tail += varint(len(op.operands)) + b"".join(varint(ids[v]) for v in op.operands)
        if op.successors:
            mask |= HAS_SUCCESSORS
            parent_blocks = op.parent.parent.blocks
            tail += varint(len(op.successors)) + b"".join(varint(parent_blocks.index(b)) for b in op.successors)
        if op.regions:
            mask |= HAS_INLINE_REGIONS
            tail += varint(len(op.regions) << 1 | op.has_trait(ISOLATED))
        out += varint(self.op_name(op.name))
        out.append(mask)
        out += varint(self.location(op.location))
        out += tail
        if op.regions:
            isolated = op.has_trait(ISOLATED)
            for region in op.regions:
                self.write_region(out, region, {} if isolated else ids, 0 if isolated else len(ids))

    def write_region(self, out: bytearray, region: Region, outer: dict[Value, int], start: int) -> None:
        out += varint(len(region.blocks))
        if not region.blocks:
            return
        # this region's values follow every value of the enclosing ones (the reader reserves them all)
        ids = dict(outer)
        n = start
        for block in region.blocks:
            for a in block.args:
                ids[a] = n
                n += 1
            for op in block.ops:
                for r in op.results:
                    ids[r] = n
                    n += 1
        out += varint(n - start)
        for block in region.blocks:
            self.write_block(out, block, ids)

    def write_block(self, out: bytearray, block: Block, ids: dict[Value, int]) -> None:
        out += varint(len(block.ops) << 1 | bool(block.args))
        if block.args:
            out += varint(len(block.args))
            locations = block.arg_locations or []
            for k, a in enumerate(block.args):
                loc = locations[k] if k < len(locations) else None
                out += varint(self.type_index(a.type))
                out += varint(self.location(loc) if loc is not None else self._asm_attr("loc(unknown)"))
        for op in block.ops:
            self.write_op(out, op, ids)

    # --- file -------------------------------------------------------------------
    def write(self, top: Operation, f: BinaryIO) -> None:
        ir = bytearray(varint(1 << 1))  # the top-level block: one op, no arguments
        self.write_op(ir, top, {})
        sections = [(STRING_SECTION, self._string_section()), (DIALECT_SECTION, self._dialect_section()),
                    (ATTR_TYPE_SECTION, b"".join(e for e, _ in self.attr_entries) + b"".join(self.type_entries)),
                    (ATTR_TYPE_OFFSET_SECTION, self._attr_type_offsets()), (IR_SECTION, bytes(ir))]
        head = bytearray(b"ML\xefR" + varint(VERSION) + PRODUCER.encode() + b"\0")
        for sid, data in sections:
            head += bytes([sid]) + varint(len(data)) + data
        blobs = self._blob_layout()
        head += bytes([RESOURCE_OFFSET_SECTION]) + varint(len(blobs.offsets)) + blobs.offsets
        head += self._section_header(RESOURCE_SECTION, blobs.size, blobs.alignment, len(head))
        f.write(head)
        for prefix, pieces in blobs.parts:
            f.write(prefix)
            for piece in pieces:  # views of the array's own buffer (the mapped file): no copy
                f.write(piece.view(np.uint8).data)

    @staticmethod
    def _section_header(sid: int, size: int, alignment: int, at: int) -> bytes:
        if alignment <= 1:
            return bytes([sid]) + varint(size)
        head = bytearray([sid | 0x80]) + varint(size) + varint(alignment)
        head += bytes([ALIGNMENT_BYTE]) * (-(at + len(head)) % alignment)
        return bytes(head)

    def _string_section(self) -> bytes:
        data = [s.encode() + b"\0" for s in self.strings.index]
        return varint(len(data)) + b"".join(varint(len(d)) for d in reversed(data)) + b"".join(data)

    def _dialect_section(self) -> bytes:
        out = bytearray(varint(len(self.dialects)))
        for name in self.dialects.index:
            out += varint(self.strings(name) << 1)  # not versioned
        # the reader numbers op names in the order the groups list them: one group per run of
        # names of one dialect keeps our first-use numbering (a dialect may have several groups)
        groups: list[tuple[int, list[int]]] = []
        for dialect, rest in self.op_names.index:
            if not groups or groups[-1][0] != self.dialects(dialect):
                groups.append((self.dialects(dialect), []))
            groups[-1][1].append(self.strings(rest))
        for dialect, names in groups:
            out += varint(dialect) + varint(len(names)) + b"".join(varint(n) for n in names)
        return bytes(out)

    def _attr_type_offsets(self) -> bytes:
        out = bytearray(varint(len(self.attr_entries)) + varint(len(self.type_entries)))
        for entries in ([(e, c) for e, c in self.attr_entries], [(e, False) for e in self.type_entries]):
            if entries:  # one group, all under the builtin dialect (index 0)
                out += varint(0) + varint(len(entries))
                out += b"".join(varint(len(e) << 1 | c) for e, c in entries)
        return bytes(out)

    def _blob_layout(self) -> "_Blobs":
        blobs = _Blobs()
        offsets = bytearray(varint(0))  # no external resource groups
        if self.resources:
            offsets += varint(0) + varint(len(self.resources))  # the builtin dialect's group
        position = 0
        for key, attr in self.resources:
            data = attr.data
            align = data.dtype.itemsize
            head = varint(align) + varint(data.nbytes)
            pad = -(position + len(head)) % align
            prefix = head + bytes([ALIGNMENT_BYTE]) * pad
            size = len(prefix) + data.nbytes
            offsets += varint(key) + varint(size) + bytes([RESOURCE_BLOB])
            blobs.parts.append((prefix, _contiguous_pieces(data)))
            blobs.alignment = max(blobs.alignment, align)
            position += size
        blobs.size, blobs.offsets = position, bytes(offsets)
        return blobs


class _Blobs:
    def __init__(self):
        self.parts: list = []
        self.alignment = 1
        self.size = 0
        self.offsets = b""


def write_bytecode(op: Operation, f: BinaryIO) -> None:
    """Write `op` (normally a builtin.module) to the binary file `f` as MLIR bytecode."""
    BytecodeWriter().write(op, f)
