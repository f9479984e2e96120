"""Set-up shared by the whole suite.

Hypothesis runs derandomized here: ``make test`` draws the same examples on every run, so
a result never depends on luck and a red run can be repeated. ``make fuzz`` explores new
examples instead (the ``explore`` profile, with many more of them) to find what the fixed
ones miss; a failure there names the seed to add as an ``@example``.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("steady", derandomize=True, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", derandomize=False, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "steady"))

# tests/fixtures holds packages (the toy game of docs/plugins.md) with tests of their own:
# tests/testing runs those checks from here.
collect_ignore = ["fixtures"]

# How many examples each conformance property draws per game, ruleset and player count.
EXAMPLES = int(os.environ.get("SAUSTALL_EXAMPLES", "4"))

RAM_DISK = Path("/dev/shm")


@contextmanager
def database_directory(fallback: Path) -> Iterator[Path]:
    """A fresh directory for a test server's SQLite file: on the RAM disk when there is one.

    The server syncs every commit to disk (docs/deploy.md, "Storage"), which on a shared
    disk costs the suite more than its games do. Nothing the tests check depends on the
    sync: a ``kill -9`` loses the process, not what it wrote to the file.
    """
    if not (RAM_DISK.is_dir() and os.access(RAM_DISK, os.W_OK)):
        yield fallback
        return
    path = Path(tempfile.mkdtemp(prefix="saustall-test-", dir=RAM_DISK))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


STAND_IN_LEVELS = {
    "drecksau": {"beginner": "random", "club": "heuristic", "expert": "racer"},
    "saukopf": {"beginner": "random", "club": "heuristic", "expert": "heuristic"},
}
"""Which existing bot stands in for each named level in :func:`named_levels`."""


@pytest.fixture
def named_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    """Drecksau and Saukopf with the named levels ``beginner``, ``club`` and ``expert``
    registered, for tests of the plumbing that seats them (lobby, terminal, server).

    Where a game registers its own named levels, they are left as they are; otherwise
    existing bots stand in (:data:`STAND_IN_LEVELS`) for this test only.
    """
    from saustall.bots import base

    for game, stand_ins in STAND_IN_LEVELS.items():
        registered = base._BOTS.setdefault(game, {}) if base.bot_levels(game) else {}
        for level, stand_in in stand_ins.items():
            if level not in registered:
                monkeypatch.setitem(registered, level, registered[stand_in])


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests run last (a stable sort: the order is otherwise kept, the same in
    every xdist worker): Playwright's sync API keeps an event loop running in the worker
    for the rest of the session, and an asyncio test after it could not start its own."""
    web = Path(__file__).parent / "web"
    items.sort(key=lambda item: web in Path(str(item.path)).parents)
