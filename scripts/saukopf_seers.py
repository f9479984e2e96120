"""Saukopf search levels that see every card when they play one: what knowing the cards adds.

:func:`register_seers` registers ``LEVEL-seer`` for each search level (``club-seer``,
``expert-seer``; ``scripts/saukopf_bars.py`` calls it). A seer bids, declares, kicks and
answers as its level does, but each card it plays is the best for it in the true deal,
solved to the end with every hand open
(:class:`~saustall.games.saukopf.bots.endgame.EndgameSolver`: both parties playing best),
not a choice over sampled worlds. What ``duel saukopf expert-seer club`` wins beyond
``duel saukopf expert club`` is what knowing every card, used as well as these engines
can use it, adds to the level's card play: if it adds nothing, better sampling or
inference is unlikely to. (The solve assumes the others see every card too, where they
play from their views, so it is not a perfect player: against the ``heuristic`` bot,
whose play the playouts model, the level's own card play did better; docs/bots.md.)

A seer reads the true deal, so it lives here, for the measuring scripts, and never in the
package nor among the levels offered to people. ``scripts/saukopf_bars.py`` hands each
seer the game's state before it chooses (:attr:`SeerBot.deal`).
"""

from __future__ import annotations

from dataclasses import replace

from saustall.bots.base import register_bot
from saustall.core.game import View
from saustall.games.saukopf.bots.search import LEVEL_BUDGETS, Budget, SearchBot
from saustall.games.saukopf.game import SaukopfState

SOLVER_NODES = 2_000_000
"""Cards the open-hand solver may try for one card (a whole deal's first card takes a
few hundred thousand at most); past it, the card is the best of one playout of the true
deal per card."""


class SeerBot(SearchBot):
    """A search level whose card play solves the true deal with every hand open."""

    deal: SaukopfState | None = None
    """The game's true state, set by the measuring script before each decision."""

    def __init__(self, seed: int, budget: Budget, name: str) -> None:
        super().__init__(seed, replace(budget, endgame=8, endgame_worlds=1,
                                       endgame_nodes=SOLVER_NODES, card_default=None), name)

    def worlds(self, view: View, count: int) -> list[SaukopfState]:
        """In card play the one true deal; otherwise (joining a Kreuzung, the hand-over)
        the level's sampled worlds."""
        if view["phase"] != "playing":
            return super().worlds(view, count)
        assert self.deal is not None and self.deal.current_player == view["observer"], \
            "a seer needs the true state before each card (scripts/saukopf_bars.py play)"
        return [self.deal.clone()]


def register_seers() -> list[str]:
    """Register ``LEVEL-seer`` for each search level; returns the names."""
    names = []
    for level, budget in LEVEL_BUDGETS.items():
        name = f"{level}-seer"

        def make(seed: int, budget: Budget = budget, name: str = name) -> SeerBot:
            return SeerBot(seed, budget, name)
        register_bot("saukopf", name, make)
        names.append(name)
    return names
