"""The JAX back end plays the numpy batched simulator's games, lane for lane.

Collected only where JAX is installed (tests/rl/conftest.py). The differential runs
(jax_differential.py) step both engines from one position with the same random legal
slots and compare every field, the mask and every seat's observation after every action;
``make test`` plays about 25 games a case, ``make rl-differential`` many more (the
``long`` marker; ``SAUSTALL_RL_JAX_GAMES`` games a case).
"""

from __future__ import annotations

import os
from functools import cache
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from saustall.core.errors import InvalidOptionError
from saustall.rl import drecksau_v0
from saustall.rl.jax_drecksau import JaxDrecksau
from saustall.rl.lanes import random_columns
from tests.rl.jax_differential import (
    Functions, card_counts, describe, jax_fields, jax_start, numpy_start, play_side_by_side,
)

CASES = [("dirty-pig", 2, {}), ("dirty-pig", 3, {"turn_cap": 20}), ("dirty-pig", 4, {}),
         ("sauschoen", 3, {})]
LONG_CASES = [*CASES, ("dirty-pig", 3, {}), ("drecksau", 2, {}), ("drecksau", 4, {}),
              ("drecksau", 4, {"hand_size": 4}), ("sauschoen", 2, {})]


def case_params(cases: list[tuple[str, int, dict[str, int]]]) -> list[Any]:
    """The cases as pytest parameters named like ``dirty-pig-3p-turn_cap20``."""
    return [pytest.param(ruleset, players, options, id=f"{ruleset}-{players}p"
                         + "".join(f"-{k}{v}" for k, v in options.items()))
            for ruleset, players, options in cases]


CASE_PARAMS, LONG_PARAMS = case_params(CASES), case_params(LONG_CASES)
LONG_GAMES = int(os.environ.get("SAUSTALL_RL_JAX_GAMES", "2000"))


@cache
def functions(ruleset: str, players: int, *options: tuple[str, int]) -> Functions:
    """The jitted functions of a case (``options`` as pairs), compiled once for the
    whole module."""
    return Functions(JaxDrecksau(ruleset, players, dict(options)))


def functions_of(ruleset: str, players: int, options: dict[str, int]) -> Functions:
    return functions(ruleset, players, *sorted(options.items()))


@pytest.mark.parametrize(("ruleset", "players", "options"), CASE_PARAMS)
def test_jax_games_match_the_numpy_simulator(ruleset: str, players: int,
                                             options: dict[str, int]) -> None:
    fns = functions_of(ruleset, players, options)
    tally = play_side_by_side(fns, *numpy_start(fns, 8, 100 * players), games=10, seed=players)
    assert tally.games >= 10 and tally.lane_steps > 10 * 20
    assert tally.reshuffles > 0 or "turn_cap" in options  # 20 turns end before the deck does
    # from the JAX deal (its own shuffle) too
    more = play_side_by_side(fns, *jax_start(fns, 8, 7 + players), games=6, seed=players + 1,
                             reset_in_step=True)
    assert more.games >= 6


@pytest.mark.long
@pytest.mark.parametrize(("ruleset", "players", "options"), LONG_PARAMS)
def test_many_jax_games_match_the_numpy_simulator(ruleset: str, players: int,
                                                  options: dict[str, int]) -> None:
    fns = functions_of(ruleset, players, options)
    tally = play_side_by_side(fns, *numpy_start(fns, 64, 10_000 * players), LONG_GAMES // 2,
                              seed=players, max_steps=100_000)
    more = play_side_by_side(fns, *jax_start(fns, 64, 5_000 + players), LONG_GAMES // 2,
                             seed=players + 1, max_steps=100_000, reset_in_step=True)
    print(describe(tally, f"{ruleset} {players}p {options} from numpy deals"))
    print(describe(more, f"{ruleset} {players}p {options} from JAX deals"))
    assert tally.games + more.games >= LONG_GAMES


def test_the_slots_and_the_observation_are_the_aec_environments() -> None:
    env = JaxDrecksau("dirty-pig", 4)
    aec = drecksau_v0.raw_env(ruleset="dirty-pig", num_players=4)
    assert env.num_actions == aec.action_space("player_0").n == 191
    assert env.observation_size == aec.observation_space("player_0")["observation"].shape[0] == 222
    assert env.space.slots == list(aec.actions.slots)


def test_a_jax_deal_is_a_whole_deck_dealt_as_at_the_table() -> None:
    fns = functions("dirty-pig", 3, ("turn_cap", 20))  # the case's, compiled
    env = fns.env
    state = fns.init(jax.random.split(jax.random.key(3), 8))
    fields = jax_fields(env, state)
    sim = env.numpy_twin
    assert (sim._code_len[fields["hands"]] == 3).all() and (fields["deck_len"] == 57 - 9).all()
    in_hands = sim._hand_counts[sim._rank[fields["hands"]]].sum(axis=1)
    full = card_counts(env, sim._deck[None, :], np.array([57]))
    assert np.array_equal(in_hands + card_counts(env, fields["deck"], fields["deck_len"]),
                          np.repeat(full, 8, axis=0))
    assert (fields["current_player"] == 0).all() and not fields["terminated"].any()
    # the keys deal different games, the same key the same game
    assert len({bytes(row) for row in fields["deck"].astype(np.int8)}) == 8
    again = fns.init(jax.random.split(jax.random.key(3), 8))
    assert np.array_equal(np.asarray(again.deck), np.asarray(state.deck))


def test_jax_shuffles_deal_every_card_alike_to_the_first_seat() -> None:
    fns = functions("dirty-pig", 2)
    keys = jax.random.split(jax.random.key(11), 4096).reshape(512, 8)
    sim = fns.env.numpy_twin
    first = np.concatenate([np.asarray(fns.init(row).hands)[:, 0] for row in keys])
    dealt = sim._hand_counts[sim._rank[first]].sum(axis=0)
    expected = card_counts(fns.env, sim._deck[None, :], np.array([57]))[0] / 57 * 3 * 4096
    chi2 = (((dealt - expected) ** 2) / expected).sum()
    assert chi2 < 30  # 6 degrees of freedom: P(chi2 > 30) < 1e-4 for a fair deal


def test_deals_within_the_step_deal_every_card_alike_to_the_first_seat() -> None:
    # step(auto_reset=True) deals a card at a time, each a random one of the deck
    fns = functions("dirty-pig", 2)
    state = fns.init(jax.random.split(jax.random.key(12), 8))
    over = state._replace(phase=jnp.full(8, 2, jnp.int32), terminated=jnp.ones(8, jnp.bool_))
    sim = fns.env.numpy_twin
    first = []
    for row in jax.random.split(jax.random.key(13), 512):
        dealt = fns.step_reset(over._replace(key=jax.random.key_data(jax.random.split(row, 8))),
                               jnp.zeros(8, jnp.int32))
        assert (np.asarray(dealt.deck_len) == 57 - 6).all() and not np.asarray(dealt.phase).any()
        first.append(np.asarray(dealt.hands)[:, 0])
    counts = sim._hand_counts[sim._rank[np.concatenate(first)]].sum(axis=0)
    expected = card_counts(fns.env, sim._deck[None, :], np.array([57]))[0] / 57 * 3 * 4096
    assert (((counts - expected) ** 2) / expected).sum() < 30  # as for init's shuffle


def test_a_finished_game_and_an_illegal_slot_leave_the_state_as_it_is() -> None:
    fns = functions("dirty-pig", 2)
    env = fns.env
    state = fns.init(jax.random.split(jax.random.key(5), 8))
    illegal = jnp.asarray([int(np.flatnonzero(~row)[0])
                           for row in np.asarray(state.legal_action_mask)], jnp.int32)
    unchanged = fns.step(state, illegal)
    for name, before in jax_fields(env, state).items():
        assert np.array_equal(before, jax_fields(env, unchanged)[name]), name
    over = state._replace(phase=jnp.full(8, 2, jnp.int32), terminated=jnp.ones(8, jnp.bool_))
    over = over._replace(legal_action_mask=fns.legal(over))
    assert not np.asarray(over.legal_action_mask).any()
    frozen = fns.step(over, jnp.zeros(8, jnp.int32))
    for name, before in jax_fields(env, over).items():
        assert np.array_equal(before, jax_fields(env, frozen)[name]), name


def test_auto_reset_deals_anew_only_where_the_game_is_over() -> None:
    fns = functions("dirty-pig", 2)
    state = fns.init(jax.random.split(jax.random.key(9), 8))
    over = state._replace(phase=state.phase.at[1].set(2),
                          terminated=state.terminated.at[1].set(True),
                          turn=state.turn.at[1].set(40))
    dealt = fns.auto_reset(over)
    assert np.asarray(dealt.phase).tolist() == [0] * 8
    assert np.asarray(dealt.turn).tolist() == [0] * 8
    kept = [0, *range(2, 8)]
    assert np.array_equal(np.asarray(dealt.deck)[kept], np.asarray(state.deck)[kept])
    assert not np.array_equal(np.asarray(dealt.deck)[1], np.asarray(state.deck)[1])
    assert np.asarray(dealt.legal_action_mask)[1].any()


def test_random_jax_play_keeps_every_card_and_ends_games() -> None:
    # JAX's own games (its own reshuffles): no card is lost or made, and games end
    fns = functions("dirty-pig", 2)
    env, sim = fns.env, fns.env.numpy_twin
    state = fns.init(jax.random.split(jax.random.key(21), 8))
    noise = np.random.default_rng(22)
    on_pigs = np.array([bin(f & 0b11110).count("1") for f in range(32)])  # barn, door, rod, pretty
    finished = reshuffled = 0
    for _ in range(240):
        discard_before = np.asarray(state.discard_len)
        actions = random_columns(np.asarray(state.legal_action_mask), noise)
        state = fns.step_reset(state, jnp.asarray(actions, jnp.int32))
        f = jax_fields(env, state)
        reshuffled += int(((f["discard_len"] == 0) & (discard_before > 0) & ~f["terminated"]).sum())
        cards = (f["deck_len"] + f["discard_len"] + sim._code_len[f["hands"]].sum(axis=1)
                 + on_pigs[f["pigs"]].sum(axis=(1, 2)))
        assert (cards == 57).all()
        finished += int(f["terminated"].sum())
    assert finished > 10 and reshuffled > 0


def test_batched_states_convert_both_ways() -> None:
    fns = functions("sauschoen", 3)
    env = fns.env
    batch, state = numpy_start(fns, 8, 1)
    back = env.to_batched(state)
    for name in ("hands", "pigs", "deck", "deck_len", "discard_len", "pile_counts",
                 "legal_action_mask", "current_player", "phase", "turn"):
        assert np.array_equal(getattr(back, name), getattr(batch, name)), name
    with pytest.raises(ValueError, match="not dirty-pig at 2 players"):
        functions("dirty-pig", 2).env.from_batched(batch, jax.random.split(jax.random.key(0), 8))


def test_the_tournament_is_not_covered() -> None:
    with pytest.raises(InvalidOptionError, match="BatchedTournament"):
        JaxDrecksau("sauschoen-tournament", 2)
