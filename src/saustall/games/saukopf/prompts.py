"""Reading a Saukopf player's move at the terminal: bids, declarations, other moves.

Each phase asks in its own words, so a number never means two things:

* bidding: a number 61-120 is a bid, ``s`` Schwarz, ``p`` a pass (no menu numbers);
* declaring: two short steps, the game and then the suit or card it needs (and whether it
  is am Spieß), then a confirmation, since a declared game cannot be taken back;
* every other phase: the number of a move from the list shown, or its notation.

Bad input is answered with what was wrong and the question is asked again; nothing
changes until a legal move is chosen. :class:`MoveReader` does the asking with injected
input and output functions, so tests drive it with scripts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from rich.markup import escape

from saustall.cli.common import whole_number
from saustall.core.errors import SaustallError
from saustall.games.saukopf.actions import (
    LOWEST_BID, PASS, bid_action, bid_of, card_of, declaration_of, declare_action,
    decode_action, describe, is_bid, is_card, is_declare, parse_declaration,
)
from saustall.games.saukopf.cards import (
    CARD_BY_TEXT, CARD_TEXT, GAME_KINDS, SCHWARZ, SUIT_NAMES, SUIT_TITLES, Declaration,
    GameKind, bid_text, parse_card,
)
from saustall.games.saukopf.game import SaukopfState
from saustall.games.saukopf.rules_text import GAME_HELP

QUIT_WORDS = frozenset({"q", "quit", "exit"})
HELP_WORDS = frozenset({"?", "help"})
"""No ``h``: it is the Herz letter when choosing a suit."""
PASS_WORDS = frozenset({"p", "pass", "quiek", "quieken"})
SCHWARZ_WORDS = frozenset({"s", "schwarz"})
BACK_WORDS = frozenset({"b", "back"})
YES_WORDS = frozenset({"y", "yes", "j", "ja"})
NO_WORDS = frozenset({"n", "no", "nein"})


class QuitGame(Exception):
    """The player asked to stop (or input ended)."""


class PromptError(ValueError):
    """An answer that is not what the question asks for; the message says what is."""


def number_ranges(numbers: Sequence[int]) -> str:
    """``[61, 91, 92, 93]`` -> ``"61 or 91-93"``."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    parts = [str(a) if a == b else f"{a}-{b}" for a, b in runs]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


def bid_prompt(legal: Sequence[Any]) -> str:
    """The bidding question for these legal actions."""
    bids = [bid_of(a) for a in legal if is_bid(a)]
    numbers = [b for b in bids if b != SCHWARZ]
    if not bids:
        return "You have bid twice: p to pass"
    parts = [f"a number {number_ranges(numbers)}"] if numbers else []
    if SCHWARZ in bids:
        parts.append("s for Schwarz")
    parts.append("p to pass")
    return "Your bid: " + ", ".join(parts)


def parse_bid(text: str) -> int:
    """An answer in the bidding as an action: a bid 61-120, Schwarz or a pass.

    Raises :class:`PromptError` for anything else (``60`` is no bid, not a move number).
    """
    low = " ".join(text.lower().split())
    if low.startswith("bid "):
        low = low[4:]
    if low in PASS_WORDS:
        return PASS
    if low in SCHWARZ_WORDS:
        return bid_action(SCHWARZ)
    bid = whole_number(low)
    if bid is not None:
        if LOWEST_BID <= bid < SCHWARZ:
            return bid_action(bid)
        raise PromptError(f"{bid} is not a bid: bids are card points from 61 to 120")
    raise PromptError(f"{text.strip()!r} is not a bid")


@dataclass(frozen=True)
class GameChoice:
    """One game the declarer may choose, with the declarations it allows."""

    kind: GameKind
    declarations: tuple[Declaration, ...]

    @property
    def params(self) -> list[int]:
        """The suits or cards this game may name (in order, once each)."""
        return sorted({d.param for d in self.declarations})


def game_choices(legal: Sequence[Any]) -> list[GameChoice]:
    """The games among the legal declare actions, in the rules' order."""
    by_kind: dict[int, list[Declaration]] = {}
    for action in legal:
        if is_declare(action):
            decl = declaration_of(action)
            by_kind.setdefault(decl.kind, []).append(decl)
    return [GameChoice(GAME_KINDS[k], tuple(by_kind[k])) for k in sorted(by_kind)]


def pick_game(text: str, choices: Sequence[GameChoice]) -> GameChoice:
    """A game by its number in ``choices`` or by (the start of) its name."""
    low = text.strip().lower()
    number = whole_number(low)
    if number is not None:
        if 1 <= number <= len(choices):
            return choices[number - 1]
        raise PromptError(f"there is no game {number}: choose 1 to {len(choices)}")
    found = [c for c in choices
             if low in (c.kind.name, c.kind.title.lower()) or c.kind.name.startswith(low)]
    if len(found) == 1:
        return found[0]
    names = ", ".join(c.kind.name for c in choices)
    if len(found) > 1:
        raise PromptError(f"{text.strip()!r} could be {', '.join(c.kind.name for c in found)}")
    raise PromptError(f"{text.strip()!r} is not a game you may declare now; yours: {names}")


def pick_suit(text: str, suits: Sequence[int]) -> int:
    """A suit by its number in ``suits``, its name or its letter (E, G, H, S)."""
    low = text.strip().lower()
    number = whole_number(low)
    if number is not None:
        if 1 <= number <= len(suits):
            return suits[number - 1]
        raise PromptError(f"there is no choice {number}: choose 1 to {len(suits)}")
    for suit in suits:
        if low in (SUIT_NAMES[suit], SUIT_NAMES[suit][0]):
            return suit
    allowed = ", ".join(SUIT_TITLES[s] for s in suits)
    raise PromptError(f"{text.strip()!r} is not one of the suits you may choose: {allowed}")


class MoveReader:
    """Asks one human seat for a legal move, phase by phase.

    ``ask(prompt)`` reads a line (raising :class:`QuitGame` when input ends); ``say``
    prints rich markup; ``show_help(topic)`` answers ``?`` and ``? games``.
    """

    def __init__(self, state: SaukopfState, seat: int, ask: Callable[[str], str],
                 say: Callable[[str], None], show_help: Callable[[str | None], None]) -> None:
        self.state = state
        self.seat = seat
        self._ask = ask
        self.say = say
        self.show_help = show_help

    def line(self, prompt: str, hint: str) -> str | None:
        """One answer, stripped; None after help or an empty line (``hint`` is shown)."""
        answer = self._ask(prompt).strip()
        low = answer.lower()
        if low in QUIT_WORDS:
            raise QuitGame()
        words = low.split()
        if words and words[0] in HELP_WORDS:
            self.show_help(words[1] if len(words) > 1 else None)
            return None
        if not answer:
            self.say(f"[yellow]{hint}[/]")
            return None
        return answer

    def error(self, message: object) -> None:
        """Tell the player what was wrong with an answer (as a sentence)."""
        text = str(message)
        self.say(f"[red]{escape(text[:1].upper() + text[1:])}[/]")

    def not_allowed(self, action: Any) -> None:
        """Say which rule an illegal action breaks."""
        self.error(f"Not allowed: {self.state.explain_illegal(action, self.seat)}")

    # -- the phases ----------------------------------------------------------------------
    def read(self) -> Any:
        """The player's move for the current phase."""
        legal = self.state.legal_actions(self.seat)
        phase = self.state.phase
        if phase == "bidding":
            return self.read_bid(legal)
        if phase == "declaring":
            return self.read_declaration(legal)
        return self.read_menu(legal)

    def read_bid(self, legal: list[Any]) -> Any:
        """A bid, Schwarz or a pass; numbers are always bids here."""
        question = bid_prompt(legal)
        while True:
            answer = self.line(f"{question} (? help, q quit): ", question + ".")
            if answer is None:
                continue
            try:
                action = parse_bid(answer)
            except PromptError as exc:
                self.error(f"{exc}. {question}.")
                continue
            if action in legal:
                return action
            self.not_allowed(action)

    def read_declaration(self, legal: list[Any]) -> Any:
        """Game, then suit or card, then Spieß, then a confirmation."""
        choices = game_choices(legal)
        while True:
            decl = self._choose_declaration(choices, legal)
            if decl is None:
                continue
            action = declare_action(decl)
            if action not in legal:
                self.not_allowed(action)
                continue
            if self._confirm(decl):
                return action

    def _choose_declaration(self, choices: list[GameChoice],
                            legal: list[Any]) -> Declaration | None:
        state = self.state
        won = ("win with at least" if state.stage == "trog"
               else "win if the opponents take at least")
        self.say(f"You declare the game for your bid of {bid_text(state.bid)} "
                 f"({state.stage.title()}: you {won} {bid_text(state.bid)} card points).")
        for number, choice in enumerate(choices, 1):
            self.say(f"  {number}) {choice.kind.title:<17} {GAME_HELP[choice.kind.name]}")
        hint = f"Type the number of a game (1-{len(choices)}) or its name."
        answer = self.line(f"Your game (1-{len(choices)} or its name, ? games, q quit): ", hint)
        if answer is None:
            return None
        low = " ".join(answer.lower().split())
        try:
            choice = pick_game(low, choices)
        except PromptError as exc:
            if len(low.split()) == 1:
                self.error(exc)
                return None
            try:  # the whole declaration at once, e.g. "keiler herz spiess"
                return parse_declaration(low.removeprefix("declare "))
            except SaustallError as whole:
                self.error(whole)
                return None
        param = self._choose_param(choice)
        if param is None:
            return None
        spiess = self._choose_spiess(choice)
        if spiess is None:
            return None
        return Declaration(choice.kind.code, param, spiess)

    def _choose_param(self, choice: GameChoice) -> int | None:
        kind = choice.kind
        if kind.param not in ("call", "suit", "card"):
            return -1
        while True:
            if kind.param == "card":
                question = f"{kind.title}: which card is the only trump? A card like EO or H10"
                answer = self.line(f"{question} (b back): ", question + ".")
            else:
                suits = choice.params
                what = ("whose Sau do you call?" if kind.param == "call"
                        else "which suit is trump?")
                options = "  ".join(f"{i}) {SUIT_TITLES[s]}" for i, s in enumerate(suits, 1))
                question = f"{kind.title}: {what} {options}"
                answer = self.line(f"{question} (number, name or letter; b back): ",
                                   f"Type 1-{len(suits)} or the suit's name.")
            if answer is None:
                continue
            if answer.lower() in BACK_WORDS:
                return None
            try:
                if kind.param == "card":
                    param = parse_card(answer)
                    if param not in choice.params:
                        raise PromptError(f"{CARD_TEXT[param]} is laid aside: name a card "
                                          "in play")
                    return param
                return pick_suit(answer, choice.params)
            except (PromptError, SaustallError) as exc:
                self.error(exc)

    def _choose_spiess(self, choice: GameChoice) -> bool | None:
        if not any(d.spiess for d in choice.declarations):
            return False
        while True:
            answer = self.line(f"{choice.kind.title} am Spieß (every order reversed)? "
                               "y or n (b back): ", "Type y for am Spieß, n for the usual "
                               "order.")
            if answer is None:
                continue
            low = answer.lower()
            if low in BACK_WORDS:
                return None
            if low in YES_WORDS:
                return True
            if low in NO_WORDS:
                return False
            self.error(f"{answer!r}: type y (am Spieß), n (not) or b (back)")

    def _confirm(self, decl: Declaration) -> bool:
        while True:
            answer = self.line(f"Declare {decl.title()} for {bid_text(self.state.bid)}? It "
                               "cannot be taken back. y to declare, n to choose again: ",
                               "Type y to declare, n to choose again.")
            if answer is None:
                continue
            low = answer.lower()
            if low in YES_WORDS:
                return True
            if low in NO_WORDS | BACK_WORDS:
                return False
            self.error(f"{answer!r}: type y to declare or n to choose again")

    def read_menu(self, legal: list[Any]) -> Any:
        """A move by its number in the list shown, or by its notation (a card: EO)."""
        giving = self.state.phase == "giving"
        hint = f"Type the number of a move (1-{len(legal)}), or a card like EO."
        while True:
            answer = self.line(f"Your move (1-{len(legal)}, ? help, q quit): ", hint)
            if answer is None:
                continue
            number = whole_number(answer)
            if number is not None:
                if 1 <= number <= len(legal):
                    return legal[number - 1]
                self.error(f"There is no move {number}: choose 1 to {len(legal)}.")
                continue
            text = answer
            if answer.upper() in CARD_BY_TEXT:
                text = ("give " if giving else "card ") + answer.upper()
            elif answer.lower() in ("p", "pass"):
                text = "pass"
            try:
                action = decode_action(text)
            except SaustallError:
                self.error(f"{answer!r} is not a move: type a number from 1 to {len(legal)}, "
                           "a card like EO, ? for help or q to stop.")
                continue
            if action in legal:
                return action
            self.not_allowed(action)


def move_lines(legal: Sequence[Any], phase: str) -> list[str]:
    """What the player may do now, as lines to show (numbered where numbers are typed)."""
    if phase == "bidding":
        return [bid_prompt(legal) + "."]
    if phase == "declaring":
        return []  # the declaring steps list the games themselves
    if legal and all(is_card(a) for a in legal):
        return ["Cards you may play: " + "  ".join(
            f"{i}) {CARD_TEXT[card_of(a)]}" for i, a in enumerate(legal, 1))]
    return [f"  {i}) {describe(a)}" for i, a in enumerate(legal, 1)]
