"""``saustall saukopf score``: a score keeper for Saukopf at a physical table.

Start a ledger, enter each deal, read every player's points and the trophies::

    saustall saukopf score new abend.json --players Sepp,Resi,Alois,Zenzi
    saustall saukopf score add abend.json --game sauerei --declarer Sepp --partner Zenzi \\
        --bid 61 --points 59 --laufende "mit 1" --kontra Resi
    saustall saukopf score show abend.json
    saustall saukopf score undo abend.json

Players are named or numbered from 1. Card points are the declarer's party's; in the
Dreihaxer also give ``--opponent-points`` (the two cards aside count for nobody). The
Laufende are the declarer's party's: ``mit 2``, ``ohne 1``, ``keine`` (short: ``+2``,
``-1``, ``0``). ``--tricks`` (the declarer's party's tricks) is needed only when one side
has no card points or the bid was Schwarz. A revoke (Verwerfen) is entered as the card
points after giving the remaining tricks to the side the rules name.

Scoring is :func:`saustall.games.saukopf.scoring.score_deal`, the engine's own.
"""

from __future__ import annotations

import json
from pathlib import Path
from collections.abc import Sequence
from typing import Any, Optional

import typer
from rich.console import Console
from rich.table import Table

from saustall.cli.common import HELP_SETTINGS, fail_file, markup_safe, whole_number
from saustall.core.errors import InputFileError
from saustall.core.loading import (
    load_json_file, require_bool, require_int, require_list, require_object,
    require_optional_int, require_text, shown,
)
from saustall.games.saukopf.cards import (
    GAME_KINDS, KIND_BY_NAME, SCHWARZ, VEGANE_MAST, base_trumps, bid_text,
)
from saustall.games.saukopf.scoring import DealOutcome, DealScore, Ledger, score_deal

LEDGER_FORMAT = "saustall-saukopf-ledger"
LEDGER_VERSION = 1
MAX_LEDGER_BYTES = 2 * 1024 * 1024
"""The largest ledger read: some 6,000 deals, a hundred evenings."""
MAX_DEALS = 5000
"""The most deals a ledger holds."""
MAX_NAME_LENGTH = 40
"""The longest player name."""


class ScoreInputError(ValueError):
    """Input that cannot describe a real Saukopf deal; the message says why."""


# --------------------------------------------------------------------------------------
# Reading and checking a deal
# --------------------------------------------------------------------------------------

def parse_seat(text: str | None, names: list[str], what: str) -> int | None:
    """A player given by name (any case) or number from 1; None stays None."""
    if text is None or text == "":
        return None
    low = text.strip().lower()
    for seat, name in enumerate(names):
        if name.lower() == low:
            return seat
    number = whole_number(low)
    if number is not None and 1 <= number <= len(names):
        return number - 1
    raise ScoreInputError(f"{what} {text!r} is not a player; players: {', '.join(names)} "
                          f"(or 1-{len(names)})")


def parse_bid(text: str) -> int:
    """61-120 or ``schwarz``."""
    low = text.strip().lower()
    if low == "schwarz":
        return SCHWARZ
    bid = whole_number(low)
    if bid is not None and 61 <= bid <= 120:
        return bid
    raise ScoreInputError(f"a bid is 61 to 120 or 'schwarz', not {text!r}")


def parse_laufende(text: str) -> int:
    """``mit 2`` -> 2, ``ohne 1`` -> -1, ``keine``/``0`` -> 0 (also ``+2``, ``-1``)."""
    low = text.strip().lower().replace(" ", "")
    if low in ("0", "keine", "none"):
        return 0
    for prefix, sign in (("mit", 1), ("ohne", -1), ("+", 1), ("-", -1), ("m", 1), ("o", -1)):
        count = whole_number(low[len(prefix):]) if low.startswith(prefix) else None
        if count is not None and count > 0:
            return sign * count
    raise ScoreInputError(f"Laufende are 'mit N', 'ohne N' or 'keine', not {text!r}")


def build_outcome(*, players: int, game: str, declarer: int, partner: int | None, bid: int,
                  points: int, opponent_points: int | None = None, tricks: int | None = None,
                  laufende: int, spiess: bool = False, kontra: int | None = None,
                  re: int | None = None) -> DealOutcome:
    """Check a deal entered at the table and return its :class:`DealOutcome`.

    Raises :class:`ScoreInputError` naming the first impossible piece of input.
    """
    kind = KIND_BY_NAME.get(game.strip().lower())
    if kind is None:
        raise ScoreInputError(f"unknown game {game!r}; games: {', '.join(KIND_BY_NAME)}")
    if players not in (3, 4):
        raise ScoreInputError("Saukopf is for 4 players, the Dreihaxer for 3")
    if kind.doppel:
        if players == 3:
            raise ScoreInputError("the Dreihaxer plays solos only")
        if partner is None:
            raise ScoreInputError(f"{kind.title} is a Doppel: name the partner (--partner)")
        if partner == declarer:
            raise ScoreInputError("the partner must be another player than the declarer")
        if bid != 61:
            raise ScoreInputError(f"Doppel games are capped at 61; {kind.title} with a bid of "
                                  f"{bid_text(bid)} is impossible")
    elif partner is not None:
        raise ScoreInputError(f"{kind.title} is a solo: there is no partner")
    if bid < kind.min_bid:
        raise ScoreInputError(f"{kind.title} needs a bid of at least {bid_text(kind.min_bid)}")
    if not 0 <= points <= 120:
        raise ScoreInputError(f"card points are 0 to 120, not {points}")
    if opponent_points is None:
        if players == 3:
            raise ScoreInputError("in the Dreihaxer give --opponent-points too (the two cards "
                                  "aside count for nobody)")
        opponent_points = 120 - points
    if not 0 <= opponent_points <= 120:
        raise ScoreInputError(f"card points are 0 to 120, not {opponent_points}")
    total = points + opponent_points
    if players == 4 and total != 120:
        raise ScoreInputError(f"the two parties' card points must add up to 120, not {total}")
    if players == 3 and not 99 <= total <= 120:
        raise ScoreInputError(f"with two cards aside (at most 21 points) the parties hold "
                              f"99 to 120 card points, not {total}")
    total_tricks = 8 if players == 4 else 10
    if tricks is None:
        if points == 0 or opponent_points == 0 or bid == SCHWARZ:
            raise ScoreInputError("say how many tricks the declarer's party took (--tricks): "
                                  "it decides Schwarz and Porco Negro here")
        tricks = max(1, min(total_tricks - 1, round(points * total_tricks / 120)))
    if not 0 <= tricks <= total_tricks:
        raise ScoreInputError(f"a party takes 0 to {total_tricks} tricks, not {tricks}")
    if points > 0 and tricks == 0:
        raise ScoreInputError("card points without a trick are impossible")
    if opponent_points > 0 and tricks == total_tricks:
        raise ScoreInputError("the opponents have card points, so they took a trick")
    n_trumps = len(base_trumps(kind.code, 0 if kind.param else -1))
    if kind.code == VEGANE_MAST:
        if laufende != 0:
            raise ScoreInputError("a Vegane Mast has no trumps, so no Laufende")
    elif laufende == 0:
        raise ScoreInputError(f"{kind.title} has trumps: the Laufende are 'mit N' or 'ohne N'")
    elif abs(laufende) > n_trumps:
        raise ScoreInputError(f"{kind.title} has only {n_trumps} trump(s); Laufende "
                              f"{abs(laufende)} are impossible")
    seats = range(players)
    for seat, what in ((declarer, "declarer"), (partner, "partner"), (kontra, "Huftritt"),
                       (re, "Gegenhuftritt")):
        if seat is not None and seat not in seats:
            raise ScoreInputError(f"{what}: there is no player {seat + 1}")
    party = {declarer} | ({partner} if partner is not None else set())
    if kontra is not None and kontra in party:
        raise ScoreInputError("the Huftritt (Kontra) comes from the declarer's opponents")
    if re is not None:
        if kontra is None:
            raise ScoreInputError("a Gegenhuftritt (Re) answers a Huftritt: give --kontra")
        if re not in party:
            raise ScoreInputError("the Gegenhuftritt (Re) comes from the declarer or partner")
    return DealOutcome(players=players, kind=kind.code, bid=bid, declarer=declarer,
                       partner=partner, declarer_points=points,
                       opponent_points=opponent_points, declarer_tricks=tricks,
                       total_tricks=total_tricks, laufende=laufende, spiess=spiess,
                       kontra=kontra, re=re)


# --------------------------------------------------------------------------------------
# The ledger file
# --------------------------------------------------------------------------------------

def new_ledger(names: list[str]) -> dict[str, Any]:
    """An empty ledger for these players."""
    if len(names) not in (3, 4):
        raise ScoreInputError("give 4 players (or 3 for the Dreihaxer), comma-separated")
    if len({n.lower() for n in names}) != len(names) or any(not n for n in names):
        raise ScoreInputError("player names must be different and not empty")
    for name in names:
        if len(name) > MAX_NAME_LENGTH or not name.isprintable():
            raise ScoreInputError(f"a player name is at most {MAX_NAME_LENGTH} printable "
                                  f"characters, not {name!r}")
    return {"format": LEDGER_FORMAT, "version": LEDGER_VERSION, "players": names, "deals": []}


_OUTCOME_REQUIRED = ("players", "kind", "bid", "declarer", "partner", "declarer_points",
                     "opponent_points", "declarer_tricks", "total_tricks", "laufende")
_OUTCOME_OPTIONAL = ("spiess", "kontra", "re")
"""The fields of a stored :class:`DealOutcome` (those with a default may be left out)."""


BID_SAYS = f"from 61 to 120, or {SCHWARZ} for a Schwarz bid"
"""A stored bid in words: the file holds a Schwarz bid as the number the engine uses for it,
which is no count of card points (a bid of card points is 61 to 120)."""


def load_ledger(path: Path) -> tuple[dict[str, Any], list[DealOutcome]]:
    """Read a ledger file through the bounded loader and check every field of it; the
    ledger and its deals' outcomes.

    Raises :class:`~saustall.core.errors.InputFileError` naming the file and the field.
    """
    data = load_json_file(path, what="ledger", max_bytes=MAX_LEDGER_BYTES)
    try:
        outcomes = check_ledger(data)
    except InputFileError as exc:
        raise exc.from_file(str(path)) from None
    return data, outcomes


def check_ledger(data: Any) -> list[DealOutcome]:
    """Check a parsed ledger field by field: types, ranges, known keys, and that every
    deal is one the score keeper would have accepted; the outcome of each deal, in order.
    Raises :class:`~saustall.core.errors.InputFileError` naming the first field at fault."""
    if type(data) is not dict or data.get("format") != LEDGER_FORMAT:
        raise InputFileError("not a Saukopf ledger (no \"format\": "
                             f"\"{LEDGER_FORMAT}\")")
    require_object(data, "", required=("format", "version", "players", "deals"), optional=())
    if data["version"] != LEDGER_VERSION or type(data["version"]) is not int:
        raise InputFileError(f"is {shown(data['version'])}; this version reads ledger "
                             f"version {LEDGER_VERSION}", field="version")
    names = require_list(data["players"], "players", max_items=4)
    for seat, name in enumerate(names):
        require_text(name, f"players[{seat}]", max_length=MAX_NAME_LENGTH)
    try:
        new_ledger(names)
    except ScoreInputError as exc:
        raise InputFileError(f"is not a table of players: {exc}", field="players") from None
    deals = require_list(data["deals"], "deals", max_items=MAX_DEALS)
    outcomes = []
    for number, entry in enumerate(deals):
        where = f"deals[{number}]"
        require_object(entry, where, required=("outcome",), optional=())
        outcomes.append(check_outcome(entry["outcome"], f"{where}.outcome", len(names)))
    return outcomes


def check_outcome(stored: Any, where: str, players: int) -> DealOutcome:
    """Check one stored deal: each field's type and range, then the deal as a whole
    by :func:`build_outcome`, the checks of a deal entered at the table; its outcome."""
    outcome = require_object(stored, where, required=_OUTCOME_REQUIRED,
                             optional=_OUTCOME_OPTIONAL)
    total_tricks = 8 if players == 4 else 10
    for key, expected in (("players", players), ("total_tricks", total_tricks)):
        if require_int(outcome[key], f"{where}.{key}", 3, 10) != expected:
            raise InputFileError(f"must be {expected} at a table of {players}",
                                 field=f"{where}.{key}")
    for key, low, high, says in (("kind", 0, len(GAME_KINDS) - 1, None),
                                 ("bid", 61, SCHWARZ, BID_SAYS),
                                 ("declarer_points", 0, 120, None),
                                 ("opponent_points", 0, 120, None),
                                 ("declarer_tricks", 0, total_tricks, None),
                                 ("laufende", -total_tricks, total_tricks, None),
                                 ("declarer", 0, players - 1, None)):
        require_int(outcome[key], f"{where}.{key}", low, high, says)
    for seat in ("partner", "kontra", "re"):  # each a seat or null
        require_optional_int(outcome.get(seat), f"{where}.{seat}", 0, players - 1)
    require_bool(outcome.get("spiess", False), f"{where}.spiess")
    try:
        # every field given, so the outcome built is the one stored (see its test)
        return build_outcome(players=players, game=GAME_KINDS[outcome["kind"]].name,
                             declarer=outcome["declarer"], partner=outcome["partner"],
                             bid=outcome["bid"], points=outcome["declarer_points"],
                             opponent_points=outcome["opponent_points"],
                             tricks=outcome["declarer_tricks"],
                             laufende=outcome["laufende"],
                             spiess=outcome.get("spiess", False),
                             kontra=outcome.get("kontra"), re=outcome.get("re"))
    except ScoreInputError as exc:
        raise InputFileError(f"is not a possible deal: {exc}", field=where) from None


def ledger_totals(players: int, outcomes: Sequence[DealOutcome]
                  ) -> tuple[Ledger, list[DealScore]]:
    """Score every deal (the checked outcomes of :func:`check_ledger`) and add them up."""
    ledger = Ledger(players)
    scores = []
    for outcome in outcomes:
        score = score_deal(outcome)
        ledger.add(score)
        scores.append(score)
    return ledger, scores


# --------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------

def show_deal(console: Console, names: list[str], outcome: DealOutcome, score: DealScore,
              number: int) -> None:
    """One deal's breakdown."""
    info = GAME_KINDS[outcome.kind]
    party = markup_safe(" and ".join(names[p] for p in outcome.declarer_party))
    console.print(f"[bold]Deal {number}[/]: {info.title}{' am Spieß' if outcome.spiess else ''}"
                  f" for {bid_text(outcome.bid)} by {party}: {outcome.declarer_points} to "
                  f"{outcome.opponent_points} card points")
    for line in score.lines(names):
        console.print("  " + markup_safe(line))


def show_ledger(console: Console, names: list[str], ledger: Ledger) -> None:
    """Totals and trophies."""
    table = Table(title=f"Ledger after {ledger.deals} deal(s)")
    for column in ("player", "meat points", "roughness points"):
        table.add_column(column)
    for p, name in enumerate(names):
        table.add_row(markup_safe(name), str(ledger.meat[p]), str(ledger.roughness[p]))
    console.print(table)
    master = markup_safe(" and ".join(names[p] for p in ledger.schlachtmeister()))
    rough = markup_safe(" and ".join(names[p] for p in ledger.oberrauborstler()) or "nobody yet")
    console.print(f"Schlachtmeister: [bold]{master}[/]   Oberrauborstler: [bold]{rough}[/]")


# --------------------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------------------

def build_app(console: Console | None = None) -> typer.Typer:
    """The ``saustall saukopf`` commands (console injectable for tests)."""
    out = console or Console()
    app = typer.Typer(add_completion=False, no_args_is_help=True,
                      help="Saukopf tools for a physical table.",
                      context_settings=HELP_SETTINGS)
    score = typer.Typer(add_completion=False, no_args_is_help=True,
                        context_settings=HELP_SETTINGS,
                        help="Keep score of a Saukopf evening: new, add, show, undo.")
    app.add_typer(score, name="score")

    def fail(message: str) -> None:
        out.print(f"[bold red]error:[/] {markup_safe(message)}")
        raise typer.Exit(2)

    def read(path: Path) -> tuple[dict[str, Any], list[DealOutcome]]:
        """The checked ledger at ``path`` and its outcomes; a bad file ends the command
        (one line, exit 2)."""
        try:
            return load_ledger(path)
        except InputFileError as exc:
            fail_file(path, exc)

    def save(path: Path, data: dict[str, Any]) -> None:
        path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")

    @score.command("new")
    def new(ledger: Path = typer.Argument(..., help="ledger file to create (JSON)"),
            players: str = typer.Option(..., help="names in seating order, comma-separated "
                                        "(4, or 3 for the Dreihaxer)"),
            force: bool = typer.Option(False, "--force", help="overwrite an existing file")) -> None:
        """Start a new ledger."""
        if ledger.exists() and not force:
            fail(f"{ledger} exists; use --force to start over")
        try:
            data = new_ledger([n.strip() for n in players.split(",")])
        except ScoreInputError as exc:
            fail(str(exc))
            return
        save(ledger, data)
        out.print(f"New ledger {markup_safe(ledger)} for "
                  f"{markup_safe(', '.join(data['players']))}.")

    @score.command("add")
    def add(ledger: Path = typer.Argument(..., help="the ledger file"),
            game: str = typer.Option(..., help="the game: " + ", ".join(KIND_BY_NAME)),
            declarer: str = typer.Option(..., help="the declarer (name or number)"),
            partner: Optional[str] = typer.Option(None, help="the partner in a Doppel"),
            bid: str = typer.Option(..., help="the winning bid: 61-120 or schwarz"),
            points: int = typer.Option(..., help="card points of the declarer's party"),
            opponent_points: Optional[int] = typer.Option(
                None, help="card points of the opponents (default 120 minus points; "
                "required in the Dreihaxer)"),
            tricks: Optional[int] = typer.Option(None, help="tricks of the declarer's party"),
            laufende: str = typer.Option(..., help="the declarer's party's Laufende: "
                                         "'mit N', 'ohne N' or 'keine'"),
            kontra: Optional[str] = typer.Option(None, help="who gave the Huftritt (Kontra)"),
            re: Optional[str] = typer.Option(None, help="who gave the Gegenhuftritt (Re)"),
            spiess: bool = typer.Option(False, "--spiess", help="the game was am Spieß")) -> None:
        """Score one deal and add it to the ledger."""
        data, outcomes = read(ledger)
        names = data["players"]
        if len(data["deals"]) >= MAX_DEALS:
            fail(f"the ledger holds {MAX_DEALS} deals, the most it can; start a new one")
        try:
            seat = parse_seat(declarer, names, "declarer")
            assert seat is not None
            outcome = build_outcome(
                players=len(names), game=game, declarer=seat,
                partner=parse_seat(partner, names, "partner"), bid=parse_bid(bid),
                points=points, opponent_points=opponent_points, tricks=tricks,
                laufende=parse_laufende(laufende), spiess=spiess,
                kontra=parse_seat(kontra, names, "Huftritt"),
                re=parse_seat(re, names, "Gegenhuftritt"))
        except ScoreInputError as exc:
            fail(str(exc))
            return
        # the score keeper scores by the reference card: the point table is not stored
        entry = {"outcome": {name: getattr(outcome, name)
                             for name in DealOutcome.__dataclass_fields__ if name != "tariff"}}
        data["deals"].append(entry)
        outcomes.append(outcome)
        save(ledger, data)
        totals, scores = ledger_totals(len(names), outcomes)
        show_deal(out, names, outcome, scores[-1], len(scores))
        show_ledger(out, names, totals)

    @score.command("show")
    def show(ledger: Path = typer.Argument(..., help="the ledger file")) -> None:
        """Every deal's points, the totals and the trophies."""
        data, outcomes = read(ledger)
        names = data["players"]
        totals, scores = ledger_totals(len(names), outcomes)
        for number, (outcome, score) in enumerate(zip(outcomes, scores), 1):
            show_deal(out, names, outcome, score, number)
        show_ledger(out, names, totals)

    @score.command("undo")
    def undo(ledger: Path = typer.Argument(..., help="the ledger file")) -> None:
        """Remove the last deal entered."""
        data, outcomes = read(ledger)
        if not data["deals"]:
            fail("the ledger has no deals to undo")
        data["deals"].pop()
        outcomes.pop()
        save(ledger, data)
        totals, _ = ledger_totals(len(data["players"]), outcomes)
        out.print("Last deal removed.")
        show_ledger(out, data["players"], totals)

    return app


def run_cli(game: str, args: list[str]) -> None:
    """Entry point for ``saustall saukopf ...``."""
    build_app()(args, prog_name=f"saustall {game}")
