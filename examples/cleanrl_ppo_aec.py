"""PPO in the style of CleanRL (one file, torch) on a Saustall PettingZoo AEC environment.

    pip install -e '.[rl-examples]'
    python examples/cleanrl_ppo_aec.py                          # Dirty Pig, 2 players
    python examples/cleanrl_ppo_aec.py --game saukopf --total-steps 60000
    python examples/cleanrl_ppo_aec.py --total-steps 512 --eval-games 20   # a quick check

Self-play through the AEC API only: one network plays every seat of
``drecksau_v0.env(...)`` (or ``saukopf_v0.env(deals=1, reward_scale="normalized")``),
reading ``env.last()`` for each agent's observation, mask and reward (the reward an
agent collected since its previous move) and stepping with ``env.step``. Each agent's
decisions form its own chain for the advantage estimate (GAE): a decision's reward is
what that agent's next ``last()`` reports, its successor that agent's next decision.
Seats are relative in the observation, so the one network learns every seat.

Evaluation plays the greedy policy against the random player, ``heuristic`` and the
search levels through the Gymnasium environments (:mod:`evaluation`, beside this file).
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np
import torch
from torch import nn
from torch.distributions import Categorical

import evaluation
from saustall.rl import drecksau_v0, saukopf_v0


@dataclass
class Args:
    """The hyperparameters (CleanRL's names)."""

    game: str = "drecksau"
    total_steps: int = 100_000
    """Agent decisions of training (every seat's count)."""
    num_steps: int = 2048
    """Decisions per rollout (finished to the end of the game in play)."""
    learning_rate: float = 2.5e-4
    gamma: float = 0.99
    gae_lambda: float = 0.95
    update_epochs: int = 4
    minibatch_size: int = 256
    clip_coef: float = 0.2
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    hidden: int = 128
    seed: int = 0


def make_env(game: str) -> Any:
    """The wrapped AEC environment the agent trains on."""
    if game == "drecksau":
        return drecksau_v0.env(ruleset="dirty-pig", num_players=2)
    if game == "saukopf":
        return saukopf_v0.env(deals=1, reward_scale="normalized")
    raise ValueError(f"game must be drecksau or saukopf, not {game!r}")


class Agent(nn.Module):
    """An actor and a critic over the observation vector; illegal actions masked out."""

    def __init__(self, observations: int, actions: int, hidden: int) -> None:
        super().__init__()
        self.critic = nn.Sequential(nn.Linear(observations, hidden), nn.Tanh(),
                                    nn.Linear(hidden, hidden), nn.Tanh(), nn.Linear(hidden, 1))
        self.actor = nn.Sequential(nn.Linear(observations, hidden), nn.Tanh(),
                                   nn.Linear(hidden, hidden), nn.Tanh(),
                                   nn.Linear(hidden, actions))

    def value(self, x: torch.Tensor) -> torch.Tensor:
        """V(x)."""
        return self.critic(x).squeeze(-1)

    def act(self, x: torch.Tensor, mask: torch.Tensor, action: torch.Tensor | None = None,
            ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        """Action (sampled unless given), its log-probability, the entropy, V(x)."""
        logits = self.actor(x).masked_fill(~mask, -1e9)
        dist = Categorical(logits=logits)
        if action is None:
            action = dist.sample()
        return action, dist.log_prob(action), dist.entropy(), self.value(x)


@dataclass
class Rollout:
    """Decisions of every agent, with each agent's chain (``after[t]``: its next decision
    or -1 when the game ended for it)."""

    obs: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    logprobs: list[float] = field(default_factory=list)
    values: list[float] = field(default_factory=list)
    rewards: list[float] = field(default_factory=list)
    after: list[int] = field(default_factory=list)
    episode_returns: list[float] = field(default_factory=list)


def collect(env: Any, agent: Agent, steps: int, rng: np.random.Generator) -> Rollout:
    """At least ``steps`` decisions, playing the last game to its end."""
    out = Rollout()
    while len(out.actions) < steps:
        env.reset(seed=int(rng.integers(2**31)))
        pending: dict[str, int] = {}  # each agent's last decision, waiting for its reward
        totals: dict[str, float] = {}
        for name in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            totals[name] = totals.get(name, 0.0) + reward
            if name in pending:
                out.rewards[pending[name]] += reward
            if terminated or truncated:
                if name in pending:
                    out.after[pending.pop(name)] = -1
                env.step(None)
                continue
            x = torch.as_tensor(obs["observation"]).unsqueeze(0)
            mask = torch.as_tensor(obs["action_mask"], dtype=torch.bool).unsqueeze(0)
            with torch.no_grad():
                action, logprob, _, value = agent.act(x, mask)
            index = len(out.actions)
            if name in pending:
                out.after[pending[name]] = index
            pending[name] = index
            out.obs.append(obs["observation"])
            out.masks.append(obs["action_mask"].astype(bool))
            out.actions.append(int(action))
            out.logprobs.append(float(logprob))
            out.values.append(float(value))
            out.rewards.append(0.0)
            out.after.append(-1)
            env.step(int(action))
        out.episode_returns.extend(totals.values())
    return out


def advantages(out: Rollout, gamma: float, lam: float) -> tuple[np.ndarray, np.ndarray]:
    """GAE along each agent's chain; returns (advantages, returns)."""
    n = len(out.actions)
    values = np.array(out.values, dtype=np.float32)
    adv = np.zeros(n, dtype=np.float32)
    for t in reversed(range(n)):  # a successor always comes later in the rollout
        nxt = out.after[t]
        next_value, next_adv = (values[nxt], adv[nxt]) if nxt >= 0 else (0.0, 0.0)
        delta = out.rewards[t] + gamma * next_value - values[t]
        adv[t] = delta + gamma * lam * next_adv
    return adv, adv + values


def train(args: Args) -> Agent:
    """PPO for ``args.total_steps`` decisions of self-play."""
    rng = np.random.default_rng(args.seed)
    torch.manual_seed(args.seed)
    env = make_env(args.game)
    env.reset(seed=args.seed)
    first = env.possible_agents[0]
    agent = Agent(env.observation_space(first)["observation"].shape[0],
                  int(env.action_space(first).n), args.hidden)
    optimizer = torch.optim.Adam(agent.parameters(), lr=args.learning_rate, eps=1e-5)
    done_steps = 0
    while done_steps < args.total_steps:
        out = collect(env, agent, min(args.num_steps, args.total_steps - done_steps), rng)
        done_steps += len(out.actions)
        adv, returns = advantages(out, args.gamma, args.gae_lambda)
        b_obs = torch.as_tensor(np.array(out.obs))
        b_masks = torch.as_tensor(np.array(out.masks))
        b_actions = torch.as_tensor(out.actions)
        b_logprobs = torch.as_tensor(out.logprobs)
        b_adv, b_returns = torch.as_tensor(adv), torch.as_tensor(returns)
        n = len(out.actions)
        for _ in range(args.update_epochs):
            order = torch.as_tensor(rng.permutation(n))
            for start in range(0, n, args.minibatch_size):
                mb = order[start:start + args.minibatch_size]
                _, logprob, entropy, value = agent.act(b_obs[mb], b_masks[mb], b_actions[mb])
                ratio = (logprob - b_logprobs[mb]).exp()
                mb_adv = b_adv[mb]
                if len(mb) > 1:
                    mb_adv = (mb_adv - mb_adv.mean()) / (mb_adv.std() + 1e-8)
                pg_loss = torch.max(-mb_adv * ratio, -mb_adv * ratio.clamp(
                    1 - args.clip_coef, 1 + args.clip_coef)).mean()
                v_loss = 0.5 * ((value - b_returns[mb]) ** 2).mean()
                loss = pg_loss - args.ent_coef * entropy.mean() + args.vf_coef * v_loss
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
                optimizer.step()
        print(f"  {done_steps:>7} decisions: {len(out.episode_returns) // 2} games, "
              f"value loss {v_loss.item():.4f}, entropy {entropy.mean().item():.3f}",
              flush=True)
    return agent


def greedy(agent: Agent) -> evaluation.Policy:
    """The trained policy, its most likely legal action."""
    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        with torch.no_grad():
            logits = agent.actor(torch.as_tensor(observation))
        logits = logits.masked_fill(~torch.as_tensor(mask, dtype=torch.bool), -1e9)
        return int(logits.argmax())

    return policy


def main(argv: Sequence[str] | None = None) -> int:
    """Train, evaluate, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("drecksau", "saukopf"), default="drecksau")
    parser.add_argument("--total-steps", type=int, default=Args.total_steps)
    parser.add_argument("--num-steps", type=int, default=Args.num_steps)
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--levels", nargs="*", default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (1)")
    ns = parser.parse_args(argv)
    torch.set_num_threads(ns.threads)
    args = Args(game=ns.game, total_steps=ns.total_steps, num_steps=ns.num_steps,
                seed=ns.seed)
    started = time.perf_counter()
    agent = train(args)
    print(f"CleanRL-style PPO, {args.game}: {args.total_steps} decisions of self-play in "
          f"{time.perf_counter() - started:.0f} s; greedy:", flush=True)
    levels = ns.levels if ns.levels is not None else evaluation.LEVELS[args.game]
    evaluation.report(greedy(agent), args.game, levels, ns.eval_games, seed=ns.seed + 1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
