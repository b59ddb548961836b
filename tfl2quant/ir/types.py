"""Builtin MLIR types: integers, floats, index, tensors, functions.

Types are immutable and hashable; `str(t)` is the MLIR spelling. Dialect types
(`!quant.uniform`, `!tosa.shape`) subclass `Type` in their dialect module, which registers
their syntax here (`register_dialect_types`): the core reads only builtin types.
"""
from __future__ import annotations

import math
from typing import Callable, Optional

import numpy as np

from ..records import dataclass



class Type:
    """Base of every type."""

    # The printer names a long type of this kind `!<asm_alias>N` at the top of the module
    # (OpAsmDialectInterface::getAlias); "" prints it in full at every use.
    asm_alias = ""

    def __str__(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def __getstate__(self):
        # a cached hash (cached_hash) is not carried to another process: str hashes differ there
        state = dict(self.__dict__)
        state.pop("_hash", None)
        return state


def cached_hash(cls):
    """Class decorator for a frozen dataclass type: compute its field-wise hash once.

    Types are not uniqued, and a tensor type's hash walks its shape and element type (a
    per-axis quantized type: every scale) each time a dict or CSE key is looked up; that was
    a tenth of CSE's time. The value is that of the dataclass hash, so equality and dict
    behaviour are unchanged; it is written to the instance dict past the frozen __setattr__.
    """
    compute = cls.__hash__

    def __hash__(self):
        try:  # an attribute read costs less than self.__dict__.get (a third of this call)
            return self._hash
        except AttributeError:
            h = self.__dict__["_hash"] = compute(self)
            return h

    cls.__hash__ = __hash__
    return cls


@dataclass(frozen=True)
class DialectTypes:
    """What a dialect registers for its types (MLIR's Dialect::parseType and the bytecode
    interface's readType); a type prints itself (`str(t)`).

    `parse(parser, tok)` reads the type whose `!ns.mnemonic` token `tok` the TypeParser has
    just consumed, or with `opaque_form` also `!ns<mnemonic<...>>` (`tok` is then `!ns`);
    `read_bytecode(reader, r)` reads the dialect's own encoding of a type from `r`.
    """

    parse: Callable
    read_bytecode: Optional[Callable] = None
    opaque_form: bool = False


DIALECT_TYPES: dict[str, DialectTypes] = {}  # dialect namespace -> its types' syntax


def register_dialect_types(namespace: str, parse: Callable, read_bytecode: Optional[Callable] = None,
                           opaque_form: bool = False) -> None:
    """Called by a dialect module when it loads: `!namespace.*` types are its own."""
    DIALECT_TYPES[namespace] = DialectTypes(parse, read_bytecode, opaque_form)


SIGNLESS, SIGNED, UNSIGNED = "", "s", "u"
MAX_INTEGER_WIDTH = (1 << 24) - 1  # IntegerType::kMaxWidth


class _Uniqued(Type):
    """Base of the element types with a handful of values (i8, f32, index): one instance per
    value, as MLIR uniques types in its context, so that equal means identical and their hash is
    object's, computed in C. A dataclass hash was a Python call per dict lookup of a key that
    holds one: 1.3M of them (a tenth of the hashing) in a 20,000-op convert, through tensor
    types, integer attributes and CSE keys (benchmarks/synthetic.py)."""

    __hash__ = object.__hash__

    def __eq__(self, other):
        if self is other:
            return True
        return False if type(other) is type(self) else NotImplemented

    def __reduce__(self):  # copies and pickles come back as the unique instance
        return (type(self), tuple(getattr(self, f) for f in self.__dataclass_fields__))


def _uniqued(cls):
    """Class decorator for a frozen dataclass under _Uniqued: construction returns the instance
    made for equal fields. Not its own __init__: the dataclass one would write the fields of a
    shared instance again, as the caller spelled them (a numpy integer width)."""
    instances: dict = {}  # field values -> the instance
    by_args: dict = {}  # positional arguments -> the instance, the usual call
    init = cls.__init__
    names = tuple(cls.__dataclass_fields__)

    def __new__(klass, *args, **kwargs):
        if not kwargs:
            t = by_args.get(args)
            if t is not None:
                return t
        fresh = object.__new__(klass)
        init(fresh, *args, **kwargs)
        t = instances.setdefault(tuple(getattr(fresh, n) for n in names), fresh)
        if not kwargs:
            by_args[args] = t
        return t

    def __init__(self, *args, **kwargs):
        pass

    cls.__new__ = __new__
    cls.__init__ = __init__
    cls.__eq__ = _Uniqued.__eq__
    cls.__hash__ = _Uniqued.__hash__
    return cls


@_uniqued
@dataclass(frozen=True)
class IntegerType(_Uniqued):
    width: int
    signedness: str = SIGNLESS

    def __str__(self) -> str:
        return f"{self.signedness}i{self.width}"

    @property
    def is_signless(self) -> bool:
        return self.signedness == SIGNLESS


@_uniqued
@dataclass(frozen=True)
class FloatType(_Uniqued):
    name: str  # a FLOAT_WIDTHS key: "f16", "bf16", "f32", "f64", the 8-, 6- and 4-bit formats

    def __str__(self) -> str:
        return self.name

    @property
    def width(self) -> int:
        return FLOAT_WIDTHS[self.name]


FLOAT_WIDTHS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "f8E4M3FN": 8, "f8E5M2": 8, "f8E4M3FNUZ": 8,
                "f8E5M2FNUZ": 8, "f6E2M3FN": 6, "f6E3M2FN": 6, "f4E2M1FN": 4}
# The numpy types (ml_dtypes) of the floats numpy lacks; each holds one value per byte, as MLIR's
# dense attributes store the sub-byte ones.
ML_DTYPES = {"bf16": "bfloat16", "f8E4M3FN": "float8_e4m3fn", "f8E5M2": "float8_e5m2",
             "f8E4M3FNUZ": "float8_e4m3fnuz", "f8E5M2FNUZ": "float8_e5m2fnuz", "f6E2M3FN": "float6_e2m3fn",
             "f6E3M2FN": "float6_e3m2fn", "f4E2M1FN": "float4_e2m1fn"}


@_uniqued
@dataclass(frozen=True)
class IndexType(_Uniqued):
    def __str__(self) -> str:
        return "index"


@dataclass(frozen=True)
class NoneType(Type):
    def __str__(self) -> str:
        return "none"


@dataclass(frozen=True)
class ComplexType(Type):
    element_type: Type

    def __str__(self) -> str:
        return f"complex<{self.element_type}>"


@dataclass(frozen=True)
class OpaqueType(Type):
    """A type of a dialect we do not model, e.g. `!tf_type.string`."""

    dialect: str
    body: str

    def __str__(self) -> str:
        return f"!{self.dialect}.{self.body}"


class ShapedType(Type):
    element_type: Type


@cached_hash
@dataclass(frozen=True)
class RankedTensorType(ShapedType):
    """`tensor<2x?x3xf32>`; a dynamic dimension is `None`."""

    shape: tuple
    element_type: Type

    def __str__(self) -> str:
        dims = "".join(("?" if d is None else str(d)) + "x" for d in self.shape)
        return f"tensor<{dims}{self.element_type}>"

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def has_static_shape(self) -> bool:
        return all(d is not None for d in self.shape)

    @property
    def num_elements(self) -> Optional[int]:
        if not self.has_static_shape:
            return None
        return math.prod(self.shape)

    def with_element_type(self, element_type: Type) -> "RankedTensorType":
        return RankedTensorType(self.shape, element_type)


@cached_hash
@dataclass(frozen=True)
class UnrankedTensorType(ShapedType):
    element_type: Type

    def __str__(self) -> str:
        return f"tensor<*x{self.element_type}>"

    def with_element_type(self, element_type: Type) -> "UnrankedTensorType":
        return UnrankedTensorType(element_type)


@cached_hash
@dataclass(frozen=True)
class FunctionType(Type):
    inputs: tuple
    results: tuple

    def __str__(self) -> str:
        ins = ", ".join(map(str, self.inputs))
        if len(self.results) == 1 and not isinstance(self.results[0], FunctionType):
            return f"({ins}) -> {self.results[0]}"
        return f"({ins}) -> ({', '.join(map(str, self.results))})"


def i(width: int) -> IntegerType:
    return IntegerType(width)


i1, i4, i8, i16, i32, i64 = (IntegerType(w) for w in (1, 4, 8, 16, 32, 64))
f16, bf16, f32, f64 = (FloatType(n) for n in ("f16", "bf16", "f32", "f64"))
index = IndexType()


def tensor(shape, element_type: Type) -> RankedTensorType:
    return RankedTensorType(tuple(shape), element_type)


def element_type(t: Type) -> Type:
    """The element type of a tensor, or the type itself for a scalar."""
    return t.element_type if isinstance(t, ShapedType) else t


def with_element_type(t: Type, element: Type) -> Type:
    """`t` with its element type replaced (scalars are replaced outright)."""
    return t.with_element_type(element) if isinstance(t, ShapedType) else element


def numpy_dtype(t: Type) -> np.dtype:
    """The numpy container for values of element type `t`.

    Signless and signed integers use signed containers, unsigned ones unsigned
    containers; sub-byte integers use the next byte-sized container (as MLIR's
    dense attributes do).
    """
    if t.__class__ in _UNIQUED:  # hashed by identity: a cache lookup costs less than the tests below
        dtype = _DTYPES.get(t)
        if dtype is None:
            dtype = _DTYPES[t] = _numpy_dtype(t)
        return dtype
    return _numpy_dtype(t)


_UNIQUED = frozenset({IntegerType, FloatType, IndexType})
_DTYPES: dict = {}


def _numpy_dtype(t: Type) -> np.dtype:
    if isinstance(t, IntegerType):
        if t.width == 1:
            return np.dtype(np.bool_)
        bits = 8 if t.width <= 8 else 16 if t.width <= 16 else 32 if t.width <= 32 else 64
        kind = "u" if t.signedness == UNSIGNED else "i"
        return np.dtype(f"{kind}{bits // 8}")
    if isinstance(t, FloatType):
        if t.name in ("f16", "f32", "f64"):
            return np.dtype({"f16": np.float16, "f32": np.float32, "f64": np.float64}[t.name])
        try:  # bf16 and f8 numpy dtypes: imported on first use (10 ms that most models never need)
            import ml_dtypes
        except ImportError:  # pragma: no cover
            raise TypeError(f"{t} needs the ml_dtypes package") from None
        return np.dtype(getattr(ml_dtypes, ML_DTYPES[t.name]))
    if isinstance(t, IndexType):
        return np.dtype(np.int64)
    if isinstance(t, ComplexType):
        return np.dtype(np.complex64 if str(t.element_type) == "f32" else np.complex128)
    storage = getattr(t, "storage_type", None)  # quantized types hold their storage
    if storage is not None:
        return numpy_dtype(storage)
    raise TypeError(f"no numpy container for {t}")


def integer_range(t: IntegerType, signed: bool = True) -> tuple[int, int]:
    """(min, max) of `t` read as signed (default) or unsigned."""
    if t.width == 1:
        return (0, 1) if not signed else (-1, 0)
    if signed and t.signedness != UNSIGNED:
        return -(1 << (t.width - 1)), (1 << (t.width - 1)) - 1
    return 0, (1 << t.width) - 1
