"""Scripted Pigasus timelines: stack the deck, then apply actions written in notation."""

from __future__ import annotations

from typing import Any

from saustall.core import get
from saustall.games.pigasus.cards import NUM_CARDS, card_from_code
from saustall.games.pigasus.game import PigasusState, decode_action


def card(code: str) -> int:
    """The card with the two-letter ``code``."""
    return card_from_code(code)


def new_game(players: int = 3, ruleset: str = "pigasus", seed: int = 0,
             **options: Any) -> PigasusState:
    """A fresh state (seeded shuffle)."""
    state = get("pigasus", ruleset).new_state(players, seed, options)
    assert isinstance(state, PigasusState)
    return state


def stacked(players: int, top: list[str], ruleset: str = "pigasus", *,
            only: bool = False, set_aside: list[str] | None = None,
            **options: Any) -> PigasusState:
    """A game whose deck reveals the cards ``top`` first, in order.

    With ``only`` the deck holds exactly those cards (the rest of the undealt cards go
    into the box, out of play), so the game ends after them. ``set_aside`` fixes the
    cards set aside for a tie-break, the first one revealed first.
    """
    state = new_game(players, ruleset, **options)
    chosen = [card(c) for c in top]
    reserve = [card(c) for c in (set_aside or [])]
    rest = [c for c in range(NUM_CARDS) if c not in chosen and c not in reserve]
    if set_aside is None:
        state.set_aside = rest[:16]
        rest = rest[16:]
    else:
        state.set_aside = list(reversed(reserve))
    if only:
        state.box = rest
        state.deck = list(reversed(chosen))
    else:
        state.deck = rest + list(reversed(chosen))
    assert sum(state.inventory().values()) == NUM_CARDS
    return state


def play(state: PigasusState, *actions: str) -> PigasusState:
    """Apply actions written in notation, in order.

    Shorthand for scripts: ``p1@300 point PC,CP`` stands for the two finger moves
    ``p1@300 point PC`` and ``p1@300 point CP`` at the same millisecond.
    """
    for text in actions:
        head, _, cards = text.rpartition(" ")
        if head.endswith(" point") and "," in cards:
            for code in cards.split(","):
                state.apply(decode_action(f"{head} {code}"))
        else:
            state.apply(decode_action(text))
    return state
