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

from dataclasses import dataclass
from typing import Any, Sequence

from saustall.core.game import GameState
from saustall.games.saukopf.cards import GAME_KINDS
from saustall.games.saukopf.game import SaukopfState
from saustall.stats import Interval, Moments

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
)
"""Each figure of the Saukopf summary and what it means."""


@dataclass(frozen=True)
class DealFacts:
    """One deal of a session, as the statistics need it."""

    kind: str
    """The game's notation name (``sauerei``, ``keiler``...); empty for a deal thrown in."""
    spiess: bool
    kontra: bool
    re: bool
    declarer_won: bool


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
    """The facts of a finished Saukopf session, read from its public results and ledger."""
    if not isinstance(state, SaukopfState):
        raise TypeError(f"not a Saukopf session: {type(state).__name__}")
    ledger = state.ledger
    entries: list[dict[str, Any]] = state.results
    deals = []
    for entry in entries:
        if entry["thrown_in"]:
            deals.append(DealFacts("", False, False, False, False))
            continue
        words = entry["game"].split()
        deals.append(DealFacts(kind=words[0], spiess="spiess" in words[1:],
                               kontra=entry["kontra"] is not None,
                               re=entry["re"] is not None,
                               declarer_won=bool(entry["declarer_won"])))
    return SessionFacts(meat=tuple(ledger.meat), roughness=tuple(ledger.roughness),
                        schlachtmeister=tuple(ledger.schlachtmeister()),
                        oberrauborstler=tuple(ledger.oberrauborstler()), deals=tuple(deals))


@dataclass(frozen=True)
class Share:
    """A count out of a total and its share (0 when the total is 0)."""

    count: float
    total: int
    share: float

    @classmethod
    def of(cls, count: float, total: int) -> "Share":
        """``count / total``."""
        return cls(count, total, count / total if total else 0.0)


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
    per deal one value)."""


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
        self.net = Moments()

    def add(self, facts: SessionFacts, seat: int, bot: str) -> None:
        self.sessions += 1
        self.net.add((facts.meat[seat] - facts.roughness[seat]) / max(len(facts.deals), 1))
        self.deals += len(facts.deals)
        self.meat += facts.meat[seat]
        self.roughness += facts.roughness[seat]
        self.seats.add(bot)
        if seat in facts.schlachtmeister:
            self.schlachtmeister += 1.0 / len(facts.schlachtmeister)
        if seat in facts.oberrauborstler:
            self.oberrauborstler += 1.0 / len(facts.oberrauborstler)

    def stats(self, who: str, detail: str) -> PointsStats:
        deals = max(self.deals, 1)
        found = self.net.interval()
        return PointsStats(
            who=who, detail=detail, net_per_deal=(self.meat - self.roughness) / deals,
            meat_per_deal=self.meat / deals, roughness_per_deal=self.roughness / deals,
            schlachtmeister=Share.of(self.schlachtmeister, self.sessions),
            oberrauborstler=Share.of(self.oberrauborstler, self.sessions),
            net_per_deal_ci=Interval((self.meat - self.roughness) / deals, found.low,
                                     found.high, found.n))


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
            no_oberrauborstler=Share.of(self.no_oberrauborstler, self.sessions))
