"""Fixtures for the game server tests: a live server on loopback and wire-level clients."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import socket
import subprocess
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
import websockets

from saustall.server.app import WS_MAX_FRAME, create_app, server_config
from saustall.server.connections import ConnectionGuard, ConnectionLimits
from saustall.server.limits import LimitSettings
from saustall.server.tables import HubSettings
from tests.conftest import database_directory
from tests.server.pgtemp import PostgresMissing, throwaway_postgres


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class LiveServer:
    """A uvicorn server running the app inside the test's event loop.

    With ``connections`` it is configured as ``saustall serve`` configures it (guarded
    sockets, trusted proxies, the redacting log: :func:`server_config`); ``guard`` is
    then the guard of its connections.
    """

    def __init__(self, database: str, settings: HubSettings,
                 allow_origins: tuple[str, ...] = (),
                 connections: ConnectionLimits | None = None) -> None:
        self.database = database
        self.connections = connections
        self.guard: ConnectionGuard | None = None
        self.settings = settings
        self.allow_origins = allow_origins
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        self.server: uvicorn.Server | None = None
        self.task: asyncio.Task[None] | None = None
        self.app: Any = None

    async def start(self) -> None:
        self.app = create_app(self.database, settings=self.settings,
                              allow_origins=self.allow_origins)
        # Keep-alive longer than the client's (httpx: 5 s), so the server never closes an
        # idle connection just as a client reuses it (a ReadError on a loaded machine).
        if self.connections is not None:
            config, self.guard = server_config(self.app, "127.0.0.1", self.port,
                                               log_level="warning", connections=self.connections,
                                               lifespan="on", timeout_keep_alive=30)
        else:
            config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port,
                                    log_level="warning", ws_max_size=WS_MAX_FRAME, lifespan="on",
                                    timeout_keep_alive=30)
        self.server = uvicorn.Server(config)
        self.task = asyncio.create_task(self.server.serve())
        for _ in range(500):
            if self.server.started:
                return
            if self.task.done():
                self.task.result()
            await asyncio.sleep(0.01)
        raise RuntimeError("server did not start")

    async def stop(self) -> None:
        assert self.server is not None and self.task is not None
        self.server.should_exit = True
        await asyncio.wait_for(self.task, 10)

    @property
    def hub(self) -> Any:
        return self.app.state.hub


async def wait_until_ready(proc: subprocess.Popen[bytes], base: str, log: Path,
                           seconds: float = 60, fail: bool = True) -> bool:
    """Until the server process at ``base`` answers ``/api/ready`` with 200 (then True).

    If it exits or takes longer than ``seconds``, the test fails (with the end of its
    ``log``); or, with ``fail=False``, the answer is False and the caller looks into why
    (e.g. the port was taken meanwhile: see ``start_serving`` in test_log_levels)."""
    end = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=base, timeout=2) as http:
        while time.monotonic() < end:
            if proc.poll() is not None:
                if not fail:
                    return False
                pytest.fail(f"the server exited: {log.read_text()[-3000:]}")
            try:
                if (await http.get("/api/ready")).status_code == 200:
                    return True
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.05)
    if not fail:
        return False
    pytest.fail("the server did not become ready")


def fast_bots(game: str, level: str, seed: int) -> Any:
    """Pigasus bots with reflexes of a few ms, so a real-time game takes a moment."""
    if game != "pigasus":
        return None
    from saustall.games.pigasus.bots.reaction import Level, PigasusBot

    quick = Level("test", reaction_ms=4, per_card_ms=0, sigma=0.2, notice=0.9,
                  false_alarm=0.02, point_ms=3)
    return PigasusBot(quick, seed, deal_interval_ms=3)


def quick_settings(**limits: Any) -> HubSettings:
    """Server settings for tests: bots act at once; clients may act as fast as they like
    and open as many tables and sockets as they like, except for the ``limits`` given
    (fields of :class:`LimitSettings`; the limits have their own tests)."""
    return HubSettings(bot_delay=0.0, rate_per_second=10000, rate_burst=10000,
                       action_rate_per_second=10000, action_rate_burst=10000,
                       limits=LimitSettings(**{"tables_per_source": 0, "sockets_per_source": 0,
                                               "new_sockets_per_second": 0, **limits}),
                       bot_factory=fast_bots)


# -- a throwaway PostgreSQL ------------------------------------------------------------------
# These need Debian's ``postgresql`` package (binaries under ``/usr/lib/postgresql/*/bin``,
# installed by scripts/system-deps.sh); without it the tests fail and say so.

@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL server on a free loopback port with a fresh cluster, torn down after."""
    try:
        with throwaway_postgres() as url:
            yield url
    except PostgresMissing as exc:
        pytest.fail(str(exc))


@pytest.fixture
def settings() -> HubSettings:
    """The server settings of the ``server`` fixture (see :func:`quick_settings`)."""
    return quick_settings()


@pytest.fixture
def connections() -> ConnectionLimits | None:
    """The connection guard of the ``server`` fixture (``None``: plain uvicorn, unguarded)."""
    return None


@pytest.fixture
async def server(tmp_path: Path, settings: HubSettings,
                 connections: ConnectionLimits | None) -> AsyncIterator[LiveServer]:
    """A running server on a fresh SQLite file."""
    with database_directory(tmp_path) as where:
        live = LiveServer(f"sqlite+aiosqlite:///{where / 'test.db'}", settings,
                          connections=connections)
        await live.start()
        try:
            yield live
        finally:
            await live.stop()


@pytest.fixture
async def http(server: LiveServer) -> AsyncIterator[httpx.AsyncClient]:
    """An HTTP client for the live server."""
    async with httpx.AsyncClient(base_url=server.base, timeout=10) as client:
        yield client


class Wire:
    """A WebSocket client that records every message it receives."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.received: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.pending: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, server: LiveServer, table_id: str, **hello: Any) -> "Wire":
        ws = await websockets.connect(f"{server.ws_base}/ws/tables/{table_id}",
                                      max_size=2**22)
        wire = cls(ws)
        await wire.send({"type": "hello", **hello})
        return wire

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))

    async def recv(self, timeout: float = 10) -> dict[str, Any]:
        if self.pending:
            return self.pending.pop(0)
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        self.raw.append(text)
        message: dict[str, Any] = json.loads(text)
        self.received.append(message)
        return message

    async def until(self, type_: str, timeout: float = 10, **match: Any) -> dict[str, Any]:
        """The next message of ``type_`` (with the given field values); earlier ones skipped."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            message = await self.recv(max(0.01, end - loop.time()))
            if message["type"] == type_ and all(message.get(k) == v for k, v in match.items()):
                return message

    async def close(self) -> None:
        await self.ws.close()


async def create(http: httpx.AsyncClient, **body: Any) -> dict[str, Any]:
    """Create a table and return the answer (asserting success)."""
    answer = await http.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


async def join(http: httpx.AsyncClient, created: dict[str, Any],
               name: str = "Bert") -> dict[str, Any]:
    """Take a free seat at the table ``created`` through its invite (asserting success)."""
    answer = await http.post(f"/api/tables/{created['table_id']}/join",
                             json={"invite": created["invite"], "name": name})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def bearer(token: str) -> dict[str, str]:
    """The Authorization header for a seat token."""
    return {"Authorization": f"Bearer {token}"}


async def play_to_end(wire: Wire, timeout: float = 60, seed: int = 0) -> dict[str, Any]:
    """Play a random legal action whenever it is this seat's move, until game over."""
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    last_seq = -1
    choice = ""
    while True:
        message = await wire.recv(max(0.01, end - loop.time()))
        if message["type"] == "game_over":
            return message
        if message["type"] == "state" and message["legal"] and message["seq"] != last_seq:
            last_seq = message["seq"]
            choice = rng.choice(message["legal"])["action"]
            await wire.send({"type": "action", "action": choice,
                             "id": message["seq"]})
        if message["type"] == "error" and message["code"] == "rate-limited":
            await asyncio.sleep(0.2)  # too quick for the server's limit: say it again
            await wire.send({"type": "action", "action": choice, "id": last_seq})


async def act_once(wire: Wire, ident: str) -> tuple[int, str]:
    """Play this seat's first legal action once it is its move; its acknowledged seq and text."""
    while True:
        message = await wire.recv()
        if message["type"] == "state" and message["legal"]:
            break
    action: str = message["legal"][0]["action"]
    await wire.send({"type": "action", "action": action, "id": ident})
    ack = await wire.until("ack", id=ident)
    return int(ack["seq"]), action


@dataclass
class PlayedDatabase:
    """A SQLite database written by a real server: a finished game, one mid-game, a lobby."""

    path: Path
    finished: str
    midgame: str
    midgame_seq: int
    lobby: str

    @property
    def url(self) -> str:
        return f"sqlite+aiosqlite:///{self.path}"

    @property
    def table_ids(self) -> set[str]:
        return {self.finished, self.midgame, self.lobby}


async def play_some_games(path: Path) -> PlayedDatabase:
    """Run a server on ``path``, play a game to its end, one partly, open a lobby; stop it."""
    live = LiveServer(f"sqlite+aiosqlite:///{path}", quick_settings())
    await live.start()
    try:
        async with httpx.AsyncClient(base_url=live.base, timeout=10) as http:
            finished = await create(http, game="drecksau", seats=2, name="Anna", bots=["random"])
            midgame = await create(http, game="drecksau", seats=2, name="Bea", bots=["random"])
            lobby = await create(http, game="drecksau", seats=3, name="Cid", bots=["random"])
            for table in (finished, midgame):
                answer = await http.post(f"/api/tables/{table['table_id']}/start",
                                         headers=bearer(table["token"]))
                assert answer.status_code == 200, answer.text
            wire = await Wire.open(live, finished["table_id"], token=finished["token"])
            await play_to_end(wire)
            await wire.close()
            wire = await Wire.open(live, midgame["table_id"], token=midgame["token"])
            seq, _ = await act_once(wire, "a")
            seq, _ = await act_once(wire, "b")
            await wire.close()
    finally:
        await live.stop()
    return PlayedDatabase(path, finished["table_id"], midgame["table_id"], seq,
                          lobby["table_id"])


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PlayedDatabase]:
    """One played database per module; tests damage copies of it (see ``played``)."""
    path = tmp_path_factory.mktemp("pristine") / "saustall.db"
    yield asyncio.run(play_some_games(path))


@pytest.fixture
def played(pristine: PlayedDatabase, tmp_path: Path) -> PlayedDatabase:
    """A fresh copy of the played database."""
    copy = tmp_path / "saustall.db"
    shutil.copyfile(pristine.path, copy)
    return PlayedDatabase(copy, pristine.finished, pristine.midgame, pristine.midgame_seq,
                          pristine.lobby)


ALARMING = ("ERROR", "CRITICAL", "Traceback", "leaked semaphore", "resource_tracker")
"""What an operator's alert would fire on in a server's log (docs/deploy.md, *Logs*)."""


def alarming_lines(log_text: str) -> list[str]:
    """The lines of a server's log an alert on errors would fire on (none is expected in
    normal operation: a takeover, a shutdown, a restart)."""
    return [line for line in log_text.splitlines()
            if any(word in line for word in ALARMING)]


def spy_on_workers(server: LiveServer) -> list[str]:
    """The names of the bots whose decisions the server sends to its worker pool, from
    now on, in order (the pool still decides them)."""
    sent: list[str] = []
    workers = server.hub.bots.workers
    to_worker = workers.choose

    async def counted(game: str, ruleset: str, bot: Any, view: Any, legal: Any) -> Any:
        sent.append(bot.name)
        return await to_worker(game, ruleset, bot, view, legal)
    workers.choose = counted  # type: ignore[method-assign]
    return sent
