"""What crosses between cluster processes arrives whole: every action event reaches
every client on every process, and no client input is too large to forward.

Two real ``saustall serve`` processes share a throwaway PostgreSQL (the set-up of
:mod:`tests.server.test_cluster`).
"""

from __future__ import annotations

import asyncio
import os

import httpx
import pytest

from saustall.core import GameRecord
from tests.server.conftest import bearer
from tests.server.test_cluster import Node, Player, database, nodes, seat_two

__all__ = ["database", "nodes"]  # the fixtures, imported for the tests here

pytestmark = pytest.mark.postgres


async def play_one_game(owner: Node, other: Node, number: int) -> tuple[int, list[int]]:
    """A Dirty Pig game created on ``owner``: Anna there, a random bot, Bert on ``other``.

    Each person's stream of live action events must be the record's actions, 1 to the
    last, each once and in order, when ``game_over`` arrives. Returns the record's length
    and the seqs each of the two received (checked here already).
    """
    async with httpx.AsyncClient(base_url=owner.base, timeout=10) as http_a, \
            httpx.AsyncClient(base_url=other.base, timeout=10) as http_b:
        table_id, tokens = await seat_two(http_a, http_b, game="drecksau",
                                          ruleset="dirty-pig", seats=3, bots=["random"])
        anna = Player(table_id, tokens[0], 2 * number)
        bert = Player(table_id, tokens[1], 2 * number + 1)
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
        assert player.moves == expected, (
            f"game {number}: {who} got {len(player.moves)} action events for "
            f"{len(expected)} moves; missing {missing}, order {player.moves}")
    return len(expected), bert.moves


async def play_games(pair: list[Node], games: int) -> int:
    """``games`` games in a row, created on each process in turn; the moves played."""
    moves = 0
    for number in range(games):
        owner, other = pair if number % 2 == 0 else pair[::-1]
        played, _ = await play_one_game(owner, other, number)
        moves += played
    return moves


async def test_every_client_gets_every_action_event_on_either_process(
        nodes: list[Node]) -> None:
    """The first move after the start and the last before ``game_over`` included."""
    await play_games(nodes, 3)


@pytest.mark.long
async def test_fifty_games_miss_no_event(nodes: list[Node]) -> None:
    """``make cluster-events``: GAMES (default 50) two-process games, each client's
    event sequence compared with the record."""
    games = int(os.environ.get("SAUSTALL_CLUSTER_GAMES", "50"))
    moves = await play_games(nodes, games)
    print(f"{games} two-process games, {moves} moves: every client got every action "
          "event once, in order (0 missed)")
