"""A fast Saukopf playout policy on complete states, for search bots.

A search bot plays sampled worlds (complete states) to the end of the deal thousands of
times per decision, so this policy reads the state's bit masks directly instead of a view.
It plays the cards as the ``heuristic`` bot does (the declaring side draws trumps, opponents
of a Sauerei search the called suit, aces are cashed, a partner's trick is fed points, a
trick is won as cheaply as possible, unclean games are ducked, and their opponents
lead what the declaring party must take), knowing who plays with whom and who holds
what in the sampled world: a partner's trick that an opponent behind can still take is
taken over where that is sure and points are at stake, and a plain lead goes where the
own party takes it (a partner's ace) before the cheapest card is given away; a card
thrown to a trick the other party takes is the one least worth keeping
(:attr:`~saustall.games.saukopf.cards.Order.keep`: am Spieß not a Sieben, which takes a
trick later, but a Sau or a König, which never will). Outside
card play it passes (bidding, Kontra, Re), declares the game the quick rating likes
best, joins a Kreuzung with a strong trump hand (in the Napf: any hand but a strong one)
and hands over its cheapest plain card.
"""

from __future__ import annotations

from saustall.games.saukopf.bots.eval import PLAYOUT_NAPF_JOIN, joins_kreuzung, rate_mask
from saustall.games.saukopf.actions import JOIN, PASS, card_action, declaration_of, give_action
from saustall.games.saukopf.cards import (
    GAME_KINDS, POINTS, TRUMP, VEGANE_MAST, cards_of,
)
from saustall.games.saukopf.game import SaukopfState
from saustall.games.saukopf.scoring import DealScore

_NAPF = tuple(kind.napf for kind in GAME_KINDS)


def _lowest(cards: tuple[int, ...] | list[int], power: tuple[int, ...]) -> int:
    return min(cards, key=power.__getitem__)


def _highest(cards: tuple[int, ...] | list[int], power: tuple[int, ...]) -> int:
    return max(cards, key=power.__getitem__)


def policy_card(state: SaukopfState) -> int:
    """The card the player to act plays (a card, not an action code)."""
    p = state.cur
    legal = state.legal_card_mask(p)
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    cards = cards_of(legal)
    order = state.order
    eff, power, keep = order.eff_suit, order.power, order.keep
    decl = state.decl
    assert decl is not None
    napf = _NAPF[decl.kind]
    d, q = state.declarer, state.partner
    my_side = p == d or p == q
    n = state.num_players
    trick = state.trick
    if napf and not my_side and not trick:  # lead what the declaring party must take
        forcing = _forcing_lead(state, cards)
        if forcing >= 0:
            return forcing
    if decl.kind == VEGANE_MAST and not my_side:
        return min(cards, key=lambda c: (power[c] + (50 if eff[c] == TRUMP else 0), POINTS[c]))
    if not trick:
        return _lead(state, cards, my_side, napf)
    led = eff[trick[0]]
    leader = state.leader
    best_i = order.trick_winner(trick)
    best_c = trick[best_i]
    best_p = (leader + best_i) % n
    best_power = power[best_c]
    winners = [c for c in cards if (eff[c] == led or eff[c] == TRUMP) and power[c] > best_power]
    losers = [c for c in cards if not ((eff[c] == led or eff[c] == TRUMP)
                                       and power[c] > best_power)]
    if napf:
        if losers:
            # both parties duck; the points go on a trick the other party takes so far,
            # and the cheapest card on one my own party takes
            if (best_p == d or best_p == q) == my_side:
                return min(losers, key=lambda c: (POINTS[c], -power[c]))
            return max(losers, key=lambda c: (POINTS[c], power[c]))
        return max(winners, key=lambda c: (power[c], -POINTS[c]))
    last = len(trick) == n - 1
    # the sampled world is complete: who still plays to this trick, and could they take it?
    masks, suit_masks = state.masks, order.suit_masks
    later = [(leader + k) % n for k in range(len(trick) + 1, n)]
    threats = [masks[x] & suit_masks[led] or masks[x] for x in later
               if (x == d or x == q) != my_side]

    def safe(card: int) -> bool:
        """No later opponent can beat ``card`` with a card they may play."""
        top = power[card]
        for cards_left in threats:
            for c in cards_of(cards_left):
                if (eff[c] == led or eff[c] == TRUMP) and power[c] > top:
                    return False
        return True

    if (best_p == d or best_p == q) == my_side:  # my side wins the trick so far
        pool = losers or list(cards)
        if last or safe(best_c):
            return max(pool, key=lambda c: (POINTS[c] - (5 if eff[c] == TRUMP else 0),
                                            -power[c]))
        sure = [c for c in winners if safe(c)]
        cheapest = min(pool, key=lambda c: (keep[c], power[c]))
        # an opponent behind can still take it: keep the points home by taking it over
        # where that is sure, rather than throw a card under it
        if sure and (not losers or POINTS[cheapest] + sum(POINTS[c] for c in trick) >= 10):
            return min(sure, key=lambda c: (power[c], POINTS[c]))
        return cheapest
    sure = [c for c in winners if safe(c)]
    if sure:
        if last:
            return max(sure, key=lambda c: (POINTS[c] - (3 if eff[c] == TRUMP else 0),
                                            -power[c]))
        return min(sure, key=lambda c: (power[c], POINTS[c]))
    # the card least worth keeping (am Spieß not a seven, which takes tricks later)
    return min(cards, key=lambda c: (keep[c], eff[c] == TRUMP, power[c]))


def _lead(state: SaukopfState, cards: tuple[int, ...], my_side: bool, napf: bool) -> int:
    order = state.order
    eff, power = order.eff_suit, order.power
    trumps = [c for c in cards if eff[c] == TRUMP]
    plain = [c for c in cards if eff[c] != TRUMP]
    if napf:
        return min(plain or cards, key=lambda c: (power[c], POINTS[c]))
    called = state.called_ace
    if my_side and len(trumps) >= 3:
        return _highest(trumps, power)
    if called >= 0 and not my_side and not state.partner_public:
        search = [c for c in plain if c >> 3 == called >> 3]
        if search:
            return min(search, key=POINTS.__getitem__)
    # the top card of its suit (the ace; am Spieß the seven, the order being reversed)
    aces = [c for c in plain if c != called and order.tops_suit(c)]
    if aces:
        return aces[0]
    if called in cards and my_side:
        return called
    if plain:
        # a suit the own party takes (a partner's ace, or all the others out of it) banks
        # points; any other plain lead gives its points away, so the cheapest of those
        taken = [c for c in plain if _party_takes(state, c, my_side)]
        if taken:
            return max(taken, key=lambda c: (POINTS[c], -power[c]))
        return min(plain, key=lambda c: (POINTS[c], power[c]))
    return _lowest(cards, power)


def _party_takes(state: SaukopfState, card: int, my_side: bool) -> bool:
    """Whether ``card``, led by the player to act, goes to that player's party in the
    sampled world: each other player answers with the strongest card they may play
    (following suit when they can), and the party's strongest beats the other party's."""
    order = state.order
    eff, power = order.eff_suit, order.power
    led = eff[card]
    suit = order.suit_masks[led]
    d, q, n, me = state.declarer, state.partner, state.num_players, state.cur
    ours, theirs = power[card], -1
    for k in range(1, n):
        x = (me + k) % n
        held = state.masks[x]
        top = -1
        for c in cards_of(held & suit or held):
            if (eff[c] == led or eff[c] == TRUMP) and power[c] > top:
                top = power[c]
        if (x == d or x == q) == my_side:
            ours = max(ours, top)
        else:
            theirs = max(theirs, top)
    return ours > theirs


def _forcing_lead(state: SaukopfState, cards: tuple[int, ...]) -> int:
    """For the opponents of a Napf game: the lead that makes the declarer's party take the
    trick (every member holding the suit must follow above it, at least one holds it),
    the one carrying the most points (they go to that party); -1 if none does."""
    order = state.order
    eff, power, suit_masks = order.eff_suit, order.power, order.suit_masks
    party = [x for x in (state.declarer, state.partner) if x >= 0]
    best, best_key = -1, (-1, 0)
    for c in cards:
        followers = [state.masks[x] & suit_masks[eff[c]] for x in party]
        if not any(followers):
            continue
        if all(power[_lowest(cards_of(held), power)] > power[c] for held in followers if held):
            key = (POINTS[c], -power[c])
            if key > best_key:
                best, best_key = c, key
    return best


def policy_action(state: SaukopfState) -> int:
    """The playout policy's action for the player to act."""
    phase = state.phase
    if phase == "playing":
        return card_action(policy_card(state))
    p = state.cur
    if phase == "partner":
        # a Napf Kreuzung needs a joiner too: always passing threw every playout of one
        # in, so the search valued declaring it at nothing and never did
        assert state.decl is not None
        napf = _NAPF[state.decl.kind]
        return JOIN if joins_kreuzung(state.masks[p], napf, PLAYOUT_NAPF_JOIN) else PASS
    if phase == "giving":
        return give_action(min(state._givable(p), key=lambda c: (POINTS[c], c)))
    if phase == "declaring":
        # the top bidder declares the game the quick rating likes best
        hand, players = state.masks[p], state.num_players
        return max((a for a in state.legal_actions() if isinstance(a, int)),
                   key=lambda a: (rate_mask(hand, declaration_of(a), players), -a))
    return PASS  # bidding, Kontra, Re


def play_out(state: SaukopfState) -> DealScore | None:
    """Play the deal in progress to its end with the playout policy (in place); its score,
    or None if it was thrown in."""
    deal = state.deal_index
    while state.deal_index == deal and not state.over:
        state.apply(policy_action(state))
    score: DealScore | None = state._results[-1].score()
    return score
