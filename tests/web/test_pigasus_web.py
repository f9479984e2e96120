"""Pigasus in the browser: a real-time game against bots with right and wrong grabs."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.web.conftest import DESKTOP, PHONE, screenshot
from tests.web.players import (
    game_over, pigasus_cards, pigasus_grab_and_point, start_quick_game, visible_pair,
)

pytestmark = pytest.mark.browser


def test_pigasus_game_with_a_right_and_a_wrong_grab(server: Any, page: Any) -> None:
    start_quick_game(page, server.url, "pigasus", seats=3, level="slow")
    page.wait_for_selector("#pg-reveal")
    seen = {"right": 0, "wrong": 0}
    shot_taken = False
    deadline = time.monotonic() + 150
    while not game_over(page):
        assert time.monotonic() < deadline, "the Pigasus game did not end in time"
        try:
            cards = pigasus_cards(page)
            grab_ready = page.locator("#pg-grab:not([disabled])").count() > 0
            pair = visible_pair(cards)
            if pair and grab_ready:
                pigasus_grab_and_point(page, *pair)
                page.wait_for_selector(".pg-feedback.right, .pg-feedback.wrong, .pg-feedback.info",
                                       timeout=3000)
            elif grab_ready and seen["right"] and not seen["wrong"] and len(cards) >= 2:
                # A hasty grab: two cards that do not swap body and head.
                first = cards[0]
                second = next(c for c in cards[1:] if c != first[::-1])
                pigasus_grab_and_point(page, first, second)
                # A bot may have grabbed first: then the page says so instead of judging.
                page.wait_for_selector(".pg-feedback.wrong, .pg-feedback.info", timeout=3000)
            elif page.locator("#pg-reveal").count():
                before = len(cards)
                page.keyboard.press("Enter")
                page.wait_for_function(
                    f"() => document.querySelectorAll('.pg-card').length !== {before}"
                    " || !document.querySelector('#pg-reveal')", timeout=3000)
            else:
                page.wait_for_timeout(40)
            for kind in ("right", "wrong"):
                if page.locator(f".pg-feedback.{kind}").count():
                    seen[kind] += 1
            if not shot_taken and len(pigasus_cards(page)) >= 6:
                screenshot(page, "pigasus-desktop")
                screenshot(page, "pigasus-phone", PHONE)
                page.set_viewport_size(DESKTOP)
                shot_taken = True
        except PlaywrightError:
            continue  # the table changed under the pointer (a bot grabbed): look again
    assert seen["right"] >= 1, "no right grab was judged"
    assert seen["wrong"] >= 1, "no wrong grab was judged"
    page.wait_for_selector(".summary-modal", timeout=5000)
    assert "Cards" in page.inner_text(".summary-modal")
    screenshot(page, "pigasus-summary")


def test_log_shows_a_point_at_one_card_and_at_two(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    describe = """(action) => Promise.all([import('/static/js/games/pigasus.js'),
                                           import('/static/js/dom.js')]).then(([m, dom]) =>
        {
          const li = document.createElement('li');  // the log's line, as the reader sees it
          dom.render(li, m.default.describe({kind: 'action', seat: 0, action}, ['Anna']));
          return li.textContent;
        })"""
    # bots point one finger at a time (the engine's "point PC"), people both at once
    assert page.evaluate(describe, "p0@1500 point PC") == "Anna points at pig with a crocodile's head"
    assert page.evaluate(describe, "p0@1500 point PC,CP") == (
        "Anna points at pig with a crocodile's head and crocodile with a pig's head")
    # "an owl", and in French "d'éléphant": card names read like the language they are in
    assert page.evaluate(describe, "p0@1500 point PO") == "Anna points at pig with an owl's head"
    page.select_option("#lang-select", "fr")
    assert page.evaluate(describe, "p0@1500 point PE") == "Anna désigne cochon à tête d'éléphant"


# Tap "grab" and look at the page in the same task, before any message from the server can
# have been handled (the socket's messages are tasks of their own): the tap is acknowledged
# at once. The seat's sent actions are counted: a second tap while the table judges sends
# nothing more.
GRAB_TAP_JS = """() => {
  const page = window.saustallDebug.page;
  const sock = page.sockets[page.active];
  const send = sock.send.bind(sock);
  window.grabsSent = 0;
  sock.send = (msg) => { if (msg.action === 'grab') window.grabsSent += 1; return send(msg); };
  const seq = page.states[page.active].seq;
  const button = document.querySelector('#pg-grab');
  button.click();
  document.querySelector('#pg-grab').click();
  const after = document.querySelector('#pg-grab');
  return {
    pending: after.classList.contains('pending'),
    label: after.textContent.replace(/\\s+/g, ' ').trim(),
    feedback: document.querySelector('.pg-feedback').textContent,
    announced: document.querySelector('#announcer').textContent,
    sameState: page.states[page.active].seq === seq,
    sent: window.grabsSent,
  };
}"""


def test_a_grab_tap_shows_at_once_and_clears_with_the_verdict(server: Any, page: Any) -> None:
    start_quick_game(page, server.url, "pigasus", seats=3, level="slow")
    page.wait_for_selector("#pg-grab:not([disabled])")
    tapped = page.evaluate(GRAB_TAP_JS)
    # Seen before the verdict (no new state was handled yet): the button, the line above
    # it and the screen reader's polite live region all say the grab is on its way.
    assert tapped["sameState"], tapped
    assert tapped["pending"], tapped
    assert tapped["label"].startswith("Grabbing…"), tapped
    assert "waiting for the table to judge" in tapped["feedback"], tapped
    assert "Grab sent" in tapped["announced"], tapped
    assert tapped["sent"] == 1, tapped
    # The verdict: this seat holds the Pigasus (no pair on the table yet, so it will have
    # to say "no pair"), or a bot was quicker and a toast says so; either way the pending
    # state is gone.
    page.wait_for_selector("#pg-none, .grab-btn.held, .toast", timeout=5000)
    assert page.locator(".grab-btn.pending, .pg-feedback.pending").count() == 0
    assert page.evaluate("window.grabsSent") == 1


def test_a_grab_with_no_answer_says_so_and_clears(server: Any, page: Any) -> None:
    start_quick_game(page, server.url, "pigasus", seats=3, level="slow")
    page.wait_for_selector("#pg-grab:not([disabled])")
    # The grab is lost on the way: the socket takes it and never sends it.
    page.evaluate("""() => {
      const page = window.saustallDebug.page;
      page.sockets[page.active].send = () => true;
      document.querySelector('#pg-grab').click();
    }""")
    assert page.locator(".grab-btn.pending").count() == 1
    toast = page.locator(".toast", has_text="No answer to your grab")
    toast.wait_for(timeout=6000)
    assert "may not have arrived" in toast.inner_text()
    assert page.locator(".grab-btn.pending").count() == 0
    assert "No answer to your grab" in page.text_content("#announcer")
