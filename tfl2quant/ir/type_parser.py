"""Types: builtin ones, aliases, the types of registered dialects, other dialects as text.

Follows MLIR's TypeParser.cpp. A dialect we model reads its own `!ns.*` types with the
parser it registered (`register_dialect_types` in types.py: `!quant.*` in
dialects/quant/syntax.py, `!tosa.shape` in dialects/tosa.py).
"""
from __future__ import annotations

import re
import struct

from .lexer import BANG, BARE, FLOAT, INTEGER, Token
from .parser_base import ParserBase
from .types import (DIALECT_TYPES, FLOAT_WIDTHS, MAX_INTEGER_WIDTH, SIGNED, SIGNLESS, UNSIGNED, ComplexType,
                    FloatType, FunctionType, IndexType, IntegerType, NoneType, OpaqueType, RankedTensorType,
                    Type, UnrankedTensorType)

_INTEGER_TYPE = re.compile(r"(s|u)?i([0-9]+)")
# Builtin types MLIR has that we do not model: a clear error beats "expected type".
_UNSUPPORTED = {"vector", "memref", "tuple", "f80", "f128", "tf32", "f8E4M3", "f8E4M3B11FNUZ", "f8E3M4",
                "f8E8M0FNU"}
_MAX_DIMENSION = (1 << 63) - 1
DIALECT_NAMESPACE = re.compile(r"[A-Za-z_][A-Za-z0-9_$]*")


class TypeParser(ParserBase):
    def at_type(self) -> bool:
        """Whether the current token can start a type."""
        tok = self.tok
        if tok.kind in (BANG, "("):
            return True
        return tok.kind == BARE and (
            tok.spelling in FLOAT_WIDTHS or tok.spelling in _UNSUPPORTED
            or tok.spelling in ("index", "none", "complex", "tensor")
            or _INTEGER_TYPE.fullmatch(tok.spelling) is not None)

    def parse_type(self) -> Type:
        if self.at("("):
            return self.parse_function_type()
        return self.parse_non_function_type()

    def parse_colon_type(self) -> Type:
        self.expect(":", "followed by a type")
        return self.parse_type()

    def parse_type_list_parens(self) -> tuple:
        return tuple(self.parse_list("(", ")", self.parse_type, "in type list"))

    def parse_function_type(self) -> FunctionType:
        if not self.at("("):
            raise self.expected("a function type")
        inputs = self.parse_type_list_parens()
        self.expect("->", "in function type")
        return FunctionType(inputs, self._parse_function_result_types())

    def _parse_function_result_types(self) -> tuple:
        """`(t1, t2)` or a single non-function type."""
        if self.at("("):
            return self.parse_type_list_parens()
        return (self.parse_non_function_type(),)

    def parse_non_function_type(self) -> Type:
        tok = self.tok
        if tok.kind == BANG:
            return self._parse_extended_type()
        if tok.kind != BARE:
            raise self.expected("non-function type")
        word = tok.spelling
        m = _INTEGER_TYPE.fullmatch(word)
        if m is not None:
            width = int(m.group(2))
            if width > MAX_INTEGER_WIDTH:
                raise self.error(f"integer bitwidth is limited to {MAX_INTEGER_WIDTH} bits", tok)
            self.advance()
            return IntegerType(width, {"s": SIGNED, "u": UNSIGNED}.get(m.group(1), SIGNLESS))
        if word in FLOAT_WIDTHS:
            self.advance()
            return FloatType(word)
        if word in ("index", "none"):
            self.advance()
            return IndexType() if word == "index" else NoneType()
        if word == "tensor":
            return self._parse_tensor_type()
        if word == "complex":
            return self._parse_complex_type()
        if word in _UNSUPPORTED:
            raise self.error(f"'{word}' types are not supported by tfl2quant", tok)
        raise self.expected("non-function type")

    # --- builtin container types ------------------------------------------------------
    def _parse_complex_type(self) -> ComplexType:
        self.advance()
        self.expect("<", "in complex type")
        tok = self.tok
        element = self.parse_type()
        if not isinstance(element, (IntegerType, FloatType)):
            raise self.error(f"invalid element type for complex: {element}", tok)
        self.expect(">", "in complex type")
        return ComplexType(element)

    def _parse_tensor_type(self) -> Type:
        self.advance()
        self.expect("<", "in tensor type")
        if self.consume_if("*"):
            self._parse_x_in_dimension_list()
            element = self._parse_tensor_element_type()
            self.expect(">", "in tensor type")
            return UnrankedTensorType(element)
        shape = []
        while self.at("?") or self.at(INTEGER):
            shape.append(None if self.consume_if("?") else self._parse_dimension())
            self._parse_x_in_dimension_list()
        element = self._parse_tensor_element_type()
        if self.at(","):
            raise self.error("tensor encodings are not supported by tfl2quant")
        self.expect(">", "in tensor type")
        return RankedTensorType(tuple(shape), element)

    def _parse_dimension(self) -> int:
        tok = self.tok
        if tok.spelling.startswith("0x"):
            # `0xf32` lexes as a hex integer; MLIR reads it as dimension 0, then `xf32`.
            self.reset(tok.start + 1)
            return 0
        self.advance()
        value = int(tok.spelling)
        if value > _MAX_DIMENSION:
            raise self.error("dimension is too large", tok)
        return value

    def _parse_x_in_dimension_list(self) -> None:
        tok = self.tok
        if tok.kind != BARE or not tok.spelling.startswith("x"):
            raise self.expected("'x' in dimension list")
        self.reset(tok.start + 1)  # `x3xf32` is one identifier token: split off the `x`

    def _parse_tensor_element_type(self) -> Type:
        tok = self.tok
        element = self.parse_type()
        if isinstance(element, (RankedTensorType, UnrankedTensorType, FunctionType, NoneType)):
            raise self.error(f"invalid tensor element type: {element}", tok)
        return element

    # --- `!` types ------------------------------------------------------------------
    def _parse_extended_type(self) -> Type:
        tok = self.advance()
        name = tok.spelling
        dialect, dot, mnemonic = name.partition(".")
        if not dot:
            if self.adjacent(tok, "<"):
                syntax = DIALECT_TYPES.get(name)
                if syntax is not None and syntax.opaque_form:  # `!quant<uniform<...>>`
                    return syntax.parse(self, tok)
                raise self.error(f"opaque dialect type syntax '!{name}<...>' is not supported; "
                                 f"spell it '!{name}.<mnemonic>'", tok)
            if name not in self.symbols.type_aliases:
                raise self.error(f"undefined symbol alias id '{name}'", tok)
            return self.symbols.type_aliases[name]
        if not DIALECT_NAMESPACE.fullmatch(dialect):
            raise self.error(f"invalid dialect namespace '{dialect}'", tok)
        syntax = DIALECT_TYPES.get(dialect)
        if syntax is not None:  # a dialect we model reads its own types (and refuses unknown ones)
            return syntax.parse(self, tok)
        body = ""
        if self.adjacent(tok, "<"):
            end = self.lexer.balanced_end(tok.end)
            body = self.lexer.text[tok.end:end]
            self.reset(end)
        return OpaqueType(dialect, mnemonic + body)

    def expect_adjacent_less(self, tok: Token) -> None:
        """The `<` right after a dialect type's name (`!tosa.shape<`, not `!tosa.shape <`)."""
        if not self.adjacent(tok, "<"):
            raise self.error(f"expected '<' right after '!{tok.spelling}'", self.tok)
        self.advance()

    def parse_float_literal(self, context: str) -> float:
        """A float literal, or a hex integer holding the bits of an IEEE double (MLIR's parseFloat)."""
        negative = self.consume_if("-") is not None
        tok = self.tok
        if tok.kind == FLOAT:
            self.advance()
            value = float(tok.spelling)
            return -value if negative else value
        if tok.kind == INTEGER and tok.spelling.startswith("0x"):
            if negative:
                raise self.error("hexadecimal float literal should not have a leading minus", tok)
            self.advance()
            bits = int(tok.spelling, 16)
            if bits >= 1 << 64:
                raise self.error("hexadecimal float constant out of range for type", tok)
            return struct.unpack("<d", bits.to_bytes(8, "little"))[0]
        if tok.kind == INTEGER:
            raise self.error(DECIMAL_FOR_FLOAT, tok)
        raise self.expected(f"floating point literal {context}")


DECIMAL_FOR_FLOAT = ("unexpected decimal integer literal for a floating point value "
                     "(add a trailing dot to make the literal a float)")
