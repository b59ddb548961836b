"""The tolerances a user sets for `check` (--atol, --rtol, --max-steps), and their defaults.

A float output passes within

    tol = max(atol, rtol * max|TFLite's value|)      (compare.magnitude: ordinary values, at least 1)

with atol = rtol = 1e-5 unless the user sets them, for every float output or for one by its
TFLite name (`--rtol NAME=1e-3`, which wins over `--rtol 1e-4`). An integer output passes
within `max_steps` storage steps (default 0: bit for bit).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from tfl2quant.errors import Tfl2QuantError

FLOAT_FLOOR = 1e-5  # float ops summed in another order, one op deep


@dataclass(frozen=True)
class Limit:
    """The bounds of one output."""
    atol: float = FLOAT_FLOOR
    rtol: float = FLOAT_FLOOR
    user: bool = False     # the user set atol or rtol for it: their tolerance alone judges it
    max_steps: int = 0


@dataclass(frozen=True)
class Tolerances:
    atol: float | None = None
    rtol: float | None = None
    outputs: dict = field(default_factory=dict)   # TFLite output name -> {"atol": x, "rtol": y}
    max_steps: int = 0

    @classmethod
    def parse(cls, atol: tuple[str, ...] = (), rtol: tuple[str, ...] = (), max_steps: int = 0) -> "Tolerances":
        """From the command line: each value `X` (every float output) or `NAME=X`."""
        if max_steps < 0:
            raise Tfl2QuantError(f"--max-steps must be at least 0, got {max_steps}")
        every: dict[str, float] = {}
        outputs: dict[str, dict] = {}
        for flag, values in (("atol", atol), ("rtol", rtol)):
            for text in values:
                name, _, number = text.rpartition("=")
                value = _number(flag, number, text)
                if name:
                    outputs.setdefault(name, {})[flag] = value
                else:
                    every[flag] = value
        return cls(every.get("atol"), every.get("rtol"), outputs, max_steps)

    def resolved(self, names: list[str], aliases: list[str | None], where: str) -> "Tolerances":
        """The same with each per-output tolerance keyed by the output's TFLite name (`names`;
        the user may give its signature name, `aliases`); a name that is neither is an error."""
        to_name = {**{a: n for n, a in zip(names, aliases) if a}, **{n: n for n in names}}
        unknown = [n for n in self.outputs if n not in to_name]
        if unknown:
            shown = ", ".join(repr(n) + (f" ({a!r})" if a else "") for n, a in zip(names, aliases))
            raise Tfl2QuantError(f"--atol/--rtol name {', '.join(map(repr, unknown))}, which is not an output "
                                 f"(the model's outputs: {shown})", where)
        outputs: dict[str, dict] = {}
        for given, own in self.outputs.items():
            outputs.setdefault(to_name[given], {}).update(own)
        return Tolerances(self.atol, self.rtol, outputs, self.max_steps)

    def limit(self, name: str) -> Limit:
        own = self.outputs.get(name, {})
        atol, rtol = own.get("atol", self.atol), own.get("rtol", self.rtol)
        user = atol is not None or rtol is not None
        return Limit(FLOAT_FLOOR if atol is None else atol, FLOAT_FLOOR if rtol is None else rtol, user,
                     self.max_steps)

    def to_json(self) -> dict:
        return {"atol": self.atol, "rtol": self.rtol, "outputs": self.outputs, "max_steps": self.max_steps,
                "default": FLOAT_FLOOR}


def _number(flag: str, text: str, whole: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise Tfl2QuantError(f"--{flag} {whole}: expected a number or NAME=NUMBER") from None
    if not value >= 0 or value == float("inf"):
        raise Tfl2QuantError(f"--{flag} {whole}: must be a finite number at least 0")
    return value
