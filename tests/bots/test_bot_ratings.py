"""``scripts/bot_ratings.py``: the Elo fit and the even-game reaction behind the level
ratings, and the registered ratings being what the saved runs in ``scripts/ratings/`` say
(so ``python scripts/bot_ratings.py table`` regenerates them)."""

from __future__ import annotations

import math
from pathlib import Path
from types import ModuleType

import pytest

from saustall.bots.base import level_rating
from saustall.bots.describe import rating_unit
from tests.script_loader import load_script


@pytest.fixture(scope="module")
def ratings() -> ModuleType:
    return load_script("bot_ratings")


def share(elo_a: float, elo_b: float) -> float:
    """A's expected win share against B under the Elo model."""
    return 1 / (1 + 10 ** ((elo_b - elo_a) / 400))


def test_the_elo_fit_recovers_the_ratings_the_shares_came_from(ratings: ModuleType) -> None:
    truth = {"anchor": 1000.0, "b": 1200.0, "c": 1450.0, "d": 800.0}
    pairs = [(a, b, share(truth[a], truth[b]), 0.01)
             for a in truth for b in truth if a < b]
    pairs.append(("anchor", "e", 0.0, 0.0))  # e won every game: no finite logit
    fitted, left_out = ratings.elo_fit(pairs, "anchor", 1000.0)
    assert set(fitted) == set(truth)  # e is linked by nothing else: not rated
    for bot, elo in truth.items():
        assert fitted[bot][0] == pytest.approx(elo, abs=0.01)
    assert fitted["anchor"] == (1000.0, 0.0)
    assert 0 < fitted["b"][1] < 20
    assert left_out == ["anchor against e: 0% of the wins"]


def test_a_pair_measured_less_precisely_counts_less(ratings: ModuleType) -> None:
    # b is 200 above the anchor by a precise pair and 0 by an imprecise one
    pairs = [("b", "anchor", share(1200, 1000), 0.01), ("b", "anchor", 0.5, 0.2)]
    (elo, se), = [v for k, v in ratings.elo_fit(pairs, "anchor", 1000.0)[0].items()
                  if k == "b"]
    assert 1190 < elo < 1200 and se > 0


def test_the_even_reaction_lies_where_the_wins_fall_through_one_half(
        ratings: ModuleType) -> None:
    times = [1000, 1500, 2000, 2500]
    assert ratings.even_reaction(times, [1.0, 0.8, 0.4, 0.0]) == pytest.approx(1875.0)
    assert ratings.even_reaction(times, [1.0, 0.5, 0.2, 0.0]) == pytest.approx(1500.0)
    assert ratings.even_reaction(times, [1.0, 0.9, 0.8, 0.7]) is None


def test_the_registered_ratings_are_what_the_saved_runs_say(ratings: ModuleType) -> None:
    rows = ratings.saved_ratings(ratings.RATINGS_DIR)
    assert {row.game for row in rows} == {"drecksau", "saukopf", "pigasus"}
    for row in rows:
        registered = level_rating(row.game, row.level, row.ruleset)
        assert registered is not None, (row.game, row.ruleset, row.level)
        assert registered.ruleset == row.ruleset and registered.unit == row.unit
        digits = rating_unit(row.unit, row.game).decimals + 1
        for saved, kept in ((row.figure, registered.figure), (row.low, registered.low),
                            (row.high, registered.high)):
            assert (saved is None) == (kept is None)
            if saved is not None and kept is not None:
                assert math.isclose(round(saved, digits), kept), (row, registered)
        assert registered.measured == row.measured


def test_a_saved_duel_rates_the_level_against_club_whichever_side_it_was(
        ratings: ModuleType, tmp_path: Path) -> None:
    """``saukopf_bars.py duel A B ... SAVE`` lines hold A's less B's net points per deal:
    a duel with club as A counts with its sign turned."""
    lines = tmp_path / "duel.jsonl"
    lines.write_text("".join(f'{{"deal": {d}, "diff": {diff}, "tables": []}}\n'
                             for d, diff in enumerate([1.0, 2.0, 0.0, 1.0])))
    rows = ratings.saukopf_ratings([], [("expert", "club", lines), ("club", "beginner", lines)])
    by_level = {row.level: row for row in rows}
    assert by_level["club"].figure == 0.0 and by_level["club"].low is None
    assert by_level["expert"].figure == pytest.approx(1.0)
    assert by_level["beginner"].figure == pytest.approx(-1.0)
    assert by_level["beginner"].low < -1.0 < by_level["beginner"].high
    assert by_level["expert"].measured.endswith("4 deals, undated")
    with pytest.raises(SystemExit, match="one side must be club"):
        ratings.saukopf_ratings([], [("expert", "heuristic", lines)])
