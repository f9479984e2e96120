"""The lease loop of a cluster process, without a database: renewals never wait for a
takeover sweep, however long it takes; the sweep deletes stale spilled messages only
now and then."""

from __future__ import annotations

import asyncio
import contextlib
import time
from types import SimpleNamespace
from typing import Any, AsyncIterator

from saustall.server.cluster import Cluster
from saustall.server.forwarding import Forwarder


class RecordingLeases:
    """Stands in for the lease table: notes when each renewal came."""

    def __init__(self, owned: dict[str, int]) -> None:
        self.owned = owned
        self.renewed_at: list[float] = []

    async def renew(self) -> dict[str, int]:
        self.renewed_at.append(time.monotonic())
        return dict(self.owned)


async def test_leases_are_renewed_while_a_slow_sweep_takes_over_tables() -> None:
    """After a process dies, the sweep reads and replays each of its tables; on a busy
    machine that can take longer than a lease. The leases taken early in it must still be
    renewed, or another process takes them and the tables flap between processes."""
    lease = 0.5
    cluster = Cluster(hub=None, lease_seconds=lease)  # type: ignore[arg-type]
    cluster.owned = {"t1": 1, "t2": 4}
    leases = RecordingLeases(cluster.owned)
    cluster.leases = leases  # type: ignore[assignment]
    sweeping = asyncio.Event()

    async def slow_sweep() -> None:
        sweeping.set()
        await asyncio.sleep(4 * lease)  # one sweep outlasting several leases

    async def no_mirrors() -> None:  # (nor other processes' sockets)
        return None

    cluster._sweep = slow_sweep  # type: ignore[method-assign]
    cluster._drop_idle_mirrors = no_mirrors  # type: ignore[method-assign]
    cluster._beat = no_mirrors  # type: ignore[method-assign]  (the heartbeat: not here)
    demoted: list[Any] = []

    async def demote(table_id: str) -> None:
        demoted.append(table_id)

    cluster._demote = demote  # type: ignore[method-assign]
    cluster._wake.set()  # sweep at once
    tasks = [asyncio.create_task(cluster._renew_loop()),
             asyncio.create_task(cluster._sweep_loop())]
    try:
        await asyncio.wait_for(sweeping.wait(), 1)
        started = time.monotonic()
        await asyncio.sleep(3 * lease)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    during = [at for at in leases.renewed_at if at >= started]
    assert len(during) >= 3, f"renewed {len(during)} times during a {3 * lease:g} s sweep"
    gaps = [b - a for a, b in zip(leases.renewed_at, leases.renewed_at[1:])]
    assert max(gaps) < lease, f"a lease went unrenewed for {max(gaps):.2f} s"
    assert demoted == []


class CountingPool:
    """Stands in for the connection pool: counts the statements run on it."""

    def __init__(self) -> None:
        self.statements: list[str] = []

    @contextlib.asynccontextmanager
    async def acquire(self) -> AsyncIterator["CountingPool"]:
        yield self

    async def execute(self, statement: str, *args: Any) -> None:
        self.statements.append(statement)


async def test_stale_spilled_messages_are_looked_for_once_per_their_age() -> None:
    """The sweep runs every third of a lease; a spilled message goes stale only after a
    minute or more, so the sweep deletes stale ones once in that time, not each round."""
    pool = CountingPool()
    cluster = SimpleNamespace(pool=pool, lease_seconds=2.0, hub=None)
    now = [1000.0]
    forwarder = Forwarder(cluster, clock=lambda: now[0])  # type: ignore[arg-type]
    await forwarder.drop_stale()
    assert len(pool.statements) == 1 and pool.statements[0].startswith("DELETE")
    for _ in range(89):  # a minute of sweeps every 2/3 s: nothing new can be stale yet
        now[0] += 2.0 / 3
        await forwarder.drop_stale()
    assert len(pool.statements) == 1
    now[0] += 1.0  # a minute after the first
    await forwarder.drop_stale()
    assert len(pool.statements) == 2
