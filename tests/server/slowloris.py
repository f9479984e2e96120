"""Slowloris against a real ``saustall serve``: does the server stay reachable?

``python -m tests.server.slowloris`` (``make slowloris``) starts ``saustall serve`` on a
free port with a throwaway SQLite database and the open-file limit of a default systemd
service (``--nofile 1024``, soft and hard, as ``ulimit -n 1024``), then from one address
(127.0.0.1) opens ``--connections`` connections that each send a request line and then one
header line every 5 s, never finishing. A connection the server ends is opened again
``--reopen-delay`` seconds later (default 5, a slowloris tool's pace; 0: at once, a
connect flood) while the probes run. Meanwhile ``GET /api/health`` from
another address (127.0.0.2, also loopback on Linux) is tried ``--probes`` times, each on
a new connection. Then the attacker stops reopening, and the time the server takes to
close the connections it still holds is measured.

It prints the figures and exits 1 when a bar is missed: every probe answered 200 within
``--probe-timeout`` seconds, and every held connection closed by the server within
``--close-within`` seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from benchmarks.server import free_port

SLOW_HEADER_EVERY = 5.0
"""Seconds between two header lines of a slow connection."""
PROBE_EVERY = 1.5
"""Seconds between two probes: ten of them span a whole header timeout (10 s), so some
run while the attacker fills its share again."""


@dataclass
class Attack:
    """What the slow connections met."""

    connections: int
    source: str
    port: int
    reopen: bool = True
    reopen_delay: float = SLOW_HEADER_EVERY
    outcomes: Counter[str] = field(default_factory=Counter)
    """How the server ended each connection: ``503``, ``408``, ``closed`` (no answer),
    ``refused`` (the connect itself failed)."""
    open_now: int = 0
    held_at_stop: int = 0
    last_close: float = 0.0


async def slow_connection(attack: Attack) -> None:
    """One slot of the attack: a connection that never finishes its headers, reopened
    whenever the server ends it, until ``attack.reopen`` goes false."""
    while True:
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", attack.port, local_addr=(attack.source, 0))
        except OSError:
            attack.outcomes["refused"] += 1
            if not attack.reopen:
                return
            await asyncio.sleep(max(0.05, attack.reopen_delay))
            continue
        attack.open_now += 1
        try:
            writer.write(b"GET /api/health HTTP/1.1\r\nHost: victim\r\n")
            reading = asyncio.ensure_future(reader.read(200))
            line = 0
            while not reading.done():
                done, _ = await asyncio.wait({reading}, timeout=SLOW_HEADER_EVERY)
                if not done:
                    line += 1
                    writer.write(b"X-Slow-%d: 1\r\n" % line)
            try:
                data = reading.result()
            except OSError:
                data = b""
            attack.outcomes[data[9:12].decode() if data.startswith(b"HTTP/1.1 ") else "closed"] += 1
        finally:
            attack.open_now -= 1
            attack.last_close = time.monotonic()
            writer.close()
        if not attack.reopen:
            return
        await asyncio.sleep(attack.reopen_delay)
        if not attack.reopen:
            return


async def probe(port: int, source: str, timeout: float) -> tuple[bool, float]:
    """One ``GET /api/health`` on a new connection from ``source``: whether it answered
    200 within ``timeout`` seconds in all, and the seconds taken."""
    start = time.monotonic()
    transport = httpx.AsyncHTTPTransport(local_address=source)
    try:
        async with httpx.AsyncClient(transport=transport, timeout=timeout) as http:
            answer = await asyncio.wait_for(
                http.get(f"http://127.0.0.1:{port}/api/health"), timeout)
        took = time.monotonic() - start
        return answer.status_code == 200 and took <= timeout, took
    except (httpx.HTTPError, asyncio.TimeoutError):
        return False, time.monotonic() - start


async def wait_until_up(port: int, server: subprocess.Popen[bytes], seconds: float) -> None:
    """Until the server answers ``/api/health`` (or a RuntimeError)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if server.poll() is not None:
            raise RuntimeError(f"the server exited with status {server.returncode}")
        ok, _ = await probe(port, "127.0.0.1", 2)
        if ok:
            return
        await asyncio.sleep(0.2)
    raise RuntimeError(f"the server did not answer within {seconds:g} s")


@dataclass
class Figures:
    """The measurement's results."""

    probes_ok: int
    probes: int
    probe_seconds: list[float]
    outcomes: dict[str, int]
    held_at_stop: int
    attack_seconds: float
    closed_after: float | None
    """Seconds from the stop until the server closed the last held connection (None:
    some were still open at the end)."""
    log_warnings: list[str]


async def measure(connections: int, nofile: int, probes: int, probe_timeout: float,
                  close_within: float, serve_args: list[str], workdir: Path,
                  reopen_delay: float = SLOW_HEADER_EVERY) -> Figures:
    """Run the server, the attack and the probes; the figures."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < connections + 256:  # this process holds the attacker's ends
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, connections + 256), hard))
    port = free_port()
    log_path = workdir / "server.log"

    def limit_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

    command = [sys.executable, "-m", "saustall.cli.main", "serve", "--host", "127.0.0.1",
               "--port", str(port), "--database",
               f"sqlite+aiosqlite:///{workdir / 'slowloris.db'}", "--bot-workers", "1",
               *serve_args]
    with log_path.open("wb") as log:
        server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                  preexec_fn=limit_files, start_new_session=True,
                                  env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        await wait_until_up(port, server, 120)
        attack = Attack(connections, "127.0.0.1", port, reopen_delay=reopen_delay)
        began = time.monotonic()
        slots = []
        for _ in range(connections):
            slots.append(asyncio.ensure_future(slow_connection(attack)))
            await asyncio.sleep(0)  # let each connect go out before the next
        await asyncio.sleep(2)  # all of them open or refused
        results = []
        for _ in range(probes):
            results.append(await probe(port, "127.0.0.2", probe_timeout))
            await asyncio.sleep(PROBE_EVERY)
        attack.reopen = False
        stop = time.monotonic()
        attack.held_at_stop = attack.open_now
        try:
            await asyncio.wait_for(asyncio.gather(*slots), close_within + 30)
            closed_after: float | None = max(0.0, attack.last_close - stop)
        except asyncio.TimeoutError:
            closed_after = None
            for slot in slots:
                slot.cancel()
        warnings = [line for line in log_path.read_text(errors="replace").splitlines()
                    if line.startswith("WARNING")]
        return Figures(sum(ok for ok, _ in results), probes, [s for _, s in results],
                       dict(attack.outcomes), attack.held_at_stop, stop - began, closed_after,
                       warnings)
    finally:
        server.terminate()
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, 9)
            server.wait(10)


def report(figures: Figures, probe_timeout: float, close_within: float) -> bool:
    """Print the figures; True when both bars are met."""
    slowest = max(figures.probe_seconds, default=0.0)
    print(f"probes from 127.0.0.2: {figures.probes_ok} of {figures.probes} answered 200 "
          f"(slowest {slowest:.2f} s, bar: all within {probe_timeout:g} s)")
    print("slow connections from 127.0.0.1, how the server ended them: "
          + ", ".join(f"{kind}: {count}" for kind, count in sorted(figures.outcomes.items())))
    closed = ("still open" if figures.closed_after is None
              else f"closed {figures.closed_after:.1f} s after the attack stopped reopening")
    print(f"attack ran {figures.attack_seconds:.0f} s; connections open on the attacker's "
          f"side when it stopped reopening: {figures.held_at_stop}, {closed} "
          f"(bar: within {close_within:g} s)")
    print(f"server warnings: {len(figures.log_warnings)} lines")
    for line in figures.log_warnings[:6]:
        print(f"  {line}")
    return (figures.probes_ok == figures.probes and figures.closed_after is not None
            and figures.closed_after <= close_within)


def main(argv: list[str] | None = None) -> int:
    """Parse the command line, measure, report; the exit status."""
    parser = argparse.ArgumentParser(prog="python -m tests.server.slowloris",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=1100)
    parser.add_argument("--nofile", type=int, default=1024,
                        help="the server's open-file limit (soft and hard)")
    parser.add_argument("--probes", type=int, default=10)
    parser.add_argument("--probe-timeout", type=float, default=5.0)
    parser.add_argument("--close-within", type=float, default=30.0)
    parser.add_argument("--reopen-delay", type=float, default=SLOW_HEADER_EVERY,
                        help="seconds before a slot opens a new connection (0: at once)")
    parser.add_argument("serve_args", nargs="*", help="more options of saustall serve "
                        "(after --)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="saustall-slowloris-") as where:
        figures = asyncio.run(measure(args.connections, args.nofile, args.probes,
                                      args.probe_timeout, args.close_within, args.serve_args,
                                      Path(where), args.reopen_delay))
    return 0 if report(figures, args.probe_timeout, args.close_within) else 1


if __name__ == "__main__":
    sys.exit(main())
