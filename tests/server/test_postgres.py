"""The table lifecycle on PostgreSQL (asyncpg), on a throwaway server (the
``postgres_url`` fixture of ``tests/server/conftest.py``).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import httpx
import pytest
from typer.testing import CliRunner

from saustall.cli.main import app
from saustall.core import GameRecord
from saustall.server.tables import HubSettings
from tests.server.conftest import LiveServer, Wire, bearer, join, play_to_end

pytestmark = pytest.mark.postgres


@pytest.fixture
async def pg_server(postgres_url: str) -> AsyncIterator[LiveServer]:
    live = LiveServer(postgres_url, HubSettings(bot_delay=0.0, rate_per_second=10000,
                                                rate_burst=10000))
    await live.start()
    try:
        yield live
    finally:
        await live.stop()


async def test_table_lifecycle_on_postgresql(pg_server: LiveServer, postgres_url: str) -> None:
    async with httpx.AsyncClient(base_url=pg_server.base, timeout=10) as http:
        created = (await http.post("/api/tables", json={
            "game": "drecksau", "seats": 3, "name": "Anna", "public": True})).json()
        table_id, token = created["table_id"], created["token"]
        joined = await join(http, created)
        await http.post(f"/api/tables/{table_id}/bots", json={"level": "random"},
                        headers=bearer(token))
        await http.post(f"/api/tables/{table_id}/ready", json={"ready": True},
                        headers=bearer(joined["token"]))
        wa = await Wire.open(pg_server, table_id, token=token)
        wb = await Wire.open(pg_server, table_id, token=joined["token"])
        assert (await http.post(f"/api/tables/{table_id}/start",
                                headers=bearer(token))).status_code == 200
        over, _ = await asyncio.gather(play_to_end(wa, 60, 1), play_to_end(wb, 60, 2))
        record = GameRecord.from_json((await http.get(over["record_url"],
                                                      headers=bearer(token))).text)
        assert list(record.replay().winners()) == over["winners"]
        await wa.close()
        await wb.close()

    # a second server on the same database finds the finished table and plays a rematch
    await pg_server.stop()
    again = LiveServer(postgres_url, HubSettings(bot_delay=0.0, rate_per_second=10000,
                                                 rate_burst=10000))
    await again.start()
    try:
        async with httpx.AsyncClient(base_url=again.base, timeout=10) as http:
            info = (await http.get(f"/api/tables/{table_id}")).json()
            assert info["status"] == "over" and info["winners"] == over["winners"]
            assert [s["name"] for s in info["seats"]][:2] == ["Anna", "Bert"]
            assert (await http.post(f"/api/tables/{table_id}/rematch",
                                    headers=bearer(joined["token"]))).status_code == 200
            await http.post(f"/api/tables/{table_id}/ready", json={"ready": True},
                            headers=bearer(token))
            started = await http.post(f"/api/tables/{table_id}/start",
                                      headers=bearer(joined["token"]))
            assert started.json()["table"]["game_number"] == 2
            same = await http.get(f"/api/tables/{table_id}/record", params={"game": 1},
                                  headers=bearer(token))
            assert GameRecord.from_json(same.text).actions == record.actions
        # `saustall db check` replays both games on PostgreSQL, beside the running server
        checked = await asyncio.to_thread(CliRunner().invoke, app,
                                          ["db", "check", "--database", postgres_url])
        assert checked.exit_code == 0, checked.output
        assert "every stored game replays" in checked.output
        assert "1 tables, 2 games" in checked.output
    finally:
        await again.stop()
        await pg_server.start()  # the fixture stops it again
