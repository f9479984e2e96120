"""Real-time Pigasus on the server: server clock, one judge per table, the grab window."""

from __future__ import annotations

import re
from typing import Any

import httpx

from tests.server.conftest import LiveServer, Wire, bearer, create, join

STAMPED = re.compile(r"^p(\d+)@(\d+) (\w+)")


async def two_humans(server: LiveServer, http: httpx.AsyncClient,
                     options: dict[str, Any]) -> tuple[str, Wire, Wire]:
    created = await create(http, game="pigasus", seats=2, name="Anna",
                           options={"first_dealer": 0, **options})
    table_id = created["table_id"]
    joined = await join(http, created)
    await http.post(f"/api/tables/{table_id}/ready", json={"ready": True},
                    headers=bearer(joined["token"]))
    wa = await Wire.open(server, table_id, token=created["token"])
    wb = await Wire.open(server, table_id, token=joined["token"])
    assert (await http.post(f"/api/tables/{table_id}/start",
                            headers=bearer(created["token"]))).status_code == 200
    await wa.until("state", status="playing")
    await wb.until("state", status="playing")
    return table_id, wa, wb


async def test_server_stamps_seat_and_time_and_ignores_claimed_ones(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    table_id, wa, wb = await two_humans(server, http, {"window_ms": 1000})
    table = server.hub.tables[table_id]
    before = table.now_ms()
    await wa.send({"type": "action", "action": "p1@999999 reveal", "id": 1})
    await wa.until("ack", id=1)
    event = await wb.until("event", kind="action", seq=1)
    seat, when, kind = STAMPED.match(event["action"]).groups()  # type: ignore[union-attr]
    assert (int(seat), kind) == (0, "reveal")  # the sender's seat, not the claimed one
    assert before <= int(when) <= table.now_ms() < 999999  # the server's clock
    assert event["time_ms"] >= int(when)

    await wb.send({"type": "action", "action": "p0@0 grab", "id": 2})
    await wb.until("ack", id=2)
    event = await wa.until("event", kind="action", seq=2)
    seat, grabbed, kind = STAMPED.match(event["action"]).groups()  # type: ignore[union-attr]
    assert (int(seat), kind) == (1, "grab") and int(grabbed) >= int(when)
    await wa.close()
    await wb.close()


async def test_grabs_inside_the_window_hold_together(server: LiveServer,
                                                     http: httpx.AsyncClient) -> None:
    table_id, wa, wb = await two_humans(server, http,
                                        {"window_ms": 1000, "point_limit_ms": 1000})
    await wa.send({"type": "action", "action": "reveal", "id": "r"})
    await wa.until("ack", id="r")
    await wa.send({"type": "action", "action": "grab", "id": "a"})
    await wb.send({"type": "action", "action": "grab", "id": "b"})
    await wa.until("ack", id="a")
    await wb.until("ack", id="b")
    state = await wa.until("state", seq=3)
    holders = [h["player"] for h in state["view"]["pigasus"]["holders"]]
    assert sorted(holders) == [0, 1]
    # nobody points: the server's clock ends the hold after the pointing limit
    tick = await wa.until("event", kind="action", seat=None, timeout=5)
    assert tick["action"].endswith(" tick")
    assert tick["time_ms"] >= 1000
    await wa.close()
    await wb.close()


async def test_a_grab_after_the_window_is_refused_to_that_client_only(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    table_id, wa, wb = await two_humans(server, http, {"window_ms": 0, "point_limit_ms": 5000})
    await wa.send({"type": "action", "action": "reveal", "id": "r"})
    await wa.until("ack", id="r")
    await wa.send({"type": "action", "action": "grab", "id": "a"})
    await wa.until("ack", id="a")
    await wb.until("state", seq=2)
    import asyncio
    await asyncio.sleep(0.01)
    await wb.send({"type": "action", "action": "grab", "id": "late"})
    error = await wb.until("error", id="late")
    assert error["code"] == "illegal-action" and error["rule"] == "pigasus-held"
    assert server.hub.tables[table_id].seq == 2  # unchanged
    await wa.send({"type": "ping", "id": "still-there"})
    assert not [m for m in wa.received if m["type"] == "error"]
    await wa.until("pong", id="still-there")
    await wa.close()
    await wb.close()


async def test_pointing_one_card_at_a_time_and_the_bench(server: LiveServer,
                                                         http: httpx.AsyncClient) -> None:
    table_id, wa, wb = await two_humans(server, http, {"window_ms": 0, "point_limit_ms": 5000})
    for n in (1, 2):
        await wa.send({"type": "action", "action": "reveal", "id": f"r{n}"})
        await wa.until("ack", id=f"r{n}")
    await wa.send({"type": "action", "action": "grab", "id": "g"})
    await wa.until("ack", id="g")
    state = await wa.until("state", seq=3)
    first, second = (entry["card"] for entry in state["view"]["table"])
    now = state["view"]["now"]
    listed = [entry["action"] for entry in state["legal"]]
    # pointing is listed one card at a time (and "none"), never both cards at once
    assert sorted(a for a in listed if " point " in a) == sorted(
        [f"p0@{now} point none", f"p0@{now} point {first}", f"p0@{now} point {second}"])

    await wa.send({"type": "action", "action": f"point {first}", "id": "p1"})
    await wa.until("ack", id="p1")
    event = await wa.until("event", kind="action", seq=4)
    assert event["action"].endswith(f" point {first}") and event["phase"] == "held"
    state = await wa.until("state", seq=4)
    (holder,) = state["view"]["pigasus"]["holders"]
    assert holder["fingers"] == [first] and holder["pointed"] is None

    await wa.send({"type": "action", "action": f"point {first},{second}", "id": "both"})
    error = await wa.until("error", id="both")
    assert error["rule"] == "point-two-different-cards"
    # giving up after one finger: no complete claim, a wrong grab with nothing to pay
    await wa.send({"type": "action", "action": "point none", "id": "none"})
    await wa.until("ack", id="none")
    while True:
        state = await wa.until("state")
        if state["view"]["pigasus"] is None:
            break
    (outcome,) = state["view"]["outcome"]
    assert outcome["pointed"] == [first] and outcome["result"] == "wrong"
    assert outcome["paid"] == 0 and state["view"]["benched"] == [0]
    await wa.send({"type": "action", "action": "grab", "id": "again"})
    error = await wa.until("error", id="again")
    assert error["code"] == "illegal-action" and error["rule"] == "benched"

    # Bert points both cards in one message: the claim is complete at once
    await wb.send({"type": "action", "action": "grab", "id": "g"})
    await wb.until("ack", id="g")
    await wb.send({"type": "action", "action": f"point {second},{first}", "id": "both"})
    await wb.until("ack", id="both")
    while True:
        state = await wb.until("state")
        if state["view"]["pigasus"] is None:
            break
    (outcome,) = state["view"]["outcome"]
    assert outcome["player"] == 1 and sorted(outcome["pointed"]) == sorted([first, second])
    await wa.close()
    await wb.close()
