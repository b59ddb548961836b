"""Cross-check tfl2quant.importer.schema against flatc's Python for TFLite.

``ai_edge_litert.schema_py_generated`` is flatc output for the TFLite schema
(FLATC_ONLY_SLOTS lists where it differs from our snapshot), so the vtable
offsets, scalar types and defaults baked into its accessors are an
independent check of our IDL parser.
"""

import ast
import importlib.util
import inspect
import re
from pathlib import Path

import pytest
from ai_edge_litert import schema_py_generated as flatc_py

from tfl2quant.importer import schema

REPO = Path(__file__).resolve().parents[2]
GENERATOR = REPO / "tools" / "gen_tflite_schema.py"

# flatc's Python reads every scalar through flatbuffers.number_types.<X>Flags.
NUMBER_FLAGS = {
    "bool": "BoolFlags", "byte": "Int8Flags", "ubyte": "Uint8Flags",
    "short": "Int16Flags", "ushort": "Uint16Flags", "int": "Int32Flags",
    "uint": "Uint32Flags", "long": "Int64Flags", "ulong": "Uint64Flags",
    "float": "Float32Flags", "double": "Float64Flags",
}
# Extra accessors flatc emits per vector field next to the element getter.
VECTOR_SUFFIXES = ("Length", "IsNone", "AsNumpy")
# ai-edge-litert 2.3.0 was generated from a schema with two more trailing
# fields than any LiteRT revision of schema.fbs up to the snapshot declares.
# Being appended, they are unknown trailing vtable slots to our reader.
FLATC_ONLY_SLOTS = {("BlockwiseQuantization", "BlockShape"): 3, ("FullyConnectedOptions", "QuantSpec"): 5}


def camel(name):
    """flatc's UpperCamel accessor name for a snake_case field name."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def flatc_classes(predicate):
    return sorted(
        name for name, cls in vars(flatc_py).items()
        if inspect.isclass(cls) and cls.__module__ == flatc_py.__name__ and predicate(cls)
    )


def constants(cls):
    """The public class attributes of a flatc enum or union, as {value: name}."""
    return {value: name for name, value in vars(cls).items() if not name.startswith("_")}


FLATC_TABLES = flatc_classes(lambda cls: hasattr(cls, "GetRootAs"))
# Enums and unions are classes holding only int constants; this also leaves
# out the object-API classes (``TensorT``), which have methods.
FLATC_CONSTANTS = flatc_classes(lambda cls: all(type(value) is int for value in constants(cls)))


def test_flatc_declarations_all_known():
    assert FLATC_TABLES == sorted(schema.TABLES)
    assert FLATC_CONSTANTS == sorted([*schema.ENUMS, *schema.UNIONS])


@pytest.mark.parametrize("table", FLATC_TABLES)
def test_table_matches_flatc(table):
    cls = getattr(flatc_py, table)
    fields = {camel(field.name): field for field in schema.TABLES[table]}
    num_slots = max((f.slot for f in schema.TABLES[table]), default=-1) + 1
    seen = set()
    for method, func in vars(cls).items():
        source = inspect.getsource(func) if inspect.isfunction(func) else ""
        match = re.search(r"self\._tab\.Offset\((\d+)\)", source)
        if not match:
            continue
        vtable_offset = int(match.group(1))
        accessor = method if method in fields else re.sub(f"({'|'.join(VECTOR_SUFFIXES)})$", "", method)
        if (table, accessor) in FLATC_ONLY_SLOTS:
            slot = FLATC_ONLY_SLOTS[table, accessor]
            assert vtable_offset == 4 + 2 * slot and slot >= num_slots, (table, method)
            continue
        field = fields[accessor]
        assert vtable_offset == 4 + 2 * field.slot, (table, method)
        seen.add(field.name)
        if method == accessor:
            check_accessor_types(table, field, source)

    # flatc emits no accessors for deprecated fields, but they keep their slot.
    live = {f.name for f in schema.TABLES[table] if (table, f.name) not in schema.DEPRECATED}
    assert seen == live
    start = inspect.getsource(getattr(flatc_py, table + "Start"))
    extra = [slot for (name, _), slot in FLATC_ONLY_SLOTS.items() if name == table]
    assert f"StartObject({max([num_slots - 1, *extra]) + 1})" in start


def check_accessor_types(table, field, source):
    """Compare the scalar type read and the default returned by an accessor."""
    where = f"{table}.{field.name}"
    if field.kind in ("scalar", "enum", "union_type"):
        scalar = {"scalar": field.type, "enum": schema.ENUM_TYPES.get(field.type), "union_type": "ubyte"}[field.kind]
        assert f"number_types.{NUMBER_FLAGS[scalar]}," in source, where
        default = ast.literal_eval(source.rstrip().rsplit("return ", 1)[1])
        assert (type(default), default) == (type(field.default), field.default), where
    elif field.kind == "vector" and (field.type in NUMBER_FLAGS or field.type in schema.ENUM_TYPES):
        scalar = schema.ENUM_TYPES.get(field.type, field.type)
        assert f"number_types.{NUMBER_FLAGS[scalar]}," in source, where
    elif field.kind == "table" or (field.kind == "vector" and field.type in schema.TABLES):
        assert f"obj = {field.type}()" in source, where


@pytest.mark.parametrize("name", FLATC_CONSTANTS)
def test_enum_or_union_matches_flatc(name):
    values = constants(getattr(flatc_py, name))
    if name in schema.UNIONS:
        assert values.pop(0) == "NONE"
        assert values == schema.UNIONS[name]
        assert set(values.values()) <= set(schema.TABLES)
    else:
        assert values == schema.ENUMS[name]
        assert schema.ENUM_TYPES[name] in NUMBER_FLAGS


def test_builtin_operators():
    ops = schema.BUILTIN_OPERATORS
    assert ops is schema.ENUMS["BuiltinOperator"]
    assert schema.ENUM_TYPES["BuiltinOperator"] == "int"
    assert ops[0] == "ADD"
    # Codes past 127 do not fit OperatorCode.deprecated_builtin_code (a byte),
    # which is why OperatorCode.builtin_code exists.
    assert ops[127] == "PLACEHOLDER_FOR_GREATER_OP_CODES"
    assert max(ops) > 127
    stablehlo = {code for code, name in ops.items() if name.startswith("STABLEHLO_")}
    assert {"STABLEHLO_COMPOSITE", "STABLEHLO_CASE", "STABLEHLO_ADD"} <= {ops[c] for c in stablehlo}
    assert min(stablehlo) > 127


def test_layout_facts_the_reader_relies_on():
    assert schema.FILE_IDENTIFIER == "TFL3"
    assert schema.ROOT_TYPE == "Model"
    operator = {f.name: f for f in schema.TABLES["Operator"]}
    assert operator["builtin_options_type"][1:] == (3, "union_type", "BuiltinOptions", 0)
    assert operator["builtin_options"][1:] == (4, "union", "BuiltinOptions", None)
    assert operator["builtin_options_2_type"].slot == 11
    assert operator["builtin_options_2"].slot == 12
    assert operator["debug_metadata_index"].default == -1
    assert "BlockwiseQuantization" in schema.UNIONS["QuantizationDetails"].values()
    assert {f.name: f.slot for f in schema.TABLES["ResizeBilinearOptions"]}["align_corners"] == 2


def load_generator():
    spec = importlib.util.spec_from_file_location("gen_tflite_schema", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generator_handles_ids_and_structs():
    # schema.fbs has no structs and no explicit ids today; cover those paths
    # with a tiny schema so a future schema that uses them is decoded right.
    source = """
        namespace t.u;
        attribute "priority";
        enum BuiltinOperator : int32 { ADD }
        enum Color : ubyte { Red = 1, Green, Blue = 8 }
        struct Vec (force_align: 8) { a: byte; b: int32; c: short; }
        table Leaf {}
        union Any { Leaf }
        table Root {
          any: Any (id: 2);
          name: string (id: 0, deprecated);
          color: Color = Green (id: 3);
          pos: Vec (id: 4);
          ratio: float = 1 (id: 5);
          points: [Vec] (id: 6);
        }
        root_type Root;
    """
    ns = {}
    exec(load_generator().generate(source, "test"), ns)
    assert ns["ENUMS"] == {"BuiltinOperator": {0: "ADD"}, "Color": {1: "Red", 2: "Green", 8: "Blue"}}
    assert ns["ENUM_TYPES"] == {"BuiltinOperator": "int", "Color": "ubyte"}
    assert ns["UNIONS"] == {"Any": {1: "Leaf"}}
    assert ns["STRUCTS"] == {"Vec": (("a", "byte", 0), ("b", "int", 4), ("c", "short", 8))}
    assert ns["STRUCT_SIZES"] == {"Vec": 16}
    Field = ns["Field"]
    assert ns["TABLES"]["Root"] == (
        Field("any_type", 1, "union_type", "Any", 0),
        Field("any", 2, "union", "Any", None),
        Field("name", 0, "string", "string", None),
        Field("color", 3, "enum", "Color", 2),
        Field("pos", 4, "struct", "Vec", None),
        Field("ratio", 5, "scalar", "float", 1.0),
        Field("points", 6, "vector", "Vec", None),
    )
    assert ns["DEPRECATED"] == {("Root", "name")}
