"""Drecksau in the browser: a whole game against a bot, reload, screenshots, two people."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.conftest import DESKTOP, PHONE, effects_covering_names, resize, screenshot
from tests.web.players import (
    drecksau_move, play_drecksau, record_frames, start_quick_game, try_move, wait_for_frame,
    wait_for_turn_or_end,
)

pytestmark = pytest.mark.browser


def board_snapshot(page: Any) -> dict[str, Any]:
    """What a person sees of the board: their hand and every pig's picture label."""
    return {
        "hand": page.eval_on_selector_all(".hand-card", "els => els.map(e => e.dataset.card)"),
        "pigs": page.eval_on_selector_all(".pig", "els => els.map(e => e.getAttribute('aria-label'))"),
        "deck": page.inner_text(".draw-pile .pile-count"),
        "discard": page.inner_text(".discard-pile .pile-count"),
    }


def test_full_drecksau_game_against_a_bot(server: Any, page: Any) -> None:
    start_quick_game(page, server.url, "drecksau", seats=2, level="random")
    page.wait_for_selector(".hand-card")
    assert page.locator(".hand-card").count() == 3
    assert page.locator(".player-area.mine .pig").count() == 5
    moves = play_drecksau(page, stop_after=4)
    screenshot(page, "drecksau-desktop")
    screenshot(page, "drecksau-phone", PHONE)
    page.set_viewport_size(DESKTOP)
    moves += play_drecksau(page)
    assert len(moves) >= 4
    # The end: the summary names the winner, the log tells the game in words.
    page.wait_for_selector(".summary-modal", timeout=5000)
    head = page.inner_text(".summary-head")
    assert "won" in head or "Nobody" in head
    assert page.locator("#log li").count() >= len(moves)
    screenshot(page, "drecksau-summary")
    with page.expect_download() as download_info:
        page.click("#sum-download")
    record = json.loads(open(download_info.value.path(), encoding="utf-8").read())
    assert record["format"] == "saustall-record" and record["game"] == "drecksau"
    assert len(record["actions"]) >= len(moves)
    # Rematch: back to the waiting room with the same seats.
    page.click("#sum-rematch")
    page.wait_for_selector(".waiting")
    assert "Game 2" in page.inner_text(".waiting")


NEW_BURST_JS = """(pig) => {
  const burst = [...document.querySelectorAll('.mud-burst')].find((e) => !e.dataset.earlier);
  const target = document.querySelector(`.pig[data-pig="${pig}"]`);
  if (!burst || !target) return null;
  const r = burst.getBoundingClientRect();
  const p = target.getBoundingClientRect();
  return {burst: {x: r.left + r.width / 2, y: r.top + r.height / 2,
                  w: burst.offsetWidth, h: burst.offsetHeight},  // offset sizes ignore the pop
          pig: {left: p.left, right: p.right, top: p.top, bottom: p.bottom}};
}"""


def test_mud_on_a_pig_shows_the_drecksau_moment(server: Any, page: Any) -> None:
    frames = record_frames(page)
    start_quick_game(page, server.url, "drecksau", ruleset="drecksau", seats=2, level="random")
    for _ in range(60):
        if not wait_for_turn_or_end(page):
            pytest.fail("the game ended before a mud card came to hand")
        mud = page.locator(".hand-card.playable[data-card=mud]")
        if mud.count():
            mud.first.click()
            targets = page.locator(".pig.target")
            assert targets.count() >= 1
            # Only my own clean pigs are offered as targets for mud.
            assert page.locator(".others .pig.target").count() == 0
            pig = targets.first.get_attribute("data-pig")
            # Bursts already on screen (a bot's mud a moment ago) are not this one.
            page.evaluate("() => document.querySelectorAll('.mud-burst')"
                          ".forEach((e) => { e.dataset.earlier = '1'; })")
            targets.first.click()
            # The shout bursts out on that pig: centred on it or just beside it. Measured in
            # the page the moment it appears (a burst lasts 1.5 s; the bot may add its own).
            where = page.wait_for_function(NEW_BURST_JS, arg=pig).json_value()
            burst, box = where["burst"], where["pig"]
            assert box["left"] - burst["w"] <= burst["x"] <= box["right"] + burst["w"], where
            assert box["top"] - burst["h"] <= burst["y"] <= box["bottom"] + burst["h"], where
            # The server took exactly that move, and the state it sent for it shows the pig
            # dirty. (The bot moves right after and may clean the pig again with rain or the
            # farmer, so the board is not the place to look for this moment.)
            played = wait_for_frame(page, frames, lambda f: f.get("type") == "event" and (
                f.get("kind"), f.get("seat"), f.get("action")) == ("action", 0, f"play mud {pig}"))
            after = wait_for_frame(page, frames, lambda f: f.get("type") == "state"
                                   and f.get("seq") == played["seq"])
            player, index = (int(part) for part in pig.split("."))
            assert after["view"]["pigs"][player][index]["dirty"]
            page.wait_for_timeout(250)  # the shout at its biggest
            screenshot(page, "drecksau-mud-moment", full_page=False)
            # Whichever pig gets dirty, the shout never covers a name or a badge. Measured
            # while it is my move (or the game is over), so no bot's shout joins in.
            wait_for_turn_or_end(page)
            pigs = page.eval_on_selector_all(".pig", "els => els.map(e => e.dataset.pig)")
            muddy = [{"kind": "action", "action": f"play mud {key}", "seat": 0} for key in pigs]
            for size in (DESKTOP, PHONE):
                resize(page, size)
                for one in muddy:
                    shown, problems = effects_covering_names(page, [one])
                    assert shown == 1 and not problems, (size, problems)
            return
        try_move(page, drecksau_move)
        page.wait_for_timeout(40)
    pytest.fail("no mud card in 60 turns")


RULE_TEXT = {
    "mud": ("play mud 1.0", "Mud goes on one of your own pigs."),
    "barn": ("play barn 1.0", "A barn goes on one of your own pigs."),
    "door": ("play door 1.0", "A barn door goes on one of your own barns."),
    "rod": ("play rod 1.0", "A lightning rod goes on one of your own barns."),
    "farmer": ("play farmer 0.0", "The farmer scrubs another player's pig, not yours."),
    "lightning": ("play lightning 0.0", "Lightning strikes another player's barn, not yours."),
}


def test_refused_move_shows_the_rule(server: Any, page: Any) -> None:
    start_quick_game(page, server.url, "drecksau", seats=2, level="random")
    for _ in range(20):
        wait_for_turn_or_end(page)
        hand = page.eval_on_selector_all(".hand-card", "e => e.map(x => x.dataset.card)")
        card = next((c for c in hand if c in RULE_TEXT), None)
        if card is None:
            try_move(page, drecksau_move)
            continue
        # A person cannot click an illegal target, so send one the way a stale tab would.
        action, rule_text = RULE_TEXT[card]
        page.evaluate(f"() => window.saustallDebug.act({action!r})")
        toast = page.wait_for_selector(".toast.warn", timeout=3000)
        assert "That move is not allowed" in toast.inner_text()
        assert rule_text in toast.inner_text()
        # The refusal changed nothing: it is still my move with the same hand.
        assert page.eval_on_selector_all(".hand-card", "e => e.map(x => x.dataset.card)") == hand
        assert page.locator(".status-bar.mine").count() == 1
        return
    pytest.fail("no card with a target rule came to hand")


def test_reload_mid_game_restores_the_same_view(server: Any, page: Any) -> None:
    start_quick_game(page, server.url, "drecksau", seats=2, level="random")
    play_drecksau(page, stop_after=3)
    wait_for_turn_or_end(page)
    before = board_snapshot(page)
    page.reload()
    page.wait_for_selector(".hand-card")
    wait_for_turn_or_end(page)
    after = board_snapshot(page)
    assert after == before
    assert page.locator("#log li").count() >= 3


def test_two_people_each_see_only_their_own_hand(server: Any, browser: Any, watched: Any) -> None:
    anna_ctx = browser.new_context(viewport=DESKTOP, locale="en-GB")
    bert_ctx = browser.new_context(viewport=DESKTOP, locale="en-GB")
    try:
        anna, bert = watched(anna_ctx.new_page()), watched(bert_ctx.new_page())
        frames: dict[str, list[dict[str, Any]]] = {"anna": [], "bert": []}
        for who, pg in (("anna", anna), ("bert", bert)):
            pg.on("websocket", lambda ws, who=who: ws.on(
                "framereceived", lambda payload, who=who: frames[who].append(json.loads(payload))))
        anna.goto(server.url + "/")
        anna.click(".game-tile[data-game=drecksau]")
        anna.fill("#name", "Anna")
        anna.click("#create")
        anna.wait_for_selector("#invite-url")
        link = anna.input_value("#invite-url")
        bert.goto(link)
        bert.fill("#join-name", "Bert")
        bert.click("#take-form button[type=submit]")
        bert.wait_for_selector("#ready")
        bert.click("#ready")
        anna.wait_for_selector("#start:not([disabled])")
        anna.click("#start")
        anna.wait_for_selector(".hand-card")
        bert.wait_for_selector(".hand-card")
        for pg in (anna, bert):
            assert pg.locator(".hand").count() == 1
            assert pg.locator(".others .hand-card").count() == 0
            assert pg.locator(".others .mini-card").count() == 3
        # Every view each browser received was its own seat's, never the other's.
        anna_views = [f["view"] for f in frames["anna"] if f.get("type") == "state" and f.get("view")]
        bert_views = [f["view"] for f in frames["bert"] if f.get("type") == "state" and f.get("view")]
        assert anna_views and bert_views
        assert {v["observer"] for v in anna_views} == {0}
        assert {v["observer"] for v in bert_views} == {1}
        assert anna.eval_on_selector_all(".hand-card", "e => e.map(x => x.dataset.card)") == anna_views[-1]["hand"]
        assert bert.eval_on_selector_all(".hand-card", "e => e.map(x => x.dataset.card)") == bert_views[-1]["hand"]
        # Anna moves; Bert's screen follows, still without her cards.
        wait_for_turn_or_end(anna)
        assert drecksau_move(anna)
        bert.wait_for_selector(".status-bar.mine", timeout=5000)
        assert bert.locator("#log li").count() >= 1
        screenshot(bert, "drecksau-second-player")
    finally:
        anna_ctx.close()
        bert_ctx.close()
