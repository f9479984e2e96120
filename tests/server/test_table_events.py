"""Table events as codes with parameters, so each page words them in its own language.

A log line keeps the name the seat had when it happened: the events carry that name, and
a seat tells which of its names the server made up (bots), so pages can translate those.
"""

from __future__ import annotations

from typing import Any

import httpx

from saustall.server.model import name_label
from tests.server.conftest import LiveServer, Wire, bearer, create, join, play_to_end


async def table_events(wire: Wire, count: int) -> list[dict[str, Any]]:
    """The next ``count`` table events the wire receives."""
    found = []
    while len(found) < count:
        found.append(await wire.until("event", kind="table"))
    return found


async def test_joins_leaves_and_bots_arrive_as_codes_with_the_name_of_the_moment(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    created = await create(http, game="drecksau", seats=3, name="Anna", public=True)
    table_id = created["table_id"]
    wire = await Wire.open(server, table_id, token=created["token"])
    joined = await join(http, created, name="Ben")
    await http.post(f"/api/tables/{table_id}/bots", json={"level": "heuristic", "seat": 2},
                    headers=bearer(created["token"]))
    # The lobby's list of open tables names the bot as data too (here the table is full:
    # it leaves the list, so look at the table itself and at the list before the bot).
    seats = (await http.get(f"/api/tables/{table_id}")).json()["seats"]
    assert [seat["label"] for seat in seats] == [
        {"name": "Anna"}, {"name": "Ben"},
        {"name": "Heuristic bot 3", "bot": "heuristic", "number": 3}]
    await http.delete(f"/api/tables/{table_id}/bots/2", headers=bearer(created["token"]))
    listed = (await http.get("/api/tables")).json()["tables"]
    assert [t["labels"] for t in listed if t["table_id"] == table_id] == [
        [{"name": "Anna"}, {"name": "Ben"}]]
    await http.post(f"/api/tables/{table_id}/leave", headers=bearer(joined["token"]))
    sat, bot, unseated, left = await table_events(wire, 4)
    assert (sat["code"], sat["seat"], sat["params"]) == (
        "joined", 1, {"number": 2, "who": {"name": "Ben"}})
    assert sat["text"] == "Ben sat down at seat 2"  # English words for plain clients
    assert (bot["code"], bot["params"]) == ("joined", {"number": 3, "who": {
        "name": "Heuristic bot 3", "bot": "heuristic", "number": 3}})
    assert (unseated["code"], unseated["params"]["who"]["bot"]) == ("left", "heuristic")
    assert (left["code"], left["params"]) == ("left", {"number": 2, "who": {"name": "Ben"}})
    await wire.close()


async def test_a_leave_mid_game_names_the_person_and_the_stand_in_is_marked(
        named_levels: None, server: LiveServer, http: httpx.AsyncClient) -> None:
    created = await create(http, game="drecksau", seats=2, name="Anna")
    table_id = created["table_id"]
    joined = await join(http, created, name="Ben")
    wire = await Wire.open(server, table_id, token=created["token"])
    await http.post(f"/api/tables/{table_id}/ready", json={"ready": True},
                    headers=bearer(joined["token"]))
    await http.post(f"/api/tables/{table_id}/start", headers=bearer(created["token"]))
    started = await wire.until("event", kind="table", code="started")
    assert started["params"] == {"game": 1} and started["text"] == "Game 1 started"
    left = await http.post(f"/api/tables/{table_id}/leave", headers=bearer(joined["token"]))
    replaced = await wire.until("event", kind="table", code="replaced")
    # The line is about Ben, as he was called when he left, not about his stand-in.
    assert replaced["params"] == {"number": 2, "who": {"name": "Ben"}}
    assert replaced["text"] == "Ben left; a bot plays seat 2"
    seat = left.json()["table"]["seats"][1]
    assert seat["name"] == "Ben (bot)"
    assert seat["label"] == {"name": "Ben (bot)", "stand_in_for": "Ben"}
    # Every action event names its seat as it was called at that moment.
    wire.pending = [m for m in wire.received if m["type"] == "state"][-1:]  # Anna's move
    await play_to_end(wire)
    actions = [m for m in wire.received if m["type"] == "event" and m["kind"] == "action"]
    assert {m["seat"] for m in actions} == {0, 1}
    assert all(m["who"] == ({"name": "Anna"} if m["seat"] == 0 else
                            {"name": "Ben (bot)", "stand_in_for": "Ben"}) for m in actions)
    await wire.close()


async def test_a_rematch_request_names_who_asked(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    created = await create(http, game="drecksau", seats=2, name="Anna", bots=["random"])
    table_id = created["table_id"]
    wire = await Wire.open(server, table_id, token=created["token"])
    await http.post(f"/api/tables/{table_id}/start", headers=bearer(created["token"]))
    await play_to_end(wire)
    await http.post(f"/api/tables/{table_id}/rematch", headers=bearer(created["token"]))
    asked = await wire.until("event", kind="table", code="rematch", timeout=30)
    assert asked["seat"] == 0 and asked["params"] == {"number": 1, "who": {"name": "Anna"}}
    assert asked["text"] == "Anna asks for a rematch"
    await wire.close()


def test_only_names_the_server_gave_are_marked_as_bot_names() -> None:
    assert name_label("bot", "Club bot 2", "club", 1) == {
        "name": "Club bot 2", "bot": "club", "number": 2}
    # A bot someone renamed, or seated elsewhere, keeps its name as it is.
    assert name_label("bot", "Club bot 2", "club", 0) == {"name": "Club bot 2"}
    # People's names are never read as anything: "(bot)" in a person's name is just text.
    assert name_label("human", "Ben (bot)", None, 0) == {"name": "Ben (bot)"}
    assert name_label("human", "Club bot 1", None, 0) == {"name": "Club bot 1"}
    assert name_label("bot", " (bot)", "expert", 0) == {"name": " (bot)"}
    assert name_label("empty", None, None, 0) == {"name": None}


async def test_a_socket_that_opens_later_gets_the_recent_table_events_in_order(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    created = await create(http, game="drecksau", seats=3, name="Anna")
    table_id = created["table_id"]
    joined = await join(http, created, name="Ben")
    await http.post(f"/api/tables/{table_id}/bots", json={"level": "random", "seat": 2},
                    headers=bearer(created["token"]))
    await http.post(f"/api/tables/{table_id}/ready", json={"ready": True},
                    headers=bearer(joined["token"]))
    await http.post(f"/api/tables/{table_id}/start", headers=bearer(created["token"]))
    # Ben's page connects only now: it still hears who sat down and that the game started,
    # marked as replayed, before the game's moves made since.
    wire = await Wire.open(server, table_id, token=joined["token"])
    await wire.until("state")
    events = [m for m in wire.received if m["type"] == "event"]
    happenings = [(m["code"], m["seat"]) for m in events if m["kind"] == "table"]
    assert happenings == [("joined", 1), ("joined", 2), ("started", None)]
    assert all(m["replay"] is True for m in events)
    started = next(i for i, m in enumerate(events) if m.get("code") == "started")
    assert all(m["kind"] == "action" for m in events[started + 1:])
    # never a secret: what a table event says is its code, seat, names and time
    for message in events[:started + 1]:
        assert set(message) == {"type", "kind", "game_number", "seq", "seat", "action", "code",
                                "params", "text", "time_ms", "replay"}
        assert created["token"] not in str(message) and joined["token"] not in str(message)
        assert created["invite"] not in str(message)
    await wire.close()
