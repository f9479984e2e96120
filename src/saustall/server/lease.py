"""Per-table leases in PostgreSQL: who decides a table's action order, and since when.

A lease is a row of ``saustall_leases``: the table, the owning process, an expiry on the
database's clock and a fencing number that grows on every takeover. The owner renews
all its leases in one statement about every third of the lease time; a process that
finds a lease expired takes it over with one conditional upsert, which the database
serialises, so at most one process wins. Every write of an owned table is checked
against the owner's fence inside its transaction (``SELECT ... FOR SHARE``, see
:func:`check_fences`): a takeover has to wait for that transaction, and a stale owner's
write fails instead of landing after the new owner has read the table. Nothing here is
a consensus protocol of our own: the database decides.

Events between processes use LISTEN/NOTIFY on the same database (:class:`Notifier`).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import sqlalchemy as sa
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection

log = logging.getLogger("saustall.server.lease")

LEASES = "saustall_leases"
PROCESSES = "saustall_processes"
"""A row per live server process, renewed with its leases (see :meth:`Leases.beat`)."""
SPILLED = "saustall_spilled"
"""Forwarded requests and answers too large for a notification, each read (and deleted)
by the process the notification that names it goes to (see
:mod:`saustall.server.forwarding`)."""
EVENTS_CHANNEL = "saustall_events"
"""Every process listens here: small payloads naming a table that changed."""
NOTIFY_LIMIT = 7900
"""The most bytes a notification's payload may have: PostgreSQL refuses 8000 or more
(in the server encoding), so some room is kept."""

SCHEMA = f"""
CREATE TABLE IF NOT EXISTS {LEASES} (
    table_id VARCHAR(32) PRIMARY KEY,
    owner VARCHAR(64) NOT NULL,
    fence BIGINT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS {PROCESSES} (
    id VARCHAR(64) PRIMARY KEY,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS {SPILLED} (
    id BIGSERIAL PRIMARY KEY,
    body TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
)"""

SCHEMA_LOCK = 0x5A57A11
"""Advisory lock key taken while creating schema, so processes starting together agree."""


class Fenced(Exception):
    """A write for a table this process no longer owns (another took it over)."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id} is owned by another server process now")
        self.table_id = table_id


def log_failed_write(logger: logging.Logger, exc: BaseException, message: str,
                     *args: Any) -> None:
    """Log a write that failed with ``exc``.

    A fenced write (this process lost the table's lease: normal in a cluster takeover,
    another process goes on with the table) is a WARNING of one line; anything else an
    ERROR with its traceback, for an operator to look at.
    """
    if isinstance(exc, Fenced):
        logger.warning(message + ": %s", *args, exc)
    else:
        logger.error(message, *args, exc_info=exc)


@dataclass(frozen=True)
class Fence:
    """What an owner's write must still find in the lease row to be allowed."""

    table_id: str
    owner: str
    fence: int


async def check_fences(conn: AsyncConnection, fences: Sequence[Fence]) -> None:
    """Raise :class:`Fenced` unless every lease still names its owner and fence.

    The rows are share-locked in table order (renewals lock in the same order, so the
    two never deadlock) until the surrounding transaction ends.
    """
    ids = sorted({f.table_id for f in fences})
    rows = (await conn.execute(sa.text(
        f"SELECT table_id, owner, fence FROM {LEASES} WHERE table_id = ANY(:ids) "
        "ORDER BY table_id FOR SHARE"), {"ids": ids})).all()
    found = {row[0]: (row[1], int(row[2])) for row in rows}
    for fence in fences:
        if found.get(fence.table_id) != (fence.owner, fence.fence):
            raise Fenced(fence.table_id)


def asyncpg_dsn(url: str) -> str:
    """The plain ``postgresql://`` DSN asyncpg takes for a SQLAlchemy URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def is_postgres(url: str) -> bool:
    """Whether ``url`` names a PostgreSQL database."""
    return make_url(url).get_backend_name() == "postgresql"


class Leases:
    """The lease operations of one process (``owner``), on a small asyncpg pool."""

    def __init__(self, pool: Any, owner: str, seconds: float) -> None:
        self.pool = pool
        self.owner = owner
        self.seconds = seconds

    async def create_schema(self) -> None:
        """Create the lease table if it is not there yet."""
        async with self.pool.acquire() as conn:
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock($1)", SCHEMA_LOCK)
                await conn.execute(SCHEMA)

    async def acquire(self, table_id: str) -> int | None:
        """Take the table's lease if it is free, expired or ours; its new fence, else None."""
        async with self.pool.acquire() as conn:
            fence = await conn.fetchval(
                f"INSERT INTO {LEASES} AS l (table_id, owner, fence, expires_at) "
                "VALUES ($1, $2, 1, now() + make_interval(secs => $3)) "
                "ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, "
                "fence = l.fence + 1, expires_at = EXCLUDED.expires_at "
                "WHERE l.expires_at < now() OR l.owner = EXCLUDED.owner RETURNING fence",
                table_id, self.owner, self.seconds)
        return None if fence is None else int(fence)

    async def renew(self) -> dict[str, int]:
        """Extend every lease this process holds; the tables still ours, with fences."""
        async with self.pool.acquire() as conn:
            rows = await conn.fetch(
                f"UPDATE {LEASES} SET expires_at = now() + make_interval(secs => $2) "
                f"WHERE table_id IN (SELECT table_id FROM {LEASES} WHERE owner = $1 "
                "ORDER BY table_id FOR UPDATE) RETURNING table_id, fence",
                self.owner, self.seconds)
        return {row[0]: int(row[1]) for row in rows}

    async def release(self, table_ids: Sequence[str] | None = None) -> None:
        """Let leases expire now (all of ours, or those given) so others take them at once.

        The row stays, so the next owner's fence is higher than any fence we wrote with.
        """
        async with self.pool.acquire() as conn:
            if table_ids is None:
                await conn.execute(f"UPDATE {LEASES} SET expires_at = now() - interval '1 s' "
                                   "WHERE owner = $1", self.owner)
            else:
                await conn.execute(f"UPDATE {LEASES} SET expires_at = now() - interval '1 s' "
                                   "WHERE owner = $1 AND table_id = ANY($2)",
                                   self.owner, list(table_ids))

    async def holder(self, table_id: str) -> str | None:
        """The process holding an unexpired lease on the table, or None."""
        async with self.pool.acquire() as conn:
            owner: str | None = await conn.fetchval(
                f"SELECT owner FROM {LEASES} WHERE table_id = $1 AND expires_at >= now()",
                table_id)
        return owner

    async def beat(self) -> set[str]:
        """Mark this process alive for the lease time; the processes alive now.

        Rows of processes dead for an hour are deleted on the way.
        """
        async with self.pool.acquire() as conn:
            rows = await conn.fetch(
                f"WITH gone AS (DELETE FROM {PROCESSES} WHERE expires_at < now() - "
                "interval '1 hour'), me AS (INSERT INTO "
                f"{PROCESSES} (id, expires_at) VALUES ($1, now() + make_interval(secs => $2)) "
                "ON CONFLICT (id) DO UPDATE SET expires_at = EXCLUDED.expires_at) "
                f"SELECT id FROM {PROCESSES} WHERE expires_at >= now()",
                self.owner, self.seconds)
        return {row[0] for row in rows} | {self.owner}

    async def forget(self) -> None:
        """This process stops: it is no longer alive for the others."""
        async with self.pool.acquire() as conn:
            await conn.execute(f"DELETE FROM {PROCESSES} WHERE id = $1", self.owner)

    async def orphans(self, limit: int = 200) -> list[str]:
        """Live tables (running games, lobbies) whose lease lapsed (their process died)
        or that never had one."""
        async with self.pool.acquire() as conn:
            rows = await conn.fetch(
                f"SELECT t.id FROM saustall_tables t LEFT JOIN {LEASES} l ON l.table_id = t.id "
                "WHERE t.status IN ('lobby', 'playing') AND (l.table_id IS NULL OR l.expires_at < now()) "
                "ORDER BY random() LIMIT $1", limit)
        return [row[0] for row in rows]


class Notifier:
    """Sends NOTIFYs in order, batching whatever queued up into one round trip."""

    def __init__(self, pool: Any) -> None:
        self.pool = pool
        self.queue: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start the sending task."""
        self.task = asyncio.create_task(self._loop(), name="saustall-notifier")

    def send(self, channel: str, payload: str) -> None:
        """Queue one notification (sent soon, in order with the others)."""
        size = len(payload.encode("utf-8"))
        if size > NOTIFY_LIMIT:  # a fault of the caller: what it sends must fit by itself
            log.error("notification on %s too large (%d bytes); dropped", channel, size)
            return
        self.queue.put_nowait((channel, payload))

    async def flush(self, timeout: float = 2.0) -> None:
        """Wait (a while at most) until everything queued was sent."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not self.queue.empty() and loop.time() < end:
            await asyncio.sleep(0.01)

    async def close(self) -> None:
        """Stop sending."""
        if self.task is not None:
            self.task.cancel()
            try:
                await self.task
            except asyncio.CancelledError:
                pass

    async def _loop(self) -> None:
        # One connection kept for the sender's life: taking one from the pool per batch
        # cost a reset round trip (asyncpg's UNLISTEN, RESET ALL, ...) on every return.
        conn: Any = None
        try:
            while True:
                batch = [await self.queue.get()]
                while not self.queue.empty() and len(batch) < 500:
                    batch.append(self.queue.get_nowait())
                try:
                    if conn is None:
                        conn = await self.pool.acquire()
                    await conn.execute(
                        "SELECT pg_notify(c, p) FROM unnest($1::text[], $2::text[]) AS x(c, p)",
                        [c for c, _ in batch], [p for _, p in batch])
                except asyncio.CancelledError:
                    raise
                except Exception:  # the database is away: the lease logic notices too
                    log.exception("could not send %d notifications", len(batch))
                    await self._give_back(conn)
                    conn = None
        finally:
            await self._give_back(conn)

    async def _give_back(self, conn: Any) -> None:
        """Return ``conn`` (if any) to the pool; a broken one is closed there."""
        if conn is not None:
            try:
                await self.pool.release(conn)
            except Exception:  # already closed with the pool
                log.debug("notification connection not returned", exc_info=True)


async def listen(dsn: str, channels: dict[str, Callable[[str], None]]) -> Any:
    """A dedicated asyncpg connection listening on ``channels`` (name -> callback)."""
    import asyncpg

    conn = await asyncpg.connect(dsn)
    for channel, callback in channels.items():
        def relay(_conn: Any, _pid: int, _channel: str, payload: str,
                  callback: Callable[[str], None] = callback) -> None:
            try:
                callback(payload)
            except Exception:  # one bad notification must not stop the listener
                log.exception("handling a notification failed")
        await conn.add_listener(channel, relay)
    return conn
