"""`!quant.uniform`: per-layer, per-axis and sub-channel (blockwise) forms.

Syntax and invariants follow the two RFCs (docs/quant-dialect.md) and upstream
MLIR's `QuantTypes.cpp`:

    !quant.uniform<i8<-8:7>:f32, 2.0:10>                      per-layer
    !quant.uniform<u16:f32:1, {2.0:10, 3.0}>                  per-axis, axis 1
    !quant.uniform<i8:f32:{0:1, 1:2}, {{2.0:1, 3.0}, ...}>    sub-channel

`verify()` checks what the type alone can check; the rules that need the
containing tensor (per-axis integrity, block sizes vs shape) are in
`verify_in_tensor()`, which the quant ops call.
"""
from __future__ import annotations

import dataclasses
import math

import numpy as np

from ...errors import VerificationError
from ...ir.attributes import format_float, nest
from ...ir.types import FloatType, IntegerType, RankedTensorType, Type, UnrankedTensorType, cached_hash, numpy_dtype
from ...records import dataclass

MAX_STORAGE_BITS = 32
# `tfl2quant opt --quant-strict-zero-points`: reject zero points outside the storage type's range
# (the RFC's rule); off by default, as upstream accepts them.
STRICT_ZERO_POINTS = {"on": False}
# Sub-channel types in unranked tensors: the sub-channel RFC lowers them (its case 2), upstream's
# ops reject them. `tfl2quant opt` follows upstream unless --quant-unranked-sub-channel; the Python
# API (the tests of the RFC's lowering) accepts them.
UNRANKED_SUB_CHANNEL = {"on": True}
# `tfl2quant opt --quant-mx-scales`: a sub-channel type with float storage is an MX type (OCP
# Microscaling Formats v1.0: a block shares one E8M0 scale, a power of two in [2^-127, 2^127], and
# has no zero point). Today's syntax has no way to say so in the type itself (the sub-channel RFC
# leaves the scales' element type to a later extension), so the check is the module's choice.
MX_SCALES = {"on": False}

# Above this many scales or zero points, a type's parameters are checked as one array.
_CHECK_IN_NUMPY_ABOVE = 16


def first_outside(values, lo: int, hi: int):
    """The first of the integers `values` outside [lo, hi], or None. Thousands of them (a
    large weight's channels or blocks) are checked as one array; the loop then runs only to
    name the culprit (or for integers beyond int64, which `opt` may parse)."""
    if len(values) > _CHECK_IN_NUMPY_ABOVE:
        try:
            a = np.asarray(values)
        except OverflowError:
            a = None
        if a is not None and a.dtype.kind in "iu" and lo <= a.min() and a.max() <= hi:
            return None
    return next((z for z in values if not lo <= z <= hi), None)

# Scales must lie in the expressed type's positive range (upstream's check):
# [smallest subnormal, largest finite].
_SCALE_RANGE = {
    "f16": (2.0 ** -24, 65504.0),
    "bf16": (2.0 ** -133, 3.3895313892515355e38),
    "f32": (2.0 ** -149, 3.4028234663852886e38),
    "f64": (5e-324, 1.7976931348623157e308),
    "f8E4M3FN": (2.0 ** -9, 448.0),
    "f8E5M2": (2.0 ** -16, 57344.0),
}


@dataclass(frozen=True)
class FloatFormat:
    """A float storage type's facts, from its definition in mlir/include/mlir/IR/BuiltinTypes.td
    (ml_dtypes' finfo agrees: tests/passes/test_float_storage.py)."""

    width: int
    largest: float   # the largest finite value
    nan: bool        # has a NaN encoding (the FNUZ types: only 0x80)
    inf: bool
    upstream: bool   # upstream's quant dialect takes it as storage (QuantStorageTypeInterface)

    @property
    def bound(self) -> int:
        """The default storage range is -bound:bound, integers as upstream's (TypeParser.cpp reads
        `<min:max>` as integers): the largest finite value, rounded up where it is no integer
        (f6E2M3FN's 7.5), so that any integer bound below it narrows the range."""
        return math.ceil(self.largest)


# Upstream implements QuantStorageTypeInterface on f8E5M2, f8E4M3FN and f4E2M1FN (its tests:
# f8E5M2<-57344:57344>, f8E4M3FN<-448:448>, f4E2M1FN<-6:6> print as the bare storage type);
# iree-opt 3.13 refuses the others ("illegal storage type prefix"), which tfl2quant adds.
FLOAT_STORAGE = {
    "f8E5M2": FloatFormat(8, 57344.0, nan=True, inf=True, upstream=True),
    "f8E4M3FN": FloatFormat(8, 448.0, nan=True, inf=False, upstream=True),
    "f4E2M1FN": FloatFormat(4, 6.0, nan=False, inf=False, upstream=True),
    "f8E4M3FNUZ": FloatFormat(8, 240.0, nan=True, inf=False, upstream=False),
    "f8E5M2FNUZ": FloatFormat(8, 57344.0, nan=True, inf=False, upstream=False),
    "f6E2M3FN": FloatFormat(6, 7.5, nan=False, inf=False, upstream=False),
    "f6E3M2FN": FloatFormat(6, 28.0, nan=False, inf=False, upstream=False),
}


def scale_range_error(scale: float, expressed: Type) -> str | None:
    """Upstream's range check of a scale, in its parser's wording (TypeParser.cpp,
    isScaleInExpressedTypeRange: numbers as C's %e prints them), which names the scale; the
    type's verifier says it too (upstream's leaves the scale out). Unlike upstream, a NaN scale
    is out of range. None for an expressed type that is no float: the verifier says so."""
    if not isinstance(expressed, FloatType) or expressed.name not in _SCALE_RANGE:
        return None
    lo, hi = _SCALE_RANGE[expressed.name]
    if math.isfinite(scale) and lo <= scale <= hi:
        return None
    return f"scale {scale:e} out of expressed type range [{lo:e}, {hi:e}]"


def wrap_to_storage_width(value: int, width: int, signed: bool) -> int:
    """`value` as upstream keeps a sub-channel zero point: an element of a tensor of the storage
    integer type, so the low `width` bits (`!quant.uniform<i8:f32:{0:1}, {2.0:256}>` has zero
    point 0; per-layer and per-axis zero points are int64 there and stay as written)."""
    value &= (1 << width) - 1
    return value - (1 << width) if signed and value >> (width - 1) else value


def default_storage_range(width: int, signed: bool, storage_float: str = "") -> tuple[int, int]:
    if storage_float:
        return -FLOAT_STORAGE[storage_float].bound, FLOAT_STORAGE[storage_float].bound
    if signed:
        return -(1 << (width - 1)), (1 << (width - 1)) - 1
    return 0, (1 << width) - 1


@dataclass(frozen=True)
class QuantizedType(Type):
    storage_width: int
    is_signed: bool
    expressed_type: Type
    storage_type_min: int
    storage_type_max: int
    # `ui8`/`si8` as written (upstream prints the storage type as spelled); "" prints `u8`/`i8`.
    # Not part of the type's identity here: ui8 and u8 storage hold the same values.
    storage_spelling: str = dataclasses.field(default="", compare=False, kw_only=True)
    # A float storage type (a FLOAT_STORAGE key), "" for integer storage.
    storage_float: str = dataclasses.field(default="", kw_only=True)
    asm_alias = "q"  # the printer's `!q0 = !quant.uniform<...>` for a long one

    # --- storage ----------------------------------------------------------------
    @property
    def storage_type(self) -> Type:
        """The signless integer (or the float storage type) that `quant.scast` converts to and from."""
        return FloatType(self.storage_float) if self.storage_float else IntegerType(self.storage_width)

    @property
    def storage_type_range(self) -> tuple[int, int]:
        return default_storage_range(self.storage_width, self.is_signed, self.storage_float)

    @property
    def has_storage_type_bounds(self) -> bool:
        return (self.storage_type_min, self.storage_type_max) != self.storage_type_range

    def _storage_str(self) -> str:
        s = _storage_name(self)
        if self.has_storage_type_bounds:
            s += f"<{self.storage_type_min}:{self.storage_type_max}>"
        return s

    # --- verification -------------------------------------------------------------
    def verify(self) -> None:
        """Raise VerificationError (without location) if the type is invalid."""
        key = (self, STRICT_ZERO_POINTS["on"], MX_SCALES["on"])  # valid by default may be invalid under a rule
        if key in _VERIFIED:  # a per-axis type has a scale per channel; each op using it asks again
            return
        self._verify()
        _VERIFIED.add(key)

    def _verify(self) -> None:
        if not 0 < self.storage_width <= MAX_STORAGE_BITS:
            raise VerificationError(
                f"illegal storage type size: {self.storage_width}; expected 1 to {MAX_STORAGE_BITS} bits")
        lo, hi = self.storage_type_range
        if (self.storage_type_max - self.storage_type_min <= 0 or self.storage_type_min < lo
                or self.storage_type_max > hi):
            raise VerificationError(
                f"illegal storage min and storage max: ({self.storage_type_min}:"
                f"{self.storage_type_max}); expected min < max within [{lo}, {hi}]")
        if not isinstance(self.expressed_type, FloatType) or self.expressed_type.name not in _SCALE_RANGE:
            raise VerificationError(
                f"expressed type must be floating point, got {self.expressed_type}")
        scales = self.scales_flat()
        if len(scales) > _CHECK_IN_NUMPY_ABOVE:  # a weight with thousands of channels: one array check
            lo, hi = _SCALE_RANGE[self.expressed_type.name]
            a = np.array(scales, dtype=np.float64)
            fits = np.isfinite(a) & (a >= lo) & (a <= hi)
            scales = () if fits.all() else (scales[int(np.argmin(fits))],)
        for s in scales:
            self._verify_scale(s)
        if STRICT_ZERO_POINTS["on"]:
            error = self.zero_point_range_error()
            if error:
                raise VerificationError(error)
        if MX_SCALES["on"] and isinstance(self, UniformQuantizedSubChannelType) and self.storage_float:
            error = mx_error(self)
            if error:
                raise VerificationError(error)

    def zero_point_range_error(self) -> str | None:
        """The RFC's rule ("zeroPoint: Optional integer value of type storageType"), which upstream
        does not check (its own tests hold `!quant.uniform<i8:f32, 2.0:128>`): an opt-in check."""
        lo, hi = self.storage_type_range
        z = first_outside(self.zero_points_flat(), lo, hi)
        if z is not None:
            return f"zero point {z} out of the range [{lo}, {hi}] of storage type {self._storage_str()}"
        return None

    def _verify_scale(self, scale: float) -> None:
        error = scale_range_error(scale, self.expressed_type)
        if error:
            raise VerificationError(error)

    def verify_in_tensor(self, container: Type) -> None:
        """Rules that need the containing type; per-layer types have none."""

    # --- per-element parameters ---------------------------------------------------
    def scales_flat(self) -> tuple:
        raise NotImplementedError

    def zero_points_flat(self) -> tuple:
        raise NotImplementedError

    def scale_array(self, shape: tuple) -> np.ndarray:
        """Scales broadcastable against a tensor of `shape` (float64)."""
        raise NotImplementedError

    def zero_point_array(self, shape: tuple) -> np.ndarray:
        raise NotImplementedError


# types that passed `verify` (frozen, hashable): verification is a function of the type alone
_VERIFIED: set = set()

# Above this many, a sub-channel type's scales and zero points are a ParamArray, else a tuple.
PARAM_ARRAY_ABOVE = 4096


class ParamArray:
    """Many scales or zero points as one read-only numpy array, standing for the tuple of the
    Python numbers it holds (`float(a[k])` or `int(a[k])`: an fp16 array's values are its
    doubles), each 0 read as `zero_as` if given. A generative model's int4 weights have
    millions of block scales: as a tuple of Python floats they took 32 bytes and a fraction of
    a microsecond each to build, and a second copy to read back as an array; here the
    importer's array is the model's fp16 tensor itself, a view of the mapped file, and its zero
    scales (all-zero blocks) read as FLT_MIN without a copy.

    It compares equal to a sequence of the same values; its hash is its own (its length and a
    few values), so a type keeps its parameters in one form by their count (`_params_form`),
    and equal types hash alike."""

    __slots__ = ("array", "zero_as", "_hash")

    def __init__(self, array: np.ndarray, zero_as: float | None = None):
        self.array = array.reshape(-1).view()
        self.array.flags.writeable = False  # the type's values: a caller's np.asarray may not write them
        self.zero_as = zero_as

    def _values(self, part: np.ndarray) -> np.ndarray:
        return part if self.zero_as is None else np.where(part == 0, self.zero_as, part.astype(np.float64))

    def __len__(self) -> int:
        return self.array.size

    def __getitem__(self, k):
        if isinstance(k, slice):
            return tuple(self._values(self.array[k]).tolist())
        return self._values(self.array[k]).item()

    def __iter__(self):
        for start in range(0, self.array.size, 1 << 16):  # bounded memory whatever the count
            yield from self._values(self.array[start:start + (1 << 16)]).tolist()

    def __array__(self, dtype=None, copy=None):
        a = self._values(self.array)
        a = a if dtype is None else a.astype(dtype, copy=False)
        return a.copy() if copy and a is self.array else a

    def __eq__(self, other) -> bool:
        if not isinstance(other, (ParamArray, tuple, list, np.ndarray)):
            return NotImplemented
        return len(self) == len(other) and bool(np.array_equal(np.asarray(self), np.asarray(other)))

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            self._hash = hash((len(self), self[:8], self[-8:]))
            return self._hash

    def __repr__(self) -> str:
        return f"ParamArray({self.array!r}, zero_as={self.zero_as!r})"


def any_nonzero(values) -> bool:
    """Whether any of a type's scales or zero points is not 0: `any(values)`, a ParamArray's
    millions tested as one array (any() walked them one Python number at a time: 1.5 s for a
    300M-parameter int4 model's verification)."""
    if isinstance(values, ParamArray):
        return bool(np.any(values.array if values.zero_as is None else np.asarray(values)))
    return any(values)


def _params_form(values, dtype) -> tuple | ParamArray:
    """`values` as a sub-channel type keeps them: a ParamArray above PARAM_ARRAY_ABOVE, a tuple
    at or below."""
    if len(values) > PARAM_ARRAY_ABOVE:
        return values if isinstance(values, ParamArray) else ParamArray(np.asarray(values, dtype))
    return tuple(values) if isinstance(values, ParamArray) else values


@cached_hash
@dataclass(frozen=True)
class UniformQuantizedType(QuantizedType):
    scale: float
    zero_point: int

    def __str__(self) -> str:
        return (f"!quant.uniform<{self._storage_str()}:{self.expressed_type}, "
                f"{_params(self.scale, self.zero_point)}>")

    def scales_flat(self) -> tuple:
        return (self.scale,)

    def zero_points_flat(self) -> tuple:
        return (self.zero_point,)

    def scale_array(self, shape):
        return np.float64(self.scale)

    def zero_point_array(self, shape):
        return np.int64(self.zero_point)


@cached_hash
@dataclass(frozen=True)
class UniformQuantizedPerAxisType(QuantizedType):
    scales: tuple
    zero_points: tuple
    quantized_dimension: int

    def __str__(self) -> str:
        # upstream's separator is a bare ',' here (", " in the sub-channel form)
        params = ",".join(_params(s, z) for s, z in zip(self.scales, self.zero_points))
        return (f"!quant.uniform<{self._storage_str()}:{self.expressed_type}:"
                f"{self.quantized_dimension}, {{{params}}}>")

    def scales_flat(self) -> tuple:
        return self.scales

    def zero_points_flat(self) -> tuple:
        return self.zero_points

    def verify(self) -> None:
        if self.quantized_dimension < 0:
            raise VerificationError(
                f"illegal quantized dimension: {self.quantized_dimension}; expected a dimension >= 0")
        if len(self.scales) != len(self.zero_points) or not self.scales:
            raise VerificationError(
                f"illegal number of scales and zeroPoints: {len(self.scales)}, {len(self.zero_points)}; "
                f"expected at least one scale, and one zero point per scale")
        super().verify()

    def verify_in_tensor(self, container: Type) -> None:
        """The RFC's per-axis integrity rules."""
        if isinstance(container, UnrankedTensorType):
            return
        if not isinstance(container, RankedTensorType):
            raise VerificationError(
                "scalar types may not use per-axis quantization")
        axis = self.quantized_dimension
        if container.rank <= axis:
            raise VerificationError(
                f"quantized dimension must be less than tensor rank: axis {axis}, rank {container.rank}")
        size = container.shape[axis]
        if size is not None and size != len(self.scales):
            raise VerificationError(
                f"quantized dimension size does not match number of scales: dimension {axis} "
                f"has size {size}, the type has {len(self.scales)} scales")

    def _axis_shape(self, shape):
        out = [1] * len(shape)
        out[self.quantized_dimension] = len(self.scales)
        return out

    def scale_array(self, shape):
        return np.asarray(self.scales, np.float64).reshape(self._axis_shape(shape))

    def zero_point_array(self, shape):
        return np.asarray(self.zero_points, np.int64).reshape(self._axis_shape(shape))


@cached_hash
@dataclass(frozen=True)
class UniformQuantizedSubChannelType(QuantizedType):
    """Blockwise: `scales`/`zero_points` are flat, row-major, of shape `params_shape`."""

    quantized_dimensions: tuple
    block_sizes: tuple
    params_shape: tuple
    scales: tuple | ParamArray
    zero_points: tuple | ParamArray

    def __post_init__(self):
        object.__setattr__(self, "scales", _params_form(self.scales, np.float64))
        object.__setattr__(self, "zero_points", _params_form(self.zero_points, np.int64))

    def __str__(self) -> str:
        blocks = ", ".join(f"{d}:{b}" for d, b in zip(self.quantized_dimensions, self.block_sizes))
        # Upstream keeps sub-channel scales as a dense attribute of the expressed type and
        # prints them in its semantics, sometimes as hex (0x4BABCB3D) or with 7 digits below
        # f16's least scale (5.960460e-08), which its own parser, reading a double, then
        # rejects (tests/dialects/test_quant_differential.py). We print the double's digits, which
        # both read back as the same scale.
        flat = [_params(s, z) for s, z in zip(self.scales, self.zero_points)]
        return (f"!quant.uniform<{self._storage_str()}:{self.expressed_type}:{{{blocks}}}, "
                f"{nest(flat, self.params_shape, '{}')}>")

    def scales_flat(self) -> tuple:
        return self.scales

    def zero_points_flat(self) -> tuple:
        return self.zero_points

    def verify(self) -> None:
        for b in self.block_sizes:
            if b <= 0:
                raise VerificationError(f"illegal block size: {b}; expected a block size >= 1")
        for d in self.quantized_dimensions:
            if d < 0:
                raise VerificationError(f"illegal quantized dimension: {d}; expected a dimension >= 0")
        if len(set(self.quantized_dimensions)) != len(self.quantized_dimensions):
            raise VerificationError(
                f"quantized dimensions must be distinct, got {list(self.quantized_dimensions)}")
        if int(np.prod(self.params_shape, dtype=np.int64)) != len(self.scales) or not self.scales:
            raise VerificationError("illegal number of scales: 0; expected at least one scale")
        super().verify()

    def with_scales_in_expressed_type(self) -> "UniformQuantizedSubChannelType":
        """The type with its scales rounded to the expressed type.

        The sub-channel RFC makes the scales a tensor of the expressed type
        ("element_type(scales...) = expressed_type"), as upstream stores them:
        `{0.1}` in an f16 type is the f16 nearest 0.1. Call after verify(), which
        checks the range on the value as written (upstream's order).
        """
        rounded = np.asarray(self.scales, np.float64).astype(numpy_dtype(self.expressed_type))
        return dataclasses.replace(self, scales=tuple(rounded.astype(np.float64).tolist()))

    def verify_in_tensor(self, container: Type) -> None:
        """Upstream's checks, in its order and wording (QuantOps.cpp, verifySubChannelQuantization).
        They hold the sub-channel RFC's constraints for a ranked container: a block size divides
        its static dimension (so is at most its size, no dimension being 0), and the scales have
        one entry per block, one for a dimension without a block size."""
        if isinstance(container, UnrankedTensorType):
            if UNRANKED_SUB_CHANNEL["on"]:
                return self._verify_unranked_params()
            # upstream's wording (QuantOps.cpp, verifySubChannelQuantization)
            raise VerificationError("tensor containing the sub-channel quantized type must be ranked")
        if not isinstance(container, RankedTensorType):
            raise VerificationError("scalar types may not use sub-channel quantization")
        rank, shape = container.rank, container.shape
        expected: list = [1] * rank  # None: a dynamic dimension, any number of blocks
        for d, b in zip(self.quantized_dimensions, self.block_sizes):
            if d >= rank:
                raise VerificationError(f"quantized dimension {d} must be less than tensor rank {rank}")
            if shape[d] is not None and shape[d] % b:
                raise VerificationError(f"tensor dimension size {shape[d]} at axis {d} must be divisible "
                                        f"by the corresponding block size {b}")
            expected[d] = None if shape[d] is None else shape[d] // b
        if 0 in shape:
            raise VerificationError("tensor dimension size of zero is not allowed with sub-channel quantization")
        if len(self.params_shape) != rank:
            raise VerificationError(
                f"Rank of scales {len(self.params_shape)} must match the rank of the tensor {rank}")
        for axis, (want, have) in enumerate(zip(expected, self.params_shape)):
            if want is not None and want != have:
                # upstream's message names the expected size twice; the size found follows it
                raise VerificationError(
                    f"dimension size {want} of scales tensor at axis {axis} should match (tensor dimension "
                    f"at axis / block sizes at axis) = {want}; the scales have {have}")

    def _verify_unranked_params(self) -> None:
        """The parameters' shape an unranked lowering can read (the sub-channel RFC's case 2): one
        extent per dimension up to the last quantized one or beyond, with 1 along each dimension
        without a block size, or one extent per quantized dimension (the compact form)."""
        dims = self.quantized_dimensions
        if dims and len(self.params_shape) > max(dims):
            for axis, blocks in enumerate(self.params_shape):
                if axis not in dims and blocks != 1:
                    raise VerificationError(
                        f"dimension {axis} has no block size, so it must have 1 scale, got {blocks}")
        elif len(self.params_shape) != len(dims):
            raise VerificationError(
                f"rank of scales {len(self.params_shape)} must be more than the largest quantized dimension "
                f"{max(dims, default=-1)}, or the number of quantized dimensions {len(dims)}")

    def scale_array(self, shape):
        return _expand_blocks(np.asarray(self.scales, np.float64).reshape(self.params_shape), self, shape)

    def zero_point_array(self, shape):
        return _expand_blocks(np.asarray(self.zero_points, np.int64).reshape(self.params_shape), self, shape)


def _expand_blocks(params: np.ndarray, qtype: UniformQuantizedSubChannelType, shape) -> np.ndarray:
    """Repeat each block's parameter over its block (whole-array, no loops over data)."""
    for d, b in zip(qtype.quantized_dimensions, qtype.block_sizes):
        params = np.repeat(params, b, axis=d)
    return params


def _storage_name(t) -> str:
    """The storage type as upstream prints it: `f8E4M3FN`, `ui8` as written, else `i8`/`u8`."""
    return t.storage_float or t.storage_spelling or f"{'i' if t.is_signed else 'u'}{t.storage_width}"


def e8m0_exponent(scale: float) -> int | None:
    """k where `scale` is 2^k with -127 <= k <= 127 (a value of E8M0, the MX scale type), else None."""
    mantissa, exponent = math.frexp(scale)  # scale = mantissa * 2^exponent, 0.5 <= mantissa < 1
    return exponent - 1 if mantissa == 0.5 and -127 <= exponent - 1 <= 127 else None


def mx_error(t: "UniformQuantizedSubChannelType") -> str | None:
    """Why `t` is no MX type (--quant-mx-scales), or None."""
    for s in t.scales:
        if e8m0_exponent(s) is None:
            return (f"scale {format_float(s)} is not a power of two in [2^-127, 2^127]: an MX type's scales "
                    f"are E8M0 (--quant-mx-scales)")
    z = next((z for z in t.zero_points if z), None)
    if z is not None:
        return f"zero point {z} is not 0: an MX type has no zero points (--quant-mx-scales)"
    return None


def _params(scale: float, zero_point: int, ftype=None) -> str:
    s = format_float(scale, ftype)
    return f"{s}:{zero_point}" if zero_point else s


# --- constructors -------------------------------------------------------------

def uniform(storage: str, expressed: Type, scale: float, zero_point: int = 0,
            storage_min: int | None = None, storage_max: int | None = None) -> UniformQuantizedType:
    """`uniform("i8", f32, 0.5, -3)` is `!quant.uniform<i8:f32, 0.5:-3>`."""
    signed, width, lo, hi = _storage(storage, storage_min, storage_max)
    return UniformQuantizedType(width, signed, expressed, lo, hi, float(scale), int(zero_point))


def per_axis(storage: str, expressed: Type, axis: int, scales, zero_points=None,
             storage_min: int | None = None, storage_max: int | None = None) -> UniformQuantizedPerAxisType:
    signed, width, lo, hi = _storage(storage, storage_min, storage_max)
    scales = tuple(float(s) for s in scales)
    zps = tuple(int(z) for z in zero_points) if zero_points is not None else (0,) * len(scales)
    return UniformQuantizedPerAxisType(width, signed, expressed, lo, hi, scales, zps, int(axis))


def sub_channel(storage: str, expressed: Type, blocks: dict, scales: np.ndarray, zero_points=None,
                storage_min: int | None = None, storage_max: int | None = None
                ) -> UniformQuantizedSubChannelType:
    """`blocks` maps dimension -> block size; `scales` has the parameter shape."""
    signed, width, lo, hi = _storage(storage, storage_min, storage_max)
    scales = np.asarray(scales, np.float64)
    zps = np.zeros(scales.shape, np.int64) if zero_points is None else np.asarray(zero_points, np.int64)
    return UniformQuantizedSubChannelType(
        width, signed, expressed, lo, hi, tuple(blocks), tuple(blocks.values()), tuple(scales.shape),
        tuple(scales.reshape(-1).tolist()), tuple(zps.reshape(-1).tolist()))


def _storage(spec: str, lo, hi):
    signed, width = spec[0] == "i", int(spec[1:])
    dlo, dhi = default_storage_range(width, signed)
    return signed, width, dlo if lo is None else lo, dhi if hi is None else hi


def quantized_element_type(t: Type) -> QuantizedType | None:
    """The quantized element type of `t` (scalar or tensor), if any."""
    e = getattr(t, "element_type", t)
    return e if isinstance(e, QuantizedType) else None


# --- !quant.any and !quant.calibrated ------------------------------------------------
# Upstream's other two quantized types (QuantTypes.h): they carry no parameters to compute
# with, so no op or pass here lowers them; they parse, verify and print as upstream's do.

@dataclass(frozen=True)
class AnyQuantizedType(Type):
    """`!quant.any<storage[<min:max>][:expressed]>`: quantized, parameters not yet known."""

    storage_width: int
    is_signed: bool
    expressed_type: Type | None
    storage_type_min: int
    storage_type_max: int
    storage_spelling: str = dataclasses.field(default="", compare=False, kw_only=True)
    storage_float: str = dataclasses.field(default="", kw_only=True)

    def __str__(self) -> str:
        s = _storage_name(self)
        if (self.storage_type_min, self.storage_type_max) != default_storage_range(
                self.storage_width, self.is_signed, self.storage_float):
            s += f"<{self.storage_type_min}:{self.storage_type_max}>"
        if self.expressed_type is not None:
            s += f":{self.expressed_type}"
        return f"!quant.any<{s}>"


@dataclass(frozen=True)
class CalibratedQuantizedType(Type):
    """`!quant.calibrated<expressed<min:max>>`: a calibrated range, before quantization."""

    expressed_type: Type
    min: float
    max: float

    def verify(self) -> None:
        if not isinstance(self.expressed_type, FloatType):
            raise VerificationError("expecting float expressed type")
        if not self.min < self.max:
            raise VerificationError(
                f"illegal min and max: ({format_float(self.min)}:{format_float(self.max)})")

    def __str__(self) -> str:
        return (f"!quant.calibrated<{self.expressed_type}<{format_float(self.min)}:"
                f"{format_float(self.max)}>>")


# --- !quant.quantile ------------------------------------------------------------------
# A lookup table storage format (llvm-project PR 190321, reclassified as a storage format, not a
# quantization scheme, by PR 204793): each stored value in [storage min, storage max] indexes a
# table of `quantiles` of the quantile type (NF4 and the like). Upstream's tests are the spec:
#     !quant.quantile<ui4:f16, {q0,...,q15}>            default range of the storage type
#     !quant.quantile<si8:f32, {q0,...,q4}, <-2:2>>     explicit range: max - min + 1 entries


@dataclass(frozen=True)
class QuantileType(Type):
    storage_width: int
    is_signed: bool
    storage_float: str           # a FLOAT_STORAGE key, "" for integer storage
    quantile_type: Type
    quantiles: tuple
    storage_type_min: int
    storage_type_max: int
    storage_spelling: str = dataclasses.field(default="", compare=False, kw_only=True)

    @property
    def storage_type_range(self) -> tuple[int, int]:
        return default_storage_range(self.storage_width, self.is_signed, self.storage_float)

    def verify(self) -> None:
        """Upstream's checks and wording, in its order (invalid-quantile-types.mlir)."""
        if not isinstance(self.quantile_type, (FloatType, IntegerType)):
            raise VerificationError("quantile type must be a float or integer type")
        if not self.quantiles:
            raise VerificationError("quantile values must not be empty")
        if self.storage_type_min >= self.storage_type_max:
            raise VerificationError("storage min must be less than storage max")
        size = self.storage_type_max - self.storage_type_min + 1
        if len(self.quantiles) != size:
            raise VerificationError(f"quantile LUT size ({len(self.quantiles)}) must equal the number of "
                                    f"representable storage values ({size})")

    def __str__(self) -> str:
        table = ",".join(format_float(q) for q in self.quantiles)
        s = f"!quant.quantile<{_storage_name(self)}:{self.quantile_type}, {{{table}}}"
        if (self.storage_type_min, self.storage_type_max) != self.storage_type_range:
            s += f", <{self.storage_type_min}:{self.storage_type_max}>"
        return s + ">"
