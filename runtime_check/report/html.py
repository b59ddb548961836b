"""`tfl2quant report --format html`: one self-contained page (no network, no fonts).

The totals, a bar per operator split into its path shares (CSS widths), a
per-model table that sorts on a click of its header, and the reasons. The page
honours `?sort=<column>[&desc=1]` (the column's data-key) by clicking that
header (twice for descending), so that a test can sort it from a headless
browser's command line.
"""
from __future__ import annotations

from html import escape

from legalize.records import PATHS

from .coverage import check_cells, rows

COLOURS = {"integer": "#2e7d32", "fallback": "#ef6c00", "float": "#1565c0", "unlowered": "#c62828"}

CSS = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.6em; }
.cards { display: flex; gap: 1em; flex-wrap: wrap; }
.card { border: 1px solid #ccc; border-radius: 4px; padding: .5em 1em; min-width: 7em; }
.card b { display: block; font-size: 1.4em; }
table { border-collapse: collapse; } th, td { padding: 2px 8px; border-bottom: 1px solid #eee; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
#models th { cursor: pointer; user-select: none; background: #f4f4f4; }
#models th[aria-sort=ascending]::after { content: " \\25B2"; } #models th[aria-sort=descending]::after { content: " \\25BC"; }
.bar { display: flex; width: 360px; height: 14px; background: #eee; }
.bar span { display: block; height: 100%; }
.legend span { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 12px; }
.v-PASS { color: #2e7d32; } .v-FAIL, .v-ERROR { color: #c62828; font-weight: bold; } .v-per { color: #ef6c00; }
.error { color: #c62828; }
code { font-size: 12px; }
"""

# Sort the rows of #models by a column: numbers (data-v) as numbers, the rest as text.
JS = """
(function () {
  var table = document.getElementById("models");
  var heads = table.tHead.rows[0].cells;
  function sortBy(key, desc) {
    var col = -1;
    for (var i = 0; i < heads.length; i++) {
      var on = heads[i].dataset.key === key;
      if (on) col = i;
      heads[i].setAttribute("aria-sort", on ? (desc ? "descending" : "ascending") : "none");
    }
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var numeric = heads[col].dataset.type === "number";
    rows.sort(function (a, b) {
      var x = a.cells[col].dataset.v, y = b.cells[col].dataset.v;
      var c = numeric ? parseFloat(x) - parseFloat(y) : x.localeCompare(y);
      return desc ? -c : c;
    });
    rows.forEach(function (r) { body.appendChild(r); });
    table.dataset.sorted = key + (desc ? ":desc" : ":asc");
  }
  for (var i = 0; i < heads.length; i++) {
    heads[i].addEventListener("click", function (ev) {
      var th = ev.currentTarget;
      sortBy(th.dataset.key, th.getAttribute("aria-sort") === "ascending");
    });
  }
  // ?sort=<key>[&desc=1]: the clicks a reader would make, for tests that cannot click
  var params = new URLSearchParams(window.location.search);
  if (params.has("sort")) {
    var th = table.querySelector("th[data-key='" + params.get("sort") + "']");
    if (!th) throw new Error("no column " + params.get("sort"));
    th.click();
    if (params.get("desc") === "1") th.click();
  }
})();
"""


def render_html(data: dict) -> str:
    t, checked = data["totals"], data["checked"]
    cards = [("models", t["models"])] + ([("could not be read", len(data["errors"]))] if data["errors"] else [])
    cards += [(p, t["ops"][p]) for p in PATHS]
    cards += list(t.get("verdicts", {}).items())
    out = ["<!doctype html><html lang='en'><head><meta charset='utf-8'>",
           "<title>tfl2quant report</title>", f"<style>{CSS}</style></head><body>",
           f"<h1>tfl2quant report: {t['models']} model(s)</h1>",
           "<h2>Totals</h2><div class='cards'>",
           *(f"<div class='card'>{escape(str(k))}<b>{v}</b></div>" for k, v in cards), "</div>",
           "<h2>Path shares per operator</h2>", _legend(), _chart(t["by_op"]),
           "<h2>Per model</h2>", _models(rows(data), checked),
           "<h2>Reasons</h2>", _reasons(data["reasons"])]
    notes = [(e["path"], e.get("error") or e.get("check_error")) for e in rows(data)]
    notes = [(p, m) for p, m in notes if m]
    if notes:
        out += ["<h2>Errors</h2><ul>"] + [f"<li class='error'>{escape(m)}</li>" for _, m in notes] + ["</ul>"]
    out += [f"<script>{JS}</script></body></html>"]
    return "\n".join(out) + "\n"


def _legend() -> str:
    return "<p class='legend'>" + "".join(f"<span style='background:{COLOURS[p]}'></span>{p}" for p in PATHS) + "</p>"


def _chart(by_op: dict) -> str:
    lines = ["<table><tr><th>op</th><th>instances</th><th>share of each path</th></tr>"]
    for name, counts in sorted(by_op.items(), key=lambda kv: (-sum(kv[1].values()), kv[0])):
        total = sum(counts.values())
        parts = "".join(f"<span style='width:{100 * counts[p] / total:.2f}%;background:{COLOURS[p]}' "
                        f"title='{p} {counts[p]}'></span>" for p in PATHS if counts[p])
        lines.append(f"<tr><td><code>{escape(name)}</code></td><td class='n'>{total}</td>"
                     f"<td><div class='bar'>{parts}</div></td></tr>")
    return "\n".join(lines) + "</table>"


def _models(entries: list[dict], checked: bool) -> str:
    heads = [("model", "text")] + [(p, "number") for p in PATHS] + (
        [("verdict", "text"), ("largest", "number"), ("diverges", "text"), ("reference", "text")] if checked else [])
    lines = ["<table id='models'><thead><tr>" +
             "".join(f"<th data-key='{k}' data-type='{ty}' aria-sort='none'>{k}</th>" for k, ty in heads) +
             "</tr></thead><tbody>"]
    for e in entries:
        name = e.get("name", e["path"])
        cells = [f"<td data-v='{escape(name)}' title='{escape(e['path'])}'>{escape(name)}</td>"]
        for p in PATHS:
            n = e["ops"][p] if "ops" in e else -1
            cells.append(f"<td class='n' data-v='{n}'>{n if n >= 0 else '-'}</td>")
        if checked:
            v = e["verdict"]
            css = "v-per" if v in ("PASS (per layer)", "PASS (float noise)") else f"v-{v.replace(' ', '-')}"
            why = e.get("check_error") or e.get("error")
            title = f" title='{escape(why)}'" if why else ""
            cells.append(f"<td class='{css}' data-v='{escape(v)}'{title}>{escape(v)}</td>")
            _, largest, diverges, reference = check_cells(e)
            size = (e.get("largest") or {}).get("max_abs_diff", -1)
            cells += [f"<td class='n' data-v='{size}'>{escape(largest)}</td>",
                      f"<td data-v='{escape(diverges)}'>{escape(diverges)}</td>",
                      f"<td data-v='{escape(reference)}' title='{escape(e.get('reference_why', ''))}'>"
                      f"{escape(reference)}</td>"]
        lines.append("<tr>" + "".join(cells) + "</tr>")
    return "\n".join(lines) + "</tbody></table>"


def _reasons(groups: list[dict]) -> str:
    if not groups:
        return "<p>Every op took the integer or the float path.</p>"
    lines = ["<table id='reasons'><tr><th>instances</th><th>models</th><th>op</th><th>path</th><th>types</th>"
             "<th>reason</th></tr>"]
    for g in groups:
        names = ", ".join(g["models"][:3]) + (f" and {len(g['models']) - 3} more" if len(g["models"]) > 3 else "")
        lines.append(f"<tr><td class='n'>{g['count']}</td><td class='n' title='{escape(names)}'>{len(g['models'])}</td>"
                     f"<td><code>{escape(g['op'])}</code></td><td>{g['path']}</td>"
                     f"<td><code>{escape(g['types'])}</code></td><td>{escape(g['reason'])}</td></tr>")
    return "\n".join(lines) + "</table>"
