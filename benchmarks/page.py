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
the report says how loaded the machine was (the load average before and after). With
``--anchor <other checkout>/src`` a second server runs that checkout's code and the two
take turns within every run; the ratios (this / anchor, median of the per-run ratios)
are what to compare across machines and loads.
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

    def __init__(self, where: Path, source: Path | None = None) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        where.mkdir(parents=True, exist_ok=True)
        self.log = open(where / "server.log", "ab")
        env = dict(os.environ)
        if source is not None:  # another checkout's server (its src/ first on the path)
            env["PYTHONPATH"] = os.pathsep.join([str(source), env.get("PYTHONPATH", "")])
        self.proc = subprocess.Popen(
            [sys.executable, "-c", SERVER_CODE, f"sqlite+aiosqlite:///{where / 'bench.db'}",
             str(self.port)], stdout=self.log, stderr=subprocess.STDOUT, env=env)
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


def new_page(browser: Any) -> tuple[Any, Any]:
    """A fresh context (empty cache and storage) and a page in it."""
    ctx = browser.new_context(viewport=DESKTOP, locale="en-GB")
    return ctx, ctx.new_page()


def lcp_once(browser: Any, url: str) -> dict[str, Any]:
    """One cold load of the home page, then a warm one in the same context."""
    ctx, page = new_page(browser)
    page.goto(url + "/")
    cold = page.evaluate(LCP_JS)
    page.goto(url + "/")
    warm = page.evaluate(LCP_JS)
    ctx.close()
    return {"cold": cold, "warm": warm}


def first_hand_once(browser: Any, url: str, game: str) -> float:
    """From the "Play now" click to the first hand card painted, at a fresh table."""
    ctx, page = new_page(browser)
    page.goto(url + "/")
    page.click(f".game-tile[data-game={game}]")
    page.fill("#name", "Anna")
    page.evaluate(HAND_WATCH_JS)
    page.click("#quick")
    page.wait_for_function("() => window.benchHandAt !== null", timeout=30000)
    took = float(page.evaluate("window.benchHandAt - window.benchClickAt"))
    ctx.close()
    return took


def grab_once(browser: Any, url: str) -> dict[str, Any] | None:
    """One grab at a fresh 3-player Pigasus table with slow bots (None: no verdict)."""
    ctx, page = new_page(browser)
    page.goto(url + "/")
    page.click(".game-tile[data-game=pigasus]")
    page.fill("#name", "Anna")
    page.select_option("#seats", "3")
    page.select_option("#botlevel", "slow")
    page.click("#quick")
    page.wait_for_selector("#pg-grab:not([disabled])", timeout=30000)
    page.wait_for_timeout(100)  # the page has settled after its first state
    window_ms = page.evaluate("window.saustallDebug.page.table.options.window_ms ?? null")
    result = page.evaluate(GRAB_JS)
    ctx.close()
    if result["verdict"] is None:
        return None
    return {**result, "window_ms": window_ms}


def measure(browser: Any, urls: dict[str, str], runs: int, game: str) -> dict[str, Any]:
    """Every figure ``runs`` times on each server of ``urls``, the servers taking turns
    within each run, first and second alternately (so a change in the machine's load, or
    going first, falls on both alike)."""
    raw: dict[str, dict[str, list[Any]]] = {name: {"lcp": [], "hand": [], "grab": []}
                                            for name in urls}
    for run in range(runs):
        order = list(urls.items())
        if run % 2:  # each goes first every other run: an order effect falls on both
            order.reverse()
        for name, url in order:
            raw[name]["lcp"].append(lcp_once(browser, url))
        for name, url in order:
            raw[name]["hand"].append(first_hand_once(browser, url, game))
        for name, url in order:
            grab = grab_once(browser, url)
            if grab is not None:
                raw[name]["grab"].append(grab)
    result: dict[str, Any] = {}
    for name, got in raw.items():
        last = got["lcp"][-1]
        grabs = got["grab"]
        window = int(next((g["window_ms"] for g in grabs if g["window_ms"]), 150))
        verdict = summary([g["verdict"] for g in grabs])
        result[name] = {
            "lcp": {"cold": summary([x["cold"]["lcp"] for x in got["lcp"]]),
                    "warm": summary([x["warm"]["lcp"] for x in got["lcp"]]),
                    "cold_requests": last["cold"]["requests"], "cold_bytes": last["cold"]["bytes"],
                    "warm_fetched": last["warm"]["fetched"], "warm_bytes": last["warm"]["bytes"],
                    "lcp_element": last["cold"]["element"]},
            "first_hand": summary(got["hand"]),
            "grab": {"first_frame": summary([g["frame"] for g in grabs]),
                     "pending_in_first_frame": f"{sum(bool(g['pendingInFrame']) for g in grabs)}/{len(grabs)}",
                     "verdict": verdict, "window_ms": window, "bar_ms": window + GRAB_MARGIN_MS,
                     "verdict_p95_within_bar": verdict["p95"] <= window + GRAB_MARGIN_MS},
            "_raw": got,
        }
    if "anchor" in raw:
        ratios = {}
        for figure, pick in (("lcp_cold", lambda r: [x["cold"]["lcp"] for x in r["lcp"]]),
                             ("lcp_warm", lambda r: [x["warm"]["lcp"] for x in r["lcp"]]),
                             ("first_hand", lambda r: r["hand"])):
            pairs = zip(pick(raw["this"]), pick(raw["anchor"]))
            ratios[figure] = round(statistics.median(a / b for a, b in pairs if b), 3)
        result["ratio_this_to_anchor"] = ratios
    for name in raw:
        result[name].pop("_raw")
    return result


def report(name: str, figures: dict[str, Any], game: str) -> None:
    """Print one server's figures."""
    lcp, hand, grab = figures["lcp"], figures["first_hand"], figures["grab"]
    print(f"[{name}]")
    print(f"  LCP cold (ms)             median {lcp['cold']['median']:7.1f}  p95 {lcp['cold']['p95']:7.1f}"
          f"  ({lcp['cold_requests']} requests, {lcp['cold_bytes'] / 1024:.0f} KB on the wire;"
          f" element {lcp['lcp_element']})")
    print(f"  LCP warm (ms)             median {lcp['warm']['median']:7.1f}  p95 {lcp['warm']['p95']:7.1f}"
          f"  ({lcp['warm_fetched']} fetched, {lcp['warm_bytes'] / 1024:.0f} KB)")
    print(f"  first hand, {game} (ms) median {hand['median']:7.1f}  p95 {hand['p95']:7.1f}")
    if grab["verdict"]["n"]:
        print(f"  grab -> first frame (ms)  median {grab['first_frame']['median']:7.1f}  p95 "
              f"{grab['first_frame']['p95']:7.1f}  (pending shown in it: {grab['pending_in_first_frame']})")
        print(f"  grab -> verdict (ms)      median {grab['verdict']['median']:7.1f}  p95 "
              f"{grab['verdict']['p95']:7.1f}  (bar: window_ms {grab['window_ms']} + "
              f"{GRAB_MARGIN_MS} = {grab['bar_ms']}; met: {grab['verdict_p95_within_bar']})")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures (JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each figure")
    parser.add_argument("--game", default="drecksau", help="the game of the first-hand figure")
    parser.add_argument("--anchor", type=Path, default=None,
                        help="the src/ folder of another checkout (e.g. main's): its server is "
                             "measured too, taking turns with this one, with the ratios")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing: install Debian's chromium package", file=sys.stderr)
        return 2
    if args.anchor is not None and not (args.anchor / "saustall").is_dir():
        print(f"--anchor {args.anchor}: not a src/ folder holding the saustall package",
              file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="bench-page-") as tmp:
        servers = {"this": Server(Path(tmp) / "this")}
        if args.anchor is not None:
            servers["anchor"] = Server(Path(tmp) / "anchor", args.anchor.resolve())
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for server in servers.values():  # warm the servers up (imports, first page)
                    ctx, page = new_page(browser)
                    page.goto(server.url + "/")
                    page.wait_for_selector("#quick")
                    ctx.close()
                result = measure(browser, {name: s.url for name, s in servers.items()},
                                 args.runs, args.game)
                browser.close()
        finally:
            for server in servers.values():
                server.stop()
    result["runs"] = args.runs
    result["load_average"] = {"before": [round(x, 2) for x in load_before],
                              "after": [round(x, 2) for x in os.getloadavg()],
                              "cores": os.cpu_count()}
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"runs: {args.runs}; load average before {result['load_average']['before']}, "
          f"after {result['load_average']['after']} on {os.cpu_count()} cores")
    for name in servers:
        report(name if name == "this" else f"anchor: {args.anchor}", result[name], args.game)
    if "ratio_this_to_anchor" in result:
        print("this / anchor, median of per-run ratios:", result["ratio_this_to_anchor"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
