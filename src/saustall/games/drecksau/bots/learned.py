"""Drecksau's learned policies as bots: ``policy:NAME`` for each file in ``policies/``.

The observation and the action slots are the AEC environment's
(:mod:`saustall.rl.drecksau_v0`): the bot builds them from its seat's view with the
environment's own encoder (``raw_env.encode``) and slot table, so a policy trained on the
environment plays here unchanged. Shipped: ``dirty-pig-2p``, trained for 2-player
``dirty-pig`` (seats are relative, so it also sits at larger ``dirty-pig`` tables, untested
there); ``scripts/rl_baselines/`` trains it and docs/rl.md gives its strength.
"""

from __future__ import annotations

from typing import Any

from saustall.bots.base import Bot
from saustall.bots.policy import PolicyBot, EnvObserver, register_policies


observe = EnvObserver("saustall.rl.drecksau_v0")
"""The observation vector of the view's seat and the action slot of each legal action,
exactly as :mod:`saustall.rl.drecksau_v0` encodes them."""


def make_policy_bot(seed: int, level: str, path: Any) -> Bot:
    """The bot ``level`` (``policy:NAME``) playing the policy file ``path``."""
    return PolicyBot(seed, level, path, observe)


def register() -> list[str]:
    """Register every shipped Drecksau policy; returns the levels."""
    return register_policies("drecksau", "saustall.games.drecksau.bots", make_policy_bot)
