"""A stored game made under another revision of its ruleset's rules is not replayed: the
same actions could make another game under today's rules, so the server names the table,
the ruleset and both revisions instead (``server/restore.py`` for a table it rebuilds,
``server/records.py`` for a finished game's record). Records from files:
``tests/core/test_revisions.py``.

The databases are real, written by a server that played games (``played``, see
``tests/server/conftest.py``); a game's stored revision is then set to one this Saustall
does not play, as a newer Saustall would have stored it.
"""

from __future__ import annotations

import dataclasses
import sqlite3

import httpx

from saustall.core import get
from tests.server.conftest import LiveServer, PlayedDatabase, quick_settings
from tests.server.test_db_safety import refusal, sql

SETTINGS = quick_settings()

CURRENT = get("drecksau").ruleset.revision
"""The revision of the rules of the played tables' ruleset (Drecksau's default)."""

NEWER = CURRENT + 1
"""A revision this Saustall does not play yet."""


def store_revision(played: PlayedDatabase, table_id: str, revision: int) -> None:
    """Mark every stored game of ``table_id`` as played under ``revision``."""
    sql(played.path, f"UPDATE saustall_games SET revision = {revision} "
                     f"WHERE table_id = '{table_id}'")


def invite_of(played: PlayedDatabase, table_id: str) -> str:
    """The stored invite of ``table_id`` (it lets anybody download the table's records)."""
    connection = sqlite3.connect(played.path)
    try:
        row = connection.execute("SELECT invite FROM saustall_tables WHERE id = ?",
                                 (table_id,)).fetchone()
    finally:
        connection.close()
    assert row is not None
    return str(row[0])


async def test_a_running_table_of_another_revision_is_not_restored(
        played: PlayedDatabase) -> None:
    store_revision(played, played.midgame, NEWER)
    message = await refusal(played.url)
    ruleset = get("drecksau").ruleset.name
    assert f"table {played.midgame}: its game 1 was made under drecksau/{ruleset} " \
           f"revision {NEWER}, but this Saustall plays revision {CURRENT}" in message
    assert "from a newer Saustall: upgrade" in message
    assert "--skip-broken-tables" in message  # what the operator can do
    assert played.finished not in message and played.lobby not in message


async def test_skip_broken_tables_leaves_the_table_of_another_revision_out(
        played: PlayedDatabase) -> None:
    store_revision(played, played.midgame, NEWER)
    live = LiveServer(played.url, dataclasses.replace(SETTINGS, skip_broken_tables=True))
    await live.start()
    try:
        assert set(live.hub.tables) == {played.lobby}
    finally:
        await live.stop()


async def test_the_record_of_a_game_of_another_revision_is_refused(
        played: PlayedDatabase) -> None:
    store_revision(played, played.finished, NEWER)
    invite = invite_of(played, played.finished)
    live = LiveServer(played.url, SETTINGS)
    await live.start()  # finished tables are not replayed at start: this one is not read
    try:
        async with httpx.AsyncClient(base_url=live.base, timeout=10) as http:
            answer = await http.get(f"/api/tables/{played.finished}/record",
                                    params={"invite": invite})
        assert answer.status_code == 409, answer.text
        error = answer.json()["error"]
        assert error["code"] == "conflict"
        ruleset = get("drecksau").ruleset.name
        assert error["message"] == (
            f"game 1 was made under drecksau/{ruleset} revision {NEWER}, but this "
            f"Saustall plays revision {CURRENT} of its rules; it comes from a newer "
            "Saustall: upgrade to replay it")
    finally:
        await live.stop()
