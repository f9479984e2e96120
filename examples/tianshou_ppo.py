"""Tianshou's PPO on a Saustall PettingZoo AEC environment: self-play, a masked actor.

    pip install -e '.[rl-examples]'
    python examples/tianshou_ppo.py                                   # Dirty Pig, 2 players
    python examples/tianshou_ppo.py --epochs 1 --epoch-steps 500 --eval-games 20   # quick

``tianshou.env.PettingZooEnv(drecksau_v0.env(...))`` takes the environment as it is: it
reads ``last()`` (observation, action mask, agent) and ``rewards``. One PPO algorithm
plays both seats (``MultiAgentOnPolicyAlgorithm`` given the same algorithm for
``player_0`` and ``player_1``: self-play); each seat learns from its own moves and its
own reward column. The actor applies the action mask Tianshou passes with the
observation (illegal actions get a logit of -1e9: never sampled, no weight in the
entropy). Seats are relative in the observation, so the one network plays either seat.

Tianshou keeps both seats' moves in one buffer, alternating (Dirty Pig's seats take
strict turns), and its own advantage estimate would bootstrap a move from the critic
read at the *other* seat's observation and miss a game the other seat ends;
:class:`SeatChainPPO` estimates it along each seat's own chain of moves instead (what
the CleanRL-style example does by hand). Evaluation plays the greedy policy (its most
likely legal action) against the random player, ``heuristic`` and the search levels
through the Gymnasium environments (:mod:`evaluation`, beside this file), from a seat
drawn at each game.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from typing import Any, Sequence

import numpy as np
import torch
from tianshou.algorithm import PPO
from tianshou.algorithm.modelfree.reinforce import DiscreteActorPolicy
from tianshou.algorithm.multiagent.marl import MultiAgentOnPolicyAlgorithm
from tianshou.algorithm.optim import AdamOptimizerFactory
from tianshou.data import Batch, Collector, CollectStats, ReplayBuffer, VectorReplayBuffer
from tianshou.env import DummyVectorEnv
from tianshou.env.pettingzoo_env import PettingZooEnv
from tianshou.trainer import OnPolicyTrainerParams
from torch import nn

import evaluation
from saustall.rl import drecksau_v0

ILLEGAL_LOGIT = -1e9
"""The logit an illegal action gets: probability 0, finite (no NaN in the entropy)."""


def make_env() -> PettingZooEnv:
    """2-player Dirty Pig in Tianshou's PettingZoo wrapper."""
    return PettingZooEnv(drecksau_v0.env(ruleset="dirty-pig", num_players=2))


def mlp(inputs: int, outputs: int, hidden: int) -> nn.Sequential:
    """Two tanh hidden layers (CleanRL's PPO network)."""
    return nn.Sequential(nn.Linear(inputs, hidden), nn.Tanh(), nn.Linear(hidden, hidden),
                         nn.Tanh(), nn.Linear(hidden, outputs))


class MaskedActor(nn.Module):
    """Logits over the actions, illegal ones set to :data:`ILLEGAL_LOGIT`.

    Tianshou calls it with the observation batch ``PettingZooEnv`` builds: ``obs`` (the
    vector) and ``mask`` (True where legal)."""

    def __init__(self, observations: int, actions: int, hidden: int) -> None:
        super().__init__()
        self.net = mlp(observations, actions, hidden)

    def forward(self, obs: Batch, state: Any = None, info: Any = None,
                ) -> tuple[torch.Tensor, Any]:
        """``(masked logits, state)``, as Tianshou's actors return."""
        logits = self.net(torch.as_tensor(obs.obs, dtype=torch.float32))
        legal = torch.as_tensor(obs.mask, dtype=torch.bool)
        return logits.masked_fill(~legal, ILLEGAL_LOGIT), state


class Critic(nn.Module):
    """The value of an observation batch (its ``obs`` vectors)."""

    def __init__(self, observations: int, hidden: int) -> None:
        super().__init__()
        self.net = mlp(observations, 1, hidden)

    def forward(self, obs: Batch, state: Any = None, info: Any = None) -> torch.Tensor:
        """Values, shape ``(batch, 1)``."""
        return self.net(torch.as_tensor(obs.obs, dtype=torch.float32))


class SeatChainPPO(PPO):
    """PPO whose returns and advantages follow one seat's own moves in a buffer where two
    seats alternate.

    For a move ``i`` of this seat the buffer's next transition ``j`` is the other seat's
    answer (unless ``i`` ended the game); the reward of ``i`` is this seat's reward on
    ``i`` and on ``j`` (the dispatcher has put this seat's column in the buffer: a game
    the other seat wins ends on ``j``), its next state ``j``'s next observation (this
    seat's own view), and its successor in the advantage recursion this seat's next move.
    A game stopped at the turn cap counts as ended (the turn count is in the
    observation, and the cap's draw pays 0)."""

    def _add_returns_and_advantages(self, batch: Any, buffer: ReplayBuffer,
                                    indices: np.ndarray) -> Any:
        batch.v_s = self._values(batch.obs)
        v_s = batch.v_s.numpy()
        own_done = buffer.done[indices]
        reply = buffer.next(indices)
        answered = reply != indices  # False: ``i`` ended the game, or the buffer ends there
        agents = buffer.obs.agent_id
        if np.any(agents[reply[answered]] == agents[indices[answered]]):
            raise ValueError("SeatChainPPO needs two seats taking strict turns")
        ended = own_done | (answered & buffer.done[reply])
        rewards = buffer.rew[indices] + np.where(answered, buffer.rew[reply], 0.0)
        going_on = answered & ~ended
        next_values = np.where(ended, 0.0, v_s)  # unfinished in the buffer: no TD error
        if going_on.any():
            next_values[going_on] = self._values(buffer.obs_next[reply[going_on]]).numpy()
        position = {int(index): at for at, index in enumerate(indices)}
        successor = [position.get(int(buffer.next(int(j))), -1) if on else -1
                     for j, on in zip(reply, going_on)]
        deltas = rewards + self.gamma * next_values - v_s
        advantages = np.zeros(len(indices))
        # a seat's next move lies later in its environment's sub-buffer (reset after
        # every update, so it never wraps): highest index first sees successors first
        for at in np.argsort(-indices, kind="stable"):
            later = successor[at]
            advantages[at] = deltas[at] + (self.gamma * self.gae_lambda * advantages[later]
                                           if later >= 0 else 0.0)
        batch.adv = torch.as_tensor(advantages, dtype=torch.float32)
        batch.returns = batch.adv + batch.v_s
        return batch

    def _values(self, obs: Batch) -> torch.Tensor:
        """The critic over ``obs`` in slices of ``max_batchsize``, flattened."""
        with torch.no_grad():
            return torch.cat([self.critic(obs[start:start + self.max_batchsize])
                              for start in range(0, len(obs), self.max_batchsize)]).flatten()


def train(epochs: int, epoch_steps: int, seed: int, envs: int = 4, hidden: int = 128,
          episodes_per_update: int = 16) -> tuple[MaskedActor, Any]:
    """PPO in both seats (self-play); the actor and Tianshou's result.

    Each update collects ``episodes_per_update`` whole games (some 80 moves each, both
    seats'), then makes 4 passes over them in minibatches of 256; ``epoch_steps`` counts
    environment steps (both seats') per epoch."""
    np.random.seed(seed)
    torch.manual_seed(seed)
    env = make_env()
    observations = int(env.observation_space["observation"].shape[0])
    actions = int(env.action_space.n)
    actor = MaskedActor(observations, actions, hidden)
    policy = DiscreteActorPolicy(actor=actor, action_space=env.action_space)
    learner = SeatChainPPO(policy=policy, critic=Critic(observations, hidden),
                           optim=AdamOptimizerFactory(lr=2.5e-4), gamma=0.99,
                           gae_lambda=0.95, eps_clip=0.2, ent_coef=0.01, vf_coef=0.5,
                           max_grad_norm=0.5)
    algorithm = MultiAgentOnPolicyAlgorithm(algorithms=[learner, learner], env=env)
    training_envs = DummyVectorEnv([make_env for _ in range(envs)])
    training_envs.seed(seed)
    collector = Collector[CollectStats](algorithm, training_envs,
                                        VectorReplayBuffer(40_000 * envs, envs))
    collector.reset()
    result = algorithm.run_training(OnPolicyTrainerParams(
        training_collector=collector, test_collector=None, max_epochs=epochs,
        epoch_num_steps=epoch_steps, collection_step_num_env_steps=None,
        collection_step_num_episodes=episodes_per_update, batch_size=256,
        update_step_num_repetitions=4,
        multi_agent_return_reduction=lambda rewards: rewards[:, 0], verbose=False,
        show_progress=False))
    return actor, result


def greedy(actor: MaskedActor) -> evaluation.Policy:
    """The trained policy, its most likely legal action."""

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        with torch.no_grad():
            logits, _ = actor(Batch(obs=observation[None], mask=mask[None].astype(bool)))
        return int(logits[0].argmax())

    return policy


def main(argv: Sequence[str] | None = None) -> int:
    """Train, evaluate, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--epoch-steps", type=int, default=5_000,
                        help="environment steps (both seats') per epoch (5,000)")
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--levels", nargs="*", default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (1)")
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    # the collector's statistics warn at every collection that episode returns have a
    # column per seat (they are flattened: only Tianshou's logged averages are affected)
    logging.getLogger("tianshou.data.stats").setLevel(logging.ERROR)
    started, cpu = time.perf_counter(), time.process_time()
    actor, _ = train(args.epochs, args.epoch_steps, args.seed)
    print(f"Tianshou PPO, drecksau: {args.epochs} epochs of {args.epoch_steps} steps of "
          f"self-play in {time.perf_counter() - started:.0f} s "
          f"({time.process_time() - cpu:.0f} s CPU); greedy:", flush=True)
    levels = args.levels if args.levels is not None else evaluation.LEVELS["drecksau"]
    evaluation.report(greedy(actor), "drecksau", levels, args.eval_games, seed=args.seed + 1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
