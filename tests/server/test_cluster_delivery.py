"""What crosses between cluster processes arrives whole: every action event reaches
every client on every process, and no client input is too large to forward.

Two real ``saustall serve`` processes share a throwaway PostgreSQL (the set-up of
:mod:`tests.server.test_cluster`).
"""

from __future__ import annotations

import asyncio
import json
import os
from types import SimpleNamespace
from typing import Any

import asyncpg
import httpx
import pytest
import websockets

from saustall.core import GameRecord, get
from saustall.core.errors import SaustallError
from saustall.server.forwarding import Forwarder
from saustall.server.lease import NOTIFY_LIMIT, SPILLED, Leases, asyncpg_dsn
from tests.server.conftest import bearer
from tests.server.test_cluster import (
    QUICK_PIGASUS, Node, Player, database, nodes, process_id, seat_two,
)

__all__ = ["database", "nodes"]  # the fixtures, imported for the tests here

pytestmark = pytest.mark.postgres


async def play_one_game(owner: Node, other: Node, number: int,
                        pigasus: bool = False) -> tuple[int, list[int]]:
    """A Dirty Pig game created on ``owner``: Anna there, a random bot, Bert on ``other``
    (or real-time Pigasus with a quick bot: the server's clock steps are actions too).

    Each person's stream of action events must be the record's actions, 1 to the last,
    each once and in order, when ``game_over`` arrives (those that came before the
    socket was registered arrive replayed on connecting, as a reloaded page gets them). Returns the record's length
    and the seqs each of the two received (checked here already).
    """
    async with httpx.AsyncClient(base_url=owner.base, timeout=10) as http_a, \
            httpx.AsyncClient(base_url=other.base, timeout=10) as http_b:
        if pigasus:
            table: dict[str, Any] = {"game": "pigasus", "seats": 3, "bots": ["test-fast"],
                                     "options": QUICK_PIGASUS}
        else:
            table = {"game": "drecksau", "ruleset": "dirty-pig", "seats": 3,
                     "bots": ["random"]}
        table_id, tokens = await seat_two(http_a, http_b, **table)
        gap = 0.05 if pigasus else 0.0  # a Pigasus player mashes, within the rate limit
        anna = Player(table_id, tokens[0], 2 * number, gap)
        bert = Player(table_id, tokens[1], 2 * number + 1, gap)
        await anna.connect(owner)
        await bert.connect(other)
        started = await http_b.post(f"/api/tables/{table_id}/start", headers=bearer(tokens[1]))
        assert started.status_code == 200, started.text
        await asyncio.wait_for(asyncio.gather(anna.play(), bert.play()), 120)
        await anna.ws.close()
        await bert.ws.close()
        answer = await http_a.get(f"/api/tables/{table_id}/record", headers=bearer(tokens[0]))
        assert answer.status_code == 200, answer.text
    record = GameRecord.from_json(answer.text)
    expected = list(range(1, len(record.actions) + 1))
    for who, player in (("Anna (on the owner)", anna), ("Bert (on the other)", bert)):
        assert player.over is not None, f"{who} saw no game_over"
        missing = sorted(set(expected) - set(player.moves))
        twice = sorted({seq for seq in player.moves if player.moves.count(seq) > 1})
        assert player.moves == expected, (
            f"game {number}: {who} got {len(player.moves)} action events for "
            f"{len(expected)} moves; missing {missing}, more than once {twice}, "
            f"first received {player.moves[:8]}")
    return len(expected), bert.moves


async def play_games(pair: list[Node], games: int, pigasus_every: int = 0) -> int:
    """``games`` games in a row, created on each process in turn (each
    ``pigasus_every``-th real-time Pigasus, if given); the moves played."""
    moves = 0
    for number in range(games):
        owner, other = pair if number % 2 == 0 else pair[::-1]
        pigasus = pigasus_every > 0 and number % pigasus_every == pigasus_every - 1
        played, _ = await play_one_game(owner, other, number, pigasus)
        moves += played
    return moves


async def test_every_client_gets_every_action_event_on_either_process(
        nodes: list[Node]) -> None:
    """The first move after the start and the last before ``game_over`` included."""
    await play_games(nodes, 3)


async def test_every_client_gets_every_real_time_event_on_either_process(
        nodes: list[Node]) -> None:
    await play_one_game(*nodes, number=0, pigasus=True)


@pytest.mark.long
async def test_fifty_games_miss_no_event(nodes: list[Node]) -> None:
    """``make cluster-events``: GAMES (default 50) two-process games (every fifth
    real-time Pigasus), each client's event sequence compared with the record."""
    games = int(os.environ.get("SAUSTALL_CLUSTER_GAMES", "50"))
    moves = await play_games(nodes, games, pigasus_every=5)
    print(f"{games} two-process games, {moves} moves: every client got every action "
          "event once, in order (0 missed)")


# -- client input of any size is forwarded whole --------------------------------------

async def answer_to(ws: Any, ident: str) -> dict[str, Any]:
    """The ack or error the server sends for the message ``ident`` (others skipped)."""
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if message["type"] in ("ack", "error") and message.get("id") == ident:
            return message


def engine_refusal(text: str) -> str:
    """What one server process answers for an action ``text`` Dirty Pig cannot read."""
    try:
        get("drecksau", "dirty-pig").decode_action(text)
    except SaustallError as exc:
        return str(exc)
    raise AssertionError(f"{text[:20]!r}... reads as an action")


async def test_client_input_too_large_for_a_notification_is_answered_as_on_one_process(
        nodes: list[Node], database: str) -> None:
    """Non-ASCII action text whose forwarded request is at and just over the notification
    limit, a socket message at and just over the message limit, and lobby bodies near
    their limit: each sender gets the error (or answer) one process gives, no
    notification is too large, no ERROR is logged."""
    a, b = nodes
    heard: list[tuple[str, str]] = []
    listener = await asyncpg.connect(asyncpg_dsn(database))
    for node in nodes:
        await listener.add_listener(
            f"saustall_p_{await process_id(node)}",
            lambda _c, _p, channel, payload: heard.append((channel, payload)))
    try:
        async with httpx.AsyncClient(base_url=a.base, timeout=10) as http_a, \
                httpx.AsyncClient(base_url=b.base, timeout=10) as http_b:
            table_id, tokens = await seat_two(http_a, http_b, game="drecksau",
                                              ruleset="dirty-pig", seats=2)
            started = await http_b.post(f"/api/tables/{table_id}/start",
                                        headers=bearer(tokens[1]))
            assert started.status_code == 200, started.text
            ws = await websockets.connect(f"{b.ws_base}/ws/tables/{table_id}")  # A owns it
            await ws.send(json.dumps({"type": "hello", "token": tokens[1]}))
            sent = 0

            async def act(text: str) -> tuple[dict[str, Any], int]:
                """Bert's answer for ``text`` and the size of the request B forwarded."""
                nonlocal sent
                sent += 1
                ident = f"m{sent:04}"  # all ids of one length: the requests differ by text
                before = len(heard)
                await ws.send(json.dumps({"type": "action", "action": text, "id": ident},
                                         ensure_ascii=False))
                reply = await answer_to(ws, ident)
                requests = [p for _c, p in heard[before:] if '"rid"' in p or "spilled" in p]
                assert len(requests) >= 1, heard[before:]
                return reply, len(requests[0].encode("utf-8"))

            # the request's size for a text: fixed framing plus the text's JSON in ASCII
            _, one_x = await act("x")
            _, one_e = await act("é")
            framing, per_e = one_x - 1, one_e - (one_x - 1)
            for size in (NOTIFY_LIMIT, NOTIFY_LIMIT + 1):
                count, rest = divmod(size - framing, per_e)
                text = "é" * count + "x" * rest
                reply, forwarded = await act(text)
                assert reply["code"] == "unknown-action", reply
                assert reply["message"] == engine_refusal(text)
                if size == NOTIFY_LIMIT:
                    assert forwarded == NOTIFY_LIMIT  # the largest that goes inline
                else:
                    assert forwarded < 100  # only names the row the request was put in

            # a whole socket message of non-ASCII text at the message limit, and over it
            limit = 4096
            shell = len(json.dumps({"type": "action", "action": "", "id": "m9999"}))
            count, rest = divmod(limit - shell, 2)  # é: two bytes in UTF-8
            text = "é" * count + "x" * rest
            message = json.dumps({"type": "action", "action": text, "id": "m9999"},
                                 ensure_ascii=False)
            assert len(message.encode("utf-8")) == limit
            await ws.send(message)
            reply = await answer_to(ws, "m9999")
            assert (reply["code"], reply["message"]) == ("unknown-action", engine_refusal(text))
            over = json.dumps({"type": "action", "action": text + "x", "id": "m9998"},
                              ensure_ascii=False)
            assert len(over.encode("utf-8")) == limit + 1
            await ws.send(over)
            while (reply := json.loads(await asyncio.wait_for(ws.recv(), 30)))["type"] != "error":
                pass  # (too large to be read: the error has no id)
            assert reply["code"] == "too-large", reply
            await ws.close()

            # lobby bodies of non-ASCII text near the body limit, through B to A
            created = (await http_a.post("/api/tables", json={"game": "drecksau",
                                                              "seats": 3})).json()
            path = f"/api/tables/{created['table_id']}/join"
            padded = await http_b.post(path, json={"invite": created["invite"],
                                                   "name": "Cleo", "note": "é" * 7000})
            assert padded.status_code == 200, padded.text  # unknown fields are ignored
            named = await http_b.post(path, json={"invite": created["invite"],
                                                  "name": "é" * 7000})
            assert named.status_code == 400 and named.json()["error"]["code"] == "bad-request"
    finally:
        await listener.close()
    assert max(len(p.encode("utf-8")) for _c, p in heard) <= NOTIFY_LIMIT
    for node in nodes:
        logged = node.log.read_text()
        assert "ERROR" not in logged and "dropped" not in logged, logged[-3000:]


async def test_spilled_messages_nobody_read_are_deleted_once_stale(database: str) -> None:
    """A message spilled for a process that died before reading it does not stay."""
    pool = await asyncpg.create_pool(asyncpg_dsn(database), min_size=1, max_size=2)
    try:
        await Leases(pool, "p", 2.0).create_schema()
        async with pool.acquire() as conn:
            await conn.execute(f"INSERT INTO {SPILLED} (body, created_at) VALUES "
                               "('{}', now() - interval '2 minutes'), ('{}', now())")
        cluster = SimpleNamespace(pool=pool, lease_seconds=2.0, hub=None)
        await Forwarder(cluster).drop_stale()  # type: ignore[arg-type]
        async with pool.acquire() as conn:
            left = await conn.fetchval(f"SELECT count(*) FROM {SPILLED}")
        assert left == 1  # the fresh one: its receiver may be reading it now
    finally:
        await pool.close()
