"""The page words everything in the chosen language: table events, bot names, plurals,
sentences about "you", lists of winners, and the Saukopf scoring terms explained."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.conftest import DESKTOP, screenshot

pytestmark = pytest.mark.browser


def german_page(browser: Any, watched: Any) -> tuple[Any, Any]:
    """A fresh person whose browser speaks German."""
    ctx = browser.new_context(viewport=DESKTOP, locale="de-DE")
    return ctx, watched(ctx.new_page())


def test_german_log_words_table_events_and_keeps_the_name_a_line_was_written_with(
        server: Any, browser: Any, watched: Any) -> None:
    ctx, page = german_page(browser, watched)
    try:
        page.goto(server.url + "/")
        page.click(".game-tile[data-game=drecksau]")
        page.fill("#name", "Anna")
        page.select_option("#seats", "3")
        page.click("#create")
        page.wait_for_selector(".seat-list")
        # Table events are not replayed to a socket that opens later: join once it is open.
        page.wait_for_selector("#conn-dot.open")
        table_id = page.url.split("/t/")[1].split("?")[0]
        invite = page.url.split("invite=")[1]
        ben = server.api("POST", f"/api/tables/{table_id}/join",
                         json={"invite": invite, "name": "Ben"})["token"]
        page.locator(".seat.human").nth(1).wait_for()
        page.select_option("[data-level='2']", "heuristic")
        page.click("[data-addbot='2']")
        # The bot the server named "Heuristic bot 3" is a German bot here: a short name,
        # its level in German in the seat's tooltip and badge.
        bot = page.locator(".seat.bot .seat-name", has_text="Bot 3")
        bot.wait_for()
        assert bot.inner_text() == "Bot 3"
        assert bot.get_attribute("title") == "Bot 3 (Vernünftig)"
        assert page.inner_text(".seat.bot .badge.bot") == "Bot · Vernünftig"
        server.api("POST", f"/api/tables/{table_id}/ready", ben, json={"ready": True})
        page.wait_for_selector("#start:not([disabled])")
        page.click("#start")
        page.wait_for_selector(".game-layout #log li")
        server.api("POST", f"/api/tables/{table_id}/leave", ben)
        log = page.locator("#log")
        log.locator("li", has_text="ein Bot spielt Platz 2 weiter").wait_for()
        lines = log.inner_text()
        assert "Ben setzt sich auf Platz 2" in lines, lines
        assert "Bot 3 setzt sich auf Platz 3" in lines, lines
        # The level is said once, in the table's legend, not in every line naming the bot.
        assert "Vernünftig" not in lines, lines
        assert page.inner_text("#bot-legend") == "Bots: Vernünftig"
        assert "Spiel 1 beginnt" in lines, lines
        assert "Ben ist gegangen; ein Bot spielt Platz 2 weiter" in lines, lines
        # The old line keeps Ben's name: it is not "Ben (Bot): Ben ...".
        assert "(Bot): Ben" not in lines and "Ben (Bot): " not in lines.split("Spiel 1 beginnt")[0]
        for english in ("sat down", "started", "left", "Heuristic", "a bot plays"):
            assert english not in lines, (english, lines)
        # The page's own player is "du", not named in the third person.
        assert page.inner_text(".last-move") == "Du fängst an."
        # The players list names the stand-in in German too.
        page.locator(".side", has_text="Ben (Bot)").wait_for()
        screenshot(page, "words-german-log", full_page=False)
    finally:
        ctx.close()


T_IN = """([lang, key, params]) => import('/static/js/i18n.js').then((m) => {
    m.setLang(lang);
    return m.t(key, params);
})"""

LIST_IN = """([lang, names]) => import('/static/js/i18n.js').then((m) => {
    m.setLang(lang);
    return m.listOf(names);
})"""


@pytest.mark.parametrize(("lang", "key", "counts"), [
    ("en", "dk.handcount", {0: "0 cards in hand", 1: "1 card in hand", 2: "2 cards in hand"}),
    ("de", "dk.handcount", {1: "1 Karte auf der Hand", 2: "2 Karten auf der Hand"}),
    # French says "0 carte": the language's own plural rule, not "n == 1"
    ("fr", "dk.handcount", {0: "0 carte en main", 1: "1 carte en main", 2: "2 cartes en main"}),
    ("en", "sk.tricks", {1: "1 trick", 2: "2 tricks"}),
    ("de", "sk.cards", {1: "1 Karte", 8: "8 Karten"}),
    ("en", "pg.left", {1: "1 card left", 5: "5 cards left"}),
    ("fr", "pg.picked", {1: "1 carte sur 2 choisie", 2: "2 cartes sur 2 choisies"}),
    ("fr", "lobby.free", {1: "1 place libre sur 4", 3: "3 places libres sur 4"}),
    ("en", "dk.exchange.go", {1: "Swap 1 card", 3: "Swap 3 cards"}),
    ("en", "dk.turns", {1: "1 turn played.", 16: "16 turns played."}),
    ("fr", "dk.prettycount", {1: "1 belle", 3: "3 belles"}),
])
def test_counts_take_the_plural_form_of_the_language(page: Any, server: Any, lang: str, key: str,
                                                     counts: dict[int, str]) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    for n, words in counts.items():
        assert page.evaluate(T_IN, [lang, key, {"n": n, "seats": 4}]) == words


def test_no_plural_key_of_one_language_is_missing_in_another(page: Any, server: Any) -> None:
    """A count sentence with a singular form in English has one in every language (or is
    written so that no count needs it), and no singular form writes a fixed 1."""
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    # the page's own strings and the games' (from the catalogue), together per language
    langs = page.evaluate("""() => import('/static/js/i18n.js').then((m) => Object.fromEntries(
        Object.keys(m.LANGS).map((l) => [l, {...m.LANGS[l], ...m.GAME_TEXTS[l]}])))""")
    assert "dk.handcount" in langs["fr"] and "common.loading" in langs["fr"]
    singular = [key for key in langs["en"] if key.endswith(".one")]
    for lang, table in langs.items():
        for key, text in table.items():
            if key.endswith(".one"):
                assert "{n}" in text or not re.search(r"\b1\b", text), (lang, key, text)
        # the plain key is the plural form: a language that has it needs its singular too
        missing = [key for key in singular if key[:-4] in table and key not in table]
        assert not missing, (lang, missing)


def test_several_winners_are_one_list_with_a_plural_verb(page: Any, server: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    names = ["Neu", "Bot 2"]
    assert page.evaluate(LIST_IN, ["de", names]) == "Neu und Bot 2"
    de = page.evaluate(LIST_IN, ["de", names])
    assert page.evaluate(T_IN, ["de", "status.won", {"names": de, "count": 2}]) == (
        "Spiel aus: Neu und Bot 2 haben gewonnen")
    assert page.evaluate(T_IN, ["de", "status.won", {"names": "Neu", "count": 1}]) == (
        "Spiel aus: Neu hat gewonnen")
    fr = page.evaluate(LIST_IN, ["fr", ["Anna", "Ben", "Bot 4"]])
    assert fr == "Anna, Ben et Bot 4"
    assert page.evaluate(T_IN, ["fr", "summary.winner", {"names": fr, "count": 3}]) == (
        "Anna, Ben et Bot 4 ont gagné !")
    assert page.evaluate(T_IN, ["fr", "summary.winner", {"names": "Anna", "count": 1}]) == (
        "Anna a gagné !")
    assert page.evaluate(T_IN, ["de", "table.waitready", {"names": "Anna und Ben", "count": 2}]) == (
        "Warte, bis Anna und Ben bereit sind.")
    assert page.evaluate(T_IN, ["de", "table.waitready", {"names": "Ben", "count": 1}]) == (
        "Warte, bis Ben bereit ist.")
    assert page.evaluate(T_IN, ["en", "summary.youwon", {"count": 1}]) == "You won. Well played!"
    assert page.evaluate(T_IN, ["de", "summary.youwon", {"count": 2}]) == (
        "Du teilst dir den Sieg. Gut gespielt!")


SAUKOPF_SUMMARY = """([lang, result]) => Promise.all([import('/static/js/i18n.js'),
        import('/static/js/games/saukopf.js'), import('/static/js/dom.js')]).then(([i18n, m, dom]) => {
    i18n.setLang(lang);
    const view = {players: 4, results: [result],
                  ledger: {meat: [3, 0, 3, 0], roughness: [0, 1, 0, 0], net: [3, -1, 3, 0],
                           schlachtmeister: [0, 2], oberrauborstler: [1]}};
    const box = document.createElement('div');
    box.id = 'sk-test';
    document.body.append(box);
    dom.render(box, m.default.summary({view, names: ['Neu', 'Bot 2', 'Cleo', 'Dora']}));
    return box.innerText;
})"""

DEAL = {"deal": 1, "game": "sauerei gras", "bid": 90, "declarer": 0, "partner": 2,
        "declarer_won": False, "declarer_points": 50, "opponent_points": 70,
        "laufende": "ohne 1", "kontra": None, "re": None, "thrown_in": False,
        "meat_items": [["Schlachtung", 2], ["Mit Schwarte (mit 1)", 1]], "multiplier": 1,
        "winners": [1, 3], "meat": [0, 3, 0, 3],
        "roughness_items": [[0, "Übergrunzer (bid 90)", 1], [0, "Spießer", 1]]}


def test_saukopf_result_names_the_party_and_explains_each_term(page: Any, server: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    text = page.evaluate(SAUKOPF_SUMMARY, ["de", {**DEAL, "declarer": 1, "partner": 3,
                                                  "declarer_won": True}])
    assert "Bot 2 und Dora gewinnen mit 50 Augen" in text, text
    assert "&" not in text
    page.evaluate("document.querySelector('#sk-test').remove()")
    text = page.evaluate(SAUKOPF_SUMMARY, ["fr", DEAL])
    assert "Neu et Cleo perdent avec 50 points" in text, text
    # The terms stay as the card names them; English words around them are worded.
    assert "Matadors : ohne 1" in text and "Übergrunzer (enchère 90)" in text, text
    assert "bid 90" not in text
    terms = page.locator("#sk-test details.sk-term")
    assert terms.count() == 5  # Matadors, Schlachtung, Mit Schwarte, Übergrunzer, Spießer
    spiesser = page.locator("#sk-test details.sk-term[data-term=spiesser]")
    # Hover: the title says what it means; tap: the explanation opens under the term.
    title = spiesser.locator("summary").get_attribute("title")
    assert title and "am Spieß" in title and "rudesse" in title, title
    assert not spiesser.locator(".sk-term-text").is_visible()
    spiesser.locator("summary").click()
    assert spiesser.locator(".sk-term-text").is_visible()
    assert spiesser.locator(".sk-term-text").inner_text() == title
    for slug in ("laufende", "schlachtung", "schwarte", "uebergrunzer"):
        summary = page.locator(f"#sk-test details.sk-term[data-term={slug}] summary")
        assert summary.get_attribute("title"), slug
    screenshot(page, "words-saukopf-terms-french", full_page=False)


LAST_DEAL_LINE = """([lang, result]) => Promise.all([import('/static/js/i18n.js'),
        import('/static/js/games/saukopf.js'), import('/static/js/dom.js')]).then(([i18n, m, dom]) => {
    i18n.setLang(lang);
    const box = document.createElement('div');
    dom.render(box, m.resultLine(result, ['Neu', 'Bot 2', 'Cleo', 'Dora']));
    return box.textContent;
})"""


@pytest.mark.parametrize(("lang", "partner", "won", "words"), [
    ("fr", None, False, "Neu perd avec 50 points contre 70."),
    ("de", None, True, "Neu gewinnt mit 50 Augen gegen 70."),
    ("de", 1, True, "Neu und Bot 2 gewinnen mit 50 Augen gegen 70."),
    ("en", 2, False, "Neu and Cleo lost with 50 card points against 70."),
])
def test_the_last_deal_line_agrees_with_the_party(page: Any, server: Any, lang: str,
                                                  partner: int | None, won: bool,
                                                  words: str) -> None:
    """The one line above the bidding: a player declaring alone takes the singular verb,
    a party of two is one list in the page's language (no "&")."""
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    line = page.evaluate(LAST_DEAL_LINE, [lang, {**DEAL, "partner": partner, "declarer_won": won}])
    assert line.endswith(words), line
    assert "&" not in line


PIGASUS_WORDS = """([lang, outcome, holders]) => Promise.all([import('/static/js/i18n.js'),
        import('/static/js/games/pigasus.js')]).then(([i18n, m]) => {
    i18n.setLang(lang);
    const names = ['Anna', 'Ben', 'Cleo'];
    const view = {phase: 'held', outcome, pigasus: {holders: holders.map((p) => ({player: p}))},
                  dealer: 1, deck_count: 1};
    return {result: m.outcomeText(view, names, 0).text,
            held: m.default.statusHint({view, names, seat: 0})};
})"""


@pytest.mark.parametrize(("lang", "outcome", "holders", "result", "held"), [
    ("en", [{"player": 0, "result": "crowded"}], [0],
     "You were too slow to share", "You grabbed the Pigasus!"),
    ("en", [{"player": 1, "result": "crowded"}], [1, 2],
     "Ben was too slow to share", "Ben and Cleo grabbed the Pigasus!"),
    ("en", [{"player": 0, "result": "right", "cards": ["EP"]}], [0, 1],
     "Right grab! +1 card for you", "You and Ben grabbed the Pigasus!"),
    ("de", [{"player": 0, "result": "wrong", "paid": 2}], [1],
     "Falsch geschnappt: du legst 2 Karten zurück in die Schachtel",
     "Ben hat den Pigasus geschnappt!"),
    ("fr", [{"player": 0, "result": "split"}], [0, 2],
     "Vous partagez la paire", "Vous et Cleo avez attrapé le Pigasus !"),
    # A wrong grab with nothing collected yet: nothing goes back, not "0 cards" (issue 28).
    ("en", [{"player": 0, "result": "wrong", "paid": 0}], [1],
     "Wrong grab: you have no cards yet, so none go back", "Ben grabbed the Pigasus!"),
    ("en", [{"player": 1, "result": "wrong", "paid": 0}], [2],
     "Wrong grab by Ben: no cards yet, so none go back", "Cleo grabbed the Pigasus!"),
    ("de", [{"player": 1, "result": "wrong", "paid": 0}], [2],
     "Falsch geschnappt von Ben: noch keine Karten, also geht keine zurück",
     "Cleo hat den Pigasus geschnappt!"),
])
def test_sentences_about_you_start_with_a_capital_and_agree(
        page: Any, server: Any, lang: str, outcome: list[dict[str, Any]], holders: list[int],
        result: str, held: str) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    words = page.evaluate(PIGASUS_WORDS, [lang, outcome, holders])
    assert words == {"result": result, "held": held}


def test_a_game_with_one_player_count_and_one_edition_is_not_said_twice(
        page: Any, server: Any) -> None:
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=saukopf]")
    editions = page.inner_text("main")
    assert "4–4" not in editions and "4 players" in editions, editions
    page.click("#quick")
    page.wait_for_selector(".game-layout .status-bar")
    assert "Saukopf · Saukopf" not in page.inner_text("main")


@pytest.mark.own_server  # reads the lobby's list of public tables
def test_the_lobby_lists_bots_by_their_name_in_the_page_language(
        server: Any, browser: Any, watched: Any) -> None:
    server.api("POST", "/api/tables", json={"game": "drecksau", "seats": 3, "name": "Anna",
                                            "public": True, "bots": ["heuristic"]})
    ctx, page = german_page(browser, watched)
    try:
        page.goto(server.url + "/")
        entry = page.locator(".table-list li", has_text="Anna")
        entry.wait_for()
        # A short name for the bot, its level said once after the names.
        assert "Anna, Bot 2 · Bots: Vernünftig ·" in entry.inner_text()
        assert "Heuristic" not in entry.inner_text()
        # The game and edition in the page's words, not the server's English title.
        assert entry.locator("strong").inner_text() == "Drecksau · Dirty Pig (englische Ausgabe)"
        assert "English edition" not in entry.inner_text()
    finally:
        ctx.close()


BOT_WORDS_IN = """([lang, labels]) => Promise.all([import('/static/js/i18n.js'), import('/static/js/lobby.js')])
  .then(([i18n, lobby]) => {
    i18n.setLang(lang);
    return {names: labels.map((l) => lobby.personName(l)), titles: labels.map((l) => lobby.personTitle(l)),
            legend: lobby.botLegend(labels)};
  })"""


@pytest.mark.parametrize(("lang", "legend", "title", "mixed"), [
    ("en", "Bots: Club player", "Bot 2 (Club player)", "Bots: Bot 2 (Club player) and Bot 3 (Expert)"),
    ("de", "Bots: Vereinsspieler", "Bot 2 (Vereinsspieler)", "Bots: Bot 2 (Vereinsspieler) und Bot 3 (Profi)"),
    ("fr", "Bots : Joueur de club", "Bot 2 (Joueur de club)", "Bots : Bot 2 (Joueur de club) et Bot 3 (Expert)"),
])
def test_a_bot_seat_has_a_short_name_and_its_level_is_said_once(
        page: Any, server: Any, lang: str, legend: str, title: str, mixed: str) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    anna = {"name": "Anna"}
    club = [anna, {"name": "Club bot 2", "bot": "club", "number": 2},
            {"name": "Club bot 3", "bot": "club", "number": 3}]
    words = page.evaluate(BOT_WORDS_IN, [lang, club])
    # Short names on the seats (a phone has room for them), people's names as typed.
    assert words["names"] == ["Anna", "Bot 2", "Bot 3"]
    assert words["titles"][:2] == [None, title]
    assert words["legend"] == legend
    mixed_labels = [anna, club[1], {"name": "Expert bot 3", "bot": "expert", "number": 3}]
    assert page.evaluate(BOT_WORDS_IN, [lang, mixed_labels])["legend"] == mixed
    assert page.evaluate(BOT_WORDS_IN, [lang, [anna]])["legend"] == ""
