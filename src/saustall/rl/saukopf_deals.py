"""Saukopf deals brought to their card play by a fixed script: the bidding and declaring
the batched card play (:mod:`saustall.rl.batched_saukopf`) does not play.

:func:`scripted_deal` deals a seed on the scalar engine and bids and declares a chosen
game kind, so that a batch can start from deals of every kind (the differential test,
the benchmark, a training loop's pool of deals).
"""

from __future__ import annotations

import random

from saustall.core.registry import get as get_game
from saustall.games.saukopf.actions import JOIN, PASS, bid_action, declaration_of
from saustall.games.saukopf.bidding import NAPF, TROG, declarations
from saustall.games.saukopf.cards import GAME_KINDS, SCHWARZ, cards_of
from saustall.games.saukopf.game import SaukopfState
from saustall.games.saukopf.state import (
    PHASE_BIDDING, PHASE_DECLARING, PHASE_GIVING, PHASE_PARTNER, PHASE_PLAYING,
)

__all__ = ["STOPS", "scripted_deal"]


STOPS = ("declaring", "declared", "play")
"""Where :func:`scripted_deal` may stop."""


def scripted_deal(ruleset: str, seed: int, kind: int, *, rng: random.Random | None = None,
                  stop: str = "play") -> SaukopfState | None:
    """The scalar deal of ``seed`` bid and declared by a fixed script for the game kind
    ``kind`` (a code of :data:`~saustall.games.saukopf.cards.GAME_KINDS`), in its card
    play; None when this deal's hands do not allow that game.

    The script: in the game's stage (Trog or Napf) the first seat whose hand allows the
    game bids its least bid (61 for a Doppel; at times, drawn from ``rng``, a higher
    one), everybody else passes; the bidder declares a declaration of ``kind`` drawn from
    ``rng`` among the legal ones (the called suit or trump, the Knorpel card, am Spieß or
    not). A Kreuzung's partner bidding: each asked seat joins with probability 1/2 and
    hands over a random legal card. ``stop`` (one of :data:`STOPS`) returns the state
    earlier: ``"declaring"`` when the bidder is to declare (a hand that allows ``kind``),
    ``"declared"`` right after the declaration (a Kreuzung in its partner bidding). The
    state is a single-deal session (``deals=1``), dealt by seat 0; ``rng`` defaults to
    ``random.Random(seed)``. Raises ``ValueError`` for another ``stop``.
    """
    if stop not in STOPS:
        raise ValueError(f"stop must be one of {', '.join(STOPS)}, not {stop!r}")
    rng = rng if rng is not None else random.Random(seed)
    game = get_game("saukopf", ruleset)
    info = GAME_KINDS[kind]
    state = game.new_state(game.ruleset.min_players, seed, {"deals": 1})
    stage = NAPF if info.napf else TROG
    bid = 61 if info.doppel else info.min_bid
    if not info.doppel and bid < SCHWARZ and rng.random() < 0.25:
        bid = rng.choice([b for b in range(bid, 121) if stage == TROG or b == 61 or b >= 91])
    assert isinstance(state, SaukopfState)
    while state.phase == PHASE_BIDDING:
        legal = state.legal_actions()
        mine = bid_action(bid)
        take = (state.stage == stage and state.top_bidder < 0 and mine in legal
                and any(d.kind == kind for d in declarations(
                    list(cards_of(state.masks[state.cur])), bid, stage, state.num_players,
                    state.aside)))
        state.apply(mine if take else PASS)
    if state.phase != PHASE_DECLARING:
        return None
    choices = [a for a in state.legal_actions()
               if isinstance(a, int) and declaration_of(a).kind == kind]
    if not choices:
        return None
    if stop == "declaring":
        return state
    state.apply(rng.choice(choices))
    if stop == "declared":
        return state
    while state.phase in (PHASE_PARTNER, PHASE_GIVING):
        legal = state.legal_actions()
        if state.phase == PHASE_PARTNER:
            state.apply(JOIN if rng.random() < 0.5 else PASS)
        else:
            state.apply(rng.choice(legal))
    return state if state.phase == PHASE_PLAYING else None
