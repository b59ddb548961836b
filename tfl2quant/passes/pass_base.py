"""Passes: one class per pass, named like its mlir-opt flag; options are fields.

A pipeline is text in mlir-opt's syntax, `builtin.module(canonicalize,
lower-quant-ops{rounding=half-to-even})`, parsed into pass objects whose
`str()` prints the same syntax back (`--dump-pass-pipeline`). `PassManager`
runs a list of passes, verifies after each one (mlir-opt's default
`verify-each`) or, with `verify_each=False`, once after the last, can print
the IR after each, and keeps what a pass returns (legalize-tfl returns its
per-op records).
"""
from __future__ import annotations

import dataclasses
import enum
import typing
from typing import Callable, ClassVar, TextIO

from ..errors import InternalError, Tfl2QuantError, VerificationError
from ..ir.core import Operation, verify
from ..records import dataclass
from ..timing import Timing, scope

PASSES: dict[str, type["ModulePass"]] = {}


@dataclass(frozen=True)
class ModulePass:
    name: ClassVar[str] = ""

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if cls.name:
            PASSES[cls.name] = cls

    def apply(self, module: Operation) -> object:
        """Rewrite `module` in place; a pass may return a result (kept by PassManager)."""
        raise NotImplementedError

    @classmethod
    def from_options(cls, options: dict[str, str | None]) -> "ModulePass":
        """Build from `{key=value ...}` pipeline options (field names with - or _);
        a bare `key` (value None) sets a boolean option, as in mlir-opt."""
        fields = {f.name.replace("_", "-"): f for f in dataclasses.fields(cls)}
        hints = typing.get_type_hints(cls)
        kwargs = {}
        for key, text in options.items():
            field = fields.get(key.replace("_", "-"))
            if field is None:
                raise Tfl2QuantError(
                    f"pass '{cls.name}' has no option '{key}' (options: {', '.join(fields) or 'none'})")
            kind = hints[field.name]
            if typing.get_origin(kind) is typing.Union:  # Optional[X]: None is the option's absence
                kind = next(arg for arg in typing.get_args(kind) if arg is not type(None))
            if text is None and kind is not bool:
                raise Tfl2QuantError(f"pass '{cls.name}': option '{key}' needs a value ({key}=...)")
            kwargs[field.name] = _option_value(cls.name, key, kind, text)
        return cls(**kwargs)

    def __str__(self) -> str:
        # an option marked `printed_at_default=False` shows only when set (mlir-opt's test flags)
        opts = " ".join(f"{f.name.replace('_', '-')}={_print_value(getattr(self, f.name))}"
                        for f in dataclasses.fields(self)
                        if f.metadata.get("printed_at_default", True) or getattr(self, f.name) != f.default)
        return f"{self.name}{{{opts}}}" if opts else self.name


def _option_value(pass_name: str, key: str, kind, text: str | None):
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        try:
            return kind(text)
        except ValueError:
            choices = ", ".join(m.value for m in kind)
            raise Tfl2QuantError(f"pass '{pass_name}': invalid {key}={text!r}; expected one of {choices}") from None
    if kind is bool:
        if text is None or text in ("true", "1"):
            return True
        if text in ("false", "0"):
            return False
        raise Tfl2QuantError(f"pass '{pass_name}': invalid {key}={text!r}; expected true or false")
    if kind is int:
        try:
            return int(text)
        except ValueError:
            raise Tfl2QuantError(f"pass '{pass_name}': invalid {key}={text!r}; expected an integer") from None
    return text


def _print_value(v) -> str:
    return v.value if isinstance(v, enum.Enum) else str(v).lower() if isinstance(v, bool) else str(v)


def pipeline_text(passes: list[ModulePass]) -> str:
    """The pipeline in mlir-opt's syntax (what --dump-pass-pipeline prints)."""
    return "builtin.module(" + ", ".join(str(p) for p in passes) + ")"


def parse_pipeline(text: str) -> list[ModulePass]:
    """`builtin.module(canonicalize, lower-quant-ops{rounding=half-to-even})` -> passes.

    The `builtin.module(...)` wrapper is optional, as in mlir-opt's
    --pass-pipeline (all our passes run on the module).
    """
    s = text.strip()
    if s.startswith("builtin.module(") and s.endswith(")"):
        s = s[len("builtin.module("):-1]
    elif s.startswith("any(") and s.endswith(")"):
        s = s[4:-1]
    passes = []
    for item in _split_top(s):
        name, _, rest = item.partition("{")
        name = name.strip()
        if not name:
            continue
        if name.startswith("func.func("):
            passes.extend(parse_pipeline(name[len("func.func("):-1] if not rest else item[10:-1]))
            continue
        cls = PASSES.get(name)
        if cls is None:
            raise Tfl2QuantError(f"unknown pass '{name}' in pipeline (known: {', '.join(sorted(PASSES))})")
        options: dict[str, str | None] = {}
        if rest:
            if not rest.rstrip().endswith("}"):
                raise Tfl2QuantError(f"unterminated options of pass '{name}' in pipeline")
            for kv in rest.rstrip()[:-1].split():
                key, eq, value = kv.partition("=")
                options[key] = value if eq else None
        passes.append(cls.from_options(options))
    return passes


def _split_top(s: str) -> list[str]:
    parts, depth, cur = [], 0, []
    for ch in s:
        if ch in "({":
            depth += 1
        elif ch in ")}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur).strip())
    return [p for p in parts if p]


class PassManager:
    """Runs passes in order on a module, verifying after each (mlir-opt's verify-each);
    the module must verify before (the caller checks its input), so IR that fails
    after a pass is a bug of that pass, reported as an InternalError.

    `verify_each=False` verifies once, after the last pass: verifying after each of
    convert's seven passes was a quarter of its time (benchmarks/synthetic.py). A pass
    bug is still caught before anything is printed; the error names the pipeline, and a
    rerun with verify-each names the pass. (mlir-opt's `--verify-each=false` verifies
    nothing at all; we keep the final check, so invalid IR is never printed.)

    `after_pass(pass, module)` is called after each pass has run (and, with verify-each,
    verified) (`--mlir-print-ir-after-all`, the checker's stages); `results` holds what
    each pass returned, by pass name. With a `timing` (--mlir-timing), each pass instance
    has a timer named by its class, as in the IR dumps, and verification one of its own.
    """

    def __init__(self, passes: list[ModulePass],
                 after_pass: Callable[[ModulePass, Operation], None] | None = None, verify_each: bool = True,
                 timing: Timing | None = None):
        self.passes = list(passes)
        self.after_pass = after_pass
        self.verify_each = verify_each
        self.timing = timing
        self.results: dict[str, object] = {}

    def run(self, module: Operation) -> dict[str, object]:
        for k, p in enumerate(self.passes):
            with scope(self.timing, type(p).__name__, key=k):  # a line per place in the pipeline
                result = p.apply(module)
            if result is not None:
                self.results[p.name] = result
            if self.verify_each:
                with scope(self.timing, "Verifier"):
                    _verify_after(module, p.name)
            if self.after_pass is not None:
                self.after_pass(p, module)
        if not self.verify_each and self.passes:
            with scope(self.timing, "Verifier"):
                _verify_after(module, "the pipeline " + pipeline_text(self.passes),
                              " (verify-each, e.g. convert --verify-each, names the pass)")
        return self.results

    def __str__(self) -> str:
        return pipeline_text(self.passes)


def _verify_after(module: Operation, what: str, hint: str = "") -> None:
    try:
        verify(module)
    except VerificationError as e:  # the input verified: the pass broke it
        raise InternalError(f"{what} produced invalid IR{hint}: {e}") from e


def print_ir_after(stream: TextIO, debuginfo: bool = False, generic: bool = False,
                   local_scope: bool = False) -> Callable[[ModulePass, Operation], None]:
    """An `after_pass` hook printing the module as mlir-opt's --mlir-print-ir-after-all does."""
    from ..ir.printer import print_module

    def hook(p: ModulePass, module: Operation) -> None:
        stream.write(f"// -----// IR Dump After {type(p).__name__} ({p.name}) //----- //\n")
        stream.write(print_module(module, debuginfo=debuginfo, generic=generic, local_scope=local_scope))
        stream.write("\n")
    return hook
