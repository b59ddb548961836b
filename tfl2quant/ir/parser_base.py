"""The token-level machinery every part of the MLIR parser shares.

Errors are `Tfl2QuantError`s located at `file:line:col` that say what was
expected and what was found, one line each, as mlir-opt reports them.
"""
from __future__ import annotations

from typing import Callable, TypeVar

from ..errors import Tfl2QuantError
from .lexer import (AT, BANG, BARE, CARET, EOF, HASH, INTEGER, PERCENT, STRING, Lexer, Token,
                    integer_value, unescape)

T = TypeVar("T")


class SymbolState:
    """What one file defines for all its parts: `!alias = type` and `#alias = attr`.

    Attribute aliases may also name locations (`#loc = loc(...)`), which MLIR
    lets ops reference before the definition (printers emit them last).
    """

    def __init__(self):
        self.type_aliases: dict = {}
        self.attribute_aliases: dict = {}
        self.has_deferred_locations = False


_KIND_NAMES = {INTEGER: "an integer", STRING: "a string", PERCENT: "an SSA value name",
               CARET: "a block name", AT: "a symbol name", BARE: "an identifier",
               EOF: "end of input"}
_SIGILS = {PERCENT: "%", CARET: "^", HASH: "#", BANG: "!", AT: "@"}


def describe(tok: Token) -> str:
    """How an error message names the token that was found."""
    if tok.kind == EOF:
        return "end of input"
    text = _SIGILS.get(tok.kind, "") + tok.spelling
    return repr(text) if len(text) <= 40 else repr(text[:37] + "...")


class ParserBase:
    def __init__(self, lexer: Lexer, symbols: SymbolState):
        self.lexer = lexer
        self.symbols = symbols
        self.tok = lexer.lex(0)

    # --- tokens -------------------------------------------------------------------
    def advance(self) -> Token:
        """Consume the current token and return it."""
        tok = self.tok
        self.tok = self.lexer.lex(tok.end)
        return tok

    def reset(self, pos: int) -> None:
        """Re-lex from offset `pos` (splitting a token MLIR's grammar splits)."""
        self.tok = self.lexer.lex(pos)

    def peek(self) -> Token:
        """The token after the current one."""
        return self.lexer.lex(self.tok.end)

    def at(self, kind: str) -> bool:
        return self.tok.kind == kind

    def at_keyword(self, *words: str) -> bool:
        return self.tok.kind == BARE and self.tok.spelling in words

    def consume_if(self, kind: str) -> Token | None:
        return self.advance() if self.tok.kind == kind else None

    def consume_keyword_if(self, word: str) -> bool:
        if self.at_keyword(word):
            self.advance()
            return True
        return False

    def expect(self, kind: str, context: str = "") -> Token:
        """Consume a token of `kind` (punctuation or identifier kind) or fail."""
        if self.tok.kind != kind:
            what = _KIND_NAMES.get(kind, f"'{kind}'")
            raise self.expected(f"{what} {context}" if context else what)
        return self.advance()

    def expect_keyword(self, word: str) -> Token:
        if not self.at_keyword(word):
            raise self.expected(f"'{word}'")
        return self.advance()

    def adjacent(self, tok: Token, char: str) -> bool:
        """Whether `char` follows `tok` with no space (`!foo.bar<` vs `!foo.bar <`)."""
        return self.lexer.text.startswith(char, tok.end)

    # --- errors -------------------------------------------------------------------
    def error(self, message: str, tok: Token | None = None) -> Tfl2QuantError:
        """An error located at `tok` (default: the current token)."""
        return self.lexer.error(message, (tok or self.tok).start)

    def expected(self, what: str, tok: Token | None = None) -> Tfl2QuantError:
        tok = tok or self.tok
        return self.error(f"expected {what}, found {describe(tok)}", tok)

    # --- common pieces -----------------------------------------------------------
    def parse_list(self, open_: str | None, close: str | None, element: Callable[[], T],
                   context: str) -> list[T]:
        """`open element, element, ... close`; empty if `close` follows `open`.

        Without delimiters the list has at least one element.
        """
        if open_ is not None:
            self.expect(open_, context)
            if self.consume_if(close):
                return []
        items = [element()]
        while self.consume_if(","):
            items.append(element())
        if close is not None:
            self.expect(close, context)
        return items

    def parse_integer(self, context: str) -> int:
        """A decimal or hex integer, optionally negative."""
        negative = self.consume_if("-") is not None
        tok = self.expect(INTEGER, context)
        value = integer_value(tok)
        return -value if negative else value

    def parse_string(self, context: str) -> str:
        tok = self.expect(STRING, context)
        value = unescape(tok, self.lexer)
        if isinstance(value, bytes):
            raise self.error("expected a UTF-8 string", tok)
        return value

    def parse_symbol_name(self) -> str:
        """`@name` or `@"any name"`."""
        tok = self.expect(AT)
        if not tok.spelling.startswith('"'):
            return tok.spelling
        value = unescape(tok, self.lexer)
        if isinstance(value, bytes):
            raise self.error("expected a UTF-8 symbol name", tok)
        return value

    def parse_optional_symbol_name(self) -> str | None:
        return self.parse_symbol_name() if self.at(AT) else None
