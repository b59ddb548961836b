"""What `convert` and `opt` share with mlir-opt, and the command line's usage rules (cli.py).

- mlir-opt's pass instrumentation: IR dumps before and after passes, pass statistics, large
  constants elided (`instrumentation_options`, `Instruments`);
- an option that would do nothing in its combination is a usage error (`refuse`);
- `opt --list-passes` and `--show-dialects`, and `--version`, which print and exit.
"""
from __future__ import annotations

import functools

import click

from .errors import Tfl2QuantError
from .records import dataclass


# what `check` runs: TFLite always, IREE with --backend iree (the `iree` extra installs it)
RUNTIMES = ("ai-edge-litert", "iree-base-compiler", "iree-base-runtime")


def print_version(ctx: click.Context, _param, value: bool) -> None:
    """`tfl2quant --version`: ours (pyproject.toml's, as installed), then each runtime's or
    `not installed`, read from the installed distributions' metadata (nothing is imported)."""
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import PackageNotFoundError, version

    from . import version as ours

    lines = [f"tfl2quant, version {ours()}"]
    for name in RUNTIMES:
        try:
            lines.append(f"{name} {version(name)}")
        except PackageNotFoundError:
            lines.append(f"{name} not installed")
    click.echo("\n".join(lines))
    ctx.exit()


def refuse(*rules: tuple[bool, str]) -> None:
    """A usage error (exit 2) for the first option combination that would do nothing: `rules`
    are (applies, why) pairs."""
    for applies, why in rules:
        if applies:
            raise Tfl2QuantError(why)


def given(name: str) -> bool:
    """Whether the user gave option `name` (its value is not the default one)."""
    source = click.get_current_context().get_parameter_source(name)
    return source not in (None, click.core.ParameterSource.DEFAULT)


@dataclass(frozen=True)
class Instruments:
    """mlir-opt's IR printing, pass statistics and elision flags, as given."""

    before_all: bool
    before: tuple
    after_all: bool
    after: tuple
    after_change: bool
    statistics: bool
    statistics_display: str
    elide_above: int | None

    @property
    def dumps(self) -> bool:
        """Whether some IR is dumped around passes."""
        return bool(self.before_all or self.before or self.after_all or self.after)

    def check(self) -> None:
        """Usage errors: a pass name that is no pass, and an option that filters or formats what
        no other option given prints."""
        for flag, names in (("--mlir-print-ir-before", self.before), ("--mlir-print-ir-after", self.after)):
            for name in names:
                from .passes import PASSES  # every pass: only when a pass is named

                if name not in PASSES:
                    raise Tfl2QuantError(f"{flag}: '{name}' is no pass (known: {', '.join(sorted(PASSES))})")
        refuse((self.after_change and not (self.after_all or self.after),
                "--mlir-print-ir-after-change only filters the dumps of --mlir-print-ir-after-all or "
                "--mlir-print-ir-after=PASS; give one of them"),
               (given("statistics_display") and not self.statistics,
                "--mlir-pass-statistics-display does nothing without --mlir-pass-statistics"))

    def hooks(self, stream, **printing):
        """(before_pass, after_pass) for PassManager, None where nothing is dumped."""
        if not self.dumps:
            return None, None
        from .passes import IRPrinter

        p = IRPrinter(stream, frozenset(self.before), frozenset(self.after), self.before_all, self.after_all,
                      self.after_change, elide_above=self.elide_above, **printing)
        return p.before, p.after

    def report(self, manager, stream) -> None:
        """The statistics report of a PassManager that ran, with --mlir-pass-statistics."""
        if self.statistics and manager is not None:
            from .passes import statistics_report

            stream.write(statistics_report(manager.passes, manager.counts, self.statistics_display))


def _pass_names(ctx, param, values) -> tuple:
    return tuple(name for v in values for name in v.split(",") if name)


_OPTIONS = [
    click.option("--mlir-print-ir-before-all", "before_all", is_flag=True, help="Dump the module to stderr before every pass."),
    click.option("--mlir-print-ir-before", "before", multiple=True, callback=_pass_names, metavar="PASS[,PASS]",
                 help="Dump the module to stderr before each pass named (e.g. cse,canonicalize)."),
    click.option("--mlir-print-ir-after-all", "after_all", is_flag=True, help="Dump the module to stderr after every pass."),
    click.option("--mlir-print-ir-after", "after", multiple=True, callback=_pass_names, metavar="PASS[,PASS]",
                 help="Dump the module to stderr after each pass named."),
    click.option("--mlir-print-ir-after-change", "after_change", is_flag=True,
                 help="Dump after a pass only if it changed the module (with --mlir-print-ir-after[-all])."),
    click.option("--mlir-pass-statistics", "statistics", is_flag=True,
                 help="Print each pass's statistics to stderr at the end (ops CSE'd, ops per legalization path...)."),
    click.option("--mlir-pass-statistics-display", "statistics_display", type=click.Choice(["list", "pipeline"]),
                 default="pipeline", show_default=True,
                 help="list: merged by pass name and sorted; pipeline: in pipeline order."),
    click.option("--mlir-elide-elementsattrs-if-larger", "elide_above", type=click.IntRange(min=0), default=None,
                 metavar="N", help="Print constants of more than N elements (not splats) as "
                                   "dense_resource<__elided__>, in the output and the dumps."),
]
_NAMES = ("before_all", "before", "after_all", "after", "after_change", "statistics", "statistics_display",
          "elide_above")


def instrumentation_options(command):
    """Add mlir-opt's instrumentation options to a command, handed to it as `instruments`."""
    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        kwargs["instruments"] = Instruments(**{k: kwargs.pop(k) for k in _NAMES})
        return command(*args, **kwargs)

    for option in reversed(_OPTIONS):
        wrapper = option(wrapper)
    return wrapper


def useless_with_bytecode(bytecode: bool, dumps: bool, **printing: bool) -> list[tuple[bool, str]]:
    """Text printing options that do nothing when the output is bytecode and no IR is dumped."""
    flags = {"generic": "--mlir-print-op-generic", "elide": "--mlir-elide-elementsattrs-if-larger",
             "local_scope": "--mlir-print-local-scope"}
    return [(bytecode and not dumps and on, f"{flags[key]} does nothing with --emit-bytecode: it changes the text "
             "form, and no IR is dumped (--mlir-print-ir-*)") for key, on in printing.items()]


def list_passes(ctx, param, value) -> None:
    """--list-passes: each pass with its summary and options, as mlir-opt lists them."""
    if value and not ctx.resilient_parsing:
        from .passes import PASSES
        from .passes.listing import list_passes as listing
        click.echo(listing(PASSES), nl=False)
        ctx.exit(0)


def show_dialects(ctx, param, value) -> None:
    """--show-dialects: the dialects whose ops tfl2quant models, as mlir-opt shows its own."""
    if value and not ctx.resilient_parsing:
        from . import dialects  # noqa: F401  (registers every op)
        from .ir.core import OP_CLASSES
        click.echo("Available Dialects: " + ",".join(sorted({n.split(".")[0] for n in OP_CLASSES})))
        ctx.exit(0)
