"""The Ray backend: chunks of games as Ray tasks, on a local Ray or a cluster.

Needs the optional ``ray`` extra (``pip install 'saustall[ray]'``) on the driver and
saustall installed on every node. Results come back in chunk order, exactly as from the
local process pool, so a run gives the same figures on either backend.

A Ray that does not start (a local start timing out on a loaded machine, a cluster
address nobody answers on) is reported as one :class:`RayStartError` naming the cause
and the way out (``--backend local``), never as Ray's own traceback.
"""

from __future__ import annotations

import logging
import os
from collections import deque
from typing import Any, Callable, Iterator, TypeVar

from saustall.core.errors import InvalidOptionError, SaustallError

J = TypeVar("J")
O = TypeVar("O")


class RayStartError(SaustallError):
    """Ray did not start or could not be reached; the message names the cause in one
    line and suggests ``--backend local``."""


def _cause(exc: BaseException) -> str:
    """The first line of what went wrong, without Ray's traceback."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    text = lines[0] if lines else "no reason given"
    if len(text) > 200:
        text = text[:197] + "..."
    return f"{type(exc).__name__}: {text}"


def _ray(address: str | None) -> Any:
    try:
        import ray
    except ImportError:
        raise InvalidOptionError(
            "--backend ray needs Ray: pip install 'saustall[ray]' (on every node of the "
            "cluster), or run with --backend local") from None
    if not ray.is_initialized():
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # no calls home at run time
        where = address or os.environ.get("RAY_ADDRESS") or "a new local Ray"
        try:
            # address None: RAY_ADDRESS if set, else a new local Ray on this machine's cores
            ray.init(address=address, include_dashboard=False, log_to_driver=False,
                     logging_level=logging.ERROR)
        except Exception as exc:  # Ray raises many kinds; all mean "no cluster to use"
            try:
                ray.shutdown()  # whatever it half started
            except Exception:  # noqa: BLE001 - nothing more to clean up
                pass
            raise RayStartError(
                f"Ray did not start ({where}): {_cause(exc)}; run with --backend local "
                "to use this machine's processes") from None
    return ray


def ray_workers(address: str | None) -> int:
    """The CPUs of the Ray cluster (connecting to it, or starting a local one); raises
    :class:`RayStartError` when Ray does not start."""
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
