"""`tfl2quant.report`: per-op coverage of many models, and with `check=True` their verdicts.

    >>> r = tfl2quant.report(["models/small-cnn.int8.tflite"])
    >>> r.data["totals"]["ops"]
    {'integer': 9, 'fallback': 0, 'float': 0, 'unlowered': 0}

`data` is what `report --format json` writes (docs/architecture.md); `str(report)` the
rendering in `format` (text, md, json, html), and `exit_code` what `tfl2quant report` exits with.
"""
from __future__ import annotations

import os
from typing import Sequence, Union

from ..errors import Tfl2QuantError
from .convert import choose

FORMATS = ("text", "md", "json", "html")
Paths = Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]]


class Report:
    """The coverage of some models: `data` (a dict, as JSON) and its renderings."""

    def __init__(self, data: dict, format: str = "text"):
        self.data = data
        self.format = format

    @property
    def failed(self) -> bool:
        """A model could not be read or, when checked, did not pass."""
        from runtime_check.report import failed
        return failed(self.data)

    @property
    def exit_code(self) -> int:
        return 1 if self.failed else 0

    def render(self, format: str = "text") -> str:
        from runtime_check.report import render
        return render(self.data, choose("format", format, FORMATS))

    def __str__(self) -> str:
        return self.render(self.format)

    def __repr__(self) -> str:
        totals = self.data["totals"]
        return f"<tfl2quant.Report of {totals['models']} model(s): {totals['ops']}>"


def report(paths: Paths, check: bool = False, jobs: int = 1, format: str | None = None, *,
           progress: bool = False) -> Report:
    """The coverage of the models in `paths` (.tflite files, or directories searched for them):
    op instances per path and per operator, the reasons off the integer path, and with `check`
    each model's verdict. Each model runs in a process of its own, `jobs` at once (0: one per
    core). `format` (text, md, json, html) is what `str()` of the result renders."""
    from runtime_check.report import coverage

    if format is not None:
        choose("format", format, FORMATS)
    if jobs < 0:
        raise Tfl2QuantError(f"invalid value for '--jobs': {jobs} is not in the range x>=0")
    paths = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    return Report(coverage([os.fspath(p) for p in paths], check, jobs, progress=progress), format or "text")
