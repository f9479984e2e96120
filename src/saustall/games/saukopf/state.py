"""Saukopf state: the session ledger and the current deal, compact and cheap to clone.

:class:`DealState` holds the data of :class:`~saustall.games.saukopf.game.SaukopfState`
and deals; the rules that change it live in :mod:`saustall.games.saukopf.game`, the
views in :mod:`saustall.games.saukopf.observe`.

Why it is laid out as it is (a search bot clones states in its inner loop, a playout
applies thousands of actions a second):

* hands are bit masks (card ``c`` is bit ``c``) in one list, the only thing besides the
  history that play edits in place;
* everything else a deal changes is replaced, never edited: tuples (the trick, the tricks,
  the bid log, bids and passes, points) and fresh lists (the polls).
  :meth:`DealState.clone` therefore copies two lists and shares the rest;
* a finished deal is kept as a snapshot (:class:`DealResult`): its score, the ledger and
  its result entry are worked out when first read, which a playout never does;
* the players of a trick are not stored: the ``i``-th card was played by
  ``(leader + i) % players``.
"""

from __future__ import annotations

from typing import Any, Final, Protocol, Self

from saustall.core.errors import InvalidOptionError, MalformedActionError
from saustall.core.game import Action, Game, GameState
from saustall.core.rng import DEFAULT_STREAM, new_rng
from saustall.games.saukopf.bidding import TROG
from saustall.games.saukopf.cards import (
    CARD_TEXT, DEFAULT_ORDER, Declaration, Order, cards_of, mask_of, parse_cards,
)
from saustall.games.saukopf.scoring import DealScore, Ledger

_COMPILED: Final = not __file__.endswith(".py")
"""Whether this module runs compiled (mypyc; see setup.py)."""

PHASE_BIDDING: Final = "bidding"
PHASE_DECLARING: Final = "declaring"
PHASE_PARTNER: Final = "partner"
PHASE_GIVING: Final = "giving"
PHASE_KONTRA: Final = "kontra"
PHASE_RE: Final = "re"
PHASE_PLAYING: Final = "playing"
PHASE_OVER: Final = "over"


class DealResult(Protocol):
    """A finished deal as the session keeps it: its result entry and score, worked out
    when first asked for (see :class:`saustall.games.saukopf.observe.FinishedDeal`)."""

    def entry(self) -> dict[str, Any]:
        """The public result entry."""

    def score(self) -> DealScore | None:
        """The deal's score; None for a deal thrown in."""


class DealState(GameState):
    """The data of a Saukopf session: the ledger and the deal in progress."""

    rng_stream: str
    # -- the session -------------------------------------------------------------------
    hand_size: int
    num_aside: int
    total_tricks: int
    deals: int
    first_dealer: int
    allow_revoke: bool
    preset: list[int] | None
    _ledger: Ledger
    """Meat and roughness of the deals scored so far (clones share it: never edited)."""
    _unscored: tuple[DealResult, ...]
    """Finished deals not yet added to ``_ledger`` (a playout never asks)."""
    _results: tuple[DealResult, ...]
    """The finished deals."""
    deal_index: int
    over: bool
    _legal: tuple[int, ...] | None
    # -- the deal ----------------------------------------------------------------------
    dealer: int
    masks: list[int]
    """Each seat's hand as a bit mask."""
    dealt: tuple[int, ...]
    """Each seat's cards of this deal, held or played, as bit masks (after a Kreuzung's
    hand-over)."""
    aside: tuple[int, ...]
    bid_log: tuple[tuple[str, int, int], ...]
    failed_kreuzung: tuple[tuple[int, int], ...]
    trick: tuple[int, ...]
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]
    """``(leader, cards, winner)`` of each finished trick."""
    taken_points: tuple[int, ...]
    taken_tricks: tuple[int, ...]
    leader: int
    revoked_by: int
    # -- the declaration ---------------------------------------------------------------
    decl: Declaration | None
    order: Order
    declarer: int
    bid: int
    partner: int
    partner_public: bool
    called_ace: int
    ran_away: bool
    kreuz_open: int
    kreuz_given: int
    give_index: int
    poll: list[int]
    """Who is asked in turn (Kreuzung partner, Huftritt); replaced, never edited."""
    poll_i: int
    kontra: int
    re: int
    kontra_done: bool
    # -- the bidding -------------------------------------------------------------------
    stage: str
    phase: str
    top_bid: int
    top_bidder: int
    bids_used: tuple[int, ...]
    passed: tuple[bool, ...]
    cur: int

    def __init__(self, game: Game, num_players: int, seed: int,
                 options: dict[str, Any], rng_stream: str = DEFAULT_STREAM,
                 *, twin_of: DealState | None = None) -> None:
        """A new session; with ``twin_of``, a copy of that state instead (see :meth:`clone`)."""
        if twin_of is not None:
            self._copy(twin_of)
            return
        params = game.ruleset.params
        self.game = game
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.history: list[Action] = []
        self.rng_stream = rng_stream
        self.rng = new_rng(seed, rng_stream)
        self.hand_size = params["hand_size"]
        self.num_aside = params["aside"]
        self.total_tricks = self.hand_size
        self.deals = options["deals"]
        self.first_dealer = options["dealer"]
        self.allow_revoke = options["allow_revoke"]
        self.preset = _parse_hands(options["hands"], num_players, self.hand_size,
                                   self.num_aside)
        self._ledger = Ledger(num_players)
        self._unscored = self._results = ()
        self.deal_index = 0
        self.over = False
        self._legal = None
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
        self.masks = [mask_of(deck[i * k:(i + 1) * k]) for i in range(n)]
        self.dealt = tuple(self.masks)
        self.aside = tuple(sorted(deck[n * k:]))
        self.bid_log = ()
        self.failed_kreuzung = ()
        self._reset_declaration()
        self.trick = ()
        self.tricks = ()
        self.taken_points = self.taken_tricks = (0,) * n
        self.leader = (self.dealer + 1) % n
        self.revoked_by = -1
        self._start_bidding(TROG)

    def _reset_declaration(self) -> None:
        self.decl = None
        self.order = DEFAULT_ORDER
        self.declarer = -1
        self.bid = 0
        self.partner = -1
        self.partner_public = False
        self.called_ace = -1
        self.ran_away = False
        self.kreuz_open = -1
        self.kreuz_given = -1
        self.give_index = -1
        self.poll = []
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
        self.bids_used = (0,) * n
        self.passed = (False,) * n
        self.cur = (self.dealer + 1) % n

    def clone(self) -> Self:
        if _COMPILED:  # mypyc's classes are made only through __init__ and have no __dict__
            return type(self)(self.game, self.num_players, self.seed, self.options,
                              self.rng_stream, twin_of=self)
        twin = object.__new__(type(self))  # pure Python: one dict copy
        fields = self.__dict__.copy()
        # Only the history and the hands are edited in place (see the module docstring).
        fields["history"] = self.history[:]
        fields["masks"] = self.masks[:]
        fields["rng"] = self.rng.clone()
        twin.__dict__ = fields
        return twin

    def _copy(self, source: DealState) -> None:
        # Spelled out (compiled classes have no __dict__). Only the history and the hands
        # are edited in place (see the module docstring): the rest is shared.
        self.game = source.game
        self.num_players = source.num_players
        self.seed = source.seed
        self.options = source.options
        self.rng_stream = source.rng_stream
        self.history = source.history[:]
        self.masks = source.masks[:]
        self.rng = source.rng.clone()
        self.hand_size = source.hand_size
        self.num_aside = source.num_aside
        self.total_tricks = source.total_tricks
        self.deals = source.deals
        self.first_dealer = source.first_dealer
        self.allow_revoke = source.allow_revoke
        self.preset = source.preset
        self._ledger = source._ledger
        self._unscored = source._unscored
        self._results = source._results
        self.deal_index = source.deal_index
        self.over = source.over
        self._legal = source._legal
        self.dealer = source.dealer
        self.dealt = source.dealt
        self.aside = source.aside
        self.bid_log = source.bid_log
        self.failed_kreuzung = source.failed_kreuzung
        self.trick = source.trick
        self.tricks = source.tricks
        self.taken_points = source.taken_points
        self.taken_tricks = source.taken_tricks
        self.leader = source.leader
        self.revoked_by = source.revoked_by
        self.decl = source.decl
        self.order = source.order
        self.declarer = source.declarer
        self.bid = source.bid
        self.partner = source.partner
        self.partner_public = source.partner_public
        self.called_ace = source.called_ace
        self.ran_away = source.ran_away
        self.kreuz_open = source.kreuz_open
        self.kreuz_given = source.kreuz_given
        self.give_index = source.give_index
        self.poll = source.poll
        self.poll_i = source.poll_i
        self.kontra = source.kontra
        self.re = source.re
        self.kontra_done = source.kontra_done
        self.stage = source.stage
        self.phase = source.phase
        self.top_bid = source.top_bid
        self.top_bidder = source.top_bidder
        self.bids_used = source.bids_used
        self.passed = source.passed
        self.cur = source.cur

    # -- derived facts -----------------------------------------------------------------
    @property
    def ledger(self) -> Ledger:
        """Meat and roughness points over the finished deals (a copy is safe to keep; do
        not edit it)."""
        if self._unscored:
            ledger = self._ledger.copy()
            for deal in self._unscored:
                score = deal.score()
                if score is not None:
                    ledger.add(score)
            self._ledger, self._unscored = ledger, ()
        return self._ledger

    @property
    def results(self) -> list[dict[str, Any]]:
        """The result entries of the finished deals (public)."""
        return [deal.entry() for deal in self._results]

    @property
    def hands(self) -> list[list[int]]:
        """Each seat's hand, ascending (a fresh copy: change hands through ``masks``)."""
        return [list(cards_of(m)) for m in self.masks]

    @property
    def trick_players(self) -> list[int]:
        """The seats that played the cards of the current trick, in order."""
        n = self.num_players
        return [(self.leader + i) % n for i in range(len(self.trick))]

    def played_masks(self) -> list[int]:
        """The cards each seat has played this deal, as bit masks."""
        return [dealt & ~held for dealt, held in zip(self.dealt, self.masks)]

    def played_in_order(self, p: int) -> list[int]:
        """The cards ``p`` has played this deal, in play order."""
        n = self.num_players
        found = [cards[(p - lead) % n] for lead, cards, _ in self.tricks]
        i = (p - self.leader) % n
        if i < len(self.trick):
            found.append(self.trick[i])
        return found

    def _in_party(self, p: int) -> bool:
        return p == self.declarer or p == self.partner

    def holder(self, c: int) -> int:
        """The seat holding card ``c`` in hand, or -1."""
        bit = 1 << c
        for p, mask in enumerate(self.masks):
            if mask & bit:
                return p
        return -1


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
