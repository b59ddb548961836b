"""Build tiny TFLite flatbuffers in memory, for the tests and benchmarks.

The converters no longer write some things the importer must still read (old
files whose op codes are only in `deprecated_builtin_code`, min/max-only
quantization, ...), some are rare (constant data stored after the flatbuffer,
string tensors, custom ops), and error paths need broken files.  This module
writes such files directly with the schema's object API
(`ai_edge_litert.schema_py_generated`: ModelT, SubGraphT, TensorT, ...) and
`flatbuffers.Builder`; it needs numpy and ai-edge-litert only (no TensorFlow).

    from tools.tflite_builder import ModelBuilder, per_axis, EXAMPLES, MALFORMED

    m = ModelBuilder()
    g = m.subgraph("main")
    x = g.input("x", [2, 3])                                   # float32 activation
    w = g.const("w", np.arange(12, dtype=np.int8).reshape(4, 3),
                quant=per_axis([0.1, 0.2, 0.3, 0.4], axis=0))  # int8 weights
    wf = g.tensor("w_float", [4, 3])
    y = g.tensor("y", [2, 4])
    g.op("DEQUANTIZE", [w], [wf])
    g.op("FULLY_CONNECTED", [x, wf, -1], [y], schema.FullyConnectedOptionsT())
    g.output(y)
    m.signature("serving_default", g, inputs={"x": x}, outputs={"y": y})
    data: bytes = m.build()

Nothing is validated: indices, shapes and buffer sizes are written as given, so
the same calls make malformed files.  `EXAMPLES` (well-formed) and `MALFORMED`
map names to zero-argument functions returning the bytes of one small model of
each kind; tests/tools/test_tflite_builder.py loads every example with the
LiteRT interpreter and reads it back with the schema.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from typing import Callable, Iterable, Optional, Sequence, Union

import flatbuffers
import numpy as np
from ai_edge_litert import schema_py_generated as schema

FILE_IDENTIFIER = b"TFL3"
SCHEMA_VERSION = 3
PLACEHOLDER_FOR_GREATER_OP_CODES = schema.BuiltinOperator.PLACEHOLDER_FOR_GREATER_OP_CODES  # 127
BUFFER_ALIGNMENT = 16  # schema: Buffer.data (force_align: 16); also the converter's offset data

TensorType = Union[str, int]  # "FLOAT32" or schema.TensorType.FLOAT32
OpCode = Union[str, int]  # "ADD" or schema.BuiltinOperator.ADD

# numpy storage of each fixed-width tensor type (little endian, as in the file)
NUMPY_DTYPES = {
    "FLOAT32": "<f4", "FLOAT16": "<f2", "FLOAT64": "<f8", "INT32": "<i4", "UINT8": "u1",
    "INT64": "<i8", "BOOL": "?", "INT16": "<i2", "COMPLEX64": "<c8", "INT8": "i1",
    "COMPLEX128": "<c16", "UINT64": "<u8", "UINT32": "<u4", "UINT16": "<u2",
    "BFLOAT16": "<u2",  # raw bfloat16 bit patterns
}

_TYPE_NAMES = {v: k for k, v in vars(schema.TensorType).items() if not k.startswith("_")}
_OP_NAMES = {v: k for k, v in vars(schema.BuiltinOperator).items() if not k.startswith("_")}


def tensor_type(t: TensorType) -> int:
    return getattr(schema.TensorType, t) if isinstance(t, str) else int(t)


def tensor_type_name(t: int) -> str:
    return _TYPE_NAMES.get(t, f"TYPE_{t}")


def op_code(op: OpCode) -> int:
    return getattr(schema.BuiltinOperator, op) if isinstance(op, str) else int(op)


def op_name(code: int) -> str:
    return _OP_NAMES.get(code, f"OP_{code}")


# --------------------------------------------------------------------------
# Data encodings
# --------------------------------------------------------------------------


def pack_int4(values: Iterable[int]) -> bytes:
    """Two signed 4-bit values per byte, the first in the low nibble.

    An odd count leaves the last high nibble 0 (what TFLite and
    ai-edge-quantizer write: ceil(n / 2) bytes)."""
    v = np.asarray(list(values) if not isinstance(values, np.ndarray) else values).ravel()
    if v.size and (v.min() < -8 or v.max() > 7):
        raise ValueError("int4 values must be in [-8, 7]")
    u = (v.astype(np.int64) & 0xF).astype(np.uint8)
    if u.size % 2:
        u = np.append(u, np.uint8(0))
    return (u[0::2] | (u[1::2] << 4)).astype(np.uint8).tobytes()


def pack_int2(values: Iterable[int]) -> bytes:
    """Four signed 2-bit values per byte, the first in the lowest two bits; a short last
    byte is padded with 0."""
    v = np.asarray(list(values) if not isinstance(values, np.ndarray) else values).ravel()
    if v.size and (v.min() < -2 or v.max() > 1):
        raise ValueError("int2 values must be in [-2, 1]")
    u = (v.astype(np.int64) & 0x3).astype(np.uint8)
    u = np.append(u, np.zeros(-u.size % 4, np.uint8))
    return (u[0::4] | (u[1::4] << 2) | (u[2::4] << 4) | (u[3::4] << 6)).astype(np.uint8).tobytes()


def unpack_int4(data: bytes, count: int) -> np.ndarray:
    """Inverse of pack_int4: `count` signed values (int8)."""
    b = np.frombuffer(bytes(data), np.uint8)
    nib = np.stack([b & 0xF, b >> 4], axis=-1).ravel()[:count].astype(np.int8)
    return np.where(nib > 7, nib - 16, nib).astype(np.int8)


def string_buffer(strings: Sequence[Union[bytes, str]]) -> bytes:
    """TFLite's string tensor buffer: int32 count N, N + 1 int32 offsets from the
    start of the buffer (the last one is the total length), then the bytes."""
    raw = [s.encode() if isinstance(s, str) else bytes(s) for s in strings]
    header = 4 * (len(raw) + 2)
    offsets, pos = [], header
    for s in raw:
        offsets.append(pos)
        pos += len(s)
    offsets.append(pos)
    return struct.pack(f"<{len(raw) + 2}i", len(raw), *offsets) + b"".join(raw)


def parse_string_buffer(data: bytes) -> list[bytes]:
    data = bytes(data)
    (n,) = struct.unpack_from("<i", data, 0)
    offs = struct.unpack_from(f"<{n + 1}i", data, 4)
    return [data[offs[i]:offs[i + 1]] for i in range(n)]


def encode(array, ttype: TensorType) -> bytes:
    """Bytes of a constant of type `ttype` (INT4 and INT2 packed, STRING in string format)."""
    name = tensor_type_name(tensor_type(ttype))
    if name == "INT4":
        return pack_int4(np.asarray(array))
    if name == "INT2":
        return pack_int2(np.asarray(array))
    if name == "STRING":
        return string_buffer(list(np.asarray(array, dtype=object).ravel()))
    if name not in NUMPY_DTYPES:
        raise ValueError(f"no encoding for {name}: pass bytes with buffer=m.buffer(...)")
    return np.ascontiguousarray(np.asarray(array).astype(NUMPY_DTYPES[name])).tobytes()


_NUMPY_TO_TYPE = {
    np.dtype(np.float32): "FLOAT32", np.dtype(np.float16): "FLOAT16",
    np.dtype(np.float64): "FLOAT64", np.dtype(np.int32): "INT32", np.dtype(np.uint8): "UINT8",
    np.dtype(np.int64): "INT64", np.dtype(np.bool_): "BOOL", np.dtype(np.int16): "INT16",
    np.dtype(np.complex64): "COMPLEX64", np.dtype(np.int8): "INT8",
    np.dtype(np.complex128): "COMPLEX128", np.dtype(np.uint64): "UINT64",
    np.dtype(np.uint32): "UINT32", np.dtype(np.uint16): "UINT16",
}


# --------------------------------------------------------------------------
# Quantization parameters
# --------------------------------------------------------------------------


def options_table(stem: str, **fields):
    """A `<stem>OptionsT` table (`Pool2D`, `Reducer`, `LeakyRelu`, ...) with `fields` set."""
    o = getattr(schema, f"{stem}OptionsT")()
    for k, v in fields.items():
        setattr(o, k, v)
    return o


def op_options(code: str, **fields):
    """The options table named after operator `code` (LEAKY_RELU -> LeakyReluOptionsT), or
    None for an operator without one."""
    stem = code.title().replace("_", "")
    if not fields and getattr(schema, f"{stem}OptionsT", None) is None:
        return None
    return options_table(stem, **fields)


def per_tensor(scale: float, zero_point: int = 0) -> schema.QuantizationParametersT:
    q = schema.QuantizationParametersT()
    q.scale, q.zeroPoint = [float(scale)], [int(zero_point)]
    return q


def per_axis(scales: Sequence[float], zero_points: Optional[Sequence[int]] = None,
             axis: int = 0) -> schema.QuantizationParametersT:
    """One scale (and zero point, default 0) per slice along `axis` (quantized_dimension)."""
    q = schema.QuantizationParametersT()
    q.scale = [float(s) for s in scales]
    q.zeroPoint = [int(z) for z in (zero_points if zero_points is not None else [0] * len(q.scale))]
    q.quantizedDimension = axis
    return q


def min_max(lo: Union[float, Sequence[float]], hi: Union[float, Sequence[float]]
            ) -> schema.QuantizationParametersT:
    """Only min/max (as old converters and fake-quant models wrote): no scale, no zero point."""
    q = schema.QuantizationParametersT()
    q.min = [float(v) for v in np.atleast_1d(lo)]
    q.max = [float(v) for v in np.atleast_1d(hi)]
    return q


def blockwise(scales: int, block_size: int, zero_points: int = -1,
              quantized_dimension: int = 0) -> schema.QuantizationParametersT:
    """BlockwiseQuantization details: `scales` / `zero_points` are tensor indices in
    the same subgraph (-1: no zero points, i.e. 0), as ai-edge-quantizer writes them
    (no `scale` / `zero_point` vectors, quantized_dimension 0)."""
    d = schema.BlockwiseQuantizationT()
    d.scales, d.zeroPoints, d.blockSize = scales, zero_points, block_size
    q = schema.QuantizationParametersT()
    q.detailsType = schema.QuantizationDetails.BlockwiseQuantization
    q.details = d
    q.quantizedDimension = quantized_dimension
    return q


# --------------------------------------------------------------------------
# The builder
# --------------------------------------------------------------------------


def _options_type(options) -> tuple[str, int]:
    """('builtinOptions' or 'builtinOptions2', union tag) for an options object."""
    name = type(options).__name__.removesuffix("T")
    if hasattr(schema.BuiltinOptions, name):
        return "builtinOptions", getattr(schema.BuiltinOptions, name)
    if hasattr(schema.BuiltinOptions2, name):
        return "builtinOptions2", getattr(schema.BuiltinOptions2, name)
    raise ValueError(f"{type(options).__name__} is in neither BuiltinOptions nor BuiltinOptions2")


class Graph:
    """One subgraph.  Tensor, operator and subgraph references are plain ints."""

    def __init__(self, model: "ModelBuilder", index: int, name: str):
        self.model, self.index = model, index
        self.t = schema.SubGraphT()
        self.t.name = name
        self.t.tensors, self.t.operators, self.t.inputs, self.t.outputs = [], [], [], []

    # tensors ---------------------------------------------------------------

    def tensor(self, name: str, shape: Sequence[int], dtype: TensorType = "FLOAT32", *,
               buffer: int = 0, quant: Optional[schema.QuantizationParametersT] = None,
               variable: bool = False, shape_signature: Optional[Sequence[int]] = None,
               sparsity: Optional[schema.SparsityParametersT] = None,
               has_rank: Optional[bool] = None) -> int:
        """Add a tensor (buffer 0 = no data); returns its index."""
        t = schema.TensorT()
        t.name = name
        t.shape = [int(d) for d in shape]
        t.type = tensor_type(dtype)
        t.buffer = buffer
        t.quantization = quant
        t.isVariable = variable
        t.shapeSignature = None if shape_signature is None else [int(d) for d in shape_signature]
        t.sparsity = sparsity
        if has_rank is not None:
            t.hasRank = has_rank
        self.t.tensors.append(t)
        return len(self.t.tensors) - 1

    def const(self, name: str, array, dtype: Optional[TensorType] = None, *,
              shape: Optional[Sequence[int]] = None, external: bool = False, **kw) -> int:
        """A constant: `array` encoded as `dtype` (default: from the numpy dtype) into a
        new buffer.  INT4 is packed two per byte, STRING uses the string-buffer
        format.  external=True stores the data after the flatbuffer (Buffer.offset)."""
        if dtype is None:
            a = np.asarray(array)
            dtype = "STRING" if a.dtype.kind in "OSU" else _NUMPY_TO_TYPE[a.dtype]
        if shape is None:
            shape = np.shape(array)
        buf = self.model.buffer(encode(array, dtype), external=external)
        return self.tensor(name, shape, dtype, buffer=buf, **kw)

    def input(self, name: str, shape: Sequence[int], dtype: TensorType = "FLOAT32", **kw) -> int:
        i = self.tensor(name, shape, dtype, **kw)
        self.t.inputs.append(i)
        return i

    def output(self, *tensors: int) -> None:
        self.t.outputs.extend(tensors)

    # operators -------------------------------------------------------------

    def op(self, code: OpCode, inputs: Sequence[int], outputs: Sequence[int], options=None, *,
           custom: Optional[str] = None, custom_options: Optional[bytes] = None,
           version: int = 1, intermediates: Optional[Sequence[int]] = None,
           opcode_style: Optional[str] = None, opcode_index: Optional[int] = None) -> int:
        """Append an operator; returns its index in this subgraph.

        code: builtin op name or number ("CUSTOM" with custom=NAME for a custom op);
        options: a *OptionsT object (BuiltinOptions or BuiltinOptions2, found from
        its class); -1 in `inputs` is an omitted optional input.
        opcode_index overrides the operator-code lookup (e.g. out of range)."""
        o = schema.OperatorT()
        o.opcodeIndex = (opcode_index if opcode_index is not None else
                         self.model.opcode(code, custom=custom, version=version,
                                           style=opcode_style))
        o.inputs, o.outputs = list(inputs), list(outputs)
        if options is not None:
            slot, tag = _options_type(options)
            setattr(o, slot, options)
            setattr(o, slot + "Type", tag)
        if custom_options is not None:
            o.customOptions = list(bytes(custom_options))
            o.customOptionsFormat = schema.CustomOptionsFormat.FLEXBUFFERS
        if intermediates is not None:
            o.intermediates = list(intermediates)
        self.t.operators.append(o)
        return len(self.t.operators) - 1


@dataclass
class _External:
    data: bytes
    align: int


class ModelBuilder:
    """A whole model: operator codes, buffers, subgraphs, signatures, metadata.

    opcode_style: how operator codes are written by default:
      "new"  (what current writers do): builtin_code = code and
             deprecated_builtin_code = min(code, 127), so codes > 127 are only
             in builtin_code with deprecated_builtin_code 127 (PLACEHOLDER_FOR_GREATER_OP_CODES);
      "old"  (schema before v3a): only deprecated_builtin_code (must be <= 127),
             builtin_code absent (reads as 0 = ADD);
      "new-only": builtin_code only, deprecated_builtin_code absent (0)."""

    def __init__(self, *, opcode_style: str = "new", version: int = SCHEMA_VERSION,
                 description: Optional[str] = "tflite_builder"):
        self.opcode_style = opcode_style
        self.m = schema.ModelT()
        self.m.version = version
        self.m.description = description
        self.m.operatorCodes, self.m.subgraphs, self.m.buffers = [], [], []
        self.graphs: list[Graph] = []
        self._opcodes: dict[tuple, int] = {}
        self._external: dict[int, _External] = {}
        self.buffer(None)  # buffer 0: the empty sentinel every tensor without data uses

    # pieces ----------------------------------------------------------------

    def subgraph(self, name: str = "main") -> Graph:
        g = Graph(self, len(self.graphs), name)
        self.graphs.append(g)
        self.m.subgraphs.append(g.t)
        return g

    def buffer(self, data: Optional[bytes] = None, *, external: bool = False,
               align: int = BUFFER_ALIGNMENT) -> int:
        """Add a buffer; returns its index.  external=True: the bytes go after the
        flatbuffer (aligned to `align`, as the converter's >2 GB layout does) and
        Buffer.offset / Buffer.size point at them."""
        b = schema.BufferT()
        if data is not None and not external:
            b.data = bytes(data)
        self.m.buffers.append(b)
        if external:
            b.offset, b.size = 1, 1  # placeholders (the converter's too); set in build()
            self._external[len(self.m.buffers) - 1] = _External(bytes(data or b""), align)
        return len(self.m.buffers) - 1

    def opcode(self, code: OpCode, *, custom: Optional[str] = None, version: int = 1,
               style: Optional[str] = None) -> int:
        """Index of the operator code (added once per code / custom name / version / style)."""
        c = op_code(code)
        style = style or self.opcode_style
        key = (c, custom, version, style)
        if key not in self._opcodes:
            oc = schema.OperatorCodeT()
            if style == "new":
                oc.builtinCode, oc.deprecatedBuiltinCode = c, min(c, PLACEHOLDER_FOR_GREATER_OP_CODES)
            elif style == "old":
                if c > PLACEHOLDER_FOR_GREATER_OP_CODES:
                    raise ValueError(f"{op_name(c)} ({c}) does not fit deprecated_builtin_code")
                oc.builtinCode, oc.deprecatedBuiltinCode = 0, c
            elif style == "new-only":
                oc.builtinCode, oc.deprecatedBuiltinCode = c, 0
            else:
                raise ValueError(f"unknown opcode style {style!r}")
            oc.customCode = custom
            oc.version = version
            self.m.operatorCodes.append(oc)
            self._opcodes[key] = len(self.m.operatorCodes) - 1
        return self._opcodes[key]

    def signature(self, key: str, subgraph: Union[Graph, int], inputs: dict[str, int],
                  outputs: dict[str, int]) -> None:
        s = schema.SignatureDefT()
        s.signatureKey = key
        s.subgraphIndex = subgraph.index if isinstance(subgraph, Graph) else subgraph

        def maps(d):
            out = []
            for name, idx in d.items():
                tm = schema.TensorMapT()
                tm.name, tm.tensorIndex = name, idx
                out.append(tm)
            return out

        s.inputs, s.outputs = maps(inputs), maps(outputs)
        self.m.signatureDefs = (self.m.signatureDefs or []) + [s]

    def metadata(self, name: str, data: bytes) -> int:
        """A Metadata entry (name -> new buffer); returns the buffer index."""
        md = schema.MetadataT()
        md.name, md.buffer = name, self.buffer(data)
        self.m.metadata = (self.m.metadata or []) + [md]
        return md.buffer

    # output ----------------------------------------------------------------

    def model_t(self) -> schema.ModelT:
        """The object tree build() packs (edit it for anything the helpers don't do)."""
        return self.m

    def build(self, edit: Optional[Callable[[schema.ModelT], None]] = None) -> bytes:
        """Serialize: flatbuffer with identifier TFL3, then any external buffer data."""
        if edit is not None:
            edit(self.m)
        b = flatbuffers.Builder(1024)
        # Pack buffers first with 16-byte aligned data (the Python object API
        # ignores the schema's force_align), then let ModelT.Pack do the rest.
        saved = self.m.buffers
        packed = [_pack_buffer(b, x) for x in saved]
        self.m.buffers = [_Packed(p) for p in packed]
        try:
            b.Finish(self.m.Pack(b), file_identifier=FILE_IDENTIFIER)
        finally:
            self.m.buffers = saved
        out = bytes(b.Output())
        return _append_external(out, self._external) if self._external else out


class _Packed:
    """Stands in for a BufferT already packed into the builder."""

    def __init__(self, offset: int):
        self.offset = offset

    def Pack(self, builder) -> int:  # noqa: N802 - flatbuffers naming
        return self.offset


def _pack_buffer(b: flatbuffers.Builder, buf: schema.BufferT) -> int:
    data = None
    if buf.data is not None:
        raw = bytes(buf.data)
        b.StartVector(1, len(raw), BUFFER_ALIGNMENT)
        b.head -= len(raw)
        b.Bytes[b.head:b.head + len(raw)] = raw
        data = b.EndVector()
    schema.BufferStart(b)
    if data is not None:
        schema.BufferAddData(b, data)
    schema.BufferAddOffset(b, buf.offset)
    schema.BufferAddSize(b, buf.size)
    return schema.BufferEnd(b)


def _append_external(fb: bytes, external: dict[int, _External]) -> bytes:
    """Lay out data after the flatbuffer like the converter's use_buffer_offset
    writer: pad the flatbuffer to 16 (always at least one byte), each buffer at
    its alignment, 16 zero bytes after the last one, the file padded to 16; then
    write each Buffer.offset / Buffer.size in place."""
    out = bytearray(fb)
    out += bytes(BUFFER_ALIGNMENT - len(out) % BUFFER_ALIGNMENT)
    where = {}
    for idx, ext in external.items():
        out += bytes(-len(out) % ext.align)
        where[idx] = (len(out), len(ext.data))
        out += ext.data
    out += bytes(16)
    out += bytes(-len(out) % BUFFER_ALIGNMENT)
    model = schema.Model.GetRootAs(out, 0)
    for idx, (offset, size) in where.items():
        tab = model.Buffers(idx)._tab
        for slot, value in ((6, offset), (8, size)):  # Buffer.offset, Buffer.size
            field_pos = tab.Offset(slot)
            assert field_pos, "placeholder offset/size must be stored"
            struct.pack_into("<Q", out, tab.Pos + field_pos, value)
    return bytes(out)


# --------------------------------------------------------------------------
# Reading back (small helpers the tests share)
# --------------------------------------------------------------------------


def read(data: bytes) -> schema.ModelT:
    """The whole model as an object tree (raises on a broken flatbuffer)."""
    return schema.ModelT.InitFromPackedBuf(bytearray(data), 0)


def opcode_of(m: schema.ModelT, opcode_index: int) -> int:
    """The real builtin code: the larger of builtin_code and deprecated_builtin_code."""
    oc = m.operatorCodes[opcode_index]
    return max(oc.builtinCode, oc.deprecatedBuiltinCode)


def buffer_bytes(data: bytes, m: schema.ModelT, index: int) -> bytes:
    """A buffer's bytes, inside the flatbuffer or after it (offset / size)."""
    b = m.buffers[index]
    if b.data is not None:
        return bytes(bytearray(b.data))
    if b.offset > 1:
        return bytes(data[b.offset:b.offset + b.size])
    return b""


# --------------------------------------------------------------------------
# Example models, one per kind (all tiny; most run under BUILTIN_REF)
# --------------------------------------------------------------------------


def _fc_options():
    return schema.FullyConnectedOptionsT()


def add_model(opcode_style: str = "new", code: OpCode = "ADD") -> bytes:
    """y = x + c (2x3 float32), with c a constant; `code` may be a binary op like MUL."""
    m = ModelBuilder(opcode_style=opcode_style)
    g = m.subgraph()
    x = g.input("x", [2, 3])
    c = g.const("c", np.arange(6, dtype=np.float32).reshape(2, 3) - 2.5)
    y = g.tensor("y", [2, 3])
    g.op(code, [x, c], [y])
    g.output(y)
    return m.build()


def old_opcodes() -> bytes:
    """deprecated_builtin_code only (builtin_code absent): MUL = 18, then FULLY_CONNECTED = 9."""
    m = ModelBuilder(opcode_style="old")
    g = m.subgraph()
    x = g.input("x", [2, 3])
    c = g.const("c", np.full((2, 3), 2.0, np.float32))
    w = g.const("w", np.arange(12, dtype=np.float32).reshape(4, 3) / 10)
    t, y = g.tensor("t", [2, 3]), g.tensor("y", [2, 4])
    g.op("MUL", [x, c], [t], schema.MulOptionsT())
    g.op("FULLY_CONNECTED", [t, w, -1], [y], _fc_options())
    g.output(y)
    return m.build()


def stablehlo_new_opcode() -> bytes:
    """STABLEHLO_ADD (163): builtin_code 163, deprecated_builtin_code 127 (placeholder)."""
    m = ModelBuilder()
    g = m.subgraph()
    a, b = g.input("a", [2, 3]), g.input("b", [2, 3])
    y = g.tensor("y", [2, 3])
    g.op("STABLEHLO_ADD", [a, b], [y])
    g.output(y)
    return m.build()


def buffer_offset() -> bytes:
    """FULLY_CONNECTED whose weight and bias data are stored after the flatbuffer."""
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [2, 5])
    w = g.const("w", (np.arange(15, dtype=np.float32).reshape(3, 5) - 7) / 8, external=True)
    b = g.const("b", np.array([0.5, -1.0, 2.0], np.float32), external=True)
    y = g.tensor("y", [2, 3])
    g.op("FULLY_CONNECTED", [x, w, b], [y], _fc_options())
    g.output(y)
    m.metadata("buffer_location", b"outside flatbuffers")  # what the converter adds
    return m.build()


INT4_VALUES = np.array([[-8, -1, 0, 1, 7], [3, -3, 5, -5, 2], [7, 6, -7, -6, 0]], np.int8)  # 3x5
INT4_SCALES = [0.5, 0.25, 0.125]


def int4_per_axis() -> bytes:
    """DEQUANTIZE of a 3x5 INT4 constant (15 values -> 8 bytes) with per-axis scales."""
    m = ModelBuilder()
    g = m.subgraph()
    w = g.const("w", INT4_VALUES, "INT4", quant=per_axis(INT4_SCALES, axis=0))
    y = g.tensor("y", [3, 5])
    g.op("DEQUANTIZE", [w], [y])
    g.output(y)
    return m.build()


def zero_scale() -> bytes:
    """DEQUANTIZE of int8 per-axis weights where one channel's scale is 0."""
    m = ModelBuilder()
    g = m.subgraph()
    w = g.const("w", np.array([[1, 2, 3], [4, 5, 6]], np.int8),
                quant=per_axis([0.0, 0.5], [0, 1], axis=0))
    y = g.tensor("y", [2, 3])
    g.op("DEQUANTIZE", [w], [y])
    g.output(y)
    return m.build()


def per_axis_dim1() -> bytes:
    """int8 activations, per-axis quantization along dimension 1 of a constant (2x3),
    dequantized: quantized_dimension = 1."""
    m = ModelBuilder()
    g = m.subgraph()
    w = g.const("w", np.array([[10, -20, 30], [-40, 50, -60]], np.int8),
                quant=per_axis([0.1, 0.01, 0.001], [0, 0, 0], axis=1))
    y = g.tensor("y", [2, 3])
    g.op("DEQUANTIZE", [w], [y])
    g.output(y)
    return m.build()


def min_max_only() -> bytes:
    """Float ADD whose tensors carry only min/max (no scale): not quantized to LiteRT."""
    m = ModelBuilder()
    g = m.subgraph()
    a = g.input("a", [1, 4], quant=min_max(-1.0, 1.0))
    b = g.input("b", [1, 4], quant=min_max(-2.0, 2.0))
    y = g.tensor("y", [1, 4], quant=min_max(-3.0, 3.0))
    g.op("ADD", [a, b], [y], schema.AddOptionsT())
    g.output(y)
    return m.build()


BLOCK = 32
BLOCKWISE_SHAPE = (3, 64)  # FC weight [out, in]; 2 blocks of 32 per row


def blockwise_weights() -> tuple[np.ndarray, np.ndarray]:
    """(int4 values 3x64, float16 scales 3x2) of the blockwise example."""
    rng = np.random.default_rng(4)
    q = rng.integers(-8, 8, BLOCKWISE_SHAPE).astype(np.int8)
    s = np.array([[0.01, 0.02], [0.03, 0.04], [0.05, 0.0625]], np.float16)
    return q, s


def blockwise_fc() -> bytes:
    """FULLY_CONNECTED with INT4 weights quantized in blocks of 32 along the input
    depth, as ai-edge-quantizer writes them: no scale vector, BlockwiseQuantization
    {scales: index of a FLOAT16 [out, in / 32] constant, zero_points: -1,
    block_size: 32}, quantized_dimension 0."""
    q, s = blockwise_weights()
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [2, 64])
    sc = g.const("w_scales", s, "FLOAT16")
    w = g.const("w", q, "INT4", quant=blockwise(sc, BLOCK))
    y = g.tensor("y", [2, 3])
    g.op("FULLY_CONNECTED", [x, w, -1], [y], _fc_options())
    g.output(y)
    return m.build()


def variable_tensor() -> bytes:
    """y = x + state, state an is_variable tensor without data (zero-initialised)."""
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [2, 3])
    v = g.tensor("state", [2, 3], variable=True)
    y = g.tensor("y", [2, 3])
    g.op("ADD", [x, v], [y], schema.AddOptionsT())
    g.output(y)
    return m.build()


CUSTOM_OPTIONS = bytes([0x01, 0x02, 0x03, 0xFE])  # opaque to the interpreter


def custom_op() -> bytes:
    """One custom op `MyCustomOp` with custom_options bytes."""
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [4])
    y = g.tensor("y", [4])
    g.op("CUSTOM", [x], [y], custom="MyCustomOp", custom_options=CUSTOM_OPTIONS)
    g.output(y)
    return m.build()


def while_loop() -> bytes:
    """main: WHILE(i, x) with cond (i < 5) and body (i + 1, x * 2) subgraphs."""
    m = ModelBuilder()
    main, cond, body = m.subgraph("main"), m.subgraph("cond"), m.subgraph("body")
    i0, x0 = main.input("i", [], "INT32"), main.input("x", [2])
    i1, x1 = main.tensor("i_out", [], "INT32"), main.tensor("x_out", [2])
    opt = schema.WhileOptionsT()
    opt.condSubgraphIndex, opt.bodySubgraphIndex = cond.index, body.index
    main.op("WHILE", [i0, x0], [i1, x1], opt)
    main.output(i1, x1)

    ci, cx = cond.input("i", [], "INT32"), cond.input("x", [2])
    five = cond.const("five", np.array(5, np.int32))
    c = cond.tensor("c", [], "BOOL")
    cond.op("LESS", [ci, five], [c])
    cond.output(c)

    bi, bx = body.input("i", [], "INT32"), body.input("x", [2])
    one = body.const("one", np.array(1, np.int32))
    two = body.const("two", np.array([2.0, 2.0], np.float32))
    bi1, bx1 = body.tensor("i1", [], "INT32"), body.tensor("x1", [2])
    body.op("ADD", [bi, one], [bi1], schema.AddOptionsT())
    body.op("MUL", [bx, two], [bx1], schema.MulOptionsT())
    body.output(bi1, bx1)
    return m.build()


def signatures() -> bytes:
    """Two subgraphs, each with a SignatureDef (`add`, `mul`), input/output names
    differing from the tensor names."""
    m = ModelBuilder()
    for key, code in (("add", "ADD"), ("mul", "MUL")):
        g = m.subgraph(key)
        a, b = g.input(f"{key}_a:0", [3]), g.input(f"{key}_b:0", [3])
        y = g.tensor(f"{key}_y:0", [3])
        g.op(code, [a, b], [y])
        g.output(y)
        m.signature(key, g, inputs={"lhs": a, "rhs": b}, outputs={"out": y})
    return m.build()


def metadata() -> bytes:
    """Two Metadata entries (min_runtime_version, a JSON blob) next to a tiny ADD model."""
    m = ModelBuilder()
    g = m.subgraph()
    a = g.input("a", [2])
    y = g.tensor("y", [2])
    g.op("ADD", [a, a], [y])
    g.output(y)
    m.metadata("min_runtime_version", b"1.5.0".ljust(16, b"\0"))
    m.metadata("model_info", b'{"source": "tflite_builder"}')
    return m.build()


STRINGS = [b"alpha", b"", b"gamma-delta", "\u00e9t\u00e9".encode()]


def string_tensor() -> bytes:
    """GATHER from a constant STRING tensor (4 strings, one empty) by int32 indices."""
    m = ModelBuilder()
    g = m.subgraph()
    s = g.const("words", np.array(STRINGS, dtype=object), "STRING")
    idx = g.input("idx", [3], "INT32")
    y = g.tensor("y", [3], "STRING")
    g.op("GATHER", [s, idx], [y], schema.GatherOptionsT())
    g.output(y)
    return m.build()


def dynamic_shape() -> bytes:
    """ADD over a [-1, 3] input (shape [1, 3], shape_signature [-1, 3])."""
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [1, 3], shape_signature=[-1, 3])
    c = g.const("c", np.array([1.0, 2.0, 3.0], np.float32))
    y = g.tensor("y", [1, 3], shape_signature=[-1, 3])
    g.op("ADD", [x, c], [y], schema.AddOptionsT())
    g.output(y)
    return m.build()


def int8_add() -> bytes:
    """Per-tensor int8 ADD with zero points != 0 (a plain quantized model)."""
    m = ModelBuilder()
    g = m.subgraph()
    a = g.input("a", [1, 5], "INT8", quant=per_tensor(0.05, -3))
    b = g.input("b", [1, 5], "INT8", quant=per_tensor(0.1, 4))
    y = g.tensor("y", [1, 5], "INT8", quant=per_tensor(0.12, -1))
    g.op("ADD", [a, b], [y], schema.AddOptionsT())
    g.output(y)
    return m.build()


# name -> builder; "runs" tells the tests how LiteRT handles it
EXAMPLES: dict[str, Callable[[], bytes]] = {
    "new-opcodes": add_model,
    "old-opcodes": old_opcodes,
    "stablehlo-new-opcode": stablehlo_new_opcode,
    "buffer-offset": buffer_offset,
    "int4-per-axis": int4_per_axis,
    "zero-scale": zero_scale,
    "per-axis-dim1": per_axis_dim1,
    "min-max-only": min_max_only,
    "blockwise-int4": blockwise_fc,
    "variable-tensor": variable_tensor,
    "custom-op": custom_op,
    "while-subgraphs": while_loop,
    "signatures": signatures,
    "metadata": metadata,
    "string-tensor": string_tensor,
    "dynamic-shape": dynamic_shape,
    "int8-add": int8_add,
}


# --------------------------------------------------------------------------
# Malformed models, for error tests
# --------------------------------------------------------------------------


def truncated(data: bytes, keep: int) -> bytes:
    """The first `keep` bytes (keep < 0: all but the last -keep)."""
    return bytes(data[:keep])


def with_identifier(data: bytes, ident: bytes) -> bytes:
    """The same file with another 4-byte file identifier (bytes 4..8)."""
    assert len(ident) == 4
    return bytes(data[:4]) + ident + bytes(data[8:])


def _edited(edit: Callable[[schema.ModelT], None], base: Callable[[], ModelBuilder]) -> bytes:
    return base().build(edit=edit)


def _fc_builder() -> ModelBuilder:
    """x[2,3] -> MUL by const -> FULLY_CONNECTED (w 4x3) -> y[2,4]."""
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [2, 3])
    c = g.const("c", np.full((2, 3), 2.0, np.float32))
    w = g.const("w", np.arange(12, dtype=np.float32).reshape(4, 3) / 10)
    t, y = g.tensor("t", [2, 3]), g.tensor("y", [2, 4])
    g.op("MUL", [x, c], [t], schema.MulOptionsT())
    g.op("FULLY_CONNECTED", [t, w, -1], [y], _fc_options())
    g.output(y)
    return m


def _set(path: str, value) -> Callable[[schema.ModelT], None]:
    """An edit that sets a dotted attribute path, e.g. 'subgraphs.0.operators.1.inputs.0'."""
    def edit(m):
        *parts, last = path.split(".")
        obj = m
        for p in parts:
            obj = obj[int(p)] if p.isdigit() else getattr(obj, p)
        if last.isdigit():
            obj[int(last)] = value
        else:
            setattr(obj, last, value)
    return edit


def _read_before_write(m: schema.ModelT) -> None:
    ops = m.subgraphs[0].operators
    ops[0], ops[1] = ops[1], ops[0]  # FULLY_CONNECTED now reads t before MUL writes it


def _while_bad_body(m: schema.ModelT) -> None:
    m.subgraphs[0].operators[0].builtinOptions.bodySubgraphIndex = 7


GOOD = _fc_builder  # the model every edit-based malformed variant starts from

MALFORMED: dict[str, Callable[[], bytes]] = {
    "truncated-half": lambda: truncated(GOOD().build(), len(GOOD().build()) // 2),
    "truncated-header": lambda: truncated(GOOD().build(), 6),
    "empty": lambda: b"",
    "wrong-identifier": lambda: with_identifier(GOOD().build(), b"TFL2"),
    "tensor-index-out-of-range": lambda: _edited(_set("subgraphs.0.operators.1.inputs.0", 42), GOOD),
    "output-index-out-of-range": lambda: _edited(_set("subgraphs.0.outputs.0", 17), GOOD),
    "buffer-index-out-of-range": lambda: _edited(_set("subgraphs.0.tensors.2.buffer", 99), GOOD),
    "opcode-index-out-of-range": lambda: _edited(_set("subgraphs.0.operators.0.opcodeIndex", 9), GOOD),
    "subgraph-index-out-of-range": lambda: while_loop_edited(_while_bad_body),
    "read-before-write": lambda: _edited(_read_before_write, GOOD),
    "shape-buffer-mismatch": lambda: _edited(_set("subgraphs.0.tensors.2.shape", [4, 5]), GOOD),
    "buffer-offset-past-end": lambda: _buffer_offset_past_end(),
}


def while_loop_edited(edit: Callable[[schema.ModelT], None]) -> bytes:
    """while_loop() with an edit applied before packing."""
    m = read(while_loop())
    edit(m)
    b = flatbuffers.Builder(1024)
    b.Finish(m.Pack(b), file_identifier=FILE_IDENTIFIER)
    return bytes(b.Output())


def _buffer_offset_past_end() -> bytes:
    """buffer_offset() with the file cut right after the flatbuffer: offsets point past the end."""
    data = buffer_offset()
    m = read(data)
    first = min(b.offset for b in m.buffers if b.offset > 1)
    return data[:first]


def generative(vocab: int = 6, cache: int = 8, prefill: int = 4, decode_key: str = "decode") -> bytes:
    """Two signatures in the shape of litert-torch's generative exports, small enough to check
    in a second: `prefill_<prefill>` and `decode` each take `tokens`, `input_pos` and a KV
    cache `kv_cache_k_0` [1, cache, 2], write the tokens' embeddings (GATHER) into the cache at
    input_pos[0] (SLICE, CONCATENATION, DYNAMIC_UPDATE_SLICE) and return it; decode also
    returns `logits` [1, 1, vocab], a FULLY_CONNECTED of the cache summed over positions. The
    subgraphs are named otherwise than the keys, and decode is subgraph 1."""
    m = ModelBuilder()
    rng = np.random.default_rng(7)
    table = rng.uniform(-1, 1, (vocab, 2)).astype(np.float32)
    weights = rng.uniform(-1, 1, (vocab, 2)).astype(np.float32)
    for key, steps in ((f"prefill_{prefill}", prefill), (decode_key, 1)):
        g = m.subgraph(f"graph_{key}")
        tokens = g.input("tokens", [1, steps], "INT32")
        pos = g.input("input_pos", [steps], "INT32")
        kv = g.input("kv_cache_k_0", [1, cache, 2])
        emb, first, start = g.tensor("emb", [1, steps, 2]), g.tensor("first", [1], "INT32"), g.tensor(
            "start", [3], "INT32")
        out = g.tensor("updated_cache", [1, cache, 2])
        g.op("GATHER", [g.const("table", table), tokens], [emb], schema.GatherOptionsT())
        g.op("SLICE", [pos, g.const("begin", np.array([0], np.int32)), g.const("size", np.array([1], np.int32))],
             [first], schema.SliceOptionsT())
        zero = g.const("zero", np.array([0], np.int32))
        concat = schema.ConcatenationOptionsT()
        concat.axis = 0
        g.op("CONCATENATION", [zero, first, zero], [start], concat)
        g.op("DYNAMIC_UPDATE_SLICE", [kv, emb, start], [out])
        outputs = {"kv_cache_k_0": out}
        if steps == 1:
            summed, flat, logits = g.tensor("summed", [1, 2]), g.tensor("flat", [1, vocab]), g.tensor(
                "logits_out", [1, 1, vocab])
            g.op("SUM", [out, g.const("axis", np.array([1], np.int32))], [summed], schema.ReducerOptionsT())
            g.op("FULLY_CONNECTED", [summed, g.const("w", weights), -1], [flat], _fc_options())
            g.op("RESHAPE", [flat, g.const("shape", np.array([1, 1, vocab], np.int32))], [logits],
                 schema.ReshapeOptionsT())
            outputs["logits"] = logits
        g.output(*outputs.values())
        m.signature(key, g, inputs={"tokens": tokens, "input_pos": pos, "kv_cache_k_0": kv}, outputs=outputs)
    return m.build()
