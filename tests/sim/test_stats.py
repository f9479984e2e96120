"""The intervals every figure carries: right on known inputs, always within their range."""

from __future__ import annotations

import builtins
import math

import pytest
from scipy import stats as scipy_stats

from saustall.arena.stats import DuplicateTally, t_interval as arena_t_interval
from saustall.stats import (
    Moments, newcombe, newcombe_paired, t_interval, t_quantile, wilson, wilson_bounds,
)


@pytest.mark.parametrize("successes, trials", [(0, 10), (3, 10), (50, 100), (999, 1000),
                                               (1, 20000), (10, 10)])
def test_wilson_matches_scipy(successes: int, trials: int) -> None:
    expected = scipy_stats.binomtest(successes, trials).proportion_ci(0.95, "wilson")
    low, high = wilson_bounds(successes, trials)
    assert (low, high) == pytest.approx((expected.low, expected.high), abs=1e-9)
    found = wilson(successes, trials)
    assert found.n == trials and 0.0 <= found.low <= found.value <= found.high <= 1.0


def test_newcombe_matches_the_textbook_example() -> None:
    # Newcombe (1998), Statistics in Medicine 17:873, Table II, example (a): 56/70 - 48/80,
    # method 10 (the score-based hybrid): 0.0524 to 0.3339.
    found = newcombe(56, 70, 48, 80)
    assert found.value == pytest.approx(0.2)
    assert (found.low, found.high) == pytest.approx((0.0524, 0.3339), abs=1e-4)


def test_newcombe_stays_within_minus_one_to_one() -> None:
    found = newcombe(0, 50, 50, 50)
    assert found.value == -1.0 and -1.0 <= found.low <= found.high <= 1.0
    assert found.high < -0.85  # clearly below 0: a real difference
    assert found.excludes_zero()


def test_paired_newcombe_without_correlation_is_the_independent_interval() -> None:
    # a*d == b*c: the pairs are uncorrelated (phi 0), so the paired interval is the
    # independent one on the same margins
    paired = newcombe_paired(both=20, only_a=20, only_b=10, neither=10)
    independent = newcombe(40, 60, 30, 60)
    assert (paired.low, paired.high) == pytest.approx((independent.low, independent.high))


def test_paired_newcombe_narrows_when_the_pairs_agree() -> None:
    # the same margins (60/100 vs 50/100), first with most pairs agreeing
    agreeing = newcombe_paired(both=48, only_a=12, only_b=2, neither=38)
    loose = newcombe_paired(both=30, only_a=30, only_b=20, neither=20)
    assert agreeing.value == loose.value == pytest.approx(0.1)
    assert agreeing.high - agreeing.low < loose.high - loose.low
    assert -1.0 <= agreeing.low < agreeing.value < agreeing.high <= 1.0
    assert agreeing.excludes_zero() and not loose.excludes_zero()


def test_paired_newcombe_of_identical_runs_is_zero_and_narrow() -> None:
    same = newcombe_paired(both=30, only_a=0, only_b=0, neither=70)
    assert same.value == 0.0 and -0.02 < same.low < 0.0 < same.high < 0.02
    assert not same.excludes_zero()


def test_t_interval_matches_scipy_and_is_clipped_to_its_range() -> None:
    values = [1.0, 2.0, 4.0, 4.5, 7.0, 9.0]
    found = t_interval(values)
    mean = sum(values) / len(values)
    low, high = scipy_stats.t.interval(0.95, len(values) - 1, loc=mean,
                                       scale=scipy_stats.sem(values))
    assert (found.low, found.high) == pytest.approx((low, high))
    # a share that is nearly always 0: unclipped the interval reaches below 0
    shares = [0.0] * 30 + [1.0]
    assert t_interval(shares).low < 0
    clipped = t_interval(shares, (0.0, 1.0))
    assert clipped.low == 0.0 and 0.0 < clipped.high < 1.0


def test_running_moments_give_what_the_whole_list_gives() -> None:
    values = [1e9 + v for v in (0.5, 1.5, 2.0, 7.25, 3.0)]
    moments = Moments()
    for value in values:
        moments.add(value)
    whole = t_interval(values)
    running = moments.interval()
    assert running.value == pytest.approx(whole.value)
    assert (running.low, running.high) == pytest.approx((whole.low, whole.high))


def test_t_quantile_without_scipy_is_close_to_scipy(monkeypatch: pytest.MonkeyPatch) -> None:
    expected = {df: t_quantile(df) for df in (3, 5, 10, 30, 300)}
    real_import = builtins.__import__

    def no_scipy(name: str, *args: object, **kwargs: object) -> object:
        if name.startswith("scipy"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_scipy)
    for df, quantile in expected.items():
        assert t_quantile(df) == pytest.approx(quantile, abs=5e-3 if df < 5 else 1e-3)


def test_arena_intervals_stay_within_the_win_share_range() -> None:
    # a bot that almost never wins: the raw t interval would start below 0 ([-0.002, ...])
    assert arena_t_interval([0.0] * 19 + [0.5]).low < 0
    tally = DuplicateTally(["weak", "strong"], games_per_deal=2, bounds=(0.0, 1.0))
    for deal in range(20):
        weak_won = 1.0 if deal == 7 else 0.0
        tally.add(["weak", "strong"], [weak_won, 1.0 - weak_won])
        tally.add(["strong", "weak"], [1.0, 0.0])
    weak = tally.bot_interval("weak")
    assert 0.0 == weak.low <= weak.mean <= weak.high <= 1.0
    difference = tally.pair_interval("weak", "strong")  # near -1: clipped to [-1, 1]
    assert -1.0 == difference.low <= difference.mean <= difference.high <= 1.0
    assert not math.isnan(difference.high)


def test_a_mean_without_spread_or_of_one_value_has_no_interval_and_says_why() -> None:
    # three equal values: a t interval would be [3, 3], a certainty three values do not give
    alike = t_interval([3.0, 3.0, 3.0])
    assert (alike.low, alike.high, alike.n, alike.note) == (None, None, 3, "no spread")
    assert alike.text() == "3.0 (n=3, no spread)"
    assert alike.as_dict()["note"] == "no spread"
    one = t_interval([5.0])
    assert one.low is None and one.note == "n too small"
    assert one.text(digits=2) == "5.00 (n=1, n too small)"
    running = Moments()
    running.add(2.0, times=4)
    assert running.interval().note == "no spread"
    # with any spread there is an interval, however wide
    assert t_interval([3.0, 3.0, 4.0]).low is not None
    assert wilson(0, 0).note == "none to count"
    assert "note" not in t_interval([1.0, 2.0]).as_dict()  # only where an interval is missing
    # the arena's per-deal means: the same, and its text says why
    from saustall.arena.stats import ci_text

    same = arena_t_interval([0.5, 0.5, 0.5])
    assert same.low is None and ci_text(same.low, same.high, same.n) == "none: no spread"
    assert ci_text(None, None, 1) == "none: n too small"
