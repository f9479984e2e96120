"""Accessibility in the browser: axe-core finds nothing serious, the keyboard plays a
Drecksau move in a few key presses, the focus survives redraws, dialogs hold the focus,
and screen readers hear whose turn it is and what the others did."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.a11y import serious_violations, serve_axe
from tests.web.conftest import DESKTOP, PHONE, resize
from tests.web.players import (
    drecksau_move, record_frames, saukopf_move, start_quick_game, try_move, wait_for_frame,
    wait_for_turn_or_end,
)

pytestmark = pytest.mark.browser

SIZES = {"desktop": DESKTOP, "phone": PHONE}

# Finite animations (a dialog fading in, a card landing) change colours while they run: axe
# measures contrast once they are done. Endless ones (a pulsing border) do not touch text.
ANIMATIONS_DONE_JS = """() => document.getAnimations().every((a) =>
  a.playState !== 'running' || a.effect.getComputedTiming().iterations === Infinity)"""

# What the focused element is, in a form a test can read.
FOCUSED_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  return {tag: el.tagName, cls: el.className && el.className.baseVal === undefined ? el.className : '',
          card: el.dataset.card || null, index: el.dataset.index ?? null, pig: el.dataset.pig || null,
          do: el.dataset.do || null, discard: el.hasAttribute('data-discard'), id: el.id || null,
          inHand: !!el.closest('.hand'), inModal: !!el.closest('.modal'), game: el.dataset.game || null};
}"""

# Every line the live region receives, in order (it keeps only the last few itself).
COLLECT_ANNOUNCEMENTS_JS = """
window.__announced = [];
new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) {
    if (n.parentElement && n.parentElement.id === 'announcer') window.__announced.push(n.textContent);
  }
}).observe(document, {childList: true, subtree: true});
"""


def focused(page: Any) -> dict[str, Any] | None:
    """What has the keyboard focus (None: nothing, the page itself)."""
    result: dict[str, Any] | None = page.evaluate(FOCUSED_JS)
    return result


def check_axe(page: Any, where: str) -> None:
    """axe-core finds no serious or critical WCAG 2.1 AA violation on the page as it is."""
    page.wait_for_function(ANIMATIONS_DONE_JS, timeout=5000)
    found = serious_violations(page)
    assert not found, f"{where}: " + "\n".join(found)


@pytest.mark.own_server  # checks the whole home page, the list of public tables too
@pytest.mark.parametrize("size", SIZES)
def test_axe_home_waiting_room_and_rules(server: Any, page: Any, size: str) -> None:
    serve_axe(page)
    resize(page, SIZES[size])
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    check_axe(page, "home page")
    page.click(".game-tile[data-game=saukopf]")
    check_axe(page, "home page, Saukopf chosen")
    page.fill("#name", "Anna")
    page.click("#create")
    page.wait_for_selector(".waiting")
    check_axe(page, "waiting room")
    page.click("#rules-btn")
    page.wait_for_selector(".rules-modal .rules-text h3")
    check_axe(page, "rules dialog")


def pigasus_mid_game(page: Any) -> None:
    """Deal until a few Pigasus cards lie face up."""
    deadline = time.monotonic() + 20
    while page.locator(".pg-card").count() < 3:
        assert time.monotonic() < deadline, "no Pigasus cards came face up"
        reveal = page.locator("#pg-reveal")
        if reveal.count():
            page.keyboard.press("Enter")
        page.wait_for_timeout(150)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["drecksau", "saukopf", "pigasus"])
def test_axe_game_tables_mid_game(server: Any, page: Any, game: str, size: str) -> None:
    serve_axe(page)
    resize(page, SIZES[size])
    start_quick_game(page, server.url, game, level="slow" if game == "pigasus" else None)
    if game == "pigasus":
        pigasus_mid_game(page)
        check_axe(page, "Pigasus table")
        return
    assert wait_for_turn_or_end(page), "the game ended before my first move"
    check_axe(page, f"{game} table, my turn")
    if game == "drecksau":
        # A card picked: the pigs it can go on are marked, a hint sits on each.
        playable = page.locator(".hand-card.playable")
        if playable.count():
            playable.first.click()
            check_axe(page, "Drecksau table, a card picked")


LOG_OVERFLOWS_JS = "() => { const log = document.querySelector('#log');" \
    " return !!log && log.scrollHeight > log.clientHeight + 4; }"


def test_a_long_log_scrolls_from_the_keyboard(server: Any, page: Any) -> None:
    """Once the log is longer than its box, a keyboard user can reach it and scroll it
    (axe: scrollable-region-focusable), and it is named for screen readers."""
    serve_axe(page)
    resize(page, DESKTOP)
    # A quick game can end before its log outgrows the box (random deals): then another
    # game, a few at most; counted in games and moves, not in seconds (loaded machines).
    for _game in range(5):
        start_quick_game(page, server.url, "drecksau", seats=3, level="random")
        for _move in range(300):
            if page.evaluate(LOG_OVERFLOWS_JS) or not wait_for_turn_or_end(page):
                break
            try_move(page, drecksau_move)
            page.wait_for_timeout(40)
        if page.evaluate(LOG_OVERFLOWS_JS):
            break
    assert page.evaluate(LOG_OVERFLOWS_JS), "five games ended before the log filled its box"
    check_axe(page, "Drecksau table, a long log")
    log = page.locator("#log")
    assert log.get_attribute("aria-label") == "What happened"
    log.focus()
    before = page.evaluate("() => document.querySelector('#log').scrollTop")
    page.keyboard.press("End" if before == 0 else "Home")
    page.wait_for_function(f"() => document.querySelector('#log').scrollTop !== {before}",
                           timeout=3000)


def tab_until(page: Any, wanted: Any, limit: int = 30) -> int:
    """Press Tab until ``wanted(focused)`` holds; how many presses it took."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        now = focused(page)
        if now and wanted(now):
            return presses
    raise AssertionError(f"Tab never reached the control in {limit} presses")


def keyboard_drecksau_move(page: Any) -> tuple[int, int]:
    """One Drecksau move with the keyboard only, starting from where the focus is.

    Uses the arrow keys inside the hand, Enter to pick a card and a target; returns how
    many times Tab was pressed to reach the hand, and then from the hand to a button the
    move needed (show, pass, done or discard: the deal decides whether one is)."""
    to_hand = tabs = 0
    now = focused(page)
    if not (now and now["inHand"]):
        to_hand = tab_until(page, lambda f: f["inHand"])
    special = page.locator(".hand-buttons [data-do=show], .hand-buttons [data-do=pass], "
                           ".hand-buttons [data-do=done]")
    if special.count():
        want = special.first.get_attribute("data-do")
        tabs += tab_until(page, lambda f: f["do"] == want)
        page.keyboard.press("Enter")
        return to_hand, tabs
    cards = page.locator(".hand .hand-card").count()
    for _ in range(cards):
        if "playable" in (focused(page) or {}).get("cls", "").split():
            break
        page.keyboard.press("ArrowRight")
    now = focused(page)
    assert now and now["inHand"], "the arrow keys left the hand"
    page.keyboard.press("Enter")
    if "playable" in now["cls"].split():  # a class, not "unplayable"
        # Picking a card puts the focus on its first target (or on its Play button).
        target = focused(page)
        assert target and (target["pig"] or (target["do"] or "").startswith("play ")), (
            f"after picking a card the focus is on {target}")
        page.keyboard.press("Enter")
    else:
        # Nothing playable: the card picked is swapped (discarded) instead.
        tabs += tab_until(page, lambda f: f["discard"])
        page.keyboard.press("Enter")
    return to_hand, tabs


def test_keyboard_only_drecksau_moves_and_focus_stays_on_the_hand(server: Any, page: Any) -> None:
    frames = record_frames(page)
    start_quick_game(page, server.url, "drecksau", ruleset="drecksau", seats=2, level="random")
    assert wait_for_turn_or_end(page)
    page.focus(".topbar .brand")  # start from the top of the page, as a new visitor does
    tab_counts = []
    for move in range(3):
        if move:
            # The table was drawn again and again (my move, the bot's move, my turn): the
            # focus is still in the hand, so the next move needs no Tab at all.
            if not wait_for_turn_or_end(page):
                break
            now = focused(page)
            assert now and now["inHand"], f"move {move + 1}: the focus left the hand for {now}"
        sent = len([f for f in frames if f.get("type") == "state"])
        tab_counts.append(keyboard_drecksau_move(page))
        # The move went to the server and the table was redrawn from its answer.
        wait_for_frame(page, frames, lambda f, n=sent: f.get("type") == "state"
                       and len([g for g in frames if g.get("type") == "state"]) > n)
        page.wait_for_function("() => !document.querySelector('.pending')")
        now = focused(page)
        assert now and now["inHand"], f"after move {move + 1} the focus is on {now}"
    assert tab_counts, "no move was made"
    # From the top of the page: the header's three controls, the pigs (one stop), the hand.
    assert tab_counts[0][0] <= 5, f"reaching the hand took {tab_counts[0][0]} Tab presses"
    # Later moves start in the hand; a button a move needs (the deal decides) is near it.
    assert all(to_hand == 0 for to_hand, _ in tab_counts[1:]), f"Tab presses: {tab_counts}"
    assert all(after <= 2 for _, after in tab_counts), f"Tab presses per move: {tab_counts}"


def test_escape_puts_a_picked_card_back(server: Any, page: Any) -> None:
    start_quick_game(page, server.url, "drecksau", ruleset="drecksau", seats=2, level="random")
    # The deal decides whether a card is playable at once: a hand with none is swapped
    # (the move the rules leave), and the test picks a card on a later turn.
    for _ in range(12):
        assert wait_for_turn_or_end(page), "the game ended before a card was playable"
        if page.locator(".hand-card.playable").count():
            break
        try_move(page, drecksau_move)
        page.wait_for_function("() => !document.querySelector('.pending')")
    else:
        raise AssertionError("no playable card in twelve turns")
    card = page.locator(".hand-card.playable").first
    index = card.get_attribute("data-index")
    card.focus()
    page.keyboard.press("Enter")
    assert page.locator(".hand-card.selected").count() == 1
    assert not (focused(page) or {}).get("inHand"), "picking a card keeps the focus in the hand"
    page.keyboard.press("Escape")
    assert page.locator(".hand-card.selected").count() == 0
    now = focused(page)
    assert now and now["inHand"] and now["index"] == index


def test_turn_and_the_others_moves_are_announced(server: Any, page: Any) -> None:
    page.add_init_script(COLLECT_ANNOUNCEMENTS_JS)
    page.goto(server.url + "/")
    page.select_option("#lang-select", "de")
    start_quick_game(page, server.url, "drecksau", ruleset="drecksau", seats=2, level="random",
                     name="Anna")
    region = page.locator("#announcer")
    assert region.get_attribute("aria-live") == "polite"
    for _ in range(3):
        if not wait_for_turn_or_end(page):
            break
        page.wait_for_function("() => window.__announced.includes('Du bist dran')")
        try_move(page, drecksau_move)
        page.wait_for_function("() => !document.querySelector('.pending') ")
        page.wait_for_timeout(300)
    lines: list[str] = page.evaluate("window.__announced")
    bot = page.evaluate("window.saustallDebug.page.names()[1]")
    turns = [i for i, line in enumerate(lines) if line == "Du bist dran"]
    assert len(turns) >= 2, lines
    # Between two of my turns the bot moved, and that move is told, by name.
    for a, b in zip(turns, turns[1:]):
        between = lines[a + 1:b]
        assert any(line.startswith(bot) for line in between), f"no move of {bot} told: {between}"
        assert not any(line.startswith("Anna") for line in between), "my own move told back to me"
    # One short line per event: never the whole board read out.
    assert all(0 < len(line) <= 140 for line in lines), lines
    assert not any("Your turn" in line for line in lines), "English in a German page"


def test_dialog_takes_the_focus_and_gives_it_back(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    page.focus("#rules-btn")
    page.keyboard.press("Enter")
    page.wait_for_selector(".rules-modal")
    now = focused(page)
    assert now and now["inModal"], f"the open dialog does not have the focus: {now}"
    for _ in range(12):  # Tab goes round inside the dialog, never behind it
        page.keyboard.press("Tab")
        now = focused(page)
        assert now and now["inModal"], f"Tab left the dialog for {now}"
    page.keyboard.press("Escape")
    assert page.locator(".rules-modal").count() == 0
    now = focused(page)
    assert now and now["id"] == "rules-btn", f"closing the dialog left the focus on {now}"


def test_game_tiles_are_one_tab_stop_with_arrow_keys(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    first = page.locator(".game-tile").first.get_attribute("data-game")
    tab_until(page, lambda f: f["game"] == first)
    page.keyboard.press("ArrowRight")
    now = focused(page)
    assert now and now["game"] and now["game"] != first
    chosen = page.locator(".game-tile[aria-checked=true]")
    assert chosen.count() == 1 and chosen.get_attribute("data-game") == now["game"]
    # every other game's tile (an installed plugin game has one too)
    assert page.locator(".game-tile[aria-checked=false]").count() == \
        page.locator(".game-tile").count() - 1 >= 2
    page.keyboard.press("Tab")  # out of the group: the other tiles are no Tab stops
    now = focused(page)
    assert now and not now["game"], f"Tab moved to another tile: {now}"


def test_saukopf_icon_reads_as_the_game_not_its_letters(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    tile = page.locator(".game-tile[data-game=saukopf]")
    name = tile.evaluate("(el) => el.querySelector('.tile-art').getAttribute('aria-hidden')")
    assert name == "true"
    # What a screen reader gets: the tile's name and tagline, no card letters.
    tree = tile.aria_snapshot()
    assert "Saukopf" in tree and "O O" not in tree and "A A" not in tree, tree
    # Where the icon stands alone (the open tables), it is one picture named after the game.
    page.goto(server.url + "/")
    # The renderers are loaded from the catalogue (a module instance of its own here).
    fan = page.evaluate("""() => import('/static/js/games/index.js').then((m) =>
        fetch('/api/games').then((r) => r.json()).then((c) => m.loadRenderers(c)).then(() =>
        import('/static/js/dom.js')).then((dom) => {
          const box = document.createElement('div');
          dom.render(box, m.gameIcon('saukopf'));
          document.body.appendChild(box);
          const el = box.firstElementChild;
          return {role: el.getAttribute('role'), label: el.getAttribute('aria-label'),
                  hidden: [...el.querySelectorAll('svg')].every((s) => s.getAttribute('aria-hidden') === 'true')};
        }))""")
    assert fan == {"role": "img", "label": "Saukopf", "hidden": True}


def test_pigasus_by_keyboard_and_revealed_cards_are_told(server: Any, page: Any) -> None:
    page.add_init_script(COLLECT_ANNOUNCEMENTS_JS)
    frames = record_frames(page)
    start_quick_game(page, server.url, "pigasus", seats=3, level="slow")
    deadline = time.monotonic() + 40
    while True:
        assert time.monotonic() < deadline, "never got to point at cards with the keyboard"
        if page.locator("#pg-reveal").count():
            page.keyboard.press("Enter")
        if page.locator(".pg-card").count() >= 2 and page.locator("#pg-grab:not([disabled])").count():
            page.keyboard.press("Space")
            try:
                page.wait_for_selector(".pg-card.pickable", timeout=2000)
            except PlaywrightTimeout:
                continue  # a bot was quicker: deal on
            break
        page.wait_for_timeout(150)
    # Holding the Pigasus: the focus is on the cards; arrows move, Enter points.
    now = focused(page)
    assert now and now["tag"] == "BUTTON" and "pg-card" in now["cls"], now
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    # (a table event, such as the replayed "started", has no action: null)
    wait_for_frame(page, frames, lambda f: f.get("type") == "event"
                   and " point " in (f.get("action") or "") and "," in (f.get("action") or ""))
    # Every card turned face up was told by its name, once, as it came.
    labels = page.eval_on_selector_all(".pg-card", "els => els.map((e) => e.getAttribute('aria-label'))")
    told: list[str] = page.evaluate("window.__announced")
    assert labels and all(label in told for label in labels[:2]), (labels, told)


def test_saukopf_hand_is_one_tab_stop_and_keeps_the_focus(server: Any, page: Any) -> None:
    start_quick_game(page, server.url, "saukopf", level="random")
    deadline = time.monotonic() + 60
    while True:  # bid, declare and so on by clicking, until a card is to be played
        assert time.monotonic() < deadline, "no card came to be played"
        if not wait_for_turn_or_end(page):
            pytest.fail("the session ended before I played a card")
        if page.locator(".sk-hand .hand-card.playable").count():
            break
        try_move(page, saukopf_move)
        page.wait_for_timeout(40)
    stops = page.eval_on_selector_all(".sk-hand .hand-card", "els => els.map((e) => e.tabIndex)")
    assert stops.count(0) == 1 and len(stops) > 1, stops
    page.locator(".sk-hand .hand-card[tabindex='0']").focus()
    for _ in stops:  # to a card that may be played (the others are dimmed)
        if "playable" in (focused(page) or {}).get("cls", "").split():
            break
        page.keyboard.press("ArrowRight")
    first = focused(page)
    assert first and first["card"] and "playable" in first["cls"].split(), first
    page.keyboard.press("ArrowRight")
    second = focused(page)
    assert second and second["card"] and second["card"] != first["card"]
    page.keyboard.press("ArrowLeft")
    assert (focused(page) or {}).get("card") == first["card"]
    # Enter plays the card; the table is drawn anew, the focus stays in the hand.
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => !document.querySelector('.sk-hand [data-card=\"{first['card']}\"]')")
    page.wait_for_function("() => !document.querySelector('.pending')")
    now = page.evaluate("() => !!document.activeElement.closest('.sk-hand')")
    assert now, f"after playing a card the focus is on {focused(page)}"
