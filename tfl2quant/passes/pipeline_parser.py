"""Pipeline text in mlir-opt's syntax to passes, with mlir-opt's pipeline parser's diagnostics.

    builtin.module(canonicalize{max-iterations=3}, func.func(cse), lower-quant-ops)

Every pass here runs on the whole module, so an anchor (`builtin.module(...)`, `func.func(...)`,
`any(...)`) only groups its passes: they run in the order written. The outer
`builtin.module(...)` is optional. A malformed pipeline is one error naming the column, in the
words of upstream's TextualPipeline parser (mlir/lib/Pass/PassRegistry.cpp): an unclosed `(`,
an extra `)`, an unclosed `{`, a missing `,`, a name that is no pass.
"""
from __future__ import annotations

import re

from ..errors import Tfl2QuantError
from .pass_base import PASSES, ModulePass

ANCHORS = ("builtin.module", "func.func", "any")
_NAME = re.compile(r"[A-Za-z0-9_.\-]+")


class _Parser:
    def __init__(self, text: str):
        self.text, self.pos = text, 0

    def error(self, message: str, pos: int) -> Tfl2QuantError:
        return Tfl2QuantError(f"pass pipeline '{self.text}', column {pos + 1}: {message}")

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def at(self, char: str) -> bool:
        return self.text.startswith(char, self.pos)

    def elements(self, opened_at: int | None) -> list[ModulePass]:
        """`element, element, ...` up to the `)` closing the `(` at `opened_at` (None: the end)."""
        passes: list[ModulePass] = []
        while True:
            self.skip_space()
            if opened_at is not None and self.at(")") and not passes:
                break  # an empty nested pipeline, `builtin.module()`
            passes += self.element()
            self.skip_space()
            if self.at(","):
                self.pos += 1
                continue
            break
        if opened_at is None:
            if self.at(")"):
                raise self.error("encountered extra closing ')' creating unbalanced parentheses while "
                                 "parsing pipeline", self.pos)
            if self.pos < len(self.text):
                raise self.error("expected ',' after parsing pipeline", self.pos)
            return passes
        if not self.at(")"):
            if self.pos >= len(self.text):
                raise self.error("encountered unbalanced parentheses while parsing pipeline: this '(' is "
                                 "never closed", opened_at)
            raise self.error("expected ',' after parsing pipeline", self.pos)
        self.pos += 1
        return passes

    def element(self) -> list[ModulePass]:
        start = self.pos
        m = _NAME.match(self.text, self.pos)
        if m is None:
            end = min((k for k in (self.text.find(c, self.pos) for c in ",(){}") if k >= 0), default=len(self.text))
            raise self.error(f"'{self.text[start:end].strip()}' does not refer to a registered pass or pass "
                             "pipeline", start)
        name, self.pos = m.group(), m.end()
        self.skip_space()
        if self.at("("):
            if name not in ANCHORS:
                raise self.error(f"can't run '{name}' pass manager: the anchors are {', '.join(ANCHORS)}", start)
            opened_at = self.pos
            self.pos += 1
            return self.elements(opened_at)
        cls = PASSES.get(name)
        if cls is None:
            raise self.error(f"'{name}' does not refer to a registered pass or pass pipeline "
                             f"(known: {', '.join(sorted(PASSES))})", start)
        options: dict[str, str | None] = {}
        if self.at("{"):
            close = self.text.find("}", self.pos)
            if close < 0:
                raise self.error("missing closing '}' while processing pass options", self.pos)
            for kv in self.text[self.pos + 1:close].split():
                key, eq, value = kv.partition("=")
                options[key] = value if eq else None
            self.pos = close + 1
        return [cls.from_options(options)]


def parse_pipeline(text: str) -> list[ModulePass]:
    """`builtin.module(canonicalize, lower-quant-ops{rounding=half-to-even})` -> passes."""
    if not text.strip():
        return []
    return _Parser(text).elements(None)
