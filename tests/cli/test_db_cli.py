"""``saustall db check`` and ``saustall db backup`` on real databases written by a server."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from pathlib import Path

import httpx
from typer.testing import CliRunner

from saustall.cli.main import app
from tests.server.conftest import (  # noqa: F401 (played, pristine: the fixtures)
    LiveServer,
    PlayedDatabase,
    Wire,
    bearer,
    create,
    play_to_end,
    played,
    pristine,
    quick_settings,
)

SETTINGS = quick_settings()




def cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def stored_table_ids(path: Path, live_only: bool = False) -> set[str]:
    """The ids of the tables stored in the SQLite file (only lobby and playing ones)."""
    query = "SELECT id FROM saustall_tables"
    if live_only:
        query += " WHERE status IN ('lobby', 'playing')"
    connection = sqlite3.connect(path)
    ids = {row[0] for row in connection.execute(query)}
    connection.close()
    return ids


def test_check_passes_a_sound_database_and_names_what_it_checked(
        played: PlayedDatabase) -> None:
    code, output = cli("db", "check", "--database", played.url)
    assert code == 0, output
    assert "integrity check: ok" in output
    assert "3 tables, 2 games" in output and "ok: the server can start on it" in output


def test_check_names_a_table_whose_game_no_longer_replays(played: PlayedDatabase) -> None:
    connection = sqlite3.connect(played.path)
    with connection:
        connection.execute("UPDATE saustall_actions SET action = 'fly away' "
                           "WHERE table_id = ? AND seq = 1", (played.finished,))
    connection.close()
    code, output = cli("db", "check", "--database", played.url)
    assert code == 1
    assert f"table {played.finished}" in output and "action 1 'fly away'" in output
    assert "1 problem(s) found" in output


def test_check_refuses_tables_stored_under_another_ruleset_revision(
        played: PlayedDatabase) -> None:
    connection = sqlite3.connect(played.path)
    with connection:
        connection.execute("UPDATE saustall_games SET revision = 2 WHERE table_id IN (?, ?)",
                           (played.midgame, played.finished))
    connection.close()
    code, output = cli("db", "check", "--database", played.url)
    said = " ".join(output.split())
    assert code == 1, output
    for table in (played.midgame, played.finished):
        assert (f"table {table}: its game 1 was made under drecksau/dirty-pig revision 2, but "
                "this Saustall plays revision 1") in said, said
    assert "2 problem(s) found" in said


def test_check_reports_a_damaged_file_and_a_missing_one(tmp_path: Path,
                                                       played: PlayedDatabase) -> None:
    connection = sqlite3.connect(played.path)
    page_size = connection.execute("PRAGMA page_size").fetchone()[0]
    root = connection.execute("SELECT rootpage FROM sqlite_master "
                              "WHERE name = 'saustall_actions'").fetchone()[0]
    connection.close()
    with played.path.open("r+b") as handle:
        handle.seek((root - 1) * page_size + 8)
        handle.write(bytes(range(7, 250)) * 8)
    code, output = cli("db", "check", "--database", played.url)
    assert code == 1
    # SQLite notices either while copying the file or in its integrity check
    assert "the file is damaged" in output or "SQLite integrity check: " in output

    missing = tmp_path / "nowhere.db"
    code, output = cli("db", "check", "--database", f"sqlite+aiosqlite:///{missing}")
    assert code == 1 and f"there is no database at {missing}" in output
    assert not missing.exists()  # checking never creates a database


async def test_backup_while_the_server_writes_is_sound_and_starts_with_the_same_tables(
        played: PlayedDatabase, tmp_path: Path) -> None:
    live = LiveServer(played.url, SETTINGS)
    await live.start()
    backup = tmp_path / "backups" / "saustall-backup.db"
    backup.parent.mkdir()
    stop = asyncio.Event()
    created: list[str] = []
    try:
        async with httpx.AsyncClient(base_url=live.base, timeout=10) as http:

            async def keep_writing() -> None:
                while not stop.is_set():
                    table = await create(http, game="drecksau", seats=2, name="Dora",
                                         bots=["random"])
                    created.append(table["table_id"])
                    await http.post(f"/api/tables/{table['table_id']}/start",
                                    headers=bearer(table["token"]))
                    wire = await Wire.open(live, table["table_id"], token=table["token"])
                    game = asyncio.create_task(play_to_end(wire))
                    await asyncio.wait([game], timeout=0.2)  # a few actions, then the next
                    game.cancel()
                    await asyncio.gather(game, return_exceptions=True)
                    await wire.close()

            writer = asyncio.create_task(keep_writing())
            while not created:
                await asyncio.sleep(0.01)
            command = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "saustall.cli.main", "db", "backup", str(backup),
                "--database", played.url,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
            output = (await command.communicate())[0].decode()
            written_during = len(created)
            while len(created) <= written_during:  # the server goes on writing after it
                await asyncio.sleep(0.01)
            stop.set()
            await writer
    finally:
        await live.stop()
    assert command.returncode == 0, output
    assert f"Backed up to {backup}" in output and "integrity ok" in output

    code, report = await asyncio.to_thread(cli, "db", "check", "--database",
                                           f"sqlite+aiosqlite:///{backup}")
    assert code == 0, report
    in_backup = stored_table_ids(backup)
    assert played.table_ids <= in_backup and in_backup - played.table_ids <= set(created)
    restored = LiveServer(f"sqlite+aiosqlite:///{backup}", SETTINGS)
    await restored.start()
    try:
        # the server holds the live tables; the finished ones stay on disk until asked for
        assert set(restored.hub.tables) == stored_table_ids(backup, live_only=True)
        for table_id in in_backup:
            assert (await restored.hub.table(table_id)).id == table_id
    finally:
        await restored.stop()


def test_backup_never_overwrites_and_sends_postgresql_to_pg_dump(
        played: PlayedDatabase, tmp_path: Path) -> None:
    existing = tmp_path / "existing.db"
    existing.write_bytes(b"keep me")
    code, output = cli("db", "backup", str(existing), "--database", played.url)
    assert code == 1 and "already exists" in output
    assert existing.read_bytes() == b"keep me"

    target = tmp_path / "pg.db"
    code, output = cli("db", "backup", str(target), "--database",
                       "postgresql+asyncpg://saustall:secret@db.example:5432/saustall")
    assert code == 1 and not target.exists()
    assert "pg_dump --format=custom" in output and "pg_restore" in output
    assert "postgresql://saustall:***@db.example:5432/saustall" in output
    assert "secret" not in output
