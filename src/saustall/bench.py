"""Engine speed: random-playout games and actions per second, one core.

``python -m saustall.bench`` (``make bench``) measures every ruleset of every game in the
registry at its default player count (and 2-player ``drecksau/dirty-pig``, the figure the
project's speed bar is set for). A playout picks uniformly among the legal actions, so
the figures include legal-move generation and applying each action, as a bot or a
search would pay for them. Each case is timed several times and the median reported.

Options: ``--json`` for machine-readable output, ``--runs`` and ``--seconds`` to trade
precision for time.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from typing import Sequence

from saustall.core.game import Game
from saustall.core.registry import get, rulesets

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


def measure(game_name: str, ruleset: str, players: int, runs: int = 5,
            seconds: float = 0.3, seed: int = 0) -> BenchResult:
    """Time random playouts: ``runs`` runs of about ``seconds`` each; report medians."""
    game = get(game_name, ruleset)
    rng = random.Random(seed)
    game_rates, action_rates, lengths = [], [], []
    next_seed = seed
    for _ in range(runs):
        games = actions = 0
        start = time.perf_counter()
        elapsed = 0.0
        while elapsed < seconds or games == 0:
            actions += playout(game, players, next_seed, rng)
            games += 1
            next_seed += 1
            elapsed = time.perf_counter() - start
        game_rates.append(games / elapsed)
        action_rates.append(actions / elapsed)
        lengths.append(actions / games)
    return BenchResult(game=game_name, ruleset=ruleset, players=players,
                       games_per_second=statistics.median(game_rates),
                       actions_per_second=statistics.median(action_rates),
                       actions_per_game=statistics.median(lengths), runs=runs)


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
    parser = argparse.ArgumentParser(prog="python -m saustall.bench",
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

    table = Table(title=f"Random playouts, one core, median of {args.runs} runs")
    for column in ("game", "ruleset", "players", "games/s", "actions/s", "actions/game"):
        table.add_column(column, justify="left" if column in ("game", "ruleset") else "right",
                         no_wrap=True)
    for r in results:
        table.add_row(r.game, r.ruleset, str(r.players), f"{r.games_per_second:,.0f}",
                      f"{r.actions_per_second:,.0f}", f"{r.actions_per_game:.1f}")
    console = Console()
    if console.width < 100:  # keep the columns readable when piped or in a narrow window
        console = Console(width=100)
    console.print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
