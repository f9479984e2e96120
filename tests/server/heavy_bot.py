"""A bot that thinks, burning CPU, until the test lets it go (for the bot-worker tests).

It lives in a module of its own so that a bot worker process can unpickle it.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Sequence

GIVE_UP_SECONDS = 60.0
"""A forgotten bot stops thinking after this long, so no process spins for ever."""


class ThinkingBot:
    """Marks ``started`` when asked, then computes until ``release`` exists."""

    name = "thinking"

    def __init__(self, started: Path, release: Path) -> None:
        self.started = started
        self.release = release
        self.decisions = 0

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """Spin the CPU (holding the interpreter lock) until released; the first action."""
        self.started.touch()
        self.decisions += 1
        give_up = time.monotonic() + GIVE_UP_SECONDS
        spin = 0
        while not self.release.exists() and time.monotonic() < give_up:
            for _ in range(20000):
                spin = (spin * 31 + 7) % 1_000_003
        return legal[0]


class FailingBot:
    """Fails on every decision."""

    name = "failing"

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """Divide by zero."""
        return 1 // 0


class DyingBot:
    """Ends its worker process on every decision, as a crash would."""

    name = "dying"

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """Exit the process at once."""
        os._exit(3)
