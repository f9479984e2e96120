"""``saustall census``: the Saukopf contract census (throw-ins and the mix of game kinds).

``saustall census --ruleset dreihaxer --bot expert --deals 10000 --workers 2``

The work is done by :func:`saustall.games.saukopf.census.run_census`, which plays each deal only until
its contract is fixed; the output says so, and why that is sound.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Optional, Sequence

from rich.console import Console
from rich.table import Table

from saustall.games.saukopf.forced import (
    SEAT_RULE, ForcedResult, forced_contracts, kreuzung, run_forced,
)
from saustall.games.saukopf.census import INDEPENDENCE, STOP_RULE, CensusResult, run_census
from saustall.cli.simulate import count_text
from saustall.games.saukopf.simulation_view import add_contract_rows
from saustall.stats import Interval, wilson


def _net(found: Interval) -> str:
    """A mean net with its interval (the n is the row's); without one, the n and why."""
    if found.n == 0:
        return "-"
    return found.text(1.0, 2, signed=True, with_n=found.low is None)


def _won(found: Interval) -> str:
    """A share with its Wilson interval (the n is the row's)."""
    if found.n == 0:
        return "-"
    return found.text(100, 0, "%", with_n=False)


WORTH_LEGEND = (
    "declarer net: the declarer's meat minus roughness points in the deal, the mean over "
    "the deals of that kind with its Student t 95% interval; party net: the same per seat "
    "of the declaring party (declarer and partner in a Doppel game); won: share of those "
    "deals the party won, with its Wilson interval; deals: how many the mean rests on "
    "(a kind the bots rarely declare has a wide interval or none). Spieß rows split a "
    "kind played both am Spieß and not.")


def worth_rows(result: CensusResult) -> list[list[str]]:
    """The contract worth as table rows (kind or kind and Spieß, deals, declarer net,
    party net, won)."""
    return [[row.kind if row.spiess == "any" else
             f"{row.kind}, {'am Spieß' if row.spiess == 'yes' else 'not am Spieß'}",
             f"{row.deals:,}", _net(row.declarer_net), _net(row.party_net), _won(row.won)]
            for row in result.worth]


def render(result: CensusResult, elapsed: float, console: Console) -> None:
    """Print the census with what it played and what each figure means."""
    table = Table(title=f"Saukopf census, {result.ruleset}: {result.deals:,} deals, "
                        f"{result.players} x {result.bot}, seed {result.seed}",
                  show_header=False)
    table.add_column("what")
    table.add_column("value", justify="right")
    add_contract_rows(table, result.thrown_in, result.kinds)
    found = wilson(result.spiess.count, result.spiess.total)
    table.add_row("am Spieß", found.text(100, 1, "%") + f" ({count_text(result.spiess.count)})")
    table.add_row("Kreuzungen nobody joined", str(result.failed_kreuzung))
    console.print(table)
    missing = result.missing_kinds()
    console.print("every game kind occurred" if not missing else
                  f"never played: {', '.join(missing)}", highlight=False)
    if result.worth:
        worth = Table(title=f"Contract worth: what each game kind paid the declaring party "
                            f"({result.bot} in every seat)")
        for column in ("game kind", "deals", "declarer net [95% CI]",
                       "party net [95% CI]", "won [95% CI]"):
            worth.add_column(column, justify="left" if column == "game kind" else "right")
        for row in worth_rows(result):
            worth.add_row(*row)
        console.print(worth)
        console.print(f"[bold]contract worth[/]: {WORTH_LEGEND}", highlight=False)
        console.print("[bold]what was played[/]: every deal to its last card, one-deal "
                      "sessions, the dealer moving one seat per deal", highlight=False)
    else:
        console.print(f"[bold]what was played[/]: {STOP_RULE}, so Kontra, Re and points are "
                      f"not measured (--worth plays the deals out; saustall simulate saukopf "
                      f"plays whole sessions)", highlight=False)
        console.print(f"[bold]why that is sound[/]: {INDEPENDENCE}", highlight=False)
    console.print("[bold]thrown in[/]: deals where everybody passed in the Trog and in the "
                  "Napf (or nobody joined an Unreine Kreuzung); [bold]game kinds[/]: share "
                  "of the deals played (not thrown in), with Wilson 95% intervals",
                  highlight=False)
    console.print(f"{result.deals:,} deals in {elapsed:.1f} s, {result.cpu_seconds:.1f} s CPU "
                  f"({1000 * result.cpu_seconds / result.deals:.0f} ms CPU per deal)",
                  highlight=False)


def render_html(result: CensusResult) -> str:
    """The census as a self-contained HTML report: the mix of games, the contract worth."""
    from saustall.arena import html

    title = (f"Saukopf census, {result.ruleset}: {result.deals:,} deals, "
             f"{result.players} x {result.bot}")
    kinds = [(name, wilson(share.count, share.total)) for name, share in result.kinds]
    parts = [html.paragraph(f"Seed {result.seed}. "
                            + ("Every deal played to its last card." if result.worth
                               else f"Deals played until {STOP_RULE}."))]
    parts.append(html.section(
        "Game kinds (share of the deals played)",
        html.table(["game kind", "share [95% CI] (n)"],
                   [["thrown in (of all deals)",
                     wilson(result.thrown_in.count, result.thrown_in.total).text(100, 2, "%")]]
                   + [[name, found.text(100, 2, "%")] for name, found in kinds]),
        html.plots_or_note(lambda: html.image(html.interval_chart(
            [name for name, _ in kinds], [found for _, found in kinds],
            "share of deals played (%), 95% Wilson interval", scale=100), "game kinds"))))
    if result.worth:
        rows = worth_rows(result)
        shown = [row for row in result.worth if row.spiess == "any"
                 and row.declarer_net.low is not None]
        parts.append(html.section(
            "Contract worth: declarer's net points per deal, by game kind",
            html.table(["game kind", "deals", "declarer net [95% CI]",
                        "party net [95% CI]", "won [95% CI]"], rows),
            html.plots_or_note(lambda: html.image(html.interval_chart(
                [f"{row.kind} (n={row.deals})" for row in shown],
                [row.declarer_net for row in shown],
                "declarer's net points per deal, 95% t interval", reference=0.0),
                "contract worth")),
            html.paragraph(WORTH_LEGEND, "note")))
    return html.page(title, parts)


FORCED_LEGEND = (
    "declarable: share of the deals where some seat could declare the contract after its "
    "least bid (Wilson); declarer net: the declarer's meat minus roughness points per deal "
    "declared, mean with its Student t 95% interval; party net: the same per seat of the "
    "declaring party; edge: the declarer's net minus the other seats' mean net (the "
    "session's winner has the most meat points, and the opponents take the meat of a "
    "game they beat), with its t interval; won: share of the deals declared the party won; kontra: share "
    "kicked; nobody joined: Kreuzung deals without a partner (a clean one goes on to the "
    "Napf, an unclean one is thrown in; the declarer's net is what the rest paid it); n: "
    "deals declared.")


def forced_rows(result: ForcedResult) -> list[list[str]]:
    """The forced contracts as table rows."""
    return [[row.label, row.declarable.text(100, 0, "%"), f"{row.declarer_net.n:,}",
             _net(row.declarer_net), _net(row.party_net), _net(row.edge), _won(row.won),
             _won(row.kontra),
             _won(row.unjoined) if kreuzung(row.kind) else "-"]
            for row in result.rows]


FORCED_HEAD = ("contract", "declarable", "n", "declarer net [95% CI]", "party net [95% CI]",
               "edge [95% CI]", "won [95% CI]", "kontra [95% CI]", "nobody joined")


def _forced_title(result: ForcedResult) -> str:
    return (f"Forced contracts, {result.ruleset}: {result.deals:,} deals per contract, "
            f"{result.players} x {result.bot}, seed {result.seed}")


def render_forced(result: ForcedResult, elapsed: float, console: Console) -> None:
    """Print the forced contracts' worth with what was played, in two tables that fit a
    terminal: the worth, then how often each could be declared, was kicked, found no
    partner, and the party's net."""
    rows = forced_rows(result)
    worth = Table(title=_forced_title(result))
    more = Table(title="Forced contracts: declarable, kicked, partners")
    for table, picks in ((worth, (0, 2, 3, 5, 6)), (more, (0, 1, 7, 8, 4))):
        for pick in picks:
            column = FORCED_HEAD[pick]
            table.add_column(column, justify="left" if pick == 0 else "right",
                             no_wrap=pick == 0)
        for row in rows:
            table.add_row(*(row[pick] for pick in picks))
    console.print(worth)
    console.print(more)
    console.print(f"[bold]contract worth, forced[/]: {FORCED_LEGEND}", highlight=False)
    console.print(f"[bold]what was played[/]: census deal i for every contract (the same "
                  f"cards), one-deal sessions; {SEAT_RULE}", highlight=False)
    units = result.deals * len(result.rows)
    console.print(f"{units:,} deals in {elapsed:.1f} s, {result.cpu_seconds:.1f} s CPU "
                  f"({1000 * result.cpu_seconds / units:.0f} ms CPU per deal)",
                  highlight=False)


def render_forced_html(result: ForcedResult) -> str:
    """The forced contracts as a self-contained HTML report with the contract-worth plot."""
    from saustall.arena import html

    shown = [row for row in result.rows if row.declarer_net.n]
    labels = [f"{row.label} (n={row.declarer_net.n})" for row in shown]
    parts = [html.paragraph(f"Seed {result.seed}. Census deal i for every contract (the "
                            f"same cards), one-deal sessions; {SEAT_RULE}."),
             html.section(
                 "Contract worth: the declarer's net points per deal, forced contracts",
                 html.table(list(FORCED_HEAD), forced_rows(result)),
                 html.plots_or_note(lambda: html.image(html.interval_chart(
                     labels, [row.declarer_net for row in shown],
                     "declarer's net points per deal, 95% t interval", reference=0.0),
                     "contract worth")),
                 html.plots_or_note(lambda: html.image(html.interval_chart(
                     labels, [row.edge for row in shown],
                     "declarer's net minus the others' mean net per deal, 95% t interval",
                     reference=0.0), "edge over the others")),
                 html.plots_or_note(lambda: html.image(html.interval_chart(
                     labels, [row.won for row in shown],
                     "declaring party won (%), 95% Wilson interval", scale=100,
                     reference=50.0 / 100), "won share")),
                 html.paragraph(FORCED_LEGEND, "note"))]
    return html.page(_forced_title(result), parts)


def census(ruleset: str, bot: str, deals: int, seed: int, workers: Optional[int],
           json_path: Optional[Path], console: Console, worth: bool = False,
           backend: str = "local", report: Optional[Path] = None,
           force: Sequence[str] = (), spiess: str = "both") -> None:
    """Run the census and print it (and write the JSON summary and report when asked);
    with ``force``, the forced contracts instead."""
    from saustall.cli.common import ProgressLine

    started = time.perf_counter()
    if force:
        contracts = forced_contracts(ruleset, force, spiess)
        with ProgressLine("forced deals") as progress:
            forced = run_forced(ruleset, bot, deals, contracts, seed, workers,
                                progress=progress, backend=backend)
        render_forced(forced, time.perf_counter() - started, console)
        if json_path is not None:
            json_path.write_text(json.dumps(forced.to_dict(), indent=2) + "\n",
                                 encoding="utf-8")
            console.print(f"JSON summary written to {json_path}", highlight=False)
        if report is not None:
            report.write_text(render_forced_html(forced), encoding="utf-8")
            console.print(f"Report written to {report}", highlight=False)
        return
    with ProgressLine("census") as progress:
        result = run_census(ruleset, bot, deals, seed, workers, progress=progress,
                            worth=worth, backend=backend)
    render(result, time.perf_counter() - started, console)
    if json_path is not None:
        json_path.write_text(json.dumps(result.to_dict(), indent=2) + "\n", encoding="utf-8")
        console.print(f"JSON summary written to {json_path}", highlight=False)
    if report is not None:
        report.write_text(render_html(result), encoding="utf-8")
        console.print(f"Report written to {report}", highlight=False)
