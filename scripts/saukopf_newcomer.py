"""The rule-of-thumb Saukopf newcomer of issue 25, as a bot for the measuring scripts.

Importing this module registers it as ``newcomer`` (for ``saukopf`` and ``dreihaxer``
alike); it is a yardstick for the ``beginner`` level, not a level offered to people, so it
lives here and not in the package. It is written apart from the bots it measures (it
shares no code with them) and plays exactly these rules:

* **Bidding.** A Keiler on 6+ trumps (Ober, Unter and the suit) with two Ober, else
  (four players) a Sauerei on 4+ trumps (Ober, Unter, Herz) with an Ober and a Sau it may
  call; it bids the least number the table allows for that game (a Sauerei: exactly 61,
  so it passes once 61 is beaten). It never bids in the Napf and never joins a Kreuzung.
* **Declaring.** The game it bid for, never am Spieß: the Keiler in its longest trump suit,
  the Sauerei calling the Sau of its shortest callable suit.
* **Kontra and Re:** never.
* **Card play.** On a trick its known partner is winning it smears (plays its
  highest-point card); on a trick worth 10 or more points that it can win it plays the
  cheapest card that wins; otherwise, and when leading, it plays its lowest legal card.

Used by ``scripts/saukopf_bars.py newcomer``.
"""

from __future__ import annotations

import random
from typing import Sequence

from saustall.bots.base import register_bot
from saustall.core.game import Action, View
from saustall.games.saukopf.bidding import callable_suits_of
from saustall.games.saukopf.cards import (
    CARD_BY_TEXT, KEILER, OBER, POINTS, SAUEREI, TRUMP, Declaration, mask_of, order_for,
)
from saustall.games.saukopf.game import (
    BID_BASE, CARD_BASE, GIVE_BASE, PASS, declaration_of, declare_action, is_bid,
    is_card, is_declare, parse_declaration,
)

SAUEREI_TRUMPS = 4
"""Trumps (Ober, Unter, Herz) the newcomer wants for a Sauerei, one of them an Ober."""
KEILER_TRUMPS = 6
"""Trumps the newcomer wants for a Keiler, two of them Ober."""


def newcomer_game(hand: Sequence[int], players: int) -> Declaration | None:
    """The game the newcomer would play with ``hand``, or None: a Keiler in its longest
    trump suit when some suit gives 6+ trumps with two Ober, else (four players) a Sauerei
    on 4+ trumps with an Ober calling the Sau of its shortest callable suit."""
    obers = sum(1 for c in hand if c & 7 == OBER)
    if obers >= 2:
        counts = []
        for suit in range(4):
            order = order_for(KEILER, suit)
            counts.append((sum(1 for c in hand if order.eff_suit[c] == TRUMP), -suit))
        trumps, minus_suit = max(counts)
        if trumps >= KEILER_TRUMPS:
            return Declaration(KEILER, -minus_suit)
    if players == 4 and obers >= 1:
        order = order_for(SAUEREI, 0)
        trumps = sum(1 for c in hand if order.eff_suit[c] == TRUMP)
        suits = callable_suits_of(mask_of(hand))
        if trumps >= SAUEREI_TRUMPS and suits:
            shortest = min(suits, key=lambda s: (
                sum(1 for c in hand if order.eff_suit[c] == s), s))
            return Declaration(SAUEREI, shortest)
    return None


def known_partners(view: View) -> set[int]:
    """The seats the observer knows to be on its side (not itself)."""
    declared = view["declared"]
    me = view["observer"]
    declarer = declared["declarer"]
    players = view["players"]
    partner = declared["partner"]
    called = declared["called_ace"]
    if called is not None and called in view["hand"]:
        partner = me
    if declared["solo"]:
        return set() if me == declarer else {p for p in range(players)
                                              if p not in (me, declarer)}
    if me == declarer:
        return {partner} if partner is not None else set()
    if partner == me:
        return {declarer}
    if partner is not None:
        return {p for p in range(players) if p not in (me, declarer, partner)}
    return set()


class NewcomerBot:
    """The rule-of-thumb newcomer (see the module docstring). Deterministic: it never
    draws from its random source but where every legal action is the same to it."""

    name = "newcomer"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The newcomer's action for the seat whose view this is."""
        acts = [a for a in legal if isinstance(a, int)]
        if len(acts) == 1:
            return acts[0]
        phase = view["phase"]
        hand = [CARD_BY_TEXT[t] for t in view.get("hand", [])]
        if phase == "bidding":
            return self._bid(view, hand, acts)
        if phase == "declaring":
            return self._declare(view, hand, acts)
        if phase == "giving":
            return min((a for a in acts), key=lambda a: (POINTS[a - GIVE_BASE], a))
        cards = [a - CARD_BASE for a in acts if is_card(a)]
        if phase == "playing" and cards:
            return CARD_BASE + self._play(view, cards)
        return PASS if PASS in acts else acts[0]  # partner, Kontra, Re: never

    def _bid(self, view: View, hand: list[int], acts: list[int]) -> int:
        bids = sorted(a - BID_BASE for a in acts if is_bid(a))
        if not bids or view["bidding"]["stage"] != "trog":
            return PASS
        game = newcomer_game(hand, view["players"])
        if game is None or (game.kind == SAUEREI and bids[0] != 61):
            return PASS
        return BID_BASE + bids[0]

    def _declare(self, view: View, hand: list[int], acts: list[int]) -> int:
        game = newcomer_game(hand, view["players"])
        if game is not None and declare_action(game) in acts:
            return declare_action(game)
        # made to declare without its game (a bid it did not plan): the first plain one
        plain = [a for a in acts if is_declare(a) and not declaration_of(a).spiess]
        return plain[0] if plain else acts[0]

    def _play(self, view: View, cards: list[int]) -> int:
        decl = parse_declaration(view["declared"]["game"])
        order = order_for(decl.kind, decl.param, decl.spiess)

        def lowest(c: int) -> tuple[int, bool, int]:
            return POINTS[c], order.eff_suit[c] == TRUMP, order.power[c]

        trick = [(p, CARD_BY_TEXT[t]) for p, t in view["trick"]]
        if not trick:
            return min(cards, key=lowest)
        led = order.eff_suit[trick[0][1]]
        best_p, best_c = trick[0]
        for p, c in trick[1:]:
            if order.eff_suit[c] in (led, TRUMP) and order.power[c] > order.power[best_c]:
                best_p, best_c = p, c
        if best_p in known_partners(view):
            return max(cards, key=lambda c: (POINTS[c], -order.power[c]))
        winners = [c for c in cards if order.eff_suit[c] in (led, TRUMP)
                   and order.power[c] > order.power[best_c]]
        if winners and sum(POINTS[c] for _, c in trick) >= 10:
            return min(winners, key=lambda c: (order.power[c], POINTS[c]))
        return min(cards, key=lowest)


register_bot("saukopf", "newcomer", NewcomerBot)
