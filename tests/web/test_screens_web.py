"""Screens the game tests pass by quickly, looked at on their own: the Sauschön tournament's
prizes, Saukopf's bidding and declaring on a phone, the rules in German."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.conftest import DESKTOP, PHONE, screenshot
from tests.web.players import (
    drecksau_move, saukopf_move, start_quick_game, try_move, wait_for_turn_or_end,
)

pytestmark = pytest.mark.browser


def test_tournament_shows_prizes_won_and_left(server: Any, page: Any) -> None:
    start_quick_game(page, server.url, "drecksau", ruleset="sauschoen-tournament", seats=2,
                     level="random")
    assert "Round 1" in page.inner_text(".round-tag")
    # Three trophies and three mud buckets wait in the side box before anyone wins one.
    assert page.locator(".stacks .award-svg").count() == 6
    deadline = time.monotonic() + 90
    while not page.locator(".pa-awards .award-svg").count():
        assert time.monotonic() < deadline, "no round of the tournament was won in time"
        if not wait_for_turn_or_end(page):
            break
        try_move(page, drecksau_move)
        page.wait_for_timeout(40)
    wait_for_turn_or_end(page)
    # The round's winner shows the prize by their name; one fewer is left to win.
    assert page.locator(".pa-awards .award-svg").count() == 1
    assert page.locator(".stacks .award-svg").count() == 5
    assert "Round 2" in page.inner_text(".round-tag")
    # The log says who won round 1, how, and which prize they took.
    prize = page.locator(".pa-awards .award-svg").first
    winner_js = ("(el) => el.closest('.player-area').querySelector('.pa-name')"
                 ".firstChild.textContent.trim()")
    winner = prize.evaluate(winner_js)
    label = prize.get_attribute("aria-label") or ""
    assert label in ("Trophy worth 1 star", "Mud bucket worth 1 carrot"), label
    trophy = label.startswith("Trophy")
    line = page.locator("#log li", has_text="Round 1:")
    assert line.count() == 1, page.text_content("#log")
    assert line.inner_text() == (
        f"Round 1: {winner} wins with pretty pigs and takes the 1-star trophy" if trophy
        else f"Round 1: {winner} wins with dirty pigs and takes the 1-carrot mud bucket")
    screenshot(page, "drecksau-tournament-desktop")
    screenshot(page, "drecksau-tournament-phone", PHONE)
    page.set_viewport_size(DESKTOP)
    # In German the prizes are read out in German, and so is the log line.
    page.select_option("#lang-select", "de")
    assert page.locator(".pa-awards .award-svg").first.get_attribute("aria-label") == (
        "Pokal mit 1 Stern" if trophy else "Matscheimer mit 1 Karotte")
    # The bot's level is translated too, said once in the table's legend (the seats say
    # "Bot 2", the level only in their tooltip); the winner is read again.
    assert page.inner_text("#bot-legend") == "Bots: Zufall"
    assert page.get_attribute(".player-area[data-player='1'] .pa-name", "title") == "Bot 2 (Zufall)"
    winner = page.locator(".pa-awards .award-svg").first.evaluate(winner_js)
    assert page.locator("#log li", has_text="Runde 1:").inner_text() == (
        f"Runde 1: {winner} gewinnt mit schönen Schweinen und bekommt den Pokal mit 1 Stern"
        if trophy else
        f"Runde 1: {winner} gewinnt mit dreckigen Schweinen und bekommt den Matscheimer mit 1 Karotte")
    # A reload rebuilds the log from the server: the round's line comes back exactly once.
    page.reload()
    expect(page.locator("#log li", has_text="Runde 1:")).to_have_count(1)


def test_saukopf_bidding_and_declaring_on_a_phone(server: Any, page: Any) -> None:
    page.set_viewport_size(PHONE)
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=saukopf]")
    page.fill("#name", "Anna")
    page.select_option("[data-option=deals]", "4")
    page.click("#quick")
    page.wait_for_selector(".sk-hand .hand-card")
    bid_shot = False
    deadline = time.monotonic() + 90
    while True:
        assert time.monotonic() < deadline, "never got to declare a game"
        if not wait_for_turn_or_end(page):
            pytest.fail("four deals went by without Anna winning a bidding")
        bids = page.locator(".sk-panel [data-do^='bid ']")
        if bids.count():
            if not bid_shot:
                # The panel says what grunting and squeaking mean, in plain words.
                # (Read the panel with the bids: the last deal's result is a panel too.)
                panel = page.locator(".sk-panel", has=page.locator("[data-do^='bid ']")).first
                assert "squeak" in panel.inner_text().lower()
                screenshot(page, "saukopf-bidding-phone")
                bid_shot = True
            bids.last.click()  # a bold grunt, so that the bots let Anna declare
            page.wait_for_timeout(40)
            continue
        if page.locator(".sk-panel [data-kind]").count():
            break
        try_move(page, saukopf_move)
        page.wait_for_timeout(40)
    kind = page.locator(".sk-panel [data-kind]").first
    kind.click()
    param = page.locator(".sk-panel [data-param]")
    if param.count():
        param.first.click()
    declare = page.locator("#sk-declare")
    assert declare.is_enabled()
    # The button names the game it will declare, so the choice is never a surprise.
    assert declare.inner_text().strip() != ""
    declare.scroll_into_view_if_needed()
    screenshot(page, "saukopf-declare-phone")
    declare.click()
    page.wait_for_selector(".sk-contract:has-text('You play')")


def test_rules_dialog_in_german_on_desktop_and_phone(server: Any, browser: Any, watched: Any) -> None:
    ctx = browser.new_context(viewport=DESKTOP, locale="de-DE")
    try:
        page = watched(ctx.new_page())
        page.goto(server.url + "/")
        page.click("#rules-btn")
        page.wait_for_selector(".rules-text")
        assert "Ziel:" in page.inner_text(".rules-text")
        screenshot(page, "rules-german-desktop")
        for game in ("saukopf", "pigasus"):
            page.click(f".rules-modal .tab[data-game={game}]")
            screenshot(page, f"rules-german-{game}-phone", PHONE)
            page.set_viewport_size(DESKTOP)
            # The dialog fits the phone: its close button is on screen.
            assert page.locator(".rules-modal .close").is_visible()
    finally:
        ctx.close()
