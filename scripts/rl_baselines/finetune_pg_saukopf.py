"""Policy-gradient fine-tuning of a Saukopf card-play policy against ``heuristic`` bots.

    python scripts/rl_baselines/finetune_pg_saukopf.py OUT.npz --init BC.npz --deals 20000 \\
        --curve docs/rl/saukopf-cards-pg.csv

One-deal sessions of 4-player ``saukopf``: the learner plays the cards of two seats
(0 and 2, or 1 and 3, alternating deal by deal), sampling from its softmax over the legal
cards; everything else in those seats (bids, declaration, Kontra...) and every decision of
the other two seats is ``heuristic``'s, as ``policy:saukopf-cards`` plays. Each deal is
played a second time with ``heuristic``'s cards in the learner's seats (the same bots, the
same seeds: the same bidding), and a learner seat's advantage is its net points less that
seat's points in the heuristic's replay of the deal: the cards' own contribution, with the
luck of the deal taken out (a duplicate baseline). Every ``--batch`` deals one step of
REINFORCE on ``-(A / scale) log pi(card | view)`` with a pull towards the starting
policy (``--anchor``: the KL divergence from its distribution, so the policy keeps what it
cloned). Observations and slots are the AEC env's (``saukopf_v0.raw_env``), as the bot
reads them. Every ``--eval-every`` deals the greedy policy plays a duplicate duel against
``heuristic`` on fixed deals (``duel.py``: its seats less the heuristic's, net points per
deal), written to the curve; the best is kept beside ``OUT`` (``OUT.best.npz``).
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import sys
import time
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from duel import duel_deals, interval  # noqa: E402
from train_bc import from_policy, to_policy  # noqa: E402

from saustall.bots.base import make_bot  # noqa: E402
from saustall.bots.policy import PolicyNet  # noqa: E402
from saustall.core.registry import get  # noqa: E402
from saustall.games.saukopf.actions import is_card  # noqa: E402
from saustall.rl.saukopf_v0 import raw_env  # noqa: E402

Step = tuple[np.ndarray, np.ndarray, int, int]
"""(observation, legal-slot mask, chosen slot, seat)."""


def play_deal(game, env, model: torch.nn.Module | None, learners: tuple[int, ...],
              deal_seed: int, bot_seeds: list[int], rng: np.random.Generator
              ) -> tuple[list[float], list[Step]]:
    """One deal: heuristic bots in every seat, the learner's cards in ``learners`` (none:
    the heuristic's replay). Returns each seat's net points and the learner's steps."""
    state = game.new_state(4, deal_seed, {"deals": 1})
    bots = [make_bot("saukopf", "heuristic", seed) for seed in bot_seeds]
    steps: list[Step] = []
    while not state.is_terminal():
        seat = state.current_player
        legal = state.legal_actions(seat)
        view = state.view(seat)
        if (model is not None and seat in learners and len(legal) > 1
                and all(is_card(action) for action in legal)):
            observation = env.encode(view, seat).astype(np.float32)
            index = env.actions.index[seat]
            slots = [index[action] for action in legal]
            with torch.no_grad():
                logits = model(torch.from_numpy(observation).unsqueeze(0))[0].numpy()[slots]
            p = np.exp(logits - logits.max())
            p /= p.sum()
            pick = int(rng.choice(len(slots), p=p))
            mask = np.zeros(env.actions.size, dtype=bool)
            mask[slots] = True
            steps.append((observation, mask, slots[pick], seat))
            action = legal[pick]
        else:
            action = bots[seat].choose(view, legal)
        state.apply(action, seat)
    return list(state.returns()), steps


def main(argv: list[str] | None = None) -> int:
    """Fine-tune, writing the policy, the best one seen and the curve."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--init", type=Path, required=True)
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--batch", type=int, default=64, help="deals per gradient step")
    parser.add_argument("--lr", type=float, default=2e-5)
    parser.add_argument("--anchor", type=float, default=0.05)
    parser.add_argument("--scale", type=float, default=10.0,
                        help="net points that make an advantage of 1")
    parser.add_argument("--eval-every", type=int, default=2000)
    parser.add_argument("--eval-deals", type=int, default=300)
    parser.add_argument("--eval-seed", type=int, default=4242)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--curve", type=Path, default=None)
    args = parser.parse_args(argv)
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    base = PolicyNet.load(args.init)
    model = from_policy(base)
    anchor = from_policy(base)
    optimiser = torch.optim.Adam(model.parameters(), lr=args.lr)
    env = raw_env(ruleset="saukopf", num_players=4)
    game = get("saukopf", "saukopf")
    rng = np.random.default_rng(args.seed)
    seeds = random.Random(args.seed)
    rows: list[dict[str, float]] = []
    best = -float("inf")
    started = time.process_time()
    gains: list[float] = []

    def evaluate(deals: int) -> None:
        nonlocal best
        # a new file each time: bots load a policy file once per process and path
        path = args.out.with_name(f"{args.out.stem}.{deals}.npz")
        to_policy(model, {**base.meta, "finetuned_deals": deals}).save(path)
        _, differences = duel_deals("saukopf", "saukopf", path, "heuristic",
                                    args.eval_deals, args.eval_seed, players=4)
        gap, low, high = interval(differences)
        row = {"deals": deals, "net_vs_heuristic": gap, "ci_low": low, "ci_high": high,
               "train_gain": float(np.mean(gains[-args.eval_every:])) if gains else 0.0,
               "cpu_seconds": time.process_time() - started}
        rows.append(row)
        print(json.dumps(row), flush=True)
        if gap > best:
            best = gap
            to_policy(model, {**base.meta, "finetuned_deals": deals}).save(
                args.out.with_name(f"{args.out.stem}.best.npz"))

    evaluate(0)
    batch: list[tuple[float, Step]] = []
    for deal in range(1, args.deals + 1):
        deal_seed = seeds.getrandbits(62)
        bot_seeds = [seeds.getrandbits(62) for _ in range(4)]
        learners = (0, 2) if deal % 2 else (1, 3)
        model.eval()
        results, steps = play_deal(game, env, model, learners, deal_seed, bot_seeds, rng)
        replay, _ = play_deal(game, env, None, learners, deal_seed, bot_seeds, rng)
        gain = {seat: results[seat] - replay[seat] for seat in learners}
        gains.append(sum(gain.values()) / len(gain))
        batch += [(gain[step[3]] / args.scale, step) for step in steps]
        if deal % args.batch == 0 and batch:
            model.train()
            x = torch.from_numpy(np.stack([step[0] for _, step in batch]))
            m = torch.from_numpy(np.stack([step[1] for _, step in batch]))
            a = torch.tensor([step[2] for _, step in batch])
            adv = torch.tensor([advantage for advantage, _ in batch], dtype=torch.float32)
            logp = torch.log_softmax(model(x).masked_fill(~m, -1e9), dim=1)
            chosen = logp.gather(1, a.unsqueeze(1)).squeeze(1)
            with torch.no_grad():
                target = torch.softmax(anchor(x).masked_fill(~m, -1e9), dim=1)
            kl = (target * (torch.log(target + 1e-9) - logp).masked_fill(~m, 0.0)).sum(1).mean()
            loss = -(adv * chosen).mean() + args.anchor * kl
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            batch = []
        if deal % args.eval_every == 0:
            evaluate(deal)
    to_policy(model, {**base.meta, "finetuned_deals": args.deals}).save(args.out)
    if args.curve is not None:
        args.curve.parent.mkdir(parents=True, exist_ok=True)
        with args.curve.open("w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
