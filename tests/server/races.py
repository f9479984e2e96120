"""A player's own actions raced against their ``leave``, for one server or a cluster.

The player sends actions and, without waiting for any answer, asks to leave. Whatever
order the server judges them in, each action must get exactly one answer: ``ack`` if
it was played before the leave, an ``error`` (``not-seated`` once the leave came first)
otherwise; and what was acknowledged is exactly what the table shows that seat played.

Nothing here waits for a moment to pass: after the leave's answer the player sends a
``ping``; the server reads a socket's messages in order and answers each before it
reads the next, so by the ``pong`` every answer is in. The player reads on until the
server's ``left`` message too (on one server it comes before the leave's answer; on a
cluster's mirror when the mirror hears of the leave), counting any answer as it comes.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets

from tests.server.conftest import bearer

RECV_SECONDS = 30.0
"""Only a bound for a broken server: a healthy one answers in milliseconds."""


@dataclass
class RaceTally:
    """What the races showed, over all rounds."""

    rounds: int = 0
    answers: Counter[str] = field(default_factory=Counter)
    """Answers by kind: ``ack`` or the error's code."""


async def recv_json(ws: Any) -> dict[str, Any]:
    """The next message of ``ws``."""
    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), RECV_SECONDS))
    return message


async def seated_at_a_running_game(http: httpx.AsyncClient, ws_base: str,
                                   ) -> tuple[str, str, str, Any, dict[str, Any]]:
    """A two-player Drecksau game of two people (nobody else moves while they do not):
    the table, its invite, the token of the seat to move, that seat's open socket and
    its first ``state`` with legal actions."""
    created = (await http.post("/api/tables", json={"game": "drecksau", "seats": 2,
                                                    "name": "Anna"})).json()
    table_id = created["table_id"]
    joined = (await http.post(f"/api/tables/{table_id}/join",
                              json={"invite": created["invite"], "name": "Bert"})).json()
    ready = await http.post(f"/api/tables/{table_id}/ready", json={"ready": True},
                            headers=bearer(joined["token"]))
    assert ready.status_code == 200, ready.text
    started = await http.post(f"/api/tables/{table_id}/start", headers=bearer(created["token"]))
    assert started.status_code == 200, started.text
    first = started.json()["table"]
    assert first["status"] == "playing"
    for token in (created["token"], joined["token"]):
        ws = await websockets.connect(f"{ws_base}/ws/tables/{table_id}")
        await ws.send(json.dumps({"type": "hello", "token": token}))
        while (message := await recv_json(ws))["type"] != "state":
            pass
        if message["legal"]:
            return table_id, created["invite"], token, ws, message
        await ws.close()
    raise AssertionError("nobody may move in a fresh game")


async def race_leave_against_actions(http: httpx.AsyncClient, ws_base: str,
                                     tally: RaceTally, observe_base: str | None = None,
                                     ) -> None:
    """One round: actions, then the leave at once; each action answered exactly once.

    The table is created, and the leave sent, through ``http``; the player's socket is
    on ``ws_base`` and a spectator checks what was played on ``observe_base`` (default:
    ``ws_base``). In a cluster: a mirror's socket and the owner's HTTP and spectator.
    """
    table_id, invite, token, ws, state = await seated_at_a_running_game(http, ws_base)
    seat = state["to_act"][0]
    move = state["legal"][0]["action"]
    sent = {"r1": move, "r2": move, "r3": "no such move"}
    leave = asyncio.create_task(http.post(f"/api/tables/{table_id}/leave",
                                          headers=bearer(token)))
    # (the leave goes out while the first action may still be on its way, the others
    # follow it: each may be judged before or after the leave)
    for ident, action in sent.items():
        await ws.send(json.dumps({"type": "action", "action": action, "id": ident}))
    left = await leave
    assert left.status_code == 200, left.text
    await ws.send(json.dumps({"type": "ping", "id": "after"}))
    answers: dict[str, list[dict[str, Any]]] = {ident: [] for ident in sent}
    heard: set[str] = set()
    while not {"pong", "left"} <= heard:
        message = await recv_json(ws)
        heard.add(message["type"])
        if message["type"] in ("ack", "error"):
            answers[message["id"]].append(message)
    await ws.close()
    assert {ident: len(found) for ident, found in answers.items()} == dict.fromkeys(sent, 1), (
        f"every action answered exactly once: {answers}")
    acked = {found[0]["seq"]: sent[ident] for ident, found in answers.items()
             if found[0]["type"] == "ack"}
    for found in answers.values():
        tally.answers[found[0]["type"] if found[0]["type"] == "ack" else found[0]["code"]] += 1
    assert len(acked) <= 1  # the same move twice: the second is never legal again
    assert await moves_of_the_person(observe_base or ws_base, table_id, invite, seat) == acked
    tally.rounds += 1


async def moves_of_the_person(ws_base: str, table_id: str, invite: str,
                              seat: int) -> dict[int, str]:
    """The actions the table shows ``seat`` played while its person sat there (not
    its stand-in bot's), by seq, as a spectator's replayed log tells them."""
    async with websockets.connect(f"{ws_base}/ws/tables/{table_id}") as ws:
        await ws.send(json.dumps({"type": "hello", "invite": invite}))
        played: dict[int, str] = {}
        while (message := await recv_json(ws))["type"] != "state":
            if (message["type"] == "event" and message["kind"] == "action"
                    and message["seat"] == seat and "stand_in_for" not in message["who"]):
                played[message["seq"]] = message["action"]
        return played
