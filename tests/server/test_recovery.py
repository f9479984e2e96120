"""Recovery: kill -9 the server mid-game, restart it, and every table carries on.

The server runs as its own process (uvicorn on a free loopback port, a temporary SQLite
file). Several tables are mid-game (turn-based with humans, with bots, real-time) or in
the lobby when the process is killed with SIGKILL right after an acknowledgement. After a
restart every seat reconnects with its token, finds its game exactly where the
acknowledged actions left it, and plays it to the end; the final records contain every
acknowledged action at its place.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from saustall.core import GameRecord
from tests.conftest import database_directory
from tests.server.conftest import Wire, bearer, free_port, play_to_end


@dataclass
class Process:
    """A server process and where it listens."""

    proc: subprocess.Popen[bytes]
    base: str
    ws_base: str


async def start_server(database: str, port: int) -> Process:
    proc = subprocess.Popen(
        [sys.executable, "-m", "saustall.server", "--port", str(port), "--database", database,
         "--bot-delay", "0.02", "--log-level", "warning"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ})
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base, timeout=2) as http:
        for _ in range(300):
            if proc.poll() is not None:
                raise RuntimeError(proc.stderr.read().decode() if proc.stderr else "died")
            try:
                if (await http.get("/api/health")).status_code == 200:
                    return Process(proc, base, f"ws://127.0.0.1:{port}")
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.05)
    proc.kill()
    raise RuntimeError("the server did not come up")


def stop_server(server: Process) -> None:
    """Stop the server process as an operator would (SIGTERM), or kill it if it hangs."""
    server.proc.send_signal(signal.SIGTERM)
    try:
        server.proc.wait(10)
    except subprocess.TimeoutExpired:
        server.proc.kill()


async def start_table(http: httpx.AsyncClient, table: dict[str, Any]) -> None:
    """Start the game at a table made by :func:`seat_up` (asserting success)."""
    answer = await http.post(f"/api/tables/{table['id']}/start",
                             headers=bearer(table["tokens"][0]))
    assert answer.status_code == 200, answer.text


async def act(wire: Wire, ident: str, acked: dict[int, str]) -> None:
    """Play this seat's first legal action once it is its move; remember the ack."""
    while True:
        message = await wire.recv()
        if message["type"] == "state" and message["legal"]:
            break
    action = message["legal"][0]["action"]
    await wire.send({"type": "action", "action": action, "id": ident})
    ack = await wire.until("ack", id=ident)
    acked[ack["seq"]] = action


async def seat_up(http: httpx.AsyncClient, game: str, seats: int, bots: list[str],
                  humans: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    created = (await http.post("/api/tables", json={
        "game": game, "seats": seats, "name": "Anna", "bots": bots,
        "options": options or {}})).json()
    tokens = [created["token"]]
    for index in range(1, humans):
        joined = (await http.post(f"/api/tables/{created['table_id']}/join", json={
            "invite": created["invite"], "name": f"P{index}"})).json()
        tokens.append(joined["token"])
        await http.post(f"/api/tables/{created['table_id']}/ready", json={"ready": True},
                        headers=bearer(joined["token"]))
    return {"id": created["table_id"], "invite": created["invite"], "tokens": tokens}


async def test_kill_9_mid_game_and_restart_loses_nothing_acknowledged(tmp_path: Path) -> None:
    with database_directory(tmp_path) as where:
        await kill_9_mid_game_and_restart(f"sqlite+aiosqlite:///{where / 'recovery.db'}")


async def kill_9_mid_game_and_restart(database: str) -> None:
    port = free_port()
    server = await start_server(database, port)
    try:
        async with httpx.AsyncClient(base_url=server.base, timeout=10) as http:
            humans = await seat_up(http, "drecksau", 2, [], 2)
            with_bot = await seat_up(http, "drecksau", 3, ["random", "random"], 1)
            quick = {"window_ms": 20, "point_limit_ms": 1000, "last_call_ms": 0,
                     "first_dealer": 0}
            realtime = await seat_up(http, "pigasus", 2, [], 2, quick)
            lobby = await seat_up(http, "drecksau", 3, ["random"], 1)
            for table in (humans, with_bot, realtime):
                answer = await http.post(f"/api/tables/{table['id']}/start",
                                         headers=bearer(table["tokens"][0]))
                assert answer.status_code == 200
            acked: dict[str, dict[int, str]] = {t["id"]: {} for t in (humans, with_bot, realtime)}

            wa = await Wire.open(server, humans["id"], token=humans["tokens"][0])  # type: ignore[arg-type]
            wb = await Wire.open(server, humans["id"], token=humans["tokens"][1])  # type: ignore[arg-type]
            for turn in range(6):
                await act(wa if turn % 2 == 0 else wb, f"h{turn}", acked[humans["id"]])
            wc = await Wire.open(server, with_bot["id"], token=with_bot["tokens"][0])  # type: ignore[arg-type]
            for turn in range(3):
                await act(wc, f"b{turn}", acked[with_bot["id"]])
            wr = await Wire.open(server, realtime["id"], token=realtime["tokens"][0])  # type: ignore[arg-type]
            for turn in range(3):
                await wr.send({"type": "action", "action": "reveal", "id": f"r{turn}"})
                ack = await wr.until("ack", id=f"r{turn}")
                event = await wr.until("event", kind="action", seq=ack["seq"])
                acked[realtime["id"]][ack["seq"]] = event["action"]
            await act(wa, "last", acked[humans["id"]])  # acknowledged, then killed at once
            server.proc.send_signal(signal.SIGKILL)
            server.proc.wait(10)
            for wire in (wa, wb, wc, wr):
                await wire.close()
    finally:
        if server.proc.poll() is None:
            server.proc.kill()

    server = await start_server(database, port)
    try:
        async with httpx.AsyncClient(base_url=server.base, timeout=10) as http:
            info = (await http.get(f"/api/tables/{lobby['id']}")).json()
            assert info["status"] == "lobby"
            assert [s["kind"] for s in info["seats"]] == ["human", "bot", "empty"]

            info = (await http.get(f"/api/tables/{humans['id']}")).json()
            assert info["status"] == "playing"
            wires = [await Wire.open(server, humans["id"], token=t)  # type: ignore[arg-type]
                     for t in humans["tokens"]]
            for seat, wire in enumerate(wires):
                assert (await wire.until("welcome"))["seat"] == seat
                state = await wire.until("state")
                # exactly the acknowledged actions, nothing more, nothing less
                assert state["seq"] == len(acked[humans["id"]]) == 7
                assert state["view"]["hand"]
                wire.pending.append(state)  # play on from this position
            await asyncio.gather(*(play_to_end(w, 60, seed=i) for i, w in enumerate(wires)))

            wc = await Wire.open(server, with_bot["id"], token=with_bot["tokens"][0])  # type: ignore[arg-type]
            state = await wc.until("state")
            assert state["seq"] >= max(acked[with_bot["id"]])
            wc.pending.append(state)
            await play_to_end(wc, 60)

            wr = await Wire.open(server, realtime["id"], token=realtime["tokens"][0])  # type: ignore[arg-type]
            state = await wr.until("state")
            assert state["seq"] == 3 and len(state["view"]["table"]) == 3
            await wr.send({"type": "action", "action": "reveal", "id": "after"})
            ack = await wr.until("ack", id="after")
            assert ack["seq"] == 4
            event = await wr.until("event", kind="action", seq=4)
            before = int(acked[realtime["id"]][3].split("@")[1].split()[0])
            assert int(event["action"].split("@")[1].split()[0]) >= before  # time goes on

            for table in (humans, with_bot):
                answer = await http.get(f"/api/tables/{table['id']}/record",
                                        headers=bearer(table["tokens"][0]))
                record = GameRecord.from_json(answer.text)
                record.replay()
                for seq, action in acked[table["id"]].items():
                    assert record.actions[seq - 1] == action
            for wire in (*wires, wc, wr):
                await wire.close()
    finally:
        stop_server(server)
