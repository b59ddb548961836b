"""What legalize-tfl records of each op: its path (PATHS) and why not integer, for whoever reads
a legalization's outcome (the pass's statistics, convert's report, runtime_check's tables)."""
from __future__ import annotations

from collections import Counter
from dataclasses import asdict, field
from typing import Optional

from tfl2quant.records import dataclass

PATHS = ("integer", "fallback", "float", "unlowered")


@dataclass
class OpRecord:
    function: str
    index: int                 # the operator's index in its TFLite subgraph
    name: str                  # tfl.conv_2d
    path: str                  # one of PATHS
    reason: Optional[str]      # why not integer (None for integer)
    location: str
    quantized: bool = True     # has a quantized operand or result

    def to_json(self) -> dict:
        return asdict(self)


@dataclass
class LegalizeReport:
    records: list[OpRecord] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        c = Counter(r.path for r in self.records)
        return {p: c.get(p, 0) for p in PATHS}

    def by_op(self) -> dict[str, dict[str, int]]:
        out: dict[str, Counter] = {}
        for r in self.records:
            out.setdefault(r.name, Counter())[r.path] += 1
        return {name: {p: c.get(p, 0) for p in PATHS} for name, c in sorted(out.items())}
