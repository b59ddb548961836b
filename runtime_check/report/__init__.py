"""`tfl2quant report`: fallback coverage over many models, in text, Markdown, JSON or HTML.

    zoo.py       one process per model: legalized, and with --check checked (runtime_check.check)
    coverage.py  the models' entries gathered: totals, per operator, the reasons; the exit status
    text.py      the text and Markdown renderings
    html.py      one self-contained page
"""
from __future__ import annotations

import json

from .coverage import coverage, failed, find_models
from .html import render_html
from .text import render_md, render_text

__all__ = ["coverage", "failed", "find_models", "render"]


def render(data: dict, fmt: str) -> str:
    """`data` (coverage's) in `fmt`: text, md, json or html."""
    if fmt == "json":
        return json.dumps(data, indent=2) + "\n"
    if fmt == "html":
        return render_html(data)
    return render_md(data) if fmt == "md" else render_text(data)
