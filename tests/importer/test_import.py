"""Import of every model in models/ (converter- and ai-edge-quantizer-made) and of
synthetic flatbuffers (tools/tflite_builder.py) for what converters no longer write:
every model imports, verifies upstream, and keeps what the file says."""
from __future__ import annotations

import re

import numpy as np
import pytest
from ai_edge_litert import schema_py_generated as fb

from tfl2quant import dialects  # noqa: F401
from tfl2quant.errors import Tfl2QuantError
from tfl2quant.importer import schema
from tfl2quant.importer.flatbuffer import Buffer
from tfl2quant.importer.model import ModelImporter, import_model
from tfl2quant.ir.core import verify
from tfl2quant.ir.printer import print_module
from tools import tflite_builder as tb

from ..conftest import MODELS, iree_verify

ALL_MODELS = sorted(MODELS.rglob("*.tflite"))


def _import_bytes(data: bytes, name: str = "model.tflite"):
    module = ModelImporter(Buffer(bytearray(data), name)).run()
    verify(module)
    return module


@pytest.mark.parametrize("model", ALL_MODELS, ids=[p.name for p in ALL_MODELS])
def test_every_model_imports_and_verifies_upstream(model):
    module = import_model(str(model))
    verify(module)
    text = print_module(module)
    r = iree_verify(text, allow_unregistered=True)
    assert r.returncode == 0, r.stderr[:3000]


FEATURES = {  # what the tfl stage of each coverage model must show
    "fc-blockwise32.int4w": [r"!quant\.uniform<i4:f32:\{0:1, 1:32\}, \{\{"],
    "fc-channel.int4w": [r"!quant\.uniform<i4:f32:0, \{"],
    "fc-weight-only.int8w": [r'"tfl\.dequantize"', r"!quant\.uniform<i8<-127:127>:f32:0, \{"],
    "cnn-mixed.float16w": [r"xf16>", r'"tfl\.dequantize"\(%\d+\) : \(tensor<[0-9x]+xf16>\) -> tensor<[0-9x]+xf32>'],
    "cnn-mixed.int16x8": [r"!quant\.uniform<i16:f32, ", r"tfl\.quantization = \{[^}]*scale = \[", r"xi64>"],
    "cnn-mixed.uint8-io": [r"!quant\.uniform<u8:f32, "],
    "conv-fake-quant.uint8": [r"!quant\.uniform<u8<1:255>:f32, [0-9.e-]+:128>", r"!quant\.uniform<u8:f32, "],
    "cnn-mixed.dynamic-int8w": [r"asymmetric_quantize_inputs = true"],
    "while-loop.float32": [r'"tfl\.while"', r"func\.call @while_cond", r"func\.func private @while_body",
                           r'"tfl\.yield"'],
    "if-cond.float32": [r'"tfl\.if"', r"func\.call @\w+", r'"tfl\.yield"'],
    "resource-variable.float32": [r"!tf_type\.resource", r'"tfl\.call_once"', r'session_init_function = "'],
    "multi-signature.float32": [r'func\.func @decode\(', r'func\.func @encode\(',
                                r'tf_saved_model\.exported_names = \["decode"\]', r"tf_saved_model\.semantics"],
    "bool-int64.float32": [r"xi1>", r"xi64>", r'"tfl\.arg_max"'],
    "rfft2d.complex64": [r"complex<f32>", r'"tfl\.rfft2d"'],
    "hashtable.string": [r"!tf_type\.string", r'dense<\["'],
    "dynamic-batch.float32": [r"tensor<\?x"],
    "fc-sparse-densify.float32": [r'"tfl\.pseudo_sparse_const"', r"s_param = \{", r"compressed_data = ",
                                  r'"tfl\.densify"', r'format = "SPARSE_CSR"'],
    "fc-sparse-densify.int8": [r'"tfl\.pseudo_sparse_qconst"'],
    "fc-sparse-block1x4.float32": [r"block_map = \[0 : i32\]|block_map = \[1 : i32\]"],
    "lstm.float32": [r"tfl\.is_variable", r'"tfl\.unidirectional_sequence_lstm"', r'"tfl\.no_value"'],
    # the int8 output state starts at its zero point (3), as TFLite's ResetVariableTensor fills it;
    # the intermediates become the TFL dialect's type attributes
    "lstm.int8": [r'"tfl\.pseudo_qconst"\(\) \{qtype = tensor<[0-9x]+x!quant\.uniform<i16:f32',
                  r'qtype = tensor<1x\d+x!quant\.uniform<i8<-127:127>:f32, [0-9.e-]+:3>>, value = dense<3>',
                  r"effective_hidden_scale_intermediate = tensor<0x!quant\.uniform<i8:f32, [0-9.e-]+:3>>",
                  r"input_to_forget_intermediate = tensor<0xf32>"],
    "fc-buffer-offset.float32": [r'buffer_location = "outside flatbuffers"'],
}


@pytest.mark.parametrize("name", sorted(FEATURES))
def test_coverage_model_features(name):
    text = print_module(import_model(str(MODELS / "coverage" / f"{name}.tflite")))
    for pattern in FEATURES[name]:
        assert re.search(pattern, text), f"{name}: no match for {pattern}"


def _constants_by_name(module) -> dict:
    out = {}
    for op in module.walk():
        if op.name in ("tfl.pseudo_const", "tfl.pseudo_qconst"):
            out[op.location.name] = op.attributes["value"]
    return out


@pytest.mark.parametrize("name", ["coverage/fc-buffer-offset.float32", "coverage/fc-channel.int4w",
                                  "coverage/cnn-mixed.int8", "coverage/cnn-mixed.float16w", "small-cnn.int8"])
def test_constants_equal_an_independent_reading_of_the_file(name):
    """Every constant, decoded by the importer, equals the flatbuffer as the schema bindings read it."""
    path = MODELS / f"{name}.tflite"
    data = path.read_bytes()
    model = tb.read(data)
    constants = _constants_by_name(import_model(str(path)))
    checked = 0
    for t in model.subgraphs[0].tensors:
        raw = tb.buffer_bytes(data, model, t.buffer)
        name_ = t.name.decode()
        if not raw or name_ not in constants:
            continue
        type_name = tb.tensor_type_name(t.type)
        if type_name == "INT4":
            expected = tb.unpack_int4(raw, int(np.prod(t.shape))).reshape(t.shape)
        else:
            expected = np.frombuffer(raw, tb.NUMPY_DTYPES[type_name]).reshape(t.shape)
        np.testing.assert_array_equal(np.asarray(constants[name_].array()).astype(expected.dtype), expected)
        checked += 1
    assert checked >= 2


def test_constants_are_zero_copy_views_of_the_file():
    for path in (MODELS / "small-cnn.int8.tflite", MODELS / "coverage" / "fc-buffer-offset.float32.tflite"):
        buf = Buffer.open(str(path))
        module = ModelImporter(buf).run()
        arrays = [op.attributes["value"].data for op in module.walk() if op.name == "tfl.pseudo_qconst"
                  or op.name == "tfl.pseudo_const" and op.attributes["value"].data.size > 1]
        assert arrays
        for a in arrays:
            assert np.shares_memory(a, buf.view), f"{path.name}: a constant was copied"


# --- synthetic models: what converters no longer write -------------------------------

def _tfl_ops(module) -> list[str]:
    return [op.name for op in module.walk() if op.name.startswith("tfl.") and op.name not in
            ("tfl.pseudo_const", "tfl.pseudo_qconst", "tfl.no_value", "tfl.yield")]


def test_old_format_opcodes_are_read_from_deprecated_builtin_code():
    assert _tfl_ops(_import_bytes(tb.old_opcodes())) == ["tfl.mul", "tfl.fully_connected"]


def test_codes_above_127_are_read_from_builtin_code():
    module = _import_bytes(tb.stablehlo_new_opcode())
    assert any(name.startswith("tfl.stablehlo_") for name in _tfl_ops(module))


def test_every_builtin_operator_reads_its_options():
    """One op per builtin code, each with the options table TFLite's parser reads for it
    (schema defaults): every option present under its schema field name. The ops are
    nonsense (one input each), so this reads them as the importer does, without the
    verifiers of the tfl dialect."""
    from tfl2quant.importer.flatbuffer import read_model
    from tfl2quant.importer.model import builtin_name, operator_options
    from tfl2quant.importer.options import OPTIONS_OF

    m = tb.ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [2, 3])
    expected = []
    for code, name in sorted(schema.BUILTIN_OPERATORS.items()):
        if name in ("CUSTOM", "PLACEHOLDER_FOR_GREATER_OP_CODES"):
            continue
        y = g.tensor(f"y{code}", [2, 3])
        table = OPTIONS_OF.get(name, (None, None))[1]
        options = getattr(fb, table + "T")() if table else None
        g.op(name, [x], [y], options)
        expected.append((name, table))
        g.output(y)
    model = read_model(Buffer(bytearray(m.build()), "model.tflite"))
    codes = model.vector("operator_codes")
    ops = list(model.vector("subgraphs")[0].vector("operators"))
    assert [builtin_name(codes[int(op.get("opcode_index"))]) for op in ops] == [name for name, _ in expected]
    for op, (name, table) in zip(ops, expected):
        attrs = operator_options(op, name)
        if table is None:
            assert attrs == {}, name
            continue
        fields = {f.name for f in schema.TABLES[table] if f.kind != "union_type"
                  and (table, f.name) not in schema.DEPRECATED and f.kind not in ("vector", "string", "table")}
        assert fields <= set(attrs), f"{name}: missing {fields - set(attrs)}"


def test_options_follow_tflites_parser_naming():
    """Tables named after their operator, and the ones TFLite's parser reads by hand."""
    from tfl2quant.importer.options import OPTIONS_OF
    assert OPTIONS_OF["CONV_2D"] == ("builtin_options", "Conv2DOptions")
    assert OPTIONS_OF["AVERAGE_POOL_2D"] == OPTIONS_OF["MAX_POOL_2D"] == ("builtin_options", "Pool2DOptions")
    assert OPTIONS_OF["MEAN"] == OPTIONS_OF["REDUCE_MAX"] == ("builtin_options", "ReducerOptions")
    assert OPTIONS_OF["STABLEHLO_GATHER"] == ("builtin_options_2", "StablehloGatherOptions")
    assert "TANH" not in OPTIONS_OF and "RELU" not in OPTIONS_OF
    assert _options_table("CONV_2D") == "Conv2DOptions"  # the schema's naming agrees


def _options_table(op_name: str) -> str | None:
    """The options table of a builtin op, by the schema's naming (CONV_2D -> Conv2DOptions)."""
    camel = "".join(p.capitalize() for p in op_name.split("_"))
    candidates = {t.lower(): t for t in schema.TABLES if t.endswith("Options")}
    for guess in (camel + "Options", camel.replace("2d", "2D") + "Options", camel.replace("Stablehlo", "Stablehlo") + "Options"):
        if guess.lower() in candidates:
            return candidates[guess.lower()]
    return None



def test_packed_int4_constants_unpack_exactly():
    module = _import_bytes(tb.int4_per_axis())
    (const,) = [op for op in module.walk() if op.name == "tfl.pseudo_qconst"]
    values = const.attributes["value"].array()
    assert values.dtype == np.int8 and values.min() >= -8 and values.max() <= 7
    assert "!quant.uniform<i4:f32:" in print_module(module)


def test_zero_scale_becomes_float_min():
    text = print_module(_import_bytes(tb.zero_scale()))
    assert "1.1754943508222875E-38" in text


def test_per_axis_keeps_quantized_dimension():
    assert re.search(r"!quant\.uniform<i8<-127:127>:f32:1, \{", print_module(_import_bytes(tb.per_axis_dim1())))


def test_min_max_only_quantization_is_kept_as_stats():
    text = print_module(_import_bytes(tb.min_max_only()))
    assert '"quantfork.stats"' in text and "layerStats = dense<[" in text


def test_blockwise_quantization_becomes_a_sub_channel_type():
    module = _import_bytes(tb.blockwise_fc())
    (const,) = [op for op in module.walk() if op.name == "tfl.pseudo_qconst"]
    q = const.result.type.element_type
    weights, scales = tb.blockwise_weights()
    assert q.block_sizes[-1] == weights.shape[-1] // scales.shape[-1]
    np.testing.assert_array_equal(np.asarray(q.scales).reshape(q.params_shape),
                                  scales.astype(np.float32).astype(np.float64))


def test_zero_block_scales_become_float_min():
    """ai-edge-quantizer writes scale 0 for an all-zero block; a quant type's scales are positive."""
    from ..lib.hybrid_models import fc_blockwise

    module = _import_bytes(fc_blockwise((2, 64), 4, 32, zero_blocks=2, seed=5))
    (const,) = [op for op in module.walk() if op.name == "tfl.pseudo_qconst"]
    q = const.result.type.element_type
    scales = np.asarray(q.scales).reshape(q.params_shape)
    values = const.attributes["value"].array().reshape(4, 2, 32)
    tiny = scales == np.finfo(np.float32).tiny
    assert tiny.any() and (scales > 0).all() and not values[tiny].any()


def test_variable_tensors_are_marked():
    assert "tfl.is_variable" in print_module(_import_bytes(tb.variable_tensor()))


def test_custom_ops_keep_code_and_options_bytes():
    model = tb.read(tb.custom_op())
    op_t = model.subgraphs[0].operators[0]
    text = print_module(_import_bytes(tb.custom_op()))
    code = model.operatorCodes[op_t.opcodeIndex].customCode.decode()
    assert f'custom_code = "{code}"' in text
    assert f'#tfl<const_bytes : "0x{bytes(op_t.customOptions).hex().upper()}">' in text


def test_signatures_name_arguments_and_results():
    text = print_module(_import_bytes(tb.signatures()))
    assert "tf_saved_model.index_path" in text and "tf_saved_model.exported_names" in text


def test_metadata_is_kept():
    model = tb.read(tb.metadata())
    names = [md.name.decode() for md in model.metadata]
    text = print_module(_import_bytes(tb.metadata()))
    assert all(f"{n} = " in text for n in names)


def test_string_constants():
    module = _import_bytes(tb.string_tensor())
    (const,) = [op for op in module.walk() if op.name == "tfl.pseudo_const"]
    assert list(const.attributes["value"].values) == [s if isinstance(s, bytes) else s.encode() for s in tb.STRINGS]


def test_dynamic_dimensions_from_shape_signature():
    assert "tensor<?x" in print_module(_import_bytes(tb.dynamic_shape()))


def test_buffers_after_the_flatbuffer_are_read_in_place():
    data = tb.buffer_offset()
    model = tb.read(data)
    module = _import_bytes(data)
    consts = _constants_by_name(module)
    for t in model.subgraphs[0].tensors:
        b = model.buffers[t.buffer]
        if b.offset > 1:
            expected = np.frombuffer(data[b.offset:b.offset + b.size], tb.NUMPY_DTYPES[tb.tensor_type_name(t.type)])
            np.testing.assert_array_equal(consts[t.name.decode()].array().reshape(-1), expected)


@pytest.mark.parametrize("name", sorted(tb.MALFORMED))
def test_malformed_models_give_one_clear_error(name):
    data = tb.MALFORMED[name]()
    with pytest.raises(Tfl2QuantError) as info:
        _import_bytes(data, "bad.tflite")
    message = str(info.value)
    assert "\n" not in message and len(message) < 400
    expected = {"truncated-half": "malformed flatbuffer", "truncated-header": "not a TFLite flatbuffer",
                "empty": "not a TFLite flatbuffer", "wrong-identifier": "file identifier is 'TFL2'",
                "tensor-index-out-of-range": "tensor index 42 out of range",
                "output-index-out-of-range": "tensor index 17 out of range",
                "buffer-index-out-of-range": "buffer index 99 out of range",
                "opcode-index-out-of-range": "opcode index 9 out of range",
                "subgraph-index-out-of-range": "body_subgraph_index 7 out of range",
                "read-before-write": "is read before any op produces it",
                "shape-buffer-mismatch": "buffer has 48 bytes, shape [4, 5]",
                "buffer-offset-past-end": "lies outside the file"}[name]
    assert expected in message


ELEMENT_TYPES = {  # TensorType -> the element type printed for it
    "FLOAT32": "f32", "FLOAT16": "f16", "FLOAT64": "f64", "BFLOAT16": "bf16", "INT32": "i32", "UINT8": "ui8",
    "INT64": "i64", "INT16": "i16", "INT8": "i8", "BOOL": "i1", "UINT64": "ui64", "UINT32": "ui32",
    "UINT16": "ui16", "INT4": "i4", "UINT4": "ui4", "INT2": "i2", "COMPLEX64": "complex<f32>",
    "COMPLEX128": "complex<f64>", "STRING": "!tf_type.string", "RESOURCE": "!tf_type.resource",
    "VARIANT": "!tf_type.variant", "FLOAT8_E4M3FN": "f8E4M3FN", "FLOAT8_E5M2": "f8E5M2",
}


def test_every_tensor_type_of_the_schema_has_an_element_type():
    assert set(ELEMENT_TYPES) == set(schema.ENUMS["TensorType"].values())


@pytest.mark.parametrize("type_name", sorted(ELEMENT_TYPES))
def test_tensor_types(type_name):
    m = tb.ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [2, 3], type_name)
    g.output(x)
    text = print_module(_import_bytes(m.build()))
    assert f"tensor<2x3x{ELEMENT_TYPES[type_name]}>" in text


@pytest.mark.parametrize(("storage", "printed"), [("INT8", "i8"), ("UINT8", "u8"), ("INT16", "i16"),
                                                   ("INT32", "i32"), ("INT4", "i4"), ("UINT4", "u4")])
def test_quantized_activation_storage_types(storage, printed):
    m = tb.ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [4], storage, quant=tb.per_tensor(0.5, 1))
    g.output(x)
    assert f"tensor<4x!quant.uniform<{printed}:f32, 5.000000e-01:1>>" in print_module(_import_bytes(m.build()))


OPTIONS = [  # model, op, attributes it must carry (the TFL dialect's names and spellings)
    ("conv2d-dilated-relu.int8", "tfl.conv_2d", {"dilation_h_factor": "2 : i32", "padding": '"SAME"',
                                                "fused_activation_function": '"RELU"', "stride_w": "1 : i32"}),
    ("conv2d-filter3x5-stride1x2.int8", "tfl.conv_2d", {"stride_h": "1 : i32", "stride_w": "2 : i32"}),
    ("depthwise-conv2d-mult2-valid-stride2-relu6.int8", "tfl.depthwise_conv_2d",
     {"depth_multiplier": "2 : i32", "padding": '"VALID"', "fused_activation_function": '"RELU6"'}),
    ("fully-connected-3d.int8", "tfl.fully_connected", {"keep_num_dims": "true", "weights_format": '"DEFAULT"'}),
    ("average-pool2d-valid-2x3-stride2.int8", "tfl.average_pool_2d",
     {"filter_height": "2 : i32", "filter_width": "3 : i32", "stride_h": "2 : i32"}),
    ("softmax-beta-patched.int8", "tfl.softmax", {"beta": "0.699999988 : f32"}),
    ("concat-requantize.int8", "tfl.concatenation", {"axis": "1 : i32", "fused_activation_function": '"NONE"'}),
    ("add-relu.int8", "tfl.add", {"fused_activation_function": '"RELU"', "pot_scale_int16": "true"}),
    ("coverage/cnn-mixed.float32", "tfl.resize_bilinear", {"align_corners": "false", "half_pixel_centers": "true"}),
    ("coverage/cnn-mixed.float32", "tfl.strided_slice", {"begin_mask": None, "shrink_axis_mask": None}),
    ("coverage/cnn-mixed.float32", "tfl.mean", {"keep_dims": None}),
    ("coverage/lstm.float32", "tfl.unidirectional_sequence_lstm", {"time_major": None, "cell_clip": None}),
]


@pytest.mark.parametrize(("model", "op_name", "attrs"), OPTIONS, ids=[f"{m}:{o}" for m, o, _ in OPTIONS])
def test_options_per_op_family(model, op_name, attrs):
    module = import_model(str(MODELS / f"{model}.tflite"))
    op = next(op for op in module.walk() if op.name == op_name)
    for name, value in attrs.items():
        assert name in op.attributes, f"{op_name} lacks {name}"
        if value is not None:
            assert str(op.attributes[name]) == value


def _stablehlo_while_and_case() -> bytes:
    """main: STABLEHLO_WHILE(x) with cond/body subgraphs, then STABLEHLO_CASE(index, x) with two branches."""
    m = tb.ModelBuilder()
    main, cond, body = m.subgraph("main"), m.subgraph("cond"), m.subgraph("body")
    br0, br1 = m.subgraph("branch0"), m.subgraph("branch1")
    x, index = main.input("x", [2]), main.input("index", [], "INT32")
    y, z = main.tensor("y", [2]), main.tensor("z", [2])
    w = fb.StablehloWhileOptionsT()
    w.condSubgraphIndex, w.bodySubgraphIndex = cond.index, body.index
    main.op("STABLEHLO_WHILE", [x], [y], w)
    case = fb.StablehloCaseOptionsT()
    case.branchSubgraphIndices = [br0.index, br1.index]
    main.op("STABLEHLO_CASE", [index, y], [z], case)
    main.output(z)
    c = cond.tensor("c", [], "BOOL")
    cond.op("STABLEHLO_COMPARE", [cond.input("x", [2]), cond.const("limit", np.ones(2, np.float32))], [c])
    cond.output(c)
    for g in (body, br0, br1):
        out = g.tensor("out", [2])
        g.op("STABLEHLO_NEGATE", [g.input("x", [2])], [out])
        g.output(out)
    return m.build()


def test_stablehlo_control_flow_gets_regions_calling_subgraphs():
    text = print_module(_import_bytes(_stablehlo_while_and_case()))
    assert re.search(r'"tfl\.stablehlo_while"\(%arg0\) \(\{\n\s*\^bb0\(%arg\d+: tensor<2xf32>\):\n\s*%\d+ = func\.call @cond', text)
    assert "func.call @body" in text
    case = text[text.index('"tfl.stablehlo_case"'):]
    assert case.index("func.call @branch0") < case.index("func.call @branch1")
    assert "branch_subgraph_indices" not in text and "cond_subgraph_index" not in text


@pytest.mark.parametrize("model", ALL_MODELS, ids=[p.name for p in ALL_MODELS])
def test_every_model_converts_through_the_whole_pipeline(model):
    """Whatever the model, the final stage verifies upstream and holds no quantized type."""
    from tfl2quant.pipeline import convert
    text = print_module(convert(str(model), "final").module)
    assert "!quant" not in text and "quant." not in text
    r = iree_verify(text, allow_unregistered=True)
    assert r.returncode == 0, r.stderr[:3000]
