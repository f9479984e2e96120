"""The bot levels' measured strength in the catalogue (``bot_level_ratings`` per ruleset,
docs/protocol.md): what the lobby's level picker shows, in words it has in every
language."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

import saustall.bots.base as base
from saustall.bots.base import LevelRating, level_rating, offered_levels, \
    register_level_rating
from saustall.bots.describe import describe_level, rating_text, rating_unit
from saustall.core import registry
from saustall.server.catalogue import catalogue, ratings_for

LANG_DIR = Path(__file__).resolve().parents[2] / "src/saustall/web/static/js/lang"


@pytest.fixture
def ratings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Registrations made in a test stay in it."""
    level_rating("pigasus", "club")  # the built-in bots and their ratings, registered
    monkeypatch.setattr(base, "_RATINGS", copy.deepcopy(base._RATINGS))


def test_every_game_rates_every_named_level_in_its_main_ruleset() -> None:
    for game in catalogue()["games"]:
        entry = next(r for r in game["rulesets"] if r["name"] == game["default_ruleset"])
        rated = entry["bot_level_ratings"]
        assert set(game["named_bot_levels"]) <= set(rated), (game["game"], sorted(rated))
        for level, shown in rated.items():
            rating = level_rating(game["game"], level, entry["name"])
            assert rating is not None
            assert shown["figure"] == rating.figure and shown["unit"] == rating.unit
            assert shown["text"] == rating_text(rating, game["game"])
            assert shown["decimals"] == rating_unit(rating.unit, game["game"]).decimals
            if shown["low"] is not None:
                assert shown["low"] <= shown["figure"] <= shown["high"]
            assert shown["measured"] and isinstance(shown["provisional"], bool)
    json.dumps(catalogue())  # JSON as it is sent


def test_the_lobby_words_every_scale_in_every_language() -> None:
    # the page's own words frame a rating; each game words its own scales (its texts)
    games = catalogue()["games"]
    assert any(r["bot_level_ratings"] for game in games for r in game["rulesets"])
    for code in ("en", "de", "fr"):
        words = (LANG_DIR / f"{code}.js").read_text(encoding="utf-8")
        for key in ["rating.line", "rating.interval", "rating.provisional"]:
            assert re.search(rf'^\s*"{re.escape(key)}": "(.*)",$', words, re.M), (code, key)
        for game in games:
            units = {shown["unit"] for r in game["rulesets"]
                     for shown in r["bot_level_ratings"].values()}
            for unit in units:
                text = game["texts"].get(code, {}).get(f"rating.{unit}")
                assert text, (code, game["game"], unit)
                assert "{figure}" in text and "{interval}" in text, (code, unit)


def test_a_rating_is_shown_only_in_the_ruleset_it_was_measured_in(ratings: None) -> None:
    register_level_rating("saukopf", "club", LevelRating(
        0.0, "net_vs_club", "the yardstick", ruleset="saukopf"))
    assert "club" in ratings_for("saukopf", "saukopf")
    assert "club" not in ratings_for("saukopf", "dreihaxer")
    # one measured for every ruleset stands in where none was measured
    register_level_rating("saukopf", "club", LevelRating(0.5, "net_vs_club", "anywhere"))
    assert ratings_for("saukopf", "dreihaxer")["club"]["figure"] == 0.5
    assert ratings_for("saukopf", "saukopf")["club"]["figure"] == 0.0


def test_a_new_measurement_replaces_the_old_one(ratings: None) -> None:
    register_level_rating("pigasus", "club", LevelRating(
        1.5, "even_reaction_s", "again", low=1.4, high=1.6, ruleset="pigasus",
        provisional=True))
    shown = ratings_for("pigasus", "pigasus")["club"]
    assert (shown["figure"], shown["low"], shown["high"], shown["provisional"]) == (
        1.5, 1.4, 1.6, True)
    assert shown["text"] == ("a person who spots a pair in 1.50 s (95%: 1.40 to 1.60) wins "
                             "half the games against two of them, provisional")
    assert [r.figure for r in base._RATINGS["pigasus"]["club"]] == [1.5]


@pytest.mark.parametrize("bad", [
    dict(figure=2.0, low=0.0, high=1.0),       # outside its interval
    dict(figure=1.0, low=0.0),                 # one end only
    dict(figure=float("nan")),
    dict(figure=True),
])
def test_a_rating_that_cannot_be_true_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        LevelRating(unit="elo_vs_heuristic", measured="by hand", **bad)  # type: ignore[arg-type]


def test_signed_scales_show_their_sign_and_never_minus_zero() -> None:
    def text(figure: float, unit: str = "net_vs_club") -> str:
        return rating_text(LevelRating(figure, unit, "x", low=figure - 1, high=figure + 1))
    assert text(0.004).startswith("+0.00 (95%: -1.00 to +1.00) net points")
    assert text(-0.004).startswith("+0.00 (95%")
    assert text(-0.46).startswith("-0.46 (95%: -1.46 to +0.54)")
    assert text(1184.6, "elo_vs_heuristic").startswith("Elo 1185 (95%: 1184 to 1186) in")
    assert offered_levels("pigasus") == ["beginner", "club", "expert"]


def test_a_scales_yardstick_is_named_as_such_in_every_language() -> None:
    saukopf = ratings_for("saukopf", "saukopf")["club"]
    assert (saukopf["low"], saukopf["high"]) == (None, None)
    assert saukopf["text"].startswith("the yardstick")
    texts = next(g["texts"] for g in catalogue()["games"] if g["game"] == "saukopf")
    for code in ("en", "de", "fr"):
        assert texts[code].get("rating.net_vs_club.exact"), code


def test_each_game_declares_the_scale_it_is_rated_on() -> None:
    # the words come from the game's own support record, not from a neutral table
    for game in catalogue()["games"]:
        units = {shown["unit"] for r in game["rulesets"]
                 for shown in r["bot_level_ratings"].values()}
        declared = registry.support(game["game"]).rating_units
        assert units <= set(declared), (game["game"], sorted(units - set(declared)))
    assert rating_unit("no_such_scale").text == "{figure}{interval} no_such_scale"


def test_the_catalogue_says_what_each_level_means_in_its_game() -> None:
    games = {game["game"]: game for game in catalogue()["games"]}
    for name, game in games.items():
        described = game["bot_level_descriptions"]
        offered = set(game["bot_levels"]).union(
            *(entry["table_bot_levels"] for entry in game["rulesets"]))
        assert set(described) <= offered
        assert set(game["named_bot_levels"]) <= set(described), name
        assert all(text == describe_level(name, level) for level, text in described.items())
    pigasus = registry.support("pigasus").level_descriptions
    assert games["pigasus"]["bot_level_descriptions"]["club"] == pigasus["club"]
    assert games["drecksau"]["bot_level_descriptions"]["racer"].startswith("rules of thumb")
