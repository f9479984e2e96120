"""How often a Saukopf bot level takes the same bidding, declaring, Kontra and Re decision
with another seed (a long run, not a test).

    python scripts/saukopf_stability.py LEVEL DEALS [--first K] [--seeds S] [--show N] [--cards]

Four LEVEL bots play deals K.. (default 0) up to the first card after the Kontra window,
or with ``--cards`` to the deal's end
(one-deal sessions, the dealer rotating, the bots' seeds from the deal number, as
``saukopf_bars.py table`` plays them). At each of those decisions with a choice, S - 1 more
bots of the level (default S = 5), each with its own seed, decide the same view. Printed
per phase: the share of the S tries that agree with the most common choice (1.0: every
seed decides alike), then up to N (default 20) positions where the seeds disagreed, with
the hand and each choice's count.

A person who tries a position several times sees this: a decision the search cannot tell
apart from another flips with the seed. Figures from it are quoted in docs/bots.md.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import cast

from saustall.bots.base import make_bot
from saustall.core.rng import derive_seed
from saustall.games.saukopf.game import encode_action
from saukopf_tables import level_deals_parser, one_deal

RARE_PHASES = ("bidding", "declaring", "kontra", "re")


def main(argv: list[str]) -> None:
    parser = level_deals_parser("saukopf_stability.py", __doc__)
    parser.add_argument("--seeds", type=int, default=5,
                        help="seeds asked per decision, at least 2 (default 5)")
    parser.add_argument("--show", type=int, default=20,
                        help="positions where the seeds disagreed to print (default 20)")
    parser.add_argument("--cards", action="store_true",
                        help="play the deals to their end and ask at every card too")
    args = parser.parse_args(argv)
    if args.seeds < 2:
        parser.error("--seeds must be at least 2")
    level, deals, first, seeds, show = args.level, args.deals, args.first, args.seeds, args.show
    cards: bool = args.cards
    phases = RARE_PHASES + ("playing",) if cards else RARE_PHASES
    agreeing: Counter[str] = Counter()
    tries: Counter[str] = Counter()
    split: list[str] = []
    for deal in range(first, first + deals):
        state = one_deal(deal)
        bots = [make_bot("saukopf", level, derive_seed(deal, "stability", p)) for p in range(4)]
        while not state.is_terminal() and (
                cards or not (state.phase == "playing" and state.kontra_done)):
            p = state.current_player
            view, legal = state.view(p), state.legal_actions(p)
            action = bots[p].choose(view, legal)
            phase = view["phase"]
            if phase in phases and len(legal) > 1:
                votes = Counter([action] + [
                    make_bot("saukopf", level, derive_seed(deal, "stability", p, k))
                    .choose(view, legal) for k in range(1, seeds)])
                most = votes.most_common(1)[0][1]
                tries[phase] += seeds
                agreeing[phase] += most
                if most < seeds:
                    counts = ", ".join(f"{encode_action(cast(int, a))} {n}"
                                       for a, n in votes.most_common())
                    split.append(f"  deal {deal}, {phase}, seat {p} ({' '.join(view['hand'])}): "
                                 f"{counts}")
            state.apply(action)
    print(f"saukopf, {level}, deals {first}-{first + deals - 1}, {seeds} seeds a decision")
    for phase in phases:
        if tries[phase]:
            print(f"  {phase}: {agreeing[phase]} of {tries[phase]} tries agree with the most "
                  f"common choice ({agreeing[phase] / tries[phase]:.1%})")
    print(f"positions where the seeds disagreed: {len(split)}")
    for line in split[:show]:
        print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
