"""Set-up shared by every test package."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

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
