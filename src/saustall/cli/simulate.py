"""``saustall simulate GAME``: many bot games in parallel, with balance statistics.

``saustall simulate GAME --ruleset RULESET --players 2 --games 1000
--bots heuristic,random --seed 1 --workers 2``

Works for every turn-based game in the registry; the games are played by
:func:`saustall.arena.simulate.simulate`. Prints a rich table (with a progress bar while running),
or with ``--json`` the machine-readable summary.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any, Iterable, NoReturn, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from saustall.cli.common import HELP_SETTINGS
from saustall.core.errors import SaustallError
from saustall.cli.variants import read_variant
from saustall.core.registry import get_variant
from saustall.core.registry import support as registry_support
from saustall.arena.simulate import (
    GameResult, Rate, SimulationResult, Summary, check_setup, result_dict, return_meaning,
    simulate, summary_dict,
)
from saustall.core.support import load_reference


class GamesFile:
    """The ``--out`` file, written as games finish: one JSON document, every game's result
    on a line of its own in ``results``, the summary last (nothing is held in memory)."""

    def __init__(self, path: Path, head: dict[str, Any]) -> None:
        self.path = path
        self.game = str(head["game"])
        self.file: IO[str] = path.open("w", encoding="utf-8")
        fields = "".join(f"  {json.dumps(key)}: {json.dumps(value)},\n"
                         for key, value in head.items())
        self.file.write("{\n" + fields + '  "results": [')
        self.count = 0

    def add(self, result: GameResult) -> None:
        """Write one game's result."""
        self.file.write(("\n    " if self.count == 0 else ",\n    ")
                        + json.dumps(result_dict(result)))
        self.count += 1

    def finish(self, summary: Summary) -> None:
        """Write the summary and close the file."""
        text = json.dumps(summary_dict(summary, self.game), indent=2).replace("\n", "\n  ")
        self.file.write("\n  ],\n  \"summary\": " + text + "\n}\n")
        self.file.close()


def _fail(console: Console, message: str) -> NoReturn:
    # one line, never read as markup: the message may quote a file's text
    console.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True, highlight=False)
    raise typer.Exit(2)


def count_text(value: float) -> str:
    """A count as people write it: 50,730, or 50,729.5 where ties split a win."""
    return f"{value:,.0f}" if value == int(value) else f"{value:,.1f}"


def _pct(rate: Rate) -> str:
    return f"{100 * rate.rate:.1f}% [{100 * rate.low:.1f}, {100 * rate.high:.1f}]"


def legend(result: SimulationResult) -> list[tuple[str, str]]:
    """What each generic figure of :func:`render` means, for this game."""
    returns = return_meaning(result.game)
    note = registry_support(result.game).simulation.wins_note
    return [
        ("wins", "games won by the seat; a win shared by k tied winners counts 1/k each, "
                 "so the seats' win rates add up to 100% less the draws"
                 + (f" ({note})" if note else "")),
        ("win rate [95% CI]", "wins / games, with its Wilson 95% confidence interval"),
        ("mean return", f"the mean per game of the engine's returns() for the seat: "
                        f"{returns}"),
        ("first-player advantage", "the win rate of the player who acted first minus "
                                   "the even share 1/players, in percentage points"),
        ("draws", "games nobody won (a game stopped by the turn cap included)"),
        ("game length", "actions taken in a game, by every player together"),
    ]


def render(result: SimulationResult, console: Console) -> None:
    """Print a simulation's statistics as rich tables, each figure explained below."""
    summary = result.summary
    title = (f"{result.game}/{result.variant_name or result.ruleset}: {summary.games} games, "
             f"{result.players} "
             f"players, seed {result.seed}" + (", bots rotate seats" if result.rotate else ""))
    seats = Table(title=title)
    for column in ("seat", "bot", "wins", "win rate [95% CI]", "mean return"):
        seats.add_column(column, justify="right" if column != "bot" else "left")
    for seat in summary.seats:
        seats.add_row(str(seat.seat + 1), seat.bot, count_text(seat.wins.successes),
                      _pct(seat.wins), f"{seat.mean_return:.3f}")
    console.print(seats)
    if len(summary.bots) > 1 or result.rotate:
        bots = Table(title="Per bot (pooled over its seats)")
        for column in ("bot", "seats", "seat-games", "win rate [95% CI]", "mean return"):
            bots.add_column(column, justify="left" if column == "bot" else "right")
        for bot in summary.bots:
            bots.add_row(bot.bot, ",".join(str(s + 1) for s in bot.seats), str(bot.wins.trials),
                         _pct(bot.wins), f"{bot.mean_return:.3f}")
        console.print(bots)
    facts = Table(title="Game facts", show_header=False)
    facts.add_column("what")
    facts.add_column("value", justify="right")
    even = 1.0 / result.players
    facts.add_row("first player wins", _pct(summary.first_player_wins))
    facts.add_row("first-player advantage (vs even share "
                  f"{100 * even:.1f}%)", f"{100 * summary.first_player_advantage:+.1f} points")
    facts.add_row("draws (no winner)", str(summary.draws))
    facts.add_row("turn cap hit",
                  f"{count_text(summary.capped.successes)} games ({_pct(summary.capped)})")
    facts.add_row("game length, actions: mean", f"{summary.length_mean:.1f}")
    facts.add_row("  p50 / p90 / p99",
                  f"{summary.length_p50:.0f} / {summary.length_p90:.0f} / {summary.length_p99:.0f}")
    facts.add_row("  min / max", f"{summary.length_min} / {summary.length_max}")
    console.print(facts)
    for name, meaning in legend(result):
        console.print(f"[bold]{name}[/]: {meaning}", highlight=False)
    render_figures = registry_support(result.game).simulation.render
    if summary.game_figures is not None and render_figures is not None:
        load_reference(render_figures, result.game)(summary.game_figures, console)
    if len(set(result.bots)) > 1 and not result.rotate:
        console.print("[dim]The seats have different bots, so seat and first-player figures "
                      "mix bot strength with seat effects; --rotate separates them.[/]")


def build_app(console: Console | None = None) -> typer.Typer:
    """The ``saustall simulate GAME`` command (console injectable for tests)."""
    app = typer.Typer(add_completion=False, help="Simulate bot games and report statistics.",
                      context_settings=HELP_SETTINGS)
    out = console or Console()
    err = Console(stderr=True) if console is None else console

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
        option: list[str] = typer.Option([], "--option", help="ruleset option name=value"),
        rotate: bool = typer.Option(False, "--rotate", help="move the bots one seat on "
                                    "every game so seat effects cancel out"),
        as_json: bool = typer.Option(False, "--json", help="print machine-readable JSON"),
        per_game: bool = typer.Option(False, "--per-game", help="with --json: include every "
                                      "game's result"),
        param: list[str] = typer.Option([], "--param", help="a balance lever of the ruleset, "
                                        "name=value (repeatable): a house-rule variant; "
                                        "docs/design.md lists the levers"),
        ruleset_file: Optional[Path] = typer.Option(None, "--ruleset-file", help="a "
                                                    "variant.toml naming a variant and its "
                                                    "levers (docs/design.md)"),
        no_facts: bool = typer.Option(False, "--no-facts", help="leave out the game's own "
                                      "facts (cards, win kinds, contracts...): a little "
                                      "faster"),
        out_file: Optional[Path] = typer.Option(None, "--out", help="also write the JSON "
                                                "(with every game, one per line, written as "
                                                "games finish) to this file"),
    ) -> None:
        """Play many bot games in parallel and print win rates and game statistics."""
        from saustall.cli.common import parse_options

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
        except SaustallError as exc:
            _fail(err, str(exc))
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
        run_options: dict[str, Any] = {
            "options": options, "workers": workers, "rotate": rotate, "facts": not no_facts,
            "params": variant.params, "variant_name": variant.name,
            "keep_results": as_json and per_game,
            "on_game": games_file.add if games_file is not None else None}
        if as_json:
            result = simulate(game, bound.ruleset.name, count, levels, games, seed=seed,
                              **run_options)
        else:
            with Progress(TextColumn("[bold]simulating"), BarColumn(), MofNCompleteColumn(),
                          TimeRemainingColumn(), console=out, transient=True) as progress:
                task = progress.add_task("games", total=games)

                def advance(done: int, total: int) -> None:
                    progress.update(task, completed=done)

                result = simulate(game, bound.ruleset.name, count, levels, games, seed=seed,
                                  progress=advance, **run_options)
        if games_file is not None:
            games_file.finish(result.summary)
        if as_json:
            out.print(json.dumps(result.to_dict(with_games=per_game), indent=2), markup=False,
                      highlight=False, soft_wrap=True)
        else:
            render(result, out)
            if out_file is not None:
                out.print(f"Results written to {out_file}")

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
