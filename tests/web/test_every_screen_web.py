"""Every screen passes axe-core with no violation at all (every rule, every impact), and on a
touch phone every control is at least 44x44 px (issue 28): the home page, the lobby with
a game chosen, the rules dialog, a table's waiting room, each game's table in play, the
chat open, and the end screen. (Saukopf's end screen, in three languages, is on the
newcomer's path: tests/web/test_newcomer_web.py.)"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.web.a11y import check_screen, serve_axe
from tests.web.conftest import DESKTOP, PHONE, screenshot
from tests.web.players import play_drecksau, start_quick_game, wait_for_turn_or_end

pytestmark = pytest.mark.browser

DEVICES: dict[str, dict[str, Any]] = {
    "phone": {"viewport": PHONE, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": DESKTOP},
}


@pytest.fixture(params=list(DEVICES))
def device_page(request: pytest.FixtureRequest, browser: Any, watched: Any) -> Any:
    """A fresh page on a phone (touch) or a desktop, axe-core at hand; (page, device)."""
    context = browser.new_context(locale="en-GB", **DEVICES[request.param])
    page = watched(context.new_page())
    serve_axe(page)
    yield page, request.param
    context.close()


def check(page: Any, device: str, name: str) -> None:
    check_screen(page, f"{device}, {name}", device == "phone")
    screenshot(page, f"screen-{device}-{name}", full_page=False)


@pytest.mark.own_server  # the home page lists public tables: only this test's
def test_home_lobby_rules_and_waiting_room(server: Any, device_page: Any) -> None:
    page, device = device_page
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    check(page, device, "home")
    page.click(".game-tile[data-game=pigasus]")
    check(page, device, "lobby-pigasus")
    page.click("#rules-btn")
    page.wait_for_selector(".rules-modal .rules-text h3")
    check(page, device, "rules")
    page.keyboard.press("Escape")
    page.wait_for_selector(".rules-modal", state="detached")
    page.click(".game-tile[data-game=drecksau]")
    page.fill("#name", "Anna")
    page.click("#create")
    page.wait_for_selector(".waiting #start")
    check(page, device, "waiting-room")


def test_drecksau_in_play_chat_open_and_end_screen(server: Any, device_page: Any) -> None:
    page, device = device_page
    start_quick_game(page, server.url, "drecksau")
    assert wait_for_turn_or_end(page)
    check(page, device, "drecksau-playing")
    if page.locator("#chat-box").get_attribute("open") is None:
        page.click("#chat-box > summary")
    page.click(".chat-quick[data-quick=hello]")
    page.wait_for_selector("#chat-list li")
    check(page, device, "chat-open")
    play_drecksau(page)
    page.wait_for_selector(".summary-modal", timeout=15000)
    check(page, device, "drecksau-end")


def test_saukopf_and_pigasus_in_play(server: Any, device_page: Any) -> None:
    page, device = device_page
    start_quick_game(page, server.url, "saukopf")
    page.wait_for_selector(".sk-hand .hand-card")
    assert wait_for_turn_or_end(page)
    check(page, device, "saukopf-playing")
    start_quick_game(page, server.url, "pigasus", seats=3, level="slow")
    deadline = time.monotonic() + 20
    while page.locator(".pg-card").count() < 2:  # a few cards face up
        assert time.monotonic() < deadline, "no Pigasus cards came face up"
        if page.locator("#pg-reveal").count():
            page.click("#pg-reveal")
        page.wait_for_timeout(150)
    check(page, device, "pigasus-playing")


def test_replay_with_analysis_and_your_games(server: Any, device_page: Any) -> None:
    from tests.web.test_replay_web import finished_game, hold_seat

    page, device = device_page
    created = finished_game(server, "saukopf", ["random", "random", "random"], {"deals": 1})
    hold_seat(page, created)
    page.goto(server.url + "/")
    page.wait_for_selector(".your-games li a[href*='/replay']")
    check(page, device, "your-games-replay")
    page.goto(f"{server.url}/t/{created['table_id']}/replay?game=1&step=30")
    page.wait_for_selector(".replay-layout .sk-hand .hand-card")
    check(page, device, "replay-saukopf")
    page.click("#analysis-go")
    page.wait_for_selector(".analysis-summary", timeout=120_000)
    check(page, device, "replay-analysis")
