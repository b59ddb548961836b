"""The elements of a declarative assembly format (assembly_format.py) and the kinds of the
attributes in it: what the format's interpreter (assembly_format.Format) and its compiled
printers and checks (assembly_codegen.py) both read."""
from __future__ import annotations

import re

from ..ir.attributes import (Attribute, DenseArrayAttr, DenseElementsAttr, DialectAttr, IntegerAttr, TypeAttr,
                             UnitAttr)
from ..ir.lexer import BARE, EOF, INTEGER
from ..ir.types import IntegerType
from ..records import dataclass

# --- attribute kinds: how an attribute prints inside a format and parses back -----------------


class Full:
    """The attribute as it prints anywhere (`dense<1> : tensor<1xi8>`, `1.0 : f32`)."""

    def print(self, p, a: Attribute) -> None:
        if isinstance(a, DenseElementsAttr):
            for chunk in a.chunks():
                p.out.write(chunk)
        else:
            p.out.write(p.attr(a))

    def parse(self, p) -> Attribute:
        return p.parse_attribute()

    def at(self, p) -> bool:
        return not p.at(":") and not p.at("{") and not p.at(EOF)


@dataclass(frozen=True)
class Int:
    """An integer whose type the op fixes (ODS's I32Attr/I64Attr): `4` for `4 : i32`."""

    type: object

    def print(self, p, a) -> None:
        p.out.write(str(int(a.value)))

    def parse(self, p) -> Attribute:
        return IntegerAttr(p.parse_integer("(an integer attribute)"), self.type)

    def at(self, p) -> bool:
        return p.at(INTEGER) or p.at("-")


class Bool:
    def print(self, p, a) -> None:
        p.out.write("true" if a.value else "false")

    def parse(self, p) -> Attribute:
        tok = p.tok
        word = p.advance().spelling if p.at(BARE) else ""
        if word not in ("true", "false"):
            raise p.expected("'true' or 'false'", tok)
        return IntegerAttr(int(word == "true"), IntegerType(1))

    def at(self, p) -> bool:
        return p.at_keyword("true", "false")


@dataclass(frozen=True)
class Array:
    """A dense array of the element type the op fixes (DenseI64ArrayAttr): `[1, 2]`."""

    element_type: object

    def print(self, p, a) -> None:
        p.out.write("[" + ", ".join(str(int(v)) for v in a.value) + "]")

    def parse(self, p) -> Attribute:
        values = p.parse_list("[", "]", lambda: p.parse_integer("(an array element)"), "in array")
        return DenseArrayAttr(self.element_type, tuple(values))

    def at(self, p) -> bool:
        return p.at("[")


class TypeKind:
    """A TypeAttr, written as its type."""

    def print(self, p, a) -> None:
        p.out.write(p.type(a.value))

    def parse(self, p) -> Attribute:
        return TypeAttr(p.parse_type())

    def at(self, p) -> bool:
        return p.at_type()


@dataclass(frozen=True)
class Enum:
    """A dialect enum attribute without its prefix: `<DOUBLE_ROUND>` for
    `#tosa.rounding_mode<DOUBLE_ROUND>` (`fastmath<fast>`'s `<fast>`)."""

    dialect: str
    mnemonic: str
    default: str | None = None  # a default-valued attribute: its optional group is left out at this value

    def print(self, p, a) -> None:
        p.out.write(f"<{a.body}>")

    def is_default(self, a) -> bool:
        return self.default is not None and getattr(a, "body", None) == self.default

    def parse(self, p) -> Attribute:
        open_ = p.expect("<")
        depth = 1
        while True:
            tok = p.advance()
            if tok.kind == EOF:
                raise p.error(f"unterminated {self.mnemonic}<...>", open_)
            depth += {"<": 1, ">": -1}.get(tok.kind, 0)
            if depth == 0:
                break
        return DialectAttr(self.dialect, self.mnemonic, p.lexer.text[open_.end:tok.start].strip())

    def at(self, p) -> bool:
        return p.at("<")


@dataclass(frozen=True)
class Keyword:
    """An integer enum written as its keyword (arith.cmpi's `slt` for predicate 2 : i64)."""

    words: tuple

    def print(self, p, a) -> None:
        p.out.write(self.words[int(a.value)])

    def parse(self, p) -> Attribute:
        tok = p.tok
        if not (p.at(BARE) and tok.spelling in self.words):
            raise p.expected(f"a predicate ({', '.join(self.words)})", tok)
        p.advance()
        return IntegerAttr(self.words.index(tok.spelling), IntegerType(64))

    def at(self, p) -> bool:
        return p.at(BARE) and p.tok.spelling in self.words

    def can_print(self, a) -> bool:
        return isinstance(a, IntegerAttr) and 0 <= int(a.value) < len(self.words)


class Symbol:
    def print(self, p, a) -> None:
        p.out.write(str(a))

    def parse(self, p) -> Attribute:
        return p.parse_symbol_ref()

    def at(self, p) -> bool:
        return p.at("at_identifier")


def fits(kind, a: Attribute) -> bool:
    """Whether `kind` prints `a` so that parsing gives `a` back."""
    if isinstance(kind, Int):
        return isinstance(a, IntegerAttr) and a.type == kind.type
    if isinstance(kind, Bool):
        return isinstance(a, IntegerAttr) and a.type == IntegerType(1)
    if isinstance(kind, Array):
        return isinstance(a, DenseArrayAttr) and a.element_type == kind.element_type
    if isinstance(kind, Enum):
        return isinstance(a, DialectAttr) and (a.dialect, a.mnemonic) == (kind.dialect, kind.mnemonic)
    if isinstance(kind, Keyword):
        return kind.can_print(a)
    if isinstance(kind, Symbol):
        return type(a).__name__ == "SymbolRefAttr"
    if hasattr(kind, "fits"):  # a kind declared next to its op
        return kind.fits(a)
    return not isinstance(a, UnitAttr)


FULL, BOOL, TYPE, SYMBOL = Full(), Bool(), TypeKind(), Symbol()


# --- the format's elements ----------------------------------------------------------------


@dataclass
class Literal:
    text: str


@dataclass
class Var:
    name: str
    anchor: bool = False


@dataclass
class TypeOf:
    name: str  # an operand or result group, "operands" or "results"


@dataclass
class FunctionalType:
    pass


@dataclass
class AttrDict:
    keyword: bool


@dataclass
class Group:
    elements: list
    anchor: str


_TOKENS = re.compile(r"`[^`]*`|\$\w+\^?|type\(\$?\w+\)|functional-type\(operands, results\)"
                     r"|attr-dict-with-keyword|attr-dict|operands|\)\?|\(")


_COMPILED: dict[str, list] = {}


def compile_format(text: str) -> list:
    """The elements of format `text`, parsed once per text: ~100 `declare` calls give ~160 op
    names few distinct formats (`$lhs `,` $rhs attr-dict `:` type($result)` ...). The list
    and its elements are shared by the formats that spell `text`, and never changed."""
    elements = _COMPILED.get(text)
    if elements is None:
        elements = _COMPILED[text] = _parse(text)
    return elements


def _parse(text: str) -> list:
    stack: list[list] = [[]]
    pos = 0
    for m in _TOKENS.finditer(text):
        assert not text[pos:m.start()].strip(), f"bad format near {text[pos:]!r}"
        pos = m.end()
        tok = m.group()
        if tok.startswith("`"):
            stack[-1].append(Literal(tok[1:-1]))
        elif tok.startswith("$"):
            stack[-1].append(Var(tok[1:].rstrip("^"), tok.endswith("^")))
        elif tok.startswith("type("):
            stack[-1].append(TypeOf(tok[5:-1].lstrip("$")))
        elif tok.startswith("functional-type"):
            stack[-1].append(FunctionalType())
        elif tok.startswith("attr-dict"):
            stack[-1].append(AttrDict(tok == "attr-dict-with-keyword"))
        elif tok == "operands":
            stack[-1].append(Var("operands"))
        elif tok == "(":
            stack.append([])
        else:  # ")?"
            elements = stack.pop()
            anchor = next(e.name for e in walk(elements) if isinstance(e, Var) and e.anchor)
            stack[-1].append(Group(elements, anchor))
    assert not text[pos:].strip() and len(stack) == 1, f"bad format {text!r}"
    return stack[0]


def walk(elements):
    for e in elements:
        yield e
        if isinstance(e, Group):
            yield from walk(e.elements)


NO_SPACE_BEFORE = set("()[]<>{},")
NO_SPACE_AFTER = set("([<{")
