"""`--mlir-timing`: where a command's time goes, printed as mlir-opt's execution time report.

A `Timing` holds a tree of timers, each keyed by what it times (a pass object, a phase name),
so that one pass run on each `// -----` chunk adds up in one line, and two instances of the
same pass (convert runs canonicalize and cse twice) keep a line each, as upstream's pass
timing does. Wall time only: the passes run on one thread (upstream adds user time only when
it ran threads). `report()` prints the two displays of mlir/lib/Support/Timing.cpp: `tree`,
children indented under their parent in the order they first ran, and `list`, timers merged
by name and sorted by time; both end with `Rest` (the time outside every timer) and `Total`.
"""
from __future__ import annotations

import contextlib
import time

RULE = "===" + "-" * 73 + "==="


class Timer:
    __slots__ = ("name", "seconds", "children")

    def __init__(self, name: str):
        self.name = name
        self.seconds = 0.0
        self.children: dict[object, Timer] = {}


class Timing:
    def __init__(self):
        self.root = Timer("root")
        self._open = [self.root]
        self._start = time.perf_counter()

    @contextlib.contextmanager
    def scope(self, name: str, key: object = None):
        """Time the block under the innermost open timer, in the child keyed `key` (default `name`)."""
        parent = self._open[-1]
        timer = parent.children.get(name if key is None else key)
        if timer is None:
            timer = parent.children[name if key is None else key] = Timer(name)
        self._open.append(timer)
        start = time.perf_counter()
        try:
            yield timer
        finally:
            timer.seconds += time.perf_counter() - start
            self._open.pop()

    def add(self, name: str, seconds: float) -> None:
        """Count time measured elsewhere (e.g. the parser's share of a split input) under `name`."""
        parent = self._open[-1]
        timer = parent.children.setdefault(name, Timer(name))
        timer.seconds += seconds

    def report(self, display: str = "tree") -> str:
        total = time.perf_counter() - self._start
        self.root.seconds = total
        rows: list[tuple[float, str]] = []
        if display == "list":
            merged: dict[str, float] = {}
            work = list(self.root.children.values())
            while work:
                t = work.pop()
                merged[t.name] = merged.get(t.name, 0.0) + t.seconds
                work.extend(t.children.values())
            rows.append((total, "root"))
            rows += sorted(((s, n) for n, s in merged.items()), key=lambda r: -r[0])
        else:
            def walk(t: Timer, depth: int) -> None:
                for c in t.children.values():
                    rows.append((c.seconds, "  " * depth + c.name))
                    walk(c, depth + 1)
            walk(self.root, 0)
        rest = max(0.0, total - sum(t.seconds for t in self.root.children.values()))
        rows += [(rest, "Rest"), (total, "Total")]
        lines = [RULE, " " * 25 + "... Execution time report ...", RULE,
                 f"  Total Execution Time: {total:.4f} seconds", "", "  ----Wall Time----  ----Name----"]
        for seconds, name in rows:
            share = 100.0 * seconds / total if total else 0.0
            lines.append(f"  {seconds:8.4f} ({share:5.1f}%)  {name}")
        return "\n".join(lines) + "\n"


def scope(timing: Timing | None, name: str, key: object = None):
    """`timing.scope(name, key)`, or nothing to do without timing."""
    return contextlib.nullcontext() if timing is None else timing.scope(name, key)
