"""The Saukopf engine plays exactly as the reference engine did, game for game.

``saukopf_digests.json`` holds, per ruleset, one hash per seeded random session: a digest of
every step's legal-action list (every seat), ``is_legal`` of the chosen action, every view
(every seat and the spectator), the chosen action's notation and description, and the final
record and returns. The hashes were computed on the engine before it was made faster
(commit a621aaf); any change in behaviour, however small, changes a hash.

The sessions cover both rulesets with options at their edges: one and many deals, every
first dealer, table mode (``allow_revoke``) on and off, preset hands, and a low-bidding
player that reaches the Doppel and Napf games uniform random bids hardly ever reach.

Regenerate (only when the rules change on purpose): ``python -m tests.saukopf.test_differential``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from saustall.core import get
from saustall.core.game import GameState
from tests.view_keys import record_as_digested, without_added_keys

DIGESTS = Path(__file__).with_name("saukopf_digests.json")
GAMES_PER_RULESET = 300
RULESETS = {"saukopf": 4, "dreihaxer": 3}
CARDS = [s + r for s in "EGHS" for r in ("A", "10", "K", "O", "U", "9", "8", "7")]


def session_options(seed: int, players: int) -> dict[str, Any]:
    """The options of session ``seed``: edges of every option that changes play."""
    rng = random.Random(seed * 7919 + players)
    deals = (1, 2, players, 1, 3)[seed % 5]
    if seed == 7:
        deals = 100  # the longest session allowed
    options: dict[str, Any] = {"deals": deals, "dealer": seed % players,
                               "allow_revoke": seed % 4 == 1}
    if seed % 6 == 2:
        deck = CARDS[:]
        rng.shuffle(deck)
        if seed % 12 == 2:  # the first bidder holds at most one Kreuzung trump
            trumps = [c for c in deck if c[1] in "OU" or c[0] == "H"]
            plain = [c for c in deck if c not in trumps]
            first = (seed % players + 1) % players
            size = 8 if players == 4 else 10
            mine = plain[:size - seed % 24 // 12] + trumps[:seed % 24 // 12]
            rest = [c for c in deck if c not in mine]
            deck = rest[:first * size] + mine + rest[first * size:]
        size = 8 if players == 4 else 10
        groups = [" ".join(deck[i * size:(i + 1) * size]) for i in range(players)]
        if players == 3:
            groups.append(" ".join(deck[30:]))
        options["hands"] = "|".join(groups)
    return options


def choose(state: GameState, legal: list[Any], rng: random.Random, policy: str) -> Any:
    """A random legal action by ``policy``: ``uniform``; ``low`` bids the least and passes
    often; ``kreuzung`` bids only with at most one Kreuzung trump and then declares one."""
    encode = state.game.encode_action
    texts = [encode(a) for a in legal]
    revokes = [a for a, t in zip(legal, texts) if t.startswith("revoke")]
    if revokes and rng.random() < 0.9:  # a revoke ends the deal: keep most deals played out
        rest = [a for a in legal if a not in revokes]
        return rng.choice(rest)
    bids = [a for a, t in zip(legal, texts) if t.startswith("bid")]
    if bids and policy == "kreuzung":
        hand = state.view(state.current_player)["hand"]
        if sum(1 for c in hand if c[1] in "OU" or c[0] == "H") <= 1:
            return min(bids)
        return legal[texts.index("pass")]
    if bids and policy == "low":
        if rng.random() < 0.45:
            if texts[-1] == "bid schwarz" and rng.random() < 0.2:
                return legal[-1]  # the only way to a Vegane Mast
            return min(bids) if rng.random() < 0.7 else rng.choice(bids)
        return legal[texts.index("pass")]
    declares = [t for t in texts if t.startswith("declare")]
    if declares:  # kinds alike whatever their number of suits or cards; Doppel more often
        kinds = sorted({t.split()[1] for t in declares})
        doppel = [k for k in kinds if k.endswith(("sauerei", "kreuzung"))]
        if policy == "kreuzung":
            doppel = [k for k in kinds if k.endswith("kreuzung")] or doppel
        kind = rng.choice(doppel if doppel and rng.random() < 0.6 else kinds)
        return legal[texts.index(rng.choice([t for t in declares if t.split()[1] == kind]))]
    return rng.choice(legal)


def _as_in_reference(view: dict[str, Any]) -> dict[str, Any]:
    """The view without the public facts added after the reference engine (see
    :mod:`tests.view_keys`; the tests in test_sampling.py check them)."""
    return without_added_keys(view, "saukopf")


def session_digest(ruleset: str, seed: int) -> str:
    """The digest of one seeded random session (see the module docstring)."""
    players = RULESETS[ruleset]
    game = get("saukopf", ruleset)
    state = game.new_state(players, seed, session_options(seed, players))
    rng = random.Random(seed)
    policy = "kreuzung" if seed % 12 == 2 else "low" if seed % 2 == 1 or seed % 6 == 2 \
        else "uniform"
    digest = hashlib.sha256()

    def feed(value: Any) -> None:
        # repr, not JSON: as exact (it tells a tuple from a list) and several times faster
        digest.update(repr(value).encode())
        digest.update(b"\n")

    seats: list[int | None] = [*range(players), None]
    # A long session's views repeat every past deal: look at them less often there.
    view_every = 1 if state.options["deals"] <= 5 else 25
    step = results_fed = 0
    while True:
        feed([state.to_act(), state.is_terminal()])
        feed([state.legal_actions(p) for p in range(players)])
        if step % view_every == 0 or state.is_terminal():
            views = [_as_in_reference(state.view(seat)) for seat in seats]
            # The finished deals' results are public and only grow: digested once each.
            results = views[-1].pop("results")
            assert all(view.pop("results") == results for view in views[:-1])
            feed(views)
            if len(results) != results_fed:
                feed(results)
                results_fed = len(results)
        step += 1
        if state.is_terminal():
            break
        legal = state.legal_actions()
        action = choose(state, legal, rng, policy)
        feed([game.encode_action(action), state.describe_action(action),
              state.public_action(action), state.is_legal(action)])
        state.apply(action)
    feed(record_as_digested(state.record()))
    feed([state.returns(), list(state.winners())])
    return digest.hexdigest()[:16]


def compute_all() -> dict[str, list[str]]:
    """Every digest, per ruleset."""
    return {ruleset: [session_digest(ruleset, seed) for seed in range(GAMES_PER_RULESET)]
            for ruleset in RULESETS}


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@pytest.mark.parametrize("block", range(3))
def test_sessions_play_exactly_as_the_reference_engine(ruleset: str, block: int) -> None:
    expected = json.loads(DIGESTS.read_text())[ruleset]
    assert len(expected) == GAMES_PER_RULESET
    size = GAMES_PER_RULESET // 3
    for seed in range(block * size, (block + 1) * size):
        assert session_digest(ruleset, seed) == expected[seed], \
            f"{ruleset} session {seed} ({session_options(seed, RULESETS[ruleset])}) differs"


if __name__ == "__main__":
    DIGESTS.write_text(json.dumps(compute_all(), indent=1) + "\n")
    print(f"wrote {DIGESTS}")
