"""Replaying a finished game in the browser (issue 28): move by move with every hand, by
keyboard and by the touch-sized buttons, in English and German, from "Your games" and from
the end screen; the expert's analysis of a seat's decisions; the Saukopf trick history,
at the table during play and in the replay; "Your games" says whose turn it is."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from playwright.sync_api import expect
from websockets.sync.client import connect

from tests.web.a11y import axe_violations, serve_axe
from tests.web.conftest import DESKTOP, PHONE, resize, screenshot
from tests.web.players import play_saukopf, record_frames

pytestmark = pytest.mark.browser


def finished_game(server: Any, game: str, bots: list[str], options: dict[str, Any] | None = None,
                  seed: int = 1) -> dict[str, Any]:
    """A game Anna (seat 0) played to its end against ``bots`` over the wire (random
    legal moves), as the server answers the table's creation."""
    created = server.api("POST", "/api/tables", json={
        "game": game, "name": "Anna", "bots": bots, "options": options or {},
        "seats": len(bots) + 1})
    server.api("POST", f"/api/tables/{created['table_id']}/start", created["token"])
    rng = random.Random(seed)
    url = server.url.replace("http://", "ws://") + f"/ws/tables/{created['table_id']}"
    with connect(url, max_size=2**22) as ws:
        ws.send(json.dumps({"type": "hello", "token": created["token"]}))
        last = -1
        while True:
            message = json.loads(ws.recv(timeout=30))
            if message["type"] == "game_over":
                return created
            if message["type"] == "state" and message["legal"] and message["seq"] != last:
                last = message["seq"]
                choice = rng.choice(message["legal"])["action"]
                ws.send(json.dumps({"type": "action", "action": choice, "id": last}))


def hold_seat(page: Any, created: dict[str, Any], seat: int = 0, token: str | None = None) -> None:
    """The browser holds ``seat`` at the table (as if it had sat down there)."""
    seats = json.dumps({"invite": created["invite"], "at": 1,
                        "tokens": {str(seat): token or created["token"]}})
    page.add_init_script(f"localStorage.setItem({json.dumps('saustall.table.' + created['table_id'])}, "
                         f"{json.dumps(seats)})")


def replay_data(server: Any, created: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The replay's steps and every position, as the server gives them."""
    table, invite = created["table_id"], created["invite"]
    summary = server.api("GET", f"/api/tables/{table}/replay?invite={invite}")
    positions: list[dict[str, Any]] = []
    while len(positions) < summary["positions"]:
        positions += server.api("GET", f"/api/tables/{table}/replay/positions?invite={invite}"
                                f"&from={len(positions)}")["positions"]
    return summary, positions


# Every axe-core rule (best practices too), every impact.
ALL_AXE_JS = """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
  .map((v) => `${v.id} (${v.impact}): ${v.help} -- ` + v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join('; '))"""


def all_axe_violations(page: Any) -> list[str]:
    """What axe-core finds in the page as it is now, by any rule (the WCAG ones first)."""
    found = [f"{v['id']}: {v['help']}" for v in axe_violations(page)]  # (loads axe-core)
    return found + list(page.evaluate(ALL_AXE_JS))


def step_shown(page: Any) -> int:
    """The position the replay shows (from its slider)."""
    return int(page.input_value("#replay-slider"))


def assert_touch_targets(page: Any) -> None:
    """Every control of the replay is at least 44 px each way."""
    small = page.evaluate("""() => [...document.querySelectorAll(
        '.replay-controls button, .replay-controls input, .replay-controls select, #analysis-go, .replay-head .button')]
        .map((e) => e.getBoundingClientRect()).filter((r) => r.width && (r.width < 44 || r.height < 44))
        .map((r) => `${Math.round(r.width)}x${Math.round(r.height)}`)""")
    assert not small, f"controls under 44 px: {small}"


def test_drecksau_replay_from_your_games_by_keyboard_and_buttons(server: Any, page: Any) -> None:
    created = finished_game(server, "drecksau", ["random", "random"])
    summary, positions = replay_data(server, created)
    hold_seat(page, created)
    page.goto(server.url + "/")
    entry = page.locator(f".your-games li[data-table='{created['table_id']}']")
    entry.get_by_role("link", name="Replay").click()
    page.wait_for_selector(".replay-layout #board .hand-card")
    total = summary["positions"] - 1
    status = page.locator("#status")
    expect(status).to_contain_text(f"Move 0 of {total}")
    # Every hand, face up: each seat's cards as its own view holds them.
    hands = page.locator(".replay-hand-list li")
    expect(hands).to_have_count(3)
    for seat in range(3):
        shown = hands.nth(seat).locator(".replay-hand-cards svg").count()
        assert shown == len(positions[0]["views"][seat]["hand"])
    # The keyboard: one move on, to the end, back to the deal.
    page.locator("h1").click()  # the focus on the page, not in a control
    page.keyboard.press("ArrowRight")
    expect(status).to_contain_text(f"Move 1 of {total}")
    board_hand = page.eval_on_selector_all("#board .hand .hand-card", "els => els.map(e => e.dataset.card)")
    assert board_hand == positions[1]["views"][0]["hand"]
    page.keyboard.press("End")
    expect(status).to_contain_text(f"Move {total} of {total}")
    expect(status).to_contain_text("won")
    assert step_shown(page) == total
    page.keyboard.press("Home")
    expect(status).to_contain_text(f"Move 0 of {total}")
    # The buttons (and their size for a finger).
    page.get_by_role("button", name="One move on").click()
    page.get_by_role("button", name="One move on").click()
    expect(status).to_contain_text(f"Move 2 of {total}")
    page.get_by_role("button", name="One move back").click()
    expect(status).to_contain_text(f"Move 1 of {total}")
    page.get_by_role("button", name="To the end").click()
    expect(status).to_contain_text(f"Move {total} of {total}")
    assert page.get_by_role("button", name="One move on").is_disabled()
    assert_touch_targets(page)
    # Drecksau has no analysis (yet): the page says so instead of offering one.
    expect(page.locator("#analysis")).to_contain_text("no analysis")
    # A move in the list jumps there.
    page.locator(".replay-move[data-step='3']").click()
    expect(status).to_contain_text(f"Move 3 of {total}")
    screenshot(page, "replay-drecksau-desktop")
    # In French the same position is worded anew, and the keys still step.
    page.select_option("#lang-select", "fr")
    expect(status).to_contain_text(f"Coup 3 sur {total}")
    expect(page.get_by_role("button", name="Un coup en avant")).to_be_visible()
    page.locator("h1").click()
    page.keyboard.press("ArrowRight")
    expect(status).to_contain_text(f"Coup 4 sur {total}")
    screenshot(page, "replay-drecksau-fr-desktop")
    page.select_option("#lang-select", "en")
    screenshot(page, "replay-drecksau-phone", PHONE)
    resize(page, PHONE)
    assert_touch_targets(page)


def test_saukopf_replay_in_german_from_the_end_screen_with_tricks_and_analysis(
        server: Any, browser: Any, watched: Any) -> None:
    created = finished_game(server, "saukopf", ["random", "random", "random"], {"deals": 1}, seed=4)
    summary, positions = replay_data(server, created)
    total = summary["positions"] - 1
    ctx = browser.new_context(viewport=DESKTOP, locale="de-DE")
    try:
        page = watched(ctx.new_page())
        hold_seat(page, created)
        page.goto(f"{server.url}/t/{created['table_id']}")
        page.wait_for_selector(".summary-modal #sum-replay")
        page.click("#sum-replay")
        page.wait_for_selector(".replay-layout .sk-hand .hand-card")
        status = page.locator("#status")
        expect(status).to_contain_text(f"Zug 0 von {total}")
        expect(page.locator("h1")).to_contain_text("Wiederholung")
        # All four hands of eight cards at the deal.
        for seat in range(4):
            assert page.locator(f".replay-hand-list li[data-seat='{seat}'] .replay-hand-cards svg").count() == 8
        page.locator("h1").click()
        for k in (1, 2, 3):
            page.keyboard.press("ArrowRight")
            expect(status).to_contain_text(f"Zug {k} von {total}")
        page.keyboard.press("ArrowLeft")
        expect(status).to_contain_text(f"Zug 2 von {total}")
        page.get_by_role("button", name="Einen Zug weiter").click()
        expect(status).to_contain_text(f"Zug 3 von {total}")
        # At the end, the deal's trick history: who led, the cards, who took how much.
        page.keyboard.press("End")
        expect(status).to_contain_text(f"Zug {total} von {total}")
        tricks = positions[-1]["views"][0]["tricks"]
        names = ["Anna", "Bot 2", "Bot 3", "Bot 4"]
        assert_trick_history(page, tricks, names, "kam raus", "Augen")
        # The trick history at some middle position holds the tricks played by then.
        middle = next(k for k, p in enumerate(positions) if len(p["views"][0]["tricks"]) == 3)
        page.locator(f".replay-move[data-step='{middle}']").click()
        expect(status).to_contain_text(f"Zug {middle} von {total}")
        assert_trick_history(page, positions[middle]["views"][0]["tricks"], names, "kam raus", "Augen")
        screenshot(page, "replay-saukopf-de-desktop")
        # The analysis of Anna's decisions: asked for, waited for, shown per move.
        page.get_by_role("button", name="Entscheidungen von Anna analysieren").click()
        expect(page.locator("#analysis .analysis-summary")).to_contain_text(re.compile(r"Entscheidung(en)? · klare Fehler:"),
                                                                          timeout=120_000)
        decisions = server.api("GET", f"/api/tables/{created['table_id']}/analysis?seat=0",
                               created["token"])["analysis"]["decisions"]
        assert decisions, "Anna made decisions"
        first = decisions[0]
        page.locator(f".replay-move[data-step='{first['index'] + 1}']").click()
        now = page.locator(".analysis-now")
        expect(now).to_contain_text("Dieser Zug:")
        if first["best"] == first["chosen"]:
            expect(now).to_contain_text("hätte dasselbe gespielt")
        else:
            expect(now).to_contain_text("Der Experte hätte gespielt:")
        screenshot(page, "replay-saukopf-analysis-de-desktop")
        # axe-core: nothing at all on the replay screen, analysis open, desktop and phone.
        serve_axe(page)
        page.locator(".analysis-alts summary").click()
        assert all_axe_violations(page) == []
        screenshot(page, "replay-saukopf-de-phone", PHONE)
        assert_touch_targets(page)
        assert all_axe_violations(page) == []
    finally:
        ctx.close()


def assert_trick_history(page: Any, tricks: list[dict[str, Any]], names: list[str],
                         led: str, eyes: str) -> None:
    """The trick history lists exactly ``tricks``: leader, cards in order, taker, points."""
    rows = page.locator(".sk-history li")
    expect(rows).to_have_count(len(tricks))
    for i, trick in enumerate(tricks):
        row = rows.nth(i)
        text = row.inner_text()
        assert f"{names[trick['leader']]} {led}" in text, text
        assert names[trick["winner"]] in row.locator(".sk-h-took").inner_text()
        assert f"{trick['points']} {eyes}" in text or trick["points"] == 1, text
        cards = row.locator(".sk-mini").evaluate_all("els => els.map((e) => e.textContent.trim())")
        assert cards == [c[1:] for c in trick["cards"]], (cards, trick)
        winner_at = (trick["winner"] - trick["leader"]) % len(names)
        assert row.locator(".sk-mini").nth(winner_at).get_attribute("class").endswith("won")


def test_saukopf_trick_history_at_the_table_during_play(server: Any, page: Any) -> None:
    frames = record_frames(page)
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=saukopf]")
    page.fill("#name", "Anna")
    page.select_option("[data-option=deals]", "1")
    page.click("#quick")
    page.wait_for_selector(".sk-hand .hand-card")
    # Play until two tricks are done (or the deal ends: thrown in, then nothing to show).
    for _ in range(12):
        states = [f for f in frames if f["type"] == "state" and f.get("view")]
        if states and len(states[-1]["view"]["tricks"]) >= 2:
            break
        if not play_saukopf(page, stop_after=1):
            break
    states = [f for f in frames if f["type"] == "state" and f.get("view")]
    tricks = states[-1]["view"]["tricks"]
    if not tricks:
        pytest.fail("the deal was thrown in before a trick: no history to look at")
    # What the page shows is its latest state's tricks (the bots may move meanwhile: read
    # both at one moment, through the page).
    shown = page.evaluate("() => window.saustallDebug.page.states[0].view.tricks")
    names = page.evaluate("() => window.saustallDebug.page.names()")
    assert_trick_history(page, shown, names, "led", "points")
    screenshot(page, "saukopf-tricks-desktop")
    screenshot(page, "saukopf-tricks-phone", PHONE)
    # The game runs: its replay is not open yet, and the page says why (no hand, no position).
    table = page.url.split("/t/")[1].split("?")[0]
    if page.locator(".status-bar.over").count():
        return  # (ended meanwhile: the replay would open)
    page.goto(f"{server.url}/t/{table}/replay")
    expect(page.locator("main")).to_contain_text("A game can be replayed once it is over.")
    assert not page.locator(".replay-layout, .hand-card").count()


def test_your_games_says_whose_turn_it_is(server: Any, page: Any) -> None:
    # A game against bots: after the bots' moves it is Anna's.
    mine = server.api("POST", "/api/tables", json={
        "game": "drecksau", "name": "Anna", "bots": ["random", "random"], "seats": 3})
    server.api("POST", f"/api/tables/{mine['table_id']}/start", mine["token"])
    # A game with Ben: the page holds the seat that is not to move.
    other = server.api("POST", "/api/tables", json={"game": "drecksau", "name": "Anna", "seats": 2})
    ben = server.api("POST", f"/api/tables/{other['table_id']}/join",
                     json={"invite": other["invite"], "name": "Ben"})
    server.api("POST", f"/api/tables/{other['table_id']}/ready", ben["token"], json={"ready": True})
    server.api("POST", f"/api/tables/{other['table_id']}/start", other["token"])
    to_act = server.api("GET", f"/api/tables/{other['table_id']}")["to_act"]
    assert len(to_act) == 1
    waiting_seat = 1 - to_act[0]
    mover = "Anna" if to_act[0] == 0 else "Ben"
    hold_seat(page, mine)
    hold_seat(page, other, waiting_seat, other["token"] if waiting_seat == 0 else ben["token"])
    page.goto(server.url + "/")
    entry = page.locator(f".your-games li[data-table='{mine['table_id']}']")
    expect(entry.locator(".badge.your-turn")).to_have_text("Your turn", timeout=15_000)
    assert "my-turn" in (entry.get_attribute("class") or "")
    theirs = page.locator(f".your-games li[data-table='{other['table_id']}']")
    expect(theirs.locator(".turn-of")).to_have_text(f"{mover} to move")
    assert not theirs.locator(".badge.your-turn").count()
    screenshot(page, "your-games-turns-desktop")
    screenshot(page, "your-games-turns-phone", PHONE)
