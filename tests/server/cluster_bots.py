"""Quick Pigasus bots for server processes started by the tests: importing registers them.

``saustall serve --bot-module tests.server.cluster_bots`` offers the level ``test-fast``
(reflexes of a few ms, a card dealt every few ms), so that a real-time game between
processes ends in a moment.
"""

from __future__ import annotations

from saustall.bots.base import Bot, register_bot
from saustall.games.pigasus.bots.reaction import Level, PigasusBot

FAST = "test-fast"


def fast_pigasus(seed: int) -> Bot:
    """A Pigasus bot with reflexes of a few milliseconds."""
    quick = Level("test", reaction_ms=4, per_card_ms=0, sigma=0.2, notice=0.9,
                  false_alarm=0.02, point_ms=3)
    bot: Bot = PigasusBot(quick, seed, deal_interval_ms=3)
    return bot


register_bot("pigasus", FAST, fast_pigasus)
