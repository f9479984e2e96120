"""A person at the browser: helpers that click through the app like a player would."""

from __future__ import annotations

import json
import time
from typing import Any, Callable

from playwright.sync_api import Error as PlaywrightError

# How long one click may take. A busy machine (a parallel test run) can need seconds to
# settle a click; an element that has vanished still fails soon enough to look again.
CLICK_MS = 5000

# Cards a sensible person tries first (mud on own pigs, protect them, then annoy others).
DRECKSAU_PRIORITY = ("mud", "pretty", "door", "rod", "barn", "farmer", "lightning", "escape",
                     "lucky-bird")


def start_quick_game(page: Any, url: str, game: str, ruleset: str | None = None,
                     seats: int | None = None, level: str | None = None,
                     name: str = "Anna") -> None:
    """From the lobby: pick a game (and ruleset), then 'Play now against bots'."""
    page.goto(url + "/")
    page.click(f".game-tile[data-game={game}]")
    if ruleset:
        page.click(f"input[name=ruleset][value={ruleset}]")
    page.fill("#name", name)
    if seats:
        page.select_option("#seats", str(seats))
    if level:
        page.select_option("#botlevel", level)
    page.click("#quick")
    page.wait_for_selector(".game-layout .status-bar", timeout=15000)


def record_frames(page: Any) -> list[dict[str, Any]]:
    """Keep every message the server sends this page over its WebSockets, in order.

    Call before the page opens a table. The server's messages say exactly what happened
    (which action, which state came of it), so a test can check a moment even after the
    bots have moved on and the board shows something else.
    """
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on(
        "framereceived", lambda payload: frames.append(json.loads(payload))))
    return frames


def wait_for_frame(page: Any, frames: list[dict[str, Any]],
                   wanted: Callable[[dict[str, Any]], bool], timeout: float = 5.0) -> dict[str, Any]:
    """The first message in ``frames`` for which ``wanted`` is true, waiting for it to come."""
    deadline = time.monotonic() + timeout
    while True:
        found = next((frame for frame in frames if wanted(frame)), None)
        if found is not None:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"no such message from the server in {timeout} s")
        page.wait_for_timeout(20)  # lets Playwright deliver the frames that arrived


def game_over(page: Any) -> bool:
    """True once the end-of-game summary (or the final status) is on screen."""
    return bool(page.locator(".status-bar.over").count())


def my_turn(page: Any) -> bool:
    """True when the status bar says it is this page's move."""
    return bool(page.locator(".status-bar.mine").count())


def drecksau_move(page: Any) -> str | None:
    """Make one Drecksau move by clicking; returns what was done (or None if nothing)."""
    for special in ("show", "pass", "done"):
        button = page.locator(f".hand-buttons [data-do={special}]")
        if button.count():
            button.first.click(timeout=CLICK_MS)
            return special
    for card in DRECKSAU_PRIORITY:
        choice = page.locator(f".hand-card.playable[data-card={card}]")
        if not choice.count():
            continue
        choice.first.click(timeout=CLICK_MS)
        target = page.locator(".player-area.mine .pig.target")
        if not target.count():
            target = page.locator(".pig.target")
        if target.count():
            where = target.first.get_attribute("data-pig", timeout=CLICK_MS)
            target.first.click(timeout=CLICK_MS)
            return f"{card} on {where}"
        play = page.locator(".hand-buttons [data-do^='play ']")
        if play.count():
            play.first.click(timeout=CLICK_MS)
            return card
        choice.first.click(timeout=CLICK_MS)  # deselect again
    swap = page.locator(".hand-buttons [data-mode=discard]")
    if swap.count():
        swap.click(timeout=CLICK_MS)
        page.locator(".hand-card").first.click(timeout=CLICK_MS)
        page.locator(".hand-buttons [data-discard]").click(timeout=CLICK_MS)
        return "discard"
    return None


def wait_for_turn_or_end(page: Any, timeout: float = 20.0) -> bool:
    """Wait until it is this page's move (True) or the game is over (False)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if game_over(page):
            return False
        if my_turn(page) and not page.locator(".pending").count():
            return True
        page.wait_for_timeout(25)
    raise AssertionError("neither my turn nor the end of the game came in time")


def try_move(page: Any, move: Callable[[Any], str | None]) -> str | None:
    """Make ``move`` once; None if the board changed under the pointer (a bot moved, the
    page re-rendered), so that the caller looks again instead of failing."""
    try:
        return move(page)
    except PlaywrightError:
        return None


def play_moves(page: Any, move: Callable[[Any], str | None], max_moves: int,
               stop_after: int | None = None) -> list[str]:
    """Make ``move`` on each of my turns until the game ends (or ``stop_after`` moves)."""
    moves: list[str] = []
    while len(moves) < max_moves:
        if not wait_for_turn_or_end(page):
            return moves
        if stop_after is not None and len(moves) >= stop_after:
            return moves
        done = try_move(page, move)
        if done:
            moves.append(done)
            page.wait_for_timeout(40)
    raise AssertionError(f"no end after {max_moves} moves")


def play_drecksau(page: Any, max_moves: int = 600, stop_after: int | None = None) -> list[str]:
    """Click through Drecksau moves until the game ends (or ``stop_after`` moves)."""
    return play_moves(page, drecksau_move, max_moves, stop_after)


def saukopf_move(page: Any) -> str | None:
    """Make one Saukopf decision by clicking, the way an eager player would."""
    bid = page.locator(".sk-panel [data-do^='bid ']")
    if bid.count():
        what = bid.first.get_attribute("data-do", timeout=CLICK_MS)
        bid.first.click(timeout=CLICK_MS)
        return what
    kind = page.locator(".sk-panel [data-kind]")
    if kind.count():
        sauerei = page.locator(".sk-panel [data-kind=sauerei]")
        (sauerei if sauerei.count() else kind).first.click(timeout=CLICK_MS)
        param = page.locator(".sk-panel [data-param]")
        if param.count():
            param.first.click(timeout=CLICK_MS)
        declare = page.locator("#sk-declare")
        what = declare.get_attribute("data-action", timeout=CLICK_MS)
        declare.click(timeout=CLICK_MS)
        return f"declare {what}"
    for word in ("kontra", "re", "join"):
        button = page.locator(f".sk-panel [data-do={word}]")
        if button.count():
            button.click(timeout=CLICK_MS)
            return word
    card = page.locator(".sk-hand .hand-card.playable")
    if card.count():
        what = card.first.get_attribute("data-card", timeout=CLICK_MS)
        card.first.click(timeout=CLICK_MS)
        return f"card {what}"
    passing = page.locator(".sk-panel [data-do=pass]")
    if passing.count():
        passing.click(timeout=CLICK_MS)
        return "pass"
    return None


def play_saukopf(page: Any, max_moves: int = 300, stop_after: int | None = None) -> list[str]:
    """Click through Saukopf decisions until the session ends (or ``stop_after``)."""
    return play_moves(page, saukopf_move, max_moves, stop_after)


def pigasus_cards(page: Any) -> list[str]:
    """The codes of the cards face up on the table (body letter, head letter)."""
    return list(page.eval_on_selector_all(".pg-card", "els => els.map(e => e.dataset.code)"))


def visible_pair(cards: list[str]) -> tuple[str, str] | None:
    """Two cards that swap body and head, if the table shows such a pair."""
    present = set(cards)
    for code in cards:
        if code[::-1] in present:
            return code, code[::-1]
    return None


def pigasus_grab_and_point(page: Any, first: str | None, second: str | None) -> None:
    """Press Space for the Pigasus, then click two cards (or 'no pair' with None)."""
    page.keyboard.press("Space")
    page.wait_for_selector(".pg-card.pickable, #pg-none", timeout=3000)
    if first is None or second is None:
        page.click("#pg-none", timeout=CLICK_MS)
        return
    page.click(f".pg-card.pickable[data-code={first}]", timeout=CLICK_MS)
    page.click(f".pg-card.pickable[data-code={second}]", timeout=CLICK_MS)
