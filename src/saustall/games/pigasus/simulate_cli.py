"""``saustall simulate pigasus``: many bot games on simulated time, and what they show.

Reports per seat the bot level, cards collected, win share, grabs (right, shared, wrong)
and cards given back, and per game the length in simulated seconds, events, tie-breaks
and, in team play, the teams' balance. Every share comes with its Wilson 95% interval and
every mean with its t interval (within its range), with the number of games; the length's
shortest and longest game are a range, printed as one.

On par with the common simulator (:mod:`saustall.cli.simulate`): games in chunks over
worker processes or a Ray cluster (``--workers``, ``--backend``), progress on standard
error, every game as a JSON line as it finishes (``--out``), the bots moved one seat per
game (``--rotate``), an HTML report (``--report``). The games are a pure function of the
seed (see :func:`saustall.games.pigasus.bots.reaction.simulate_game`), counted in game
order: the same figures for any number of workers.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any, Callable, Mapping, Optional, Sequence

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from saustall.arena.simulate import (
    backend_workers, chunk_ranges, records, run_chunks, seat_bots,
)
from saustall.bots.base import default_level
from saustall.cli.common import HELP_SETTINGS, ProgressLine, parse_options
from saustall.core import SaustallError
from saustall.core.registry import get_variant
from saustall.core.rng import derive_seed
from saustall.games.pigasus.bots.reaction import LEVELS, simulate_game
from saustall.games.pigasus.facts import PigasusFacts, PigasusSummary
from saustall.games.pigasus.facts import PigasusTally as FactsTally
from saustall.stats import Interval, Moments, wilson

GRAB_KEYS = ("grabs", "right", "split", "crowded", "wrong", "cards_won", "cards_paid")


@dataclass(frozen=True)
class PigasusJob:
    """What a worker needs to play a chunk of Pigasus games (picklable)."""

    players: int
    levels: tuple[str, ...]
    """One level per seat (before rotation)."""
    ruleset: str
    options: Mapping[str, Any]
    pace: int
    seed: int
    rotate: bool = False
    params: Mapping[str, Any] = field(default_factory=dict)
    """The balance levers of a house-rule variant (empty: the ruleset itself)."""
    variant_name: str | None = None

    def lineup(self, index: int) -> tuple[str, ...]:
        """The level in each seat for game ``index``."""
        return seat_bots(self.levels, index, self.rotate)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (as it always was for this command)."""
    return derive_seed(seed, "pigasus-sim", index)


def play_games(job: PigasusJob, indices: range
               ) -> list[tuple[dict[str, Any], PigasusFacts]]:
    """Games ``indices`` of ``job`` (one chunk, on a worker): each game's row (JSON-ready)
    and its facts (:mod:`saustall.games.pigasus.facts`)."""
    rows = []
    for index in indices:
        lineup = job.lineup(index)
        played = simulate_game(job.players, game_seed(job.seed, index), lineup, job.ruleset,
                               dict(job.options), job.pace, dict(job.params),
                               job.variant_name)
        rows.append(({
            "index": index, "seed": played.seed, "levels": list(played.levels),
            "team_of": list(played.team_of), "scores": list(played.scores),
            "winners": list(played.winners), "end_reason": played.end_reason,
            "stats": [{key: int(row.get(key, 0)) for key in GRAB_KEYS}
                      for row in played.stats],
            "length_s": played.length_ms / 1000, "events": played.events,
            "tiebreak": played.tiebreak, "refused": played.refused,
        }, played.facts))
    return rows


class _Seat:
    def __init__(self) -> None:
        self.games = 0
        self.wins = 0.0
        self.cards = Moments()
        self.totals = {key: 0 for key in GRAB_KEYS}
        self.levels: set[str] = set()


@dataclass
class PigasusTally:
    """The figures of Pigasus games gathered one game at a time (flat memory)."""

    ruleset: str
    players: int
    teams: bool
    games: int = 0
    seats: list[_Seat] = field(default_factory=list)
    bots: dict[str, _Seat] = field(default_factory=dict)
    length: Moments = field(default_factory=Moments)
    team_of: list[int] = field(default_factory=list)
    lengths: dict[int, int] = field(default_factory=dict)
    events: Moments = field(default_factory=Moments)
    refused: int = 0
    team_gap: Moments = field(default_factory=Moments)
    length_min: float = math.inf
    length_max: float = 0.0

    facts: FactsTally | None = None
    """The game's own facts (tie-breaks, units' balance...): one extraction, the one the
    arena and ``saustall study`` read too."""

    def __post_init__(self) -> None:
        self.seats = [_Seat() for _ in range(self.players)]
        self.facts = FactsTally(self.players)

    def add(self, row: Mapping[str, Any], facts: PigasusFacts) -> None:
        """Count one game (in game order): its row and its facts."""
        assert self.facts is not None
        self.facts.add(row["levels"], facts)
        self.games += 1
        winners = row["winners"]
        team_of = row["team_of"]
        self.team_of = list(team_of)
        # a shared win is split between the units that share it (in team play a seat
        # wins what its team wins, not half of it)
        won_units = {team_of[seat] for seat in winners}
        for seat in range(self.players):
            unit = team_of[seat]
            won = (1.0 / len(won_units)) if unit in won_units else 0.0
            level = row["levels"][seat]
            for tally in (self.seats[seat], self.bots.setdefault(level, _Seat())):
                tally.games += 1
                tally.wins += won
                tally.cards.add(float(row["scores"][unit]))
                tally.levels.add(level)
                for key in GRAB_KEYS:
                    tally.totals[key] += row["stats"][seat][key]
        self.length.add(row["length_s"])
        self.lengths[int(row["length_s"])] = self.lengths.get(int(row["length_s"]), 0) + 1
        self.length_min = min(self.length_min, row["length_s"])
        self.length_max = max(self.length_max, row["length_s"])
        self.events.add(float(row["events"]))
        self.refused += row["refused"]
        if self.teams:
            scores = row["scores"]
            self.team_gap.add(float(scores[0] - scores[1]) if len(scores) > 1 else 0.0)

    def summary(self) -> dict[str, Any]:
        """JSON-ready records: every share with its Wilson interval, every mean with its
        t interval (``value``, ``low``, ``high``, ``n``)."""
        if self.games == 0 or self.facts is None:
            raise ValueError("no games to summarize")
        facts: PigasusSummary = self.facts.summary()

        def seat_record(tally: _Seat) -> dict[str, Any]:
            return {
                "mean_cards": tally.cards.interval((0.0, None)).as_dict(),
                "win_share": wilson(tally.wins, tally.games).as_dict(),
                **tally.totals,
                "wrong_share_of_grabs": wilson(tally.totals["wrong"],
                                               tally.totals["grabs"]).as_dict(),
            }

        seats = [{"seat": seat, "level": "/".join(sorted(tally.levels)),
                  "team": self.team_of[seat] if self.teams else None, **seat_record(tally)}
                 for seat, tally in enumerate(self.seats)]
        bots = [{"bot": name, "seat_games": tally.games, **seat_record(tally)}
                for name, tally in self.bots.items()]
        grabs = sum(tally.totals["grabs"] for tally in self.seats)
        wrong = sum(tally.totals["wrong"] for tally in self.seats)
        data: dict[str, Any] = {
            "ruleset": self.ruleset, "players": self.players, "games": self.games,
            "seats": seats, "bots": bots, "grabs": grabs, "wrong_grabs": wrong,
            "wrong_share_of_grabs": wilson(wrong, grabs).as_dict(),
            "length_s": self.length.interval((0.0, None)).as_dict(),
            "length_range_s": {"shortest": self.length_min, "longest": self.length_max},
            "lengths": [{"seconds": s, "games": g} for s, g in sorted(self.lengths.items())],
            "events": self.events.interval((0.0, None)).as_dict(),
            "tiebreaks": wilson(facts.tiebreaks.count, facts.tiebreaks.total).as_dict(),
            "refused_grabs": self.refused,
            "end_reasons": [{"reason": reason, "games": int(share.count)}
                            for reason, share in facts.end_reasons.items() if share.count],
            "pigasus": records(asdict(facts)),
        }
        if self.teams:
            data["team_balance"] = {
                "team_wins": [{"team": unit.unit + 1,
                               **wilson(unit.wins.count, unit.wins.total).as_dict()}
                              for unit in facts.units],
                "cards_team1_minus_team2": self.team_gap.interval().as_dict(),
            }
        return data


def _iv(data: Mapping[str, Any], scale: float = 1.0, digits: int = 1, unit: str = "",
        with_n: bool = False) -> str:
    return Interval(data["value"], data["low"], data["high"], data["n"],
                    data.get("note", "")).text(scale, digits, unit, with_n=with_n)


def render(summary: dict[str, Any], console: Console) -> None:
    """Print a summary as tables, every figure with its interval."""
    team_play = summary["ruleset"] == "pigasus-teams"
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False,
                  title=f"Pigasus ({summary['ruleset']}), {summary['players']} players, "
                        f"n = {summary['games']:,} games")
    columns = ["seat"] + (["team"] if team_play else []) + [
        "cards [95% CI]", "wins [95% CI]", "wrong grabs [95% CI]"]
    for column in columns:
        table.add_column(column, justify="left" if column == "seat" else "right",
                         no_wrap=True)
    grabs = Table(box=box.SIMPLE_HEAD, pad_edge=False, title="Grabs per seat (totals)")
    for column in ("seat", "grabs", "right", "split", "crowd", "wrong", "paid"):
        grabs.add_column(column, justify="left" if column == "seat" else "right")
    for seat in summary["seats"]:
        name = f"{seat['seat'] + 1} {escape(seat['level'])}"
        row = [name]
        if team_play:
            row.append(str(seat["team"] + 1))
        row += [_iv(seat["mean_cards"]), _iv(seat["win_share"], 100, 0, "%"),
                _iv(seat["wrong_share_of_grabs"], 100, 0, "%")]
        table.add_row(*row)
        grabs.add_row(name, str(seat["grabs"]), str(seat["right"]), str(seat["split"]),
                      str(seat["crowded"]), str(seat["wrong"]), str(seat["cards_paid"]))
    console.print(table)
    console.print(grabs)
    console.print("cards: mean cards collected" + (" by the seat's team" if team_play else "")
                  + " per game (t 95% interval); wins: share of games won, a shared win "
                  "split (Wilson 95% interval); wrong grabs: share of the seat's grabs that "
                  "were wrong; split: equal holds that shared a pair; "
                  "crowd: a third equal hold on one pair; paid: cards given back",
                  highlight=False)
    console.print(
        f"Grabs: {summary['grabs']:,}, wrong {_iv(summary['wrong_share_of_grabs'], 100, 1, '%')}"
        f" of grabs; grabs refused as too late: {summary['refused_grabs']:,}",
        highlight=False)
    span = summary["length_range_s"]
    console.print(
        f"Game length: mean {_iv(summary['length_s'], 1, 1, ' s')} (t 95% interval); "
        f"shortest {span['shortest']:.1f} s, longest {span['longest']:.1f} s (a range, "
        f"not an interval); events per game {_iv(summary['events'], 1, 0)}", highlight=False)
    facts = summary["pigasus"]
    console.print(f"Tie-breaks: {_iv(summary['tiebreaks'], 100, 1, '%', with_n=True)} of games;"
                  f" decided in the tie-break {_share(facts['tie_decided'])} of them; shared "
                  f"wins {_share(facts['shared_wins'])} of games", highlight=False)
    if "team_balance" in summary:
        balance = summary["team_balance"]
        wins = ", ".join(f"team {row['team']} {_iv(row, 100, 1, '%')}"
                         for row in balance["team_wins"])
        console.print(f"Team balance: wins {wins}; cards team 1 minus team 2 per game "
                      f"{_iv(balance['cards_team1_minus_team2'], 1, 2)}", highlight=False)


def _share(data: Mapping[str, Any]) -> str:
    """A :class:`~saustall.arena.figures.Share` in JSON form, with its Wilson interval."""
    return wilson(data["count"], data["total"]).text(100, 1, "%")


def render_html(summary: dict[str, Any], title: str) -> str:
    """The HTML report: seat win shares and cards, the length distribution, team balance."""
    from saustall.arena import html

    def iv(data: Mapping[str, Any]) -> Interval:
        return Interval(data["value"], data["low"], data["high"], data["n"],
                        data.get("note", ""))

    seats = summary["seats"]
    labels = [f"seat {s['seat'] + 1} ({s['level']})" for s in seats]
    parts = [html.paragraph(f"n = {summary['games']:,} games. Shares with Wilson 95% "
                            "intervals, means with t intervals.")]
    parts.append(html.section(
        "Seats",
        html.table(["seat", "cards [95% CI]", "win share [95% CI]", "grabs", "wrong"],
                   [[label, _iv(s["mean_cards"]), _iv(s["win_share"], 100, 1, "%"),
                     str(s["grabs"]), str(s["wrong"])] for label, s in zip(labels, seats)]),
        html.plots_or_note(lambda: html.image(html.interval_chart(
            labels, [iv(s["win_share"]) for s in seats], "win share (%), 95% Wilson "
            "interval; dashed: even share", reference=1.0 / summary["players"], scale=100),
            "seat win shares")),
        html.plots_or_note(lambda: html.image(html.interval_chart(
            labels, [iv(s["mean_cards"]) for s in seats], "cards collected per game, 95% "
            "t interval"), "cards per seat"))))
    span = summary["length_range_s"]
    parts.append(html.section(
        "Game length (simulated seconds)",
        html.paragraph(f"Mean {_iv(summary['length_s'], 1, 1, ' s', True)}; shortest "
                       f"{span['shortest']:.1f} s, longest {span['longest']:.1f} s (a "
                       "range, not an interval)."),
        html.plots_or_note(lambda: html.image(html.histogram(
            [(float(r["seconds"]), r["games"]) for r in summary["lengths"]],
            "game length (s)"), "length distribution"))))
    tie = html.paragraph(f"Tie-breaks: {_iv(summary['tiebreaks'], 100, 1, '%', True)} of "
                         "games.")
    extra = [tie]
    if "team_balance" in summary:
        balance = summary["team_balance"]
        extra.append(html.plots_or_note(lambda: html.image(html.interval_chart(
            [f"team {row['team']}" for row in balance["team_wins"]],
            [iv(row) for row in balance["team_wins"]], "team win share (%)", reference=0.5,
            scale=100), "team balance")))
    parts.append(html.section("Tie-breaks and team balance", *extra))
    from saustall.arena.sim_report import game_figures_section

    parts.append(game_figures_section("Pigasus's own figures (every one with its interval)",
                                      summary["pigasus"]))
    return html.page(title, parts)


class LinesFile:
    """``--out``: one JSON line per game, flushed as games finish."""

    def __init__(self, path: Path) -> None:
        self.file: IO[str] = path.open("w", encoding="utf-8")

    def add(self, row: Mapping[str, Any]) -> None:
        """Write one game's row."""
        self.file.write(json.dumps({"game": "pigasus", **row}) + "\n")
        self.file.flush()

    def close(self) -> None:
        """Close the file."""
        self.file.close()


def run_simulation(players: int, levels: Sequence[str], games: int, ruleset: str = "pigasus",
                   seed: int = 0, options: Mapping[str, Any] | None = None, pace: int = 1500,
                   workers: int | None = 1, rotate: bool = False, backend: str = "local",
                   progress: Callable[[int, int], None] | None = None,
                   on_game: Callable[[Mapping[str, Any]], None] | None = None,
                   params: Mapping[str, Any] | None = None, variant_name: str | None = None
                   ) -> dict[str, Any]:
    """Play ``games`` games and return their summary (the same for any ``workers``);
    ``params`` sets balance levers: a house-rule variant (named ``variant_name``)."""
    filled = tuple(levels[seat % len(levels)] for seat in range(players))
    bound = get_variant("pigasus", ruleset, params, variant_name).ruleset
    job = PigasusJob(players, filled, ruleset, dict(options or {}), pace, seed, rotate,
                     dict(params or {}), variant_name)
    count = min(backend_workers(backend, workers), games)
    chunk_size = max(1, min(20, math.ceil(games / (count * 8))))
    tally = PigasusTally(bound.name, players, bound.name == "pigasus-teams")
    done = 0
    for chunk, rows in run_chunks(play_games, job, chunk_ranges(games, chunk_size), count,
                                  backend):
        for row, facts in rows:
            tally.add(row, facts)
            if on_game is not None:
                on_game(row)
        done += len(chunk)
        if progress is not None:
            progress(done, games)
    summary = tally.summary()
    if bound.variant:
        summary["variant"] = {"name": bound.variant_name, "params": bound.variant_params()}
    return summary


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
    workers: Optional[int] = typer.Option(1, "--workers", "-w", min=1,
                                          help="worker processes (the same figures for any "
                                               "number)"),
    backend: str = typer.Option("local", help="local or ray (a Ray cluster; the ray extra)"),
    rotate: bool = typer.Option(False, "--rotate", help="move the bots one seat on every "
                                "game so seat effects cancel out"),
    out_file: Optional[Path] = typer.Option(None, "--out", help="write every game to this "
                                            "JSON Lines file as it finishes"),
    report: Optional[Path] = typer.Option(None, "--report", help="write an HTML report "
                                          "with plots here"),
    as_json: bool = typer.Option(False, "--json", help="print the summary as JSON records"),
    param: Optional[list[str]] = typer.Option(
        None, "--param", help="a balance lever of the ruleset, name=value (repeatable): a "
                              "house-rule variant; docs/design.md lists the levers"),
    ruleset_file: Optional[Path] = typer.Option(
        None, "--ruleset-file", help="a variant.toml naming a variant and its levers "
                                     "(docs/design.md)"),
) -> None:
    """Simulate Pigasus games between bots and report scores, grabs, game length,
    tie-breaks and team balance, each with its 95% interval. Progress goes to standard
    error."""
    console = Console()
    err = Console(stderr=True, highlight=False)
    levels = [name.strip() for name in bots.split(",") if name.strip()]
    unknown = [name for name in levels if name not in LEVELS]
    if not levels or unknown:
        raise typer.BadParameter(f"bot levels are {', '.join(LEVELS)}", param_hint="--bots")
    options = parse_options(option)
    lines = LinesFile(out_file) if out_file is not None else None
    try:
        from saustall.cli.variants import read_variant

        variant = read_variant("pigasus", ruleset, param or [], ruleset_file)
        ruleset = variant.ruleset or ruleset
        get_variant("pigasus", ruleset, variant.params, variant.name).new_state(
            players, 0, options)
        with ProgressLine("simulating", err) as progress:
            summary = run_simulation(players, levels, games, ruleset, seed, options, pace,
                                     workers, rotate, backend, progress,
                                     lines.add if lines is not None else None,
                                     variant.params, variant.name)
    except SaustallError as exc:
        err.print(f"[bold red]error:[/] {escape(str(exc))}", highlight=False)
        raise typer.Exit(2) from None
    finally:
        if lines is not None:
            lines.close()
    if as_json:
        console.print(json.dumps(summary, indent=2), markup=False, highlight=False,
                      soft_wrap=True)
    else:
        render(summary, console)
    if report is not None:
        shown_ruleset = summary.get("variant", {}).get("name") or summary["ruleset"]
        title = (f"Simulation: pigasus/{shown_ruleset}, {players} players, "
                 f"{summary['games']:,} games, bots {', '.join(levels)}")
        report.write_text(render_html(summary, title), encoding="utf-8")
        err.print(f"Report written to {report}")


def run_cli(game: str, args: list[str]) -> None:
    """Entry point used by ``saustall simulate pigasus``; errors end in :class:`typer.Exit`."""
    try:
        app(args, prog_name=f"saustall simulate {game}", standalone_mode=True)
    except SystemExit as exc:
        if exc.code not in (0, None):
            raise typer.Exit(exc.code if isinstance(exc.code, int) else 2) from None
