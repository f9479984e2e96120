"""Saukopf's learned card-play policies as bots: ``policy:NAME`` for each file in ``policies/``.

A policy here plays the cards only: every other decision (bids, the declaration, joining a
Kreuzung, the hand-over, Kontra and Re) goes to the ``heuristic`` bot, seeded from the
same seed. The observation and the action slots are the AEC environment's
(:mod:`saustall.rl.saukopf_v0`), built from the seat's view with the environment's own
encoder, so a policy trained on the environment plays here unchanged. Shipped:
``saukopf-cards``, for the 4-player ``saukopf`` ruleset; ``scripts/rl_baselines/`` trains it
and docs/rl.md gives its strength.
"""

from __future__ import annotations

from typing import Any, Sequence

from saustall.bots.base import Bot, make_bot
from saustall.bots.policy import PolicyBot, EnvObserver, register_policies
from saustall.core.game import Action, View
from saustall.games.saukopf.actions import is_card

BIDDER = "heuristic"
"""The bot that takes every decision but the cards."""


observe = EnvObserver("saustall.rl.saukopf_v0")
"""The observation vector of the view's seat and the action slot of each legal action,
exactly as :mod:`saustall.rl.saukopf_v0` encodes them."""


def not_card_play(view: View, legal: Sequence[Action]) -> bool:
    """Whether a decision is outside card play (the delegate takes it)."""
    return not all(is_card(action) for action in legal)


def make_policy_bot(seed: int, level: str, path: Any, bidder: str = BIDDER) -> Bot:
    """The bot ``level`` (``policy:NAME``): the policy file ``path`` for the cards,
    ``bidder`` for everything else."""
    return PolicyBot(seed, level, path, observe, fallback=not_card_play,
                     delegate=make_bot("saukopf", bidder, seed))


def register() -> list[str]:
    """Register every shipped Saukopf policy; returns the levels."""
    return register_policies("saukopf", "saustall.games.saukopf.bots", make_policy_bot)
