"""Forced contracts: what each Saukopf game kind is worth when it is declared.

``saustall census --worth`` measures the contracts the bots choose, so a kind they never
declare (Wutz, the Unreine Sauerei, the Unreine Kreuzung) has no figure. Here the
contract is **forced** and everything else is the bots' own:

* **The deal** is census deal ``i`` (:func:`saustall.games.saukopf.census.deal_seed`: a
  one-deal session, the dealer moving one seat per deal), the same deals for every
  contract, so contracts are compared on the same cards.
* **The declarer** is, of the seats that may declare the kind (and am Spieß or not) after
  the kind's least bid, the seat whose hand the kind suits best by the bots' own quick
  rating of a declaration (:func:`saustall.games.saukopf.bots.eval.rate_mask`, the best
  over the kind's suits or cards; for a Vegane Mast, whose rating ignores Spieß, the
  fewest tricks by the same rating's count in the game's own order: :func:`seat_rating`);
  ties go to the hand with more card points in a Trog
  game and fewer in a Napf game (played to lose), then to the seat first in the bidding
  (left of the dealer). Why the best-suited seat and not each seat in turn: a player
  declares a game on a hand that suits it, so "is it ever worth it?" is a question about
  those hands; each seat in turn would mostly measure hands nobody would declare on, and
  cost four times the play. A deal where no seat may declare the kind (a Kreuzung needs a
  hand with at most one trump, a Sauerei a Sau to call) is not played for it; the share
  of deals where it could be declared is reported.
* **The bidding** is forced: the declarer bids the kind's least bid (61; Knorpel and Mast
  91; Vegane Mast Schwarz), in the Trog for a clean game, in the Napf for an unclean one
  (the Trog passed by all), and every other seat passes.
* **The declaration** is the declarer's bot's choice among the legal declarations of the
  kind with the Spieß asked for (which Sau to call, which suit or card is trump), from its
  view and those legal actions only, as every other decision of the deal: the Kreuzung
  partner bidding and hand-over, Kontra and Re, and every card. A Kreuzung nobody joins
  goes on as the rules say (a clean one to the Napf, bid by the bots as they like; an
  unclean one is thrown in), and the declarer's net is what the rest of the deal paid it.

The bots read the forced passes as real ones (a bot cannot tell), so their inference of
the passers' hands leans as after a real pass.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from saustall.bots.base import make_bot
from saustall.core.errors import InvalidOptionError
from saustall.core.game import Action
from saustall.core.registry import get
from saustall.core.rng import derive_seed
from saustall.games.saukopf.actions import PASS, bid_action, declaration_of, is_declare
from saustall.games.saukopf.bidding import NAPF, TROG, declarations
from saustall.games.saukopf.bots.eval import rate_mask, tricks_of_mask
from saustall.games.saukopf.cards import (
    GAME_KINDS, KIND_BY_NAME, KREUZUNG_KINDS, VEGANE_MAST, Declaration, GameKind, cards_of,
    mask_points, order_for,
)
from saustall.games.saukopf.census import cpu_seconds, deal_seed
from saustall.games.saukopf.game import SaukopfState
from saustall.games.saukopf.simulation import session_facts
from saustall.arena.simulate import backend_workers, chunk_ranges, run_chunks
from saustall.stats import Interval, Moments, wilson

SEAT_RULE = ("the declarer is the seat the kind suits best by the bots' own quick rating "
             "of the declaration (a Vegane Mast: the fewest tricks in its own order; ties: more card points in a Trog game, fewer in a Napf "
             "game, then the first in the bidding); it bids the kind's least bid, the others "
             "pass; the bots choose the suit or card and play everything else")
"""How a forced deal is set up, in the words the output uses."""

Contract = tuple[str, bool]
"""A forced contract: the game kind's notation name and whether it is am Spieß."""


def contract_label(contract: Contract) -> str:
    """``wutz`` or ``wutz am Spieß``."""
    return contract[0] + (" am Spieß" if contract[1] else "")


def forced_contracts(ruleset: str, force: Sequence[str], spiess: str = "both"
                     ) -> tuple[Contract, ...]:
    """The contracts ``force`` names (game kinds' notation names, or ``all``), each plain,
    am Spieß or both (``spiess``: ``no``, ``yes``, ``both``); raises
    :class:`InvalidOptionError` naming a kind that does not exist or the ruleset lacks."""
    players = get("saukopf", ruleset).ruleset.min_players
    allowed = [kind.name for kind in GAME_KINDS if players == 4 or not kind.doppel]
    if spiess not in ("no", "yes", "both"):
        raise InvalidOptionError(f"--spiess must be no, yes or both, not {spiess!r}")
    names: list[str] = []
    for word in force:
        for name in (part.strip().lower() for part in word.split(",")):
            if not name:
                continue
            if name == "all":
                names.extend(allowed)
            elif name not in KIND_BY_NAME:
                raise InvalidOptionError(
                    f"--force: unknown game kind {name!r}; the kinds are "
                    f"{', '.join(kind.name for kind in GAME_KINDS)} (or all)")
            elif name not in allowed:
                raise InvalidOptionError(
                    f"--force: {name} is a Doppel game, not played at {players} "
                    f"({ruleset} plays {', '.join(allowed)})")
            else:
                names.append(name)
    if not names:
        raise InvalidOptionError("--force needs a game kind (or all)")
    ways = {"no": (False,), "yes": (True,), "both": (False, True)}[spiess]
    return tuple(dict.fromkeys((name, way) for name in names for way in ways))


def least_bid(kind: GameKind) -> int:
    """The least bid that allows declaring ``kind`` (a Doppel game: exactly 61)."""
    return kind.min_bid


def _choices(state: SaukopfState, seat: int, kind: GameKind, spiess: bool
             ) -> list[Any]:
    """The declarations of ``kind`` (am Spieß as asked) ``seat`` may make after the
    kind's least bid."""
    stage = NAPF if kind.napf else TROG
    found = declarations(list(cards_of(state.masks[seat])), least_bid(kind), stage,
                         state.num_players, state.aside)
    return [d for d in found if d.kind == kind.code and d.spiess == spiess]


def seat_rating(hand: int, decl: Declaration, players: int) -> float:
    """How well ``decl`` suits the hand mask ``hand``: the bots' quick rating
    (:func:`rate_mask`), but for a Vegane Mast the fewest tricks the hand would take in
    the game's own order (that rating asks only for a hand of 9s, 8s and 7s, which am
    Spieß are the highest cards: it would seat the worst hand for a Vegane Mast am Spieß)."""
    if decl.kind == VEGANE_MAST:
        return -tricks_of_mask(hand, order_for(decl.kind, decl.param, decl.spiess))
    return rate_mask(hand, decl, players)


def forced_declarer(state: SaukopfState, contract: Contract) -> int | None:
    """The seat that declares ``contract`` on this deal (see the module docstring), or
    None when no seat may."""
    kind = KIND_BY_NAME[contract[0]]
    n = state.num_players
    best: tuple[float, int, int] | None = None
    seat_found = None
    for position in range(n):
        seat = (state.dealer + 1 + position) % n
        choices = _choices(state, seat, kind, contract[1])
        if not choices:
            continue
        hand = state.masks[seat]
        rating = max(seat_rating(hand, decl, n) for decl in choices)
        points = mask_points(hand)
        key = (rating, -points if kind.napf else points, -position)
        if best is None or key > best:
            best, seat_found = key, seat
    return seat_found


def force_bidding(state: SaukopfState, declarer: int, kind: GameKind) -> None:
    """Bid ``kind``'s least bid for ``declarer`` (in the Napf: after all pass the Trog),
    every other seat passing, up to the declaration."""
    stage = NAPF if kind.napf else TROG
    while state.phase == "bidding" and not (state.stage == stage and state.cur == declarer
                                            and state.top_bid == 0):
        state.apply(PASS, state.cur)
    state.apply(bid_action(least_bid(kind)), declarer)
    while state.phase == "bidding":
        state.apply(PASS, state.cur)


@dataclass(frozen=True)
class ForcedDeal:
    """One deal played as a forced contract (declarer None: no seat could declare it)."""

    declarer: int | None
    played: bool = False
    """The contract reached the card play (False: a Kreuzung nobody joined)."""
    declarer_net: int = 0
    party_net: float = 0.0
    won: bool = False
    kontra: bool = False
    edge: float = 0.0
    """The declarer's net minus the mean net of the other seats: the session's winner
    has the most meat points, so a contract pays by what it gains over the others."""


@dataclass(frozen=True)
class ForcedJob:
    """What a worker needs to play forced deals (picklable)."""

    ruleset: str
    players: int
    bot: str
    seed: int
    contracts: tuple[Contract, ...]
    deals: int


def play_forced(job: ForcedJob, contract: Contract, index: int) -> ForcedDeal:
    """Census deal ``index`` played as ``contract`` (see the module docstring)."""
    seed = deal_seed(job.seed, index)
    state = get("saukopf", job.ruleset).new_state(
        job.players, seed, {"deals": 1, "dealer": index % job.players})
    assert isinstance(state, SaukopfState)
    declarer = forced_declarer(state, contract)
    if declarer is None:
        return ForcedDeal(None)
    kind = KIND_BY_NAME[contract[0]]
    bots = [make_bot("saukopf", job.bot, derive_seed(seed, "bot", seat))
            for seat in range(job.players)]
    force_bidding(state, declarer, kind)
    legal: list[Action] = [a for a in state.legal_actions(declarer)
                           if isinstance(a, int) and is_declare(a)
                           and declaration_of(a).kind == kind.code
                           and declaration_of(a).spiess == contract[1]]
    state.apply(bots[declarer].choose(state.view(declarer), legal), declarer)
    played = False
    while not state.is_terminal():
        if state.phase == "playing" and state.decl is not None \
                and state.declarer == declarer and state.decl.kind == kind.code:
            played = True
        player = state.current_player
        state.apply(bots[player].choose(state.view(player), state.legal_actions(player)),
                    player)
    deal = session_facts(state).deals[0]
    nets = ([deal.meat[seat] - deal.roughness[seat] for seat in range(job.players)]
            if deal.meat else [0] * job.players)
    net = nets[declarer]
    edge = net - (sum(nets) - net) / (job.players - 1)
    if not played:  # a Kreuzung nobody joined: what the rest of the deal paid the declarer
        return ForcedDeal(declarer, False, net, float(net), False, False, edge)
    party = [declarer] + ([deal.partner] if deal.partner >= 0 else [])
    party_net = sum(nets[seat] for seat in party) / len(party)
    return ForcedDeal(declarer, True, net, party_net, deal.declarer_won, deal.kontra, edge)


def play_forced_chunk(job: ForcedJob, indices: range) -> list[ForcedDeal]:
    """Forced deals ``indices`` (one chunk, on a worker): unit ``i`` is contract
    ``i // deals`` on deal ``i % deals``."""
    return [play_forced(job, job.contracts[i // job.deals], i % job.deals) for i in indices]


@dataclass(frozen=True)
class ForcedWorth:
    """What one forced contract paid its declarer, over the deals it could be declared."""

    kind: str
    spiess: bool
    deals: int
    """Deals tried (the run's ``--deals``)."""
    declarable: Interval
    """Share of the deals where some seat could declare it (Wilson)."""
    declarer_net: Interval
    """The declarer's mean net per deal declared, t 95% interval."""
    party_net: Interval
    """The declaring party's mean net per seat and deal declared, t 95% interval."""
    edge: Interval
    """The declarer's net minus the others' mean net, per deal declared, t 95% interval."""
    won: Interval
    """Share of the deals declared that the party won (Wilson)."""
    kontra: Interval
    """Share of the deals declared that were kicked (Kontra; Wilson)."""
    unjoined: Interval
    """Share of the deals declared where nobody joined (Kreuzung kinds; Wilson)."""

    @property
    def label(self) -> str:
        """``wutz`` or ``wutz am Spieß``."""
        return contract_label((self.kind, self.spiess))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, every figure as ``{"value", "low", "high", "n"}``."""
        return {"kind": self.kind, "spiess": self.spiess, "deals": self.deals,
                "declarable": self.declarable.as_dict(),
                "declarer_net": self.declarer_net.as_dict(),
                "party_net": self.party_net.as_dict(), "edge": self.edge.as_dict(),
                "won": self.won.as_dict(),
                "kontra": self.kontra.as_dict(), "nobody_joined": self.unjoined.as_dict()}


@dataclass
class _Tally:
    declared: int = 0
    declarer: Moments = field(default_factory=Moments)
    party: Moments = field(default_factory=Moments)
    edge: Moments = field(default_factory=Moments)
    won: int = 0
    kontra: int = 0
    unjoined: int = 0

    def add(self, deal: ForcedDeal) -> None:
        if deal.declarer is None:
            return
        self.declared += 1
        self.declarer.add(float(deal.declarer_net))
        self.party.add(deal.party_net)
        self.edge.add(deal.edge)
        self.won += deal.won
        self.kontra += deal.kontra
        self.unjoined += not deal.played


@dataclass(frozen=True)
class ForcedResult:
    """The forced contracts of one run."""

    ruleset: str
    players: int
    bot: str
    seed: int
    deals: int
    rows: tuple[ForcedWorth, ...]
    cpu_seconds: float = 0.0
    """CPU time of this process and its finished workers while the deals were played."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (``forced``: one record per contract)."""
        return {"ruleset": self.ruleset, "players": self.players, "bot": self.bot,
                "seed": self.seed, "deals": self.deals, "seat_rule": SEAT_RULE,
                "cpu_seconds": self.cpu_seconds,
                "forced": [row.to_dict() for row in self.rows]}


def run_forced(ruleset: str, bot: str, deals: int, contracts: Sequence[Contract],
               seed: int = 0, workers: int | None = None, chunk_size: int | None = None,
               progress: Callable[[int, int], None] | None = None,
               backend: str = "local", ray_address: str | None = None) -> ForcedResult:
    """Play census deals ``0 .. deals-1`` as each of ``contracts`` (see the module
    docstring): the same figures for the same seed whatever ``workers`` or ``backend``."""
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
        raise InvalidOptionError(f"the number of deals must be a positive integer, "
                                 f"not {deals!r}")
    bound = get("saukopf", ruleset)
    players = bound.ruleset.min_players
    make_bot("saukopf", bot, 0)  # raises naming the known bots
    job = ForcedJob(bound.ruleset.name, players, bot, seed, tuple(contracts), deals)
    units = deals * len(job.contracts)
    workers = min(backend_workers(backend, workers, ray_address), units)
    if chunk_size is None:
        chunk_size = max(1, min(20, math.ceil(units / (workers * 8))))
    tallies = [_Tally() for _ in job.contracts]
    started = cpu_seconds()
    done = 0
    stream: Iterator[tuple[range, list[ForcedDeal]]] = run_chunks(
        play_forced_chunk, job, chunk_ranges(units, chunk_size), workers, backend)
    for chunk, found in stream:
        for unit, deal in zip(chunk, found):
            tallies[unit // deals].add(deal)
        done += len(chunk)
        if progress is not None:
            progress(done, units)
    rows = tuple(ForcedWorth(
        kind=contract[0], spiess=contract[1], deals=deals,
        declarable=wilson(tally.declared, deals),
        declarer_net=tally.declarer.interval(), party_net=tally.party.interval(),
        edge=tally.edge.interval(),
        won=wilson(tally.won, tally.declared), kontra=wilson(tally.kontra, tally.declared),
        unjoined=wilson(tally.unjoined, tally.declared))
        for contract, tally in zip(job.contracts, tallies))
    return ForcedResult(job.ruleset, players, bot, seed, deals, rows,
                        cpu_seconds() - started)


def kreuzung(kind: str) -> bool:
    """True for the Kreuzung kinds (a partner must join)."""
    return KIND_BY_NAME[kind].code in KREUZUNG_KINDS


__all__ = ["Contract", "ForcedDeal", "ForcedJob", "ForcedResult", "ForcedWorth", "SEAT_RULE",
           "contract_label", "force_bidding", "forced_contracts", "forced_declarer",
           "seat_rating",
           "kreuzung", "least_bid", "play_forced", "play_forced_chunk", "run_forced"]
