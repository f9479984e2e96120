"""Hidden information over the wire: every message a seat gets is exactly its own view.

For every registered game and ruleset a full game is played over the WebSocket (one
human seat playing random legal moves, bots elsewhere, one spectator). Afterwards the
game's record is replayed through the engine and every ``state`` message is compared
with the engine's view for that recipient at that point; the engine's views are proven
leak-free by the conformance suite (determinization), so equality proves the server adds
nothing. The seed never appears in any message, and every ``event`` is the same for all
recipients.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from saustall.core import GameRecord, registry
from tests.server.conftest import LiveServer, Wire, bearer, create, join

STATE_KEYS = {"type", "game_number", "seq", "status", "view", "legal", "to_act", "deadline",
              "time_ms"}
CASES = [(r.game, r.name) for r in registry.rulesets()]
QUICK_PIGASUS = {"window_ms": 20, "point_limit_ms": 1000, "last_call_ms": 0}
"""Short real-time windows so a game over the wire takes a few seconds."""


async def play_randomly(wire: Wire, seed: int, timeout: float) -> None:
    """Act at random when there are legal actions, until the game is over."""
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        message = await wire.recv(max(0.01, end - loop.time()))
        if message["type"] == "game_over":
            return
        # the server keeps time in real-time games: a client never needs to send a tick
        legal = [entry for entry in message.get("legal", [])
                 if not entry["action"].endswith(" tick")]
        if message["type"] == "state" and legal and message["status"] == "playing":
            await wire.send({"type": "action", "action": rng.choice(legal)["action"]})


def check_states(messages: list[dict[str, Any]], record: GameRecord, seat: int | None) -> int:
    """Compare each ``state`` message with the engine's view at its point; count them."""
    game = registry.get(record.game, record.ruleset)
    state = game.new_state(record.num_players, record.seed, record.options,
                           rng_stream=record.rng)
    applied = 0
    checked = 0
    for message in messages:
        if message["type"] != "state" or message["view"] is None:
            continue
        assert set(message) == STATE_KEYS
        while applied < message["seq"]:
            state.apply(game.decode_action(record.actions[applied]))
            applied += 1
        assert message["view"] == json.loads(json.dumps(state.view(seat))), (
            f"seat {seat} got a view that differs from the engine's at seq {applied}")
        expected_legal: list[dict[str, str]] = []
        if seat is not None and message["status"] == "playing":
            expected_legal = [{"action": game.encode_action(a), "text": state.describe_action(a)}
                              for a in state.legal_actions(seat)]
        assert message["legal"] == expected_legal
        assert message["to_act"] == list(state.to_act())
        checked += 1
    return checked


async def play_and_check(server: LiveServer, http: httpx.AsyncClient, game: str,
                         ruleset: str, seed: int, seats: int | None = None,
                         timeout: float = 90) -> int:
    """Play one full game over the wire (a random human seat, bots, a spectator) and check
    every message against the engine; returns how many states were compared."""
    engine = registry.get(game, ruleset)
    seats = seats or engine.default_players
    levels = (await http.get("/api/games")).json()["games"]
    bot_level = next(g for g in levels if g["game"] == game)["bot_levels"][0]
    options = QUICK_PIGASUS if engine.ruleset.realtime else {}
    created = await create(http, game=game, ruleset=ruleset, seats=seats, name="Hidden",
                           bots=[bot_level] * (seats - 1), options=options)
    table_id, token = created["table_id"], created["token"]
    player = await Wire.open(server, table_id, token=token)
    spectator = await Wire.open(server, table_id, invite=created["invite"])
    await player.until("welcome")
    await spectator.until("welcome")
    assert (await http.post(f"/api/tables/{table_id}/start",
                            headers=bearer(token))).status_code == 200
    await asyncio.gather(play_randomly(player, seed, timeout),
                         spectator.until("game_over", timeout=timeout))

    answer = await http.get(f"/api/tables/{table_id}/record", headers=bearer(token))
    record = GameRecord.from_json(answer.text)
    checked = check_states(player.received, record, 0)
    assert checked > 0
    checked += check_states(spectator.received, record, None)

    stored = await server.hub.store.load_game(table_id, 1)
    secret = str(stored.seed)
    for wire in (player, spectator):
        for raw in wire.raw:
            assert secret not in raw, "the seed reached a client"
            assert '"seed"' not in raw and '"rng"' not in raw and '"deck"' not in raw
    events_p = [m for m in player.received if m["type"] == "event" and m["kind"] == "action"]
    events_s = [m for m in spectator.received if m["type"] == "event" and m["kind"] == "action"]
    assert events_p == events_s and len(events_p) == len(record.actions)
    replayed = engine.new_state(record.num_players, record.seed, record.options,
                                rng_stream=record.rng)
    for event, action in zip(events_p, record.actions):
        # public actions show their notation; secret ones (a card handed face down) none
        assert event["action"] in (action, None)
        if event["action"] is None:
            assert action.split()[-1] not in event["text"]
        # every game here has a phase: the event names the one before the action
        assert event["phase"] == replayed.view(None)["phase"]
        replayed.apply(engine.decode_action(action))
    await player.close()
    await spectator.close()
    return checked


@pytest.mark.parametrize(("game", "ruleset"), CASES)
async def test_no_message_carries_more_than_the_recipients_view(
        server: LiveServer, http: httpx.AsyncClient, game: str, ruleset: str) -> None:
    assert await play_and_check(server, http, game, ruleset, seed=7) > 0


WIRE_GAMES = int(os.environ.get("SAUSTALL_WIRE_GAMES", "10000"))
WIRE_PARTS = int(os.environ.get("SAUSTALL_WIRE_PARTS", "2"))
AT_ONCE = 16


@pytest.mark.long
@pytest.mark.parametrize("part", range(WIRE_PARTS))
async def test_many_games_over_the_wire_leak_nothing(
        server: LiveServer, http: httpx.AsyncClient, part: int) -> None:
    """``make wire-fuzz``: WIRE_GAMES games (default 10,000) over every ruleset and player
    count, split into WIRE_PARTS parts (one server and one xdist worker each), AT_ONCE
    tables at a time per server, each game checked as above."""
    cases = [(r.game, r.name, n) for r in registry.rulesets()
             for n in range(r.min_players, r.max_players + 1)]
    mine = range(part, WIRE_GAMES, WIRE_PARTS)
    progress = Path("test-artifacts") / "wire-fuzz" / f"part-{part}.txt"
    progress.parent.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    done = states = 0
    lock = asyncio.Semaphore(AT_ONCE)

    async def one(index: int) -> None:
        nonlocal done, states
        game, ruleset, seats = cases[index % len(cases)]
        async with lock:
            try:
                # generous: on a loaded machine 16 games share one core; this checks leaks
                states += await play_and_check(server, http, game, ruleset, seed=index,
                                               seats=seats, timeout=900)
            except Exception as exc:
                raise AssertionError(f"game {index} ({game}/{ruleset}, {seats} players, "
                                     f"seed {index}): {exc!r}") from exc
            done += 1
            if done % 100 == 0:  # what is proven so far, should the run be stopped
                progress.write_text(f"{done} games, {states} states checked, no leak, "
                                    f"{time.monotonic() - started:.0f} s\n")

    await asyncio.gather(*(one(index) for index in mine))
    print(f"part {part}: {done} games over the wire ({len(cases)} ruleset/player-count "
          f"cases), {states} state messages equal to the engine's views, no seed in any "
          f"message, {time.monotonic() - started:.0f} s")
    assert done == len(mine)


async def test_a_seat_token_gives_only_that_seat(server: LiveServer,
                                                 http: httpx.AsyncClient) -> None:
    created = await create(http, game="drecksau", seats=2, name="Anna")
    table_id = created["table_id"]
    joined = await join(http, created)
    # nobody else's token shows up anywhere public
    info = (await http.get(f"/api/tables/{table_id}")).text
    listing = (await http.get("/api/tables")).text
    for token in (created["token"], joined["token"]):
        assert token not in info and token not in listing
    assert created["invite"] not in info
    wire = await Wire.open(server, table_id, token=joined["token"])
    await http.post(f"/api/tables/{table_id}/ready", json={"ready": True},
                    headers=bearer(joined["token"]))
    await http.post(f"/api/tables/{table_id}/start", headers=bearer(created["token"]))
    state = await wire.until("state", status="playing")
    assert state["view"]["observer"] == 1
    engine_state = server.hub.tables[table_id].state  # nobody has acted yet
    assert state["view"] == json.loads(json.dumps(engine_state.view(1)))
    assert state["legal"] == []  # seat 0 moves first: Bert sees no actions of Anna's
    assert all(created["token"] not in raw for raw in wire.raw)
    await wire.close()


def test_a_card_handed_face_down_is_not_named_in_the_event() -> None:
    from saustall.games.saukopf.cards import CARD_TEXT
    from saustall.games.saukopf.game import GIVE_BASE

    state = registry.get("saukopf").new_state(4, 1)
    for card, text in enumerate(CARD_TEXT):
        notation, words = state.public_action(GIVE_BASE + card)
        assert notation is None
        assert text not in words and "face down" in words
    played = state.legal_actions()[0]
    assert state.public_action(played) == (state.game.encode_action(played),
                                           state.describe_action(played))
