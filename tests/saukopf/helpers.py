"""Helpers for the Saukopf tests: build exact deals and play them through the engine."""

from __future__ import annotations

import random
from typing import Any

from saustall.core import get
from saustall.games.saukopf.game import (
    KONTRA, PASS, RE, SaukopfState, decode_action, declaration_of, is_bid, is_declare,
)
from saustall.games.saukopf.cards import GAME_KINDS

SEPP, RESI, ALOIS, ZENZI = range(4)
NAMES = ["Sepp", "Resi", "Alois", "Zenzi"]


def new_deal(hands: str, dealer: int, *, ruleset: str = "saukopf", deals: int = 1,
             **options: Any) -> SaukopfState:
    """A session whose first deal has exactly ``hands`` (seat by seat, '|' between)."""
    players = 3 if ruleset == "dreihaxer" else 4
    state = get("saukopf", ruleset).new_state(
        players, 0, {"hands": hands, "dealer": dealer, "deals": deals, **options})
    assert isinstance(state, SaukopfState)
    return state


def act(state: SaukopfState, *actions: str) -> None:
    """Apply actions in notation, each checked by the engine."""
    for text in actions:
        state.apply(decode_action(text))


def play_tricks(state: SaukopfState, tricks: list[str], kontra: int | None = None,
                re: int | None = None) -> None:
    """Play the tricks (cards in play order, one string per trick).

    After the first card the Huftritt window opens: ``kontra`` kicks, everyone else asked
    passes; then ``re`` kicks back, everyone else asked passes.
    """
    for trick in tricks:
        for text in trick.split():
            act(state, f"card {text}")
            while state.phase in ("kontra", "re"):
                if state.phase == "kontra":
                    state.apply(KONTRA if state.cur == kontra else PASS)
                else:
                    state.apply(RE if state.cur == re else PASS)


def biased_action(state: SaukopfState, rng: random.Random) -> int:
    """A random legal action that bids low and spreads over all game kinds.

    Uniformly random bids nearly always run above 61, so Doppel and Napf games would
    hardly ever be reached; this player bids the lowest number and passes often.
    """
    legal = state.legal_actions()
    assert all(isinstance(a, int) for a in legal)
    ints = [a for a in legal if isinstance(a, int)]
    if state.phase == "bidding":
        bids = [a for a in ints if is_bid(a)]
        if bids and rng.random() < 0.35:
            if state.stage == "napf" and rng.random() < 0.3:
                return max(bids)  # Schwarz: the only way to a Vegane Mast
            return min(bids) if rng.random() < 0.7 else rng.choice(bids)
        return PASS
    if state.phase == "declaring":
        by_kind: dict[int, list[int]] = {}
        for a in ints:
            if is_declare(a):
                by_kind.setdefault(declaration_of(a).kind, []).append(a)
        kind = rng.choice(sorted(by_kind))
        return rng.choice(by_kind[kind])
    return rng.choice(ints)


def kinds_seen(states: list[SaukopfState]) -> set[str]:
    """The game kinds played in the given sessions."""
    return {r["game"].split()[0] for s in states for r in s.results if not r["thrown_in"]}


ALL_KIND_NAMES = {k.name for k in GAME_KINDS}
