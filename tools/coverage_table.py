#!/usr/bin/env python3
"""docs/coverage.md's coverage table: every TFLite builtin operator x {int8, uint8, int16}.

A cell is what the registry (legalize/__init__.py) does with a quantized
instance of the operator whose activations have that storage type:

    integer     the integer pattern takes the instances with that storage (the
                golden tests also show, per pattern, the instances it declines
                and why: per-axis activations, dynamic shapes, ...)
    fallback    quantized instances fall back (no integer pattern takes them)
    unlowered   the operator has no lowering at all (legalize's reason)
    untested    an integer pattern exists, but no instance with that storage
                exists in the corpus below, so the table makes no claim

The instances are every `tfl.*` op of the golden tests (tests/lit/legalize/)
and of the models in models/, legalized by the registry itself; an instance's
storage is that of its first quantized non-constant operand (or result, for
QUANTIZE from float). Hybrid instances (float activations, quantized weights)
are not counted here.

    python tools/coverage_table.py            # the markdown table
    python tools/coverage_table.py --check docs/coverage.md   # exit 1 if the copy there is stale
    python tools/coverage_table.py --write docs/coverage.md   # replace the copy there
"""
from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from legalize import RULES
from legalize.driver import legalize
from legalize.lib.query import qtype, storage_name
from tfl2quant.dialects.tfl import CONSTANT_OPS
from tfl2quant.errors import Tfl2QuantError
from tfl2quant.importer.model import import_model
from tfl2quant.importer.schema import BUILTIN_OPERATORS
from tfl2quant.ir.diagnostics import split_input
from tfl2quant.ir.parser import parse_module

COLUMNS = {"i8": "int8", "u8": "uint8", "i16": "int16"}
BEGIN, END = "<!-- coverage-table:begin -->", "<!-- coverage-table:end -->"


def activation_storage(op) -> str | None:
    for v in op.operands:
        producer = v.owner_op
        if qtype(v) is not None and (producer is None or producer.name not in CONSTANT_OPS):
            return storage_name(v)
    for r in op.results:
        if qtype(r) is not None:
            return storage_name(r)
    return None


def instances(module) -> list[tuple[str, str | None]]:
    """(op name, activation storage) of each legalized op, in the driver's order."""
    out = []
    for func in module.functions():
        if func.is_declaration:
            continue
        for op in func.body.ops:
            if op.name.startswith("tfl.") and op.name not in CONSTANT_OPS:
                out.append((op.name, activation_storage(op)))
    return out


def paths_of(module) -> list[str]:
    """The driver's path per op (one record per op `instances` lists, in its order)."""
    return [r.path for r in legalize(module).records]


def modules():
    for path in sorted((ROOT / "tests" / "lit" / "legalize").rglob("*.mlir")):
        for chunk in split_input(path.read_text(), True):
            try:
                yield parse_module(chunk.text, str(path), chunk.first_line)
            except Tfl2QuantError:  # a case that tests a parse or verify error
                continue
    for path in sorted((ROOT / "models").rglob("*.tflite")):
        try:
            yield import_model(str(path))
        except Tfl2QuantError:
            continue


def collect() -> dict[tuple[str, str], set[str]]:
    seen: dict[tuple[str, str], set[str]] = defaultdict(set)
    for module in modules():
        ops = instances(module)
        try:
            paths = paths_of(module)
        except Tfl2QuantError:  # a case that tests an error of the pass
            continue
        for (name, storage), path in zip(ops, paths):
            if storage in COLUMNS:
                seen[name, storage].add(path)
    return seen


def cell(name: str, storage: str, seen) -> str:
    paths = seen.get((name, storage), set())
    rule = RULES[name]
    if rule.unlowered is not None and rule.integer is None:
        return "unlowered"
    if "integer" in paths:
        return "integer"
    if paths:
        return "fallback"
    return "untested" if rule.integer is not None else "fallback"


def table() -> str:
    seen = collect()
    names = sorted(f"tfl.{name.lower()}" for name in BUILTIN_OPERATORS.values())
    rows = ["| TFLite operator | int8 | uint8 | int16 |", "|---|---|---|---|"]
    for name in names:
        cells = [cell(name, s, seen) for s in COLUMNS]
        rows.append(f"| {name[4:].upper()} | " + " | ".join(cells) + " |")
    totals = {s: sum(cell(n, s, seen) == "integer" for n in names) for s in COLUMNS}
    rows.append("")
    rows.append("operators on the integer path: " + ", ".join(f"{COLUMNS[s]} {totals[s]}" for s in COLUMNS)
                + f" (of {len(names)} builtin operators, most of which have no quantized kernel in TFLite)")
    return "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--check", type=Path, help="a file holding the table between the coverage markers")
    action.add_argument("--write", type=Path, help="replace the table between the markers of this file")
    args = parser.parse_args()
    text = table()
    path = args.check or args.write
    if path is None:
        print(text)
        return 0
    readme = path.read_text()
    start, end = readme.find(BEGIN), readme.find(END)
    if start < 0 or end < 0:
        print(f"{path}: no {BEGIN} ... {END} markers", file=sys.stderr)
        return 1
    if args.write:
        path.write_text(readme[:start + len(BEGIN)] + "\n" + text + "\n" + readme[end:])
        return 0
    if readme[start + len(BEGIN):end].strip() != text.strip():
        print(f"{path}: the coverage table is stale; regenerate it with "
              f"python tools/coverage_table.py --write {path}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
