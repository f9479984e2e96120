"""The rules dialog answers questions: every decision in docs/rules/*.md has a question
and answer in English, German and French, a search box finds them, and a refused move
links to the decision it breaks."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.conftest import DESKTOP, ROOT, screenshot
from tests.web.players import start_quick_game, wait_for_turn_or_end

pytestmark = pytest.mark.browser

RULES = ROOT / "docs" / "rules"
# How each reference names its decisions: headings "### D5. ..." (Drecksau), or the first
# column of the decisions table, "| S5 |" (Saukopf) and "| P5 |" (Pigasus).
DECISION = re.compile(r"^(?:### (D\d+)\.|\| ([SP]\d+) \|)", re.M)


def decisions(game: str) -> list[str]:
    """The ids of every decision in ``docs/rules/<game>.md``, in order."""
    text = (RULES / f"{game}.md").read_text(encoding="utf-8")
    return [a or b for a, b in DECISION.findall(text)]


def test_the_references_number_their_decisions() -> None:
    # so that a decision added without an id cannot slip past the check below
    for game, prefix, least in (("drecksau", "D", 16), ("saukopf", "S", 18), ("pigasus", "P", 29)):
        ids = decisions(game)
        assert len(ids) >= least, (game, ids)
        assert ids == [f"{prefix}{n}" for n in range(1, len(ids) + 1)], (game, ids)
    saukopf = (RULES / "saukopf.md").read_text(encoding="utf-8")
    table = saukopf.split("## Decisions on loose ends")[1].split("\n## ")[0]
    rows = [line for line in table.splitlines() if line.startswith("| ") and "---" not in line]
    assert len(rows) - 1 == len(decisions("saukopf"))  # every row but the header has an id
    pigasus = (RULES / "pigasus.md").read_text(encoding="utf-8")
    table = pigasus.split("\n## Decisions\n")[1].split("\n## ")[0]
    rows = [line for line in table.splitlines() if line.startswith("| ") and "---" not in line]
    assert len(rows) - 1 == len(decisions("pigasus"))


QUESTIONS = """() => import('/static/js/rules.js').then((m) => {
    const out = {};
    for (const lang of ['en', 'de', 'fr']) {
        out[lang] = {};
        for (const game of m.ruleGames()) out[lang][game] = m.questions(game, lang);
    }
    return out;
})"""

# Each language's own entries per game, as the renderers offer them: {lang: {game: qa}}.
OWN_ENTRIES = """() => Promise.all([import('/static/js/rules.js'), import('/static/js/games/index.js')])
    .then(([rules, games]) => Object.fromEntries(['en', 'de', 'fr'].map((l) => [l,
        Object.fromEntries(rules.ruleGames().map((g) => [g, games.gameModule(g).rules.qa[l]]))])))"""

CITES = """() => Promise.all([import('/static/js/rules.js'), import('/static/js/games/index.js')])
    .then(([rules, games]) => Object.fromEntries(rules.ruleGames().map((g) =>
        [g, games.gameModule(g).rules.cites])))"""


def test_every_decision_has_a_question_and_answer_in_every_language(page: Any, server: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    own = page.evaluate(OWN_ENTRIES)  # each language's own entries, no English fallback
    for game in ("drecksau", "saukopf", "pigasus"):
        wanted = decisions(game)
        for lang, entries in own.items():
            ids = [entry[0] for entry in entries[game]]
            assert ids == wanted, (lang, game, set(wanted) ^ set(ids))
            for ident, question, answer in entries[game]:
                assert question.strip() and answer.strip(), (lang, ident)
                assert len(answer) > 15, (lang, ident, answer)
        for lang in ("de", "fr"):  # translated, not English copies
            same = [e[0] for e, english in zip(own[lang][game], own["en"][game])
                    if e[1] == english[1] or e[2] == english[2]]
            assert not same, (lang, game, same)


def test_every_cited_rule_points_at_a_decision_that_exists(page: Any, server: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    cites = page.evaluate(CITES)
    assert set(cites) == {"drecksau", "saukopf", "pigasus"}
    for game, rules in cites.items():
        assert set(rules.values()) <= set(decisions(game)), game


def test_the_rules_search_finds_a_decision_in_the_chosen_language(page: Any, server: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    page.select_option("#lang-select", "de")
    page.click("#rules-btn")
    page.wait_for_selector(".rules-modal .rules-qa details.qa")
    # Without a query: the game's rules and all its questions.
    assert page.locator(".rules-qa details.qa").count() == len(decisions("drecksau"))
    page.fill("#rules-q", "regen")
    page.wait_for_selector("#qa-D4")
    found = page.locator(".rules-qa details.qa")
    assert 1 <= found.count() < len(decisions("drecksau"))
    answer = page.locator("#qa-D4")
    assert answer.get_attribute("open") is not None  # the answer shows at once
    assert "Regen geht immer" in answer.inner_text()
    assert page.locator(".rules-text").is_hidden()
    assert "gefunden" in page.inner_text("#rules-count")
    # A search looks through every game: "Kontra" is Saukopf's; "Spiess" finds "Spieß".
    page.fill("#rules-q", "kontra re")
    page.wait_for_selector("#qa-S12")
    page.fill("#rules-q", "spiess")
    page.wait_for_selector("#qa-S18")
    page.fill("#rules-q", "xylophon")
    page.locator("#rules-count", has_text="Keine Antwort").wait_for()
    assert page.locator(".rules-qa details").count() == 0
    assert "Keine Antwort passt zu „xylophon“." in page.inner_text("#rules-count")
    page.fill("#rules-q", "")
    assert page.locator(".rules-text").is_visible()
    screenshot(page, "rules-search-german", full_page=False)


def test_a_refused_move_links_to_the_decision_it_breaks(server: Any, page: Any) -> None:
    start_quick_game(page, server.url, "drecksau", seats=2, level="random")
    assert wait_for_turn_or_end(page)
    # Passing with cards in hand breaks "pass only when empty" (D8, running out of cards).
    page.evaluate("() => window.saustallDebug.act('pass')")
    link = page.wait_for_selector(".toast button.why", timeout=5000)
    assert link.inner_text() == "Why? Rule D8"
    assert "pass" in page.inner_text(".toast")
    link.click()
    cited = page.wait_for_selector(".rules-modal #qa-D8.cited")
    assert cited.get_attribute("open") is not None and cited.is_visible()
    assert "pass" in cited.inner_text()
    assert page.evaluate("document.activeElement.closest('#qa-D8') !== null")
    assert page.locator(".rules-modal .tab[aria-selected=true]").inner_text() == "Drecksau"
    screenshot(page, "rules-cited-passage", full_page=False)


def test_the_toast_link_speaks_the_page_language(server: Any, browser: Any, watched: Any) -> None:
    ctx = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    try:
        page = watched(ctx.new_page())
        start_quick_game(page, server.url, "drecksau", seats=2, level="random")
        assert wait_for_turn_or_end(page)
        page.evaluate("() => window.saustallDebug.act('pass')")
        link = page.wait_for_selector(".toast button.why", timeout=5000)
        assert link.inner_text() == "Pourquoi ? Règle D8"
        link.click()
        cited = page.wait_for_selector(".rules-modal #qa-D8.cited")
        assert "passer" in cited.inner_text()
    finally:
        ctx.close()
