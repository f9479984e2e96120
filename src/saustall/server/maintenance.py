"""Database upkeep for operators: ``saustall db check`` and ``saustall db backup``.

Both are safe while the server runs. SQLite files are copied with SQLite's online backup
API (:meth:`sqlite3.Connection.backup`), which takes a consistent snapshot; the check runs
on such a snapshot, so a long ``integrity_check`` never holds up the server's writes.
PostgreSQL keeps its own storage sound; for it the check replays the stored games and
the backup is left to ``pg_dump``.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from saustall.core import registry
from saustall.core.errors import RulesetRevisionError
from saustall.server.db import (
    Store,
    UnusableDatabase,
    check_sqlite_file,
    games_t,
    metadata,
    meta_t,
    sqlite_file,
)
from saustall.server.restore import REPLAY_ERRORS
from saustall.server.tables import Hub


@dataclass
class CheckReport:
    """What ``saustall db check`` found."""

    where: str
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    tables: int = 0
    games: int = 0
    actions: int = 0

    @property
    def ok(self) -> bool:
        """True when nothing is wrong."""
        return not self.problems


def _snapshot(source: Path, target: Path) -> None:
    """Copy the SQLite database ``source`` to the new file ``target``, consistently."""
    # mode=rw: never create a missing file; a hot journal left by a crash is rolled back.
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=rw", uri=True, timeout=30)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)  # one step: a consistent copy even while the server writes
            dst.execute("PRAGMA journal_mode=DELETE")  # a copy of an old WAL-mode file
        finally:
            dst.close()
    finally:
        src.close()


def _integrity(path: Path) -> list[str]:
    connection = sqlite3.connect(path)
    try:
        rows = [str(row[0]) for row in connection.execute("PRAGMA integrity_check")]
    finally:
        connection.close()
    return [] if rows == ["ok"] else rows


async def _saustall_tables(url: str) -> set[str]:
    engine = create_async_engine(url)
    try:
        async with engine.connect() as conn:
            names = await conn.run_sync(lambda sync: set(sa.inspect(sync).get_table_names()))
    finally:
        await engine.dispose()
    return names & {table.name for table in metadata.sorted_tables}


async def _replay(url: str, report: CheckReport) -> None:
    """Rebuild every table's current game as the server would, and replay older games."""
    present = await _saustall_tables(url)
    if not present - {meta_t.name}:
        report.problems.append("it holds no Saustall tables (not a Saustall database, or "
                               "emptied)")
        return
    store = Store(url)
    try:
        await store.open()
    except UnusableDatabase as exc:
        report.problems.append(str(exc))
        return
    hub = Hub(store)
    try:
        stored = await store.load_tables()
        report.tables = len(stored)
        report.problems += [str(problem) for problem in hub.restore(stored)]
        async with store.engine.connect() as conn:
            game_rows = (await conn.execute(sa.select(games_t.c.table_id,
                                                      games_t.c.game_number))).all()
        report.games = len(game_rows)
        by_id = {table.id: table for table in stored}
        for table_id, number in game_rows:
            table = by_id.get(table_id)
            if table is None:
                report.problems.append(f"game {number} belongs to table {table_id}, "
                                       "which is not stored")
                continue
            game = await store.load_game(table_id, number)
            assert game is not None
            report.actions += len(game.actions)
            if number == table.game_number:
                continue  # replayed above, as the server does at start
            try:
                engine = registry.get(table.game, table.ruleset)
                if game.revision != engine.ruleset.revision:
                    raise RulesetRevisionError(f"game {number}", table.game, table.ruleset,
                                               game.revision, engine.ruleset.revision)
                state = engine.new_state(table.num_seats, game.seed, table.options,
                                         rng_stream=game.rng)
                for step in game.actions:
                    state.apply(engine.decode_action(step.action))
            except REPLAY_ERRORS as exc:
                report.problems.append(f"table {table_id}: finished game {number} no longer "
                                       f"replays (its record cannot be downloaded): {exc}")
    finally:
        await hub.close()
        await store.close()


async def check_database(url: str) -> CheckReport:
    """Check the database at ``url`` as ``saustall db check`` does (read-only)."""
    report = CheckReport(make_url(url).render_as_string(hide_password=True))
    path = sqlite_file(url)
    if make_url(url).get_backend_name() != "sqlite":
        try:
            await _replay(url, report)
        except (sa.exc.OperationalError, OSError) as exc:
            report.problems.append(f"cannot reach the database: {exc}")
        else:
            report.notes.append("PostgreSQL keeps its storage consistent itself; checked "
                                "that every stored game replays")
        return report
    if path is None:
        report.problems.append("an in-memory SQLite database has nothing to check")
        return report
    if not path.exists():
        report.problems.append(f"there is no database at {path.resolve()}")
        return report
    try:
        check_sqlite_file(path)
    except UnusableDatabase as exc:
        report.problems.append(str(exc))
        return report
    with tempfile.TemporaryDirectory(prefix="saustall-check-") as workdir:
        copy = Path(workdir) / "snapshot.db"
        try:
            await asyncio.to_thread(_snapshot, path, copy)
            problems = await asyncio.to_thread(_integrity, copy)
        except sqlite3.DatabaseError as exc:
            report.problems.append(f"the file is damaged: SQLite says {exc}")
            return report
        if problems:
            report.problems += [f"SQLite integrity check: {line}" for line in problems[:20]]
            report.notes.append("games were not replayed: the file itself is damaged")
            return report
        report.notes.append("SQLite integrity check: ok")
        await _replay(f"sqlite+aiosqlite:///{copy}", report)
    return report


def pg_dump_advice(url: str) -> str:
    """How to back up a PostgreSQL database, since ``saustall db backup`` copies SQLite only."""
    parsed = make_url(url)
    libpq = parsed.set(drivername="postgresql").render_as_string(hide_password=True)
    return ("saustall db backup copies SQLite files only; back up PostgreSQL with its own "
            "tools, which are safe while the server runs:\n"
            f"  pg_dump --format=custom --file saustall.dump '{libpq}'\n"
            "and restore into an empty database with\n"
            f"  pg_restore --no-owner --dbname '{libpq}' saustall.dump\n"
            "(the password, shown as ***, comes from ~/.pgpass or PGPASSWORD).")


def backup_sqlite(url: str, dest: Path) -> list[str]:
    """Copy the SQLite database at ``url`` to the new file ``dest`` while it may be in use.

    Returns the integrity check's findings on the copy (``[]`` when sound). Raises
    :class:`UnusableDatabase` when there is nothing sound to copy or ``dest`` exists.
    """
    path = sqlite_file(url)
    if path is None:
        raise UnusableDatabase("backups of in-memory databases make no sense")
    if not path.exists():
        raise UnusableDatabase(f"there is no database at {path.resolve()}")
    if dest.exists():
        raise UnusableDatabase(f"{dest} already exists; name a new file for the backup")
    if not dest.parent.is_dir():
        raise UnusableDatabase(f"the folder {dest.parent} does not exist")
    check_sqlite_file(path)
    partial = dest.with_name(f".{dest.name}.partial")
    try:
        _snapshot(path, partial)
        problems = _integrity(partial)
        with partial.open("rb+") as handle:
            os.fsync(handle.fileno())
        partial.rename(dest)  # a backup file is complete or absent
    except sqlite3.DatabaseError as exc:
        raise UnusableDatabase(f"SQLite cannot copy {path.resolve()}: {exc}") from None
    finally:
        partial.unlink(missing_ok=True)
    return problems
