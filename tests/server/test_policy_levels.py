"""Learned policies in the lobby: ``policy:dirty-pig-2p`` is offered at 2-player Dirty Pig
tables only (``table_bot_levels`` of its ruleset, with its measured rating), refused by name
at any other table, and a table with it plays a game to the end, its moves thought in the
worker pool."""

from __future__ import annotations

import asyncio
import json

import httpx

from saustall.bots.base import TableScope, bot_levels, level_rating, level_scope
from saustall.server.catalogue import catalogue, level_refusal, levels_at, table_levels
from tests.server.conftest import LiveServer, Wire, bearer, create, play_to_end, spy_on_workers

POLICY = "policy:dirty-pig-2p"


def test_a_policy_is_scoped_to_the_table_it_was_trained_for() -> None:
    assert level_scope("drecksau", POLICY) == TableScope("dirty-pig", (2,))
    assert level_scope("drecksau", "heuristic") is None  # it plays every table
    assert level_scope("saukopf", "policy:saukopf-cards") == TableScope("saukopf", (4,))
    assert TableScope("dirty-pig", (2,)).words() == "dirty-pig with 2 players"


def test_the_catalogue_offers_the_policy_only_at_its_ruleset_with_its_rating() -> None:
    games = {g["game"]: g for g in json.loads(json.dumps(catalogue()))["games"]}
    drecksau = games["drecksau"]
    assert POLICY in bot_levels("drecksau")
    assert POLICY not in drecksau["bot_levels"]  # not a level every table can seat
    rulesets = {r["name"]: r for r in drecksau["rulesets"]}
    assert rulesets["dirty-pig"]["table_bot_levels"] == {POLICY: [2]}
    for name in ("drecksau", "sauschoen", "sauschoen-tournament"):
        assert rulesets[name]["table_bot_levels"] == {}
        assert POLICY not in rulesets[name]["bot_level_ratings"]
    shown = rulesets["dirty-pig"]["bot_level_ratings"][POLICY]
    heuristic = rulesets["dirty-pig"]["bot_level_ratings"]["heuristic"]
    assert shown["unit"] == heuristic["unit"] == "elo_vs_heuristic"
    assert shown["low"] > heuristic["figure"]  # measured stronger than heuristic
    assert shown["text"].startswith("Elo ")
    assert drecksau["bot_level_descriptions"][POLICY]
    for game in games.values():  # a level is offered only where it is rated
        for entry in game["rulesets"]:
            for level in entry["table_bot_levels"]:
                assert level in entry["bot_level_ratings"], (game["game"], level)


def test_a_policy_without_a_measured_rating_is_not_offered() -> None:
    if level_rating("saukopf", "policy:saukopf-cards", "saukopf") is None:
        assert table_levels("saukopf", "saukopf") == {}
        assert "not offered at saukopf tables" in (
            level_refusal("saukopf", "saukopf", 4, "policy:saukopf-cards") or "")
    else:
        assert table_levels("saukopf", "saukopf") == {"policy:saukopf-cards": [4]}


def test_the_levels_of_a_table_include_the_policy_only_where_it_plays() -> None:
    assert levels_at("drecksau", "dirty-pig", 2)[-1] == POLICY
    assert POLICY not in levels_at("drecksau", "dirty-pig", 3)
    assert POLICY not in levels_at("drecksau", "sauschoen", 2)
    assert level_refusal("drecksau", "dirty-pig", 2, POLICY) is None
    assert level_refusal("drecksau", "dirty-pig", 2, "heuristic") is None


REFUSALS = [
    ("dirty-pig", 3, "plays only dirty-pig with 2 players, not dirty-pig with 3 players"),
    ("sauschoen", 2, "plays only dirty-pig with 2 players, not sauschoen with 2 players"),
]
"""Tables the policy cannot play, and what the refusal says."""


async def test_a_table_it_cannot_play_refuses_the_policy_by_name(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    for ruleset, seats, said in REFUSALS:
        refused = await http.post("/api/tables", json={
            "game": "drecksau", "ruleset": ruleset, "seats": seats, "name": "Anna",
            "bots": [POLICY]})
        assert refused.status_code == 400
        assert refused.json()["error"]["message"] == f"bot level {POLICY!r} {said}"
    assert server.hub.tables == {}  # nothing was made
    for ruleset, seats, said in REFUSALS:
        created = await create(http, game="drecksau", ruleset=ruleset, seats=seats,
                               name="Anna")
        table_id, token = created["table_id"], created["token"]
        added = await http.post(f"/api/tables/{table_id}/bots",
                                json={"level": POLICY, "seat": 1}, headers=bearer(token))
        assert added.status_code == 400
        assert added.json()["error"]["message"] == f"bot level {POLICY!r} {said}"
        seats_now = (await http.get(f"/api/tables/{table_id}")).json()["seats"]
        assert seats_now[1]["kind"] == "empty"  # the seat stays as it was
    unknown = await http.post("/api/tables", json={
        "game": "drecksau", "ruleset": "dirty-pig", "seats": 2, "bots": ["policy:nope"]})
    assert unknown.status_code == 400
    message = unknown.json()["error"]["message"]
    assert message.startswith("no bot level 'policy:nope' for drecksau; levels: ")
    assert message.endswith(f", {POLICY}")  # this table's levels, the policy among them


async def test_a_table_with_the_policy_plays_a_game_to_the_end_in_the_worker_pool(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    sent = spy_on_workers(server)
    created = await create(http, game="drecksau", ruleset="dirty-pig", seats=2, name="Anna")
    table_id, token = created["table_id"], created["token"]
    added = await http.post(f"/api/tables/{table_id}/bots", json={"level": POLICY},
                            headers=bearer(token))
    assert added.status_code == 200
    assert added.json()["table"]["seats"][1]["bot_level"] == POLICY
    wire = await Wire.open(server, table_id, token=token)
    await http.post(f"/api/tables/{table_id}/start", headers=bearer(token))
    over = await play_to_end(wire, timeout=120)
    assert over["game_number"] == 1
    events = [m for m in wire.received if m["type"] == "event" and m["kind"] == "action"]
    assert any(e.get("seat") == 1 for e in events)  # the policy moved
    assert sent and set(sent) == {POLICY}  # every one of its moves thought in a worker
    await wire.close()
    await asyncio.sleep(0)
