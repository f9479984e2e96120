"""Persistence: tables, seats, games and their actions (event-sourced), SQLAlchemy 2 async.

The schema is SQLAlchemy Core, so the same code runs on SQLite (``aiosqlite``, the
default) and PostgreSQL (``asyncpg``). A game is stored as its inputs (game, ruleset,
seat count, options, seed) plus the list of its actions in notation; the live state is
rebuilt by replaying them through the engine.

Writes go through :class:`Store`, which runs them in one writer task and commits
everything queued so far in one transaction (group commit): an awaiting caller resumes
only after its write is committed, which is what lets the server acknowledge an action
only once it is durable.

SQLite runs with a rollback journal (``journal_mode=DELETE``, ``synchronous=FULL``), not
WAL: a committed transaction is in the database file itself, so copying or keeping only
``saustall.db`` never loses an acknowledged action (with WAL, committed transactions live
in ``saustall.db-wal`` until a checkpoint, and deleting that file after a crash silently
lost them). :meth:`Store.open` refuses a database that looks damaged or emptied with
:class:`UnusableDatabase`, whose message says what is wrong and how to recover.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Collection

import sqlalchemy as sa
from sqlalchemy.engine import URL, make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from saustall.core.record import FIRST_REVISION
from saustall.core.rng import STREAM_MT19937
from saustall.server.lease import Fenced, check_fences

log = logging.getLogger("saustall.server.db")

metadata = sa.MetaData()

SCHEMA_VERSION = 4
"""The layout of the tables below; stored in ``saustall_meta`` under ``schema_version``.
Version 2 added ``saustall_games.rng``, the random stream that dealt the game; version 3
``saustall_games.revision``, the revision of the ruleset's rules it is played under;
version 4 the table chat (``saustall_chat``) and ``saustall_tables.spectator_chat``."""
CHAT_KEPT = 100
"""Chat messages kept per table (the newest); older ones are deleted as new ones come."""

meta_t = sa.Table(
    "saustall_meta", metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.String(200), nullable=False),
)

tables_t = sa.Table(
    "saustall_tables", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("invite", sa.String(64), nullable=False),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("ruleset", sa.String(64), nullable=False),
    sa.Column("num_seats", sa.Integer, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("public", sa.Boolean, nullable=False),
    sa.Column("turn_timer", sa.Float, nullable=True),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("game_number", sa.Integer, nullable=False),
    sa.Column("created_at", sa.String(40), nullable=False),
    # Whether spectators may write in the table's chat (schema 4; before: no).
    sa.Column("spectator_chat", sa.Boolean, nullable=False, server_default=sa.false()),
)

seats_t = sa.Table(
    "saustall_seats", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("saustall_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True, index=True),
    sa.Column("bot_level", sa.String(64), nullable=True),
    sa.Column("ready", sa.Boolean, nullable=False),
)

games_t = sa.Table(
    "saustall_games", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("saustall_tables.id"), primary_key=True),
    sa.Column("game_number", sa.Integer, primary_key=True),
    sa.Column("seed", sa.BigInteger, nullable=False),
    # The random stream that dealt the game (saustall.core.rng.STREAMS): the same seed
    # deals differently under another stream. Games stored before version 2 used MT19937.
    sa.Column("rng", sa.String(16), nullable=False, server_default=STREAM_MT19937),
    # The revision of the ruleset's rules (saustall.core.game.Ruleset.revision): a game
    # stored under another is not replayed. Games stored before version 3: the first.
    sa.Column("revision", sa.Integer, nullable=False, server_default=str(FIRST_REVISION)),
    sa.Column("seat_names", sa.JSON, nullable=False),
    sa.Column("started_at", sa.String(40), nullable=False),
)

actions_t = sa.Table(
    "saustall_actions", metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("game_number", sa.Integer, primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("action", sa.String(200), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("time_ms", sa.BigInteger, nullable=False),
    sa.Column("timeout", sa.Boolean, nullable=False),
)


# The table chat (schema 4): with the table, never with a game or in a record. ``id`` orders
# the messages of every process (the database numbers them); ``chat_id`` names a message
# everywhere, so a process that loads a table and hears of a message too keeps it once.
chat_t = sa.Table(
    "saustall_chat", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("saustall_tables.id"), nullable=False,
              index=True),
    sa.Column("chat_id", sa.String(32), nullable=False, unique=True),
    sa.Column("message", sa.JSON, nullable=False),
)
TABLES_SINCE = {chat_t.name: 4}
"""Tables added after the first schema, by the version that added them: a database of an
earlier version lacks them until it is upgraded, and is not damaged for that."""

_CHAT_CUTOFF = (sa.select(chat_t.c.id).where(chat_t.c.table_id == sa.bindparam("tid"))
                .order_by(chat_t.c.id.desc()).offset(CHAT_KEPT - 1).limit(1).scalar_subquery())
TRIM_CHAT = chat_t.delete().where((chat_t.c.table_id == sa.bindparam("tid"))
                                  & (chat_t.c.id < _CHAT_CUTOFF))
"""Deletes a table's chat messages but the newest :data:`CHAT_KEPT` (parameter ``tid``)."""


@dataclass
class StoredSeat:
    """A seat row."""

    seat: int
    kind: str
    name: str | None
    token_hash: str | None
    bot_level: str | None
    ready: bool


@dataclass
class StoredAction:
    """An action row of one game."""

    seq: int
    action: str
    seat: int | None
    time_ms: int
    timeout: bool


@dataclass
class StoredGame:
    """A game row with its actions in order."""

    game_number: int
    seed: int
    seat_names: list[str | None]
    actions: list[StoredAction]
    rng: str = STREAM_MT19937
    """The random stream that dealt it (pass as ``rng_stream`` to ``new_state``)."""
    revision: int = FIRST_REVISION
    """The revision of its ruleset's rules it is played under."""


@dataclass
class StoredTable:
    """A table row with its seats and its latest game."""

    id: str
    invite: str
    game: str
    ruleset: str
    num_seats: int
    options: dict[str, Any]
    public: bool
    turn_timer: float | None
    status: str
    game_number: int
    created_at: str
    seats: list[StoredSeat]
    current: StoredGame | None
    spectator_chat: bool = False
    chat: list[dict[str, Any]] = field(default_factory=list)
    """The table's newest chat messages, oldest first (loaded with its game)."""


Op = tuple[Any, "dict[str, Any] | list[dict[str, Any]]"]
"""One write: a statement and its parameters (a list for executemany)."""

INSERT_ACTION = actions_t.insert()
"""Shared so that the writer can send a batch of actions as one executemany."""

FENCE = "fence"
"""The statement of an op whose parameter is a :class:`saustall.server.lease.Fence`: the
transaction goes ahead only while that lease still holds (see :mod:`~saustall.server.lease`)."""


class UnusableDatabase(Exception):
    """The database looks damaged, emptied or foreign; the message says how to recover."""


SQLITE_HEADER = b"SQLite format 3\x00"


def sqlite_file(url: str) -> Path | None:
    """The file behind a SQLite URL; ``None`` for other databases and in-memory SQLite."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


def recovery_advice(path: Path) -> str:
    """What an operator can do about a damaged SQLite file at ``path``."""
    return (f"How to recover: stop anything using {path}, then either copy the latest backup "
            f"(made with `saustall db backup`) over it, or move it aside to start with no "
            f"tables (mv {path} {path}.damaged). `saustall db check --database URL` tells "
            "whether a file (such as a backup) is sound.")


def refuse(path: Path, what: str) -> UnusableDatabase:
    """The error for a SQLite file at ``path`` that is unusable because of ``what``."""
    path = path.resolve()
    return UnusableDatabase(f"The database {path} {what}.\n{recovery_advice(path)}")


def check_sqlite_file(path: Path) -> None:
    """Refuse a SQLite file that is empty, not SQLite, or lost its write-ahead log.

    A path that does not exist yet is fine: the server creates a new database there.
    """
    if not path.exists():
        return
    if not path.is_file():
        raise refuse(path, "is not a regular file")
    with path.open("rb") as handle:
        header = handle.read(100)
    if not header:
        raise refuse(path, "is empty (0 bytes); a database Saustall has used is never "
                           "empty, so it was truncated or replaced")
    if not header.startswith(SQLITE_HEADER):
        raise refuse(path, "is not a SQLite database (its first bytes are not the SQLite "
                           "header); it was overwritten or is some other file")
    wal = path.with_name(path.name + "-wal")
    shm = path.with_name(path.name + "-shm")
    in_wal_mode = len(header) > 19 and header[18] == 2 and header[19] == 2
    if in_wal_mode and shm.exists() and not wal.exists():
        # Older Saustall versions used WAL; its -shm outlives a crash, the -wal was removed.
        raise refuse(path, f"was left by a crash in write-ahead-log mode and its log {wal} "
                           f"has since been deleted, so the games committed last are lost. "
                           f"If you still have {wal.name}, put it back next to it. To accept "
                           f"the loss instead, delete {shm} and start again")


ASYNC_DRIVERS = {"sqlite": "aiosqlite", "postgresql": "asyncpg"}
"""The driver the server runs each database on (it needs an asyncio driver)."""


def checked_url(url: str) -> URL:
    """``url`` parsed, or :class:`UnusableDatabase` naming what is wrong with it: not a
    database URL, a database the server does not support, or a blocking driver (say
    ``sqlite:///x.db``, which must be ``sqlite+aiosqlite:///x.db``)."""
    try:
        parsed = make_url(url)
    except sa.exc.ArgumentError:
        raise UnusableDatabase(
            f"--database {url!r} is not a database URL; give one like "
            f"sqlite+aiosqlite:///saustall.db or postgresql+asyncpg://user@host/db") from None
    backend = parsed.get_backend_name()
    driver = ASYNC_DRIVERS.get(backend)
    if driver is None:
        raise UnusableDatabase(
            f"--database {parsed.render_as_string(hide_password=True)}: {backend} is not "
            f"supported; use SQLite (sqlite+aiosqlite:///FILE) or PostgreSQL "
            f"(postgresql+asyncpg://...)")
    if parsed.get_driver_name() != driver:
        fixed = parsed.set(drivername=f"{backend}+{driver}")
        raise UnusableDatabase(
            f"--database {parsed.render_as_string(hide_password=True)} names the "
            f"{parsed.get_driver_name()} driver, which blocks; the server needs "
            f"{backend}+{driver}: {fixed.render_as_string(hide_password=True)}")
    return parsed


def engine_for(url: str) -> AsyncEngine:
    """An async engine for ``url``; SQLite gets a durable rollback journal and a busy timeout."""
    parsed = checked_url(url)
    if parsed.get_backend_name() == "sqlite":
        engine = create_async_engine(url, connect_args={"timeout": 30})

        @sa.event.listens_for(engine.sync_engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            # A rollback journal with FULL sync: once COMMIT returns, the transaction is in
            # the database file itself (see docs/deploy.md, "Storage").
            cursor.execute("PRAGMA journal_mode=DELETE")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_async_engine(url, pool_size=5, max_overflow=5)


def prepare_schema(conn: sa.Connection) -> None:
    """Create the schema in a new database; refuse one that lost tables or is too new."""
    present = set(sa.inspect(conn).get_table_names())
    data_tables = {table.name for table in metadata.sorted_tables} - {meta_t.name}
    where = conn.engine.url.render_as_string(hide_password=True)
    if meta_t.name in present:
        version = conn.execute(sa.select(meta_t.c.value).where(
            meta_t.c.key == "schema_version")).scalar()
        if version is None or not version.isdigit():
            raise UnusableDatabase(f"The database {where} has no valid schema version in "
                                   f"{meta_t.name}: it is damaged. Restore a backup.")
        if int(version) > SCHEMA_VERSION:
            raise UnusableDatabase(
                f"The database {where} has schema version {version}, made by a newer "
                f"Saustall; this version knows schema {SCHEMA_VERSION}. Upgrade Saustall.")
        stored_version = int(version)
    elif not present & data_tables:
        metadata.create_all(conn)
        conn.execute(meta_t.insert(), {"key": "schema_version", "value": str(SCHEMA_VERSION)})
        return
    if meta_t.name not in present:
        stored_version = 1
    missing = sorted(name for name in data_tables - present
                     if TABLES_SINCE.get(name, 1) <= stored_version)
    if missing:
        raise UnusableDatabase(
            f"The database {where} was set up by Saustall but its tables "
            f"{', '.join(missing)} are missing: it was emptied or damaged. Restore a backup "
            "(see `saustall db backup`), or point --database at a new file to start afresh.")
    if meta_t.name not in present:  # made before the schema was versioned
        meta_t.create(conn)
        conn.execute(meta_t.insert(), {"key": "schema_version", "value": "1"})
        stored_version = 1
    if stored_version < 2:
        upgrade_to_2(conn)
    if stored_version < 3:
        upgrade_to_3(conn)
    if stored_version < 4:
        upgrade_to_4(conn)


def upgrade_to_2(conn: sa.Connection) -> None:
    """Schema 1 → 2: games name their random stream; the ones stored so far used MT19937."""
    conn.execute(sa.text(f"ALTER TABLE {games_t.name} ADD COLUMN rng VARCHAR(16) NOT NULL "
                         f"DEFAULT '{STREAM_MT19937}'"))
    conn.execute(meta_t.update().where(meta_t.c.key == "schema_version"), {"value": "2"})


def upgrade_to_3(conn: sa.Connection) -> None:
    """Schema 2 → 3: games name the revision of their ruleset's rules; the ones stored so
    far were played under the first (revisions came later)."""
    conn.execute(sa.text(f"ALTER TABLE {games_t.name} ADD COLUMN revision INTEGER NOT NULL "
                         f"DEFAULT {FIRST_REVISION}"))
    conn.execute(meta_t.update().where(meta_t.c.key == "schema_version"), {"value": "3"})


def upgrade_to_4(conn: sa.Connection) -> None:
    """Schema 3 → 4: the table chat is stored; tables stored so far let spectators read
    it only (what they were created with was not kept)."""
    conn.execute(sa.text(f"ALTER TABLE {tables_t.name} ADD COLUMN spectator_chat BOOLEAN "
                         "NOT NULL DEFAULT FALSE"))
    chat_t.create(conn)
    conn.execute(meta_t.update().where(meta_t.c.key == "schema_version"), {"value": "4"})


async def integrity_problems(conn: AsyncConnection, *, full: bool) -> list[str]:
    """SQLite's own check of the file: ``[]`` when sound, else its findings.

    ``full`` runs ``integrity_check`` (which also compares every index with its table);
    otherwise ``quick_check``, which is what the server runs at every start.
    """
    pragma = "PRAGMA integrity_check" if full else "PRAGMA quick_check"
    rows = [str(row[0]) for row in (await conn.exec_driver_sql(pragma)).all()]
    return [] if rows == ["ok"] else rows


def _merged(ops: list[Op]) -> list[Op]:
    """Consecutive inserts of actions folded into one executemany."""
    merged: list[Op] = []
    for statement, params in ops:
        if (statement is INSERT_ACTION and merged and merged[-1][0] is INSERT_ACTION
                and isinstance(params, dict)):
            previous = merged[-1][1]
            rows = previous if isinstance(previous, list) else [previous]
            merged[-1] = (INSERT_ACTION, [*rows, params])
        else:
            merged.append((statement, params))
    return merged


class Store:
    """The server's database: schema set-up, loading, and group-committed writes."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = engine_for(url)
        self._queue: asyncio.Queue[tuple[list[Op], asyncio.Future[None]]] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None
        self.guard: Callable[[str], Op] | None = None
        """In a cluster: the fence op every write of a table must carry (raises
        :class:`~saustall.server.lease.Fenced` for a table this process does not own)."""

    def _guarded(self, table_id: str, ops: list[Op]) -> list[Op]:
        return ops if self.guard is None else [self.guard(table_id), *ops]

    async def open(self) -> None:
        """Check the database, create the schema if it is new, start the writer task.

        Raises :class:`UnusableDatabase` (engine disposed) for a damaged, emptied or
        too-new database instead of starting over it.
        """
        path = sqlite_file(self.url)
        try:
            if path is not None:
                await asyncio.to_thread(check_sqlite_file, path)
            async with self.engine.begin() as conn:
                if conn.dialect.name == "postgresql":  # processes starting together agree
                    await conn.execute(sa.text("SELECT pg_advisory_xact_lock(91512617)"))
                if path is not None:
                    problems = await integrity_problems(conn, full=False)
                    if problems:
                        raise refuse(path, "fails SQLite's integrity check: "
                                     + "; ".join(problems[:5]))
                await conn.run_sync(prepare_schema)
        except sa.exc.DatabaseError as exc:
            await self.engine.dispose()
            code = getattr(exc.orig, "sqlite_errorname", "")
            if path is None or not code.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
                raise
            raise refuse(path, f"is damaged: SQLite says {exc.orig}") from None
        except UnusableDatabase:
            await self.engine.dispose()
            raise
        self._writer = asyncio.create_task(self._write_loop(), name="saustall-db-writer")

    async def close(self) -> None:
        """Finish queued writes, stop the writer and release connections."""
        if self._writer is not None:
            while not self._queue.empty():
                await asyncio.sleep(0.01)
            self._writer.cancel()
            try:
                await self._writer
            except asyncio.CancelledError:
                pass
            self._writer = None
        await self.engine.dispose()

    async def write(self, ops: list[Op]) -> None:
        """Run ``ops`` in one transaction; return once they are committed (or raise)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        await self._queue.put((ops, future))
        await future

    @staticmethod
    async def _run(conn: AsyncConnection, ops: list[Op]) -> None:
        fences = [params for statement, params in ops if statement is FENCE]
        if fences:  # first, so that a stale owner's batch writes nothing
            await check_fences(conn, fences)  # type: ignore[arg-type]
            ops = [op for op in ops if op[0] is not FENCE]
        for statement, params in _merged(ops):
            await conn.execute(statement, params)

    async def _write_loop(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while not self._queue.empty() and len(batch) < 500:
                batch.append(self._queue.get_nowait())
            try:
                async with self.engine.begin() as conn:
                    await self._run(conn, [op for ops, _ in batch for op in ops])
            except Exception as exc:  # one bad write must not fail the others: retry one by one
                # (each write that fails again is reported to, and logged by, its caller;
                # a fenced one is a stale owner's, normal in a cluster takeover)
                log.log(logging.DEBUG if isinstance(exc, Fenced) else logging.WARNING,
                        "group commit failed (%s: %s); retrying %d writes one by one",
                        type(exc).__name__, exc, len(batch))
                for ops, future in batch:
                    try:
                        async with self.engine.begin() as conn:
                            await self._run(conn, ops)
                    except Exception as exc:  # reported to the one caller
                        if not future.done():
                            future.set_exception(exc)
                    else:
                        if not future.done():
                            future.set_result(None)
                continue
            for _, future in batch:
                if not future.done():
                    future.set_result(None)

    # -- writes --------------------------------------------------------------------------
    async def insert_table(self, row: dict[str, Any], seats: list[StoredSeat]) -> None:
        """Store a new table and its seats."""
        await self.write(self._guarded(row["id"], [(tables_t.insert(), row),
                          (seats_t.insert(), [{"table_id": row["id"], **seat.__dict__}
                                              for seat in seats])]))

    def add_chat(self, table_id: str, chat_id: str,
                 message: dict[str, Any]) -> asyncio.Future[None]:
        """Keep one chat message with its table (and only the newest :data:`CHAT_KEPT`):
        queued at once, without waiting (a message goes out before it is stored; the
        queue is written out before the store closes). The future says when it is
        committed, or why not.

        Not fenced: any process may take a message for any table it has clients at."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(([(chat_t.insert(), {"table_id": table_id, "chat_id": chat_id,
                                                    "message": message}),
                                 (TRIM_CHAT, {"tid": table_id})], future))
        return future

    async def update_table(self, table_id: str, **values: Any) -> None:
        """Change table columns."""
        await self.write(self._guarded(
            table_id, [(tables_t.update().where(tables_t.c.id == table_id), values)]))

    @staticmethod
    def _seat_op(table_id: str, seat: StoredSeat) -> Op:
        return (seats_t.update().where((seats_t.c.table_id == table_id)
                                       & (seats_t.c.seat == seat.seat)),
                {"kind": seat.kind, "name": seat.name, "token_hash": seat.token_hash,
                 "bot_level": seat.bot_level, "ready": seat.ready})

    async def update_seat(self, table_id: str, seat: StoredSeat) -> None:
        """Store one seat's current row."""
        await self.write(self._guarded(table_id, [self._seat_op(table_id, seat)]))

    async def update_seats(self, table_id: str, seats: list[StoredSeat]) -> None:
        """Store several seats in one transaction."""
        await self.write(self._guarded(table_id, [self._seat_op(table_id, seat)
                                                  for seat in seats]))

    async def start_game(self, table_id: str, game_number: int, seed: int,
                         seat_names: list[str | None], started_at: str, rng: str,
                         revision: int = FIRST_REVISION) -> None:
        """Store a new game's inputs (seed, random stream and the revision of the rules)
        and mark the table as playing, atomically."""
        await self.write(self._guarded(table_id, [
            (games_t.insert(), {"table_id": table_id, "game_number": game_number, "seed": seed,
                                "rng": rng, "revision": revision, "seat_names": seat_names,
                                "started_at": started_at}),
            (tables_t.update().where(tables_t.c.id == table_id),
             {"status": "playing", "game_number": game_number})]))

    async def append_action(self, table_id: str, game_number: int, action: StoredAction,
                            status: str | None = None) -> None:
        """Append one action (and, if given, the table's new status) durably."""
        ops: list[Op] = [(INSERT_ACTION, {
            "table_id": table_id, "game_number": game_number, "seq": action.seq,
            "action": action.action, "seat": action.seat, "time_ms": action.time_ms,
            "timeout": action.timeout})]
        if status is not None:
            ops.append((tables_t.update().where(tables_t.c.id == table_id), {"status": status}))
        await self.write(self._guarded(table_id, ops))

    # -- reads ---------------------------------------------------------------------------
    async def load_tables(self, statuses: Collection[str] | None = None) -> list[StoredTable]:
        """Tables (only those whose status is in ``statuses``, if given) with their seats
        and latest game, for rebuilding after a restart."""
        async with self.engine.connect() as conn:
            query = sa.select(tables_t)
            seat_query = sa.select(seats_t).order_by(seats_t.c.table_id, seats_t.c.seat)
            if statuses is not None:
                query = query.where(tables_t.c.status.in_(list(statuses)))
                seat_query = seat_query.where(seats_t.c.table_id.in_(
                    sa.select(tables_t.c.id).where(tables_t.c.status.in_(list(statuses)))))
            return await self._load_tables(conn, query, seat_query, with_game=True)

    async def load_open_tables(self, limit: int = 300) -> list[StoredTable]:
        """The newest public lobby tables with their seats (free seats not checked)."""
        newest = (sa.select(tables_t.c.id).where(
            (tables_t.c.status == "lobby") & tables_t.c.public)
            .order_by(tables_t.c.created_at.desc()).limit(limit))
        async with self.engine.connect() as conn:
            ids = [row[0] for row in (await conn.execute(newest)).all()]
            found = await self._load_tables(
                conn, sa.select(tables_t).where(tables_t.c.id.in_(ids)),
                sa.select(seats_t).where(seats_t.c.table_id.in_(ids))
                .order_by(seats_t.c.table_id, seats_t.c.seat), with_game=False)
        found.sort(key=lambda t: (t.created_at, t.id), reverse=True)  # the same order anywhere
        return found

    async def load_table(self, table_id: str, with_game: bool = False) -> StoredTable | None:
        """One table with its seats (and its latest game if ``with_game``), or ``None``."""
        async with self.engine.connect() as conn:
            found = await self._load_tables(
                conn, sa.select(tables_t).where(tables_t.c.id == table_id),
                sa.select(seats_t).where(seats_t.c.table_id == table_id)
                .order_by(seats_t.c.seat), with_game=with_game)
        return found[0] if found else None

    async def _load_tables(self, conn: AsyncConnection, query: Any, seat_query: Any,
                           with_game: bool) -> list[StoredTable]:
        table_rows = (await conn.execute(query)).mappings().all()
        seat_rows = (await conn.execute(seat_query)).mappings().all()
        seats: dict[str, list[StoredSeat]] = {}
        for row in seat_rows:
            seats.setdefault(row["table_id"], []).append(StoredSeat(
                seat=row["seat"], kind=row["kind"], name=row["name"],
                token_hash=row["token_hash"], bot_level=row["bot_level"],
                ready=bool(row["ready"])))
        chats: dict[str, list[dict[str, Any]]] = {}
        if with_game and table_rows:
            chat_rows = (await conn.execute(sa.select(chat_t.c.table_id, chat_t.c.message)
                         .where(chat_t.c.table_id.in_([row["id"] for row in table_rows]))
                         .order_by(chat_t.c.id))).all()
            for table_id, message in chat_rows:
                chats.setdefault(table_id, []).append(dict(message))
        result: list[StoredTable] = []
        for row in table_rows:
            current = (await self._load_game(conn, row["id"], row["game_number"])
                       if with_game else None)
            result.append(StoredTable(
                id=row["id"], invite=row["invite"], game=row["game"], ruleset=row["ruleset"],
                num_seats=row["num_seats"], options=dict(row["options"]),
                public=bool(row["public"]), turn_timer=row["turn_timer"],
                status=row["status"], game_number=row["game_number"],
                created_at=row["created_at"], seats=seats.get(row["id"], []),
                current=current, spectator_chat=bool(row["spectator_chat"]),
                chat=chats.get(row["id"], [])[-CHAT_KEPT:]))
        return result

    async def load_game(self, table_id: str, game_number: int) -> StoredGame | None:
        """One game of a table with its actions, or ``None``."""
        async with self.engine.connect() as conn:
            return await self._load_game(conn, table_id, game_number)

    @staticmethod
    async def _load_game(conn: AsyncConnection, table_id: str,
                         game_number: int) -> StoredGame | None:
        row = (await conn.execute(sa.select(games_t).where(
            (games_t.c.table_id == table_id) & (games_t.c.game_number == game_number)
        ))).mappings().first()
        if row is None:
            return None
        actions = (await conn.execute(sa.select(actions_t).where(
            (actions_t.c.table_id == table_id) & (actions_t.c.game_number == game_number)
        ).order_by(actions_t.c.seq))).mappings().all()
        return StoredGame(
            game_number=game_number, seed=int(row["seed"]), rng=str(row["rng"]),
            revision=int(row["revision"]),
            seat_names=list(row["seat_names"]),
            actions=[StoredAction(seq=a["seq"], action=a["action"], seat=a["seat"],
                                  time_ms=int(a["time_ms"]), timeout=bool(a["timeout"]))
                     for a in actions])

    async def load_actions_after(self, table_id: str, game_number: int,
                                 seq: int) -> list[StoredAction]:
        """The actions of one game after ``seq``, in order (a mirror catching up)."""
        async with self.engine.connect() as conn:
            rows = (await conn.execute(sa.select(actions_t).where(
                (actions_t.c.table_id == table_id) & (actions_t.c.game_number == game_number)
                & (actions_t.c.seq > seq)).order_by(actions_t.c.seq))).mappings().all()
        return [StoredAction(seq=a["seq"], action=a["action"], seat=a["seat"],
                             time_ms=int(a["time_ms"]), timeout=bool(a["timeout"]))
                for a in rows]
