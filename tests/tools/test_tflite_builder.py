"""The synthetic-flatbuffer helper: every example loads in LiteRT (where LiteRT
supports it) and reads back through ai_edge_litert.schema_py_generated as
written; every malformed variant is broken the way its name says."""
from __future__ import annotations

import numpy as np
import pytest
from ai_edge_litert import schema_py_generated as schema
from ai_edge_litert.interpreter import Interpreter, OpResolverType

from tools import tflite_builder as tb

OP = schema.BuiltinOperator

# How LiteRT 2.3 treats each example: "ref" = loads and runs under BUILTIN_REF;
# "default" = only with the default resolver (XNNPACK); "unresolved" = loads in
# neither (a custom op nobody registered).
RUNS = {name: "ref" for name in tb.EXAMPLES}
RUNS["blockwise-int4"] = "default"  # BUILTIN_REF runs it but outputs zeros
RUNS["custom-op"] = "unresolved"


def interpreter(data: bytes, resolver: str = "ref") -> Interpreter:
    kind = OpResolverType.BUILTIN_REF if resolver == "ref" else OpResolverType.AUTO
    it = Interpreter(model_content=data, experimental_op_resolver_type=kind)
    it.allocate_tensors()
    return it


def run(data: bytes, *inputs, resolver: str = "ref") -> list[np.ndarray]:
    it = interpreter(data, resolver)
    for d, x in zip(it.get_input_details(), inputs):
        it.set_tensor(d["index"], np.asarray(x, d["dtype"]))
    it.invoke()
    return [it.get_tensor(d["index"]) for d in it.get_output_details()]


@pytest.fixture(scope="module")
def built() -> dict[str, bytes]:
    return {name: f() for name, f in tb.EXAMPLES.items()}


# --- encodings -----------------------------------------------------------------


def test_int4_packing_is_low_nibble_first():
    assert tb.pack_int4([-8, -1, 0, 1, 7]) == bytes([0xF8, 0x10, 0x07])
    v = np.arange(-8, 8).repeat(3)[:47]
    assert np.array_equal(tb.unpack_int4(tb.pack_int4(v), v.size), v)
    with pytest.raises(ValueError):
        tb.pack_int4([8])


def test_string_buffer_format():
    data = tb.string_buffer([b"ab", b"", b"xyz"])
    # count 3, offsets 20, 22, 22, 25 (4 * (3 + 2) bytes of header), then the bytes
    assert data == np.array([3, 20, 22, 22, 25], "<i4").tobytes() + b"abxyz"
    assert tb.parse_string_buffer(data) == [b"ab", b"", b"xyz"]
    assert tb.parse_string_buffer(tb.string_buffer([])) == []


# --- every example -----------------------------------------------------------------


@pytest.mark.parametrize("name", list(tb.EXAMPLES))
def test_example_reads_back_and_loads(built, name):
    data = built[name]
    assert data[4:8] == b"TFL3" and schema.Model.ModelBufferHasIdentifier(data, 0)
    m = tb.read(data)
    assert m.version == 3 and m.subgraphs and m.buffers[0].data is None
    # inline buffer data is 16-byte aligned (schema: force_align 16)
    root = schema.Model.GetRootAs(data, 0)
    for i in range(root.BuffersLength()):
        tab = root.Buffers(i)._tab
        if tab.Offset(4):
            assert tab.Vector(tab.Offset(4)) % 16 == 0, i
    if RUNS[name] == "unresolved":
        with pytest.raises(Exception, match="unresolved custom op"):
            interpreter(data)
    else:
        it = interpreter(data, RUNS[name])
        for d in it.get_input_details():
            it.set_tensor(d["index"], np.zeros(d["shape"], d["dtype"]))
        it.invoke()


def test_new_style_opcodes(built):
    m = tb.read(tb.add_model(code="MUL"))
    oc = m.operatorCodes[0]
    assert (oc.builtinCode, oc.deprecatedBuiltinCode, oc.version) == (OP.MUL, OP.MUL, 1)


def test_old_style_opcodes_only_deprecated_field(built):
    data = built["old-opcodes"]
    root = schema.Model.GetRootAs(data, 0)
    for i, code in enumerate([OP.MUL, OP.FULLY_CONNECTED]):
        oc = root.OperatorCodes(i)
        assert oc._tab.Offset(10) == 0  # builtin_code field absent
        assert (oc.BuiltinCode(), oc.DeprecatedBuiltinCode()) == (0, code)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    w = np.arange(12, dtype=np.float32).reshape(4, 3) / 10
    (y,) = run(data, x)
    np.testing.assert_allclose(y, (2 * x) @ w.T, rtol=1e-6)
    with pytest.raises(ValueError):
        tb.ModelBuilder(opcode_style="old").opcode("STABLEHLO_ADD")


def test_code_above_127_only_in_builtin_code(built):
    data = built["stablehlo-new-opcode"]
    oc = tb.read(data).operatorCodes[0]
    assert (oc.builtinCode, oc.deprecatedBuiltinCode) == (OP.STABLEHLO_ADD, 127)
    assert tb.opcode_of(tb.read(data), 0) == OP.STABLEHLO_ADD == 163
    a, b = np.ones((2, 3)), np.arange(6).reshape(2, 3)
    np.testing.assert_array_equal(run(data, a, b)[0], a + b)
    new_only = tb.ModelBuilder(opcode_style="new-only")
    new_only.opcode("MUL")
    oc = new_only.model_t().operatorCodes[0]
    assert (oc.builtinCode, oc.deprecatedBuiltinCode) == (OP.MUL, 0)


def test_buffer_offset_layout(built):
    data = built["buffer-offset"]
    m = tb.read(data)
    ext = [(i, b) for i, b in enumerate(m.buffers) if b.offset > 1]
    assert [i for i, _ in ext] == [1, 2]
    for _, b in ext:
        assert b.data is None and b.offset % 16 == 0 and b.offset + b.size <= len(data)
    fb_end = min(b.offset for _, b in ext)  # the flatbuffer, padded, comes first
    assert data[fb_end - 1] == 0 and len(data) % 16 == 0
    assert data[-16:] == bytes(16)  # the converter's 16 zero bytes after the last buffer
    w = np.frombuffer(tb.buffer_bytes(data, m, 1), np.float32).reshape(3, 5)
    bias = np.frombuffer(tb.buffer_bytes(data, m, 2), np.float32)
    np.testing.assert_array_equal(bias, [0.5, -1.0, 2.0])
    assert {md.name: tb.buffer_bytes(data, m, md.buffer) for md in m.metadata} == {
        b"buffer_location": b"outside flatbuffers"}
    x = np.arange(10, dtype=np.float32).reshape(2, 5) / 3
    np.testing.assert_allclose(run(data, x)[0], x @ w.T + bias, rtol=1e-6)


def test_int4_per_axis(built):
    data = built["int4-per-axis"]
    m = tb.read(data)
    t = m.subgraphs[0].tensors[0]
    assert tb.tensor_type_name(t.type) == "INT4" and list(t.shape) == [3, 5]
    raw = tb.buffer_bytes(data, m, t.buffer)
    assert len(raw) == 8 and raw[0] == 0xF8  # 15 values, -8 low and -1 high nibble
    assert np.array_equal(tb.unpack_int4(raw, 15).reshape(3, 5), tb.INT4_VALUES)
    assert list(t.quantization.scale) == tb.INT4_SCALES and t.quantization.quantizedDimension == 0
    want = tb.INT4_VALUES * np.array(tb.INT4_SCALES)[:, None]
    np.testing.assert_array_equal(run(data)[0], want)


def test_zero_scale(built):
    data = built["zero-scale"]
    q = tb.read(data).subgraphs[0].tensors[0].quantization
    assert list(q.scale) == [0.0, 0.5] and list(q.zeroPoint) == [0, 1]
    np.testing.assert_array_equal(run(data)[0], [[0, 0, 0], [1.5, 2.0, 2.5]])


def test_per_axis_quantized_dimension_1(built):
    data = built["per-axis-dim1"]
    q = tb.read(data).subgraphs[0].tensors[0].quantization
    assert q.quantizedDimension == 1 and len(q.scale) == 3
    want = np.array([[10, -20, 30], [-40, 50, -60]]) * np.array([0.1, 0.01, 0.001], np.float32)
    np.testing.assert_allclose(run(data)[0], want, rtol=1e-6)


def test_min_max_only(built):
    data = built["min-max-only"]
    for t, lo in zip(tb.read(data).subgraphs[0].tensors, [-1.0, -2.0, -3.0]):
        q = t.quantization
        assert q.scale is None and q.zeroPoint is None
        assert (list(q.min), list(q.max)) == ([lo], [-lo])
    it = interpreter(data)
    assert it.get_input_details()[0]["quantization"] == (0.0, 0)  # not quantized to LiteRT
    np.testing.assert_array_equal(run(data, [[1, 2, 3, 4]], [[1, 1, 1, 1]])[0], [[2, 3, 4, 5]])


def test_blockwise(built):
    data = built["blockwise-int4"]
    m = tb.read(data)
    sg = m.subgraphs[0]
    w = next(t for t in sg.tensors if t.name == b"w")
    q = w.quantization
    assert q.detailsType == schema.QuantizationDetails.BlockwiseQuantization
    assert q.scale is None and q.zeroPoint is None and q.quantizedDimension == 0
    assert (q.details.blockSize, q.details.zeroPoints) == (32, -1)
    sc = sg.tensors[q.details.scales]
    assert tb.tensor_type_name(sc.type) == "FLOAT16" and list(sc.shape) == [3, 2]
    vals, scales = tb.blockwise_weights()
    assert np.array_equal(tb.unpack_int4(tb.buffer_bytes(data, m, w.buffer), 192).reshape(3, 64),
                          vals)
    assert np.array_equal(np.frombuffer(tb.buffer_bytes(data, m, sc.buffer), "<f2").reshape(3, 2),
                          scales)
    x = np.random.default_rng(0).uniform(-1, 1, (2, 64)).astype(np.float32)
    dense = vals * np.repeat(scales.astype(np.float32), 32, axis=1)
    # XNNPACK quantizes x to int8 on the fly, hence the tolerance
    np.testing.assert_allclose(run(data, x, resolver="default")[0], x @ dense.T, atol=0.02)


def test_variable_tensor(built):
    data = built["variable-tensor"]
    t = tb.read(data).subgraphs[0].tensors[1]
    assert t.isVariable and t.buffer == 0
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(run(data, x)[0], x)  # the state starts at zero


def test_custom_op(built):
    m = tb.read(built["custom-op"])
    oc, op = m.operatorCodes[0], m.subgraphs[0].operators[0]
    assert (oc.builtinCode, oc.deprecatedBuiltinCode, oc.customCode) == (OP.CUSTOM, OP.CUSTOM,
                                                                       b"MyCustomOp")
    assert bytes(bytearray(op.customOptions)) == tb.CUSTOM_OPTIONS
    assert op.customOptionsFormat == schema.CustomOptionsFormat.FLEXBUFFERS


def test_while_subgraphs(built):
    data = built["while-subgraphs"]
    m = tb.read(data)
    assert [s.name for s in m.subgraphs] == [b"main", b"cond", b"body"]
    opt = m.subgraphs[0].operators[0].builtinOptions
    assert (opt.condSubgraphIndex, opt.bodySubgraphIndex) == (1, 2)
    i, x = run(data, 0, [1.0, -0.5])
    assert i == 5 and list(x) == [32.0, -16.0]


def test_signatures(built):
    data = built["signatures"]
    m = tb.read(data)
    assert [(s.signatureKey, s.subgraphIndex) for s in m.signatureDefs] == [(b"add", 0),
                                                                          (b"mul", 1)]
    assert [t.name for t in m.signatureDefs[1].inputs] == [b"lhs", b"rhs"]
    it = interpreter(data)
    assert set(it.get_signature_list()) == {"add", "mul"}
    a, b = np.array([1, 2, 3], np.float32), np.array([4, 5, 6], np.float32)
    assert list(it.get_signature_runner("add")(lhs=a, rhs=b)["out"]) == [5, 7, 9]
    assert list(it.get_signature_runner("mul")(lhs=a, rhs=b)["out"]) == [4, 10, 18]


def test_metadata(built):
    data = built["metadata"]
    m = tb.read(data)
    got = {md.name: tb.buffer_bytes(data, m, md.buffer) for md in m.metadata}
    assert got == {b"min_runtime_version": b"1.5.0" + bytes(11),
                   b"model_info": b'{"source": "tflite_builder"}'}


def test_string_tensor(built):
    data = built["string-tensor"]
    m = tb.read(data)
    t = m.subgraphs[0].tensors[0]
    assert tb.tensor_type_name(t.type) == "STRING" and list(t.shape) == [4]
    assert tb.parse_string_buffer(tb.buffer_bytes(data, m, t.buffer)) == tb.STRINGS
    (y,) = run(data, [2, 0, 3])
    assert list(y) == [tb.STRINGS[2], tb.STRINGS[0], tb.STRINGS[3]]


def test_dynamic_shape(built):
    data = built["dynamic-shape"]
    t = tb.read(data).subgraphs[0].tensors[0]
    assert list(t.shape) == [1, 3] and list(t.shapeSignature) == [-1, 3]
    it = Interpreter(model_content=data,
                     experimental_op_resolver_type=OpResolverType.BUILTIN_REF)
    it.resize_tensor_input(0, [4, 3])
    it.allocate_tensors()
    it.set_tensor(0, np.zeros((4, 3), np.float32))
    it.invoke()
    np.testing.assert_array_equal(it.get_tensor(it.get_output_details()[0]["index"]),
                                  np.tile([1, 2, 3], (4, 1)))


def test_int8_add(built):
    data = built["int8-add"]
    q = tb.read(data).subgraphs[0].tensors[0].quantization
    assert (list(q.scale), list(q.zeroPoint)) == ([np.float32(0.05)], [-3])
    a, b = np.array([[-3, 17, 37, -23, 7]]), np.array([[4, 14, -6, 24, 4]])
    (y,) = run(data, a, b)
    want = np.round((0.05 * (a + 3) + 0.1 * (b - 4)) / 0.12) - 1
    assert np.abs(y - want).max() <= 1


def test_build_edit_hook_and_raw_buffers():
    m = tb.ModelBuilder(description=None)
    g = m.subgraph()
    x = g.input("x", [2], "INT8")
    raw = m.buffer(b"\x01\x02")
    c = g.tensor("c", [2], "INT8", buffer=raw)
    y = g.tensor("y", [2], "INT8")
    g.op("ADD", [x, c], [y])
    g.output(y)
    data = m.build(edit=lambda mt: setattr(mt.subgraphs[0], "name", "edited"))
    back = tb.read(data)
    assert back.subgraphs[0].name == b"edited" and back.description is None
    assert tb.buffer_bytes(data, back, raw) == b"\x01\x02"


# --- malformed -------------------------------------------------------------------

REJECTED_BY_LITERT = {  # variant -> part of LiteRT 2.3's error message
    "truncated-half": "not a valid Flatbuffer",
    "truncated-header": "not a valid Flatbuffer",
    "empty": "must be specified",
    "wrong-identifier": "not a valid Flatbuffer",
    "tensor-index-out-of-range": "Invalid tensor index 42",
    "output-index-out-of-range": "Invalid tensor index 17",
    "buffer-index-out-of-range": "out of range buffer 99",
    "opcode-index-out-of-range": "opcode_index 9",
    "subgraph-index-out-of-range": "body_subgraph_index",
    "shape-buffer-mismatch": "invalidly specified",
    "buffer-offset-past-end": "out of range offset",
}


@pytest.mark.parametrize("name", list(tb.MALFORMED))
def test_malformed(name):
    data = tb.MALFORMED[name]()
    if name in REJECTED_BY_LITERT:
        with pytest.raises((ValueError, RuntimeError), match=REJECTED_BY_LITERT[name]):
            it = interpreter(data)
            it.invoke()
    else:  # read-before-write: LiteRT neither checks nor complains
        assert name == "read-before-write"
        interpreter(data).invoke()


def test_malformed_defects_are_where_the_names_say():
    good = tb.read(tb.GOOD().build())
    n_tensors = len(good.subgraphs[0].tensors)
    m = tb.read(tb.MALFORMED["tensor-index-out-of-range"]())
    assert m.subgraphs[0].operators[1].inputs[0] == 42 >= n_tensors
    m = tb.read(tb.MALFORMED["output-index-out-of-range"]())
    assert m.subgraphs[0].outputs[0] == 17 >= n_tensors
    m = tb.read(tb.MALFORMED["buffer-index-out-of-range"]())
    assert m.subgraphs[0].tensors[2].buffer == 99 >= len(m.buffers)
    m = tb.read(tb.MALFORMED["opcode-index-out-of-range"]())
    assert m.subgraphs[0].operators[0].opcodeIndex == 9 >= len(m.operatorCodes)
    m = tb.read(tb.MALFORMED["subgraph-index-out-of-range"]())
    assert m.subgraphs[0].operators[0].builtinOptions.bodySubgraphIndex == 7 >= len(m.subgraphs)
    m = tb.read(tb.MALFORMED["read-before-write"]())
    first, second = m.subgraphs[0].operators
    assert first.inputs[0] == second.outputs[0]  # consumed before it is produced
    m = tb.read(tb.MALFORMED["shape-buffer-mismatch"]())
    t = m.subgraphs[0].tensors[2]
    assert list(t.shape) == [4, 5] and len(m.buffers[t.buffer].data) == 4 * 12
    data = tb.MALFORMED["buffer-offset-past-end"]()
    m = tb.read(data)
    assert all(b.offset + b.size > len(data) for b in m.buffers if b.offset > 1)
    assert tb.MALFORMED["wrong-identifier"]()[4:8] == b"TFL2"
