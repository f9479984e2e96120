"""Choosing a bot level in the browser: named levels first, the default preselected, each
explained in the page's language."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser


def level_choices(page: Any, select: str) -> list[tuple[str, str]]:
    """(group label, option value) for every option of the ``select``, in order."""
    found: list[tuple[str, str]] = page.eval_on_selector_all(
        f"{select} option", "els => els.map(o => [o.parentElement.label || '', o.value])")
    return [tuple(pair) for pair in found]  # type: ignore[misc]


def test_lobby_offers_named_levels_first_with_club_preselected_and_explained(
        server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=pigasus]")
    assert level_choices(page, "#botlevel") == [
        ("Levels", "beginner"), ("Levels", "club"), ("Levels", "expert"),
        ("Other bots", "random"),  # every game has it
        ("Other bots", "slow"), ("Other bots", "casual"), ("Other bots", "sharp")]
    assert page.input_value("#botlevel") == "club"
    assert page.inner_text("#botlevel-desc") == "Reacts in about 1.5 s: an even game for a newcomer."
    page.select_option("#botlevel", "slow")
    assert page.inner_text("#botlevel-desc") == ("Earlier level: about 1.8 s, misses almost "
                                                 "half the pairs.")
    page.select_option("#botlevel", "beginner")
    assert "about 2 s" in page.inner_text("#botlevel-desc")
    page.select_option("#lang-select", "de")  # the choice survives, now in German
    assert page.input_value("#botlevel") == "beginner"
    assert page.inner_text("#botlevel-desc").startswith("Reagiert in etwa 2 s")
    assert page.inner_text("#botlevel option[value=club]") == "Vereinsspieler"
    page.select_option("#lang-select", "fr")
    page.select_option("#botlevel", "expert")
    assert page.inner_text("#botlevel-desc") == "Réagit en moins d'une seconde : pour les yeux vifs."


def test_add_bot_at_a_table_seats_the_default_level(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=pigasus]")
    page.fill("#name", "Anna")
    page.select_option("#seats", "3")
    page.click("#create")
    page.wait_for_selector("[data-addbot='1']")
    assert page.input_value("[data-level='1']") == "club"
    page.click("[data-addbot='1']")
    badge = page.locator(".seat.bot[data-seat='1'] .badge.bot")
    badge.wait_for()
    assert badge.inner_text().endswith("Club player")
    assert badge.get_attribute("title") == "Reacts in about 1.5 s: an even game for a newcomer."


def test_the_level_picker_shows_each_levels_measured_rating(server: Any, page: Any) -> None:
    """The rating of the chosen level under its description, from the catalogue's
    figures, in the page's language and its way of writing numbers; none for a level
    that was not measured."""
    games = httpx.get(server.url + "/api/games").json()["games"]
    pigasus = next(g for g in games if g["game"] == "pigasus")
    rated = next(r for r in pigasus["rulesets"] if r["name"] == "pigasus")["bot_level_ratings"]
    club, expert = rated["club"], rated["expert"]
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=pigasus]")
    assert page.input_value("#botlevel") == "club"
    assert page.inner_text("#botlevel-rating") == (
        f"Measured: someone who spots a pair in {club['figure']:.2f} s (95%: "
        f"{club['low']:.2f} to {club['high']:.2f}) wins half the games against two of "
        f"these bots.")
    # text, never markup built from the data
    assert page.eval_on_selector("#botlevel-rating", "e => e.children.length") == 0
    page.select_option("#botlevel", "slow")  # an earlier bot, never measured
    assert page.is_hidden("#botlevel-rating")
    page.select_option("#botlevel", "expert")
    assert page.is_visible("#botlevel-rating")
    figure = f"{expert['figure']:.2f}"
    assert f"in {figure} s" in page.inner_text("#botlevel-rating")
    page.select_option("#lang-select", "de")
    assert page.inner_text("#botlevel-rating").startswith(
        f"Gemessen: wer ein Paar in {figure.replace('.', ',')} s (95 %: ")
    page.select_option("#lang-select", "fr")
    assert page.inner_text("#botlevel-rating").startswith(
        f"Mesuré : qui repère une paire en {figure.replace('.', ',')} s")


def test_the_yardstick_of_a_scale_is_named_as_such(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=saukopf]")
    assert page.input_value("#botlevel") == "club"
    assert page.inner_text("#botlevel-rating") == (
        "The yardstick: the other levels are rated in net points a deal against it.")
    page.select_option("#botlevel", "beginner")
    assert "net points a deal against Club players" in page.inner_text("#botlevel-rating")


def test_a_learned_policy_is_offered_only_at_the_table_it_plays(server: Any, page: Any) -> None:
    """``policy:dirty-pig-2p`` plays 2-player Dirty Pig only: the picker lists it (with its
    measured rating) at that ruleset and size, and drops it when the seats or the ruleset
    change; a quick game with it starts."""
    policy = "policy:dirty-pig-2p"
    games = httpx.get(server.url + "/api/games").json()["games"]
    drecksau = next(g for g in games if g["game"] == "drecksau")
    rated = next(r for r in drecksau["rulesets"] if r["name"] == "dirty-pig")["bot_level_ratings"]
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=drecksau]")
    page.check("input[name=ruleset][value=dirty-pig]")
    page.select_option("#seats", "2")
    assert level_choices(page, "#botlevel")[-1] == ("Other bots", policy)
    assert page.inner_text(f"#botlevel option[value='{policy}']") == "Learned (2 players)"
    page.select_option("#botlevel", policy)
    assert page.inner_text("#botlevel-desc").startswith("A small neural network")
    assert page.inner_text("#botlevel-rating").startswith(
        f"Measured: Elo {rated[policy]['figure']:.0f} (95%: {rated[policy]['low']:.0f} to ")
    page.select_option("#seats", "3")  # it plays two players only
    assert policy not in [value for _, value in level_choices(page, "#botlevel")]
    assert page.input_value("#botlevel") == "club"  # back to the default
    assert page.inner_text("#botlevel-desc").startswith("A real game")
    page.select_option("#seats", "2")
    page.select_option("#botlevel", policy)
    page.check("input[name=ruleset][value=sauschoen]")  # another ruleset: not offered
    assert policy not in [value for _, value in level_choices(page, "#botlevel")]
    page.check("input[name=ruleset][value=dirty-pig]")
    page.select_option("#seats", "2")
    page.select_option("#botlevel", policy)
    page.click("#quick")  # plays at once against it
    page.wait_for_url("**/t/**")
    table_id = page.url.split("/t/")[1].split("?")[0]
    seats = httpx.get(f"{server.url}/api/tables/{table_id}").json()["seats"]
    assert [s["bot_level"] for s in seats] == [None, policy]
