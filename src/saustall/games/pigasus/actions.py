"""Pigasus actions and their notation (the engine's metadata section).

Actions are :class:`PigasusAction` named tuples ``(player, time, kind, cards)``
(``cards`` holds the card or the two cards, ascending, of a ``point``, or nothing):

| action | notation | who | effect |
| --- | --- | --- | --- |
| reveal the top card | ``p0@16000 reveal`` | the dealer (in teams: anyone in the dealer's team) | one more card face up on the table |
| grab the Pigasus | ``p2@15300 grab`` | anyone (in a tie-break: the tied players) | seize it; later grabs within the window hold it equally |
| point at a table card | ``p2@15420 point PC`` | a player holding the Pigasus | one finger on one card; the second card completes the claim |
| point at two table cards | ``p2@15420 point PC,CP`` | a player holding the Pigasus, before pointing at any card | both fingers at once: the claim is complete |
| give up pointing | ``p2@15420 point none`` | a player holding the Pigasus | no pair claimed: a wrong grab |
| let due time pass | ``p1@17000 tick`` | anyone, at exactly :meth:`PigasusState.next_due` | the timed change due then |

``p2`` is seat 2 (0-based); ``@15300`` the time in ms; card codes are two letters, body
then head (see :mod:`saustall.games.pigasus.cards`). A holder points at two cards one
after the other (``point PC`` then ``point CP``), as a finger goes from card to card, or
at both at once (``point PC,CP``, as a web client sends it).

Notation is stable and pure, so :func:`decode_action` remembers what it has read:
replaying a record reads the same few texts again and again.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from saustall.core.errors import MalformedActionError
from saustall.core.game import Action
from saustall.games.pigasus.cards import CODES, NUM_CARDS, card_from_code, card_name

REVEAL: Final = "reveal"
GRAB: Final = "grab"
POINT: Final = "point"
TICK: Final = "tick"
KINDS: Final = (REVEAL, GRAB, POINT, TICK)
_KINDS_BY_NAME: Final = {kind: kind for kind in KINDS}


class PigasusAction(NamedTuple):
    """One timed action: who, when (ms), what, and for ``point`` the cards.

    ``cards`` is empty except for ``point``: the one card pointed at, two cards in
    ascending order (both at once), or empty for "point none" (giving up: no pair).
    """

    player: int
    time: int
    kind: str
    cards: tuple[int, ...] = ()


def reveal(player: int, time: int) -> PigasusAction:
    """The dealer ``player`` reveals the top card at ``time``."""
    return PigasusAction(player, time, REVEAL)


def grab(player: int, time: int) -> PigasusAction:
    """``player`` grabs the Pigasus at ``time``."""
    return PigasusAction(player, time, GRAB)


def point(player: int, time: int, a: int | None = None, b: int | None = None) -> PigasusAction:
    """``player`` points at card ``a`` (and ``b`` too), or with neither gives up."""
    if a is None:
        if b is not None:
            raise MalformedActionError("name the first card before the second")
        return PigasusAction(player, time, POINT, ())
    if b is None:
        return PigasusAction(player, time, POINT, (a,))
    if a == b:
        raise MalformedActionError("point at two different cards")
    return PigasusAction(player, time, POINT, (min(a, b), max(a, b)))


def tick(player: int, time: int) -> PigasusAction:
    """``player`` notes that it is ``time`` (lets due transitions happen)."""
    return PigasusAction(player, time, TICK)


MAX_SEATS: Final = 100
"""Seats the notation can name (``p0``-``p99``); a table's own count is checked on apply."""
MAX_TIME: Final = 10 ** 12
"""Times the notation can hold (up to twelve digits of ms)."""


def _shown(value: object) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 60 else text[:57] + '...'}"


def check_action(action: object) -> PigasusAction:
    """Return ``action`` if it has the form of a Pigasus action, else raise
    :class:`MalformedActionError` naming the wrong part.

    Every field must have its exact type: ``player`` and ``time`` ints (not bools, not
    floats), ``kind`` one of the kinds, ``cards`` a tuple of card numbers. Whether the seat
    exists at a given table is checked by the state.
    """
    if not isinstance(action, PigasusAction):
        raise MalformedActionError(
            f"a Pigasus action is a PigasusAction (player, time, kind, cards), "
            f"got {_shown(action)}")
    # Read as plain objects: compiled code would refuse a float in an int field with a
    # bare TypeError (and take a bool for an int) before these checks could say so.
    fields: tuple[object, ...] = tuple(action)
    player, time, kind, cards = fields
    if type(player) is not int or not 0 <= player < MAX_SEATS:
        raise MalformedActionError(
            f"an action's player must be an int seat, got {_shown(player)}")
    if type(time) is not int or not 0 <= time < MAX_TIME:
        raise MalformedActionError(
            f"an action time is a whole number of ms, got {_shown(time)}")
    if type(kind) is not str or kind not in KINDS:
        raise MalformedActionError(
            f"no Pigasus action kind {kind!r}; kinds: {', '.join(KINDS)}")
    if type(cards) is not tuple:
        raise MalformedActionError(f"an action's cards are a tuple, got {_shown(cards)}")
    if kind == POINT:
        if not (len(cards) <= 2
                and all(type(c) is int and 0 <= c < NUM_CARDS for c in cards)
                and (len(cards) < 2 or cards[0] < cards[1])):
            raise MalformedActionError(
                "point at one card, two different cards in ascending order, or none")
    elif cards:
        raise MalformedActionError(f"{kind} takes no cards")
    return action


def encode_action(action: Action) -> str:
    """The notation of an action (see the module docstring)."""
    action = check_action(action)
    head = f"p{action.player}@{action.time} {action.kind}"
    if action.kind != POINT:
        return head
    if not action.cards:
        return head + " none"
    return head + " " + ",".join(CODES[c] for c in action.cards)


_NOTATION: Final = re.compile(
    r"^p(\d{1,2})@(\d{1,12})\s+(reveal|grab|tick|point)"
    r"(?:\s+(none|[A-Za-z]{2}(?:\s*,\s*[A-Za-z]{2})?))?$")


_DECODED: Final[dict[str, PigasusAction]] = {}
"""Texts read so far and their actions (only well-formed ones; errors are raised anew)."""
_DECODED_MAX: Final = 200_000
"""Forget everything read once this many texts are remembered (a long-running server)."""


def decode_action(text: str) -> PigasusAction:
    """Parse notation; raises :class:`MalformedActionError` naming what is wrong."""
    found = _DECODED.get(text) if type(text) is str else None
    if found is None:
        found = _decode(text)
        if len(_DECODED) >= _DECODED_MAX:
            _DECODED.clear()
        _DECODED[text] = found
    return found


def _decode(text: str) -> PigasusAction:
    if not isinstance(text, str):
        raise MalformedActionError(f"an action must be text, not {text!r}")
    found = _NOTATION.match(text.strip())
    if found is None:
        raise MalformedActionError(
            f"cannot read Pigasus action {text!r}; try 'p0@1200 reveal', 'p2@1500 grab', "
            "'p2@1700 point PC', 'p2@1700 point PC,CP', 'p2@1700 point none' or "
            "'p1@2000 tick'")
    seat, time, kind, target = int(found[1]), int(found[2]), _KINDS_BY_NAME[found[3]], found[4]
    if kind != POINT:
        if target is not None:
            raise MalformedActionError(f"{kind} takes no cards: {text!r}")
        return PigasusAction(seat, time, kind)
    if target is None:
        raise MalformedActionError(f"point needs a card or 'none': {text!r}")
    if target == "none":
        return PigasusAction(seat, time, POINT, ())
    codes = [code.strip() for code in target.split(",")]
    try:
        cards = [card_from_code(code) for code in codes]
    except KeyError:
        raise MalformedActionError(
            f"no such card in {text!r}: a card is two different animal letters of "
            "P, C, G, E, H, S, D, R, O (body then head)") from None
    if len(cards) == 2 and cards[0] == cards[1]:
        raise MalformedActionError(f"point at two different cards, not {codes[0]} twice")
    return PigasusAction(seat, time, POINT, tuple(sorted(cards)))


def describe(action: PigasusAction) -> str:
    """A short English sentence for an action."""
    who = f"Player {action.player + 1}"
    if action.kind == REVEAL:
        return f"{who} reveals a card"
    if action.kind == GRAB:
        return f"{who} grabs the Pigasus"
    if action.kind == TICK:
        return f"{who} lets the due time pass ({action.time} ms)"
    if not action.cards:
        return f"{who} gives up: no pair"
    return f"{who} points at " + " and ".join(
        f"{CODES[card]} ({card_name(card)})" for card in action.cards)
