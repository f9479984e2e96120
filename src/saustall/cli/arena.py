"""``saustall arena GAME --bots A,B,... --games N``: duplicate matches, CIs, ratings.

Prints each bot's mean result with its 95% interval and OpenSkill rating, the head-to-head
table and a legend; writes the JSON summary (``--json PATH``) and the HTML report
(``--report PATH``) when asked. The work is done by :func:`saustall.arena.run_arena`.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, NoReturn, Optional, Sequence

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from saustall.core import registry
from saustall.core.support import load_reference

HELP = (
    "Play duplicate matches between bots and rate them."
    "\n\n"
    "Duplicate play: every deal (the same shuffled cards, from one seed) is played "
    "several times with the bots moved round the seats, so every bot plays every hand "
    "from every seat and card luck mostly cancels. With at least as many bots as seats "
    "every group of bots sits down on every deal (3 bots at 2-player tables: the three "
    "pairings); with fewer bots than seats they fill the seats in turn (A B A B). "
    "--seating all (default) plays every arrangement of a table when there are at most 24"
    " (up to 4 players), else a balanced rotation (cyclic shifts of the table and of its "
    "reverse); --seating rotate plays only the cyclic shifts (every bot once in every "
    "seat)."
    "\n\n"
    "A seat's result is the game's own (the share of the win, net points per deal, cards "
    "collected...: the output's legend says which). Each bot's mean comes with a 95% "
    "Student t-interval over the per-deal means (the deal is the unit: its games share "
    "their cards), the head-to-head differences are paired by deal, and OpenSkill "
    "(Plackett-Luce) rates the bots from every game's ranking. Same seed, same figures, "
    "for any number of workers."
)
"""The help of ``saustall arena``: the duplicate scheme and the statistics."""


def _fail(console: Console, message: str) -> NoReturn:
    """``error: <message>`` in one line (never wrapped), exit status 2."""
    from saustall.cli.common import print_error

    print_error(message, console)
    raise typer.Exit(2)


def _ci(low: float | None, high: float | None, n: int) -> str:
    from saustall.arena.stats import ci_text

    return ci_text(low, high, n)


def render(result: Any, console: Console, elapsed: float | None = None) -> None:
    """Print an :class:`~saustall.arena.run.ArenaResult` with its legend."""
    from saustall.arena.report import legend

    title = (f"{result.game}/{result.variant_name or result.ruleset}, {result.players} players: {result.deals} deals"
             f" x {len(result.seatings)} seatings = {result.games} games, seed {result.seed}")
    table = Table(title=escape(title))
    for column in ("bot", f"mean {result.metric}", "95% CI", "rating mu ± sigma", "ordinal"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for row in sorted(result.results, key=lambda r: -r.mean):
        table.add_row(escape(row.bot), f"{row.mean:.3f}", _ci(row.ci_low, row.ci_high, row.deals),
                      f"{row.rating.mu:.2f} ± {row.rating.sigma:.2f}",
                      f"{row.rating.ordinal:.2f}")
    console.print(table)
    if result.pairs:
        pairs = Table(title="Head to head (paired by deal)")
        for column in ("A", "B", "A minus B", "95% CI", "A's mean [95% CI]", "deals"):
            pairs.add_column(column, justify="left" if column in ("A", "B") else "right")
        for pair in result.pairs:
            pairs.add_row(escape(pair.bot), escape(pair.opponent),
                          f"{pair.mean_difference:+.3f}", _ci(pair.ci_low, pair.ci_high, pair.deals),
                          f"{pair.bot_mean:.3f} "
                          f"{_ci(pair.bot_mean_low, pair.bot_mean_high, pair.deals)}",
                          str(pair.deals))
        console.print(pairs)
    if result.game_figures is not None:
        simulation = registry.support(result.game).simulation
        reference = simulation.arena_render or simulation.render
        if reference is not None:
            load_reference(reference, result.game)(result.game_figures, console)
    for name, meaning in legend(result):
        console.print(f"[bold]{escape(name)}[/]: {escape(meaning)}", highlight=False)
    if elapsed is not None:
        console.print(f"{result.games} games in {elapsed:.1f} s "
                      f"({result.games / max(elapsed, 1e-9):.0f} games/s)", highlight=False)


def arena(game: str, bots: str, games: int, ruleset: Optional[str], players: Optional[int],
          seed: int, workers: Optional[int], backend: str, seating: str,
          option: Sequence[str], json_path: Optional[Path], report_path: Optional[Path],
          ray_address: Optional[str], console: Console | None = None,
          facts: bool = True, params: Sequence[str] = (),
          ruleset_file: Optional[Path] = None) -> None:
    """Run an arena from command line values and print (and write) its results."""
    from saustall.arena import run_arena
    from saustall.cli.common import ProgressLine, parse_options
    from saustall.core.errors import SaustallError

    out = console or Console()
    levels = [level.strip() for level in bots.split(",") if level.strip()]
    if games < 1:
        _fail(out, f"--games must be at least 1, not {games}")
    if workers is not None and workers < 1:
        _fail(out, f"--workers must be at least 1, not {workers}")
    options: dict[str, Any] = parse_options(option)
    for path in (json_path, report_path):
        if path is not None and not path.parent.exists():
            _fail(out, f"cannot write {path}: no directory {path.parent}")
    from saustall.cli.variants import read_variant

    try:
        variant = read_variant(game, ruleset, params, ruleset_file)
    except SaustallError as exc:
        _fail(out, str(exc))
    started = time.perf_counter()
    try:
        with ProgressLine("arena") as progress:  # on standard error, whatever the output
            result = run_arena(game, levels, games, ruleset=variant.ruleset, players=players,
                               seed=seed, options=options, workers=workers,
                               backend=backend, seating=seating, progress=progress,
                               ray_address=ray_address, facts=facts,
                               params=variant.params, variant_name=variant.name)
    except SaustallError as exc:  # a missing arena extra included: it names the install
        _fail(out, str(exc))
    elapsed = time.perf_counter() - started
    render(result, out, elapsed)
    if json_path is not None:
        json_path.write_text(json.dumps(result.to_dict(), indent=2) + "\n", encoding="utf-8")
        out.print(f"JSON summary written to {escape(str(json_path))}", highlight=False)
    if report_path is not None:
        from saustall.arena.report import PLOTS_MISSING, render_html

        text = render_html(result, elapsed)
        report_path.write_text(text, encoding="utf-8")
        out.print(f"Report written to {escape(str(report_path))}", highlight=False)
        if "no-plots" in text:
            out.print(PLOTS_MISSING, highlight=False)
