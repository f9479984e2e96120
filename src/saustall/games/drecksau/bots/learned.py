"""Drecksau's learned policies as bots: ``policy:NAME`` for each file in ``policies/``.

The observation and the action slots are the AEC environment's
(:mod:`saustall.rl.drecksau_v0`): the bot builds them from its seat's view with the
environment's own encoder (``raw_env.encode``) and slot table, so a policy trained on the
environment plays here unchanged. Shipped: ``dirty-pig-2p``, trained for 2-player
``dirty-pig`` (seats are relative, so it also sits at larger ``dirty-pig`` tables, untested
there); ``scripts/rl_baselines/`` trains it and docs/rl.md gives its strength.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from saustall.bots.base import Bot
from saustall.bots.policy import PolicyBot, PolicyError, register_policies
from saustall.core.game import Action, View


@lru_cache(maxsize=None)
def _environment(ruleset: str, players: int) -> Any:
    """The bare AEC environment whose encoder and slots a policy reads (one per table)."""
    try:
        from saustall.rl.drecksau_v0 import raw_env
    except ImportError as error:
        raise PolicyError("a learned policy reads the RL environment's observation: "
                          "pip install 'saustall[rl]'") from error
    return raw_env(ruleset=ruleset, num_players=players)


def observe(view: View, legal: Sequence[Action]) -> tuple[Any, list[int]]:
    """The observation vector of the view's seat and the action slot of each legal action,
    exactly as :mod:`saustall.rl.drecksau_v0` encodes them."""
    env = _environment(view["ruleset"], view["players"])
    seat = view["observer"]
    index = env.actions.index[seat]
    return env.encode(view, seat), [index[action] for action in legal]


def make_policy_bot(seed: int, level: str, path: Any) -> Bot:
    """The bot ``level`` (``policy:NAME``) playing the policy file ``path``."""
    return PolicyBot(seed, level, path, observe)


def register() -> list[str]:
    """Register every shipped Drecksau policy; returns the levels."""
    return register_policies("drecksau", "saustall.games.drecksau.bots", make_policy_bot)
