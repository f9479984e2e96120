"""``saustall census``: the Saukopf contract census (throw-ins and the mix of game kinds).

``saustall census --ruleset dreihaxer --bot expert --deals 10000 --workers 2``

The work is done by :func:`saustall.games.saukopf.census.run_census`, which plays each deal only until
its contract is fixed; the output says so, and why that is sound.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Optional

from rich.console import Console
from rich.table import Table

from saustall.games.saukopf.census import INDEPENDENCE, STOP_RULE, CensusResult, run_census
from saustall.cli.simulate import count_text
from saustall.games.saukopf.simulation_view import add_contract_rows
from saustall.stats import Interval, wilson


def _net(found: Interval) -> str:
    if found.low is None or found.high is None:
        return "-" if found.n == 0 else f"{found.value:+.2f} (n={found.n})"
    return f"{found.value:+.2f} [{found.low:+.2f}, {found.high:+.2f}]"


def _won(found: Interval) -> str:
    if found.low is None or found.high is None:
        return "-"
    return f"{100 * found.value:.0f}% [{100 * found.low:.0f}, {100 * found.high:.0f}]"


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


def census(ruleset: str, bot: str, deals: int, seed: int, workers: Optional[int],
           json_path: Optional[Path], console: Console, worth: bool = False,
           backend: str = "local", report: Optional[Path] = None) -> None:
    """Run the census and print it (and write the JSON summary and report when asked)."""
    from saustall.cli.common import ProgressLine

    started = time.perf_counter()
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
