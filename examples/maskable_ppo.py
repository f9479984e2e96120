"""sb3-contrib's MaskablePPO on a Saustall Gymnasium environment, as it comes.

    pip install -e '.[rl-examples]'
    python examples/maskable_ppo.py                              # Dirty Pig, 2 players
    python examples/maskable_ppo.py --game saukopf --timesteps 20000
    python examples/maskable_ppo.py --game pigasus --timesteps 20000
    python examples/maskable_ppo.py --timesteps 500 --eval-games 20   # a quick check

No glue: ``gymnasium.make("saustall/Drecksau-v0", ...)`` is handed to ``MaskablePPO``
as it is. The environment's ``action_masks()`` gives the legal actions (sb3-contrib
finds it through Gymnasium's wrappers), its Dict observation (``observation`` and
``action_mask``) suits ``MultiInputPolicy``. The agent trains against the ``heuristic``
bots (Pigasus: ``casual``) from a seat drawn at each episode, then is evaluated, greedy,
against the random player, ``heuristic`` and the search levels
(:mod:`evaluation`, beside this file).

Saukopf trains on single deals with ``reward_scale="normalized"`` (a deal's net points
/ 80, so returns stay within [-1, 1]) and is reported in net points per deal; Dirty Pig
and Pigasus pay 1 for a win.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Sequence

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO

import evaluation
import saustall.rl  # noqa: F401  (registers the environments)

TRAIN_LEVEL = {"drecksau": "heuristic", "saukopf": "heuristic", "pigasus": "casual"}
"""The bots each game trains against."""


def make_env(game: str, level: str, seed: int) -> gymnasium.Env:
    """The training environment: the game against ``level`` bots, seat drawn each episode."""
    extra = {"reward_scale": "normalized"} if game == "saukopf" else {}
    env = gymnasium.make(evaluation.ENV_IDS[game], level=level,
                         **evaluation.env_kwargs(game, **extra))
    env.reset(seed=seed)
    return env


def train(game: str, timesteps: int, seed: int, n_steps: int = 512) -> MaskablePPO:
    """MaskablePPO for ``timesteps`` agent steps against the game's training bots."""
    torch.manual_seed(seed)
    env = make_env(game, TRAIN_LEVEL[game], seed)
    model = MaskablePPO("MultiInputPolicy", env, n_steps=min(n_steps, max(64, timesteps)),
                        batch_size=64, learning_rate=3e-4, gamma=0.99, ent_coef=0.01,
                        seed=seed, device="cpu", verbose=0)
    model.learn(total_timesteps=timesteps)
    return model


def greedy(model: MaskablePPO) -> evaluation.Policy:
    """The trained policy, its most likely legal action."""
    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict({"observation": observation, "action_mask": mask},
                                  action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    return policy


def main(argv: Sequence[str] | None = None) -> int:
    """Train, evaluate, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(evaluation.ENV_IDS), default="drecksau")
    parser.add_argument("--timesteps", type=int, default=50_000,
                        help="agent steps of training (50,000)")
    parser.add_argument("--eval-games", type=int, default=400,
                        help="games (Saukopf: deals) per bot level (400)")
    parser.add_argument("--levels", nargs="*", default=None,
                        help="bot levels to evaluate against (default: evaluation.LEVELS)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (1)")
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    started = time.perf_counter()
    model = train(args.game, args.timesteps, args.seed)
    print(f"MaskablePPO, {args.game}: trained {args.timesteps} agent steps against "
          f"{TRAIN_LEVEL[args.game]} in {time.perf_counter() - started:.0f} s; greedy:",
          flush=True)
    levels = args.levels if args.levels is not None else evaluation.LEVELS[args.game]
    evaluation.report(greedy(model), args.game, levels, args.eval_games, seed=args.seed + 1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
