"""MLIR bytecode reader: `tfl2quant opt` on a file that starts with "ML\\xefR".

The format is llvm-project's mlir/docs/BytecodeFormat.md, read the way
mlir/lib/Bytecode/Reader/BytecodeReader.cpp reads it: versions 0 to 6, which
covers what our writer (bytecode.py, version 1) and iree-opt's
`--emit-bytecode` (version 6) write. Per version:

- 1: dialect versions (read and ignored: the dialects we model have one version);
- 2: the regions of an isolated-from-above op are a nested IR section;
- 3: use-list orders (read and dropped: our IR keeps no use order to restore);
- 4: block arguments whose location is unknown omit it;
- 5: op names say whether the op was registered; ops may have properties;
- 6: operand and result segment sizes are properties.

Attributes and types come either as their MLIR text (the "assembly format
fallback", parsed by our parser) or in a dialect's own encoding. We read the
builtin dialect's (mlir/include/mlir/IR/BuiltinDialectBytecode.td, bytecode_encodings.py)
and those a dialect registers for its types (the quant dialect's QuantDialectBytecode.td:
dialects/quant/bytecode.py); a `dense_resource` attribute becomes the `dense` attribute of its
blob, which is how our IR holds every constant.

Properties are the one thing we cannot read in general: a registered op
encodes them in its own generated `writeProperties`, with no attribute names.
We read those of the ops in `_PROPERTIES` (builtin.module, func.func/call,
arith.constant, the arith and math ops of our IR); those of an op that was
unregistered for the writer are a dictionary attribute and become the op's
attributes; any other is a one-line error that says so and how to get bytecode
we read (`--emit-bytecode-version=4` keeps properties in the attribute
dictionary).

Every malformed or unsupported input is a Tfl2QuantError naming the problem
and its byte offset in the file, never a traceback.
"""
from __future__ import annotations

from ..errors import Tfl2QuantError
from .attributes import Attribute, DictionaryAttr
from .bytecode import PRODUCER
from .bytecode_encodings import DialectEncodings, Reader
from .core import Block, Operation, Region, Value, module_op_class, unregistered_op_error
from .location import UNKNOWN, FileLineColLoc, Location
from .parser import parse_attribute, parse_location_text, parse_type
from .types import NoneType, Type

MAGIC = b"ML\xefR"
MAX_VERSION = 6
(STRING, DIALECT, ATTR_TYPE, ATTR_TYPE_OFFSET, IR, RESOURCE, RESOURCE_OFFSET, DIALECT_VERSIONS,
 PROPERTIES) = range(9)
SECTION_NAMES = ("string", "dialect", "attribute/type", "attribute/type offset", "IR", "resource",
                 "resource offset", "dialect versions", "properties")
HAS_ATTRS, HAS_RESULTS, HAS_OPERANDS, HAS_SUCCESSORS, HAS_INLINE_REGIONS, HAS_USE_LIST_ORDERS, HAS_PROPERTIES = (
    1, 2, 4, 8, 16, 32, 64)
LAZY_LOADING, USE_LIST_ORDERING, ELIDE_UNKNOWN_BLOCK_ARG_LOCATION, NATIVE_PROPERTIES = 2, 3, 4, 5
# Inherent attributes at their ODS default (DefaultValuedAttr), which bytecode before version 5
# writes in the attribute dictionary and text leaves out: dropped, so that we read the op the
# text gives (our printers do not spell every one of them, e.g. arith.trunci's overflow flags).
_DEFAULT_VALUED = frozenset({("fastmath", "#arith.fastmath<none>"), ("overflowFlags", "#arith.overflow<none>"),
                             ("nan_mode", "#tosa.nan_mode<PROPAGATE>")})


# The properties of the registered ops we read from version 5 on: ODS's generated writeProperties
# writes the inherent attributes sorted by name, a required one as its attribute index, an optional
# or default-valued one as (index << 1 | 1), or 0 when absent (checked against iree-opt's bytecode:
# func.func's are arg_attrs, function_type, no_inline, res_attrs, sym_name, sym_visibility). None:
# an optional attribute our IR does not model (arith's float ops have a second one after fastmath).
_OPT, _REQ = True, False
_PROPERTIES: dict[str, tuple] = {
    "builtin.module": (("sym_name", _OPT), ("sym_visibility", _OPT)),
    "func.func": (("arg_attrs", _OPT), ("function_type", _REQ), ("no_inline", _OPT), ("res_attrs", _OPT),
                  ("sym_name", _REQ), ("sym_visibility", _OPT)),
    "func.call": (("arg_attrs", _OPT), ("callee", _REQ), ("no_inline", _OPT), ("res_attrs", _OPT)),
    "arith.constant": (("value", _REQ),),
    "arith.cmpi": (("predicate", _REQ),),
    "arith.cmpf": (("fastmath", _OPT), ("predicate", _REQ)),
    "math.round": (("fastmath", _OPT),),
    **{f"arith.{op}": (("overflowFlags", _OPT),) for op in ("addi", "subi", "muli", "shli", "trunci")},
    **{f"arith.{op}": (("fastmath", _OPT), (None, _OPT)) for op in ("addf", "subf", "mulf", "divf")},
}


def is_bytecode(data: bytes) -> bool:
    return data[:4] == MAGIC


class _Entry:
    __slots__ = ("dialect", "custom", "start", "end", "value")

    def __init__(self, dialect: str, custom: bool, start: int, end: int):
        self.dialect, self.custom, self.start, self.end, self.value = dialect, custom, start, end, None


class BytecodeReader(DialectEncodings):
    def __init__(self, data: bytes, filename: str):
        self.data = bytes(data)
        self.view = memoryview(self.data)
        self.filename = filename
        self.drop_defaults = False
        self.version = 0
        self.strings: list[str] = []
        self.dialects: list[str] = []
        self.op_names: list[tuple[str, bool | None]] = []
        self.attrs: list[_Entry] = []
        self.types: list[_Entry] = []
        self.resources: list[tuple[str, int, int]] = []  # (key, start, end) of each blob, by handle index
        self.properties: list[int] = []  # offset of each op's properties
        self.properties_section = (0, 0)
        self._scopes: list[_ValueScope] = []
        self._n_forward = 0

    def error(self, message: str, at: int) -> Tfl2QuantError:
        return Tfl2QuantError(f"bytecode: {message} (at byte {at})", self.filename)

    def _section(self, r: Reader) -> tuple[int, int, int]:
        """(id, start, end) of the section header at the cursor, whose data is skipped."""
        at = r.pos
        head = r.byte()
        length = r.varint()
        sid = head & 0x7F
        if sid > PROPERTIES:
            raise r.error(f"invalid section id {sid}", at)
        if head & 0x80:
            align = r.varint()
            if align & (align - 1) or align == 0:
                raise r.error(f"section alignment {align} is not a power of two", at)
            while r.pos % align:
                if r.byte() != 0xCB:
                    raise r.error("expected alignment byte 0xCB", r.pos - 1)
        start = r.pos
        r.bytes(length)
        return sid, start, r.pos

    # --- file -------------------------------------------------------------------------
    def read(self) -> Operation:
        r = Reader(self, 0, len(self.data))
        if bytes(r.bytes(4)) != MAGIC:
            raise self.error("not MLIR bytecode (no 'ML\\xefR' magic)", 0)
        at = r.pos
        self.version = r.varint()
        if self.version > MAX_VERSION:
            raise self.error(f"bytecode version {self.version} is newer than the newest we read ({MAX_VERSION})",
                             at)
        # upstream's writer puts default-valued properties in the attribute dictionary before version
        # 5; ours writes exactly the attributes our IR holds
        self.drop_defaults = r.cstring() != PRODUCER
        sections: dict[int, tuple[int, int]] = {}
        while not r.empty:
            at = r.pos
            sid, start, end = self._section(r)
            if sid in sections:
                raise self.error(f"duplicate {SECTION_NAMES[sid]} section", at)
            sections[sid] = (start, end)
        required = [STRING, DIALECT, ATTR_TYPE, ATTR_TYPE_OFFSET, IR]
        if self.version >= NATIVE_PROPERTIES:
            required.append(PROPERTIES)
        for sid in required:
            if sid not in sections:
                raise self.error(f"missing {SECTION_NAMES[sid]} section", len(self.data))
        self._read_strings(r.sub(*sections[STRING]))
        if PROPERTIES in sections:
            self._read_properties(r.sub(*sections[PROPERTIES]))
        self._read_dialects(r.sub(*sections[DIALECT]))
        if (RESOURCE in sections) != (RESOURCE_OFFSET in sections):
            raise self.error("a resource section needs its resource offset section", len(self.data))
        if RESOURCE in sections:
            self._read_resources(r.sub(*sections[RESOURCE]), r.sub(*sections[RESOURCE_OFFSET]))
        self._read_attr_type_offsets(r.sub(*sections[ATTR_TYPE_OFFSET]), *sections[ATTR_TYPE])
        return self._read_ir(r.sub(*sections[IR]))

    def _read_strings(self, r: Reader) -> None:
        count = r.varint()
        sizes = [r.varint() for _ in range(count)][::-1]  # written last string first
        end = r.end
        offsets = []
        for size in reversed(sizes):
            if size < 1 or size > end - r.pos:
                raise r.error("string size exceeds the string section")
            end -= size
            offsets.append(end)
        if end != r.pos:
            raise r.error("unexpected data between the string sizes and the strings")
        offsets.reverse()
        for start, size in zip(offsets, sizes):
            if self.data[start + size - 1] != 0:
                raise r.error("string without its terminating NUL", start)
            raw = self.data[start:start + size - 1]
            try:
                self.strings.append(raw.decode("utf-8"))
            except UnicodeDecodeError:  # a StringAttr may hold any bytes (TFLite metadata does)
                self.strings.append(raw)

    def _string(self, r: Reader, index: int | None = None, binary: bool = False) -> str:
        at = r.pos
        k = r.varint() if index is None else index
        if k >= len(self.strings):
            raise r.error(f"invalid string index {k}", at)
        s = self.strings[k]
        if isinstance(s, bytes) and not binary:
            raise r.error(f"string {k} is not UTF-8", at)
        return s

    def _read_properties(self, r: Reader) -> None:
        self.properties_section = (r.pos, r.end)
        if r.empty:
            return
        count = r.varint()
        for _ in range(count):
            self.properties.append(r.pos)
            r.bytes(r.varint())
        if not r.empty:
            raise r.error("trailing data in the properties section")

    def _read_dialects(self, r: Reader) -> None:
        for _ in range(r.varint()):
            if self.version < 1:
                self.dialects.append(self._string(r))
                continue
            name_index, versioned = r.varint_flag()
            self.dialects.append(self._string(r, name_index))
            if versioned:
                at = r.pos
                sid, _, _ = self._section(r)
                if sid != DIALECT_VERSIONS:
                    raise r.error("expected a dialect version section", at)
        if self.version >= ELIDE_UNKNOWN_BLOCK_ARG_LOCATION:
            r.varint()  # the number of op names, a capacity hint
        while not r.empty:
            dialect = self._dialect(r)
            for _ in range(r.varint()):
                if self.version < NATIVE_PROPERTIES:
                    self.op_names.append((self._join(dialect, self._string(r)), None))
                else:
                    index, registered = r.varint_flag()
                    self.op_names.append((self._join(dialect, self._string(r, index)), registered))

    @staticmethod
    def _join(dialect: str, name: str) -> str:
        return f"{dialect}.{name}" if name else dialect

    def _dialect(self, r: Reader) -> str:
        at = r.pos
        k = r.varint()
        if k >= len(self.dialects):
            raise r.error(f"invalid dialect index {k}", at)
        return self.dialects[k]

    def _read_resources(self, data: Reader, offsets: Reader) -> None:
        for _ in range(offsets.varint()):  # external resource groups: nothing of ours uses them
            self._string(offsets)
            self._resource_group(data, offsets, keep=False)
        while not offsets.empty:
            self._dialect(offsets)
            self._resource_group(data, offsets, keep=True)

    def _resource_group(self, data: Reader, offsets: Reader, keep: bool) -> None:
        for _ in range(offsets.varint()):
            key = self._string(offsets)
            size = offsets.varint()
            kind = offsets.byte()
            start = data.pos
            data.bytes(size)
            if keep:
                self.resources.append((key, start, start + size) if kind == 0 else (key, -1, -1))

    def _read_attr_type_offsets(self, r: Reader, start: int, end: int) -> None:
        n_attrs, n_types = r.varint(), r.varint()
        offset = start
        for table, count in ((self.attrs, n_attrs), (self.types, n_types)):
            while len(table) < count:
                dialect = self._dialect(r)
                for _ in range(r.varint()):
                    size, custom = r.varint_flag()
                    if size > end - offset:
                        raise r.error("attribute or type entry past the end of its section")
                    table.append(_Entry(dialect, custom, offset, offset + size))
                    offset += size
            if len(table) > count:
                raise r.error("more attribute or type entries than announced")
        if not r.empty:
            raise r.error("trailing data in the attribute/type offset section")

    # --- attributes and types -----------------------------------------------------------
    def attr(self, r: Reader) -> Attribute | Location:
        at = r.pos
        return self.attr_at(r.varint(), at)

    def attr_at(self, k: int, at: int):
        if k >= len(self.attrs):
            raise self.error(f"invalid attribute index {k}", at)
        entry = self.attrs[k]
        if entry.value is None:
            entry.value = self._entry(entry, self._custom_attr, self._asm_attr)
        return entry.value

    def type(self, r: Reader) -> Type:
        at = r.pos
        return self.type_at(r.varint(), at)

    def type_at(self, k: int, at: int) -> Type:
        if k >= len(self.types):
            raise self.error(f"invalid type index {k}", at)
        entry = self.types[k]
        if entry.value is None:
            entry.value = self._entry(entry, self._custom_type, self._asm_type)
        return entry.value

    def _entry(self, entry: _Entry, custom, asm):
        r = Reader(self, entry.start, entry.end)
        try:
            value = custom(r, entry.dialect) if entry.custom else asm(r)
        except RecursionError:
            raise self.error("attributes or types nested too deeply", entry.start) from None
        if not r.empty:
            raise r.error("trailing bytes after an attribute or type entry")
        return value

    def _asm_attr(self, r: Reader):
        at = r.pos
        text = r.cstring()
        try:
            return parse_location_text(text) if text.startswith("loc(") else parse_attribute(text)
        except Tfl2QuantError as e:
            raise self.error(f"attribute {text[:80]!r}: {e}", at) from None

    def _asm_type(self, r: Reader) -> Type:
        at = r.pos
        text = r.cstring()
        try:
            return parse_type(text)
        except Tfl2QuantError as e:
            raise self.error(f"type {text[:80]!r}: {e}", at) from None

    # --- IR -------------------------------------------------------------------------------
    def _read_ir(self, r: Reader) -> Operation:
        module_op = module_op_class()
        top = Block()
        self._scopes.append(_ValueScope())
        self._block_body(r, top, [top], values=False)
        if not r.empty:
            raise r.error("trailing data in the IR section")
        if self._n_forward:
            raise r.error("operands that no op defines")
        if len(top.ops) == 1 and isinstance(top.ops[0], module_op):
            module = top.ops[0]
            module.parent = None
            return module
        return module_op(regions=[Region([top])], location=FileLineColLoc(self.filename, 0, 0))

    def _block_body(self, r: Reader, block: Block, blocks: list[Block], values: bool = True) -> None:
        count, has_args = r.varint_flag()
        if has_args:
            for _ in range(r.varint()):
                if self.version >= ELIDE_UNKNOWN_BLOCK_ARG_LOCATION:
                    at = r.pos
                    k, has_loc = r.varint_flag()
                    t = self.type_at(k, at)
                    loc = self._location(r) if has_loc else UNKNOWN
                else:
                    t = self.type(r)
                    loc = self._location(r)
                arg = block.add_arg(t)
                block.arg_locations.append(loc)
                self._define(r, arg)
            if self.version >= USE_LIST_ORDERING and r.byte():
                self._use_list_orders(r, len(block.args))
        for _ in range(count):
            self._op(r, block, blocks, values)

    def _define(self, r: Reader, value: Value) -> None:
        scope = self._scopes[-1]
        if not scope.next:
            raise r.error("the top-level block has arguments")
        k = scope.next[-1]
        if k >= len(scope.values):
            raise r.error("more values defined than the region announced")
        scope.next[-1] += 1
        old = scope.values[k]
        if old is not None:  # a forward reference: the placeholder's uses move to the value
            old.replace_all_uses_with(value)
            self._n_forward -= 1
        scope.values[k] = value

    def _operand(self, r: Reader) -> Value:
        at = r.pos
        k = r.varint()
        values = self._scopes[-1].values
        if k >= len(values):
            raise r.error(f"invalid value index {k}", at)
        v = values[k]
        if v is None:  # used before its definition (a graph region or a CFG back edge)
            v = values[k] = Value(NoneType())
            self._n_forward += 1
        return v

    def _use_list_orders(self, r: Reader, n: int) -> None:
        """Read and drop: our IR keeps no use order to restore."""
        count = r.varint() if n > 1 else 1
        for _ in range(count):
            if n > 1:
                r.varint()
            size, _ = r.varint_flag()
            for _ in range(size):
                r.varint()

    def _op(self, r: Reader, block: Block, blocks: list[Block], values: bool) -> None:
        at = r.pos
        k = r.varint()
        if k >= len(self.op_names):
            raise r.error(f"invalid operation name index {k}", at)
        name, registered = self.op_names[k]
        error = unregistered_op_error(name)
        if error is not None:
            raise r.error(error, at)
        mask = r.byte()
        location = self._location(r)
        attributes: dict = {}
        if mask & HAS_ATTRS:
            attributes = self._attr_dict(r)
        if mask & HAS_PROPERTIES:
            p_at = r.pos
            if registered is None:
                raise r.error(f"'{name}' has properties in bytecode version {self.version}", p_at)
            if registered:
                attributes.update(self._properties(r, name))
            else:  # an op unregistered for the writer keeps its properties as an attribute
                props = self.attr(r)
                if not isinstance(props, DictionaryAttr):
                    raise r.error(f"the properties of '{name}' are not a dictionary", p_at)
                attributes.update(props.value)
        if self.drop_defaults and name.partition(".")[0] in ("arith", "math", "tosa"):
            attributes = {k: v for k, v in attributes.items() if (k, str(v)) not in _DEFAULT_VALUED}
        result_types = [self.type(r) for _ in range(r.varint())] if mask & HAS_RESULTS else []
        operands = [self._operand(r) for _ in range(r.varint())] if mask & HAS_OPERANDS else []
        successors = []
        if mask & HAS_SUCCESSORS:
            for _ in range(r.varint()):
                s_at = r.pos
                s = r.varint()
                if s >= len(blocks):
                    raise r.error(f"invalid successor index {s}", s_at)
                successors.append(blocks[s])
        if self.version >= USE_LIST_ORDERING and mask & HAS_USE_LIST_ORDERS:
            self._use_list_orders(r, len(result_types))
        n_regions, isolated = r.varint_flag() if mask & HAS_INLINE_REGIONS else (0, False)
        regions = [Region() for _ in range(n_regions)]
        try:
            op = Operation.create(name, operands, result_types, attributes, regions, location, successors)
        except Tfl2QuantError as e:
            raise r.error(f"'{name}': {e}", at) from None
        block.append(op)
        if values:
            for res in op.results:
                self._define(r, res)
        if not regions:
            return
        body = r
        if isolated and self.version >= LAZY_LOADING:
            s_at = r.pos
            sid, start, end = self._section(r)
            if sid != IR:
                raise r.error("expected an IR section for an isolated region", s_at)
            body = r.sub(start, end)
        if isolated:
            self._scopes.append(_ValueScope())
        for region in regions:
            self._region(body, region)
        if isolated:
            self._scopes.pop()
            if body is not r and not body.empty:
                raise body.error("trailing data in an isolated region's section")

    def _properties(self, r: Reader, name: str) -> dict:
        """The properties of a registered op: an index into the properties section, whose entry is
        the op's inherent attributes in the order of its generated writeProperties."""
        at = r.pos
        layout = _PROPERTIES.get(name)
        if layout is None:
            raise r.error(f"the properties of '{name}' (its own encoding, in bytecode version {self.version}) are "
                          "not supported; write the bytecode with --emit-bytecode-version=4", at)
        k = r.varint()
        if k >= len(self.properties):
            raise r.error(f"invalid properties index {k}", at)
        entry = r.sub(self.properties[k], self.properties_section[1])
        size = entry.varint()
        start = entry.pos
        entry.bytes(size)  # within the section
        p = r.sub(start, start + size)
        out = {}
        for attr_name, optional in layout:
            if optional:
                index, present = p.varint_flag()
                if not present:
                    continue
                value = self.attr_at(index, p.pos)
            else:
                value = self.attr(p)
            if attr_name is None:  # an attribute newer than our table: only its absence is safe
                raise p.error(f"'{name}' has a property we do not know")
            out[attr_name] = value
        if not p.empty:
            raise p.error(f"the properties of '{name}' are longer than its {len(layout)} attributes")
        return out

    def _attr_dict(self, r: Reader) -> dict:
        at = r.pos
        d = self.attr(r)
        if not isinstance(d, DictionaryAttr):
            raise r.error(f"an op's attributes must be a dictionary, got {d}", at)
        return dict(d.value)

    def _region(self, r: Reader, region: Region) -> None:
        n_blocks = r.varint()
        if not n_blocks:
            return
        n_values = r.varint()
        if n_values > r.end - r.pos:  # each value takes at least a byte to define
            raise r.error(f"a region of {n_values} values in {r.end - r.pos} bytes")
        scope = self._scopes[-1]
        # this region's values follow those of every enclosing region of the scope (ValueScope)
        scope.next.append(len(scope.values))
        scope.values.extend([None] * n_values)
        blocks = [region.append(Block()) for _ in range(n_blocks)]
        for block in blocks:
            self._block_body(r, block, blocks)
        del scope.values[len(scope.values) - n_values:]
        scope.next.pop()


class _ValueScope:
    """The values of one isolated-from-above region and the regions nested in it."""

    def __init__(self):
        self.values: list[Value | None] = []
        self.next: list[int] = []  # the next value number of each open region


def read_bytecode(data: bytes, filename: str = "<stdin>") -> Operation:
    """The module of MLIR bytecode `data`; a Tfl2QuantError names what is wrong and where."""
    try:
        return BytecodeReader(data, filename).read()
    except RecursionError:
        raise Tfl2QuantError("bytecode: regions nested too deeply", filename) from None
