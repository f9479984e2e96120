"""Saukopf contract worth: what declaring each game kind brings the declaring party.

"Is the Unreine Kreuzung ever worth it?" is a question about finished deals: who
declared what (and am Spieß or not) and what the deal paid the declarer's party. Each
finished deal of a session gives one :class:`ContractDeal`, read from the session's
per-deal facts (:func:`saustall.games.saukopf.simulation.session_facts`, the one
extraction the simulator's contract figures read too) by :func:`contract_deals`. :class:`WorthTally` adds them up per game kind, and per kind am Spieß
and not, into a mean net with its t 95% interval and the share of deals the party won
(Wilson), so ``saustall census --worth`` can answer per kind with the sample size.

Net is meat points minus roughness points of the deal, for the declarer and, in a Doppel
game, the mean of the declarer and its partner (the party shares the meat; roughness is
per seat). A deal thrown in has no declarer and is not counted here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from saustall.core.game import GameState
from saustall.games.saukopf.cards import GAME_KINDS, bid_text
from saustall.games.saukopf.simulation import DealFacts, session_facts
from saustall.stats import Interval, Moments, wilson


@dataclass(frozen=True)
class ContractDeal:
    """One played deal's contract and what it paid the declaring party."""

    kind: str
    """The game kind's notation name (``sauerei``, ``unreine-kreuzung``...)."""
    spiess: bool
    declarer: int
    partner: int | None
    bid: str
    """The winning bid as the table writes it (``61``... or ``schwarz``)."""
    declarer_net: int
    """The declarer's meat minus roughness points in this deal."""
    party_net: float
    """The party's mean net (the declarer's, in a solo)."""
    won: bool
    """True when the declarer's party won the deal."""


def contract_deal(deal: DealFacts) -> ContractDeal | None:
    """One deal's contract and what it paid, from the deal's facts (None: thrown in)."""
    if not deal.kind:
        return None
    party = [deal.declarer] + ([deal.partner] if deal.partner >= 0 else [])
    nets = [deal.meat[seat] - deal.roughness[seat] for seat in party]
    return ContractDeal(kind=deal.kind, spiess=deal.spiess, declarer=deal.declarer,
                        partner=deal.partner if deal.partner >= 0 else None,
                        bid=bid_text(deal.bid),
                        declarer_net=nets[0], party_net=sum(nets) / len(nets),
                        won=deal.declarer_won)


def contract_deals(state: GameState) -> tuple[ContractDeal, ...]:
    """Every played deal of a Saukopf session so far, read from the session's per-deal
    facts (:func:`saustall.games.saukopf.simulation.session_facts`: the one extraction
    that the simulator's contract figures read too)."""
    found = (contract_deal(deal) for deal in session_facts(state).deals)
    return tuple(deal for deal in found if deal is not None)


@dataclass(frozen=True)
class KindWorth:
    """What one game kind (or one kind am Spieß / not) paid its declaring party."""

    kind: str
    spiess: str
    """``any``, ``yes`` (am Spieß) or ``no``."""
    deals: int
    declarer_net: Interval
    """The declarer's mean net per deal with its t 95% interval."""
    party_net: Interval
    """The party's mean net per seat and deal with its t 95% interval."""
    won: Interval
    """The share of these deals the party won, with its Wilson interval."""


class WorthTally:
    """Contract worth gathered deal by deal (running sums only: flat memory)."""

    def __init__(self, players: int = 4) -> None:
        self.kinds = [kind.name for kind in GAME_KINDS if players == 4 or not kind.doppel]
        self._declarer: dict[tuple[str, str], Moments] = {}
        self._party: dict[tuple[str, str], Moments] = {}
        self._won: dict[tuple[str, str], int] = {}

    def add(self, deals: Iterable[ContractDeal]) -> None:
        """Count played deals."""
        for deal in deals:
            for key in ((deal.kind, "any"), (deal.kind, "yes" if deal.spiess else "no")):
                self._declarer.setdefault(key, Moments()).add(float(deal.declarer_net))
                self._party.setdefault(key, Moments()).add(deal.party_net)
                self._won[key] = self._won.get(key, 0) + deal.won

    def summary(self) -> tuple[KindWorth, ...]:
        """Every kind the ruleset allows (unplayed ones with n 0), then its Spieß split
        where a kind was played both ways."""
        rows = []
        for kind in self.kinds:
            for spiess in ("any", "no", "yes"):
                key = (kind, spiess)
                declarer = self._declarer.get(key, Moments())
                if spiess != "any" and (declarer.n == 0 or declarer.n ==
                                        self._declarer[(kind, "any")].n):
                    continue  # nothing to split: all or none of the kind am Spieß
                rows.append(KindWorth(
                    kind=kind, spiess=spiess, deals=declarer.n,
                    declarer_net=declarer.interval(),
                    party_net=self._party.get(key, Moments()).interval(),
                    won=wilson(self._won.get(key, 0), declarer.n)))
        return tuple(rows)


__all__ = ["ContractDeal", "KindWorth", "WorthTally", "contract_deal", "contract_deals"]
