"""The way back to a game: the home page lists the games this browser holds seats at, with
their state, and lets the player resume or leave each, after the tab was closed."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.conftest import PHONE, screenshot, watch_page
from tests.web.players import start_quick_game

pytestmark = pytest.mark.browser


def table_id(page: Any) -> str:
    """The table the page shows, from its address."""
    return str(page.url.split("/t/")[1].split("?")[0])


def test_home_lists_resumes_and_leaves_your_games(server: Any, context: Any, page: Any) -> None:
    # A running game against bots, and a table of one's own waiting for friends.
    start_quick_game(page, server.url, "drecksau", seats=3, level="random", name="Anna")
    running = table_id(page)
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=saukopf]")
    page.click("#create")
    page.wait_for_selector(".waiting .seat-list")
    waiting = table_id(page)
    page.close()

    # The tab is closed; a new one opens the home page and finds both.
    home = context.new_page()
    problems = watch_page(home)
    home.goto(server.url + "/")
    games = home.locator(".your-games li")
    expect(games).to_have_count(2)
    # Newest first: the waiting Saukopf table, then the running Drecksau game.
    first, second = games.nth(0), games.nth(1)
    assert first.get_attribute("data-table") == waiting
    assert second.get_attribute("data-table") == running
    assert "Saukopf" in first.inner_text() and "waiting" in first.inner_text()
    assert "Drecksau" in second.inner_text() and "running" in second.inner_text()
    # The players are named, bots included.
    assert "Anna" in second.inner_text() and "bot" in second.inner_text()
    screenshot(home, "your-games-desktop")
    screenshot(home, "your-games-phone", PHONE)

    # Resume the running game: the seat is back, with its hand.
    second.get_by_role("link", name="Resume").click()
    home.wait_for_selector(".game-layout .hand-card")
    assert table_id(home) == running
    assert home.locator(".player-area.mine .pa-name", has_text="Anna").count() == 1

    # Back home, leave the waiting table: the seat is freed and the entry goes.
    home.click(".brand")
    expect(games).to_have_count(2)
    home.locator(f".your-games li[data-table='{waiting}'] [data-leave]").click()
    expect(games).to_have_count(1)
    assert server.api("GET", f"/api/tables/{waiting}")["seats"][0]["kind"] == "empty"

    # Leaving the running game asks first; a bot then plays Anna's seat.
    home.once("dialog", lambda dialog: dialog.accept())
    home.locator(f".your-games li[data-table='{running}'] [data-leave]").click()
    expect(home.locator(".your-games")).to_be_hidden()
    assert server.api("GET", f"/api/tables/{running}")["seats"][0]["kind"] == "bot"

    # Nothing comes back after a reload: the browser forgot both.
    home.reload()
    home.wait_for_selector("#quick")
    home.wait_for_timeout(300)
    expect(home.locator(".your-games")).to_be_hidden()
    assert not problems, problems
