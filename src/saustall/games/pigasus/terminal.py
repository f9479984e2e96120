"""``saustall play pigasus``: Pigasus in real time in the terminal, against bots.

Cards appear at a steady pace (``--pace``, or ``+``/``-`` during play). Each card is shown
as a column, its head above its body, so a pair (bodies and heads swapped) shows as a
cross. When you see one, press SPACE to grab the Pigasus, then type the letters of the
two cards (``0`` or Esc: you see no pair after all). Esc or Ctrl-C at any other time asks
whether to quit; only ``y`` (or a second Esc/Ctrl-C) ends the game. Keys typed together
all count (the loop reads every pending key). The screen shows who grabbed, whether it
was right or wrong, and the scores.

The game logic of the client is :class:`TerminalPigasus`: it is driven by times and keys
given to it, so the tests run it without a terminal. :func:`run_loop` is the real-time
loop with the clock, the keyboard and the screen injected; :func:`run_terminal` plugs in
the real ones (POSIX terminals).
"""

from __future__ import annotations

import os
import secrets
import sys
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional, Sequence

import typer
from rich.console import Console
from rich.markup import escape

from saustall.cli.common import (
    HELP_SETTINGS, NO_RECORD_HELP, RECORD_DIR, RECORD_DIR_HELP, markup_safe, parse_options,
    save_record,
)
from saustall.bots.base import default_level
from saustall.bots.describe import levels_help, seated_levels_text
from saustall.games.pigasus.bots.reaction import LEVELS, PigasusBot
from saustall.core import SaustallError, get
from saustall.core.errors import IllegalActionError
from saustall.core.game import View
from saustall.core.rng import derive_seed
from saustall.games.pigasus.cards import ANIMALS, CARDS, CODES, card_from_code
from saustall.games.pigasus.driver import Agent, RealtimeTable
from saustall.games.pigasus.game import (
    GRAB, REVEAL, PigasusAction, PigasusState, grab, point,
)

LABELS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ123456789"
"""Key labels of the table slots, in slot order (a table seldom holds more than 56
cards; a replayed record may hold up to all 72)."""
UNLABELLED = "-"
"""The label of a table slot past the last of :data:`LABELS`: drawn, not pickable."""

GRAB_KEYS = (" ",)
NO_PAIR_KEYS = ("0", "\x1b")
ESC, CTRL_C = "\x1b", "\x03"
QUIT_KEYS = (ESC, CTRL_C)
"""Keys that ask whether to quit (never card letters, so no stray key ends a game)."""
CONFIRM_KEYS = ("y", "Y")
CARDS_PER_ROW = 7
MIN_PACE_MS, MAX_PACE_MS, PACE_STEP_MS = 300, 6000, 250

SHORT = {"pig": "Pig", "crocodile": "Croc", "giraffe": "Giraffe", "elephant": "Elephant",
         "horse": "Horse", "sheep": "Sheep", "duck": "Duck", "rabbit": "Rabbit", "owl": "Owl"}
COLOURS = {"pig": "magenta", "crocodile": "green", "giraffe": "yellow", "elephant": "white",
           "horse": "red", "sheep": "bright_white", "duck": "bright_yellow",
           "rabbit": "cyan", "owl": "blue"}

DEFAULT = default_level("pigasus")
"""The level seated when ``--bots`` is not given."""


def card_markup(code: str) -> str:
    """A card as coloured "Body/Head" text (rich markup)."""
    body, head = (ANIMALS[a] for a in CARDS[card_from_code(code)])
    return (f"[{COLOURS[body]}]{SHORT[body]}[/]/[{COLOURS[head]}]{SHORT[head]}[/]")


def card_text(code: str) -> str:
    """A card as plain "Body/Head" text."""
    body, head = (ANIMALS[a] for a in CARDS[card_from_code(code)])
    return f"{SHORT[body]}/{SHORT[head]}"


CELL = max(len(name) for name in SHORT.values()) + 2
"""Width of one card's column: the longest animal name and a gap."""


def table_lines(cards: Sequence[tuple[int, int]], marked: set[int] | frozenset[int] = frozenset(),
                per_row: int = CARDS_PER_ROW) -> list[str]:
    """The face-up cards as columns: label, head above body (rich markup).

    ``cards`` are (slot, card) pairs; a pair shows as two columns whose names cross. The
    cards in ``marked`` (pointed at) are shown reversed.
    """
    if not cards:
        return ["(the table is empty)"]
    lines: list[str] = []
    for start in range(0, len(cards), per_row):
        row = cards[start:start + per_row]
        labels, heads, bodies = "      ", "head  ", "body  "
        for slot, card in row:
            body, head = (ANIMALS[a] for a in CARDS[card])
            style = "reverse " if card in marked else ""
            # A slot past the last key (a table rarely holds so many) shows, unpickable.
            label = LABELS[slot] if slot < len(LABELS) else UNLABELLED
            labels += f"[bold]{label}[/]" + " " * (CELL - 1)
            heads += f"[{style}{COLOURS[head]}]{SHORT[head]:<{CELL - 1}}[/] "
            bodies += f"[{style}{COLOURS[body]}]{SHORT[body]:<{CELL - 1}}[/] "
        if lines:
            lines.append("")
        lines.extend(line.rstrip() for line in (labels, heads, bodies))
    return lines


def split_keys(text: str) -> list[str]:
    """The keys in a burst of terminal input, in order.

    A lone Esc is a key; an escape sequence (an arrow or function key: Esc, then ``[`` or
    ``O`` and more) is dropped as one unit, so it cannot count as Esc plus letters.
    """
    keys: list[str] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == ESC and i + 1 < len(text) and text[i + 1] in "[O":
            i += 2
            while i < len(text) and not (text[i].isalpha() or text[i] == "~"):
                i += 1
            i += 1
            continue
        keys.append(char)
        i += 1
    return keys


class AutoDealer:
    """Agent for the person's seat: deals for them at the table's pace, nothing else."""

    def __init__(self, pace_ms: int) -> None:
        self.deal_interval_ms = pace_ms

    def react(self, view: View, now: int) -> PigasusAction | None:
        """A reveal when this seat deals, one pace after the table last changed."""
        me = view["observer"]
        if view["phase"] != "play" or view["dealer"] != me or not view["deck_count"]:
            return None
        return PigasusAction(me, max(now, view["table_changed_at"] + self.deal_interval_ms),
                             REVEAL)


@dataclass
class LogLine:
    """One line of the running commentary."""

    at: int
    text: str


class TerminalPigasus:
    """Terminal play without the terminal: feed it times (ms) and keys, read its screen."""

    def __init__(self, state: PigasusState, human: int = 0,
                 levels: Sequence[str] = (DEFAULT,), pace_ms: int = 1500,
                 seed: int = 0) -> None:
        if not 0 <= human < state.num_players:
            raise ValueError(f"no seat {human} in a {state.num_players}-player game")
        self.state = state
        self.human = human
        self.seed = seed
        self.pace_ms = pace_ms
        self.dealer_agent = AutoDealer(pace_ms)
        self.bots: dict[int, PigasusBot] = {}
        self.levels: dict[int, str] = {}
        others = [seat for seat in range(state.num_players) if seat != human]
        for index, seat in enumerate(others):
            level = levels[index % len(levels)]
            self.levels[seat] = level
            self.bots[seat] = PigasusBot(level, derive_seed(seed, "pigasus-terminal", seat),
                                         pace_ms)
        agents: dict[int, Agent] = {seat: bot for seat, bot in self.bots.items()}
        agents[human] = self.dealer_agent
        self.table = RealtimeTable(state, agents, tick_seat=human)
        self.log: deque[LogLine] = deque(maxlen=8)
        self.quit = False
        self.confirming_quit = False
        self._seen_settled = state.settled
        self._seen_tiebreak = state.tiebreak

    # -- names -------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        """How the screen names a seat."""
        if seat == self.human:
            return "You"
        return f"P{seat + 1} ({self.levels[seat]})"

    def bots_line(self) -> str:
        """The seated bots' levels and what each means (plain text)."""
        seated = {f"P{seat + 1}": level for seat, level in self.levels.items()}
        return f"Bots: {seated_levels_text(seated, 'pigasus')}"

    def unit_name(self, unit: int) -> str:
        """How the screen names a player or a team."""
        if not self.state.team_play:
            return self.name(unit)
        members = self.state.members[unit]
        mark = " (yours)" if self.human in members else ""
        return f"Team {unit + 1}{mark}"

    @property
    def finished(self) -> bool:
        """True once the game is over."""
        return self.state.is_terminal()

    @property
    def pointing(self) -> bool:
        """True while the person holds the Pigasus and has not pointed yet."""
        holder = self.state.holder(self.human)
        return holder is not None and not holder.done

    @property
    def pointed(self) -> tuple[int, ...]:
        """The cards the person points at while holding the Pigasus."""
        holder = self.state.holder(self.human)
        return holder.cards if holder is not None else ()

    # -- time --------------------------------------------------------------------------
    def advance(self, now: int) -> None:
        """Let everything due up to ``now`` (ms) happen, noting it in the log."""
        while True:
            before = len(self.state.history)
            action = self.table.step(now)
            if action is None:
                break
            if len(self.state.history) > before:
                self._note(action)

    def next_wakeup(self) -> int | None:
        """When the next thing will happen by itself (ms), if anything."""
        upcoming = self.table.next_event()
        return upcoming.time if upcoming is not None else None

    def set_pace(self, pace_ms: int) -> None:
        """Change the time between two revealed cards, for every dealer."""
        self.pace_ms = max(MIN_PACE_MS, min(MAX_PACE_MS, pace_ms))
        self.dealer_agent.deal_interval_ms = self.pace_ms
        for bot in self.bots.values():
            bot.deal_interval_ms = self.pace_ms

    # -- keys --------------------------------------------------------------------------
    def press_keys(self, keys: str, now: int) -> None:
        """Handle every key of ``keys`` (all that arrived together), in order."""
        for key in split_keys(keys):
            if self.quit:
                return
            self.press(key, now)

    def press(self, key: str, now: int) -> None:
        """Handle one key pressed at ``now`` (ms)."""
        self.advance(now)
        if self.finished:
            self.quit = True
            return
        if self.confirming_quit:
            self.confirming_quit = False
            if key in CONFIRM_KEYS or key in QUIT_KEYS:
                self.quit = True
                return
            self._say(now, "Playing on.")
            if key in ("n", "N"):
                return
        if self.pointing:
            self._press_pointing(key, now)
            return
        if key in GRAB_KEYS:
            self._submit(grab(self.human, max(now, self.state.now)))
        elif key == "+":
            self.set_pace(self.pace_ms - PACE_STEP_MS)
            self._say(now, f"Faster: a card every {self.pace_ms / 1000:.2f} s")
        elif key == "-":
            self.set_pace(self.pace_ms + PACE_STEP_MS)
            self._say(now, f"Slower: a card every {self.pace_ms / 1000:.2f} s")
        elif key in QUIT_KEYS:
            self.confirming_quit = True

    def _press_pointing(self, key: str, now: int) -> None:
        at = max(now, self.state.now)
        if key in NO_PAIR_KEYS:
            self._submit(point(self.human, at))
            return
        if key not in LABELS:
            return
        slot = LABELS.index(key)
        table = self.state.table
        if slot >= len(table) or table[slot] < 0 or table[slot] in self.pointed:
            return
        self._submit(point(self.human, at, table[slot]))

    def _submit(self, action: PigasusAction) -> None:
        before = len(self.state.history)
        try:
            self.table.submit(action)
        except IllegalActionError as exc:
            if exc.rule == "pigasus-held":
                self._say(action.time, "Too late: someone else holds the Pigasus.")
            else:
                self._say(action.time, f"Not now: {exc.args[0]}")
            return
        if len(self.state.history) > before:
            self._note(action)

    # -- commentary --------------------------------------------------------------------
    def _say(self, at: int, text: str) -> None:
        self.log.append(LogLine(at, text))

    def _note(self, action: PigasusAction) -> None:
        state = self.state
        if action.kind == GRAB:
            joined = len(state.holders) > 1
            who = self.name(action.player)
            verb = "grab" if action.player == self.human else "grabs"
            self._say(action.time, f"{who} {verb} the Pigasus" + (" at the same time!" if joined else "!"))
        if state.settled != self._seen_settled:
            self._seen_settled = state.settled
            for entry in state.outcome:
                self._say(action.time, self._outcome_text(entry))
        if state.tiebreak and not self._seen_tiebreak:
            self._seen_tiebreak = True
            names = ", ".join(self.unit_name(u) for u in state.contenders)
            self._say(action.time, f"Tie! Tie-break between {names} with the set-aside cards.")
        if state.is_terminal():
            self._say(action.time, self.result_text())

    def _outcome_text(self, entry: dict[str, Any]) -> str:
        you = entry["player"] == self.human
        who = self.name(entry["player"])
        pointed = " + ".join(card_text(c) for c in entry["pointed"]) or "no pair"
        if entry["result"] == "right":
            return f"RIGHT: {who} {'take' if you else 'takes'} {pointed}."
        if entry["result"] == "split":
            return (f"SHARED: {who} grabbed at the same time and {'take' if you else 'takes'} "
                    f"{card_text(entry['cards'][0])}.")
        if entry["result"] == "crowded":
            return f"{who} {'were' if you else 'was'} right too, but the pair was already shared."
        paid = entry["paid"]
        return (f"WRONG: {who} pointed at {pointed} and {'give' if you else 'gives'} back "
                f"{paid} card{'s' if paid != 1 else ''}.")

    def result_text(self) -> str:
        """Who won, in words."""
        won = self.state.winners()
        units = sorted({self.state.team_of[s] for s in won})
        names = ", ".join(self.unit_name(u) for u in units)
        if len(units) == 1:
            return f"Game over: {names} won!"
        return f"Game over: {names} share the win."

    # -- the screen --------------------------------------------------------------------
    def render(self, now: int) -> str:
        """The whole screen as rich markup."""
        state = self.state
        lines: list[str] = []
        lines.append(
            f"[bold]PIGASUS[/]  seed {self.seed}   {now / 1000:6.1f} s   "
            f"a card every {self.pace_ms / 1000:.2f} s ([bold]+[/]/[bold]-[/] to change)   "
            f"[bold]Esc[/] quits")
        deck = f"deck {len(state.deck)}"
        if state.tiebreak:
            deck += " (tie-break)"
        lines.append(f"Dealer: {self.name(state.dealer)}   {deck}   "
                     f"set aside {len(state.set_aside)}   returned to the box {len(state.box)}")
        if now < 0:  # the countdown before the first card: who plays, and how quickly
            lines.append(escape(self.bots_line()))
        scores = state.scores()
        lines.append("Scores: " + "   ".join(
            f"{escape(self.unit_name(u))} [bold]{scores[u]}[/]" for u in range(state.num_units)))
        lines.append("")
        fingers = {c for h in state.holders for c in h.cards}
        lines.extend(table_lines([(slot, card) for slot, card in enumerate(state.table)
                                  if card >= 0], fingers))
        lines.append("")
        lines.append(self._pigasus_line(now))
        lines.append("")
        for entry in self.log:
            lines.append(f"[dim]{entry.at / 1000:6.1f}s[/] {escape(entry.text)}")
        return "\n".join(lines)

    def _pigasus_line(self, now: int) -> str:
        state = self.state
        if self.confirming_quit and not state.is_terminal():
            return ("[bold red]Quit the game?[/] y or Esc: quit; any other key: play on "
                    "(the cards keep coming).")
        if state.is_terminal():
            return f"[bold]{escape(self.result_text())}[/] (press any key)"
        if now < 0:
            return f"[bold]Get ready![/] The first card comes in {-now / 1000 + self.pace_ms / 1000:.0f} s."
        if self.pointing:
            picked = " ".join(card_text(CODES[c]) for c in self.pointed) or "none yet"
            return ("[bold yellow]You hold the Pigasus![/] Type the letters of two cards "
                    f"(0 or Esc: no pair). Pointing at: {escape(picked)}")
        if state.phase == "held":
            names = ", ".join(self.name(h.seat) for h in state.holders)
            return f"[bold red]The Pigasus is held by {escape(names)}[/]"
        unit = self.state.team_of[self.human]
        if unit not in state.contenders:
            return "The tie-break is for the tied players; you watch."
        if unit in state.benched:
            return ("You grabbed wrongly with no cards to give back: no grabbing until "
                    "someone takes a pair.")
        return "The Pigasus is in the middle: press [bold]SPACE[/] to grab it."


# --------------------------------------------------------------------------------------
# The real-time loop
# --------------------------------------------------------------------------------------

def run_loop(game: TerminalPigasus, clock: Callable[[], int],
             read_keys: Callable[[float], str | None], draw: Callable[[str], None],
             refresh_s: float = 0.2) -> None:
    """Play until the game ends or the person quits.

    ``clock()`` gives the time in ms; ``read_keys(timeout_s)`` waits up to ``timeout_s``
    for input and returns every key pending (None on timeout), so keys typed together
    all count; ``draw(markup)`` shows a screen.
    """
    while not game.quit:
        now = clock()
        game.advance(now)
        draw(game.render(now))
        if game.finished:
            break
        wake = game.next_wakeup()
        timeout = refresh_s if wake is None else min(refresh_s, max(0.0, (wake - now) / 1000))
        keys = read_keys(timeout)
        if keys:
            game.press_keys(keys, clock())


def run_terminal(game: TerminalPigasus, console: Console,
                 get_ready_ms: int = 3000) -> None:  # pragma: no cover - needs a tty
    """Run :func:`run_loop` on the real terminal (keys in cbreak mode, monotonic clock).

    The clock starts at ``-get_ready_ms`` so that the screen counts down before the game
    time 0 from which the first card is dealt.
    """
    import select
    import termios
    import tty

    from rich.live import Live
    from rich.text import Text

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    start = time.monotonic() + get_ready_ms / 1000

    def clock() -> int:
        return int((time.monotonic() - start) * 1000)

    def read_keys(timeout: float) -> str | None:
        try:
            ready, _, _ = select.select([fd], [], [], timeout)
            if not ready:
                return None
            return os.read(fd, 1024).decode("utf-8", errors="replace")
        except KeyboardInterrupt:  # Ctrl-C: ask, like Esc
            return CTRL_C

    try:
        tty.setcbreak(fd)
        with Live(console=console, screen=True, auto_refresh=False) as live:
            def draw(markup: str) -> None:
                live.update(Text.from_markup(markup), refresh=True)
            run_loop(game, clock, read_keys, draw)
            if game.finished and not game.quit:
                draw(game.render(clock()))
                try:
                    os.read(fd, 1024)
                except KeyboardInterrupt:
                    pass
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
    console.print(Text.from_markup(game.render(clock())))


# --------------------------------------------------------------------------------------
# The command
# --------------------------------------------------------------------------------------

app = typer.Typer(add_completion=False, help="Play Pigasus in real time in the terminal.",
                  context_settings=HELP_SETTINGS)


@app.command()
def play(
    players: int = typer.Option(3, "--players", "-p", help="players including you"),
    bots: str = typer.Option(DEFAULT, "--bots", "-b",
                             help=f"bot levels, comma-separated, repeated to fill the seats. "
                                  f"Levels: {levels_help('pigasus')}"),
    pace: int = typer.Option(1500, min=MIN_PACE_MS, max=MAX_PACE_MS,
                             help="ms between two revealed cards"),
    ruleset: str = typer.Option("pigasus", help="pigasus or pigasus-teams"),
    seed: Optional[int] = typer.Option(None, help="seed for the shuffle (default: random)"),
    option: Optional[list[str]] = typer.Option(
        None, "--option", "-o", help="ruleset option name=value, e.g. window_ms=100"),
    record_dir: Path = typer.Option(RECORD_DIR, help=RECORD_DIR_HELP),
    no_record: bool = typer.Option(False, "--no-record", help=NO_RECORD_HELP),
) -> None:
    """Play Pigasus in real time against bots in this terminal.

    Each card shows its head above its body; spot two cards with swapped bodies and heads
    and press SPACE to grab. Then type the two cards' letters (0 or Esc: no pair).

    Keys + and - change the pace; Esc or Ctrl-C asks whether to quit.
    """
    console = Console()
    levels = [name.strip() for name in bots.split(",") if name.strip()]
    if not levels or any(name not in LEVELS for name in levels):
        raise typer.BadParameter(f"bot levels are {', '.join(LEVELS)}", param_hint="--bots")
    options = parse_options(option)
    chosen_seed = seed if seed is not None else secrets.randbelow(10**6)
    try:
        state = get("pigasus", ruleset).new_state(players, chosen_seed, options)
    except SaustallError as exc:
        raise typer.BadParameter(str(exc)) from None
    assert isinstance(state, PigasusState)
    if not sys.stdin.isatty():
        console.print("[bold red]error:[/] Pigasus is played live: run it in a terminal.")
        raise typer.Exit(2)
    game = TerminalPigasus(state, 0, levels, pace, chosen_seed)
    console.print(escape(game.bots_line()), highlight=False)
    try:
        run_terminal(game, console)
    finally:
        save_game(game, None if no_record else record_dir, console)


def save_game(game: TerminalPigasus, record_dir: Path | None, console: Console) -> Path | None:
    """Save the game's record in ``record_dir`` (finished or not) and say where."""
    if record_dir is None:
        return None
    meta = {"client": "terminal", "human": game.human, "finished": game.finished,
            "bots": {str(seat): level for seat, level in game.levels.items()}}
    path = save_record(game.state, record_dir,
                       f"pigasus-{game.state.game.ruleset.name}-{game.seed}", meta)
    where = markup_safe(path)
    console.print(f"Record saved to [bold]{where}[/] (saustall replay {where})",
                  highlight=False, soft_wrap=True)
    return path


def draw_position(view: View, console: Console) -> None:
    """The scores and the table as a spectator sees them, for ``saustall replay``."""
    teams = view["teams"]
    scores = view["scores"]
    if teams:
        names = [f"Team {u + 1} (players {', '.join(str(p + 1) for p in members)})"
                 for u, members in enumerate(teams)]
    else:
        names = [f"Player {p + 1}" for p in range(view["players"])]
    console.print("Cards collected: " + "   ".join(
        f"{name} [bold]{score}[/]" for name, score in zip(names, scores)))
    cards = [(entry["slot"], card_from_code(entry["card"])) for entry in view["table"]]
    console.print(f"On the table ({len(cards)}), deck {view['deck_count']}, returned to the "
                  f"box {view['box_count']}:")
    for line in table_lines(cards):
        console.print(line, highlight=False)


def run_cli(game: str, args: list[str]) -> None:
    """Entry point used by ``saustall play pigasus``; errors end in :class:`typer.Exit`."""
    try:
        app(args, prog_name=f"saustall play {game}", standalone_mode=True)
    except SystemExit as exc:
        if exc.code not in (0, None):
            raise typer.Exit(exc.code if isinstance(exc.code, int) else 2) from None
