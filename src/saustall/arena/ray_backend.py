"""The Ray backend: the arena's chunks as Ray tasks, on a local Ray or a cluster.

Needs the optional ``ray`` extra (``pip install 'saustall[ray]'``) on the driver and
saustall installed on every node. Results come back in chunk order, exactly as from the
local process pool, so a run gives the same figures on either backend.
"""

from __future__ import annotations

import os
from collections import deque
from typing import Any, Callable, Iterator, TypeVar

from saustall.core.errors import InvalidOptionError

J = TypeVar("J")
O = TypeVar("O")


def _ray(address: str | None) -> Any:
    try:
        import ray
    except ImportError:
        raise InvalidOptionError(
            "--backend ray needs Ray: pip install 'saustall[ray]' (on every node of the "
            "cluster)") from None
    if not ray.is_initialized():
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # no calls home at run time
        # address None: RAY_ADDRESS if set, else a new local Ray on this machine's cores
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    return ray


def ray_workers(address: str | None) -> int:
    """The CPUs of the Ray cluster (connecting to it, or starting a local one)."""
    ray = _ray(address)
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def ray_chunks(play_chunk: Callable[[J, range], list[O]], job: J, chunks: Iterator[range],
               workers: int) -> Iterator[tuple[range, list[O]]]:
    """Every chunk with ``play_chunk(job, chunk)``'s outcomes, in chunk order, played as
    Ray tasks (a few per CPU in flight)."""
    ray = _ray(None)
    remote = ray.remote(play_chunk)
    job_ref = ray.put(job)
    in_flight: deque[tuple[range, Any]] = deque()
    for chunk in chunks:
        in_flight.append((chunk, remote.remote(job_ref, chunk)))
        if len(in_flight) >= workers * 4:
            done, ref = in_flight.popleft()
            yield done, ray.get(ref)
    while in_flight:
        done, ref = in_flight.popleft()
        yield done, ray.get(ref)
