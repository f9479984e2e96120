"""The lease loop of a cluster process, without a database: renewals never wait for a
takeover sweep, however long it takes."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from saustall.server.cluster import Cluster


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
