"""MLIR's lexical structure (LangRef "Lexical Structure"), for the text parser.

Tokens are produced on demand from a position rather than all at once:
MLIR's grammar needs to re-lex in two places, `2x3xf32` in dimension lists
(where `x3xf32` lexes as one identifier) and the verbatim bodies of dialect
types and attributes we keep as text (`!foo.bar<...>`).
"""
from __future__ import annotations

import bisect
import re
from typing import NamedTuple

from ..errors import Tfl2QuantError

# Token kinds; punctuation tokens use their spelling as kind ("(", "->", ...).
BARE = "bare_identifier"      # i32, func.func, x3xf32, dense
PERCENT = "percent_identifier"  # %0, %arg0
CARET = "caret_identifier"    # ^bb0
AT = "at_identifier"          # @sym, @"quoted sym"
HASH = "hash_identifier"      # #map, #tosa.rounding_mode, #1 (result number)
BANG = "exclamation_identifier"  # !q0, !quant.uniform
INTEGER = "integer"
FLOAT = "float"
STRING = "string"
EOF = "eof"

_SUFFIX_ID = r"(?:[0-9]+|[A-Za-z_$.\-][A-Za-z0-9_$.\-]*)"
_STRING_LITERAL = r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"'  # unrolled: fast on megabyte hex strings
_PUNCT = r"\{-\#|\#-\}|->|\.\.\.|[()\[\]{}<>:,=?*+\-|]"
# The patterns are compiled by the first Lexer (~1.3 ms, the token pattern most of it): `convert`
# imports this module for its token kinds (the dialects' assembly formats name them) but
# reads no MLIR text. lex(), balanced_end() and unescape() run only with a Lexer made.
_TOKEN = _STRING = _SKIP = _ESCAPE = None


def _compile() -> None:
    global _TOKEN, _STRING, _SKIP, _ESCAPE
    _TOKEN = re.compile(
        rf"""(?P<punct>{_PUNCT})
          | (?P<{BARE}>[A-Za-z_][A-Za-z0-9_$.]*)
          | %(?P<{PERCENT}>{_SUFFIX_ID})
          | \^(?P<{CARET}>{_SUFFIX_ID})
          | @(?P<{AT}>[A-Za-z_][A-Za-z0-9_$.]*|{_STRING_LITERAL})
          | \#(?P<{HASH}>{_SUFFIX_ID})
          | !(?P<{BANG}>{_SUFFIX_ID})
          | (?P<{FLOAT}>[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?)
          | (?P<{INTEGER}>0x[0-9A-Fa-f]+|[0-9]+)
          | (?P<{STRING}>{_STRING_LITERAL})
        """, re.VERBOSE)
    _STRING = re.compile(_STRING_LITERAL)
    _SKIP = re.compile(r"(?:\s+|//[^\n]*)*")
    _ESCAPE = re.compile(r"\\(?:([\\\"])|([nt])|([0-9A-Fa-f]{2})|(.?))", re.DOTALL)


class Token(NamedTuple):
    kind: str
    spelling: str  # the token's text as written (identifiers without their sigil)
    start: int     # offset of the first character, sigil included
    end: int


class Lexer:
    def __init__(self, text: str, filename: str, first_line: int = 1):
        self.text = text
        self.filename = filename
        self.first_line = first_line
        if _TOKEN is None:
            _compile()
        self._line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def where(self, pos: int) -> str:
        """`file:line:col` of offset `pos` (1-based, like mlir-opt)."""
        line, col = self.line_col(pos)
        return f"{self.filename}:{line}:{col}"

    def line_col(self, pos: int) -> tuple[int, int]:
        k = bisect.bisect_right(self._line_starts, pos) - 1
        return self.first_line + k, pos - self._line_starts[k] + 1

    def error(self, message: str, pos: int) -> Tfl2QuantError:
        return Tfl2QuantError(message, self.where(pos))

    def lex(self, pos: int) -> Token:
        """The token at or after `pos` (skipping whitespace and comments)."""
        pos = _SKIP.match(self.text, pos).end()
        if pos >= len(self.text):
            return Token(EOF, "", len(self.text), len(self.text))
        m = _TOKEN.match(self.text, pos)
        if m is None:
            raise self._bad_token(pos)
        kind = m.lastgroup
        spelling = m.group(kind)
        return Token(spelling if kind == "punct" else kind, spelling, pos, m.end())

    def _bad_token(self, pos: int) -> Tfl2QuantError:
        c = self.text[pos]
        if c == '"' or self.text.startswith('@"', pos):
            return self.error("expected '\"' in string literal", pos)
        if c in "%^#!@":
            return self.error(f"expected an identifier after '{c}'", pos)
        return self.error(f"unexpected character {c!r}", pos)

    def balanced_end(self, pos: int) -> int:
        """The offset just past the `>` matching the `<` at `pos`.

        Brackets of every kind must nest and strings may hold anything, as in
        MLIR's lexing of dialect symbol bodies; the `>` of `->` closes nothing. A
        closing bracket that does not match, or the end of the input, is an error
        naming the innermost open bracket, at the `<` (upstream's wording,
        Parser/DialectSymbolParser.cpp).
        """
        closing = {"<": ">", "(": ")", "[": "]", "{": "}"}
        stack = []
        text = self.text
        k = pos
        while k < len(text):
            c = text[k]
            if c == '"':
                m = _STRING.match(text, k)
                if m is None:
                    raise self.error("expected '\"' in string literal", k)
                k = m.end()
                continue
            if c in closing:
                stack.append(c)
            elif c in ">)]}" and not (c == ">" and text[k - 1] == "-"):
                if closing[stack[-1]] != c:
                    break
                stack.pop()
                if not stack:
                    return k + 1
            k += 1
        raise self.error(f"unbalanced '{stack[-1]}' character in pretty dialect name", pos)


def integer_value(tok: Token) -> int:
    """The value of an integer token: decimal (leading zeros allowed) or `0x` hex."""
    return int(tok.spelling, 16) if tok.spelling.startswith("0x") else int(tok.spelling)


def unescape(token: Token, lexer: Lexer) -> str | bytes:
    """The value of a string literal: `\\"`, `\\\\`, `\\n`, `\\t` and `\\XX` hex bytes.

    Returns `str` when the bytes are UTF-8 (always, in practice); arbitrary
    bytes are legal in MLIR strings, so other data stays `bytes`.
    """
    body = token.spelling[1:-1]  # `@"..."` symbols too: their spelling has no `@`
    out = bytearray()
    last = 0
    for m in _ESCAPE.finditer(body):
        out += body[last:m.start()].encode("utf-8")
        quote, letter, hexbyte, bad = m.groups()
        if bad is not None:
            raise lexer.error("unknown escape in string literal", token.end - 1 - len(body) + m.start())
        out += (quote.encode() if quote else b"\n" if letter == "n" else b"\t" if letter == "t"
                else bytes([int(hexbyte, 16)]))
        last = m.end()
    out += body[last:].encode("utf-8")
    try:
        return out.decode("utf-8")
    except UnicodeDecodeError:
        return bytes(out)
