"""Engine speed: random-playout games and actions per second, one core.

``python -m benchmarks.engine`` (``make bench``) measures every ruleset of every game in the
registry at its default player count (and 2-player ``drecksau/dirty-pig``, the figure the
project's speed bar is set for). A playout picks uniformly among the legal actions, so
the figures include legal-move generation and applying each action, as a bot or a
search would pay for them. Each case is timed several times (in CPU time of the process, see
:data:`clock`) and the median reported.

Beside playout speed each row shows what search bots and record tools pay per call, on a
state halfway through a random game: ``clone()``, ``view()`` (one seat), ``determinize()``
(for the player to act), and a record's save plus replay per action (``to_json``,
``from_json``, ``replay``, over ten finished games).

Options: ``--json`` for machine-readable output, ``--runs`` and ``--seconds`` to trade
precision for time. The comparison with OpenSpiel is :mod:`benchmarks.compare`
(``make bench-compare``), which builds on this module (never the other way round).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from dataclasses import asdict, dataclass
from typing import Sequence

from saustall.core.game import Game, GameState
from saustall.core.record import GameRecord
from saustall.core.rng import Rng
from saustall.core.registry import get, rulesets

from benchmarks.timing import clock, engine_note, per_call_us

RECORD_GAMES = 10
"""Finished games whose records are saved, parsed and replayed for the record figure."""

MAX_ACTIONS_PER_GAME = 100_000
"""Safety stop for a playout that neither ends nor reaches a turn cap."""


@dataclass(frozen=True)
class BenchResult:
    """Median speed of random playouts for one ruleset and player count."""

    game: str
    ruleset: str
    players: int
    games_per_second: float
    actions_per_second: float
    actions_per_game: float
    runs: int
    clone_us: float = 0.0
    """Microseconds per ``clone()`` of a state halfway through a game."""
    view_us: float = 0.0
    """Microseconds per ``view(seat)`` of that state."""
    determinize_us: float = 0.0
    """Microseconds per ``determinize()`` of that state for the seat to act."""
    record_us_per_action: float = 0.0
    """Microseconds per action to save finished games' records as JSON, parse and replay
    them (over :data:`RECORD_GAMES` games: their time over their actions)."""


def playout(game: Game, players: int, seed: int, rng: random.Random) -> int:
    """Play one game with uniformly random legal actions; return the actions taken."""
    state = game.new_state(players, seed)
    actions = 0
    while not state.is_terminal() and actions < MAX_ACTIONS_PER_GAME:
        acting = state.to_act()
        if not acting:
            break
        player = acting[0] if len(acting) == 1 else acting[rng.randrange(len(acting))]
        legal = state.legal_actions(player)
        if not legal:
            break
        state.apply(legal[rng.randrange(len(legal))], player)
        actions += 1
    return actions


def played(game: Game, players: int, seed: int) -> list[GameState]:
    """Every state of one game of uniformly random legal actions, first to last."""
    rng = random.Random(seed)
    state = game.new_state(players, seed)
    states = [state.clone()]
    while not state.is_terminal() and len(states) <= MAX_ACTIONS_PER_GAME:
        acting = state.to_act()
        player = acting[rng.randrange(len(acting))]
        legal = state.legal_actions(player)
        state.apply(legal[rng.randrange(len(legal))], player)
        states.append(state.clone())
    return states


def call_costs(game: Game, players: int, seed: int, seconds: float,
               runs: int) -> dict[str, float]:
    """clone, view, determinize and record round-trip costs in microseconds."""
    states = played(game, players, seed)
    middle = states[len(states) // 2]
    seat = middle.to_act()[0] if middle.to_act() else 0
    redeal = Rng(seed)
    # Over several games: a record's fixed costs (parsing, dealing) weigh on a short game,
    # and one seed's game may be much shorter or longer than most.
    records = [states[-1].record()] + [played(game, players, seed + offset)[-1].record()
                                       for offset in range(1, RECORD_GAMES)]
    recorded_actions = sum(len(record.actions) for record in records)

    def round_trip() -> None:
        for record in records:
            GameRecord.from_json(record.to_json(indent=None)).replay()

    return {
        "clone_us": per_call_us(middle.clone, seconds, runs),
        "view_us": per_call_us(lambda: middle.view(seat), seconds, runs),
        "determinize_us": per_call_us(lambda: middle.determinize(seat, redeal), seconds, runs),
        "record_us_per_action": per_call_us(round_trip, seconds, runs)
        / max(1, recorded_actions),
    }


def measure(game_name: str, ruleset: str, players: int, runs: int = 5,
            seconds: float = 0.3, seed: int = 0) -> BenchResult:
    """Time random playouts: ``runs`` runs of about ``seconds`` each; report medians."""
    game = get(game_name, ruleset)
    rng = random.Random(seed)
    game_rates, action_rates, lengths = [], [], []
    next_seed = seed
    for _ in range(runs):
        games = actions = 0
        start = clock()
        elapsed = 0.0
        while elapsed < seconds or games == 0:
            actions += playout(game, players, next_seed, rng)
            games += 1
            next_seed += 1
            elapsed = clock() - start
        game_rates.append(games / elapsed)
        action_rates.append(actions / elapsed)
        lengths.append(actions / games)
    costs = call_costs(game, players, seed, seconds / 4, runs)
    return BenchResult(game=game_name, ruleset=ruleset, players=players,
                       games_per_second=statistics.median(game_rates),
                       actions_per_second=statistics.median(action_rates),
                       actions_per_game=statistics.median(lengths), runs=runs, **costs)


def cases() -> list[tuple[str, str, int]]:
    """(game, ruleset, players) to measure: every ruleset at its default player count,
    plus 2-player ``drecksau/dirty-pig``."""
    found: list[tuple[str, str, int]] = []
    for spec in rulesets():
        players = get(spec.game, spec.name).default_players
        found.append((spec.game, spec.name, players))
    reference = ("drecksau", "dirty-pig", 2)
    if reference not in found and any(s.game == "drecksau" and s.name == "dirty-pig"
                                      for s in rulesets()):
        found.insert(0, reference)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print a table (or JSON)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.engine",
                                     description="Random-playout speed of every ruleset.")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per case (median)")
    parser.add_argument("--seconds", type=float, default=0.3, help="length of one run")
    parser.add_argument("--game", help="only this game")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.seconds <= 0:
        parser.error("--runs must be at least 1 and --seconds positive")
    selected = [c for c in cases() if args.game is None or c[0] == args.game]
    if not selected:
        parser.error(f"no registered game {args.game!r}")
    results = [measure(game, ruleset, players, runs=args.runs, seconds=args.seconds)
               for game, ruleset, players in selected]
    if args.json:
        json.dump([asdict(r) for r in results], sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"Random playouts, one core, median of {args.runs} runs",
                  caption=engine_note())
    for column in ("game", "ruleset", "players", "games/s", "actions/s", "actions/game",
                   "clone µs", "view µs", "determinize µs", "record µs/action"):
        table.add_column(column, justify="left" if column in ("game", "ruleset") else "right",
                         no_wrap=True)
    for r in results:
        table.add_row(r.game, r.ruleset, str(r.players), f"{r.games_per_second:,.0f}",
                      f"{r.actions_per_second:,.0f}", f"{r.actions_per_game:.1f}",
                      f"{r.clone_us:.1f}", f"{r.view_us:.1f}", f"{r.determinize_us:.1f}",
                      f"{r.record_us_per_action:.1f}")
    console = Console()
    if console.width < 150:  # keep the columns readable when piped or in a narrow window
        console = Console(width=150)
    console.print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
