"""Evaluate a policy against Saustall's bots through the Gymnasium environments alone.

Shared by the examples in this folder (``python examples/<example>.py`` finds it beside
itself). A *policy* is any function ``(observation vector, action mask) -> action
index``; it plays one seat of ``saustall/<Game>-v0`` against the bot ``level`` in every
other seat. In the turn-based games the seat is drawn at each reset (``seat=None``), so
the policy plays first as often as the bots do; the observation is relative to its seat,
so one policy plays any seat. Everything is seeded: the same policy gets the same figures.

What is reported per level, from the episode returns (the environment's ``rewards``):

- Drecksau and Pigasus: the **win share** (1 for a win, 1/k for a win shared by k, 0
  otherwise; a Drecksau game stopped at its turn cap counts 0) with a 95% interval;
- Saukopf: the mean **net points per deal** (meat minus roughness points; ``deals=1``
  episodes) with a 95% interval. Deals are not zero-sum (the winners take meat points,
  the losers none), so compare with the random policy's figure in the same seats.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import gymnasium
import numpy as np

import saustall.rl  # noqa: F401  (registers the environments)

Policy = Callable[[np.ndarray, np.ndarray], int]
"""``(observation vector, action mask) -> action index``."""

ENV_IDS = {"drecksau": "saustall/Drecksau-v0", "saukopf": "saustall/Saukopf-v0",
           "pigasus": "saustall/Pigasus-v0"}
"""The Gymnasium id of each game."""

LEVELS = {"drecksau": ("random", "heuristic", "beginner", "club"),
          "saukopf": ("random", "heuristic", "beginner"),
          "pigasus": ("slow", "casual")}
"""The bot levels each game's examples are evaluated against by default: the random
player, the rule-of-thumb ``heuristic``, and the search levels that answer in a few ms a
move (Drecksau's ``expert`` and Saukopf's ``club``/``expert`` think for seconds a game:
pass ``--levels`` to add them)."""


@dataclass
class Result:
    """A policy's score against one bot level."""

    level: str
    games: int
    mean: float
    """Win share (Drecksau, Pigasus) or net points per deal (Saukopf)."""
    half_width: float
    """Half the 95% interval of the normal approximation (:func:`interval` gives the
    one reported)."""
    unit: str

    def line(self) -> str:
        """One line of the report."""
        low, high = interval(self)
        if self.unit == "win share":
            return (f"against {self.level:<10} {self.mean:6.1%} won "
                    f"(95% CI {low:.1%} to {high:.1%}, {self.games} games)")
        return (f"against {self.level:<10} {self.mean:+6.2f} net points per deal "
                f"(95% CI {low:+.2f} to {high:+.2f}, {self.games} deals)")


def env_kwargs(game: str, **extra: Any) -> dict[str, Any]:
    """The keyword arguments the examples make each game's environment with: 2-player
    Dirty Pig, single Saukopf deals, 4-player Pigasus cut at 3,000 ticks (5 minutes of
    game time: a game of bots takes about 1,000)."""
    base: dict[str, Any] = {"drecksau": {"ruleset": "dirty-pig", "num_players": 2},
                            "saukopf": {"deals": 1},
                            "pigasus": {"num_players": 4, "max_ticks": 3000}}[game]
    if game != "pigasus":
        base["seat"] = None
    return {**base, **extra}


def evaluate(policy: Policy, game: str, level: str, games: int, seed: int = 0,
             **kwargs: Any) -> Result:
    """``policy`` in ``games`` episodes against ``level`` (seeded)."""
    env = gymnasium.make(ENV_IDS[game], level=level, **env_kwargs(game, **kwargs))
    returns = []
    for episode in range(games):
        obs, _ = env.reset(seed=seed * 1_000_003 + episode)
        total = 0.0
        while True:
            action = policy(obs["observation"], obs["action_mask"])
            obs, reward, terminated, truncated, info = env.step(action)
            total += float(reward)
            if terminated or truncated:
                break
        returns.append(total)
    values = np.array(returns)
    spread = float(values.std(ddof=1)) if games > 1 else 0.0
    unit = "net points" if game == "saukopf" else "win share"
    return Result(level, games, float(values.mean()), 1.96 * spread / math.sqrt(games), unit)


def interval(result: Result) -> tuple[float, float]:
    """The 95% interval: Wilson's for a win share (within [0, 1] however few the wins),
    the normal approximation for net points."""
    if result.unit != "win share":
        return result.mean - result.half_width, result.mean + result.half_width
    n, p, z = result.games, result.mean, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def report(policy: Policy, game: str, levels: Sequence[str], games: int, seed: int = 0,
           **kwargs: Any) -> list[Result]:
    """Evaluate against each level and print one line each."""
    results = []
    for level in levels:
        result = evaluate(policy, game, level, games, seed, **kwargs)
        print("  " + result.line(), flush=True)
        results.append(result)
    return results


def random_policy(seed: int = 0) -> Policy:
    """A uniformly random legal action: the yardstick every trained policy must beat."""
    rng = np.random.default_rng(seed)

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    return policy
