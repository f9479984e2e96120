"""Play Drecksau in the terminal: against bots, or hot-seat with friends on one keyboard.

``saustall play drecksau --ruleset dirty-pig --players 3 --humans 1 --bots heuristic``

Every screen is drawn from the acting player's view only (never from the game state), so
nothing hidden can leak onto the screen. In hot-seat games the screen is cleared after
each move and the next player must press Enter before their hand is shown.

:class:`TerminalPlay` runs the loop with an injectable console and input function, so it
can be driven by a script in tests; :func:`run_cli` is the command line entry point.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any, Callable, NoReturn, Optional, Sequence

import typer
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from saustall.cli.common import (
    HELP_SETTINGS, NO_RECORD_HELP, RECORD_DIR, RECORD_DIR_HELP, markup_safe, whole_number,
)
from saustall.bots.base import Bot, bot_levels, default_level, make_seat_bots
from saustall.bots.describe import levels_help, seated_levels_text
from saustall.core.errors import SaustallError
from saustall.core.game import GameState, View
from saustall.core.record import GameRecord
from saustall.core.registry import get
from saustall.games.drecksau.actions import SHOW, decode_action
from saustall.games.drecksau.rules_text import CARD_HELP, GENERAL_HELP, RULESET_HELP

InputFn = Callable[[str], str]
"""Reads one line of input after showing a prompt."""

QUIT_WORDS = frozenset({"q", "quit", "exit"})
HELP_WORDS = frozenset({"?", "help", "h"})


class QuitGame(Exception):
    """The player asked to stop (or input ended)."""


def pig_text(pig: dict[str, bool]) -> Text:
    """One pig as a short coloured label, e.g. ``dirty [barn door rod]``."""
    label = Text()
    if pig["pretty"]:
        label.append("pretty ", style="bold magenta")
        label.append("(dirty)" if pig["dirty"] else "(clean)", style="dim")
    elif pig["dirty"]:
        label.append("dirty", style="bold yellow4")
    else:
        label.append("clean", style="pink1")
    marks = [name for name in ("barn", "door", "rod") if pig[name]]
    if marks:
        label.append(" [" + " ".join(marks) + "]", style="cyan")
    return label


def seat_name(seat: int) -> str:
    """A seat as a spectator names it (players are numbered from 1)."""
    return f"Player {seat + 1}"


def pig_table(view: View, name: Callable[[int], str] = seat_name) -> Table:
    """Every player's pigs and hand size, the seats to act marked (any view: the pigs and
    hand sizes are public)."""
    participants = view["participants"]
    most_pigs = max((len(view["pigs"][p]) for p in participants), default=0)
    table = Table(title=f"Turn {view['turn'] + 1}", show_lines=True)
    table.add_column("player", style="bold")
    table.add_column("cards")
    for index in range(most_pigs):
        table.add_column(f"pig {index + 1}")
    tournament = view.get("tournament")
    if tournament:
        table.add_column("points")
    to_act = view["to_act"]
    for player in range(view["players"]):
        label = Text(name(player))
        if player in to_act:
            label.append("  <- to play", style="bold green")
        if player not in participants:
            label.append("  (sits out)", style="dim")
        cells: list[Any] = [label, str(view["hand_counts"][player])]
        row = view["pigs"][player]
        cells += [pig_text(pig) for pig in row] + [""] * (most_pigs - len(row))
        if tournament:
            cells.append(str(tournament["scores"][player]))
        table.add_row(*cells)
    return table


def tournament_panel(tournament: dict[str, Any], name: Callable[[int], str] = seat_name,
                     ) -> Panel:
    """Trophy and mud bucket stacks, scores and past rounds."""
    lines = [
        f"Round {tournament['round']}" + (" (deciding round)" if tournament["deciding"] else ""),
        "Trophies left (pretty wins): " + (", ".join(map(str, tournament["trophies"])) or "none"),
        "Mud buckets left (dirty wins): " + (", ".join(map(str, tournament["buckets"])) or "none"),
    ]
    for entry in tournament["rounds"]:
        if entry["winner"] is None:
            lines.append(f"  round {entry['round']}: no winner")
            continue
        award = entry.get("award")
        prize = ""
        if award:
            prize = f", {'trophy' if award['kind'] == 'trophy' else 'bucket'} {award['points']}"
        lines.append(f"  round {entry['round']}: {name(entry['winner'])} "
                     f"({entry['how']}{prize})")
    return Panel("\n".join(lines), title="Tournament")


def draw_table(view: View, console: Console, name: Callable[[int], str] = seat_name) -> None:
    """The table of a view without its hand: the tournament, the pigs, the piles and a
    Lucky Bird turn (the terminal client's screen above the hand; the RL environments'
    text render, from the spectator's view)."""
    tournament = view.get("tournament")
    if tournament:
        console.print(tournament_panel(tournament, name))
    console.print(pig_table(view, name))
    top = view["discard_top"]
    console.print(
        f"Deck: {view['deck_count']} cards   Discard pile: {view['discard_count']} cards"
        f" (top: {CARD_HELP[top]['title'] if top else 'empty'})")
    if view["phase"] == "lucky-bird":
        console.print("[bold magenta]Lucky Bird: play more of your cards, "
                      "or choose 'done'.[/]")
    winners = view.get("winners")
    if winners:
        console.print("Won by " + " and ".join(name(p) for p in winners))


class TerminalPlay:
    """One game (or tournament) of Drecksau at the terminal.

    ``humans`` are the seats played at the keyboard; every other seat is played by the
    bot named in ``bots`` (one level per bot seat, or one level for all of them; none
    given: the default level, see :func:`~saustall.bots.base.default_level`).
    """

    def __init__(self, ruleset: str = "dirty-pig", players: int = 2,
                 humans: Sequence[int] = (0,), bots: Sequence[str] = (),
                 seed: int = 0, options: dict[str, Any] | None = None,
                 record_dir: Path | None = Path("records"),
                 console: Console | None = None, input_fn: InputFn | None = None,
                 bot_delay: float = 0.0) -> None:
        self.game = get("drecksau", ruleset)
        self.state: GameState = self.game.new_state(players, seed, options)
        self.humans = sorted(set(humans))
        if any(not 0 <= seat < players for seat in self.humans):
            raise ValueError(f"human seats must be within 1-{players}")
        bot_seats = [p for p in range(players) if p not in self.humans]
        chosen = list(bots) or [default_level("drecksau")]
        self.bots: dict[int, Bot] = make_seat_bots("drecksau", bot_seats, chosen, seed)
        self.levels: dict[int, str] = dict(zip(bot_seats, chosen * len(bot_seats)
                                               if len(chosen) == 1 else chosen))
        """The level of each bot seat."""
        self.seed = seed
        self.record_dir = record_dir
        self.console = console or Console()
        self.input_fn: InputFn = input_fn or self.console.input
        self.bot_delay = bot_delay
        self.hotseat = len(self.humans) > 1
        self.events: dict[int, list[str]] = {seat: [] for seat in self.humans}
        self.on_screen: int | None = None
        self.record_path: Path | None = None
        self.quit = False

    # -- names -------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        """How a seat is called on screen (players are numbered from 1)."""
        if seat in self.bots:
            return f"Player {seat + 1} ({self.levels[seat]} bot)"
        if len(self.humans) == 1:
            return f"Player {seat + 1} (you)"
        return f"Player {seat + 1}"

    # -- the loop ----------------------------------------------------------------------
    def run(self) -> GameState:
        """Play until the game ends or a player quits; save the record; return the state."""
        ruleset = self.game.ruleset
        self.console.print(Panel(
            f"{RULESET_HELP.get(ruleset.name, ruleset.summary)}\n\n"
            f"{self._bots_line()}"
            f"Type the number of a move, [bold]?[/] for help on the cards, "
            f"[bold]q[/] to stop. Seed {self.seed}.",
            title=f"{ruleset.title}: {self.state.num_players} players"))
        try:
            while not self.state.is_terminal():
                seat = self.state.current_player
                if seat in self.bots:
                    self._bot_turn(seat)
                else:
                    self._human_turn(seat)
        except QuitGame:
            self.quit = True
            self.console.print("[bold]Game stopped.[/]")
        self._finish()
        return self.state

    def _bots_line(self) -> str:
        if not self.bots:
            return ""
        seated = {f"Player {seat + 1}": level for seat, level in self.levels.items()}
        return escape(f"Bots: {seated_levels_text(seated, 'drecksau')}") + "\n"

    def _apply(self, seat: int, action: Any) -> None:
        before = self._rounds_done()
        self.state.apply(action, seat)
        spectator = self.state.view(None)
        last = spectator.get("last")
        if last is not None:
            text = f"{self.name(last['player'])}: {last['text']}"
            if last.get("shown"):
                text += f" (showed {', '.join(CARD_HELP[c]['title'] for c in last['shown'])})"
            self._tell(text, exclude=seat)
        if self._rounds_done() > before:
            self._announce_round(spectator)

    def _tell(self, text: str, exclude: int | None = None) -> None:
        """Note an event for every human who did not cause it (shown on their turn)."""
        for human in self.humans:
            if human != exclude:
                self.events[human].append(text)

    def _rounds_done(self) -> int:
        tournament = self.state.view(None).get("tournament")
        return len(tournament["rounds"]) if tournament else 0

    def _announce_round(self, view: View) -> None:
        entry = view["tournament"]["rounds"][-1]
        if entry["winner"] is None:
            text = f"Round {entry['round']} ended without a winner."
        else:
            text = f"Round {entry['round']}: {self.name(entry['winner'])} won with {entry['how']} pigs"
            award = entry.get("award")
            if award:
                item = "trophy" if award["kind"] == "trophy" else "mud bucket"
                text += f" and takes the {item} worth {award['points']}"
            text += "."
        self.console.print(Panel(text, style="bold green"))
        for human in self.humans:
            self.events[human].append(text)

    def _bot_turn(self, seat: int) -> None:
        view = self.state.view(seat)
        action = self.bots[seat].choose(view, self.state.legal_actions(seat))
        if self.bot_delay:
            time.sleep(self.bot_delay)
        self._apply(seat, action)

    def _ask(self, prompt: str) -> str:
        try:
            return self.input_fn(prompt)
        except (EOFError, KeyboardInterrupt):
            raise QuitGame() from None

    def _human_turn(self, seat: int) -> None:
        if self.hotseat and self.on_screen != seat:
            self.console.clear()
            self.console.print(Panel(f"{self.name(seat)}, it is your turn. "
                                     "Others, please look away.", style="bold"))
            answer = self._ask(f"{self.name(seat)}: press Enter to see your cards ")
            if answer.strip().lower() in QUIT_WORDS:
                raise QuitGame()
        self.on_screen = seat
        view = self.state.view(seat)
        legal = self.state.legal_actions(seat)
        self.show_table(view, seat)
        events = self.events[seat]
        if events:
            self.console.print("[bold]Since your last move:[/]")
            for text in events[-12:]:
                self.console.print(f"  - {text}")
            events.clear()
        self.show_moves(legal)
        action = self._read_move(seat, legal)
        self._apply(seat, action)
        if self.hotseat and self.state.current_player != seat:
            self.console.clear()  # hide this hand before the next player sits down
            self.on_screen = None

    def _read_move(self, seat: int, legal: list[Any]) -> Any:
        while True:
            answer = self._ask(f"{self.name(seat)}, your move (1-{len(legal)}, ? help, q quit): ")
            text = answer.strip().lower()
            if text in QUIT_WORDS:
                raise QuitGame()
            words = text.split()
            if words and words[0] in HELP_WORDS:
                self.show_help(words[1] if len(words) > 1 else None)
                continue
            if not text:
                self.console.print("[red]Type the number of a move.[/]")
                continue
            number = whole_number(text)
            if number is not None:
                if 1 <= number <= len(legal):
                    return legal[number - 1]
                self.console.print(
                    f"[red]There is no move {number}: choose a number from 1 to {len(legal)}.[/]")
                continue
            try:  # the move's notation also works, e.g. "play mud 0.1"
                action = decode_action(text)
            except SaustallError:
                self.console.print(
                    f"[red]{answer.strip()!r} is not a move: type a number from 1 to "
                    f"{len(legal)}, ? for help or q to stop.[/]")
                continue
            if action in legal:
                return action
            error = self.state.explain_illegal(action, seat)
            self.console.print(f"[red]Not allowed: {error}[/]")

    def _finish(self) -> None:
        view = self.state.view(None)
        unseen = self.events[self.humans[0]] if len(self.humans) == 1 else []
        if unseen:
            self.console.print("[bold]Last moves:[/]")
            for text in unseen[-12:]:
                self.console.print(f"  - {text}")
        self.console.print(self.pig_table(view, None))
        if self.state.is_terminal():
            won = self.state.winners()
            if won:
                how = f" with {view['win_kind']} pigs" if view.get("win_kind") and \
                    "tournament" not in view else ""
                names = " and ".join(self.name(p) for p in won)
                self.console.print(Panel(f"{names} won{how}!", style="bold green"))
            else:
                self.console.print(Panel("Nobody won: the game stopped at its turn cap.",
                                         style="bold yellow"))
        if self.record_dir is not None:
            self.record_dir.mkdir(parents=True, exist_ok=True)
            stamp = time.strftime("%Y%m%d-%H%M%S")
            path = self.record_dir / f"drecksau-{self.game.ruleset.name}-{self.seed}-{stamp}.json"
            counter = 1
            while path.exists():
                counter += 1
                path = path.with_name(
                    f"drecksau-{self.game.ruleset.name}-{self.seed}-{stamp}-{counter}.json")
            meta = {"client": "terminal", "humans": self.humans,
                    "bots": {str(seat): bot.name for seat, bot in self.bots.items()},
                    "finished": self.state.is_terminal()}
            GameRecord.from_state(self.state, meta=meta).save(path)
            self.record_path = path
            where = markup_safe(path)  # --record-dir is the user's: no markup read in it
            self.console.print(f"Game record saved to [bold]{where}[/] "
                               f"(replay it with: saustall replay {where})")

    # -- drawing -----------------------------------------------------------------------
    def pig_table(self, view: View, seat: int | None) -> Table:
        """Every player's pigs, hand size and (for the viewer) nothing more."""
        return pig_table(view, self.name)

    def show_table(self, view: View, seat: int) -> None:
        """Draw the table as ``seat`` sees it: pigs, piles, tournament, own hand."""
        self.console.rule(f"{self.name(seat)} to play")
        draw_table(view, self.console, self.name)
        hand = Table(title="Your hand", show_header=True)
        hand.add_column("card", style="bold")
        hand.add_column("what it does")
        for card in view.get("hand", []):
            hand.add_row(CARD_HELP[card]["title"], CARD_HELP[card]["summary"])
        self.console.print(hand)

    def tournament_panel(self, tournament: dict[str, Any]) -> Panel:
        """Trophy and mud bucket stacks, scores and past rounds."""
        return tournament_panel(tournament, self.name)

    def show_moves(self, legal: list[Any]) -> None:
        """The legal moves, numbered from 1."""
        table = Table(title="Your moves", show_header=False, box=None)
        table.add_column("n", justify="right", style="bold")
        table.add_column("move")
        for number, action in enumerate(legal, 1):
            text = self.state.describe_action(action)
            if action == SHOW:
                text += " (none of your cards can be used)"
            table.add_row(str(number), text)
        self.console.print(table)

    def show_help(self, card: str | None = None) -> None:
        """Rules help: one card's explanation, or the game and every card in short."""
        if card is not None:
            matches = [name for name, entry in CARD_HELP.items()
                       if card in (name, entry["title"].lower()) or name.startswith(card)]
            if not matches:
                self.console.print(f"[red]No card called {card!r}. Cards: "
                                   f"{', '.join(CARD_HELP)}[/]")
                return
            for name in matches:
                entry = CARD_HELP[name]
                self.console.print(Panel(entry["details"], title=f"{entry['title']} ({name})"))
            return
        ruleset = self.game.ruleset.name
        self.console.print(Panel(f"{GENERAL_HELP}\n\n{RULESET_HELP.get(ruleset, '')}",
                                 title="How to play"))
        table = Table(title="The cards (type '? mud' for more on one card)")
        table.add_column("card", style="bold")
        table.add_column("name in moves")
        table.add_column("what it does")
        expansion = ("pretty", "escape", "lucky-bird")
        for name, entry in CARD_HELP.items():
            if name in expansion and not ruleset.startswith("sauschoen"):
                continue
            table.add_row(entry["title"], name, entry["summary"])
        self.console.print(table)


# --------------------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------------------

def build_app(console: Console | None = None, input_fn: InputFn | None = None) -> typer.Typer:
    """The ``saustall play drecksau`` command (console and input injectable for tests)."""
    app = typer.Typer(add_completion=False, help="Play Drecksau in the terminal.",
                      context_settings=HELP_SETTINGS)
    out = console or Console()
    default = default_level("drecksau")

    @app.command()
    def play(
        ruleset: str = typer.Option("dirty-pig", help="dirty-pig, drecksau, sauschoen or "
                                    "sauschoen-tournament"),
        players: Optional[int] = typer.Option(None, help="number of players (default 2)"),
        humans: int = typer.Option(1, help="how many players sit at this keyboard "
                                   "(seats 1..K; the rest are bots)"),
        hotseat: bool = typer.Option(False, "--hotseat", help="every seat is a human at "
                                     "this keyboard"),
        bots: str = typer.Option(default, help="bot level for the bot seats, or one per "
                                 f"bot seat separated by commas. Levels: "
                                 f"{levels_help('drecksau')}"),
        seed: Optional[int] = typer.Option(None, help="seed for the deal (default: random)"),
        record_dir: Path = typer.Option(RECORD_DIR, help=RECORD_DIR_HELP),
        no_record: bool = typer.Option(False, "--no-record", help=NO_RECORD_HELP),
        option: list[str] = typer.Option([], "--option", help="ruleset option name=value, "
                                         "e.g. hand_size=4"),
        bot_delay: float = typer.Option(0.0, help="seconds to pause after each bot move"),
    ) -> None:
        """Play Drecksau against bots or hot-seat on one keyboard."""
        from saustall.cli.common import parse_options

        try:
            game = get("drecksau", ruleset)
        except SaustallError as exc:
            _fail(out, str(exc))
        count = players if players is not None else game.default_players
        try:
            game.ruleset.check_players(count)
        except SaustallError as exc:
            _fail(out, str(exc))
        human_count = count if hotseat else humans
        if not 0 <= human_count <= count:
            _fail(out, f"--humans must be between 0 and {count} (the number of players), "
                       f"not {human_count}")
        levels = [level.strip() for level in bots.split(",") if level.strip()]
        known = bot_levels("drecksau")
        unknown = [level for level in levels if level not in known]
        if unknown:
            _fail(out, f"unknown bot {', '.join(map(repr, unknown))}; bots: {', '.join(known)}")
        bot_seats = count - human_count
        if bot_seats and len(levels) not in (1, bot_seats):
            _fail(out, f"{len(levels)} bot levels given for {bot_seats} bot seat(s): give one "
                       "level, or one per bot seat")
        chosen_seed = seed if seed is not None else random.SystemRandom().randrange(10**9)
        try:
            session = TerminalPlay(
                ruleset=ruleset, players=count, humans=range(human_count), bots=levels,
                seed=chosen_seed, options=parse_options(option),
                record_dir=None if no_record else record_dir,
                console=out, input_fn=input_fn, bot_delay=bot_delay)
        except (SaustallError, ValueError) as exc:
            _fail(out, str(exc))
        session.run()

    return app


def _fail(console: Console, message: str) -> NoReturn:
    console.print(f"[bold red]error:[/] {message}")
    raise typer.Exit(2)


def draw_position(view: View, console: Console) -> None:
    """The position as a spectator sees it, for ``saustall replay`` (its support record)."""
    most = max((len(view["pigs"][p]) for p in view["participants"]), default=0)
    table = Table(title=f"Final position after turn {view['turn']}", show_lines=True)
    table.add_column("player", style="bold")
    table.add_column("cards")
    for index in range(most):
        table.add_column(f"pig {index + 1}")
    tournament = view.get("tournament")
    if tournament:
        table.add_column("points")
    for player in range(view["players"]):
        pigs = view["pigs"][player]
        cells: list[Any] = [f"Player {player + 1}", str(view["hand_counts"][player])]
        cells += [pig_text(pig) for pig in pigs] + [""] * (most - len(pigs))
        if tournament:
            cells.append(str(tournament["scores"][player]))
        table.add_row(*cells)
    console.print(table)
    top = view["discard_top"]
    console.print(f"Deck: {view['deck_count']} cards   Discard pile: {view['discard_count']} "
                  f"cards (top: {top or 'empty'})")


def run_cli(game: str, args: list[str]) -> None:
    """Entry point for ``saustall play drecksau ARGS``."""
    app = build_app()
    try:
        app(args, prog_name=f"saustall play {game}", standalone_mode=True)
    except SystemExit as exc:
        if exc.code not in (0, None):
            raise
