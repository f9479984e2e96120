"""Each library example trains and evaluates, tiny (a few hundred steps): sb3-contrib's
MaskablePPO on the Gymnasium environments of all three games, the CleanRL-style PPO on
the PettingZoo AEC environments, Tianshou's DQN through its PettingZoo wrapper.

They need the ``rl-examples`` extra (torch, sb3-contrib, Tianshou: minutes to install),
so they run in ``make rl-examples``, which installs it, not in ``make test`` (marked
``long``; collected only where the extra is installed, see ``tests/rl/conftest.py``)."""

from __future__ import annotations

import pytest

from tests.rl.examples import load_example, reported

pytestmark = pytest.mark.long


@pytest.mark.parametrize("game,levels", [
    ("drecksau", ["random", "heuristic", "club"]),
    ("saukopf", ["random", "heuristic"]),
    ("pigasus", ["casual"]),
])
def test_maskable_ppo_trains_on_the_gym_env_as_it_comes(
        game: str, levels: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    example = load_example("maskable_ppo")
    assert example.main(["--game", game, "--timesteps", "256", "--eval-games", "3",
                         "--levels", *levels]) == 0
    out = capsys.readouterr().out
    assert f"MaskablePPO, {game}: trained 256 agent steps" in out
    assert set(reported(out)) == set(levels)


def test_maskable_ppo_only_ever_takes_legal_actions() -> None:
    """Training and greedy play never trip the environment's illegal-move rule."""
    example = load_example("maskable_ppo")
    model = example.train("drecksau", 256, seed=1)
    policy = example.greedy(model)
    env = example.make_env("drecksau", "random", seed=2)
    obs, _ = env.reset(seed=2)
    for _ in range(300):
        obs, _, terminated, truncated, info = env.step(
            policy(obs["observation"], obs["action_mask"]))
        assert "illegal" not in info
        if terminated or truncated:
            obs, _ = env.reset()


@pytest.mark.parametrize("game", ["drecksau", "saukopf"])
def test_cleanrl_style_ppo_trains_on_the_aec_env(
        game: str, capsys: pytest.CaptureFixture[str]) -> None:
    example = load_example("cleanrl_ppo_aec")
    assert example.main(["--game", game, "--total-steps", "300", "--num-steps", "150",
                         "--eval-games", "3", "--levels", "random", "heuristic"]) == 0
    out = capsys.readouterr().out
    assert f"CleanRL-style PPO, {game}: 300 decisions of self-play" in out
    assert set(reported(out)) == {"random", "heuristic"}


def test_cleanrl_advantages_follow_each_agents_own_chain() -> None:
    example = load_example("cleanrl_ppo_aec")
    rollout = example.Rollout(values=[0.5, 0.2, 0.4, 0.1], rewards=[0.0, 0.0, 1.0, 0.0],
                              after=[2, 3, -1, -1], actions=[0, 0, 0, 0])
    adv, returns = example.advantages(rollout, gamma=1.0, lam=1.0)
    # agent A: decisions 0 then 2, won (1); agent B: decisions 1 then 3, lost (0)
    assert list(returns) == pytest.approx([1.0, 0.0, 1.0, 0.0])
    assert list(adv) == pytest.approx([0.5, -0.2, 0.6, -0.1])


def test_tianshou_dqn_trains_through_its_pettingzoo_wrapper(
        capsys: pytest.CaptureFixture[str]) -> None:
    example = load_example("tianshou_dqn")
    assert example.main(["--epochs", "1", "--epoch-steps", "200", "--eval-games", "3",
                         "--levels", "random", "heuristic"]) == 0
    out = capsys.readouterr().out
    assert "Tianshou DQN, drecksau: 1 epochs of 200 steps" in out
    assert set(reported(out)) == {"random", "heuristic"}
