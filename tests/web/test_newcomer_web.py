"""The newcomer's path, as a person who was sent a table link would take it (issue 28).

In the person's own language (the browser's, English, German or French), on a 390x844
touch phone or a 1280x800 desktop: open a bare table link (no ``?invite=``), watch, take
the seat, seat a bot, start, say something with a quick phrase and in free text, play a
whole Saukopf deal against bots to its end screen, replay it from there (a few moves on,
every hand shown, the expert's analysis of their own decisions), then find the answers to
the questions newcomers ask in the rules search (each among the first three results). At every screen
axe-core finds no violation at all (every rule, every impact, not only WCAG AA), on the
phone every control is at least 44x44 px, and a screenshot is saved
(``test-artifacts/screenshots/newcomer-<lang>-<device>-<screen>.png``).

``make test`` walks one path per language, split across phone and desktop;
``make newcomer-matrix`` walks all six (SAUSTALL_NEWCOMER_MATRIX=1).
"""

from __future__ import annotations

import os
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.web.a11y import check_screen, serve_axe
from tests.web.conftest import DESKTOP, PHONE, screenshot, watch_page
from tests.web.players import play_saukopf
from tests.web.test_rules_search_web import QUESTIONS, answers, ask

pytestmark = pytest.mark.browser

LOCALES = {"en": "en-GB", "de": "de-DE", "fr": "fr-FR"}
DEVICES: dict[str, dict[str, Any]] = {
    "phone": {"viewport": PHONE, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": DESKTOP},
}
FAST = [("en", "phone"), ("de", "desktop"), ("fr", "phone")]
MATRIX = [(lang, device) for lang in LOCALES for device in DEVICES]
PATHS = MATRIX if os.environ.get("SAUSTALL_NEWCOMER_MATRIX") else FAST
# The replay's words the newcomer reads, in their language: a wrong or missing translation
# fails the path.
REPLAY_WORDS: dict[str, dict[str, Any]] = {
    "en": {"open": "Replay", "step": "Move {k} of {n}", "next": "One move on",
           "prev": "One move back", "analyse": "Analyse {name}'s decisions",
           "summary": ("{n} decision · clear mistakes: {m} ·",
                       "{n} decisions · clear mistakes: {m} ·"),
           "this": "This move:", "same": "The expert would have played the same.",
           "best": "The expert would have played:"},
    "de": {"open": "Wiederholung", "step": "Zug {k} von {n}", "next": "Einen Zug weiter",
           "prev": "Einen Zug zurück", "analyse": "Entscheidungen von {name} analysieren",
           "summary": ("{n} Entscheidung · klare Fehler: {m} ·",
                       "{n} Entscheidungen · klare Fehler: {m} ·"),
           "this": "Dieser Zug:", "same": "Der Experte hätte dasselbe gespielt.",
           "best": "Der Experte hätte gespielt:"},
    "fr": {"open": "Revoir", "step": "Coup {k} sur {n}", "next": "Un coup en avant",
           "prev": "Un coup en arrière", "analyse": "Analyser les décisions de {name}",
           "summary": ("{n} décision · erreurs nettes : {m} ·",
                       "{n} décisions · erreurs nettes : {m} ·"),
           "this": "Ce coup :", "same": "L'expert aurait joué la même chose.",
           "best": "L'expert aurait joué :"},
}
# The analysis runs in the server's bot workers on a loaded machine: waited for, not timed.
ANALYSIS_WAIT_MS = 240_000


class Newcomer:
    """One person's browser on one device, checking every screen it reaches."""

    def __init__(self, page: Any, lang: str, device: str) -> None:
        self.page = page
        self.lang = lang
        self.device = device
        self.screens: list[str] = []

    def screen(self, name: str) -> None:
        """axe-core finds nothing, targets are big enough on the phone; a screenshot."""
        check_screen(self.page, f"{self.lang} {self.device}, {name}", self.device == "phone")
        screenshot(self.page, f"newcomer-{self.lang}-{self.device}-{name}", full_page=False)
        self.screens.append(name)

    def press(self, control: Any) -> None:
        """Press ``control`` as this person does: a tap on the phone, a click otherwise."""
        if self.device == "phone":
            control.tap()
        else:
            control.click()


def host_a_table(server: Any) -> str:
    """A public Saukopf table of one deal with two bots, its host gone: two seats free.
    The newcomer gets only the bare link (no invite)."""
    made = server.api("POST", "/api/tables", json={
        "game": "saukopf", "seats": 4, "name": "Host", "public": True, "spectator_chat": True,
        "bots": ["random", "random"], "options": {"deals": 1}})
    server.api("POST", f"/api/tables/{made['table_id']}/leave", token=made["token"])
    return str(made["table_id"])


@pytest.mark.own_server  # the bare link finds its invite in the lobby's list of open tables
@pytest.mark.parametrize("lang,device", PATHS)
def test_newcomer_path(server: Any, browser: Any, lang: str, device: str) -> None:
    context = browser.new_context(locale=LOCALES[lang], **DEVICES[device])
    try:
        page = context.new_page()
        problems = watch_page(page)
        serve_axe(page)
        walk(server, page, Newcomer(page, lang, device))
        assert not problems, problems
    finally:
        context.close()


def walk(server: Any, page: Any, person: Newcomer) -> None:
    lang = person.lang
    table_id = host_a_table(server)

    # A bare table link: the page finds the table's invite (a public table) and offers
    # a seat or watching, in the browser's language.
    page.goto(f"{server.url}/t/{table_id}")
    page.wait_for_selector("#take-form")
    assert page.evaluate("document.documentElement.lang") == lang
    person.screen("bare-link")
    page.click("#watch")
    page.wait_for_function("() => window.saustallDebug && window.saustallDebug.page.sockets.spectator")
    person.screen("watching")

    # Take the seat, seat a bot on the other free one, start.
    page.fill("#join-name", "Anna")
    page.click("#take-form button[type=submit]")
    page.wait_for_selector("[data-addbot]")
    page.select_option("select[data-level]", "random")
    page.click("[data-addbot]")
    page.wait_for_selector("#start:not([disabled])")
    person.screen("table-waiting")
    page.click("#start")
    page.wait_for_selector(".sk-hand .hand-card")
    person.screen("table-playing")

    # Chat: a quick phrase (worded in the page's language) and free text.
    box = page.locator("#chat-box")
    if box.get_attribute("open") is None:
        page.click("#chat-box > summary")
    quick = page.locator(".chat-quick[data-quick=gg]")
    phrase = quick.inner_text().strip()
    quick.click()
    page.locator("#chat-list li", has_text=phrase).wait_for()
    page.fill("#chat-text", "Servus <b>beisammen</b>")
    page.click(".chat-send")
    said = page.locator("#chat-list li", has_text="Servus <b>beisammen</b>")
    said.wait_for()  # as text: the markup typed is shown, not made
    assert said.locator("b", has_text="beisammen").count() == 0
    person.screen("chat-open")

    # The whole deal, to its end screen.
    moves = play_saukopf(page)
    assert moves, "the newcomer never had a move"
    page.wait_for_selector(".summary-modal", timeout=15000)
    person.screen("end-screen")

    # The deal again, from the end screen: move by move with every hand, and what the
    # expert thinks of the newcomer's decisions.
    replay(page, person)

    # The rules answer the questions newcomers ask, in their language.
    asked = [(game, query, wanted) for q_lang, game, query, wanted in QUESTIONS if q_lang == lang]
    assert len(asked) >= 3
    for number, (game, query, wanted) in enumerate(asked):
        results = ask(page, lang, game, query)
        first = [(results.nth(i).get_attribute("data-passage") or "", results.nth(i).inner_text())
                 for i in range(min(3, results.count()))]
        assert any(answers({"id": i, "text": t}, wanted) for i, t in first), (query, first)
        if number == 0:
            person.screen("rules-search")
        page.keyboard.press("Escape")
        page.wait_for_selector(".rules-modal", state="detached")
    assert person.screens == ["bare-link", "watching", "table-waiting", "table-playing",
                              "chat-open", "end-screen", "replay", "replay-analysis", "rules-search"]


def replay(page: Any, person: Newcomer) -> None:
    """From the end screen into the replay of the deal just played: a few moves on (by
    keyboard on the desktop, by the step buttons on the phone) with every hand shown, then
    the analysis of the newcomer's own decisions, and what the expert would have played."""
    words = REPLAY_WORDS[person.lang]
    person.press(page.locator(".summary-modal").get_by_role("button", name=words["open"], exact=True))
    page.wait_for_selector(".summary-modal", state="detached")
    page.wait_for_selector(".replay-layout .sk-hand .hand-card")
    total = int(page.evaluate("() => window.saustallReplay.total"))
    seat = int(page.evaluate("() => window.saustallReplay.perspective"))
    assert page.evaluate("(s) => window.saustallReplay.names()[s]", seat) == "Anna"
    status = page.locator("#status")
    expect(status).to_contain_text(words["step"].format(k=0, n=total))
    assert total >= 4, f"a whole deal of {total} moves"
    assert_every_hand(page, 4)

    # A few moves on and one back: arrow keys on the desktop, the buttons under a finger.
    if person.device == "phone":
        for k in (1, 2, 3):
            person.press(page.get_by_role("button", name=words["next"], exact=True))
            expect(status).to_contain_text(words["step"].format(k=k, n=total))
        person.press(page.get_by_role("button", name=words["prev"], exact=True))
    else:
        page.locator("h1").click()  # the focus on the page, not in a control
        for k in (1, 2, 3):
            page.keyboard.press("ArrowRight")
            expect(status).to_contain_text(words["step"].format(k=k, n=total))
        page.keyboard.press("ArrowLeft")
    expect(status).to_contain_text(words["step"].format(k=2, n=total))
    assert page.input_value("#replay-slider") == "2"
    assert_every_hand(page, 4)
    person.screen("replay")

    # The analysis of the newcomer's own decisions: asked for, waited for (the server's bot
    # workers think it over), shown per move.
    go = page.get_by_role("button", name=words["analyse"].format(name="Anna"), exact=True)
    person.press(go)
    summary = page.locator("#analysis .analysis-summary")
    expect(summary).to_be_visible(timeout=ANALYSIS_WAIT_MS)
    analysis = page.evaluate("(s) => window.saustallReplay.analyses[s].analysis", seat)
    decisions = analysis["decisions"]
    assert analysis["seats"] == [seat] and decisions, "the newcomer made decisions"
    one, many = words["summary"]
    mistakes = sum(1 for d in decisions if d["mistake"])
    said = (one if len(decisions) == 1 else many).format(n=len(decisions), m=mistakes)
    expect(summary).to_contain_text(said)
    # The costliest decision is a tap away in the analysis' own list; a deal played as the
    # expert would have is stepped to through the list of moves.
    costly = max(decisions, key=lambda d: d["cost"])
    if costly["cost"] > 0:
        jump = page.locator(f"#analysis [data-jump='{costly['index'] + 1}']").first
        person.press(jump)
    else:
        if page.locator("#moves-box[open]").count() == 0:
            person.press(page.locator("#moves-box > summary"))
        person.press(page.locator(f".replay-move[data-step='{costly['index'] + 1}']"))
    expect(status).to_contain_text(words["step"].format(k=costly["index"] + 1, n=total))
    now = page.locator("#analysis .analysis-now")
    expect(now).to_contain_text(words["this"])
    if costly["best"] == costly["chosen"]:
        expect(now).to_contain_text(words["same"])
    else:
        expect(now).to_contain_text(words["best"])
    assert_every_hand(page, 4)
    person.screen("replay-analysis")


def assert_every_hand(page: Any, seats: int) -> None:
    """The replay shows every seat's hand as that seat's view holds it at this position."""
    hands = page.locator(".replay-hand-list li")
    expect(hands).to_have_count(seats)
    held = page.evaluate("""() => { const r = window.saustallReplay;
        return r.position(r.step).views.map((v) => v.hand.length); }""")
    for seat in range(seats):
        assert hands.nth(seat).locator(".replay-hand-cards svg").count() == held[seat], (seat, held)
    assert sum(held) > 0


def test_the_bare_link_host_leaves_two_seats_free(server: Any) -> None:
    """(The set-up the path relies on: a table whose creator left stays open and listed.)"""
    table_id = host_a_table(server)
    info = httpx.get(f"{server.url}/api/tables/{table_id}", timeout=10).json()
    assert [seat["kind"] for seat in info["seats"]] == ["empty", "bot", "bot", "empty"]
    listed = httpx.get(f"{server.url}/api/tables", timeout=10).json()["tables"]
    assert any(entry["table_id"] == table_id for entry in listed)
