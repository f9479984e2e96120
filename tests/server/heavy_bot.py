"""Bots for the bot-worker tests: one that thinks, burning CPU, until the test lets it go,
and others that fail, die or report on their worker.

They live in a module of their own so that a bot worker process can unpickle them.
"""

from __future__ import annotations

import os
import signal
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


class DyingOnceBot:
    """Ends its worker process on its first decision (marking ``died``), then plays."""

    name = "dying-once"

    def __init__(self, died: Path) -> None:
        self.died = died

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """Exit the process the first time; the first action after that."""
        if not self.died.exists():
            self.died.touch()
            os._exit(3)
        return legal[0]


class WaitingBot:
    """On its first decision writes its process id to ``pid_file`` and waits (idle, not
    spinning) until ``release`` exists; later decisions choose at once."""

    name = "waiting"

    def __init__(self, pid_file: Path, release: Path) -> None:
        self.pid_file = pid_file
        self.release = release

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """Wait to be released the first time; the first action."""
        if self.pid_file.exists():
            return legal[0]
        partial = self.pid_file.with_suffix(".partial")
        partial.write_text(str(os.getpid()))
        partial.rename(self.pid_file)  # whole, never read half written
        give_up = time.monotonic() + GIVE_UP_SECONDS
        while not self.release.exists() and time.monotonic() < give_up:
            time.sleep(0.05)
        return legal[0]


class SignalsBot:
    """Notes which stop signals its worker process ignores (it travels back with them)."""

    name = "signals"

    def __init__(self) -> None:
        self.ignored: list[str] = []

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """Record the ignored stop signals; the first action."""
        self.ignored = sorted(stop.name for stop in (signal.SIGINT, signal.SIGTERM)
                              if signal.getsignal(stop) == signal.SIG_IGN)
        return legal[0]
