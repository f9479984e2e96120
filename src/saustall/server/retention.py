"""Letting tables go: finished and abandoned tables leave the server's memory.

A finished table stays for :attr:`HubSettings.retain_finished_seconds` after its game
ended (long enough to look at the result and ask for a rematch); a table at which no
seat has an open socket leaves after :attr:`HubSettings.retain_idle_seconds` without any
change. Everything about it stays in the database: its game records remain downloadable
(``GET /api/tables/{id}/record`` reads them from there), and an abandoned table is marked
``closed`` there so that nothing brings it back. A restart loads only live tables
(``lobby`` and ``playing``); a finished table returns from the database on demand (see
:meth:`Hub.table`), for a look at the result or a rematch, and is let go again later.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from saustall.server.lease import log_failed_write
from saustall.server.model import OVER, Table

if TYPE_CHECKING:
    from saustall.server.host import TableHost

log = logging.getLogger("saustall.server.retention")

CLOSED = "closed"
"""Database status of a table let go before its game ended."""

CLOSE_CODE = 4010
"""WebSocket close code for clients of a table that was let go."""


def due(table: Table, now: float, retain_finished: float, retain_idle: float) -> bool:
    """Whether ``table`` should leave memory at monotonic time ``now``."""
    if table.status == OVER and table.finished_at is not None:
        return now - table.finished_at >= retain_finished
    return not table.humans_connected() and now - table.last_active >= retain_idle


async def sweep(hub: "TableHost") -> int:
    """Let go of every table that is due; returns how many went."""
    settings = hub.settings
    gone = 0
    for table in list(hub.tables.values()):
        if not due(table, time.monotonic(), settings.retain_finished_seconds,
                   settings.retain_idle_seconds):
            continue
        async with table.lock:
            if hub.tables.get(table.id) is not table or not due(
                    table, time.monotonic(), settings.retain_finished_seconds,
                    settings.retain_idle_seconds):
                continue
            if table.status != OVER and table.owned:  # a mirror's owner decides that
                try:
                    await hub.store.update_table(table.id, status=CLOSED)
                except Exception as exc:  # keep it in memory; the next sweep tries again
                    log_failed_write(log, exc, "could not mark table %s closed", table.id)
                    continue
            release(table)
            del hub.tables[table.id]
            gone += 1
            if hub.cluster is not None and table.owned:
                await hub.cluster.let_go(table.id)
    if gone:
        log.info("let go of %d tables; %d remain in memory", gone, len(hub.tables))
    return gone


def release(table: Table) -> None:
    """Stop the table's bots, timers and clock, and close its clients."""
    for task in (table.bot_task, table.timer_task):
        if task is not None and task is not asyncio.current_task():
            task.cancel()
    if table.realtime is not None:
        table.realtime.stop()
    if table.spectator_update is not None:
        table.spectator_update.cancel()
        table.spectator_update = None
    for client in table.clients():
        client.close(CLOSE_CODE, "the table was closed")


async def sweep_loop(hub: "TableHost") -> None:
    """Sweep every :attr:`HubSettings.sweep_seconds` until cancelled."""
    while True:
        await asyncio.sleep(hub.settings.sweep_seconds)
        try:
            hub.sources.prune(time.monotonic())
            await sweep(hub)
        except Exception:  # a failed sweep must not end the sweeping
            log.exception("sweeping tables failed")
