"""The simulation library: statistics, determinism, parallel runs, input checks."""

from __future__ import annotations

import math

import pytest

from saustall.bots import bot_levels
from saustall.core import InvalidOptionError, UnknownGameError, get, rulesets
from saustall.arena.simulate import (
    GameResult, game_seed, percentile, seat_bots, simulate, summarize, wilson_interval,
)


def test_wilson_interval_matches_known_values() -> None:
    # 5 of 10: the textbook example; 0 of 10: the upper end is z^2 / (n + z^2).
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.236593, abs=1e-5)
    assert high == pytest.approx(0.763407, abs=1e-5)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(1.959964**2 / (10 + 1.959964**2), abs=1e-6)


def test_wilson_interval_is_where_the_score_test_accepts() -> None:
    # The interval's ends are the p with |phat - p| = z * sqrt(p (1 - p) / n): the roots
    # of (1 + z^2/n) p^2 - (2 phat + z^2/n) p + phat^2 = 0.
    successes, trials, z = 81, 263, 1.959963984540054
    phat, k = successes / trials, z * z / trials
    a, b, c = 1 + k, -(2 * phat + k), phat * phat
    root = math.sqrt(b * b - 4 * a * c)
    expected = ((-b - root) / (2 * a), (-b + root) / (2 * a))
    assert wilson_interval(successes, trials) == pytest.approx(expected, abs=1e-12)


def test_wilson_interval_stays_in_range_and_narrows_with_more_games() -> None:
    assert wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)
    narrow = wilson_interval(500, 1000)
    wide = wilson_interval(5, 10)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_percentile_interpolates_like_numpy() -> None:
    values = [1.0, 2.0, 3.0, 4.0, 10.0]
    assert percentile(values, 50) == 3.0
    assert percentile(values, 90) == pytest.approx(7.6)
    assert percentile(values, 0) == 1.0 and percentile(values, 100) == 10.0
    assert percentile([4.0], 99) == 4.0
    with pytest.raises(ValueError):
        percentile([], 50)


def _result(index: int, winners: tuple[int, ...], length: int, first: int = 0,
            bots: tuple[str, ...] = ("a", "b"), capped: bool = False) -> GameResult:
    returns = tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(len(bots)))
    return GameResult(index=index, seed=index, bots=bots, winners=winners, returns=returns,
                      length=length, capped=capped, first_player=first)


def test_summary_counts_wins_draws_caps_and_lengths() -> None:
    results = [_result(0, (0,), 10), _result(1, (0,), 20), _result(2, (1,), 30, first=1),
               _result(3, (), 40, capped=True)]
    summary = summarize(results, players=2)
    assert summary.games == 4
    assert [s.wins.successes for s in summary.seats] == [2, 1]
    assert summary.seats[0].wins.rate == 0.5
    assert summary.seats[0].mean_return == 0.5
    assert summary.draws == 1
    assert summary.capped.successes == 1
    assert summary.length_mean == 25.0
    assert summary.length_p50 == 25.0
    assert (summary.length_min, summary.length_max) == (10, 40)
    # The first player won games 0, 1 and 2 (seat 1 moved first in game 2).
    assert summary.first_player_wins.successes == 3
    assert summary.first_player_advantage is None  # different bots, not rotated
    assert "different bots" in summary.first_player_withheld
    same = summarize([_result(i, r.winners, r.length, r.first_player, bots=("a", "a"))
                      for i, r in enumerate(results)], players=2)
    assert same.first_player_advantage == pytest.approx(0.75 - 0.5)


def test_summary_pools_a_bot_over_the_seats_it_played() -> None:
    results = [_result(0, (0,), 5, bots=("x", "y")), _result(1, (1,), 5, bots=("y", "x")),
               _result(2, (1,), 5, bots=("x", "y"))]
    by_bot = {b.bot: b for b in summarize(results, players=2).bots}
    assert by_bot["x"].wins.successes == 2 and by_bot["x"].wins.trials == 3
    assert by_bot["x"].seats == (0, 1)
    assert by_bot["y"].wins.successes == 1


def test_seat_rotation_moves_every_bot_one_seat_per_game() -> None:
    assert seat_bots(["a", "b", "c"], 0, rotate=True) == ("a", "b", "c")
    assert seat_bots(["a", "b", "c"], 1, rotate=True) == ("c", "a", "b")
    assert seat_bots(["a", "b", "c"], 4, rotate=False) == ("a", "b", "c")


def test_results_do_not_depend_on_worker_count_or_chunking() -> None:
    serial = simulate("drecksau", "dirty-pig", 3, ["heuristic", "random", "random"], games=12,
                      seed=5, workers=1, chunk_size=5)
    parallel = simulate("drecksau", "dirty-pig", 3, ["heuristic", "random", "random"],
                        games=12, seed=5, workers=2, chunk_size=2)
    assert serial.results == parallel.results
    assert [r.index for r in parallel.results] == list(range(12))
    assert serial.summary == parallel.summary


def test_each_game_replays_from_its_seed() -> None:
    result = simulate("drecksau", "sauschoen", 2, ["random"], games=3, seed=9, workers=1)
    assert result.bots == ("random", "random")
    assert [r.seed for r in result.results] == [game_seed(9, i) for i in range(3)]
    other = simulate("drecksau", "sauschoen", 2, ["random"], games=3, seed=10, workers=1)
    assert result.results != other.results


def test_turn_cap_is_reported() -> None:
    result = simulate("drecksau", "dirty-pig", 2, ["random", "random"], games=20, seed=1,
                      workers=1, options={"turn_cap": 4})
    assert result.summary.capped.successes == sum(1 for r in result.results if r.capped) > 0
    for r in result.results:
        assert r.capped == (not r.winners)
        assert r.length <= 4
    assert result.summary.draws == result.summary.capped.successes


def test_progress_reports_every_game() -> None:
    seen: list[tuple[int, int]] = []
    simulate("drecksau", "drecksau", 2, ["random", "random"], games=7, seed=0, workers=1,
             chunk_size=3, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(3, 7), (6, 7), (7, 7)]


def test_returns_and_winners_agree() -> None:
    result = simulate("drecksau", "sauschoen-tournament", 3, ["heuristic", "random", "random"],
                      games=6, seed=3, workers=1)
    for r in result.results:
        assert math.isclose(sum(r.returns), 1.0 if r.winners else 0.0)
        assert all(r.returns[p] > 0 for p in r.winners)
    means = [s.mean_return for s in result.summary.seats]
    assert sum(means) == pytest.approx(sum(sum(r.returns) for r in result.results) / 6)


def test_every_turn_based_game_with_a_random_bot_simulates() -> None:
    checked = 0
    for spec in rulesets():
        if spec.realtime or "random" not in bot_levels(spec.game):
            continue
        players = get(spec.game, spec.name).default_players
        result = simulate(spec.game, spec.name, players, ["random"], games=2, seed=1,
                          workers=1)
        assert result.summary.games == 2
        assert len(result.summary.seats) == players
        checked += 1
    assert checked >= 4  # the Drecksau rulesets at least


@pytest.mark.parametrize("kwargs, error, words", [
    ({"bots": ["random", "random", "random"]}, InvalidOptionError, "3 bot(s)"),
    ({"bots": ["random", "nobody"]}, UnknownGameError, "no bot 'nobody'"),
    ({"players": 9}, InvalidOptionError, "2-6 players"),
    ({"ruleset": "nope"}, UnknownGameError, "no ruleset 'nope'"),
    ({"options": {"hand_size": 4}}, InvalidOptionError, "no option 'hand_size'"),
    ({"games": 0}, InvalidOptionError, "positive"),
    ({"workers": 0}, InvalidOptionError, "workers"),
])
def test_bad_input_is_named(kwargs: dict, error: type, words: str) -> None:
    args = {"game": "drecksau", "ruleset": "dirty-pig", "players": 2,
            "bots": ["random", "random"], "games": 2, "workers": 1, **kwargs}
    with pytest.raises(error, match=None) as info:
        simulate(**args)
    assert words in str(info.value)


def test_realtime_games_are_refused() -> None:
    realtime = [spec for spec in rulesets() if spec.realtime]
    for spec in realtime:
        with pytest.raises(InvalidOptionError, match="real-time"):
            simulate(spec.game, spec.name, spec.min_players, ["random"], games=1, workers=1)


def test_views_are_built_only_for_bots_that_read_them(monkeypatch: pytest.MonkeyPatch) -> None:
    from saustall.games.drecksau.game import DrecksauState

    built: list[int | None] = []
    original = DrecksauState.view

    def counting_view(self: DrecksauState, player: int | None) -> dict[str, object]:
        built.append(player)
        return original(self, player)

    monkeypatch.setattr(DrecksauState, "view", counting_view)
    simulate("drecksau", "dirty-pig", 2, ["random"], games=3, seed=4, workers=1)
    assert built == []  # random bots choose from the legal actions alone
    simulate("drecksau", "dirty-pig", 2, ["heuristic", "random"], games=1, seed=4, workers=1)
    assert built and set(built) == {0}  # the heuristic reads its own seat's view, no other
