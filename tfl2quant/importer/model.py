"""Import a .tflite flatbuffer as an MLIR module of `tfl.*` ops.

Each subgraph becomes a `func.func` (subgraph 0 is `@main`); tensors with
data become `tfl.pseudo_const` / `tfl.pseudo_qconst` ops holding zero-copy
numpy views of the file; every operator becomes `tfl.<name>` with its options
as attributes and its first output tensor's name as location, as
`flatbuffer_translate` does.
"""
from __future__ import annotations

import numpy as np

from ..dialects.builtin import ModuleOp
from ..dialects.func import FuncOp
from ..dialects.quant.types import (QuantizedType, UniformQuantizedPerAxisType,
                                    UniformQuantizedType, default_storage_range)
from ..errors import Tfl2QuantError
from ..ir.attributes import DenseElementsAttr, StringAttr, TypeAttr, UnitAttr
from ..ir.builder import Builder
from ..ir.core import Value
from ..ir.location import NameLoc
from ..ir.types import (ComplexType, FloatType, FunctionType, IntegerType, NoneType, OpaqueType,
                        RankedTensorType, Type, UNSIGNED, UnrankedTensorType, f32, numpy_dtype)
from . import schema
from .flatbuffer import Buffer, FlatbufferError, Table, read_model
from .options import table_attributes

# TensorType -> (MLIR element type, numpy dtype of the stored bytes). Sub-byte
# types are packed in the file and unpacked on import.
ELEMENT_TYPES: dict[str, tuple[Type, str | None]] = {
    "FLOAT32": (f32, "<f4"), "FLOAT16": (FloatType("f16"), "<f2"), "FLOAT64": (FloatType("f64"), "<f8"),
    "BFLOAT16": (FloatType("bf16"), None), "INT32": (IntegerType(32), "<i4"),
    "UINT8": (IntegerType(8, UNSIGNED), "<u1"), "INT64": (IntegerType(64), "<i8"),
    "INT16": (IntegerType(16), "<i2"), "INT8": (IntegerType(8), "<i1"), "BOOL": (IntegerType(1), "<u1"),
    "UINT64": (IntegerType(64, UNSIGNED), "<u8"), "UINT32": (IntegerType(32, UNSIGNED), "<u4"),
    "UINT16": (IntegerType(16, UNSIGNED), "<u2"), "INT4": (IntegerType(4), None),
    "UINT4": (IntegerType(4, UNSIGNED), None), "INT2": (IntegerType(2), None),
    "COMPLEX64": (ComplexType(f32), "<c8"), "COMPLEX128": (ComplexType(FloatType("f64")), "<c16"),
    "STRING": (OpaqueType("tf_type", "string"), None),
    "RESOURCE": (OpaqueType("tf_type", "resource"), None),
    "VARIANT": (OpaqueType("tf_type", "variant"), None),
    "FLOAT8_E4M3FN": (FloatType("f8E4M3FN"), None), "FLOAT8_E5M2": (FloatType("f8E5M2"), None),
}


def op_name(code_table: Table) -> str:
    """`tfl.<builtin name in lower case>`; custom ops are `tfl.custom`.

    The real code is max(deprecated_builtin_code, builtin_code): old files fill
    only the first, codes above 127 exist only in the second (TFLite's
    GetBuiltinCode).
    """
    code = max(int(code_table.get("deprecated_builtin_code")), int(code_table.get("builtin_code")))
    name = schema.BUILTIN_OPERATORS.get(code)
    if name is None:
        raise FlatbufferError(f"unknown builtin operator code {code}")
    return "tfl." + name.lower()


class ModelImporter:
    def __init__(self, buf: Buffer):
        self.buf = buf
        self.model = read_model(buf)
        self.buffers = self.model.vector("buffers") or []
        self.codes = self.model.vector("operator_codes") or []

    def run(self) -> ModuleOp:
        module = ModuleOp.build()
        description = self.model.get("description")
        if description:
            module.attributes["tfl.description"] = StringAttr(description)
        module.attributes["tfl.schema_version"] = _i32(self.model.get("version"))
        subgraphs = self.model.vector("subgraphs")
        if not subgraphs:
            raise FlatbufferError("the model has no subgraphs")
        for k, sg in enumerate(subgraphs):
            module.body.append(SubgraphImporter(self, sg, k).run())
        return module

    # --- tensors ------------------------------------------------------------------
    def tensor_type(self, t: Table, where: str, is_constant: bool = False) -> Type:
        tt = schema.ENUMS["TensorType"].get(t.get("type"))
        if tt is None:
            raise FlatbufferError(f"{where}: unknown tensor type {t.get('type')}")
        elem = ELEMENT_TYPES[tt][0]
        q = t.get("quantization")
        if q is not None:
            scales = q.vector("scale")
            if scales is not None and len(scales) > 0 and isinstance(elem, IntegerType):
                elem = self.quantized_type(q, elem, tt, is_constant, where)
        shape = t.vector("shape")
        if shape is None and not t.get("has_rank"):
            return UnrankedTensorType(elem)
        shape = shape if shape is not None else np.zeros(0, np.int32)
        signature = t.vector("shape_signature")
        dims = []
        for k, d in enumerate(shape.tolist()):
            dynamic = signature is not None and k < len(signature) and signature[k] == -1
            if d < 0 and not dynamic:
                dynamic = d == -1
                if not dynamic:
                    raise FlatbufferError(f"{where}: invalid dimension {d} in shape {shape.tolist()}")
            dims.append(None if dynamic else d)
        return RankedTensorType(tuple(dims), elem)

    def quantized_type(self, q: Table, storage: IntegerType, tt: str, is_constant: bool,
                       where: str) -> QuantizedType:
        """TFLite quantization parameters -> `!quant.uniform`, as flatbuffer_import does it.

        8-bit constants get the narrow range [min+1, max]: TFLite's weights
        are symmetric, and the importer cannot tell weights from other constants.
        A zero scale (some files store it for all-zero tensors) becomes FLT_MIN.
        """
        scales = [float(s) if s != 0 else float(np.finfo(np.float32).tiny) for s in q.vector("scale").tolist()]
        zps = q.vector("zero_point")
        zps = zps.tolist() if zps is not None and len(zps) else [0] * len(scales)
        if len(zps) != len(scales):
            raise FlatbufferError(
                f"{where}: quantization has {len(scales)} scales but {len(zps)} zero points")
        signed = storage.signedness != UNSIGNED
        lo, hi = default_storage_range(storage.width, signed)
        if is_constant and storage.width == 8:
            lo += 1
        if len(scales) == 1:
            return UniformQuantizedType(storage.width, signed, f32, lo, hi, scales[0], int(zps[0]))
        return UniformQuantizedPerAxisType(storage.width, signed, f32, lo, hi, tuple(scales),
                                           tuple(int(z) for z in zps), int(q.get("quantized_dimension")))

    def buffer_data(self, index: int, where: str) -> np.ndarray | None:
        """The bytes of buffer `index` as a uint8 view of the file, or None if empty."""
        if index == 0:
            return None
        if index >= len(self.buffers):
            raise FlatbufferError(f"{where}: buffer index {index} out of range ({len(self.buffers)} buffers)")
        b = self.buffers[index]
        offset, size = int(b.get("offset")), int(b.get("size"))
        if offset > 1:  # data stored after the flatbuffer (models over 2 GB)
            self.buf.check(offset, size, f"{where}: buffer {index}")
            return self.buf.view[offset:offset + size]
        data = b.vector("data")
        return data if data is not None and len(data) else None


class SubgraphImporter:
    def __init__(self, importer: ModelImporter, sg: Table, index: int):
        self.imp = importer
        self.sg = sg
        self.index = index
        self.tensors = sg.vector("tensors") or []
        self.values: dict[int, Value] = {}
        self.name = "main" if index == 0 else (sg.get("name") or f"subgraph_{index}")

    def where(self, tensor: int | None = None, op: int | None = None, op_name: str | None = None) -> str:
        parts = [f"subgraph {self.index}"]
        if op is not None:
            parts.append(f"op {op}" + (f" '{op_name}'" if op_name else ""))
        if tensor is not None:
            parts.append(f"tensor {tensor}" + (f' "{self.tensor_name(tensor)}"' if 0 <= tensor < len(self.tensors) else ""))
        return ": ".join(parts)

    def tensor_name(self, k: int) -> str:
        return self.tensors[k].get("name") or f"tensor_{k}"

    def check_index(self, k: int, where: str) -> int:
        if not 0 <= k < len(self.tensors):
            raise FlatbufferError(f"{where}: tensor index {k} out of range ({len(self.tensors)} tensors)")
        return k

    def run(self) -> FuncOp:
        inputs = [self.check_index(k, self.where() + ": input") for k in _ints(self.sg, "inputs")]
        outputs = [self.check_index(k, self.where() + ": output") for k in _ints(self.sg, "outputs")]
        in_types = [self.imp.tensor_type(self.tensors[k], self.where(k)) for k in inputs]
        func = FuncOp.build(self.name, FunctionType(tuple(in_types), ()),
                            arg_attrs=None, location=NameLoc(self.name))
        for k, arg in zip(inputs, func.body.args):
            self.values[k] = arg
        b = Builder.at_end(func.body)
        for op_index, op in enumerate(self.sg.vector("operators") or []):
            self.import_op(b, op, op_index)
        results = [self.value(b, k, self.where(k) + ": subgraph output") for k in outputs]
        b.create("func.return", results)
        func.set_function_type(FunctionType(tuple(in_types), tuple(v.type for v in results)))
        func.attributes["tf.entry_function"] = _entry_function_attr(
            [self.tensor_name(k) for k in inputs], [self.tensor_name(k) for k in outputs])
        return func

    def value(self, b: Builder, k: int, where: str) -> Value:
        """The SSA value of tensor `k`: produced earlier, an input, or a constant."""
        if k in self.values:
            return self.values[k]
        t = self.tensors[k]
        data = self.imp.buffer_data(int(t.get("buffer")), self.where(k))
        if data is None:
            raise FlatbufferError(
                f"{where}: tensor {k} \"{self.tensor_name(k)}\" is read before any op produces it, "
                f"is not a subgraph input and has no data (dangling or cyclic reference)")
        v = self.constant(b, k, t, data)
        self.values[k] = v
        return v

    def constant(self, b: Builder, k: int, t: Table, data: np.ndarray) -> Value:
        where = self.where(k)
        rtype = self.imp.tensor_type(t, where, is_constant=True)
        if not isinstance(rtype, RankedTensorType) or not rtype.has_static_shape:
            raise FlatbufferError(f"{where}: constant tensor must have a static shape, got {rtype}")
        q = rtype.element_type if isinstance(rtype.element_type, QuantizedType) else None
        storage_elem = q.storage_type if q else rtype.element_type
        tt = schema.ENUMS["TensorType"][t.get("type")]
        array = decode_tensor_data(data, tt, rtype.shape, where)
        loc = NameLoc(self.tensor_name(k))
        if q is not None:
            value = DenseElementsAttr(RankedTensorType(rtype.shape, storage_elem), array)
            return b.value("tfl.pseudo_qconst", [], rtype, {"qtype": TypeAttr(rtype), "value": value},
                           location=loc)
        value = DenseElementsAttr(rtype, array)
        return b.value("tfl.pseudo_const", [], rtype, {"value": value}, location=loc)

    def import_op(self, b: Builder, op: Table, op_index: int) -> None:
        code_index = int(op.get("opcode_index"))
        if code_index >= len(self.imp.codes):
            raise FlatbufferError(
                f"{self.where(op=op_index)}: opcode index {code_index} out of range "
                f"({len(self.imp.codes)} operator codes)")
        code = self.imp.codes[code_index]
        name = op_name(code)
        where = self.where(op=op_index, op_name=name)
        operands = []
        for k in _ints(op, "inputs"):
            if k == -1:  # optional input left out (e.g. FC without bias)
                operands.append(b.value("tfl.no_value", [], NoneType(), {"value": UnitAttr()}))
                continue
            operands.append(self.value(b, self.check_index(k, where + ": input"), where))
        outputs = [self.check_index(k, where + ": output") for k in _ints(op, "outputs")]
        for k in outputs:
            if k in self.values:
                raise FlatbufferError(
                    f"{where}: writes tensor {k} \"{self.tensor_name(k)}\", which already has a value "
                    f"(written twice, or a constant/input)")
        result_types = [self.imp.tensor_type(self.tensors[k], self.where(k)) for k in outputs]
        attrs = {}
        for union in ("builtin_options", "builtin_options_2"):
            options = op.get(union)
            if options is not None:
                attrs.update(table_attributes(options))
        if name == "tfl.custom":
            attrs["custom_code"] = StringAttr(code.get("custom_code") or "")
            raw = op.vector("custom_options")
            attrs["custom_option"] = StringAttr(bytes(raw).hex() if raw is not None else "")
        loc = NameLoc(self.tensor_name(outputs[0])) if outputs else NameLoc(name)
        created = b.create(name, operands, result_types, attrs, location=loc)
        for k, r in zip(outputs, created.results):
            self.values[k] = r


def decode_tensor_data(data: np.ndarray, tt: str, shape: tuple, where: str) -> np.ndarray:
    """Buffer bytes -> an array of the tensor's shape; a view when no unpacking is needed."""
    count = int(np.prod(shape, dtype=np.int64))
    dtype = ELEMENT_TYPES[tt][1]
    if tt in ("INT4", "UINT4", "INT2"):
        bits = 2 if tt == "INT2" else 4
        array = unpack_sub_byte(data, bits, signed=tt != "UINT4", count=count)
        if array.size != count:
            raise FlatbufferError(f"{where}: {data.size} bytes hold {array.size} {tt} values, shape needs {count}")
        return array.reshape(shape)
    if dtype is None:
        raise Tfl2QuantError(f"{where}: constants of type {tt} are not supported")
    itemsize = np.dtype(dtype).itemsize
    if data.size != count * itemsize:
        raise FlatbufferError(
            f"{where}: buffer has {data.size} bytes, shape {list(shape)} of {tt} needs {count * itemsize}")
    array = data.view(dtype) if data.size else np.zeros(0, dtype)
    if tt == "BOOL":
        array = array.view(np.bool_)
    want = numpy_dtype(ELEMENT_TYPES[tt][0])
    if array.dtype != want:  # e.g. '<i4' vs native int32: same bytes on little-endian
        array = array.view(want) if array.dtype.itemsize == want.itemsize else array.astype(want)
    return array.reshape(shape)


def unpack_sub_byte(data: np.ndarray, bits: int, signed: bool, count: int) -> np.ndarray:
    """Packed int4/int2 (low bits first, TFLite's UnpackPackedIntToInt8) -> int8, whole-array."""
    per_byte = 8 // bits
    raw = np.asarray(data, np.uint8)
    shifts = np.arange(per_byte, dtype=np.uint8) * bits
    values = (raw[:, None] >> shifts[None, :]) & ((1 << bits) - 1)
    values = values.reshape(-1)[:count].astype(np.int8)
    if signed:
        values = np.where(values >= (1 << (bits - 1)), values - (1 << bits), values).astype(np.int8)
    return values


def _ints(table: Table, name: str) -> list[int]:
    vec = table.vector(name)
    return [] if vec is None else vec.tolist()


def _i32(v):
    from ..ir.attributes import IntegerAttr
    from ..ir.types import i32
    return IntegerAttr(int(v), i32)


def _entry_function_attr(inputs: list[str], outputs: list[str]):
    from ..ir.attributes import DictionaryAttr
    return DictionaryAttr((("inputs", StringAttr(",".join(inputs))), ("outputs", StringAttr(",".join(outputs)))))


def import_model(path: str) -> ModuleOp:
    """Read `path` and return the `tfl` stage module; errors name the file."""
    try:
        buf = Buffer.open(path)
        return ModelImporter(buf).run()
    except Tfl2QuantError as e:
        raise e.at(path) if e.where is None or not e.where.startswith(path) else e
