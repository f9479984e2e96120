"""Issue 28: the Saukopf Huftritt round asked of a player whose only answer is "no" (the
declarer's hidden partner for Kontra, decision S12; an opponent for Re). The status line
says what is asked, not "play a card", and the prompt says why the kick is not theirs and
offers the one answer. The views are the engine's own, drawn by the page's Saukopf module."""

from __future__ import annotations

import json
from typing import Any

import pytest

from saustall.games.saukopf.game import decode_action, encode_action
from tests.saukopf.helpers import ALOIS, NAMES, RESI, ZENZI, act, new_deal

pytestmark = pytest.mark.browser

# Sepp declares a Sauerei calling the Gras Sau, which Zenzi holds: she is the hidden partner.
HANDS = ("EO SO EU H10 G7 EA E10 S9 | GO HO GU HK SA S10 E9 E8 | "
         "HU SU H9 HA GK EK E7 S8 | GA G10 G9 G8 H8 H7 SK S7")

DRAW = """([view, legal]) => Promise.all([import('/static/js/games/saukopf.js')]).then(([m]) => {
  const el = document.createElement('div');
  document.body.appendChild(el);
  const acted = [];
  const ctx = {view, prev: null, legal, toAct: view.to_act, seat: view.observer, spectator: false,
    names: %s, table: null, timeMs: null, pending: false, ui: {}, act: (a) => acted.push(a),
    rerender: () => {}, fx: () => {}};
  m.default.render(el, ctx);
  const panel = el.querySelector('.sk-panel');
  const buttons = [...el.querySelectorAll('.sk-panel [data-do]')];
  if (buttons.length) buttons[0].click();
  const out = {hint: m.default.statusHint(ctx), panel: panel ? panel.innerText : '',
               buttons: buttons.map((b) => [b.dataset.do, b.innerText, b.className]), acted};
  el.remove();
  return out;
})""" % json.dumps(NAMES)


def kontra_round() -> Any:
    """Zenzi led; Resi and Alois passed on the Huftritt: now the hidden partner is asked."""
    state = new_deal(HANDS, dealer=ALOIS)
    act(state, "pass", "bid 61", "pass", "pass", "declare sauerei gras")
    state.apply(decode_action("card H8"))
    act(state, "pass", "pass")
    assert state.phase == "kontra" and state.cur == ZENZI
    return state


def drawn(page: Any, state: Any, seat: int) -> dict[str, Any]:
    legal = [{"action": encode_action(a), "text": state.describe_action(a)}
             for a in state.legal_actions()]
    view = json.loads(json.dumps(state.view(seat)))
    return dict(page.evaluate(DRAW, [view, legal]))


def test_hidden_partner_asked_for_kontra_is_told_why_and_answers_no(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    state = kontra_round()
    assert [encode_action(a) for a in state.legal_actions()] == ["pass"]
    out = drawn(page, state, ZENZI)
    assert "play a card" not in out["hint"]
    assert out["hint"] == "the Huftritt (Kontra) round: you are on the declarer's side, so answer no"
    assert "not open to you" in out["panel"]
    assert "you play with Sepp" in out["panel"]
    assert "Give them a Huftritt?" not in out["panel"]
    # One answer, offered as the main button, and it is the engine's pass.
    assert [(b[0], b[1]) for b in out["buttons"]] == [("pass", "No Huftritt: play on")]
    assert "primary" in out["buttons"][0][2]
    assert out["acted"] == ["pass"]

    # An opponent asked the same question still gets both answers.
    fresh = new_deal(HANDS, dealer=ALOIS)
    act(fresh, "pass", "bid 61", "pass", "pass", "declare sauerei gras")
    fresh.apply(decode_action("card H8"))
    assert fresh.cur == RESI
    asked = drawn(page, fresh, RESI)
    assert asked["hint"] == "Kontra now, or never"
    assert [b[0] for b in asked["buttons"]] == ["kontra", "pass"]


def test_opponent_asked_for_re_is_told_it_is_not_theirs(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    state = new_deal(HANDS, dealer=ALOIS)
    act(state, "pass", "bid 61", "pass", "pass", "declare sauerei gras")
    state.apply(decode_action("card H8"))
    act(state, "kontra")  # Resi kicks; with the partner hidden everyone else is asked for Re
    assert state.phase == "re" and state.cur == ALOIS
    assert [encode_action(a) for a in state.legal_actions()] == ["pass"]
    out = drawn(page, state, ALOIS)
    assert out["hint"] == "the Gegenhuftritt (Re) round: it is not yours to give, so answer no"
    assert "Only Sepp and their partner may kick back" in out["panel"]
    assert [(b[0], b[1]) for b in out["buttons"]] == [("pass", "No Re: play on")]


def test_german_hidden_partner_prompt(server: Any, browser: Any, watched: Any) -> None:
    ctx = browser.new_context(locale="de-DE")
    try:
        page = watched(ctx.new_page())
        page.goto(server.url + "/")
        page.wait_for_selector(".game-tile")
        out = drawn(page, kontra_round(), ZENZI)
        assert out["hint"].startswith("Huftritt-Runde (Kontra)")
        assert "spielst du mit Sepp" in out["panel"]
        assert out["buttons"][0][1] == "Kein Huftritt: weiter"
    finally:
        ctx.close()
