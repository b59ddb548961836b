"""Attributes and locations (MLIR's AttributeParser.cpp and LocationParser.cpp).

Dense element literals are in `dense_parser.py`.
"""
from __future__ import annotations


from . import affine
from ..records import dataclass
from .attributes import (ArrayAttr, Attribute, BoolAttr, DenseArrayAttr, DialectAttr,
                         DictionaryAttr, FloatAttr, IntegerAttr, OpaqueAttr, StringAttr,
                         SymbolRefAttr, TypeAttr, UnitAttr)
from .dense_parser import DenseParser, element_integer, float_value
from .type_parser import DIALECT_NAMESPACE
from .lexer import AT, BARE, FLOAT, HASH, INTEGER, STRING, Token, integer_value, unescape
from .location import UNKNOWN, FileLineColLoc, FusedLoc, Location, NameLoc
from .types import FloatType, IndexType, IntegerType, Type


@dataclass(frozen=True)
class DeferredLoc(Location):
    """`loc(#name)` before `#name = loc(...)`; replaced once the file is parsed."""

    alias: str
    pos: int


class AttributeParser(DenseParser):
    def parse_attribute(self) -> Attribute:
        tok = self.tok
        kind = tok.kind
        if kind == "[":
            return ArrayAttr(tuple(self.parse_list("[", "]", self.parse_attribute, "in array attribute")))
        if kind == "{":
            return DictionaryAttr(tuple(self.parse_attr_dict().items()))
        if kind in (INTEGER, FLOAT, "-"):
            return self._parse_number_attr()
        if kind == STRING:
            self.advance()
            return StringAttr(unescape(tok, self.lexer))
        if kind == AT:
            return self.parse_symbol_ref()
        if kind == HASH:
            return self._parse_hash_attr()
        if kind == BARE:
            word = tok.spelling
            if word in ("true", "false"):
                self.advance()
                return BoolAttr(word == "true")
            if word == "unit":
                self.advance()
                return UnitAttr()
            if word == "dense":
                return self.parse_dense_elements()
            if word == "array":
                return self._parse_dense_array()
            if word == "affine_map":
                return self._parse_affine_map()
            if word == "loc":
                raise self.error("locations are only supported after ops, block arguments and "
                                 "in '#alias = loc(...)' definitions")
        if self.at_type():
            return TypeAttr(self.parse_type())
        raise self.expected("an attribute value")

    def parse_attr_dict(self) -> dict[str, Attribute]:
        """`{name = value, unit_name, "quoted name" = value}`, in written order."""
        attrs: dict[str, Attribute] = {}

        def entry():
            tok = self.tok
            if tok.kind == BARE:
                name = self.advance().spelling
            elif tok.kind == STRING:
                name = self.parse_string("(an attribute name)")
            else:
                raise self.expected("an attribute name")
            if name in attrs:
                raise self.error(f"duplicate key '{name}' in dictionary attribute", tok)
            attrs[name] = self.parse_attribute() if self.consume_if("=") else UnitAttr()

        self.parse_list("{", "}", entry, "in attribute dictionary")
        return attrs

    def parse_optional_attr_dict(self) -> dict[str, Attribute]:
        return self.parse_attr_dict() if self.at("{") else {}

    def parse_optional_attr_dict_with_keyword(self) -> dict[str, Attribute]:
        """`attributes {...}`, as custom op forms write extra attributes."""
        return self.parse_attr_dict() if self.consume_keyword_if("attributes") else {}

    def parse_symbol_ref(self) -> SymbolRefAttr:
        """`@root` or `@root::@nested::@leaf`."""
        root = self.parse_symbol_name()
        nested = []
        while self.at(":") and self.peek().kind == ":":
            self.advance()
            self.advance()
            nested.append(self.parse_symbol_name())
        return SymbolRefAttr(root, tuple(nested))

    # --- scalars ------------------------------------------------------------------
    def _parse_number_attr(self) -> Attribute:
        start = self.tok
        negative = self.consume_if("-") is not None
        tok = self.tok
        if tok.kind not in (INTEGER, FLOAT):
            raise self.expected("an integer or float literal")
        self.advance()
        t = self.parse_type() if self.consume_if(":") else None
        if tok.kind == FLOAT or isinstance(t, FloatType):
            t = t or FloatType("f64")
            if not isinstance(t, FloatType):
                raise self.error(f"floating point value not valid for type {t}", start)
            return FloatAttr(float(float_value(self, tok, negative, t)), t)
        t = t or IntegerType(64)
        if not isinstance(t, (IntegerType, IndexType)):
            raise self.error(f"integer literal not valid for type {t}", start)
        return IntegerAttr(element_integer(self, tok, negative, t), t)

    # --- `#` attributes -------------------------------------------------------------
    def _parse_hash_attr(self) -> Attribute:
        tok = self.advance()
        name = tok.spelling
        dialect, dot, mnemonic = name.partition(".")
        if dot and not DIALECT_NAMESPACE.fullmatch(dialect):
            raise self.error(f"invalid dialect namespace '{dialect}'", tok)
        if self.adjacent(tok, "<"):
            end = self.lexer.balanced_end(tok.end)
            body = self.lexer.text[tok.end + 1:end - 1]
            self.reset(end)
            if not dot:  # `#foo<...>`: opaque syntax, kept verbatim
                return OpaqueAttr(f"#{name}<{body}>")
            # whitespace inside the body is not significant: keep one spelling of it
            return DialectAttr(dialect, mnemonic, " ".join(body.split()))
        if dot:
            return OpaqueAttr(f"#{name}")
        value = self._attribute_alias(tok)
        if isinstance(value, Location):
            raise self.error(f"'#{name}' is a location, not an attribute", tok)
        return value

    def _attribute_alias(self, tok: Token):
        if tok.spelling not in self.symbols.attribute_aliases:
            raise self.error(f"undefined symbol alias id '{tok.spelling}'", tok)
        return self.symbols.attribute_aliases[tok.spelling]

    # --- array<...> and affine_map<...> ----------------------------------------------
    def _parse_dense_array(self) -> DenseArrayAttr:
        self.advance()
        self.expect("<", "after 'array'")
        type_tok = self.tok
        t = self.parse_type()
        if not (isinstance(t, IntegerType) and t.width in (1, 8, 16, 32, 64)
                or isinstance(t, FloatType) and t.name in ("f32", "f64")):
            raise self.error(f"invalid element type for array attribute: {t}", type_tok)
        values = []
        if self.consume_if(":"):
            values = self.parse_list(None, None, lambda: self._parse_array_element(t), "")
        self.expect(">", "to end the array attribute")
        return DenseArrayAttr(t, tuple(values))

    def _parse_array_element(self, t: Type):
        if isinstance(t, IntegerType) and t.width == 1 and self.at_keyword("true", "false"):
            return self.advance().spelling == "true"
        negative = self.consume_if("-") is not None
        tok = self.tok
        if tok.kind not in (INTEGER, FLOAT):
            raise self.expected("an integer or float literal in array attribute")
        self.advance()
        if isinstance(t, FloatType):
            return float(float_value(self, tok, negative, t))
        if tok.kind == FLOAT:
            raise self.error("expected integer elements, but parsed floating-point", tok)
        return element_integer(self, tok, negative, t)

    def _parse_affine_map(self) -> affine.AffineMapAttr:
        """The maps linalg.generic needs: results are dims, constants and `dN floordiv K`."""
        self.advance()
        self.expect("<", "after 'affine_map'")
        dims: list[str] = []

        def dim_name():
            tok = self.expect(BARE, "(a dimension name)")
            if tok.spelling in dims:
                raise self.error(f"redefinition of identifier '{tok.spelling}'", tok)
            dims.append(tok.spelling)

        self.parse_list("(", ")", dim_name, "in dimension list")
        if self.at("["):
            raise self.error("affine maps with symbols are not supported by tfl2quant")
        self.expect("->", "in affine map")
        results = self.parse_list("(", ")", lambda: self._parse_affine_expr(dims), "in affine map results")
        self.expect(">", "to end the affine map")
        return affine.AffineMapAttr(affine.AffineMap(len(dims), tuple(results)))

    def _parse_affine_expr(self, dims: list[str]) -> affine.AffineExpr:
        tok = self.tok
        if tok.kind == BARE and tok.spelling in dims:
            self.advance()
            expr = affine.dim(dims.index(tok.spelling))
            if self.consume_keyword_if("floordiv"):
                div_tok = self.tok
                divisor = self.parse_integer("after 'floordiv'")
                if divisor <= 0:
                    raise self.error("the divisor of 'floordiv' must be a positive constant", div_tok)
                expr = affine.floordiv(expr.value, divisor)
        elif tok.kind in (INTEGER, "-"):
            expr = affine.const(self.parse_integer("(an affine constant)"))
        else:
            raise self.expected("an affine expression (a dimension or a constant)")
        if not (self.at(",") or self.at(")")):
            raise self.error("unsupported affine expression: tfl2quant supports dimensions, "
                             "constants and 'dN floordiv K'")
        return expr

    # --- locations ------------------------------------------------------------------
    def parse_optional_location(self) -> Location | None:
        """A trailing `loc(...)` of an op or argument, if there is one."""
        return self.parse_location(allow_deferred=True) if self.at_keyword("loc") else None

    def parse_location(self, allow_deferred: bool = False) -> Location:
        """`loc(...)`; as in MLIR, only a trailing `loc(#alias)` may precede the alias."""
        self.expect_keyword("loc")
        self.expect("(", "in location")
        tok = self.tok
        if allow_deferred and tok.kind == HASH and tok.spelling not in self.symbols.attribute_aliases:
            self.advance()
            self.symbols.has_deferred_locations = True
            loc = DeferredLoc(tok.spelling, tok.start)
        else:
            loc = self._parse_location_body()
        self.expect(")", "to end the location")
        return loc

    def _parse_location_body(self) -> Location:
        tok = self.tok
        if self.consume_keyword_if("unknown"):
            return UNKNOWN
        if self.consume_keyword_if("fused"):
            if self.at("<"):
                raise self.error("fused location metadata is not supported by tfl2quant")
            return FusedLoc(tuple(self.parse_list("[", "]", self._parse_location_body, "in fused location")))
        if self.at_keyword("callsite"):
            raise self.error("callsite locations are not supported by tfl2quant")
        if tok.kind == STRING:
            name = self.parse_string("(a location)")
            if self.consume_if(":"):
                line = self.expect(INTEGER, "(the line of a file location)")
                self.expect(":", "after the line of a file location")
                col = self.expect(INTEGER, "(the column of a file location)")
                return FileLineColLoc(name, integer_value(line), integer_value(col))
            if self.consume_if("("):
                child = self._parse_location_body()
                self.expect(")", "after the child of a name location")
                return NameLoc(name, child)
            return NameLoc(name)
        if tok.kind == HASH:
            self.advance()
            value = self._attribute_alias(tok)
            if not isinstance(value, Location):
                raise self.error(f"expected a location, '#{tok.spelling}' is an attribute", tok)
            return value
        raise self.expected("a location")

