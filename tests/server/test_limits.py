"""One source cannot exhaust the server (issue 9, item 3): limits, spectators, retention."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from saustall.core.record import GameRecord
from saustall.server.limits import LimitSettings
from saustall.server.tables import Client, HubSettings
from tests.server.conftest import LiveServer, Wire, bearer, create, play_to_end, quick_settings


def limited(**limits: Any) -> HubSettings:
    """Test settings (instant bots, no rate limit) with the given limits."""
    return quick_settings(**limits)


@pytest.fixture
def settings() -> HubSettings:
    """Room for a crowd; spectator counts coalesced over two seconds."""
    return limited(spectators_per_table=1000, spectator_update_seconds=2.0)


async def closed_with(wire: Wire, timeout: float = 10) -> int | None:
    """Read until the server closes the socket; its close code."""
    try:
        while True:
            await wire.recv(timeout)
    except websockets.ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else None


async def test_a_crowd_of_spectators_costs_messages_linear_in_its_size(
        server: LiveServer, http: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch) -> None:
    created = await create(http, game="drecksau", seats=2, name="Anna", bots=["random"])
    table_id = created["table_id"]
    player = await Wire.open(server, table_id, token=created["token"])
    await player.until("state")
    sent = [0]
    original = Client.send

    def counting(self: Client, message: Any) -> None:
        sent[0] += 1
        original(self, message)

    monkeypatch.setattr(Client, "send", counting)
    crowd_size = 150
    crowd = []
    for _ in range(crowd_size):
        watcher = await Wire.open(server, table_id, invite=created["invite"])
        await watcher.until("state")
        crowd.append(watcher)
    update = await player.until("spectators", count=crowd_size, timeout=10)
    assert update == {"type": "spectators", "count": crowd_size}
    for watcher in crowd:
        await watcher.close()
    await player.until("spectators", count=0, timeout=10)
    # each newcomer gets welcome, table and state; everyone hears a coalesced count every
    # two seconds at most. Re-sending the table to everybody per join and leave: ~22500.
    assert sent[0] < 20 * crowd_size, sent[0]
    await player.close()


@pytest.mark.parametrize("settings", [limited(spectators_per_table=2)])
async def test_a_table_takes_only_so_many_spectators(server: LiveServer,
                                                     http: httpx.AsyncClient) -> None:
    created = await create(http, game="drecksau", seats=2, bots=["random"])
    table_id, invite = created["table_id"], created["invite"]
    first = [await Wire.open(server, table_id, invite=invite) for _ in range(2)]
    for wire in first:
        await wire.until("state")
    third = await Wire.open(server, table_id, invite=invite)
    error = await third.until("error")
    assert error["code"] == "too-many-spectators" and "2 spectators" in error["message"]
    assert await closed_with(third) == 1013
    # the seated player is never counted as a spectator
    seated = await Wire.open(server, table_id, token=created["token"])
    assert (await seated.until("welcome"))["role"] == "player"
    await first[0].close()
    await asyncio.sleep(0.2)
    again = await Wire.open(server, table_id, invite=invite)
    assert (await again.until("welcome"))["role"] == "spectator"
    for wire in (first[1], seated, again):
        await wire.close()


@pytest.mark.parametrize("settings", [limited(tables_per_source=3, sockets_per_source=4)])
async def test_one_source_has_only_so_many_tables_and_sockets(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    tables = [await create(http, game="drecksau", seats=2, bots=["random"]) for _ in range(3)]
    answer = await http.post("/api/tables", json={"game": "drecksau"})
    assert answer.status_code == 429
    error = answer.json()["error"]
    assert error["code"] == "too-many-tables" and "at most 3" in error["message"]
    assert len(server.hub.tables) == 3
    # a finished table no longer counts
    token = tables[0]["token"]
    wire = await Wire.open(server, tables[0]["table_id"], token=token)
    await http.post(f"/api/tables/{tables[0]['table_id']}/start", headers=bearer(token))
    await play_to_end(wire)
    assert (await http.post("/api/tables", json={"game": "drecksau"})).status_code == 201
    # sockets: three more (four with the player's) and the next is refused
    invite, table_id = tables[1]["invite"], tables[1]["table_id"]
    crowd = [await Wire.open(server, table_id, invite=invite) for _ in range(3)]
    for watcher in crowd:
        await watcher.until("state")
    extra = Wire(await websockets.connect(f"{server.ws_base}/ws/tables/{table_id}"))
    error = await extra.until("error")  # before any hello
    assert error["code"] == "too-many-connections"
    assert await closed_with(extra) == 1013
    await crowd[0].close()
    await asyncio.sleep(0.2)
    later = await Wire.open(server, table_id, invite=invite)
    assert (await later.until("welcome"))["role"] == "spectator"
    for other in (*crowd[1:], later, wire):
        await other.close()


@pytest.mark.parametrize("settings", [limited(new_sockets_per_second=0.2, new_sockets_burst=3)])
async def test_one_source_opens_sockets_only_so_fast(server: LiveServer,
                                                     http: httpx.AsyncClient) -> None:
    created = await create(http, game="drecksau", seats=2, bots=["random"])
    url = f"{server.ws_base}/ws/tables/{created['table_id']}"
    burst = [await Wire.open(server, created["table_id"], invite=created["invite"])
             for _ in range(3)]
    for wire in burst:
        await wire.until("state")
    extra = Wire(await websockets.connect(url))
    error = await extra.until("error")
    assert error["code"] == "connecting-too-fast" and "too fast" in error["message"]
    assert await closed_with(extra) == 1013
    await asyncio.sleep(5.1)  # one more opening has been earned
    later = await Wire.open(server, created["table_id"], invite=created["invite"])
    assert (await later.until("welcome"))["role"] == "spectator"
    for wire in (*burst, later):
        await wire.close()


@pytest.mark.parametrize("settings", [HubSettings(
    bot_delay=0.0, rate_per_second=10000, rate_burst=10000, action_rate_per_second=10000,
    action_rate_burst=10000, retain_finished_seconds=0.3, retain_idle_seconds=0.6,
    sweep_seconds=0.05, limits=LimitSettings(tables_per_source=0, sockets_per_source=0,
                                             new_sockets_per_second=0))])
async def test_finished_and_abandoned_tables_leave_memory(
        server: LiveServer, http: httpx.AsyncClient, tmp_path: Path) -> None:
    finished = await create(http, game="drecksau", seats=2, name="Anna", bots=["random"])
    abandoned = await create(http, game="drecksau", seats=2, name="Bea")
    kept = await create(http, game="drecksau", seats=2, name="Cleo")
    cleo = await Wire.open(server, kept["table_id"], token=kept["token"])
    anna = await Wire.open(server, finished["table_id"], token=finished["token"])
    await http.post(f"/api/tables/{finished['table_id']}/start",
                    headers=bearer(finished["token"]))
    over = await play_to_end(anna)
    assert await closed_with(anna) == 4010  # the table was let go
    for _ in range(100):
        if abandoned["table_id"] not in server.hub.tables:
            break
        await asyncio.sleep(0.05)
    assert set(server.hub.tables) == {kept["table_id"]}  # Cleo is still connected
    gone = await http.get(f"/api/tables/{abandoned['table_id']}")
    assert gone.status_code == 404 and gone.json()["error"]["code"] == "not-found"
    # the finished game's record is still served, from the database
    answer = await http.get(over["record_url"], headers=bearer(finished["token"]))
    assert answer.status_code == 200
    assert list(GameRecord.from_json(answer.text).replay().winners()) == over["winners"]
    wrong = await http.get(over["record_url"], params={"invite": "nope"})
    assert wrong.status_code == 403
    await cleo.close()

    # a restart loads only the live table; the finished one returns on demand
    await server.stop()
    again = LiveServer(server.database, HubSettings(bot_delay=0.0))
    await again.start()
    try:
        assert set(again.hub.tables) == {kept["table_id"]}
        async with httpx.AsyncClient(base_url=again.base) as client:
            info = (await client.get(f"/api/tables/{finished['table_id']}")).json()
            assert info["status"] == "over" and info["winners"] == over["winners"]
            closed = await client.get(f"/api/tables/{abandoned['table_id']}")
            assert closed.status_code == 404
    finally:
        await again.stop()
        await server.start()  # the fixture stops it again
