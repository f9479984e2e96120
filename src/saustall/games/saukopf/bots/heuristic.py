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
  the called suit; aces are cashed. A partner's trick that nobody still to play can take
  is fed points (smeared); one still open gets a cheap card. A trick that can be won is
  won with the top card of the suit led if I hold it, else as cheaply as possible. Last
  to play, or on a trick of ten points or more with a card nobody behind can beat, it
  is won with the card whose points less its worth kept are highest (:func:`card_keep`:
  a trump is worth the trumps still out that it beats); a trick of ten or more that no
  card of mine takes for certain, with my highest. A Zehn does not go under a Sau still
  out. Else the card least worth keeping goes: am Spieß a dead Sau or Zehn before the
  Sieben or Acht that take tricks there. The top card of a suit is cashed (am Spieß its
  Sieben, not its Sau, the weakest). Unclean games: everybody ducks under the winning
  card, throws points away when they cannot follow, and takes unavoidable tricks with
  their highest card.
"""

from __future__ import annotations

import random
from typing import Final, Sequence

from saustall.bots.base import RandomBot, register_bot
from saustall.games.saukopf.bots.eval import joins_kreuzung
from saustall.core.game import Action, View
from saustall.games.saukopf.cards import (
    CARD_BY_TEXT, GAME_KINDS, KEEP_RANK_WEIGHT, KREUZUNG, MAST, POINTS, SAUEREI, SCHWARZ,
    TRUMP, UNREINE_KREUZUNG, VEGANE_MAST, Declaration, Order, order_for,
)
from saustall.games.saukopf.actions import (
    bid_action, bid_of, card_action, card_of, give_action, given_card,
)
from saustall.games.saukopf.sampling import view_plays, voids_shown
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


SPIESS_MASTER_KEEP: Final = 12.0
"""Am Spieß, what a plain card is worth keeping beyond its points when no card still in
play of its suit is stronger: it takes a trick when the suit is led."""
SPIESS_SECOND_KEEP: Final = 4.0
"""The same for a plain card that one card still in play of its suit beats (another's,
or my own stronger one: the suit must be led twice)."""


def card_keep(order: Order, hand: Sequence[int], gone: int, spiess: bool) -> list[float]:
    """What each card of ``hand`` is worth keeping when one must go: its points and what it
    may still take (``gone``: the mask of the cards played, the current trick's too;
    ``spiess``: the game is played am Spieß).

    * A trump is worth :data:`KEEP_RANK_WEIGHT` (scaled to a plain suit of eight) for
      each trump still out that it beats, in every order: an Ober does not go where the
      Herz-Acht does the same, and two trumps that no card still out ranks between are
      equally strong, so the cheaper goes first.
    * A plain card in the usual order is worth its points: they rise with its rank.
    * Am Spieß the points fall as the rank rises. A plain card that no card still in play
      of its suit beats is worth :data:`SPIESS_MASTER_KEEP` more, one that one card
      beats :data:`SPIESS_SECOND_KEEP`, the others only their points: the Ober and König
      there seldom take a trick, and a defender who kept them gave the declarer a Sau or
      a Zehn that could never take one.
    """
    keep = [float(POINTS[c]) for c in range(len(POINTS))]
    mine = sum(1 << c for c in hand)
    out = ~(gone | mine)  # the cards still in other hands
    trumps = order.ranked[TRUMP]
    step = KEEP_RANK_WEIGHT * 7 / max(1, len(trumps) - 1)
    below = 0  # trumps still out weaker than the one looked at
    for c in reversed(trumps):  # weakest first
        keep[c] += step * below
        if out >> c & 1:
            below += 1
    if spiess:
        for suit in range(4):
            above = 0  # cards still in play stronger than the one looked at
            for c in order.ranked[suit]:  # strongest first
                keep[c] += (SPIESS_MASTER_KEEP if above == 0 else
                            SPIESS_SECOND_KEEP if above == 1 else 0.0)
                if not gone >> c & 1:
                    above += 1
    return keep


def _can_be_beaten(order: Order, best: int, seen: int, ruff_shown: bool) -> bool:
    """True if a card still unseen (not in ``seen``: the cards played and my hand) beats
    ``best``, the card winning a trick: a higher card of its effective suit, or a trump
    over a plain card where a seat still to play has shown it is void in the suit led
    (``ruff_shown``). A sure trick of the partner's is smeared; one the other party may
    still take is not (a partner under the declarer's Acht am Spieß gave a König to the
    Sieben behind)."""
    suit = order.ranked[order.eff_suit[best]]
    if any(order.power[c] > order.power[best] and not seen >> c & 1 for c in suit):
        return True
    return (ruff_shown and not order.is_trump(best)
            and any(not seen >> c & 1 for c in order.ranked[TRUMP]))


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
        plays = view_plays(view)
        gone = sum(1 << c for _, c in plays)
        seen = gone | sum(1 << c for c in hand)
        keep = card_keep(order, hand, gone, decl.spiess)

        def worth(c: int) -> float:
            """The points ``c`` banks, less what its rank is worth keeping."""
            return 2 * POINTS[c] - keep[c]

        behind = [(trick[0][0] + i) % players for i in range(len(trick) + 1, players)]
        voids = voids_shown(order, plays, players)
        ruff_shown = any(voids[p] & order.suit_masks[led] for p in behind)
        if best_p in team:
            if last or all(p in team for p in behind) or not _can_be_beaten(
                    order, best_c, seen, ruff_shown):
                # a sure trick: smear the card worth least kept for its points
                return max(losers or cards, key=lambda c: (worth(c), -order.power[c]))
            return min(losers or cards, key=lambda c: (keep[c], order.power[c]))
        if winners:
            if last:
                # bank the most points for the least worth spent (a trump costs a little more)
                return max(winners, key=lambda c: (worth(c) - (3 if order.is_trump(c) else 0),
                                                   -order.power[c]))
            sure = [c for c in winners if not _can_be_beaten(order, c, seen, ruff_shown)]
            if trick_points >= 10 or order.is_trump(trick[0][1]):
                if trick_points < 10:
                    return min(winners, key=lambda c: order.power[c])
                # take the points with the cheapest card nobody behind can beat, if any
                return max(sure, key=lambda c: (worth(c), -order.power[c])) if sure else \
                    max(winners, key=lambda c: order.power[c])
            plain_sure = [c for c in sure if not order.is_trump(c)]
            if plain_sure:  # the top card of the suit led takes it for certain
                return max(plain_sure, key=lambda c: (worth(c), -order.power[c]))
            cheapest = min(winners, key=lambda c: (order.power[c], POINTS[c]))
            if POINTS[cheapest] >= 10 and losers and not sure:
                # a Zehn does not go under a Sau still out: keep it, give little
                return min(losers, key=lambda c: (keep[c], order.power[c]))
            return cheapest
        # the card least worth keeping
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
