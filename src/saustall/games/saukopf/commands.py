"""Saukopf's own ``saustall`` commands: ``saustall saukopf`` (tools for a physical table)
and ``saustall census``, added by its support record's ``commands``."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

from saustall.core.errors import SaustallError

_PASS_ON = {"allow_extra_args": True, "ignore_unknown_options": True, "help_option_names": []}


def add_commands(app: typer.Typer) -> None:
    """Add ``saukopf`` and ``census`` to ``app``."""
    console = Console()

    @app.command(context_settings=_PASS_ON)
    def saukopf(ctx: typer.Context) -> None:
        """Saukopf tools for a physical table: saustall saukopf score --help."""
        from saustall.games.saukopf.table_tools import run_cli

        run_cli("saukopf", list(ctx.args))

    @app.command()
    def census(
        ruleset: str = typer.Option("saukopf", help="saukopf (4 players) or dreihaxer (3)"),
        bot: str = typer.Option("expert", help="the bot in every seat"),
        deals: int = typer.Option(10000, help="how many deals"),
        seed: int = typer.Option(0, help="base seed; deal i uses a seed derived from it"),
        workers: Optional[int] = typer.Option(None, help="worker processes (default: all "
                                              "cores)"),
        json_path: Optional[Path] = typer.Option(None, "--json", help="write the JSON "
                                                 "summary here"),
        worth: bool = typer.Option(False, "--worth", help="play every deal out and report "
                                   "the contract worth: per game kind (and am Spieß) the "
                                   "declaring party's net points with 95% intervals"),
        backend: str = typer.Option("local", help="local (this machine's processes) or "
                                    "ray (a Ray cluster; the ray extra)"),
        report: Optional[Path] = typer.Option(None, "--report", help="write an HTML report "
                                              "with plots here"),
        force: list[str] = typer.Option([], "--force", metavar="KIND", help="force a contract: a game kind "
                                        "(wutz, unreine-kreuzung...; several, comma-separated "
                                        "or repeated) or all; each is played on every deal by "
                                        "the seat it suits best, the others passing, and "
                                        "played out: its worth per deal (--deals per kind)"),
        spiess: str = typer.Option("both", metavar="no|yes|both", help="with --force: no, yes (am Spieß) or both"),
    ) -> None:
        """Saukopf census: how often a table of one bot throws in, the mix of game kinds,
        and with --worth what each contract is worth.

        Each deal is played by the bots until its contract is fixed (the first card is due)
        or the cards are thrown in; the tricks are skipped, since they change neither (the
        output says why). --worth plays every deal to its last card instead and adds, per
        game kind (and am Spieß or not), the declaring party's mean net points with a 95%
        interval and how often it won: "is the Unreine Kreuzung ever worth it?" is
        saustall census --worth --deals 2000 (rare kinds need many deals; the sample size
        is printed with each). --force KIND (or all) plays every deal as that contract
        whatever the bots would bid, so kinds the bots never declare get a figure too:
        saustall census --force all --bot club --deals 200 --workers 2 --report worth.html
        (docs/design.md says which seat declares and why). Whole sessions (Kontra, Re,
        trophies): saustall simulate saukopf.
        """
        from saustall.games.saukopf.census_cli import census as run

        try:
            run(ruleset, bot, deals, seed, workers, json_path, console, worth=worth,
                backend=backend, report=report, force=force, spiess=spiess)
        except SaustallError as exc:
            from saustall.cli.common import print_error

            print_error(str(exc))
            raise typer.Exit(2)
