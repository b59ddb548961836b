"""Passes: one class per pass, named like its mlir-opt flag; options are fields."""
from __future__ import annotations

import dataclasses
import enum
from typing import ClassVar

from ..errors import Tfl2QuantError
from ..ir.core import Operation

PASSES: dict[str, type["ModulePass"]] = {}


@dataclasses.dataclass(frozen=True)
class ModulePass:
    name: ClassVar[str] = ""

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if cls.name:
            PASSES[cls.name] = cls

    def apply(self, module: Operation) -> None:
        raise NotImplementedError

    @classmethod
    def from_options(cls, options: dict[str, str]) -> "ModulePass":
        """Build from `{key=value ...}` pipeline options (field names with - or _)."""
        fields = {f.name.replace("_", "-"): f for f in dataclasses.fields(cls)}
        kwargs = {}
        for key, text in options.items():
            field = fields.get(key.replace("_", "-"))
            if field is None:
                raise Tfl2QuantError(
                    f"pass '{cls.name}' has no option '{key}' (options: {', '.join(fields) or 'none'})")
            kind = field.type if isinstance(field.type, type) else _resolve(cls, field)
            if isinstance(kind, type) and issubclass(kind, enum.Enum):
                try:
                    kwargs[field.name] = kind(text)
                except ValueError:
                    choices = ", ".join(m.value for m in kind)
                    raise Tfl2QuantError(
                        f"pass '{cls.name}': invalid {key}={text!r}; expected one of {choices}") from None
            elif kind is bool:
                kwargs[field.name] = text in ("1", "true", "True")
            else:
                kwargs[field.name] = text
        return cls(**kwargs)

    def __str__(self) -> str:
        opts = " ".join(f"{f.name.replace('_', '-')}={_value(getattr(self, f.name))}"
                        for f in dataclasses.fields(self))
        return f"{self.name}{{{opts}}}" if opts else self.name


def _resolve(cls, field):
    import typing
    return typing.get_type_hints(cls)[field.name]


def _value(v) -> str:
    return v.value if isinstance(v, enum.Enum) else str(v).lower() if isinstance(v, bool) else str(v)


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
        options = {}
        if rest:
            if not rest.rstrip().endswith("}"):
                raise Tfl2QuantError(f"unterminated options of pass '{name}' in pipeline")
            for kv in rest.rstrip()[:-1].split():
                key, eq, value = kv.partition("=")
                if not eq:
                    raise Tfl2QuantError(f"pass '{name}': option '{kv}' must be key=value")
                options[key] = value
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
