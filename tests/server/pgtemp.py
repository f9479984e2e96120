"""A throwaway PostgreSQL server: a fresh cluster on a free loopback port, torn down after.

For the tests and the load benchmark (``python -m benchmarks.server --database postgres``).
Needs Debian's ``postgresql`` package (binaries under ``/usr/lib/postgresql/*/bin``);
as root the server runs as the ``postgres`` user (PostgreSQL refuses to run as root).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["PostgresMissing", "postgres_bin", "throwaway_postgres"]


class PostgresMissing(RuntimeError):
    """PostgreSQL is not installed or did not start; the message says what to do."""


def postgres_bin() -> Path:
    """The newest installed PostgreSQL's binary directory."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parent.parent.name))
    if not found:
        raise PostgresMissing("PostgreSQL is not installed: `apt-get install postgresql` "
                              "provides /usr/lib/postgresql/*/bin, which this needs")
    return Path(found[-1]).parent


def as_owner(command: list[str]) -> list[str]:
    """Run as the ``postgres`` user when we are root."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def throwaway_postgres(max_connections: int = 200) -> Iterator[str]:
    """Start PostgreSQL (no fsync: test data) and yield its SQLAlchemy asyncpg URL."""
    bindir = postgres_bin()
    data = Path(tempfile.mkdtemp(prefix="saustall-pg-"))
    if os.geteuid() == 0:
        shutil.chown(data, "postgres", "postgres")
    port = _free_port()
    subprocess.run(as_owner([str(bindir / "initdb"), "-D", str(data), "-A", "trust",
                             "-U", "saustall", "--no-sync"]),
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    server = subprocess.Popen(as_owner([
        str(bindir / "postgres"), "-D", str(data), "-h", "127.0.0.1", "-p", str(port),
        "-k", str(data), "-F", "-c", "fsync=off", "-c", f"max_connections={max_connections}"]),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(400):
            ready = subprocess.run([str(bindir / "pg_isready"), "-h", "127.0.0.1", "-p",
                                    str(port)], stdout=subprocess.DEVNULL)
            if ready.returncode == 0:
                break
            if server.poll() is not None:
                raise PostgresMissing("PostgreSQL did not start")
            time.sleep(0.05)
        yield f"postgresql+asyncpg://saustall@127.0.0.1:{port}/postgres"
    finally:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(data, ignore_errors=True)
