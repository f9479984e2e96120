"""Pieces every terminal command shares."""

from __future__ import annotations

import json
from typing import Any, Sequence

import typer

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
