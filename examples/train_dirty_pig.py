"""Train a policy for 2-player Dirty Pig that beats the random player, with numpy alone.

    python examples/train_dirty_pig.py                  # train, then play 2,000 games
    python examples/train_dirty_pig.py --games 300 --eval-games 200   # a quick run

The policy is linear-softmax over the environment's observation vector: the logit of
action ``a`` is ``b[a] + W[a] . x`` for observation ``x``, over the legal actions only
(the action mask). It is trained with REINFORCE (with a running-mean baseline) on games
against a uniformly random opponent, through :mod:`saustall.rl.drecksau_v0`'s AEC
environment; the learner's seat alternates so that it learns to move first and second.
Everything is seeded: the same arguments give the same policy and the same win rate.

The evaluation plays ``--eval-games`` new games against the random player, again with
alternating seats, and reports the win rate (draws at the turn cap count as not won).
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass

import numpy as np

from saustall.rl import drecksau_v0


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


def play(env: drecksau_v0.raw_env, policy: Policy, learner_seat: int,
         rng: np.random.Generator, greedy: bool = False,
         ) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int, np.ndarray]]]:
    """One game: ``policy`` in ``learner_seat``, random play in the other seat.

    Returns the learner's result (1 won, 0 draw, -1 lost) and its decisions
    ``(observation, legal actions, index chosen among them, probabilities)``.
    """
    env.reset(seed=int(rng.integers(2**62)))
    learner = f"player_{learner_seat}"
    steps: list[tuple[np.ndarray, np.ndarray, int, np.ndarray]] = []
    state = env.state
    while not state.is_terminal():
        agent = env.agent_selection
        observed = env.observe(agent)
        legal = np.flatnonzero(observed["action_mask"])
        if agent == learner:
            obs = observed["observation"].astype(np.float64)
            probs = policy.probabilities(obs, legal)
            choice = int(probs.argmax()) if greedy else int(rng.choice(len(legal), p=probs))
            steps.append((obs, legal, choice, probs))
            env.step(int(legal[choice]))
        else:
            env.step(int(legal[rng.integers(len(legal))]))
    won = state.winners()
    result = 0.0 if not won else (1.0 if won[0] == learner_seat else -1.0)
    return result, steps


def train(games: int, seconds: float, seed: int, learning_rate: float = 0.05,
          ) -> tuple[Policy, int]:
    """REINFORCE against the random player for ``games`` games (or ``seconds``)."""
    env = drecksau_v0.raw_env(ruleset="dirty-pig", num_players=2)
    policy = Policy.zeros(env.actions.size, env.obs_size)
    rng = np.random.default_rng(seed)
    baseline = 0.0
    start = time.process_time()
    played = 0
    while played < games and time.process_time() - start < seconds:
        result, steps = play(env, policy, played % 2, rng)
        advantage = result - baseline
        baseline += 0.02 * (result - baseline)
        played += 1
        if not steps or advantage == 0.0:
            continue
        step_size = learning_rate * advantage / len(steps) ** 0.5
        for obs, legal, choice, probs in steps:
            grad = -probs
            grad[choice] += 1.0  # d log pi(choice) / d logits, over the legal actions
            policy.bias[legal] += step_size * grad
            policy.weights[legal] += step_size * np.outer(grad, obs)
    return policy, played


def evaluate(policy: Policy, games: int, seed: int) -> tuple[float, float]:
    """Win rate and draw rate of ``policy`` (sampling) against the random player."""
    env = drecksau_v0.raw_env(ruleset="dirty-pig", num_players=2)
    rng = np.random.default_rng(seed)
    wins = draws = 0
    for game in range(games):
        result, _ = play(env, policy, game % 2, rng)
        wins += result > 0
        draws += result == 0
    return wins / games, draws / games


def main(argv: list[str] | None = None) -> int:
    """Train, evaluate, print the figures."""
    parser = argparse.ArgumentParser(description="Train a Dirty Pig policy against random.")
    parser.add_argument("--games", type=int, default=2000, help="training games (2000)")
    parser.add_argument("--seconds", type=float, default=240.0,
                        help="stop training after this much CPU time (240)")
    parser.add_argument("--eval-games", type=int, default=2000, help="evaluation games (2000)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    policy, played = train(args.games, args.seconds, args.seed)
    trained = time.perf_counter() - started
    win_rate, draw_rate = evaluate(policy, args.eval_games, args.seed + 1)
    total = time.perf_counter() - started
    print(f"trained on {played} games in {trained:.1f} s; against random over "
          f"{args.eval_games} games: won {win_rate:.1%}, drawn {draw_rate:.1%} "
          f"({total:.1f} s in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
