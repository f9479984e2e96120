"""Rate each game's bot levels from saved runs: ``python scripts/bot_ratings.py``.

    python scripts/bot_ratings.py measure [--quick]
        the short runs behind the ratings, one worker each, saved in scripts/ratings/
        (the commands are printed as they start; about 40 minutes on one core)
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
  ``random``, which loses every game, is not on the scale).
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
SAUKOPF_YARDSTICK = "club"
SAUKOPF_RIVALS = ("beginner", "expert", "heuristic")
PIGASUS_PLAYERS = 3
PIGASUS_PERSONS_MS = tuple(range(500, 3501, 250))
ELO_PER_LOGIT = 400 / math.log(10)
Z95 = 1.959964


def measure_commands(quick: bool = False) -> list[list[str]]:
    """The runs behind the ratings, each on one worker, shortest first so that every game
    has figures early; ``quick``: a tenth of the deals (a smoke test of the pipeline, not
    figures to publish)."""
    python = sys.executable
    cli = [python, "-m", "saustall.cli.main"]
    scale = 10 if quick else 1

    def drecksau(ruleset: str, deals: int) -> list[str]:
        return cli + ["arena", "drecksau", "--ruleset", ruleset, "--players", "2",
                      "--bots", ",".join(DRECKSAU_BOTS), "--games", str(max(2, deals // scale)),
                      "--workers", "1", "--json", str(RATINGS_DIR / f"drecksau-{ruleset}.json")]

    def saukopf(rival: str, deals: int) -> list[str]:
        return cli + ["arena", "saukopf", "--bots", f"{rival},{SAUKOPF_YARDSTICK}",
                      "--seating", "rotate", "--option", "deals=1",
                      "--games", str(max(2, deals // scale)), "--workers", "1",
                      "--json", str(RATINGS_DIR / f"saukopf-{rival}.json")]

    return [
        [python, str(HERE / "pigasus_calibration.py"), "--players", str(PIGASUS_PLAYERS),
         "--games", str(max(2, 100 // scale)),
         "--persons", ",".join(map(str, PIGASUS_PERSONS_MS)),
         "--json", str(RATINGS_DIR / "pigasus.json")],
        drecksau("dirty-pig", 20), saukopf("beginner", 60), saukopf("expert", 30),
        drecksau("sauschoen", 20), drecksau("drecksau", 20), saukopf("heuristic", 40),
        drecksau("sauschoen-tournament", 10),
    ]


def measure(quick: bool) -> None:
    """Run :func:`measure_commands` one after the other, printing each."""
    RATINGS_DIR.mkdir(exist_ok=True)
    for command in measure_commands(quick):
        print("$", " ".join(command), flush=True)
        subprocess.run(command, check=True, env=os.environ)


if __name__ == "__main__":
    measure("--quick" in sys.argv)
