"""Behaviour cloning: fit a policy network to a teacher's moves on collected positions.

    python scripts/rl_baselines/train_bc.py OUT.npz DATA.npz [DATA2.npz ...] \\
        --hidden 256,256 --epochs 8 --curve docs/rl/dirty-pig-2p-bc.csv

The data files hold ``obs`` (float), ``mask`` (bool, legal action slots) and ``label``
(the teacher's slot), as ``collect_dirty_pig.py`` and ``collect_saukopf.py`` write them.
The loss is the cross-entropy of the teacher's slot under a softmax over the legal slots
only (illegal slots masked out). A tenth of the positions (``--holdout``) is kept aside to
measure how often the network's top legal slot is the teacher's. Trained with torch (the
``train`` extra, training time only); the result is a :class:`saustall.bots.policy.PolicyNet`
file that numpy runs. ``--init`` starts from an earlier policy file (fine-tuning).
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
from torch import nn

from saustall.bots.policy import PolicyNet


def build(obs_size: int, hidden: list[int], actions: int) -> nn.Sequential:
    """The MLP: ReLU between layers, as :class:`PolicyNet` computes it."""
    layers: list[nn.Module] = []
    size = obs_size
    for width in hidden:
        layers += [nn.Linear(size, width), nn.ReLU()]
        size = width
    layers.append(nn.Linear(size, actions))
    return nn.Sequential(*layers)


def to_policy(model: nn.Sequential, meta: dict) -> PolicyNet:
    """The numpy policy of a torch MLP (weights transposed to (inputs, outputs))."""
    linears = [m for m in model if isinstance(m, nn.Linear)]
    return PolicyNet(tuple(m.weight.detach().numpy().T.copy() for m in linears),
                     tuple(m.bias.detach().numpy().copy() for m in linears), meta)


def from_policy(net: PolicyNet) -> nn.Sequential:
    """A torch MLP holding ``net``'s weights."""
    hidden = [w.shape[1] for w in net.weights[:-1]]
    model = build(net.weights[0].shape[0], hidden, net.weights[-1].shape[1])
    linears = [m for m in model if isinstance(m, nn.Linear)]
    with torch.no_grad():
        for m, w, b in zip(linears, net.weights, net.biases):
            m.weight.copy_(torch.from_numpy(w.T.copy()))
            m.bias.copy_(torch.from_numpy(b))
    return model


def masked_loss(logits: torch.Tensor, mask: torch.Tensor, label: torch.Tensor) -> torch.Tensor:
    """Cross-entropy of ``label`` under the softmax over the legal slots."""
    logits = logits.masked_fill(~mask, -1e9)
    return nn.functional.cross_entropy(logits, label)


def load(paths: list[Path], weights: list[float] | None = None
         ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Concatenate data files (each repeated ``weight`` times, rounded, if given)."""
    obs, mask, label = [], [], []
    for i, path in enumerate(paths):
        with np.load(path) as data:
            repeat = max(1, round(weights[i])) if weights else 1
            for _ in range(repeat):
                obs.append(data["obs"].astype(np.float32))
                mask.append(data["mask"].astype(bool))
                label.append(data["label"].astype(np.int64))
    return np.concatenate(obs), np.concatenate(mask), np.concatenate(label)


def main(argv: list[str] | None = None) -> int:
    """Train, write the policy file and the learning curve."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("data", type=Path, nargs="+")
    parser.add_argument("--repeat", default=None,
                        help="comma-separated repeats per data file (oversample a teacher)")
    parser.add_argument("--hidden", default="256,256")
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--holdout", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--init", type=Path, default=None)
    parser.add_argument("--meta", default="{}", help="JSON: what the policy is for")
    parser.add_argument("--curve", type=Path, default=None, help="CSV of the learning curve")
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args(argv)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    repeats = [float(r) for r in args.repeat.split(",")] if args.repeat else None
    obs, mask, label = load(args.data, repeats)
    rng = np.random.default_rng(args.seed)
    order = rng.permutation(len(label))
    cut = int(len(order) * args.holdout)
    test, train = order[:cut], order[cut:]
    x, m, y = torch.from_numpy(obs), torch.from_numpy(mask), torch.from_numpy(label)
    hidden = [int(h) for h in args.hidden.split(",")]
    if args.init is not None:
        base = PolicyNet.load(args.init)
        model = from_policy(base)
        hidden = [w.shape[1] for w in base.weights[:-1]]  # the starting network's sizes
    else:
        model = build(obs.shape[1], hidden, mask.shape[1])
    optimiser = torch.optim.Adam(model.parameters(), lr=args.lr)
    steps = args.epochs * max(1, len(train) // args.batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, args.lr, total_steps=steps)
    rows = []
    started = time.process_time()
    for epoch in range(1, args.epochs + 1):
        model.train()
        shuffled = torch.from_numpy(rng.permutation(train))
        total, batches = 0.0, 0
        for start in range(0, len(shuffled) - args.batch + 1, args.batch):
            idx = shuffled[start:start + args.batch]
            loss = masked_loss(model(x[idx]), m[idx], y[idx])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss.detach())
            batches += 1
        model.eval()
        with torch.no_grad():
            idx = torch.from_numpy(test)
            logits = model(x[idx]).masked_fill(~m[idx], -1e9)
            test_loss = float(nn.functional.cross_entropy(logits, y[idx]))
            agree = float((logits.argmax(1) == y[idx]).float().mean())
        row = {"epoch": epoch, "positions": len(train) * epoch, "train_loss": total / batches,
               "holdout_loss": test_loss, "holdout_agreement": agree,
               "cpu_seconds": time.process_time() - started}
        rows.append(row)
        print(json.dumps(row), flush=True)
    meta = {**json.loads(args.meta), "obs_size": int(obs.shape[1]),
            "action_size": int(mask.shape[1]), "hidden": hidden,
            "holdout_agreement": rows[-1]["holdout_agreement"]}
    to_policy(model, meta).save(args.out)
    if args.curve is not None:
        args.curve.parent.mkdir(parents=True, exist_ok=True)
        with args.curve.open("w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
