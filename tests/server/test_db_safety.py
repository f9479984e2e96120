"""A damaged, emptied or half-lost database stops the server with a message saying how to
recover, instead of the server starting over it and dropping games without a word.

The databases are real: written by a server that played games (see
:func:`play_some_games`), then damaged the ways files get damaged.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from saustall.server.app import create_app
from saustall.server.maintenance import check_database
from saustall.server.tables import HubSettings
from tests.server.conftest import LiveServer, PlayedDatabase, Wire, free_port, quick_settings
from tests.server.test_recovery import seat_up, start_server, start_table, stop_server

SETTINGS = quick_settings()




async def refusal(database: str, settings: HubSettings = SETTINGS) -> str:
    """The error with which the server refuses to start on ``database``."""
    app = create_app(database, settings=settings, static_dir=None)
    with pytest.raises(Exception) as info:
        async with app.router.lifespan_context(app):
            pass
    assert type(info.value).__name__ == "UnusableDatabase", repr(info.value)
    return str(info.value)


def sql(path: Path, *statements: str) -> None:
    connection = sqlite3.connect(path)
    with connection:
        for statement in statements:
            connection.execute(statement)
    connection.close()


async def test_a_new_path_starts_fresh_but_a_zero_length_file_is_refused(
        tmp_path: Path) -> None:
    fresh = LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'new.db'}", SETTINGS)
    await fresh.start()  # what `make run` does on a fresh clone
    await fresh.stop()
    path = tmp_path / "saustall.db"
    path.touch()
    message = await refusal(f"sqlite+aiosqlite:///{path}")
    assert str(path) in message and "empty (0 bytes)" in message
    assert "saustall db backup" in message and f"mv {path} {path}.damaged" in message
    assert path.stat().st_size == 0  # left as found


async def test_serve_prints_the_refusal_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "saustall.db"
    path.touch()
    done = subprocess.run(
        [sys.executable, "-m", "saustall.server", "--port", str(free_port()),
         "--database", f"sqlite+aiosqlite:///{path}", "--log-level", "warning"],
        capture_output=True, text=True, timeout=30)
    assert done.returncode != 0
    assert f"The database {path} is empty (0 bytes)" in done.stderr
    assert "How to recover" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("url, says", [
    ("sqlite:///{dir}/x.db", "sqlite+aiosqlite:///{dir}/x.db"),
    ("postgresql://user@localhost/saustall", "postgresql+asyncpg://user@localhost/saustall"),
    ("mysql://user@localhost/saustall", "mysql is not supported"),
    ("saustall.db", "is not a database URL"),
])
async def test_a_database_url_the_server_cannot_use_is_named_with_the_fix(
        tmp_path: Path, url: str, says: str) -> None:
    message = await refusal(url.format(dir=tmp_path))
    assert says.format(dir=tmp_path) in message
    assert not (tmp_path / "x.db").exists()  # nothing created on the way


async def test_a_file_that_is_not_sqlite_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "saustall.db"
    path.write_bytes(b"tables: 18, actions: 1467\n" * 200)
    message = await refusal(f"sqlite+aiosqlite:///{path}")
    assert str(path) in message and "not a SQLite database" in message


async def test_a_corrupted_page_is_refused(played: PlayedDatabase) -> None:
    live = LiveServer(played.url, SETTINGS)
    await live.start()  # sound as the server left it; finished tables stay on disk
    assert set(live.hub.tables) == {played.midgame, played.lobby}
    await live.stop()
    connection = sqlite3.connect(played.path)
    page_size = connection.execute("PRAGMA page_size").fetchone()[0]
    root = connection.execute("SELECT rootpage FROM sqlite_master "
                              "WHERE name = 'saustall_actions'").fetchone()[0]
    connection.close()
    with played.path.open("r+b") as handle:  # scribble over the actions' b-tree page
        handle.seek((root - 1) * page_size + 8)
        handle.write(bytes(range(7, 250)) * 8)
    message = await refusal(played.url)
    assert str(played.path) in message
    assert "integrity check" in message or "is damaged" in message


async def test_a_table_that_no_longer_replays_is_refused_naming_it(
        played: PlayedDatabase) -> None:
    sql(played.path, "UPDATE saustall_actions SET action = 'fly away' "
                     f"WHERE table_id = '{played.midgame}' AND seq = 1")
    message = await refusal(played.url)
    assert f"table {played.midgame}" in message
    assert "action 1 'fly away'" in message
    assert "saustall db check" in message and "--skip-broken-tables" in message
    assert played.finished not in message and played.lobby not in message


async def test_skip_broken_tables_starts_without_the_broken_one(
        played: PlayedDatabase) -> None:
    sql(played.path, "UPDATE saustall_actions SET action = 'fly away' "
                     f"WHERE table_id = '{played.midgame}' AND seq = 1")
    live = LiveServer(played.url, HubSettings(bot_delay=0.0, skip_broken_tables=True))
    await live.start()
    try:
        assert set(live.hub.tables) == {played.lobby}
    finally:
        await live.stop()


async def test_a_finished_game_that_lost_its_last_action_is_reported(
        played: PlayedDatabase) -> None:
    """Finished tables are not replayed at start (it would make start-up slow); one that
    no longer replays is refused when asked for, and `db check` names it."""
    sql(played.path, f"DELETE FROM saustall_actions WHERE table_id = '{played.finished}' AND "
                     "seq = (SELECT MAX(seq) FROM saustall_actions "
                     f"WHERE table_id = '{played.finished}')")
    live = LiveServer(played.url, SETTINGS)
    await live.start()
    try:
        async with httpx.AsyncClient(base_url=live.base, timeout=10) as http:
            answer = await http.get(f"/api/tables/{played.finished}")
        assert answer.status_code == 503
        assert answer.json()["error"]["code"] == "table-unavailable"
        assert "saustall db check" in answer.json()["error"]["message"]
    finally:
        await live.stop()
    report = await check_database(played.url)
    assert not report.ok
    assert any(f"table {played.finished}" in problem and "actions were lost" in problem
               for problem in report.problems), report.problems


async def test_a_gap_in_the_actions_of_a_running_game_is_refused(
        played: PlayedDatabase) -> None:
    sql(played.path, f"DELETE FROM saustall_actions WHERE table_id = '{played.midgame}' "
                     "AND seq = 2")
    message = await refusal(played.url)
    assert f"table {played.midgame}" in message and "lacks action 2" in message


async def test_a_database_that_lost_a_table_is_refused(played: PlayedDatabase) -> None:
    sql(played.path, "DROP TABLE saustall_actions")
    message = await refusal(played.url)
    assert "saustall_actions" in message and "emptied or damaged" in message


async def test_a_lost_write_ahead_log_of_an_older_version_is_refused(tmp_path: Path) -> None:
    """Older versions ran SQLite in WAL mode; a crash leaves -wal and -shm behind."""
    source = tmp_path / "old" / "saustall.db"
    source.parent.mkdir()
    connection = sqlite3.connect(source)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("CREATE TABLE t (x)")
    connection.commit()
    connection.execute("INSERT INTO t VALUES (1)")
    connection.commit()  # in the -wal file only; the connection stays open, like a crash
    moved = tmp_path / "moved" / "saustall.db"
    moved.parent.mkdir()
    shutil.copyfile(source, moved)
    shutil.copyfile(f"{source}-shm", f"{moved}-shm")  # but not the -wal file
    connection.close()
    message = await refusal(f"sqlite+aiosqlite:///{moved}")
    assert f"{moved}-wal" in message and "deleted" in message and "-shm" in message


async def take_turns(wires: list[Wire], count: int, acked: list[str]) -> None:
    """Let the seats play ``count`` actions between them, each acknowledged, then stop."""
    sent = 0

    async def seat(wire: Wire, name: str) -> None:
        nonlocal sent
        last = -1
        while True:
            message = await wire.recv(30)
            if message["type"] == "state" and message["legal"] and message["seq"] != last \
                    and sent < count:
                last, sent = message["seq"], sent + 1
                action = message["legal"][0]["action"]
                await wire.send({"type": "action", "action": action, "id": f"{name}{sent}"})
                await wire.until("ack", id=f"{name}{sent}")
                acked.append(action)  # turn-based: the other seat waits for this one
                if len(acked) == count:
                    return

    tasks = [asyncio.create_task(seat(wire, f"s{n}-")) for n, wire in enumerate(wires)]
    await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for task in tasks:
        task.cancel()


async def test_kill_9_then_losing_every_file_but_the_database_loses_nothing_acknowledged(
        tmp_path: Path) -> None:
    """Acknowledged actions are in saustall.db itself, not only in a -wal or -journal file."""
    path = tmp_path / "saustall.db"
    database = f"sqlite+aiosqlite:///{path}"
    port = free_port()
    server = await start_server(database, port)
    acked: list[str] = []
    try:
        async with httpx.AsyncClient(base_url=server.base, timeout=10) as http:
            table = await seat_up(http, "drecksau", 2, [], 2)
            await start_table(http, table)
            wires = [await Wire.open(server, table["id"], token=token)  # type: ignore[arg-type]
                     for token in table["tokens"]]
            await asyncio.wait_for(take_turns(wires, 6, acked), 30)
            server.proc.send_signal(signal.SIGKILL)
            server.proc.wait(10)
            for wire in wires:
                await wire.close()
    finally:
        if server.proc.poll() is None:
            server.proc.kill()
    for leftover in ("-wal", "-shm", "-journal"):  # e.g. only saustall.db was copied
        Path(f"{path}{leftover}").unlink(missing_ok=True)
    connection = sqlite3.connect(path)
    stored = [row[0] for row in connection.execute(
        "SELECT action FROM saustall_actions WHERE table_id = ? ORDER BY seq",
        (table["id"],))]
    connection.close()
    assert stored == acked

    server = await start_server(database, port)
    try:
        async with httpx.AsyncClient(base_url=server.base, timeout=10) as http:
            info = await http.get(f"/api/tables/{table['id']}")
            assert info.status_code == 200, info.text
            wire = await Wire.open(server, table["id"], token=table["tokens"][0])  # type: ignore[arg-type]
            state = await wire.until("state")
            assert state["seq"] == len(acked) == 6
            replayed = [m["seq"] for m in wire.received
                        if m["type"] == "event" and m.get("kind") == "action"]
            assert replayed == [1, 2, 3, 4, 5, 6]
            await wire.close()
    finally:
        stop_server(server)
    assert not os.path.exists(f"{path}-wal")
