"""Pigasus's own simulation figures on the terminal and in the arena's report (named by
its support record's ``simulation.render``, ``arena_render`` and ``report_section``)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from saustall.arena.figures import Share, mean_text
from saustall.games.pigasus.facts import LEGEND, SEAT_COUNTERS, PigasusSeat, PigasusSummary


def share_text(share: Share) -> str:
    """``51.2% [50.5, 51.9] (512/1,000)``."""
    low, high = share.interval()
    return (f"{100 * share.share:.1f}% [{100 * low:.1f}, {100 * high:.1f}] "
            f"({share.count:,.0f}/{share.total:,})")


def _per_game(row: PigasusSeat, counter: str) -> str:
    """A counter's mean per game with its t interval (the n is the table's games)."""
    if not row.games:
        return "-"
    found = row.per_game(counter)
    return found.text(1.0, 2, with_n=found.low is None)


def render_simulation(summary: PigasusSummary, console: Console) -> None:
    """Print Pigasus's own figures: grabs per seat, units' balance, ties; the legend."""
    seats = Table(title=f"Pigasus per seat: per game, mean [95% CI], n = {summary.games:,} "
                        f"games")
    for column in ("seat", "bot", "grabs", "pairs", "split", "wrong", "crowded", "paid"):
        seats.add_column(column, justify="left" if column in ("seat", "bot") else "right")
    for row in summary.seats:
        seats.add_row(row.who.removeprefix("seat "), row.detail,
                      *(_per_game(row, counter) for counter in SEAT_COUNTERS))
    console.print(seats)
    units = Table(title="Pigasus balance: per player (team)")
    for column in ("unit", "seats", "wins [95% CI]", "cards per game [95% CI]"):
        units.add_column(column, justify="right")
    for unit in summary.units:
        units.add_row(str(unit.unit + 1), ",".join(str(s + 1) for s in unit.seats),
                      share_text(unit.wins), mean_text(unit.cards))
    console.print(units)
    ends = Table(title="Pigasus: how the games ended", show_header=False)
    ends.add_column("what")
    ends.add_column("value", justify="right")
    for reason, share in summary.end_reasons.items():
        ends.add_row(f"ended: {reason}", share_text(share))
    ends.add_row("tie at the end (tie-break played)", share_text(summary.tiebreaks))
    ends.add_row("  decided in the tie-break", share_text(summary.tie_decided))
    ends.add_row("shared wins", share_text(summary.shared_wins))
    ends.add_row("margin, cards: mean [95% CI]", mean_text(summary.margin))
    ends.add_row("length, s: mean [95% CI]", mean_text(summary.length_s))
    console.print(ends)
    for name, meaning in LEGEND:
        console.print(f"[bold]{name}[/]: {meaning}", highlight=False)


def render_arena(summary: PigasusSummary, console: Console) -> None:
    """One line of Pigasus's figures under the arena's tables."""
    console.print(f"Pigasus: tie-breaks {share_text(summary.tiebreaks)}; shared wins "
                  f"{share_text(summary.shared_wins)}", highlight=False)


def report_section(summary: PigasusSummary) -> tuple[str, list[list[str]]]:
    """The arena report's Pigasus section: its heading and its (what, value) rows."""
    rows = [[f"ended: {reason}", share_text(share)]
            for reason, share in summary.end_reasons.items()]
    rows += [["tie-breaks", share_text(summary.tiebreaks)],
             ["shared wins", share_text(summary.shared_wins)]]
    rows += [[f"unit {unit.unit + 1} wins", share_text(unit.wins)] for unit in summary.units]
    return f"Pigasus games ({summary.games:,})", rows
