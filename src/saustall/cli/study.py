"""``saustall study GAME --bots A,B,C``: one balance question under several bots.

Plays the same games (the same seeds) once per bot, every seat that bot, and prints each
figure side by side with its interval, flagging the figures where bots disagree; with
``--variant`` the variant against the base under each bot, paired by seed. The work is
done by :func:`saustall.arena.study.run_study`.
"""

from __future__ import annotations

import json
from dataclasses import replace
from html import escape as html_escape
from pathlib import Path
from typing import Any, NoReturn, Optional, Sequence

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from saustall.arena import html
from saustall.arena.study import (
    FIRST, Comparison, StudyResult, Variant, is_length, run_study,
)
from saustall.stats import Interval

HELP = (
    "Ask one balance question under several bots, side by side, and flag where they "
    "disagree."
    "\n\n"
    "Each bot plays the same games (the same seeds), in every seat at once, so the "
    "first player's share is a pure seat effect. Every figure (the first player's and "
    "each seat's wins, draws, the length, and every share or mean the game adds) comes "
    "with its 95% interval and sample size; a figure is flagged when two bots' "
    "difference interval excludes 0 (paired by seed where the figure is per game: "
    "Newcombe's paired interval for shares, t for means)."
    "\n\n"
    "--variant RULESET (with --variant-option name=value for the variant's options), "
    "--param name=value (a balance lever) or --ruleset-file variant.toml names a variant: "
    "it plays the same seeds under each bot and gives variant minus base with its paired "
    "interval. --report writes an HTML report with plots."
)


def _fail(console: Console, message: str) -> NoReturn:
    """``error: <message>`` in one line (never wrapped), exit status 2."""
    from saustall.cli.common import print_error

    print_error(message, console)
    raise typer.Exit(2)


def figure_text(name: str, found: Interval, kind: str, with_n: bool = True) -> str:
    """A figure as the tables print it: shares in percent, means as they are."""
    if kind == "share":
        return found.text(100, 1, "%", with_n=with_n)
    return found.text(1, 1 if is_length(name) else 3, with_n=with_n)


def difference_text(found: Comparison, with_n: bool = True) -> str:
    """A difference with its interval: percentage points for shares."""
    if found.kind == "share":
        return found.difference.text(100, 1, " pts", signed=True, with_n=with_n)
    return found.difference.text(1, 1 if is_length(found.figure) else 3, signed=True,
                                 with_n=with_n)


def _sizes(result: StudyResult, name: str) -> str:
    sizes = {row.interval.n for run in result.runs for row in run.rows if row.name == name}
    return "" if sizes == {result.games} else \
        f" (n={'/'.join(f'{n:,}' for n in sorted(sizes))})"


def _kinds(result: StudyResult) -> dict[str, str]:
    return {row.name: row.kind for row in result.runs[0].rows}


def disagreements(result: StudyResult, figure: str) -> list[Comparison]:
    """The pairs of bots whose difference on ``figure`` excludes 0."""
    return [c for c in result.across_bots if c.figure == figure and c.flagged]


def render(result: StudyResult, console: Console) -> None:
    """Print the study: figures by bot, flags, the first player, the variant."""
    kinds = _kinds(result)
    table = Table(title=escape(f"{result.game}/{result.ruleset}, {result.players} players: "
                               f"n = {result.games:,} games per bot, seed {result.seed}"))
    table.add_column("figure")
    for bot in result.bots:
        table.add_column(escape(bot), justify="right")
    table.add_column("bots disagree", overflow="fold")
    for name in result.figure_names():
        cells = []
        for bot in result.bots:
            row = next((r for r in result.run(bot).rows if r.name == name), None)
            cells.append(figure_text(name, row.interval, row.kind, False) if row else "-")
        pairs = disagreements(result, name)
        flag = ", ".join(f"{c.a} vs {c.b}" for c in pairs)
        table.add_row(escape(name + _sizes(result, name)), *cells, f"[bold yellow]{escape(flag)}[/]" if flag else "")
    console.print(table)
    even = 1.0 / result.players
    if result.first_player_withheld:
        console.print(f"[bold]first-player advantage withheld[/]: "
                      f"{escape(result.first_player_withheld)}", highlight=False)
    else:
        for bot in result.bots:
            row = next(r for r in result.run(bot).rows if r.name == FIRST)
            found = row.interval
            shifted = replace(found, value=found.value - even,
                              low=None if found.low is None else found.low - even,
                              high=None if found.high is None else found.high - even)
            console.print(f"first-player advantage under {escape(bot)}: "
                          f"{shifted.text(100, 1, ' points', signed=True)} over the even "
                          f"share {100 * even:.1f}%", highlight=False)
    flagged = sorted(result.flagged())
    console.print(f"[bold]flagged[/]: {len(flagged)} of {len(kinds)} figures differ between "
                  "bots beyond their intervals (the answer depends on the bot)"
                  if flagged else "[bold]flagged[/]: none; the bots agree within the "
                  "intervals", highlight=False)
    if result.variant is not None:
        variant = Table(title=escape(f"Variant {result.variant} minus base, paired by seed, "
                                     f"n = {result.games:,} games each"))
        for column in ("figure", "bot", "base", "variant", "variant − base [95% CI]",
                       "method"):
            variant.add_column(column, justify="left" if column in ("figure", "bot",
                                                                     "method") else "right")
        for change in result.against_base:
            base = next(r for r in result.run(change.a).rows if r.name == change.figure)
            other = next(r for r in result.run(change.a, change.b).rows
                         if r.name == change.figure)
            diff = difference_text(change, False)
            variant.add_row(escape(change.figure + _sizes(result, change.figure)),
                            escape(change.a),
                            figure_text(change.figure, base.interval, base.kind, False),
                            figure_text(change.figure, other.interval, other.kind, False),
                            f"[bold]{diff}[/]" if change.flagged else diff, change.method)
        console.print(variant)
    console.print("[bold]reading it[/]: shares with Wilson 95% intervals, means with t "
                  "intervals (within their range), n = games; a bold difference excludes "
                  "0. Paired by seed: each bot (and the variant) played the same deals.",
                  highlight=False)


def render_html(result: StudyResult) -> str:
    """The study's HTML report: figure tables with flags, charts per figure group."""
    from saustall.arena.figures import share_groups
    from saustall.arena.sim_report import plain
    from saustall.arena.simulate import records

    kinds = _kinds(result)
    title = (f"Study: {result.game}/{result.ruleset}, {result.players} players, bots "
             f"{', '.join(result.bots)}")
    parts = [html.paragraph(
        f"n = {result.games:,} games per bot (the same seeds for every bot), seed "
        f"{result.seed}; every seat held by the bot named. Shares with Wilson 95% "
        "intervals, means with t intervals clipped to their range; n is the sample size. "
        "A highlighted cell: that figure differs between two bots beyond the interval of "
        "their difference.")]
    names = result.figure_names()
    rows, marks = [], []
    for name in names:
        pairs = disagreements(result, name)
        cells = [name]
        for bot in result.bots:
            row = next((r for r in result.run(bot).rows if r.name == name), None)
            cells.append(figure_text(name, row.interval, row.kind, False) if row else "-")
        cells.append("; ".join(f"{c.b} − {c.a}: {difference_text(c, False)}"
                               for c in pairs))
        cells[0] += _sizes(result, name)
        rows.append(cells)
        marks.append([False] + [bool(pairs)] * len(result.bots) + [bool(pairs)])
    parts.append(html.section("Figures by bot", html.table(
        ["figure", *result.bots, "where bots disagree (B − A [95% CI])"], rows, marks)))
    # the first player under each bot, against the even share
    even = 1.0 / result.players
    if result.first_player_withheld:  # no chart of a figure that means nothing here
        parts.append(html.section("First player under each bot", html.paragraph(
            f"First-player advantage withheld: {result.first_player_withheld}", "withheld")))
    else:
        firsts = [next(r for r in result.run(bot).rows if r.name == FIRST).interval
                  for bot in result.bots]
        parts.append(html.section("First player under each bot", html.plots_or_note(
            lambda: html.image(html.interval_chart(
                list(result.bots), firsts, "first player's win share (%), dashed: even "
                "share", reference=even, scale=100), "first player under each bot"))))
    seats = [name for name in names if name.split(" ")[0] in ("seat", "team")
             and name.endswith(" wins")]
    seat_intervals = [next(r for r in result.run(bot).rows if r.name == name).interval
                      for name in seats for bot in result.bots]
    if seats:
        units = len(seats)
        parts.append(html.section("Seat win rates", html.plots_or_note(
            lambda: html.image(html.interval_chart(
                seats, seat_intervals, "win share (%), 95% Wilson interval",
                reference=1.0 / units, scale=100, series=list(result.bots)),
                "seat win rates"))))
    lengths: dict[str, Sequence[tuple[float, int]]] = {
        bot: list(result.run(bot).lengths) for bot in result.bots}
    unit = result.length_unit
    parts.append(html.section(f"Game length ({unit})", html.plots_or_note(
        lambda: html.image(html.histogram(lengths, f"game length ({unit})"),
                           "length distribution by bot"))))
    # each group of shares the game adds (kinds of games, kinds of wins) by bot
    groups: dict[str, dict[str, list[tuple[str, Interval]]]] = {}
    for bot in result.bots:
        figures_data = result.run(bot).figures
        if figures_data is None:
            continue
        for where, group in share_groups(records(plain(figures_data))):
            groups.setdefault(where, {})[bot] = [(n, f.interval) for n, f in group]
    for where, by_bot in groups.items():
        labels = [n for n, _ in next(iter(by_bot.values()))]
        present = [bot for bot in result.bots if bot in by_bot]
        intervals = [dict(by_bot[bot]).get(label, Interval(0.0, None, None, 0))
                     for label in labels for bot in present]
        if len(labels) < 2:
            continue
        parts.append(html.section(f"{where} by bot", html.plots_or_note(
            lambda labels=labels, intervals=intervals, present=present, where=where:
            html.image(html.interval_chart(labels, intervals,
                                           "share (%), 95% Wilson interval", scale=100,
                                           series=present), where))))
    if result.variant is not None:
        rows = []
        flags = []
        for found in result.against_base:
            rows.append([found.figure + _sizes(result, found.figure), found.a,
                         difference_text(found, False), found.method])
            flags.append([False, False, found.flagged, False])
        shares = [c for c in result.against_base
                  if c.kind == "share" and (c.figure == FIRST or c.figure.startswith("seat "))]
        lengths_changed = [c for c in result.against_base if is_length(c.figure)]
        charts = []
        for shown, axis, scale in ((shares, "variant minus base (share points), 95% paired "
                                    "interval", 100.0),
                                   (lengths_changed, f"variant minus base "
                                    f"({result.length.removeprefix('game length ')[1:-1]}), "
                                    f"95% paired t interval", 1.0)):
            if not shown:
                continue
            labels = [f"{c.figure} ({c.a})" for c in shown]
            moved = [c.difference for c in shown]
            charts.append(html.plots_or_note(
                lambda labels=labels, moved=moved, axis=axis, scale=scale: html.image(
                    html.interval_chart(labels, moved, axis, reference=0.0, scale=scale),
                    axis)))
        parts.append(html.section(
            f"Variant {result.variant} minus base (paired by seed)",
            html.table(["figure", "bot", "variant − base [95% CI]", "method"], rows, flags),
            *charts))
    unit = result.length_unit
    firsts_meaning = [] if result.first_player_withheld else [
        ("first player wins", "share of games the player who acted first won (a shared "
                              "win counts its share); the even share is 1/players")]
    length_meaning = (f"the table's {result.length}: its mean per game, paired by seed; "
                      f"the distribution is drawn in {unit}"
                      + (" taken in a game by everyone together" if unit == "actions"
                         else ""))
    parts.append(html.section("What the figures mean", html.legend([
        ("flag", "two bots' difference on the figure has a 95% interval without 0: the "
                 "answer depends on who plays; in the variant's table, a highlighted "
                 "difference excludes 0: the variant changes the figure under that bot"),
        ("paired", "the same seeds under each bot (and for the variant), so per-game "
                   "figures are compared game by game"),
        *firsts_meaning,
        ("game length", length_meaning),
    ])))
    return html.page(title, parts)


def study(game: str, bots: str, games: int, ruleset: Optional[str],
          variant: Optional[str], variant_option: Sequence[str], players: Optional[int],
          seed: int, workers: Optional[int], backend: str, option: Sequence[str],
          json_out: bool, report: Optional[Path], console: Console,
          params: Sequence[str] = (), ruleset_file: Optional[Path] = None) -> None:
    """Run a study from command line values; print it, write the report."""
    from saustall.cli.common import ProgressLine, parse_options
    from saustall.core.errors import SaustallError

    err = Console(stderr=True, highlight=False)
    levels = [level.strip() for level in bots.split(",") if level.strip()]
    if games < 1:
        _fail(err, f"--games must be at least 1, not {games}")
    if report is not None and not report.parent.exists():
        _fail(err, f"cannot write {report}: no directory {report.parent}")
    chosen = None
    if variant is not None or variant_option or params or ruleset_file is not None:
        from saustall.cli.variants import read_variant

        try:  # a file without --variant names the variant's ruleset itself (or the base's)
            request = read_variant(game, variant if variant is not None or ruleset_file
                                   is not None else ruleset, params, ruleset_file)
        except SaustallError as exc:
            _fail(err, str(exc))
        chosen = Variant(ruleset=variant or request.ruleset,
                         options=parse_options(variant_option), params=request.params,
                         name=request.name or "")
    try:
        with ProgressLine("study", err) as progress:
            result = run_study(game, levels, games, ruleset=ruleset, variant=chosen,
                               players=players, seed=seed, options=parse_options(option),
                               workers=workers, backend=backend, progress=progress)
    except SaustallError as exc:
        _fail(err, str(exc))
    if json_out:
        console.print(json.dumps(result.to_dict(), indent=2), markup=False,
                      highlight=False, soft_wrap=True)
    else:
        render(result, console)
    if report is not None:
        report.write_text(render_html(result), encoding="utf-8")
        err.print(f"Report written to {html_escape(str(report))}", highlight=False)
