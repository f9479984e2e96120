"""Saukopf worlds sampled from a view alone: complete states a seat cannot tell apart.

:class:`WorldSampler` reads one seat's view (``state.view(seat)``, or the same view after a
JSON round trip) and deals the cards that seat cannot see, at random, to the seats that
hold them, honouring every hard fact the view shows:

* each seat's number of cards, the cards played, the cards aside;
* voids: a seat that did not follow the suit led (trumps are a suit of their own) holds
  none of it;
* the called Sau: never with the declarer or a seat that kicked (a hidden partner may only
  pass), with the partner once the partner is known, and played whenever the called suit
  was searched;
* the Kreuzung: the declarer held no trump or only the open one, which went to the
  partner; the card handed over (known to the declarer and the partner, chosen at random
  among the declarer's plain cards for everyone else); a failed Kreuzung's declarer held
  no trump but the one laid open;
* the bidding and the declaration: every bid and game must have been legal with the
  sampled hand (a Napf bid of 61, the declarer's card of the called suit).

The world is then built by *replaying* the current deal through the engine from the
sampled deal: bids, declarations, partner bidding, the hand-over, the Huftritt window and
every card, each checked for legality. So the derived facts (partner, running away, trick
winners, points) come from the rules themselves; a deal whose replay breaks a rule is
discarded and another drawn. Finished deals are public: the world carries their result
entries and the ledger as the view shows them (its history holds this deal's actions only).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Sequence, cast

from saustall.core.errors import SaustallError
from saustall.core.game import View
from saustall.core.rng import Rng
from saustall.games.saukopf.actions import (
    JOIN, KONTRA, PASS, RE, bid_action, card_action, declare_action, give_action,
    parse_declaration, revoke_action,
)
from saustall.games.saukopf.bidding import KREUZ_MASK, TROG
from saustall.games.saukopf.cards import (
    CARD_BY_TEXT, KREUZUNG, KREUZUNG_KINDS, SAUEREI_KINDS, SCHWARZ, UNREINE_KREUZUNG,
    Declaration, Order, cards_of, mask_of, order_for,
)
from saustall.games.saukopf.observe import _assign, _place
from saustall.games.saukopf.scoring import DealScore, Ledger
from saustall.games.saukopf.state import (
    PHASE_GIVING, PHASE_KONTRA, PHASE_OVER, PHASE_PARTNER, PHASE_RE,
)

if TYPE_CHECKING:  # the game imports this module: worlds are built through the game
    from saustall.games.saukopf.game import SaukopfState


class SamplingError(SaustallError, ValueError):
    """The view admits no world (it was not built by the engine, or was edited)."""


class ViewedDeal:
    """A finished deal known from its public result entry (the ledger already counts it)."""

    __slots__ = ("_entry",)

    def __init__(self, entry: dict[str, Any]) -> None:
        self._entry = entry

    def entry(self) -> dict[str, Any]:
        """The public result entry, as the view showed it."""
        return self._entry

    def score(self) -> DealScore | None:
        """None: the world's ledger starts from the view's totals, which include it."""
        return None


def _card(text: str) -> int:
    try:
        return CARD_BY_TEXT[text]
    except (KeyError, TypeError):
        raise SamplingError(f"the view names an unknown card {text!r}") from None


def view_plays(view: View) -> list[tuple[int, int]]:
    """Every card of the current deal played so far, as (seat, card) in the order played,
    the current trick's last: what a seat's view shows of the play."""
    players = int(view["players"])
    plays: list[tuple[int, int]] = []
    for trick in view["tricks"]:
        lead = int(trick["leader"])
        for i, t in enumerate(trick["cards"]):
            plays.append(((lead + i) % players, _card(t)))
    plays.extend((int(p), _card(t)) for p, t in view["trick"])
    return plays


def voids_shown(order: Order, plays: Sequence[tuple[int, int]], players: int) -> list[int]:
    """For each seat, the mask of the cards it has shown it holds none of: the effective
    suit (trumps one of their own) of every trick it did not follow. ``plays``: as
    :func:`view_plays` gives them, a trick every ``players`` cards."""
    voids = [0] * players
    for first in range(0, len(plays), players):
        trick = plays[first:first + players]
        led = order.eff_suit[trick[0][1]]
        for p, c in trick[1:]:
            if order.eff_suit[c] != led:
                voids[p] |= order.suit_masks[led]
    return voids


def _bid_code(text: str) -> int:
    if text == "pass":
        return PASS
    if text == "Schwarz":
        return bid_action(SCHWARZ)
    return bid_action(int(text))


_MAX_CHECKS = 4000
"""Replays tried for one world before the view is declared impossible."""


class _OutOfTries(Exception):
    pass


class Lean(NamedTuple):
    """Cards a hidden seat is dealt in every candidate world of
    :meth:`WorldSampler.sample_many`: some of the cards of :attr:`mask` (a declarer's
    trumps), from :attr:`low` to :attr:`high` of them in all, counting those it played."""

    seat: int
    mask: int
    low: int
    high: int
    as_dealt: bool = False
    """True: exactly as many as a random deal gives, kept between :attr:`low` and
    :attr:`high`, so a count is as likely as among random hands of that range (a
    Sauerei's declarer). False: a count drawn evenly from the range and the rest of the
    hand dealt at random, often more: the long trump suits a solo's declarer holds,
    which random deals rarely give."""


class _LeanDeal:
    """Candidate deals of the hidden cards that give a :class:`Lean`'s seat some of its
    cards: as dealt (:attr:`Lean.as_dealt`), exactly a count drawn as likely as in a
    random deal (hypergeometric) and no more; otherwise at least a count drawn evenly.
    ``free`` (shuffled in place, as the sampler's own deals do) and ``bound`` are the
    sampler's unconstrained and constrained hidden cards."""

    def __init__(self, lean: Lean, known: int, free: list[int], bound: tuple[int, ...],
                 forbidden: list[int], capacity: list[int]) -> None:
        self.lean = lean
        seat, mask = lean.seat, lean.mask
        self.free, self.bound, self.forbidden, self.capacity = free, bound, forbidden, capacity
        self.have = (known & mask).bit_count()
        # every free card may go to any hidden seat: they are the lean's candidates
        self.lean_cards = tuple(c for c in sorted(free) if mask >> c & 1)
        self.counts: list[int] = []
        self.chances: list[float] = []
        self.total = 0.0
        if lean.as_dealt:
            self.lean_free = list(self.lean_cards)
            self.plain_free = [c for c in free if not mask >> c & 1]
            allowed = len(free) + sum(1 for c in bound if not forbidden[seat] >> c & 1)
            lean_all = len(self.lean_cards) + sum(
                1 for c in bound if mask >> c & 1 and not forbidden[seat] >> c & 1)
            room = capacity[seat]
            # only free cards are dealt to the seat: the bound ones go to whoever may hold them
            for k in range(max(0, lean.low - self.have),
                           min(lean.high - self.have, len(self.lean_cards), room) + 1):
                if room - k <= allowed - lean_all:
                    self.counts.append(k)
                    self.chances.append(float(math.comb(lean_all, k)
                                              * math.comb(allowed - lean_all, room - k)))
            self.total = math.fsum(self.chances)

    @property
    def dealable(self) -> bool:
        """False when the lean is dealt as dealt but no count in its range can be."""
        return not self.lean.as_dealt or bool(self.counts)

    def place(self, rng: Rng, hidden: list[int]) -> list[int] | None:
        """One deal of the hidden cards (masks by seat); None on a dead end."""
        seat, mask = self.lean.seat, self.lean.mask
        forbidden, bound = self.forbidden, self.bound
        if self.lean.as_dealt:
            want = self._drawn_count(rng)
            lean_cards = self.lean_free
            rng.shuffle(lean_cards)
            extra = mask_of(lean_cards[:want])
            rest = self.plain_free
            bound = bound + tuple(lean_cards[want:])
            forbidden = forbidden[:]
            forbidden[seat] |= mask & ~extra  # no more of them than drawn
        else:
            want = self.lean.low + rng.randrange(self.lean.high - self.lean.low + 1) - self.have
            lean_cards = list(self.lean_cards)
            rng.shuffle(lean_cards)
            want = max(0, min(want, self.capacity[seat], len(lean_cards)))
            if not want:
                rng.shuffle(self.free)
                return _place(bound, self.free, hidden, self.capacity, forbidden, rng)
            extra = mask_of(lean_cards[:want])
            rest = [c for c in self.free if not extra >> c & 1]
        room = self.capacity[:]
        room[seat] -= want
        rng.shuffle(rest)
        placed = _place(bound, rest, hidden, room, forbidden, rng)
        if placed is not None:
            placed[seat] |= extra
        return placed

    def _drawn_count(self, rng: Rng) -> int:
        """A count of the lean's cards, each as likely as its chance (as dealt)."""
        pick = rng.random() * self.total
        for k, chance in zip(self.counts, self.chances):
            pick -= chance
            if pick < 0:
                return k
        return self.counts[-1]


class WorldSampler:
    """Samples worlds for one view; reads the view once, then :meth:`sample` is cheap."""

    def __init__(self, game: Any, view: View) -> None:
        self.game = game
        self.hand_size = int(game.ruleset.params["hand_size"])
        try:
            self._read(view)
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            if isinstance(exc, SamplingError):
                raise
            raise SamplingError(f"not a Saukopf view: {exc!r}") from None

    # -- reading the view --------------------------------------------------------------
    def _read(self, view: View) -> None:
        n = self.players = int(view["players"])
        observer = view["observer"]
        self.observer: int | None = observer if isinstance(observer, int) else None
        self.phase: str = view["phase"]
        self.to_act = [int(p) for p in view["to_act"]]
        self.deal = int(view["deal"])
        self.deals = int(view["deals"])
        self.first_dealer = (int(view["dealer"]) - (self.deal - 1)) % n
        self.allow_revoke = bool(view.get("allow_revoke", False))
        self.aside = tuple(sorted(_card(t) for t in view["aside"]))
        self.hand_counts = [int(k) for k in view["hand_counts"]]
        self.own = 0
        if self.observer is not None:
            for t in view["hand"]:
                self.own |= 1 << _card(t)
        # finished deals: public; when the session is over the last one is this deal
        results = list(view["results"])
        meat = list(view["ledger"]["meat"])
        rough = list(view["ledger"]["roughness"])
        self.last_revoke = -1
        if self.phase == PHASE_OVER and results:
            last = results.pop()
            meat = [m - x for m, x in zip(meat, last["meat"])]
            rough = [r - x for r, x in zip(rough, last["roughness"])]
            if last.get("revoked_by") is not None:
                self.last_revoke = int(last["revoked_by"])
        self.results = tuple(ViewedDeal(entry) for entry in results)
        self.meat, self.rough = meat, rough
        # this deal's public actions
        self.bids = [(stage, int(p), _bid_code(b)) for stage, p, b in view["bidding"]["log"]]
        self.failed = [(int(q), _card(c) if c is not None else -1)
                       for q, c in view["failed_kreuzung"]]
        declared = view["declared"]
        self.decl: Declaration | None = None
        self.declarer = self.partner = self.open = self.given = -1
        self.kontra = view["kontra"] if view["kontra"] is not None else -1
        self.re = view["re"] if view["re"] is not None else -1
        self.partner_asked = -1
        if declared is not None:
            self.decl = parse_declaration(declared["game"])
            self.declarer = int(declared["declarer"])
            if declared["partner"] is not None:
                self.partner = int(declared["partner"])
            if declared["open_trump"] is not None:
                self.open = _card(declared["open_trump"])
            if declared["given"] is not None:
                self.given = _card(declared["given"])
            if declared.get("partner_asked") is not None:
                self.partner_asked = int(declared["partner_asked"])
        self.plays = view_plays(view)
        self.current_trick = self.plays[len(self.plays) - len(view["trick"]):]
        self.played = [0] * n
        for p, c in self.plays:
            self.played[p] |= 1 << c
        self._constraints()

    def _constraints(self) -> None:
        """Fixed cards, each seat's excluded cards (strict and relaxed), and the pool."""
        n = self.players
        self.hidden = [p for p in range(n) if p != self.observer]
        played_all = 0
        for m in self.played:
            played_all |= m
        aside = 0
        for c in self.aside:
            aside |= 1 << c
        self.pool = ((1 << 32) - 1) & ~aside & ~played_all & ~self.own
        fixed: dict[int, int] = {}
        forbidden = [0] * n  # facts: never wrong
        strict = [0] * n  # facts that hold but in the rarest corners (tried first)
        decl = self.decl
        handed_over = (decl is not None and decl.kind in KREUZUNG_KINDS and self.open >= 0
                       and self.partner >= 0 and self.phase != PHASE_GIVING)
        self.handed_over = handed_over
        # voids shown by the tricks
        if decl is not None:
            self.order = order_for(decl.kind, decl.param, decl.spiess)
            for p, void in enumerate(voids_shown(self.order, self.plays, n)):
                forbidden[p] |= void
        # the called Sau
        if decl is not None and decl.kind in SAUEREI_KINDS:
            ace = decl.called_ace
            if self.pool >> ace & 1:
                if self.partner >= 0:
                    fixed[ace] = self.partner
                else:
                    forbidden[self.declarer] |= 1 << ace
                    if self.kontra >= 0:
                        forbidden[self.kontra] |= 1 << ace
                    trick = self.current_trick
                    if trick and self.order.eff_suit[trick[0][1]] == ace >> 3:
                        for p, _ in trick[1:]:
                            forbidden[p] |= 1 << ace
        # the Kreuzung
        if decl is not None and decl.kind in KREUZUNG_KINDS:
            d = self.declarer
            if self.open >= 0 and self.pool >> self.open & 1:
                fixed[self.open] = self.partner if handed_over else d
            if handed_over:
                if self.given >= 0:
                    forbidden[d] |= KREUZ_MASK & ~(1 << self.given)
                    if self.pool >> self.given & 1:
                        fixed[self.given] = d
                else:
                    strict[d] |= KREUZ_MASK
            elif self.open >= 0:
                forbidden[d] |= KREUZ_MASK & ~(1 << self.open)
            else:
                forbidden[d] |= KREUZ_MASK
        for q, opened in self.failed:
            involved = handed_over and q in (self.declarer, self.partner)
            keep = 1 << opened if opened >= 0 else 0
            (strict if involved else forbidden)[q] |= KREUZ_MASK & ~keep
            if opened >= 0 and not involved and self.pool >> opened & 1:
                fixed[opened] = q
        for c, p in fixed.items():
            if p == self.observer or p < 0:
                raise SamplingError(f"the view places a hidden card with seat {p}")
        self.fixed = fixed
        self.forbidden = forbidden
        self.strict = [f | s for f, s in zip(forbidden, strict)]

    # -- sampling ----------------------------------------------------------------------
    def sample(self, rng: Rng, weight: Callable[[list[int]], float] | None = None,
               tries: int = 200) -> SaukopfState:
        """A world consistent with the view, drawn with ``rng`` (same rng state, same
        world). Raises :class:`SamplingError` when the view admits none.

        ``weight`` (inference from play): given each seat's cards of the deal (held or
        played, as bit masks), how likely (0 to 1) the seats' bids and calls were with
        them; a drawn deal is kept with that probability (rejection sampling), for up to
        ``tries`` draws, then any consistent world is taken.
        """
        seed = rng.randrange(2**62)
        if weight is not None:
            found = self._sample_weighted(weight, rng, seed, tries)
            if found is not None:
                return found
        for forbidden in (self.strict, self.forbidden):
            found = self._sample_with(forbidden, rng, seed)
            if found is not None:
                return found
        raise SamplingError("no deal of the hidden cards is consistent with this view")

    def sample_many(self, rng: Rng, count: int, weight: Callable[[list[int]], float] | None,
                    candidates: int, lean: Lean | None = None) -> list[SaukopfState]:
        """``count`` worlds; with ``weight`` (see :meth:`sample`), chosen by weight among
        ``candidates`` drawn deals (sampling importance resampling: the likeliest deals
        are found even when few random deals fit the players' calls).

        ``lean`` (:class:`Lean`) deals its seat, in every candidate, some of its cards (a
        declarer's trumps, which random deals would rarely give and the weight alone
        could not find), as far as the constraints allow.
        """
        if weight is None or count <= 0:
            return [self.sample(rng) for _ in range(count)]
        drawn = self._draw(rng, candidates, lean)
        weights = [weight([m | q for m, q in zip(masks, self.played)]) for masks in drawn]
        worlds: list[SaukopfState] = []
        while len(worlds) < count and drawn:
            total = sum(weights)
            if total <= 0:
                break
            pick = rng.random() * total
            i = 0
            last = len(drawn) - 1  # hoisted: this scan is most of a bidding decision's sampling
            while i < last and pick >= weights[i]:
                pick -= weights[i]
                i += 1
            masks = drawn.pop(i)
            weights.pop(i)
            world = self._build(masks, rng, rng.randrange(2**62))
            if world is not None:
                worlds.append(world)
        while len(worlds) < count:
            worlds.append(self.sample(rng))
        return worlds

    def _draw(self, rng: Rng, count: int,
              lean: Lean | None = None) -> list[list[int]]:
        """Up to ``count`` random deals of the hidden cards (hands as masks by seat)
        within the strict constraints, not yet replayed (``lean``: see
        :meth:`sample_many`)."""
        n = self.players
        forbidden = self.strict
        base = [0] * n
        fixed_mask = 0
        for c, p in self.fixed.items():
            fixed_mask |= 1 << c
            base[p] |= 1 << c
        pool = self.pool & ~fixed_mask
        capacity = [0] * n
        for p in self.hidden:
            capacity[p] = self.hand_counts[p] - base[p].bit_count()
            if capacity[p] < 0:
                return []
        somewhere = 0
        for p in self.hidden:
            somewhere |= forbidden[p]
        free_mask = pool & ~somewhere
        free = list(cards_of(free_mask))
        bound = cards_of(pool & somewhere)
        found = []
        dealer = None
        if lean is not None and lean.seat in self.hidden:
            dealer = _LeanDeal(lean, base[lean.seat] | self.played[lean.seat], free, bound,
                               forbidden, capacity)
            if not dealer.dealable:  # no count in the range can be dealt: no lean
                dealer = None
        for _ in range(count):
            placed: list[int] | None
            if dealer is not None:
                placed = dealer.place(rng, self.hidden)
            else:
                rng.shuffle(free)
                placed = _place(bound, free, self.hidden, capacity, forbidden, rng)
            if placed is None:
                continue
            masks = [base[p] | placed[p] for p in range(n)]
            if self.observer is not None:
                masks[self.observer] = self.own
            found.append(masks)
        return found

    def _sample_weighted(self, weight: Callable[[list[int]], float], rng: Rng, seed: int,
                         tries: int) -> SaukopfState | None:
        n = self.players
        forbidden = self.strict
        base = [0] * n
        fixed_mask = 0
        for c, p in self.fixed.items():
            fixed_mask |= 1 << c
            base[p] |= 1 << c
        pool = self.pool & ~fixed_mask
        capacity = [0] * n
        for p in self.hidden:
            capacity[p] = self.hand_counts[p] - base[p].bit_count()
            if capacity[p] < 0:
                return None
        somewhere = 0
        for p in self.hidden:
            somewhere |= forbidden[p]
        free = list(cards_of(pool & ~somewhere))
        bound = cards_of(pool & somewhere)
        for _ in range(tries):
            rng.shuffle(free)
            placed = _place(bound, free, self.hidden, capacity, forbidden, rng)
            if placed is None:
                continue
            masks = [base[p] | placed[p] for p in range(n)]
            if self.observer is not None:
                masks[self.observer] = self.own
            if rng.random() >= weight([m | q for m, q in zip(masks, self.played)]):
                continue
            world = self._build(masks, rng, seed)
            if world is not None:
                return world
        return None

    def _sample_with(self, forbidden: list[int], rng: Rng, seed: int) -> SaukopfState | None:
        n = self.players
        fixed_mask = 0
        base = [0] * n
        for c, p in self.fixed.items():
            fixed_mask |= 1 << c
            base[p] |= 1 << c
        pool = self.pool & ~fixed_mask
        capacity = [0] * n
        for p in self.hidden:
            capacity[p] = self.hand_counts[p] - base[p].bit_count()
            if capacity[p] < 0:
                return None
        if sum(capacity) != pool.bit_count():
            raise SamplingError("the view's card counts do not add up")
        found: list[SaukopfState] = []
        tries = [0]

        def check(placed: list[int]) -> bool:
            tries[0] += 1
            if tries[0] > _MAX_CHECKS:
                raise _OutOfTries()
            masks = [base[p] | placed[p] for p in range(n)]
            if self.observer is not None:
                masks[self.observer] = self.own
            world = self._build(masks, rng, seed)
            if world is None:
                return False
            found.append(world)
            return True

        try:
            _assign(pool, self.hidden, capacity, forbidden, rng, check)
        except _OutOfTries:
            return None
        return found[0] if found else None

    def _build(self, masks: list[int], rng: Rng, seed: int) -> SaukopfState | None:
        """The world whose current hands are ``masks``: this deal replayed from its start;
        None if the replay breaks a rule."""
        n = self.players
        post = [m | q for m, q in zip(masks, self.played)]
        pre = post[:]
        give = -1
        if self.handed_over:
            d, q = self.declarer, self.partner
            give = self.given
            if give < 0:
                mine = post[d]
                trumps = mine & KREUZ_MASK
                if trumps:
                    if trumps.bit_count() > 1:
                        return None
                    give = trumps.bit_length() - 1
                else:
                    choice = cards_of(mine)
                    give = choice[rng.randrange(len(choice))]
            pre[d] = post[d] & ~(1 << give) | 1 << self.open
            pre[q] = post[q] & ~(1 << self.open) | 1 << give
        size = self.hand_size
        for p in range(n):
            if pre[p].bit_count() != size:
                return None
        options = {"deals": self.deals, "dealer": self.first_dealer,
                   "allow_revoke": self.allow_revoke}
        state = cast("SaukopfState", self.game.new_state(n, seed, options))
        state.deal_index = self.deal - 1
        state._ledger = Ledger(n, self.meat[:], self.rough[:], len(self.results))
        state._unscored = ()
        state._results = self.results
        state._start_deal()
        state.masks = pre
        state.dealt = tuple(pre)
        state.aside = self.aside
        state._legal = None
        if not self._replay(state, give):
            return None
        return state

    def _replay(self, state: SaukopfState, give: int) -> bool:
        bids = self.bids
        bi = fi = pi = 0
        failing = False
        phase_now, to_act = self.phase, self.to_act
        for _ in range(400):
            phase = state.phase
            cur = state.cur
            if phase == "bidding":
                if bi == len(bids):
                    break
                stage, seat, action = bids[bi]
                if state.stage != stage or cur != seat:
                    return False
                bi += 1
            elif phase == "declaring":
                if fi < len(self.failed):
                    if self.failed[fi][0] != cur:
                        return False
                    kind = KREUZUNG if state.stage == TROG else UNREINE_KREUZUNG
                    action = declare_action(Declaration(kind, -1, False))
                    fi += 1
                    failing = True
                elif self.decl is not None:
                    action = declare_action(self.decl)
                    failing = False
                else:
                    break
            elif phase == PHASE_PARTNER:
                if failing:
                    action = PASS
                elif phase_now == PHASE_PARTNER and state.poll_i == self.partner_asked:
                    break
                else:
                    action = JOIN if cur == self.partner else PASS
            elif phase == PHASE_GIVING:
                if give < 0:
                    break
                action = give_action(give)
            elif phase == PHASE_KONTRA:
                if phase_now == PHASE_KONTRA and to_act == [cur]:
                    break
                action = KONTRA if cur == self.kontra else PASS
            elif phase == PHASE_RE:
                if phase_now == PHASE_RE and to_act == [cur]:
                    break
                action = RE if cur == self.re else PASS
            elif phase == "playing":
                if pi == len(self.plays):
                    if self.last_revoke >= 0 and phase_now == PHASE_OVER:
                        action = revoke_action(self.last_revoke)
                    else:
                        break
                else:
                    seat, c = self.plays[pi]
                    if seat != cur:
                        return False
                    action = card_action(c)
                    pi += 1
            else:
                break
            if not state.is_legal(action):
                return False
            state.apply(action)
        return bool(state.phase == phase_now and list(state.to_act()) == to_act
                    and bi == len(bids) and pi == len(self.plays))


def sample_world(game: Any, view: View, rng: Rng) -> SaukopfState:
    """A complete state consistent with ``view``, built from the view alone (see the module
    docstring)."""
    return WorldSampler(game, view).sample(rng)


__all__ = ["Lean", "SamplingError", "ViewedDeal", "WorldSampler", "sample_world"]
