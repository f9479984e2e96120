"""The rules dialog's search answers questions as people ask them: it ranks the rules text
and the questions and answers together, in the page's language, forgiving of word forms,
accents and stop words, with the game's own words for what people type (issue 28, "Rules
that answer"). A result links to its passage."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.a11y import serious_violations, serve_axe
from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser

# (language, game tab, question, what answers it): the answering passage must be among the
# first three results, found by its Q&A id or by a distinctive phrase of the rules text.
QUESTIONS = [
    ("en", "drecksau", "can I play rain when my pigs are in a barn?", ["qa-D4", "except pigs in a barn"]),
    ("en", "saukopf", "what if everyone passes", ["qa-S4", "If all squeak again"]),
    ("en", "saukopf", "who plays first", ["The player left of the dealer plays first"]),
    ("en", "drecksau", "who plays first", ["qa-D15"]),
    ("en", "saukopf", "must I follow suit", ["Follow the suit led"]),
    ("fr", "saukopf", "contre", ["qa-S12", "Coup de sabot (Kontra)"]),
    ("de", "drecksau", "Kann ich Regen spielen, wenn meine Schweine im Stall sind?",
     ["qa-D4", "außer denen im Stall"]),
    ("de", "saukopf", "Was passiert, wenn alle passen?", ["qa-S4", "Quieken wieder alle"]),
    ("de", "saukopf", "Muss ich Farbe bedienen?", ["Angespielte Farbe bedienen"]),
    ("de", "saukopf", "Wer spielt zuerst aus?", ["spielt zuerst aus"]),
    ("fr", "saukopf", "Est-ce que je dois fournir la couleur ?", ["Fournir la couleur demandée"]),
    ("fr", "saukopf", "que se passe-t-il si tout le monde passe ?", ["qa-S4", "tout le monde couine encore"]),
    ("fr", "drecksau", "Puis-je jouer la pluie quand mes cochons sont dans la grange ?",
     ["qa-D4", "sauf ceux qui sont dans une grange"]),
    ("de", "saukopf", "kontra", ["qa-S12", "Huftritt (Kontra)"]),
]

SEARCH = """([lang, game, query]) => import('/static/js/rules.js').then((m) =>
    m.searchRules(lang, query, game).map((h) => ({id: h.kind === 'qa' ? 'qa-' + h.id : h.id,
        text: h.kind === 'qa' ? h.entry.q + ' ' + h.entry.a : h.text})))"""


def answers(hit: dict[str, str], wanted: list[str]) -> bool:
    return any(w == hit["id"] or (not w.startswith("qa-") and w in hit["text"]) for w in wanted)


def test_the_ranking_puts_the_answer_in_the_first_three(page: Any, server: Any) -> None:
    # JS level: the module the dialog uses, imported into the page.
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    missed = []
    for lang, game, query, wanted in QUESTIONS:
        hits = page.evaluate(SEARCH, [lang, game, query])
        if not any(answers(h, wanted) for h in hits[:3]):
            missed.append((lang, query, [h["id"] + " " + h["text"][:50] for h in hits[:3]]))
    assert not missed, missed
    assert page.evaluate(SEARCH, ["en", "saukopf", "xqzzv blorp"]) == []
    assert page.evaluate(SEARCH, ["fr", "saukopf", "le la de"]) == []  # only stop words


FOLDING = """() => import('/static/js/search.js').then((m) => [
    [m.terms('Spieß Schweine Ställe', 'de'), m.terms('spiess schwein STALL', 'de')], m.terms('passes passed passing', 'en'),
    m.terms("Quand l'équipe couinent", 'fr'), m.terms('can I play rain when my pigs', 'en')])"""


def test_words_are_folded_stemmed_and_stop_words_dropped(page: Any, server: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    german, english, french, question = page.evaluate(FOLDING)
    assert german[0] == german[1] and len(german[0]) == 3
    assert english == ["pass", "pass", "pass"]
    assert french == ["equip", "couin"]
    assert question == ["play", "rain", "pig"]


def ask(page: Any, lang: str, game: str, query: str) -> Any:
    page.select_option("#lang-select", lang)
    page.click("#rules-btn")
    page.wait_for_selector(".rules-modal .rules-text p")
    page.click(f".rules-modal .tab[data-game={game}]")
    page.fill("#rules-q", query)
    page.wait_for_selector(".rules-results, #rules-count:has-text('\u201c'), #rules-count:has-text('\u00ab')")
    return page.locator(".rules-results > li.hit")


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_dialog_finds_the_passage_and_links_to_it(page: Any, server: Any, lang: str) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    for q_lang, game, query, wanted in QUESTIONS:
        if q_lang != lang:
            continue
        results = ask(page, lang, game, query)
        assert results.count() >= 1, query
        ids = [results.nth(i).get_attribute("data-passage") for i in range(min(3, results.count()))]
        texts = [results.nth(i).inner_text() for i in range(len(ids))]
        assert any(answers({"id": i, "text": t}, wanted) for i, t in zip(ids, texts)), (query, ids, texts)
        # The count is announced in the live region, and the first result is a key away.
        assert page.get_attribute("#rules-count", "aria-live") == "polite"
        assert page.inner_text("#rules-count")
        page.press("#rules-q", "ArrowDown")
        assert page.evaluate("document.activeElement.closest('.rules-results li.hit') !== null")
        page.keyboard.press("Escape")
        page.wait_for_selector(".rules-modal", state="detached")
    # Nonsense finds nothing, and says so.
    results = ask(page, lang, "saukopf", "xqzzv blorp")
    assert results.count() == 0
    none = {"en": "No answer matches", "de": "Keine Antwort passt", "fr": "Aucune réponse ne correspond"}
    assert none[lang] in page.inner_text("#rules-count")


def test_a_rules_passage_found_scrolls_to_it_marked(page: Any, server: Any) -> None:
    serve_axe(page)
    page.goto(server.url + "/")
    page.wait_for_selector(".game-tile")
    results = ask(page, "en", "drecksau", "must I follow suit")  # Saukopf's, from Drecksau's tab
    link = page.locator(".rules-results .hit-link", has_text="Follow the suit led").first
    target = link.get_attribute("data-target")
    assert target and target.startswith("rules-saukopf-")
    assert results.count() >= 1
    screenshot(page, "rules-search-results", full_page=False)
    found = serious_violations(page)  # the results list passes axe-core (WCAG 2.1 AA)
    assert not found, found
    link.focus()
    page.keyboard.press("Enter")
    marked = page.wait_for_selector(f".rules-text #{target}.hit-mark")
    assert "Follow the suit led" in marked.inner_text()
    assert marked.is_visible()
    assert page.evaluate(f"document.activeElement.id === '{target}'")
    assert page.locator(".rules-modal .tab[aria-selected=true]").inner_text() == "Saukopf"
    assert page.input_value("#rules-q") == ""
    screenshot(page, "rules-search-passage", full_page=False)
    # An answer found opens in place.
    page.fill("#rules-q", "who starts")
    page.wait_for_selector(".rules-results #qa-D15[open]")
