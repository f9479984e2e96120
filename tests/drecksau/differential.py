"""Digests of seeded random Drecksau games, to prove a faster engine plays the same games.

For every base ruleset and player count, :data:`GAMES` seeded games are played with
uniformly random legal actions. Every legal action list, each action's notation and
sentence, every view (each seat and the spectator) at the end and the final record go into
one SHA-256 digest per case, and so does every view at every step of the first
``view_games`` games: all of them in the long run (``-m long``), :data:`QUICK_VIEW_GAMES`
in ``make test`` (views cost most of the time). The expected digests in
``differential.json`` were computed with the engine as it was before the speed work;
``python -m tests.drecksau.differential`` prints them afresh (``--write`` stores them).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

from saustall.core import get
from tests.view_keys import record_json_as_digested

GAMES = 300
"""Seeded games per ruleset and player count."""
QUICK_VIEW_GAMES = 20
"""Games whose every view is digested in ``make test``."""
EXPECTED = Path(__file__).with_name("differential.json")
CASES = [(ruleset, players)
         for ruleset, most in (("dirty-pig", 6), ("drecksau", 4), ("sauschoen", 6))
         for players in range(2, most + 1)]
"""(ruleset, players) of every base Drecksau game (the tournament has its own owner)."""


def case_digest(ruleset: str, players: int, view_games: int, games: int = GAMES) -> str:
    """The digest of ``games`` seeded random games of ``ruleset`` at ``players``, every
    view at every step of the first ``view_games`` of them."""
    game = get("drecksau", ruleset)
    digest = hashlib.sha256()
    for seed in range(games):
        state = game.new_state(players, seed)
        rng = random.Random(seed)
        while True:
            if seed < view_games or state.is_terminal():
                for observer in (*range(players), None):
                    digest.update(repr(state.view(observer)).encode())
            if state.is_terminal():
                break
            player = state.current_player
            legal = state.legal_actions(player)
            digest.update(repr(legal).encode())
            action = legal[rng.randrange(len(legal))]
            digest.update(game.encode_action(action).encode())
            digest.update(state.describe_action(action).encode())
            state.apply(action, player)
        digest.update(record_json_as_digested(state.record()).encode())
    return digest.hexdigest()


def main(argv: list[str]) -> int:
    """Print (or with ``--write`` store) the digest of every case."""
    found = {kind: {f"{ruleset}/{players}": case_digest(ruleset, players, view_games)
                    for ruleset, players in CASES}
             for kind, view_games in (("quick", QUICK_VIEW_GAMES), ("full", GAMES))}
    text = json.dumps(found, indent=2) + "\n"
    if "--write" in argv:
        EXPECTED.write_text(text, encoding="utf-8")
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
