"""What the server's satellites may ask of the hub that holds the tables.

The cluster and its forwarding, the real-time driver and its adapters, record downloads,
retention and the metrics work on tables that :class:`saustall.server.tables.Hub` holds.
They depend on these two small interfaces instead of on the hub itself (and never on
its private methods): :class:`TableHost` for a table's life (store, apply and announce an
action, start its bots and timer, give a real-time table its driver), and
:class:`LobbyHost` for the lobby requests that :mod:`saustall.server.operations` runs
where a table is owned. ``Hub`` is both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

if TYPE_CHECKING:  # (annotations only: no module here imports the hub's modules at run time)
    from saustall.bots.base import Bot
    from saustall.core.game import Action
    from saustall.server.cluster import Cluster
    from saustall.server.db import Store
    from saustall.server.limits import SourceLimits
    from saustall.server.metrics import Metrics
    from saustall.server.model import Client, Seat, Table
    from saustall.server.settings import HubSettings

__all__ = ["LobbyHost", "TableHost"]


class TableHost(Protocol):
    """The tables of this process and what runs them."""

    tables: dict[str, Table]
    """The tables this process holds (owned, or mirrored from another process)."""
    store: Store
    settings: HubSettings
    metrics: Metrics
    sources: SourceLimits
    cluster: Cluster | None
    """The process's part in a cluster (PostgreSQL), or None when it serves alone."""

    async def commit(self, table: Table, seat: int | None, action: Action, *,
                     client: Client | None = None, msg_id: Any = None,
                     timeout: bool = False, time_ms: int | None = None,
                     apply: Callable[[], None] | None = None) -> None:
        """Store, apply and announce one legal action (the caller holds the table's lock);
        the ack or error goes to ``client``."""

    def announce(self, table: Table, seq: int, notation: str, event: dict[str, Any],
                 over: bool) -> None:
        """Tell everyone at ``table`` of a stored action already applied to its state."""

    def after_change(self, table: Table, announce_deadline: bool = True) -> None:
        """Start the bots and turn timer the table's new position needs."""

    def attach_realtime(self, table: Table) -> None:
        """Give a dealt real-time table its driver."""

    def bot_for(self, table: Table, seat: Seat) -> Bot:
        """The bot playing ``seat``, created on first use."""

    async def judge(self, table: Table, seat: int, text: str, msg_id: Any,
                    client: Client) -> None:
        """Judge a seat's action at an owned table; the answer goes to ``client``."""

    def seat_of(self, table: Table, token: str | None) -> int:
        """The seat a token belongs to, or a 401 error."""

    def check_invite(self, table: Table, invite: Any) -> None:
        """Raise a 403 error unless ``invite`` is the table's invite."""


class LobbyHost(TableHost, Protocol):
    """A :class:`TableHost` that also answers the lobby requests (join, leave, ready,
    bots, start, rematch) for the tables it owns."""

    async def join(self, table_id: str, invite: Any, name: Any, seat_no: Any,
                   key: str) -> tuple[Table, int]:
        """Take a free seat with the invite code; the table and the seat."""

    async def leave(self, table_id: str, key: str | None) -> Table:
        """Give up a seat."""

    async def set_ready(self, table_id: str, key: str | None, ready: Any) -> Table:
        """Mark a seat ready or not in the lobby."""

    async def add_bot(self, table_id: str, key: str | None, level: Any,
                      seat_no: Any) -> tuple[Table, int]:
        """Seat a bot of ``level`` in a free seat."""

    async def remove_bot(self, table_id: str, key: str | None, seat_no: int) -> Table:
        """Take a bot off its seat."""

    async def start(self, table_id: str, key: str | None) -> Table:
        """Deal a new game."""

    async def rematch(self, table_id: str, key: str | None) -> Table:
        """Back to the lobby with the same seats for the next game."""
