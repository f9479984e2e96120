"""Smaller things a newcomer trips over: a Pigasus grab lost by a hair, the tournament's
summary, the turn timer and its clock, "Add bot" levels, unplayable Drecksau cards."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.a11y import serious_violations, serve_axe
from tests.web.conftest import PHONE, resize, screenshot
from tests.web.players import drecksau_move, start_quick_game, try_move, wait_for_turn_or_end

pytestmark = pytest.mark.browser

# The refusal the server sends for a grab that comes after the Pigasus was taken and its
# window for simultaneous grabs closed (see pigasus/game.py, rule "pigasus-held").
LATE_GRAB_JS = """() => {
  const page = window.saustallDebug.page;
  const st = page.states[page.active];
  st.view = {...st.view, pigasus: {holders: [{player: 1, pointed: null}]}};
  page.refused({type: 'error', code: 'illegal-action', rule: 'pigasus-held', id: 7,
                message: 'too late: player 2 holds the Pigasus since 5120 ms and the window closed after 150 ms'});
}"""


def test_a_grab_lost_by_a_hair_says_who_was_quicker(server: Any, page: Any) -> None:
    start_quick_game(page, server.url, "pigasus", seats=3, level="slow")
    page.wait_for_selector(".pg-wrap")
    page.evaluate(LATE_GRAB_JS)
    toast = page.locator(".toast").last
    expect(toast).to_contain_text("Too late!")
    expect(toast).to_contain_text("Bot 2 grabbed the Pigasus a moment before you.")
    # The bots' level is said once, at the side of the table, and in each bot's tooltip.
    assert page.inner_text("#bot-legend") == "Bots: Slow"
    assert page.get_attribute(".score-table tbody tr:nth-child(2) td", "title") == "Bot 2 (Slow)"
    assert "not allowed" not in toast.inner_text()


SUMMARY_JS = """() => Promise.all([import('/static/js/games/drecksau.js'), import('/static/js/dom.js')])
  .then(([m, dom]) => {
    const pig = (dirty, pretty) => ({dirty, pretty, barn: false, door: false, rod: false});
    const view = {
      players: 2, turn: 16, win_kind: 'dirty',
      pigs: [[pig(true, false), pig(true, false), pig(true, false)], [pig(false, false), pig(false, true), pig(false, false)]],
      tournament: {
        scores: [4, 1], trophies: [1], buckets: [2],
        awards: [[{kind: 'trophy', points: 3}, {kind: 'bucket', points: 1}], [{kind: 'bucket', points: 1}]],
        rounds: [{round: 1, winner: 0, how: 'pretty'}, {round: 2, winner: 1, how: 'dirty'},
                 {round: 3, winner: 0, how: 'dirty'}],
      },
    };
    const box = document.createElement('div');
    dom.render(box, m.default.summary({view, names: ['Anna', 'Bert']}, {winners: [0]}));
    const how = box.querySelector('.summary-how').textContent;
    const rounds = box.querySelector('.rounds').textContent;
    box.querySelector('.rounds').remove();
    return {how, rounds, rest: box.textContent};
  })"""


def test_tournament_summary_tells_the_whole_tournament(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    found = page.evaluate(SUMMARY_JS)
    assert found["how"] == "The tournament is over after 3 rounds; most points wins."
    rounds = found["rounds"]
    assert "Round 1: Anna" in rounds and "Round 2: Bert" in rounds and "Round 3: Anna" in rounds
    # The last round's story is told as that round's, not as the tournament's.
    assert "All pigs dirty!" not in found["rest"]
    assert "turns played" not in found["rest"]
    assert "The pigs at the end of round 3:" in found["rest"]


def test_turn_timer_from_the_lobby_shows_a_clock(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=drecksau]")
    page.fill("#name", "Anna")
    page.select_option("#turn-timer", "60")
    page.click("#create")
    page.wait_for_selector(".waiting")
    assert "time limit of 60 seconds" in page.inner_text(".waiting")
    table = page.url.split("/t/")[1].split("?")[0]
    assert server.api("GET", f"/api/tables/{table}")["turn_timer"] == 60
    page.click("[data-addbot]")
    page.wait_for_selector("#start:not([disabled])")
    page.click("#start")
    assert wait_for_turn_or_end(page)
    expect(page.locator("#clock")).to_have_text(re.compile(r"^\d+ s left$"))
    seconds = int(page.inner_text("#clock").split()[0])
    assert 0 < seconds <= 60
    # Realtime Pigasus has no turns, so no timer to set.
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=pigasus]")
    assert page.locator("#turn-timer").count() == 0


def test_add_bot_offers_the_lobby_level(server: Any, page: Any, browser: Any, watched: Any) -> None:
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=saukopf]")
    default = page.input_value("#botlevel")
    catalogue = server.api("GET", "/api/games")
    saukopf = next(g for g in catalogue["games"] if g["game"] == "saukopf")
    assert default == saukopf["default_bot_level"]
    page.click("#create")
    page.wait_for_selector("[data-addbot]")
    # Nothing chosen: the waiting room offers the same level as the lobby.
    assert {page.input_value(f"[data-level='{n}']") for n in (1, 2, 3)} == {default}
    # A level chosen in the lobby is the one offered at the table too.
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=saukopf]")
    page.select_option("#botlevel", "beginner")
    page.click("#create")
    page.wait_for_selector("[data-addbot]")
    assert page.input_value("[data-level='1']") == "beginner"
    page.click("[data-addbot='1']")
    expect(page.locator(".seat[data-seat='1']")).to_contain_text("Beginner")


def _hold_a_card_that_cannot_be_played(page: Any, url: str, games: int = 3) -> None:
    """Play quick Drecksau games against random bots until, at my turn, my hand holds a
    card that cannot be played. A game can end before that happens (a bot or I win fast
    while every card I held was playable), and then the next game is started."""
    for _ in range(games):
        start_quick_game(page, url, "drecksau", seats=3, level="random")
        deadline = time.monotonic() + 60
        while wait_for_turn_or_end(page):
            assert time.monotonic() < deadline, "never held a card that could not be played"
            if (page.locator(".hand-card:not(.playable)").count()
                    and not page.locator(".pending").count()):
                return
            try_move(page, drecksau_move)
            page.wait_for_timeout(40)
    raise AssertionError(f"each of {games} games ended before I held a card I could not play")


def test_unplayable_drecksau_cards_say_so(server: Any, page: Any) -> None:
    serve_axe(page)
    _hold_a_card_that_cannot_be_played(page, server.url)
    for card in page.locator(".hand-card").all():
        playable = "playable" in (card.get_attribute("class") or "").split()
        note = card.locator(".card-note")
        if playable:
            assert note.count() == 0
        else:
            expect(note).to_have_text("can't play now")
            assert card.get_attribute("aria-label") == f"{card.inner_text().splitlines()[0]} can't play now"
    # What the card shows is what it is called (axe: label-content-name-mismatch).
    found = serious_violations(page)
    assert not found, found
    resize(page, PHONE)
    screenshot(page, "drecksau-unplayable-phone", full_page=False)


def test_no_key_hints_on_a_phone(server: Any, browser: Any, watched: Any) -> None:
    """A phone has no Space bar: its Grab button shows no "Space" and no list of keys;
    a desktop keeps them (they are how a keyboard plays)."""
    ctx = browser.new_context(viewport=PHONE, locale="en-GB", has_touch=True, is_mobile=True)
    try:
        page = watched(ctx.new_page())
        start_quick_game(page, server.url, "pigasus", seats=3, level="slow")
        expect(page.locator("#pg-grab")).to_be_visible()
        expect(page.locator("#pg-grab")).not_to_contain_text("Space", use_inner_text=True)
        expect(page.locator("#pg-grab kbd")).to_be_hidden()
        expect(page.locator(".pg-keys")).to_be_hidden()
        screenshot(page, "pigasus-phone-no-key-hints", full_page=False)
    finally:
        ctx.close()


def test_key_hints_on_a_desktop(server: Any, page: Any) -> None:
    start_quick_game(page, server.url, "pigasus", seats=3, level="slow")
    expect(page.locator("#pg-grab kbd")).to_have_text("Space")
    expect(page.locator(".pg-keys")).to_be_visible()
