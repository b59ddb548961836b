"""`tfl2quant opt --list-passes`: each pass, its summary and its options, laid out as mlir-opt's
`--list-passes` lays them out (LLVM's option help: the description at column 53)."""
from __future__ import annotations

import dataclasses
import enum
import typing

from .pass_base import ModulePass, option_kind

_COLUMN = 53


def _row(left: str, right: str, column: int = _COLUMN) -> str:
    return f"{left.ljust(column - 1)} {right}" if len(left) >= column else left.ljust(column) + right


def _option_rows(cls: type[ModulePass]) -> list[str]:
    hints = typing.get_type_hints(cls)
    rows = []
    for f in sorted(dataclasses.fields(cls), key=lambda f: f.name):
        key, kind = f.name.replace("_", "-"), option_kind(hints[f.name])
        if kind is bool:
            flag = f"    --{key}"
        else:
            value = "value" if isinstance(kind, type) and issubclass(kind, enum.Enum) else \
                "long" if kind is int else "string"
            flag = f"    --{key}=<{value}>"
        rows.append(_row(flag, f"- {f.metadata.get('help', '')}".rstrip()))
        for choice, why in f.metadata.get("choices", {}).items():
            rows.append(_row(f"    ={choice}", f"-   {why}", _COLUMN - 2))
    return rows


def list_passes(passes: dict[str, type[ModulePass]]) -> str:
    lines = ["Passes:"]
    for name in sorted(passes):
        lines.append(_row(f"  --{name}", f"-   {passes[name].summary}"))
        lines += _option_rows(passes[name])
    return "\n".join(lines) + "\n"
