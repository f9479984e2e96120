"""Play Saukopf in the terminal against bots (three for Saukopf, two for the Dreihaxer).

``saustall play saukopf [--ruleset dreihaxer] [--deals 4] [--bots heuristic] [--seed 7]``

Every screen is drawn from views only: the human's own view for the table, the public
view for the narration, so nothing hidden reaches the screen (a card handed over face
down in a Kreuzung is named only to the two players involved). The hand is sorted by the
current game's trump order; the bidding, the trick on the table, the card points taken so
far and, after each deal, the full scoring breakdown are shown.

:class:`SaukopfTerminal` runs the loop with an injectable console and input function so
tests can drive it; :func:`run_cli` is the command line entry point.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable, Optional, Sequence

import typer
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from saustall.cli.common import (
    HELP_SETTINGS, NO_RECORD_HELP, RECORD_DIR, RECORD_DIR_HELP, markup_safe, save_record,
)
from saustall.bots.base import Bot, bot_levels, default_level, make_seat_bots
from saustall.bots.describe import levels_help, seated_levels_text
from saustall.core.errors import SaustallError
from saustall.core.game import View
from saustall.core.registry import get
from saustall.games.saukopf.prompts import MoveReader, QuitGame, move_lines
from saustall.games.saukopf.cards import CARD_TEXT, bid_text, card_title
from saustall.games.saukopf.actions import (
    bid_of, card_of, given_card, is_give, is_revoke, revoked_seat,
)
from saustall.games.saukopf.game import (
    SaukopfState, declaration_of, describe, is_bid, is_card, is_declare,
)
from saustall.games.saukopf.rules_text import HELP_TOPICS, INPUT_HELP, OVERVIEW, fit

InputFn = Callable[[str], str]
"""Reads one line of input after showing a prompt."""

BOT_NAMES = ("Resi", "Alois", "Zenzi", "Sepp")


def seat_names(players: int) -> list[str]:
    """Seats as a spectator names them: ``Player 1`` ..."""
    return [f"Player {p + 1}" for p in range(players)]


def draw_table(view: View, console: Console, names: Sequence[str] | None = None,
               human: int | None = None) -> None:
    """The table of a view without its hand: the bidding, the game, the Huftritte, each
    player's cards, tricks and points, the trick on the table (the terminal client's screen
    above the hand; the RL environments' text render, from the spectator's view).
    ``human`` is the seat addressed as "you" (its verbs agree: "You play")."""
    names = list(names) if names is not None else seat_names(view["players"])

    def verb(seat: int, word: str) -> str:
        return word if seat == human else word + "s"

    bidding = view["bidding"]
    if bidding["log"]:
        log = ", ".join(f"{names[p]} {'quiekt' if b == 'pass' else b}"
                        + (" (Napf)" if stage == "napf" else "")
                        for stage, p, b in bidding["log"])
        console.print(f"Bidding: {log}")
    declared = view["declared"]
    if declared:
        partner = declared["partner"]
        declarer = declared["declarer"]
        text = (f"[bold]{names[declarer]}[/] {verb(declarer, 'play')} "
                f"[bold]{declared['title']}[/] for {declared['bid']}"
                f" ({'Napf: wins if the opponents take the bid' if declared['napf'] else 'Trog'})")
        if partner is not None:
            text += f", partner {names[partner]}"
        if declared["open_trump"]:
            text += f"; open trump {declared['open_trump']}"
        if declared["given"]:
            text += f"; card handed over: {declared['given']}"
        console.print(text)
        console.print("Trumps, high to low: " + (" ".join(declared["trumps"]) or "none"))
        kicks = []
        if view["kontra"] is not None:
            kicks.append(f"Huftritt by {names[view['kontra']]}")
        if view["re"] is not None:
            kicks.append(f"Gegenhuftritt by {names[view['re']]}")
        if kicks:
            console.print(", ".join(kicks))
    table = Table(show_header=True, box=None)
    for column in ("player", "cards", "tricks", "card points", "meat", "roughness"):
        table.add_column(column)
    ledger = view["ledger"]
    for p in range(view["players"]):
        mark = " <-" if p in view["to_act"] else ""
        table.add_row(names[p] + mark, str(view["hand_counts"][p]),
                      str(view["tricks_won"][p]), str(view["points"][p]),
                      str(ledger["meat"][p]), str(ledger["roughness"][p]))
    console.print(table)
    if view["trick"]:
        console.print("On the table: " + "  ".join(
            f"{names[p]} {c}" for p, c in view["trick"]))


class SaukopfTerminal:
    """A Saukopf session at the terminal: one human seat (or none) and bots."""

    def __init__(self, ruleset: str = "saukopf", human: int | None = 0,
                 bots: Sequence[str] = (), seed: int = 0,
                 deals: int | None = None, console: Console | None = None,
                 input_fn: InputFn | None = None, record_dir: Path | None = None,
                 bot_delay: float = 0.0) -> None:
        self.game = get("saukopf", ruleset)
        players = self.game.ruleset.min_players
        options: dict[str, Any] = {}
        if deals is not None:
            options["deals"] = deals
        state = self.game.new_state(players, seed, options)
        assert isinstance(state, SaukopfState)
        self.state = state
        if human is not None and not 0 <= human < players:
            raise ValueError(f"the human seat must be within 1-{players}")
        self.human = human
        bot_seats = [p for p in range(players) if p != human]
        chosen = list(bots) or [default_level("saukopf")]
        self.bots: dict[int, Bot] = make_seat_bots("saukopf", bot_seats, chosen, seed)
        self.levels: dict[int, str] = dict(zip(bot_seats, chosen * len(bot_seats)
                                               if len(chosen) == 1 else chosen))
        """The level of each bot seat."""
        self.names = []
        names = iter(BOT_NAMES)
        for p in range(players):
            self.names.append("You" if p == human else next(names))
        self.seed = seed
        self.console = console or Console()
        self.input_fn: InputFn = input_fn or self.console.input
        self.record_dir = record_dir
        self.record_path: Path | None = None
        self.bot_delay = bot_delay
        self.quit = False

    def _bots_line(self) -> str:
        seated = {self.names[seat]: level for seat, level in self.levels.items()}
        return escape(f"Bots: {seated_levels_text(seated, 'saukopf')}")

    # -- the loop ----------------------------------------------------------------------
    def run(self) -> SaukopfState:
        """Play the whole session (or until the human quits); return the final state."""
        rules = self.game.ruleset
        self.console.print(Panel(
            f"{rules.summary}\n{self.state.deals} deals; the dealer moves clockwise. "
            f"Type '?' for help, 'q' to stop.\n{self._bots_line()}",
            title=f"{rules.title}: {self.state.num_players} players"))
        self._announce_deal()
        try:
            while not self.state.is_terminal():
                seat = self.state.current_player
                if seat in self.bots:
                    view = self.state.view(seat)
                    action = self.bots[seat].choose(view, self.state.legal_actions(seat))
                    if self.bot_delay:
                        time.sleep(self.bot_delay)
                else:
                    action = self._human_move(seat)
                self._apply(seat, action)
        except QuitGame:
            self.quit = True
            self.console.print("[bold]Session stopped.[/]")
        self._finish()
        return self.state

    def _apply(self, seat: int, action: Any) -> None:
        before = self.state.view(None)
        deals_done = len(before["results"])
        tricks_done = len(before["tricks"])
        phase = before["phase"]
        self.state.apply(action, seat)
        self._narrate(seat, action, phase)
        after = self.state.view(None)
        if len(after["results"]) > deals_done:
            last = after["results"][-1]
            for number, trick in enumerate(last.get("tricks", [])[tricks_done:], tricks_done + 1):
                self._show_trick(number, trick)
            self.show_result(last)
            if not self.state.is_terminal():
                self._announce_deal()
        elif len(after["tricks"]) > tricks_done:
            self._show_trick(len(after["tricks"]), after["tricks"][-1])

    def _show_trick(self, number: int, trick: dict[str, Any]) -> None:
        self.console.print(f"   Trick {number}: {' '.join(trick['cards'])} -> "
                           f"[bold]{self.names[trick['winner']]}[/] ({trick['points']} points)")

    def _narrate(self, seat: int, action: Any, phase: str) -> None:
        who = self.names[seat]
        if is_give(action):
            declared = self.state.view(self.human)["declared"] if self.human is not None else None
            if self.human is not None and declared is not None and declared.get("given"):
                text = f"hands {card_title(given_card(action))} to the declarer face down"
            else:
                text = "hands a card to the declarer face down"
        elif isinstance(action, int) and action == 0:
            text = {"bidding": "passes (quiekt)", "partner": "does not join",
                    "kontra": "gives no Huftritt", "re": "gives no Gegenhuftritt"}.get(phase,
                                                                                      "passes")
        elif is_revoke(action):
            text = f"records a revoke by {self.names[revoked_seat(action)]}"
        elif is_card(action):
            text = f"plays [bold]{CARD_TEXT[card_of(action)]}[/] ({card_title(card_of(action))})"
        elif is_bid(action):
            text = f"bids [bold]{bid_text(bid_of(action))}[/]"
        elif is_declare(action):
            text = f"declares [bold]{declaration_of(action).title()}[/]"
        else:
            text = describe(action)
        if phase in ("kontra", "re") and seat != self.human and action == 0:
            return  # silent passes in the Huftritt window would only clutter the screen
        self.console.print(f"{who}: {text}")

    def _verb(self, seat: int, verb: str) -> str:
        """``verb`` agreeing with the seat's name: "You play", "Berta plays"."""
        return verb if seat == self.human else verb + "s"

    def _says(self, seat: int, verb: str) -> str:
        """The seat's name and ``verb`` agreeing with it: "You deal", "Berta deals"."""
        return f"{self.names[seat]} {self._verb(seat, verb)}"

    def _announce_deal(self) -> None:
        view = self.state.view(self.human)
        self.console.rule(f"Deal {view['deal']} of {view['deals']}: "
                          f"{self._says(view['dealer'], 'deal')}")
        if view["aside"]:
            self.console.print(f"Laid aside (count for nobody): {' '.join(view['aside'])}")

    def _ask(self, prompt: str) -> str:
        try:
            return self.input_fn(prompt)
        except (EOFError, KeyboardInterrupt):
            raise QuitGame() from None

    def _human_move(self, seat: int) -> Any:
        view = self.state.view(seat)
        self.show_table(view)
        self.show_moves(self.state.legal_actions(seat))
        reader = MoveReader(self.state, seat, self._ask, self.console.print, self.show_help)
        return reader.read()

    def show_help(self, topic: str | None = None) -> None:
        """``?``: the rules in short and how to type; ``? games|trumps|scoring``: more."""
        # a panel's borders and padding take four columns of the terminal
        width = max(40, self.console.width - 4)
        if topic is None:
            self.console.print(Panel(escape(fit(OVERVIEW, width)), title="How to play"))
            self.console.print(Panel(escape(fit(INPUT_HELP, width)), title="How to type"))
            return
        found = [name for name in HELP_TOPICS if name.startswith(topic)]
        if not found:
            self.console.print(f"[red]No help on {topic!r}; topics: "
                               f"{', '.join(HELP_TOPICS)}[/]")
            return
        self.console.print(Panel(escape(fit(HELP_TOPICS[found[0]], width)),
                                 title=found[0].title()))

    # -- drawing -----------------------------------------------------------------------
    def show_table(self, view: View) -> None:
        """The table as the human sees it: bidding, game, trick, points, own hand."""
        draw_table(view, self.console, self.names, self.human)
        self.console.print("Your hand: [bold]" + " ".join(view.get("hand", [])) + "[/]")

    def show_moves(self, legal: list[Any]) -> None:
        """What the player may do now (numbered where a number is typed)."""
        for line in move_lines(legal, self.state.phase):
            self.console.print(line)

    def show_result(self, result: dict[str, Any]) -> None:
        """The scoring breakdown of a finished deal."""
        if result["thrown_in"]:
            self.console.print(Panel(f"Deal {result['deal']}: thrown in ({result['reason']}); "
                                     "no scoring.", style="yellow"))
            return
        names = self.names
        party = names[result["declarer"]]
        if result["partner"] is not None:
            party += f" and {names[result['partner']]}"
        lines = [
            f"{result['title']} for {result['bid']}, declared by {names[result['declarer']]}"
            + (f", partner {names[result['partner']]}" if result["partner"] is not None else ""),
            f"{party}: {result['declarer_points']} card points in {result['declarer_tricks']} "
            f"tricks; opponents {result['opponent_points']}. Laufende: {result['laufende']}.",
        ]
        if result["revoked_by"] is not None:
            lines.append(f"Revoke by {names[result['revoked_by']]}: the remaining tricks went "
                         "to the side the rules name.")
        lines.append("[bold]" + ("The declarer's party wins." if result["declarer_won"]
                                 else "The opponents win.") + "[/]")
        lines.extend(_named_lines(result, names))
        lines.append("Deal: " + ", ".join(
            f"{names[p]} {m} meat / {r} rough"
            for p, (m, r) in enumerate(zip(result["meat"], result["roughness"]))))
        lines.append("Cards: " + "; ".join(f"{names[p]}: {' '.join(cards)}"
                                           for p, cards in enumerate(result["cards"])))
        self.console.print(Panel("\n".join(lines), title=f"Schlachtfest, deal {result['deal']}",
                                 style="green"))

    def _finish(self) -> None:
        view = self.state.view(None)
        ledger = view["ledger"]
        table = Table(title="Session ledger")
        for column in ("player", "meat points", "roughness points", "net"):
            table.add_column(column)
        for p in range(view["players"]):
            table.add_row(self.names[p], str(ledger["meat"][p]), str(ledger["roughness"][p]),
                          str(ledger["net"][p]))
        self.console.print(table)
        if self.state.is_terminal():
            master = " and ".join(self.names[p] for p in ledger["schlachtmeister"])
            rough = " and ".join(self.names[p] for p in ledger["oberrauborstler"]) or "nobody"
            self.console.print(Panel(f"Schlachtmeister: {master}\nOberrauborstler: {rough}",
                                     title="Trophies", style="bold green"))
        if self.record_dir is not None:
            meta = {"client": "terminal", "human": self.human,
                    "bots": {str(seat): bot.name for seat, bot in self.bots.items()},
                    "finished": self.state.is_terminal()}
            path = save_record(self.state, self.record_dir,
                               f"saukopf-{self.game.ruleset.name}-{self.seed}", meta)
            self.record_path = path
            where = markup_safe(path)  # --record-dir is the user's: no markup read in it
            self.console.print(f"Record saved to [bold]{where}[/] (saustall replay {where})",
                               highlight=False, soft_wrap=True)


def _named_lines(result: dict[str, Any], names: Sequence[str]) -> list[str]:
    """The scoring lines with the players' names."""
    winners = " and ".join(names[p] for p in result["winners"])
    items = ", ".join(f"{label} {value}" for label, value in result["meat_items"])
    double = f", x{result['multiplier']} for the Huftritte" if result["multiplier"] > 1 else ""
    each = result["meat"][result["winners"][0]]
    lines = [f"{winners}: {each} meat points each ({items}{double})"]
    for seat, label, value in result["roughness_items"]:
        lines.append(f"{names[seat]}: {label}, {value} roughness point{'s' if value > 1 else ''}")
    return lines


# --------------------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------------------

def build_app(console: Console | None = None, input_fn: InputFn | None = None) -> typer.Typer:
    """The ``saustall play saukopf`` command (console and input injectable for tests)."""
    app = typer.Typer(add_completion=False, help="Play Saukopf in the terminal.",
                      context_settings=HELP_SETTINGS)

    @app.command()
    def play(
        ruleset: str = typer.Option("saukopf", help="saukopf (4 players) or dreihaxer (3)"),
        deals: Optional[int] = typer.Option(None, help="deals in the session (default: "
                                            "each player deals once)"),
        bots: str = typer.Option(default_level("saukopf"), help="bot level for the other "
                                 "seats, or one per seat, comma-separated. Levels: "
                                 f"{levels_help('saukopf')}"),
        seat: int = typer.Option(1, help="your seat, 1-4 (seat 1 deals first; the "
                                  "seat to the dealer's left bids and leads first)"),
        seed: Optional[int] = typer.Option(None, help="seed for a repeatable session"),
        auto: bool = typer.Option(False, "--auto", help="bots play every seat; watch"),
        record_dir: Path = typer.Option(RECORD_DIR, help=RECORD_DIR_HELP),
        no_record: bool = typer.Option(False, "--no-record", help=NO_RECORD_HELP),
    ) -> None:
        """Play a session of Saukopf against bots."""
        out = console or Console()
        levels = [b.strip() for b in bots.split(",") if b.strip()]
        known = bot_levels("saukopf")
        bad = [b for b in levels if b not in known]
        if bad:
            out.print(f"[bold red]error:[/] unknown bot {', '.join(bad)}; bots: {', '.join(known)}")
            raise typer.Exit(2)
        try:
            terminal = SaukopfTerminal(
                ruleset=ruleset, human=None if auto else seat - 1, bots=levels,
                seed=seed if seed is not None else int(time.time()) % 1_000_000,
                deals=deals, console=out, input_fn=input_fn,
                record_dir=None if no_record else record_dir)
        except (SaustallError, ValueError) as exc:
            out.print(f"[bold red]error:[/] {exc}")
            raise typer.Exit(2) from None
        terminal.run()

    return app


def draw_position(view: View, console: Console) -> None:
    """The deals, the ledger and the trophies as a spectator sees them, for ``saustall replay``."""
    for result in view["results"]:
        if result["thrown_in"]:
            console.print(f"Deal {result['deal']}: thrown in")
            continue
        party = f"Player {result['declarer'] + 1}"
        if result["partner"] is not None:
            party += f" and player {result['partner'] + 1}"
        outcome = "won" if result["declarer_won"] else "lost"
        console.print(f"Deal {result['deal']}: {markup_safe(result['title'])} for {result['bid']} "
                      f"by {party}, {result['declarer_points']} card points: {outcome}")
    if view["phase"] != "over" and view["declared"]:
        declared = view["declared"]
        console.print(f"Deal {view['deal']} in progress: player {declared['declarer'] + 1} "
                      f"plays {markup_safe(declared['title'])}; "
                      f"{len(view['tricks'])} tricks played")
    ledger = view["ledger"]
    table = Table(title="Ledger")
    for column in ("player", "meat points", "roughness points", "net"):
        table.add_column(column)
    for p in range(view["players"]):
        table.add_row(f"Player {p + 1}", str(ledger["meat"][p]), str(ledger["roughness"][p]),
                      str(ledger["net"][p]))
    console.print(table)
    if view["phase"] == "over":
        master = " and ".join(f"player {p + 1}" for p in ledger["schlachtmeister"])
        rough = " and ".join(f"player {p + 1}" for p in ledger["oberrauborstler"]) or "nobody"
        console.print(f"Schlachtmeister: {master}   Oberrauborstler: {rough}")


def run_cli(game: str, args: list[str]) -> None:
    """Entry point for ``saustall play saukopf ...``."""
    build_app()(args, prog_name=f"saustall play {game}")
