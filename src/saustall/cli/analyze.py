"""``saustall analyze``: what each decision of a seat in a game record was worth.

Prints, per decision, a table of the alternatives (best expected net points first, the
chosen one marked, what each costs against the best; equal alternatives, the same outcome
in every sampled world, on one line), then a summary per seat: total cost and clear
mistakes. Seats are numbered from 1, as ``saustall replay`` numbers players;
``--json`` prints the library's :meth:`~saustall.analysis.Analysis.to_dict` instead, seats
from 0 as in records. The estimates are :func:`saustall.analysis.analyze`'s.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, \
    TimeElapsedColumn
from rich.table import Table

from saustall.analysis import (
    MISTAKE_MIN, MISTAKE_Z, Analysis, AnalysisError, Decision, Group, analyze,
)
from saustall.cli.common import ERRORS, fail_file, markup_safe, print_error
from saustall.core.errors import RecordError, SaustallError, UnknownGameError
from saustall.core.record import GameRecord


LEGEND = (
    "net points: the player's expected result of the game, ± its standard error; win: the "
    "chance that the player wins; cost: the net points the choice gives away against the "
    "best alternative. Alternatives with the same outcome in every sampled world share a "
    "line.")
"""The opening lines, what the columns mean, for an analyser that does not word them in
its game's terms (its ``legend``)."""

MISTAKE_CAPTION = (
    "Cost: the best alternative's expected net points minus the chosen one's; a clear "
    f"mistake costs more than {MISTAKE_Z:g} paired standard errors and at least "
    f"{MISTAKE_MIN:g} net points.")
"""The closing line of the tables, from the bar :func:`saustall.analysis.analyze` sets
(so that it says what the verdicts mean when the bar moves)."""


def run(record_path: Path, seat: int | None, level: str | None, worlds: int | None,
        seed: int, as_json: bool, console: Console) -> None:
    """Load, analyse and print; every refusal is one ``error:`` line and exit 2."""
    try:
        record = GameRecord.load(record_path)
    except SaustallError as exc:
        fail_file(record_path, exc)
    if seat is not None and not 1 <= seat <= record.num_players:
        _fail(f"no seat {seat} in this {record.num_players}-player game: seats are "
              f"1-{record.num_players}")
    bar = Progress(TextColumn("analysing"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), console=ERRORS, transient=True)
    task = bar.add_task("decisions", total=None)

    def progress(done: int, total: int) -> None:
        # started with the first decision, so that a refusal before it is one line alone,
        # and only on a terminal: a log or a pipe would get a bare line from it
        if not bar.live.is_started and ERRORS.is_terminal:
            bar.start()
        bar.update(task, completed=done, total=total)

    try:
        analysis = analyze(record, None if seat is None else seat - 1, level=level,
                           worlds=worlds, seed=seed, progress=progress)
    except RecordError as exc:  # analyze() replays it first, naming the failing action
        fail_file(record_path, exc)
    except (AnalysisError, UnknownGameError) as exc:
        _fail(str(exc))
    finally:
        if bar.live.is_started:
            bar.stop()
    if as_json:
        typer.echo(json.dumps(analysis.to_dict(), indent=2))
        return
    show(analysis, console)


def _fail(message: str) -> None:
    print_error(message)
    raise typer.Exit(2)


def show(analysis: Analysis, console: Console) -> None:
    """Every decision's table, then the summary per seat."""
    console.print(f"[bold]{markup_safe(analysis.game)}/{markup_safe(analysis.ruleset)}[/]: "
                  f"level {markup_safe(analysis.level)}, {analysis.worlds} worlds per "
                  f"decision, seed {analysis.seed}", highlight=False)
    console.print(analysis.legend or LEGEND, highlight=False)
    for decision in analysis.decisions:
        # the situation on its own line: as a table title it would wrap to the table
        console.print(f"\n[bold]{decision.index + 1}. Player {decision.seat + 1}, "
                      f"{markup_safe(decision.phase)}[/]: {markup_safe(decision.situation)}",
                      highlight=False)
        console.print(decision_table(decision))
    summary = Table(title="Summary")
    summary.add_column("player")
    for column in ("decisions", "total cost (net points)", "clear mistakes"):
        summary.add_column(column, justify="right")
    for entry in analysis.summary():
        summary.add_row(f"Player {entry.seat + 1}", str(entry.decisions),
                        f"{entry.total_cost:.2f}", str(entry.mistakes))
    console.print(summary)
    console.print(MISTAKE_CAPTION, highlight=False)


def decision_table(decision: Decision) -> Table:
    """One decision's alternatives best first, equal ones on one line, the chosen one
    marked, its verdict below."""
    words = {alt.action: alt.text for alt in decision.alternatives}
    chosen, best = words[decision.chosen], words[decision.best]
    if decision.cost == 0:
        caption = f"chosen: {markup_safe(chosen)}, the best estimate"
    else:
        verdict = "[bold red]a clear mistake[/]" if decision.mistake else "within the noise"
        caption = (f"chosen: {markup_safe(chosen)}, {decision.cost:.2f} ± "
                   f"{decision.cost_se:.2f} net points below {markup_safe(best)}: {verdict}")
    table = Table(caption=caption, caption_justify="left")
    for column, justify in (("", "left"), ("action", "left"), ("net points", "right"),
                            ("win %", "right"), ("cost", "right")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for group in decision.groups:
        table.add_row("→" if group.chosen else "", markup_safe(_group_text(group, chosen)),
                      f"{group.net.mean:+.2f} ± {group.net.se:.2f}",
                      f"{100 * group.win.mean:.0f} ± {100 * group.win.se:.0f}",
                      f"{group.cost:.2f}", style="bold" if group.chosen else None)
    return table


def _group_text(group: Group, chosen: str) -> str:
    """A table row's words: the group's, naming the chosen member of a group of several."""
    if group.chosen and len(group.actions) > 1:
        return f"{group.text}, chosen: {chosen}"
    return group.text
