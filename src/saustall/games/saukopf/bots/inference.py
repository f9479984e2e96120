"""What the other Saukopf players' bids and calls say about their hands: the inference of
the search bot (:mod:`saustall.games.saukopf.bots.search`).

A search bot samples complete worlds consistent with its view. Not every such world is as
likely: a player who declared a game had a hand worth it, a kicker a hand against the
game, a passer none for a strong game. :func:`plausibility` weighs a world's hands by how
likely they made the public bids and calls; :func:`declarer_trumps` tells the sampler what
a hidden declarer holds (a declarer's trumps, a Knorpel's top cards), which weighting
alone would rarely find; :func:`trog_pass_chance` models whether a player passes the Trog,
for the playouts of passing. Apart from the search, since it is the bot's model of the
other players, not its way of searching.
"""

from __future__ import annotations

import math
from typing import Callable

from saustall.core.game import View
from saustall.games.saukopf.actions import parse_declaration
from saustall.games.saukopf.bots.eval import NAPF_JOIN_TRICKS, rate_mask, tricks_of_mask, trump_count
from saustall.games.saukopf.cards import (
    KNORPEL, KREUZUNG, KREUZUNG_KINDS, NINE, SAUEREI, TRUMP, VEGANE_MAST, WUTZ, Declaration,
    Order,
    CARD_BY_TEXT, cards_of, mask_of, order_for, rank_of,
)
from saustall.games.saukopf.sampling import Lean

_KREUZUNG_ORDER = order_for(KREUZUNG)
_SAUEREI_ORDER = order_for(SAUEREI)


def sigmoid(x: float) -> float:
    """The logistic function, 0 far below 0 and 1 far above."""
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def hand_strength(hand: int) -> float:
    """Estimated tricks of the hand mask ``hand`` in a clean game with Ober, Unter and
    Herz as trumps (the Sauerei's), a quick measure of a hand's worth for bidding."""
    return tricks_of_mask(hand, _SAUEREI_ORDER)


def plausibility(view: View) -> Callable[[list[int]], float] | None:
    """How likely the other players' public bids and calls were, given their cards of the
    deal (bit masks by seat): a soft model of sensible play, 0 to 1 (None: nothing to
    infer). The declarer had a hand worth the game, a Kreuzung partner the trumps to
    join, a kicker a hand against the game, a Trog bidder a hand for some clean game and a
    Trog passer none for a strong one."""
    me = view["observer"]
    players = view["players"]
    declared = view["declared"]
    checks: list[Callable[[list[int]], float]] = []
    decl: Declaration | None = None
    if declared is not None:
        decl = parse_declaration(declared["game"])
        declarer = declared["declarer"]
        if declarer != me and decl.kind == KNORPEL:
            # the quick rating tells nothing of a Knorpel hand (KNORPEL_TRICKS)
            checks.append(_knorpel_declarer(declarer, order_for(decl.kind, decl.param,
                                                                  decl.spiess)))
        elif declarer != me:
            chosen = decl

            def declarer_ok(hands: list[int]) -> float:
                rating = rate_mask(hands[declarer], chosen, players)
                return sigmoid((rating + 0.3) / 0.35)
            checks.append(declarer_ok)
        partner = declared["partner"]
        if partner is not None and partner != me and decl.kind in KREUZUNG_KINDS:
            # a Trog Kreuzung is joined with trumps, a Napf one (played to lose) with a
            # weak hand
            sign, mid = (-1.0, NAPF_JOIN_TRICKS + 0.5) if decl.info.napf else (1.0, 3.2)

            def joiner_ok(hands: list[int]) -> float:
                tricks = tricks_of_mask(hands[partner], _KREUZUNG_ORDER)
                return sigmoid(sign * (tricks - mid) / 0.5)
            checks.append(joiner_ok)
        kicker = view["kontra"]
        if kicker is not None and kicker != me and not decl.info.napf:
            order = order_for(decl.kind, decl.param, decl.spiess)

            def kicker_ok(hands: list[int]) -> float:
                tricks = tricks_of_mask(hands[kicker], order)
                return sigmoid((tricks - KICKER_TRICKS) / 0.4)
            checks.append(kicker_ok)
    if decl is None or not decl.info.napf:
        top_declarer = declared["declarer"] if declared is not None else -1
        for stage, seat, call in view["bidding"]["log"]:
            if stage != "trog" or seat == me or seat == top_declarer:
                continue
            if call == "pass":
                def passer_ok(hands: list[int], seat: int = seat) -> float:
                    return sigmoid((4.6 - hand_strength(hands[seat])) / 0.5)
                checks.append(passer_ok)
            else:
                def bidder_ok(hands: list[int], seat: int = seat) -> float:
                    return sigmoid((hand_strength(hands[seat]) - 3.0) / 0.5)
                checks.append(bidder_ok)
    if not checks:
        return None

    def weight(hands: list[int]) -> float:
        w = 1.0
        for check in checks:
            w *= check(hands)
        return w
    return weight


KNORPEL_FOREIGN_TRUMP = 0.01
"""The weight of a world in which a Knorpel's declarer does not hold the one trump it
named: the search bots name a card of their own (every one of 72 Knorpels of four
``expert`` bots, deals 5000-5399), as a player with one trump would."""
KNORPEL_LONGEST = (3.5, 0.2)
"""Midpoint and width of the sigmoid, over the declarer's longest plain suit, of how
likely a hand is to have declared a Knorpel: it takes its 91 by running a long suit from
the top (declarers held a longest suit of 3.5 cards on average, random hands of the
sampled worlds 3.0)."""
KNORPEL_TRICKS = (4.0, 0.2)
"""The same over the hand's estimated tricks in the Knorpel's order
(:func:`~saustall.games.saukopf.bots.eval.tricks_of_mask`): the quick rating, made for the
games with many trumps, ranked real Knorpel hands below the sampled ones (-2.3 against
-2.0), so over deals 5000-5399 the opponents estimated a 56% chance to beat Knorpels they
beat 30% of the time, and lost 13 of the 19 they would have kicked. With these three
weights the same positions are estimated at 30%, and 2 would be kicked."""


def _knorpel_declarer(declarer: int, order: Order) -> Callable[[list[int]], float]:
    """How likely the hands (bit masks by seat) made ``declarer`` declare the Knorpel
    ranked by ``order``: it holds the trump, a long suit and tricks
    (:data:`KNORPEL_FOREIGN_TRUMP`, :data:`KNORPEL_LONGEST`, :data:`KNORPEL_TRICKS`)."""
    suits = order.suit_masks[:4]
    (long_mid, long_width), (tricks_mid, tricks_width) = KNORPEL_LONGEST, KNORPEL_TRICKS

    def knorpel_ok(hands: list[int]) -> float:
        hand = hands[declarer]
        longest = max((hand & suit).bit_count() for suit in suits)
        return ((1.0 if trump_count(hand, order) else KNORPEL_FOREIGN_TRUMP)
                * sigmoid((longest - long_mid) / long_width)
                * sigmoid((tricks_of_mask(hand, order) - tricks_mid) / tricks_width))
    return knorpel_ok


def declarer_trumps(view: View) -> Lean | None:
    """How many trumps a hidden declarer of a clean game holds, held and played (a
    Knorpel's: how many of its :func:`knorpel_tops`; a Vegane Mast's: its
    :func:`low_cards`, all of them): the ``lean`` of
    :meth:`~saustall.games.saukopf.sampling.WorldSampler.sample_many`. A Sauerei's
    three to six trumps as a random deal gives them (:data:`SAUEREI_TRUMPS`)."""
    declared = view["declared"]
    if declared is None or declared["declarer"] == view["observer"]:
        return None
    decl = parse_declaration(declared["game"])
    order = order_for(decl.kind, decl.param, decl.spiess)
    if decl.kind == VEGANE_MAST:
        # the inference expects nothing above a 9 (a hand that can lose every trick), which
        # random deals almost never give: without the lean the worlds held the declarer's
        # aces, and four expert bots kicked 23 Vegane Masts over deals 0-1999 and won 4
        held = 32 // view["players"]
        return Lean(declared["declarer"], low_cards(order), held, held)
    if declared["napf"]:
        return None
    if decl.kind == KREUZUNG:
        return None
    if decl.kind == KNORPEL:
        mine = mask_of(CARD_BY_TEXT[text] for text in view["hand"])
        return Lean(declared["declarer"], knorpel_tops(order, mine), *KNORPEL_TOPS_HELD)
    mask = order.suit_masks[TRUMP]
    ten = view["players"] == 3
    if decl.kind == SAUEREI:
        return Lean(declared["declarer"], mask, *SAUEREI_TRUMPS, as_dealt=True)
    if decl.kind == WUTZ:  # four trumps only: the Unter and each suit's top card win
        for suit in range(4):
            mask |= 1 << order.ranked[suit][0]
        low, high = 5, 7
    else:
        low, high = (5, 8) if ten else (4, 7)
    return Lean(declared["declarer"], mask, low, high)


SAUEREI_TRUMPS = (3, 6)
"""How many trumps a hidden Sauerei declarer holds (:func:`declarer_trumps`), each count as
likely as a random deal makes it (:attr:`~saustall.games.saukopf.sampling.Lean.as_dealt`;
the plausibility weight then favours the stronger hands). Real declarers (four ``club``
bots, deals 5000-5599) held 4.5 on average; drawn evenly from the range, with the rest of
the hand dealt at random, the worlds gave them 5.3, and their opponents estimated they beat
a Sauerei 18% of the time where they beat 29% of them (``expert``: 19% and 30%). As
dealt: 31% (and 66% where the real result was 66%, in the estimates above one half)."""


LOW_CARDS = sum(1 << c for c in range(32) if rank_of(c) >= NINE)
"""The nines, eights and sevens: the cards a Vegane Mast is declared on."""


def low_cards(order: Order) -> int:
    """The three weakest cards of each suit in a trumpless ``order``: a Vegane Mast's
    :data:`LOW_CARDS`, and am Spieß, where the order is reversed, the aces, tens and
    kings. Leaning the declarer of a Vegane Mast am Spieß towards the nines to sevens,
    its strongest cards, made the game look beatable: four ``expert`` bots kicked 5 over
    deals 0-1999 and won none."""
    mask = 0
    for suit in range(4):
        for c in order.ranked[suit][-3:]:
            mask |= 1 << c
    return mask


def knorpel_tops(order: Order, seen: int = 0) -> int:
    """The mask of the two strongest cards of each plain suit of a Knorpel's ``order``
    (the aces and tens; am Spieß the sevens and eights), leaving out the suits whose
    strongest card is in ``seen`` (the observer's own hand: there the declarer's second
    card wins nothing). A Knorpel holds a single trump, so its declarer wins with these:
    the search bots declare one holding two to five of them (26 Knorpels of ``expert``
    bots, deals 0-299), hands the quick rating cannot tell apart from a hopeless one, so
    without this lean the opponents kicked it and lost."""
    mask = 0
    for suit in range(4):
        ranked = order.ranked[suit]
        if not seen >> ranked[0] & 1:
            mask |= 1 << ranked[0] | 1 << ranked[1]
    return mask


KNORPEL_TOPS_HELD = (2, 5)
"""How many of its :func:`knorpel_tops` a hidden Knorpel declarer is dealt (the ``lean``
of :func:`declarer_trumps`), as the search bots declare it. Three to six, counting the
tens under an ace the observer holds, gave the declarer those tens and short suits in
most worlds (deals 0-1999 of four ``expert`` bots, worlds of a kicker holding the Gras-
and Schellen-Sau: the declarer's longest suit 3.2 cards where real declarers held 4.0):
its opponents estimated they beat a plain Knorpel 86% of the time and kicked 23 of them,
and won none. With the tens under the observer's aces left out and two to five, the
same positions are estimated at 63% and 7 are kicked."""


KICKER_TRICKS = 3.4
"""The estimated tricks (:func:`~saustall.games.saukopf.bots.eval.tricks_of_mask`, in the
declared game) at which a hand is as likely as not to have kicked: the search bots kick
only on a clear advantage (:data:`~saustall.games.saukopf.bots.budgets.KONTRA_RULE`), so a kicker is strong. Random
opponents' hands have quartiles of about 2.2, 2.8 and 3.45 (a Ferkelparade, deal 7000);
with 2.5 the weighted worlds still gave the kicker a median 3.3 where its real hand rated
4.7, and the declarer answered with Re on a game it had no chance in."""


TROG_PASS_STRENGTH = 2.5
"""The :func:`hand_strength` at which a player first to bid is as likely to pass the Trog
as to bid. A bid of 61 costs nothing when it fails, so search bots bid on most hands: in
12 deals of four ``club`` bots the player to speak with no bid standing passed 3 times in
15. Hand strengths of random hands have quartiles 2.05, 2.75 and 3.6; with this midpoint
the mean chance to pass is about 0.4 (a little above what was seen, since a hand made for
the Napf now passes too)."""


def trog_pass_chance(hand: int) -> float:
    """How likely a player passes the Trog with the hand mask ``hand`` while no bid
    stands (:data:`TROG_PASS_STRENGTH`): the model of the others behind
    :class:`~saustall.games.saukopf.bots.search.PassModel`."""
    return sigmoid((TROG_PASS_STRENGTH - hand_strength(hand)) / 0.5)


__all__ = [
    "KICKER_TRICKS", "KNORPEL_FOREIGN_TRUMP", "KNORPEL_LONGEST", "KNORPEL_TOPS_HELD",
    "KNORPEL_TRICKS", "LOW_CARDS", "SAUEREI_TRUMPS", "low_cards",
    "TROG_PASS_STRENGTH", "declarer_trumps", "hand_strength", "knorpel_tops", "plausibility",
    "sigmoid", "trog_pass_chance",
]
