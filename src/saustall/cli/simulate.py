"""``saustall simulate GAME``: many bot games in parallel, with balance statistics.

``saustall simulate GAME --ruleset RULESET --players 2 --games 1000
--bots heuristic,random --seed 1 --workers 2``

Works for every turn-based game in the registry; the games are played by
:func:`saustall.arena.simulate.simulate`. Prints a rich table, or with ``--json`` the
machine-readable summary; progress goes to standard error in either case. ``--out``
writes every game as a JSON line as it finishes, ``--report`` an HTML report with plots.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any, Iterable, NoReturn, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from saustall.cli.common import HELP_SETTINGS
from saustall.core.errors import SaustallError
from saustall.cli.variants import read_variant
from saustall.core.registry import get_variant
from saustall.core.registry import support as registry_support
from saustall.arena.simulate import (
    GameResult, Rate, SimulationResult, Summary, check_backend, check_setup, records,
    result_dict, return_meaning, simulate,
)
from saustall.core.support import load_reference
from saustall.stats import Interval


class GamesFile:
    """The ``--out`` file: JSON Lines, one JSON object per game, written and flushed as
    games finish, so a run stopped half-way leaves a valid line for every finished game.
    Each line carries the set-up it belongs to (game, ruleset) besides the game's result."""

    def __init__(self, path: Path, head: dict[str, Any]) -> None:
        self.path = path
        self.head = {"game": head["game"], "ruleset": head["ruleset"]}
        self.file: IO[str] = path.open("w", encoding="utf-8")
        self.count = 0

    def add(self, result: GameResult) -> None:
        """Write one game's result as a line, and flush it to the file."""
        row = {**self.head, **records(result_dict(result))}
        self.file.write(json.dumps(row) + "\n")
        self.file.flush()
        self.count += 1

    def finish(self, summary: Summary | None = None) -> None:
        """Close the file (the summary goes to --json, not here: every line is a game)."""
        self.file.close()


def _fail(console: Console, message: str) -> NoReturn:
    """``error: <message>`` in one line (never wrapped), exit status 2."""
    from saustall.cli.common import print_error

    print_error(message, console)
    raise typer.Exit(2)


def count_text(value: float) -> str:
    """A count as people write it: 50,730, or 50,729.5 where ties split a win."""
    return f"{value:,.0f}" if value == int(value) else f"{value:,.1f}"


def _pct(rate: Rate) -> str:
    return f"{100 * rate.rate:.1f}% [{100 * rate.low:.1f}, {100 * rate.high:.1f}]"


def _mean(found: Interval, digits: int = 3) -> str:
    """A mean with its interval (the n is the table's); without one, its n and why."""
    return found.text(1.0, digits, with_n=found.low is None)


def legend(result: SimulationResult) -> list[tuple[str, str]]:
    """What each generic figure of :func:`render` means, for this game."""
    returns = return_meaning(result.game)
    note = registry_support(result.game).simulation.wins_note
    return [
        ("wins", "games won by the seat; a win shared by k tied winners counts 1/k each, "
                 "so the seats' win rates add up to 100% less the draws"
                 + (f" ({note})" if note else "")),
        ("win rate [95% CI]", "wins / games, with its Wilson 95% confidence interval "
                              "(always within 0-100%); n is the number of games"),
        ("mean return [95% CI]", f"the mean per game of the engine's returns() for the "
                                 f"seat, with its Student t 95% interval clipped to the "
                                 f"returns' range: {returns}"),
        ("first-player advantage", "the win rate of the player who acted first minus "
                                   "the even share 1/players, in percentage points, with "
                                   "the Wilson interval of that win rate; given only when "
                                   "every seat held the same bots (one bot everywhere, or "
                                   "--rotate), else withheld with the reason"),
        ("draws", "games nobody won (a game stopped by the turn cap included)"),
        ("game length", "actions taken in a game, by every player together; the mean "
                        "with its t 95% interval; min / max are a range, not an interval"),
    ]


def render(result: SimulationResult, console: Console) -> None:
    """Print a simulation's statistics as rich tables, each figure explained below."""
    summary = result.summary
    title = (f"{result.game}/{result.variant_name or result.ruleset}: "
             f"{summary.games:,} games, {result.players} "
             f"players, seed {result.seed}" + (", bots rotate seats" if result.rotate else ""))
    seats = Table(title=escape(title))
    for column in ("seat", "bot", "wins", "win rate [95% CI]", "mean return [95% CI]"):
        seats.add_column(column, justify="right" if column != "bot" else "left")
    for seat in summary.seats:
        seats.add_row(str(seat.seat + 1), escape(seat.bot), count_text(seat.wins.successes),
                      _pct(seat.wins), _mean(seat.mean_return_ci))
    console.print(seats)
    if len(summary.bots) > 1 or result.rotate:
        bots = Table(title="Per bot (pooled over its seats)")
        for column in ("bot", "seats", "seat-games", "win rate [95% CI]",
                       "mean return [95% CI]"):
            bots.add_column(column, justify="left" if column == "bot" else "right")
        for bot in summary.bots:
            bots.add_row(escape(bot.bot), ",".join(str(s + 1) for s in bot.seats),
                         f"{bot.wins.trials:,}", _pct(bot.wins), _mean(bot.mean_return_ci))
        console.print(bots)
    facts = Table(title=f"Game facts (n = {summary.games:,} games)", show_header=False)
    facts.add_column("what")
    facts.add_column("value", justify="right")
    even = 1.0 / result.players
    facts.add_row("first player wins", _pct(summary.first_player_wins))
    label = f"first-player advantage (vs even share {100 * even:.1f}%)"
    if summary.first_player_withheld:
        facts.add_row(label, "withheld (see below)")
    else:
        found = summary.first_player_advantage_ci
        facts.add_row(label, found.text(100, 1, " points", signed=True))
    facts.add_row("draws (no winner)", f"{summary.draws:,}")
    facts.add_row("turn cap hit",
                  f"{count_text(summary.capped.successes)} games ({_pct(summary.capped)})")
    facts.add_row("game length, actions: mean [95% CI]", _mean(summary.length, 1))
    facts.add_row("  p50 / p90 / p99",
                  f"{summary.length_p50:.0f} / {summary.length_p90:.0f} / {summary.length_p99:.0f}")
    facts.add_row("  min / max (range)", f"{summary.length_min} / {summary.length_max}")
    console.print(facts)
    if summary.first_player_withheld:
        console.print(f"[bold]first-player advantage withheld[/]: "
                      f"{escape(summary.first_player_withheld)}", highlight=False)
    for name, meaning in legend(result):
        console.print(f"[bold]{name}[/]: {escape(meaning)}", highlight=False,
                      soft_wrap=True)
    render_figures = registry_support(result.game).simulation.render
    if summary.game_figures is not None and render_figures is not None:
        load_reference(render_figures, result.game)(summary.game_figures, console)


def write_report(path: Path, result: SimulationResult) -> None:
    """Write the HTML report of ``result`` (plots with the report extra)."""
    from saustall.arena.sim_report import render_simulation_html

    key = registry_support(result.game).simulation.summary_key or "game figures"
    path.write_text(render_simulation_html(result, legend(result), key), encoding="utf-8")


def build_app(console: Console | None = None) -> typer.Typer:
    """The ``saustall simulate GAME`` command (console injectable for tests)."""
    app = typer.Typer(add_completion=False, help="Simulate bot games and report statistics.",
                      context_settings=HELP_SETTINGS)
    out = console or Console()
    err = Console(stderr=True) if console is None else console
    notes = Console(stderr=True, highlight=False)  # progress and files written: never stdout

    @app.command()
    def run(
        game: str = typer.Option(..., hidden=True),
        ruleset: Optional[str] = typer.Option(None, help="ruleset (default: the game's main one)"),
        players: Optional[int] = typer.Option(None, help="number of players "
                                              "(default: the game's usual count)"),
        games: int = typer.Option(1000, help="how many games to play"),
        bots: str = typer.Option("random", help="bot per seat, comma separated "
                                 "(one name: every seat)"),
        seed: int = typer.Option(0, help="base seed; game i uses a seed derived from it"),
        workers: Optional[int] = typer.Option(None, help="worker processes (default: all "
                                              "cores)"),
        backend: str = typer.Option("local", help="local (this machine's processes) or ray "
                                    "(a Ray cluster or a local Ray; the ray extra)"),
        ray_address: Optional[str] = typer.Option(None, help="Ray cluster address "
                                                  "(default: RAY_ADDRESS, else a local Ray)"),
        option: list[str] = typer.Option([], "--option", help="ruleset option name=value"),
        rotate: bool = typer.Option(False, "--rotate", help="move the bots one seat on "
                                    "every game so seat effects cancel out"),
        as_json: bool = typer.Option(False, "--json", help="print the summary as JSON "
                                     "(records that load straight into pandas)"),
        per_game: bool = typer.Option(False, "--per-game", help="with --json: include every "
                                      "game's result"),
        out_file: Optional[Path] = typer.Option(None, "--out", help="write every game's "
                                                "result to this JSON Lines file, one object "
                                                "per line as games finish (a stopped run "
                                                "leaves a valid line per finished game)"),
        report: Optional[Path] = typer.Option(None, "--report", help="write an HTML report "
                                              "with plots (seat win rates, length "
                                              "distribution, the game's own figures)"),
        param: list[str] = typer.Option([], "--param", help="a balance lever of the ruleset, "
                                        "name=value (repeatable): a house-rule variant; "
                                        "docs/design.md lists the levers"),
        ruleset_file: Optional[Path] = typer.Option(None, "--ruleset-file", help="a "
                                                    "variant.toml naming a variant and its "
                                                    "levers (docs/design.md)"),
        no_facts: bool = typer.Option(False, "--no-facts", help="leave out the game's own "
                                      "facts (cards, win kinds, contracts...): a little "
                                      "faster"),
    ) -> None:
        """Play many bot games in parallel and print win rates and game statistics.

        Every share comes with its Wilson 95% interval and every mean with its t
        interval (within the figure's range), with the number of games. Progress goes to
        standard error, so --json and redirected output stay clean.
        """
        from saustall.cli.common import ProgressLine, parse_options

        try:
            variant = read_variant(game, ruleset, param, ruleset_file)
            bound = get_variant(game, variant.ruleset, variant.params, variant.name)
        except SaustallError as exc:
            _fail(err, str(exc))
        count = players if players is not None else bound.default_players
        levels = [level.strip() for level in bots.split(",") if level.strip()]
        if not levels:
            _fail(err, "--bots needs at least one bot name")
        if len(levels) == 1:
            levels = levels * count
        if games < 1:
            _fail(err, f"--games must be at least 1, not {games}")
        if workers is not None and workers < 1:
            _fail(err, f"--workers must be at least 1, not {workers}")
        options: dict[str, Any] = parse_options(option)
        try:
            name, resolved = check_setup(game, bound.ruleset.name, count, levels, options,
                                         variant.params, variant.name)
            check_backend(backend)
        except SaustallError as exc:
            _fail(err, str(exc))
        for path in (out_file, report):
            if path is not None and not path.parent.exists():
                _fail(err, f"cannot write {path}: no directory {path.parent}")
        games_file: GamesFile | None = None
        if out_file is not None:
            head = {"game": game, "ruleset": name, "players": count, "bots": levels,
                    "seed": seed, "options": resolved, "rotate": rotate}
            if bound.ruleset.variant:
                head["variant"] = {"name": bound.ruleset.variant_name,
                                   "params": bound.ruleset.variant_params()}
            try:
                games_file = GamesFile(out_file, head)
            except OSError as exc:
                _fail(err, f"cannot write {out_file}: {exc.strerror}")
        # Per-game results are held only to print them (--json --per-game); the summary
        # is gathered as games finish, so memory stays flat for any number of games.
        try:
            with ProgressLine("simulating", notes) as progress:
                result = simulate(game, bound.ruleset.name, count, levels, games, seed=seed,
                                  options=options, workers=workers, rotate=rotate,
                                  keep_results=as_json and per_game, backend=backend,
                                  ray_address=ray_address, progress=progress,
                                  facts=not no_facts, params=variant.params,
                                  variant_name=variant.name,
                                  on_game=games_file.add if games_file is not None else None)
        except SaustallError as exc:  # a Ray that does not start, above all
            _fail(err, str(exc))
        finally:
            if games_file is not None:
                games_file.finish()
        if as_json:
            out.print(json.dumps(result.to_dict(with_games=per_game), indent=2), markup=False,
                      highlight=False, soft_wrap=True)
        else:
            render(result, out)
        if report is not None:
            write_report(report, result)
            notes.print(f"Report written to {escape(str(report))}")
        if out_file is not None:
            notes.print(f"Games written to {escape(str(out_file))} (JSON Lines)")

    return app


def run_cli(game: str, args: list[str], console: Console | None = None) -> None:
    """Entry point for ``saustall simulate GAME ARGS``."""
    app = build_app(console)
    try:
        app(["--game", game, *args], prog_name=f"saustall simulate {game}",
            standalone_mode=True)
    except SystemExit as exc:
        if exc.code not in (0, None):
            raise
