"""Pebbles' support record: rulesets, factory and one bot of its own, nothing else."""

from __future__ import annotations

import random
from typing import Sequence

from saustall.core.game import Action, View
from saustall.core.support import GameSupport
from pebbles_game.game import PEBBLES


class LeaveFourBot:
    """Leaves a multiple of four pebbles when it can (the winning rule for two)."""

    name = "leave-four"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The take that leaves a multiple of four, else a random one."""
        for take in legal:
            if (view["pile"] - int(take)) % 4 == 0:
                return take
        return self.rng.choice(list(legal))


def register_bots() -> None:
    """Register the game's one bot (``random`` comes by itself)."""
    from saustall.bots.base import register_bot

    register_bot("pebbles", "leave-four", LeaveFourBot)


SUPPORT = GameSupport(name="pebbles", rulesets=(PEBBLES,),
                      factory="pebbles_game.game:PebblesGame",
                      register_bots="pebbles_game.support:register_bots")
