"""The HTML report of ``saustall simulate --report``: the games' balance, with plots.

Seat win rates with their intervals (a chart against the even share), the first player's
share and advantage (or why it is withheld), the length distribution, and every figure
the game adds (its own tally's shares and means, each group of shares as a chart), then
the legend. Built from :mod:`saustall.arena.html`'s pieces: one self-contained file.
"""

from __future__ import annotations

from dataclasses import asdict, is_dataclass
from html import escape
from typing import Any, Sequence

from saustall.arena import html
from saustall.arena.figures import figures, share_groups
from saustall.arena.simulate import SimulationResult, Summary, records
from saustall.stats import Interval


def plain(data: Any) -> Any:
    """A dataclass as plain data (:func:`dataclasses.asdict`); anything else as it is."""
    return asdict(data) if is_dataclass(data) and not isinstance(data, type) else data


def rate_interval(rate: Any) -> Interval:
    """A :class:`~saustall.arena.simulate.Rate` as an :class:`Interval`."""
    return Interval(rate.rate, rate.low, rate.high, rate.trials)


def pct(found: Interval, digits: int = 1) -> str:
    """A share as ``52.7% [50.7, 54.6] (n=2,000)``."""
    return found.text(100, digits, "%")


def seat_section(summary: Summary, players: int) -> str:
    """Seats: the table and the chart of win rates against the even share."""
    rows = [[str(seat.seat + 1), seat.bot, pct(rate_interval(seat.wins)),
             seat.mean_return_ci.text(1, 3)] for seat in summary.seats]
    labels = [f"seat {seat.seat + 1} ({seat.bot})" for seat in summary.seats]
    intervals = [rate_interval(seat.wins) for seat in summary.seats]
    chart = html.plots_or_note(lambda: html.image(html.interval_chart(
        labels, intervals, "win rate (%), 95% Wilson interval; dashed: the even share",
        reference=1.0 / players, scale=100), "seat win rates with intervals"))
    return html.section("Seats", html.table(
        ["seat", "bot", "win rate [95% CI] (n)", "mean return [95% CI] (n)"], rows), chart)


def first_player_section(summary: Summary, players: int) -> str:
    """The first player's share and advantage, or why the advantage is withheld."""
    share = pct(rate_interval(summary.first_player_wins))
    if summary.first_player_withheld:
        body = html.paragraph(f"First player won {share}. First-player advantage withheld: "
                              f"{summary.first_player_withheld}.", "withheld")
    else:
        body = html.paragraph(
            f"First player won {share}; advantage over the even share "
            f"{100 / players:.1f}%: "
            f"{summary.first_player_advantage_ci.text(100, 1, ' points', signed=True)}.")
    return html.section("First player", body)


def length_section(summary: Summary, counts: Sequence[tuple[int, int]] | None = None,
                   unit: str = "actions") -> str:
    """Game length: the mean with its interval, percentiles, the histogram."""
    text = (f"Mean {summary.length.text(1, 1)} {unit}; median {summary.length_p50:.0f}, "
            f"p90 {summary.length_p90:.0f}, p99 {summary.length_p99:.0f}; shortest "
            f"{summary.length_min}, longest {summary.length_max} (a range, not an interval).")
    data = [(float(v), c) for v, c in (counts if counts is not None else summary.lengths)]
    chart = html.plots_or_note(lambda: html.image(
        html.histogram(data, f"game length ({unit})"), "length distribution"))
    return html.section(f"Game length ({unit})", html.paragraph(text), chart)


def game_figures_section(title: str, data: Any) -> str:
    """Every share and mean a game adds, in a table, and each group of shares as a chart."""
    if data is None:
        return ""
    found = list(figures(data))
    rows = [[figure.path, pct(figure.interval, 2) if figure.kind == "share"
             else figure.interval.text(1, 3)] for figure in found]
    parts = [html.table(["figure", "value [95% CI] (n)"], rows)] if rows else []
    for where, group in share_groups(data):
        if len(group) < 2:
            continue
        labels = [name for name, _ in group]
        intervals = [figure.interval for _, figure in group]
        parts.append(f"<h3>{escape(where)}</h3>")
        parts.append(html.plots_or_note(lambda labels=labels, intervals=intervals, where=where:
                                        html.image(html.interval_chart(
                                            labels, intervals,
                                            "share (%), 95% Wilson interval", scale=100),
                                            where)))
    return html.section(title, *parts) if parts else ""


def render_simulation_html(result: SimulationResult, legend: Sequence[tuple[str, str]],
                           game_key: str = "game figures") -> str:
    """The whole report of one simulation."""
    summary = result.summary
    title = (f"Simulation: {result.game}/{result.ruleset}, {result.players} players, "
             f"{summary.games:,} games")
    setup = (f"Bots: {', '.join(result.bots)}" + (" (rotating seats)" if result.rotate else "")
             + f"; seed {result.seed}; options {result.options}. Every share and mean comes "
             "with its 95% interval and the number of games (or values) it rests on.")
    figures_data = (records(plain(summary.game_figures))
                    if summary.game_figures is not None else None)
    parts = [html.paragraph(setup), seat_section(summary, result.players),
             first_player_section(summary, result.players), length_section(summary),
             game_figures_section(f"The game's own figures ({game_key})", figures_data),
             html.section("What the figures mean", html.legend(legend))]
    return html.page(title, parts)


__all__ = ["first_player_section", "game_figures_section", "length_section", "pct",
           "rate_interval", "render_simulation_html", "seat_section"]
