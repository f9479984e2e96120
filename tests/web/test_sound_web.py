"""Sound effects in the browser: off by default, a switch in the header that the browser
remembers, and with sound on the right cue for the right event (your turn, a card, mud,
a Pigasus grab). The page announces each cue it plays as a "saustall:sound" event."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.web.players import (
    play_drecksau, record_frames, start_quick_game, wait_for_turn_or_end,
)

pytestmark = pytest.mark.browser

# Every cue the page asks to play, in order.
COLLECT_CUES_JS = """
window.__cues = [];
window.addEventListener('saustall:sound', (e) => window.__cues.push(e.detail.cue));
"""


def drecksau_cue(action: str) -> str | None:
    """The cue a Drecksau action should make: mud for mud, a card sound for other cards."""
    words = action.split(" ")
    if words[0] != "play":
        return None
    return "mud" if words[1] == "mud" else "card"


def cues(page: Any) -> list[str]:
    """The cues the page asked for so far."""
    return list(page.evaluate("window.__cues"))


def test_sound_is_off_by_default_and_the_choice_is_remembered(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    toggle = page.locator("#sound-btn")
    toggle.wait_for()
    assert toggle.get_attribute("aria-pressed") == "false"
    assert toggle.inner_text().strip() == "Sound"
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    page.reload()
    page.wait_for_selector(".game-tile")
    assert page.locator("#sound-btn").get_attribute("aria-pressed") == "true"
    page.select_option("#lang-select", "de")
    assert page.locator("#sound-btn").inner_text().strip() == "Ton"
    page.locator("#sound-btn").click()
    page.reload()
    page.wait_for_selector(".game-tile")
    assert page.locator("#sound-btn").get_attribute("aria-pressed") == "false"


def test_no_cue_plays_while_sound_is_off(server: Any, page: Any) -> None:
    page.add_init_script(COLLECT_CUES_JS)
    start_quick_game(page, server.url, "drecksau", ruleset="drecksau", seats=2, level="random")
    moves = play_drecksau(page, stop_after=3)
    assert moves
    assert cues(page) == []


def test_drecksau_cues_follow_the_moves(server: Any, page: Any) -> None:
    page.add_init_script(COLLECT_CUES_JS)
    frames = record_frames(page)
    page.goto(server.url + "/")
    page.click("#sound-btn")
    start_quick_game(page, server.url, "drecksau", ruleset="drecksau", seats=2, level="random")
    moves = play_drecksau(page, stop_after=6)
    assert moves
    wait_for_turn_or_end(page)
    page.wait_for_timeout(300)  # the last moves' messages reach the page
    played = [frame["action"] for frame in frames if frame.get("type") == "event"
              and frame.get("kind") == "action" and not frame.get("replay") and frame.get("action")]
    expected = [cue for cue in map(drecksau_cue, played) if cue]
    heard = cues(page)
    assert [c for c in heard if c != "turn"] == expected
    assert "card" in expected or "mud" in expected
    # One "your turn" cue each time the turn came to me.
    assert heard.count("turn") >= len(moves)


def test_pigasus_grab_makes_the_grab_cue(server: Any, page: Any) -> None:
    page.add_init_script(COLLECT_CUES_JS)
    page.goto(server.url + "/")
    page.click("#sound-btn")
    start_quick_game(page, server.url, "pigasus", seats=3, level="slow")
    deadline = time.monotonic() + 30
    while not page.locator("#pg-grab:not([disabled])").count():
        assert time.monotonic() < deadline, "the Pigasus could never be grabbed"
        if page.locator("#pg-reveal").count():
            page.keyboard.press("Enter")
        page.wait_for_timeout(150)
    assert "grab" not in cues(page)
    page.keyboard.press("Space")
    page.wait_for_function("() => window.__cues.includes('grab')", timeout=5000)
    assert "turn" not in cues(page), "Pigasus has no turns to announce"
