"""Digests of seeded random games, for checking that an engine change keeps every game.

:func:`game_digest` plays one seeded game with random actions (for Pigasus also later
times, two-card points and illegal attempts) and hashes everything a user can observe:
who may act, every seat's legal actions, every view (each seat and a spectator), the error
of every refused action, the record and the returns.

``python -m tests.conformance.same_games`` writes the digests of the engine as it is to
``same_games.json`` beside this file; ``test_same_games.py`` recomputes and compares them.
The digests checked in were made by the engines before their speed-up (issue 10).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from saustall.core import get
from saustall.core.game import GameState
from tests.view_keys import record_as_digested, without_added_keys

DIGESTS = Path(__file__).with_name("same_games.json")
CHUNK = 5
"""Games per digest: the suite checks the first chunk of every case."""
CHUNKS = 60
"""Chunks per case (300 games): ``SAUSTALL_SAME_GAMES=all`` checks them all."""


def cases() -> list[tuple[str, str, int]]:
    """(game, ruleset, players) covered: both Pigasus rulesets at every count, and the
    Sauschön tournament at every count."""
    found = [("pigasus", "pigasus", n) for n in range(2, 11)]
    found += [("pigasus", "pigasus-teams", n) for n in range(4, 11)]
    found += [("drecksau", "sauschoen-tournament", n) for n in range(2, 7)]
    return found


def _options(ruleset: str, players: int, seed: int) -> dict[str, Any]:
    """Options varied by seed so edge timings, benching and team counts are played."""
    if not ruleset.startswith("pigasus"):
        return {}
    pick = random.Random(seed * 7919 + players)
    options: dict[str, Any] = {
        "window_ms": pick.choice((0, 150, 1000)),
        "point_limit_ms": pick.choice((1000, 10000)),
        "last_call_ms": pick.choice((0, 5000)),
        "bench_empty_handed": pick.random() < 0.7,
        "first_dealer": pick.randrange(players),
        "event_cap": pick.choice((200, 300)),  # random play rarely ends by itself
    }
    if ruleset == "pigasus-teams":
        options["num_teams"] = pick.choice([t for t in (2, 3, 4, 5) if 2 * t <= players])
    return options


class _Digest:
    def __init__(self) -> None:
        self.hash = hashlib.blake2b(digest_size=8)

    def feed(self, value: object) -> None:
        # repr, not JSON: faster, and it also pins the order of every view's keys.
        self.hash.update(repr(value).encode())
        self.hash.update(b"\n")


def _as_before(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` without the keys views gained after the digests were made."""
    return without_added_keys(view, view["game"])


def _observe(state: GameState, digest: _Digest) -> None:
    digest.feed(list(state.to_act()))
    digest.feed(state.is_terminal())
    for seat in range(state.num_players):
        digest.feed([repr(a) for a in state.legal_actions(seat)])
    for observer in [*range(state.num_players), None]:
        digest.feed(_as_before(state.view(observer)))


def _attempt(state: GameState, action: object, player: int | None, digest: _Digest) -> bool:
    """Apply ``action`` if the engine takes it; feed the outcome either way."""
    digest.feed(["try", repr(action), player])
    try:
        state.apply(action, player)  # type: ignore[arg-type]
    except Exception as exc:  # noqa: BLE001 - the kind and words of the refusal are digested
        digest.feed(["refused", type(exc).__name__, str(exc), getattr(exc, "rule", None)])
        return False
    return True


def _pigasus_variant(state: GameState, action: Any, rng: random.Random) -> Any:
    """Sometimes a later time, a two-card point, or a wrong actor/card instead."""
    from saustall.games.pigasus.game import POINT, TICK, PigasusAction

    roll = rng.random()
    if roll < 0.15 and action.kind != TICK:
        return action._replace(time=action.time + rng.choice((1, 40, 151, 1001, 5001, 10001)))
    if roll < 0.25 and action.kind == POINT and len(action.cards) == 1:
        other = rng.randrange(72)
        if other != action.cards[0]:
            return action._replace(cards=tuple(sorted((action.cards[0], other))))
    if roll < 0.32:
        kind = rng.choice(("reveal", "grab", "point", "tick"))
        cards: tuple[int, ...] = (rng.randrange(72),) if kind == POINT else ()
        return PigasusAction(rng.randrange(state.num_players),
                             state.now + rng.choice((0, 0, 1, 200)), kind, cards)  # type: ignore[attr-defined]
    return action


def game_digest(game_name: str, ruleset: str, players: int, seed: int) -> str:
    """The digest of one seeded random game (see the module docstring)."""
    game = get(game_name, ruleset)
    options = _options(ruleset, players, seed)
    state = game.new_state(players, seed, options)
    rng = random.Random(seed)
    digest = _Digest()
    steps = 0
    while True:
        _observe(state, digest)
        if state.is_terminal() or steps > 20000:
            break
        acting = state.to_act()
        player = acting[rng.randrange(len(acting))]
        legal = state.legal_actions(player)
        action = legal[rng.randrange(len(legal))]
        digest.feed(["legal?", state.is_legal(action, player)])
        if game_name == "pigasus":
            variant = _pigasus_variant(state, action, rng)
            if variant != action:
                digest.feed(["legal?", state.is_legal(variant, variant.player)])
                if _attempt(state, variant, rng.choice((None, variant.player)), digest):
                    steps += 1
                    continue
                _observe(state, digest)  # unchanged by the refusal
        elif rng.random() < 0.1:
            wrong = rng.randrange(-2, 400)
            digest.feed(["legal?", state.is_legal(wrong, player)])
            if _attempt(state, wrong, rng.choice((None, player, (player + 1) % players)),
                        digest):
                steps += 1
                continue
        if not _attempt(state, action, rng.choice((None, player)), digest):
            raise AssertionError(f"a listed legal action was refused: {action!r}")
        steps += 1
    record = record_as_digested(state.record())
    record.pop("engine_version")
    digest.feed(record)
    digest.feed(state.returns())
    digest.feed(_as_before(state.clone().view(None)))
    return digest.hash.hexdigest()


def chunk_digest(game_name: str, ruleset: str, players: int, chunk: int) -> str:
    """One digest over the seeded games of one chunk of a case."""
    combined = hashlib.blake2b(digest_size=8)
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        combined.update(game_digest(game_name, ruleset, players, seed).encode())
    return combined.hexdigest()


def _chunk_job(job: tuple[str, str, int, int]) -> str:
    return chunk_digest(*job)


def key(game_name: str, ruleset: str, players: int) -> str:
    """The JSON key of a case."""
    return f"{game_name}/{ruleset}/{players}"


def main() -> int:
    """Write the digests of the engine as it is now (two processes)."""
    from concurrent.futures import ProcessPoolExecutor

    jobs = [(*case, chunk) for case in cases() for chunk in range(CHUNKS)]
    with ProcessPoolExecutor(2) as pool:
        found = dict(zip(jobs, pool.map(_chunk_job, jobs)))
    digests = {key(*case): [found[(*case, chunk)] for chunk in range(CHUNKS)]
               for case in cases()}
    DIGESTS.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(digests)} digests to {DIGESTS}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
