"""The arena: duplicate scheme, statistics, determinism, JSON and the HTML report."""

from __future__ import annotations

import dataclasses
import io
import json
import math
import sys
from collections import Counter, defaultdict
from html import escape
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import saustall.arena.simulate
from saustall.arena import run_arena
from saustall.arena.report import PLOTS_MISSING, render_html
from saustall.arena.scheme import MAX_ARRANGEMENTS, seatings
from saustall.arena.stats import DuplicateTally, t_interval
from saustall.cli.main import app
from saustall.core import InvalidOptionError, UnknownGameError


# -- the duplicate scheme ---------------------------------------------------------------

def test_three_bots_at_two_seats_play_every_pairing_both_ways() -> None:
    found = seatings(["a", "b", "c"], 2)
    assert sorted(found) == sorted([("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"),
                                    ("b", "c"), ("c", "b")])


@pytest.mark.parametrize("bots, players, mode, count", [
    (["a", "b", "c", "d"], 4, "all", 24),    # every arrangement
    (["a", "b", "c", "d"], 4, "rotate", 4),  # cyclic shifts
    (["a", "b"], 4, "all", 6),               # A B A B: its distinct arrangements
    (["a", "b", "c", "d", "e", "f"], 6, "all", 12),  # 720 > 24: shifts and reversed shifts
    (["a", "b", "c"], 3, "all", 6),
])
def test_every_bot_takes_every_seat_equally_often(bots: list[str], players: int, mode: str,
                                                   count: int) -> None:
    found = seatings(bots, players, mode)
    assert len(found) == count == len(set(found))
    assert count <= MAX_ARRANGEMENTS or mode == "rotate"
    for seat in range(players):
        per_bot = Counter(lineup[seat] for lineup in found)
        assert set(per_bot) == set(bots)
        assert len(set(per_bot.values())) == 1  # every bot equally often in this seat


@pytest.mark.parametrize("bots, words", [
    (["random"], "at least two"),
    (["random", "random"], "name each bot once"),
])
def test_bad_bot_lists_are_named(bots: list[str], words: str) -> None:
    with pytest.raises(InvalidOptionError, match=words):
        seatings(bots, 2)


def test_every_deal_is_played_with_every_seating_on_the_same_cards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[tuple[int, tuple[str, ...], list[Any]]] = []
    original = saustall.arena.simulate._play

    def recording(job: Any, game: Any, index: int) -> Any:
        state = game.new_state(job.players, job.seed_of(index), job.options)
        hands = [state.view(seat) for seat in range(job.players)]  # each seat's own cards
        played.append((job.seed_of(index), job.lineup(index), hands))
        return original(job, game, index)

    monkeypatch.setattr(saustall.arena.simulate, "_play", recording)
    result = run_arena("drecksau", ["random", "heuristic", "racer"], 3, ruleset="dirty-pig",
                       players=2, workers=1, seed=4)
    assert result.games == len(played) == 3 * 6
    deals: dict[int, list[tuple[tuple[str, ...], Any]]] = defaultdict(list)
    for seed, lineup, public in played:
        deals[seed].append((lineup, public))
    assert len(deals) == 3  # one seed per deal, each seed a different deal
    for games in deals.values():
        assert sorted(lineup for lineup, _ in games) == sorted(result.seatings)
        assert all(public == games[0][1] for _, public in games)  # the same cards
        for bot in result.bots:  # every bot played the deal from every seat
            assert {lineup.index(bot) for lineup, _ in games if bot in lineup} == {0, 1}


# -- statistics -----------------------------------------------------------------------

def test_t_interval_matches_the_textbook_case() -> None:
    # 1..5: mean 3, sd sqrt(2.5), t(0.975, 4) = 2.776445: half width 1.963243
    found = t_interval([1.0, 2.0, 3.0, 4.0, 5.0])
    assert found.mean == 3.0 and found.n == 5
    assert found.low == pytest.approx(3 - 1.963243, abs=1e-6)
    assert found.high == pytest.approx(3 + 1.963243, abs=1e-6)
    single = t_interval([2.0])
    assert (single.mean, single.low, single.high) == (2.0, None, None)


def test_duplicate_tally_averages_per_deal_and_pairs_by_deal() -> None:
    tally = DuplicateTally(["a", "b"], games_per_deal=2)
    # deal 1: a wins one seating, b the other; deal 2: a wins both
    tally.add(("a", "b"), (1.0, 0.0))
    tally.add(("b", "a"), (1.0, 0.0))
    tally.add(("a", "b"), (1.0, 0.0))
    tally.add(("b", "a"), (0.0, 1.0))
    assert tally.deal_means == {"a": [0.5, 1.0], "b": [0.5, 0.0]}
    assert tally.pair_differences[("a", "b")] == [0.0, 1.0]
    assert tally.pair_means[("a", "b")] == [0.5, 1.0]
    found = tally.pair_interval("a", "b")
    half = 12.706205 * math.sqrt(0.5 / 2)  # t(0.975, 1) * sd / sqrt(n)
    assert found.mean == 0.5
    assert found.low == pytest.approx(0.5 - half, abs=1e-5)


def test_a_bot_in_two_seats_counts_its_mean_over_them() -> None:
    tally = DuplicateTally(["a", "b"], games_per_deal=1)
    per_bot = tally.add(("a", "b", "a", "b"), (4.0, 0.0, 2.0, -1.0))
    assert per_bot == {"a": 3.0, "b": -0.5}
    assert tally.seat_games == {"a": 2, "b": 2}


# -- runs -----------------------------------------------------------------------------

def _small(workers: int, **kwargs: Any) -> Any:
    return run_arena("drecksau", ["random", "heuristic"], 6, ruleset="dirty-pig", seed=3,
                     workers=workers, **kwargs)


def test_same_seed_same_figures_for_any_worker_count() -> None:
    one = _small(1).to_dict()
    two = _small(2, chunk_size=1).to_dict()
    assert one == two
    other = run_arena("drecksau", ["random", "heuristic"], 6, ruleset="dirty-pig", seed=4,
                      workers=1).to_dict()
    assert other != one


def test_results_are_win_shares_with_intervals_and_ratings() -> None:
    result = _small(1)
    by_bot = {r.bot: r for r in result.results}
    assert result.players == 2 and result.games == 12
    # 2 players, every game decided: the two win shares add up to one
    assert by_bot["random"].mean + by_bot["heuristic"].mean == pytest.approx(1.0)
    assert by_bot["heuristic"].mean > by_bot["random"].mean
    assert by_bot["heuristic"].rating.mu > by_bot["random"].rating.mu
    (pair,) = result.pairs
    assert pair.mean_difference == pytest.approx(by_bot["random"].mean
                                                 - by_bot["heuristic"].mean)


def test_saukopf_and_pigasus_have_their_own_results() -> None:
    saukopf = run_arena("saukopf", ["heuristic", "random"], 1, workers=1, seed=2)
    assert saukopf.players == 4 and saukopf.metric == "net points per deal"
    assert saukopf.games == 6  # A B A B has six arrangements
    assert saukopf.game_figures is not None and saukopf.game_figures.sessions == 6
    pigasus = run_arena("pigasus", ["slow", "sharp"], 1, players=2, workers=1)
    assert pigasus.metric == "cards" and pigasus.games == 2


@pytest.mark.parametrize("kwargs, error, words", [
    ({"bots": ["random", "genius"]}, UnknownGameError, "no bot 'genius'"),
    ({"players": 9}, InvalidOptionError, "2-6 players"),
    ({"deals": 0}, InvalidOptionError, "positive"),
    ({"backend": "cloud"}, InvalidOptionError, "backend must be one of local, ray"),
    ({"seating": "random"}, InvalidOptionError, "seating must be one of all, rotate"),
])
def test_bad_input_is_named(kwargs: dict[str, Any], error: type, words: str) -> None:
    args: dict[str, Any] = {"game": "drecksau", "bots": ["random", "heuristic"], "deals": 2,
                            "ruleset": "dirty-pig", "workers": 1, **kwargs}
    with pytest.raises(error) as info:
        run_arena(**args)
    assert words in str(info.value)


# -- command line, JSON and report ---------------------------------------------------

def test_command_writes_json_and_report(tmp_path: Path) -> None:
    summary, report = tmp_path / "arena.json", tmp_path / "arena.html"
    outcome = CliRunner().invoke(app, [
        "arena", "drecksau", "--ruleset", "dirty-pig", "--players", "2", "--bots",
        "random,heuristic,racer", "--games", "4", "--workers", "1", "--seed", "5",
        "--json", str(summary), "--report", str(report)])
    assert outcome.exit_code == 0, outcome.output
    assert "Head to head" in outcome.output and "mean [95% CI]" in outcome.output
    data = json.loads(summary.read_text())
    assert data["bots"] == ["random", "heuristic", "racer"]
    assert (data["deals"], data["games"], data["players"]) == (4, 24, 2)
    rows = data["per_game"]  # one record per game, in game order
    assert [row["game"] for row in rows] == list(range(24))
    assert {row["deal"] for row in rows} == {0, 1, 2, 3}
    assert all(sorted(row["results"]) == [0.0, 1.0] for row in rows)
    assert data["metric"] == "win share" and data["confidence"] == 0.95
    assert set(data["results"]) == {"random", "heuristic", "racer"}
    for figures in data["results"].values():
        assert set(figures) == {"mean", "ci_low", "ci_high", "ci_note", "deals", "seat_games",
                                "rating"}
        if figures["ci_low"] is None:  # 4 deals: a bot may score the same on every one
            assert figures["ci_note"] == "no spread" and figures["ci_high"] is None
        else:
            assert figures["ci_low"] <= figures["mean"] <= figures["ci_high"]
        rating = figures["rating"]
        assert rating["ordinal"] == pytest.approx(rating["mu"] - 3 * rating["sigma"])
    assert [(p["bot"], p["opponent"]) for p in data["pairwise"]] == [
        ("random", "heuristic"), ("random", "racer"), ("heuristic", "racer")]
    for pair in data["pairwise"]:
        if pair["ci_low"] is None:  # the same difference on every deal: no interval
            assert pair["ci_note"] == "no spread"
        else:
            assert pair["ci_low"] <= pair["mean_difference"] <= pair["ci_high"]
    html = report.read_text()
    assert html.count("data:image/png;base64,") == 3  # ratings, means, distributions
    assert escape(PLOTS_MISSING) not in html


def test_report_without_matplotlib_has_tables_and_says_how_to_get_plots(
        monkeypatch: pytest.MonkeyPatch) -> None:
    result = _small(1)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    html = render_html(result)
    assert "data:image/png" not in html
    assert escape(PLOTS_MISSING) in html and "<table>" in html and "heuristic" in html


def test_report_escapes_every_name() -> None:
    result = _small(1)
    hostile = "<script>alert(1)</script>"
    renamed = dataclasses.replace(
        result, bots=(hostile, "heuristic"),
        results=(dataclasses.replace(result.results[0], bot=hostile), result.results[1]),
        deal_means={hostile: result.deal_means["random"],
                    "heuristic": result.deal_means["heuristic"]})
    html = render_html(renamed)
    assert hostile not in html and "&lt;script&gt;" in html


def test_command_errors_are_clear() -> None:
    runner = CliRunner()
    for args, words in ((["--bots", "random"], "at least two"),
                        (["--bots", "random,nobody"], "no bot 'nobody'"),
                        (["--bots", "random,heuristic", "--games", "0"], "at least 1")):
        outcome = runner.invoke(app, ["arena", "drecksau", "--workers", "1", *args])
        assert outcome.exit_code == 2 and words in outcome.output, outcome.output


def test_a_missing_extra_is_named_before_any_game(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *args: None if name == "openskill" else real(name, *args))
    played: list[int] = []
    monkeypatch.setattr(saustall.arena.simulate, "_play", lambda *args: played.append(1))
    outcome = CliRunner().invoke(app, ["arena", "drecksau", "--bots", "random,heuristic",
                                       "--workers", "1"])
    assert outcome.exit_code == 2 and played == []
    assert "the arena needs openskill: pip install 'saustall[arena]'" in outcome.output


def test_help_explains_the_duplicate_scheme() -> None:
    outcome = CliRunner().invoke(app, ["arena", "--help"])
    assert outcome.exit_code == 0
    text = " ".join(outcome.output.split())
    assert "Duplicate play" in text and "t-interval" in text and "OpenSkill" in text
