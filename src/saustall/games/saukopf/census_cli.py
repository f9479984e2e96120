"""``saustall census``: the Saukopf contract census (throw-ins and the mix of game kinds).

``saustall census --ruleset dreihaxer --bot expert --deals 10000 --workers 2``

The work is done by :func:`saustall.games.saukopf.census.run_census`, which plays each deal only until
its contract is fixed; the output says so, and why that is sound.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Optional

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from saustall.games.saukopf.census import INDEPENDENCE, STOP_RULE, CensusResult, run_census
from saustall.cli.simulate import count_text
from saustall.games.saukopf.simulation_view import add_contract_rows


def render(result: CensusResult, elapsed: float, console: Console) -> None:
    """Print the census with what it played and what each figure means."""
    table = Table(title=f"Saukopf census, {result.ruleset}: {result.deals} deals, "
                        f"{result.players} x {result.bot}, seed {result.seed}",
                  show_header=False)
    table.add_column("what")
    table.add_column("value", justify="right")
    add_contract_rows(table, result.thrown_in, result.kinds)
    table.add_row("am Spieß",
                  f"{100 * result.spiess.share:.1f}% ({count_text(result.spiess.count)})")
    table.add_row("Kreuzungen nobody joined", str(result.failed_kreuzung))
    console.print(table)
    missing = result.missing_kinds()
    console.print("every game kind occurred" if not missing else
                  f"never played: {', '.join(missing)}", highlight=False)
    console.print(f"[bold]what was played[/]: {STOP_RULE}, so Kontra, Re and points are "
                  f"not measured (saustall simulate saukopf plays whole sessions)",
                  highlight=False)
    console.print(f"[bold]why that is sound[/]: {INDEPENDENCE}", highlight=False)
    console.print("[bold]thrown in[/]: deals where everybody passed in the Trog and in the "
                  "Napf (or nobody joined an Unreine Kreuzung); [bold]game kinds[/]: share "
                  "of the deals played (not thrown in)", highlight=False)
    console.print(f"{result.deals} deals in {elapsed:.1f} s, {result.cpu_seconds:.1f} s CPU "
                  f"({1000 * result.cpu_seconds / result.deals:.0f} ms CPU per deal)",
                  highlight=False)


def census(ruleset: str, bot: str, deals: int, seed: int, workers: Optional[int],
           json_path: Optional[Path], console: Console) -> None:
    """Run the census and print it (and write the JSON summary when asked)."""
    started = time.perf_counter()
    with Progress(TextColumn("[bold]census"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=console, transient=True) as progress:
        task = progress.add_task("deals", total=deals)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done)

        result = run_census(ruleset, bot, deals, seed, workers, progress=advance)
    render(result, time.perf_counter() - started, console)
    if json_path is not None:
        json_path.write_text(json.dumps(result.to_dict(), indent=2) + "\n", encoding="utf-8")
        console.print(f"JSON summary written to {json_path}")
