"""How the Saukopf bots handle the Napf (a study, not a test; figures in docs/bots.md).

The Napf is reached only when all four pass the Trog, in well under 1% of the deals of
four ``expert`` bots, so a census meets too few Napf deals to say much about them. This
script makes Napf deals on purpose and weak like the real ones: of the deals
``0 .. CANDIDATES-1``, each is kept with the chance that all four pass the Trog under the
search bot's own model (:func:`saustall.games.saukopf.bots.inference.trog_pass_chance`), the Trog
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
    python scripts/saukopf_napf.py kreuzung expert 1200
        the same for the deals (of every deal, not weighted by the pass model) whose first
        Napf bidder holds at most one trump, the hands that may declare an Unreine
        Kreuzung: each Napf game's estimate, and the 61 and the Mast played out.

Every deal and bot seed is fixed by the deal number: a run repeats exactly.
"""

from __future__ import annotations

import statistics
import sys
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable

from saustall.bots.base import make_bot
from saustall.games.saukopf.bots.eval import trump_count
from saustall.games.saukopf.bots.inference import trog_pass_chance
from saustall.games.saukopf.bots.search import SearchBot
from saustall.core import get
from saustall.core.rng import Rng, derive_seed
from saustall.games.saukopf.actions import BID_BASE, PASS, declaration_of
from saustall.games.saukopf.bidding import NAPF
from saustall.games.saukopf.cards import GAME_KINDS, SAUEREI, order_for
from saustall.games.saukopf.game import SaukopfState


Deal = Callable[[int], "SaukopfState | None"]


def _deal(index: int) -> SaukopfState:
    state = get("saukopf", "saukopf").new_state(
        4, derive_seed(7, "napf", index), {"deals": 1, "dealer": index % 4})
    assert isinstance(state, SaukopfState)
    return state


def _to_napf(state: SaukopfState) -> SaukopfState:
    while state.stage != NAPF:
        state.apply(PASS)
    return state


def weak_deal(index: int) -> SaukopfState | None:
    """Deal ``index`` with the Trog passed by all four, or None if the pass model drops it."""
    state = _deal(index)
    chance = 1.0
    for hand in state.masks:
        chance *= trog_pass_chance(hand)
    if Rng(derive_seed(8, "keep", index)).random() >= chance:
        return None
    return _to_napf(state)


_SAUEREI_ORDER = order_for(SAUEREI)


def kreuzung_deal(index: int) -> SaukopfState | None:
    """Deal ``index`` with the Trog passed by all four if its first Napf bidder (left of
    the dealer) holds at most one trump, else None."""
    state = _deal(index)
    if trump_count(state.masks[(index % 4 + 1) % 4], _SAUEREI_ORDER) > 1:
        return None
    return _to_napf(state)



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
    state = weak_deal(index)
    if state is None:
        return None
    finish(state, level, index, to_contract=True)
    return kind_name(state) if state.phase == "playing" else "thrown in"


def stand(level: str, index: int) -> str | None:
    state = weak_deal(index)
    if state is None or BID_BASE + 61 not in state.legal_actions():
        return None
    state.apply(BID_BASE + 61)
    finish(state, level, index, to_contract=True)
    return kind_name(state) if state.phase == "playing" else "thrown in"


def played_as(level: str, index: int, bid: int, make: Deal) -> tuple[str, int]:
    """The first Napf bidder of deal ``index`` made by ``make`` bids ``bid``, the others
    pass, the bots play it out: the game and the bidder's net points (a Kreuzung nobody
    joins: thrown in, 0)."""
    state = make(index)
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


def estimates(level: str, index: int, make: Deal) -> dict[str, float]:
    """What the first Napf bidder's search estimates each game at when it bids: the mean
    of its own net points over the worlds its race played the game out in (the race
    itself ranks by my net less the others' mean, :meth:`SearchBot._outcome`; this is
    the bidder's own net, as :func:`played_as` reports it)."""
    state = make(index)
    assert state is not None
    found: dict[str, float] = {}
    plain_race, plain_outcome = SearchBot._race, SearchBot._outcome
    nets: dict[int, list[float]] = {}  # by id of the plan played out

    def own_net(self: SearchBot, state: SaukopfState, me: int, plan: Any, *rest: Any) -> Any:
        deal = state.deal_index
        relative = plain_outcome(self, state, me, plan, *rest)
        if state.deal_index != deal or state.over:  # played to its end
            score = state._results[-1].score()
            net = 0.0 if score is None else float(score.meat[me] - score.roughness[me])
        else:  # the plan could not be applied: the race's penalty
            net = relative[0]
        nets.setdefault(id(plan), []).append(net)
        return relative

    def noting(self: SearchBot, pool: Any, me: int, plans: Any, *rest: Any) -> Any:
        nets.clear()
        raced = plain_race(self, pool, me, plans, *rest)
        for plan in plans:
            if isinstance(plan, list) and len(plan) == 2:  # a bid and its game
                kind = GAME_KINDS[declaration_of(plan[1]).kind].name
                mine = nets.get(id(plan), [])
                if mine:
                    found[kind] = max(found.get(kind, -99.0), statistics.mean(mine))
        return raced

    SearchBot._race = noting  # type: ignore[method-assign, assignment]
    SearchBot._outcome = own_net  # type: ignore[method-assign]
    try:
        bot = make_bot("saukopf", level, derive_seed(index, "bot", state.cur))
        bot.choose(state.view(state.cur), state.legal_actions())
    finally:
        SearchBot._race = plain_race  # type: ignore[method-assign]
        SearchBot._outcome = plain_outcome  # type: ignore[method-assign]
    return found


def duel(level: str, index: int) -> tuple[Any, ...] | None:
    return _both_ways(level, index, weak_deal)


def kreuzung(level: str, index: int) -> tuple[Any, ...] | None:
    return _both_ways(level, index, kreuzung_deal)


def _both_ways(level: str, index: int, make: Deal) -> tuple[Any, ...] | None:
    state = make(index)
    if state is None or BID_BASE + 61 not in state.legal_actions():
        return None
    return (played_as(level, index, 61, make), played_as(level, index, 91, make),
            estimates(level, index, make))


def run(what: str, level: str, candidates: int) -> None:
    job = {"mix": mix, "stand": stand, "duel": duel, "kreuzung": kreuzung}[what]
    with ProcessPoolExecutor(2) as pool:
        found: list[Any] = [r for r in pool.map(job, [level] * candidates, range(candidates),
                                                chunksize=16) if r is not None]
    if what in ("mix", "stand"):
        print(f"{len(found)} Napf deals:", dict(Counter(found).most_common()))
        return
    by_kind: defaultdict[str, list[tuple[Any, ...]]] = defaultdict(list)
    if what == "kreuzung":
        best = Counter(max(guess, key=guess.get) for _, _, guess in found)
        print(f"{len(found)} deals whose first Napf bidder holds at most one trump; the game "
              f"its search rates best: {dict(best.most_common())}")
        kreuzung_guesses = [g["unreine-kreuzung"] for _, _, g in found if "unreine-kreuzung" in g]
        if kreuzung_guesses:
            print(f"  the Unreine Kreuzung estimated at {statistics.mean(kreuzung_guesses):+.2f} "
                  f"on average, best in {best.get('unreine-kreuzung', 0)}")
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
    if len(sys.argv) != 4 or sys.argv[1] not in ("mix", "stand", "duel", "kreuzung"):
        sys.exit(__doc__)
    run(sys.argv[1], sys.argv[2], int(sys.argv[3]))
