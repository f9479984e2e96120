"""Saukopf in the browser: a full deal against three bots, clicked like a person."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import DESKTOP, PHONE, effects_covering_names, resize, screenshot
from tests.web.players import play_saukopf, wait_for_turn_or_end

pytestmark = pytest.mark.browser

TRUMP_ORDER_SAUEREI = ["EO", "GO", "HO", "SO", "EU", "GU", "HU", "SU",
                       "HA", "H10", "HK", "H9", "H8", "H7"]


def test_full_saukopf_deal_against_bots(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=saukopf]")
    page.fill("#name", "Anna")
    page.select_option("[data-option=deals]", "1")
    page.click("#quick")
    page.wait_for_selector(".sk-hand .hand-card")
    hand = page.eval_on_selector_all(".sk-hand .hand-card", "els => els.map(e => e.dataset.card)")
    assert len(hand) == 8
    # Before a game is declared the hand is sorted in the usual order: trumps first.
    trumps = [c for c in hand if c in TRUMP_ORDER_SAUEREI]
    assert hand[:len(trumps)] == sorted(trumps, key=TRUMP_ORDER_SAUEREI.index)
    moves = play_saukopf(page, stop_after=3)
    if page.locator(".sk-trick .trick-card").count() == 0:
        moves += play_saukopf(page, stop_after=len(moves) + 2)
    screenshot(page, "saukopf-desktop")
    screenshot(page, "saukopf-phone", PHONE)
    # A Kontra or Re bursts out next to the kicker, never over anyone's name or badge.
    seats = page.locator(".sk-seat").count()
    kicks = [{"kind": "action", "action": "kontra" if s % 2 else "re", "seat": s} for s in range(seats)]
    wait_for_turn_or_end(page)  # no bot acts while the effects are measured
    for size, name in ((PHONE, "saukopf-kontra-phone"), (DESKTOP, "saukopf-kontra-desktop")):
        resize(page, size)
        shown, problems = effects_covering_names(page, kicks, keep=True)
        assert shown == seats and not problems, problems
        screenshot(page, name, full_page=False)
    moves += play_saukopf(page)
    assert any(m.startswith("card ") for m in moves) or any(m.startswith("bid") for m in moves)
    page.wait_for_selector(".summary-modal", timeout=5000)
    text = page.inner_text(".summary-modal")
    # The scoring breakdown and the ledger are on the summary.
    assert "Meat" in text and "Net" in text
    assert ("Schlachtung" in text) or ("thrown in" in text)
    page.wait_for_timeout(300)  # the dialog has popped in
    screenshot(page, "saukopf-summary")


def test_saukopf_refuses_a_card_out_of_turn_with_the_rule(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=saukopf]")
    page.select_option("[data-option=deals]", "1")
    page.click("#quick")
    wait_for_turn_or_end(page)
    page.evaluate("() => window.saustallDebug.act('card EO')")
    toast = page.wait_for_selector(".toast", timeout=3000)
    assert toast.inner_text().strip()


PASS_IN_PHASE = {
    "en": {"bidding": "squeaks", "kontra": "no Kontra", "re": "no Re",
           "partner": "does not want to be the partner", None: "passes"},
    "de": {"bidding": "quiekt", "kontra": "kein Kontra", "re": "kein Re",
           "partner": "will nicht Mitspieler sein", None: "passt"},
    "fr": {"bidding": "couine", "kontra": "pas de Kontra", "re": "pas de Re",
           "partner": "ne veut pas être le partenaire", None: "passe"},
}


def test_log_says_what_a_pass_means_in_its_phase(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    describe = """([action, phase]) => Promise.all([import('/static/js/games/saukopf.js'),
                                                 import('/static/js/dom.js')]).then(([m, dom]) => {
        const ev = {kind: 'action', seat: 0, action, text: 'Anna: ...'};
        if (phase !== null) ev.phase = phase;
        const li = document.createElement('li');  // the log's line, as the reader sees it
        dom.render(li, m.default.describe(ev, ['Anna']));
        return li.textContent;
    })"""
    for lang, expected in PASS_IN_PHASE.items():
        page.select_option("#lang-select", lang)
        for phase, words in expected.items():
            text = page.evaluate(describe, ["pass", phase])
            assert text.startswith("Anna ") and words in text, (lang, phase, text)
        # the card handed face down arrives without its notation; the log names no card
        hidden = page.evaluate(describe, [None, "giving"])
        assert hidden == "Anna " + page.evaluate(
            "(l) => import('/static/js/i18n.js').then((m) => m.t('sk.log.give'))", lang)
