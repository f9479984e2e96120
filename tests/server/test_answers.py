"""Every action gets exactly one answer, also when its sender leaves or goes away.

The protocol promises an ``ack`` or an ``error`` for each action (docs/protocol.md,
*Order and guarantees*). A player who sends a move and leaves at once must hear about
the move: ``ack`` if it was played before the leave, ``not-seated`` if the leave was
judged first. A socket that goes away while its action is being stored leaves the game
with the action stored and applied, or neither.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from saustall.server.model import FirstLegalBot
from saustall.server.tables import HubSettings
from tests.conftest import database_directory
from tests.server.conftest import LiveServer, Wire, bearer, quick_settings
from tests.server.races import RaceTally, race_leave_against_actions, seated_at_a_running_game

RACES = 100


def instant_stand_ins(game: str, level: str, seed: int) -> FirstLegalBot:
    """Every bot plays its first legal action on the loop: the stand-ins of the players
    who leave need no worker processes."""
    return FirstLegalBot()


@pytest.fixture
def settings() -> HubSettings:
    """Quick settings with stand-ins that think instantly."""
    found = quick_settings()
    found.bot_factory = instant_stand_ins
    return found


async def test_actions_raced_against_their_senders_leave_are_each_answered_once(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    tally = RaceTally()
    for _ in range(RACES):
        await race_leave_against_actions(http, server.ws_base, tally)
    print(f"{tally.rounds} races, answers: {dict(tally.answers)}")
    assert tally.rounds == RACES
    assert sum(tally.answers.values()) == 3 * RACES


async def waiters(lock: asyncio.Lock, count: int) -> None:
    """Until ``count`` tasks wait for ``lock`` (the order they will get it in)."""
    while len(getattr(lock, "_waiters", None) or ()) < count:
        await asyncio.sleep(0)


async def test_an_action_judged_after_the_leave_gets_not_seated(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    """The leave is first in the table's queue, the action second: not played."""
    table_id, _, token, ws, state = await seated_at_a_running_game(http, server.ws_base)
    table = server.hub.tables[table_id]
    async with table.lock:  # both wait behind it, the leave first
        leave = asyncio.create_task(http.post(f"/api/tables/{table_id}/leave",
                                              headers=bearer(token)))
        await waiters(table.lock, 1)
        await ws.send(json.dumps({"type": "action", "action": state["legal"][0]["action"],
                                  "id": 7}))
        await waiters(table.lock, 2)
    assert (await leave).status_code == 200
    answer = await Wire(ws).until("error")
    assert (answer["code"], answer["id"]) == ("not-seated", 7)
    assert table.seq == 0  # nothing was played for the person who left
    await ws.close()


async def test_an_action_judged_before_the_leave_is_acknowledged(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    table_id, _, token, ws, state = await seated_at_a_running_game(http, server.ws_base)
    table = server.hub.tables[table_id]
    async with table.lock:
        await ws.send(json.dumps({"type": "action", "action": state["legal"][0]["action"],
                                  "id": 8}))
        await waiters(table.lock, 1)
        leave = asyncio.create_task(http.post(f"/api/tables/{table_id}/leave",
                                              headers=bearer(token)))
        await waiters(table.lock, 2)
    assert (await leave).status_code == 200
    wire = Wire(ws)
    assert (await wire.until("ack"))["id"] == 8
    await wire.until("left")
    assert table.actions == [state["legal"][0]["action"]]
    await ws.close()


@pytest.fixture
def short_linger() -> HubSettings:
    """:func:`settings` with a socket closed 0.2 s after its seat was given up."""
    found = quick_settings()
    found.bot_factory = instant_stand_ins
    found.left_linger_seconds = 0.2
    return found


async def test_a_left_socket_sees_nothing_more_of_the_seat_and_is_closed(
        short_linger: HubSettings, tmp_path: Path) -> None:
    with database_directory(tmp_path) as where:
        live = LiveServer(f"sqlite+aiosqlite:///{where / 'test.db'}", short_linger)
        await live.start()
        try:
            async with httpx.AsyncClient(base_url=live.base, timeout=10) as http:
                table_id, _, token, ws, _ = await seated_at_a_running_game(http, live.ws_base)
                assert (await http.post(f"/api/tables/{table_id}/leave",
                                        headers=bearer(token))).status_code == 200
                await ws.send(json.dumps({"type": "sync", "id": "s"}))
                seen: list[dict[str, Any]] = []
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    while True:
                        seen.append(json.loads(await asyncio.wait_for(ws.recv(), 30)))
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1000
                kinds = [m["type"] for m in seen]
                assert "left" in kinds and "state" not in kinds  # the seat's view is gone
                refused = [m for m in seen if m["type"] == "error"]
                assert [(m["code"], m["id"]) for m in refused] == [("not-seated", "s")]
        finally:
            await live.stop()


async def test_a_socket_closed_while_its_action_is_stored_leaves_it_stored_and_applied(
        server: LiveServer, http: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server closes the socket (as a shutdown does, without the table's lock) while
    the socket's action is being written: the write is not cut in half."""
    table_id, _, token, ws, state = await seated_at_a_running_game(http, server.ws_base)
    hub = server.hub
    table = hub.tables[table_id]
    writing, release = asyncio.Event(), asyncio.Event()
    original = hub.store.append_action

    async def slow_append(*args: Any, **kwargs: Any) -> None:
        writing.set()
        await release.wait()
        await original(*args, **kwargs)

    monkeypatch.setattr(hub.store, "append_action", slow_append)
    move = state["legal"][0]["action"]
    await ws.send(json.dumps({"type": "action", "action": move, "id": 1}))
    await writing.wait()
    (client,) = table.seats[state["to_act"][0]].clients
    client.close(1001, "server shutting down")
    await ws.wait_closed()
    release.set()
    async with table.lock:  # once the write is through
        stored = await hub.store.load_actions_after(table_id, table.game_number, 0)
        assert [a.action for a in stored] == table.actions == [move]
        assert table.seq == 1
        assert table.state is not None and len(table.state.record().actions) == 1
    again = await Wire.open(server, table_id, token=token)
    assert (await again.until("state"))["seq"] == 1
    await again.close()
