"""Saukopf search levels that see every card for one kind of decision: what knowing the
cards adds.

:func:`register_seers` registers two seers for each search level (``scripts/saukopf_bars.py``
calls it), each deciding as its level does but for one kind of decision, which it takes
on the true deal solved to the end with every hand open
(:class:`~saustall.games.saukopf.bots.endgame.EndgameSolver`: both parties playing best),
not by a race over sampled worlds:

* ``LEVEL-seer`` (:class:`CardSeer`): each card it plays;
* ``LEVEL-gameseer`` (:class:`GameSeer`): the game it declares once it won the bidding,
  the best of the games its level's race weighs (no Kontra in the solve).

What ``duel saukopf expert-seer club`` wins beyond ``duel saukopf expert club`` is what
knowing every card, used as well as these engines can use it, adds to the level's card
play (``expert-gameseer``: to its choice of game). If it adds nothing, better sampling or
inference is unlikely to. (The solve assumes the others see every card too, where they
play from their views, so it is not a perfect player: against the ``heuristic`` bot,
whose play the playouts model, the level's own card play did better; docs/bots.md.)

A seer reads the true deal, so it lives here, for the measuring scripts, and never in the
package nor among the levels offered to people. ``scripts/saukopf_bars.py`` hands each
seer the game's state before it chooses (:attr:`Seer.deal`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from saustall.bots.base import register_bot
from saustall.core.game import View
from saustall.games.saukopf.actions import PASS
from saustall.games.saukopf.bots.endgame import EndgameSolver, NodeLimitReached, contract_of
from saustall.games.saukopf.bots.search import LEVEL_BUDGETS, Budget, SearchBot
from saustall.games.saukopf.game import SaukopfState

SOLVER_NODES = 2_000_000
"""Cards the open-hand solver may try for one card (a whole deal's first card takes a
few hundred thousand at most); past it, the card is the best of one playout of the true
deal per card."""
GAME_SOLVER_NODES = 3_000_000
"""Cards the open-hand solver may try for one game of a declaring decision; a game past
it is left out (the level's own game stands if it is)."""


class Seer(SearchBot):
    """A search level handed the game's true state before each decision."""

    deal: SaukopfState | None = None
    """The game's true state, set by the measuring script before each decision."""

    def true_deal(self, view: View) -> SaukopfState:
        """A copy of the true state of the decision ``view`` is for."""
        assert self.deal is not None and self.deal.current_player == view["observer"], \
            "a seer needs the true state before each decision (scripts/saukopf_bars.py play)"
        return self.deal.clone()


class CardSeer(Seer):
    """A search level whose card play solves the true deal with every hand open."""

    def __init__(self, seed: int, budget: Budget, name: str) -> None:
        super().__init__(seed, replace(budget, endgame=8, endgame_worlds=1,
                                       endgame_nodes=SOLVER_NODES, card_default=None), name)

    def worlds(self, view: View, count: int) -> list[SaukopfState]:
        """In card play the one true deal; otherwise (joining a Kreuzung, the hand-over)
        the level's sampled worlds."""
        if view["phase"] != "playing":
            return super().worlds(view, count)
        return [self.true_deal(view)]


class GameSeer(Seer):
    """A search level that declares the game the open-hand solve of the true deal values
    highest for it, among those its race weighs (its own game on a tie)."""

    def _decide_rare(self, view: View, me: int, phase: str, acts: list[int]) -> int:
        own = super()._decide_rare(view, me, phase, acts)
        if phase != "declaring":
            return own
        deal = self.true_deal(view)
        options = self.declaring_options(view, acts)
        values = {a: self.solved_value(deal, a, me) for a in dict.fromkeys(options + [own])}
        known = {a: v for a, v in values.items() if v is not None}
        if own not in known:
            return own
        best = max(known.values())
        if known[own] >= best - 1e-9:
            return own
        return min(a for a, v in known.items() if v >= best - 1e-9)

    def solved_value(self, deal: SaukopfState, game: int, me: int) -> float | None:
        """My net points if I declare ``game`` in ``deal``, nobody kicks, and both parties
        play best with every card seen (None past :data:`GAME_SOLVER_NODES`)."""
        state = deal.clone()
        state.apply(game)
        while not state.is_terminal() and state.phase != "playing":
            state.apply(PASS)
        if state.phase != "playing":
            return None
        solver = EndgameSolver(state, GAME_SOLVER_NODES)
        try:
            return solver.position_value(me, contract_of(state), self.contract_values)
        except NodeLimitReached:
            return None


SEERS: dict[str, Callable[[int, Budget, str], Seer]] = {"seer": CardSeer, "gameseer": GameSeer}
"""The seers by the suffix of their level's name."""


def register_seers() -> list[str]:
    """Register ``LEVEL-seer`` and ``LEVEL-gameseer`` for each search level; returns the
    names."""
    names = []
    for level, budget in LEVEL_BUDGETS.items():
        for suffix, seer in SEERS.items():
            name = f"{level}-{suffix}"

            def make(seed: int, budget: Budget = budget, name: str = name,
                     seer: Callable[[int, Budget, str], Seer] = seer) -> Seer:
                return seer(seed, budget, name)
            register_bot("saukopf", name, make)
            names.append(name)
    return names
