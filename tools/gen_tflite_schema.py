"""Generate tfl2quant/importer/schema.py from the TFLite FlatBuffers schema.

The input is LiteRT's ``tflite/converter/schema/schema.fbs``
(https://github.com/google-ai-edge/LiteRT). The committed schema.py was made
from snapshot f67457790c9c2ab67347d6fe53270e8d3df20868 (2026-08-21):

    git -C LiteRT show f67457790c9c2ab67347d6fe53270e8d3df20868:tflite/converter/schema/schema.fbs > /tmp/schema.fbs
    python tools/gen_tflite_schema.py /tmp/schema.fbs \\
        --revision f67457790c9c2ab67347d6fe53270e8d3df20868 \\
        -o tfl2quant/importer/schema.py

The parser understands the subset of the FlatBuffers IDL that schema.fbs
uses (namespace, attribute, file_identifier, file_extension, root_type,
enum, union, table, struct, field defaults and metadata such as
``(deprecated)``, ``(id: N)`` and ``(force_align: N)``) and rejects anything
else, so a schema change that needs more support fails loudly here instead
of producing a wrong table.
"""

import argparse
import hashlib
import re
from pathlib import Path

# Canonical FlatBuffers scalar names; the sized aliases map onto them so the
# reader only needs one set of decoders.
SCALAR_SIZES = {
    "bool": 1, "byte": 1, "ubyte": 1, "short": 2, "ushort": 2,
    "int": 4, "uint": 4, "float": 4, "long": 8, "ulong": 8, "double": 8,
}
SCALAR_ALIASES = {
    "int8": "byte", "uint8": "ubyte", "int16": "short", "uint16": "ushort",
    "int32": "int", "uint32": "uint", "int64": "long", "uint64": "ulong",
    "float32": "float", "float64": "double",
}
FLOAT_SCALARS = {"float", "double"}

TOKEN_RE = re.compile(
    r"""
      (?P<skip>\s+|//[^\n]*|/\*.*?\*/)
    | (?P<string>"[^"\n]*")
    | (?P<number>[-+]?(?:0[xX][0-9a-fA-F]+|\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?))
    | (?P<ident>[A-Za-z_][A-Za-z0-9_]*)
    | (?P<punct>[{}\[\]():;,=.])
    """,
    re.VERBOSE | re.DOTALL,
)


class SchemaError(Exception):
    pass


def tokenize(text):
    pos, line = 0, 1
    while pos < len(text):
        m = TOKEN_RE.match(text, pos)
        if not m:
            raise SchemaError(f"line {line}: unexpected character {text[pos]!r}")
        if m.lastgroup != "skip":
            yield m.lastgroup, m.group(), line
        line += m.group().count("\n")
        pos = m.end()


def canonical_scalar(name):
    name = SCALAR_ALIASES.get(name, name)
    return name if name in SCALAR_SIZES else None


def parse_int(text):
    return int(text, 16 if "x" in text.lower() else 10)


class Parser:
    """Recursive-descent parser producing the raw declarations, unresolved."""

    def __init__(self, text):
        self.tokens = list(tokenize(text))
        self.pos = 0
        self.file_identifier = None
        self.root_type = None
        # name -> (underlying type, [(value name, value token or None)])
        self.enums = {}
        # name -> [(member table, value token or None)]
        self.unions = {}
        # name -> [(field name, type name, is_vector, default token, metadata)]
        self.tables = {}
        # name -> (metadata, fields as for tables)
        self.structs = {}

    def peek(self):
        return self.tokens[self.pos][1] if self.pos < len(self.tokens) else None

    def error(self, message):
        line = self.tokens[min(self.pos, len(self.tokens) - 1)][2]
        return SchemaError(f"line {line}: {message}")

    def next(self, kind=None):
        if self.pos >= len(self.tokens):
            raise self.error("unexpected end of schema")
        token_kind, value, _ = self.tokens[self.pos]
        if kind and token_kind != kind:
            raise self.error(f"expected {kind}, got {value!r}")
        self.pos += 1
        return value

    def accept(self, value):
        if self.peek() == value:
            self.pos += 1
            return True
        return False

    def expect(self, value):
        if not self.accept(value):
            raise self.error(f"expected {value!r}, got {self.peek()!r}")

    def parse(self):
        while self.pos < len(self.tokens):
            keyword = self.next("ident")
            if keyword == "namespace":
                self.next("ident")
                while self.accept("."):
                    self.next("ident")
            elif keyword == "attribute":
                self.next()
            elif keyword == "file_identifier":
                self.file_identifier = self.next("string").strip('"')
            elif keyword == "file_extension":
                self.next("string")
            elif keyword == "root_type":
                self.root_type = self.next("ident")
            elif keyword == "enum":
                self.parse_enum()
                continue
            elif keyword == "union":
                self.parse_union()
                continue
            elif keyword in ("table", "struct"):
                self.parse_table(keyword)
                continue
            else:
                raise self.error(f"unsupported declaration {keyword!r}")
            self.expect(";")
        return self

    def parse_metadata(self):
        """Parse an optional ``(key: value, flag)`` list into a dict."""
        metadata = {}
        if self.accept("("):
            while not self.accept(")"):
                key = self.next("ident")
                metadata[key] = self.next() if self.accept(":") else None
                self.accept(",")
        return metadata

    def parse_values(self):
        """Parse ``{ NAME (= value)? (metadata)?, ... }`` of an enum or union."""
        values = []
        self.expect("{")
        while not self.accept("}"):
            name = self.next("ident")
            if self.peek() == ":":
                raise self.error("union member aliases are not supported")
            value = self.next("number") if self.accept("=") else None
            # Deprecated enum values and union members keep their number:
            # old files still carry them, so they stay in the tables.
            self.parse_metadata()
            values.append((name, value))
            if not self.accept(","):
                self.expect("}")
                break
        return values

    def parse_enum(self):
        name = self.next("ident")
        self.expect(":")
        underlying = self.next("ident")
        if "bit_flags" in self.parse_metadata():
            raise self.error("bit_flags enums are not supported")
        self.enums[name] = (underlying, self.parse_values())

    def parse_union(self):
        name = self.next("ident")
        self.parse_metadata()
        self.unions[name] = self.parse_values()

    def parse_table(self, keyword):
        name = self.next("ident")
        # Table-level metadata such as (deprecated) does not change the layout.
        metadata = self.parse_metadata()
        fields = []
        self.expect("{")
        while not self.accept("}"):
            field_name = self.next("ident")
            self.expect(":")
            is_vector = self.accept("[")
            type_name = self.next("ident")
            if is_vector:
                if self.peek() == ":":
                    raise self.error("fixed-length arrays are not supported")
                self.expect("]")
            default = self.next() if self.accept("=") else None
            fields.append((field_name, type_name, is_vector, default, self.parse_metadata()))
            self.expect(";")
        if keyword == "table":
            self.tables[name] = fields
        else:
            self.structs[name] = (metadata, fields)


def resolve_enum_values(values, first):
    """Number implicit values (previous + 1) and check they are unique."""
    resolved, next_value = {}, first
    for name, token in values:
        value = parse_int(token) if token is not None else next_value
        if value in resolved:
            raise SchemaError(f"duplicate value {value} for {name}")
        resolved[value] = name
        next_value = value + 1
    return resolved


class Schema:
    """The resolved schema, in the shape that schema.py exports."""

    def __init__(self, parsed):
        self.file_identifier = parsed.file_identifier
        self.root_type = parsed.root_type
        self.enum_types = {}
        self.enums = {}
        for name, (underlying, values) in parsed.enums.items():
            self.enum_types[name] = canonical_scalar(underlying)
            if self.enum_types[name] is None:
                raise SchemaError(f"enum {name}: bad underlying type {underlying!r}")
            self.enums[name] = resolve_enum_values(values, 0)
        # Value 0 is the implicit NONE member, so explicit members start at 1.
        self.unions = {name: resolve_enum_values(values, 1) for name, values in parsed.unions.items()}
        self.table_names = set(parsed.tables)
        self.struct_names = set(parsed.structs)
        for name, members in self.unions.items():
            if not set(members.values()) <= self.table_names:
                raise SchemaError(f"union {name}: members must be tables")
        self.structs, self.struct_sizes = {}, {}
        for name, (metadata, fields) in parsed.structs.items():
            self.layout_struct(name, metadata, fields)
        self.tables, self.deprecated = {}, []
        for name, fields in parsed.tables.items():
            self.tables[name] = self.resolve_table(name, fields)

    def layout_struct(self, name, metadata, fields):
        # Structs are laid out inline with each field at its natural alignment;
        # the struct's own alignment is its largest field's (or force_align).
        layout, offset, align = [], 0, 1
        for field_name, type_name, is_vector, default, _ in fields:
            scalar = canonical_scalar(self.enum_types.get(type_name, type_name))
            if is_vector or scalar is None or default is not None:
                raise SchemaError(f"struct {name}.{field_name}: only plain scalar and enum fields are supported")
            size = SCALAR_SIZES[scalar]
            offset = (offset + size - 1) // size * size
            layout.append((field_name, scalar, offset))
            offset += size
            align = max(align, size)
        align = max(align, int(metadata.get("force_align") or 1))
        self.structs[name] = tuple(layout)
        self.struct_sizes[name] = (offset + align - 1) // align * align

    def resolve_table(self, table, fields):
        resolved = []
        ids = [metadata.get("id") for *_, metadata in fields]
        if any(ids) and not all(ids):
            raise SchemaError(f"table {table}: either all fields or none must have an id")
        next_slot = 0
        for (name, type_name, is_vector, default, metadata), field_id in zip(fields, ids):
            kind, type_, value = self.classify(table, name, type_name, is_vector, default)
            if kind == "union":
                # A union is stored as a ubyte discriminator plus an offset; an
                # explicit id names the offset's slot and the discriminator
                # takes the slot just before it.
                slot = parse_int(field_id) if field_id else next_slot + 1
                resolved.append((f"{name}_type", slot - 1, "union_type", type_, 0))
            else:
                slot = parse_int(field_id) if field_id else next_slot
            resolved.append((name, slot, kind, type_, value))
            next_slot = slot + 1
            if "deprecated" in metadata:
                self.deprecated.append((table, name))
        slots = sorted(field[1] for field in resolved)
        if slots != list(range(len(slots))):
            raise SchemaError(f"table {table}: field ids must be unique and contiguous, got {slots}")
        return resolved

    def classify(self, table, name, type_name, is_vector, default):
        """Return (kind, type, default) of one table field."""
        where = f"{table}.{name}"
        scalar = canonical_scalar(type_name)
        if is_vector:
            element = scalar or type_name
            if not (scalar or type_name in self.enums or type_name == "string"
                    or type_name in self.table_names or type_name in self.struct_names):
                raise SchemaError(f"{where}: unsupported vector element type {type_name!r}")
            kind, type_ = "vector", element
        elif scalar:
            return "scalar", scalar, self.scalar_default(where, scalar, default)
        elif type_name in self.enums:
            return "enum", type_name, self.enum_default(where, type_name, default)
        elif type_name == "string":
            kind, type_ = "string", "string"
        elif type_name in self.unions:
            kind, type_ = "union", type_name
        elif type_name in self.table_names:
            kind, type_ = "table", type_name
        elif type_name in self.struct_names:
            kind, type_ = "struct", type_name
        else:
            raise SchemaError(f"{where}: unknown type {type_name!r}")
        if default is not None:
            raise SchemaError(f"{where}: non-scalar fields cannot have a default")
        return kind, type_, None

    @staticmethod
    def scalar_default(where, scalar, token):
        if scalar == "bool":
            if token in (None, "false", "0"):
                return False
            if token in ("true", "1"):
                return True
        elif token is None:
            return 0.0 if scalar in FLOAT_SCALARS else 0
        elif scalar in FLOAT_SCALARS:
            return float(token)
        elif re.fullmatch(r"[-+]?(0[xX][0-9a-fA-F]+|\d+)", token):
            return parse_int(token)
        raise SchemaError(f"{where}: bad {scalar} default {token!r}")

    def enum_default(self, where, enum, token):
        if token is None:
            return 0
        values = {name: value for value, name in self.enums[enum].items()}
        if token in values:
            return values[token]
        if re.fullmatch(r"[-+]?\d+", token):
            return int(token)
        raise SchemaError(f"{where}: {token!r} is not a value of {enum}")


def render(schema, revision, sha256):
    out = [
        "# Generated by tools/gen_tflite_schema.py. DO NOT EDIT BY HAND; regenerate instead.",
        f"# Source: LiteRT tflite/converter/schema/schema.fbs, revision {revision}",
        f"# (sha256 of schema.fbs: {sha256}).",
        '"""The TFLite FlatBuffers schema as plain data for the flatbuffer reader.',
        "",
        "A table field's vtable entry is at byte offset 4 + 2 * slot. Union fields",
        "take two slots: ``<name>_type`` (ubyte discriminator) then ``<name>``.",
        "Deprecated fields keep their slot and are listed in DEPRECATED.",
        '"""',
        "",
        "from collections import namedtuple",
        "",
        'Field = namedtuple("Field", "name slot kind type default")',
        "",
        f'FILE_IDENTIFIER = "{schema.file_identifier}"',
        f'ROOT_TYPE = "{schema.root_type}"',
        "",
        "ENUM_TYPES: dict[str, str] = {",
        *(f'    "{name}": "{type_}",' for name, type_ in schema.enum_types.items()),
        "}",
        "",
        "ENUMS: dict[str, dict[int, str]] = {",
    ]
    for name, values in schema.enums.items():
        out += [f'    "{name}": {{', *(f'        {v}: "{n}",' for v, n in values.items()), "    },"]
    out += ["}", "", "UNIONS: dict[str, dict[int, str]] = {"]
    for name, members in schema.unions.items():
        out += [f'    "{name}": {{', *(f'        {v}: "{n}",' for v, n in members.items()), "    },"]
    out += ["}", "", "STRUCTS: dict[str, tuple[tuple[str, str, int], ...]] = {"]
    for name, layout in schema.structs.items():
        out += [f'    "{name}": (', *(f'        ("{f}", "{t}", {o}),' for f, t, o in layout), "    ),"]
    out += ["}", "", "STRUCT_SIZES: dict[str, int] = {"]
    out += [f'    "{name}": {size},' for name, size in schema.struct_sizes.items()]
    out += ["}", "", "TABLES: dict[str, tuple[Field, ...]] = {"]
    for name, fields in schema.tables.items():
        out.append(f'    "{name}": (')
        out += [f'        Field("{f}", {s}, "{k}", "{t}", {d!r}),' for f, s, k, t, d in fields]
        out.append("    ),")
    out += ["}", "", "DEPRECATED: set[tuple[str, str]] = {"]
    out += [f'    ("{table}", "{field}"),' for table, field in schema.deprecated]
    out += ["}", "", 'BUILTIN_OPERATORS: dict[int, str] = ENUMS["BuiltinOperator"]', ""]
    return "\n".join(out)


def generate(text, revision):
    return render(Schema(Parser(text).parse()), revision, hashlib.sha256(text.encode()).hexdigest())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("schema", type=Path, help="path to LiteRT tflite/converter/schema/schema.fbs")
    parser.add_argument("-o", "--output", type=Path, required=True, help="schema.py to write")
    parser.add_argument("--revision", default="unknown", help="LiteRT git revision the schema came from")
    args = parser.parse_args()
    args.output.write_text(generate(args.schema.read_text(), args.revision))


if __name__ == "__main__":
    main()
