"""Write the 0.1 record corpus that ``tests/core/test_records_v0_1.py`` replays.

Run once with the engine whose records are to be kept replayable (it was run with
Saustall 0.1, before the counter-based random stream): ``python
tests/core/records_v0_1/make_records.py``. Not run by the suite. Each case is a full game
of random legal actions, saved as ``<case>.record.json`` (an ordinary game record) beside
``<case>.expected.json`` (the final spectator view, every player's view, winners and
returns as the engine of that time computed them).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from saustall.core.registry import get

HERE = Path(__file__).parent

CASES: list[tuple[str, str, int, dict[str, Any]]] = [
    ("drecksau", "dirty-pig", 2, {}),
    ("drecksau", "dirty-pig", 4, {}),
    ("drecksau", "dirty-pig", 6, {}),
    ("drecksau", "drecksau", 3, {}),
    ("drecksau", "drecksau", 4, {"hand_size": 4}),
    ("drecksau", "sauschoen", 2, {}),
    ("drecksau", "sauschoen", 5, {}),
    ("drecksau", "sauschoen-tournament", 2, {}),
    ("drecksau", "sauschoen-tournament", 3, {}),
    ("saukopf", "saukopf", 4, {}),
    ("saukopf", "saukopf", 4, {"deals": 8, "dealer": 2}),
    ("saukopf", "dreihaxer", 3, {}),
    ("pigasus", "pigasus", 2, {}),
    ("pigasus", "pigasus", 5, {}),
    ("pigasus", "pigasus-teams", 4, {}),
    ("pigasus", "pigasus-teams", 6, {"num_teams": 3}),
]
SEEDS = (1, 20261201)


def jsonable(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


def play(game_name: str, ruleset: str, players: int, options: dict[str, Any],
         seed: int) -> Any:
    """A finished game of random legal actions (the acting seat drawn at random too)."""
    game = get(game_name, ruleset)
    state = game.new_state(players, seed, options)
    chooser = random.Random(seed * 7919 + players)
    while not state.is_terminal():
        acting = state.to_act()
        player = acting[chooser.randrange(len(acting))]
        legal = state.legal_actions(player)
        state.apply(legal[chooser.randrange(len(legal))], player)
    return state


def expected(state: Any) -> dict[str, Any]:
    """What a replay of the record must reproduce."""
    return jsonable({
        "spectator": state.view(None),
        "players": [state.view(p) for p in range(state.num_players)],
        "winners": list(state.winners()),
        "returns": list(state.returns()),
        "actions": len(state.history),
    })


def main() -> None:
    """Write every case."""
    for game_name, ruleset, players, options in CASES:
        for seed in SEEDS:
            state = play(game_name, ruleset, players, options, seed)
            suffix = "-".join(f"{k}{v}" for k, v in sorted(options.items()))
            name = f"{ruleset}-{players}p-s{seed}" + (f"-{suffix}" if suffix else "")
            state.record().save(HERE / f"{name}.record.json")
            (HERE / f"{name}.expected.json").write_text(
                json.dumps(expected(state), separators=(",", ":"), ensure_ascii=False) + "\n",
                encoding="utf-8")
            print(name, len(state.history), "actions")


if __name__ == "__main__":
    main()
