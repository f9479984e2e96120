"""Log levels an operator can alert on: ERROR (and a traceback) only when someone must act.

Normal events of a server's life are INFO or WARNING in one line: a stale cluster owner's
write refused by its fence (another process took the table over), a stop signal while the
bot workers start, a restart. A real fault (a write that fails for another reason) still
logs an ERROR with its traceback.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import subprocess
import sys
import time
import weakref
from pathlib import Path
from typing import Any

import httpx
import pytest
from multiprocessing import synchronize

from saustall.server.bot_workers import BotWorkers
from saustall.server.lease import Fenced
from tests.conftest import database_directory
from tests.server.conftest import (
    LiveServer, Wire, alarming_lines, free_port, wait_until_ready,
)
from tests.server.races import seated_at_a_running_game

START_SECONDS = 60.0
"""Only a bound for a server that never comes up (it takes a few seconds)."""
ROUNDS = 3
"""Pools started and closed in the semaphore test."""
STOP_SECONDS = 30.0
"""Only a bound for a server, or a helper of it, that never stops."""


async def refused_write(server: LiveServer, http: httpx.AsyncClient,
                        monkeypatch: pytest.MonkeyPatch, failure: Exception,
                        caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """Play a move whose write fails with ``failure``; the server's log records of it."""
    table_id, _, _, ws, state = await seated_at_a_running_game(http, server.ws_base)

    async def failing_append(*args: Any, **kwargs: Any) -> None:
        raise failure

    monkeypatch.setattr(server.hub.store, "append_action", failing_append)
    caplog.set_level(logging.INFO, logger="saustall")
    caplog.clear()
    await ws.send(json.dumps({"type": "action", "action": state["legal"][0]["action"],
                              "id": "w"}))
    answer = await Wire(ws).until("error")
    assert (answer["code"], answer["id"]) == ("server-error", "w")  # nothing changed
    assert server.hub.tables[table_id].seq == 0
    await ws.close()
    return [r for r in caplog.records if r.name.startswith("saustall")]


async def test_a_stale_owners_fenced_write_is_one_warning_line(
        server: LiveServer, http: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    records = await refused_write(server, http, monkeypatch, Fenced("t1"), caplog)
    assert [(r.levelname, r.exc_info) for r in records] == [("WARNING", None)]
    assert "owned by another server process" in records[0].getMessage()
    assert "\n" not in records[0].getMessage()


async def test_a_write_that_fails_otherwise_is_an_error_with_its_traceback(
        server: LiveServer, http: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    records = await refused_write(server, http, monkeypatch, OSError("disk I/O error"), caplog)
    errors = [r for r in records if r.levelname == "ERROR"]
    assert len(errors) == 1 and errors[0].exc_info is not None
    assert "could not store action" in errors[0].getMessage()


async def test_closed_bot_workers_leave_no_semaphore_behind(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The pool's queues are gone when close returns: a server that ends right after
    (uvicorn re-raises SIGTERM, so no exit handlers run) leaks nothing that
    multiprocessing's resource tracker would report."""
    made: list[weakref.ref[Any]] = []
    original = synchronize.SemLock.__init__

    def tracked(self: Any, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        made.append(weakref.ref(self))

    monkeypatch.setattr(synchronize.SemLock, "__init__", tracked)
    for _ in range(ROUNDS):  # before, one close in two or three left the queues alive
        workers = BotWorkers(size=1)
        await workers.start()
        await workers.close()
        del workers
        alive = sum(ref() is not None for ref in made)
        assert made and alive == 0, f"{alive} of {len(made)} semaphores still alive"


def group_members(pgid: int) -> list[int]:
    """The processes of the process group ``pgid`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


async def start_serving(database: str, log: Path) -> subprocess.Popen[bytes]:
    """``saustall serve`` with two bot workers in its own process group, logging to
    ``log``, once it answers ready (its bot workers are then starting in the background).

    A port taken by someone else between choosing and binding it (other tests run on
    this machine) is another try on another port, its log set aside."""
    for attempt in range(3):
        port = free_port()
        with log.open("wb") as out:
            proc = subprocess.Popen(
                [sys.executable, "-m", "saustall.server", "--port", str(port), "--database",
                 database, "--bot-workers", "2"],
                stdout=out, stderr=out, env={**os.environ}, start_new_session=True)
        if await wait_until_ready(proc, f"http://127.0.0.1:{port}", log, START_SECONDS,
                                  fail=False):
            return proc
        stopped(proc, group=True)
        text = log.read_text()
        if "address already in use" not in text:
            pytest.fail(f"the server did not become ready: {text[-3000:]}")
        log.rename(log.with_suffix(f".port-taken-{attempt}"))
    pytest.fail("three ports in a row were taken")


def stopped(proc: subprocess.Popen[bytes], group: bool) -> tuple[int | None, list[int]]:
    """SIGTERM the server (or its whole process group, as systemd does); its exit status
    and the processes of its group still there a while after it ended (then killed)."""
    if group:
        os.killpg(proc.pid, signal.SIGTERM)
    else:
        proc.send_signal(signal.SIGTERM)
    try:
        status: int | None = proc.wait(STOP_SECONDS)
    except subprocess.TimeoutExpired:
        status = None
    end = time.monotonic() + STOP_SECONDS  # helpers notice the server is gone
    while (left := group_members(proc.pid)) and time.monotonic() < end:
        time.sleep(0.05)
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    return status, left


async def test_sigterm_while_the_bot_workers_start_and_a_restart_log_no_error(
        tmp_path: Path) -> None:
    """Stop signals the moment the server is ready (its bot workers still starting), to
    the whole process group and to the server alone, then a restart stopped once its
    workers run: a clean stop each time, nothing an alert would fire on, no process
    left behind."""
    logs = [tmp_path / f"serve-{run}.log" for run in range(3)]
    starting: list[int] = []
    with database_directory(tmp_path) as where:
        database = f"sqlite+aiosqlite:///{where / 'saustall.db'}"
        for group, log in zip((True, False), logs):
            proc = await start_serving(database, log)
            starting.append(len(group_members(proc.pid)))
            # uvicorn stops gracefully, then re-raises the signal it caught
            assert stopped(proc, group=group) == (-signal.SIGTERM, [])
        proc = await start_serving(database, logs[2])  # once more, and let it start
        try:
            end = time.monotonic() + START_SECONDS
            # server, resource tracker, fork server, a worker (more start on demand)
            while len(group_members(proc.pid)) < 4:
                assert time.monotonic() < end, "the bot workers did not start"
                await asyncio.sleep(0.05)
        finally:
            assert stopped(proc, group=False) == (-signal.SIGTERM, [])
    text = "".join(log.read_text() for log in logs)
    print(f"processes in the group at the early stops: {starting}; logs:\n{text}")
    assert text.count("Application shutdown complete") == 3
    assert alarming_lines(text) == []
