"""Policy-gradient fine-tuning of a Dirty Pig policy against bots (REINFORCE with a baseline).

    python scripts/rl_baselines/finetune_pg.py OUT.npz --init BC.npz --games 20000 \\
        --opponents heuristic,racer --curve docs/rl/dirty-pig-2p-pg.csv

Games of 2-player ``dirty-pig`` through the AEC environment (``drecksau_v0.raw_env``: its
observation and mask, ``last()``-style rewards at the end: +1 won, -1 lost, 0 capped), the
learner in one seat (alternating) sampling from its softmax over the legal slots, the other
seat a bot drawn from ``--opponents`` (``self`` for the learner's greedy self). Every
``--batch`` games one gradient step on ``-(R - b) log pi(a|s)`` with ``b`` the running mean
result, an entropy bonus and a pull towards the starting policy's log-probabilities
(``--anchor``, a behaviour-cloning term that keeps it from drifting far). Every
``--eval-every`` games a duplicate duel of the greedy policy against ``heuristic`` is
written to the curve.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from duel import duel  # noqa: E402
from train_bc import from_policy, to_policy  # noqa: E402

from saustall.bots.base import make_bot  # noqa: E402
from saustall.bots.policy import PolicyNet  # noqa: E402
from saustall.rl.drecksau_v0 import raw_env  # noqa: E402


def play(env: raw_env, model: torch.nn.Module, learner: int, opponent: object,
         rng: np.random.Generator, seed: int) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
    """One game through the env; the learner's result and its (obs, mask, slot) steps."""
    env.reset(seed=seed)
    steps: list[tuple[np.ndarray, np.ndarray, int]] = []
    result = 0.0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        seat = int(agent.split("_")[1])
        if terminated or truncated:
            if seat == learner:
                result = reward
            env.step(None)
            continue
        mask = obs["action_mask"]
        legal = np.flatnonzero(mask)
        if len(legal) == 1:
            env.step(int(legal[0]))
            continue
        if seat == learner:
            with torch.no_grad():
                logits = model(torch.from_numpy(obs["observation"].copy()).unsqueeze(0))[0]
            logits = logits.numpy()[legal]
            p = np.exp(logits - logits.max())
            p /= p.sum()
            slot = int(legal[rng.choice(len(legal), p=p)])
            steps.append((obs["observation"].copy(), mask.astype(bool), slot))
            env.step(slot)
        else:
            state = env.state
            view = state.view(seat)
            code = opponent.choose(view, state.legal_actions(seat))
            env.step(env.actions.index[seat][code])
    return result, steps


def main(argv: list[str] | None = None) -> int:
    """Fine-tune, writing the policy and the curve."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--init", type=Path, required=True)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--lr", type=float, default=2e-5)
    parser.add_argument("--entropy", type=float, default=0.003)
    parser.add_argument("--anchor", type=float, default=0.1)
    parser.add_argument("--opponents", default="heuristic,racer")
    parser.add_argument("--eval-every", type=int, default=4000)
    parser.add_argument("--eval-deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--curve", type=Path, default=None)
    args = parser.parse_args(argv)
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    base = PolicyNet.load(args.init)
    model = from_policy(base)
    anchor = from_policy(base)
    optimiser = torch.optim.Adam(model.parameters(), lr=args.lr)
    env = raw_env(ruleset="dirty-pig", num_players=2)
    rng = np.random.default_rng(args.seed)
    opponents = args.opponents.split(",")
    baseline = 0.0
    rows = []
    started = time.process_time()
    batch: list[tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]] = []
    wins = 0.0

    def evaluate(games: int) -> None:
        # a new file each time: bots load a policy file once per process and path
        path = args.out.with_name(f"{args.out.stem}.{games}.npz")
        to_policy(model, base.meta).save(path)
        mean, low, high = duel("drecksau", "dirty-pig", path, "heuristic", args.eval_deals,
                               seed=999)
        row = {"games": games, "win_vs_heuristic": mean, "ci_low": low, "ci_high": high,
               "train_result": baseline, "cpu_seconds": time.process_time() - started}
        rows.append(row)
        print(json.dumps(row), flush=True)

    evaluate(0)
    for game in range(1, args.games + 1):
        name = opponents[rng.integers(len(opponents))]
        opponent = make_bot("drecksau", name, int(rng.integers(2**62)))
        result, steps = play(env, model, game % 2, opponent, rng, int(rng.integers(2**62)))
        wins += result > 0
        batch.append((result, steps))
        if len(batch) == args.batch:
            obs, masks, slots, adv = [], [], [], []
            for r, s in batch:
                for o, m, a in s:
                    obs.append(o)
                    masks.append(m)
                    slots.append(a)
                    adv.append(r - baseline)
            baseline += 0.1 * (np.mean([r for r, _ in batch]) - baseline)
            x = torch.from_numpy(np.stack(obs))
            m = torch.from_numpy(np.stack(masks))
            a = torch.tensor(slots)
            adv_t = torch.tensor(adv, dtype=torch.float32)
            logp = torch.log_softmax(model(x).masked_fill(~m, -1e9), dim=1)
            chosen = logp.gather(1, a.unsqueeze(1)).squeeze(1)
            probs = logp.exp()
            entropy = -(probs * logp.masked_fill(~m, 0.0)).sum(1).mean()
            with torch.no_grad():
                target = torch.softmax(anchor(x).masked_fill(~m, -1e9), dim=1)
            kl = (target * (torch.log(target + 1e-9) - logp).masked_fill(~m, 0.0)).sum(1).mean()
            loss = -(adv_t * chosen).mean() - args.entropy * entropy + args.anchor * kl
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            batch = []
        if game % args.eval_every == 0:
            evaluate(game)
    to_policy(model, {**base.meta, "finetuned_games": args.games}).save(args.out)
    if args.curve is not None:
        with args.curve.open("w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
