"""Drecksau actions: the action codes, their notation and their English description.

Section 1 (metadata) of the engine in :mod:`saustall.games.drecksau.state`.

Actions are ints:

| action | value | notation |
| --- | --- | --- |
| play card ``c`` on pig ``i`` of player ``t`` | ``c*64 + t*8 + i`` | ``play mud 0.2`` |
| play a card without a target (rain, lucky bird) | ``c*64`` | ``play rain`` |
| discard / exchange a multiset of cards | ``1000 + code`` | ``discard mud,rain`` |
| show a hand with nothing usable and redraw | ``900`` | ``show`` |
| nothing in hand and nothing to draw | ``901`` | ``pass`` |
| end a Lucky Bird turn, discarding the rest | ``902`` | ``done`` |

A discard's ``code`` is a base-11 number, a digit ``kind + 1`` per card. The codec section
below is the only place that knows this layout: everything else builds codes with
:func:`play_action` and :func:`discard_action` and reads them with :func:`played_card`,
:func:`play_target`, :func:`play_pig` and :func:`discarded_cards`. Its limits (10 card
kinds, 8 seats, 8 pigs a seat, 4 cards a discard) are checked on import against every
edition (:func:`check_codec_limits`).

A pig is a bit set: ``DIRTY``, ``BARN``, ``DOOR``, ``ROD``, ``PRETTY``.
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import Final

from saustall.core.errors import CodecLimitError, MalformedActionError
from saustall.core.game import Action, check_action_code
from saustall.games.drecksau.rulesets import (
    ALL_RULESETS, BARN, CARD_BY_NAME, CARD_KINDS, DOOR, ESCAPE, FARMER, LIGHTNING, MUD, PRETTY,
    ROD,
)
from saustall.games.drecksau.targets import DIRTY, HAS_DOOR, HAS_ROD, IN_BARN, IS_PRETTY

# --------------------------------------------------------------------------------------
# The codec: the layout of every action code, in one place (bots, the RL environments, the
# batched simulator and the clients build and read codes through these names only)
# --------------------------------------------------------------------------------------
SHOW: Final = 900
PASS: Final = 901
DONE: Final = 902
DISCARD_BASE: Final = 1000
CARD_SHIFT: Final = 6
"""A play's card kind sits above this many bits (``card * 64``)."""
TARGET_SHIFT: Final = 3
"""A play's target seat sits above this many bits, below the card (``seat * 8``)."""
FIELD_MASK: Final = 7
"""The target seat's and the pig's fields are three bits each."""
FIELD_VALUES: Final = FIELD_MASK + 1
"""Seats a play can name, and pigs per seat: 8."""
DISCARD_RADIX: Final = 11
"""A discard code is a base-11 number with a digit per card, 0 for none, ``kind + 1``
for a card; so it names at most 10 card kinds (the codes are stored in records)."""
TARGETED: Final = frozenset({MUD, BARN, FARMER, DOOR, LIGHTNING, ROD, PRETTY, ESCAPE})
"""The card kinds played on a pig (their action codes name a player and a pig)."""
MAX_DISCARD: Final = 4
"""The most cards one exchange throws away (a hand of four)."""
ACTION_CODES: Final = range(0, DISCARD_BASE + DISCARD_RADIX ** MAX_DISCARD)
"""Every action code lies here (discard codes are base-11 digits, one per card)."""
_KIND_COUNT: Final = len(CARD_KINDS)


def check_codec_limits(card_kinds: int, most_players: int, most_pigs: int,
                       largest_hand: int) -> None:
    """Raise :class:`CodecLimitError` when the game has outgrown its action codes: more
    card kinds than a discard digit or the plays below :data:`SHOW` can name, more seats
    or pigs than a play's three-bit fields hold, or a hand larger than a discard takes.
    Run on import with the game's own figures, so an edition that breaks a limit cannot
    play at all (instead of decoding wrong codes silently)."""
    if card_kinds > DISCARD_RADIX - 1:
        raise CodecLimitError(
            f"Drecksau's discard codes name at most {DISCARD_RADIX - 1} card kinds (a base-"
            f"{DISCARD_RADIX} digit per card); {card_kinds} are defined")
    if card_kinds << CARD_SHIFT > SHOW:
        raise CodecLimitError(f"Drecksau's play codes of {card_kinds} card kinds would reach "
                              f"the code of 'show' ({SHOW})")
    if most_players > FIELD_VALUES:
        raise CodecLimitError(f"Drecksau's play codes name at most {FIELD_VALUES} seats; an "
                              f"edition seats {most_players}")
    if most_pigs > FIELD_VALUES:
        raise CodecLimitError(f"Drecksau's play codes name at most {FIELD_VALUES} pigs a "
                              f"seat; an edition gives {most_pigs}")
    if largest_hand > MAX_DISCARD:
        raise CodecLimitError(f"Drecksau's discard codes hold at most {MAX_DISCARD} cards; "
                              f"an edition deals {largest_hand}")


LARGEST_HAND: Final = max([3, *(size for r in ALL_RULESETS for option in r.options
                                 if option.name == "hand_size"
                                 for size in (option.choices or (option.default,)))])
"""The most cards a hand holds in any edition (3 unless ``hand_size`` says more)."""
MOST_PIGS: Final = max(max([r.params["default_pigs"], *r.params["pigs_per_player"].values()])
                       for r in ALL_RULESETS)
"""The most pigs one player has in any edition."""
check_codec_limits(_KIND_COUNT, max(r.max_players for r in ALL_RULESETS), MOST_PIGS,
                   LARGEST_HAND)


def play_action(card: int, target_player: int = 0, pig: int = 0) -> int:
    """The action code for playing ``card`` (on ``pig`` of ``target_player``)."""
    return (card << CARD_SHIFT) | (target_player << TARGET_SHIFT) | pig


def is_play(action: int) -> bool:
    """True for the code of a play (a card, with or without a target)."""
    return 0 <= action < SHOW


def is_discard(action: int) -> bool:
    """True for the code of a discard or an exchange."""
    return action >= DISCARD_BASE


def played_card(action: int) -> int:
    """The card kind of a play code."""
    return action >> CARD_SHIFT


def play_target(action: int) -> int:
    """The seat whose pig a play code targets (0 for a card without a target)."""
    return (action >> TARGET_SHIFT) & FIELD_MASK


def play_pig(action: int) -> int:
    """The pig (of :func:`play_target`'s seat) a play code targets."""
    return action & FIELD_MASK


def discard_action(cards: tuple[int, ...] | list[int]) -> int:
    """The action code for discarding a multiset of card kinds; raises
    :class:`MalformedActionError` for no card kind or more cards than a discard holds."""
    if len(cards) > MAX_DISCARD:
        raise MalformedActionError(f"a discard holds at most {MAX_DISCARD} cards, not "
                                   f"{len(cards)}")
    code = 0
    for card in sorted(cards, reverse=True):
        if not 0 <= card < _KIND_COUNT:
            raise MalformedActionError(f"no card kind {card} (Drecksau has {_KIND_COUNT})")
        code = code * DISCARD_RADIX + card + 1
    return DISCARD_BASE + code


_DISCARDED: Final[dict[int, tuple[int, ...]]] = {}


def discarded_cards(action: int) -> tuple[int, ...]:
    """The card kinds a discard action throws away, sorted (memoized: a hot path)."""
    found = _DISCARDED.get(action)
    if found is None:
        code, cards = action - DISCARD_BASE, []
        while code:
            code, digit = divmod(code, DISCARD_RADIX)
            cards.append(digit - 1)
        found = _DISCARDED[action] = tuple(cards)
    return found


PLAY_CODES: Final = tuple(
    tuple(tuple(tuple(play_action(card, owner, i) for i in range(MOST_PIGS) if mask >> i & 1)
                for mask in range(1 << MOST_PIGS))
          for owner in range(FIELD_VALUES))
    for card in range(_KIND_COUNT))
"""``PLAY_CODES[card][owner][mask]``: the plays of ``card`` on ``owner``'s pigs whose
bits are set in ``mask``, in pig order."""


def check_action(action: object) -> int:
    """Return ``action`` if it is a Drecksau action code, else raise
    :class:`MalformedActionError` naming what is wrong (type, range or an unused code)."""
    code = check_action_code(action, ACTION_CODES, "Drecksau")
    if is_play(code):
        if played_card(code) >= _KIND_COUNT:
            raise MalformedActionError(f"{code} is not a Drecksau action code: no card kind "
                                       f"{played_card(code)}")
    elif is_discard(code):
        cards = discarded_cards(code)
        if (not cards or any(not 0 <= c < _KIND_COUNT for c in cards)
                or discard_action(cards) != code):
            raise MalformedActionError(
                f"{code} is not a Drecksau action code: no discard of 1-{MAX_DISCARD} cards")
    elif code > DONE:
        raise MalformedActionError(f"{code} is not a Drecksau action code")
    return code


_NOTATION: Final[dict[int, str]] = {}
"""Notation of the action codes met so far (notation is pure and stable)."""
_CODES: Final[dict[str, int]] = {}
"""Action codes of notation read so far, keyed by its canonical spelling only (so that
odd spellings sent by clients cannot make the table grow without bound)."""


def encode_action(action: int) -> str:
    """The notation of an action code (see the module docstring)."""
    if action == SHOW:
        return "show"
    if action == PASS:
        return "pass"
    if action == DONE:
        return "done"
    if is_discard(action):
        return "discard " + ",".join(CARD_KINDS[c] for c in discarded_cards(action))
    card = played_card(action)
    if card in TARGETED:
        return f"play {CARD_KINDS[card]} {play_target(action)}.{play_pig(action)}"
    return f"play {CARD_KINDS[card]}"


def notation(action: object) -> str:
    """:func:`encode_action` of any object, checked first (memoized: records and views
    encode every action)."""
    if type(action) is int:  # not a bool: True would find 1's notation
        text = _NOTATION.get(action)
        if text is not None:
            return text
    code = check_action(action)
    text = _NOTATION[code] = encode_action(code)
    return text


def decode_action(text: str) -> int:
    """Parse notation into an action code; raises :class:`MalformedActionError`."""
    if type(text) is str:
        code = _CODES.get(text)
        if code is not None:
            return code
    code = _parse_action(text)
    if encode_action(code) == text:
        _CODES[text] = code
    return code


_TARGET: Final = re.compile(r"([0-9]{1,3})\.([0-9]{1,3})")
"""A target's text, ``player.pig``. ASCII digits only, and few of them: ``str.isdigit``
also takes digits such as ``²`` that ``int`` refuses, and ``int`` refuses (or is slow on)
thousands of digits, so a crafted record would end in a ``ValueError``; three digits
still read a zero-padded ``00.01`` as before."""


def _parse_action(text: str) -> int:
    """:func:`decode_action` without the memo."""
    if not isinstance(text, str):
        raise MalformedActionError(f"an action must be text, not {text!r}")
    words = text.strip().lower().split()
    if words in (["show"], ["pass"], ["done"]):
        return {"show": SHOW, "pass": PASS, "done": DONE}[words[0]]
    if len(words) == 2 and words[0] == "discard":
        names = words[1].split(",")
        if not 1 <= len(names) <= MAX_DISCARD or any(n not in CARD_BY_NAME for n in names):
            raise MalformedActionError(f"cannot read the cards to discard in {text!r}")
        return discard_action([CARD_BY_NAME[n] for n in names])
    if len(words) in (2, 3) and words[0] == "play":
        card = CARD_BY_NAME.get(words[1])
        if card is None:
            raise MalformedActionError(
                f"unknown card {words[1]!r} in {text!r}; cards: {', '.join(CARD_KINDS)}")
        if card not in TARGETED:
            if len(words) != 2:
                raise MalformedActionError(f"{words[1]} takes no target: {text!r}")
            return play_action(card)
        if len(words) != 3:
            raise MalformedActionError(f"{words[1]} needs a target 'player.pig': {text!r}")
        target = _TARGET.fullmatch(words[2])
        if target is None:
            raise MalformedActionError(f"a target is 'player.pig', like 0.2, not {words[2]!r}")
        player, pig = int(target[1]), int(target[2])
        if player > FIELD_MASK or pig > FIELD_MASK:
            raise MalformedActionError(f"no such target {words[2]!r}")
        return play_action(card, player, pig)
    raise MalformedActionError(
        f"cannot read action {text!r}; try 'play mud 0.1', 'play rain', 'discard mud', "
        "'show', 'pass' or 'done'")


PIG_VIEW_BITS: Final = DIRTY | IN_BARN | HAS_DOOR | HAS_ROD | IS_PRETTY
"""The pig flag bits a view shows (:func:`pig_flags`)."""



def pig_flags(flags: int) -> dict[str, bool]:
    """A pig's bit set as named flags (for views)."""
    return {"dirty": bool(flags & DIRTY), "barn": bool(flags & IN_BARN),
            "door": bool(flags & HAS_DOOR), "rod": bool(flags & HAS_ROD),
            "pretty": bool(flags & IS_PRETTY)}


_DISCARD_OPTIONS: Final[dict[tuple[int, ...], list[int]]] = {}


def exchange_options(hand: tuple[int, ...]) -> list[int]:
    """Every distinct non-empty multiset of ``hand`` as discard actions (memoized)."""
    found = _DISCARD_OPTIONS.get(hand)
    if found is None:
        codes = {discard_action(combo) for size in range(1, len(hand) + 1)
                 for combo in combinations(hand, size)}
        found = sorted(codes)
        _DISCARD_OPTIONS[hand] = found
    return found


_SINGLE_DISCARDS: Final[dict[tuple[int, ...], list[int]]] = {}


def single_discards(hand: tuple[int, ...]) -> list[int]:
    """The German edition's discards of one card of ``hand`` (memoized)."""
    found = _SINGLE_DISCARDS.get(hand)
    if found is None:
        found = _SINGLE_DISCARDS[hand] = sorted({discard_action((card,)) for card in hand})
    return found


_EXCHANGE_SETS: Final[dict[tuple[int, ...], frozenset[int]]] = {}


def exchange_set(hand: tuple[int, ...]) -> frozenset[int]:
    """:func:`exchange_options` as a set, for one-action legality checks (memoized)."""
    found = _EXCHANGE_SETS.get(hand)
    if found is None:
        found = _EXCHANGE_SETS[hand] = frozenset(exchange_options(hand))
    return found


def describe(action: Action, num_players: int | None = None) -> str:
    """A short English sentence for an action code."""
    assert isinstance(action, int)
    if action == SHOW:
        return "Show your hand (nothing is usable), discard it and draw a new one"
    if action == PASS:
        return "Pass (no cards to play and none to draw)"
    if action == DONE:
        return "Finish the Lucky Bird turn (discard what is left)"
    if is_discard(action):
        cards = discarded_cards(action)
        return "Discard " + ", ".join(CARD_TITLES[c] for c in cards) + " and draw"
    card = played_card(action)
    if card in TARGETED:
        return (f"{CARD_TITLES[card]} on player {play_target(action) + 1}'s pig "
                f"{play_pig(action) + 1}")
    return f"Play {CARD_TITLES[card]}"


CARD_TITLES: Final = ("Dirty Your Pig", "Rain", "Barn", "Clean That Pig", "Barn Door", "Lightning",
                      "Lightning Rod", "Pretty Pig", "Escape", "Lucky Bird")
