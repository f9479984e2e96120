"""Saukopf bidding and declaring: which bids and games a hand allows.

Pure functions, no state, in the engine's order: the bid tables (metadata), then what is
legal (:func:`can_declare`, :func:`declarations`) and the engine's cached forms of both
(:func:`bid_actions`, :func:`declare_actions`), which read a hand as a bit mask (see
:func:`saustall.games.saukopf.cards.cards_of`). The answers depend on a hand only through
the suits whose Sau it may call and its number of Kreuzung trumps, so they are worked out
once per kind of hand and bid, not once per deal.
"""

from __future__ import annotations

from typing import Final

from functools import lru_cache

from saustall.games.saukopf.actions import LOWEST_BID, PASS, bid_action, declare_action
from saustall.games.saukopf.cards import (
    ACE, CALLABLE_SUITS, GAME_KINDS, KREUZUNG, OBER, SAUEREI_KINDS, SCHWARZ, UNTER,
    Declaration, card, mask_of, order_for,
)

TROG: Final = "trog"
NAPF: Final = "napf"

TROG_BIDS: Final[tuple[int, ...]] = tuple(range(61, 121)) + (SCHWARZ,)
NAPF_BIDS: Final[tuple[int, ...]] = (61,) + tuple(range(91, 121)) + (SCHWARZ,)
KREUZ_TRUMPS: Final = frozenset(order_for(KREUZUNG).trumps)
"""Ober, Unter and Herz: what counts as trump when a Kreuzung is declared."""
KREUZ_MASK: Final = mask_of(KREUZ_TRUMPS)

_ACE_BITS: Final = tuple(1 << card(s, ACE) for s in range(4))
_PLAIN_MASKS: Final = tuple(mask_of(card(s, r) for r in range(8) if r not in (OBER, UNTER))
                            for s in range(4))
"""Per suit: its cards but the Ober and Unter (which are trumps in a Sauerei)."""


def _callable_suits(hand: list[int]) -> list[int]:
    """Suits whose Sau the holder of ``hand`` may call (a Sauerei)."""
    return list(callable_suits_of(mask_of(hand)))


def callable_suits_of(hand: int) -> tuple[int, ...]:
    """Suits whose Sau the holder of the hand mask ``hand`` may call (a Sauerei): not a
    Sau held, and a card of the suit that is not an Ober or Unter."""
    return tuple(s for s in CALLABLE_SUITS
                 if not hand & _ACE_BITS[s] and hand & _PLAIN_MASKS[s])


def _kreuz_trump_count(hand: list[int]) -> int:
    return sum(1 for c in hand if c in KREUZ_TRUMPS)


def can_declare(hand: list[int], bid: int, stage: str, players: int) -> bool:
    """True if some game of ``stage`` may be declared with ``hand`` after ``bid``."""
    if stage == TROG:
        return True  # a Wutz is always allowed
    if bid == 61:
        return players == 4 and (bool(_callable_suits(hand)) or _kreuz_trump_count(hand) <= 1)
    return bid >= 91


def declarations(hand: list[int], bid: int, stage: str, players: int,
                 aside: list[int] | tuple[int, ...] = ()) -> list[Declaration]:
    """Every game the top bidder may declare: the bid table, Doppel only at 61."""
    doppel = players == 4 and bid == 61
    mask = mask_of(hand) if doppel else 0
    return list(_declarations(stage, _bid_class(bid), players, tuple(aside),
                              callable_suits_of(mask) if doppel else (),
                              doppel and (mask & KREUZ_MASK).bit_count() <= 1))


def _bid_class(bid: int) -> int:
    """A bid with the same games as ``bid``: the table only asks 61, >= 91 and Schwarz."""
    if bid <= 61 or bid >= SCHWARZ:
        return bid
    return 62 if bid < 91 else 91


@lru_cache(maxsize=4096)
def _declarations(stage: str, bid: int, players: int, aside: tuple[int, ...],
                  callable_suits: tuple[int, ...], kreuzung_ok: bool) -> tuple[Declaration, ...]:
    found: list[Declaration] = []
    for kind in GAME_KINDS:
        if kind.napf != (stage == NAPF):
            continue
        params: list[int] | tuple[int, ...]
        if kind.doppel:
            if players != 4 or bid != 61:
                continue
            if kind.code in SAUEREI_KINDS:
                params = callable_suits
            else:
                params = [-1] if kreuzung_ok else []
        else:
            if bid < kind.min_bid:
                continue
            if kind.param == "suit":
                params = [0, 1, 2, 3]
            elif kind.param == "card":
                params = [c for c in range(32) if c not in aside]
            else:
                params = [-1]
        for param in params:
            found.append(Declaration(kind.code, param, False))
            found.append(Declaration(kind.code, param, True))
    return tuple(found)


# --------------------------------------------------------------------------------------
# The engine's cached forms, as action codes
# --------------------------------------------------------------------------------------

def _after(bids: tuple[int, ...], but: int = 0) -> dict[int, tuple[int, ...]]:
    """Top bid -> pass and the bids above it (leaving out ``but``)."""
    return {top: (PASS,) + tuple(bid_action(b) for b in bids if b > top and b != but)
            for top in (0,) + bids}


_TROG_AFTER: Final = _after(TROG_BIDS)
_NAPF_AFTER: Final = _after(NAPF_BIDS, but=61)
"""Top bid -> pass and the Napf bids above it, without 61 (which depends on the hand)."""
_PASS_AND_61: Final = (PASS, bid_action(LOWEST_BID))


def doppel_in_napf(hand: int) -> bool:
    """True if the hand mask ``hand`` may declare a Napf Doppel game (after a bid of 61)."""
    return bool(callable_suits_of(hand)) or (hand & KREUZ_MASK).bit_count() <= 1


def bid_actions(hand: int, top_bid: int, stage: str, players: int) -> tuple[int, ...]:
    """Pass and every bid above ``top_bid`` after which ``hand`` (a mask) may declare a
    game: :func:`can_declare` for each bid, as one table look-up."""
    if stage == TROG:
        return _TROG_AFTER[top_bid]  # a Wutz is always allowed
    after = _NAPF_AFTER[top_bid]
    if top_bid < 61 and players == 4 and doppel_in_napf(hand):
        return _PASS_AND_61 + after[1:]
    return after


def declare_actions(hand: int, bid: int, stage: str, players: int,
                    aside: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`declarations` for a hand mask, as action codes (cached)."""
    doppel = players == 4 and bid == 61
    return _declare_actions(stage, _bid_class(bid), players, aside,
                            callable_suits_of(hand) if doppel else (),
                            doppel and (hand & KREUZ_MASK).bit_count() <= 1)


@lru_cache(maxsize=4096)
def _declare_actions(stage: str, bid: int, players: int, aside: tuple[int, ...],
                     callable_suits: tuple[int, ...], kreuzung_ok: bool) -> tuple[int, ...]:
    return tuple(declare_action(d) for d in _declarations(
        stage, bid, players, aside, callable_suits, kreuzung_ok))
