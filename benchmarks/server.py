"""Load benchmark of the game server: ``python -m benchmarks.server`` (``make bench-server``).

With ``--bot LEVEL`` the bots are of that level; ``--bot burn-100ms`` seats a bot that
spends 100 ms of CPU on every decision (:mod:`benchmarks.server_bots`), to show that a
thinking bot does not slow the other tables (the bots think in worker processes).

Starts the server as its own process on a free 127.0.0.1 port with a temporary SQLite
database, then opens many bot-filled tables at once, each with human seats played by
WebSocket clients that answer as soon as it is their move, spread over
``--client-processes`` processes (default 2: one event loop cannot keep up with a thousand
sockets, and its lag would be counted as the server's). Bounded in tables and time;
loopback only. Prints tables held, games finished, actions applied per
second (all seats, bots included) and latency percentiles from sending an action to its
acknowledgement (stored and applied) and to the resulting state arriving.

The players run in Node when it is on the PATH (``--client-kind auto``, the default):
``server_client.mjs`` beside this module plays exactly like :func:`table_loop` and
:func:`seat_client`, but for a fraction of their CPU per message, and the clients share
the machine with the servers being measured. ``--client-kind python`` runs the Python
players instead (one part in this process, the others in processes of their own); the
spectator storm always does.

With ``--processes N --database URL`` the server runs as N processes over one PostgreSQL
database (``--database postgres`` starts a throwaway one), each table's clients on the
process that created it (``--spread table``, as a load balancer hashing the table's path
would place them) or its seats on different processes (``--spread seat``: every action of
a seat away from the table's owner is forwarded). ``--compare`` runs one process and
then N on the same database, side by side. ``--think SECONDS`` makes the players pause
about that long before each move (human pace) instead of answering at once.

With ``--spectators N`` it runs a spectator storm: the first half of the time the tables
play alone, the second half N spectators (in a separate client process) keep joining and
leaving one more table through its invite, and the figures of the other tables are
reported for both halves side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

from saustall.server.heap import settle_for_serving

from benchmarks import child_environment

NODE_CLIENT = Path(__file__).with_name("server_client.mjs")
"""The Node client part (``--client-kind node``): plays like :func:`table_loop`."""


@dataclass
class Tally:
    """What the clients measured."""

    ack_ms: list[float] = field(default_factory=list)
    state_ms: list[float] = field(default_factory=list)
    storm_ack_ms: list[float] = field(default_factory=list)
    """Acknowledgement times measured while the spectator storm ran."""
    storm_from: float = float("inf")
    """Monotonic time at which the spectator storm started."""
    measure_from: float = 0.0
    """Monotonic time before which latencies are not counted (``--warmup``)."""
    actions: int = 0
    games: int = 0
    errors: int = 0
    tables: int = 0


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


async def seat_client(url: str, token: str, tally: Tally, stop_at: float, seed: int,
                      counts_events: bool, think: float = 0.0) -> None:
    """Play one seat until the game ends or time is up, timing every own action."""
    rng = random.Random(seed)
    async with websockets.connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: dict[int, float] = {}
        pending: int | None = None
        last_seq = -1
        counter = 0
        while time.monotonic() < stop_at:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.01, stop_at - time.monotonic()))
            except asyncio.TimeoutError:
                return
            message: dict[str, Any] = orjson.loads(raw)  # the clients' main cost: parsing
            kind = message["type"]
            now = time.monotonic()
            if kind == "ack":
                started = sent_at.get(message["id"])
                if started is not None and started >= tally.measure_from:
                    (tally.storm_ack_ms if started >= tally.storm_from
                     else tally.ack_ms).append((now - started) * 1000)
            elif kind == "event" and message.get("kind") == "action" and counts_events \
                    and not message.get("replay"):
                tally.actions += 1
            elif kind == "error":
                tally.errors += 1
                if message["code"] == "rate-limited":
                    last_seq = -1  # ask again with the next state
                    await asyncio.sleep(0.1)
                    await ws.send(json.dumps({"type": "sync"}))
            elif kind == "game_over":
                if counts_events:
                    tally.games += 1
                return
            elif kind == "state":
                if pending is not None and message["seq"] > pending - 1 \
                        and sent_at[pending] >= tally.measure_from:
                    tally.state_ms.append((now - sent_at[pending]) * 1000)
                    pending = None
                if message["legal"] and message["status"] == "playing" \
                        and message["seq"] != last_seq:
                    last_seq = message["seq"]
                    counter += 1
                    action = rng.choice(message["legal"])["action"]
                    if think:  # a person looks at the cards first
                        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    sent_at[counter] = time.monotonic()
                    pending = counter
                    await ws.send(json.dumps({"type": "action", "action": action,
                                              "id": counter}))


async def table_loop(bases: list[str], args: argparse.Namespace, tally: Tally,
                     stop_at: float, index: int) -> None:
    """Keep one table busy: create it, seat humans and bots, play, repeat until time is up.

    The table is created on process ``index % N``; its seats connect there too, or with
    ``--spread seat`` each to the next process in turn."""
    base = bases[index % len(bases)]
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        game_index = 0
        while time.monotonic() < stop_at:
            created = (await http.post("/api/tables", json={
                "game": args.game, "seats": args.humans + args.bots, "name": f"H{index}",
                "bots": [args.bot] * args.bots})).json()
            table_id, tokens = created["table_id"], [created["token"]]
            for extra in range(1, args.humans):
                joined = (await http.post(f"/api/tables/{table_id}/join", json={
                    "invite": created["invite"], "name": f"H{index}-{extra}"})).json()
                tokens.append(joined["token"])
                await http.post(f"/api/tables/{table_id}/ready", json={"ready": True},
                                headers={"Authorization": f"Bearer {joined['token']}"})
            tally.tables += 1
            clients = []
            for n, token in enumerate(tokens):
                where = bases[(index + (n if args.spread == "seat" else 0)) % len(bases)]
                url = f"{where.replace('http://', 'ws://')}/ws/tables/{table_id}"
                clients.append(asyncio.create_task(seat_client(
                    url, token, tally, stop_at, index * 1000 + game_index * 10 + n, n == 0,
                    args.think)))
            await asyncio.sleep(0.05)  # let the clients say hello
            await http.post(f"/api/tables/{table_id}/start",
                            headers={"Authorization": f"Bearer {tokens[0]}"})
            await asyncio.gather(*clients, return_exceptions=True)
            game_index += 1


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process has used so far (Linux ``/proc``; else 0)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def process_tree() -> dict[int, tuple[int, str, float]]:
    """Every process on the machine: pid -> (parent pid, command name, CPU seconds so far)."""
    found = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            raw = (entry / "stat").read_text()
        except OSError:
            continue
        name = raw[raw.index("(") + 1:raw.rindex(")")]
        fields = raw.rsplit(")", 1)[1].split()
        found[int(entry.name)] = (int(fields[1]), name, (int(fields[11]) + int(fields[12])) / tick)
    return found


def cpu_by_part(servers: list[int]) -> dict[str, float]:
    """CPU seconds used so far by the parts of this run: the server processes, their bot
    workers (their descendants), the database (``postgres`` processes started by this
    benchmark) and the clients: this process, its other running children, and the children
    it has already waited for (a client part that has finished is gone from ``/proc``, its
    time only in this process's children times). Linux ``/proc``; empty elsewhere."""
    if not Path("/proc/self/stat").exists():
        return {}
    tree = process_tree()
    children: dict[int, list[int]] = {}
    for pid, (parent, _, _) in tree.items():
        children.setdefault(parent, []).append(pid)

    def below(root: int) -> list[int]:
        out, todo = [], list(children.get(root, []))
        while todo:
            pid = todo.pop()
            out.append(pid)
            todo.extend(children.get(pid, []))
        return out

    server_side = set(servers).union(*(below(root) for root in servers))
    ours = below(os.getpid())
    reaped = os.times()
    return {"servers": sum(tree[pid][2] for pid in servers if pid in tree),
            "bot workers": sum(tree[pid][2] for root in servers for pid in below(root)),
            "database": sum(tree[pid][2] for pid in ours if tree[pid][1] == "postgres"),
            "clients": time.process_time() + reaped.children_user + reaped.children_system
            + sum(
                tree[pid][2] for pid in ours
                if pid not in server_side and tree[pid][1] not in ("postgres", "runuser"))}


def percentiles(values: list[float]) -> str:
    """p50/p90/p99/max of ``values`` in ms."""
    if not values:
        return "no samples"
    ordered = sorted(values)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
    return (f"p50 {at(0.5):.1f} ms, p90 {at(0.9):.1f} ms, p99 {at(0.99):.1f} ms, "
            f"max {ordered[-1]:.1f} ms (n={len(ordered)}, mean {statistics.fmean(ordered):.1f})")


async def spectator(url: str, invite: str, hold: asyncio.Event, counts: dict[str, int]) -> None:
    """Watch a table until ``hold`` is set, reading everything the server sends."""
    try:
        async with websockets.connect(url, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "invite": invite}))
            counts["joined"] += 1

            async def drain() -> None:
                async for _ in ws:
                    counts["messages"] += 1
            reader = asyncio.create_task(drain())
            await hold.wait()
            reader.cancel()
    except (OSError, websockets.WebSocketException):
        counts["failed"] += 1


async def storm(url: str, invite: str, spectators: int, seconds: float, rate: float) -> None:
    """Let ``spectators`` join a table (``rate`` a second) and leave again, over and over,
    for ``seconds``."""
    os.nice(19)  # the crowd's own client work must not starve the server being measured
    stop_at = time.monotonic() + seconds
    counts = {"joined": 0, "messages": 0, "failed": 0, "waves": 0}
    while time.monotonic() < stop_at:
        hold = asyncio.Event()
        crowd = []
        for index in range(spectators):
            crowd.append(asyncio.create_task(spectator(url, invite, hold, counts)))
            if index % 10 == 9:
                await asyncio.sleep(10 / rate)
        await asyncio.sleep(min(2.0, max(0.0, stop_at - time.monotonic())))
        hold.set()
        _, stuck = await asyncio.wait(crowd, timeout=max(0.0, stop_at - time.monotonic()) + 5)
        for task in stuck:  # a swamped server: do not wait for every goodbye
            task.cancel()
        counts["stuck"] = counts.get("stuck", 0) + len(stuck)
        counts["waves"] += 1
    print(json.dumps(counts))


async def start_storm(base: str, ws_base: str, args: argparse.Namespace,
                      seconds: float) -> subprocess.Popen[bytes]:
    """Open the watched table (a human who never moves, a turn timer, a bot) and start
    the spectators in their own process, so their work does not slow the other clients."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        created = (await http.post("/api/tables", json={
            "game": args.game, "seats": 2, "name": "Watched", "turn_timer": 5,
            "bots": ["random"]})).json()
        await http.post(f"/api/tables/{created['table_id']}/start",
                        headers={"Authorization": f"Bearer {created['token']}"})
    url = f"{ws_base}/ws/tables/{created['table_id']}"
    return subprocess.Popen([sys.executable, "-m", "benchmarks.server", "--storm-url", url,
                             "--storm-invite", created["invite"], "--spectators",
                             str(args.spectators), "--seconds", str(seconds),
                             "--storm-rate", str(args.storm_rate)],
                            stdout=subprocess.PIPE, env=child_environment())


def start_servers(args: argparse.Namespace, database: str,
                  processes: int) -> tuple[list[subprocess.Popen[bytes]], list[str]]:
    """``processes`` server processes on ``database``; them and their base URLs."""
    servers, bases = [], []
    for _ in range(processes):
        port = free_port()
        servers.append(subprocess.Popen(
            [sys.executable, "-m", "saustall.server", "--host", "127.0.0.1", "--port",
             str(port), "--database", database, "--bot-delay", str(args.bot_delay),
             "--log-level", "warning",
             # every client of the benchmark comes from 127.0.0.1
             "--tables-per-source", "0", "--sockets-per-source", "0",
             "--new-sockets-per-second", "0", "--connections-per-source", "0",
             "--spectators-per-table", str(max(args.spectators, 200)),
             "--bot-module", "benchmarks.server_bots",  # offers the burn-100ms bot
             *(["--bot-workers", str(args.bot_workers)] if args.bot_workers else []),
             *(["--ws-compression"] if args.ws_compression else [])],
            env=child_environment()))
        bases.append(f"http://127.0.0.1:{port}")
    return servers, bases


def start_client_part(args: argparse.Namespace, bases: list[str], part: int,
                      started: float) -> subprocess.Popen[bytes]:
    """Play every ``--client-processes``-th table from ``part`` on, in a process of its
    own: one process's event loop cannot keep up with a thousand sockets, and its lag
    would count as the server's."""
    return subprocess.Popen(
        [sys.executable, "-m", "benchmarks.server", "--client-part", str(part),
         "--client-bases", ",".join(bases), "--client-start", repr(started),
         "--client-processes", str(args.client_processes), "--tables", str(args.tables),
         "--humans", str(args.humans), "--bots", str(args.bots), "--seconds",
         str(args.seconds), "--game", args.game, "--bot", args.bot, "--warmup",
         str(args.warmup), "--spread", args.spread, "--think", str(args.think)],
        stdout=subprocess.PIPE, env=child_environment())


def node_path() -> str:
    """The ``node`` that runs :data:`NODE_CLIENT` (the first on the PATH)."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("--client-kind node: no node on the PATH")
    return node


def start_node_part(args: argparse.Namespace, bases: list[str], part: int,
                    started: float) -> subprocess.Popen[bytes]:
    """Play every ``--client-processes``-th table from ``part`` on in a Node process
    (:data:`NODE_CLIENT`), as :func:`start_client_part` does in Python at a fraction of
    the CPU per message. Times go as seconds from now (and now as ``time.monotonic()``,
    the clock of Node's ``process.hrtime`` on Linux, so its start-up is taken off)."""
    now = time.monotonic()
    config = {"bases": bases, "part": part, "parts": args.client_processes,
              "tables": args.tables, "humans": args.humans, "bots": args.bots,
              "bot": args.bot, "game": args.game, "think": args.think, "spread": args.spread,
              "now": now, "stop_in": started + args.seconds - now,
              "measure_in": started + args.warmup - now}
    return subprocess.Popen([node_path(), str(NODE_CLIENT), json.dumps(config)],
                            stdout=subprocess.PIPE)


def read_part(process: subprocess.Popen[bytes], out: bytes) -> dict[str, Any]:
    """The tally a finished client part printed."""
    if process.returncode != 0:
        raise SystemExit(f"a client part failed (exit status {process.returncode})")
    part: dict[str, Any] = json.loads(out)
    return part


async def client_part(args: argparse.Namespace) -> None:
    """Run one part's tables (see :func:`start_client_part`); print its tally as JSON."""
    bases = args.client_bases.split(",")
    tally = Tally()
    tally.measure_from = args.client_start + args.warmup
    stop_at = args.client_start + args.seconds
    await asyncio.gather(*(table_loop(bases, args, tally, stop_at, i) for i in
                           range(args.client_part, args.tables, args.client_processes)),
                         return_exceptions=True)
    print(json.dumps({"ack_ms": tally.ack_ms, "state_ms": tally.state_ms,
                      "actions": tally.actions, "games": tally.games,
                      "errors": tally.errors, "tables": tally.tables}))


def merge_tally(tally: Tally, part: dict[str, Any]) -> None:
    """Add a client part's figures to ``tally``."""
    tally.ack_ms += part["ack_ms"]
    tally.state_ms += part["state_ms"]
    for name in ("actions", "games", "errors", "tables"):
        setattr(tally, name, getattr(tally, name) + part[name])


async def wait_ready(bases: list[str]) -> None:
    """Until every process answers its readiness check."""
    async with httpx.AsyncClient() as http:
        for base in bases:
            for _ in range(600):
                try:
                    if (await http.get(f"{base}/api/ready")).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                await asyncio.sleep(0.05)
            else:
                raise SystemExit("the server did not start")


async def run_once(args: argparse.Namespace, database: str, processes: int) -> dict[str, Any]:
    """Run the server processes and the clients once, print the figures, return them."""
    servers, bases = start_servers(args, database, processes)
    base, ws_base = bases[0], bases[0].replace("http://", "ws://")
    storm_process: subprocess.Popen[bytes] | None = None
    parts: list[subprocess.Popen[bytes]] = []
    try:
        await wait_ready(bases)
        tally = Tally()
        parts_start = cpu_by_part([server.pid for server in servers])
        cpu_start = sum(cpu_seconds(server.pid) for server in servers)
        cpu_storm = cpu_start
        started = time.monotonic()
        tally.measure_from = started + args.warmup
        stop_at = started + args.seconds
        if args.client_kind == "node":  # every table in Node: this process only waits
            parts.extend(start_node_part(args, bases, part, started)
                         for part in range(args.client_processes))
            own_tables = range(0)
        else:  # part 0 here, the others in processes of their own
            parts.extend(start_client_part(args, bases, part, started)
                         for part in range(1, args.client_processes))
            own_tables = range(0, args.tables, args.client_processes)
        loops = asyncio.gather(*(table_loop(bases, args, tally, stop_at, i)
                                 for i in own_tables), return_exceptions=True)
        if args.spectators:
            await asyncio.sleep(args.seconds / 2)
            tally.storm_from = time.monotonic()
            cpu_storm = sum(cpu_seconds(server.pid) for server in servers)
            storm_process = await start_storm(base, ws_base, args, stop_at - time.monotonic())
        await loops
        for part_process in parts:
            out, _ = await asyncio.to_thread(part_process.communicate, None, 60)
            merge_tally(tally, read_part(part_process, out))
        elapsed = time.monotonic() - started
        cpu_end = sum(cpu_seconds(server.pid) for server in servers)
        parts_end = cpu_by_part([server.pid for server in servers])
        storm_report = ""
        if storm_process is not None:
            try:
                out, _ = await asyncio.to_thread(storm_process.communicate, None, 30)
                storm_report = out.decode().strip()
            except subprocess.TimeoutExpired:
                storm_report = "the spectators' process did not finish in time"
    finally:
        for process in [storm_process, *parts]:
            if process is not None and process.poll() is None:
                process.terminate()
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(15)
    kind = "SQLite" if database.startswith("sqlite") else "PostgreSQL"
    print(f"Saustall server load benchmark: {args.game}, {args.tables} concurrent tables of "
          f"{args.humans} WebSocket players + {args.bots} {args.bot} bots, "
          f"bot delay {args.bot_delay}s, "
          + (f"players think ~{args.think:g}s, " if args.think else "")
          + (f"latencies after a {args.warmup:g} s warm-up, " if args.warmup else "") +
          f"{elapsed:.1f}s on {os.cpu_count()} cores, {kind}, {processes} server "
          f"process{'es' if processes > 1 else ''}"
          + (f" (clients spread by {args.spread})" if processes > 1 else "")
          + f", clients: {args.client_kind} ({args.client_processes} "
          f"process{'es' if args.client_processes > 1 else ''})")
    print(f"  tables held at once : {args.tables} ({tally.tables} created, "
          f"{tally.games} games finished, {args.tables * args.humans} sockets)")
    print(f"  actions applied     : {tally.actions} ({tally.actions / elapsed:.0f} per second,"
          f" bots included; each stored before it was acknowledged)")
    if args.spectators:
        print(f"  action -> ack, other tables, without the storm: {percentiles(tally.ack_ms)}")
        print(f"  action -> ack, other tables, during the storm : "
              f"{percentiles(tally.storm_ack_ms)}")
        half = args.seconds / 2
        print(f"  server CPU          : {cpu_storm - cpu_start:.1f} s in the first "
              f"{half:.0f} s, {cpu_end - cpu_storm:.1f} s in the storm's {half:.0f} s")
        print(f"  spectator storm     : {args.spectators} spectators joining "
              f"({args.storm_rate:g} a second) and leaving one table, {storm_report}")
    else:
        print(f"  action -> ack       : {percentiles(tally.ack_ms)}")
        print(f"  server CPU          : {cpu_end - cpu_start:.1f} s (server processes, "
              "not their bot workers nor the database)")
    print(f"  action -> new state : {percentiles(tally.state_ms)}")
    print(f"  errors to clients   : {tally.errors}")
    if parts_end:
        used = {part: parts_end[part] - parts_start.get(part, 0.0) for part in parts_end}
        print("  cores used          : " + ", ".join(
            f"{part} {seconds / elapsed:.2f}" for part, seconds in used.items())
            + f" (of {os.cpu_count()}; CPU seconds per second)")
    ordered = sorted(tally.ack_ms)
    return {"processes": processes, "actions_per_second": tally.actions / elapsed,
            "ack_p99_ms": ordered[int(0.99 * (len(ordered) - 1))] if ordered else None}


async def fresh_database(server_url: str, name: str) -> str:
    """Create database ``name`` on the PostgreSQL server of ``server_url``; its URL."""
    import asyncpg

    from saustall.server.lease import asyncpg_dsn

    conn = await asyncpg.connect(asyncpg_dsn(server_url))
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return server_url.rsplit("/", 1)[0] + "/" + name


async def bench(args: argparse.Namespace) -> None:
    """Run the benchmark (once, or with ``--compare`` for 1 and N processes, in
    ``--rounds`` interleaved rounds, each run on a database of its own)."""
    counts = [1, args.processes] if args.compare and args.processes > 1 else [args.processes]
    rounds: list[list[dict[str, Any]]] = []
    if args.database == "postgres":
        from tests.server.pgtemp import throwaway_postgres

        with throwaway_postgres(max_connections=60 + 30 * args.processes) as url:
            for index in range(args.rounds):
                rounds.append([await run_once(args, await fresh_database(
                    url, f"bench_{index}_{n}"), n) for n in counts])
    else:
        for index in range(args.rounds):
            database = args.database
            if database is None:  # a new file for every run: no tables left from the last
                workdir = Path(tempfile.mkdtemp(prefix="saustall-bench-"))
                database = f"sqlite+aiosqlite:///{workdir / 'bench.db'}"
            rounds.append([await run_once(args, database, n) for n in counts])
    if len(counts) == 2:
        ratios = []
        for index, (one, many) in enumerate(rounds, 1):
            ratio = many["actions_per_second"] / max(1e-9, one["actions_per_second"])
            ratios.append(ratio)
            print(f"round {index}: {one['actions_per_second']:.0f} actions/s with 1 process, "
                  f"{many['actions_per_second']:.0f} with {many['processes']} ({ratio:.2f}x); "
                  f"ack p99 {fmt(one['ack_p99_ms'])} vs {fmt(many['ack_p99_ms'])}")
        print(f"side by side, {len(rounds)} interleaved round{'s' if len(rounds) > 1 else ''}: "
              f"{args.processes} processes give {statistics.median(ratios):.2f}x the actions/s "
              f"of 1 (median of the per-round ratios); ack p99 median "
              f"{fmt(median_of(r[0]['ack_p99_ms'] for r in rounds))} with 1, "
              f"{fmt(median_of(r[1]['ack_p99_ms'] for r in rounds))} with {args.processes}")


def median_of(values: Any) -> float | None:
    """The median of the values that are not None (None if there are none)."""
    present = [value for value in values if value is not None]
    return statistics.median(present) if present else None


def fmt(ms: float | None) -> str:
    """Milliseconds for the summary line."""
    return "no samples" if ms is None else f"{ms:.1f} ms"


def main(argv: list[str] | None = None) -> None:
    """Parse options and run the benchmark."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.server",
                                     description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=100, help="concurrent tables (max 500)")
    parser.add_argument("--humans", type=int, default=2, help="WebSocket players per table")
    parser.add_argument("--bots", type=int, default=1, help="bots per table")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to run (max 300)")
    parser.add_argument("--bot-delay", type=float, default=0.0, help="server bot delay (s)")
    parser.add_argument("--game", default="drecksau", help="a turn-based game")
    parser.add_argument("--bot", default="random", metavar="LEVEL",
                        help="the bots' level: any the server offers for the game (e.g. "
                             "random, heuristic, club) or burn-100ms, which spends 100 ms of "
                             "CPU per decision like a search bot (default: random)")
    parser.add_argument("--warmup", type=float, default=0.0, metavar="SECONDS",
                        help="leave the latencies of the first SECONDS out (while every "
                             "table is being set up at once)")
    parser.add_argument("--bot-workers", type=int, default=None, metavar="N",
                        help="the server's bot processes (default: its own, one per core)")
    parser.add_argument("--spectators", type=int, default=0,
                        help="spectator storm: this many spectators join and leave one table "
                             "in the second half (max 2000)")
    parser.add_argument("--storm-rate", type=float, default=100.0,
                        help="spectators joining per second in the storm")
    parser.add_argument("--processes", type=int, default=1, metavar="N",
                        help="server processes over one database (N > 1 needs PostgreSQL)")
    parser.add_argument("--database", default=None, metavar="URL",
                        help="the servers' database URL (default: a temporary SQLite file; "
                             "'postgres': a throwaway PostgreSQL started for the run)")
    parser.add_argument("--spread", choices=("table", "seat"), default="table",
                        help="with several processes: a table's players on its process, "
                             "or each seat on another")
    parser.add_argument("--compare", action="store_true",
                        help="run 1 process, then --processes N, on the same database")
    parser.add_argument("--rounds", type=int, default=1, metavar="K",
                        help="with --compare: K rounds of 1 process then N, each on a fresh "
                             "database; prints the median of the per-round ratios")
    parser.add_argument("--think", type=float, default=0.0, metavar="SECONDS",
                        help="players pause about this long before each move (human pace)")
    parser.add_argument("--ws-compression", action="store_true",
                        help="start the servers with --ws-compression (permessage-deflate)")
    parser.add_argument("--client-processes", type=int, default=2, metavar="K",
                        help="processes the WebSocket players are spread over (default 2; "
                             "with Python players this process is one of them)")
    parser.add_argument("--client-kind", choices=("auto", "python", "node"), default="auto",
                        help="what plays the WebSocket players: node (server_client.mjs, "
                             "much less CPU per message), python, or auto: node when it is "
                             "on the PATH (python for --spectators)")
    parser.add_argument("--client-part", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--client-bases", help=argparse.SUPPRESS)
    parser.add_argument("--client-start", type=float, default=0.0, help=argparse.SUPPRESS)
    parser.add_argument("--storm-url", help=argparse.SUPPRESS)
    parser.add_argument("--storm-invite", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    args.tables = max(1, min(args.tables, 500))
    args.seconds = max(1.0, min(args.seconds, 300.0))
    args.spectators = max(0, min(args.spectators, 2000))
    args.processes = max(1, min(args.processes, 16))
    args.rounds = max(1, min(args.rounds, 20))
    args.client_processes = max(1, min(args.client_processes, 8))
    settle_for_serving()  # the clients' own collection pauses would count as latency
    if args.client_part is not None:
        if not all(base.startswith("http://127.0.0.1:") for base in args.client_bases.split(",")):
            raise SystemExit("the benchmark's clients connect to loopback only")
        asyncio.run(client_part(args))
        return
    if args.processes > 1 and not (args.database or "").startswith("postgres"):
        parser.error("--processes N > 1 needs --database postgres or a PostgreSQL URL")
    if args.client_kind == "auto":
        args.client_kind = "node" if shutil.which("node") and not args.spectators else "python"
    elif args.client_kind == "node" and args.spectators:
        parser.error("--spectators: the storm's figures need --client-kind python")
    if args.client_kind == "node":
        node_path()  # says so before starting anything if there is none
    if args.storm_url:
        if not args.storm_url.startswith("ws://127.0.0.1:"):
            raise SystemExit("the spectator storm runs against loopback only")
        asyncio.run(storm(args.storm_url, args.storm_invite, args.spectators, args.seconds,
                          max(1.0, args.storm_rate)))
        return
    asyncio.run(bench(args))


if __name__ == "__main__":
    main()
