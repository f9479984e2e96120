"""Browser tests of the web app: the real server in a subprocess, Debian's Chromium.

The server runs on a free 127.0.0.1 port with a temporary SQLite database and bots that
play at once (``bot_delay`` near 0). Screenshots go to ``test-artifacts/screenshots/``.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import httpx
import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

SERVER_CODE = """
import sys, uvicorn
from saustall.server.app import create_app
db, port, delay = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
uvicorn.run(create_app(db, bot_delay=delay), host="127.0.0.1", port=port, log_level="warning")
"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """A running game server process."""

    def __init__(self, tmp: Path, bot_delay: float) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db = f"sqlite+aiosqlite:///{tmp / 'web.db'}"
        self.bot_delay = bot_delay
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = tmp / "server.log"

    def start(self) -> None:
        """Start the process and wait until it answers."""
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", SERVER_CODE, self.db, str(self.port), str(self.bot_delay)],
                stdout=log, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()}")
            try:
                if httpx.get(self.url + "/api/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("server did not start in 30 s")

    def stop(self) -> None:
        """Stop the process."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None

    def api(self, method: str, path: str, token: str | None = None, **kwargs: Any) -> Any:
        """Call the HTTP API directly (for set-up steps that are not under test)."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = httpx.request(method, self.url + path, headers=headers, timeout=10, **kwargs)
        response.raise_for_status()
        return response.json()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The game server, shared by the browser tests of one worker."""
    srv = Server(tmp_path_factory.mktemp("server"), bot_delay=0.02)
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package (make test does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture()
def context(browser: Any) -> Iterator[Any]:
    """A fresh desktop browser context (own storage: a separate person), English."""
    ctx = browser.new_context(viewport=DESKTOP, locale="en-GB")
    yield ctx
    ctx.close()


@pytest.fixture()
def page(context: Any) -> Iterator[Any]:
    """A page that fails the test on any uncaught script error."""
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield pg
    assert not errors, f"script errors in the page: {errors}"


def screenshot(page: Any, name: str, size: dict[str, int] | None = None) -> Path:
    """Save a screenshot artifact (optionally after resizing the viewport)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    if size is not None:
        page.set_viewport_size(size)
        page.wait_for_timeout(250)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
