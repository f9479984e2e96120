"""Pieces every terminal command shares."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Sequence

import typer

from saustall.core.game import GameState
from saustall.core.record import GameRecord

HELP_FLAGS = frozenset({"-h", "--help"})
HELP_SETTINGS: dict[str, Any] = {"help_option_names": ["-h", "--help"]}
"""Typer context settings giving every command both -h and --help."""


def parse_options(pairs: Sequence[str] | None) -> dict[str, Any]:
    """Ruleset options given as ``name=value``; values read as JSON where they parse.

    Raises :class:`typer.BadParameter` naming the pair that is not ``name=value``.
    """
    options: dict[str, Any] = {}
    for pair in pairs or ():
        name, sep, raw = pair.partition("=")
        if not sep or not name:
            raise typer.BadParameter(f"an option is name=value, not {pair!r}",
                                     param_hint="--option")
        try:
            options[name] = json.loads(raw)
        except ValueError:
            options[name] = raw
    return options


RECORD_DIR = Path("records")
"""Where terminal games save their records unless told otherwise."""
RECORD_DIR_HELP = "where the game record is saved (a new JSON file per game)"
NO_RECORD_HELP = "do not save a game record"


def save_record(state: GameState, directory: Path, stem: str,
                meta: dict[str, Any]) -> Path:
    """Save ``state``'s record as ``directory/stem-<time>.json`` (never overwriting one)."""
    directory.mkdir(parents=True, exist_ok=True)
    base = f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}"
    path = directory / f"{base}.json"
    counter = 1
    while path.exists():
        counter += 1
        path = directory / f"{base}-{counter}.json"
    GameRecord.from_state(state, meta=meta).save(path)
    return path
