"""Drecksau's own simulation figures on the terminal and in the arena's report.

Named by Drecksau's support record (``simulation.render``, ``arena_render``,
``report_section``), so that the game-neutral simulator and arena print them without
knowing the game. Every share is shown with its count, total and Wilson 95% interval,
every mean with its 95% interval.
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from saustall.arena.figures import Moments, Share, histogram_percentile, mean_text
from saustall.games.drecksau.facts import LEGEND, CardCounts, DrecksauSummary


def share_text(share: Share) -> str:
    """``51.2% [50.5, 51.9] (5,120/10,000)``."""
    low, high = share.interval()
    return (f"{100 * share.share:.1f}% [{100 * low:.1f}, {100 * high:.1f}] "
            f"({share.count:,.0f}/{share.total:,})")


def count_mean(moments: Moments) -> str:
    """A count per game: its mean and 95% interval, which stops at 0."""
    return mean_text(moments)


def _per_game(row: CardCounts, what: str, kind: str = "") -> str:
    """A count's mean per game with its t 95% interval (the n is the table's games)."""
    if not row.games:
        return "-"
    found = row.per_game(what, kind)
    return found.text(1.0, 2, with_n=found.low is None)


def render_simulation(summary: DrecksauSummary, console: Console) -> None:
    """Print Drecksau's own figures (win kinds, length in turns, cards) and their legend."""
    ends = Table(title=f"Drecksau: how the rounds ended ({summary.rounds:,} rounds in "
                       f"{summary.games:,} games)", show_header=False)
    ends.add_column("what")
    ends.add_column("value", justify="right")
    for kind, share in summary.win_kinds.items():
        ends.add_row(f"win kind: {kind}", share_text(share))
    for card, share in summary.winning_cards.items():
        if share.count:
            ends.add_row(f"winning card: {card}", share_text(share))
    ends.add_row("won on another player's play", share_text(summary.won_on_other_play))
    console.print(ends)
    length = Table(title="Drecksau: game length", show_header=False)
    length.add_column("what")
    length.add_column("value", justify="right")
    for name, moments, histogram in (
            ("turns", summary.turns, summary.turns_histogram),
            ("table rounds", summary.table_rounds, summary.table_rounds_histogram)):
        length.add_row(f"{name}: mean [95% CI]", count_mean(moments))
        length.add_row("  p50 / p90 / p99", " / ".join(
            f"{histogram_percentile(histogram, q):.0f}" for q in (50, 90, 99)))
        length.add_row("  min / max", f"{moments.smallest:.0f} / {moments.largest:.0f}")
    length.add_row("reshuffles per game", count_mean(summary.reshuffles))
    console.print(length)
    table = summary.table
    cards = Table(title=f"Drecksau: cards per game, by kind (all seats), mean [95% CI], "
                        f"n = {table.games:,} games")
    for column in ("card", "played", "drawn", "thrown away"):
        cards.add_column(column, justify="left" if column == "card" else "right")
    for kind in table.played:
        cards.add_row(kind, _per_game(table, "played", kind), _per_game(table, "drawn", kind),
                      _per_game(table, "discarded", kind))
    console.print(cards)
    _render_seats("Drecksau per seat: cards per game", summary.seats, console)
    if any("," in bot.detail for bot in summary.bots):  # a bot in several seats
        _render_seats("Drecksau per bot (pooled over its seats): cards per seat-game",
                      summary.bots, console)
    for name, meaning in LEGEND:
        console.print(f"[bold]{name}[/]: {meaning}", highlight=False)


def _render_seats(title: str, rows: tuple[CardCounts, ...], console: Console) -> None:
    """One column per seat (or bot), one row per card kind played, then drawn."""
    if not rows:
        return
    games = "/".join(sorted({f"{row.games:,}" for row in rows}))
    table = Table(title=f"{title}, mean [95% CI], n = {games}")
    table.add_column("card")
    for row in rows:
        name = row.who.replace("seat ", "") + (f" {row.detail}" if row.who.startswith("seat")
                                                else "")
        table.add_column(name, justify="right")
    kinds = list(rows[0].played)
    for label, field in (("played", "played"), ("drawn", "drawn")):
        for kind in kinds:
            table.add_row(f"{kind} {label}", *(_per_game(row, field, kind) for row in rows))
    table.add_row("exchanges", *(_per_game(row, "exchanges") for row in rows))
    console.print(table)


def render_arena(summary: DrecksauSummary, console: Console) -> None:
    """One line of Drecksau's figures under the arena's tables."""
    kinds = ", ".join(f"{kind} {share_text(share)}"
                      for kind, share in summary.win_kinds.items() if share.count)
    console.print(f"Drecksau rounds: {summary.rounds:,}; won {kinds}; turns per game "
                  f"{count_mean(summary.turns)}", highlight=False)


def report_section(summary: DrecksauSummary) -> tuple[str, list[list[str]]]:
    """The arena report's Drecksau section: its heading and its (what, value) rows."""
    rows = [[f"win kind: {kind}", share_text(share)]
            for kind, share in summary.win_kinds.items()]
    rows += [[f"winning card: {card}", share_text(share)]
             for card, share in summary.winning_cards.items() if share.count]
    rows += [["turns per game", count_mean(summary.turns)],
             ["table rounds per game", count_mean(summary.table_rounds)]]
    return f"Drecksau rounds ({summary.rounds:,})", rows
