"""Saukopf observed: views, deal results, determinization and the card inventory.

Functions over a :class:`~saustall.games.saukopf.state.DealState`; the state's methods
(``view``, ``determinize``, ``inventory``) call them. Views are built from a whitelist:
an observer's own hand, and what the whole table has seen.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, TypeVar

from saustall.core.game import View
from saustall.core.rng import Rng
from saustall.games.saukopf.actions import give_action
from saustall.games.saukopf.bidding import KREUZ_MASK, NAPF, doppel_in_napf
from saustall.games.saukopf.cards import (
    CARD_TEXT, KREUZUNG_KINDS, POINTS, Declaration, bid_text, cards_of, laufende_of_masks,
    mask_of,
)
from saustall.games.saukopf.scoring import DealOutcome, DealScore, Tariff, score_deal, tariff_of
from saustall.games.saukopf.state import PHASE_PARTNER, DealState

# --------------------------------------------------------------------------------------
# Views
# --------------------------------------------------------------------------------------


def bid_log_view(bid_log: tuple[tuple[str, int, int], ...]) -> list[list[Any]]:
    """The bidding so far: ``[stage, seat, "65" or "pass"]`` per call."""
    return [[stage, p, bid_text(b) if b else "pass"] for stage, p, b in bid_log]


def tricks_view(tricks: tuple[tuple[int, tuple[int, ...], int], ...]) -> list[dict[str, Any]]:
    """The finished tricks: leader, cards, winner and points."""
    text, points = CARD_TEXT.__getitem__, POINTS.__getitem__
    return [{"leader": lead, "cards": list(map(text, cards)), "winner": win,
             "points": sum(map(points, cards))} for lead, cards, win in tricks]


def view(state: DealState, player: int | None, to_act: tuple[int, ...],
         winners: tuple[int, ...]) -> View:
    """Whitelisted view: the observer's own hand; cards aside and played are public."""
    n = state.num_players
    seat = player if player is not None and 0 <= player < n else None
    ledger = state.ledger
    result: View = {
        "game": "saukopf",
        "ruleset": state.game.ruleset.name,
        "players": n,
        "observer": player,
        "phase": state.phase,
        "to_act": list(to_act),
        "deal": min(state.deal_index + 1, state.deals),
        "deals": state.deals,
        "dealer": state.dealer,
        "allow_revoke": state.allow_revoke,
        "hand_counts": [m.bit_count() for m in state.masks],
        "aside": [CARD_TEXT[c] for c in state.aside],
        "bidding": {
            "stage": state.stage,
            "log": bid_log_view(state.bid_log),
            "top_bid": bid_text(state.top_bid) if state.top_bid else None,
            "top_bidder": state.top_bidder if state.top_bidder >= 0 else None,
            "bids_left": [2 - u for u in state.bids_used],
            "passed": list(state.passed),
        },
        "declared": _declared_view(state, seat),
        "kontra": state.kontra if state.kontra >= 0 else None,
        "re": state.re if state.re >= 0 else None,
        "leader": state.leader,
        "trick": [[(state.leader + i) % n, CARD_TEXT[c]] for i, c in enumerate(state.trick)],
        "tricks": tricks_view(state.tricks),
        "points": list(state.taken_points),
        "tricks_won": list(state.taken_tricks),
        "failed_kreuzung": [[q, CARD_TEXT[c] if c >= 0 else None]
                            for q, c in state.failed_kreuzung],
        "ledger": {
            "meat": list(ledger.meat),
            "roughness": list(ledger.roughness),
            "net": ledger.net(),
            "schlachtmeister": list(ledger.schlachtmeister()),
            "oberrauborstler": list(ledger.oberrauborstler()),
        },
        "results": state.results,
        "winners": list(winners),
    }
    if seat is not None:
        result["hand"] = [CARD_TEXT[c] for c in sorted(cards_of(state.masks[seat]),
                                                       key=state.order.sort_key)]
    ruleset = state.game.ruleset
    if ruleset.variant:  # a house-rule variant: bots that simulate must play it
        result["variant"] = {"name": ruleset.variant_name, "params": ruleset.variant_params()}
    return result


SeatCounts = tuple[int, int, tuple[int, ...], tuple[tuple[int, tuple[int, ...], int], ...],
                   tuple[int, ...], str, bool, int, int, tuple[int, ...], tuple[bool, ...],
                   str | None, bool, int, int, int, int, int, tuple[int, ...], int, int,
                   tuple[int, ...], tuple[int, ...], tuple[int, ...], list[int], int, int,
                   int, list[int]]
"""What :func:`view_counts` returns."""


def view_counts(state: DealState, player: int, to_act: tuple[int, ...]) -> SeatCounts:
    """Part of :func:`view` for ``player`` as plain ints, for encoders that run every
    step (the RL observations): the same whitelist, nothing the view does not show.

    ``(hand, leader, trick, tricks, aside, phase, napf, top_bid, top_bidder, bids_left,
    passed, kind, spiess, declarer, partner, called_ace, open_trump, given, trumps,
    kontra, re, to_act, points, tricks_won, hand_counts, deals_finished, deals, dealer,
    net)``: ``hand`` ``player``'s cards as a bit mask; ``trick`` the cards of the current
    trick from its ``leader`` on; ``tricks`` the finished ones (leader, cards, winner);
    ``kind`` the declared game kind's name (None before a declaration), ``trumps`` its
    trumps weakest first; ``partner`` and ``given`` -1 unless ``player`` may know them;
    every other seat or card -1 when there is none; the rest as in the view.
    """
    decl = state.decl
    kind: str | None = None
    spiess = False
    partner = given = -1
    trumps: tuple[int, ...] = ()
    if decl is not None:
        kind, spiess, trumps = decl.info.name, decl.spiess, tuple(state.order.trumps)
        if state.partner_public or player == state.partner:
            partner = state.partner
        if state.kreuz_given >= 0 and player in (state.declarer, state.partner):
            given = state.kreuz_given
    return (state.masks[player], state.leader, tuple(state.trick), state.tricks,
            tuple(state.aside), state.phase, state.stage == NAPF, state.top_bid,
            state.top_bidder, tuple(2 - u for u in state.bids_used), tuple(state.passed),
            kind, spiess, state.declarer if decl is not None else -1, partner,
            state.called_ace if decl is not None else -1,
            state.kreuz_open if decl is not None else -1, given, trumps, state.kontra,
            state.re, to_act, tuple(state.taken_points), tuple(state.taken_tricks),
            [m.bit_count() for m in state.masks], len(state._results), state.deals,
            state.dealer, state.ledger.net())


def _declared_view(state: DealState, seat: int | None) -> dict[str, Any] | None:
    decl = state.decl
    if decl is None:
        return None
    sees_partner = state.partner_public or (seat is not None and seat == state.partner)
    given = None
    if state.kreuz_given >= 0 and seat is not None and seat in (state.declarer, state.partner):
        given = CARD_TEXT[state.kreuz_given]
    return {
        "game": " ".join(decl.words()),
        "kind": decl.info.name,
        "title": decl.title(),
        "declarer": state.declarer,
        "bid": bid_text(state.bid),
        "napf": decl.info.napf,
        "solo": decl.solo,
        "spiess": decl.spiess,
        "trumps": [CARD_TEXT[c] for c in state.order.trumps],
        "called_ace": CARD_TEXT[state.called_ace] if state.called_ace >= 0 else None,
        "partner": state.partner if sees_partner and state.partner >= 0 else None,
        "partner_known": bool(sees_partner),
        "open_trump": CARD_TEXT[state.kreuz_open] if state.kreuz_open >= 0 else None,
        "given": given,
        # How many were asked in this Kreuzung's partner bidding so far (everyone heard
        # them pass): the one seat to act may be asked in the first or the second round.
        "partner_asked": state.poll_i if state.phase == PHASE_PARTNER else None,
    }


# --------------------------------------------------------------------------------------
# Deal results: built when first read (a playout never reads them)
# --------------------------------------------------------------------------------------

def party_mask(dealt: tuple[int, ...], declarer: int, partner: int, declarer_side: bool) -> int:
    """Every card the declarer's party (or the opponents) held in a deal, as a mask."""
    mask = 0
    for p, cards in enumerate(dealt):
        if (p == declarer or p == partner) == declarer_side:
            mask |= cards
    return mask


class FinishedDeal:
    """A finished deal: a snapshot of the state's (immutable) deal parts; its outcome,
    score and result entry are worked out when first asked for. Clones share it."""

    __slots__ = ("players", "deal", "dealer", "decl", "bid", "declarer", "partner",
                 "taken_points", "taken_tricks", "total_tricks", "order", "dealt", "aside",
                 "kontra", "re", "revoked_by", "bid_log", "tricks", "_outcome", "_score",
                 "_entry", "tariff")

    def __init__(self, state: DealState) -> None:
        assert state.decl is not None
        self.players = state.num_players
        self.deal, self.dealer = state.deal_index + 1, state.dealer
        self.decl: Declaration = state.decl
        self.bid, self.declarer, self.partner = state.bid, state.declarer, state.partner
        self.taken_points, self.taken_tricks = state.taken_points, state.taken_tricks
        self.total_tricks, self.order = state.total_tricks, state.order
        self.dealt, self.aside = state.dealt, state.aside
        self.kontra, self.re, self.revoked_by = state.kontra, state.re, state.revoked_by
        self.bid_log, self.tricks = state.bid_log, state.tricks
        self.tariff: Tariff = tariff_of(state.game.ruleset.params.get("points"))
        self._outcome: DealOutcome | None = None
        self._score: DealScore | None = None
        self._entry: dict[str, Any] | None = None

    def outcome(self) -> DealOutcome:
        """What happened, as scoring needs it."""
        if self._outcome is None:
            n = self.players
            party = [p for p in range(n) if p == self.declarer or p == self.partner]
            points, tricks = self.taken_points, self.taken_tricks
            self._outcome = DealOutcome(
                players=n, kind=self.decl.kind, bid=self.bid, declarer=self.declarer,
                partner=self.partner if self.partner >= 0 else None,
                declarer_points=sum(points[p] for p in party),
                opponent_points=sum(points[p] for p in range(n) if p not in party),
                declarer_tricks=sum(tricks[p] for p in party),
                total_tricks=self.total_tricks,
                laufende=laufende_of_masks(
                    self.order, party_mask(self.dealt, self.declarer, self.partner, True),
                    mask_of(self.aside)),
                spiess=self.decl.spiess,
                kontra=self.kontra if self.kontra >= 0 else None,
                re=self.re if self.re >= 0 else None, tariff=self.tariff)
        return self._outcome

    def score(self) -> DealScore:
        """The deal's score."""
        if self._score is None:
            self._score = score_deal(self.outcome())
        return self._score

    def entry(self) -> dict[str, Any]:
        """The public result entry."""
        if self._entry is None:
            self._entry = self._build_entry()
        return self._entry

    def _build_entry(self) -> dict[str, Any]:
        outcome, score, decl, order = self.outcome(), self.score(), self.decl, self.order
        return {
            "deal": self.deal, "dealer": self.dealer, "thrown_in": False,
            "game": " ".join(decl.words()), "title": decl.title(),
            "napf": outcome.napf, "solo": outcome.solo,
            "declarer": self.declarer, "partner": outcome.partner,
            "bid": bid_text(self.bid),
            "declarer_points": outcome.declarer_points,
            "opponent_points": outcome.opponent_points,
            "declarer_tricks": outcome.declarer_tricks,
            "laufende": _laufende_text(outcome.laufende),
            "kontra": outcome.kontra, "re": outcome.re,
            "revoked_by": self.revoked_by if self.revoked_by >= 0 else None,
            "declarer_won": score.declarer_won, "winners": list(score.winners),
            "meat": list(score.meat), "roughness": list(score.roughness),
            "meat_items": [[label, value] for label, value in score.meat_items],
            "multiplier": score.multiplier,
            "roughness_items": [[seat, label, value]
                                for seat, label, value in score.roughness_items],
            "lines": score.lines(),
            "cards": [[CARD_TEXT[c] for c in sorted(cards_of(mask), key=order.sort_key)]
                      for mask in self.dealt],
            "bidding": bid_log_view(self.bid_log),
            "tricks": tricks_view(self.tricks),
        }


class ThrownIn:
    """A deal thrown in: no score, a short result entry."""

    __slots__ = ("_entry",)

    def __init__(self, state: DealState, reason: str) -> None:
        self._entry = {
            "deal": state.deal_index + 1, "dealer": state.dealer, "thrown_in": True,
            "reason": reason, "bidding": bid_log_view(state.bid_log),
            "meat": [0] * state.num_players, "roughness": [0] * state.num_players,
        }

    def entry(self) -> dict[str, Any]:
        """The public result entry."""
        return self._entry

    def score(self) -> None:
        """A deal thrown in scores nothing."""
        return None


def _laufende_text(run: int) -> str:
    if run > 0:
        return f"mit {run}"
    if run < 0:
        return f"ohne {-run}"
    return "keine"


def inventory(state: DealState) -> Counter[str]:
    """Every card of the deal wherever it lies, counted by kind."""
    counts: Counter[str] = Counter(CARD_TEXT[c] for c in state.aside)
    for mask in state.masks:
        counts.update(CARD_TEXT[c] for c in cards_of(mask))
    for mask in state.played_masks():
        counts.update(CARD_TEXT[c] for c in cards_of(mask))
    return counts


# --------------------------------------------------------------------------------------
# Determinization
# --------------------------------------------------------------------------------------

AnyDealState = TypeVar("AnyDealState", bound=DealState)


def determinize(state: AnyDealState, observer: int | None, rng: Rng) -> AnyDealState:
    """A copy with the hands hidden from ``observer`` re-dealt at random, consistent with
    all the observer has seen (voids shown, the called Sau's whereabouts, Kreuzung facts,
    a bid of 61 in the Napf).

    The hidden cards are shuffled once; cards some hidden hand may not hold are placed
    first, then the shuffled rest fills the hands.
    """
    twin = state.clone()
    twin.rng = Rng(rng.randrange(2**62))
    if state.over:
        return twin
    n = state.num_players
    hidden = [p for p in range(n) if p != observer]
    fixed, forbidden = _constraints(state, observer)
    masks = state.masks
    fixed_mask = 0
    for c in fixed:
        fixed_mask |= 1 << c
    pool = 0
    for p in hidden:
        pool |= masks[p]
    pool &= ~fixed_mask
    base = [m & fixed_mask for m in masks]
    capacity = [0] * n
    for p in hidden:
        capacity[p] = masks[p].bit_count() - base[p].bit_count()
    bidder = state.top_bidder
    check = None
    if state.stage == NAPF and state.top_bid == 61 and state.decl is None and bidder in hidden:
        # a bid of 61 in the Napf showed a hand that allows a Doppel game
        def check(placed: list[int]) -> bool:
            return doppel_in_napf(base[bidder] | placed[bidder])
    placed = _assign(pool, hidden, capacity, forbidden, rng, check)
    if placed is None:  # cannot happen for a consistent state; keep the real deal
        return twin
    played = state.played_masks()
    twin_masks = twin.masks
    for p in hidden:
        twin_masks[p] = base[p] | placed[p]
    twin.dealt = tuple(m | q for m, q in zip(twin_masks, played))
    twin._legal = None  # the legal actions of a re-dealt hand are its own
    if state.called_ace >= 0 or state.kreuz_given >= 0:
        _rebuild_hidden_facts(twin, observer, rng)
    return twin


def _constraints(state: DealState, observer: int | None) -> tuple[dict[int, int], list[int]]:
    """What an observer knows of the hidden hands: fixed cards (card -> seat) and each
    seat's excluded cards (a mask)."""
    n = state.num_players
    fixed: dict[int, int] = {}
    forbidden = [0] * n
    for q, opened in state.failed_kreuzung:
        forbidden[q] |= KREUZ_MASK & ~(1 << opened if opened >= 0 else 0)
        if opened >= 0 and state.holder(opened) == q:
            fixed[opened] = q
    decl = state.decl
    if decl is not None and decl.kind in KREUZUNG_KINDS:
        d = state.declarer
        keep = 1 << state.kreuz_given if state.kreuz_given >= 0 and \
            KREUZ_MASK >> state.kreuz_given & 1 else 0
        if state.kreuz_given < 0 and state.kreuz_open >= 0:
            keep = 1 << state.kreuz_open
        forbidden[d] |= KREUZ_MASK & ~keep
        if state.kreuz_open >= 0 and state.holder(state.kreuz_open) >= 0:
            fixed[state.kreuz_open] = state.holder(state.kreuz_open)
        if state.kreuz_given >= 0 and observer in (d, state.partner) \
                and state.holder(state.kreuz_given) == d:
            fixed[state.kreuz_given] = d
    ace = state.called_ace
    if ace >= 0 and state.holder(ace) >= 0:
        if state.partner_public:
            fixed[ace] = state.holder(ace)
        else:
            bit = 1 << ace
            forbidden[state.declarer] |= bit
            if state.kontra >= 0:
                forbidden[state.kontra] |= bit
            if state.trick and state.order.eff_suit[state.trick[0]] == ace >> 3:
                for i in range(1, len(state.trick)):
                    forbidden[(state.leader + i) % n] |= bit
    if decl is not None:
        eff, suits = state.order.eff_suit, state.order.suit_masks
        tricks = [(lead, cards) for lead, cards, _ in state.tricks]
        if state.trick:
            tricks.append((state.leader, state.trick))
        for lead, cards in tricks:
            led = eff[cards[0]]
            for i in range(1, len(cards)):
                if eff[cards[i]] != led:
                    forbidden[(lead + i) % n] |= suits[led]
    return fixed, forbidden


def _assign(pool: int, players: list[int], capacity: list[int], forbidden: list[int],
            rng: Rng, check: Callable[[list[int]], bool] | None = None) -> list[int] | None:
    """Deal the cards of the mask ``pool`` to ``players`` filling ``capacity``, avoiding
    forbidden cards and passing ``check`` (when given); the hands as masks by seat, None
    if no deal was found."""
    somewhere = 0  # the cards some player may not get
    for p in players:
        somewhere |= forbidden[p]
    free = list(cards_of(pool & ~somewhere))
    bound = cards_of(pool & somewhere)
    for _ in range(30 if check is None else 200):
        rng.shuffle(free)
        placed = _place(bound, free, players, capacity, forbidden, rng)
        if placed is not None and (check is None or check(placed)):
            return placed
    return _assign_exact(list(cards_of(pool)), players, capacity, forbidden, check)


def _place(bound: tuple[int, ...], free: list[int], players: list[int], capacity: list[int],
           forbidden: list[int], rng: Rng) -> list[int] | None:
    """Place the constrained cards one by one (most constrained first), then deal the
    shuffled free cards into what room is left; None on a dead end."""
    left = capacity[:]
    placed = [0] * len(capacity)
    if bound:
        for c in sorted(bound, key=lambda c: sum(1 for p in players
                                                 if not forbidden[p] >> c & 1)):
            options = [p for p in players if left[p] > 0 and not forbidden[p] >> c & 1]
            if not options:
                return None
            pick = rng.randrange(sum(left[p] for p in options))
            for p in options:
                pick -= left[p]
                if pick < 0:
                    break
            placed[p] |= 1 << c
            left[p] -= 1
    start = 0
    for p in players:
        end = start + left[p]
        for c in free[start:end]:
            placed[p] |= 1 << c
        start = end
    return placed


def _assign_exact(pool: list[int], players: list[int], capacity: list[int],
                  forbidden: list[int],
                  check: Callable[[list[int]], bool] | None) -> list[int] | None:
    allowed = {c: [p for p in players if not forbidden[p] >> c & 1] for c in pool}
    cards = sorted(pool, key=lambda c: len(allowed[c]))
    left = capacity[:]
    placed = [0] * len(capacity)

    def search(i: int) -> bool:
        if i == len(cards):
            return check is None or check(placed)
        c = cards[i]
        for p in allowed[c]:
            if left[p] > 0:
                left[p] -= 1
                placed[p] |= 1 << c
                if search(i + 1):
                    return True
                placed[p] &= ~(1 << c)
                left[p] += 1
        return False

    return placed if search(0) else None


def _rebuild_hidden_facts(state: DealState, observer: int | None, rng: Rng) -> None:
    """After a re-deal: the partner, running away and the handed-over card follow it."""
    ace = state.called_ace
    if ace >= 0:
        holder = state.holder(ace)
        if holder < 0:
            holder = next(q for q, m in enumerate(state.played_masks()) if m >> ace & 1)
        state.partner = holder
        state.ran_away = False
        leads = [(lead, cards[0], ace in cards) for lead, cards, _ in state.tricks]
        if state.trick:
            leads.append((state.leader, state.trick[0], ace in state.trick))
        for lead, first, had_ace in leads:
            if first == ace:
                break
            if lead == state.partner and state.order.eff_suit[first] == ace >> 3:
                state.ran_away = True
                break
            if had_ace:
                break
    if state.kreuz_given >= 0 and observer not in (state.declarer, state.partner):
        d = state.declarer
        held = list(cards_of(state.masks[d])) + state.played_in_order(d)
        mine = [c for c in held if not KREUZ_MASK >> c & 1]
        choice = mine or held
        state.kreuz_given = choice[rng.randrange(len(choice))]
        state.history[state.give_index] = give_action(state.kreuz_given)
