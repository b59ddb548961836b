"""Source locations, printed as MLIR `loc(...)` and used in error messages."""
from __future__ import annotations


from ..records import dataclass
from .attributes import escape_string


class Location:
    def describe(self) -> str:
        """Short human text for error messages."""
        return str(self)


@dataclass(frozen=True)
class UnknownLoc(Location):
    def __str__(self) -> str:
        return "loc(unknown)"

    def describe(self) -> str:
        return "unknown location"


@dataclass(frozen=True)
class FileLineColLoc(Location):
    filename: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"loc({escape_string(self.filename)}:{self.line}:{self.column})"

    def describe(self) -> str:
        return f"{self.filename}:{self.line}:{self.column}"


@dataclass(frozen=True)
class NameLoc(Location):
    """A named location; the TFLite importer names ops after their output tensors."""

    name: str
    child: Location | None = None

    def __str__(self) -> str:
        inner = escape_string(self.name)
        if self.child is not None:
            inner += "(" + str(self.child)[4:-1] + ")"
        return f"loc({inner})"

    def describe(self) -> str:
        return f'"{self.name}"'


@dataclass(frozen=True)
class FusedLoc(Location):
    locations: tuple

    def __str__(self) -> str:
        return "loc(fused[" + ", ".join(str(l)[4:-1] for l in self.locations) + "])"

    def describe(self) -> str:
        return ", ".join(l.describe() for l in self.locations)


UNKNOWN = UnknownLoc()
