"""One screen is enough: on a 1280x800 desktop and a 390x844 phone, "Play now against bots"
is above the fold, and in every game at every player count the player's own hand, the status
line and the main controls are fully in the window without scrolling (checked by their
bounding boxes, and by what the browser would hit when tapping their middle)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.web.conftest import DESKTOP, PHONE, resize, screenshot
from tests.web.players import (
    drecksau_move, saukopf_move, start_quick_game, try_move, wait_for_turn_or_end,
)

pytestmark = pytest.mark.browser

SIZES = {"desktop": DESKTOP, "phone": PHONE}

# Every element matching a selector must lie fully inside the window, with the page
# scrolled to its top, and be what a tap on its middle reaches (not covered or clipped).
OFF_SCREEN_JS = """(selectors) => {
  window.scrollTo(0, 0);
  const problems = [];
  const found = {};
  for (const sel of selectors) {
    const els = [...document.querySelectorAll(sel)];
    found[sel] = els.length;
    for (const el of els) {
      const r = el.getBoundingClientRect();
      const where = `${sel} '${(el.innerText || el.getAttribute('aria-label') || '').trim().slice(0, 30)}'`
        + ` at x ${Math.round(r.left)}-${Math.round(r.right)}, y ${Math.round(r.top)}-${Math.round(r.bottom)}`
        + ` in ${innerWidth}x${innerHeight}`;
      if (r.width === 0 || r.height === 0) continue;  // not shown at all (checked by count)
      if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
        problems.push('outside the window: ' + where);
        continue;
      }
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(el === hit || el.contains(hit))) {
        problems.push('covered or clipped: ' + where);
      }
    }
  }
  return {problems, found};
}"""


def check_in_view(page: Any, selectors: list[str], required: list[str], what: str) -> None:
    """Assert every element of ``selectors`` is fully on screen; ``required`` must exist."""
    result = page.evaluate(OFF_SCREEN_JS, list(dict.fromkeys(selectors + required)))
    missing = [sel for sel in required if not result["found"].get(sel)]
    assert not missing, f"{what}: nothing matches {missing}"
    if result["problems"]:
        screenshot(page, f"layout-fail-{what}", full_page=False)
    assert not result["problems"], f"{what}: {result['problems']}"


def check_both_sizes(page: Any, selectors: list[str], required: list[str], what: str) -> None:
    """The same screen at the phone's size and the desktop's."""
    for name, size in SIZES.items():
        resize(page, size)
        check_in_view(page, selectors, required, f"{what}-{name}")
        screenshot(page, f"layout-{what}-{name}", full_page=False)


@pytest.mark.parametrize("size", list(SIZES))
def test_play_now_is_above_the_fold(server: Any, page: Any, size: str) -> None:
    page.set_viewport_size(SIZES[size])
    page.goto(server.url + "/")
    page.wait_for_selector("#quick")
    check_in_view(page, ["#quick", ".game-tile"], ["#quick"], f"lobby-{size}")
    # So is it after picking another game (the setup changes with the game).
    page.click(".game-tile[data-game=saukopf]")
    check_in_view(page, ["#quick"], ["#quick"], f"lobby-saukopf-{size}")


DRECKSAU_CASES = [("dirty-pig", n) for n in range(2, 7)] + [
    ("drecksau", 4), ("sauschoen", 6), ("sauschoen-tournament", 6)]
DRECKSAU_SEEN = [".status-bar", ".hand-zone", ".hand-card", ".hand-buttons button",
                 ".player-area.mine", ".pig"]


@pytest.mark.parametrize(("ruleset", "players"), DRECKSAU_CASES)
def test_drecksau_fits_one_screen(server: Any, page: Any, ruleset: str, players: int) -> None:
    start_quick_game(page, server.url, "drecksau", ruleset=ruleset, seats=players, level="random")
    assert wait_for_turn_or_end(page)
    # The whole table fits: every pig (a target may be anyone's), the hand and its buttons.
    check_both_sizes(page, DRECKSAU_SEEN, [".status-bar.mine", ".hand-card", ".pig"],
                     f"drecksau-{ruleset}-{players}")
    assert page.locator(".pig").count() >= 3 * players
    # With a card picked, its targets and the play buttons are on screen too.
    playable = page.locator(".hand-card.playable")
    if playable.count():
        playable.first.click()
        check_both_sizes(page, DRECKSAU_SEEN + [".pig.target", ".hand-card.selected"],
                         [".hand-card.selected"], f"drecksau-{ruleset}-{players}-picked")


SAUKOPF_SEEN = [".status-bar", ".sk-hand", ".sk-hand .hand-card", ".sk-panel button",
                ".sk-panel select", ".sk-contract"]


# On the desktop board: the "last trick" label covers no card, and the ledger in the side
# column shows every column whole (French "Solde" is the widest).
SAUKOPF_LABELS_JS = """() => {
  const problems = [];
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const label = document.querySelector('.sk-last');
  if (label) {
    const r = label.getBoundingClientRect();
    for (const card of document.querySelectorAll('.sk-trick .trick-card')) {
      if (meet(r, card.getBoundingClientRect())) problems.push(`'${label.textContent}' covers ${card.dataset.card}`);
    }
  }
  const box = document.querySelector('#scores').getBoundingClientRect();
  for (const cell of document.querySelectorAll('#scores th, #scores td')) {
    const r = cell.getBoundingClientRect();
    if (r.right > box.right + 0.5 || cell.scrollWidth > cell.clientWidth + 1) {
      problems.push(`ledger cell '${cell.textContent.trim()}' is cut off`);
    }
  }
  return {problems, label: label ? label.textContent : null};
}"""


@pytest.mark.parametrize(("ruleset", "players", "language"),
                         # French words are the longest ("dernier pli", "Solde"): the
                         # four-player ledger in French is the one the issue found clipped
                         [("saukopf", 4, "fr"), ("dreihaxer", 3, "en")])
def test_saukopf_fits_one_screen(server: Any, page: Any, ruleset: str, players: int,
                                 language: str) -> None:
    """Every decision of a session (bidding with the last deal's result on the table,
    declaring, Kontra, cards) fits, at both sizes; labels and the ledger are whole."""
    page.goto(server.url + "/")
    page.select_option("#lang-select", language)
    page.click(".game-tile[data-game=saukopf]")
    page.click(f"input[name=ruleset][value={ruleset}]")
    page.fill("#name", "Anna")
    page.select_option("[data-option=deals]", str(players))
    page.select_option("#botlevel", "random")
    page.click("#quick")
    page.wait_for_selector(".sk-hand .hand-card")
    seen: set[str] = set()
    labels_seen = 0

    def covered() -> bool:
        """Every kind of screen has been measured: no need to play the session out (on a
        loaded machine a whole session of random bots takes minutes)."""
        return (({"bid+result", "card"} <= seen or {"bid", "card"} <= seen)
                and any("result" in s for s in seen) and any("declare" in s for s in seen)
                and labels_seen > 0)

    deadline = time.monotonic() + 400  # a guard against a session that hangs, not a timing
    while not covered() and wait_for_turn_or_end(page):
        assert time.monotonic() < deadline, f"the session did not end; saw {seen}"
        kinds = []
        if page.locator(".sk-panel [data-do^='bid ']").count():
            kinds.append("bid")
        if page.locator(".sk-lastdeal").count():
            kinds.append("result")
        if page.locator(".sk-panel [data-kind]").count():
            kinds.append("declare")
        if page.locator(".sk-hand .hand-card.playable").count():
            kinds.append("card")
        what = "+".join(kinds) or "other"
        if what not in seen:
            seen.add(what)
            check_both_sizes(page, SAUKOPF_SEEN, [".status-bar.mine", ".sk-hand .hand-card"],
                             f"saukopf-{ruleset}-{what}")
            resize(page, DESKTOP)
        labels = page.evaluate(SAUKOPF_LABELS_JS)
        assert not labels["problems"], labels["problems"]
        labels_seen += labels["label"] is not None
        if page.locator(".sk-panel [data-kind]").count():
            # Pick a game step by step: the panel grows, and must still fit.
            page.locator(".sk-panel [data-kind]").first.click()
            if page.locator(".sk-panel [data-param]").count():
                page.locator(".sk-panel [data-param]").first.click()
            check_both_sizes(page, SAUKOPF_SEEN + ["#sk-declare"], ["#sk-declare"],
                             f"saukopf-{ruleset}-declare-picked")
            page.click("#sk-declare")
            page.wait_for_timeout(40)
            continue
        bids = page.locator(".sk-panel [data-do^='bid ']")
        if bids.count():
            bids.last.click()  # a bold grunt, so that Anna gets to declare now and then
            page.wait_for_timeout(40)
            continue
        try_move(page, saukopf_move)
        page.wait_for_timeout(40)
    assert {"bid+result", "card"} <= seen or {"bid", "card"} <= seen, seen
    assert any("result" in s for s in seen), f"never saw the last deal's result: {seen}"
    assert labels_seen, "never saw the last trick's label"


PIGASUS_CASES = [("pigasus", n) for n in range(2, 11)] + [("pigasus-teams", 4), ("pigasus-teams", 10)]
PIGASUS_SEEN = [".status-bar", "#pg-grab", "#pg-reveal", ".pg-feedback", "#pg-none"]

# Lay 19 cards face up on the seat's own last view and draw it again: the most a table
# shows in a long round without a grab. Drawn and measured in one go, before the next
# message from the server can redraw the board.
NINETEEN_CARDS_JS = """(selectors) => {
  const page = window.saustallDebug.page;
  const st = page.states[page.active];
  const codes = ['PC', 'CG', 'GE', 'EH', 'HS', 'SD', 'DR', 'RO', 'OP', 'PG', 'CE', 'GH',
                 'ES', 'HD', 'SR', 'DO', 'RP', 'OC', 'PE'];
  st.view = {...st.view, table: codes.map((card, slot) => ({slot, card}))};
  page.render();
  const shown = document.querySelectorAll('.pg-card').length;
  return {shown, result: window.offScreen(selectors)};
}"""


@pytest.mark.parametrize(("ruleset", "players"), PIGASUS_CASES)
def test_pigasus_fits_one_screen(server: Any, page: Any, ruleset: str, players: int) -> None:
    start_quick_game(page, server.url, "pigasus", ruleset=ruleset, seats=players, level="slow")
    page.wait_for_selector(".pg-wrap")
    check_both_sizes(page, PIGASUS_SEEN, [".status-bar", "#pg-grab"], f"pigasus-{ruleset}-{players}")
    for name, size in SIZES.items():
        resize(page, size)
        page.evaluate(f"() => {{ window.offScreen = {OFF_SCREEN_JS}; }}")
        out = page.evaluate(NINETEEN_CARDS_JS, PIGASUS_SEEN)
        assert out["shown"] == 19
        screenshot(page, f"layout-pigasus-19-{ruleset}-{players}-{name}", full_page=False)
        if out["result"]["problems"]:
            screenshot(page, f"layout-fail-pigasus-19-{name}", full_page=False)
        assert not out["result"]["problems"], out["result"]["problems"]
        assert out["result"]["found"]["#pg-grab"] + out["result"]["found"]["#pg-none"] == 1
