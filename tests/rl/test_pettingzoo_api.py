"""PettingZoo's own test suite (``api_test``, ``seed_test``, and the parallel ones for
Pigasus) for every registered ruleset, and every player count reachable."""

from __future__ import annotations

import functools
import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from saustall.core.errors import InvalidOptionError
from tests.rl.helpers import MODULES, REALTIME, RULESETS, TURN_BASED, players_of

# Dict observations make api_test warn that a Box would be more usual: the classic
# environments (chess, leduc...) draw the same warnings.
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def seeded(env: Any) -> Any:
    """``env`` with its action spaces seeded: the API tests sample actions from them, so
    every run plays the same games (the tests reset the environment with seed 0)."""
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(i)
    return env


def test_every_registered_ruleset_has_an_environment() -> None:
    assert len(RULESETS) == 8
    assert {game for game, _ in RULESETS} == set(MODULES)


@pytest.mark.parametrize("game,ruleset", TURN_BASED)
def test_api_and_seed_tests_pass(game: str, ruleset: str) -> None:
    module = MODULES[game]
    players = players_of(game, ruleset)
    api_test(seeded(module.env(ruleset=ruleset, num_players=players[0])), num_cycles=200)
    api_test(seeded(module.env(ruleset=ruleset, num_players=players[-1])), num_cycles=100)
    seed_test(functools.partial(module.env, ruleset=ruleset, num_players=players[0]),
              num_cycles=100)


@pytest.mark.parametrize("game,ruleset", REALTIME)
def test_parallel_api_and_seed_tests_pass(game: str, ruleset: str) -> None:
    module = MODULES[game]
    players = players_of(game, ruleset)
    for n in (players[0], players[-1]):
        parallel_api_test(seeded(module.parallel_env(ruleset=ruleset, num_players=n)),
                          num_cycles=200)
    parallel_seed_test(functools.partial(module.parallel_env, ruleset=ruleset,
                                         num_players=players[0]), num_cycles=100)
    # and its AEC form, through the standard wrappers
    api_test(seeded(module.env(ruleset=ruleset, num_players=players[0])), num_cycles=50)
    seed_test(functools.partial(module.env, ruleset=ruleset, num_players=players[0]),
              num_cycles=30)


@pytest.mark.parametrize("game,ruleset", RULESETS)
def test_every_player_count_is_reachable(game: str, ruleset: str) -> None:
    module = MODULES[game]
    for n in players_of(game, ruleset):
        if game == "pigasus":
            par = module.parallel_env(ruleset=ruleset, num_players=n)
            observations, _ = par.reset(seed=n)
            assert len(observations) == n
            size = par.action_space("player_0").n
        else:
            aec = module.env(ruleset=ruleset, num_players=n)
            aec.reset(seed=n)
            assert aec.possible_agents == [f"player_{p}" for p in range(n)]
            size = aec.action_space("player_0").n
            obs, *_ = aec.last()
            assert obs["action_mask"].any()
        # the action space is fixed per ruleset: the same for every table size
        assert size == (module.parallel_env if game == "pigasus" else module.raw_env)(
            ruleset=ruleset, num_players=players_of(game, ruleset)[0]).action_space(
            "player_0").n


@pytest.mark.parametrize("game,ruleset", RULESETS)
def test_a_table_size_the_ruleset_does_not_allow_is_refused(game: str, ruleset: str) -> None:
    module = MODULES[game]
    make = module.parallel_env if game == "pigasus" else module.raw_env
    with pytest.raises(InvalidOptionError, match="players"):
        make(ruleset=ruleset, num_players=players_of(game, ruleset)[-1] + 1)


@pytest.mark.parametrize("game,ruleset", TURN_BASED)
def test_an_illegal_action_ends_the_game_in_the_wrapper_not_the_engine(
        game: str, ruleset: str) -> None:
    module = MODULES[game]
    aec = module.env(ruleset=ruleset)
    aec.reset(seed=3)
    obs, *_ = aec.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    agent = aec.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        aec.step(illegal)
    assert all(aec.terminations.values())
    assert aec._cumulative_rewards[agent] == -1
    # the bare environment leaves the verdict to the engine, which refuses the action
    raw = module.raw_env(ruleset=ruleset)
    raw.reset(seed=3)
    history = list(raw.state.history)
    with pytest.raises(Exception):
        raw.step(illegal)
    assert raw.state.history == history
