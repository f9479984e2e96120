"""Hostile names in the browser: every name shows as the text it is, and no script runs.

Players pick their own names (up to 32 printable characters), and every other player and
spectator sees them: in the lobby's list of tables, the waiting room and its hints, the
board, the status bar, the log, the end-of-game summary and the Saukopf ledger. Each test
seats names that are markup, script, entities or placeholders and checks each of those
places. A hook installed before the app loads records any sign of script from a name
(``alert``, ``window.pwned``, ``window.xss``, an ``<img src=x>``, a stray ``<script>`` or an
``on...`` attribute appearing in the page); the ``page`` fixture also fails on any
Content-Security-Policy violation, which is what an injected inline handler would cause.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import pytest

from tests.web.conftest import watch_page
from tests.web.players import drecksau_move, my_turn, try_move, wait_for_turn_or_end

pytestmark = pytest.mark.browser

IMG = "<img src=x onerror=alert(1)>"
SCRIPT = "<script>window.pwned=1</script>"
# Two names that only become markup when a page joins them with ", ".
SPLIT_1 = "<img src=x onerror='xss=/*"
SPLIT_2 = "*/1'>"
ENTITIES = "&lt;b&gt;bold&lt;/b&gt; &amp;"
PLACEHOLDERS = "{name} {names} {n}"
BIDI = "Anna\u202egnp.exe"

# Installed before any of the app's scripts: records every trace of script from data.
XSS_TRAP = """
(() => {
  const hits = [];
  window.__xssHits = hits;
  window.alert = (m) => hits.push(`alert(${m})`);
  for (const name of ['pwned', 'xss']) {
    Object.defineProperty(window, name, {
      configurable: true, get: () => undefined, set: (v) => hits.push(`${name}=${v}`)});
  }
  const check = (node) => {
    if (node.nodeType !== 1) return;
    for (const el of [node, ...node.querySelectorAll('*')]) {
      if (el.localName === 'img' && el.getAttribute('src') === 'x') hits.push('img src=x');
      // (the page's own: its modules, and the import map and catalogue the server puts in)
      const own = (el.getAttribute('src') || '').startsWith('/static/')
        || ['saustall-importmap', 'saustall-catalogue'].includes(el.id) && el.parentNode === document.head;
      if (el.localName === 'script' && !own) {
        hits.push('script element');
      }
      for (const a of el.attributes) if (a.name.startsWith('on')) hits.push(`${a.name} attribute`);
    }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') check(r.target);
      else r.addedNodes.forEach(check);
    }
  }).observe(document, {subtree: true, childList: true, attributes: true});
})();
"""


def trapped(page: Any) -> Any:
    """Install the trap on a page (before it loads anything); returns the page."""
    page.add_init_script(XSS_TRAP)
    return page


def assert_no_script_ran(page: Any, where: str) -> None:
    """Nothing from a name ran or became an element."""
    assert page.evaluate("window.__xssHits") == [], where
    assert page.locator("img[src=x], [onerror]").count() == 0, where


def assert_shows(page: Any, selector: str, *names: str) -> str:
    """Every name appears, character for character, in the text of ``selector``."""
    text = str(page.inner_text(selector))
    for name in names:
        assert name in text, f"{name!r} is not shown literally in {selector}: {text!r}"
    return text


def create_table(page: Any, url: str, game: str, name: str, seats: int,
                 ruleset: str | None = None, deals: str | None = None) -> tuple[str, str]:
    """Create a public table from the lobby (no bots); returns its id and invite code."""
    page.goto(url + "/")
    page.click(f".game-tile[data-game={game}]")
    if ruleset:
        page.click(f"input[name=ruleset][value={ruleset}]")
    page.fill("#name", name)
    page.select_option("#seats", str(seats))
    if deals:
        page.select_option("[data-option=deals]", deals)
    page.click("#create")
    page.wait_for_selector(".seat-list")
    parts = urlparse(page.url)
    table_id = parts.path.rsplit("/", 1)[-1]
    return table_id, parse_qs(parts.query)["invite"][0]


def seat_players(server: Any, table_id: str, invite: str, names: list[str]) -> list[str]:
    """Seat people with these names through the API; returns their tokens."""
    return [server.api("POST", f"/api/tables/{table_id}/join", json={"invite": invite, "name": n})["token"]
            for n in names]


def ready_and_start(page: Any, server: Any, table_id: str, tokens: list[str]) -> None:
    """The API players say they are ready and the creator starts the game."""
    for token in tokens:
        server.api("POST", f"/api/tables/{table_id}/ready", token, json={"ready": True})
    page.wait_for_selector("#start:not([disabled])")
    page.click("#start")
    page.wait_for_selector(".game-layout .status-bar")


def leave_all(server: Any, table_id: str, tokens: list[str]) -> None:
    """The API players leave: a bot named "<their name> (bot)" plays each seat on."""
    for token in tokens:
        server.api("POST", f"/api/tables/{table_id}/leave", token)


def hand_over_and_watch(page: Any, url: str, table_id: str, invite: str) -> None:
    """The creator leaves too (a bot takes the seat) and watches to the end."""
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#leave-game")
    page.wait_for_selector(".game-tile")  # back in the lobby
    page.goto(f"{url}/t/{table_id}?invite={invite}")
    page.wait_for_selector(".status-bar.over", timeout=60000)


@pytest.mark.own_server  # reads the lobby's list of public tables
def test_hostile_names_in_lobby_waiting_room_and_a_whole_drecksau_game(
        server: Any, page: Any, browser: Any, watched: Any) -> None:
    trapped(page)
    others = [SPLIT_1, SPLIT_2, SCRIPT]  # the halves side by side in every list
    table_id, invite = create_table(page, server.url, "drecksau", IMG, 4)
    # The lobby of someone else lists the open table with its players (while a seat is
    # still free: full tables are not listed).
    tokens = seat_players(server, table_id, invite, others[:-1])
    visitor_ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    try:
        visitor = trapped(watched(visitor_ctx.new_page()))
        visitor.goto(server.url + "/")
        visitor.locator(".table-list li", has_text=SPLIT_1).first.wait_for()
        assert_shows(visitor, ".table-list", ", ".join([IMG, *others[:-1]]))
        assert_no_script_ran(visitor, "lobby table list")
        tokens += seat_players(server, table_id, invite, others[-1:])
        # The waiting room: every seat, and the hint naming who is not ready yet, in one
        # line where the two halves of the split name stand side by side.
        page.locator(".seat.human").nth(3).wait_for()
        assert_shows(page, ".seat-list", IMG, *others)
        assert_shows(page, ".waiting .hint",
                     f"Waiting for {others[0]}, {others[1]}, and {others[2]} to be ready.")
        assert_no_script_ran(page, "waiting room")
        # ... and as a spectator later sees the names on the board.
        visitor.goto(f"{server.url}/t/{table_id}?invite={invite}")
        visitor.wait_for_selector(".seat-list")
        assert_shows(visitor, ".seat-list", IMG, *others)
        assert_no_script_ran(visitor, "waiting room of a visitor")
        visitor.click("#watch")

        ready_and_start(page, server, table_id, tokens)
        # Someone else's turn: the status bar names whose move it is. The API players do
        # not move, so that line stays until they leave.
        while my_turn(page) or not page.locator(".status-bar .status-text").inner_text():
            if my_turn(page):
                try_move(page, drecksau_move)
            page.wait_for_timeout(50)
        waiting = assert_shows(page, ".status-bar")
        assert any(f"Waiting for {n}" in waiting for n in others), waiting
        visitor.wait_for_selector(".game-layout .status-bar")
        assert_shows(visitor, ".board", IMG, *others)
        assert_shows(visitor, ".side", IMG, *others)
        assert_no_script_ran(visitor, "spectator's board")

        # Everyone hands over to bots, which play on at once; both pages watch the end.
        leave_all(server, table_id, tokens)
        hand_over_and_watch(page, server.url, table_id, invite)
        names = [f"{n} (bot)" for n in [IMG, *others]]
        winners = server.api("GET", f"/api/tables/{table_id}")["winners"]
        won = ", ".join(names[s] for s in winners)
        for viewer in (page, visitor):
            assert_shows(viewer, ".board", *names)
            assert_shows(viewer, ".side", *names)
            log = assert_shows(viewer, "#log")
            assert any(n in log for n in names), log
            # The winner's name in the status bar and in the summary, as typed.
            assert_shows(viewer, ".status-bar", f"Game over: {won} won")
            viewer.wait_for_selector(".summary-modal")
            assert_shows(viewer, ".summary-modal", f"{won} won!", *names)
            assert_no_script_ran(viewer, "end of the game")
    finally:
        visitor_ctx.close()


def test_hostile_names_in_the_saukopf_ledger_and_deal_results(server: Any, page: Any) -> None:
    trapped(page)
    others = [ENTITIES, PLACEHOLDERS, IMG]
    table_id, invite = create_table(page, server.url, "saukopf", SCRIPT, 4, deals="1")
    tokens = seat_players(server, table_id, invite, others)
    page.locator(".seat.human").nth(3).wait_for()
    ready_and_start(page, server, table_id, tokens)
    page.wait_for_selector(".sk-seat")
    assert_shows(page, ".sk-table", SCRIPT, *others)
    assert_shows(page, ".side", SCRIPT, *others)  # the ledger
    leave_all(server, table_id, tokens)
    hand_over_and_watch(page, server.url, table_id, invite)
    names = [f"{n} (bot)" for n in [SCRIPT, *others]]
    page.wait_for_selector(".summary-modal")
    summary = assert_shows(page, ".summary-modal", *names)
    # The deal's result names the declaring party and who scored.
    assert re.search(r"(won|lost)", summary), summary
    assert_shows(page, ".side", *names)
    log = assert_shows(page, "#log")
    assert any(n in log for n in names), log
    assert_no_script_ran(page, "Saukopf")


def test_hostile_text_in_the_address_and_the_saved_name(server: Any, page: Any) -> None:
    trapped(page)
    # A table id from the address comes back in the server's error message.
    page.goto(server.url + "/t/" + "%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
    page.wait_for_selector(".panel h2")
    assert_shows(page, "main", IMG)
    assert_no_script_ran(page, "table not found")
    # The name typed last time comes back into the name field as its value.
    page.goto(server.url + "/")
    page.evaluate("(n) => localStorage.setItem('saustall.name', n)", SPLIT_1 + '"><b>')
    page.reload()
    page.wait_for_selector("#name")
    assert page.input_value("#name") == SPLIT_1 + '"><b>'
    assert_no_script_ran(page, "lobby name field")
    # The rules dialog has no search box; its text is the project's own.
    page.click("#rules-btn")
    assert "Goal:" in page.inner_text(".rules-text")
    assert_no_script_ran(page, "rules")


def test_names_with_bidi_controls_are_refused(server: Any) -> None:
    # An invisible right-to-left override would make a name read as something else
    # ("Anna" + reversed "exe.png"); the server takes only printable characters.
    made = server.api("POST", "/api/tables", json={"game": "drecksau", "seats": 2, "name": "Anna"})
    response = httpx.post(f"{server.url}/api/tables/{made['table_id']}/join",
                          json={"invite": made["invite"], "name": BIDI}, timeout=10)
    assert response.status_code == 400
    assert "name" in response.json()["error"]["message"]


def test_the_browser_enforces_the_policy_and_the_tests_notice(server: Any, browser: Any) -> None:
    ctx = browser.new_context()
    try:
        page = trapped(ctx.new_page())
        problems = watch_page(page)
        page.goto(server.url + "/")
        page.wait_for_selector(".game-tile")
        # Markup with an inline handler, put in as HTML on purpose: the policy stops the
        # handler, and the page watcher reports the violation.
        page.evaluate("""() => {
            const box = document.createElement('div');
            box.innerHTML = '<img src="/nothing-here.png" onerror="window.pwned=1">';
            document.body.appendChild(box);
        }""")
        page.wait_for_timeout(500)
        assert [p for p in problems if "CSP violation" in p or "Content Security Policy" in p]
        assert "pwned=1" not in page.evaluate("window.__xssHits")
    finally:
        ctx.close()


RENDERER_CHECKS = """async (name) => {
  const dom = await import('/static/js/dom.js');
  const i18n = await import('/static/js/i18n.js');
  const { html, render } = dom;
  const box = document.createElement('div');
  const refused = (make) => { try { render(box, make()); return false; } catch { return true; } };
  const out = {};
  render(box, html`<p title="${name}" data-x='${name}'>${name}</p>`);
  const p = box.querySelector('p');
  out.text = p.textContent;
  out.title = p.getAttribute('title');
  out.data = p.dataset.x;
  out.elements = box.querySelectorAll('*').length;
  render(box, html`<table><tbody>${[1, 2].map((n) => html`<tr><td>${name}${n}</td></tr>`)}</tbody></table>`);
  out.cells = [...box.querySelectorAll('tbody > tr > td')].map((td) => td.textContent);
  render(box, html`<button ${'disabled'} aria-disabled="${null}" class="a ${false} b">x</button>`);
  const b = box.querySelector('button');
  out.button = [b.disabled, b.hasAttribute('aria-disabled'), b.className];
  render(box, i18n.tParts('status.won', { names: html`<b>${name}</b>` }));
  out.won = [box.textContent, box.querySelector('b').textContent];
  out.noReexpansion = i18n.t('status.won', { names: '{names}' });
  out.refusals = [
    refused(() => html([`<b>${name}</b>`])),             // markup built from data
    refused(() => html`<a href="${'javascript:alert(1)'}">x</a>`),
    refused(() => html`<i onclick="${'alert(1)'}"></i>`),
    refused(() => html`<i ${'onclick'}></i>`),
    refused(() => html`<i style="${'color: red'}"></i>`),
  ];
  return out;
}"""


def test_the_renderer_puts_data_in_as_text_and_refuses_markup_from_data(
        server: Any, page: Any) -> None:
    trapped(page)
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    out = page.evaluate(RENDERER_CHECKS, SPLIT_1 + SPLIT_2)
    name = SPLIT_1 + SPLIT_2
    assert out["text"] == out["title"] == out["data"] == name
    assert out["elements"] == 1  # the <p> alone: the name made no element
    assert out["cells"] == [name + "1", name + "2"]  # rows stay in their table
    assert out["button"] == [True, False, "a  b"]
    assert out["won"] == [f"Game over: {name} won", name]
    assert out["noReexpansion"] == "Game over: {names} won"
    assert out["refusals"] == [True] * 5
    assert_no_script_ran(page, "renderer")


def test_hostile_names_on_the_hot_seat_cover(server: Any, page: Any) -> None:
    trapped(page)
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=drecksau]")
    page.fill("#name", IMG)
    page.check("#hotseat")
    page.click("#create")
    page.click("[data-here='1']")
    page.fill("#here-name", SCRIPT)
    page.click("#here-form button[type=submit]")
    page.wait_for_selector("#start:not([disabled])")
    assert_shows(page, ".seat-list", IMG, SCRIPT)
    page.click("#start")
    # Whoever moves first, the device is handed over to the other with a cover naming them.
    page.wait_for_selector(".cover, .status-bar.mine")
    if not page.locator(".cover").count():
        assert wait_for_turn_or_end(page) and drecksau_move(page)
    cover = page.wait_for_selector(".cover").inner_text()
    assert f"Pass the device to {SCRIPT}" in cover or f"Pass the device to {IMG}" in cover, cover
    assert_no_script_ran(page, "hot-seat cover")
