"""Builtin MLIR attributes, printed in the syntax upstream MLIR parses.

Dense constants hold numpy arrays (often zero-copy views of a model file);
large ones print as hex so printing never builds per-element strings.
"""
from __future__ import annotations

import functools
import math
import struct
from dataclasses import field
from typing import Iterator

import numpy as np

from ..records import dataclass
from .mapped import release
from .types import (ComplexType, FloatType, IndexType, IntegerType, RankedTensorType, Type,
                    numpy_dtype)


class Attribute:
    def __str__(self) -> str:  # pragma: no cover
        raise NotImplementedError


# Significand bits (with the implicit one) of each float semantics: APFloat's `precision`.
_PRECISION = {"f64": 53, "f32": 24, "f16": 11, "bf16": 8, "f8E4M3FN": 4, "f8E5M2": 3, "f8E4M3FNUZ": 4,
              "f8E5M2FNUZ": 3, "f6E2M3FN": 4, "f6E3M2FN": 3, "f4E2M1FN": 2}


def format_float(value: float, ftype: Type | None = None) -> str:
    """A float as upstream MLIR prints it (AsmPrinter.cpp, printFloatValue), in `ftype`'s semantics
    (f64 when None: the quant types print their double scales so).

    APFloat::toString with 6 digits, `%e`-like (`9.987200e-01`, `2.000000e+00`), when that parses
    back to the same value; else its default string (`2 + precision * 59 / 196` digits, trailing
    zeros dropped, plain or `E` notation) when it has a '.'; else the bits in hex, as for
    infinities and NaNs. APFloat first truncates surplus decimal digits (AdjustToPrecision), so
    0.998 as a double does not survive 6 digits (9.979990e-01) and prints as `0.998`.
    """
    value = float(value)
    name = ftype.name if isinstance(ftype, FloatType) else "f64"
    if not math.isfinite(value):  # (a NaN key would never be found again)
        return _format_float(value, name, ftype)
    # models repeat values (clamp bounds, scales, the constants of each lowered op's body)
    key = (name, value, math.copysign(1.0, value))  # 0.0 == -0.0: the sign apart
    text = _FLOAT_TEXTS.get(key)
    if text is None:
        if len(_FLOAT_TEXTS) >= 1 << 16:
            _FLOAT_TEXTS.clear()
        text = _FLOAT_TEXTS[key] = _format_float(value, name, ftype)
    return text


_FLOAT_TEXTS: dict[tuple, str] = {}


def _format_float(value: float, name: str, ftype) -> str:
    if name == "f32" and math.isfinite(value) and abs(value) <= _F32_MAX:
        value = _F32.unpack(_F32.pack(value))[0]  # as numpy's cast below, without its overhead
    elif name != "f64" and name in _PRECISION:  # the value the type holds (APFloat's, not a double)
        with np.errstate(over="ignore"):
            value = float(np.array([value]).astype(numpy_dtype(ftype))[0])
    if math.isfinite(value):
        text = _apfloat_string(value, 6, scientific_padding=False)
        if _same_in(name, float(text), value):
            return text
        text = _apfloat_string(value, 2 + _PRECISION.get(name, 53) * 59 // 196, scientific_padding=True)
        if "." in text:
            return text
    dtype = numpy_dtype(ftype) if isinstance(ftype, FloatType) else np.dtype(np.float64)  # bf16, f8: ml_dtypes
    bits = np.array([value], dtype=dtype).view(f"u{np.dtype(dtype).itemsize}")[0]
    return f"0x{int(bits):0{np.dtype(dtype).itemsize * 2}X}"


_F32 = struct.Struct("<f")
_F32_MAX = float(np.finfo(np.float32).max)  # struct refuses what numpy rounds to infinity


def _same_in(name: str, parsed: float, value: float) -> bool:
    if name == "f64":
        return parsed == value
    if name == "f32" and abs(parsed) <= _F32_MAX and abs(value) <= _F32_MAX:
        return _F32.pack(parsed) == _F32.pack(value)
    dtype = numpy_dtype(FloatType(name))
    with np.errstate(over="ignore", invalid="ignore"):  # a literal beyond the type is no match
        return np.array([parsed]).astype(dtype).tobytes() == np.array([value]).astype(dtype).tobytes()


def _apfloat_string(value: float, precision: int, scientific_padding: bool) -> str:
    """APFloat::toString(precision, FormatMaxPadding = 3 if `scientific_padding` else 0,
    TruncateZero = scientific_padding) of a finite value."""
    sign = "-" if math.copysign(1.0, value) < 0 else ""
    if value == 0:
        return sign + ("0.0E+0" if scientific_padding else "0." + "0" * precision + "e+00")
    num, den = abs(value).as_integer_ratio()  # den = 2**k
    k = den.bit_length() - 1
    digits_int, exp = (num * 5 ** k, -k) if k else (num, 0)  # value = digits_int * 10**exp
    # AdjustToPrecision: drop surplus decimal digits by truncation
    required = (precision * 196 + 58) // 59
    if digits_int.bit_length() > required:
        removable = (digits_int.bit_length() - required) * 59 // 196
        if removable:
            digits_int //= 10 ** removable
            exp += removable
    digits = str(digits_int)
    stripped = digits.rstrip("0")
    exp += len(digits) - len(stripped)
    digits = stripped
    if len(digits) > precision:  # round half up at `precision` digits
        exp += len(digits) - precision
        up = digits[precision] >= "5"
        digits = str(int(digits[:precision]) + up)
        if len(digits) > precision:  # 999 -> 1000
            digits = digits[:precision]
            exp += 1
        stripped = digits.rstrip("0")
        exp += len(digits) - len(stripped)
        digits = stripped
    n = len(digits)
    if not scientific_padding:
        e = exp + n - 1
        mantissa = digits[0] + "." + digits[1:] + "0" * (precision - (n - 1))
        return f"{sign}{mantissa}e{'+' if e >= 0 else '-'}{abs(e):02d}"
    if exp >= 0:
        scientific = exp > 3 or n + exp > precision
    else:
        scientific = exp + n - 1 < 0 and -(exp + n - 1) > 3
    if scientific:
        e = exp + n - 1
        return f"{sign}{digits[0]}.{digits[1:] or '0'}E{'+' if e >= 0 else '-'}{abs(e)}"
    if exp >= 0:
        return sign + digits + "0" * exp
    whole = exp + n
    if whole > 0:
        return f"{sign}{digits[:whole]}.{digits[whole:]}"
    return f"{sign}0.{'0' * -whole}{digits}"


def escape_string(s: str | bytes) -> str:
    """MLIR string literal as llvm::printEscapedString writes it: printable ASCII as is but for
    a backslash (`\\\\`) and a quote (`\\22`), everything else as \\XX."""
    if isinstance(s, str) and s.isascii() and s.isprintable() and '"' not in s and "\\" not in s:
        return '"' + s + '"'  # most names: no escapes (litert-torch's are 300 characters each)
    data = s.encode("utf-8") if isinstance(s, str) else s
    out = []
    for b in data:
        c = chr(b)
        if c == "\\":
            out.append("\\\\")
        elif c == '"':
            out.append("\\22")
        elif 0x20 <= b < 0x7F:
            out.append(c)
        else:
            out.append(f"\\{b:02X}")
    return '"' + "".join(out) + '"'


@dataclass(frozen=True)
class IntegerAttr(Attribute):
    value: int
    type: Type

    def __str__(self) -> str:
        if isinstance(self.type, IntegerType) and self.type.width == 1:
            return "true" if self.value else "false"
        return f"{int(self.value)} : {self.type}"


def BoolAttr(value: bool) -> IntegerAttr:  # noqa: N802 - MLIR's name
    # the two shared instances (attributes are immutable): tosa.rescale alone takes four per op
    return _TRUE if value else _FALSE


_TRUE, _FALSE = IntegerAttr(1, IntegerType(1)), IntegerAttr(0, IntegerType(1))


@dataclass(frozen=True)
class FloatAttr(Attribute):
    value: float
    type: Type

    def __str__(self) -> str:
        return f"{format_float(self.value, self.type)} : {self.type}"


@dataclass(frozen=True)
class StringAttr(Attribute):
    value: str | bytes  # bytes for binary payloads (metadata), printed with \XX escapes

    def __str__(self) -> str:
        return escape_string(self.value)


@dataclass(frozen=True)
class UnitAttr(Attribute):
    def __str__(self) -> str:
        return "unit"


@dataclass(frozen=True)
class TypeAttr(Attribute):
    value: Type

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class ArrayAttr(Attribute):
    value: tuple

    def __str__(self) -> str:
        return "[" + ", ".join(map(element_str, self.value)) + "]"


def element_str(a: Attribute) -> str:
    """An array element as upstream prints it (AttrTypeElision::May): `1`, not `1 : i64`,
    and `2.5`, not `2.5 : f64`, since the parser gives a bare number those types."""
    if isinstance(a, IntegerAttr) and a.type == IntegerType(64):
        return str(int(a.value))
    if isinstance(a, FloatAttr) and a.type == FloatType("f64"):
        return format_float(a.value, a.type)
    return str(a)


@dataclass(frozen=True)
class DictionaryAttr(Attribute):
    value: tuple  # ((name, Attribute), ...), sorted by name as upstream's DictionaryAttr keeps them

    def __post_init__(self):
        object.__setattr__(self, "value", tuple(sorted(self.value, key=_key)))

    def __str__(self) -> str:
        # Upstream's DictionaryAttr keeps its entries sorted by name, whatever the input order.
        return "{" + ", ".join(format_named_attr(k, v) for k, v in sorted(self.value, key=_key)) + "}"

    def get(self, name: str):
        return dict(self.value).get(name)


def _key(entry: tuple) -> bytes:
    return entry[0].encode()


@dataclass(frozen=True)
class DenseArrayAttr(Attribute):
    """`array<i64: 1, 2>`: a plain list of scalars (TOSA pads, strides...)."""

    element_type: Type
    value: tuple

    def __str__(self) -> str:
        if not self.value:
            return f"array<{self.element_type}>"
        if isinstance(self.element_type, FloatType):
            items = ", ".join(format_float(v, self.element_type) for v in self.value)
        elif isinstance(self.element_type, IntegerType) and self.element_type.width == 1:
            items = ", ".join("true" if v else "false" for v in self.value)
        else:
            items = ", ".join(str(int(v)) for v in self.value)
        return f"array<{self.element_type}: {items}>"


@dataclass(frozen=True)
class SymbolRefAttr(Attribute):
    root: str
    nested: tuple = ()

    def __str__(self) -> str:
        return "::".join(["@" + _symbol(self.root)] + ["@" + _symbol(n) for n in self.nested])


def _symbol(name: str) -> str:
    ok = name and (name[0].isalpha() or name[0] in "_") and all(
        c.isalnum() or c in "_$." for c in name)
    return name if ok else escape_string(name)


@dataclass(frozen=True)
class DialectAttr(Attribute):
    """A dialect attribute kept as text: `#tosa.rounding_mode<DOUBLE_ROUND>`."""

    dialect: str
    mnemonic: str
    body: str

    def __str__(self) -> str:
        return f"#{self.dialect}.{self.mnemonic}<{self.body}>"


@dataclass(frozen=True)
class OpaqueAttr(Attribute):
    """Attribute text we keep verbatim (from the parser, for unknown syntax)."""

    text: str

    def __str__(self) -> str:
        return self.text


# --- dense elements ---------------------------------------------------------

SMALL_DENSE = 64  # above this many elements a constant is compared by identity (and bytecode keeps it a blob)
PRINT_HEX_ABOVE = 100  # above this many elements a non-splat constant prints as hex (mlir-opt's default)
# --mlir-elide-elementsattrs-if-larger=N, while printing (printer.print_module sets it): a non-splat
# constant of more than N elements prints as upstream's placeholder `dense_resource<__elided__>`.
ELIDE_ABOVE: dict[str, int | None] = {"n": None}


@dataclass(frozen=True, eq=False)
class DenseElementsAttr(Attribute):
    """`dense<...> : tensor<...>` backed by a numpy array of the element type.

    `data` has the tensor's shape (or is a 0-d array for a splat). Equality is
    by identity plus a cheap structural check so CSE can merge equal splats.
    """

    type: RankedTensorType
    data: np.ndarray = field(repr=False)

    def __post_init__(self):
        assert isinstance(self.type, RankedTensorType), self.type

    @staticmethod
    def from_array(array: np.ndarray, element_type: Type, shape=None) -> "DenseElementsAttr":
        # a legalization makes ~10 of these per TFLite op: no conversions of what is already right
        if array.__class__ is not np.ndarray:
            array = np.asarray(array)
        shape = array.shape if shape is None else tuple(shape)
        want = numpy_dtype(element_type)
        if array.dtype is not want and array.dtype != want:  # builtin dtypes are shared objects
            array = array.astype(want)
        return DenseElementsAttr(RankedTensorType(shape, element_type), array)

    @staticmethod
    def splat(value, tensor_type: RankedTensorType) -> "DenseElementsAttr":
        return DenseElementsAttr(tensor_type, np.array(value, dtype=numpy_dtype(tensor_type.element_type)))

    @property
    def is_splat(self) -> bool:
        """One value for every element (checked only for small arrays: cheap)."""
        data = self.data
        if data.ndim == 0 or data.size == 1:
            return True
        return 0 < data.size <= SMALL_DENSE and bool(np.all(data == data.reshape(-1)[0]))

    def array(self) -> np.ndarray:
        """The values with the tensor's full shape (a broadcast view for splats)."""
        if self.data.shape == self.type.shape:
            return self.data
        return np.broadcast_to(self.data.reshape(-1)[:1].reshape(()), self.type.shape)

    def _key(self):
        # computed once, as the hash: comparing a constant with every equal one (cse, the
        # unique constants of legalize-tfl) read its bytes each time
        try:
            return self._cmp_key
        except AttributeError:
            if self.data.size <= SMALL_DENSE:
                k = (self.type, self.data.tobytes(), self.data.shape)
            else:
                k = (self.type, id(self.data))
            self.__dict__["_cmp_key"] = k
            return k

    def __eq__(self, other):
        if self is other:
            return True
        if other.__class__ is not DenseElementsAttr and not isinstance(other, DenseElementsAttr):
            return False
        try:
            return self._cmp_key == other._cmp_key
        except AttributeError:
            return self._key() == other._key()

    def __hash__(self):
        # computed once: CSE hashes every constant's key (its bytes and type) per lookup
        try:
            return self._hash
        except AttributeError:
            h = self.__dict__["_hash"] = hash(self._key())
            return h

    def __getstate__(self):  # the cached hash and key are not carried to another process
        state = dict(self.__dict__)
        state.pop("_hash", None)
        state.pop("_cmp_key", None)
        return state

    def __str__(self) -> str:
        return "".join(self.chunks())

    def chunks(self) -> Iterator[str]:
        """The printed form in pieces, so a large constant streams to a file."""
        elem = self.type.element_type
        data = self.data
        if data.size == 0 and self.type.num_elements == 0:
            yield f"dense<> : {self.type}"
            return
        # Upstream stores any attribute whose elements are all equal as a splat, and prints it
        # so (one vectorized comparison, over the array printing would walk anyway).
        if self.is_splat or (data.size > 0 and _all_equal(data)):
            yield f"dense<{_scalar(data[(0,) * data.ndim], elem)}> : {self.type}"
            return
        elide = ELIDE_ABOVE["n"]
        if elide is not None and data.size > elide:
            yield f"dense_resource<__elided__> : {self.type}"
            return
        if data.size <= PRINT_HEX_ABOVE:
            yield f"dense<{_nested(data, elem)}> : {self.type}"
            return
        yield 'dense<"0x'
        digits = np.empty(0, np.uint16)  # two hex digits per byte, reused from piece to piece
        for piece in _contiguous_pieces(data):
            if isinstance(elem, IntegerType) and elem.width == 1:
                piece = piece.astype(np.uint8)
            elif isinstance(elem, IntegerType) and elem.width < 8:
                # one byte per element holding only the element's bits, as MLIR stores it
                # (a sign-extended byte is read back right by MLIR, but not by every consumer)
                piece = piece.view(np.uint8) & np.uint8((1 << elem.width) - 1)
            piece = piece.view(np.uint8)
            if piece.size < 4096:  # a small weight: fewer calls
                yield piece.tobytes().hex().upper()
                continue
            if digits.size < piece.size:
                digits = np.empty(piece.size, np.uint16)
            out = digits[:piece.size]
            # a table lookup writes the upper-case digits in place: half the time of
            # bytes.hex().upper(), which makes and scans a second string
            np.take(_hex_digits(), piece, out=out, mode="clip")
            yield out.tobytes().decode("ascii")
        yield f'"> : {self.type}'


HEX_CHUNK = 1 << 16  # elements per printed piece: bounded memory whatever the constant's size


@functools.cache
def _hex_digits() -> np.ndarray:
    """Byte value -> its two upper-case hex digits, as one uint16 in memory order."""
    return np.frombuffer("".join(f"{i:02X}" for i in range(256)).encode("ascii"), np.uint16)


def _all_equal(data: np.ndarray) -> bool:
    """Whether every element equals the first, as `data == first` says. A large weight
    differs within its first few elements, so those are compared first: the full
    comparison (a boolean array as large as the data) is made only for a constant
    that might be a splat. The first element is indexed, not taken from a reshape,
    which would copy a transposed view whole."""
    first = data[(0,) * data.ndim]
    if data.size > 4096 and not np.all(data.flat[:64] == first):
        return False
    if data.size <= HEX_CHUNK:
        return bool(np.all(data == first))
    # piece by piece: an embedding table whose first row is zeros (a padding token) made a
    # boolean copy of the whole table (32 MB for a 32,000-row int4 one) to find its second row
    return all(np.all(piece == first) for piece in _contiguous_pieces(data, release_pages=False))


def _contiguous_pieces(data: np.ndarray, release_pages: bool = True):
    """The elements of `data` in row-major order, as contiguous 1-D pieces.

    Views (a transposed weight, say) are copied a row or a chunk at a time,
    never whole, so printing a 1 GB constant does not allocate 1 GB. The pages
    of the mapped model under the data are given back as each piece is done
    with (ir/mapped.py: writing a model's weights out would otherwise leave the
    whole file resident).
    """
    yield from _pieces(data, release_pages)
    if release_pages:
        release(data)


def _pieces(data: np.ndarray, release_pages: bool):
    if data.flags.c_contiguous or data.ndim == 0:
        flat = data.reshape(-1)
        for start in range(0, flat.size, HEX_CHUNK):
            piece = flat[start:start + HEX_CHUNK]
            yield piece
            if release_pages:
                release(piece)
    elif data.ndim == 1:
        for start in range(0, data.size, HEX_CHUNK):
            yield np.ascontiguousarray(data[start:start + HEX_CHUNK])
    elif data.ndim == 2 and data.T.flags.c_contiguous and data.shape[1] <= HEX_CHUNK < data.size:
        # A transposed matrix (FULLY_CONNECTED's weights as a view of the mapped file). Its
        # rows are columns of the stored matrix: copied directly, each element read costs a
        # cache line (2-6 s per GB). A band of stored columns is copied first (contiguous
        # runs) and that block transposed in cache. The band is up to 128 columns (a block
        # of at most 16 pieces, cut into pieces after): one piece's worth, 11 columns of a
        # 5,632-unit weight, read each cache line six times and took 3x as long.
        stored = data.T
        band = max(1, min(16 * HEX_CHUNK // data.shape[1], 128))  # rows per block
        for start in range(0, data.shape[0], band):
            block = np.ascontiguousarray(np.ascontiguousarray(stored[:, start:start + band]).T).reshape(-1)
            for k in range(0, block.size, HEX_CHUNK):
                yield block[k:k + HEX_CHUNK]
    elif data[0].size >= HEX_CHUNK:
        for row in data:
            yield from _contiguous_pieces(row, release_pages)  # each row's pages given back when done
    else:  # copy blocks of whole rows: a transposed matrix row by row would be one column a time
        rows = HEX_CHUNK // max(1, data[0].size)
        for start in range(0, len(data), rows):
            yield np.ascontiguousarray(data[start:start + rows]).reshape(-1)


def _scalar(v, elem: Type) -> str:
    if isinstance(elem, IntegerType):
        return ("true" if v else "false") if elem.width == 1 else str(int(v))
    if isinstance(elem, IndexType):
        return str(int(v))
    if isinstance(elem, FloatType):
        return format_float(float(v), elem)
    if isinstance(elem, ComplexType):
        return f"({format_float(v.real, elem.element_type)}, {format_float(v.imag, elem.element_type)})"
    raise TypeError(f"cannot print a {elem} element")


def _nested(data: np.ndarray, elem: Type) -> str:
    if data.ndim == 0:
        return _scalar(data[()], elem)
    return "[" + ", ".join(_nested(row, elem) for row in data) + "]"


@dataclass(frozen=True)
class DenseStringElementsAttr(Attribute):
    """`dense<["a", "b"]> : tensor<2x!tf_type.string>`: strings as raw bytes."""

    type: RankedTensorType
    values: tuple  # of bytes, row-major

    def __str__(self) -> str:
        if len(self.values) == 1 and self.type.num_elements != 1:
            return f"dense<{escape_string(self.values[0])}> : {self.type}"
        flat = [escape_string(v) for v in self.values]
        return f"dense<{nest(flat, self.type.shape)}> : {self.type}"


def nest(flat: list, shape: tuple, brackets: str = "[]") -> str:
    """Row-major items as nested lists of `shape`: `[[a, b], [c, d]]` (or `{{...}}`)."""
    if not shape:
        return flat[0]
    step = len(flat) // shape[0] if shape[0] else 0
    inner = ", ".join(nest(flat[k * step:(k + 1) * step], shape[1:], brackets) for k in range(shape[0]))
    return brackets[0] + inner + brackets[1]


# --- helpers ----------------------------------------------------------------

def format_named_attr(name: str, value: Attribute) -> str:
    key = name if _is_bare_identifier(name) else escape_string(name)
    return key if isinstance(value, UnitAttr) else f"{key} = {value}"


def _is_bare_identifier(name: str) -> bool:
    return bool(name) and (name[0].isalpha() or name[0] == "_") and all(
        c.isalnum() or c in "_$." for c in name)


def i32_attr(v: int) -> IntegerAttr:
    return IntegerAttr(int(v), IntegerType(32))


def f32_attr(v: float) -> FloatAttr:
    return FloatAttr(float(np.float32(v)), FloatType("f32"))

