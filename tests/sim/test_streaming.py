"""Simulations gather their statistics as games finish: same figures, flat memory."""

from __future__ import annotations

import random

import pytest

from saustall.arena.simulate import GameResult, Tally, percentile, simulate, summarize


def _random_results(count: int, seed: int) -> list[GameResult]:
    """Games with random winners (ties included), lengths, caps and bots in the seats."""
    rng = random.Random(seed)
    results = []
    for index in range(count):
        bots = tuple(rng.choice(("a", "b", "c")) for _ in range(3))
        winners = tuple(sorted(rng.sample(range(3), rng.choice((0, 1, 1, 2, 3)))))
        returns = tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(3))
        results.append(GameResult(index=index, seed=index, bots=bots, winners=winners,
                                  returns=returns, length=rng.randrange(1, 60),
                                  capped=not winners and rng.random() < 0.5,
                                  first_player=rng.randrange(3)))
    return results


@pytest.mark.parametrize("count", [1, 2, 7, 500])
def test_tally_gives_what_the_whole_list_gives(count: int) -> None:
    results = _random_results(count, seed=count)
    summary = summarize(results, players=3)
    lengths = [float(r.length) for r in results]
    for q, found in ((50, summary.length_p50), (90, summary.length_p90),
                     (99, summary.length_p99)):
        assert found == percentile(lengths, q)
    assert summary.length_mean == sum(lengths) / count
    assert (summary.length_min, summary.length_max) == (min(lengths), max(lengths))
    for seat in summary.seats:
        assert seat.mean_return == sum(r.returns[seat.seat] for r in results) / count
        # a win shared by k tied winners counts 1/k for each of them
        assert seat.wins.successes == pytest.approx(
            sum(1 / len(r.winners) for r in results if seat.seat in r.winners))
        assert seat.bot == "/".join(sorted({r.bots[seat.seat] for r in results}))
    for bot in summary.bots:
        played = [(seat, r) for r in results for seat, b in enumerate(r.bots) if b == bot.bot]
        assert bot.wins.trials == len(played)
        assert bot.wins.successes == pytest.approx(
            sum(1 / len(r.winners) for seat, r in played if seat in r.winners))
        assert bot.mean_return == sum(r.returns[seat] for seat, r in played) / len(played)
        assert bot.seats == tuple(sorted({seat for seat, _ in played}))
    decided = sum(1 for r in results if r.winners)
    assert sum(seat.wins.successes for seat in summary.seats) == pytest.approx(decided)
    assert summary.draws == sum(1 for r in results if not r.winners)
    assert summary.capped.successes == sum(1 for r in results if r.capped)


def test_tally_refuses_to_summarize_nothing() -> None:
    with pytest.raises(ValueError, match="zero games"):
        Tally(2).summary()


def test_one_and_two_workers_give_identical_summaries_without_holding_games() -> None:
    seen: dict[int, list[int]] = {1: [], 2: []}
    runs = {workers: simulate("drecksau", "dirty-pig", 2, ["heuristic", "random"], games=40,
                              seed=11, workers=workers, rotate=True, keep_results=False,
                              on_game=lambda r, w=workers: seen[w].append(r.index))
            for workers in (1, 2)}
    assert runs[1].summary == runs[2].summary
    assert runs[1].results == runs[2].results == ()
    assert seen[1] == seen[2] == list(range(40))  # every game, in game order
    kept = simulate("drecksau", "dirty-pig", 2, ["heuristic", "random"], games=40, seed=11,
                    workers=2, rotate=True)
    assert kept.summary == runs[1].summary == summarize(kept.results, players=2,
                                                        game="drecksau")
