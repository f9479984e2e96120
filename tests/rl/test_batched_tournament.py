"""The batched Sauschön tournament plays exactly the scalar engine's tournaments.

The differential (tournament_differential.py) compares every lane with its scalar twin
after every action. ``make test`` plays a few tournaments per table size; ``make
rl-differential`` plays 1,000 or more (the ``long`` marker; ``SAUSTALL_RL_TOURNAMENTS``).
"""

from __future__ import annotations

import math
import os
from typing import Any

import numpy as np
import pytest

from saustall.core.errors import IllegalActionError, InvalidOptionError, MalformedActionError
from saustall.core.registry import get
from saustall.games.drecksau.tournament import TournamentState
from saustall.rl import drecksau_v0
from saustall.rl.batched_tournament import TOURNAMENT, BatchedTournament
from saustall.rl.lanes import random_columns
from tests.rl.tournament_differential import (
    describe_tournament, describe_tournaments, play_and_compare_tournaments,
)

# Every table size; short turn caps make capped rounds, deciding rounds and tournaments
# stopped at the round cap common.
CASES: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (3, {}), (4, {"turn_cap": 30}), (5, {"turn_cap": 12}), (6, {}),
]
CASE_PARAMS = [pytest.param(players, options, id=f"{players}p" + "".join(
    f"-{k}{v}" for k, v in options.items())) for players, options in CASES]
LONG_TOURNAMENTS = int(os.environ.get("SAUSTALL_RL_TOURNAMENTS", "1000"))


@pytest.mark.parametrize(("players", "options"), CASE_PARAMS)
def test_batched_tournaments_match_the_engine(players: int, options: dict[str, Any]) -> None:
    seed = 1000 * players
    assert play_and_compare_tournaments(players, options, 4, 4, seed)["tournaments"] == 4
    assert play_and_compare_tournaments(players, options, 3, 3, seed + 500,
                                        reset_in_step=True)["tournaments"] == 3


def test_deciding_rounds_and_the_round_cap_are_compared() -> None:
    # 4 players with 12 turns a round: rounds often stall, leaders tie, some sit out
    counts = play_and_compare_tournaments(4, {"turn_cap": 12}, 4, 4, 150)
    assert counts["sitting_out"] > 0 and counts["capped"] > 0 and counts["deciding"] > 0


@pytest.mark.long
@pytest.mark.parametrize(("players", "options"), CASE_PARAMS)
def test_many_batched_tournaments_match_the_engine(players: int,
                                                   options: dict[str, Any]) -> None:
    each = math.ceil(LONG_TOURNAMENTS / len(CASES))  # together at least LONG_TOURNAMENTS
    seed = 100_000 * players + 11
    half = each // 2
    first = play_and_compare_tournaments(players, options, half, 32, seed)
    second = play_and_compare_tournaments(players, options, each - half, 29, seed + 50_000,
                                          reset_in_step=True)
    total = {key: first[key] + second[key] for key in first}
    print(f"tournament {players}p {options}: {total}")
    assert total["tournaments"] == each


def test_slots_and_observation_are_the_aec_environments() -> None:
    sim = BatchedTournament(4)
    env = drecksau_v0.raw_env(ruleset=TOURNAMENT, num_players=4)
    assert sim.space.slots == list(env.actions.slots) and sim.num_actions == 367
    state = sim.init(np.arange(5))
    assert state.legal_action_mask.shape == (5, 367)
    assert sim.observe(state).shape == (5, env.observation_size())
    assert sim.observe(state, 2).shape == (5, env.observation_size())


def test_a_lane_is_the_scalar_tournament_of_its_seed() -> None:
    sim = BatchedTournament(3)
    seeds = [5, 123456789, -4]
    state = sim.init(seeds)
    for lane, seed in enumerate(seeds):
        twin = get("drecksau", TOURNAMENT).new_state(3, seed)
        assert isinstance(twin, TournamentState)
        assert describe_tournaments(sim, state)[lane] == describe_tournament(twin)
        # the round's own seed is derived: not the round a plain Sauschön game deals
        assert int(state.round.seed[lane]) == twin.round.seed != seed


def test_step_is_pure_unless_in_place_and_rejects_bad_actions() -> None:
    sim = BatchedTournament(2)
    state = sim.init(np.arange(4))
    before = state.copy()
    columns = random_columns(state.legal_action_mask, np.random.default_rng(1))
    after = sim.step(state, columns)
    assert describe_tournaments(sim, state) == describe_tournaments(sim, before)
    assert not np.array_equal(after.round.turn, state.round.turn)
    illegal = columns.copy()
    illegal[1] = int(np.flatnonzero(~state.legal_action_mask[1])[0])
    with pytest.raises(IllegalActionError, match=r"lane 1: slot \d+ \(.*\) is not legal now"):
        sim.step(state, illegal, inplace=True)
    assert describe_tournaments(sim, state) == describe_tournaments(sim, before)
    with pytest.raises(MalformedActionError, match="4 integer mask columns"):
        sim.step(state, [0, 1])
    same = sim.step(state, columns, inplace=True)
    assert same is state
    assert describe_tournaments(sim, state) == describe_tournaments(sim, after)


def test_finished_tournaments_wait_then_start_the_next_seed() -> None:
    # one turn a round: every round stalls, so the round cap ends each tournament
    sim = BatchedTournament(2, {"turn_cap": 1})
    state = sim.init([10, 11])
    noise = np.random.default_rng(0)
    steps, returns = 0, np.zeros((2, 2))
    while not state.over.all():
        state = sim.step(state, random_columns(state.legal_action_mask, noise))
        returns += state.rewards
        steps += 1
    assert state.round_index.tolist() == [sim.round_cap] * 2 and sim.round_cap == 30
    assert steps >= 30  # a Lucky Bird keeps the turn
    assert state.truncated.all() and not state.terminated.any()
    assert returns.tolist() == [[0.5, 0.5], [0.5, 0.5]]  # nobody scored: all lead
    assert not state.legal_action_mask.any()
    frozen = sim.step(state, [0, 0])
    assert describe_tournaments(sim, frozen) == describe_tournaments(sim, state)
    assert not frozen.rewards.any()
    started = sim.auto_reset(state)
    assert started.seed.tolist() == [12, 13] and not started.over.any()
    assert describe_tournaments(sim, started) == describe_tournaments(sim, sim.init([12, 13]))


def test_player_counts_and_options_are_checked() -> None:
    with pytest.raises(InvalidOptionError):
        BatchedTournament(7)
    with pytest.raises(InvalidOptionError):
        BatchedTournament(2, {"hand_size": 4})  # not an option of the tournament
    with pytest.raises(InvalidOptionError, match="seat must be 0-1"):
        sim = BatchedTournament(2)
        sim.observe(sim.init([1]), 2)
