"""Tianshou's DQN on a Saustall PettingZoo AEC environment, through Tianshou's own wrapper.

    pip install -e '.[rl-examples]'
    python examples/tianshou_dqn.py                                   # Dirty Pig, 2 players
    python examples/tianshou_dqn.py --epochs 1 --epoch-steps 300 --eval-games 20   # quick

``tianshou.env.PettingZooEnv(drecksau_v0.env(...))`` takes the environment as it is: it
reads ``last()`` (observation, action mask, agent) and ``rewards``. As in Tianshou's
tic-tac-toe example, a DQN learner plays ``player_0`` and Tianshou's masked random
player ``player_1`` (``MultiAgentOffPolicyAlgorithm``); the learner's score is its own
reward (``multi_agent_return_reduction``). Evaluation plays the Q-network, epsilon-greedy
as Tianshou tests it (``--epsilon``, 0.05), against
the random player, ``heuristic`` and the search levels through the Gymnasium
environments (:mod:`evaluation`, beside this file), from a seat drawn at each game (the
observation is relative to the seat, so the network plays the other seat too).

Tianshou 2.0.1's multi-agent policy keeps the trainer's training-step flag to itself, so
the DQN policy inside it never explored (:class:`TrainingStepPolicies` passes the flag
on). The DQN learns fast and then forgets: best after 4,000 to 8,000 steps (the
default: 4,000), worse from 12,000 on. ``tianshou_ppo.py`` (self-play, a masked actor) learns
steadily and further.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from typing import Any, Sequence

import numpy as np
import torch
from tianshou.algorithm import DQN, MARLRandomDiscreteMaskedOffPolicyAlgorithm
from tianshou.algorithm import MultiAgentOffPolicyAlgorithm
from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
from tianshou.algorithm.multiagent.marl import MultiAgentPolicy
from tianshou.algorithm.optim import AdamOptimizerFactory
from tianshou.data import Collector, CollectStats, VectorReplayBuffer
from tianshou.env import DummyVectorEnv
from tianshou.env.pettingzoo_env import PettingZooEnv
from tianshou.trainer import OffPolicyTrainerParams
from tianshou.utils.net.common import Net
from tianshou.utils.torch_utils import policy_within_training_step

import evaluation
from saustall.rl import drecksau_v0


class TrainingStepPolicies(MultiAgentPolicy):
    """Tianshou's multi-agent policy, passing the trainer's training-step flag on to each
    agent's policy.

    Tianshou 2.0.1's trainer marks a training step on the policy it trains
    (``is_within_training_step``), here the multi-agent one, and never on the agents'
    policies inside it; the DQN policy reads its own flag to choose between its training
    and its inference epsilon, so without this it never explored (epsilon 0 from the
    first move: a random-weight Q-network's fixed preferences, which lose every game).
    """

    @property
    def is_within_training_step(self) -> bool:  # type: ignore[override]
        """Whether a training step (collection for training, updates) is under way."""
        return bool(self.__dict__.get("_within_training_step", False))

    @is_within_training_step.setter
    def is_within_training_step(self, within: bool) -> None:
        self.__dict__["_within_training_step"] = within
        for policy in self.__dict__.get("policies", {}).values():
            policy.is_within_training_step = within


def make_env() -> PettingZooEnv:
    """2-player Dirty Pig in Tianshou's PettingZoo wrapper."""
    return PettingZooEnv(drecksau_v0.env(ruleset="dirty-pig", num_players=2))


def build(gamma: float = 0.99,
          ) -> tuple[Net, DiscreteQLearningPolicy, MultiAgentOffPolicyAlgorithm]:
    """The Q-network, the learner's policy (training epsilon 1, inference 0) and the
    algorithm: DQN in seat 0 (``player_0``), Tianshou's masked random player in seat 1."""
    env = make_env()
    space = env.observation_space["observation"]
    net = Net(state_shape=space.shape, action_shape=int(env.action_space.n),
              hidden_sizes=[256, 256])
    policy = DiscreteQLearningPolicy(model=net, action_space=env.action_space,
                                     eps_training=1.0, eps_inference=0.0)
    learner = DQN(policy=policy, optim=AdamOptimizerFactory(lr=5e-4), gamma=gamma,
                  n_step_return_horizon=2, target_update_freq=500)
    opponent = MARLRandomDiscreteMaskedOffPolicyAlgorithm(action_space=env.action_space)
    algorithm = MultiAgentOffPolicyAlgorithm(algorithms=[learner, opponent], env=env)
    algorithm.policy = TrainingStepPolicies(algorithm.policy.policies)
    return net, policy, algorithm


def train(epochs: int, epoch_steps: int, seed: int, envs: int = 4, gamma: float = 0.99,
          ) -> tuple[Net, Any]:
    """DQN in seat 0 against the masked random player; the Q-network and the result.

    Tianshou keeps both seats' moves in one buffer, alternating (Dirty Pig's seats take
    strict turns), so a 2-step return (``n_step_return_horizon=2``) bootstraps from the
    learner's own next decision (its observation and mask), never from the random
    player's: with 1 or 3 steps the target would be the Q-network read from the other
    seat's view. The learner's reward (1 for its win) arrives on its own winning move; a
    loss ends its chain at 0. Exploration decays linearly from 1 to 0.05 over the first
    half of training (``training_fn``), so the replay buffer starts with whole games of
    legal random moves, wins among them.
    """
    np.random.seed(seed)
    torch.manual_seed(seed)
    net, policy, algorithm = build(gamma)
    training_envs = DummyVectorEnv([make_env for _ in range(envs)])
    test_envs = DummyVectorEnv([make_env for _ in range(envs)])
    training_envs.seed(seed)
    test_envs.seed(seed + 1)
    training_collector = Collector[CollectStats](
        algorithm, training_envs, VectorReplayBuffer(100_000, envs), exploration_noise=True)
    test_collector = Collector[CollectStats](algorithm, test_envs, exploration_noise=True)
    training_collector.reset()
    # whole games of random moves first (a tenth of the budget, at most 2,000 steps)
    with policy_within_training_step(algorithm.policy):  # so the learner explores (epsilon 1)
        training_collector.collect(
            n_step=min(500 * envs, max(64 * envs, epochs * epoch_steps // 10)))
    decay = max(1, epochs * epoch_steps // 2)

    def explore(epoch: int, env_step: int) -> None:
        policy.set_eps_training(max(0.05, 1.0 - 0.95 * env_step / decay))

    result = algorithm.run_training(OffPolicyTrainerParams(
        training_collector=training_collector, test_collector=test_collector,
        max_epochs=epochs, epoch_num_steps=epoch_steps, collection_step_num_env_steps=16,
        test_step_num_episodes=envs, batch_size=128, training_fn=explore,
        update_step_num_gradient_steps_per_sample=0.25, test_in_training=False,
        multi_agent_return_reduction=lambda rewards: rewards[:, 0], verbose=False,
        show_progress=False))
    return net, result


def epsilon_greedy(net: Net, epsilon: float = 0.05, seed: int = 0) -> evaluation.Policy:
    """The trained Q-network's best legal action, a random legal one with chance
    ``epsilon`` (Tianshou's test-time epsilon in its tic-tac-toe example: a fully greedy
    Q-network early in training can repeat one move, such as a discard, until the
    turn cap stops the game as a draw)."""
    rng = np.random.default_rng(seed)

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        if rng.random() < epsilon:
            return int(rng.choice(np.flatnonzero(mask)))
        with torch.no_grad():
            q, _ = net(torch.as_tensor(observation).unsqueeze(0))
        q = q[0].masked_fill(~torch.as_tensor(mask, dtype=torch.bool), -float("inf"))
        return int(q.argmax())

    return policy


def main(argv: Sequence[str] | None = None) -> int:
    """Train, evaluate, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--epoch-steps", type=int, default=2000,
                        help="environment steps (both seats') per epoch (2,000)")
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--epsilon", type=float, default=0.05,
                        help="chance of a random legal move when evaluated (0.05)")
    parser.add_argument("--levels", nargs="*", default=None)
    parser.add_argument("--gamma", type=float, default=0.99,
                        help="discount per environment step, both seats' (0.99)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (1)")
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    # the collector's statistics warn at every collection that episode returns have a
    # column per seat (they are flattened: only Tianshou's logged averages are affected)
    logging.getLogger("tianshou.data.stats").setLevel(logging.ERROR)
    started, cpu = time.perf_counter(), time.process_time()
    net, _ = train(args.epochs, args.epoch_steps, args.seed, gamma=args.gamma)
    print(f"Tianshou DQN, drecksau: {args.epochs} epochs of {args.epoch_steps} steps "
          f"against Tianshou's random player in {time.perf_counter() - started:.0f} s "
          f"({time.process_time() - cpu:.0f} s CPU); epsilon-greedy ({args.epsilon}):",
          flush=True)
    levels = args.levels if args.levels is not None else evaluation.LEVELS["drecksau"]
    evaluation.report(epsilon_greedy(net, args.epsilon, args.seed + 1), "drecksau", levels,
                      args.eval_games, seed=args.seed + 1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
