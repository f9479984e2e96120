"""The one-layer :class:`ClassicWrapper` behaves as PettingZoo's three standard wrappers
(order enforcing, assert out of bounds, terminate illegal) on every misuse and in play."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import pytest
from pettingzoo.utils.env_logger import EnvLogger

from saustall.rl import drecksau_v0, saukopf_v0
from saustall.rl.common import classic_wrapper, standard_wrappers
from saustall.rl.wrapper import ClassicWrapper

MODULES = [drecksau_v0, saukopf_v0]
ATTRIBUTES = ("agents", "rewards", "terminations", "truncations", "infos",
              "agent_selection", "num_agents")


def pair(module: Any) -> tuple[Any, Any]:
    """The same raw environment in our wrapper and in PettingZoo's stack."""
    return classic_wrapper(module.raw_env()), standard_wrappers(module.raw_env())


def outcome(call: Callable[[], Any]) -> tuple[str, str, list[str]]:
    """What a call did: the exception type and message it raised, and the warnings."""
    EnvLogger.flush()
    try:
        call()
        raised = ("", "")
    except Exception as error:  # noqa: BLE001 -- the exception is what is compared
        raised = (type(error).__name__, str(error))
    return (*raised, list(EnvLogger.mqueue))


def snapshot(env: Any) -> tuple[Any, ...]:
    """Everything an agent loop reads of an environment."""
    return (list(env.agents), env.agent_selection, dict(env.rewards),
            dict(env._cumulative_rewards), dict(env.terminations), dict(env.truncations),
            env.unwrapped.state.history if env.agents else None)


def test_env_is_the_classic_wrapper() -> None:
    env = drecksau_v0.env()
    assert isinstance(env, ClassicWrapper)
    assert str(env) == str(standard_wrappers(drecksau_v0.raw_env())) == "drecksau_v0"
    assert isinstance(env.unwrapped, drecksau_v0.raw_env)


@pytest.mark.parametrize("module", MODULES)
def test_misuse_before_reset_fails_alike(module: Any) -> None:
    ours, theirs = pair(module)
    for call in ("step", "observe", "agent_iter", "render"):
        args = {"step": (0,), "observe": ("player_0",)}.get(call, ())
        mine = outcome(lambda: getattr(ours, call)(*args))
        assert mine[0] == "AssertionError" and "reset()" in mine[1], call
        assert mine == outcome(lambda: getattr(theirs, call)(*args)), call
    for name in ATTRIBUTES:
        mine = outcome(lambda: getattr(ours, name))
        assert mine[0] == "AttributeError", name
        assert mine == outcome(lambda: getattr(theirs, name)), name
        assert not hasattr(ours, name)


@pytest.mark.parametrize("module", MODULES)
def test_out_of_bounds_actions_are_refused_alike_and_change_nothing(module: Any) -> None:
    ours, theirs = pair(module)
    size = ours.action_space("player_0").n
    for action in (-1, size, None, 1.5, np.int64(size), "0", np.array([0])):
        ours.reset(seed=5)
        theirs.reset(seed=5)
        before = snapshot(ours)
        mine = outcome(lambda: ours.step(action))
        assert mine == ("AssertionError", "action is not in action space", []), action
        assert mine == outcome(lambda: theirs.step(action)), action
        assert snapshot(ours) == before == snapshot(theirs)


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("observe_first", [True, False])
def test_an_illegal_action_ends_the_game_alike(module: Any, observe_first: bool) -> None:
    ours, theirs = pair(module)
    for env in (ours, theirs):
        env.reset(seed=3)
        for _ in range(3):  # a few legal moves first
            env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    mask = ours.unwrapped.action_mask(ours.agent_selection)
    illegal = np.int64(np.flatnonzero(mask == 0)[-1])
    history = list(ours.unwrapped.state.history)
    if observe_first:
        ours.last()
        theirs.last()
    mine = outcome(lambda: ours.step(illegal))
    assert mine[:2] == ("", "") and "Illegal move" in mine[2][0]
    assert mine == outcome(lambda: theirs.step(illegal))
    assert ours.unwrapped.state.history == history  # the engine never saw the action
    assert snapshot(ours)[:6] == snapshot(theirs)[:6]
    assert all(ours.terminations.values()) and all(ours.truncations.values())
    assert min(ours._cumulative_rewards.values()) == -1.0
    # a dead agent may only pass None; then each steps out, in the same order
    assert outcome(lambda: ours.step(0)) == outcome(lambda: theirs.step(0))
    while theirs.agents:
        assert ours.last()[1:4] == theirs.last()[1:4]
        assert outcome(lambda: ours.step(None)) == outcome(lambda: theirs.step(None))
        assert snapshot(ours)[:6] == snapshot(theirs)[:6]
    assert not ours.agents
    mine = outcome(lambda: ours.step(None))
    assert mine[:2] == ("", "") and "step() called after all agents" in mine[2][0]
    assert mine == outcome(lambda: theirs.step(None))


@pytest.mark.parametrize("module", MODULES)
def test_agent_iter_without_a_step_asserts_alike(module: Any) -> None:
    ours, theirs = pair(module)
    results = []
    for env in (ours, theirs):
        env.reset(seed=1)
        loop = iter(env.agent_iter())
        next(loop)
        results.append(outcome(lambda: next(loop)))
    assert results[0] == results[1]
    assert results[0][0] == "AssertionError" and "agent_iter" in results[0][1]


@pytest.mark.parametrize("module", MODULES)
def test_seeded_random_games_play_out_identically(module: Any) -> None:
    ours, theirs = pair(module)
    rng = np.random.default_rng(0)
    for game in range(3):
        ours.reset(seed=game)
        theirs.reset(seed=game)
        for agent, other in zip(ours.agent_iter(), theirs.agent_iter()):
            assert agent == other
            mine, yours = ours.last(), theirs.last()
            assert np.array_equal(mine[0]["observation"], yours[0]["observation"])
            assert np.array_equal(mine[0]["action_mask"], yours[0]["action_mask"])
            assert mine[1:] == yours[1:]
            if mine[2] or mine[3]:
                action = None
            elif rng.random() < 0.02:  # now and then an illegal move
                action = int(np.flatnonzero(mine[0]["action_mask"] == 0)[0])
            else:
                action = int(rng.choice(np.flatnonzero(mine[0]["action_mask"])))
            ours.step(action)
            theirs.step(action)
            assert snapshot(ours)[:6] == snapshot(theirs)[:6]
        assert not theirs.agents
