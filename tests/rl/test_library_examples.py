"""Each library example trains and evaluates, tiny (a few hundred steps): sb3-contrib's
MaskablePPO on the Gymnasium environments of all three games, the CleanRL-style PPO on
the PettingZoo AEC environments, Tianshou's DQN and PPO through its PettingZoo wrapper.

They need the ``rl-examples`` extra (torch, sb3-contrib, Tianshou: minutes to install),
so they run in ``make rl-examples``, which installs it, not in ``make test`` (marked
``long``; collected only where the extra is installed, see ``tests/rl/conftest.py``)."""

from __future__ import annotations

import numpy as np
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


@pytest.mark.parametrize(("name", "headline"), [
    ("tianshou_dqn", "Tianshou DQN, drecksau: 1 epochs of 200 steps"),
    ("tianshou_ppo", "Tianshou PPO, drecksau: 1 epochs of 200 steps of self-play"),
])
def test_tianshou_example_trains_through_its_pettingzoo_wrapper(
        name: str, headline: str, capsys: pytest.CaptureFixture[str]) -> None:
    example = load_example(name)
    assert example.main(["--epochs", "1", "--epoch-steps", "200", "--eval-games", "3",
                         "--levels", "random", "heuristic"]) == 0
    out = capsys.readouterr().out
    assert headline in out
    assert set(reported(out)) == {"random", "heuristic"}


def test_tianshou_dqn_learner_explores_while_training() -> None:
    """Inside a training step the DQN learner plays its training epsilon (1: random legal
    moves), so it wins about half its games against the random player; Tianshou's
    multi-agent policy alone never passed the step on, and the untrained Q-network's
    fixed preferences lost every game."""
    from tianshou.data import Collector, CollectStats, VectorReplayBuffer
    from tianshou.env import DummyVectorEnv
    from tianshou.utils.torch_utils import policy_within_training_step

    example = load_example("tianshou_dqn")
    _, policy, algorithm = example.build()
    envs = DummyVectorEnv([example.make_env for _ in range(2)])
    envs.seed(3)
    buffer = VectorReplayBuffer(20_000, 2)
    collector = Collector[CollectStats](algorithm, envs, buffer, exploration_noise=True)
    collector.reset()
    with policy_within_training_step(algorithm.policy):
        assert policy.is_within_training_step
        collector.collect(n_episode=40)
    assert not policy.is_within_training_step
    stored = buffer.sample_indices(0)
    learner = stored[buffer.obs.agent_id[stored] == "player_0"]
    assert np.all(buffer.obs.mask[learner, buffer.act[learner]])  # legal moves only
    ends = stored[buffer.done[stored]]
    assert len(ends) == 40
    assert 0.25 <= buffer.rew[ends, 0].mean() <= 0.75


def test_tianshou_ppo_beats_random_after_two_updates() -> None:
    """Two updates (some 2,500 steps, seconds) take the untrained greedy policy, which
    loses every game to random moves, to 85-100% against them (seeds 0-4)."""
    example = load_example("tianshou_ppo")
    evaluation = load_example("evaluation")
    actor, _ = example.train(1, 2000, seed=3)
    result = evaluation.evaluate(example.greedy(actor), "drecksau", "random", 40, seed=4)
    assert result.mean >= 0.6


def test_tianshou_ppo_advantages_follow_each_seats_own_chain() -> None:
    """Two games in one buffer, seats alternating: player_1 wins the first on its move,
    player_0 the second on its own; with gamma = lambda = 1 every move's return is its
    seat's result, each seat's chain skipping the other seat's moves."""
    import torch
    from tianshou.algorithm.modelfree.reinforce import DiscreteActorPolicy
    from tianshou.algorithm.multiagent.marl import MultiAgentOnPolicyAlgorithm
    from tianshou.algorithm.optim import AdamOptimizerFactory
    from tianshou.data import Batch, ReplayBuffer

    example = load_example("tianshou_ppo")
    env = example.make_env()
    size = int(env.observation_space["observation"].shape[0])
    actions = int(env.action_space.n)
    actor = example.MaskedActor(size, actions, 8)
    learner = example.SeatChainPPO(
        policy=DiscreteActorPolicy(actor=actor, action_space=env.action_space),
        critic=example.Critic(size, 8), optim=AdamOptimizerFactory(), gamma=1.0,
        gae_lambda=1.0)
    learner._values = lambda obs: torch.as_tensor(obs.obs[:, 0], dtype=torch.float32)
    algorithm = MultiAgentOnPolicyAlgorithm(algorithms=[learner, learner], env=env)
    values = [0.5, 0.2, 0.4, 0.1, 0.3, 0.6, 0.7]
    movers = ["player_0", "player_1"] * 3 + ["player_0"]
    rewards = [[0, 0], [0, 0], [0, 0], [0, 1], [0, 0], [0, 0], [1, 0]]
    done = [False, False, False, True, False, False, True]
    buffer = ReplayBuffer(20)

    def observation(step: int) -> Batch:
        vector = np.zeros(size, dtype=np.float32)
        vector[0] = values[step] if step < len(values) else 0.0
        return Batch(agent_id=movers[step] if step < len(movers) else "player_0",
                     obs=vector, mask=np.ones(actions, dtype=bool))

    for step in range(7):
        buffer.add(Batch(obs=observation(step), act=0, rew=np.array(rewards[step], float),
                         terminated=done[step], truncated=False,
                         obs_next=observation(step + 1), info={}))
    indices = buffer.sample_indices(0)
    processed = algorithm._preprocess_batch(buffer[indices], buffer, indices)
    first, second = processed["player_0"], processed["player_1"]
    assert list(first.returns) == pytest.approx([0.0, 0.0, 1.0, 1.0])  # moves 0 2 4 6
    assert list(second.returns) == pytest.approx([1.0, 1.0, 0.0])       # moves 1 3 5
    assert list(first.adv) == pytest.approx([-0.5, -0.4, 0.7, 0.3])
    assert list(second.adv) == pytest.approx([0.8, 0.9, -0.6])


def test_tianshou_ppo_refuses_seats_that_do_not_alternate() -> None:
    from tianshou.algorithm.modelfree.reinforce import DiscreteActorPolicy
    from tianshou.algorithm.optim import AdamOptimizerFactory
    from tianshou.data import Batch, ReplayBuffer

    example = load_example("tianshou_ppo")
    env = example.make_env()
    learner = example.SeatChainPPO(
        policy=DiscreteActorPolicy(actor=example.MaskedActor(4, 3, 8),
                                   action_space=env.action_space),
        critic=example.Critic(4, 8), optim=AdamOptimizerFactory())
    buffer = ReplayBuffer(4)
    for _ in range(2):  # the same seat twice in a row
        step = Batch(agent_id="player_0", obs=np.zeros(4, np.float32), mask=np.ones(3, bool))
        buffer.add(Batch(obs=step, act=0, rew=0.0, terminated=False, truncated=False,
                         obs_next=step, info={}))
    indices = buffer.sample_indices(0)
    with pytest.raises(ValueError, match="strict turns"):
        learner._add_returns_and_advantages(buffer[indices], buffer, indices)
