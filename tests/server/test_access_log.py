"""No invite or token in the log of a real ``saustall serve`` session.

The session makes every request the web app makes, with the same URLs: the page and its
scripts, an invite link (``/t/<id>?invite=...``), the API calls with seat tokens, the
WebSockets of two players and a spectator, a game played to its end, and the record
download both with a token and (as the page does for a spectator) with
``?game=N&invite=...``; then a WebSocket and a record request from a client that puts
secrets in the query string itself. The server logs at ``info``, access lines included.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import websockets

from tests.conftest import database_directory
from tests.server.conftest import (
    Wire, bearer, create, free_port, play_to_end, wait_until_ready,
)


class ServeProcess:
    """``saustall serve`` on a free loopback port, its output in ``log``."""

    def __init__(self, database: str, log: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        self.log = log
        self.command = [sys.executable, "-m", "saustall.cli.main", "serve", "--host",
                        "127.0.0.1", "--port", str(self.port), "--database", database,
                        "--bot-delay", "0", "--bot-workers", "1"]
        self.proc: subprocess.Popen[bytes] | None = None

    async def start(self) -> None:
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(self.command, stdout=out, stderr=subprocess.STDOUT,
                                         env={**os.environ, "PYTHONUNBUFFERED": "1"},
                                         start_new_session=True)
        # generous: a cold start on a machine shared with other work can take long
        await wait_until_ready(self.proc, self.base, self.log, 90)

    def stop(self) -> None:
        """SIGTERM, as an operator stops it; then its process group is gone."""
        if self.proc is None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(30)
        finally:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait(10)


async def test_a_whole_session_leaves_no_invite_or_token_in_the_log(tmp_path: Path) -> None:
    with database_directory(tmp_path) as where:
        server = ServeProcess(f"sqlite+aiosqlite:///{where / 'log.db'}", tmp_path / "serve.log")
        await server.start()
        secrets: list[str] = []
        try:
            secrets, table_id = await session(server)
        finally:
            server.stop()
    log = server.log.read_text()
    assert len(secrets) >= 3 and all(len(secret) >= 8 for secret in secrets)
    leaked = [secret for secret in secrets if secret in log]
    assert leaked == [], f"{len(leaked)} secrets in the log"
    # the log does hold the session (the test would pass on an empty log otherwise)
    for line in (f'"GET /t/{table_id}?invite=*** HTTP/1.1" 200',
                 f'"GET /api/tables/{table_id}/record?game=***&invite=*** HTTP/1.1" 200',
                 f'"GET /api/tables/{table_id}/record?game=*** HTTP/1.1" 200',
                 f'"WebSocket /ws/tables/{table_id}" [accepted]',
                 f'"WebSocket /ws/tables/{table_id}?token=***&invite=***" [accepted]'):
        assert line in log, line


async def session(server: ServeProcess) -> tuple[list[str], str]:
    """Play a session as the web app does; the invite and tokens it used, and the table."""
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
        assert (await http.get("/")).status_code == 200
        assert (await http.get("/static/js/table.js")).status_code == 200
        created = await create(http, game="drecksau", seats=2, name="Anna")
        table_id, invite, anna = created["table_id"], created["invite"], created["token"]
        # Bert opens the invite link: the page, then the table's facts, then joins
        assert (await http.get(f"/t/{table_id}", params={"invite": invite})).status_code == 200
        assert (await http.get(f"/api/tables/{table_id}")).status_code == 200
        joined = await http.post(f"/api/tables/{table_id}/join",
                                 json={"invite": invite, "name": "Bert"})
        bert = joined.json()["token"]
        for token in (anna, bert):
            ready = await http.post(f"/api/tables/{table_id}/ready", json={"ready": True},
                                    headers=bearer(token))
            assert ready.status_code == 200, ready.text
        wa = await Wire.open(server, table_id, token=anna)  # type: ignore[arg-type]
        wb = await Wire.open(server, table_id, token=bert)  # type: ignore[arg-type]
        watcher = await Wire.open(server, table_id, invite=invite)  # type: ignore[arg-type]
        started = await http.post(f"/api/tables/{table_id}/start", headers=bearer(anna))
        assert started.status_code == 200, started.text
        over: dict[str, Any]
        over, _ = await asyncio.gather(play_to_end(wa, seed=1), play_to_end(wb, seed=2))
        await watcher.until("game_over", timeout=60)
        number = over["record_url"].rsplit("game=", 1)[1]  # the page's own link
        mine = await http.get(f"/api/tables/{table_id}/record", params={"game": number},
                              headers=bearer(anna))
        theirs = await http.get(f"/api/tables/{table_id}/record",
                                params={"game": number, "invite": invite})
        assert mine.status_code == theirs.status_code == 200
        # a client that puts the secrets in the query string itself
        async with websockets.connect(f"{server.ws_base}/ws/tables/{table_id}"
                                      f"?token={anna}&invite={invite}") as raw:
            await raw.send('{"type": "hello", "invite": "%s"}' % invite)
            await raw.recv()
        wrong = await http.get(f"/api/tables/{table_id}/record",
                               params={"game": number, "invite": invite + "x"})
        assert wrong.status_code >= 400
        for wire in (wa, wb, watcher):
            await wire.close()
    return [invite, anna, bert], table_id
