"""mlir-opt's pass instrumentation: IR dumps around passes, and the pass statistics report.

The dumps are upstream's (mlir/lib/Pass/IRPrinting.cpp): a banner naming the pass as
`Pass::getName()` and its textual pipeline, the module, two blank lines:

    // -----// IR Dump After CSEPass: cse //----- //
    module {
    ...
    }

`--mlir-print-ir-after-change` compares the module printed before and after the pass (upstream
compares operation fingerprints): a pass that changed nothing, locations included, prints nothing.
Our passes run on the module, so a pass nested in `func.func(...)` dumps the module once, where
upstream dumps each function.

The statistics report is upstream's (mlir/lib/Pass/PassStatistics.cpp), in its two displays:
`pipeline`, every pass in pipeline order, and `list`, the passes that have statistics, merged by
name and sorted.
"""
from __future__ import annotations

from collections import Counter
from typing import TextIO

from ..ir.core import Operation
from .pass_base import ModulePass


class IRPrinter:
    """`before` and `after` hooks for PassManager. `before`/`after` are sets of pass names
    (`--mlir-print-ir-before=cse,canonicalize`); `*_all` dumps around every pass."""

    def __init__(self, stream: TextIO, before: frozenset = frozenset(), after: frozenset = frozenset(),
                 before_all: bool = False, after_all: bool = False, after_change: bool = False,
                 **printing):
        self.stream = stream
        self.before_names, self.after_names = before, after
        self.before_all, self.after_all, self.after_change = before_all, after_all, after_change
        self.printing = printing  # print_module's flags: debuginfo, generic, local_scope, elide_above
        self._before_text: str | None = None

    def _prints_after(self, p: ModulePass) -> bool:
        return self.after_all or p.name in self.after_names

    def before(self, p: ModulePass, module: Operation) -> None:
        if self.after_change and self._prints_after(p):
            self._before_text = _fingerprint(module)
        if self.before_all or p.name in self.before_names:
            self._dump("Before", p, module)

    def after(self, p: ModulePass, module: Operation) -> None:
        if not self._prints_after(p):
            return
        if self.after_change:
            unchanged = self._before_text == _fingerprint(module)
            self._before_text = None
            if unchanged:
                return
        self._dump("After", p, module)

    def _dump(self, when: str, p: ModulePass, module: Operation) -> None:
        from ..ir.printer import print_module

        self.stream.write(f"// -----// IR Dump {when} {p.pass_name}: {p} //----- //\n")
        self.stream.write(print_module(module, **self.printing))
        self.stream.write("\n\n")  # upstream's, after a module's text and its newline


def _fingerprint(module: Operation) -> str:
    """What a change of the IR changes: its generic form with locations."""
    from ..ir.printer import print_module

    return print_module(module, debuginfo=True, generic=True, local_scope=True)


_RULE = "===" + "-" * 73 + "===\n"
_TITLE = "... Pass statistics report ..."


def statistics_report(passes: list[ModulePass], counts: list[Counter], display: str = "pipeline") -> str:
    """The report of `--mlir-pass-statistics` for passes run with these counts."""
    out = [_RULE, " " * ((80 - len(_TITLE)) // 2) + _TITLE + "\n", _RULE]
    if display == "list":
        merged: dict[str, Counter] = {}
        for p, c in zip(passes, counts):
            if p.statistics:
                merged.setdefault(p.pass_name, Counter()).update({k: c[k] for k in p.statistics})
        descriptions = {p.pass_name: p.statistics for p in passes}
        for name in sorted(merged):
            out += _entry(2, name, descriptions[name], merged[name])
    else:
        for p, c in zip(passes, counts):
            out += _entry(0, p.pass_name, p.statistics, c)
    out.append("\n")
    return "".join(out)


def _entry(indent: int, name: str, descriptions: dict[str, str], counts: Counter) -> list[str]:
    """A pass and its statistics sorted by name, names and values aligned (upstream's printPassEntry)."""
    lines = [" " * indent + name + "\n"]
    if descriptions:
        width_name = max(map(len, descriptions))
        width_value = max(len(str(counts[k])) for k in descriptions)
        for key in sorted(descriptions):
            lines.append(f"{' ' * (indent + 2)}(S) {counts[key]:>{width_value}} {key:<{width_name}} - "
                         f"{descriptions[key]}\n")
    return lines
