"""Bots for load tests of the server: importing this module registers them.

``burn-100ms`` (for every turn-based game with a ``heuristic`` bot) spends 100 ms of CPU
time on each decision, like a search bot, and then plays as ``heuristic``. The server's
load benchmark (``python -m benchmarks.server --bot burn-100ms``) starts the server
with ``--bot-module benchmarks.server_bots`` to offer it. Never imported otherwise.
"""

from __future__ import annotations

import time
from typing import Sequence

from saustall.bots.base import Bot, bot_levels, make_bot, register_bot
from saustall.core.game import Action, View

BURN_LEVEL = "burn-100ms"
"""The name under which :class:`BurningBot` is registered."""


class BurningBot:
    """Burns ``burn_ms`` of CPU time per decision, then lets ``inner`` choose."""

    def __init__(self, inner: Bot, burn_ms: float) -> None:
        self.inner = inner
        self.burn_ms = burn_ms
        self.name = f"burn-{burn_ms:g}ms"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """Work the CPU for ``burn_ms``, then the inner bot's choice."""
        until = time.process_time() + self.burn_ms / 1000
        spin = 0
        while time.process_time() < until:
            spin = (spin * 31 + 7) % 1_000_003  # pure-Python work, holding the GIL
        return self.inner.choose(view, legal)


def _register() -> None:
    for game in ("drecksau", "saukopf"):
        if "heuristic" not in bot_levels(game):
            continue

        def factory(seed: int, game: str = game) -> Bot:
            return BurningBot(make_bot(game, "heuristic", seed), 100)
        register_bot(game, BURN_LEVEL, factory)


_register()
