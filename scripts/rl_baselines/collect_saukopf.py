"""Collect labelled Saukopf card-play positions for behaviour cloning.

    python scripts/rl_baselines/collect_saukopf.py OUT.npz --seconds 900 --teacher club

One-deal sessions of 4-player ``saukopf`` between ``--behaviour`` bots (each card random
with chance ``--explore``); every card-play decision with more than one legal card is
labelled with the ``--teacher`` bot's card for the same view. Observations and masks are
the AEC env's (``saukopf_v0.raw_env.encode`` of the seat's view; its action slots).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

from positions import save
from saustall.bots.base import make_bot
from saustall.core.registry import get
from saustall.games.saukopf.actions import is_card
from saustall.rl.saukopf_v0 import raw_env


def main(argv: list[str] | None = None) -> int:
    """Collect, saving every ``--save-every`` deals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--deals", type=int, default=10**9)
    parser.add_argument("--seconds", type=float, default=float("inf"))
    parser.add_argument("--teacher", default="club")
    parser.add_argument("--behaviour", default="heuristic")
    parser.add_argument("--explore", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save-every", type=int, default=100)
    args = parser.parse_args(argv)
    env = raw_env(ruleset="saukopf", num_players=4)
    game = get("saukopf", "saukopf")
    rng = random.Random(args.seed)
    behaviour = args.behaviour.split(",")
    teacher = make_bot("saukopf", args.teacher, rng.getrandbits(62))
    observations: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    labels: list[int] = []
    start = time.process_time()
    played = 0
    while played < args.deals and time.process_time() - start < args.seconds:
        state = game.new_state(4, rng.getrandbits(62), {"deals": 1})
        seats = [make_bot("saukopf", rng.choice(behaviour), rng.getrandbits(62))
                 for _ in range(4)]
        while not state.is_terminal():
            p = state.current_player
            legal = state.legal_actions(p)
            view = state.view(p)
            if len(legal) > 1 and all(is_card(a) for a in legal):
                label = teacher.choose(view, legal)
                observations.append(env.encode(view, p).astype(np.float16))
                masks.append(env.actions.mask(p, legal).astype(bool))
                labels.append(env.actions.index[p][label])
                if rng.random() < args.explore:
                    action = rng.choice(legal)
                elif seats[p].name == teacher.name:
                    action = label
                else:
                    action = seats[p].choose(view, legal)
            else:
                action = seats[p].choose(view, legal)
            state.apply(action, p)
        played += 1
        if played % args.save_every == 0:
            print(f"{played} deals, {len(labels)} positions, "
                  f"{time.process_time() - start:.0f} s", file=sys.stderr, flush=True)
            save(args.out, observations, masks, labels)
    save(args.out, observations, masks, labels)
    print(f"{played} deals, {len(labels)} positions -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
