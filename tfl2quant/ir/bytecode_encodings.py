"""The builtin dialect's own bytecode encodings of attributes and types, for
bytecode_reader.py (a mixin of its BytecodeReader, which resolves the nested references), and
the cursor they read with (`Reader`). The types of another dialect are read by what it
registered (`DIALECT_TYPES`; the quant types' in dialects/quant/bytecode.py), with this
reader's `type`, `attr`, `read_double` and `error`.

Codes and layouts: mlir/include/mlir/IR/BuiltinDialectBytecode.td (codes 0-21, types 0-20) and
mlir/lib/IR/BuiltinDialectBytecode.cpp (AffineMapAttr, code 23; i1 dense data bit-packed, a splat
0x00 or 0xFF). Integers and floats are APInts of a known width: one byte up to 8 bits, a zigzag
varint up to 64, words above.
"""
from __future__ import annotations

import struct

import numpy as np

from ..errors import Tfl2QuantError
from . import affine
from .attributes import (ArrayAttr, DenseArrayAttr, DenseElementsAttr, DictionaryAttr, FloatAttr, IntegerAttr,
                         StringAttr, SymbolRefAttr, TypeAttr, UnitAttr)
from .location import UNKNOWN, FileLineColLoc, FusedLoc, Location, NameLoc
from .types import (DIALECT_TYPES, FLOAT_WIDTHS, ComplexType, FloatType, FunctionType, IndexType, IntegerType, NoneType,
                    RankedTensorType, Type, UnrankedTensorType, numpy_dtype)

DYNAMIC = -(1 << 63)  # ShapedType::kDynamic
_SIGNEDNESS = {0: "", 1: "s", 2: "u"}  # IntegerType::SignednessSemantics
_BUILTIN_FLOATS = {3: "bf16", 4: "f16", 5: "f32", 6: "f64"}
_FLOAT_BITS = {"f16": np.uint16, "bf16": np.uint16, "f32": np.uint32, "f64": np.uint64,
               **{name: np.uint8 for name, width in FLOAT_WIDTHS.items() if width <= 8}}
# names of the builtin encodings we do not read, for the error message
_BUILTIN_ATTR_NAMES = {0: "ArrayAttr", 10: "CallSiteLoc", 13: "FusedLocWithMetadata", 19: "DenseStringElementsAttr",
                       20: "SparseElementsAttr", 21: "DistinctAttr", 22: "FileLineColRange"}
_BUILTIN_TYPE_NAMES = {7: "Float80Type", 8: "Float128Type", 10: "MemRefType", 11: "MemRefType (with memory space)",
                       14: "RankedTensorType (with encoding)", 15: "TupleType", 16: "UnrankedMemRefType",
                       17: "UnrankedMemRefType (with memory space)", 19: "VectorType",
                       20: "VectorType (scalable)"}


class Reader:
    """A cursor over data[start:end] (EncodingReader); offsets in errors are offsets in the whole
    file. The reader of the file, its attribute and type entries, and a dialect's own encodings
    read through it."""

    def __init__(self, bc: DialectEncodings, start: int, end: int):
        self.bc, self.pos, self.end = bc, start, end

    def error(self, message: str, at: int | None = None) -> Tfl2QuantError:
        return self.bc.error(message, self.pos if at is None else at)

    @property
    def empty(self) -> bool:
        return self.pos >= self.end

    def byte(self) -> int:
        if self.pos >= self.end:
            raise self.error("unexpected end of data (a byte was expected)")
        b = self.bc.data[self.pos]
        self.pos += 1
        return b

    def bytes(self, n: int) -> memoryview:
        if n > self.end - self.pos:
            raise self.error(f"{n} bytes expected, only {self.end - self.pos} remain")
        out = self.bc.view[self.pos:self.pos + n]
        self.pos += n
        return out

    def varint(self) -> int:
        """PrefixVarInt: the count of extra bytes is the number of trailing zeros of the first."""
        first = self.byte()
        if first & 1:
            return first >> 1
        if first == 0:
            return int.from_bytes(self.bytes(8), "little")
        extra = (first & -first).bit_length() - 1
        return int.from_bytes(bytes([first]) + bytes(self.bytes(extra)), "little") >> (extra + 1)

    def varint_flag(self) -> tuple[int, bool]:
        v = self.varint()
        return v >> 1, bool(v & 1)

    def signed_varint(self) -> int:
        v = self.varint()
        return (v >> 1) ^ -(v & 1)  # zigzag

    def cstring(self) -> str:
        nul = self.bc.data.find(b"\0", self.pos, self.end)
        if nul < 0:
            raise self.error("string without its terminating NUL")
        start, self.pos = self.pos, nul + 1
        return self._decode(self.bc.data[start:nul], start)

    def _decode(self, raw: bytes, at: int) -> str:
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise self.error("string is not UTF-8", at) from None

    def sub(self, start: int, end: int) -> Reader:
        return Reader(self.bc, start, end)


class DialectEncodings:
    """Decoding of custom-encoded entries; the reader provides attr, type, _string, resources, error."""

    def _custom_attr(self, r: Reader, dialect: str):
        at = r.pos
        if dialect != "builtin":
            raise r.error(f"the '{dialect}' dialect's own encoding of an attribute is not supported")
        code = r.varint()
        if code == 0:  # ArrayAttr
            return ArrayAttr(tuple(self.attr(r) for _ in range(r.varint())))
        if code == 1:  # DictionaryAttr
            entries = []
            for _ in range(r.varint()):
                name = self._string_attr(r)
                entries.append((name, self.attr(r)))
            return DictionaryAttr(tuple(entries))
        if code == 2:  # StringAttr
            return StringAttr(self._string(r, binary=True))
        if code == 3:  # StringAttr with a type
            value = self._string(r)
            self.type(r)
            raise r.error(f"typed string attribute {value!r} is not supported", at)
        if code == 4:  # FlatSymbolRefAttr
            return SymbolRefAttr(self._string_attr(r))
        if code == 5:  # SymbolRefAttr
            root = self._string_attr(r)
            nested = []
            for _ in range(r.varint()):
                ref = self.attr(r)
                if not isinstance(ref, SymbolRefAttr) or ref.nested:
                    raise r.error("a nested symbol reference must be a flat symbol reference")
                nested.append(ref.root)
            return SymbolRefAttr(root, tuple(nested))
        if code == 6:
            return TypeAttr(self.type(r))
        if code == 7:
            return UnitAttr()
        if code == 8:  # IntegerAttr
            t = self.type(r)
            width = t.width if isinstance(t, IntegerType) else 64 if isinstance(t, IndexType) else None
            if width is None:
                raise r.error(f"integer attribute of type {t}", at)
            value = self._apint(r, width)
            if not (isinstance(t, IntegerType) and t.signedness == "u") and width > 1 and value >> (width - 1):
                value -= 1 << width  # signless and signed values print signed
            return IntegerAttr(value, t)
        if code == 9:  # FloatAttr
            t = self.type(r)
            if not isinstance(t, FloatType):
                raise r.error(f"float attribute of type {t}", at)
            bits = self._apint(r, FLOAT_WIDTHS[t.name])
            return FloatAttr(float(np.array(bits, _FLOAT_BITS[t.name]).view(numpy_dtype(t))), t)
        if code == 11:  # FileLineColLoc
            name = self._string_attr(r)
            return FileLineColLoc(name, r.varint(), r.varint())
        if code == 12:  # FusedLoc
            return FusedLoc(tuple(self._location(r) for _ in range(r.varint())))
        if code == 14:  # NameLoc
            name = self._string_attr(r)
            child = self._location(r)
            return NameLoc(name, None if child == UNKNOWN else child)
        if code == 15:
            return UNKNOWN
        if code == 16:  # DenseResourceElementsAttr
            t = self._tensor_type(r, at)
            k_at = r.pos
            k = r.varint()
            if k >= len(self.resources):
                raise r.error(f"invalid resource handle {k}", k_at)
            key, start, end = self.resources[k]
            if start < 0:
                raise r.error(f"resource '{key}' is not a blob", k_at)
            blob = r.sub(start, end)
            align, size = blob.varint(), blob.varint()
            while blob.pos % max(align, 1):
                if blob.byte() != 0xCB:
                    raise blob.error("expected alignment byte 0xCB", blob.pos - 1)
            return self._dense(t, blob.bytes(size), k_at, resource=True)
        if code == 17:  # DenseArrayAttr
            elem = self.type(r)
            count = r.varint()
            raw = self._blob(r)
            dtype = self._dtype(elem, at)
            if len(raw) != count * dtype.itemsize:
                raise r.error(f"dense array of {count} {elem} holds {len(raw)} bytes", at)
            return DenseArrayAttr(elem, tuple(np.frombuffer(raw, dtype).tolist()))
        if code == 18:  # DenseIntOrFPElementsAttr
            t = self._tensor_type(r, at)
            return self._dense(t, self._blob(r), at)
        if code == 23:
            return self._affine_map(r, at)
        name = _BUILTIN_ATTR_NAMES.get(code, f"code {code}")
        raise r.error(f"builtin attribute encoding {name} is not supported", at)

    def _affine_map(self, r: Reader, at: int) -> affine.AffineMapAttr:
        """AffineMapAttr (BuiltinDialectBytecode.cpp's readAffineMap): a header (dims << 2 | kind)
        then, by kind, nothing (identity), dim positions (permutation), their count and positions
        (projected permutation), or symbols, results and prefix-order expressions (general)."""
        header = r.varint()
        dims, kind = header >> 2, header & 3
        if kind == 0:
            results = [affine.dim(k) for k in range(dims)]
        elif kind in (1, 2):
            count = dims if kind == 1 else r.varint()
            results = [affine.dim(r.varint()) for _ in range(count)]
        else:
            if r.varint():
                raise r.error("affine maps with symbols are not supported", at)
            results = [self._affine_expr(r, at) for _ in range(r.varint())]
        for e in results:
            if e.kind in ("dim", "floordiv") and e.value >= dims:
                raise r.error(f"affine map of {dims} dimensions uses d{e.value}", at)
        return affine.AffineMapAttr(affine.AffineMap(dims, tuple(results)))

    def _affine_expr(self, r: Reader, at: int) -> affine.AffineExpr:
        """The expressions our IR models: dN, a constant, and dN floordiv K (K > 0)."""
        kind = r.varint()
        if kind == 0:
            return affine.dim(r.varint())
        if kind == 2:
            return affine.const(r.signed_varint())
        if kind == 6:  # FloorDiv
            lhs, rhs = r.varint(), None
            if lhs == 0:
                lhs = r.varint()
                if r.varint() == 2:
                    rhs = r.signed_varint()
            if rhs is not None and rhs > 0:
                return affine.floordiv(lhs, rhs)
        names = {1: "a symbol", 3: "'+'", 4: "'*'", 5: "'mod'", 6: "'floordiv' of other than dN by K > 0",
                 7: "'ceildiv'"}
        raise r.error(f"affine expression with {names.get(kind, f'kind {kind}')} is not supported", at)

    def _string_attr(self, r: Reader) -> str:
        at = r.pos
        s = self.attr(r)
        if not isinstance(s, StringAttr) or not isinstance(s.value, str):  # a name: UTF-8 text
            raise r.error(f"expected a (UTF-8) string attribute, got {s}", at)
        return s.value

    def _location(self, r: Reader) -> Location:
        at = r.pos
        loc = self.attr(r)
        if not isinstance(loc, Location):
            raise r.error(f"expected a location, got {loc}", at)
        return loc

    def _blob(self, r: Reader) -> memoryview:
        return r.bytes(r.varint())

    def _apint(self, r: Reader, width: int) -> int:
        """readAPIntWithKnownWidth: a byte up to 8 bits, a signed varint up to 64, words above."""
        if width <= 8:
            return r.byte() & ((1 << width) - 1)
        if width <= 64:
            return r.signed_varint() & ((1 << width) - 1)
        value = 0
        for k in range(r.varint()):
            value |= (r.signed_varint() & ((1 << 64) - 1)) << (64 * k)
        return value & ((1 << width) - 1)

    def _dtype(self, elem: Type, at: int) -> np.dtype:
        if isinstance(elem, IntegerType) and elem.width not in (1, 8, 16, 32, 64):
            raise self.error(f"dense data of element type {elem} is not supported", at)
        try:
            return numpy_dtype(elem)
        except TypeError:
            raise self.error(f"dense data of element type {elem} is not supported", at) from None

    def _tensor_type(self, r: Reader, at: int) -> RankedTensorType:
        t = self.type(r)
        if not isinstance(t, RankedTensorType) or not t.has_static_shape:
            raise r.error(f"dense elements of type {t} (a static tensor type is needed)", at)
        return t

    def _dense(self, t: RankedTensorType, raw: memoryview, at: int, resource: bool = False) -> DenseElementsAttr:
        """DenseElementsAttr::getFromRawBuffer: one element is a splat; i1 may be bit-packed."""
        elem = t.element_type
        dtype = self._dtype(elem, at)
        n = t.num_elements
        if isinstance(elem, IntegerType) and elem.width == 1:
            raw8 = np.frombuffer(raw, np.uint8)
            if len(raw8) == 1 and n != 1 and raw8[0] in (0, 0xFF):  # MLIR's i1 splat bytes
                return DenseElementsAttr(t, np.array(bool(raw8[0])))
            if len(raw8) == n:
                return DenseElementsAttr(t, (raw8 != 0).reshape(t.shape))
            if len(raw8) == (n + 7) // 8:
                return DenseElementsAttr(t, np.unpackbits(raw8, bitorder="little")[:n].astype(bool).reshape(t.shape))
            raise self.error(f"{len(raw8)} bytes of dense data for {t}", at)
        if len(raw) == dtype.itemsize and n != 1 and not resource:
            return DenseElementsAttr(t, np.frombuffer(raw, dtype).reshape(()).copy())
        if len(raw) != n * dtype.itemsize:
            raise self.error(f"{len(raw)} bytes of dense data for {t} ({n * dtype.itemsize} expected)", at)
        # a view of the file's bytes: no copy of the weights (the reader keeps the buffer alive)
        return DenseElementsAttr(t, np.frombuffer(raw, dtype).reshape(t.shape))

    def _custom_type(self, r: Reader, dialect: str) -> Type:
        at = r.pos
        if dialect != "builtin":
            syntax = DIALECT_TYPES.get(dialect)  # what the dialect registered (quant: dialects/quant/bytecode.py)
            if syntax is None or syntax.read_bytecode is None:
                raise r.error(f"the '{dialect}' dialect's own encoding of a type is not supported")
            return syntax.read_bytecode(self, r)
        code = r.varint()
        if code == 0:
            v = r.varint()
            if v & 3 == 3:
                raise r.error("invalid integer signedness", at)
            return IntegerType(v >> 2, _SIGNEDNESS[v & 3])
        if code == 1:
            return IndexType()
        if code == 2:
            inputs = tuple(self.type(r) for _ in range(r.varint()))
            results = tuple(self.type(r) for _ in range(r.varint()))
            return FunctionType(inputs, results)
        if code in _BUILTIN_FLOATS:
            return FloatType(_BUILTIN_FLOATS[code])
        if code == 9:
            return ComplexType(self.type(r))
        if code == 12:
            return NoneType()
        if code == 13:
            shape = tuple(None if d == DYNAMIC else d for d in (r.signed_varint() for _ in range(r.varint())))
            return RankedTensorType(shape, self.type(r))
        if code == 18:
            return UnrankedTensorType(self.type(r))
        name = _BUILTIN_TYPE_NAMES.get(code, f"code {code}")
        raise r.error(f"builtin type encoding {name} is not supported", at)

    def read_double(self, r: Reader) -> float:
        """An IEEE double (readAPFloatWithKnownSemantics), for a dialect's own encodings."""
        return struct.unpack("<d", self._apint(r, 64).to_bytes(8, "little"))[0]
