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

from hypothesis import HealthCheck, settings

settings.register_profile("steady", derandomize=True, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", derandomize=False, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "steady"))

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
