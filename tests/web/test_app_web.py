"""The app around the games: languages, spectators, hot-seat, an unreachable server."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from tests.web.conftest import DESKTOP, PHONE, screenshot
from tests.web.players import drecksau_move, start_quick_game, wait_for_turn_or_end

pytestmark = pytest.mark.browser


def test_language_switch_shows_german_and_french(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")  # the lobby comes once the game list has loaded
    assert "Welcome to the pigsty" in page.inner_text("main")
    screenshot(page, "lobby-desktop")
    screenshot(page, "lobby-phone", PHONE)
    page.set_viewport_size(DESKTOP)
    page.select_option("#lang-select", "de")
    assert "Willkommen im Saustall" in page.inner_text("main")
    assert page.inner_text("#quick") == "Sofort gegen Bots spielen"
    assert page.inner_text("#rules-btn") == "Regeln"
    page.click("#rules-btn")
    assert "Ziel:" in page.inner_text(".rules-text")
    page.click(".rules-modal .tab[data-game=saukopf]")
    assert "Grunzen und Quieken" in page.inner_text(".rules-text")
    page.keyboard.press("Escape")
    page.select_option("#lang-select", "fr")
    assert "Bienvenue dans la porcherie" in page.inner_text("main")
    start_quick_game(page, server.url, "drecksau", seats=2, level="random", name="Zoé")
    wait_for_turn_or_end(page)
    assert "À vous de jouer" in page.inner_text(".status-bar")
    assert page.locator(".hand-card[aria-label]").count() == 3
    drecksau_move(page)
    page.wait_for_selector("#log li")
    assert page.locator(".side").inner_text().count("Joueurs") >= 1
    screenshot(page, "drecksau-french")
    # The choice sticks across a reload.
    page.reload()
    page.wait_for_selector(".status-bar")
    assert page.inner_text("#rules-btn") == "Règles"


def test_browser_language_is_the_default(server: Any, browser: Any, watched: Any) -> None:
    ctx = browser.new_context(viewport=DESKTOP, locale="de-DE")
    try:
        page = watched(ctx.new_page())
        page.goto(server.url + "/")
        page.wait_for_selector(".game-tile")
        assert "Willkommen im Saustall" in page.inner_text("main")
        assert page.evaluate("document.documentElement.lang") == "de"
    finally:
        ctx.close()


def test_spectator_sees_the_table_but_no_hand(server: Any, page: Any, browser: Any,
                                             watched: Any) -> None:
    start_quick_game(page, server.url, "drecksau", seats=3, level="random")
    wait_for_turn_or_end(page)
    link = page.url
    watcher_ctx = browser.new_context(viewport=DESKTOP, locale="en-GB")
    try:
        watcher = watched(watcher_ctx.new_page())
        watcher.goto(link)
        watcher.wait_for_selector(".pig")
        assert "You are watching" in watcher.inner_text(".status-bar")
        assert watcher.locator(".hand-card").count() == 0
        assert watcher.locator(".player-area").count() == 3
        assert watcher.locator(".mini-card").count() == 9
    finally:
        watcher_ctx.close()


def test_hot_seat_hides_the_next_hand_until_tapped(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=drecksau]")
    page.fill("#name", "Anna")
    page.check("#hotseat")
    page.click("#create")
    screenshot(page, "waiting-room")
    page.click("[data-here='1']")
    page.fill("#here-name", "Bert")
    page.click("#here-form button[type=submit]")
    page.wait_for_selector(".seat.mine[data-seat='1']")
    page.click("#start")
    page.wait_for_selector(".hand-card")
    assert "Anna" in page.inner_text(".status-bar")
    anna_hand = page.eval_on_selector_all(".hand-card", "e => e.map(x => x.dataset.card)")
    assert drecksau_move(page)
    # Bert's turn on the same device: a cover, and no cards in the page at all.
    page.wait_for_selector(".cover")
    assert "Pass the device to Bert" in page.inner_text(".cover")
    assert page.locator(".hand-card").count() == 0
    screenshot(page, "hotseat-cover")
    page.click("#reveal")
    page.wait_for_selector(".hand-card")
    assert "Bert" in page.inner_text(".status-bar")
    assert page.locator(".player-area.mine").inner_text().startswith("Bert")
    assert len(anna_hand) == 3


def without_catalogue(route: Any) -> None:
    """The page as the server sends it but without the catalogue in it (the page then asks
    /api/games for it, as it does when the block is missing or unreadable)."""
    response = route.fetch()
    body = re.sub(r'<script type="application/json" id="saustall-catalogue">.*?</script>', "",
                  response.text(), flags=re.S)
    route.fulfill(response=response, body=body)


def test_unreachable_server_is_told_plainly(server: Any, page: Any) -> None:
    page.route(server.url + "/", without_catalogue)
    page.route("**/api/games", lambda route: route.abort())
    page.goto(server.url + "/")
    page.wait_for_selector(".unreachable")
    assert "cannot be reached" in page.inner_text("#banner")
    page.unroute("**/api/games")
    page.click("#retry")
    page.wait_for_selector(".game-tile")
    assert page.locator("#banner").is_hidden()


def test_waiting_room_keeps_what_is_typed_when_the_table_changes(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=drecksau]")
    page.fill("#name", "Anna")
    page.select_option("#seats", "3")
    page.click("#create")
    page.click("[data-here='2']")
    page.fill("#here-name", "Car")
    page.keyboard.type("la")
    # Someone else sits down through the invite: the waiting room is drawn again.
    invite = parse_qs(urlparse(page.input_value("#invite-url")).query)["invite"][0]
    table_id = urlparse(page.url).path.rsplit("/", 1)[-1]
    server.api("POST", f"/api/tables/{table_id}/join", json={"invite": invite, "name": "Bert"})
    page.wait_for_selector(".seat.human[data-seat='1']")
    # The half-filled form is still open, with what was typed, and typing goes on there.
    assert page.locator("#here-form").is_visible()
    assert page.input_value("#here-name") == "Carla"
    page.keyboard.type("!")
    assert page.input_value("#here-name") == "Carla!"
