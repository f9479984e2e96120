"""``saustall``: play, simulate, replay, analyse, serve.

Nothing here names a game: each game's support record (:mod:`saustall.core.support`)
names its terminal client, its simulator and its own commands, imported only when asked
for. A game without a client of its own is played with the generic text client
(:mod:`saustall.cli.generic_play`), and simulated by the game-neutral simulator.
"""

from __future__ import annotations

import asyncio
import importlib
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.table import Table

from saustall.cli.arena import HELP as ARENA_HELP
from saustall.cli.study import HELP as STUDY_HELP
from saustall.cli.common import HELP_FLAGS, HELP_SETTINGS, fail_file, markup_safe, print_error
from saustall.core import GameRecord, SaustallError, get, registry, rulesets
from saustall.core.support import load_reference

app = typer.Typer(help="Saustall: pig card games to play, simulate and study.",
                  no_args_is_help=True, add_completion=False, context_settings=HELP_SETTINGS)
db_app = typer.Typer(help="Check and back up the game server's database.",
                     no_args_is_help=True, context_settings=HELP_SETTINGS)
app.add_typer(db_app, name="db")
console = Console()

DEFAULT_DATABASE = "sqlite+aiosqlite:///saustall.db"
DATABASE_HELP = "SQLAlchemy async database URL"

GENERIC_PLAY = "saustall.cli.generic_play"
"""The terminal client of a game that has none of its own."""
GENERIC_SIMULATE = "saustall.cli.simulate"
"""The simulator of a game that has none of its own (turn-based games)."""


def _games_text() -> str:
    names = registry.game_names()
    return " or ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)


def _default_game() -> str:
    """The game played when ``saustall play`` names none: the first by name."""
    names = registry.game_names()
    return names[0] if names else ""


def version_text() -> str:
    """The version and which engine modules run compiled (see ``saustall.compiled_modules``)."""
    import saustall

    compiled = saustall.compiled_modules()
    core = (f"compiled core: {len(compiled)} modules ({', '.join(compiled)})" if compiled
            else "pure Python (no compiled core)")
    return f"saustall {saustall.__version__}, {core}"


def _show_version(value: bool) -> None:
    if value:
        typer.echo(version_text())
        raise typer.Exit()


@app.callback()
def main_options(
    version: bool = typer.Option(False, "--version", callback=_show_version, is_eager=True,
                                 help="Show the version and whether the core is compiled."),
) -> None:
    """Saustall: pig card games to play, simulate and study."""


def fail(message: str) -> None:
    """Print an error in red and exit with status 2 (``message`` is text, not markup)."""
    console.print(f"[bold red]error:[/] {markup_safe(message)}")
    raise typer.Exit(2)


def _load(game: str, what: str, field: str, generic: str) -> Any:
    """The module named by ``game``'s support record ``field`` (else ``generic``)."""
    try:
        record = registry.support(game)
    except SaustallError as exc:
        fail(str(exc))
    reference = getattr(record, field) or generic
    try:
        return load_reference(reference, game)
    except SaustallError as exc:
        fail(f"{what} for {game} is not available: {exc}")


@app.command("games")
def list_games() -> None:
    """List every game and ruleset with its player range."""
    table = Table(title="Games and rulesets")
    for column in ("game", "ruleset", "players", "what it is"):
        table.add_column(column)
    for ruleset in rulesets():
        table.add_row(ruleset.game, ruleset.name,
                      f"{ruleset.min_players}-{ruleset.max_players}", ruleset.summary)
    console.print(table)
    for game, error in sorted(registry.broken_games().items()):
        console.print(f"[bold red]not loaded:[/] {markup_safe(game)}: "
                      f"{markup_safe(error)}", highlight=False)


# "--help" after the game name goes on to the game's own command (help_option_names=[]);
# before it, the command answers it itself.
_PASS_ON = {"allow_extra_args": True, "ignore_unknown_options": True, "help_option_names": []}


@app.command(context_settings=_PASS_ON)
def play(ctx: typer.Context,
         game: str = typer.Argument(_default_game(), help=_games_text())) -> None:
    """Play a game in the terminal against bots or with friends on one keyboard.

    Options depend on the game: saustall play GAME --help lists them. Each game is saved
    as a record (see saustall replay).
    """
    args = list(ctx.args)
    if game in HELP_FLAGS:
        console.print(ctx.get_help())
        raise typer.Exit(0)
    if game.startswith("-"):  # options without a game: they are the default game's
        game, args = _default_game(), [game, *args]
    module = _load(game, "terminal play", "terminal_client", GENERIC_PLAY)
    module.run_cli(game, args)


@app.command(context_settings=_PASS_ON)
def simulate(ctx: typer.Context,
             game: Optional[str] = typer.Argument(None, help=_games_text())) -> None:
    """Simulate many bot games in parallel and report balance statistics.

    Options depend on the game: saustall simulate GAME --help lists them.
    """
    if game is None or game.startswith("-"):  # no game named: this command's own help
        console.print(ctx.get_help())
        raise typer.Exit(0 if HELP_FLAGS & {game, *ctx.args} else 2)
    module = _load(game, "simulation", "simulator", GENERIC_SIMULATE)
    module.run_cli(game, list(ctx.args))


@app.command(help=ARENA_HELP)
def arena(
    game: str = typer.Argument(..., help=_games_text()),
    bots: str = typer.Option(..., help="the bots to compare, comma separated (at least two)"),
    games: int = typer.Option(1000, help="duplicate deals to play; each is played once per "
                              "seating"),
    ruleset: Optional[str] = typer.Option(None, help="ruleset (default: the game's main one)"),
    players: Optional[int] = typer.Option(None, help="players per game (default: the number "
                                          "of bots when the ruleset allows it)"),
    seed: int = typer.Option(0, help="base seed; deal i uses a seed derived from it"),
    workers: Optional[int] = typer.Option(None, help="local worker processes (default: all "
                                          "cores)"),
    backend: str = typer.Option("local", help="local (process pool) or ray (a Ray cluster; "
                                "needs the ray extra)"),
    seating: str = typer.Option("all", help="all: every arrangement of the bots per deal "
                                "(balanced rotation past 24); rotate: cyclic shifts only"),
    option: list[str] = typer.Option([], "--option", help="ruleset option name=value"),
    json_path: Optional[Path] = typer.Option(None, "--json", help="write the JSON summary "
                                             "here"),
    report: Optional[Path] = typer.Option(None, "--report", help="write the HTML report "
                                          "here (plots need the report extra)"),
    ray_address: Optional[str] = typer.Option(None, help="Ray cluster address (default: "
                                              "RAY_ADDRESS, else a local Ray)"),
    no_facts: bool = typer.Option(False, "--no-facts", help="leave out the game's own facts "
                                  "(cards, win kinds, contracts...): a little faster"),
    param: list[str] = typer.Option([], "--param", help="a balance lever of the ruleset, "
                                    "name=value (repeatable): a house-rule variant; "
                                    "docs/design.md lists the levers"),
    ruleset_file: Optional[Path] = typer.Option(None, "--ruleset-file", help="a variant.toml "
                                                "naming a variant and its levers"),
) -> None:
    """Duplicate matches between bots: means with 95% CIs, OpenSkill ratings, report."""
    from saustall.cli.arena import arena as run

    run(game, bots, games, ruleset, players, seed, workers, backend, seating, option,
        json_path, report, ray_address, console, facts=not no_facts, params=param,
        ruleset_file=ruleset_file)


@app.command(help=STUDY_HELP)
def study(
    game: str = typer.Argument(..., help=_games_text()),
    bots: str = typer.Option(..., help="the bots to compare, comma separated; each plays "
                             "every seat of its own games"),
    games: int = typer.Option(2000, help="games per bot (the same seeds for every bot)"),
    ruleset: Optional[str] = typer.Option(None, help="the base ruleset (default: the "
                                          "game's main one)"),
    variant: Optional[str] = typer.Option(None, help="a ruleset to compare with the base, "
                                          "paired by seed"),
    variant_option: list[str] = typer.Option([], "--variant-option", help="an option of "
                                             "the variant, name=value (repeatable)"),
    param: list[str] = typer.Option([], "--param", help="a balance lever of the variant, "
                                    "name=value (repeatable): the house-rule variant to "
                                    "compare with the base; docs/design.md lists the levers"),
    ruleset_file: Optional[Path] = typer.Option(None, "--ruleset-file", help="a "
                                                "variant.toml naming the variant to compare "
                                                "with the base (docs/design.md)"),
    players: Optional[int] = typer.Option(None, help="players per game (default: the "
                                          "game's usual count)"),
    seed: int = typer.Option(0, help="base seed; game i uses a seed derived from it"),
    workers: Optional[int] = typer.Option(None, help="local worker processes (default: "
                                          "all cores)"),
    backend: str = typer.Option("local", help="local or ray (a Ray cluster; the ray "
                                "extra)"),
    option: list[str] = typer.Option([], "--option", help="ruleset option name=value, for "
                                     "the base and the variant"),
    as_json: bool = typer.Option(False, "--json", help="print JSON records instead of "
                                 "tables"),
    report: Optional[Path] = typer.Option(None, "--report", help="write an HTML report "
                                          "with plots here"),
) -> None:
    """One balance question under several bots, side by side, disagreements flagged."""
    from saustall.cli.study import study as run

    run(game, bots, games, ruleset, variant, variant_option, players, seed, workers,
        backend, option, as_json, report, console, param, ruleset_file)


@app.command()
def replay(record: Path = typer.Argument(..., help="a game record (JSON)"),
           step: Optional[int] = typer.Option(None, help="stop after this many actions")) -> None:
    """Replay a game record with full rule checks and show the final position.

    Players (and whatever else the game numbers) count from 1, as on the play screens.
    A record that is not sound (too large, malformed, an action that does not apply) is
    refused with one line, "error: <file>: <what>", on standard error and exit status 2.
    """
    from saustall.cli.replay import describe_steps, show_position

    try:
        loaded = GameRecord.load(record)
        state = loaded.replay(upto=step)
        steps = describe_steps(loaded, step)
    except SaustallError as exc:
        fail_file(record, exc)
    console.print(f"[bold]{markup_safe(loaded.game)}/{markup_safe(loaded.ruleset)}[/], "
                  f"{loaded.num_players} players, {len(loaded.actions)} actions, "
                  f"engine {markup_safe(loaded.engine_version)}")
    for index, text in enumerate(steps, 1):
        console.print(f"{index:4d}. {markup_safe(text)}", highlight=False)
    show_position(state, console)
    if state.is_terminal():
        won = state.winners()
        console.print("Winner: " + (", ".join(f"player {p + 1}" for p in won) if won else "none (draw)"))
    else:
        console.print(f"Game in progress; player {state.current_player + 1} to act.")


@app.command()
def analyze(record: Path = typer.Argument(..., help="a game record (JSON)"),
            seat: Optional[int] = typer.Option(None, help="the seat to analyse, from 1 "
                                               "(default: every seat)"),
            level: Optional[str] = typer.Option(None, help="whose estimates: a search "
                                                "level (default: the strongest, expert)"),
            worlds: Optional[int] = typer.Option(None, min=2, help="worlds sampled per "
                                                 "decision (default: the level's; more is "
                                                 "slower and more precise)"),
            seed: int = typer.Option(0, help="seed of the sampled worlds"),
            as_json: bool = typer.Option(False, "--json", help="print one JSON document "
                                         "instead of tables")) -> None:
    """What each decision of a seat was worth: every alternative's expected net points
    and win chance, and what the chosen one cost.

    The cost is the net points the choice gives away against the best alternative.
    Alternatives with the same outcome in every sampled world share one line ("Bid
    62-82 (21 bids)"); the JSON lists them as groups besides every alternative.

    Estimates come from the seat's view at each decision, never the hidden cards. Seats
    are numbered from 1, as in saustall replay; the JSON counts them from 0, as records
    do. A record that is not sound, or a seat out of range, is refused with one line,
    "error: ...", on standard error and exit status 2.
    """
    from saustall.cli.analyze import run

    run(record, seat, level, worlds, seed, as_json, console)


@app.command()
def serve(host: str = typer.Option("127.0.0.1", help="address to listen on"),
          port: int = typer.Option(8000, help="port to listen on"),
          database: str = typer.Option(DEFAULT_DATABASE, help=DATABASE_HELP),
          skip_broken_tables: bool = typer.Option(
              False, "--skip-broken-tables",
              help="start even if stored tables no longer replay, leaving them out"),
          allow_origin: list[str] = typer.Option(
              [], help="also accept browsers on this origin (scheme://host[:port]); "
                       "repeatable"),
          tables_per_source: int = typer.Option(
              20, help="open tables one address may create (0: no limit)"),
          sockets_per_source: int = typer.Option(
              64, help="WebSockets one address may hold open (0: no limit)"),
          new_sockets_per_second: float = typer.Option(
              20, help="WebSockets one address may open per second (0: no limit)"),
          spectators_per_table: int = typer.Option(
              200, help="spectators one table accepts (0: no limit)"),
          connections_per_source: int = typer.Option(
              32, help="HTTP connections one address may hold open (0: no limit; trusted "
                       "proxies have none)"),
          max_connections: Optional[int] = typer.Option(
              None, help="open connections in all (default: from the open-file limit, "
                         "keeping an eighth of it for the process)"),
          header_timeout: float = typer.Option(
              10, help="seconds a connection has to send a whole request (0: no limit)"),
          trusted_proxy: list[str] = typer.Option(
              [], help="a reverse proxy's address or network (10.0.0.0/8) whose "
                       "X-Forwarded-For names the client; repeatable (default: none)"),
          retain_finished: float = typer.Option(
              900, help="seconds a finished table stays in memory"),
          retain_idle: float = typer.Option(
              3600, help="seconds an abandoned table stays in memory"),
          bot_workers: Optional[int] = typer.Option(
              None, min=1, help="processes in which bots think (default: one per core, "
                                "at most 8)"),
          bot_delay: float = typer.Option(0.8, min=0, help="seconds a bot pauses before "
                                                           "acting"),
          bot_module: list[str] = typer.Option(
              [], help="import this module first, to register more bots; repeatable"),
          lease_seconds: float = typer.Option(
              3.0, min=0.3, help="PostgreSQL: seconds a table's lease outlives its "
                                 "process (then another process takes the table over)"),
          ws_compression: bool = typer.Option(
              False, "--ws-compression", help="offer WebSocket clients permessage-deflate "
                                              "(more CPU per message, fewer bytes)"),
          log_level: str = typer.Option("info", help="uvicorn log level")) -> None:
    """Run the game server and web app.

    It refuses a damaged or emptied database and says how to recover. Several processes
    (on one machine or many) can serve one PostgreSQL database together; SIGTERM hands a
    process's tables to the others (see docs/deploy.md).
    """
    module = importlib.import_module("saustall.server.app")
    limits = importlib.import_module("saustall.server.limits").LimitSettings(
        tables_per_source=tables_per_source, sockets_per_source=sockets_per_source,
        new_sockets_per_second=new_sockets_per_second,
        spectators_per_table=spectators_per_table)
    guarding = importlib.import_module("saustall.server.connections")
    connections = guarding.ConnectionLimits(
        header_timeout=header_timeout, connections_per_source=connections_per_source,
        max_connections=max_connections, trusted_proxies=tuple(trusted_proxy))
    try:
        connections.check()
    except guarding.ConnectionSettingError as exc:
        fail(str(exc))
    module.run(host=host, port=port, database=database, allow_origins=allow_origin,
               limits=limits, connections=connections, retain_finished=retain_finished, retain_idle=retain_idle,
               skip_broken_tables=skip_broken_tables, bot_workers=bot_workers,
               bot_delay=bot_delay, bot_modules=bot_module, lease_seconds=lease_seconds,
               ws_compression=ws_compression, log_level=log_level)


def say(text: str) -> None:
    """Print ``text`` (rich markup) without wrapping it, so that paths and commands stay whole."""
    console.print(text, highlight=False, soft_wrap=True)


@db_app.command("check")
def db_check(database: str = typer.Option(DEFAULT_DATABASE, help=DATABASE_HELP)) -> None:
    """Check the database: SQLite's integrity check, and every stored game replays.

    Safe while the server runs (SQLite is checked on a snapshot). Exits 0 when sound.
    """
    from saustall.server.maintenance import check_database

    report = asyncio.run(check_database(database))
    say(f"[bold]{markup_safe(report.where)}[/]")
    for note in report.notes:
        say(f"  {markup_safe(note)}")
    say(f"  {report.tables} tables, {report.games} games, {report.actions} actions")
    for problem in report.problems:
        say(f"  [bold red]problem:[/] {markup_safe(problem)}")
    if report.ok:
        say("[green]ok[/]: the server can start on it.")
        return
    say(f"[bold red]{len(report.problems)} problem(s) found.[/]")
    raise typer.Exit(1)


@db_app.command("backup")
def db_backup(dest: Path = typer.Argument(..., help="the new backup file"),
              database: str = typer.Option(DEFAULT_DATABASE, help=DATABASE_HELP)) -> None:
    """Copy the SQLite database to DEST, safely while the server runs (online backup API).

    For PostgreSQL it explains how to use pg_dump instead. Exits 0 when a sound backup
    was written.
    """
    from sqlalchemy.engine import make_url

    from saustall.server.db import UnusableDatabase
    from saustall.server.maintenance import backup_sqlite, pg_dump_advice

    if make_url(database).get_backend_name() != "sqlite":
        say(markup_safe(pg_dump_advice(database)))
        raise typer.Exit(1)
    try:
        problems = backup_sqlite(database, dest)
    except UnusableDatabase as exc:
        say(f"[bold red]error:[/] {markup_safe(str(exc))}")
        raise typer.Exit(1)
    if problems:
        say(f"[bold red]warning:[/] the copy in {markup_safe(str(dest))} fails SQLite's integrity "
            f"check ({markup_safe('; '.join(problems[:3]))}): the database was already damaged; "
            "keep your older backups.")
        raise typer.Exit(1)
    say(f"Backed up to {markup_safe(str(dest))} ({dest.stat().st_size} bytes, integrity ok). "
        "To restore: stop the server, copy it over the database file, start it.")


def _check_game(game: str, ruleset: str | None) -> None:
    try:
        get(game, ruleset)
    except SaustallError as exc:
        fail(str(exc))


def _add_game_commands() -> None:
    """Each game's own commands (its support record's ``commands``); a game whose
    commands do not load is left out, the others stay."""
    for record in registry.supports():
        if record.commands is None:
            continue
        try:
            load_reference(record.commands, record.name)(app)
        except SaustallError as exc:
            print_error(str(exc))


_add_game_commands()


def main() -> None:  # pragma: no cover - console entry point
    """Console entry point."""
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
