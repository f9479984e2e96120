"""Saukopf scoring: meat points (Fleischpunkte), roughness points, the session ledger.

Pure functions over small value types, shared by the engine, the score keeper for a
physical table and the tests. :func:`score_deal` takes a :class:`DealOutcome` (what
happened in one finished deal) and returns a :class:`DealScore` (every player's points
with the reasons). :class:`Ledger` adds deals up and names the trophy holders.

The decisions on loose ends of the reference card are in ``docs/rules/saukopf.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Mapping, NamedTuple

from saustall.games.saukopf.cards import GAME_KINDS, SCHWARZ, bid_text

__all__ = ["DealOutcome", "DealScore", "Ledger", "Tariff", "DEFAULT_TARIFF", "score_deal",
           "declarer_won", "tariff_of"]


class Tariff(NamedTuple):
    """The point table of the reference card: meat point items, the doubling of Kontra
    and Re, roughness points. A ruleset's ``points`` parameter sets them (house rules:
    ``--param points.schlachtung=3``; docs/design.md)."""

    schlachtung: int = 2
    """Meat points every won deal is worth."""
    extrawurst: int = 1
    """Added for a won Solo at a four-player table."""
    schwarte: int = 1
    """Per Laufender: Mit Schwarte (Napf) or Ohne Schwarte (Trog)."""
    armes_schwein: int = -1
    """Napf, ohne 4 or more."""
    gluecksschwein: int = -1
    """Trog, mit 4 or more."""
    stallgeruch: int = 1
    """Over 90 card points (Trog), 30 or fewer (Napf)."""
    porco_negro: int = 1
    """Every trick (Trog), none (Napf)."""
    bolzenschuss: int = 1
    """A lost game am Spieß: to the winners."""
    kontra: int = 2
    """The factor of a Huftritt (Kontra)."""
    re: int = 2
    """The factor of a Gegenhuftritt (Re)."""
    uebergrunzer: int = 1
    """Roughness: a lost game bid above 61."""
    spiesser: int = 1
    """Roughness: a lost game am Spieß."""
    huftreter: int = 2
    """Roughness: a Kontra against a game the declarer won."""
    gegenhuftreter: int = 3
    """Roughness: a Re on a game the declarer lost."""


DEFAULT_TARIFF: Final = Tariff()
"""The reference card's points."""

TARIFF_LIMITS: Final = {"kontra": (1, 10), "re": (1, 10)}
"""The range of a factor; every other item: -10 to 10 points."""

_TARIFFS: dict[int, tuple[Mapping[str, int], Tariff]] = {}


def tariff_of(points: Mapping[str, int] | None) -> Tariff:
    """The :class:`Tariff` of a ruleset's ``points`` parameter (missing items: the
    reference card's), worked out once per mapping."""
    if points is None:
        return DEFAULT_TARIFF
    found = _TARIFFS.get(id(points))
    if found is None or found[0] is not points:
        found = _TARIFFS[id(points)] = (points, Tariff(**points))
    return found[1]


@dataclass(frozen=True)
class DealOutcome:
    """What happened in one finished deal, as far as scoring needs it.

    Points and tricks are per party: the declarer's party (the declarer and, in a Doppel,
    the partner) and the opponents. ``laufende`` is seen from the declarer's party:
    ``+n`` "mit n", ``-n`` "ohne n", 0 in a game without trumps.
    """

    players: int
    """3 (Dreihaxer) or 4."""
    kind: int
    """The game kind code (see :mod:`saustall.games.saukopf.cards`)."""
    bid: int
    """The winning bid, 61-120 or :data:`~saustall.games.saukopf.cards.SCHWARZ`."""
    declarer: int
    partner: int | None
    declarer_points: int
    opponent_points: int
    declarer_tricks: int
    total_tricks: int
    laufende: int
    spiess: bool = False
    kontra: int | None = None
    """The seat that gave the Huftritt (Kontra), if any."""
    re: int | None = None
    """The seat that gave the Gegenhuftritt (Re), if any."""
    tariff: Tariff = DEFAULT_TARIFF
    """The point table the deal is scored by."""

    @property
    def napf(self) -> bool:
        """True for the unclean games played to lose."""
        return GAME_KINDS[self.kind].napf

    @property
    def solo(self) -> bool:
        """True for one-against-all games."""
        return not GAME_KINDS[self.kind].doppel

    @property
    def declarer_party(self) -> tuple[int, ...]:
        """The declarer and partner seats."""
        return (self.declarer,) if self.partner is None else (self.declarer, self.partner)

    @property
    def opponents(self) -> tuple[int, ...]:
        """The seats of the other party."""
        return tuple(p for p in range(self.players) if p not in self.declarer_party)


@dataclass(frozen=True)
class DealScore:
    """Every player's points from one deal, with the reasons."""

    declarer_won: bool
    winners: tuple[int, ...]
    meat: tuple[int, ...]
    """Meat points per seat (the winners each get the same amount, the rest 0)."""
    roughness: tuple[int, ...]
    """Roughness points per seat."""
    meat_items: tuple[tuple[str, int], ...]
    """The winners' meat point items before doubling, e.g. ``("Schlachtung", 2)``."""
    multiplier: int
    """2 per Huftritt and per Gegenhuftritt."""
    roughness_items: tuple[tuple[int, str, int], ...] = field(default=())
    """``(seat, item, points)`` for each roughness item."""

    @property
    def meat_each(self) -> int:
        """The meat points each winner takes."""
        return sum(value for _, value in self.meat_items) * self.multiplier

    def lines(self, names: list[str] | None = None) -> list[str]:
        """A readable breakdown, one line per item."""
        def name(p: int) -> str:
            return names[p] if names else f"player {p + 1}"

        items = ", ".join(f"{label} {value:+d}" if value < 0 else f"{label} {value}"
                          for label, value in self.meat_items)
        double = f" x{self.multiplier}" if self.multiplier > 1 else ""
        lines = [f"{' and '.join(name(p) for p in self.winners)} win: "
                 f"{self.meat_each} meat points each ({items}{double})"]
        for seat, label, value in self.roughness_items:
            lines.append(f"{name(seat)}: {label} {value} roughness point"
                         f"{'' if value == 1 else 's'}")
        return lines


def declarer_won(outcome: DealOutcome) -> bool:
    """Did the declarer's party win? Trog: they took the bid; Napf: the opponents did."""
    if outcome.napf:
        if outcome.bid == SCHWARZ:
            return outcome.declarer_tricks == 0
        return outcome.opponent_points >= outcome.bid
    if outcome.bid == SCHWARZ:
        return outcome.declarer_tricks == outcome.total_tricks
    return outcome.declarer_points >= outcome.bid


def score_deal(outcome: DealOutcome) -> DealScore:
    """Score one deal by the reference card (decisions in ``docs/rules/saukopf.md``)."""
    won = declarer_won(outcome)
    tariff = outcome.tariff
    winners = outcome.declarer_party if won else outcome.opponents
    win_points = outcome.declarer_points if won else outcome.opponent_points
    win_tricks = (outcome.declarer_tricks if won
                  else outcome.total_tricks - outcome.declarer_tricks)
    run = outcome.laufende if won else -outcome.laufende  # seen from the winners
    items: list[tuple[str, int]] = [("Schlachtung", tariff.schlachtung)]
    if outcome.solo and outcome.players == 4:
        items.append(("Extrawurst", tariff.extrawurst))
    if outcome.napf:
        if run > 0:
            items.append((f"Mit Schwarte (mit {run})", run * tariff.schwarte))
        if run <= -4:
            items.append(("Armes Schwein", tariff.armes_schwein))
        if win_points <= 30:
            items.append(("Stallgeruch", tariff.stallgeruch))
        if win_tricks == 0:
            items.append(("Porco Negro", tariff.porco_negro))
    else:
        if run < 0:
            items.append((f"Ohne Schwarte (ohne {-run})", -run * tariff.schwarte))
        if run >= 4:
            items.append(("Glücksschwein", tariff.gluecksschwein))
        if win_points > 90:
            items.append(("Stallgeruch", tariff.stallgeruch))
        if win_tricks == outcome.total_tricks:
            items.append(("Porco Negro", tariff.porco_negro))
    if outcome.spiess and not won:
        items.append(("Bolzenschuss", tariff.bolzenschuss))
    multiplier = ((tariff.kontra if outcome.kontra is not None else 1)
                  * (tariff.re if outcome.re is not None else 1))
    each = sum(value for _, value in items) * multiplier
    meat = tuple(each if p in winners else 0 for p in range(outcome.players))
    rough_items: list[tuple[int, str, int]] = []
    if won:
        if outcome.kontra is not None:
            rough_items.append((outcome.kontra, "Huftreter", tariff.huftreter))
    else:
        if outcome.bid > 61:
            rough_items.append((outcome.declarer,
                                f"Übergrunzer (bid {bid_text(outcome.bid)})",
                                tariff.uebergrunzer))
        if outcome.spiess:
            rough_items.append((outcome.declarer, "Spießer", tariff.spiesser))
        if outcome.re is not None:
            rough_items.append((outcome.re, "Gegenhuftreter", tariff.gegenhuftreter))
    roughness = [0] * outcome.players
    for seat, _, value in rough_items:
        roughness[seat] += value
    return DealScore(won, tuple(winners), meat, tuple(roughness), tuple(items), multiplier,
                     tuple(rough_items))


# --------------------------------------------------------------------------------------
# The session ledger and its trophies
# --------------------------------------------------------------------------------------

@dataclass
class Ledger:
    """Meat and roughness totals over a session, and the two trophies."""

    players: int
    meat: list[int] = field(default_factory=list)
    roughness: list[int] = field(default_factory=list)
    deals: int = 0

    def __post_init__(self) -> None:
        if not self.meat:
            self.meat = [0] * self.players
        if not self.roughness:
            self.roughness = [0] * self.players

    def add(self, score: DealScore) -> None:
        """Add one scored deal."""
        for p in range(self.players):
            self.meat[p] += score.meat[p]
            self.roughness[p] += score.roughness[p]
        self.deals += 1

    def copy(self) -> "Ledger":
        """An independent copy."""
        twin = Ledger.__new__(Ledger)  # skips __post_init__: the lists are already sized
        twin.players, twin.deals = self.players, self.deals
        twin.meat, twin.roughness = self.meat[:], self.roughness[:]
        return twin

    def schlachtmeister(self) -> tuple[int, ...]:
        """Most meat points; ties go to fewest roughness points; a full tie shares."""
        return _best(self.meat, self.roughness)

    def oberrauborstler(self) -> tuple[int, ...]:
        """Most roughness points; ties go to fewest meat points; a full tie shares.

        Nobody gets it while nobody has a roughness point.
        """
        if max(self.roughness) == 0:
            return ()
        return _best(self.roughness, self.meat)

    def net(self) -> list[int]:
        """Meat minus roughness per player (the simulator's per-player result)."""
        return [m - r for m, r in zip(self.meat, self.roughness)]


def _best(primary: list[int], tiebreak: list[int]) -> tuple[int, ...]:
    top = max(primary)
    tied = [p for p, v in enumerate(primary) if v == top]
    least = min(tiebreak[p] for p in tied)
    return tuple(p for p in tied if tiebreak[p] == least)
