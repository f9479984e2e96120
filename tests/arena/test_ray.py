"""The Ray backend on a local one-CPU Ray: the same figures as the local process pool.

Ray is part of the test extra (``saustall[ray]``), so this runs in ``make test``: it is
not skipped when Ray is missing, it fails.
"""

from __future__ import annotations

from typing import Iterator

import pytest
import ray

from saustall.arena import run_arena


@pytest.fixture
def local_ray(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")  # a throwaway local cluster
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


@pytest.mark.slow
def test_ray_backend_gives_the_same_figures_as_local_processes(local_ray: None) -> None:
    args = {"game": "drecksau", "bots": ["random", "heuristic", "racer"], "deals": 4,
            "ruleset": "dirty-pig", "players": 2, "seed": 7}
    seen: list[tuple[int, int]] = []
    remote = run_arena(**args, backend="ray", chunk_size=5,
                       progress=lambda done, total: seen.append((done, total)))
    local = run_arena(**args, workers=1)
    assert remote.to_dict() == local.to_dict()
    assert seen[-1] == (24, 24) and len(seen) == 5  # 24 games in chunks of 5
