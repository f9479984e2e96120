"""The batched Pigasus tick env plays exactly the parallel env's games.

The differential (pigasus_differential.py) compares every lane with its own
``parallel_env`` after every tick. ``make test`` plays a few games per case; ``make
rl-differential`` plays many (the ``long`` marker; ``SAUSTALL_RL_PIGASUS_GAMES``).
"""

from __future__ import annotations

import math
import os
from typing import Any

import numpy as np
import pytest

from saustall.core.errors import InvalidOptionError, MalformedActionError
from saustall.rl import pigasus_v0
from saustall.rl.batched_pigasus import BatchedPigasus
from tests.rl.pigasus_differential import CASES, describe_lanes, play_and_compare_pigasus

CASE_PARAMS = [pytest.param(ruleset, players, options, id=f"{ruleset}-{players}p" + "".join(
    f"-{k}{v}" for k, v in options.items())) for ruleset, players, options in CASES]
LONG_GAMES = int(os.environ.get("SAUSTALL_RL_PIGASUS_GAMES", "400"))


@pytest.mark.parametrize(("ruleset", "players", "options"), CASE_PARAMS)
def test_batched_pigasus_matches_the_parallel_env(ruleset: str, players: int,
                                                  options: dict[str, Any]) -> None:
    seed = 1000 * players
    assert play_and_compare_pigasus(ruleset, players, options, 2, 2, seed)["games"] == 2
    assert play_and_compare_pigasus(ruleset, players, options, 2, 2, seed + 500,
                                    reset_in_step=True)["games"] == 2


def test_every_kind_of_claim_and_end_is_compared() -> None:
    counts = play_and_compare_pigasus("pigasus", 4, {"point_limit_ms": 1000}, 4, 4, 3)
    for what in ("right", "split", "crowded", "wrong", "out_of_time", "tiebreaks", "refused"):
        assert counts[what] > 0, what
    assert counts["most-cards"] + counts["tiebreak"] + counts["tiebreak-exhausted"] == 4


@pytest.mark.long
@pytest.mark.parametrize(("ruleset", "players", "options"), CASE_PARAMS)
def test_many_batched_pigasus_games_match(ruleset: str, players: int,
                                          options: dict[str, Any]) -> None:
    each = math.ceil(LONG_GAMES / len(CASES))
    seed = 100_000 * players + 13
    half = each // 2
    first = play_and_compare_pigasus(ruleset, players, options, half, 16, seed)
    second = play_and_compare_pigasus(ruleset, players, options, each - half, 13,
                                      seed + 50_000, reset_in_step=True)
    total = {key: first[key] + second[key] for key in first}
    print(f"pigasus {ruleset} {players}p {options}: {total}")
    assert total["games"] == each


def test_shapes_are_the_parallel_envs() -> None:
    sim = BatchedPigasus("pigasus-teams", 6, num_teams=3)
    env = pigasus_v0.parallel_env(ruleset="pigasus-teams", num_players=6, num_teams=3)
    state = sim.init(np.arange(5))
    size = env.observation_space("player_0")["observation"].shape[0]
    assert sim.observe(state).shape == (5, 6, size)
    assert sim.observe(state, 4).shape == (5, size)
    assert np.array_equal(sim.observe(state, 4), sim.observe(state)[:, 4])
    assert state.legal_action_mask.shape == (5, 6, env.action_space("player_0").n)
    assert state.legal_action_mask[:, :, pigasus_v0.NOOP].all()
    # the first dealer's team reveals: seats 0 and 3 of three teams
    reveal = state.legal_action_mask[:, :, pigasus_v0.REVEAL_INDEX]
    assert reveal.all(axis=0).tolist() == [True, False, False, True, False, False]


def test_refused_actions_change_nothing_but_the_clock() -> None:
    sim = BatchedPigasus("pigasus", 3)
    state = sim.init([7, 8])
    point = pigasus_v0.POINT_BASE + 5  # nobody holds the Pigasus: refused
    after = sim.step(state, [[point, 0, 0], [0, 0, pigasus_v0.REVEAL_INDEX]])
    assert after.refused.tolist() == [[True, False, False], [False, False, True]]
    assert after.time.tolist() == [100, 100] and after.events.tolist() == [0, 0]
    before, now = describe_lanes(sim, state), describe_lanes(sim, after)
    for lane in range(2):
        for field in ("time", "ticks"):
            del before[lane][field], now[lane][field]
    assert now == before
    assert state.time.tolist() == [0, 0]  # pure: the state passed in is unchanged


def test_bad_actions_name_lane_and_seat() -> None:
    sim = BatchedPigasus("pigasus", 2)
    state = sim.init([1, 2])
    with pytest.raises(MalformedActionError, match="2 x 2 integer action indices"):
        sim.step(state, [0, 0])
    with pytest.raises(MalformedActionError, match="lane 1, seat 0: 76 is outside 0-75"):
        sim.step(state, [[0, 0], [76, 0]])
    with pytest.raises(InvalidOptionError, match="seat must be 0-1"):
        sim.observe(state, 2)


def test_finished_games_wait_then_deal_the_next_seed() -> None:
    sim = BatchedPigasus("pigasus", 2, max_ticks=3)
    state = sim.init([10, 11])
    for _ in range(3):
        state = sim.step(state, np.zeros((2, 2), dtype=int))
    assert state.truncated.all() and not state.terminated.any()
    frozen = sim.step(state, np.zeros((2, 2), dtype=int))
    assert describe_lanes(sim, frozen) == describe_lanes(sim, state)
    dealt = sim.auto_reset(state)
    assert dealt.seed.tolist() == [12, 13] and not dealt.truncated.any()
    assert describe_lanes(sim, dealt) == describe_lanes(sim, sim.init([12, 13]))


def test_options_are_checked() -> None:
    with pytest.raises(InvalidOptionError):
        BatchedPigasus("pigasus", 11)
    with pytest.raises(InvalidOptionError, match="3 teams need at least 6 players"):
        BatchedPigasus("pigasus-teams", 4, num_teams=3)
    with pytest.raises(InvalidOptionError, match="tick_ms"):
        BatchedPigasus("pigasus", 2, tick_ms=0)
    with pytest.raises(InvalidOptionError, match="first_dealer"):
        BatchedPigasus("pigasus", 2, first_dealer=2)
