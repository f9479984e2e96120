"""Odd input gets the documented error body (issue 9, item 4); Origin check (item 5)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
import websockets

from saustall.server.limits import LimitSettings
from saustall.server.tables import HubSettings
from tests.server.conftest import LiveServer, Wire, bearer, create, join

DEEP = "[" * 5000


def documented(answer: httpx.Response, status: int, code: str) -> dict[str, Any]:
    """The error of an answer, checked against the documented body."""
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message", "rule"}
    assert body["error"]["code"] == code, body
    error: dict[str, Any] = body["error"]
    return error


async def test_deeply_nested_json_is_a_clear_error(server: LiveServer,
                                                   http: httpx.AsyncClient) -> None:
    created = await create(http, game="drecksau", seats=2)
    table_id = created["table_id"]
    for path in ("/api/tables", f"/api/tables/{table_id}/join",
                 f"/api/tables/{table_id}/ready"):
        answer = await http.post(path, content=DEEP.encode(),
                                 headers={"content-type": "application/json",
                                          **bearer(created["token"])})
        assert "levels deep" in documented(answer, 400, "bad-request")["message"], path
    wire = await Wire.open(server, table_id, token=created["token"])
    await wire.until("state")
    await wire.ws.send("[" * 3000)  # deep, yet within the 4096-byte message limit
    error = await wire.until("error")
    assert error["code"] == "too-deep" and "levels deep" in error["message"]
    await wire.ws.send('{"type": "ping", "id": 1, "x": ' + "[" * 40 + "]" * 40 + "}")
    assert (await wire.until("error"))["code"] == "too-deep"
    await wire.send({"type": "ping", "id": 2})
    assert (await wire.until("pong"))["id"] == 2  # still connected and served
    await wire.close()
    # as the first message: a bad hello and a proper close frame
    raw = await websockets.connect(f"{server.ws_base}/ws/tables/{table_id}")
    await raw.send("[" * 3000)
    hello = Wire(raw)
    assert (await hello.until("error"))["code"] == "bad-hello"
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await hello.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4001


async def test_bad_query_and_path_values_get_the_documented_body(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    created = await create(http, game="drecksau", seats=2, bots=["random"])
    table_id, token = created["table_id"], created["token"]
    record = f"/api/tables/{table_id}/record"
    for game in ("\u00b2", "1" * 5000, "-1", "1.5", "x"):
        answer = await http.get(record, params={"game": game}, headers=bearer(token))
        assert "query 'game'" in documented(answer, 400, "bad-request")["message"], game
    answer = await http.delete(f"/api/tables/{table_id}/bots/abc", headers=bearer(token))
    assert "seat" in documented(answer, 400, "bad-request")["message"]
    answer = await http.delete(f"/api/tables/{table_id}/bots/1", headers=bearer(token))
    assert answer.status_code == 200 and answer.json()["table"]["seats"][1]["kind"] == "empty"
    documented(await http.get("/api/nowhere"), 404, "not-found")
    documented(await http.put("/api/tables"), 405, "method-not-allowed")


async def test_turn_cap_has_bounds(server: LiveServer, http: httpx.AsyncClient) -> None:
    for value in (10**30, -5, 0, 100_001):
        answer = await http.post("/api/tables", json={
            "game": "drecksau", "options": {"turn_cap": value}})
        message = documented(answer, 400, "invalid-option")["message"]
        assert "turn_cap" in message and "between 1 and 100000" in message
    for value in (1, 100_000):
        answer = await http.post("/api/tables", json={
            "game": "drecksau", "options": {"turn_cap": value}})
        assert answer.status_code == 201
        assert answer.json()["table"]["options"]["turn_cap"] == value


@pytest.mark.parametrize("settings", [HubSettings(
    bot_delay=0.0, limits=LimitSettings(tables_per_source=0, sockets_per_source=0,
                                        new_sockets_per_second=0))])
async def test_rate_limits_name_the_dropped_message_and_keep_actions_apart(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    """Production limits: 20 other messages a second (burst 40), 40 actions (burst 80)."""
    created = await create(http, game="drecksau", seats=2, name="Anna")
    joined = await join(http, created)
    table_id = created["table_id"]
    await http.post(f"/api/tables/{table_id}/ready", json={"ready": True},
                    headers=bearer(joined["token"]))
    anna = await Wire.open(server, table_id, token=created["token"])
    await http.post(f"/api/tables/{table_id}/start", headers=bearer(created["token"]))
    state = await anna.until("state", status="playing")
    for index in range(60):
        await anna.send({"type": "ping", "id": f"p{index}"})
    dropped = await anna.until("error", code="rate-limited")
    assert dropped["id"] is not None and dropped["id"].startswith("p")
    assert repr(dropped["id"]) in dropped["message"] and "'ping'" in dropped["message"]
    # the action bucket is separate: Anna's move still goes through at once
    await anna.send({"type": "action", "action": state["legal"][0]["action"], "id": "move"})
    assert (await anna.until("ack", id="move"))["seq"] == 1
    # a burst of actions beyond the action limit: the dropped one is named by its id
    for index in range(100):
        await anna.send({"type": "action", "action": "play banana 0.0", "id": index})
    limited = await anna.until("error", code="rate-limited")
    assert isinstance(limited["id"], int) and limited["id"] >= 70
    assert "'action'" in limited["message"] and "actions" in limited["message"]
    await anna.close()


@pytest.fixture
async def guarded(tmp_path: Any, settings: HubSettings) -> Any:
    """A server that also trusts pages from https://club.example."""
    live = LiveServer(f"sqlite+aiosqlite:///{tmp_path / 'origin.db'}", settings,
                      allow_origins=("https://club.example",))
    await live.start()
    try:
        yield live
    finally:
        await live.stop()


async def test_origin_check(guarded: LiveServer) -> None:
    own = guarded.base  # http://127.0.0.1:<port>
    async with httpx.AsyncClient(base_url=guarded.base) as http:
        body = {"game": "drecksau", "seats": 2}
        for origin in ("http://evil.example", "null", "http://127.0.0.1:1",
                       f"http://127.0.0.1.evil.example:{guarded.port}"):
            answer = await http.post("/api/tables", json=body, headers={"Origin": origin})
            error = documented(answer, 403, "bad-origin")
            assert "--allow-origin" in error["message"], origin
        assert not guarded.hub.tables
        for origin in (own, "https://club.example", "https://CLUB.example:443", None):
            headers = {"Origin": origin} if origin else {}
            answer = await http.post("/api/tables", json=body, headers=headers)
            assert answer.status_code == 201, (origin, answer.text)
        created = answer.json()
        # reading needs no check
        assert (await http.get("/api/tables", headers={"Origin": "http://evil.example"})
                ).status_code == 200
        table_id = created["table_id"]
        deleted = await http.delete(f"/api/tables/{table_id}/bots/1",
                                    headers={"Origin": "http://evil.example",
                                             **bearer(created["token"])})
        documented(deleted, 403, "bad-origin")
    url = f"{guarded.ws_base}/ws/tables/{table_id}"
    with pytest.raises(websockets.InvalidStatus) as refused:
        await websockets.connect(url, origin="http://evil.example")  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403
    for origin in (own, "https://club.example"):
        ws = await websockets.connect(url, origin=origin)  # type: ignore[arg-type]
        wire = Wire(ws)
        await wire.send({"type": "hello", "invite": created["invite"]})
        assert (await wire.until("welcome"))["role"] == "spectator"
        await wire.close()
