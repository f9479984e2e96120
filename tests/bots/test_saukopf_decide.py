"""The decision rule of the Saukopf search bot's rare decisions (bidding, declaring, Kontra,
Re): a risky choice is taken only on a clear paired advantage, worlds are sampled on while
the lead is unclear, and a choice clearly behind stops being played."""

from __future__ import annotations

import math
from typing import Callable

from saustall.games.saukopf.bots.decide import Outcome, Rule, estimate, paired_difference, race

KICK = Rule(k=2.0, margin=0.5, min_win=0.5)


def _world_luck(world: int) -> float:
    """What a world gives every choice alike (the cards dealt): large, and the same for
    all choices in that world."""
    return 10.0 * math.sin(world * 1.7)


def _run(advantage: Callable[[int], float], wins: bool = True, max_worlds: int = 96,
         rule: Rule = KICK) -> tuple[int, int]:
    """Race a safe choice (0) against a risky one (1) worth ``advantage(world)`` more in
    each world; the chosen index and the worlds sampled."""
    def outcome(option: int, world: int) -> Outcome:
        value = _world_luck(world) + (advantage(world) if option == 1 else 0.0)
        return value, wins
    result = race([True, False], outcome, lambda n: n, rule, 12, 12, max_worlds, 10_000)
    return result.chosen, result.worlds


def test_a_clear_advantage_is_taken_early_though_the_means_overlap() -> None:
    """The risky choice gains 1.5 net points in every world, far less than the worlds'
    luck (standard deviation about 7): its mean alone could not tell, the paired
    difference can, and the race stops without using its budget."""
    chosen, worlds = _run(lambda w: 1.5 + 0.5 * math.cos(w))
    assert chosen == 1
    assert worlds < 96
    values = [_world_luck(w) for w in range(24)]
    assert estimate(values).se > 1.0  # the means' own noise would hide a gain of 1.5


def test_an_advantage_within_the_noise_is_not_taken_and_the_budget_is_used() -> None:
    """A mean gain of 0.1 with a spread of 3 per world: the difference stays within its
    standard error, so passing stands after every world the budget allows (no margin
    here: the standard error alone decides)."""
    chosen, worlds = _run(lambda w: 0.1 + (3.0 if w % 2 else -3.0), rule=Rule(k=2.0))
    assert chosen == 0
    assert worlds == 96


def test_a_clear_gain_below_the_margin_is_not_taken() -> None:
    """A sure gain of 0.3 net points per world does not pay for a doubling's risk
    (margin 0.5): passing, decided without sampling to the end."""
    chosen, worlds = _run(lambda w: 0.3)
    assert chosen == 0
    assert worlds < 96


def test_a_re_needs_the_game_more_likely_won_than_lost() -> None:
    """Ahead on the mean but losing the game in most worlds (a large win, doubled, in a
    few): no Re."""
    chosen, _ = _run(lambda w: 2.0, wins=False)
    assert chosen == 0


def test_a_choice_clearly_behind_is_dropped_and_the_best_safe_one_wins() -> None:
    """Three plain games: one is clearly the worst and stops being played; the best of
    the other two (by mean) is chosen."""
    played = [0, 0, 0]

    def outcome(option: int, world: int) -> Outcome:
        played[option] += 1
        return _world_luck(world) + (-3.0, 0.4, 0.0)[option] + math.cos(world * option), True
    result = race([True, True, True], outcome, lambda n: n, Rule(k=2.0), 10, 10, 80, 10_000)
    assert result.chosen == 1
    assert played[0] < played[1]


def test_paired_difference_and_its_standard_error() -> None:
    diff = paired_difference([3.0, 5.0, 7.0, 9.0], [1.0, 4.0, 5.0, 8.0])
    assert diff.mean == 1.5 and diff.n == 4
    assert math.isclose(diff.se, math.sqrt(1.0 / 3.0) / 2.0)
    assert estimate([2.0]).se == math.inf


def test_a_risky_choice_needs_its_least_worlds() -> None:
    """The same clear gain is taken once it rests on the rule's least worlds, not on the
    few a small budget allows (their lumpy outcomes make a standard error look small)."""
    lumpy = Rule(k=2.0, margin=0.5, min_win=0.5, min_worlds=30)
    assert _run(lambda w: 1.5 + 0.5 * math.cos(w), rule=lumpy)[0] == 1
    chosen, worlds = _run(lambda w: 1.5 + 0.5 * math.cos(w), max_worlds=24, rule=lumpy)
    assert chosen == 0 and worlds == 24
    assert _run(lambda w: 1.5 + 0.5 * math.cos(w), max_worlds=24)[0] == 1
