"""Collect labelled Dirty Pig positions for behaviour cloning: (observation, mask, teacher move).

    python scripts/rl_baselines/collect_dirty_pig.py OUT.npz --games 20000 --teacher racer
    python scripts/rl_baselines/collect_dirty_pig.py OUT.npz --seconds 1800 --teacher expert

Positions come from games between ``--behaviour`` bots (a pair drawn per game, each move
random with chance ``--explore`` so that the positions spread beyond the bots' own lines),
or with ``--student POLICY.npz`` from the student against them (DAgger). Every decision
with more than one legal action is labelled with the ``--teacher`` bot's choice for the
same view. Observations and masks are the AEC env's (``drecksau_v0.raw_env.encode`` of the
seat's view; its action slots), exactly what the shipped policy bot reads.
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
from saustall.rl.drecksau_v0 import raw_env


def main(argv: list[str] | None = None) -> int:
    """Collect, then save the arrays (obs float16, mask bool, label int16)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--games", type=int, default=10**9)
    parser.add_argument("--seconds", type=float, default=float("inf"),
                        help="stop after this much CPU time")
    parser.add_argument("--teacher", default="racer")
    parser.add_argument("--behaviour", default="racer,heuristic,club")
    parser.add_argument("--student", type=Path, default=None,
                        help="a policy .npz that plays one seat of every game (DAgger)")
    parser.add_argument("--explore", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save-every", type=int, default=500, help="games between saves")
    parser.add_argument("--ruleset", default="dirty-pig")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args(argv)
    env = raw_env(ruleset=args.ruleset, num_players=args.players)
    game = get("drecksau", args.ruleset)
    rng = random.Random(args.seed)
    behaviour = args.behaviour.split(",")
    student = None
    if args.student is not None:
        from saustall.bots.policy import PolicyNet
        student = PolicyNet.load(args.student)
    teacher = make_bot("drecksau", args.teacher, rng.getrandbits(62))
    observations: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    labels: list[int] = []
    start = time.process_time()
    played = 0
    while played < args.games and time.process_time() - start < args.seconds:
        state = game.new_state(args.players, rng.getrandbits(62))
        seats = [make_bot("drecksau", rng.choice(behaviour), rng.getrandbits(62))
                 for _ in range(args.players)]
        student_seat = rng.randrange(args.players) if student is not None else -1
        while not state.is_terminal():
            p = state.current_player
            legal = state.legal_actions(p)
            view = state.view(p)
            if len(legal) > 1:
                label = teacher.choose(view, legal)
                obs = env.encode(view, p)
                mask = env.actions.mask(p, legal)
                observations.append(obs.astype(np.float16))
                masks.append(mask.astype(bool))
                labels.append(env.actions.index[p][label])
                if p == student_seat:
                    assert student is not None
                    slot = student.act(obs, mask)
                    action = env.actions.codes[p][slot]
                elif rng.random() < args.explore:
                    action = rng.choice(legal)
                elif seats[p].name == teacher.name:
                    action = label
                else:
                    action = seats[p].choose(view, legal)
            else:
                action = legal[0]
            state.apply(action, p)
        played += 1
        if played % args.save_every == 0:
            print(f"{played} games, {len(labels)} positions, "
                  f"{time.process_time() - start:.0f} s", file=sys.stderr, flush=True)
            save(args.out, observations, masks, labels)
    save(args.out, observations, masks, labels)
    print(f"{played} games, {len(labels)} positions -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
