"""Bad input: each gets a clear error to that client only; the table stays as it was."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
import websockets

from saustall.server.tables import HubSettings
from tests.server.conftest import LiveServer, Wire, bearer, create, join


async def running_table(server: LiveServer, http: httpx.AsyncClient) -> tuple[str, Wire, Wire,
                                                                             dict[str, Any]]:
    """Two humans at a started Drecksau table; Anna (seat 0) moves first."""
    created = await create(http, game="drecksau", seats=2, name="Anna")
    table_id = created["table_id"]
    joined = await join(http, created)
    await http.post(f"/api/tables/{table_id}/ready", json={"ready": True},
                    headers=bearer(joined["token"]))
    wa = await Wire.open(server, table_id, token=created["token"])
    wb = await Wire.open(server, table_id, token=joined["token"])
    await http.post(f"/api/tables/{table_id}/start", headers=bearer(created["token"]))
    state = await wa.until("state", status="playing")
    await wb.until("state", status="playing")
    return table_id, wa, wb, state


async def assert_unchanged_and_serving(server: LiveServer, table_id: str, wa: Wire, wb: Wire,
                                       state: dict[str, Any]) -> None:
    """Nothing was applied, Anna got no error, and the game goes on for both."""
    table = server.hub.tables[table_id]
    assert table.seq == 0
    assert not [m for m in wa.received if m["type"] == "error"]
    await wa.send({"type": "action", "action": state["legal"][0]["action"], "id": "ok"})
    assert (await wa.until("ack", id="ok"))["seq"] == 1
    assert (await wb.until("state", seq=1))["legal"]


async def test_malformed_json(server: LiveServer, http: httpx.AsyncClient) -> None:
    table_id, wa, wb, state = await running_table(server, http)
    await wb.ws.send("{not json")
    error = await wb.until("error")
    assert error["code"] == "malformed-json" and "not valid JSON" in error["message"]
    await wb.ws.send(json.dumps([1, 2]))
    assert (await wb.until("error"))["code"] == "bad-message"
    await wb.send({"type": "shout"})
    assert "unknown message type" in (await wb.until("error"))["message"]
    await assert_unchanged_and_serving(server, table_id, wa, wb, state)


async def test_unknown_action(server: LiveServer, http: httpx.AsyncClient) -> None:
    table_id, wa, wb, state = await running_table(server, http)
    await wb.send({"type": "action", "action": "play banana 0.0", "id": 7})
    error = await wb.until("error", id=7)
    assert error["code"] == "unknown-action" and "banana" in error["message"]
    await wb.send({"type": "action", "id": 8})
    assert (await wb.until("error", id=8))["code"] == "bad-message"
    await assert_unchanged_and_serving(server, table_id, wa, wb, state)


async def test_action_out_of_turn_and_illegal_action(server: LiveServer,
                                                     http: httpx.AsyncClient) -> None:
    table_id, wa, wb, state = await running_table(server, http)
    await wb.send({"type": "action", "action": state["legal"][0]["action"], "id": "mine?"})
    error = await wb.until("error", id="mine?")
    assert error["code"] == "not-your-turn" and error["rule"] == "turn-order"
    # a well-formed action the rules forbid: the farmer on Bert's clean pig
    await wa.send({"type": "action", "action": "play farmer 1.0", "id": "farmer"})
    error = await wa.until("error", id="farmer")
    assert error["code"] == "illegal-action" and error["rule"]
    wa.received.remove(error)
    await assert_unchanged_and_serving(server, table_id, wa, wb, state)


async def test_wrong_token(server: LiveServer, http: httpx.AsyncClient) -> None:
    table_id, wa, wb, state = await running_table(server, http)
    bad = await Wire.open(server, table_id, token="not-a-real-token")
    error = await bad.recv()
    assert error["type"] == "error" and error["code"] == "bad-token"
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await bad.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4001
    spy = await Wire.open(server, table_id, invite="guess")
    assert (await spy.recv())["code"] == "bad-invite"
    answer = await http.post(f"/api/tables/{table_id}/leave", headers=bearer("forged"))
    assert answer.status_code == 401 and answer.json()["error"]["code"] == "bad-token"
    answer = await http.post(f"/api/tables/{table_id}/start")
    assert answer.status_code == 401 and "token" in answer.json()["error"]["message"]
    answer = await http.get(f"/api/tables/{table_id}/record", params={"invite": "guess"})
    assert answer.status_code == 403
    await assert_unchanged_and_serving(server, table_id, wa, wb, state)


async def test_oversized_message(server: LiveServer, http: httpx.AsyncClient) -> None:
    table_id, wa, wb, state = await running_table(server, http)
    await wb.send({"type": "action", "action": "x" * 5000})
    error = await wb.until("error")
    assert error["code"] == "too-large" and "4096" in error["message"]
    await wb.send({"type": "ping", "id": 1})
    await wb.until("pong", id=1)  # still connected
    huge = await Wire.open(server, table_id, invite="x" * 70000)  # beyond 64 KiB: cut off
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await huge.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    answer = await http.post("/api/tables", content=b"{" + b" " * 20000 + b"}",
                             headers={"content-type": "application/json"})
    assert answer.status_code == 413 and answer.json()["error"]["code"] == "too-large"
    await assert_unchanged_and_serving(server, table_id, wa, wb, state)


@pytest.fixture
def settings() -> HubSettings:
    """The production rate limits (20 per second, burst 40), instant bots."""
    return HubSettings(bot_delay=0.0)


async def test_flooding(server: LiveServer, http: httpx.AsyncClient) -> None:
    table_id, wa, wb, state = await running_table(server, http)
    sent = 0
    try:
        for index in range(300):
            await wb.send({"type": "ping", "id": index})
            sent += 1
    except websockets.ConnectionClosed:
        pass  # the server hung up on the flood
    assert sent > 200
    errors, pongs = [], 0
    try:
        while True:
            message = await wb.recv(5)
            if message["type"] == "error":
                errors.append(message)
            elif message["type"] == "pong":
                pongs += 1
    except websockets.ConnectionClosed as closed:
        assert closed.rcvd is not None and closed.rcvd.code == 4008
    assert errors and all(e["code"] == "rate-limited" for e in errors)
    assert 40 <= pongs < 300
    # the flooder is gone; everyone else is still served and the table is unchanged
    assert server.hub.tables[table_id].seq == 0
    watcher = await Wire.open(server, table_id, invite=server.hub.tables[table_id].invite)
    await watcher.until("state")
    await wa.send({"type": "action", "action": state["legal"][0]["action"], "id": "ok"})
    assert (await wa.until("ack", id="ok"))["seq"] == 1
    assert (await watcher.until("state", seq=1))["view"] is not None
    assert not [m for m in wa.received if m["type"] == "error"]


async def test_bad_http_requests_name_what_is_wrong(server: LiveServer,
                                                    http: httpx.AsyncClient) -> None:
    cases = [
        ({"game": "chess"}, "unknown-game", "chess"),
        ({"game": "drecksau", "seats": 9}, "invalid-option", "2-6"),
        ({"game": "drecksau", "ruleset": "drecksau", "options": {"hand_size": 5}},
         "invalid-option", "hand_size"),
        ({"game": "drecksau", "options": {"colour": 1}}, "invalid-option", "colour"),
        ({"game": "drecksau", "name": ""}, "bad-request", "name"),
        ({"game": "drecksau", "turn_timer": 1}, "bad-request", "turn_timer"),
        ({"game": "drecksau", "bots": ["genius"]}, "bad-request", "genius"),
        ({}, "bad-request", "game"),
    ]
    for body, code, word in cases:
        answer = await http.post("/api/tables", json=body)
        assert answer.status_code == 400, body
        error = answer.json()["error"]
        assert error["code"] == code and word in error["message"], (body, error)
    answer = await http.post("/api/tables", content=b"{oops",
                             headers={"content-type": "application/json"})
    assert answer.status_code == 400 and "JSON" in answer.json()["error"]["message"]
    assert (await http.get("/api/tables/nope")).status_code == 404
    created = await create(http, game="drecksau", seats=2, name="Anna")
    join = await http.post(f"/api/tables/{created['table_id']}/join",
                           json={"invite": created["invite"], "seat": 0})
    assert join.status_code == 409 and "taken" in join.json()["error"]["message"]
    start = await http.post(f"/api/tables/{created['table_id']}/start",
                            headers=bearer(created["token"]))
    assert start.status_code == 409 and "empty" in start.json()["error"]["message"]


async def test_hello_rules(server: LiveServer, http: httpx.AsyncClient) -> None:
    created = await create(http, game="drecksau", seats=2, name="Anna", bots=["random"])
    ws = await websockets.connect(f"{server.ws_base}/ws/tables/{created['table_id']}")
    await ws.send(json.dumps({"type": "action", "action": "pass"}))
    error = json.loads(await ws.recv())
    assert error["code"] == "bad-hello"
    nowhere = await Wire.open(server, "no-such-table", invite="x")
    assert (await nowhere.recv())["code"] == "not-found"
    spectator = await Wire.open(server, created["table_id"], invite=created["invite"])
    await spectator.until("welcome")
    await spectator.send({"type": "action", "action": "pass", "id": 1})
    assert (await spectator.until("error", id=1))["code"] == "spectator"
    player = await Wire.open(server, created["table_id"], token=created["token"])
    await player.send({"type": "action", "action": "pass", "id": 2})
    assert (await player.until("error", id=2))["code"] == "not-running"
    await asyncio.gather(spectator.close(), player.close())
