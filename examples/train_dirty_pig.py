"""Train a policy for 2-player Dirty Pig with numpy alone; evaluate it against the bots.

    python examples/train_dirty_pig.py                        # 3,000 games, then evaluate
    python examples/train_dirty_pig.py --games 300 --eval-games 100   # a quick run
    python examples/train_dirty_pig.py --train-level heuristic         # a harder teacher

Only the environment's API: ``gymnasium.make("saustall/Drecksau-v0", level="random",
seat=None)`` deals each game with the learner in a seat drawn at random, ``step``
returns the reward (1 for a win, paid at the end), ``action_mask`` in the observation
says what is legal. Nothing reads the game's state.

The policy is linear-softmax over the observation vector: the logit of action ``a`` is
``b[a] + W[a] . x`` for observation ``x``, over the legal actions only. It is trained
with REINFORCE (with a running-mean baseline) against the random player: against
``heuristic`` from the start it almost never wins, so REINFORCE gets no signal
(``--train-level`` to try). Everything is seeded: the same arguments
give the same policy and the same figures.

The evaluation plays ``--eval-games`` new games, the policy sampling its moves, against
the random player, ``heuristic`` and the search levels ``beginner`` and ``club``
(:mod:`evaluation`, beside this file), each from a seat drawn at random.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from typing import Sequence

import gymnasium
import numpy as np

import evaluation
import saustall.rl  # noqa: F401  (registers the environments)

TRAIN_LEVEL = "random"
"""The bot the policy trains against by default."""


@dataclass
class Policy:
    """Linear-softmax policy over the observation, restricted to legal actions."""

    weights: np.ndarray  # (actions, features)
    bias: np.ndarray  # (actions,)

    @classmethod
    def zeros(cls, actions: int, features: int) -> "Policy":
        """A policy that starts uniform over the legal actions."""
        return cls(np.zeros((actions, features)), np.zeros(actions))

    def probabilities(self, obs: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """Softmax over the legal actions."""
        logits = self.weights[legal] @ obs + self.bias[legal]
        logits -= logits.max()
        weights = np.exp(logits)
        return weights / weights.sum()

    def sampler(self, seed: int) -> evaluation.Policy:
        """The policy as :mod:`evaluation` plays it: a legal action drawn from it."""
        rng = np.random.default_rng(seed)

        def choose(observation: np.ndarray, mask: np.ndarray) -> int:
            legal = np.flatnonzero(mask)
            probs = self.probabilities(observation.astype(np.float64), legal)
            return int(legal[rng.choice(len(legal), p=probs)])

        return choose


def make_env(level: str = TRAIN_LEVEL) -> gymnasium.Env:
    """2-player Dirty Pig against ``level``, the learner's seat drawn each game."""
    return gymnasium.make("saustall/Drecksau-v0", ruleset="dirty-pig", num_players=2,
                          level=level, seat=None)


def train(games: int, seconds: float, seed: int, learning_rate: float = 0.05,
          level: str = TRAIN_LEVEL) -> tuple[Policy, int]:
    """REINFORCE against ``level`` for ``games`` games (or ``seconds`` of CPU)."""
    env = make_env(level)
    policy = Policy.zeros(env.action_space.n, env.observation_space["observation"].shape[0])
    rng = np.random.default_rng(seed)
    baseline = 0.0
    start = time.process_time()
    played = 0
    while played < games and time.process_time() - start < seconds:
        obs, _ = env.reset(seed=int(rng.integers(2**62)))
        steps: list[tuple[np.ndarray, np.ndarray, int, np.ndarray]] = []
        result = 0.0
        while True:
            x = obs["observation"].astype(np.float64)
            legal = np.flatnonzero(obs["action_mask"])
            probs = policy.probabilities(x, legal)
            choice = int(rng.choice(len(legal), p=probs))
            steps.append((x, legal, choice, probs))
            obs, reward, terminated, truncated, _ = env.step(int(legal[choice]))
            result += reward
            if terminated or truncated:
                break
        advantage = result - baseline
        baseline += 0.02 * (result - baseline)
        played += 1
        if advantage == 0.0:
            continue
        step_size = learning_rate * advantage / len(steps) ** 0.5
        for x, legal, choice, probs in steps:
            grad = -probs
            grad[choice] += 1.0  # d log pi(choice) / d logits, over the legal actions
            policy.bias[legal] += step_size * grad
            policy.weights[legal] += step_size * np.outer(grad, x)
    return policy, played


def main(argv: Sequence[str] | None = None) -> int:
    """Train, evaluate, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="training games (3,000)")
    parser.add_argument("--seconds", type=float, default=600.0,
                        help="stop training after this much CPU time (600)")
    parser.add_argument("--eval-games", type=int, default=400,
                        help="evaluation games per bot level (400)")
    parser.add_argument("--train-level", default=TRAIN_LEVEL,
                        help="the bot to train against (random)")
    parser.add_argument("--levels", nargs="*", default=None,
                        help="bot levels to evaluate against (default: evaluation.LEVELS)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    policy, played = train(args.games, args.seconds, args.seed, level=args.train_level)
    print(f"REINFORCE (numpy), drecksau: trained on {played} games against {args.train_level} "
          f"in {time.perf_counter() - started:.0f} s; sampling:", flush=True)
    levels = args.levels if args.levels is not None else evaluation.LEVELS["drecksau"]
    evaluation.report(policy.sampler(args.seed + 1), "drecksau", levels, args.eval_games,
                      seed=args.seed + 1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
