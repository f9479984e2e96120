"""Saukopf's own simulation figures: meat, roughness, trophies and the mix of games.

A Saukopf game is a session of several deals. Winners and ``returns()`` alone hide what a
designer wants to know, so each simulated session also reports its
:class:`SessionFacts` (read from the finished state's public results and ledger), and
:class:`SaukopfTally` adds them up in game order into a :class:`SaukopfSummary`:

* per seat and per bot: net, meat and roughness points per deal, and the share of the two
  trophies, a tie shared equally (so the shares of all seats add up to 100%, or, for the
  Oberrauborstler, 100% less the sessions where nobody had a roughness point);
* per deal: how often the cards were thrown in, how often each game kind was played
  (every kind the ruleset allows is listed, unplayed ones with 0), am Spieß, Kontra
  (Huftritt) and Re (Gegenhuftritt), and how often the declarer's party won.

:data:`LEGEND` says in words what every figure means; the command line prints it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from saustall.arena.figures import COUNT_BOUNDS, Moments, Share, Sums
from saustall.stats import Bounds
from saustall.core.game import GameState
from saustall.games.saukopf.cards import GAME_KINDS
from saustall.games.saukopf.game import SaukopfState
from saustall.stats import Interval
from saustall.games.saukopf.observe import FinishedDeal

__all__ = ["DealFacts", "SessionFacts", "SaukopfTally", "SaukopfSummary", "PointsStats",
           "ContractStats", "Share", "LEGEND", "session_facts", "contract_name"]

LEGEND: tuple[tuple[str, str], ...] = (
    ("net/deal", "net points per deal: meat points minus roughness points, a seat's "
                 "session total divided by the deals in the session (thrown-in deals "
                 "count as deals)"),
    ("meat/deal", "meat points (Fleischpunkte) per deal: each winner of a deal gets the "
                  "same meat points (Schlachtung 2, Extrawurst, Schwarte..., doubled by "
                  "Kontra and by Re); losers get 0"),
    ("rough/deal", "roughness points (Rauborstigkeitspunkte) per deal: penalties for "
                   "reckless losers (Übergrunzer 1, Spießer 1, Huftreter 2, "
                   "Gegenhuftreter 3)"),
    ("Schlachtm.", "share of sessions won: the Schlachtmeister trophy, most meat points, "
                   "ties broken by fewest roughness points; a full tie shares the trophy "
                   "equally, so the shares of all seats add up to 100%"),
    ("Oberraub.", "share of the Oberrauborstler trophy: most roughness points (ties: "
                  "fewest meat points, then shared); nobody gets it in a session without "
                  "roughness points"),
    ("thrown in", "deals where everybody passed twice: the cards are thrown in, nobody "
                  "scores"),
    ("game kinds", "share of the deals played (not thrown in) that were each game"),
    ("Kontra / Re", "Kontra (Huftritt): share of played deals an opponent kicked; Re "
                    "(Gegenhuftritt): share of kicked deals the declarer's party kicked "
                    "back"),
    ("declarer won", "share of played deals the declarer's party won"),
    ("contract worth", "per contract (game kind, am Spieß apart): deals played, the "
                       "share the declarer's party won, and the declarer's own net "
                       "points (meat minus roughness) per deal with its 95% interval"),
    ("declared / Kontra / Re", "per seat: deals it declared, Huftritte (Kontra) and "
                               "Gegenhuftritte (Re) it gave"),
)
"""Each figure of the Saukopf summary and what it means."""



CARD_POINT_BOUNDS: Bounds = (0.0, 120.0)
"""The range of a party's card points in a deal."""

@dataclass(frozen=True)
class DealFacts:
    """One deal of a session, as the statistics need it (seats are 0-based; -1: none)."""

    kind: str
    """The game's notation name (``sauerei``, ``keiler``...); empty for a deal thrown in."""
    spiess: bool
    kontra: bool
    re: bool
    declarer_won: bool
    declarer: int = -1
    partner: int = -1
    """The declarer's partner in a Doppel; -1 in a Solo."""
    bid: int = 0
    """The winning bid, 61-120 or 121 for Schwarz; 0 for a deal thrown in."""
    declarer_points: int = 0
    """Card points taken by the declarer's party (of 120)."""
    laufende: int = 0
    """Laufende seen from the declarer's party: +n "mit n", -n "ohne n"."""
    kontra_seat: int = -1
    """Who gave the Huftritt (Kontra)."""
    re_seat: int = -1
    """Who gave the Gegenhuftritt (Re)."""
    meat: tuple[int, ...] = ()
    """Meat points of each seat in this deal."""
    roughness: tuple[int, ...] = ()
    """Roughness points of each seat in this deal."""

    @property
    def declarer_net(self) -> int:
        """The declarer's meat minus roughness points in this deal (0 when thrown in)."""
        if self.declarer < 0:
            return 0
        return self.meat[self.declarer] - self.roughness[self.declarer]


@dataclass(frozen=True)
class SessionFacts:
    """One finished Saukopf session: points per seat, trophy holders and the deals."""

    meat: tuple[int, ...]
    roughness: tuple[int, ...]
    schlachtmeister: tuple[int, ...]
    """The seats sharing the Schlachtmeister trophy."""
    oberrauborstler: tuple[int, ...]
    """The seats sharing the Oberrauborstler trophy (none without roughness points)."""
    deals: tuple[DealFacts, ...]


def session_facts(state: GameState) -> SessionFacts:
    """The facts of a finished Saukopf session, read from its finished deals and ledger
    (public: every deal's result is shown at the table)."""
    if not isinstance(state, SaukopfState):
        raise TypeError(f"not a Saukopf session: {type(state).__name__}")
    ledger = state.ledger
    deals = []
    for deal in state._results:  # the deals' own records: cheaper than their text entries
        score = deal.score()
        if score is None or not isinstance(deal, FinishedDeal):
            deals.append(DealFacts("", False, False, False, False))
            continue
        outcome = deal.outcome()
        deals.append(DealFacts(
            kind=GAME_KINDS[outcome.kind].name, spiess=outcome.spiess,
            kontra=outcome.kontra is not None, re=outcome.re is not None,
            declarer_won=score.declarer_won, declarer=outcome.declarer,
            partner=-1 if outcome.partner is None else outcome.partner, bid=outcome.bid,
            declarer_points=outcome.declarer_points, laufende=outcome.laufende,
            kontra_seat=-1 if outcome.kontra is None else outcome.kontra,
            re_seat=-1 if outcome.re is None else outcome.re,
            meat=tuple(score.meat), roughness=tuple(score.roughness)))
    return SessionFacts(meat=tuple(ledger.meat), roughness=tuple(ledger.roughness),
                        schlachtmeister=tuple(ledger.schlachtmeister()),
                        oberrauborstler=tuple(ledger.oberrauborstler()), deals=tuple(deals))


@dataclass(frozen=True)
class PointsStats:
    """Points and trophies of one seat, or of one bot pooled over its seats."""

    who: str
    """``seat N`` or the bot's name."""
    detail: str
    """For a seat, the bot(s) that sat in it; for a bot, the seats it played."""
    net_per_deal: float
    meat_per_deal: float
    roughness_per_deal: float
    schlachtmeister: Share
    """Sessions won, a shared trophy counting its share, out of sessions played."""
    oberrauborstler: Share
    net_per_deal_ci: Interval = Interval(0.0, None, None, 0)
    """:attr:`net_per_deal` with its t 95% interval over the sessions (each session's net
    per deal one value: the deals of a session are not independent, the sessions are)."""
    meat_per_deal_ci: Interval = Interval(0.0, None, None, 0)
    """:attr:`meat_per_deal` with its t 95% interval over the sessions (never below 0)."""
    roughness_per_deal_ci: Interval = Interval(0.0, None, None, 0)
    """:attr:`roughness_per_deal` with its t 95% interval over the sessions."""
    declared: int = 0
    """Deals this seat (bot) declared."""
    kontra_given: int = 0
    """Huftritte (Kontra) this seat (bot) gave."""
    re_given: int = 0
    """Gegenhuftritte (Re) this seat (bot) gave."""


@dataclass(frozen=True)
class ContractStats:
    """What one contract (a game kind, with or without Spieß) was worth to the declarer."""

    deals: int
    """Played deals of this contract."""
    declarer_won: Share
    """Deals the declarer's party won, out of :attr:`deals`."""
    declarer_net: Moments
    """The declarer's own net points (meat minus roughness) per deal of this contract."""
    declarer_points: Moments
    """Card points the declarer's party took per deal (of 120)."""
    kontra: Share
    """Deals with a Kontra, out of :attr:`deals`."""


@dataclass(frozen=True)
class SaukopfSummary:
    """The Saukopf figures of a simulation (see :data:`LEGEND`)."""

    sessions: int
    deals: int
    seats: tuple[PointsStats, ...]
    bots: tuple[PointsStats, ...]
    thrown_in: Share
    kinds: tuple[tuple[str, Share], ...]
    """Every game kind the ruleset allows, with its share of the deals played."""
    spiess: Share
    kontra: Share
    """Deals with a Kontra, out of deals played."""
    re: Share
    """Deals with a Re, out of deals with a Kontra."""
    declarer_won: Share
    no_oberrauborstler: Share
    """Sessions where nobody had a roughness point."""
    contracts: dict[str, ContractStats]
    """Each contract played (``kind``, or ``kind spiess`` am Spieß), in the order of
    :data:`GAME_KINDS`: what it was worth to the declarer."""
    declarer_seats: tuple[Share, ...]
    """Each seat's share of the declarations, out of deals played."""
    bids: dict[int, int]
    """Played deals by winning bid (121: Schwarz)."""
    laufende: dict[int, int]
    """Played deals by Laufende of the declarer's party (+n mit, -n ohne)."""
    declarer_points: Moments
    """Card points of the declarer's party per played deal."""


class _Points:
    """Running sums for one seat or bot."""

    def __init__(self) -> None:
        self.sessions = 0
        self.deals = 0
        self.meat = 0
        self.roughness = 0
        self.schlachtmeister = 0.0
        self.oberrauborstler = 0.0
        self.seats: set[str] = set()
        self.net_sessions = Sums()
        self.meat_sessions = Sums(COUNT_BOUNDS)
        self.roughness_sessions = Sums(COUNT_BOUNDS)
        self.declared = self.kontra_given = self.re_given = 0

    def add(self, facts: SessionFacts, seat: int, bot: str) -> None:
        self.sessions += 1
        deals = max(len(facts.deals), 1)
        self.net_sessions.add((facts.meat[seat] - facts.roughness[seat]) / deals)
        self.meat_sessions.add(facts.meat[seat] / deals)
        self.roughness_sessions.add(facts.roughness[seat] / deals)
        self.deals += len(facts.deals)
        self.meat += facts.meat[seat]
        self.roughness += facts.roughness[seat]
        self.seats.add(bot)
        for deal in facts.deals:
            if not deal.kind:
                continue
            self.declared += deal.declarer == seat
            self.kontra_given += deal.kontra_seat == seat
            self.re_given += deal.re_seat == seat
        if seat in facts.schlachtmeister:
            self.schlachtmeister += 1.0 / len(facts.schlachtmeister)
        if seat in facts.oberrauborstler:
            self.oberrauborstler += 1.0 / len(facts.oberrauborstler)

    def stats(self, who: str, detail: str) -> PointsStats:
        deals = max(self.deals, 1)

        def per_deal(sums: Sums, total: int) -> Interval:
            # the per-deal figure itself is the pooled one (the same when sessions have
            # equal deals), its interval over the sessions
            return replace(sums.moments().estimate(), value=total / deals)

        return PointsStats(
            who=who, detail=detail, net_per_deal=(self.meat - self.roughness) / deals,
            meat_per_deal=self.meat / deals, roughness_per_deal=self.roughness / deals,
            schlachtmeister=Share.of(self.schlachtmeister, self.sessions),
            oberrauborstler=Share.of(self.oberrauborstler, self.sessions),
            net_per_deal_ci=per_deal(self.net_sessions, self.meat - self.roughness),
            meat_per_deal_ci=per_deal(self.meat_sessions, self.meat),
            roughness_per_deal_ci=per_deal(self.roughness_sessions, self.roughness),
            declared=self.declared,
            kontra_given=self.kontra_given, re_given=self.re_given)


class _Contract:
    """Running figures of one contract."""

    def __init__(self) -> None:
        self.deals = self.won = self.kontra = 0
        self.net = Sums()
        self.points = Sums(CARD_POINT_BOUNDS)

    def add(self, deal: DealFacts) -> None:
        self.deals += 1
        self.won += deal.declarer_won
        self.kontra += deal.kontra
        self.net.add(deal.declarer_net)
        self.points.add(deal.declarer_points)

    def stats(self) -> ContractStats:
        return ContractStats(deals=self.deals, declarer_won=Share.of(self.won, self.deals),
                             declarer_net=self.net.moments(),
                             declarer_points=self.points.moments(),
                             kontra=Share.of(self.kontra, self.deals))


def contract_name(deal: DealFacts) -> str:
    """``kind``, or ``kind spiess`` for a game am Spieß."""
    return f"{deal.kind} spiess" if deal.spiess else deal.kind


class SaukopfTally:
    """Saukopf figures gathered one session at a time (counts only: flat memory)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.sessions = 0
        self.deals = 0
        self.seat_points = [_Points() for _ in range(players)]
        self.bot_points: dict[str, _Points] = {}
        self.thrown_in = 0
        self.kinds: dict[str, int] = {kind.name: 0 for kind in GAME_KINDS
                                      if players == 4 or not kind.doppel}
        self.spiess = 0
        self.kontra = 0
        self.re = 0
        self.declarer_won = 0
        self.no_oberrauborstler = 0
        self.contracts: dict[str, _Contract] = {}
        self.declarer_seats = [0] * players
        self.bids: dict[int, int] = {}
        self.laufende: dict[int, int] = {}
        self.declarer_points = Sums(CARD_POINT_BOUNDS)

    def add(self, bots: Sequence[str], facts: SessionFacts) -> None:
        """Count one finished session, its seats played by ``bots``."""
        self.sessions += 1
        self.deals += len(facts.deals)
        for seat, bot in enumerate(bots):
            self.seat_points[seat].add(facts, seat, bot)
            self.bot_points.setdefault(bot, _Points()).add(facts, seat, str(seat + 1))
        if not facts.oberrauborstler:
            self.no_oberrauborstler += 1
        for deal in facts.deals:
            if not deal.kind:
                self.thrown_in += 1
                continue
            self.kinds[deal.kind] = self.kinds.get(deal.kind, 0) + 1
            self.spiess += deal.spiess
            self.kontra += deal.kontra
            self.re += deal.re
            self.declarer_won += deal.declarer_won
            self.contracts.setdefault(contract_name(deal), _Contract()).add(deal)
            self.declarer_seats[deal.declarer] += 1
            self.bids[deal.bid] = self.bids.get(deal.bid, 0) + 1
            self.laufende[deal.laufende] = self.laufende.get(deal.laufende, 0) + 1
            self.declarer_points.add(deal.declarer_points)

    def summary(self) -> SaukopfSummary:
        """The :class:`SaukopfSummary` of the sessions added so far."""
        played = self.deals - self.thrown_in
        seats = tuple(points.stats(f"seat {seat + 1}", "/".join(sorted(points.seats)))
                      for seat, points in enumerate(self.seat_points))
        bots = tuple(points.stats(bot, ",".join(sorted(points.seats)))
                     for bot, points in self.bot_points.items())
        return SaukopfSummary(
            sessions=self.sessions, deals=self.deals, seats=seats, bots=bots,
            thrown_in=Share.of(self.thrown_in, self.deals),
            kinds=tuple((name, Share.of(count, played)) for name, count in self.kinds.items()),
            spiess=Share.of(self.spiess, played), kontra=Share.of(self.kontra, played),
            re=Share.of(self.re, self.kontra),
            declarer_won=Share.of(self.declarer_won, played),
            no_oberrauborstler=Share.of(self.no_oberrauborstler, self.sessions),
            contracts={name: self.contracts[name].stats()
                       for name in sorted(self.contracts, key=_contract_order)},
            declarer_seats=tuple(Share.of(count, played) for count in self.declarer_seats),
            bids=dict(sorted(self.bids.items())),
            laufende=dict(sorted(self.laufende.items())),
            declarer_points=self.declarer_points.moments())


_KIND_ORDER = {kind.name: kind.code for kind in GAME_KINDS}


def _contract_order(name: str) -> tuple[int, str]:
    """Contracts in the order of the game kinds, each without Spieß first."""
    kind, _, spiess = name.partition(" ")
    return (_KIND_ORDER.get(kind, len(_KIND_ORDER)), spiess)
