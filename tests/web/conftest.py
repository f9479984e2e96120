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
from typing import Any, Callable, Iterator

import httpx
import pytest

from tests.conftest import database_directory

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
START_SECONDS = 90

SERVER_CODE = """
import sys, uvicorn
from saustall.server.app import create_app
from saustall.server.limits import LimitSettings
from saustall.server.tables import HubSettings
db, port, delay = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
# one browser on loopback plays the whole session: no per-source limits
# (and quick analyses of finished games: the page is tested, not the estimates)
settings = HubSettings(bot_delay=delay, analysis_worlds=6,
                       limits=LimitSettings(tables_per_source=0, sockets_per_source=0,
                                            new_sockets_per_second=0))
uvicorn.run(create_app(db, settings=settings), host="127.0.0.1", port=port, log_level="warning")
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
        self.where = tmp
        self.log = tmp / "server.log"

    def start(self) -> None:
        """Start the process and wait until it answers."""
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", SERVER_CODE, self.db, str(self.port), str(self.bot_delay)],
                stdout=log, stderr=subprocess.STDOUT, env=env)
        # Generous: on a machine shared by parallel test runs a cold start (imports, the
        # database, the bot workers) has taken over 30 s; a healthy one answers in about 1 s.
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()}")
            try:
                if httpx.get(self.url + "/api/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server did not start in {START_SECONDS} s")

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


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``own_server`` marker (see :func:`server`). Here rather than in
    pyproject.toml: a change there makes ``make`` reinstall the environment."""
    config.addinivalue_line(
        "markers", "own_server: a browser test that needs a game server of its own "
        "(it looks at the lobby's list of public tables)")


class SharedServer:
    """The game server a worker's browser tests share, started on first use and again
    after it died (the test it died in fails and says so)."""

    def __init__(self, where: Path) -> None:
        self.where = where
        self.current: Server | None = None
        self.starts = 0

    def get(self) -> Server:
        """The running shared server (started now if there is none)."""
        if self.current is None or self.current.proc is None or self.current.proc.poll() is not None:
            self.starts += 1
            self.current = Server(self.where / f"run-{self.starts}", bot_delay=0.02)
            self.current.where.mkdir()
            self.current.start()
        return self.current

    def stop(self) -> None:
        """Stop the server, if one runs."""
        if self.current is not None:
            self.current.stop()


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedServer]:
    """One game server for all the browser tests of a worker process.

    Starting a server (imports, the database, the bot workers) costs more than most
    browser tests do. Sharing it keeps the tests independent: each opens tables of its own
    in a fresh browser context (own storage: a separate person), and what one table does
    never shows at another. The one thing every visitor sees is the lobby's list of public
    tables; a test that looks at that list takes a server of its own (``own_server``).
    """
    with database_directory(tmp_path_factory.mktemp("shared-server")) as where:
        shared = SharedServer(where)
        try:
            yield shared
        finally:
            shared.stop()


@pytest.fixture()
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    """A running game server: the worker's shared one, or for a test marked ``own_server``
    one of its own (fresh database, no other test's tables), for a test whose checks
    would see other tests' public tables in the lobby."""
    if request.node.get_closest_marker("own_server") is None:
        shared: SharedServer = request.getfixturevalue("shared_server")
        srv = shared.get()
        yield srv
        # A server that died here would fail every later test: say where it happened.
        assert srv.proc is not None and srv.proc.poll() is None, (
            f"the shared server exited during this test: {srv.log.read_text()[-2000:]}")
        return
    with database_directory(tmp_path) as where:
        srv = Server(where, bot_delay=0.02)
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


# Reports every Content-Security-Policy violation to the console, where the page fixture
# collects it (Chromium logs most of them itself; this also catches the quiet ones).
CSP_REPORTER = """
document.addEventListener('securitypolicyviolation', (e) => {
  console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`
    + ` at ${e.sourceFile}:${e.lineNumber} (${e.sample})`);
});
"""


def watch_page(pg: Any) -> list[str]:
    """Collect the page's uncaught script errors, Content-Security-Policy violations and
    markup the browser reports as invalid.

    Every browser test runs under the server's strict policy: an inline script, handler
    or style the app relied on would show up here and fail the test.
    """
    problems: list[str] = []
    pg.add_init_script(CSP_REPORTER)
    pg.on("pageerror", lambda exc: problems.append(f"script error: {exc}"))

    def console(msg: Any) -> None:
        text = msg.text
        if "CSP violation" in text or "Content Security Policy" in text:
            problems.append(text)
        elif msg.type == "error" and "attribute" in text and "Expected" in text:
            # e.g. "<g> attribute transform: Expected number": a template's markup the
            # browser could not parse (a bound value must never make markup invalid)
            problems.append(f"markup error: {text}")

    pg.on("console", console)
    return problems


# What the page shows when the app put a piece of its own markup in as text (a template
# where a string was expected): never legitimate on screen.
MARKUP_AS_TEXT = """() => {
  const text = document.body ? document.body.innerText : '';
  return ['[object Object]', '<svg', '<path', '<span', '<div', '<button', '<b>']
    .filter((bit) => text.includes(bit));
}"""


@pytest.fixture()
def page(context: Any) -> Iterator[Any]:
    """A page that fails the test on any uncaught script error or CSP violation, or when
    it ends up showing the app's own markup as text."""
    pg = context.new_page()
    problems = watch_page(pg)
    yield pg
    assert not problems, f"problems in the page: {problems}"
    if not pg.is_closed():
        assert not pg.evaluate(MARKUP_AS_TEXT), "the page shows markup as text"


@pytest.fixture()
def watched() -> Iterator[Callable[[Any], Any]]:
    """For pages a test opens in contexts of its own: ``watched(ctx.new_page())`` fails the
    test, at its end, on their script errors and Content-Security-Policy violations too."""
    found: list[list[str]] = []

    def watch(pg: Any) -> Any:
        found.append(watch_page(pg))
        return pg

    yield watch
    problems = [problem for page_problems in found for problem in page_problems]
    assert not problems, f"problems in the pages: {problems}"


SETTLED_JS = """([width, height]) => new Promise((done) => {
  // The resize event runs in the frame after the window changes size; two frames later
  // the page has handled it (and cleared its effects) and laid itself out again.
  const giveUp = Date.now() + 5000;
  const wait = () => {
    if (Date.now() > giveUp) {
      done(false);
      return;
    }
    if (window.innerWidth !== width || window.innerHeight !== height) {
      requestAnimationFrame(wait);
      return;
    }
    requestAnimationFrame(() => requestAnimationFrame(() => done(true)));
  };
  wait();
})"""


def resize(page: Any, size: dict[str, int]) -> None:
    """Resize the window and wait until the page has handled the resize.

    The page clears its effects on a resize; on a busy machine that event can come well
    after ``set_viewport_size`` returns, so a fixed pause is not enough.
    """
    page.set_viewport_size(size)
    assert page.evaluate(SETTLED_JS, [size["width"], size["height"]]), (
        f"the page never took the size {size}")


def screenshot(page: Any, name: str, size: dict[str, int] | None = None,
               full_page: bool = True) -> Path:
    """Save a screenshot artifact (optionally after resizing the viewport).

    A full-page shot resizes the window for a moment, which clears the short effects;
    shoot an effect with ``full_page=False``.
    """
    SHOTS.mkdir(parents=True, exist_ok=True)
    if size is not None:
        resize(page, size)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    # Nothing may stick out sideways: a phone user would have to scroll to see it.
    width = page.viewport_size["width"]
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"{name}: the page is {wide}px wide in a {width}px window"
    return path


# Names and badges a person must always be able to read.
KEEP_READABLE = ".pa-name, .sk-name, .badge"

EFFECTS_JS = """([events, keep]) => {
  const page = window.saustallDebug.page;
  const board = document.querySelector('#board');
  const layer = document.querySelector('#fx');
  layer.replaceChildren();
  const ctx = page.gameCtx();
  for (const ev of events) page.mod.onEvent(board, ev, ctx);
  return new Promise((done) => setTimeout(() => {
    const box = layer.getBoundingClientRect();
    const shown = [...layer.querySelectorAll('.fx')].filter((e) => e.textContent);
    const problems = [];
    for (const fx of shown) {
      const r = fx.getBoundingClientRect();
      for (const k of document.querySelectorAll(keep)) {
        const ink = document.createRange();  // where the name or badge is drawn
        ink.selectNodeContents(k);
        const q = ink.getBoundingClientRect();
        if (r.left < q.right && q.left < r.right && r.top < q.bottom && q.top < r.bottom) {
          problems.push(`'${fx.textContent}' covers '${k.textContent.trim()}'`);
        }
      }
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) {
        problems.push(`'${fx.textContent}' is cut off at the board's edge`);
      }
    }
    done({count: shown.length, problems});
  }, 300));
}"""


def effects_covering_names(page: Any, events: list[dict[str, Any]],
                           keep: bool = False) -> tuple[int, list[str]]:
    """Fire the game's effects for ``events`` and list every name or badge one covers.

    Measured at the top of the pop animation, when an effect is at its largest.
    Returns how many text effects were shown and the problems found; with ``keep`` the
    effects stay on screen (for a screenshot) instead of being cleared.
    """
    result = page.evaluate(EFFECTS_JS, [events, KEEP_READABLE])
    if not keep:
        page.evaluate("document.querySelector('#fx').replaceChildren()")
    return int(result["count"]), list(result["problems"])
