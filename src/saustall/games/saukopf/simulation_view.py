"""Saukopf's own simulation figures on the terminal and in the arena's report.

Named by Saukopf's support record (``simulation.render``, ``arena_render``,
``report_section``), so that the game-neutral simulator and arena print them without
knowing the game.
"""

from __future__ import annotations

from typing import Iterable

from rich.console import Console
from rich.table import Table

from saustall.arena.figures import Share, mean_text
from saustall.cli.simulate import count_text
from saustall.games.saukopf.simulation import LEGEND as SAUKOPF_LEGEND
from saustall.games.saukopf.simulation import SaukopfSummary
from saustall.stats import Interval, wilson


def _net(found: Interval) -> str:
    """A mean net with its interval (the n is the table's); without one, its n and why."""
    return found.text(1.0, 3, signed=True, with_n=found.low is None)


def _mean(found: Interval) -> str:
    """A mean per deal with its interval (the n is the table's); without one, n and why."""
    return found.text(1.0, 3, with_n=found.low is None)


def _share(share: Share, digits: int = 1) -> str:
    """The share with its Wilson 95% interval and what it is out of."""
    found = wilson(share.count, share.total)
    if found.low is None or found.high is None:
        return "- (none to count)"
    return (f"{100 * share.share:.{digits}f}% [{100 * found.low:.{digits}f}, "
            f"{100 * found.high:.{digits}f}] of {share.total:,}")


def add_contract_rows(table: Table, thrown_in: Share,
                      kinds: Iterable[tuple[str, Share]]) -> None:
    """The rows every Saukopf deal report shows: deals thrown in, then each game kind's
    share of the deals played (two decimals: the rare kinds are fractions of a percent)."""
    table.add_row("thrown in", f"{_share(thrown_in)} deals ({count_text(thrown_in.count)})")
    for name, share in kinds:
        table.add_row(f"  {name}", f"{_share(share, 2)} ({count_text(share.count)})")


def render_simulation(summary: SaukopfSummary, console: Console) -> None:
    """Print Saukopf's own figures (points, trophies, the mix of games) and their legend."""
    tables = [("Saukopf per seat", "seat", "bot", summary.seats)]
    if len(summary.bots) > 1:  # one bot in every seat: its pooled row adds nothing
        tables.append(("Saukopf per bot (pooled over its seats)", "bot", "seats",
                       summary.bots))
    for title, first, second, rows in tables:
        table = Table(title=title)
        for column in (first, second, "net/deal [95% CI]", "meat/deal [95% CI]",
                       "rough/deal [95% CI]", "Schlachtm.", "Oberraub."):
            table.add_column(column, justify="left" if column in ("bot", "seats") else "right")
        for row in rows:
            table.add_row(row.who.removeprefix("seat "), row.detail, _net(row.net_per_deal_ci),
                          _mean(row.meat_per_deal_ci), _mean(row.roughness_per_deal_ci),
                          _share(row.schlachtmeister), _share(row.oberrauborstler))
        console.print(table)
    console.print(f"Sessions: {summary.sessions:,}. Schlachtmeister shares add up to 100%; "
                  f"nobody was Oberrauborstler in "
                  f"{_share(summary.no_oberrauborstler)} of the sessions.")
    deals = Table(title=f"Saukopf deals: {summary.deals} in {summary.sessions} sessions",
                  show_header=False)
    deals.add_column("what")
    deals.add_column("value", justify="right")
    add_contract_rows(deals, summary.thrown_in, summary.kinds)
    deals.add_row("am Spieß", _share(summary.spiess))
    deals.add_row("Kontra (of played deals)", _share(summary.kontra))
    deals.add_row("Re (of deals with Kontra)", _share(summary.re))
    deals.add_row("declarer won", _share(summary.declarer_won))
    console.print(deals)
    render_contracts(summary, console)
    for name, meaning in SAUKOPF_LEGEND:
        console.print(f"[bold]{name}[/]: {meaning}", highlight=False)



def _interval_text(share: Share) -> str:
    low, high = share.interval()
    return f"{100 * share.share:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def render_contracts(summary: SaukopfSummary, console: Console) -> None:
    """Each contract's worth to the declarer, and who declared and kicked."""
    table = Table(title="Saukopf contracts: worth to the declarer")
    for column in ("contract", "deals", "won", "won [95% CI]", "net/deal [95% CI]",
                   "card pts [95% CI]"):
        table.add_column(column, justify="left" if column == "contract" else "right")
    for name, stats in summary.contracts.items():
        table.add_row(name, str(stats.deals), count_text(stats.declarer_won.count),
                      _interval_text(stats.declarer_won),
                      mean_text(stats.declarer_net, signed=True),
                      mean_text(stats.declarer_points, 1))
    console.print(table)
    seats = Table(title="Saukopf per seat: declarations and kicks")
    for column in ("seat", "declared", "of deals [95% CI]", "Kontra", "Re",
                   "net/deal [95% CI]"):
        seats.add_column(column, justify="right")
    for seat, (row, share) in enumerate(zip(summary.seats, summary.declarer_seats)):
        seats.add_row(str(seat + 1), count_text(share.count), _interval_text(share),
                      str(row.kontra_given), str(row.re_given),
                      _net(row.net_per_deal_ci))
    console.print(seats)


def render_arena(summary: SaukopfSummary, console: Console) -> None:
    """Saukopf's deal figures under the arena's tables, each share with its interval."""
    kinds = ", ".join(f"{name} {_share(share)}" for name, share in summary.kinds)
    console.print(f"Saukopf deals: {summary.deals}; thrown in {_share(summary.thrown_in)}; "
                  f"Kontra {_share(summary.kontra)}; games played: {kinds}",
                  highlight=False)


def report_section(summary: SaukopfSummary) -> tuple[str, list[list[str]]]:
    """The arena report's Saukopf section: its heading and its (what, share) rows."""
    rows = [["thrown in", _share(summary.thrown_in)]]
    rows += [[name, _share(share)] for name, share in summary.kinds]
    rows += [["am Spieß", _share(summary.spiess)],
             ["Kontra", _share(summary.kontra)],
             ["Re (of Kontra)", _share(summary.re)]]
    return f"Saukopf deals ({summary.deals})", rows
