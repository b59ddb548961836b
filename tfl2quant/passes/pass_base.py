"""Passes: one class per pass, named like its mlir-opt flag; options are fields.

A pipeline is text in mlir-opt's syntax, `builtin.module(canonicalize,
lower-quant-ops{rounding=half-to-even})`, parsed into pass objects
(`pipeline_parser.py`) whose `str()` prints the same syntax back as upstream
prints it (`--dump-pass-pipeline`, the IR dump banners). `PassManager` runs a
list of passes, verifies after each one (mlir-opt's default `verify-each`)
or, with `verify_each=False`, once after the last, calls hooks before and
after each (the IR printing of `instrumentation.py`), counts each pass's
statistics, and keeps what a pass returns (legalize-tfl returns its per-op
records).
"""
from __future__ import annotations

import contextvars
import dataclasses
import enum
import typing
from collections import Counter
from typing import Callable, ClassVar

from ..errors import InternalError, Tfl2QuantError, VerificationError
from ..ir.core import Operation, verify
from ..records import dataclass
from ..timing import Timing, scope

PASSES: dict[str, type["ModulePass"]] = {}

# The statistics of the pass running now (statistic() adds to them), when they are collected.
_STATISTICS: contextvars.ContextVar[Counter | None] = contextvars.ContextVar("statistics", default=None)


@dataclass(frozen=True)
class ModulePass:
    name: ClassVar[str] = ""      # the pass argument: `--cse`, `cse` in a pipeline
    pass_name: ClassVar[str] = ""  # upstream's Pass::getName() (banners, timers, statistics); default: the class's
    summary: ClassVar[str] = ""   # one line for --list-passes (upstream's, for upstream's passes)
    # name -> description of the counts a pass reports with statistic() (--mlir-pass-statistics)
    statistics: ClassVar[dict[str, str]] = {}

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if cls.name:
            PASSES[cls.name] = cls
            if "pass_name" not in cls.__dict__:
                cls.pass_name = cls.__name__

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
            kind = option_kind(hints[field.name])
            if text is None and kind is not bool:
                raise Tfl2QuantError(f"pass '{cls.name}': option '{key}' needs a value ({key}=...)")
            kwargs[field.name] = _option_value(cls.name, key, kind, text)
        return cls(**kwargs)

    def __str__(self) -> str:
        """The pass as upstream's printAsTextualPipeline prints it: every option, sorted by name
        (a list option that is empty prints nothing, not even its name: upstream's ListOption).
        An option marked `printed_at_default=False` (ours, or mlir-opt's test flags) shows only
        when set."""
        printed = [f for f in dataclasses.fields(self)
                   if f.metadata.get("printed_at_default", True) or getattr(self, f.name) != f.default]
        if not printed:
            return self.name
        opts = " ".join(_print_option(f.name.replace("_", "-"), getattr(self, f.name))
                        for f in sorted(printed, key=lambda f: f.name.replace("_", "-")))
        return f"{self.name}{{{opts}}}"


def option_kind(hint):
    """The option's value type: Optional[X] is X (None is the option's absence)."""
    if typing.get_origin(hint) is typing.Union:
        return next(arg for arg in typing.get_args(hint) if arg is not type(None))
    return hint


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
    if typing.get_origin(kind) is tuple:  # a list option: `a,b`; empty, as iree-opt prints an empty one
        return tuple(v for v in text.split(",") if v)
    return text


def _print_option(key: str, value) -> str:
    if isinstance(value, tuple):
        return f"{key}={','.join(value)}" if value else ""
    v = value.value if isinstance(value, enum.Enum) else str(value).lower() if isinstance(value, bool) else str(value)
    return f"{key}={v}"


def pipeline_text(passes: list[ModulePass]) -> str:
    """The pipeline in mlir-opt's syntax (what --dump-pass-pipeline prints)."""
    return "builtin.module(" + ", ".join(str(p) for p in passes) + ")"


def statistic(name: str, count: int = 1) -> None:
    """Add `count` to the running pass's statistic `name` (one of its class's `statistics`)."""
    counts = _STATISTICS.get()
    if counts is not None:
        counts[name] += count


Hook = Callable[[ModulePass, Operation], None]


class PassManager:
    """Runs passes in order on a module, verifying after each (mlir-opt's verify-each);
    the module must verify before (the caller checks its input), so IR that fails
    after a pass is a bug of that pass, reported as an InternalError.

    `verify_each=False` verifies once, after the last pass: verifying after each of
    convert's seven passes was a quarter of its time (benchmarks/synthetic.py). A pass
    bug is still caught before anything is printed; the error names the pipeline, and a
    rerun with verify-each names the pass. (mlir-opt's `--verify-each=false` verifies
    nothing at all; we keep the final check, so invalid IR is never printed.)

    `before_pass(pass, module)` is called before each pass, `after_pass(pass, module)` after
    it has run (and, with verify-each, verified) (the IR dumps, the checker's stages);
    `results` holds what each pass returned, by pass name. With `statistics`, `counts` holds
    each pass instance's statistics, in pipeline order. With a `timing` (--mlir-timing), each
    pass instance has a timer named as in the IR dumps, and verification one of its own.
    """

    def __init__(self, passes: list[ModulePass], after_pass: Hook | None = None, verify_each: bool = True,
                 timing: Timing | None = None, before_pass: Hook | None = None, statistics: bool = False):
        self.passes = list(passes)
        self.before_pass, self.after_pass = before_pass, after_pass
        self.verify_each = verify_each
        self.timing = timing
        self.results: dict[str, object] = {}
        self.counts: list[Counter] | None = [Counter() for _ in self.passes] if statistics else None

    def run(self, module: Operation) -> dict[str, object]:
        for k, p in enumerate(self.passes):
            if self.before_pass is not None:
                self.before_pass(p, module)
            token = _STATISTICS.set(self.counts[k]) if self.counts is not None else None
            try:
                with scope(self.timing, p.pass_name, key=k):  # a line per place in the pipeline
                    result = p.apply(module)
            finally:
                if token is not None:
                    _STATISTICS.reset(token)
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
