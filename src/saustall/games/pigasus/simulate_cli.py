"""``saustall simulate pigasus``: many bot games on simulated time, and what they show.

Reports per seat the bot level, cards collected, wins, grabs (right, shared, wrong) and
cards given back, and per game the length in simulated seconds, events and tie-breaks.
The games are a pure function of the seed (see
:func:`saustall.games.pigasus.bots.reaction.simulate_game`).
"""

from __future__ import annotations

import json
import statistics
from dataclasses import asdict
from typing import Any, Optional, Sequence

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from saustall.cli.common import HELP_SETTINGS, parse_options
from saustall.bots.base import default_level
from saustall.games.pigasus.bots.reaction import LEVELS, SimulationResult, simulate_game
from saustall.core import SaustallError, get
from saustall.core.rng import derive_seed
from saustall.games.pigasus.facts import PigasusTally
from saustall.games.pigasus.facts_view import render_simulation as render_facts


def summarize(results: Sequence[SimulationResult]) -> dict[str, Any]:
    """Aggregate statistics over simulated games of one set-up (JSON-ready)."""
    if not results:
        raise ValueError("no games to summarize")
    first = results[0]
    games = len(results)
    seats: list[dict[str, Any]] = []
    for seat in range(first.num_players):
        unit = first.team_of[seat]
        total = {key: sum(r.stats[seat][key] for r in results) for key in first.stats[seat]}
        wins = sum(1 / len(r.winners) for r in results if seat in r.winners)
        seats.append({
            "seat": seat,
            "level": first.levels[seat],
            "team": unit if first.ruleset == "pigasus-teams" else None,
            "mean_cards": statistics.fmean(r.scores[unit] for r in results),
            "win_share": wins / games,
            "grabs": total["grabs"],
            "right": total["right"],
            "split": total["split"],
            "crowded": total["crowded"],
            "wrong": total["wrong"],
            "cards_won": total["cards_won"],
            "cards_paid": total["cards_paid"],
        })
    lengths = [r.length_ms / 1000 for r in results]
    return {
        "ruleset": first.ruleset,
        "players": first.num_players,
        "games": games,
        "seats": seats,
        "grabs": sum(s["grabs"] for s in seats),
        "wrong_grabs": sum(s["wrong"] for s in seats),
        "mean_length_s": statistics.fmean(lengths),
        "min_length_s": min(lengths),
        "max_length_s": max(lengths),
        "mean_events": statistics.fmean(r.events for r in results),
        "tiebreaks": sum(1 for r in results if r.tiebreak),
        "refused_grabs": sum(r.refused for r in results),
        "end_reasons": {reason: sum(1 for r in results if r.end_reason == reason)
                        for reason in sorted({str(r.end_reason) for r in results})},
    }


def render(summary: dict[str, Any], console: Console) -> None:
    """Print a summary as tables."""
    team_play = summary["ruleset"] == "pigasus-teams"
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title=f"Pigasus ({summary['ruleset']}), {summary['players']} players, "
                        f"{summary['games']} games")
    columns = ["seat"] + (["team"] if team_play else []) + [
        "cards", "wins", "grabs", "right", "split",
        "crowd", "wrong", "paid"]
    for column in columns:
        table.add_column(column, justify="left" if column == "seat" else "right",
                         no_wrap=column == "seat")
    for seat in summary["seats"]:
        row = [f"{seat['seat'] + 1} {seat['level']}"]
        if team_play:
            row.append(str(seat["team"] + 1))
        row += [f"{seat['mean_cards']:.1f}", f"{100 * seat['win_share']:.0f}%",
                str(seat["grabs"]), str(seat["right"]), str(seat["split"]),
                str(seat["crowded"]), str(seat["wrong"]), str(seat["cards_paid"])]
        table.add_row(*row)
    console.print(table)
    console.print("cards: mean cards collected" + (" by the seat's team" if team_play else "")
                  + "; split: equal holds that shared a pair; "
                  "crowd: a third equal hold on one pair; paid: cards given back")
    console.print(
        f"Grabs: {summary['grabs']} ({summary['wrong_grabs']} wrong); grabs refused as too "
        f"late: {summary['refused_grabs']}")
    console.print(
        f"Game length: {summary['mean_length_s']:.1f} s on average "
        f"({summary['min_length_s']:.1f}-{summary['max_length_s']:.1f} s), "
        f"{summary['mean_events']:.0f} events; tie-breaks: {summary['tiebreaks']}")


DEFAULT_LEVEL = default_level("pigasus")
"""The bots of a simulation nobody chose bots for: the level people play by default."""

app = typer.Typer(add_completion=False, context_settings=HELP_SETTINGS,
                  help="Simulate many Pigasus bot games on simulated time.")


@app.command()
def simulate(
    games: int = typer.Option(20, "--games", "-n", min=1, help="number of games"),
    players: int = typer.Option(4, "--players", "-p", help="players per game"),
    bots: str = typer.Option(DEFAULT_LEVEL, "--bots", "-b",
                             help=f"bot level per seat, comma-separated and repeated to fill "
                                  f"the table: {', '.join(LEVELS)} (default: the level the "
                                  f"lobby and the terminal seat)"),
    ruleset: str = typer.Option("pigasus", help="pigasus or pigasus-teams"),
    seed: int = typer.Option(0, help="seed of the first game; the rest derive from it"),
    pace: int = typer.Option(1500, min=100, help="ms between two revealed cards"),
    option: Optional[list[str]] = typer.Option(
        None, "--option", "-o", help="ruleset option name=value, e.g. window_ms=100"),
    as_json: bool = typer.Option(False, "--json", help="print the summary as JSON"),
) -> None:
    """Simulate Pigasus games between bots and report scores, grabs and game length."""
    console = Console()
    levels = [name.strip() for name in bots.split(",") if name.strip()]
    unknown = [name for name in levels if name not in LEVELS]
    if not levels or unknown:
        raise typer.BadParameter(f"bot levels are {', '.join(LEVELS)}", param_hint="--bots")
    options = parse_options(option)
    try:
        get("pigasus", ruleset).new_state(players, 0, options)
        results = [simulate_game(players, derive_seed(seed, "pigasus-sim", index), levels,
                                 ruleset, options, pace)
                   for index in range(games)]
    except SaustallError as exc:
        raise typer.BadParameter(str(exc)) from None
    summary = summarize(results)
    tally = PigasusTally(players)
    for result in results:
        tally.add(result.levels, result.facts)
    facts = tally.summary()
    if as_json:
        console.print_json(json.dumps({**summary, "pigasus": asdict(facts)}))
    else:
        render(summary, console)
        render_facts(facts, console)


def run_cli(game: str, args: list[str]) -> None:
    """Entry point used by ``saustall simulate pigasus``; errors end in :class:`typer.Exit`."""
    try:
        app(args, prog_name=f"saustall simulate {game}", standalone_mode=True)
    except SystemExit as exc:
        if exc.code not in (0, None):
            raise typer.Exit(exc.code if isinstance(exc.code, int) else 2) from None
