"""Saukopf: rules engine for a session of deals, in OpenSpiel's fixed order.

1. metadata (actions and their notation): :mod:`saustall.games.saukopf.actions`
2. state (the session ledger and the current deal): :mod:`saustall.games.saukopf.state`
3. legal actions (bids and games a hand allows: :mod:`saustall.games.saukopf.bidding`)
4. apply
5. observe (views, determinization, inventory): :mod:`saustall.games.saukopf.observe`
6. returns

This module holds the rules that change a state (3, 4, 6) and the :class:`SaukopfGame`;
it re-exports the names of the others that callers import from here.

A state is a whole session: ``deals`` deals with the dealer moving clockwise. Each deal
runs: bidding (Grunzen) in the Trog, if everybody passes again in the Napf, if everybody
passes again the cards are thrown in; the top bidder declares a game allowed by the bid;
Kreuzung's partner bidding (and the hand-over of the open trump); the Huftritt window
(Kontra, then Re) right after the first card; the tricks; scoring with
:func:`saustall.games.saukopf.scoring.score_deal`. Rules references and the decisions on
loose ends are in ``docs/rules/saukopf.md``; each decision has a test named after it.

Actions are ints (the table is in :mod:`saustall.games.saukopf.actions`); cards are
``suit*8 + rank`` (see :mod:`saustall.games.saukopf.cards`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from saustall.core.errors import IllegalActionError, MalformedActionError
from saustall.core.game import Action, Game, GameState, View, check_seat
from saustall.core.rng import Rng
from saustall.games.saukopf.actions import (
    ACTION_CODES, BID_BASE, CARD_BASE, DECLARE_BASE, GIVE_BASE, JOIN, KONTRA, NOTATION,
    NOTATION_CODES, PASS,
    RE, REVOKE_BASE, bid_action, bid_of, card_action, card_of, check_action, declaration_of,
    declare_action, decode_action, describe, encode_action, give_action, given_card, is_bid,
    is_card, is_card_code, is_declare, is_give, is_revoke, is_revoke_code, parse_declaration,
    revoke_action, revoked_seat,
)
from saustall.games.saukopf.bidding import (
    KREUZ_MASK, KREUZ_TRUMPS, NAPF, NAPF_BIDS, TROG, TROG_BIDS, bid_actions, can_declare,
    declarations, declare_actions,
)
from saustall.games.saukopf.cards import (
    ACE, CARD_TEXT, KNORPEL, KREUZUNG_KINDS, POINTS, SAUEREI_KINDS, SCHWARZ, Declaration,
    bid_text, byte_tables, card, cards_of, mask_points, order_for,
)
from saustall.games.saukopf.observe import (
    FinishedDeal, ThrownIn, determinize as determinize_deal, inventory as deal_inventory,
    SeatCounts, party_mask, view as deal_view, view_counts as deal_view_counts,
)
from saustall.games.saukopf.scoring import DealOutcome
from saustall.games.saukopf.state import (
    PHASE_BIDDING, PHASE_DECLARING, PHASE_GIVING, PHASE_KONTRA, PHASE_OVER, PHASE_PARTNER,
    PHASE_PLAYING, PHASE_RE, DealState,
)

__all__ = [
    "ACTION_CODES", "BID_BASE", "CARD_BASE", "DECLARE_BASE", "GIVE_BASE", "JOIN", "KONTRA",
    "KREUZ_TRUMPS", "NAPF", "NAPF_BIDS", "NOTATION", "PASS", "PHASE_BIDDING",
    "PHASE_DECLARING", "PHASE_GIVING", "PHASE_KONTRA", "PHASE_OVER", "PHASE_PARTNER",
    "PHASE_PLAYING", "PHASE_RE", "RE", "REVOKE_BASE", "TROG", "TROG_BIDS", "SaukopfGame",
    "SaukopfState", "bid_action", "can_declare", "card_action", "card_mask", "check_action",
    "declaration_of", "declarations", "declare_action", "decode_action", "describe",
    "encode_action", "give_action", "is_bid", "is_card", "is_declare", "parse_declaration",
    "revoke_action", "runs_away",
]

_CARD_ACTIONS: Final = byte_tables(CARD_BASE)
_REVOKES: Final = {n: tuple(revoke_action(q) for q in range(n)) for n in (3, 4)}


def card_mask(hand: int, led: int, ace: int, ran_away: bool,
              suit_masks: tuple[int, ...]) -> int:
    """The cards of the hand mask ``hand`` that may be played to a trick whose led
    effective suit is ``led`` (-1: leading), with ``ace`` the called Sau (-1: none) and
    ``ran_away`` whether its holder ran away: follow suit, and the called-Sau rules.
    The one statement of these rules, for the engine and the endgame solver."""
    holds_ace = ace >= 0 and not ran_away and hand >> ace & 1
    if led < 0:
        if holds_ace:
            zupfer = hand & suit_masks[ace >> 3] & ~(1 << ace)
            if zupfer.bit_count() < 3:  # no running away with fewer than three
                return hand & ~zupfer
        return hand
    same = hand & suit_masks[led]
    if same:
        if holds_ace and led == ace >> 3:
            return 1 << ace  # the called suit is searched: the Sau must come
        return same
    if holds_ace and hand.bit_count() > 1:
        return hand & ~(1 << ace)  # no discarding the Sau before the last trick
    return hand


def runs_away(hand: int, c: int, ace: int, suit_masks: tuple[int, ...]) -> bool:
    """Whether leading the card ``c`` from the hand mask ``hand`` runs away: the hand
    holds the called Sau ``ace`` (-1: none; its holder is the partner) and leads another
    card of its suit (``suit_masks`` by effective suit, as in :func:`card_mask`). The one
    statement of this rule, for the engine and the endgame solver."""
    return ace >= 0 and hand >> ace & 1 == 1 and c != ace \
        and suit_masks[ace >> 3] >> c & 1 == 1


class SaukopfState(DealState):
    """A Saukopf session: the ledger and the deal in progress."""

    # ----------------------------------------------------------------------------------
    # 3. Legal actions
    # ----------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.over else (self.cur,)

    # Seats typed ``object``: anything may arrive, and compiled code would refuse a
    # non-int at the call (a TypeError) before check_seat could name what is wrong.
    def legal_actions(self, player: object = None) -> list[Action]:
        # The player to act (or nobody named) reads the cached tuple; a finished game's
        # tuple is empty. A seat of -1 must not pass as the "current player" of a finished
        # game: it is no seat.
        if player is None or (type(player) is int and player == self.cur and player >= 0):
            legal = self._legal
            if legal is None:
                legal = self._legal = self._generate_legal()
            return list(legal)
        check_seat(player, self.num_players)
        return []

    def is_legal(self, action: Action, player: object = None) -> bool:
        """``action in self.legal_actions(player)``, from the cached legal tuple."""
        if player is None or (type(player) is int and player == self.cur and player >= 0):
            legal = self._legal
            if legal is None:
                legal = self._legal = self._generate_legal()
            return action in legal
        check_seat(player, self.num_players)
        return False

    def apply(self, action: Action, player: object = None) -> None:
        """Apply ``action`` (fast path for legal actions; errors as in :class:`GameState`)."""
        # Only an exact int may take the fast path: 3.0 or True equal a legal code too.
        if type(action) is int and (player is None or (
                type(player) is int and player == self.cur)):
            legal = self._legal
            if legal is None and self.phase == PHASE_PLAYING and is_card_code(action):
                # a replay: test the one card instead of listing every legal action
                if self.legal_card_mask(self.cur) >> card_of(action) & 1:
                    self.history.append(action)
                    self._play(self.cur, card_of(action))
                    return
            else:
                if legal is None:  # a finished game's is empty
                    legal = self._legal = self._generate_legal()
                if action in legal:
                    self.history.append(action)
                    self._legal = None
                    if self.phase == PHASE_PLAYING and not is_revoke_code(action):
                        self._play(self.cur, card_of(action))
                    else:
                        self._apply_other(action)
                    return
        seat: Any = player  # unchecked: the base class names what is wrong with it
        super().apply(action, seat)

    def _generate_legal(self) -> tuple[int, ...]:
        p, phase = self.cur, self.phase
        if phase == PHASE_PLAYING:
            e, g, h, s = _CARD_ACTIONS
            mask = self.legal_card_mask(p)
            acts = e[mask & 255] + g[mask >> 8 & 255] + h[mask >> 16 & 255] + s[mask >> 24]
            if self.allow_revoke:
                acts += _REVOKES[self.num_players]
            return acts
        if phase == PHASE_BIDDING:
            if self.bids_used[p] >= 2:
                return (PASS,)
            return bid_actions(self.masks[p], self.top_bid, self.stage, self.num_players)
        if phase == PHASE_DECLARING:
            return declare_actions(self.masks[p], self.bid, self.stage, self.num_players,
                                   self.aside)
        if phase == PHASE_PARTNER:
            return (PASS, JOIN)
        if phase == PHASE_GIVING:
            return tuple(give_action(c) for c in self._givable(p))
        if phase == PHASE_KONTRA:
            return (PASS,) if self._in_party(p) else (PASS, KONTRA)
        if phase == PHASE_RE:
            return (PASS, RE) if self._in_party(p) else (PASS,)
        return ()

    def _givable(self, p: int) -> tuple[int, ...]:
        hand = self.masks[p]
        return cards_of(hand & ~KREUZ_MASK or hand)

    def legal_cards(self, p: int) -> list[int]:
        """The cards ``p`` may play now: follow suit, and the called-ace rules."""
        return list(cards_of(self.legal_card_mask(p)))

    def legal_card_mask(self, p: int) -> int:
        """:meth:`legal_cards` as a bit mask."""
        trick = self.trick
        order = self.order
        return card_mask(self.masks[p], order.eff_suit[trick[0]] if trick else -1,
                         self.called_ace, self.ran_away, order.suit_masks)

    def explain_illegal(self, action: Action, player: int) -> Exception:
        """Name the rule an illegal action breaks (only called on the error path)."""
        try:
            action = check_action(action)
        except MalformedActionError as exc:
            return exc
        phase = self.phase
        text = encode_action(action)
        if is_card(action):
            if phase != PHASE_PLAYING:
                return IllegalActionError(f"no card play now ({phase})", "cards-after-declaring")
            return self._explain_card(card_of(action), player)
        if is_bid(action) or (action == PASS and phase == PHASE_BIDDING):
            if phase != PHASE_BIDDING:
                return IllegalActionError("the bidding is over", "bidding-phase")
            bid = bid_of(action)
            if self.bids_used[player] >= 2:
                return IllegalActionError("each player bids at most twice", "two-bids-each")
            if bid <= self.top_bid:
                return IllegalActionError(
                    f"a bid must beat the top bid {bid_text(self.top_bid)}", "bid-must-rise")
            return IllegalActionError(
                f"after a bid of {bid_text(bid)} in the {self.stage.title()} you could declare "
                "no game with your cards", "bid-needs-a-game")
        if is_declare(action):
            if phase != PHASE_DECLARING:
                return IllegalActionError("only the top bidder declares, once the bidding is over",
                                          "declare-after-bidding")
            return self._explain_declaration(declaration_of(action), player)
        if action in (KONTRA, RE):
            if action == KONTRA and phase != PHASE_KONTRA:
                return IllegalActionError("a Huftritt may only be given before the second card "
                                          "of the first trick", "kontra-window")
            if action == RE and phase != PHASE_RE:
                return IllegalActionError("a Gegenhuftritt may only answer a Huftritt, at once",
                                          "re-answers-kontra")
            if action == KONTRA:
                return IllegalActionError("only the declarer's opponents kick (Kontra)",
                                          "kontra-by-opponents")
            return IllegalActionError("only the declarer or the partner kick back (Re)",
                                      "re-by-declarer-party")
        if action == JOIN:
            return IllegalActionError("joining is only possible in a Kreuzung's partner bidding",
                                      "join-in-kreuzung")
        if is_give(action):
            if phase != PHASE_GIVING:
                return IllegalActionError("a card is handed over only by a new Kreuzung partner",
                                          "give-in-kreuzung")
            if not self.masks[player] >> given_card(action) & 1:
                return IllegalActionError("you can only hand over a card you hold", "card-in-hand")
            return IllegalActionError("hand over a card that is not a trump",
                                      "give-a-non-trump")
        if is_revoke(action):
            if not self.allow_revoke:
                return IllegalActionError("revokes are recorded only with the allow_revoke option",
                                          "revoke-in-table-mode")
            if phase != PHASE_PLAYING:
                return IllegalActionError("a revoke is recorded during card play", "revoke-in-play")
            return IllegalActionError(f"there is no seat {revoked_seat(action)}", "seat-exists")
        return IllegalActionError(f"{text} is not allowed now ({phase})", "not-legal-now")

    def _explain_card(self, c: int, player: int) -> Exception:
        hand = self.masks[player]
        if not hand >> c & 1:
            return IllegalActionError(f"you do not hold {CARD_TEXT[c]}", "card-in-hand")
        eff = self.order.eff_suit
        ace = self.called_ace
        if self.trick:
            led = eff[self.trick[0]]
            if c == ace or (ace >= 0 and hand >> ace & 1 and led == ace >> 3):
                if led == ace >> 3:
                    return IllegalActionError("the called Sau is searched: it must be played",
                                              "rufsau-must-answer-search")
                return IllegalActionError("the called Sau may not be thrown off before the last "
                                          "trick (Abferkeln)", "rufsau-no-discard")
            return IllegalActionError("you must follow the suit led (trumps are a suit of their "
                                      "own)", "follow-suit")
        return IllegalActionError("with the called Sau in hand you may lead its suit only "
                                  "holding three or more of it (Davonlaufen)", "rufsau-run-away")

    def _explain_declaration(self, decl: Declaration, player: int) -> Exception:
        info = decl.info
        hand = self.masks[player]
        if self.num_players == 3 and info.doppel:
            return IllegalActionError("the Dreihaxer plays solos only", "dreihaxer-solos-only")
        if info.napf != (self.stage == NAPF):
            where = "Napf" if info.napf else "Trog"
            return IllegalActionError(f"{info.title} is a {where} game; the bidding was for the "
                                      f"{self.stage.title()}", "trog-or-napf")
        if info.doppel and self.bid != 61:
            return IllegalActionError("Doppel games are capped at 61: bid exactly 61",
                                      "doppel-capped-at-61")
        if self.bid < info.min_bid:
            return IllegalActionError(f"{info.title} needs a bid of at least "
                                      f"{bid_text(info.min_bid)}", "minimum-bid")
        if decl.kind in SAUEREI_KINDS:
            if hand >> card(decl.param, ACE) & 1:
                return IllegalActionError("you cannot call a Sau you hold", "call-a-sau-you-lack")
            return IllegalActionError("you must hold a card of the called suit",
                                      "call-needs-suit-card")
        if decl.kind in KREUZUNG_KINDS:
            return IllegalActionError("a Kreuzung needs a hand with no trump or exactly one",
                                      "kreuzung-at-most-one-trump")
        if decl.kind == KNORPEL:
            return IllegalActionError("the Knorpel card must be in play, not laid aside",
                                      "knorpel-card-in-play")
        return IllegalActionError(f"{decl.title()} is not allowed now", "not-legal-now")

    # ----------------------------------------------------------------------------------
    # 4. Apply
    # ----------------------------------------------------------------------------------
    def _apply_checked(self, action: Action) -> None:
        assert isinstance(action, int)
        self.history.append(action)
        self._legal = None
        self._apply_other(action)

    def _apply_other(self, action: int) -> None:
        """Apply a legal action already in the history (card plays come here only from
        :meth:`_apply_checked`; :meth:`apply` calls :meth:`_play` itself)."""
        phase = self.phase
        p = self.cur
        if phase == PHASE_PLAYING:
            if is_revoke_code(action):
                self._revoke(revoked_seat(action))
            else:
                self._play(p, card_of(action))
        elif phase == PHASE_BIDDING:
            self._bid(p, action)
        elif phase == PHASE_DECLARING:
            self._declare(declaration_of(action))
        elif phase == PHASE_PARTNER:
            self._partner_answer(p, action)
        elif phase == PHASE_GIVING:
            self._give(p, given_card(action))
        elif phase == PHASE_KONTRA:
            self._kontra_answer(p, action)
        elif phase == PHASE_RE:
            self._re_answer(p, action)

    # -- bidding -----------------------------------------------------------------------
    def _bid(self, p: int, action: int) -> None:
        if action == PASS:
            passed = list(self.passed)
            passed[p] = True
            self.passed = tuple(passed)
            self.bid_log += ((self.stage, p, 0),)
        else:
            bid = bid_of(action)
            used = list(self.bids_used)
            used[p] += 1
            self.bids_used = tuple(used)
            self.top_bid, self.top_bidder = bid, p
            self.bid_log += ((self.stage, p, bid),)
        n = self.num_players
        for k in range(1 if self.top_bid < SCHWARZ else n + 1, n + 1):  # Schwarz ends it
            q = (p + k) % n
            if q != self.top_bidder and not self.passed[q] and self.bids_used[q] < 2:
                self.cur = q
                return
        if self.top_bidder >= 0:
            self.phase = PHASE_DECLARING
            self.declarer = self.cur = self.top_bidder
            self.bid = self.top_bid
        elif self.stage == TROG:
            self._start_bidding(NAPF)
        else:
            self._throw_in("everybody passed in the Trog and in the Napf")

    def _declare(self, decl: Declaration) -> None:
        self.decl = decl
        self.order = order_for(decl.kind, decl.param, decl.spiess)
        d = self.declarer
        n = self.num_players
        if decl.kind in SAUEREI_KINDS:
            self.called_ace = decl.called_ace
            self.partner = self.holder(self.called_ace)
            self.partner_public = False
        elif decl.kind in KREUZUNG_KINDS:
            trumps = self.masks[d] & KREUZ_MASK
            self.kreuz_open = (trumps & -trumps).bit_length() - 1  # the lowest; -1 for none
            self.poll = [(d + k) % n for k in range(1, n)] * 2
            self.poll_i = 0
            self.phase = PHASE_PARTNER
            self.cur = self.poll[0]
            return
        else:
            self.partner_public = True
        self._start_play()

    def _partner_answer(self, p: int, action: int) -> None:
        if action == JOIN:
            self.partner = p
            self.partner_public = True
            if self.kreuz_open >= 0:
                self.phase = PHASE_GIVING
                self.cur = p
            else:
                self._start_play()
            return
        self.poll_i += 1
        if self.poll_i < len(self.poll):
            self.cur = self.poll[self.poll_i]
            return
        self.failed_kreuzung += ((self.declarer, self.kreuz_open),)
        stage = self.stage
        self._reset_declaration()
        if stage == TROG:
            self._start_bidding(NAPF)
        else:
            self._throw_in("nobody joined the Unreine Kreuzung")

    def _give(self, p: int, c: int) -> None:
        d, opened = self.declarer, self.kreuz_open
        masks = self.masks
        masks[p] = masks[p] & ~(1 << c) | 1 << opened
        masks[d] = masks[d] & ~(1 << opened) | 1 << c
        dealt = list(self.dealt)
        dealt[p], dealt[d] = masks[p], masks[d]  # nothing is played yet
        self.dealt = tuple(dealt)
        self.kreuz_given = c
        self.give_index = len(self.history) - 1
        self._start_play()

    def _start_play(self) -> None:
        self.phase = PHASE_PLAYING
        self.cur = self.leader = (self.dealer + 1) % self.num_players

    # -- Huftritt ----------------------------------------------------------------------
    def _open_kontra_window(self) -> None:
        n = self.num_players
        order = [(self.leader + k) % n for k in range(1, n + 1)]
        self.poll = [q for q in order if q != self.declarer
                     and not (self.partner_public and q == self.partner)]
        self.poll_i = 0
        self.phase = PHASE_KONTRA
        self.cur = self.poll[0]

    def _kontra_answer(self, p: int, action: int) -> None:
        if action == KONTRA:
            self.kontra = p
            n = self.num_players
            order = [(p + k) % n for k in range(1, n)]
            self.poll = [q for q in order if q == self.declarer or q == self.partner
                         or not self.partner_public]
            self.poll_i = 0
            self.phase = PHASE_RE
            self.cur = self.poll[0]
            return
        self.poll_i += 1
        if self.poll_i < len(self.poll):
            self.cur = self.poll[self.poll_i]
        else:
            self._resume_play()

    def _re_answer(self, p: int, action: int) -> None:
        if action == RE:
            self.re = p
            if p != self.declarer:
                self.partner_public = True  # a Re from anyone but the declarer shows the partner
            self._resume_play()
            return
        self.poll_i += 1
        if self.poll_i < len(self.poll):
            self.cur = self.poll[self.poll_i]
        else:
            self._resume_play()

    def _resume_play(self) -> None:
        self.poll = []
        self.phase = PHASE_PLAYING
        self.cur = (self.leader + 1) % self.num_players

    # -- tricks ------------------------------------------------------------------------
    def _play(self, p: int, c: int) -> None:
        masks = self.masks
        hand = masks[p]
        ace = self.called_ace
        trick = self.trick
        if not trick and runs_away(hand, c, ace, self.order.suit_masks):
            self.ran_away = True
        hand = masks[p] = hand & ~(1 << c)
        trick = self.trick = trick + (c,)
        if c == ace:
            self.partner_public = True
        n = self.num_players
        if len(trick) < n:
            if not self.kontra_done and not self.tricks:
                self.kontra_done = True
                self._open_kontra_window()
                return
            self.cur = (p + 1) % n
            return
        order = self.order
        leader = self.leader
        win = (leader + order.trick_winner(trick)) % n
        points = 0
        for x in trick:
            points += POINTS[x]
        taken = list(self.taken_points)
        taken[win] += points
        self.taken_points = tuple(taken)
        taken = list(self.taken_tricks)
        taken[win] += 1
        self.taken_tricks = tuple(taken)
        if ace >= 0 and order.eff_suit[trick[0]] == ace >> 3:
            self.partner_public = True  # after a search everybody knows where the Sau is
        self.tricks += ((leader, trick, win),)
        self.trick = ()
        if not hand:
            self._finish_deal()
        else:
            self.cur = self.leader = win

    def _revoke(self, q: int) -> None:
        party = self._in_party(q)
        receiver_is_declarer = party if self.decl is not None and self.decl.info.napf else not party
        if receiver_is_declarer:
            seat = self.declarer
        else:
            seat = next(x for x in range(self.num_players) if not self._in_party(x))
        rest = sum(POINTS[c] for c in self.trick) + sum(mask_points(m) for m in self.masks)
        points, tricks = list(self.taken_points), list(self.taken_tricks)
        points[seat] += rest
        tricks[seat] += self.total_tricks - len(self.tricks)
        self.taken_points, self.taken_tricks = tuple(points), tuple(tricks)
        self.revoked_by = q
        self._finish_deal()

    # -- end of a deal -----------------------------------------------------------------
    def party_cards(self, declarer_side: bool) -> set[int]:
        """Every card the declarer's party (or the opponents) held in this deal."""
        return set(cards_of(party_mask(self.dealt, self.declarer, self.partner,
                                               declarer_side)))

    def outcome(self) -> DealOutcome:
        """The finished deal's :class:`DealOutcome` (valid once all tricks are decided)."""
        return FinishedDeal(self).outcome()

    def _finish_deal(self) -> None:
        deal = FinishedDeal(self)  # scored when the ledger or a result is read
        self._unscored += (deal,)
        self._results += (deal,)
        self._next_deal()

    def _throw_in(self, reason: str) -> None:
        self._results += (ThrownIn(self, reason),)
        self._next_deal()

    def _next_deal(self) -> None:
        self.deal_index += 1
        if self.deal_index >= self.deals:
            self.over = True
            self.phase = PHASE_OVER
            self.cur = -1
            return
        self._start_deal()

    def last_score(self) -> dict[str, Any] | None:
        """The result entry of the most recent finished deal (public), if any."""
        found = self.results
        return found[-1] if found else None

    # ----------------------------------------------------------------------------------
    # 5. Observe
    # ----------------------------------------------------------------------------------
    def view(self, player: int | None) -> View:
        """Whitelisted view: the observer's own hand; cards aside and played are public."""
        return deal_view(self, player, self.to_act(), self.winners())

    def view_counts(self, player: int) -> SeatCounts:
        """Part of :meth:`view` for ``player`` as plain ints, for the RL observations
        (:func:`saukopf.observe.view_counts <saustall.games.saukopf.observe.view_counts>`)."""
        check_seat(player, self.num_players)
        return deal_view_counts(self, player, self.to_act())

    def public_phase(self) -> str | None:
        """The view's ``phase``, without building the view."""
        return self.phase

    def determinize(self, observer: int | None, rng: Rng) -> "SaukopfState":
        return determinize_deal(self, observer, rng)

    def inventory(self) -> Counter[str]:
        return deal_inventory(self)

    # ----------------------------------------------------------------------------------
    # 6. Returns
    # ----------------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.over

    def winners(self) -> tuple[int, ...]:
        """The Schlachtmeister (most meat points; ties: fewest roughness points)."""
        return self.ledger.schlachtmeister() if self.over else ()

    def returns(self) -> list[float]:
        """Meat points minus roughness points per player, over the session so far."""
        return [float(v) for v in self.ledger.net()]

    def describe_action(self, action: Action) -> str:
        return describe(action)

    def public_action(self, action: Action) -> tuple[str | None, str]:
        """A Kreuzung hand-over is face down: everyone else learns only that it happened."""
        if is_give(action):
            return None, "hands the declarer a card, face down"
        return super().public_action(action)


class SaukopfGame(Game):
    """Saukopf bound to one of its rulesets (``saukopf`` or ``dreihaxer``)."""

    name = "saukopf"
    title = "Saukopf"

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any],
                   rng_stream: str) -> GameState:
        return SaukopfState(self, num_players, seed, options, rng_stream)

    def check_action(self, action: object) -> Action:
        return check_action(action)

    def encode_action(self, action: Action) -> str:
        if type(action) is int:  # the checked notation table
            text = NOTATION.get(action)
            if text is not None:
                return text
        return encode_action(check_action(action))

    def decode_action(self, text: str) -> Action:
        code = NOTATION_CODES.get(text) if type(text) is str else None  # a replay's loop
        return decode_action(text) if code is None else code

    @property
    def default_players(self) -> int:
        return self.ruleset.min_players

    def sample_world(self, view: View, rng: Rng) -> GameState:
        """A complete state consistent with ``view`` (one seat's view, as
        ``state.view(seat)`` returns it), built from the view alone: see
        :mod:`saustall.games.saukopf.sampling`."""
        from saustall.games.saukopf import sampling

        return sampling.sample_world(self, view, rng)
