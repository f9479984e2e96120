"""Getting ready and starting, seen by two people at once: one state (who is ready, who we
wait for, which seats are empty) that both pages show alike, worded for each reader; Start
only when the game really can start; a rematch that asks the other player instead of
dropping them into the waiting room."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.conftest import DESKTOP, screenshot
from tests.web.players import drecksau_move, game_over, my_turn, try_move

pytestmark = pytest.mark.browser


def seat_badges(page: Any) -> list[str]:
    """Each seat's name and its readiness, as the page shows them."""
    return [page.locator(".seat").nth(i).inner_text().replace("\n", " ")
            for i in range(page.locator(".seat").count())]


def expect_state(page: Any, hint: str, start_enabled: bool) -> None:
    """The line saying what we wait for, and whether Start can be pressed."""
    expect(page.locator(".waiting .ready-state")).to_have_text(hint)
    if start_enabled:
        expect(page.locator("#start")).to_be_enabled()
    else:
        expect(page.locator("#start")).to_be_disabled()


def play_to_the_end(pages: list[Any]) -> None:
    """Both people move whenever it is their turn until the game is over."""
    deadline = time.monotonic() + 150
    while not all(game_over(pg) for pg in pages):
        assert time.monotonic() < deadline, "the game did not end in time"
        moved = False
        for pg in pages:
            if my_turn(pg) and not pg.locator(".pending").count() and not game_over(pg):
                moved = bool(try_move(pg, drecksau_move)) or moved
        pages[0].wait_for_timeout(30 if moved else 60)


def test_ready_start_and_rematch_with_two_people(server: Any, browser: Any, watched: Any) -> None:
    anna_ctx = browser.new_context(viewport=DESKTOP, locale="en-GB")
    bert_ctx = browser.new_context(viewport=DESKTOP, locale="en-GB")
    try:
        anna, bert = watched(anna_ctx.new_page()), watched(bert_ctx.new_page())
        anna.goto(server.url + "/")
        anna.click(".game-tile[data-game=drecksau]")
        anna.fill("#name", "Anna")
        anna.click("#create")
        anna.wait_for_selector("#invite-url")
        # Alone at the table: whoever sets it up is ready; the empty seat is what we wait for.
        expect_state(anna, "1 seat still empty: invite someone or add a bot.", False)
        bert.goto(anna.input_value("#invite-url"))
        bert.fill("#join-name", "Bert")
        bert.click("#take-form button[type=submit]")
        bert.wait_for_selector("#ready")

        # Both see the same seats and readiness; each is told what it means for them.
        expect_state(anna, "Waiting for Bert to be ready.", False)
        expect_state(bert, "Everyone else is ready: start when you are!", True)
        expect(anna.locator(".seat").nth(1)).to_contain_text("not ready")
        assert seat_badges(anna)[0].replace(" you", "") == seat_badges(bert)[0]
        assert seat_badges(anna)[1] == seat_badges(bert)[1].replace(" you", "")
        screenshot(bert, "ready-flow-bert")

        # Anna takes it back: now both wait, and say so the same way.
        anna.click("#ready")
        expect_state(anna, "Waiting for you and Bert to be ready.", False)
        expect_state(bert, "Waiting for you and Anna to be ready.", False)
        anna.click("#ready")
        expect_state(bert, "Everyone else is ready: start when you are!", True)
        bert.click("#ready")
        expect_state(anna, "Everyone is ready: start the game!", True)
        expect_state(bert, "Everyone is ready: start the game!", True)
        # Either may start; Bert does, and both are in the game.
        bert.click("#start")
        anna.wait_for_selector(".game-layout .hand-card")
        bert.wait_for_selector(".game-layout .hand-card")

        play_to_the_end([anna, bert])
        anna.wait_for_selector(".summary-modal #sum-rematch")
        anna.click("#sum-rematch")
        # Anna asked: she waits for Bert in the waiting room.
        anna.wait_for_selector(".waiting")
        expect_state(anna, "Waiting for Bert to be ready.", False)
        assert "Game 2" in anna.inner_text(".waiting")
        # Bert is not dropped into the waiting room: his final board stays, and he is asked.
        expect(bert.locator(".status-bar")).to_contain_text("Anna asks for a rematch. Play again?")
        assert bert.locator(".waiting").count() == 0
        assert bert.locator(".game-layout .pig").count() > 0
        screenshot(bert, "ready-flow-rematch-offer")
        if bert.locator(".summary-modal").count():
            bert.click(".summary-modal #sum-rematch")
        else:
            bert.click("#play-again")
        # Saying yes was the last thing missing: game 2 starts for both.
        anna.wait_for_selector(".game-layout .hand-card")
        bert.wait_for_selector(".game-layout .hand-card")
        info = server.api("GET", anna.url.replace(server.url + "/t/", "/api/tables/").split("?")[0])
        assert info["status"] == "playing" and info["game_number"] == 2
    finally:
        anna_ctx.close()
        bert_ctx.close()
