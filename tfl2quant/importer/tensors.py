"""TFLite tensors -> MLIR types, and buffers -> numpy arrays (views where possible).

Quantization parameters become `!quant.uniform` the way `flatbuffer_import`
does it (const_tensor_utils.cc: GetQuantizedType): per-tensor for one scale,
per-axis on `quantized_dimension` for several; blockwise
(`BlockwiseQuantization`) becomes the sub-channel form.
"""
from __future__ import annotations

import math

import numpy as np

from ..dialects.quant.types import (MAX_STORAGE_BITS, ParamArray, QuantizedType, UniformQuantizedPerAxisType,
                                    UniformQuantizedSubChannelType, UniformQuantizedType,
                                    default_storage_range, first_outside)
from ..errors import Tfl2QuantError
from ..ir.attributes import SMALL_DENSE, DenseElementsAttr
from ..ir.mapped import release
from ..ir.types import (ComplexType, FloatType, IntegerType, OpaqueType, RankedTensorType, Type,
                        UNSIGNED, UnrankedTensorType, f32, numpy_dtype)
from . import schema
from .flatbuffer import FlatbufferError, Table

# TensorType -> (MLIR element type, little-endian numpy dtype of the stored bytes).
# Sub-byte types are packed in the file and unpacked on import; None: no numeric decoding.
ELEMENT_TYPES: dict[str, tuple[Type, str | None]] = {
    "FLOAT32": (f32, "<f4"), "FLOAT16": (FloatType("f16"), "<f2"), "FLOAT64": (FloatType("f64"), "<f8"),
    "BFLOAT16": (FloatType("bf16"), "<u2"), "INT32": (IntegerType(32), "<i4"),
    "UINT8": (IntegerType(8, UNSIGNED), "<u1"), "INT64": (IntegerType(64), "<i8"),
    "INT16": (IntegerType(16), "<i2"), "INT8": (IntegerType(8), "<i1"), "BOOL": (IntegerType(1), "<u1"),
    "UINT64": (IntegerType(64, UNSIGNED), "<u8"), "UINT32": (IntegerType(32, UNSIGNED), "<u4"),
    "UINT16": (IntegerType(16, UNSIGNED), "<u2"), "INT4": (IntegerType(4), None),
    "UINT4": (IntegerType(4, UNSIGNED), None), "INT2": (IntegerType(2), None),
    "COMPLEX64": (ComplexType(f32), "<c8"), "COMPLEX128": (ComplexType(FloatType("f64")), "<c16"),
    "STRING": (OpaqueType("tf_type", "string"), None),
    "RESOURCE": (OpaqueType("tf_type", "resource"), None),
    "VARIANT": (OpaqueType("tf_type", "variant"), None),
    "FLOAT8_E4M3FN": (FloatType("f8E4M3FN"), "<u1"), "FLOAT8_E5M2": (FloatType("f8E5M2"), "<u1"),
}
SUB_BYTE_BITS = {"INT4": 4, "UINT4": 4, "INT2": 2}


def quantization_attributes(t: Table, where: str = "") -> dict | None:
    """Quantization MLIR cannot type: int64 storage (int16x8 biases; !quant.uniform
    stops at 32 bits). The parameters are kept as attributes of the defining op,
    checked as the quant types' rules would check them."""
    from ..ir.attributes import ArrayAttr, FloatAttr, IntegerAttr
    from ..ir.types import i64
    q = t.get("quantization")
    elem = ELEMENT_TYPES.get(schema.ENUMS["TensorType"].get(t.get("type")), (None,))[0]
    if q is None or not is_quantized(t) or not isinstance(elem, IntegerType) or elem.width <= MAX_STORAGE_BITS:
        return None
    scales = q.vector("scale")
    scales = np.zeros(0, np.float32) if scales is None else scales
    zps = q.vector("zero_point")
    axis, shape = int(q.get("quantized_dimension")), t.vector("shape")
    shape = [] if shape is None else shape.tolist()
    if not np.isfinite(scales).all() or (scales < 0).any():
        raise FlatbufferError(f"{where}: quantization scales are not all finite non-negative numbers")
    if zps is not None and len(zps) not in (0, len(scales)):
        raise FlatbufferError(f"{where}: quantization has {len(scales)} scales but {len(zps)} zero points")
    if len(scales) > 1 and not (0 <= axis < len(shape) and shape[axis] == len(scales)):
        raise FlatbufferError(f"{where}: {len(scales)} scales along dimension {axis} of shape {shape}")
    return {"scale": ArrayAttr(tuple(FloatAttr(float(s), f32) for s in scales.tolist())),
            "zero_point": ArrayAttr(tuple(IntegerAttr(int(z), i64) for z in (zps.tolist() if zps is not None else []))),
            "quantized_dimension": IntegerAttr(int(q.get("quantized_dimension")), i64)}


def tensor_type_name(t: Table, where: str) -> str:
    name = schema.ENUMS["TensorType"].get(t.get("type"))
    if name is None:
        raise FlatbufferError(f"{where}: unknown tensor type {t.get('type')}")
    return name


def is_quantized(t: Table) -> bool:
    q = t.get("quantization")
    if q is None:
        return False
    return q.length("scale") > 0 or q.get("details") is not None


def _zero_points_fit(q: QuantizedType, where: str) -> None:
    """TFLite's zero points are values of the storage type (its kernels read them as such).
    `opt` accepts others, as upstream does; a model's tensor never has one."""
    zero_points = getattr(q, "zero_points_flat", None)
    if zero_points is None:
        return
    lo, hi = default_storage_range(q.storage_width, q.is_signed)
    z = first_outside(zero_points(), lo, hi)
    if z is not None:
        raise FlatbufferError(f"{where}: zero point {z} out of the range [{lo}, {hi}] of its storage type")


# a zero scale (stored for all-zero tensors) becomes FLT_MIN: quant types need a positive scale
_FLT_MIN = float(np.finfo(np.float32).tiny)


class TypeReader:
    """Builds tensor types; needs the subgraph's tensors for blockwise scales."""

    def __init__(self, importer, tensors):
        self.importer, self.tensors = importer, tensors

    def tensor_type(self, t: Table, where: str, is_constant: bool = False) -> Type:
        t_type = self._tensor_type(t, where, is_constant)
        elem = getattr(t_type, "element_type", None)
        if isinstance(elem, QuantizedType):  # the quantization must fit the tensor (the RFC's rules)
            try:
                elem.verify()
                elem.verify_in_tensor(t_type)
            except Tfl2QuantError as e:
                raise FlatbufferError(f"{where}: {e.message}") from None
            _zero_points_fit(elem, where)
        return t_type

    def _tensor_type(self, t: Table, where: str, is_constant: bool) -> Type:
        tt = tensor_type_name(t, where)
        elem = ELEMENT_TYPES[tt][0]
        # quantization of a float or bool tensor means nothing to TFLite's kernels: ignored
        if isinstance(elem, IntegerType) and 1 < elem.width <= MAX_STORAGE_BITS and is_quantized(t):
            elem = self.quantized_type(t, elem, is_constant, where)
        shape = t.values("shape")
        if shape is None and not t.get("has_rank"):
            return UnrankedTensorType(elem)
        dims = []
        signature = t.values("shape_signature")
        for k, d in enumerate(shape or ()):
            dynamic = signature is not None and k < len(signature) and signature[k] == -1
            if d < 0 and not (dynamic or d == -1):
                raise FlatbufferError(f"{where}: invalid dimension {d} in shape {shape}")
            dims.append(None if dynamic or d < 0 else d)
        if signature is not None and shape is not None and len(signature) != len(shape):
            raise FlatbufferError(f"{where}: shape_signature {signature} and shape {shape} differ in rank")
        return RankedTensorType(tuple(dims), elem)

    def quantized_type(self, t: Table, storage: IntegerType, is_constant: bool, where: str) -> QuantizedType:
        """8-bit constants get the narrow range [min+1, max], as flatbuffer_import does:
        TFLite's weights are symmetric and the importer cannot tell weights from other
        constants. A zero scale (stored for all-zero tensors) becomes FLT_MIN."""
        q = t.get("quantization")
        signed = storage.signedness != UNSIGNED
        lo, hi = default_storage_range(storage.width, signed)
        if is_constant and storage.width == 8:
            lo += 1
        details = q.get("details")
        if details is not None and details.type_name == "BlockwiseQuantization":
            return self.blockwise_type(t, details, storage, signed, lo, hi, where)
        if details is not None:
            raise Tfl2QuantError(f"{where}: {details.type_name} quantization is not supported")
        raw = q.vector("scale")
        if len(raw) == 1:  # most tensors: Python floats, not eight numpy calls on one element
            scale, zps = float(raw[0]), q.values("zero_point") or [0]
            if math.isfinite(scale) and scale >= 0 and len(zps) == 1:  # else the checks below say why not
                return UniformQuantizedType(storage.width, signed, f32, lo, hi, scale or _FLT_MIN, zps[0])
        if not np.isfinite(raw).all() or (raw < 0).any():
            bad = next(float(x) for x in raw.tolist() if not math.isfinite(x) or x < 0)
            raise FlatbufferError(f"{where}: quantization scale {bad} is not a finite non-negative number")
        # whole arrays: a large model's weights have thousands of channels each
        scales = np.where(raw == 0, _FLT_MIN, raw).astype(np.float64).tolist()
        zps = q.vector("zero_point")
        zps = zps.astype(np.int64).tolist() if zps is not None and len(zps) else [0] * len(scales)
        if len(zps) != len(scales):
            raise FlatbufferError(f"{where}: quantization has {len(scales)} scales but {len(zps)} zero points")
        axis = int(q.get("quantized_dimension"))
        return UniformQuantizedPerAxisType(storage.width, signed, f32, lo, hi, tuple(scales), tuple(zps), axis)

    def blockwise_type(self, t: Table, details: Table, storage: IntegerType, signed: bool, lo: int, hi: int,
                       where: str) -> UniformQuantizedSubChannelType:
        """BlockwiseQuantization: `scales`/`zero_points` index constant tensors of shape
        [channels, depth / block_size]; the blocks run along the last dimension. A zero
        scale becomes FLT_MIN, as in quantized_type."""
        shape = t.vector("shape")
        if shape is None or len(shape) < 1:
            raise FlatbufferError(f"{where}: blockwise-quantized tensor without a shape")
        shape = shape.tolist()
        block = int(details.get("block_size"))
        if block <= 0 or shape[-1] % block:
            raise FlatbufferError(f"{where}: block size {block} does not divide the last dimension {shape[-1]}")
        params_shape = tuple(shape[:-1]) + (shape[-1] // block,)
        # the stored tensor itself (fp16, a view of the file): millions of scales in a large model
        scales = self._constant_values(details.get("scales"), where, "scales")
        if not np.isfinite(scales).all() or (scales < 0).any():
            raise FlatbufferError(f"{where}: blockwise scales are not all finite non-negative numbers")
        zp_index = int(details.get("zero_points"))
        zps = (self._constant_values(zp_index, where, "zero points")
               if zp_index >= 0 and zp_index != int(details.get("scales")) and self._has_data(zp_index) else
               np.broadcast_to(np.int64(0), scales.shape))
        # ai-edge-quantizer writes scale 0 for an all-zero block; a quant type needs a positive
        # scale, and FLT_MIN (the per-tensor rule above) changes no value of such a block
        zero_as = _FLT_MIN if (scales == 0).any() else None
        release(scales)  # read again when a pattern needs them: its pages leave the RSS till then
        if scales.size != int(np.prod(params_shape)) or zps.size != scales.size:
            raise FlatbufferError(
                f"{where}: blockwise scales hold {scales.size} values, shape {shape} with block size "
                f"{block} needs {int(np.prod(params_shape))}")
        dims = tuple(range(len(shape)))
        blocks = tuple([1] * (len(shape) - 1) + [block])
        return UniformQuantizedSubChannelType(
            storage.width, signed, f32, lo, hi, dims, blocks, params_shape, ParamArray(scales, zero_as), ParamArray(zps))

    def _has_data(self, index: int) -> bool:
        return 0 <= index < len(self.tensors) and self.importer.buffer_data(
            int(self.tensors[index].get("buffer")), "") is not None

    def _constant_values(self, index: int, where: str, what: str) -> np.ndarray:
        if not 0 <= index < len(self.tensors):
            raise FlatbufferError(f"{where}: blockwise {what} tensor index {index} out of range")
        t = self.tensors[index]
        data = self.importer.buffer_data(int(t.get("buffer")), where)
        if data is None:
            raise FlatbufferError(f"{where}: blockwise {what} tensor {index} has no data")
        shape = t.vector("shape")
        shape = tuple(shape.tolist()) if shape is not None else (-1,)
        return decode_tensor_data(data, tensor_type_name(t, where), shape, where).reshape(-1)


def packed_constant(data: np.ndarray, tt: str, storage: RankedTensorType, where: str) -> PackedElementsAttr:
    """A sub-byte constant's attribute, its bytes left packed (checked as decode_tensor_data
    checks them: a buffer with too few values is an error, one with more is read to the count)."""
    bits = SUB_BYTE_BITS[tt]
    count, per_byte = storage.num_elements, 8 // bits
    if data.size * per_byte < count:
        raise FlatbufferError(f"{where}: {data.size} bytes hold {data.size * per_byte} {tt} values, shape needs {count}")
    return PackedElementsAttr(storage, data[:-(-count // per_byte)], bits)


def decode_tensor_data(data: np.ndarray, tt: str, shape: tuple, where: str) -> np.ndarray:
    """Buffer bytes -> an array of the tensor's shape; a view when no unpacking is needed."""
    count = math.prod(shape) if -1 not in shape else -1  # Python ints: a corrupt shape cannot overflow
    if tt in SUB_BYTE_BITS:
        array = unpack_sub_byte(data, SUB_BYTE_BITS[tt], signed=tt != "UINT4",
                                count=count if count >= 0 else data.size * 8 // SUB_BYTE_BITS[tt])
        if count >= 0 and array.size != count:
            raise FlatbufferError(f"{where}: {data.size} bytes hold {array.size} {tt} values, shape needs {count}")
        return array.reshape(shape)
    dtype = ELEMENT_TYPES[tt][1]
    if dtype is None:
        raise Tfl2QuantError(f"{where}: constants of type {tt} cannot be decoded")
    itemsize = np.dtype(dtype).itemsize
    if count >= 0 and data.size < count * itemsize or count < 0 and data.size % itemsize:
        raise FlatbufferError(
            f"{where}: buffer has {data.size} bytes, shape {list(shape)} of {tt} needs {count * itemsize}")
    if count >= 0:  # a larger buffer is read as TFLite reads it: its first bytes (subgraph.cc)
        data = data[:count * itemsize]
    array = data.view(dtype) if data.size else np.zeros(0, dtype)
    want = numpy_dtype(ELEMENT_TYPES[tt][0])
    if array.dtype != want:  # same bytes, the element type's container (bool, bf16, f8, native order)
        array = array.view(want) if array.dtype.itemsize == want.itemsize else array.astype(want)
    return array.reshape(shape)


class PackedElementsAttr(DenseElementsAttr):
    """An int4/int2 constant as the model stores it: `packed`, a view of the file's bytes (low
    bits first, as TFLite packs them). `data`, one int8 per value as every DenseElementsAttr
    holds it, is unpacked when first read and kept; a pattern that can use the stored bytes
    (legalize/lib/hybrid.py: packed_values) reads `packed` and nothing is unpacked. A 300M-parameter
    int4 model held its weights twice over as unpacked int8 arrays, and spent most of its
    conversion unpacking them."""

    def __init__(self, type: RankedTensorType, packed: np.ndarray, bits: int):
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "packed", packed)
        object.__setattr__(self, "bits", bits)

    @property
    def data(self) -> np.ndarray:
        try:
            return self.__dict__["_unpacked"]
        except KeyError:
            elem = self.type.element_type
            values = unpack_sub_byte(self.packed, self.bits, elem.signedness != UNSIGNED, self.type.num_elements)
            values = self.__dict__["_unpacked"] = values.reshape(self.type.shape)
            return values

    def _key(self):
        if self.type.num_elements <= SMALL_DENSE:
            return super()._key()
        self.__dict__["_cmp_key"] = k = (self.type, id(self.packed))  # not unpacked to be compared
        return k


def unpack_sub_byte(data: np.ndarray, bits: int, signed: bool, count: int) -> np.ndarray:
    """Packed int4/int2 (low bits first, TFLite's UnpackPackedIntToInt8) -> int8, whole-array."""
    per_byte = 8 // bits
    raw = np.asarray(data, np.uint8)
    shifts = np.arange(per_byte, dtype=np.uint8) * bits
    values = ((raw[:, None] >> shifts[None, :]) & ((1 << bits) - 1)).reshape(-1)[:count].astype(np.int8)
    if signed:
        values = np.where(values >= (1 << (bits - 1)), values - (1 << bits), values).astype(np.int8)
    return values


def decode_strings(data: np.ndarray, where: str) -> list[bytes]:
    """TFLite's string buffer: int32 count, count+1 int32 offsets, then the bytes."""
    raw = np.asarray(data, np.uint8)
    if raw.size < 4:
        raise FlatbufferError(f"{where}: string buffer of {raw.size} bytes")
    count = int(raw[:4].view("<i4")[0])
    if count < 0 or 4 * (count + 2) > raw.size:
        raise FlatbufferError(f"{where}: string buffer claims {count} strings in {raw.size} bytes")
    offsets = raw[4:4 * (count + 2)].view("<i4").astype(np.int64)
    if np.any(np.diff(offsets) < 0) or offsets[0] < 4 * (count + 2) or offsets[-1] > raw.size:
        raise FlatbufferError(f"{where}: string buffer offsets out of order or out of range")
    return [bytes(raw[offsets[k]:offsets[k + 1]]) for k in range(count)]
