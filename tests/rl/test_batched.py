"""The batched simulator plays exactly the scalar engine's games, and keeps its promises.

The differential runs (see differential.py) compare every field of every lane with the
scalar engine after every action. ``make test`` plays about 300 games over every ruleset,
player count and rule-changing option; ``make rl-differential`` plays 10,000 (the ``long``
marker; ``SAUSTALL_RL_GAMES`` to change the count).
"""

from __future__ import annotations

import math
import os

import numpy as np
import pytest

from benchmarks.batched import batched_actions_per_second
from saustall.core.errors import IllegalActionError, InvalidOptionError, MalformedActionError
from saustall.core.registry import get
from saustall.games.drecksau.actions import decode_action
from saustall.games.drecksau.game import DrecksauState
from saustall.rl import drecksau_v0
from saustall.rl.batched import BatchedDrecksau
from saustall.rl.lanes import random_columns
from tests.rl.differential import CASES, describe_lanes, describe_scalar, play_and_compare

CASE_PARAMS = [pytest.param(ruleset, players, options,
                            id=f"{ruleset}-{players}p" + "".join(f"-{k}{v}" for k, v in options.items()))
               for ruleset, players, options in CASES]
LONG_GAMES = int(os.environ.get("SAUSTALL_RL_GAMES", "10000"))


@pytest.mark.parametrize(("ruleset", "players", "options"), CASE_PARAMS)
def test_batched_games_match_the_engine(ruleset: str, players: int, options: dict[str, int]) -> None:
    seed = 1000 * players
    assert play_and_compare(ruleset, players, options, 12, 8, seed)[0] == 12
    assert play_and_compare(ruleset, players, options, 6, 5, seed + 500,
                            reset_in_step=True)[0] == 6


@pytest.mark.long
@pytest.mark.parametrize(("ruleset", "players", "options"), CASE_PARAMS)
def test_ten_thousand_batched_games_match_the_engine(ruleset: str, players: int,
                                                     options: dict[str, int]) -> None:
    each = math.ceil(LONG_GAMES / len(CASES))  # together at least LONG_GAMES games
    seed = 100_000 * players + 7
    half = each // 2
    played, actions = play_and_compare(ruleset, players, options, half, 64, seed)
    more, more_actions = play_and_compare(ruleset, players, options, each - half, 61,
                                          seed + 50_000, reset_in_step=True)
    print(f"{ruleset} {players}p {options}: {played + more} games, "
          f"{actions + more_actions} actions compared")
    assert played + more == each


@pytest.mark.parametrize(("ruleset", "players"), [("dirty-pig", 2), ("dirty-pig", 5),
                                                  ("drecksau", 3), ("sauschoen", 4)])
def test_slots_are_the_aec_environments(ruleset: str, players: int) -> None:
    sim = BatchedDrecksau(ruleset, players)
    env = drecksau_v0.raw_env(ruleset=ruleset, num_players=players)
    assert sim.num_actions == env.action_space("player_0").n == len(env.actions.slots)
    assert sim.space.slots == list(env.actions.slots)
    state = sim.init(np.arange(8))
    assert state.legal_action_mask.shape == (8, env.action_space("player_0").n)
    for seat in range(players):
        for code, slot in env.actions.index[seat].items():
            if env.actions.code(seat, slot) == code and slot in sim._slot_of[seat].values():
                assert sim.slot_of(seat, code) == slot
                assert sim.engine_actions([seat], [slot]).tolist() == [code]
    with pytest.raises(MalformedActionError, match=f"no action of seat 0 in {ruleset}"):
        sim.slot_of(0, decode_action(f"play mud {players}.0"))  # no such seat


def test_dirty_pig_has_191_slots_at_every_table_size() -> None:
    for players in range(2, 7):
        assert BatchedDrecksau("dirty-pig", players).num_actions == 191


def test_a_lane_is_the_scalar_game_of_its_seed() -> None:
    sim = BatchedDrecksau("sauschoen", 3)
    state = sim.init([5, 123456789, -4])
    for lane, seed in enumerate([5, 123456789, -4]):
        twin = get("drecksau", "sauschoen").new_state(3, seed)
        assert isinstance(twin, DrecksauState)
        assert describe_lanes(sim, state)[lane] == describe_scalar(twin)


def test_step_is_pure_unless_in_place() -> None:
    sim = BatchedDrecksau("dirty-pig", 2)
    state = sim.init(np.arange(16))
    before = state.copy()
    columns = random_columns(state.legal_action_mask, np.random.default_rng(1))
    after = sim.step(state, columns)
    assert describe_lanes(sim, state) == describe_lanes(sim, before)
    assert not np.array_equal(after.turn, state.turn)
    same = sim.step(state, columns, inplace=True)
    assert same is state and describe_lanes(sim, state) == describe_lanes(sim, after)


def test_an_illegal_action_names_its_lane_and_changes_nothing() -> None:
    sim = BatchedDrecksau("dirty-pig", 2)
    state = sim.init(np.arange(4))
    columns = random_columns(state.legal_action_mask, np.random.default_rng(0))
    illegal = int(np.flatnonzero(~state.legal_action_mask[2])[0])
    columns[2] = illegal
    before = state.copy()
    with pytest.raises(IllegalActionError, match=r"lane 2: slot \d+ \(.*\) is not legal now"):
        sim.step(state, columns, inplace=True)
    assert describe_lanes(sim, state) == describe_lanes(sim, before)
    with pytest.raises(MalformedActionError, match="lane 1: 9999 is no column"):
        sim.step(state, [0, 9999, 0, 0])
    with pytest.raises(MalformedActionError, match="4 integer mask columns"):
        sim.step(state, [0, 1])


def test_rulesets_and_options_are_checked() -> None:
    with pytest.raises(InvalidOptionError, match="the tournament is .*BatchedTournament"):
        BatchedDrecksau("sauschoen-tournament", 2)
    with pytest.raises(InvalidOptionError):
        BatchedDrecksau("drecksau", 5)  # the German box seats 2-4
    with pytest.raises(InvalidOptionError):
        BatchedDrecksau("drecksau", 2, {"hand_size": 5})


def test_finished_lanes_wait_until_reset_then_play_the_next_seed() -> None:
    sim = BatchedDrecksau("dirty-pig", 2, {"turn_cap": 3})
    state = sim.init([10, 11])
    noise = np.random.default_rng(0)
    for _ in range(3):
        state = sim.step(state, random_columns(state.legal_action_mask, noise))
    assert state.terminated.all() and not state.legal_action_mask.any()
    frozen = sim.step(state, [0, 0])  # ignored: the games are over
    assert describe_lanes(sim, frozen) == describe_lanes(sim, state)
    dealt = sim.auto_reset(state)
    assert dealt.seed.tolist() == [12, 13] and not dealt.terminated.any()
    assert describe_lanes(sim, dealt) == describe_lanes(sim, sim.init([12, 13]))


def test_two_player_lanes_reset_eight_at_a_time_deal_their_next_seeds() -> None:
    # Eight finished lanes fill a 64-bit word of the two-seat rotation (it raised once).
    sim = BatchedDrecksau("dirty-pig", 2, {"turn_cap": 2})
    state = sim.init(np.arange(16))
    noise = np.random.default_rng(0)
    for _ in range(2):
        state = sim.step(state, random_columns(state.legal_action_mask, noise))
    assert state.terminated.all()
    dealt = sim.auto_reset(state)
    assert describe_lanes(sim, dealt) == describe_lanes(sim, sim.init(np.arange(16, 32)))


def test_observation_shows_only_the_observers_hand() -> None:
    sim = BatchedDrecksau("dirty-pig", 2)
    state = sim.init(np.arange(32))
    seen = sim.observe(state, 0)
    hidden = state.copy()
    # Another hand of as many cards for seat 1, and the deck reversed: unseen by seat 0.
    hidden.hands[:, 1] = 3 * int(sim._pow[2])  # three barns
    hidden.deck[:] = hidden.deck[:, ::-1].copy()
    assert np.array_equal(sim.observe(hidden, 0), seen)
    assert not np.array_equal(sim.observe(hidden, 1), sim.observe(state, 1))
    counts = sim.hand_counts(state)
    assert np.array_equal(seen[:, :sim.kinds], counts[:, 0] / 4)
    assert np.array_equal(sim.observe(state), seen)  # seat 0 acts first everywhere
    with pytest.raises(InvalidOptionError, match="seat must be 0-1"):
        sim.observe(state, 2)
    with pytest.raises(InvalidOptionError, match="out must be float32 of shape"):
        sim.observe(state, out=np.zeros((3, 222), np.float32))


def test_observing_into_a_buffer_gives_the_fresh_observation() -> None:
    sim = BatchedDrecksau("dirty-pig", 3)
    state = sim.init(np.arange(16))
    buffer = sim.blank_observations(16)
    noise = np.random.default_rng(3)
    for _ in range(30):
        assert sim.observe(state, out=buffer) is buffer
        assert np.array_equal(buffer, sim.observe(state))
        state = sim.step(state, random_columns(state.legal_action_mask, noise), auto_reset=True)


def test_a_seats_observation_is_the_acting_seats_where_it_acts() -> None:
    sim = BatchedDrecksau("dirty-pig", 3)
    state = sim.init(np.arange(40))
    noise = np.random.default_rng(4)
    seen = set()
    for _ in range(60):  # every seat acts somewhere once lanes have been dealt anew
        acting = sim.observe(state)
        for seat in range(3):
            lanes = state.current_player == seat
            if lanes.any():
                seen.add(seat)
                assert np.array_equal(sim.observe(state, seat)[lanes], acting[lanes])
        state = sim.step(state, random_columns(state.legal_action_mask, noise), auto_reset=True)
    assert seen == {0, 1, 2}


def test_the_speed_measure_counts_actions() -> None:
    assert batched_actions_per_second(8, 0.05) > 0


@pytest.mark.parametrize(("ruleset", "players"), [("dirty-pig", 2), ("drecksau", 3),
                                                  ("sauschoen", 2)])
def test_play_on_short_handed_when_no_card_is_left_to_draw(ruleset: str, players: int) -> None:
    # Random games never empty both piles; here both start empty, so hands shrink (and
    # an empty hand passes) until played cards come back through the discard pile.
    sim = BatchedDrecksau(ruleset, players)
    seeds = list(range(6))
    state = sim.init(seeds)
    twins = [get("drecksau", ruleset).new_state(players, seed) for seed in seeds]
    for lane, twin in enumerate(twins):
        assert isinstance(twin, DrecksauState)
        twin.deck, twin.discard, twin._legal = [], [], None
    state.deck_len[:] = 0
    state.discard_len[:] = 0
    noise = np.random.default_rng(5)
    short = 0
    for _ in range(40):
        for lane, twin in enumerate(twins):
            assert isinstance(twin, DrecksauState)
            assert describe_lanes(sim, state)[lane] == describe_scalar(twin)
            short += not twin.deck and len(twin.hands[twin.player]) < twin.hand_size
        columns = random_columns(state.legal_action_mask, noise)
        codes = sim.engine_actions(state.current_player, columns).tolist()
        state = sim.step(state, columns)
        for lane, twin in enumerate(twins):
            if not twin.is_terminal():
                twin.apply(codes[lane])
    assert short > 0  # the case under test did occur
