"""The server's tunables (:class:`HubSettings`): pauses, rate limits, retention, bots.

They live apart from the :class:`~saustall.server.tables.Hub` so that the modules the hub
is made of (:mod:`saustall.server.bot_driver`, ...) can read them without importing it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from saustall.bots.base import Bot
from saustall.server.limits import LimitSettings

__all__ = ["HubSettings"]


@dataclass
class HubSettings:
    """Server tunables."""

    bot_delay: float = 0.8
    """Seconds a bot waits before it acts (a natural pause)."""
    max_message_bytes: int = 4096
    rate_per_second: float = 20.0
    """Messages other than actions (``sync``, ``ping``, ...) per second on one socket."""
    rate_burst: float = 40.0
    action_rate_per_second: float = 40.0
    """Actions per second on one socket: a player of a real-time game mashing
    its buttons stays near 10 a second, with bursts; bots act no faster than every 450 ms."""
    action_rate_burst: float = 80.0
    chat_rate_per_second: float = 1.0
    """Chat messages per second on one socket, sustained; more get ``chat-too-fast``."""
    chat_burst: float = 5.0
    flood_close_after: int = 200
    hello_timeout: float = 10.0
    left_linger_seconds: float = 10.0
    """How long the socket of a seat that was given up stays open, answering the actions
    still on their way (``not-seated``), before the server closes it (1000)."""
    limits: LimitSettings = field(default_factory=LimitSettings)
    """Per-source and per-table limits."""
    retain_finished_seconds: float = 900.0
    """A finished table leaves memory this long after its game ended (unless a rematch
    starts); its records stay downloadable from the database."""
    retain_idle_seconds: float = 3600.0
    """A table nobody is seated at with an open socket leaves memory after this long
    without any change (abandoned)."""
    sweep_seconds: float = 30.0
    """How often the server looks for tables to let go."""
    bot_factory: Callable[[str, str, int], Bot | None] | None = None
    """Optional ``(game, level, seed) -> bot`` tried before the bot registry (tests use
    it for instant real-time bots); returning ``None`` falls back to the registry."""
    skip_broken_tables: bool = False
    """Start even if stored tables no longer replay, leaving them out (they answer 404).
    Off by default: the server refuses to start and names them."""
    bot_workers: int | None = None
    """Processes in which turn-based bots think (default: one per core, see
    :mod:`saustall.server.bot_workers`)."""
    cluster: bool | None = None
    """Run as one of several processes sharing the database (leases, forwarding, NOTIFY;
    see :mod:`saustall.server.cluster`). ``None``: on for PostgreSQL, off for SQLite."""
    lease_seconds: float = 3.0
    """How long a table's lease lasts unrenewed (renewed every third of it): the longest
    a table waits for another process after its owner died."""
    analysis_level: str | None = None
    """The level of the analyses of finished games the page asks for (``None``: the
    game's analysis's default, its strongest; see :mod:`saustall.server.replays`)."""
    analysis_worlds: int | None = None
    """Worlds sampled per decision in those analyses (``None``: the level's default)."""
    analysis_jobs: int = 1
    """Analyses made at once (each one decision at a time in a bot worker, so that the
    bots of running games wait behind at most this many decisions); more wait their turn."""
    settle_heap: bool = False
    """Once started, freeze the start-up objects and make full garbage collections rare
    (:mod:`saustall.server.heap`). ``saustall serve`` turns it on; off in tests, which
    start many servers in one process."""

    def clustered(self, database: str) -> bool:
        """Whether a server on ``database`` runs in cluster mode."""
        if self.cluster is not None:
            return self.cluster
        return database.startswith("postgresql")
