"""The Saukopf contract census: how often a table of bots throws in, and what it plays.

Issue 11 asks how often four (Dreihaxer: three) of the strongest bots throw the cards in
and whether every game kind occurs in 10,000 deals. Both are fixed by the **contract**:
the bidding (Trog, then Napf), the declaration and, for a Kreuzung, the partner bidding (a
Kreuzung nobody joins sends the bidding on to the Napf, or throws the cards in). The card
play that follows cannot change them. So the census plays each deal with the bots only
until the contract is fixed, that is until the first card is due (or the cards are thrown
in), and skips the tricks, which cost most of a search bot's time.

Why that gives the same figures as playing whole sessions:

* **The cards do not depend on the play.** A deal's cards are shuffled at its start from
  the session's own random source, which nothing else draws from; census deal ``i`` is the
  first deal of a one-deal session with the seed :func:`saustall.arena.simulate.game_seed` gives game
  ``i``, the dealer moving one seat per deal.
* **The bots' bidding does not depend on the rest.** A search bot's bids, declaration and
  Kreuzung answer are chosen from its view of the current deal alone (its hand, the cards
  aside, the bids and calls so far) and its own seeded random source: it plays each
  candidate game out over sampled worlds and compares this deal's net points; it never
  reads the session's score. In a longer session its random source would be at another
  point after the earlier deals' card play, which changes single decisions but not their
  distribution.

What the census cannot give by default: anything decided in the card play (Kontra and Re
come after the first card, the declarer's result, meat and roughness points). With
``worth`` (``saustall census --worth``) every deal is played out to its last card, and
the census adds the **contract worth**: per game kind (and am Spieß or not) the declaring
party's mean net points with their 95% interval and how often it won
(:mod:`saustall.games.saukopf.worth`), from the bot in every seat (by default the
strongest, ``expert``). ``saustall simulate saukopf`` plays whole sessions.
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from saustall.bots.base import make_bot
from saustall.core.errors import InvalidOptionError
from saustall.core.registry import get
from saustall.core.rng import derive_seed
from saustall.games.saukopf.cards import GAME_KINDS
from saustall.games.saukopf.game import SaukopfState
from saustall.arena.simulate import backend_workers, chunk_ranges, game_seed, run_chunks
from saustall.games.saukopf.simulation import Share
from saustall.games.saukopf.worth import ContractDeal, KindWorth, WorthTally, contract_deals
from saustall.stats import wilson

STOP_RULE = ("each deal is played by the bots until its contract is fixed (the first card "
             "is due) or the cards are thrown in; the tricks are not played")
"""What the census plays, in the words its output uses."""

INDEPENDENCE = ("throwing in and the game kind are decided before the first card, and the "
                "bots' bids, declaration and Kreuzung answers read only the current deal "
                "(their hand, the cards aside, the calls so far) and their own seeded random "
                "source, never the session's score, so stopping there changes neither")
"""Why stopping at the contract gives the figures whole sessions would."""


@dataclass(frozen=True)
class CensusJob:
    """What a worker needs to play census deals (picklable)."""

    ruleset: str
    players: int
    bot: str
    seed: int
    worth: bool = False
    """Play every deal to its end (the contract worth), not only to its contract."""


DealContract = tuple[str, bool, int]
"""One deal's contract: the game kind's notation name (empty: thrown in), whether it is
played am Spieß, and how many Kreuzungen failed (nobody joined) before it."""


def deal_seed(seed: int, index: int) -> int:
    """The seed of census deal ``index``: that of game ``index`` of a simulation."""
    return game_seed(seed, index)


def play_contract(job: CensusJob, index: int) -> DealContract:
    """Play census deal ``index`` until its contract is fixed; its contract."""
    seed = deal_seed(job.seed, index)
    game = get("saukopf", job.ruleset)
    state = game.new_state(job.players, seed, {"deals": 1, "dealer": index % job.players})
    assert isinstance(state, SaukopfState)
    # the seats' bots are seeded as saustall simulate seeds them
    bots = [make_bot("saukopf", job.bot, derive_seed(seed, "bot", seat))
            for seat in range(job.players)]
    while not state.is_terminal() and state.phase != "playing":
        player = state.current_player
        state.apply(bots[player].choose(state.view(player), state.legal_actions(player)),
                    player)
    failed = len(state.failed_kreuzung)
    if state.phase != "playing":
        return "", False, failed
    decl = state.decl
    assert decl is not None
    return GAME_KINDS[decl.kind].name, decl.spiess, failed


def play_worth(job: CensusJob, index: int) -> tuple[DealContract, tuple[ContractDeal, ...]]:
    """Play census deal ``index`` to its last card: its contract and what it paid."""
    seed = deal_seed(job.seed, index)
    game = get("saukopf", job.ruleset)
    state = game.new_state(job.players, seed, {"deals": 1, "dealer": index % job.players})
    assert isinstance(state, SaukopfState)
    bots = [make_bot("saukopf", job.bot, derive_seed(seed, "bot", seat))
            for seat in range(job.players)]
    contract: DealContract | None = None
    while not state.is_terminal():
        if contract is None and state.phase == "playing":
            decl = state.decl
            assert decl is not None
            contract = (GAME_KINDS[decl.kind].name, decl.spiess, len(state.failed_kreuzung))
        player = state.current_player
        state.apply(bots[player].choose(state.view(player), state.legal_actions(player)),
                    player)
    if contract is None:  # thrown in
        contract = ("", False, len(state.failed_kreuzung))
    return contract, contract_deals(state)


def play_contracts(job: CensusJob, indices: range
                   ) -> list[tuple[DealContract, tuple[ContractDeal, ...]]]:
    """Census deals ``indices`` (one chunk, on a worker), each with what it paid (nothing
    unless the job plays deals out)."""
    if job.worth:
        return [play_worth(job, index) for index in indices]
    return [(play_contract(job, index), ()) for index in indices]


@dataclass(frozen=True)
class CensusResult:
    """The census of one ruleset."""

    ruleset: str
    players: int
    bot: str
    seed: int
    deals: int
    thrown_in: Share
    kinds: tuple[tuple[str, Share], ...]
    """Every game kind the ruleset allows, with its share of the deals played (not thrown
    in); kinds never played are listed with 0."""
    spiess: Share
    """Deals played am Spieß, out of deals played."""
    failed_kreuzung: int
    """Kreuzungen nobody joined (their deal went on to the Napf or was thrown in)."""
    cpu_seconds: float
    """CPU time of this process and its finished workers while the census ran."""
    worth: tuple[KindWorth, ...] = ()
    """With ``worth``: each game kind's contract worth (empty otherwise)."""

    def missing_kinds(self) -> tuple[str, ...]:
        """The game kinds that never occurred."""
        return tuple(name for name, share in self.kinds if share.count == 0)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary."""
        return {
            "ruleset": self.ruleset, "players": self.players, "bot": self.bot,
            "seed": self.seed, "deals": self.deals, "stop_rule": STOP_RULE,
            "why_the_stop_is_sound": INDEPENDENCE,
            "thrown_in": _share_record(self.thrown_in),
            "kinds": [{"name": name, **_share_record(share)} for name, share in self.kinds],
            "missing_kinds": list(self.missing_kinds()),
            "spiess": _share_record(self.spiess),
            "failed_kreuzung": self.failed_kreuzung, "cpu_seconds": self.cpu_seconds,
            "worth": [{"kind": row.kind, "spiess": row.spiess, "deals": row.deals,
                       "declarer_net": row.declarer_net.as_dict(),
                       "party_net": row.party_net.as_dict(), "won": row.won.as_dict()}
                      for row in self.worth],
        }


def _share_record(share: Share) -> dict[str, Any]:
    found = wilson(share.count, share.total)
    return {"count": share.count, "total": share.total, "share": share.share,
            "low": found.low, "high": found.high}


def cpu_seconds() -> float:
    """CPU time of this process and its finished children so far, in seconds."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def run_census(ruleset: str, bot: str, deals: int, seed: int = 0,
               workers: int | None = None, chunk_size: int | None = None,
               progress: Callable[[int, int], None] | None = None, worth: bool = False,
               backend: str = "local", ray_address: str | None = None) -> CensusResult:
    """Play ``deals`` census deals of ``ruleset`` with ``bot`` in every seat (see the
    module docstring); the same figures for the same seed whatever ``workers`` or
    ``backend``. With ``worth`` every deal is played out and the contract worth added."""
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
        raise InvalidOptionError(f"the number of deals must be a positive integer, "
                                 f"not {deals!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidOptionError(f"seed must be an integer, not {seed!r}")
    bound = get("saukopf", ruleset)
    players = bound.ruleset.min_players
    make_bot("saukopf", bot, 0)  # raises naming the known bots
    workers = min(backend_workers(backend, workers, ray_address), deals)
    if chunk_size is None:
        chunk_size = max(1, min(50, math.ceil(deals / (workers * 8))))
    job = CensusJob(bound.ruleset.name, players, bot, seed, worth)
    tally = WorthTally(players)
    started = cpu_seconds()
    kinds = {kind.name: 0 for kind in GAME_KINDS if players == 4 or not kind.doppel}
    thrown = spiess = failed = 0
    done = 0
    stream: Iterator[tuple[range, list[tuple[DealContract, tuple[ContractDeal, ...]]]]] = (
        run_chunks(play_contracts, job, chunk_ranges(deals, chunk_size), workers, backend))
    for chunk, played_deals in stream:
        for (kind, at_spiess, failures), paid in played_deals:
            tally.add(paid)
            failed += failures
            if not kind:
                thrown += 1
                continue
            kinds[kind] = kinds.get(kind, 0) + 1
            spiess += at_spiess
        done += len(chunk)
        if progress is not None:
            progress(done, deals)
    played = deals - thrown
    return CensusResult(
        ruleset=job.ruleset, players=players, bot=bot, seed=seed, deals=deals,
        thrown_in=Share.of(thrown, deals),
        kinds=tuple((name, Share.of(count, played)) for name, count in kinds.items()),
        spiess=Share.of(spiess, played), failed_kreuzung=failed,
        cpu_seconds=cpu_seconds() - started, worth=tally.summary() if worth else ())


__all__ = ["CensusJob", "CensusResult", "INDEPENDENCE", "STOP_RULE", "cpu_seconds", "deal_seed",
           "play_contract", "run_census"]
