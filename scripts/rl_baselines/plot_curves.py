"""Plot the baselines' learning curves (CSV from train_bc.py / finetune_pg.py) as PNG.

    python scripts/rl_baselines/plot_curves.py docs/rl/dirty-pig-2p-bc.csv ... --out docs/rl/curves.png

Behaviour-cloning curves plot the hold-out agreement with the teacher and the hold-out loss
per epoch; fine-tuning curves the win share against ``heuristic`` (duplicate duel, 95%
interval) per game trained. Needs matplotlib (the ``report`` extra).
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """One panel per CSV file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("curves", type=Path, nargs="+")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    fig, axes = plt.subplots(1, len(args.curves), figsize=(5 * len(args.curves), 3.6),
                             squeeze=False)
    for ax, path in zip(axes[0], args.curves):
        with path.open() as f:
            rows = list(csv.DictReader(f))
        if "holdout_agreement" in rows[0]:
            x = [int(r["epoch"]) for r in rows]
            ax.plot(x, [float(r["holdout_agreement"]) for r in rows], "o-",
                    label="agreement with teacher (hold-out)")
            ax.set_xlabel("epoch")
            twin = ax.twinx()
            twin.plot(x, [float(r["holdout_loss"]) for r in rows], "s--", color="tab:red",
                      label="hold-out loss")
            twin.set_ylabel("cross-entropy")
            ax.set_ylabel("agreement")
            ax.legend(loc="lower left", fontsize=8)
            twin.legend(loc="upper right", fontsize=8)
        else:
            x = [int(r["games"]) for r in rows]
            mean = [float(r["win_vs_heuristic"]) for r in rows]
            ax.fill_between(x, [float(r["ci_low"]) for r in rows],
                            [float(r["ci_high"]) for r in rows], alpha=0.25)
            ax.plot(x, mean, "o-", label="greedy policy vs heuristic (95% CI)")
            ax.axhline(0.5, color="grey", lw=0.8)
            ax.set_xlabel("fine-tuning games")
            ax.set_ylabel("result vs heuristic")
            ax.legend(fontsize=8)
        ax.set_title(path.stem)
    fig.tight_layout()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(args.out, dpi=100)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
