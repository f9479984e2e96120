"""``saustall play GAME`` for a game with no terminal client of its own.

It shows the seat's view field by field as text, lists the legal actions numbered by the
game's own ``describe_action``, and reads a number (or ``q`` to stop). Bots take the
other seats; the game is saved as a record like every terminal game. Only turn-based
games: a real-time game needs a client of its own.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Callable, Optional

import typer
from rich.console import Console
from rich.table import Table

from saustall.bots.base import bot_levels, default_level, make_seat_bots
from saustall.bots.describe import levels_help
from saustall.cli.common import (
    HELP_SETTINGS, NO_RECORD_HELP, RECORD_DIR, RECORD_DIR_HELP, markup_safe, parse_options,
    print_error, save_record, whole_number,
)
from saustall.core.errors import SaustallError
from saustall.core.game import GameState
from saustall.core.registry import get

InputFn = Callable[[str], str]


class QuitGame(Exception):
    """The person at the keyboard asked to stop."""


def show_view(state: GameState, seat: int, console: Console) -> None:
    """``seat``'s view, one field a row, as text (never as markup)."""
    table = Table(title=f"Player {seat + 1}'s view", show_header=False)
    table.add_column("what", style="bold")
    table.add_column("value")
    for key, value in state.view(seat).items():
        table.add_row(markup_safe(key), markup_safe(value))
    console.print(table)


def choose(state: GameState, seat: int, console: Console, input_fn: InputFn) -> object:
    """Ask ``seat`` for one of its legal actions, listed by their text, until it gives one."""
    legal = state.legal_actions(seat)
    for position, action in enumerate(legal, 1):
        console.print(f"  {position:3d}. {markup_safe(state.describe_action(action))}",
                      highlight=False)
    while True:
        try:
            answer = input_fn(f"Player {seat + 1}, your move (1-{len(legal)}, q to quit): ")
        except EOFError:  # the input ended: stop as if asked
            raise QuitGame() from None
        answer = answer.strip()
        if answer.lower() in ("q", "quit"):
            raise QuitGame()
        number = whole_number(answer)
        if number is not None and 1 <= number <= len(legal):
            return legal[number - 1]
        console.print(f"Type a number from 1 to {len(legal)}, or q.")


def play(game_name: str, ruleset: str | None, players: int | None, humans: int,
         bots: list[str], seed: int, options: dict[str, object], record_dir: Path | None,
         console: Console, input_fn: InputFn) -> GameState:
    """Play one game: seats ``0 .. humans-1`` at the keyboard, the others bots."""
    game = get(game_name, ruleset)
    if game.ruleset.realtime:
        raise SaustallError(f"{game_name} is a real-time game: it needs a terminal client "
                            "of its own")
    count = players if players is not None else game.default_players
    game.ruleset.check_players(count)
    if not 0 <= humans <= count:
        raise SaustallError(f"{humans} people for {count} seats")
    bot_seats = list(range(humans, count))
    seated = make_seat_bots(game_name, bot_seats, bots or [default_level(game_name)], seed)
    state = game.new_state(count, seed, game.ruleset.resolve_options(options))
    console.print(f"[bold]{markup_safe(game.title)}[/] ({markup_safe(game.ruleset.name)}), "
                  f"{count} players, seed {seed}", highlight=False)
    try:
        while not state.is_terminal():
            seat = state.current_player
            if seat in seated:
                action = seated[seat].choose(state.view(seat), state.legal_actions(seat))
                console.print(f"Player {seat + 1}: "
                              f"{markup_safe(state.describe_action(action))}", highlight=False)
            else:
                show_view(state, seat, console)
                action = choose(state, seat, console, input_fn)
            state.apply(action, seat)
    except QuitGame:
        console.print("Game stopped.")
    if state.is_terminal():
        won = state.winners()
        console.print("Winner: " + (", ".join(f"player {p + 1}" for p in won) if won
                                    else "none (draw)"))
    if record_dir is not None:
        path = save_record(state, record_dir, f"{game_name}-{game.ruleset.name}-{seed}",
                           {"client": "saustall play (generic)"})
        console.print(f"Record saved to [bold]{markup_safe(path)}[/]", highlight=False,
                      soft_wrap=True)
    return state


def build_app(game: str, console: Console | None = None,
              input_fn: InputFn = input) -> typer.Typer:
    """The ``saustall play GAME`` command of the generic client."""
    out = console or Console()
    app = typer.Typer(add_completion=False, context_settings=HELP_SETTINGS)

    @app.command(help=f"Play {game} in the terminal: the view as text, the legal moves "
                      "numbered. Bots: " + levels_help(game))
    def main(ruleset: Optional[str] = typer.Option(None, help="ruleset (default: the "
                                                    "game's main one)"),
             players: Optional[int] = typer.Option(None, help="players (default: the "
                                                    "game's usual number)"),
             humans: int = typer.Option(1, help="seats played at the keyboard, from seat 1"),
             bots: str = typer.Option("", help="bot level for the other seats, or one per "
                                               "bot seat, comma separated"),
             seed: Optional[int] = typer.Option(None, help="seed (default: a random one)"),
             option: list[str] = typer.Option([], "--option", help="ruleset option "
                                              "name=value"),
             record_dir: Path = typer.Option(RECORD_DIR, help=RECORD_DIR_HELP),
             no_record: bool = typer.Option(False, "--no-record", help=NO_RECORD_HELP)
             ) -> None:
        levels = [level.strip() for level in bots.split(",") if level.strip()]
        unknown = [level for level in levels if level not in bot_levels(game)]
        if unknown:
            print_error(f"unknown bot {', '.join(unknown)}; bots: "
                        f"{', '.join(bot_levels(game))}", out)
            raise typer.Exit(2)
        chosen = seed if seed is not None else random.SystemRandom().randrange(10**9)
        try:
            play(game, ruleset, players, humans, levels, chosen, parse_options(option),
                 None if no_record else record_dir, out, input_fn)
        except (SaustallError, ValueError) as exc:
            print_error(str(exc), out)
            raise typer.Exit(2)

    return app


def run_cli(game: str, args: list[str]) -> None:
    """Entry point of ``saustall play GAME`` for a game without a client of its own."""
    build_app(game)(args, prog_name=f"saustall play {game}")
