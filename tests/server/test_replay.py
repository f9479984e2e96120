"""Replays and analyses of finished games over HTTP: every position with every hand once
the game is over, nothing of a running game, the analysis of a seat made off the event loop.
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from saustall.server.tables import HubSettings
from tests.server.conftest import LiveServer, Wire, bearer, create, play_to_end, quick_settings


@pytest.fixture
def settings() -> HubSettings:
    """Quick analyses: a few worlds per decision (the estimates' quality is not tested
    here, only that the page gets them)."""
    quick = quick_settings()
    quick.analysis_worlds = 4
    return quick


async def saukopf_deal(server: LiveServer, http: httpx.AsyncClient,
                       finish: bool = True) -> dict[str, Any]:
    """A one-deal Saukopf table: Anna and three bots, dealt, and (``finish``) played out."""
    created = await create(http, game="saukopf", name="Anna", options={"deals": 1},
                           bots=["random", "random", "random"])
    answer = await http.post(f"/api/tables/{created['table_id']}/start",
                             headers=bearer(created["token"]))
    assert answer.status_code == 200, answer.text
    if finish:
        wire = await Wire.open(server, created["table_id"], token=created["token"])
        await play_to_end(wire)
        await wire.close()
    return created


async def test_a_running_game_has_no_replay_positions_or_analysis(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    created = await saukopf_deal(server, http, finish=False)
    table = created["table_id"]
    for method, path in (("GET", "replay"), ("GET", "replay/positions?from=0&count=5"),
                         ("POST", "analysis?seat=0"), ("GET", "analysis?seat=0")):
        for auth in ({"headers": bearer(created["token"])},
                     {"params": {"invite": created["invite"]}}):
            answer = await http.request(method, f"/api/tables/{table}/{path}", **auth)
            assert answer.status_code == 409, (path, answer.text)
            assert answer.json()["error"]["code"] == "conflict"
            # nothing of the game in the refusal: no view, no hand, no seed
            assert set(answer.json()) == {"error"}
            assert "views" not in answer.text and "hand" not in answer.text


async def test_a_finished_game_replays_with_every_hand(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    created = await saukopf_deal(server, http)
    table = created["table_id"]
    # Anyone with the invite may replay it; a wrong invite or token may not.
    assert (await http.get(f"/api/tables/{table}/replay",
                           params={"invite": "wrong"})).status_code == 403
    assert (await http.get(f"/api/tables/{table}/replay",
                           headers=bearer("wrong"))).status_code == 401
    summary = (await http.get(f"/api/tables/{table}/replay",
                              params={"invite": created["invite"]})).json()
    assert summary["seat"] is None
    mine = (await http.get(f"/api/tables/{table}/replay",
                           headers=bearer(created["token"]))).json()
    assert mine["seat"] == 0 and mine["steps"] == summary["steps"]
    record = (await http.get(f"/api/tables/{table}/record",
                             headers=bearer(created["token"]))).json()
    assert [step["action"] for step in summary["steps"]] == record["actions"]
    assert summary["positions"] == len(record["actions"]) + 1
    assert summary["labels"][0] == {"name": "Anna"}
    assert summary["analysis"] == {"levels": ["expert", "club", "beginner"]}
    assert {step["seat"] for step in summary["steps"]} == {0, 1, 2, 3}
    # Every position, part by part: each seat's own hand is in its view.
    positions: list[dict[str, Any]] = []
    while len(positions) < summary["positions"]:
        part = (await http.get(f"/api/tables/{table}/replay/positions", params={
            "invite": created["invite"], "from": len(positions),
            "count": summary["max_positions"]})).json()
        assert part["from"] == len(positions)
        positions.extend(part["positions"])
    assert len(positions) == summary["positions"]
    first, last = positions[0], positions[-1]
    assert [len(view["hand"]) for view in first["views"]] == [8, 8, 8, 8]
    assert len({card for view in first["views"] for card in view["hand"]}) == 32
    assert first["to_act"] == [summary["steps"][0]["seat"]]
    assert last["views"][0]["phase"] == "over" and last["to_act"] == []
    # A card played at step k leaves the player's hand at position k + 1.
    for k, step in enumerate(summary["steps"]):
        if step["action"].startswith("card "):
            card = step["action"].split()[1]
            assert card in positions[k]["views"][step["seat"]]["hand"]
            assert card not in positions[k + 1]["views"][step["seat"]]["hand"]
    # Asking beyond the end, or for too many, is named.
    beyond = await http.get(f"/api/tables/{table}/replay/positions",
                            params={"invite": created["invite"], "from": summary["positions"]})
    assert beyond.status_code == 400 and "'from'" in beyond.json()["error"]["message"]
    many = await http.get(f"/api/tables/{table}/replay/positions",
                          params={"invite": created["invite"], "count": 1000})
    assert many.status_code == 400 and "'count'" in many.json()["error"]["message"]


async def test_the_next_game_at_the_table_is_not_replayed_while_it_runs(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    created = await saukopf_deal(server, http)
    table = created["table_id"]
    await http.post(f"/api/tables/{table}/rematch", headers=bearer(created["token"]))
    await http.post(f"/api/tables/{table}/start", headers=bearer(created["token"]))
    auth = {"headers": bearer(created["token"])}
    assert (await http.get(f"/api/tables/{table}/replay", params={"game": 2},
                           **auth)).status_code == 409
    assert (await http.get(f"/api/tables/{table}/replay", **auth)).status_code == 409
    # the first game still replays
    first = await http.get(f"/api/tables/{table}/replay", params={"game": 1}, **auth)
    assert first.status_code == 200 and first.json()["game_number"] == 1


async def test_the_analysis_of_a_seat_is_made_on_request_and_kept(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    created = await saukopf_deal(server, http)
    table = created["table_id"]
    auth = {"params": {"invite": created["invite"], "seat": 1}}
    before = (await http.get(f"/api/tables/{table}/analysis", **auth)).json()
    assert before["status"] == "not-started"
    started = (await http.post(f"/api/tables/{table}/analysis", **auth)).json()
    assert started["status"] in ("queued", "running", "done")
    for _ in range(600):
        status = (await http.get(f"/api/tables/{table}/analysis", **auth)).json()
        if status["status"] in ("done", "failed"):
            break
        assert status["total"] is None or 0 <= status["done"] <= status["total"]
        await asyncio.sleep(0.1)
    assert status["status"] == "done", status
    analysis = status["analysis"]
    assert analysis["seats"] == [1] and analysis["worlds"] == 4
    assert status["done"] == status["total"] == len(analysis["decisions"]) > 0
    steps = (await http.get(f"/api/tables/{table}/replay",
                            params={"invite": created["invite"]})).json()["steps"]
    for decision in analysis["decisions"]:
        assert steps[decision["index"]]["seat"] == 1
        assert steps[decision["index"]]["action"] == decision["chosen"]
        assert decision["best"] in [a["action"] for a in decision["alternatives"]]
    # Asked again, it is the same one, done at once.
    again = (await http.post(f"/api/tables/{table}/analysis", **auth)).json()
    assert again["status"] == "done" and again["analysis"] == analysis
    # A seat that is not at the table is named.
    wrong = await http.post(f"/api/tables/{table}/analysis",
                            params={"invite": created["invite"], "seat": 7})
    assert wrong.status_code == 400 and "seat" in wrong.json()["error"]["message"]


async def test_a_game_without_analysis_says_so(server: LiveServer,
                                               http: httpx.AsyncClient) -> None:
    created = await create(http, game="drecksau", seats=2, name="Anna", bots=["random"])
    await http.post(f"/api/tables/{created['table_id']}/start",
                    headers=bearer(created["token"]))
    wire = await Wire.open(server, created["table_id"], token=created["token"])
    await play_to_end(wire)
    await wire.close()
    table = created["table_id"]
    summary = (await http.get(f"/api/tables/{table}/replay",
                              headers=bearer(created["token"]))).json()
    assert summary["analysis"] is None
    answer = await http.post(f"/api/tables/{table}/analysis", params={"seat": 0},
                             headers=bearer(created["token"]))
    assert answer.status_code == 404 and "no analysis" in answer.json()["error"]["message"]
