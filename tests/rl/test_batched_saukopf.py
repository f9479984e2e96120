"""The batched Saukopf card play plays exactly the scalar engine's deals, in the AEC
environment's action slots and observations.

The differential runs (see saukopf_differential.py) compare every lane with its scalar
twin after every action. ``make test`` plays a few hundred deals over every game kind of
both rulesets; ``make rl-differential`` plays 10,000 (the ``long`` marker;
``SAUSTALL_RL_GAMES`` to change the count).
"""

from __future__ import annotations

import math
import os
import random

import numpy as np
import pytest

from benchmarks.batched import (
    saukopf_actions_per_second, saukopf_pool, scalar_saukopf_actions_per_second,
)
from saustall.core.errors import IllegalActionError, InvalidOptionError
from saustall.core.registry import get
from saustall.games.saukopf.cards import GAME_KINDS
from saustall.games.saukopf.game import SaukopfState
from saustall.rl import saukopf_v0
from saustall.rl.batched_saukopf import BatchedSaukopf
from saustall.rl.lanes import random_columns
from tests.rl.saukopf_differential import play_and_compare, ruleset_kinds, start_states
from tests.rl.test_one_space import policy

LONG_GAMES = int(os.environ.get("SAUSTALL_RL_GAMES", "10000"))
RULESETS = ("saukopf", "dreihaxer")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_batched_deals_match_the_engine_under_every_game(ruleset: str) -> None:
    tally = play_and_compare(ruleset, 220, 48, seed=11)
    assert tally.deals == 220
    names = {GAME_KINDS[k].name for k in ruleset_kinds(ruleset)}
    assert set(tally.kinds) == names  # every game kind the ruleset has was played
    assert tally.spiess[True] and tally.spiess[False]
    assert tally.kontra and tally.re
    assert tally.declarer_won[True] and tally.declarer_won[False]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_whole_deals_bid_and_played_in_the_batch_match_the_engine(ruleset: str) -> None:
    tally = play_and_compare(ruleset, 240, 60, seed=5, whole=True)
    assert tally.deals == 240
    assert tally.thrown_in  # everybody passed in the Trog and in the Napf
    assert {"mast", "knorpel", "keiler"} <= set(tally.kinds)  # Napf and Trog games


@pytest.mark.long
@pytest.mark.parametrize("whole", [False, True], ids=["card-play", "whole-deals"])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_ten_thousand_batched_deals_match_the_engine(ruleset: str, whole: bool) -> None:
    each = math.ceil(LONG_GAMES / len(RULESETS) / 2)
    tally = play_and_compare(ruleset, each, 512, seed=100_003, whole=whole)
    print(f"batched {ruleset}{' whole deals' if whole else ''}: {tally.deals} deals "
          f"({tally.thrown_in} thrown in), {tally.actions} actions compared; "
          f"games {dict(tally.kinds)}; Kontra {tally.kontra}, Re {tally.re}")
    assert tally.deals == each


@pytest.mark.parametrize("ruleset", RULESETS)
def test_slots_and_observation_are_the_aec_environments(ruleset: str) -> None:
    sim = BatchedSaukopf(ruleset)
    env = saukopf_v0.raw_env(ruleset=ruleset)
    assert sim.num_actions == env.actions.size == 237
    assert sim.layout.size == env.obs_size
    batch = sim.init([3])
    for slot, code in enumerate(env.actions.codes[0]):  # every slot but the revokes
        expected = -1 if slot in range(68, 72) else code
        assert sim.engine_actions(batch, [slot]).tolist() == [expected], env.actions.slots[slot]
    for seat in range(sim.num_players):  # relative seats change only the revoke slots
        assert [c for i, c in enumerate(env.actions.codes[seat]) if i not in range(68, 72)] \
            == [c for i, c in enumerate(env.actions.codes[0]) if i not in range(68, 72)]


def test_an_illegal_slot_names_the_lane_and_changes_nothing() -> None:
    sim = BatchedSaukopf("saukopf")
    batch = sim.start(start_states("saukopf", 4, 5))
    slots = np.flatnonzero(batch.legal_action_mask[0])[:1].repeat(4)
    illegal = np.flatnonzero(~batch.legal_action_mask[2])[0]
    slots[1:] = [np.flatnonzero(batch.legal_action_mask[b])[0] for b in (1, 2, 3)]
    slots[2] = illegal
    before = batch.copy()
    with pytest.raises(IllegalActionError, match=f"lane 2: slot {illegal} "):
        sim.step(batch, slots, inplace=True)
    assert all(np.array_equal(getattr(before, name), getattr(batch, name))
               for name in before.__dataclass_fields__)
    with pytest.raises(InvalidOptionError, match="one slot per lane"):
        sim.step(batch, slots[:3])


def test_a_finished_lane_ignores_its_action_and_pays_once() -> None:
    sim = BatchedSaukopf("dreihaxer")
    batch = sim.start(start_states("dreihaxer", 2, 8))
    paid = np.zeros((2, 3), dtype=np.float32)
    while not batch.terminated.all():
        legal = batch.legal_action_mask
        slots = np.where(legal.any(axis=1), legal.argmax(axis=1), 0)
        batch = sim.step(batch, slots)
        paid += batch.rewards
    assert paid.any()
    again = sim.step(batch, [5, 5])
    assert not again.rewards.any()
    assert np.array_equal(again.taken_points, batch.taken_points)


def test_start_takes_a_deal_in_any_phase_but_over() -> None:
    sim = BatchedSaukopf("saukopf")
    bidding = get("saukopf").new_state(4, 1, {"deals": 1})
    assert isinstance(bidding, SaukopfState)
    batch = sim.start([bidding])
    assert batch.phase.tolist() == [saukopf_v0.PHASES.index("bidding")]
    assert np.array_equal(batch.legal_action_mask[0],
                          sim.env.actions.mask(bidding.cur, bidding.legal_actions()) == 1)
    rng = random.Random(1)
    while not bidding.is_terminal():
        bidding.apply(rng.choice(bidding.legal_actions()))
    with pytest.raises(InvalidOptionError, match="state 0's deal is over"):
        sim.start([bidding])
    first_of_two = get("saukopf").new_state(4, 1, {"deals": 2})
    assert isinstance(first_of_two, SaukopfState)
    rng = random.Random(1)
    while first_of_two.phase != "playing":  # random bidding: the first deal's card play
        first_of_two.apply(rng.choice(first_of_two.legal_actions()))
    assert first_of_two.deal_index == 0
    with pytest.raises(InvalidOptionError, match="plays deal 1 of 2: only a session's last"):
        sim.start([first_of_two])
    with pytest.raises(InvalidOptionError, match="state 0 is not a saukopf state"):
        sim.start(start_states("dreihaxer", 1, 1))


def test_auto_reset_deals_finished_lanes_from_the_pool() -> None:
    sim = BatchedSaukopf("saukopf")
    pool = sim.start(start_states("saukopf", 6, 21))
    batch = sim.start(start_states("saukopf", 3, 22))
    noise = np.random.default_rng(0)
    while not batch.terminated[1]:
        legal = batch.legal_action_mask
        batch = sim.step(batch, np.where(legal.any(axis=1), legal.argmax(axis=1), 0))
    fresh = sim.auto_reset(batch, pool, noise)
    assert not fresh.terminated.any() and batch.terminated[1]  # pure: batch unchanged
    for b in range(3):
        if batch.terminated[b]:
            row = [r for r in range(6) if np.array_equal(pool.hands[r], fresh.hands[b])
                   and pool.seed[r] == fresh.seed[b]]
            assert row, f"lane {b} holds no deal of the pool"
            assert np.array_equal(fresh.legal_action_mask[b], pool.legal_action_mask[row[0]])
            assert np.array_equal(sim.observe(fresh)[b], sim.observe(pool)[row[0]])
        else:
            assert np.array_equal(fresh.hands[b], batch.hands[b])


def test_the_benchmark_measures_the_batched_card_play() -> None:
    pool = saukopf_pool("dreihaxer", 12)
    assert saukopf_actions_per_second(16, 0.05, "dreihaxer", observe=True, pool=pool) > 0
    assert scalar_saukopf_actions_per_second(0.05, "dreihaxer", pool=pool) > 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_policy_plays_the_same_card_play_batched_and_in_the_aec_env(ruleset: str) -> None:
    """The AEC env bids (the policy choosing through ``last()`` and ``step``); from the
    first card the same policy plays on in the env and, from the env's deal, in a lane:
    the same slots and the same returns."""
    env = saukopf_v0.raw_env(ruleset=ruleset, deals=1)
    sim = BatchedSaukopf(ruleset)
    playing = env.layout.at["phase"] + saukopf_v0.PHASES.index("playing")
    compared = 0
    for seed in range(40):
        env.reset(seed=seed)
        obs, _, done, _, _ = env.last()
        while not done and obs["observation"][playing] != 1.0:  # bidding, declaring...
            env.step(int(policy(obs["observation"][None], obs["action_mask"][None])[0]))
            obs, _, done, _, _ = env.last()
        if done:
            continue  # thrown in: no card play
        assert isinstance(env.state, SaukopfState)
        batch = sim.start([env.state])
        env_slots, batch_slots = [], []
        returns = np.zeros(sim.num_players)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            slot = int(policy(obs["observation"][None], obs["action_mask"][None])[0])
            env_slots.append(slot)
            env.step(slot)
            returns += [env.rewards[name] for name in env.possible_agents]
        paid = np.zeros(sim.num_players)
        while not batch.terminated.all():
            slot = policy(sim.observe(batch), batch.legal_action_mask)
            batch_slots.append(int(slot[0]))
            batch = sim.step(batch, slot)
            paid += batch.rewards[0]
        assert batch_slots == env_slots
        assert paid.tolist() == returns.tolist()
        compared += 1
    assert compared >= 10


def test_redeal_deals_each_finished_lane_its_next_seed() -> None:
    sim = BatchedSaukopf("dreihaxer")
    batch = sim.init([7, 8, 9])
    noise = np.random.default_rng(2)
    while not batch.terminated[0]:
        batch = sim.step(batch, random_columns(batch.legal_action_mask, noise))
    fresh = sim.redeal(batch)
    assert batch.terminated[0] and not fresh.terminated.any()  # pure: batch unchanged
    dealt = sim.init([10])
    for f in dealt.__dataclass_fields__:
        assert np.array_equal(getattr(fresh, f)[0], getattr(dealt, f)[0]), f
    for b in (1, 2):
        if not batch.terminated[b]:
            assert np.array_equal(fresh.hands[b], batch.hands[b])


def test_the_benchmark_measures_whole_deals() -> None:
    assert saukopf_actions_per_second(16, 0.05, "saukopf", whole=True, inplace=True) > 0
    assert scalar_saukopf_actions_per_second(0.05, "saukopf", whole=True, observe=True) > 0
