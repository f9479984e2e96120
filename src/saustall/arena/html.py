"""Self-contained HTML reports about games: the pieces ``simulate``, ``study`` and
``census`` reports are built from.

A report is one file with nothing fetched from elsewhere: the style inline, every plot a
base64 PNG drawn by matplotlib (the ``report`` extra; without it the report says how to
get the plots and keeps its tables). Every text from a run (bot and ruleset names, a
game's own figure names) is escaped: the page is fixed markup around escaped text.
"""

from __future__ import annotations

import base64
import io
from html import escape
from typing import Any, Sequence

from saustall.stats import Interval

PLOTS_MISSING = ("Plots need matplotlib: pip install 'saustall[report]', then run again.")

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 62em; color: #222;
       padding: 0 1em; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child, td.text { text-align: left; }
td.flag { background: #fde2c8; font-weight: bold; }
.legend dt { font-weight: bold; } .legend dd { margin: 0 0 0.5em 1.5em; }
.note { color: #555; } .withheld { color: #8a3b00; }
img { max-width: 100%; }
"""


def interval_text(found: Interval, scale: float = 1.0, digits: int = 1, unit: str = "",
                  signed: bool = False) -> str:
    """A figure with its interval and sample size, as the tables print it."""
    return found.text(scale, digits, unit, signed)


def table(head: Sequence[str], rows: Sequence[Sequence[str]],
          flagged: Sequence[Sequence[bool]] | None = None) -> str:
    """An HTML table of text cells (escaped); ``flagged`` cells are highlighted."""
    cells = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = []
    for r, row in enumerate(rows):
        marks = flagged[r] if flagged is not None else [False] * len(row)
        body.append("<tr>" + "".join(
            _cell(c, mark) for c, mark in zip(row, list(marks) + [False] * len(row)))
            + "</tr>")
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _cell(text: str, flagged: bool) -> str:
    numeric = text[:1].isdigit() or text[:2].lstrip("+-−")[:1].isdigit()
    classes = " ".join(c for c in ("flag" if flagged else "", "" if numeric else "text") if c)
    return f"<td class='{classes}'>{escape(text)}</td>" if classes else f"<td>{escape(text)}</td>"


def page(title: str, parts: Sequence[str]) -> str:
    """The whole document: the title, then ``parts`` (markup already escaped)."""
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"
            f"<h1>{escape(title)}</h1>" + "".join(parts) + "</body></html>\n")


def section(heading: str, *parts: str) -> str:
    """A titled section."""
    return f"<section><h2>{escape(heading)}</h2>{''.join(parts)}</section>"


def paragraph(text: str, css: str = "") -> str:
    """Escaped text in a paragraph."""
    klass = f" class='{css}'" if css else ""
    return f"<p{klass}>{escape(text)}</p>"


def legend(items: Sequence[tuple[str, str]]) -> str:
    """What each figure means, as a definition list."""
    return ("<dl class='legend'>" + "".join(
        f"<dt>{escape(name)}</dt><dd>{escape(meaning)}</dd>" for name, meaning in items)
        + "</dl>")


def plots_available() -> bool:
    """True when matplotlib is installed."""
    import importlib.util

    return importlib.util.find_spec("matplotlib") is not None


def image(figure: Any, alt: str) -> str:
    """``figure`` (a matplotlib Figure) as an embedded PNG."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f"<img alt='{escape(alt)}' src='data:image/png;base64,{data}'>"


def interval_chart(labels: Sequence[str], intervals: Sequence[Interval], xlabel: str,
                   reference: float | None = None, scale: float = 1.0,
                   series: Sequence[str] | None = None) -> Any:
    """Horizontal points with interval bars, one row per label (several ``series``:
    ``intervals`` holds len(labels) x len(series) values, label by label)."""
    from matplotlib.figure import Figure

    names = list(series) if series else [""]
    height = 1.0 + 0.35 * len(labels) * max(1, len(names))
    figure = Figure(figsize=(7, min(height, 14)))
    axes = figure.subplots()
    step = 0.8 / max(1, len(names))
    for s, name in enumerate(names):
        ys, xs, below, above = [], [], [], []
        for i in range(len(labels)):
            found = intervals[i * len(names) + s]
            y = i + (s - (len(names) - 1) / 2) * step
            ys.append(y)
            xs.append(found.value * scale)
            low = found.low if found.low is not None else found.value
            high = found.high if found.high is not None else found.value
            below.append(max(0.0, (found.value - low) * scale))
            above.append(max(0.0, (high - found.value) * scale))
        axes.errorbar(xs, ys, xerr=[below, above], fmt="o", capsize=3,
                      label=name or None)
    if reference is not None:
        axes.axvline(reference * scale, color="#888", linestyle="--", linewidth=1)
    axes.set_yticks(range(len(labels)), list(labels))
    axes.invert_yaxis()
    axes.set_xlabel(xlabel)
    axes.grid(axis="x", alpha=0.3)
    if series:
        axes.legend(loc="best", fontsize="small")
    return figure


def histogram(counts: Sequence[tuple[float, int]] | dict[str, Sequence[tuple[float, int]]],
              xlabel: str, ylabel: str = "games") -> Any:
    """A histogram of (value, how many) counts; a mapping draws one outline per series."""
    from matplotlib.figure import Figure

    series = counts if isinstance(counts, dict) else {"": counts}
    figure = Figure(figsize=(7, 3.2))
    axes = figure.subplots()
    values = [v for data in series.values() for v, _ in data]
    if values:
        # whole-number bins (lengths are counts): one per value, or a few values per bin
        low, high = int(min(values)), int(max(values)) + 1
        width = max(1, -(-(high - low) // 40))
        edges = list(range(low, high + width, width))
        for name, data in series.items():
            axes.hist([v for v, _ in data], weights=[c for _, c in data], bins=edges,
                      histtype="step" if len(series) > 1 else "bar",
                      label=name or None, linewidth=1.5)
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    if len(series) > 1:
        axes.legend(loc="best", fontsize="small")
    return figure


def plots_or_note(draw: Any) -> str:
    """``draw()``'s markup, or the note that plots need matplotlib."""
    if not plots_available():
        return f"<p class='no-plots'>{escape(PLOTS_MISSING)}</p>"
    return str(draw())


__all__ = ["PLOTS_MISSING", "histogram", "image", "interval_chart", "legend", "page",
           "paragraph", "plots_available", "plots_or_note", "section", "table"]
