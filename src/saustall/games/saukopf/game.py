"""Saukopf: rules engine for a session of deals, in OpenSpiel's fixed order.

1. metadata (actions and their notation)
2. state (the session ledger and the current deal)
3. legal actions
4. apply
5. observe (views, determinization, inventory)
6. returns

A state is a whole session: ``deals`` deals with the dealer moving clockwise. Each deal
runs: bidding (Grunzen) in the Trog, if everybody passes again in the Napf, if everybody
passes again the cards are thrown in; the top bidder declares a game allowed by the bid;
Kreuzung's partner bidding (and the hand-over of the open trump); the Huftritt window
(Kontra, then Re) right after the first card; the tricks; scoring with
:func:`saustall.games.saukopf.scoring.score_deal`. Rules references and the decisions on
loose ends are in ``docs/rules/saukopf.md``; each decision has a test named after it.

Actions are ints:

| action | value | notation |
| --- | --- | --- |
| pass (quieken; no Kontra/Re; not joining a Kreuzung) | ``0`` | ``pass`` |
| Huftritt (Kontra) | ``1`` | ``kontra`` |
| Gegenhuftritt (Re) | ``2`` | ``re`` |
| offer to be the Kreuzung partner | ``3`` | ``join`` |
| play card ``c`` | ``100 + c`` | ``card EO`` |
| hand a card face down to the Kreuzung declarer | ``200 + c`` | ``give GK`` |
| record a revoke by seat ``p`` (table mode) | ``300 + p`` | ``revoke 2`` |
| bid ``n`` points (61-120) or Schwarz | ``1000 + n`` (Schwarz: 1121) | ``bid 65``, ``bid schwarz`` |
| declare a game | ``2000 + 2*(33*kind + param + 1) + spiess`` | ``declare sauerei gras``, ``declare keiler herz spiess``, ``declare wutz``, ``declare knorpel EO``, ``declare vegane-mast`` |

Cards are ``suit*8 + rank`` (see :mod:`saustall.games.saukopf.cards`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from saustall.core.errors import IllegalActionError, InvalidOptionError, MalformedActionError
from saustall.core.game import Action, Game, GameState, View, check_action_code, check_seat
from saustall.core.rng import DEFAULT_STREAM, Rng, new_rng
from saustall.games.saukopf.cards import (
    ACE, CALLABLE_SUITS, CARD_TEXT, DEFAULT_ORDER, GAME_KINDS, KIND_BY_NAME, KNORPEL,
    KREUZUNG, KREUZUNG_KINDS, OBER, POINTS, SAUEREI, SAUEREI_KINDS, SCHWARZ, SUIT_BY_NAME,
    SUIT_NAMES, TRUMP, UNTER, Declaration, Order, bid_text, card, card_title, laufende,
    order_for, parse_card, parse_cards,
)
from saustall.games.saukopf.scoring import DealOutcome, DealScore, Ledger, score_deal

# --------------------------------------------------------------------------------------
# 1. Metadata: action codes and notation
# --------------------------------------------------------------------------------------

PASS, KONTRA, RE, JOIN = 0, 1, 2, 3
CARD_BASE, GIVE_BASE, REVOKE_BASE, BID_BASE, DECLARE_BASE = 100, 200, 300, 1000, 2000

PHASE_BIDDING, PHASE_DECLARING, PHASE_PARTNER, PHASE_GIVING = (
    "bidding", "declaring", "partner", "giving")
PHASE_KONTRA, PHASE_RE, PHASE_PLAYING, PHASE_OVER = "kontra", "re", "playing", "over"
TROG, NAPF = "trog", "napf"

TROG_BIDS: tuple[int, ...] = tuple(range(61, 121)) + (SCHWARZ,)
NAPF_BIDS: tuple[int, ...] = (61,) + tuple(range(91, 121)) + (SCHWARZ,)
KREUZ_TRUMPS = frozenset(order_for(KREUZUNG).trumps)
"""Ober, Unter and Herz: what counts as trump when a Kreuzung is declared."""


def card_action(c: int) -> int:
    """The action playing card ``c``."""
    return CARD_BASE + c


def give_action(c: int) -> int:
    """The action handing card ``c`` to the Kreuzung declarer."""
    return GIVE_BASE + c


def bid_action(bid: int) -> int:
    """The action bidding ``bid`` (61-120 or :data:`SCHWARZ`)."""
    return BID_BASE + bid


def revoke_action(player: int) -> int:
    """The action recording a revoke by ``player``."""
    return REVOKE_BASE + player


def declare_action(decl: Declaration) -> int:
    """The action declaring ``decl``."""
    return DECLARE_BASE + 2 * (33 * decl.kind + decl.param + 1) + int(decl.spiess)


def declaration_of(action: int) -> Declaration:
    """The declaration of a declare action."""
    code = action - DECLARE_BASE
    spiess = bool(code & 1)
    kind, param = divmod(code >> 1, 33)
    return Declaration(kind, param - 1, spiess)


def is_card(action: Action) -> bool:
    """True for card-play actions."""
    return isinstance(action, int) and CARD_BASE <= action < CARD_BASE + 32


def is_bid(action: Action) -> bool:
    """True for bid actions."""
    return isinstance(action, int) and BID_BASE + 61 <= action <= BID_BASE + SCHWARZ


def is_declare(action: Action) -> bool:
    """True for declare actions."""
    return isinstance(action, int) and DECLARE_BASE <= action < DECLARE_BASE + 2 * 33 * 11


ACTION_CODES = range(0, DECLARE_BASE + 2 * 33 * 11)
"""Every action code lies here; :func:`check_action` tells the used ones."""


def check_action(action: object) -> int:
    """Return ``action`` if it is a Saukopf action code, else raise
    :class:`MalformedActionError` naming what is wrong (type, range or an unused code)."""
    code = check_action_code(action, ACTION_CODES, "Saukopf")
    if not _valid_code(code):
        raise MalformedActionError(f"{code} is not a Saukopf action code")
    return code


def _valid_code(action: Action) -> bool:
    if type(action) is not int:
        return False
    if action in (PASS, KONTRA, RE, JOIN) or is_card(action) or is_bid(action):
        return True
    if GIVE_BASE <= action < GIVE_BASE + 32 or REVOKE_BASE <= action < REVOKE_BASE + 4:
        return True
    if is_declare(action):
        decl = declaration_of(action)
        return _param_ok(decl)
    return False


def _param_ok(decl: Declaration) -> bool:
    kind = GAME_KINDS[decl.kind].param
    if kind == "call":
        return decl.param in CALLABLE_SUITS
    if kind == "suit":
        return 0 <= decl.param < 4
    if kind == "card":
        return 0 <= decl.param < 32
    return decl.param == -1


def encode_action(action: int) -> str:
    """The notation of an action code (see the module docstring)."""
    if not _valid_code(action):
        raise MalformedActionError(f"{action!r} is not a Saukopf action code")
    if action == PASS:
        return "pass"
    if action == KONTRA:
        return "kontra"
    if action == RE:
        return "re"
    if action == JOIN:
        return "join"
    if is_card(action):
        return "card " + CARD_TEXT[action - CARD_BASE]
    if action < REVOKE_BASE:
        return "give " + CARD_TEXT[action - GIVE_BASE]
    if action < BID_BASE:
        return f"revoke {action - REVOKE_BASE}"
    if action < DECLARE_BASE:
        bid = action - BID_BASE
        return "bid schwarz" if bid == SCHWARZ else f"bid {bid}"
    return "declare " + " ".join(declaration_of(action).words())


def decode_action(text: str) -> int:
    """Parse notation into an action code; raises :class:`MalformedActionError`."""
    if not isinstance(text, str):
        raise MalformedActionError(f"an action must be text, not {text!r}")
    words = text.strip().split()
    low = [w.lower() for w in words]
    if low in (["pass"], ["kontra"], ["re"], ["join"]):
        return {"pass": PASS, "kontra": KONTRA, "re": RE, "join": JOIN}[low[0]]
    if len(low) == 2 and low[0] in ("card", "give"):
        c = parse_card(words[1])
        return (CARD_BASE if low[0] == "card" else GIVE_BASE) + c
    if len(low) == 2 and low[0] == "revoke":
        if low[1] not in ("0", "1", "2", "3"):
            raise MalformedActionError(f"revoke needs a seat 0-3, not {words[1]!r}")
        return REVOKE_BASE + int(low[1])
    if len(low) == 2 and low[0] == "bid":
        if low[1] == "schwarz":
            return BID_BASE + SCHWARZ
        if not low[1].isdigit() or not 61 <= int(low[1]) <= 120:
            raise MalformedActionError(
                f"a bid is a number of card points from 61 to 120 or 'schwarz', not {words[1]!r}")
        return BID_BASE + int(low[1])
    if len(low) >= 2 and low[0] == "declare":
        return declare_action(parse_declaration(" ".join(words[1:])))
    raise MalformedActionError(
        f"cannot read action {text!r}; try 'pass', 'bid 65', 'declare sauerei gras', "
        "'join', 'give GK', 'kontra', 're', 'card EO' or 'revoke 1'")


def parse_declaration(text: str) -> Declaration:
    """Read ``sauerei gras``, ``keiler herz spiess``, ``knorpel EO``, ``wutz``..."""
    words = text.split()
    low = [w.lower() for w in words]
    spiess = bool(low) and low[-1] in ("spiess", "spieß")
    if spiess:
        words, low = words[:-1], low[:-1]
    if not low or low[0] not in KIND_BY_NAME:
        raise MalformedActionError(
            f"unknown game {text!r}; games: {', '.join(KIND_BY_NAME)}")
    kind = KIND_BY_NAME[low[0]]
    param = -1
    if kind.param in ("call", "suit"):
        if len(low) != 2 or low[1] not in SUIT_BY_NAME:
            raise MalformedActionError(f"{kind.name} needs a suit ({', '.join(SUIT_NAMES)})")
        param = SUIT_BY_NAME[low[1]]
        if kind.param == "call" and param not in CALLABLE_SUITS:
            raise MalformedActionError(f"{kind.name} calls the Sau of eichel, gras or schellen")
    elif kind.param == "card":
        if len(low) != 2:
            raise MalformedActionError(f"{kind.name} needs the one trump card, like 'knorpel EO'")
        param = parse_card(words[1])
    elif len(low) != 1:
        raise MalformedActionError(f"{kind.name} takes no suit or card: {text!r}")
    return Declaration(kind.code, param, spiess)


def _callable_suits(hand: list[int]) -> list[int]:
    """Suits whose Sau the holder of ``hand`` may call (a Sauerei)."""
    found = []
    for s in CALLABLE_SUITS:
        ace = card(s, ACE)
        if ace in hand:
            continue
        if any(c >> 3 == s and (c & 7) not in (OBER, UNTER) for c in hand):
            found.append(s)
    return found


def _kreuz_trump_count(hand: list[int]) -> int:
    return sum(1 for c in hand if c in KREUZ_TRUMPS)


def can_declare(hand: list[int], bid: int, stage: str, players: int) -> bool:
    """True if some game of ``stage`` may be declared with ``hand`` after ``bid``."""
    if stage == TROG:
        return True  # a Wutz is always allowed
    if bid == 61:
        return players == 4 and (bool(_callable_suits(hand)) or _kreuz_trump_count(hand) <= 1)
    return bid >= 91


def declarations(hand: list[int], bid: int, stage: str, players: int,
                 aside: list[int] | tuple[int, ...] = ()) -> list[Declaration]:
    """Every game the top bidder may declare: the bid table, Doppel only at 61."""
    found: list[Declaration] = []
    for kind in GAME_KINDS:
        if kind.napf != (stage == NAPF):
            continue
        params: list[int]
        if kind.doppel:
            if players != 4 or bid != 61:
                continue
            if kind.code in SAUEREI_KINDS:
                params = _callable_suits(hand)
            else:
                params = [-1] if _kreuz_trump_count(hand) <= 1 else []
        else:
            if bid < kind.min_bid:
                continue
            if kind.param == "suit":
                params = [0, 1, 2, 3]
            elif kind.param == "card":
                params = [c for c in range(32) if c not in aside]
            else:
                params = [-1]
        for param in params:
            found.append(Declaration(kind.code, param, False))
            found.append(Declaration(kind.code, param, True))
    return found


# --------------------------------------------------------------------------------------
# 2. State
# --------------------------------------------------------------------------------------

class SaukopfState(GameState):
    """A Saukopf session: the ledger and the deal in progress."""

    def __init__(self, game: "SaukopfGame", num_players: int, seed: int,
                 options: dict[str, Any], rng_stream: str = DEFAULT_STREAM) -> None:
        params = game.ruleset.params
        self.game = game
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.history: list[Action] = []
        self.rng_stream = rng_stream
        self.rng = new_rng(seed, rng_stream)
        self.hand_size: int = params["hand_size"]
        self.num_aside: int = params["aside"]
        self.total_tricks = self.hand_size
        self.deals: int = options["deals"]
        self.first_dealer: int = options["dealer"]
        self.allow_revoke: bool = options["allow_revoke"]
        self.preset = _parse_hands(options["hands"], num_players, self.hand_size,
                                   self.num_aside)
        self.ledger = Ledger(num_players)
        self.results: list[dict[str, Any]] = []
        self.deal_index = 0
        self.over = False
        self._legal: list[int] | None = None
        self._start_deal()

    def _start_deal(self) -> None:
        n = self.num_players
        self.dealer = (self.first_dealer + self.deal_index) % n
        if self.deal_index == 0 and self.preset is not None:
            deck = list(self.preset)
        else:
            deck = list(range(32))
            self.rng.shuffle(deck)
        k = self.hand_size
        self.hands: list[list[int]] = [sorted(deck[i * k:(i + 1) * k]) for i in range(n)]
        self.aside: list[int] = sorted(deck[n * k:])
        self.played: list[list[int]] = [[] for _ in range(n)]
        self.bid_log: list[tuple[str, int, int]] = []
        self.failed_kreuzung: list[tuple[int, int]] = []
        self._reset_declaration()
        self.trick: list[int] = []
        self.trick_players: list[int] = []
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.taken_points = [0] * n
        self.taken_tricks = [0] * n
        self.leader = (self.dealer + 1) % n
        self.revoked_by = -1
        self._start_bidding(TROG)

    def _reset_declaration(self) -> None:
        self.decl: Declaration | None = None
        self.order: Order = DEFAULT_ORDER
        self.declarer = -1
        self.bid = 0
        self.partner = -1
        self.partner_public = False
        self.called_ace = -1
        self.ran_away = False
        self.kreuz_open = -1
        self.kreuz_given = -1
        self.give_index = -1
        self.poll: list[int] = []
        self.poll_i = 0
        self.kontra = -1
        self.re = -1
        self.kontra_done = False

    def _start_bidding(self, stage: str) -> None:
        n = self.num_players
        self.stage = stage
        self.phase = PHASE_BIDDING
        self.top_bid = 0
        self.top_bidder = -1
        self.bids_used = [0] * n
        self.passed = [False] * n
        self.cur = (self.dealer + 1) % n

    def clone(self) -> "SaukopfState":
        twin = SaukopfState.__new__(SaukopfState)
        fields = self.__dict__.copy()
        # Every list that changes in play is copied, spelled out: clone is a search
        # bot's inner loop. Tuples and values never edited in place are shared.
        fields["aside"] = self.aside[:]
        fields["bids_used"] = self.bids_used[:]
        fields["passed"] = self.passed[:]
        fields["bid_log"] = self.bid_log[:]
        fields["poll"] = self.poll[:]
        fields["trick"] = self.trick[:]
        fields["trick_players"] = self.trick_players[:]
        fields["tricks"] = self.tricks[:]
        fields["taken_points"] = self.taken_points[:]
        fields["taken_tricks"] = self.taken_tricks[:]
        fields["failed_kreuzung"] = self.failed_kreuzung[:]
        fields["results"] = self.results[:]
        fields["history"] = self.history[:]
        fields["hands"] = [h[:] for h in self.hands]
        fields["played"] = [p[:] for p in self.played]
        fields["ledger"] = self.ledger.copy()
        fields["rng"] = self.rng.clone()
        fields["_legal"] = None
        twin.__dict__ = fields
        return twin

    # ----------------------------------------------------------------------------------
    # 3. Legal actions
    # ----------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.over else (self.cur,)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        if player is not None:
            check_seat(player, self.num_players)
        if self.over or (player is not None and player != self.cur):
            return []
        if self._legal is None:
            self._legal = self._generate_legal()
        return list(self._legal)

    def apply(self, action: Action, player: int | None = None) -> None:
        """Apply ``action`` (fast path for legal actions; errors as in :class:`GameState`)."""
        if not self.over:
            legal = self._legal
            if legal is None:
                legal = self._legal = self._generate_legal()
            # Only an exact int may take the fast path: 3.0 or True equal a legal code too.
            if type(action) is int and action in legal and (
                    player is None or (type(player) is int and player == self.cur)):
                self._apply_checked(action)
                return
        super().apply(action, player)

    def _generate_legal(self) -> list[int]:
        p, phase = self.cur, self.phase
        if phase == PHASE_PLAYING:
            acts = [CARD_BASE + c for c in self.legal_cards(p)]
            if self.allow_revoke:
                acts += [REVOKE_BASE + q for q in range(self.num_players)]
            return acts
        if phase == PHASE_BIDDING:
            acts = [PASS]
            if self.bids_used[p] < 2:
                hand, stage, n = self.hands[p], self.stage, self.num_players
                for b in (TROG_BIDS if stage == TROG else NAPF_BIDS):
                    if b > self.top_bid and can_declare(hand, b, stage, n):
                        acts.append(BID_BASE + b)
            return acts
        if phase == PHASE_DECLARING:
            return [declare_action(d) for d in declarations(
                self.hands[p], self.bid, self.stage, self.num_players, self.aside)]
        if phase == PHASE_PARTNER:
            return [PASS, JOIN]
        if phase == PHASE_GIVING:
            return [GIVE_BASE + c for c in self._givable(p)]
        if phase == PHASE_KONTRA:
            return [PASS] if self._in_party(p) else [PASS, KONTRA]
        if phase == PHASE_RE:
            return [PASS, RE] if self._in_party(p) else [PASS]
        return []

    def _in_party(self, p: int) -> bool:
        return p == self.declarer or p == self.partner

    def _givable(self, p: int) -> list[int]:
        hand = self.hands[p]
        plain = [c for c in hand if c not in KREUZ_TRUMPS]
        return plain or list(hand)

    def legal_cards(self, p: int) -> list[int]:
        """The cards ``p`` may play now: follow suit, and the called-ace rules."""
        hand = self.hands[p]
        eff = self.order.eff_suit
        ace = self.called_ace
        holds_ace = ace >= 0 and not self.ran_away and ace in hand
        if not self.trick:
            if holds_ace:
                suit = ace >> 3
                zupfer = [c for c in hand if eff[c] == suit and c != ace]
                if len(zupfer) < 3:  # no running away with fewer than three
                    return [c for c in hand if c not in zupfer]
            return list(hand)
        led = eff[self.trick[0]]
        same = [c for c in hand if eff[c] == led]
        if same:
            if holds_ace and led == ace >> 3:
                return [ace]  # the called suit is searched: the Sau must come
            return same
        if holds_ace and len(hand) > 1:
            return [c for c in hand if c != ace]  # no discarding the Sau before the last trick
        return list(hand)

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
            return self._explain_card(action - CARD_BASE, player)
        if is_bid(action) or (action == PASS and phase == PHASE_BIDDING):
            if phase != PHASE_BIDDING:
                return IllegalActionError("the bidding is over", "bidding-phase")
            bid = action - BID_BASE
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
        if GIVE_BASE <= action < GIVE_BASE + 32:
            if phase != PHASE_GIVING:
                return IllegalActionError("a card is handed over only by a new Kreuzung partner",
                                          "give-in-kreuzung")
            if action - GIVE_BASE not in self.hands[player]:
                return IllegalActionError("you can only hand over a card you hold", "card-in-hand")
            return IllegalActionError("hand over a card that is not a trump",
                                      "give-a-non-trump")
        if REVOKE_BASE <= action < REVOKE_BASE + 4:
            if not self.allow_revoke:
                return IllegalActionError("revokes are recorded only with the allow_revoke option",
                                          "revoke-in-table-mode")
            if phase != PHASE_PLAYING:
                return IllegalActionError("a revoke is recorded during card play", "revoke-in-play")
            return IllegalActionError(f"there is no seat {action - REVOKE_BASE}", "seat-exists")
        return IllegalActionError(f"{text} is not allowed now ({phase})", "not-legal-now")

    def _explain_card(self, c: int, player: int) -> Exception:
        hand = self.hands[player]
        if c not in hand:
            return IllegalActionError(f"you do not hold {CARD_TEXT[c]}", "card-in-hand")
        eff = self.order.eff_suit
        ace = self.called_ace
        if self.trick:
            led = eff[self.trick[0]]
            if c == ace or (ace in hand and led == ace >> 3):
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
        hand = self.hands[player]
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
            if card(decl.param, ACE) in hand:
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
        phase = self.phase
        p = self.cur
        if phase == PHASE_PLAYING:
            if action >= REVOKE_BASE:
                self._revoke(action - REVOKE_BASE)
            else:
                self._play(p, action - CARD_BASE)
        elif phase == PHASE_BIDDING:
            self._bid(p, action)
        elif phase == PHASE_DECLARING:
            self._declare(declaration_of(action))
        elif phase == PHASE_PARTNER:
            self._partner_answer(p, action)
        elif phase == PHASE_GIVING:
            self._give(p, action - GIVE_BASE)
        elif phase == PHASE_KONTRA:
            self._kontra_answer(p, action)
        elif phase == PHASE_RE:
            self._re_answer(p, action)

    # -- bidding -----------------------------------------------------------------------
    def _bid(self, p: int, action: int) -> None:
        if action == PASS:
            self.passed[p] = True
            self.bid_log.append((self.stage, p, 0))
        else:
            bid = action - BID_BASE
            self.bids_used[p] += 1
            self.top_bid, self.top_bidder = bid, p
            self.bid_log.append((self.stage, p, bid))
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
            self.partner = next(q for q in range(n) if self.called_ace in self.hands[q])
            self.partner_public = False
        elif decl.kind in KREUZUNG_KINDS:
            trumps = [c for c in self.hands[d] if c in KREUZ_TRUMPS]
            self.kreuz_open = trumps[0] if trumps else -1
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
        self.failed_kreuzung.append((self.declarer, self.kreuz_open))
        stage = self.stage
        self._reset_declaration()
        if stage == TROG:
            self._start_bidding(NAPF)
        else:
            self._throw_in("nobody joined the Unreine Kreuzung")

    def _give(self, p: int, c: int) -> None:
        d, opened = self.declarer, self.kreuz_open
        self.hands[p].remove(c)
        self.hands[p].append(opened)
        self.hands[p].sort()
        self.hands[d].remove(opened)
        self.hands[d].append(c)
        self.hands[d].sort()
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
        hand = self.hands[p]
        ace = self.called_ace
        if ace >= 0 and not self.trick and p == self.partner and ace in hand \
                and c != ace and self.order.eff_suit[c] == ace >> 3:
            self.ran_away = True
        hand.remove(c)
        self.played[p].append(c)
        self.trick.append(c)
        self.trick_players.append(p)
        if c == ace:
            self.partner_public = True
        n = self.num_players
        if len(self.trick) < n:
            if not self.kontra_done and not self.tricks:
                self.kontra_done = True
                self._open_kontra_window()
                return
            self.cur = (p + 1) % n
            return
        cards = self.trick
        win = self.trick_players[self.order.trick_winner(cards)]
        points = sum(POINTS[x] for x in cards)
        self.taken_points[win] += points
        self.taken_tricks[win] += 1
        if ace >= 0 and self.order.eff_suit[cards[0]] == ace >> 3:
            self.partner_public = True  # after a search everybody knows where the Sau is
        self.tricks.append((self.trick_players[0], tuple(cards), win))
        self.trick = []
        self.trick_players = []
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
        rest = list(self.trick) + [c for h in self.hands for c in h]
        self.taken_points[seat] += sum(POINTS[c] for c in rest)
        self.taken_tricks[seat] += self.total_tricks - len(self.tricks)
        self.revoked_by = q
        self._finish_deal()

    # -- end of a deal -----------------------------------------------------------------
    def party_cards(self, declarer_side: bool) -> set[int]:
        """Every card the declarer's party (or the opponents) held in this deal."""
        found: set[int] = set()
        for p in range(self.num_players):
            if self._in_party(p) == declarer_side:
                found.update(self.played[p])
                found.update(self.hands[p])
        return found

    def outcome(self) -> DealOutcome:
        """The finished deal's :class:`DealOutcome` (valid once all tricks are decided)."""
        assert self.decl is not None
        n = self.num_players
        party = [p for p in range(n) if self._in_party(p)]
        return DealOutcome(
            players=n, kind=self.decl.kind, bid=self.bid, declarer=self.declarer,
            partner=self.partner if self.partner >= 0 else None,
            declarer_points=sum(self.taken_points[p] for p in party),
            opponent_points=sum(self.taken_points[p] for p in range(n) if p not in party),
            declarer_tricks=sum(self.taken_tricks[p] for p in party),
            total_tricks=self.total_tricks,
            laufende=laufende(self.order, self.party_cards(True), frozenset(self.aside)),
            spiess=self.decl.spiess,
            kontra=self.kontra if self.kontra >= 0 else None,
            re=self.re if self.re >= 0 else None)

    def _finish_deal(self) -> None:
        assert self.decl is not None
        outcome = self.outcome()
        score = score_deal(outcome)
        self.ledger.add(score)
        self.results.append(self._result_entry(outcome, score))
        self._next_deal()

    def _throw_in(self, reason: str) -> None:
        self.results.append({
            "deal": self.deal_index + 1, "dealer": self.dealer, "thrown_in": True,
            "reason": reason, "bidding": self._bid_log_view(),
            "meat": [0] * self.num_players, "roughness": [0] * self.num_players,
        })
        self._next_deal()

    def _next_deal(self) -> None:
        self.deal_index += 1
        if self.deal_index >= self.deals:
            self.over = True
            self.phase = PHASE_OVER
            self.cur = -1
            return
        self._start_deal()

    def _result_entry(self, outcome: DealOutcome, score: DealScore) -> dict[str, Any]:
        assert self.decl is not None
        return {
            "deal": self.deal_index + 1, "dealer": self.dealer, "thrown_in": False,
            "game": " ".join(self.decl.words()), "title": self.decl.title(),
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
            "cards": [[CARD_TEXT[c] for c in sorted(self.played[p] + self.hands[p],
                                                    key=self.order.sort_key)]
                      for p in range(self.num_players)],
            "bidding": self._bid_log_view(),
            "tricks": self._tricks_view(),
        }

    def last_score(self) -> dict[str, Any] | None:
        """The result entry of the most recent finished deal (public), if any."""
        return self.results[-1] if self.results else None

    # ----------------------------------------------------------------------------------
    # 5. Observe
    # ----------------------------------------------------------------------------------
    def _bid_log_view(self) -> list[list[Any]]:
        return [[stage, p, bid_text(b) if b else "pass"] for stage, p, b in self.bid_log]

    def _tricks_view(self) -> list[dict[str, Any]]:
        return [{"leader": lead, "cards": [CARD_TEXT[c] for c in cards], "winner": win,
                 "points": sum(POINTS[c] for c in cards)} for lead, cards, win in self.tricks]

    def view(self, player: int | None) -> View:
        """Whitelisted view: the observer's own hand; cards aside and played are public."""
        n = self.num_players
        seat = player if player is not None and 0 <= player < n else None
        order = self.order
        view: View = {
            "game": "saukopf",
            "ruleset": self.game.ruleset.name,
            "players": n,
            "observer": player,
            "phase": self.phase,
            "to_act": list(self.to_act()),
            "deal": min(self.deal_index + 1, self.deals),
            "deals": self.deals,
            "dealer": self.dealer,
            "hand_counts": [len(h) for h in self.hands],
            "aside": [CARD_TEXT[c] for c in self.aside],
            "bidding": {
                "stage": self.stage,
                "log": self._bid_log_view(),
                "top_bid": bid_text(self.top_bid) if self.top_bid else None,
                "top_bidder": self.top_bidder if self.top_bidder >= 0 else None,
                "bids_left": [2 - u for u in self.bids_used],
                "passed": list(self.passed),
            },
            "declared": self._declared_view(seat),
            "kontra": self.kontra if self.kontra >= 0 else None,
            "re": self.re if self.re >= 0 else None,
            "leader": self.leader,
            "trick": [[q, CARD_TEXT[c]] for q, c in zip(self.trick_players, self.trick)],
            "tricks": self._tricks_view(),
            "points": list(self.taken_points),
            "tricks_won": list(self.taken_tricks),
            "failed_kreuzung": [[q, CARD_TEXT[c] if c >= 0 else None]
                                for q, c in self.failed_kreuzung],
            "ledger": {
                "meat": list(self.ledger.meat),
                "roughness": list(self.ledger.roughness),
                "net": self.ledger.net(),
                "schlachtmeister": list(self.ledger.schlachtmeister()),
                "oberrauborstler": list(self.ledger.oberrauborstler()),
            },
            "results": self.results,
            "winners": list(self.winners()),
        }
        if seat is not None:
            view["hand"] = [CARD_TEXT[c] for c in sorted(self.hands[seat], key=order.sort_key)]
        return view

    def _declared_view(self, seat: int | None) -> dict[str, Any] | None:
        decl = self.decl
        if decl is None:
            return None
        sees_partner = self.partner_public or (seat is not None and seat == self.partner)
        given = None
        if self.kreuz_given >= 0 and seat is not None and seat in (self.declarer, self.partner):
            given = CARD_TEXT[self.kreuz_given]
        return {
            "game": " ".join(decl.words()),
            "kind": decl.info.name,
            "title": decl.title(),
            "declarer": self.declarer,
            "bid": bid_text(self.bid),
            "napf": decl.info.napf,
            "solo": decl.solo,
            "spiess": decl.spiess,
            "trumps": [CARD_TEXT[c] for c in self.order.trumps],
            "called_ace": CARD_TEXT[self.called_ace] if self.called_ace >= 0 else None,
            "partner": self.partner if sees_partner and self.partner >= 0 else None,
            "partner_known": bool(sees_partner),
            "open_trump": CARD_TEXT[self.kreuz_open] if self.kreuz_open >= 0 else None,
            "given": given,
        }

    def determinize(self, observer: int | None, rng: Rng) -> "SaukopfState":
        twin = self.clone()
        twin.rng = Rng(rng.randrange(2**62))
        if self.over:
            return twin
        n = self.num_players
        hidden = [p for p in range(n) if p != observer]
        fixed, forbidden = self._constraints(observer)
        pool = [c for p in hidden for c in self.hands[p] if c not in fixed]
        capacity = {p: len(self.hands[p]) - sum(1 for c, q in fixed.items() if q == p)
                    for p in hidden}
        placed = _assign(pool, hidden, capacity, forbidden, rng)
        if placed is None:  # cannot happen for a consistent state; keep the real deal
            return twin
        for p in hidden:
            twin.hands[p] = sorted([c for c, q in fixed.items() if q == p] + placed[p])
        twin._rebuild_hidden_facts(observer, rng)
        return twin

    def _constraints(self, observer: int | None) -> tuple[dict[int, int], dict[int, set[int]]]:
        """What an observer knows of the hidden hands: fixed cards and excluded cards."""
        n = self.num_players
        fixed: dict[int, int] = {}
        forbidden: dict[int, set[int]] = {p: set() for p in range(n)}
        in_hand = {c: p for p in range(n) for c in self.hands[p]}
        for q, opened in self.failed_kreuzung:
            forbidden[q] |= KREUZ_TRUMPS - {opened}
            if opened >= 0 and in_hand.get(opened) == q:
                fixed[opened] = q
        decl = self.decl
        if decl is not None and decl.kind in KREUZUNG_KINDS:
            d = self.declarer
            keep = {self.kreuz_given} if self.kreuz_given in KREUZ_TRUMPS else set()
            if self.kreuz_given < 0 and self.kreuz_open >= 0:
                keep = {self.kreuz_open}
            forbidden[d] |= KREUZ_TRUMPS - keep
            if self.kreuz_open >= 0 and self.kreuz_open in in_hand:
                fixed[self.kreuz_open] = in_hand[self.kreuz_open]
            if self.kreuz_given >= 0 and observer in (d, self.partner) \
                    and in_hand.get(self.kreuz_given) == d:
                fixed[self.kreuz_given] = d
        ace = self.called_ace
        if ace >= 0 and ace in in_hand:
            if self.partner_public:
                fixed[ace] = in_hand[ace]
            else:
                forbidden[self.declarer].add(ace)
                if self.kontra >= 0:
                    forbidden[self.kontra].add(ace)
                if self.trick and self.order.eff_suit[self.trick[0]] == ace >> 3:
                    for q in self.trick_players[1:]:
                        forbidden[q].add(ace)
        if decl is not None:
            eff = self.order.eff_suit
            groups: dict[int, set[int]] = {}
            for c in range(32):
                groups.setdefault(eff[c], set()).add(c)
            tricks = [(lead, cards) for lead, cards, _ in self.tricks]
            if self.trick:
                tricks.append((self.trick_players[0], tuple(self.trick)))
            for lead, cards in tricks:
                led = eff[cards[0]]
                for i in range(1, len(cards)):
                    if eff[cards[i]] != led:
                        forbidden[(lead + i) % n] |= groups[led]
        return fixed, forbidden

    def _rebuild_hidden_facts(self, observer: int | None, rng: Rng) -> None:
        """After a re-deal: the partner, running away and the handed-over card follow it."""
        n = self.num_players
        ace = self.called_ace
        if ace >= 0:
            self.partner = next(q for q in range(n) if ace in self.hands[q] or ace in self.played[q])
            self.ran_away = False
            leads = [(lead, cards[0], ace in cards) for lead, cards, _ in self.tricks]
            if self.trick:
                leads.append((self.trick_players[0], self.trick[0], ace in self.trick))
            for lead, first, had_ace in leads:
                if first == ace:
                    break
                if lead == self.partner and self.order.eff_suit[first] == ace >> 3:
                    self.ran_away = True
                    break
                if had_ace:
                    break
        if self.kreuz_given >= 0 and observer not in (self.declarer, self.partner):
            d = self.declarer
            mine = [c for c in self.hands[d] + self.played[d] if c not in KREUZ_TRUMPS]
            choice = mine or self.hands[d] + self.played[d]
            self.kreuz_given = choice[rng.randrange(len(choice))]
            self.history[self.give_index] = GIVE_BASE + self.kreuz_given

    def inventory(self) -> Counter[str]:
        counts: Counter[str] = Counter()
        for pile in (self.aside, *self.hands, *self.played):
            counts.update(CARD_TEXT[c] for c in pile)
        return counts

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
        if isinstance(action, int) and GIVE_BASE <= action < GIVE_BASE + 32:
            return None, "hands the declarer a card, face down"
        return super().public_action(action)


def _laufende_text(run: int) -> str:
    if run > 0:
        return f"mit {run}"
    if run < 0:
        return f"ohne {-run}"
    return "keine"


def _assign(pool: list[int], players: list[int], capacity: dict[int, int],
            forbidden: dict[int, set[int]], rng: Rng) -> dict[int, list[int]] | None:
    """Deal ``pool`` to ``players`` filling ``capacity``, avoiding forbidden cards."""
    allowed = {c: [p for p in players if c not in forbidden[p]] for c in pool}
    for _ in range(30):
        cards = list(pool)
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(allowed[c]))
        left = dict(capacity)
        placed: dict[int, list[int]] = {p: [] for p in players}
        for c in cards:
            options = [p for p in allowed[c] if left[p] > 0]
            if not options:
                break
            total = sum(left[p] for p in options)
            pick = rng.randrange(total)
            for p in options:
                pick -= left[p]
                if pick < 0:
                    break
            placed[p].append(c)
            left[p] -= 1
        else:
            return placed
    return _assign_exact(pool, players, capacity, allowed)


def _assign_exact(pool: list[int], players: list[int], capacity: dict[int, int],
                  allowed: dict[int, list[int]]) -> dict[int, list[int]] | None:
    cards = sorted(pool, key=lambda c: len(allowed[c]))
    left = dict(capacity)
    placed: dict[int, list[int]] = {p: [] for p in players}

    def search(i: int) -> bool:
        if i == len(cards):
            return True
        c = cards[i]
        for p in allowed[c]:
            if left[p] > 0:
                left[p] -= 1
                placed[p].append(c)
                if search(i + 1):
                    return True
                placed[p].pop()
                left[p] += 1
        return False

    return placed if search(0) else None


def _parse_hands(text: str, players: int, hand_size: int, aside: int) -> list[int] | None:
    """The ``hands`` option as a deck in seat order (aside last), or None when empty."""
    if not text.strip():
        return None
    groups = [g for g in text.split("|")]
    want = players + (1 if aside else 0)
    if len(groups) != want:
        raise InvalidOptionError(
            f"option 'hands' needs {want} groups separated by '|' "
            f"({players} hands{' and the cards aside' if aside else ''}), got {len(groups)}")
    deck: list[int] = []
    for i, group in enumerate(groups):
        try:
            cards = parse_cards(group)
        except MalformedActionError as exc:
            raise InvalidOptionError(f"option 'hands', group {i + 1}: {exc}") from None
        size = hand_size if i < players else aside
        if len(cards) != size:
            raise InvalidOptionError(
                f"option 'hands', group {i + 1} has {len(cards)} cards, not {size}")
        deck.extend(cards)
    repeated = sorted({CARD_TEXT[c] for c in deck if deck.count(c) > 1})
    if repeated:
        raise InvalidOptionError(f"option 'hands' repeats {', '.join(repeated)}")
    return deck


def describe(action: Action) -> str:
    """A short English sentence for an action code."""
    assert isinstance(action, int)
    if action == PASS:
        return "Pass"
    if action == KONTRA:
        return "Huftritt (Kontra): double against the declarer"
    if action == RE:
        return "Gegenhuftritt (Re): double back"
    if action == JOIN:
        return "Offer to be the Kreuzung partner"
    if is_card(action):
        return f"Play {card_title(action - CARD_BASE)}"
    if action < REVOKE_BASE:
        return f"Hand {card_title(action - GIVE_BASE)} to the declarer, face down"
    if action < BID_BASE:
        return f"Record a revoke by player {action - REVOKE_BASE + 1}"
    if action < DECLARE_BASE:
        return f"Bid {bid_text(action - BID_BASE)}"
    return f"Declare {declaration_of(action).title()}"


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
        return encode_action(check_action(action))

    def decode_action(self, text: str) -> Action:
        return decode_action(text)

    @property
    def default_players(self) -> int:
        return self.ruleset.min_players
