"""Saukopf bots: random, and a heuristic that bids, declares, kicks and plays by rules of thumb.

The heuristic bot reads only its seat's view and the legal actions. Its rules of thumb:

* **Bidding and declaring.** It rates every game it may declare by an estimate of the tricks
  its hand takes (top trumps count nearly a trick each, lower trumps half a trick, long trump
  suits a bonus, side aces and ace-ten pairs most of a trick). A solo needs about five tricks,
  a Sauerei about three with a partner's help; unclean (Napf) games need a hand that takes
  almost nothing. It bids the least number that beats the table, up to what the hand is worth.
* **Kreuzung.** It joins a Kreuzung with a long, high trump hand (or, in the Napf, a weak
  one) and hands over its cheapest plain card.
* **Huftritt.** It kicks (Kontra) a clean game with a strong trump hand, and kicks back (Re)
  only with a very strong one.
* **Card play.** Clean games: the declaring side draws trumps; opponents of a Sauerei search
  the called suit; aces are cashed; a trick won by a partner is fed points, a trick that can
  be won is won as cheaply as possible (as dearly as possible when last to play), else the
  card least worth keeping goes: the cheapest, but am Spieß not a Sieben, Acht or Neun,
  the cards that take tricks there. The top card of a suit is cashed (am Spieß its
  Sieben, not its Sau, the weakest). Unclean games: everybody ducks under the winning
  card, throws points away when they cannot follow, and takes unavoidable tricks with
  their highest card.
"""

from __future__ import annotations

import random
from typing import Sequence

from saustall.bots.base import RandomBot, register_bot
from saustall.games.saukopf.bots.eval import joins_kreuzung
from saustall.core.game import Action, View
from saustall.games.saukopf.cards import (
    CARD_BY_TEXT, GAME_KINDS, KREUZUNG, MAST, POINTS, SAUEREI, SCHWARZ, TRUMP,
    UNREINE_KREUZUNG, VEGANE_MAST, Declaration, Order, order_for,
)
from saustall.games.saukopf.actions import (
    bid_action, bid_of, card_action, card_of, give_action, given_card,
)
from saustall.games.saukopf.game import (
    JOIN, KONTRA, PASS, RE, declaration_of, declarations, declare_action, is_bid, is_card,
    is_declare, parse_declaration,
)


def estimate_tricks(hand: Sequence[int], order: Order) -> float:
    """A rough count of the tricks ``hand`` takes in a game ranked by ``order``."""
    trumps = order.trumps
    mine = [c for c in hand if order.eff_suit[c] == TRUMP]
    est = 0.0
    top_run = True
    for i, c in enumerate(trumps):
        if c in mine:
            if top_run:
                est += 1.0
            elif i < 4:
                est += 0.8
            elif i < 8:
                est += 0.55
            else:
                est += 0.4
        else:
            top_run = False
    est += 0.45 * max(0, len(mine) - 4)
    for suit in range(4):
        plain = [c for c in hand if order.eff_suit[c] == suit]
        if not plain:
            continue
        best = max(plain, key=lambda c: order.power[c])
        top = max((c for c in range(32) if order.eff_suit[c] == suit),
                  key=lambda c: order.power[c])
        if best == top:
            est += 0.85
            second = sorted(plain, key=lambda c: -order.power[c])
            if len(second) > 1 and POINTS[second[1]] >= 10 and len(plain) <= 3:
                est += 0.5
    return est


def equal_strength_keep(order: Order, hand: Sequence[int], gone: int) -> list[float]:
    """:attr:`Order.keep` for the cards of ``hand``, where two of them that no card still
    out ranks between (``gone``: the mask of the cards played) are equally strong: each
    keeps the rank of the stronger, so only their points tell them apart and the cheaper
    goes first. Am Spieß ``keep`` weighs a card's rank as well as its points, so without
    this a defender gave the declarer a Zehn where an Acht of the same strength would do
    (the only card still out below both was the Sau)."""
    keep = list(order.keep)
    mine = sum(1 << c for c in hand)
    for suit_cards in order.ranked:
        top = -1  # the strongest of my cards in the run of my cards so far
        for c in suit_cards:  # strongest first
            if mine >> c & 1:
                if top < 0:
                    top = c
                else:
                    keep[c] = keep[top] - POINTS[top] + POINTS[c]
            elif not gone >> c & 1:
                top = -1  # a card still out ranks between: the run ends
    return keep


def _gone(view: View) -> int:
    """The mask of the cards played in the deal so far (the current trick too)."""
    mask = 0
    for trick in view["tricks"]:
        for t in trick["cards"]:
            mask |= 1 << CARD_BY_TEXT[t]
    for _, t in view["trick"]:
        mask |= 1 << CARD_BY_TEXT[t]
    return mask


def hand_points(hand: Sequence[int]) -> int:
    """The card points in a hand."""
    return sum(POINTS[c] for c in hand)


class HeuristicBot:
    """Rules of thumb for every Saukopf decision (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    # -- evaluation --------------------------------------------------------------------
    def rate(self, hand: list[int], decl: Declaration, players: int) -> float:
        """How good ``decl`` looks for ``hand``: above 0 means worth declaring."""
        order = order_for(decl.kind, decl.param, decl.spiess)
        tricks = estimate_tricks(hand, order)
        per_player = 8.0 if players == 4 else 10.0
        if decl.kind == VEGANE_MAST:
            return 1.0 if all((c & 7) >= 5 for c in hand) else -9.0
        if GAME_KINDS[decl.kind].napf:
            limit = 1.2 if decl.kind == MAST else 2.0
            if decl.kind == UNREINE_KREUZUNG:
                limit = 1.5
            return limit - tricks - hand_points(hand) / 60.0
        if decl.kind == SAUEREI:
            return tricks - 3.2 - (0.3 if decl.spiess else 0.0)
        if decl.kind == KREUZUNG:
            return tricks - 3.0
        need = 5.2 * per_player / 8.0
        return tricks - need - (0.5 if decl.spiess else 0.0)

    def best_declaration(self, hand: list[int], options: list[int],
                         players: int) -> tuple[float, int]:
        """The best-rated declare action among ``options`` and its rating."""
        scored = [(self.rate(hand, declaration_of(a), players), -a, a) for a in options]
        rating, _, action = max(scored)
        return rating, action

    # -- decisions ---------------------------------------------------------------------
    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """Pick an action for the seat whose view this is."""
        acts = [a for a in legal if isinstance(a, int)]
        if len(acts) == 1:
            return acts[0]
        phase = view["phase"]
        hand = [CARD_BY_TEXT[t] for t in view.get("hand", [])]
        if phase == "bidding":
            return self._bid(view, hand, acts)
        if phase == "declaring":
            return self.best_declaration(hand, [a for a in acts if is_declare(a)],
                                         view["players"])[1]
        if phase == "partner":
            return self._join(view, hand)
        if phase == "giving":
            gives = [given_card(a) for a in acts]
            return give_action(min(gives, key=lambda c: (POINTS[c], -self._suit_len(hand, c))))
        if phase in ("kontra", "re"):
            return self._kick(view, hand, acts)
        cards = [card_of(a) for a in acts if is_card(a)]
        if cards:
            return card_action(self._play(view, hand, cards))
        return acts[self.rng.randrange(len(acts))]

    @staticmethod
    def _suit_len(hand: list[int], c: int) -> int:
        return sum(1 for x in hand if x >> 3 == c >> 3)

    def _bid(self, view: View, hand: list[int], acts: list[int]) -> int:
        found = self.bid_for(view, hand, acts)
        return PASS if found is None else bid_action(found[0])

    def bid_for(self, view: View, hand: list[int],
                acts: Sequence[Action]) -> tuple[int, int | None] | None:
        """The bid this bot makes in the bidding view ``view`` (my ``hand``, legal
        ``acts``) and the declare action of the game it bids for (None if the hand
        allows none at that bid); None when it passes."""
        bids = sorted(bid_of(a) for a in acts if isinstance(a, int) and is_bid(a))
        if not bids:
            return None
        stage = view["bidding"]["stage"]
        players = view["players"]
        aside = [CARD_BY_TEXT[t] for t in view["aside"]]
        if stage == "napf" and SCHWARZ in bids and all((c & 7) >= 5 for c in hand):
            # a Vegane Mast hand: nothing above a 9 (bid whatever the declarations say)
            games = declarations(hand, SCHWARZ, stage, players, aside)
            return SCHWARZ, (self.best_declaration(
                hand, [declare_action(d) for d in games], players)[1] if games else None)
        cheapest = bids[0]
        options = declarations(hand, cheapest, stage, players, aside)
        if not options:
            return None
        rating, action = self.best_declaration(
            hand, [declare_action(d) for d in options], players)
        if rating <= 0:
            return None
        decl = declaration_of(action)
        if decl.info.doppel:
            ceiling = 61
        elif decl.info.napf:
            ceiling = decl.info.min_bid + (4 if decl.info.min_bid < SCHWARZ else 0)
        else:
            ceiling = min(100, 61 + int(15 * rating))
        return (cheapest, action) if cheapest <= ceiling else None

    def _join(self, view: View, hand: list[int]) -> int:
        declared = view["declared"] or {}
        mask = sum(1 << c for c in hand)
        return JOIN if joins_kreuzung(mask, bool(declared.get("napf"))) else PASS

    def _kick(self, view: View, hand: list[int], acts: list[int]) -> int:
        declared = view["declared"]
        decl = parse_declaration(declared["game"])
        if decl.info.napf:
            return PASS
        order = order_for(decl.kind, decl.param, decl.spiess)
        tricks = estimate_tricks(hand, order)
        if KONTRA in acts and tricks >= (3.5 if decl.solo else 3.0):
            return KONTRA
        if RE in acts and tricks >= 5.5:
            return RE
        return PASS

    # -- card play ---------------------------------------------------------------------
    def _play(self, view: View, hand: list[int], cards: list[int]) -> int:
        declared = view["declared"]
        decl = parse_declaration(declared["game"])
        order = order_for(decl.kind, decl.param, decl.spiess)
        me = view["observer"]
        players = view["players"]
        declarer = declared["declarer"]
        partner = declared["partner"]
        called = CARD_BY_TEXT[declared["called_ace"]] if declared["called_ace"] else -1
        if called >= 0 and called in hand:
            partner = me
        on_declarer_side = me == declarer or me == partner
        team: set[int] = {me}
        if on_declarer_side and partner is not None:
            team |= {declarer, partner}
        elif not on_declarer_side and (decl.solo or partner is not None):
            team |= {p for p in range(players) if p != declarer and p != partner}
        trick = [(p, CARD_BY_TEXT[t]) for p, t in view["trick"]]
        napf = decl.info.napf
        if decl.kind == VEGANE_MAST and not on_declarer_side:
            return min(cards, key=lambda c: (order.power[c] + (50 if order.is_trump(c) else 0),
                                             POINTS[c]))
        if not trick:
            return self._lead(order, decl, hand, cards, on_declarer_side, napf, called)
        led = order.eff_suit[trick[0][1]]
        best_p, best_c = trick[0]
        for p, c in trick[1:]:
            if (order.eff_suit[c] in (led, TRUMP)) and order.power[c] > order.power[best_c]:
                best_p, best_c = p, c

        def beats(c: int) -> bool:
            return order.eff_suit[c] in (led, TRUMP) and order.power[c] > order.power[best_c]

        last = len(trick) == players - 1
        winners = [c for c in cards if beats(c)]
        losers = [c for c in cards if not beats(c)]
        if napf:
            if losers:  # duck, and throw away the highest-scoring card that ducks
                return max(losers, key=lambda c: (POINTS[c], order.power[c]))
            return max(winners, key=lambda c: (order.power[c], -POINTS[c]))
        trick_points = sum(POINTS[c] for _, c in trick)
        keep = equal_strength_keep(order, hand, _gone(view))
        if best_p in team:
            strong = order.is_trump(best_c) and order.power[best_c] >= 100 + len(order.trumps) - 3
            if last or strong or (not order.is_trump(best_c) and order.tops_suit(best_c)):
                return max(losers or cards, key=lambda c: (POINTS[c] if not order.is_trump(c)
                                                           else POINTS[c] - 5, -order.power[c]))
            return min(losers or cards, key=lambda c: (keep[c], order.power[c]))
        if winners:
            if last:
                # bank the most points for the least worth spent (am Spieß a high trump
                # or the Sieben of a suit takes a trick later; a trump costs a little more)
                return max(winners, key=lambda c: (2 * POINTS[c] - keep[c]
                                                   - (3 if order.is_trump(c) else 0),
                                                   -order.power[c]))
            if trick_points >= 10 or order.is_trump(trick[0][1]):
                return max(winners, key=lambda c: order.power[c]) \
                    if trick_points >= 10 else min(winners, key=lambda c: order.power[c])
            return min(winners, key=lambda c: (order.power[c], POINTS[c]))
        # the card least worth keeping (am Spieß not a seven, which takes tricks later)
        return min(cards, key=lambda c: (keep[c], order.is_trump(c), order.power[c]))

    def _lead(self, order: Order, decl: Declaration, hand: list[int], cards: list[int],
              declarer_side: bool, napf: bool, called: int) -> int:
        trumps = [c for c in cards if order.is_trump(c)]
        plain = [c for c in cards if not order.is_trump(c)]
        if napf:
            pool = plain or cards
            return min(pool, key=lambda c: (order.power[c], POINTS[c]))
        if declarer_side and len(trumps) >= 3:
            return max(trumps, key=lambda c: order.power[c])
        if called >= 0 and not declarer_side:
            search = [c for c in plain if c >> 3 == called >> 3]
            if search:
                return min(search, key=lambda c: POINTS[c])
        # the top card of its suit: the Sau, am Spieß the Sieben
        aces = [c for c in plain if order.tops_suit(c) and c != called]
        if aces:
            return aces[0]
        if called in cards and declarer_side:
            return called
        if plain:
            return min(plain, key=lambda c: (POINTS[c], order.power[c]))
        return min(cards, key=lambda c: order.power[c])


register_bot("saukopf", "random", RandomBot)
register_bot("saukopf", "heuristic", HeuristicBot)
