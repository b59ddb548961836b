"""`tfl2quant report` in text (the default) and Markdown."""
from __future__ import annotations

from legalize.records import PATHS

from .coverage import check_cells, rows


def _summary(data: dict) -> str:
    t = data["totals"]
    unread = f" ({len(data['errors'])} could not be read)" if data["errors"] else ""
    line = f"{t['models']} model(s){unread}; op instances: " + ", ".join(f"{p} {t['ops'][p]}" for p in PATHS)
    if "verdicts" in t:
        line += "; verdicts: " + ", ".join(f"{v} {n}" for v, n in t["verdicts"].items())
    return line


CHECK_COLUMNS = ["verdict", "largest difference", "first diverges", "reference"]


def _model_cells(e: dict, checked: bool) -> list[str]:
    counts = [str(e["ops"][p]) if "ops" in e else "-" for p in PATHS]
    return [e.get("name", e["path"]), *counts] + (check_cells(e) if checked else [])


def _model_note(e: dict) -> str | None:
    message, name = e.get("error") or e.get("check_error"), e.get("name", e["path"])
    return None if message is None else _where({"path": name, "error": message.replace(e["path"], name)})


def render_text(data: dict) -> str:
    checked = data["checked"]
    out = [_summary(data), "", "per operator:"]
    table = [[name] + [str(c[p]) for p in PATHS] for name, c in data["totals"]["by_op"].items()]
    table.append(["total"] + [str(data["totals"]["ops"][p]) for p in PATHS])
    out += _columns(["op", *PATHS], table)
    out += ["", "reasons (op instances, models):"]
    out += [f"  {g['count']:>4} {len(g['models']):>3}  {g['op']} [{g['path']}] ({g['types']}): {g['reason']}"
            for g in data["reasons"]] or ["  none"]
    out += ["", "per model:"]
    out += _columns(["model", *PATHS] + (CHECK_COLUMNS if checked else []),
                    [_model_cells(e, checked) for e in rows(data)])
    notes = [n for n in map(_model_note, rows(data)) if n]
    out += [""] + [f"error: {n}" for n in notes] if notes else []
    return "\n".join(out) + "\n"


def _columns(header: list[str], table: list[list[str]]) -> list[str]:
    widths = [max(len(r[k]) for r in [header] + table) for k in range(len(header))]
    numeric = [k > 0 and all(r[k].isdigit() or r[k] == "-" for r in table) for k in range(len(header))]
    return ["  ".join(c.rjust(w) if numeric[k] else c.ljust(w) for k, (c, w) in enumerate(zip(r, widths))).rstrip()
            for r in [header] + table]


def render_md(data: dict) -> str:
    checked = data["checked"]

    def table(header, body):
        cell = lambda c: str(c).replace("|", "\\|")  # noqa: E731
        return ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] + \
               ["| " + " | ".join(map(cell, r)) + " |" for r in body]

    out = ["# tfl2quant report", "", _summary(data), "", "## Per operator", ""]
    body = [[name] + [c[p] for p in PATHS] for name, c in data["totals"]["by_op"].items()]
    out += table(["op", *PATHS], body + [["total"] + [data["totals"]["ops"][p] for p in PATHS]])
    out += ["", "## Reasons", "", "Ops off the integer path, grouped by operator, path, operand and result types, "
            "and reason.", ""]
    out += table(["instances", "models", "op", "path", "types", "reason"],
                 [[g["count"], len(g["models"]), g["op"], g["path"], f"`{g['types']}`", g["reason"]]
                  for g in data["reasons"]]) if data["reasons"] else ["none"]
    out += ["", "## Per model", ""]
    out += table(["model", *PATHS] + (CHECK_COLUMNS if checked else []),
                 [[f"`{c[0]}`", *c[1:]] for c in (_model_cells(e, checked) for e in rows(data))])
    notes = [n for n in map(_model_note, rows(data)) if n]
    if notes:
        out += ["", "## Errors", ""] + [f"- {n}" for n in notes]
    return "\n".join(out) + "\n"


def _where(error: dict) -> str:
    """The error message, led by the file once (the reader's messages already name it)."""
    message = error["error"]
    return message if message.startswith(error["path"]) else f"{error['path']}: {message}"
