"""The Saukopf ``beginner`` level: a player in their first month, by simple rules.

It plays to win, but simply, and makes a newcomer's mistakes now and then:

* **Bidding and declaring: sound games only.** A Sauerei with clearly enough trumps (five,
  or four with an Ober, and a hand the ``heuristic`` bot's rating finds worth a game) and
  a Sau to call; a Keiler, Wutz or Hauer only on a hand that is plainly a solo (six or
  more trumps with two Ober or Unter, three Unter for a Wutz); never am Spieß, never a
  Ferkelparade, Knorpel or Kreuzung of the Trog. It bids the least number that allows
  its game, raises a solo a few points at most, and bids over a rival's standing bid only
  with a strong solo (:data:`OUTBID_RATING`). In the Napf (everybody passed) it
  bids an unclean game only on a hand that takes almost nothing, and a Vegane Mast on a
  hand with nothing above a 9.
* **Kontra and Re: no doubling war.** A Kontra only on a very strong hand against the
  game (:data:`KONTRA_TRICKS`), a Re only on an overwhelming one (:data:`RE_TRICKS`),
  and never against or in a Napf game.
* **Card play by rules of thumb.** Follow suit; the declaring side leads trumps;
  opponents of a Sauerei search the called suit; a side Sau is cashed; a trick worth
  something is won (trumped in when void) as cheaply as it can be; a trick the known
  partner is winning safely is smeared; otherwise the cheapest card goes. In a Napf game
  everybody ducks.
* **Slips.** On :data:`SLIP_CHANCE` of the card decisions of a clean game where it has a
  choice, it mixes up who plays with whom and plays the card its rules pick for the
  other side: it smears on an opponent's trick, trumps its partner's, or leads trumps
  for the opponents; about a third of its choices are such slips. They are drawn from
  its own seeded random source, so a game replays exactly.

Every decision reads the seat's view and the legal actions only, costs well under a
millisecond, and depends on nothing but them and the bot's seed. The measured strength
(the newcomer of issue 25 against three ``beginner`` bots, ``club`` against
``beginner``, four ``beginner`` bots at one table) is in ``docs/bots.md``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Sequence

from saustall.bots.base import register_bot
from saustall.games.saukopf.bots.eval import joins_kreuzung, rate_mask, tricks_of_mask
from saustall.core.game import Action, View
from saustall.games.saukopf.actions import bid_action, bid_of, card_action, card_of, given_card
from saustall.games.saukopf.bidding import declarations
from saustall.games.saukopf.cards import (
    ACE, CARD_BY_TEXT, GAME_KINDS, HAUER, KEILER, OBER, POINTS, SAUEREI, SCHWARZ, TRUMP,
    UNTER, VEGANE_MAST, WUTZ, Declaration, Order, mask_of, order_for,
)
from saustall.games.saukopf.game import (
    JOIN, KONTRA, PASS, RE, declaration_of, declare_action, is_bid, is_card, is_declare,
    parse_declaration,
)

SLIP_CHANCE = 0.55
"""The share of the clean games' card decisions with a choice on which the beginner
mixes up the parties (:meth:`Trick.mixed_up`); about three in five of them change the
card, so a third of its choices are slips (tuned with ``scripts/saukopf_bars.py
newcomer``)."""
KONTRA_TRICKS = 4.6
"""Estimated tricks in the declared game (:func:`~saustall.games.saukopf.bots.eval.tricks_of_mask`)
from which the beginner kicks a Doppel game; a solo needs :data:`KONTRA_SOLO_TRICKS`."""
KONTRA_SOLO_TRICKS = 4.2
"""The same against a solo: three opponents share the defence, so less is needed."""
RE_TRICKS = 6.5
"""Estimated tricks from which the beginner answers a Kontra with Re: all but a sure win."""
SOUND_GAME = 0.0
"""The least rating (:func:`~saustall.games.saukopf.bots.eval.rate_mask`) of a sound game."""
SOLO_RAISE = 4
"""Card points per rating point above :data:`SOUND_GAME` by which a solo may be raised
over 61 in a bidding (a Sauerei is capped at 61 by the rules)."""
OUTBID_RATING = 1.0
"""The least rating of a game for which the beginner bids over a rival's standing bid."""
NAPF_GAME = 0.2
"""The least rating of an unclean game the beginner bids in the Napf."""
DREIHAXER_EASE = 1.0
"""Added to a solo's rating in the Dreihaxer: the rating asks ten-card hands for 6.5 of
ten tricks, and without the ease three beginners threw in 86% of the deals (44% with
it; a solo against two needs less than that)."""
SAUEREI_OBERS = 1
"""Ober a Sauerei on four trumps needs (five trumps need none)."""
BEGINNER_GAMES = frozenset({SAUEREI, KEILER, WUTZ, HAUER})
"""The clean games a beginner declares."""


def sound(hand: Sequence[int], decl: Declaration, players: int) -> float | None:
    """The rating of ``decl`` for ``hand`` if it is a game a beginner would play, else None.

    The rating (the ``heuristic`` bot's, plus :data:`DREIHAXER_EASE` with three players)
    must reach :data:`SOUND_GAME`, and the trumps must be plainly enough: a Sauerei five
    trumps or four with an Ober; a Keiler six with two Ober; a Wutz three Unter with the
    top one; a Hauer six trumps with two Unter."""
    if decl.kind not in BEGINNER_GAMES or decl.spiess:
        return None
    order = order_for(decl.kind, decl.param)
    trumps = [c for c in hand if order.eff_suit[c] == TRUMP]
    obers = sum(1 for c in trumps if c & 7 == OBER)
    unters = [c for c in trumps if c & 7 == UNTER]
    if decl.kind == SAUEREI:
        enough = len(trumps) >= 5 or (len(trumps) >= 4 and obers >= SAUEREI_OBERS)
    elif decl.kind == KEILER:
        enough = len(trumps) >= 6 and obers >= 2
    elif decl.kind == WUTZ:
        enough = len(unters) >= 3 and order.trumps[0] in unters
    else:
        enough = len(trumps) >= 6 and len(unters) >= 2
    if not enough:
        return None
    rating = rate_mask(mask_of(hand), decl, players) + (DREIHAXER_EASE if players == 3 else 0.0)
    return rating if rating >= SOUND_GAME else None


def best_sound_game(hand: Sequence[int], options: Sequence[Declaration],
                    players: int) -> tuple[float, Declaration] | None:
    """The best-rated sound game among ``options`` and its rating, or None."""
    rated = [(rating, -declare_action(d), d) for d in options
             if (rating := sound(hand, d, players)) is not None]
    if not rated:
        return None
    rating, _, decl = max(rated)
    return rating, decl


@dataclass(frozen=True)
class Trick:
    """The card-play situation one decision reads from the view."""

    order: Order
    decl: Declaration
    me: int
    players: int
    declarer_side: bool
    team: frozenset[int]
    """The seats the observer knows to be its partners (not itself)."""
    called: int
    """The called Sau of a Sauerei, else -1."""
    called_out: bool
    """True once the called Sau has been played."""
    hand: tuple[int, ...]
    played: tuple[tuple[int, int], ...]
    """The trick so far: (seat, card), led first."""
    gone: frozenset[int]
    """Cards played in earlier tricks."""

    @staticmethod
    def of(view: View) -> "Trick":
        """The situation of the view's seat in card play."""
        declared = view["declared"]
        decl = parse_declaration(declared["game"])
        me = view["observer"]
        players = view["players"]
        declarer = declared["declarer"]
        partner = declared["partner"]
        hand = tuple(CARD_BY_TEXT[t] for t in view["hand"])
        called = CARD_BY_TEXT[declared["called_ace"]] if declared["called_ace"] else -1
        if called in hand:
            partner = me
        declarer_side = me in (declarer, partner)
        if decl.solo:
            team = frozenset() if me == declarer else frozenset(
                p for p in range(players) if p not in (me, declarer))
        elif me == declarer:
            team = frozenset({partner}) if partner is not None else frozenset()
        elif partner == me:
            team = frozenset({declarer})
        elif partner is not None:
            team = frozenset(p for p in range(players) if p not in (me, declarer, partner))
        else:
            team = frozenset()
        gone = frozenset(CARD_BY_TEXT[t] for trick in view["tricks"] for t in trick["cards"])
        return Trick(order_for(decl.kind, decl.param, decl.spiess), decl, me, players,
                     declarer_side, team, called, called in gone, hand,
                     tuple((p, CARD_BY_TEXT[t]) for p, t in view["trick"]), gone)

    def mixed_up(self) -> "Trick":
        """The same trick as seen by a player who mixed up the parties: the seats it takes
        for partners are the others, and it thinks itself on the other side."""
        others = frozenset(p for p in range(self.players) if p != self.me) - self.team
        return replace(self, declarer_side=not self.declarer_side, team=others)

    def trump(self, c: int) -> bool:
        """True if ``c`` is a trump."""
        return self.order.eff_suit[c] == TRUMP

    def winning(self) -> tuple[int, int]:
        """The seat and card winning the trick so far."""
        order = self.order
        led = order.eff_suit[self.played[0][1]]
        best_p, best_c = self.played[0]
        for p, c in self.played[1:]:
            if order.eff_suit[c] in (led, TRUMP) and order.power[c] > order.power[best_c]:
                best_p, best_c = p, c
        return best_p, best_c

    def beats(self, c: int, best: int) -> bool:
        """True if ``c`` would take the trick from ``best``."""
        order = self.order
        led = order.eff_suit[self.played[0][1]]
        return order.eff_suit[c] in (led, TRUMP) and order.power[c] > order.power[best]

    def top_out(self, c: int) -> bool:
        """True if no card still out beats ``c`` in its suit (and, for a plain card, no
        trump has been played to its suit yet, so a void is not yet known)."""
        order = self.order
        suit = order.eff_suit[c]
        higher = [x for x in order.ranked[suit] if order.power[x] > order.power[c]]
        return all(x in self.gone or x in self.hand for x in higher)


class BeginnerBot:
    """The ``beginner`` level (see the module docstring)."""

    name = "beginner"

    def __init__(self, seed: int = 0, slip_chance: float = SLIP_CHANCE) -> None:
        self.rng = random.Random(seed)
        self.slip_chance = slip_chance

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The beginner's action for the seat whose view this is."""
        acts = [a for a in legal if isinstance(a, int)]
        if len(acts) == 1:
            return acts[0]
        phase = view["phase"]
        hand = [CARD_BY_TEXT[t] for t in view.get("hand", [])]
        if phase == "bidding":
            return self._bid(view, hand, acts)
        if phase == "declaring":
            return self._declare(view, hand, acts)
        if phase == "partner":
            napf = bool((view["declared"] or {}).get("napf"))
            return JOIN if JOIN in acts and joins_kreuzung(mask_of(hand), napf) else PASS
        if phase == "giving":
            return min(acts, key=lambda a: (POINTS[given_card(a)], a))
        if phase in ("kontra", "re"):
            return self._kick(view, hand, acts)
        cards = [card_of(a) for a in acts if is_card(a)]
        if cards:
            return card_action(self._play(view, cards))
        return PASS if PASS in acts else acts[0]

    # -- bidding, declaring, kicking ---------------------------------------------------
    def _bid(self, view: View, hand: list[int], acts: list[int]) -> int:
        bids = sorted(bid_of(a) for a in acts if is_bid(a))
        if not bids:
            return PASS
        players = view["players"]
        aside = [CARD_BY_TEXT[t] for t in view["aside"]]
        least = bids[0]
        if view["bidding"]["stage"] == "napf":
            if SCHWARZ in bids and all(c & 7 >= 5 for c in hand):
                return bid_action(SCHWARZ)  # nothing above a 9: a sure Vegane Mast
            options = [d for d in declarations(hand, least, "napf", players, aside)
                       if not d.spiess and d.kind != VEGANE_MAST]
            rated = [rate_mask(mask_of(hand), d, players) for d in options]
            if rated and max(rated) >= NAPF_GAME and least in (61, 91):
                return bid_action(least)
            return PASS
        found = best_sound_game(hand, declarations(hand, least, "trog", players, aside),
                                players)
        if found is None:
            return PASS
        rating, decl = found
        top = view["bidding"]["top_bidder"]
        if top is not None and top != view["observer"] and rating < OUTBID_RATING:
            return PASS  # no bidding war: a rival's bid stands unless the hand is strong
        ceiling = 61 if decl.info.doppel else 61 + int(SOLO_RAISE * (rating - SOUND_GAME))
        return bid_action(least) if least <= ceiling else PASS

    def _declare(self, view: View, hand: list[int], acts: list[int]) -> int:
        options = [declaration_of(a) for a in acts if is_declare(a)]
        plain = [d for d in options if not d.spiess]
        players = view["players"]
        found = best_sound_game(hand, plain, players)
        if found is not None:
            return declare_action(found[1])
        # no sound game among the options (a Napf bid, or a bid made for another game):
        # the best-rated plain one
        mask = mask_of(hand)
        return declare_action(max(plain or options, key=lambda d: (
            rate_mask(mask, d, players), -declare_action(d))))

    def _kick(self, view: View, hand: list[int], acts: list[int]) -> int:
        decl = parse_declaration(view["declared"]["game"])
        if decl.info.napf:
            return PASS
        tricks = tricks_of_mask(mask_of(hand), order_for(decl.kind, decl.param, decl.spiess))
        if KONTRA in acts and tricks >= (KONTRA_SOLO_TRICKS if decl.solo else KONTRA_TRICKS):
            return KONTRA
        if RE in acts and tricks >= RE_TRICKS:
            return RE
        return PASS

    # -- card play ---------------------------------------------------------------------
    def _play(self, view: View, cards: list[int]) -> int:
        table = Trick.of(view)
        if GAME_KINDS[table.decl.kind].napf:
            return self._duck(table, cards)
        if len(cards) > 1 and self.rng.random() < self.slip_chance:
            # a slip: the parties mixed up, so the card its rules pick for the other side
            # (it smears on an opponent's trick, trumps its partner's, leads trumps for
            # the opponents); often the same card, when the side makes no difference
            table = table.mixed_up()
        return self._lead(table, cards) if not table.played else self._follow(table, cards)

    @staticmethod
    def _cheapest(table: Trick, cards: Sequence[int]) -> int:
        return min(cards, key=lambda c: (POINTS[c], table.trump(c), table.order.power[c]))

    def _lead(self, table: Trick, cards: list[int]) -> int:
        trumps = [c for c in cards if table.trump(c)]
        plain = [c for c in cards if not table.trump(c)]
        order = table.order
        if table.declarer_side and len(trumps) >= 2:
            return max(trumps, key=lambda c: order.power[c])
        if table.called >= 0 and not table.declarer_side and not table.called_out:
            search = [c for c in plain if order.eff_suit[c] == order.eff_suit[table.called]]
            if search:
                return min(search, key=lambda c: POINTS[c])
        aces = [c for c in plain if c & 7 == ACE and c != table.called]
        if aces:
            return aces[0]
        if plain:
            return self._cheapest(table, plain)
        return min(cards, key=lambda c: order.power[c])

    def _follow(self, table: Trick, cards: list[int]) -> int:
        order = table.order
        best_p, best_c = table.winning()
        last = len(table.played) == table.players - 1
        points = sum(POINTS[c] for _, c in table.played)
        winners = [c for c in cards if table.beats(c, best_c)]
        losers = [c for c in cards if c not in winners]
        if best_p in table.team:
            if last or table.top_out(best_c):  # the partner's card holds: smear
                return max(losers or cards, key=lambda c: (
                    POINTS[c] - (6 if table.trump(c) else 0), -order.power[c]))
            return self._cheapest(table, losers or cards)
        if winners:
            if last:
                return max(winners, key=lambda c: (
                    POINTS[c] - (4 if table.trump(c) else 0), -order.power[c]))
            plain = [c for c in winners if not table.trump(c)]
            if plain:  # following suit: the Sau or the best card of the suit
                return max(plain, key=lambda c: order.power[c])
            if points >= 10 or table.trump(table.played[0][1]) and points >= 6:
                return min(winners, key=lambda c: order.power[c])
        return self._cheapest(table, losers or cards)

    def _duck(self, table: Trick, cards: list[int]) -> int:
        order = table.order
        if table.decl.kind == VEGANE_MAST and not table.declarer_side:
            return min(cards, key=lambda c: (order.power[c], POINTS[c]))
        if not table.played:
            plain = [c for c in cards if not table.trump(c)]
            return min(plain or cards, key=lambda c: (order.power[c], POINTS[c]))
        _, best_c = table.winning()
        losers = [c for c in cards if not table.beats(c, best_c)]
        if losers:
            return max(losers, key=lambda c: (POINTS[c], order.power[c]))
        return max(cards, key=lambda c: (order.power[c], -POINTS[c]))


register_bot("saukopf", "beginner", BeginnerBot)

__all__ = ["BeginnerBot", "SLIP_CHANCE", "best_sound_game", "sound"]
