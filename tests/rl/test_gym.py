"""The single-agent Gymnasium environments: registered on import, pass check_env, and
play whole games against the registered bots."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import saustall.rl  # noqa: F401  (registers the environments)
from saustall.core.errors import UnknownGameError
from saustall.rl.gym_envs import GYM_ENVS

CASES = [
    ("saustall/Drecksau-v0", {}),
    ("saustall/Drecksau-v0", {"ruleset": "drecksau", "num_players": 3, "level": "random"}),
    ("saustall/Drecksau-v0", {"ruleset": "sauschoen-tournament", "num_players": 2}),
    ("saustall/Saukopf-v0", {"deals": 1}),
    ("saustall/Saukopf-v0", {"ruleset": "dreihaxer", "reward": "win_loss", "deals": 1}),
    ("saustall/Pigasus-v0", {}),
    ("saustall/Pigasus-v0", {"ruleset": "pigasus-teams", "num_players": 4, "level": "sharp"}),
]


def test_the_three_games_are_registered() -> None:
    assert set(GYM_ENVS) == {"saustall/Drecksau-v0", "saustall/Saukopf-v0",
                             "saustall/Pigasus-v0"}
    for env_id in GYM_ENVS:
        assert env_id in gymnasium.registry


@pytest.mark.parametrize("env_id,kwargs", CASES)
def test_check_env_passes_and_a_game_plays_to_its_end(env_id: str, kwargs: dict[str, Any],
                                                      ) -> None:
    env = gymnasium.make(env_id, **kwargs)
    check_env(env.unwrapped, skip_render_check=False)
    obs, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(100_000):
        assert env.observation_space.contains(obs)
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        assert "illegal" not in info
        if terminated or truncated:
            break
    assert terminated or truncated


def test_a_masked_out_action_ends_the_episode_with_minus_one() -> None:
    env = gymnasium.make("saustall/Drecksau-v0")
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info) == (-1.0, True, {"illegal": True})


def test_an_unknown_bot_level_is_refused_by_name() -> None:
    with pytest.raises(UnknownGameError, match="no bot 'grandmaster'"):
        gymnasium.make("saustall/Drecksau-v0", level="grandmaster")


def test_same_seed_same_game() -> None:
    def play(seed: int) -> list[float]:
        env = gymnasium.make("saustall/Saukopf-v0", deals=1)
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        rewards = []
        while True:
            obs, reward, terminated, truncated, _ = env.step(
                int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            rewards.append(reward)
            if terminated or truncated:
                return rewards + [float(obs["observation"].sum())]

    assert play(11) == play(11)
