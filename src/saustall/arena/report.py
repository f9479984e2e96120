"""The arena's HTML report: tables, and with matplotlib (the ``report`` extra) plots.

One self-contained file: the set-up, the legend, each bot's mean result with its 95%
interval and rating, the head-to-head table, and a game's own figures (its support record's
``simulation.report_section``). With
matplotlib the plots are embedded as base64 PNG images: rating intervals (mu ± 2 sigma,
the ordinal marked), mean results with their intervals, and the distribution of each
bot's per-deal results. Without it the report says how to get them.

Every text from the run (bot names above all) is escaped: the page is built from fixed
markup and escaped text, never from data taken as HTML.
"""

from __future__ import annotations

import base64
import io
from html import escape
from typing import Any, Sequence

from saustall.arena.run import ArenaResult
from saustall.arena.stats import CONFIDENCE, ci_text
from saustall.core import registry
from saustall.core.support import load_reference

PLOTS_MISSING = ("Plots need matplotlib: pip install 'saustall[report]' (or `make test`'s "
                 "environment, which has it), then run the arena again.")

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.legend dt { font-weight: bold; } .legend dd { margin: 0 0 0.5em 1.5em; }
img { max-width: 100%; }
"""


def _number(value: float | None, digits: int = 3) -> str:
    return "n/a" if value is None else f"{value:.{digits}f}"


def _ci(low: float | None, high: float | None, n: int) -> str:
    return ci_text(low, high, n)


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    cells = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def legend(result: ArenaResult) -> list[tuple[str, str]]:
    """Every figure of the report (and of the terminal output) and what it means."""
    seatings = len(result.seatings)
    return [
        ("result", f"{result.metric}: {result.metric_meaning}"),
        ("duplicate deals", f"every deal is played {seatings} times with the same cards, "
                            f"the bots moved round the seats ({result.seating} seatings), so "
                            f"every bot plays every hand and every seat; {result.deals} deals, "
                            f"{result.games} games"),
        ("mean [95% CI]", "the bot's mean result over the deals (per deal: its mean over "
                          "the seats it took) with Student's t 95% interval over the "
                          "per-deal means: the deal, not the game, is the unit, because "
                          "the games of a deal share their cards"),
        ("rating", "OpenSkill Plackett-Luce: each game ranks the bots at the table by "
                   "their result, fed in game order; mu is the skill estimate, sigma its "
                   "uncertainty, ordinal = mu - 3 sigma a cautious value to rank by"),
        ("head to head", "A minus B: A's result minus B's in the games where both sat, "
                         "averaged per deal (paired, so the cards cancel), with its t 95% "
                         "interval; an interval without 0 means the difference is real at "
                         "the 95% level. A's mean: A's own mean in those games"),
    ]


def _plots(result: ArenaResult) -> list[tuple[str, str]]:
    """The plots as (title, base64 PNG); raises ImportError without matplotlib."""
    from matplotlib.figure import Figure

    bots = list(result.bots)
    positions = list(range(len(bots)))
    found: list[tuple[str, str]] = []

    def encode(figure: Any) -> str:
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
        return base64.b64encode(buffer.getvalue()).decode("ascii")

    height = 1.2 + 0.5 * len(bots)
    figure = Figure(figsize=(7, height))
    axes = figure.subplots()
    ratings = [r.rating for r in result.results]
    axes.errorbar([r.mu for r in ratings], positions, xerr=[2 * r.sigma for r in ratings],
                  fmt="o", capsize=4, label="mu ± 2 sigma")
    axes.plot([r.ordinal for r in ratings], positions, "x", label="ordinal (mu - 3 sigma)")
    axes.set_yticks(positions, bots)
    axes.set_xlabel("OpenSkill rating")
    axes.legend(loc="best", fontsize="small")
    found.append(("Rating intervals", encode(figure)))

    figure = Figure(figsize=(7, height))
    axes = figure.subplots()
    means = [r.mean for r in result.results]
    lows = [r.mean - r.ci_low if r.ci_low is not None else 0.0 for r in result.results]
    highs = [r.ci_high - r.mean if r.ci_high is not None else 0.0 for r in result.results]
    axes.errorbar(means, positions, xerr=[lows, highs], fmt="o", capsize=4)
    axes.set_yticks(positions, bots)
    axes.set_xlabel(f"mean {result.metric} with {CONFIDENCE:.0%} CI")
    found.append(("Mean results", encode(figure)))

    figure = Figure(figsize=(7, 3.5))
    axes = figure.subplots()
    values = [list(result.deal_means[bot]) for bot in bots]
    axes.hist(values, bins=min(30, max(5, result.deals // 5)), histtype="step", label=bots)
    axes.set_xlabel(f"{result.metric}, a bot's mean on one deal")
    axes.set_ylabel("deals")
    axes.legend(loc="best", fontsize="small")
    found.append(("Result distributions (per deal)", encode(figure)))
    return found


def render_html(result: ArenaResult, elapsed: float | None = None) -> str:
    """The whole report as one HTML document."""
    title = (f"Arena: {result.game}/{result.variant_name or result.ruleset}, {result.players} players, "
             f"{', '.join(result.bots)}")
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{escape(title)}"
             f"</title><style>{STYLE}</style></head><body><h1>{escape(title)}</h1>"]
    setup = (f"{result.deals} duplicate deals x {len(result.seatings)} seatings = "
             f"{result.games} games; seed {result.seed}; options {result.options}")
    if elapsed is not None:
        setup += f"; {elapsed:.1f} s"
    parts.append(f"<p>{escape(setup)}</p>")
    ranked = sorted(result.results, key=lambda r: -r.mean)
    parts.append("<h2>Bots</h2>" + _table(
        ["bot", f"mean {result.metric}", "95% CI", "deals", "seat-games", "rating mu",
         "sigma", "ordinal"],
        [[r.bot, _number(r.mean), _ci(r.ci_low, r.ci_high, r.deals), str(r.deals),
          str(r.seat_games), f"{r.rating.mu:.2f}", f"{r.rating.sigma:.2f}",
          f"{r.rating.ordinal:.2f}"] for r in ranked]))
    if result.pairs:
        parts.append("<h2>Head to head</h2>" + _table(
            ["A", "B", "A minus B", "95% CI", "A's mean [95% CI]", "deals"],
            [[p.bot, p.opponent, f"{p.mean_difference:+.3f}", _ci(p.ci_low, p.ci_high, p.deals),
              f"{_number(p.bot_mean)} {_ci(p.bot_mean_low, p.bot_mean_high, p.deals)}",
              str(p.deals)] for p in result.pairs]))
    section = registry.support(result.game).simulation.report_section
    if result.game_figures is not None and section is not None:
        heading, rows = load_reference(section, result.game)(result.game_figures)
        parts.append(f"<h2>{escape(heading)}</h2>" + _table(["what", "share"], rows))
    try:
        plots = _plots(result)
    except ImportError:
        parts.append(f"<h2>Plots</h2><p class='no-plots'>{escape(PLOTS_MISSING)}</p>")
    else:
        for name, data in plots:
            parts.append(f"<h2>{escape(name)}</h2>"
                         f"<img alt='{escape(name)}' src='data:image/png;base64,{data}'>")
    parts.append("<h2>What the figures mean</h2><dl class='legend'>")
    for name, meaning in legend(result):
        parts.append(f"<dt>{escape(name)}</dt><dd>{escape(meaning)}</dd>")
    parts.append("</dl></body></html>\n")
    return "".join(parts)
