"""A database written by an earlier Saustall keeps its games after an upgrade.

Schema 1 stored a game's seed but not its random stream: those games were dealt by
MT19937, and the same seed deals differently under today's stream. The upgrade marks them
as MT19937, so a game that was running when the server was upgraded goes on exactly where
it stood. Schema 2 stored no revision of the ruleset's rules: those games were played
under the first revision, which the upgrade to schema 3 records. Schema 3 kept no chat:
the upgrade to 4 adds its table, and the tables stored so far let spectators read only.
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import httpx

from saustall.core import get
from saustall.core.rng import STREAM_MT19937
from tests.server.conftest import LiveServer, Wire, quick_settings
from tests.server.test_recovery import seat_up, start_table

SETTINGS = quick_settings()


async def test_a_schema_1_game_dealt_by_mt19937_goes_on_after_the_upgrade(tmp_path: Path) -> None:
    path = tmp_path / "saustall.db"
    url = f"sqlite+aiosqlite:///{path}"
    live = LiveServer(url, SETTINGS)
    await live.start()
    try:
        async with httpx.AsyncClient(base_url=live.base, timeout=10) as http:
            table = await seat_up(http, "drecksau", 2, [], 2)
            await start_table(http, table)
            table_id = table["id"]
    finally:
        await live.stop()

    # Turn the file into what Saustall 0.1 left: schema 1, no stream column, and a game
    # whose deal and actions came from MT19937 with the stored seed.
    connection = sqlite3.connect(path)
    with connection:
        seed = connection.execute("SELECT seed FROM saustall_games WHERE table_id = ?",
                                  (table_id,)).fetchone()[0]
        old = get("drecksau", "dirty-pig").new_state(2, seed, rng_stream=STREAM_MT19937)
        chooser = random.Random(7)
        for seq in range(1, 7):
            player = old.to_act()[0]
            action = chooser.choice(old.legal_actions(player))
            connection.execute(
                "INSERT INTO saustall_actions (table_id, game_number, seq, action, seat, "
                "time_ms, timeout) VALUES (?, 1, ?, ?, ?, ?, 0)",
                (table_id, seq, old.game.encode_action(action), player, seq * 1000))
            old.apply(action, player)
        connection.execute("ALTER TABLE saustall_games DROP COLUMN rng")
        connection.execute("ALTER TABLE saustall_games DROP COLUMN revision")  # schema 3's
        connection.execute("ALTER TABLE saustall_tables DROP COLUMN spectator_chat")  # 4's
        connection.execute("DROP TABLE saustall_chat")  # schema 4's
        connection.execute("UPDATE saustall_meta SET value = '1' WHERE key = 'schema_version'")
    connection.close()

    upgraded = LiveServer(url, SETTINGS)
    await upgraded.start()
    try:
        wire = await Wire.open(upgraded, table_id, token=table["tokens"][0])
        state = await wire.until("state")
        assert state["seq"] == 6
        assert state["view"] == old.view(0)  # the same deal, the same position
        await wire.close()
    finally:
        await upgraded.stop()
    connection = sqlite3.connect(path)
    assert connection.execute("SELECT value FROM saustall_meta WHERE key = "
                              "'schema_version'").fetchone()[0] == "4"
    assert connection.execute("SELECT rng FROM saustall_games").fetchone()[0] == STREAM_MT19937
    assert connection.execute("SELECT revision FROM saustall_games").fetchone()[0] == 1
    connection.close()


async def test_a_schema_3_table_gets_a_chat_that_lasts(tmp_path: Path) -> None:
    path = tmp_path / "saustall.db"
    url = f"sqlite+aiosqlite:///{path}"
    live = LiveServer(url, SETTINGS)
    await live.start()
    try:
        async with httpx.AsyncClient(base_url=live.base, timeout=10) as http:
            table = await seat_up(http, "drecksau", 2, [], 2)
            table_id = table["id"]
    finally:
        await live.stop()
    connection = sqlite3.connect(path)
    with connection:  # what Saustall left before the chat was stored
        connection.execute("ALTER TABLE saustall_tables DROP COLUMN spectator_chat")
        connection.execute("DROP TABLE saustall_chat")
        connection.execute("UPDATE saustall_meta SET value = '3' WHERE key = 'schema_version'")
    connection.close()

    for _ in range(2):  # upgraded, then started again on the upgraded file
        upgraded = LiveServer(url, SETTINGS)
        await upgraded.start()
        try:
            wire = await Wire.open(upgraded, table_id, token=table["tokens"][0])
            await wire.until("state")
            await wire.send({"type": "chat", "quick": "hello"})
            await wire.until("chat", quick="hello", replay=False)
            await wire.close()
        finally:
            await upgraded.stop()
    connection = sqlite3.connect(path)
    assert connection.execute("SELECT value FROM saustall_meta WHERE key = "
                              "'schema_version'").fetchone()[0] == "4"
    assert connection.execute("SELECT spectator_chat FROM saustall_tables").fetchone()[0] == 0
    assert connection.execute("SELECT COUNT(*) FROM saustall_chat").fetchone()[0] == 2
    connection.close()
