"""How the Saukopf bots handle the Napf (a study, not a test; figures in docs/bots.md).

The Napf is reached only when all four pass the Trog, in well under 1% of the deals of
four ``expert`` bots, so a census meets too few Napf deals to say much about them. This
script makes Napf deals on purpose and weak like the real ones: of the deals
``0 .. CANDIDATES-1``, each is kept with the chance that all four pass the Trog under the
search bot's own model (:func:`saustall.bots.saukopf_search.trog_pass_chance`), the Trog
passes are forced, and then:

    python scripts/saukopf_napf.py mix expert 25000
        the bots bid the Napf, declare and answer a Kreuzung: the contracts played.
    python scripts/saukopf_napf.py stand expert 25000
        the first Napf bidder bids 61 (an Unreine game), the others answer as they like:
        how often the 61 stands.
    python scripts/saukopf_napf.py duel expert 25000
        the first Napf bidder plays the deal twice, as the Unreine game it declares after
        61 and as a Mast after 91, the others passing, every card by the bots: its net
        points both ways, and what its own search estimated before bidding.

Every deal and bot seed is fixed by the deal number: a run repeats exactly.
"""

from __future__ import annotations

import statistics
import sys
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from saustall.bots.base import make_bot
from saustall.bots.saukopf_search import SearchBot, trog_pass_chance
from saustall.core import get
from saustall.core.rng import Rng, derive_seed
from saustall.games.saukopf.actions import BID_BASE, PASS, declaration_of
from saustall.games.saukopf.bidding import NAPF
from saustall.games.saukopf.cards import GAME_KINDS
from saustall.games.saukopf.game import SaukopfState


def napf_deal(index: int) -> SaukopfState | None:
    """Deal ``index`` with the Trog passed by all four, or None if the pass model drops it."""
    state = get("saukopf", "saukopf").new_state(
        4, derive_seed(7, "napf", index), {"deals": 1, "dealer": index % 4})
    assert isinstance(state, SaukopfState)
    chance = 1.0
    for hand in state.masks:
        chance *= trog_pass_chance(hand)
    if Rng(derive_seed(8, "keep", index)).random() >= chance:
        return None
    while state.stage != NAPF:
        state.apply(PASS)
    return state


def kind_name(state: SaukopfState) -> str:
    """The declared game kind, with "spiess" when it is am Spieß."""
    assert state.decl is not None
    return GAME_KINDS[state.decl.kind].name + (" spiess" if state.decl.spiess else "")


def finish(state: SaukopfState, level: str, index: int, *, to_contract: bool) -> None:
    """Let bots of ``level`` play on: to the first card, or to the end of the deal."""
    bots = [make_bot("saukopf", level, derive_seed(index, "bot", seat)) for seat in range(4)]
    while not state.is_terminal() and not (to_contract and state.phase == "playing"):
        p = state.current_player
        state.apply(bots[p].choose(state.view(p), state.legal_actions(p)), p)


def mix(level: str, index: int) -> str | None:
    state = napf_deal(index)
    if state is None:
        return None
    finish(state, level, index, to_contract=True)
    return kind_name(state) if state.phase == "playing" else "thrown in"


def stand(level: str, index: int) -> str | None:
    state = napf_deal(index)
    if state is None or BID_BASE + 61 not in state.legal_actions():
        return None
    state.apply(BID_BASE + 61)
    finish(state, level, index, to_contract=True)
    return kind_name(state) if state.phase == "playing" else "thrown in"


def played_as(level: str, index: int, bid: int) -> tuple[str, int]:
    """The first Napf bidder bids ``bid``, the others pass, the bots play it out: the
    game and the bidder's net points (a Kreuzung nobody joins: thrown in, 0)."""
    state = napf_deal(index)
    assert state is not None
    me = state.cur
    state.apply(BID_BASE + bid)
    while state.phase == "bidding":
        state.apply(PASS)
    finish(state, level, index, to_contract=True)
    if state.phase != "playing":
        return "thrown in", 0
    kind = kind_name(state).split()[0]
    finish(state, level, index, to_contract=False)
    entry = state.results[-1]
    return kind, entry["meat"][me] - entry["roughness"][me]


def estimates(level: str, index: int) -> dict[str, float]:
    """What the first Napf bidder's search estimates each game at when it bids."""
    state = napf_deal(index)
    assert state is not None
    found: dict[str, float] = {}
    plain = SearchBot.evaluate

    def noting(self: SearchBot, worlds: Any, me: int, plans: Any) -> list[float]:
        values = plain(self, worlds, me, plans)
        for plan, value in zip(plans, values):
            if len(plan) == 2:
                kind = GAME_KINDS[declaration_of(plan[1]).kind].name
                found[kind] = max(found.get(kind, -99.0), value)
        return values

    SearchBot.evaluate = noting  # type: ignore[method-assign]
    try:
        bot = make_bot("saukopf", level, derive_seed(index, "bot", state.cur))
        bot.choose(state.view(state.cur), state.legal_actions())
    finally:
        SearchBot.evaluate = plain  # type: ignore[method-assign]
    return found


def duel(level: str, index: int) -> tuple[Any, ...] | None:
    state = napf_deal(index)
    if state is None or BID_BASE + 61 not in state.legal_actions():
        return None
    return played_as(level, index, 61), played_as(level, index, 91), estimates(level, index)


def run(what: str, level: str, candidates: int) -> None:
    job = {"mix": mix, "stand": stand, "duel": duel}[what]
    with ProcessPoolExecutor(2) as pool:
        found: list[Any] = [r for r in pool.map(job, [level] * candidates, range(candidates),
                                                chunksize=16) if r is not None]
    if what != "duel":
        print(f"{len(found)} Napf deals:", dict(Counter(found).most_common()))
        return
    by_kind: defaultdict[str, list[tuple[Any, ...]]] = defaultdict(list)
    for (kind, unclean), (_, mast), guess in found:
        by_kind[kind].append((unclean, mast, guess.get(kind), guess.get("mast")))
    for kind, rows in by_kind.items():
        guessed = [r for r in rows if r[2] is not None and r[3] is not None]
        print(f"{kind}: {len(rows)} deals; played so, the bidder's mean net "
              f"{statistics.mean(r[0] for r in rows):+.2f} (won {sum(r[0] > 0 for r in rows)}); "
              f"as a Mast {statistics.mean(r[1] for r in rows):+.2f} "
              f"(won {sum(r[1] > 0 for r in rows)}); better than the Mast in "
              f"{sum(r[0] > r[1] for r in rows)}")
        if guessed:
            print(f"  its search estimated it at {statistics.mean(r[2] for r in guessed):+.2f}, "
                  f"the Mast at {statistics.mean(r[3] for r in guessed):+.2f}, and above the "
                  f"Mast in {sum(r[2] > r[3] for r in guessed)} of {len(guessed)}")


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in ("mix", "stand", "duel"):
        sys.exit(__doc__)
    run(sys.argv[1], sys.argv[2], int(sys.argv[3]))
