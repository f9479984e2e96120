"""Bots think in worker processes: a bot that thinks long never holds up another table."""

from __future__ import annotations

import asyncio
import os
import pickle
from concurrent.futures.process import BrokenProcessPool
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from saustall.bots.base import bot_levels, make_bot
from saustall.core import registry
from saustall.server.bot_workers import BotWorkers
from saustall.server.tables import HubSettings
from tests.server.conftest import (
    LiveServer, Wire, bearer, create, fast_bots, join, quick_settings, spy_on_workers,
)
from tests.server.heavy_bot import (
    DyingBot, DyingOnceBot, FailingBot, SignalsBot, ThinkingBot, WaitingBot,
)


@pytest.fixture
def thinking(tmp_path: Path) -> tuple[Path, Path]:
    """Where the thinking bot marks that it started, and the file that releases it."""
    return tmp_path / "started", tmp_path / "release"


@pytest.fixture
def settings(thinking: tuple[Path, Path]) -> HubSettings:
    """Quick settings where every ``heuristic`` bot is a :class:`ThinkingBot`."""
    started, release = thinking

    def factory(game: str, level: str, seed: int) -> Any:
        if level == "heuristic":
            return ThinkingBot(started, release)
        return fast_bots(game, level, seed)
    quick = quick_settings()
    quick.bot_factory = factory
    return quick


async def wait_for_file(path: Path, timeout: float = 30) -> None:
    """Until ``path`` exists."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not path.exists():
        assert loop.time() < end, f"{path.name} never appeared"
        await asyncio.sleep(0.02)


async def test_other_tables_are_served_while_a_bot_thinks(
        server: LiveServer, http: httpx.AsyncClient, thinking: tuple[Path, Path]) -> None:
    started, release = thinking
    # Table A: Anna against a bot that thinks until released.
    busy = await create(http, game="drecksau", seats=2, name="Anna", bots=["heuristic"])
    anna = await Wire.open(server, busy["table_id"], token=busy["token"])
    await http.post(f"/api/tables/{busy['table_id']}/start", headers=bearer(busy["token"]))
    thinker = asyncio.create_task(play_until(anna, started))
    await wait_for_file(started)
    thinker.cancel()  # Anna has no move while the bot thinks
    busy_table = server.hub.tables[busy["table_id"]]
    seq_while_thinking = busy_table.seq

    # Table B: two people play on and are acknowledged while the bot still thinks.
    calm = await create(http, game="drecksau", seats=2, name="Cleo")
    dora = await join(http, calm, name="Dora")
    await http.post(f"/api/tables/{calm['table_id']}/ready", json={"ready": True},
                    headers=bearer(dora["token"]))
    wires = [await Wire.open(server, calm["table_id"], token=calm["token"]),
             await Wire.open(server, calm["table_id"], token=dora["token"])]
    await http.post(f"/api/tables/{calm['table_id']}/start", headers=bearer(calm["token"]))
    acknowledged, last_seq = 0, 0
    rng = random.Random(1)
    while acknowledged < 12:
        wire, message = await next_move(wires, last_seq)
        ident = f"b{acknowledged}"
        await wire.send({"type": "action", "action": rng.choice(message["legal"])["action"],
                         "id": ident})
        last_seq = (await wire.until("ack", id=ident))["seq"]
        acknowledged += 1
        assert not release.exists() and busy_table.seq == seq_while_thinking  # still thinking

    release.touch()  # now the bot may finish its thought, and table A goes on
    bot_event = await anna.until("event", timeout=30, kind="action", seat=1)
    assert bot_event["seq"] == seq_while_thinking + 1
    for wire in (anna, *wires):
        await wire.close()


async def play_until(wire: Wire, started: Path) -> None:
    """Play the first legal action whenever it is this seat's move."""
    last = -1
    while True:
        message = await wire.recv(60)
        if message["type"] == "state" and message["legal"] and message["seq"] != last:
            last = message["seq"]
            await wire.send({"type": "action", "action": message["legal"][0]["action"],
                             "id": f"a{last}"})


async def next_move(wires: list[Wire], after: int) -> tuple[Wire, dict[str, Any]]:
    """The wire whose seat is to move after action ``after``, with its state message."""
    for _ in range(400):
        for wire in wires:
            try:
                message = await wire.recv(0.05)
            except asyncio.TimeoutError:
                continue
            if message["type"] == "state" and message["legal"] and message["seq"] >= after:
                return wire, message
    raise AssertionError("nobody got a move")


async def test_a_seeded_bot_plays_the_same_in_a_worker_as_in_process() -> None:
    game = registry.get("saukopf")
    workers = BotWorkers(size=1)
    try:
        state = game.new_state(4, 7)
        here, there = make_bot("saukopf", "heuristic", 5), make_bot("saukopf", "heuristic", 5)
        for _ in range(40):
            if state.is_terminal():
                break
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            choice = await workers.choose("saukopf", game.ruleset.name, there, view,
                                          [game.encode_action(a) for a in legal])
            there = choice.bot  # the bot carries on from where it stopped in the worker
            expected = here.choose(view, legal)
            assert legal[choice.index] == expected
            state.apply(expected)
    finally:
        await workers.close()


async def test_a_bot_that_fails_in_a_worker_raises_its_error_here() -> None:
    game = registry.get("drecksau")
    state = game.new_state(2, 1)
    seat = state.to_act()[0]
    legal = [game.encode_action(a) for a in state.legal_actions(seat)]
    workers = BotWorkers(size=1)
    try:
        with pytest.raises(ZeroDivisionError):
            await workers.choose("drecksau", game.ruleset.name, FailingBot(),
                                 state.view(seat), legal)
    finally:
        await workers.close()


async def test_a_worker_that_dies_is_replaced() -> None:
    game = registry.get("drecksau")
    state = game.new_state(2, 1)
    seat = state.to_act()[0]
    legal = [game.encode_action(a) for a in state.legal_actions(seat)]
    workers = BotWorkers(size=1)
    try:
        with pytest.raises(BrokenProcessPool):  # it was asked twice, and died twice
            await workers.choose("drecksau", game.ruleset.name, DyingBot(), state.view(seat),
                                 legal)
        choice = await workers.choose("drecksau", game.ruleset.name,
                                      make_bot("drecksau", "heuristic", 1), state.view(seat),
                                      legal)
        assert 0 <= choice.index < len(legal)
    finally:
        await workers.close()


def _alive(pid: int) -> bool:
    """Whether process ``pid`` still exists (a worker is the fork server's child, which
    reaps it before the pool learns that it ended)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def test_a_dead_worker_takes_the_rest_of_its_pool_with_it(tmp_path: Path) -> None:
    """The other workers of a pool one worker died in ignore the SIGTERM the executor
    sends them; the pool is stopped anyway, not left to a bot still thinking there."""
    game = registry.get("drecksau")
    state = game.new_state(2, 1)
    seat = state.to_act()[0]
    legal = [game.encode_action(a) for a in state.legal_actions(seat)]
    pid_file, release = tmp_path / "pid", tmp_path / "release"
    workers = BotWorkers(size=2)
    waiting = asyncio.ensure_future(workers.choose(
        "drecksau", game.ruleset.name, WaitingBot(pid_file, release), state.view(seat), legal))
    pid = 0
    try:
        await wait_for_file(pid_file)
        pid = int(pid_file.read_text())
        # A decision that starts the second worker first: the executor wakes its manager
        # thread before it adds a worker it spawns for a new decision, so a worker dying
        # in its first decision may go unnoticed until the next event (here: the
        # waiting bot giving up). Once it answered one, the manager watches it.
        await workers.choose("drecksau", game.ruleset.name, SignalsBot(), state.view(seat),
                             legal)
        # the second worker dies; the decision is asked again in a new pool
        choice = await workers.choose("drecksau", game.ruleset.name,
                                      DyingOnceBot(tmp_path / "died"), state.view(seat), legal)
        assert choice.index == 0
        assert not _alive(pid)  # the waiting bot's worker was stopped with its pool
        assert (await waiting).index == 0  # and its decision asked again in the new pool
    finally:
        release.touch()  # (before the fix: lets the old pool end)
        if not waiting.done():
            waiting.cancel()
        await workers.close()


async def test_workers_ignore_the_stop_signals_from_the_fork_server() -> None:
    """A stop signal to the whole process group leaves stopping the workers to the
    server: they ignore it as the fork server does, with no set-up of their own."""
    game = registry.get("drecksau")
    state = game.new_state(2, 1)
    seat = state.to_act()[0]
    legal = [game.encode_action(a) for a in state.legal_actions(seat)]
    workers = BotWorkers(size=1)
    try:
        choice = await workers.choose("drecksau", game.ruleset.name, SignalsBot(),
                                      state.view(seat), legal)
        assert isinstance(choice.bot, SignalsBot)
        assert choice.bot.ignored == ["SIGINT", "SIGTERM"]
    finally:
        await workers.close()


def test_every_registered_bot_can_travel_to_a_worker() -> None:
    # A bot goes to a worker process and back, pickled, with every decision.
    for game in registry.game_names():
        for level in bot_levels(game):
            bot = make_bot(game, level, 3)
            copy = pickle.loads(pickle.dumps(bot))
            assert type(copy) is type(bot) and copy.name == bot.name, (game, level)


async def test_random_bots_choose_on_the_loop_without_a_worker(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    """A bot that picks in microseconds (``thinks_instantly``) is not sent to a worker,
    whose round trip would cost more than its choice; it still plays its turns."""
    sent = spy_on_workers(server)
    table = await create(http, game="drecksau", seats=2, name="Anna", bots=["random"])
    anna = await Wire.open(server, table["table_id"], token=table["token"])
    await http.post(f"/api/tables/{table['table_id']}/start", headers=bearer(table["token"]))
    player = asyncio.create_task(play_until(anna, Path("unused")))
    held = server.hub.tables[table["table_id"]]
    try:
        for _ in range(400):
            bot_moves = [e for e in held.events if e.get("seat") == 1]
            if len(bot_moves) >= 3:
                break
            await asyncio.sleep(0.02)
        else:
            raise AssertionError("the random bot never moved three times")
    finally:
        player.cancel()
    assert sent == []
