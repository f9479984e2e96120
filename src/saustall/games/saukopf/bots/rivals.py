"""Bidding against rivals in the search bot's playouts (:attr:`Budget.rivals`).

Without this model the bidding playouts make the others pass once the bot bids, so a bid
is valued as if nobody could out-bid it. With it, in each sampled world a rival bids on
over the top bid while its sampled hand is worth a solo (after a bid above 61 only solos
remain), with the chance :func:`bid_on_chance` drawn once per world and seat (the same
draws as :class:`~saustall.games.saukopf.bots.search.PassModel`'s, so a world's rival is as
eager in every choice), and the bot bids again once out-bid if its plan allows it
(:class:`BidPlan`). So a bid that a stronger rival takes over is worth the rival's game,
and a plan that bids on to keep the game is weighed against one that lets it go.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final, Sequence

from saustall.games.saukopf.bots.eval import rate_mask
from saustall.games.saukopf.actions import BID_BASE, PASS
from saustall.games.saukopf.cards import HAUER, KEILER, WUTZ, Declaration
from saustall.games.saukopf.game import SaukopfState

_SOLOS: Final[tuple[Declaration, ...]] = tuple(
    [Declaration(KEILER, suit) for suit in range(4)]
    + [Declaration(HAUER, suit) for suit in range(4)] + [Declaration(WUTZ)])

RIVAL_RATING: Final = 0.0
"""The solo rating (:func:`solo_rating`) at which a rival is as likely as not to bid on over
a bid of 61: the heuristic rating's own line between a hand worth declaring and not."""
RIVAL_BID_SLOPE: Final = 0.02
"""How much more solo rating a rival needs per card point the bid rises above 61."""
RIVAL_WIDTH: Final = 0.35
"""The width of the rival's sigmoid, as in the declarer model of
:func:`~saustall.games.saukopf.bots.inference.plausibility`."""
REBID_RANGE: Final = 10
"""How far above its first bid a plan that bids again (:attr:`BidPlan.cap`) may go."""


def solo_rating(hand: int, players: int) -> float:
    """The best quick rating (:func:`~saustall.games.saukopf.bots.eval.rate_mask`) of a plain
    Keiler, Hauer or Wutz for the hand mask ``hand``: above 0, worth declaring."""
    return max(rate_mask(hand, decl, players) for decl in _SOLOS)


def bid_on_chance(rating: float, bid: int) -> float:
    """How likely a rival whose best solo rates ``rating`` bids ``bid`` over a standing
    bid (:data:`RIVAL_RATING`, :data:`RIVAL_BID_SLOPE`)."""
    x = (rating - RIVAL_RATING - RIVAL_BID_SLOPE * (bid - 61)) / RIVAL_WIDTH
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


@dataclass(frozen=True)
class BidPlan:
    """Bid ``first`` for ``game`` (a declare action); out-bid, bid again one above the top
    bid while that is at most ``cap`` (``cap == first``: let the game go)."""

    game: int
    first: int
    cap: int

    def bid_out(self, state: SaukopfState, me: int, draws: Sequence[float],
                ratings: Sequence[float]) -> bool:
        """Run the bidding of the current stage of ``state`` (in place): my bids by this
        plan, each rival's by its world ``draws`` and solo ``ratings`` (by seat). True if
        I won it (``state`` then waits for my declaration)."""
        stage = state.stage
        while state.phase == "bidding" and state.stage == stage:
            seat = state.cur
            top = state.top_bid
            if seat == me:
                bid = self.first if state.top_bidder < 0 or top < self.first else top + 1
                mine = bid == self.first or bid <= self.cap
                state.apply(BID_BASE + bid if mine and state.is_legal(BID_BASE + bid)
                            else PASS)
                continue
            bid = top + 1
            eager = state.top_bidder >= 0 and draws[seat] >= 1.0 - bid_on_chance(
                ratings[seat], bid)
            state.apply(BID_BASE + bid if eager and state.is_legal(BID_BASE + bid) else PASS)
        return state.phase == "declaring" and state.cur == me


__all__ = ["BidPlan", "REBID_RANGE", "RIVAL_BID_SLOPE", "RIVAL_RATING", "bid_on_chance",
           "solo_rating"]
