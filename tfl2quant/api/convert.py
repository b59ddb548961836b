"""`tfl2quant.convert`: a model to MLIR, as `tfl2quant convert` prints it, with its records.

    >>> module = tfl2quant.convert("models/small-cnn.int8.tflite")
    >>> module.counts
    {'integer': 9, 'fallback': 0, 'float': 0, 'unlowered': 0}

`str(module)` is the text `tfl2quant convert` writes, `module.to_bytecode()` what
`--emit-bytecode` writes, `module.records` how each TFLite op was handled and why, and
`module.warnings` the warning lines the command prints (without the `file: warning: ` prefix).
"""
from __future__ import annotations

import io
from typing import IO, TYPE_CHECKING, Iterable, Mapping, Sequence, Union

from ..errors import Tfl2QuantError
from .sources import ModelSource, model_file, shown

if TYPE_CHECKING:
    from legalize.records import OpRecord

    from ..ir.core import Operation
    from ..passes import Rounding

STAGES = ("tfl", "legalized", "lowered", "final")
ROUNDINGS = ("half-away-from-zero", "half-to-even", "toward-zero")
# [NAME:]DIMS as --input-shape takes it ("4x16x16x3", "image:1x8"), dimensions, or NAME -> dimensions
InputShapes = Union[Sequence[Union[str, Sequence[int]]], Mapping[str, Sequence[int]], None]


class Module:
    """A converted model: the MLIR module of stage `stage` and how each TFLite op was handled."""

    def __init__(self, operation: Operation, stage: str, records: Sequence[OpRecord],
                 import_warnings: Sequence[str], name: str, manager: object = None):
        self.operation = operation              # the builtin.module (tfl2quant.ir.core.Operation)
        self.stage = stage                      # tfl, legalized, lowered or final
        self.records: tuple[OpRecord, ...] = tuple(records)  # one per TFLite op (none at stage tfl)
        self.import_warnings: tuple[str, ...] = tuple(import_warnings)  # results TFLite reshapes
        self.name = name                        # the model as messages name it
        self.manager = manager                  # the PassManager that ran (its statistics, for the CLI)

    @property
    def warnings(self) -> tuple[str, ...]:
        """The warning lines `tfl2quant convert` prints, without their `file: warning: ` prefix:
        the importer's, then one per operator left a tfl op."""
        return self.import_warnings + tuple(_unlowered_warnings(self.records))

    @property
    def counts(self) -> dict[str, int]:
        """TFLite op instances per path: integer, fallback, float, unlowered."""
        from legalize.records import PATHS
        return {p: sum(r.path == p for r in self.records) for p in PATHS}

    def unlowered(self) -> list[OpRecord]:
        """The ops that stay `tfl.*` ops, each with its reason (what `--strict` refuses)."""
        return [r for r in self.records if r.path == "unlowered"]

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        counts = ", ".join(f"{p} {n}" for p, n in self.counts.items())
        return f"<tfl2quant.Module {self.name} at stage {self.stage}: {counts}>"

    def to_text(self, *, debuginfo: bool = False, generic: bool = False, elide_above: int | None = None) -> str:
        """The MLIR text, as `tfl2quant convert` prints it (with its options of the same names)."""
        out = io.StringIO()
        self.write_text(out, debuginfo=debuginfo, generic=generic, elide_above=elide_above)
        return out.getvalue()

    def write_text(self, out: IO[str], *, debuginfo: bool = False, generic: bool = False,
                   elide_above: int | None = None) -> None:
        """Stream the text to `out` (a large model's constants are never one string)."""
        from ..ir.printer import print_module
        from ..pipeline import fewer_collections

        # printing walks the whole module: collecting every 700 allocations there cost a tenth of
        # a 2,000-op convert (benchmarks/synthetic.py)
        with fewer_collections():
            print_module(self.operation, out, debuginfo=debuginfo, generic=generic, elide_above=elide_above)
        out.write("\n")  # mlir-opt ends its output with a blank line

    def to_bytecode(self) -> bytes:
        """MLIR bytecode (version 1; large constants as dense_resource blobs), as `--emit-bytecode`."""
        out = io.BytesIO()
        self.write_bytecode(out)
        return out.getvalue()

    def write_bytecode(self, out: IO[bytes]) -> None:
        from ..ir.bytecode import write_bytecode
        write_bytecode(self.operation, out)


def convert(model: ModelSource, emit: str = "final", *, rounding: str | Rounding = "half-away-from-zero",
            input_shapes: InputShapes = None, no_fallback: bool = False, verify_each: bool = False) -> Module:
    """Convert a TFLite model to MLIR, up to stage `emit` (tfl, legalized, lowered, final).

    `model` is a path, or the model's bytes (bytes, bytearray, memoryview, mmap). `rounding`
    is quant.qcast's in lower-quant-ops; `input_shapes` pins the inputs' `?` dimensions
    (`["4x16x16x3"]`, `[(4, 16, 16, 3)]` or `{"image": (4, 16, 16, 3)}`); `no_fallback` makes
    an op that would leave integer arithmetic an error, listing them all. A model or option
    the command would refuse raises `tfl2quant.Tfl2QuantError` with the command's message.
    """
    choose("emit", emit, STAGES)
    refuse_useless(emit, no_fallback=no_fallback, verify_each=verify_each,
                   rounding=getattr(rounding, "value", rounding) != "half-away-from-zero")
    with model_file(model) as path:
        return convert_file(path, emit, rounding=rounding, input_shapes=input_shapes, no_fallback=no_fallback,
                            verify_each=verify_each)


def convert_file(path: str, emit: str = "final", *, rounding: str | Rounding = "half-away-from-zero",
                 input_shapes: InputShapes = None, no_fallback: bool = False, verify_each: bool = False,
                 **hooks) -> Module:
    """`convert` of a file, with the pipeline's hooks (`after_pass`, `before_pass`, `timing`,
    `statistics`: tfl2quant/pipeline.py) the command's IR printing and timing use."""
    from ..pipeline import convert as run

    result = run(path, emit, allow_fallback=not no_fallback, rounding=as_rounding(rounding),
                 input_shapes=pinned(input_shapes), verify_each=verify_each, **hooks)
    records = result.report.records if result.report else []
    return Module(result.module, emit, records, _import_warnings(result.warnings), shown(path), result.manager)


def refuse_useless(emit: str, *, no_fallback: bool = False, verify_each: bool = False, rounding: bool = False,
                   strict: bool = False) -> None:
    """A usage error for an option that would do nothing at stage `emit` (the command's rule)."""
    no_passes = "--emit tfl runs no pass"
    for applies, why in (
            (emit == "tfl" and strict, f"--strict does nothing with --emit tfl: {no_passes}, so no op is left a tfl op"),
            (emit == "tfl" and no_fallback, f"--no-fallback does nothing with --emit tfl: {no_passes}"),
            (emit == "tfl" and verify_each, f"--verify-each does nothing with --emit tfl: {no_passes}"),
            (emit in ("tfl", "legalized") and rounding,
             f"--rounding does nothing with --emit {emit}: quant.qcast is lowered at stage lowered")):
        if applies:
            raise Tfl2QuantError(why)


def choose(option: str, value: str, choices: Iterable[str]) -> str:
    """`value`, one of `choices`; else the error click gives for the command's option."""
    if value not in choices:
        raise Tfl2QuantError(f"invalid value for '--{option}': {value!r} is not one of "
                             + ", ".join(map(repr, choices)))
    return value


def as_rounding(rounding: str | Rounding) -> Rounding:
    from ..passes import Rounding
    return rounding if isinstance(rounding, Rounding) else Rounding(choose("rounding", rounding, ROUNDINGS))


def pinned(shapes: InputShapes) -> list:
    """`input_shapes` as the importer takes them, checked as --input-shape checks its text."""
    from ..importer.pinned import parse_input_shape

    if not shapes:
        return []
    if isinstance(shapes, Mapping):
        shapes = [f"{name}:{_dims(dims)}" for name, dims in shapes.items()]
    return [parse_input_shape(s if isinstance(s, str) else _dims(s)) for s in shapes]


def _dims(dims: Sequence[int]) -> str:
    return "x".join(str(int(d)) for d in dims)


def _import_warnings(warnings: Sequence[str]) -> list[str]:
    """The importer's warnings (results declared with shapes TFLite recomputes): the first, and
    how many follow it."""
    if not warnings:
        return []
    more = f" (and {len(warnings) - 1} results after it)" if len(warnings) > 1 else ""
    return [f"{warnings[0]}{more}"]


def _unlowered_warnings(records: Sequence[OpRecord]) -> list[str]:
    """One line per operator left a tfl op: how many, and the first reason (and how many others)."""
    by_name: dict[str, list] = {}
    for r in records:
        if r.path == "unlowered":
            by_name.setdefault(r.name, []).append(r)
    lines = []
    for op_name, left in sorted(by_name.items()):
        reasons = sorted({r.reason for r in left})
        more = f" (and {len(reasons) - 1} other reasons)" if len(reasons) > 1 else ""
        lines.append(f"{len(left)} '{op_name}' op(s) stay tfl ops: {reasons[0]}{more}")
    return lines

