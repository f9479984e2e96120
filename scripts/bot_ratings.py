"""Rate each game's bot levels from saved runs: ``python scripts/bot_ratings.py``.

    python scripts/bot_ratings.py measure [--quick] [--into DIR]
        the short runs behind the ratings, one worker each, saved in scripts/ratings/
        with the day of each in its dates.json (the commands are printed as they start;
        about 30 minutes of CPU, 35 on the shared 2-core machine)
    python scripts/bot_ratings.py table [DIR]
        read the saved runs (default scripts/ratings/) and print the Markdown table of
        docs/bots.md, *Ratings*, then the ``register_level_rating`` figures to paste where
        each game registers its levels

One honest scale per game, each in plain words:

* **Drecksau**: Elo in 2-player games, the ``heuristic`` bot (the lobby's "Sensible")
  anchored at 1000: 200 points more wins about three games in four against it, 400 points
  ten in eleven. Fitted by weighted least squares on the logits of every pair's win share
  in a duplicate arena (``saustall arena ... --json``), each weighted by its paired
  interval; a pair won by one side every time has no finite logit and is left out (so
  ``random``, which loses every game, is not on the scale). A learned policy
  (``DRECKSAU_POLICIES``) is rated by its own duplicate arena against ``heuristic`` alone
  (``drecksau-RULESET-policies.json``), on the same scale.
* **Saukopf**: net points (meat minus roughness) per deal and seat against ``club``, in
  duplicate one-deal sessions (``saustall arena saukopf --bots L,club --seating rotate
  --option deals=1 --json``; or ``scripts/saukopf_bars.py duel ... SAVE`` JSON lines with
  ``--duel L,club,PATH``): ``club`` is 0 by definition.
* **Pigasus**: the median reaction time of a (modelled) person who wins half the games
  at a 3-player table against two bots of the level (``scripts/pigasus_calibration.py
  --json``), interpolated between the measured reaction times; its interval from the
  Wilson 95% intervals of the same cells.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

HERE = Path(__file__).resolve().parent
RATINGS_DIR = HERE / "ratings"

DRECKSAU_RULESETS = ("dirty-pig", "drecksau", "sauschoen", "sauschoen-tournament")
DRECKSAU_BOTS = ("heuristic", "racer", "beginner", "club", "expert")
DRECKSAU_ANCHOR = ("heuristic", 1000.0)
"""The bot whose Elo is fixed, and its Elo."""
DRECKSAU_POLICIES = {"dirty-pig": ("policy:dirty-pig-2p",)}
"""The learned policies rated per ruleset, each in its own duplicate arena against the
anchor (``drecksau-RULESET-policies.json``): the lobby offers a policy where it is rated."""
SAUKOPF_YARDSTICK = "club"
SAUKOPF_DUEL_PREFIX = "saukopf-duel-"
"""Saved runs named ``saukopf-duel-LEVEL.jsonl`` are ``saukopf_bars.py duel saukopf LEVEL
club`` runs (JSON lines): the duplicate duel that rates a search or rule-based level."""
SAUKOPF_RIVALS = ("beginner", "expert", "heuristic")
PIGASUS_PLAYERS = 3
PIGASUS_PERSONS_MS = tuple(range(500, 3501, 250))
ELO_PER_LOGIT = 400 / math.log(10)
Z95 = 1.959964


def measure_commands(quick: bool = False, directory: Path = RATINGS_DIR) -> list[list[str]]:
    """The runs behind the ratings, each on one worker, shortest first so that every game
    has figures early; ``quick``: a tenth of the deals (a smoke test of the pipeline, not
    figures to publish)."""
    python = sys.executable
    cli = [python, "-m", "saustall.cli.main"]
    scale = 10 if quick else 1

    def drecksau(ruleset: str, deals: int) -> list[str]:
        return cli + ["arena", "drecksau", "--ruleset", ruleset, "--players", "2",
                      "--bots", ",".join(DRECKSAU_BOTS), "--games", str(max(2, deals // scale)),
                      "--workers", "1", "--json", str(directory / f"drecksau-{ruleset}.json")]

    def saukopf(rival: str, deals: int) -> list[str]:
        return cli + ["arena", "saukopf", "--bots", f"{rival},{SAUKOPF_YARDSTICK}",
                      "--seating", "rotate", "--option", "deals=1",
                      "--games", str(max(2, deals // scale)), "--workers", "1",
                      "--json", str(directory / f"saukopf-{rival}.json")]

    def saukopf_duel(level: str, deals: int) -> list[str]:
        return [python, str(HERE / "saukopf_bars.py"), "duel", "--workers", "1", "saukopf",
                level, SAUKOPF_YARDSTICK, str(max(2, deals // scale)), "0",
                str(directory / f"{SAUKOPF_DUEL_PREFIX}{level}.jsonl")]

    def drecksau_policies(ruleset: str, deals: int) -> list[str]:
        bots = DRECKSAU_POLICIES[ruleset] + (DRECKSAU_ANCHOR[0],)
        return cli + ["arena", "drecksau", "--ruleset", ruleset, "--players", "2",
                      "--bots", ",".join(bots), "--games", str(max(2, deals // scale)),
                      "--seed", "0", "--workers", "1",
                      "--json", str(directory / f"drecksau-{ruleset}-policies.json")]

    return [
        [python, str(HERE / "pigasus_calibration.py"), "--players", str(PIGASUS_PLAYERS),
         "--games", str(max(2, 100 // scale)),
         "--persons", ",".join(map(str, PIGASUS_PERSONS_MS)),
         "--json", str(directory / "pigasus.json")],
        drecksau("dirty-pig", 60), saukopf_duel("beginner", 200), saukopf_duel("expert", 400),
        drecksau("sauschoen", 20), drecksau("drecksau", 20), saukopf("heuristic", 40),
        drecksau("sauschoen-tournament", 10), drecksau_policies("dirty-pig", 500),
    ]


def measure(quick: bool, directory: Path) -> None:
    """Run :func:`measure_commands` one after the other, printing each."""
    directory.mkdir(parents=True, exist_ok=True)
    for command in measure_commands(quick, directory):
        print("$", " ".join(command), flush=True)
        subprocess.run(command, check=True, env=os.environ)
        _record_day(Path(command[-1]))  # every command ends with the file it writes


@dataclass(frozen=True)
class Rated:
    """One level's rating as the table and the registration print it."""

    game: str
    ruleset: str
    level: str
    figure: float
    low: float | None
    high: float | None
    unit: str
    measured: str
    note: str = ""


DATES = "dates.json"
"""In the runs' folder: the day (UTC) each saved run was measured, by file name
(``measure`` writes it; a file's own time changes with every checkout)."""


def _today() -> str:
    from datetime import datetime, timezone

    return datetime.now(timezone.utc).strftime("%Y-%m-%d")


def _day(path: Path) -> str:
    """The day a saved run was measured, from :data:`DATES` ("undated" when not there)."""
    dates = path.parent / DATES
    known = json.loads(dates.read_text(encoding="utf-8")) if dates.exists() else {}
    return str(known.get(path.name, "undated"))


def _record_day(path: Path) -> None:
    """Note today as the day ``path`` was measured, in :data:`DATES`."""
    dates = path.parent / DATES
    known = json.loads(dates.read_text(encoding="utf-8")) if dates.exists() else {}
    known[path.name] = _today()
    dates.write_text(json.dumps(known, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def elo_fit(pairs: Iterable[tuple[str, str, float, float]], anchor: str,
            anchor_elo: float) -> tuple[dict[str, tuple[float, float]], list[str]]:
    """Elo and its standard error per bot from ``(a, b, win share of a, its standard
    error)`` pairs: weighted least squares on the logits (each weighted by the inverse of
    its variance by the delta method), ``anchor`` fixed at ``anchor_elo``. A pair won by
    one side every time (or without an error) has no finite logit and is left out; bots
    not linked to the anchor by the pairs kept are not rated; so is a pair whose share was
    the same on every deal (no error to weigh it by: in 2-player ``drecksau``,
    ``heuristic`` and ``racer`` shared every deal's two games alike). Returns the ratings
    and the pairs left out, in words."""
    import numpy as np

    kept, left_out = [], []
    for a, b, share, se in pairs:
        if 0 < share < 1 and se > 0:
            kept.append((a, b, math.log(share / (1 - share)),
                         (se / (share * (1 - share))) ** 2))
        elif 0 < share < 1:
            left_out.append(f"{a} against {b}: {share:.0%} of the wins, the same on every "
                            f"deal (no spread to weigh it by)")
        else:
            left_out.append(f"{a} against {b}: {share:.0%} of the wins")
    linked = {anchor}
    grew = True
    while grew:
        grew = False
        for a, b, _, _ in kept:
            if (a in linked) != (b in linked):
                linked |= {a, b}
                grew = True
    bots = sorted(linked - {anchor})
    rows = [(a, b, y, v) for a, b, y, v in kept if a in linked and b in linked]
    if not bots:
        return {anchor: (anchor_elo, 0.0)}, left_out
    index = {bot: i for i, bot in enumerate(bots)}
    design = np.zeros((len(rows), len(bots)))
    for row, (a, b, _, _) in enumerate(rows):
        if a in index:
            design[row, index[a]] = 1.0
        if b in index:
            design[row, index[b]] = -1.0
    weights = np.array([1 / v for *_, v in rows])
    logits = np.array([y for _, _, y, _ in rows])
    information = design.T @ (design * weights[:, None])
    covariance = np.linalg.inv(information)
    fitted = covariance @ (design.T @ (weights * logits))
    ratings = {anchor: (anchor_elo, 0.0)}
    for bot, i in index.items():
        ratings[bot] = (anchor_elo + ELO_PER_LOGIT * float(fitted[i]),
                        ELO_PER_LOGIT * math.sqrt(float(covariance[i, i])))
    return ratings, left_out


def drecksau_ratings(path: Path) -> tuple[list[Rated], list[str]]:
    """Elo per bot from a 2-player Drecksau arena summary (``--json``)."""
    from saustall.arena.stats import t_quantile

    data = json.loads(path.read_text(encoding="utf-8"))
    if data["game"] != "drecksau" or data["players"] != 2:
        raise SystemExit(f"{path}: not a 2-player Drecksau arena")
    pairs = []
    for pair in data["pairwise"]:
        if pair["ci_low"] is None:
            continue
        t = t_quantile(data["confidence"], pair["deals"] - 1)
        # in 2 players the difference of win shares is 2 p - 1: p's error is half its own
        se = (pair["ci_high"] - pair["ci_low"]) / (2 * t) / 2
        pairs.append((pair["bot"], pair["opponent"], pair["bot_mean"], se))
    anchor, anchor_elo = DRECKSAU_ANCHOR
    ratings, left_out = elo_fit(pairs, anchor, anchor_elo)
    games = data["games"]
    measured = (f"duplicate arena, 2-player {data['ruleset']}, {data['deals']} deals "
                f"({games} games), {_day(path)}")
    rated = []
    for bot in data["bots"]:
        if bot not in ratings:
            continue
        elo, se = ratings[bot]
        exact = bot == anchor
        rated.append(Rated("drecksau", data["ruleset"], bot, elo,
                           None if exact else elo - Z95 * se,
                           None if exact else elo + Z95 * se, "elo_vs_heuristic", measured,
                           "the anchor" if exact else ""))
    return rated, left_out


def saukopf_ratings(paths: Sequence[Path], duels: Sequence[tuple[str, str, Path]]
                    ) -> list[Rated]:
    """Net points per deal and seat against ``club``, from arena summaries of two bots
    (one of them ``club``) and from ``saukopf_bars.py duel`` JSON lines (A, B, path)."""
    from saustall.arena.stats import t_interval

    rated = [Rated("saukopf", "saukopf", SAUKOPF_YARDSTICK, 0.0, None, None, "net_vs_club",
                   "the yardstick: 0 by definition", "the yardstick")]
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["game"] != "saukopf" or SAUKOPF_YARDSTICK not in data["bots"]:
            raise SystemExit(f"{path}: not a Saukopf arena with {SAUKOPF_YARDSTICK}")
        for pair in data["pairwise"]:
            if pair["opponent"] != SAUKOPF_YARDSTICK and pair["bot"] != SAUKOPF_YARDSTICK:
                continue
            sign = 1.0 if pair["opponent"] == SAUKOPF_YARDSTICK else -1.0
            level = pair["bot"] if sign > 0 else pair["opponent"]
            low, high = sorted((sign * pair["ci_low"], sign * pair["ci_high"]))
            rated.append(Rated("saukopf", data["ruleset"], level,
                               sign * pair["mean_difference"], low, high, "net_vs_club",
                               f"duplicate one-deal sessions against club, "
                               f"{pair['deals']} deals, {_day(path)}"))
    for a, b, path in duels:
        if SAUKOPF_YARDSTICK not in (a, b):
            raise SystemExit(f"--duel {a},{b}: one side must be {SAUKOPF_YARDSTICK}")
        sign = 1.0 if b == SAUKOPF_YARDSTICK else -1.0
        with open(path, encoding="utf-8") as saved:
            diffs = [sign * float(json.loads(line)["diff"]) for line in saved if line.strip()]
        found = t_interval(diffs)
        rated.append(Rated("saukopf", "saukopf", a if sign > 0 else b, found.mean,
                           found.low, found.high, "net_vs_club",
                           f"duplicate duel against club, {len(diffs)} deals, {_day(path)}"))
    return rated


def even_reaction(times_ms: Sequence[int], shares: Sequence[float]) -> float | None:
    """Where the person's win share falls through one half, linearly between the
    measured reaction times (``None`` when it never does); the shares fall with time."""
    points = sorted(zip(times_ms, shares))
    for (t0, s0), (t1, s1) in zip(points, points[1:]):
        if s0 >= 0.5 >= s1 and s0 != s1:
            return t0 + (s0 - 0.5) / (s0 - s1) * (t1 - t0)
        if s0 == 0.5:
            return float(t0)
    return None


def pigasus_ratings(path: Path) -> list[Rated]:
    """Per level, the reaction (in s) of a person who wins half the games against two
    bots of it, with the interval where the Wilson 95% band of the wins crosses one half."""
    from saustall.arena.simulate import wilson_interval

    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("kind") != "pigasus-calibration":
        raise SystemExit(f"{path}: not a Pigasus calibration (--json)")
    rated = []
    levels = list(dict.fromkeys(cell["level"] for cell in data["cells"]))
    for level in levels:
        cells = sorted((c for c in data["cells"]
                        if c["level"] == level and c["players"] == PIGASUS_PLAYERS),
                       key=lambda c: c["person_ms"])
        times = [c["person_ms"] for c in cells]
        bands = [wilson_interval(c["wins"], c["games"]) for c in cells]
        middle = even_reaction(times, [c["wins"] / c["games"] for c in cells])
        early = even_reaction(times, [low for low, _ in bands])
        late = even_reaction(times, [high for _, high in bands])
        if middle is None or early is None or late is None:
            print(f"# pigasus {level}: the person's wins do not cross one half within "
                  f"{times[0]}-{times[-1]} ms", file=sys.stderr)
            continue
        games = cells[0]["games"]
        rated.append(Rated("pigasus", "pigasus", level, middle / 1000, early / 1000,
                           late / 1000, "even_reaction_s",
                           f"{PIGASUS_PLAYERS} players, a modelled person: {games} games "
                           f"at {len(times)} reaction times {times[0] / 1000:g}-"
                           f"{times[-1] / 1000:g} s, {_day(path)}"))
    return rated


def rating_cell(rated: Rated) -> tuple[str, str]:
    """The figure and its interval as docs/bots.md shows them (the unit's rounding)."""
    from saustall.bots.describe import rating_number, rating_unit

    unit = rating_unit(rated.unit, rated.game)
    figure = rating_number(rated.figure, unit)
    if rated.low is None or rated.high is None:
        return figure, rated.note or "exact"
    return figure, f"[{rating_number(rated.low, unit)}, {rating_number(rated.high, unit)}]"


def markdown(rows: Sequence[Rated]) -> str:
    """The table of docs/bots.md, *Ratings*."""
    lines = ["| game | ruleset | bot | rating | 95% interval | measured |",
             "| --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        figure, interval = rating_cell(r)
        lines.append(f"| {r.game} | `{r.ruleset}` | `{r.level}` | {figure} | {interval} | "
                     f"{r.measured} |")
    return "\n".join(lines)


def registrations(rows: Sequence[Rated], provisional: Sequence[str]) -> str:
    """Per game, the ``register_level_ratings`` call to paste where it registers its
    levels, the figures one digit beyond the shown rounding."""
    from saustall.bots.describe import rating_unit

    out = []
    for game in dict.fromkeys(r.game for r in rows):
        mine = [r for r in rows if r.game == game]
        digits = rating_unit(mine[0].unit, game).decimals + 1

        def number(value: float | None) -> str:
            return "None" if value is None else repr(round(value, digits))
        flagged = sorted({r.level for r in mine if f"{game}:{r.level}" in provisional})
        out.append(f"register_level_ratings({game!r}, {mine[0].unit!r}, {{")
        out += [f"    ({r.ruleset!r}, {r.level!r}): ({number(r.figure)}, {number(r.low)}, "
                f"{number(r.high)},\n        {r.measured!r}),"
                for r in mine]
        out.append("}" + (f", provisional={tuple(flagged)!r})" if flagged else ")"))
    return "\n".join(out)


def saved_ratings(directory: Path, duels: Sequence[str] = (),
                  notes: list[str] | None = None) -> list[Rated]:
    """Every rating the saved runs in ``directory`` give (and the ``A,B,PATH`` duels),
    game by game; the pairs an Elo fit left out are added to ``notes``."""
    rows: list[Rated] = []
    for ruleset in DRECKSAU_RULESETS:
        path = directory / f"drecksau-{ruleset}.json"
        if path.exists():
            found, left_out = drecksau_ratings(path)
            rows += found
            if notes is not None:
                notes += [f"{ruleset}: left out {pair}" for pair in left_out]
        policies = directory / f"drecksau-{ruleset}-policies.json"
        if policies.exists():
            found, _ = drecksau_ratings(policies)
            # the anchor is rated by the main run; only the policies come from this one
            rows += [row for row in found if row.level != DRECKSAU_ANCHOR[0]]
    saukopf = sorted(directory.glob("saukopf-*.json"))
    parsed = [tuple(spec.split(",", 2)) for spec in duels]
    for path in sorted(directory.glob(f"{SAUKOPF_DUEL_PREFIX}*.jsonl")):
        parsed.append((*_duel_levels(path), str(path)))
    if saukopf or parsed:
        rows += saukopf_ratings(saukopf, [(a, b, Path(p)) for a, b, p in parsed])
    pigasus = directory / "pigasus.json"
    if pigasus.exists():
        rows += pigasus_ratings(pigasus)
    return rows


def _duel_levels(path: Path) -> tuple[str, str]:
    """The two levels (A, B) of a saved ``saukopf_bars.py duel``: as its rows record them,
    else ``saukopf-duel-LEVEL.jsonl`` read as LEVEL against ``club``."""
    with open(path, encoding="utf-8") as saved:
        first = json.loads(saved.readline() or "{}")
    if "a" in first and "b" in first:
        return str(first["a"]), str(first["b"])
    return path.name[len(SAUKOPF_DUEL_PREFIX):-len(".jsonl")], SAUKOPF_YARDSTICK


def table(directory: Path, duels: Sequence[str], provisional: Sequence[str]) -> None:
    """Print the Markdown table and the registrations from the saved runs."""
    notes: list[str] = []
    rows = saved_ratings(directory, duels, notes)
    print(markdown(rows))
    for note in notes:
        print(f"\n- {note}")
    print("\n# registrations (paste where each game registers its levels):\n")
    print(registrations(rows, provisional))


def main(argv: Sequence[str] | None = None) -> None:
    """``measure`` or ``table`` (see the module docstring)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("measure", help="run the short measurements, one worker each")
    run.add_argument("--quick", action="store_true",
                     help="a tenth of the deals: checks the pipeline, no figures to publish "
                          "(saved in a quick/ folder beside the real runs unless --into)")
    run.add_argument("--into", type=Path, default=None,
                     help="where to save the runs (default: scripts/ratings/)")
    show = commands.add_parser("table", help="rate the levels from the saved runs")
    show.add_argument("directory", nargs="?", type=Path, default=RATINGS_DIR)
    show.add_argument("--duel", action="append", default=[], metavar="A,B,PATH",
                      help="a saukopf_bars.py duel saved as JSON lines, A against B "
                           "(one of them club); repeatable")
    show.add_argument("--provisional", action="append", default=[],
                      metavar="GAME:LEVEL",
                      help="mark a level's rating as today's figure, to be measured "
                           "again")
    args = parser.parse_args(argv)
    if args.command == "measure":
        measure(args.quick, args.into or (RATINGS_DIR / "quick" if args.quick else RATINGS_DIR))
    else:
        table(args.directory, args.duel, args.provisional)


if __name__ == "__main__":
    main()
