"""Saukopf decisions of one bot level, written as the deciding seat saw them, for a
Schafkopf player to judge one by one (a long run, not a test).

    python scripts/saukopf_decisions.py LEVEL DEALS [--first K] [--cards SHARE] [--seed S] [--out FILE]

Four LEVEL bots play deals K.. (default 0; one-deal sessions, the dealer rotating, the
bots' seeds from the deal number, as ``saukopf_bars.py table`` plays them). Every
bidding, declaring, Kontra and Re decision that had a choice is written, and of the card
decisions with a choice a random SHARE (default 0.25, drawn with seed S): each as a block
``### D<n>`` holding the seat's hand, the bidding, the game, the Kontra and Re, the tricks
so far, the options and the one chosen. A block is built from the seat's view alone (the
other hands, the deck and the deal's result are never written), so it can be handed to a
judge as it is. docs/bots.md, *Judged decision by decision*, quotes what two rounds of
judging found.
"""

from __future__ import annotations

import random
import sys
from typing import Sequence

from saustall.bots.base import make_bot
from saustall.core.game import Action, View
from saustall.core.rng import derive_seed
from saukopf_tables import level_deals_parser, one_deal


def _seat(p: int) -> str:
    return f"seat {p + 1}"


def _played(cards: Sequence[str], leader: int, players: int) -> str:
    return " ".join(f"{_seat((leader + i) % players)}:{card}" for i, card in enumerate(cards))


def describe(view: View, options: Sequence[str], chosen: str, deal: int) -> str:
    """Decision ``chosen`` of deal ``deal`` as the seat saw it: ``view`` is its view,
    ``options`` its legal actions in words (the bids folded into one range, least to
    highest)."""
    me, players = view["observer"], view["players"]
    lines = [f"Deal {deal}, decision of {_seat(me)} (dealer {_seat(view['dealer'])})."
             f" Phase: {view['phase']} ({view['bidding']['stage']}).",
             f"Hand of {_seat(me)}: {' '.join(view['hand'])}"]
    log = view["bidding"]["log"]
    if log:
        lines.append("Bidding so far: " + "; ".join(
            f"{stage} {_seat(p)}: {bid}" for stage, p, bid in log))
    declared = view["declared"]
    if declared is not None:
        text = (f"Game: {declared['title']} ({'Napf: played to lose' if declared['napf'] else 'Trog'}),"
                f" declarer {_seat(declared['declarer'])}, bid {declared['bid']}")
        if not declared["solo"]:
            partner = declared["partner"]
            text += (", partner not yet known" if partner is None else
                     ", partner: you" if partner == me else f", partner {_seat(partner)}")
        lines.append(text + ".")
        if view["kontra"] is not None:
            lines.append(f"Kontra by {_seat(view['kontra'])}"
                         + (f", Re by {_seat(view['re'])}" if view["re"] is not None else ""))
    for i, trick in enumerate(view["tricks"]):
        lines.append(f"  trick {i + 1}: {_played(trick['cards'], trick['leader'], players)}"
                     f" -> won by {_seat(trick['winner'])} ({trick['points']} pts)")
    if view["trick"]:
        lines.append("  current trick: " + " ".join(
            f"{_seat(p)}:{card}" for p, card in view["trick"]))
    bids = [o for o in options if o.startswith("Bid ")]
    shown = [o for o in options if not o.startswith("Bid ")]
    if bids:
        shown.append(bids[0] if len(bids) == 1 else f"{bids[0]} .. {bids[-1]}")
    lines.append("Options: " + " | ".join(shown))
    lines.append(f"CHOSEN: {chosen}")
    return "\n".join(lines)


def deal_decisions(level: str, deal: int, card_share: float, seed: int) -> list[str]:
    """The written decisions of one deal of four ``level`` bots."""
    state = one_deal(deal)
    bots = [make_bot("saukopf", level, derive_seed(deal, "bars", i)) for i in range(4)]
    sample = random.Random(derive_seed(seed, "decisions", deal))
    found = []
    while not state.is_terminal():
        p = state.current_player
        view = state.view(p)
        legal: list[Action] = state.legal_actions(p)
        action = bots[p].choose(view, legal)
        if len(legal) > 1 and (view["phase"] != "playing" or sample.random() < card_share):
            found.append(describe(view, [state.describe_action(a) for a in legal],
                                  state.describe_action(action), deal))
        state.apply(action)
    return found


def main(argv: list[str]) -> None:
    parser = level_deals_parser("saukopf_decisions.py", __doc__)
    parser.add_argument("--cards", type=float, default=0.25,
                        help="the share of card decisions written (default 0.25)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the card sample")
    parser.add_argument("--out", help="write here (default: standard output)")
    args = parser.parse_args(argv)
    blocks = [block for deal in range(args.first, args.first + args.deals)
              for block in deal_decisions(args.level, deal, args.cards, args.seed)]
    text = "".join(f"### D{n}\n{block}\n\n" for n, block in enumerate(blocks, 1))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(text)
        print(f"{len(blocks)} decisions written to {args.out}")
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main(sys.argv[1:])
