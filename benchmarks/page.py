"""The first screen in a real browser: LCP, first hand, Pigasus grab feedback (``make bench-page``).

A real ``saustall`` server (SQLite in a temporary folder, bots with their usual pace) and
Debian's Chromium driven by Playwright. Each figure is measured ``--runs`` times and given
as median and p95 (nearest rank):

* **LCP, cold**: the home page in a fresh browser context (empty cache), the
  ``largest-contentful-paint`` entry a ``PerformanceObserver`` reports (``buffered``),
  with the number of requests and the bytes on the wire that load made;
* **LCP, warm**: the same context loads the home page again (the cache is full: versioned
  files are not asked for at all);
* **first hand**: from the click on "Play now" in the lobby to the first card of the hand
  on screen (a ``MutationObserver`` notes the moment, the next frame paints it);
* **Pigasus grab**: a fresh 3-player Pigasus table with slow bots; the tap on "grab" is
  timed to the first frame that shows it pending (``requestAnimationFrame`` after the tap)
  and to the verdict on screen (the pending state gone: holding, or a refusal).
  The verdict is compared with the table's ``window_ms`` + 60 ms.

Wall-clock figures (the browser's): on a machine shared with other work they stretch;
the report says how loaded the machine was (the load average before and after).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DESKTOP = {"width": 1280, "height": 800}
GRAB_MARGIN_MS = 60

SERVER_CODE = """
import sys, uvicorn
from saustall.server.app import create_app
from saustall.server.limits import LimitSettings
from saustall.server.tables import HubSettings
db, port = sys.argv[1], int(sys.argv[2])
settings = HubSettings(limits=LimitSettings(tables_per_source=0, sockets_per_source=0,
                                            new_sockets_per_second=0))
uvicorn.run(create_app(db, settings=settings), host="127.0.0.1", port=port, log_level="warning")
"""

# The LCP of this load: the last largest-contentful-paint entry once the lobby is drawn.
LCP_JS = """() => new Promise((done) => {
  const entries = [];
  new PerformanceObserver((list) => entries.push(...list.getEntries()))
    .observe({type: 'largest-contentful-paint', buffered: true});
  const settle = () => requestAnimationFrame(() => setTimeout(() => {
    const last = entries[entries.length - 1];
    const nav = performance.getEntriesByType('navigation')[0];
    const resources = performance.getEntriesByType('resource');
    done({
      lcp: last ? last.startTime : null,
      element: last && last.element ? last.element.tagName + '.' + last.element.className : null,
      requests: 1 + resources.length,
      fetched: resources.filter((r) => r.transferSize > 0).length + (nav.transferSize > 0 ? 1 : 0),
      bytes: nav.transferSize + resources.reduce((n, r) => n + r.transferSize, 0),
    });
  }, 200));
  const ready = () => document.querySelector('#quick') ? settle() : setTimeout(ready, 10);
  ready();
})"""

# Arm before clicking "Play now": the moment the first hand card is in the document.
HAND_WATCH_JS = """() => {
  window.benchHandAt = null;
  window.benchClickAt = null;
  document.querySelector('#quick').addEventListener('click',
    () => { window.benchClickAt = performance.now(); }, {capture: true, once: true});
  const seen = () => {
    if (window.benchHandAt === null && document.querySelector('.hand-card')) {
      requestAnimationFrame(() => { window.benchHandAt = performance.now(); });
      return true;
    }
    return false;
  };
  new MutationObserver((_, obs) => { if (seen()) obs.disconnect(); })
    .observe(document.body, {childList: true, subtree: true});
}"""

# Tap "grab"; note the first frame after it (showing the pending state?) and the verdict.
GRAB_JS = """() => new Promise((done) => {
  const button = document.querySelector('#pg-grab');
  const at = performance.now();
  const result = {frame: null, pendingInFrame: false, verdict: null};
  button.click();
  requestAnimationFrame(() => {
    result.frame = performance.now() - at;
    result.pendingInFrame = Boolean(document.querySelector('.grab-btn.pending'));
  });
  const judged = () => !document.querySelector('.grab-btn.pending, .pg-feedback.pending');
  const obs = new MutationObserver(() => {
    if (result.frame !== null && judged()) {
      obs.disconnect();
      requestAnimationFrame(() => { result.verdict = performance.now() - at; done(result); });
    }
  });
  obs.observe(document.body, {childList: true, subtree: true, attributes: true});
  setTimeout(() => { obs.disconnect(); done(result); }, 5000);
})"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank ``q`` quantile (0 < q <= 1)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def summary(values: list[float]) -> dict[str, float]:
    """Median, p95 and the extremes of ``values`` (ms, rounded)."""
    return {"median": round(statistics.median(values), 1), "p95": round(percentile(values, 0.95), 1),
            "min": round(min(values), 1), "max": round(max(values), 1), "n": len(values)}


class Server:
    """A ``saustall`` server process on a free port with its own SQLite file."""

    def __init__(self, where: Path) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = open(where / "server.log", "ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", SERVER_CODE, f"sqlite+aiosqlite:///{where / 'bench.db'}",
             str(self.port)], stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("the server exited; see " + str(where / "server.log"))
            try:
                if httpx.get(self.url + "/api/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("the server did not start in 90 s")

    def stop(self) -> None:
        """Stop the process."""
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


def measure_lcp(browser: Any, url: str, runs: int) -> dict[str, Any]:
    """Cold and warm loads of the home page."""
    cold: list[float] = []
    warm: list[float] = []
    loads: list[dict[str, Any]] = []
    for _ in range(runs):
        ctx = browser.new_context(viewport=DESKTOP, locale="en-GB")
        page = ctx.new_page()
        page.goto(url + "/")
        first = page.evaluate(LCP_JS)
        page.goto(url + "/")
        again = page.evaluate(LCP_JS)
        ctx.close()
        cold.append(first["lcp"])
        warm.append(again["lcp"])
        loads.append({"cold": first, "warm": again})
    return {"cold": summary(cold), "warm": summary(warm),
            "cold_requests": loads[-1]["cold"]["requests"],
            "cold_bytes": loads[-1]["cold"]["bytes"],
            "warm_fetched": loads[-1]["warm"]["fetched"],
            "warm_bytes": loads[-1]["warm"]["bytes"],
            "lcp_element": loads[-1]["cold"]["element"]}


def measure_first_hand(browser: Any, url: str, runs: int, game: str) -> dict[str, Any]:
    """From the "Play now" click to the first hand card painted, ``runs`` fresh tables."""
    times: list[float] = []
    for _ in range(runs):
        ctx = browser.new_context(viewport=DESKTOP, locale="en-GB")
        page = ctx.new_page()
        page.goto(url + "/")
        page.click(f".game-tile[data-game={game}]")
        page.fill("#name", "Anna")
        page.evaluate(HAND_WATCH_JS)
        page.click("#quick")
        page.wait_for_function("() => window.benchHandAt !== null", timeout=30000)
        times.append(page.evaluate("window.benchHandAt - window.benchClickAt"))
        ctx.close()
    return summary(times)


def measure_grab(browser: Any, url: str, runs: int) -> dict[str, Any]:
    """Pending and verdict times of one grab on each of ``runs`` fresh Pigasus tables."""
    frames: list[float] = []
    verdicts: list[float] = []
    pending_shown = 0
    window_ms = None
    for _ in range(runs):
        ctx = browser.new_context(viewport=DESKTOP, locale="en-GB")
        page = ctx.new_page()
        page.goto(url + "/")
        page.click(".game-tile[data-game=pigasus]")
        page.fill("#name", "Anna")
        page.select_option("#seats", "3")
        page.select_option("#botlevel", "slow")
        page.click("#quick")
        page.wait_for_selector("#pg-grab:not([disabled])", timeout=30000)
        page.wait_for_timeout(100)  # the page has settled after its first state
        window_ms = page.evaluate(
            "window.saustallDebug.page.table.options.window_ms ?? null") or window_ms
        result = page.evaluate(GRAB_JS)
        ctx.close()
        if result["verdict"] is None:
            continue
        frames.append(result["frame"])
        verdicts.append(result["verdict"])
        pending_shown += bool(result["pendingInFrame"])
    window = int(window_ms or 150)
    verdict = summary(verdicts)
    return {"first_frame": summary(frames), "pending_in_first_frame": f"{pending_shown}/{len(frames)}",
            "verdict": verdict, "window_ms": window, "bar_ms": window + GRAB_MARGIN_MS,
            "verdict_p95_within_bar": verdict["p95"] <= window + GRAB_MARGIN_MS}


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures (JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each figure")
    parser.add_argument("--game", default="drecksau", help="the game of the first-hand figure")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing: install Debian's chromium package", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="bench-page-") as tmp:
        server = Server(Path(tmp))
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                browser.new_page().goto(server.url + "/")  # warm the server up (imports)
                result = {
                    "lcp": measure_lcp(browser, server.url, args.runs),
                    "first_hand": measure_first_hand(browser, server.url, args.runs, args.game),
                    "grab": measure_grab(browser, server.url, args.runs),
                }
                browser.close()
        finally:
            server.stop()
    result["load_average"] = {"before": [round(x, 2) for x in load_before],
                              "after": [round(x, 2) for x in os.getloadavg()],
                              "cores": os.cpu_count()}
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    lcp, hand, grab = result["lcp"], result["first_hand"], result["grab"]
    print(f"runs: {args.runs}; load average before {result['load_average']['before']}, "
          f"after {result['load_average']['after']} on {os.cpu_count()} cores")
    print(f"LCP cold (ms)            median {lcp['cold']['median']:7.1f}  p95 {lcp['cold']['p95']:7.1f}"
          f"  ({lcp['cold_requests']} requests, {lcp['cold_bytes'] / 1024:.0f} KB on the wire;"
          f" element {lcp['lcp_element']})")
    print(f"LCP warm (ms)            median {lcp['warm']['median']:7.1f}  p95 {lcp['warm']['p95']:7.1f}"
          f"  ({lcp['warm_fetched']} fetched, {lcp['warm_bytes'] / 1024:.0f} KB)")
    print(f"first hand, {args.game} (ms)  median {hand['median']:7.1f}  p95 {hand['p95']:7.1f}")
    print(f"grab → first frame (ms)  median {grab['first_frame']['median']:7.1f}  p95 "
          f"{grab['first_frame']['p95']:7.1f}  (pending shown in it: {grab['pending_in_first_frame']})")
    print(f"grab → verdict (ms)      median {grab['verdict']['median']:7.1f}  p95 "
          f"{grab['verdict']['p95']:7.1f}  (bar: window_ms {grab['window_ms']} + "
          f"{GRAB_MARGIN_MS} = {grab['bar_ms']}; met: {grab['verdict_p95_within_bar']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
