"""The whole table lifecycle over HTTP and WebSocket, against bots."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from saustall.core import GameRecord, registry
from saustall.server import catalogue, tables
from tests.server.conftest import LiveServer, Wire, bearer, create, join, play_to_end


async def test_catalogue_lists_every_game_ruleset_and_bot_level(http: httpx.AsyncClient) -> None:
    answer = await http.get("/api/games")
    assert answer.status_code == 200
    games = {g["game"]: g for g in answer.json()["games"]}
    assert set(games) == set(registry.game_names())
    drecksau = games["drecksau"]
    assert "random" in drecksau["bot_levels"]
    names = {r["name"] for r in drecksau["rulesets"]}
    assert names == {r.name for r in registry.rulesets("drecksau")}
    german = next(r for r in drecksau["rulesets"] if r["name"] == "drecksau")
    assert german["min_players"] == 2 and german["max_players"] == 4
    hand = next(o for o in german["options"] if o["name"] == "hand_size")
    assert hand["default"] == 3 and hand["choices"] == [3, 4]


async def test_bot_levels_are_listed_weakest_to_strongest(http: httpx.AsyncClient) -> None:
    games = {g["game"]: g for g in (await http.get("/api/games")).json()["games"]}
    # the named levels first, weakest to strongest, then the other bots (random, which
    # every game has, is not ranked among Pigasus's reaction times: it comes first)
    assert games["pigasus"]["bot_levels"] == ["beginner", "club", "expert", "random",
                                              "slow", "casual", "sharp"]
    assert games["pigasus"]["named_bot_levels"] == ["beginner", "club", "expert"]
    assert games["pigasus"]["default_bot_level"] == "club"
    assert games["drecksau"]["bot_levels"][-3:] == ["random", "heuristic", "racer"]
    assert games["saukopf"]["bot_levels"][-2:] == ["random", "heuristic"]


async def test_named_levels_come_first_and_club_is_seated_by_default(
        named_levels: None, http: httpx.AsyncClient) -> None:
    games = {g["game"]: g for g in (await http.get("/api/games")).json()["games"]}
    drecksau = games["drecksau"]
    assert drecksau["bot_levels"][:3] == ["beginner", "club", "expert"]
    assert {"random", "heuristic", "racer"} <= set(drecksau["bot_levels"][3:])
    assert drecksau["named_bot_levels"] == ["beginner", "club", "expert"]
    assert drecksau["default_bot_level"] == "club"


async def test_add_bot_without_a_level_seats_the_default_level(
        named_levels: None, http: httpx.AsyncClient) -> None:
    created = await create(http, game="drecksau", seats=3, name="Anna")
    table_id, token = created["table_id"], created["token"]
    added = await http.post(f"/api/tables/{table_id}/bots", json={}, headers=bearer(token))
    assert added.status_code == 200
    seat = added.json()["table"]["seats"][added.json()["seat"]]
    assert seat["kind"] == "bot" and seat["bot_level"] == "club"


def test_unranked_bot_levels_never_outrank_the_known_order(
        monkeypatch: pytest.MonkeyPatch) -> None:
    registered = ["sharp", "newcomer", "slow", "casual"]
    monkeypatch.setattr(catalogue, "bot_levels", lambda game: list(registered))
    named = ["beginner", "club", "expert"]
    assert tables.levels_for("pigasus") == named + ["newcomer", "slow", "casual", "sharp"]
    assert tables.levels_for("no-such-game") == registered


async def test_action_events_name_the_phase_before_the_action(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    created = await create(http, game="saukopf", seats=4, name="Anna",
                           bots=["random", "random", "random"])
    table_id, token = created["table_id"], created["token"]
    wire = await Wire.open(server, table_id, token=token)
    await http.post(f"/api/tables/{table_id}/start", headers=bearer(token))
    first = await wire.until("event", kind="action")
    assert first["seq"] == 1 and first["phase"] == "bidding"  # seat 1 opens the bidding
    # the events replayed to a newcomer carry the phase too
    spectator = await Wire.open(server, table_id, invite=created["invite"])
    replayed = await spectator.until("event", kind="action")
    assert replayed["replay"] is True and replayed["seq"] == 1
    assert replayed["phase"] == "bidding"
    for client in (wire, spectator):
        await client.close()


async def test_full_lifecycle_two_humans_and_a_bot(server: LiveServer,
                                                   http: httpx.AsyncClient) -> None:
    created = await create(http, game="drecksau", ruleset="drecksau", seats=3, name="Anna",
                           public=True, options={"hand_size": 4})
    table_id, invite, anna = created["table_id"], created["invite"], created["token"]
    assert created["invite_url"] == f"/t/{table_id}?invite={invite}"
    assert created["table"]["seats"][0]["name"] == "Anna"
    assert anna not in str(created["table"])

    listed = (await http.get("/api/tables")).json()["tables"]
    assert [t["table_id"] for t in listed] == [table_id]
    assert listed[0]["free_seats"] == 2

    joined = (await http.post(f"/api/tables/{table_id}/join",
                              json={"invite": invite, "name": "Bert"})).json()
    assert joined["seat"] == 1
    bert = joined["token"]
    bot = await http.post(f"/api/tables/{table_id}/bots", json={"level": "random"},
                          headers=bearer(anna))
    assert bot.status_code == 200 and bot.json()["seat"] == 2
    assert (await http.get("/api/tables")).json()["tables"] == []  # full: no longer open

    # Bert is not ready yet, so Anna cannot start.
    refused = await http.post(f"/api/tables/{table_id}/start", headers=bearer(anna))
    assert refused.status_code == 409 and "Bert" in refused.json()["error"]["message"]
    assert (await http.post(f"/api/tables/{table_id}/ready", json={"ready": True},
                            headers=bearer(bert))).status_code == 200

    wa = await Wire.open(server, table_id, token=anna)
    wb = await Wire.open(server, table_id, token=bert)
    spectator = await Wire.open(server, table_id, invite=invite)
    welcome = await wa.until("welcome")
    assert welcome["seat"] == 0 and welcome["role"] == "player"
    assert (await spectator.until("welcome"))["role"] == "spectator"
    lobby_state = await wa.until("state")
    assert lobby_state["view"] is None and lobby_state["status"] == "lobby"

    started = await http.post(f"/api/tables/{table_id}/start", headers=bearer(anna))
    assert started.status_code == 200 and started.json()["table"]["status"] == "playing"

    # the record is not available while the game runs
    early = await http.get(f"/api/tables/{table_id}/record", headers=bearer(anna))
    assert early.status_code == 409

    import asyncio
    over_a, over_b = await asyncio.gather(play_to_end(wa, seed=1), play_to_end(wb, seed=2))
    over_s = await spectator.until("game_over", timeout=60)
    assert over_a == over_b == over_s
    info = (await http.get(f"/api/tables/{table_id}")).json()
    assert info["status"] == "over" and info["winners"] == over_a["winners"]

    record_answer = await http.get(over_a["record_url"], headers=bearer(bert))
    assert record_answer.status_code == 200
    assert "attachment" in record_answer.headers["content-disposition"]
    record = GameRecord.from_json(record_answer.text)
    assert record.meta["seat_names"][:2] == ["Anna", "Bert"]
    replayed = record.replay()
    assert replayed.is_terminal() and list(replayed.winners()) == over_a["winners"]
    by_invite = await http.get(f"/api/tables/{table_id}/record",
                               params={"invite": invite, "game": 1})
    assert by_invite.json() == record_answer.json()

    # rematch: same seats, game 2, back to the lobby; Bert must say ready again
    again = await http.post(f"/api/tables/{table_id}/rematch", headers=bearer(bert))
    table = again.json()["table"]
    assert table["status"] == "lobby" and table["game_number"] == 2
    assert [s["name"] for s in table["seats"]][:2] == ["Anna", "Bert"]
    assert (await http.post(f"/api/tables/{table_id}/start",
                            headers=bearer(bert))).status_code == 409  # Anna not ready
    await http.post(f"/api/tables/{table_id}/ready", json={"ready": True}, headers=bearer(anna))
    assert (await http.post(f"/api/tables/{table_id}/start",
                            headers=bearer(bert))).status_code == 200
    state = await wa.until("state", status="playing", game_number=2)
    assert state["seq"] == 0 and state["view"]["hand_size"] == 4
    # the first game's record stays downloadable
    old = await http.get(f"/api/tables/{table_id}/record", params={"game": 1},
                         headers=bearer(anna))
    assert old.json() == record_answer.json()
    for wire in (wa, wb, spectator):
        await wire.close()


async def test_bots_fill_a_table_and_play_it_to_the_end(server: LiveServer,
                                                        http: httpx.AsyncClient) -> None:
    for ruleset in [r.name for r in registry.rulesets("drecksau")]:
        created = await create(http, game="drecksau", ruleset=ruleset, seats=3, name="Cleo",
                               bots=["random", "random"])
        token = created["token"]
        wire = await Wire.open(server, created["table_id"], token=token)
        await http.post(f"/api/tables/{created['table_id']}/start", headers=bearer(token))
        over = await play_to_end(wire, timeout=90)
        assert over["game_number"] == 1
        events = [m for m in wire.received if m["type"] == "event" and m["kind"] == "action"]
        assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
        await wire.close()


async def test_leave_in_the_lobby_frees_the_seat_and_revokes_the_token(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    created = await create(http, game="drecksau", seats=2, name="Anna")
    table_id = created["table_id"]
    joined = await join(http, created)
    left = await http.post(f"/api/tables/{table_id}/leave", headers=bearer(joined["token"]))
    assert left.json()["table"]["seats"][1]["kind"] == "empty"
    again = await http.post(f"/api/tables/{table_id}/ready", json={"ready": True},
                            headers=bearer(joined["token"]))
    assert again.status_code == 401 and again.json()["error"]["code"] == "bad-token"
    bot = (await http.post(f"/api/tables/{table_id}/bots", json={"level": "random", "seat": 1},
                           headers=bearer(created["token"]))).json()
    assert bot["table"]["seats"][1]["kind"] == "bot"
    removed = await http.delete(f"/api/tables/{table_id}/bots/1",
                                headers=bearer(created["token"]))
    assert removed.json()["table"]["seats"][1]["kind"] == "empty"


async def test_a_player_who_leaves_mid_game_is_replaced_by_a_bot(
        named_levels: None, server: LiveServer, http: httpx.AsyncClient) -> None:
    created = await create(http, game="drecksau", seats=2, name="Anna")
    table_id = created["table_id"]
    joined = await join(http, created)
    wa = await Wire.open(server, table_id, token=created["token"])
    await http.post(f"/api/tables/{table_id}/ready", json={"ready": True},
                    headers=bearer(joined["token"]))
    await http.post(f"/api/tables/{table_id}/start", headers=bearer(created["token"]))
    left = await http.post(f"/api/tables/{table_id}/leave", headers=bearer(joined["token"]))
    seat = left.json()["table"]["seats"][1]
    assert seat["kind"] == "bot" and seat["name"] == "Bert (bot)"
    # the default level takes over (docs/bots.md), not the strongest
    assert seat["bot_level"] == "club"
    over = await play_to_end(wa, timeout=60)
    assert over["game_number"] == 1
    await wa.close()


async def test_turn_timer_plays_a_default_move_for_a_slow_seat(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    created = await create(http, game="drecksau", seats=2, name="Anna", bots=["random"],
                           turn_timer=5)
    table_id = created["table_id"]
    server.hub.tables[table_id].turn_timer = 0.2  # shorter than the API allows, for speed
    wire = await Wire.open(server, table_id, token=created["token"])
    await http.post(f"/api/tables/{table_id}/start", headers=bearer(created["token"]))
    state = await wire.until("state", status="playing")
    assert state["deadline"] is not None and state["deadline"]["seat"] == 0
    event = await wire.until("event", kind="action", seat=0, timeout=5)
    assert event["timeout"] is True and "time ran out" in event["text"]
    assert event["action"] == state["legal"][0]["action"]
    await wire.close()


async def test_reconnect_restores_seat_and_others_see_disconnected(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    created = await create(http, game="drecksau", seats=2, name="Anna")
    table_id = created["table_id"]
    joined = await join(http, created)
    wa = await Wire.open(server, table_id, token=created["token"])
    wb = await Wire.open(server, table_id, token=joined["token"])
    await http.post(f"/api/tables/{table_id}/ready", json={"ready": True},
                    headers=bearer(joined["token"]))
    await http.post(f"/api/tables/{table_id}/start", headers=bearer(created["token"]))
    state = await wa.until("state", status="playing")
    await wa.send({"type": "action", "action": state["legal"][0]["action"], "id": "a1"})
    assert (await wa.until("ack"))["id"] == "a1"
    await wb.until("state", seq=1)

    await wb.close()

    def seat1(message: dict[str, Any]) -> dict[str, Any]:
        return dict(message["table"]["seats"][1])
    while True:
        table = await wa.until("table")
        if not seat1(table)["connected"]:
            break
    info = (await http.get(f"/api/tables/{table_id}")).json()
    assert info["seats"][1]["connected"] is False

    wb2 = await Wire.open(server, table_id, token=joined["token"])
    welcome = await wb2.until("welcome")
    assert welcome["seat"] == 1
    replayed = await wb2.until("event", kind="action")
    assert replayed["replay"] is True and replayed["seq"] == 1
    state_b = await wb2.until("state")
    assert state_b["seq"] == 1 and state_b["view"]["observer"] == 1
    assert state_b["view"]["hand"]  # the full view of the seat, own hand included
    assert state_b["legal"]  # and it is Bert's move
    while True:
        table = await wa.until("table")
        if seat1(table)["connected"]:
            break

    # a second connection with the same token replaces the first
    wb3 = await Wire.open(server, table_id, token=joined["token"])
    await wb3.until("welcome")
    import websockets
    try:
        while True:
            await wb2.recv(5)
    except websockets.ConnectionClosed as closed:
        assert closed.rcvd is not None and closed.rcvd.code == 4009
    for wire in (wa, wb3):
        await wire.close()
