"""What each bot level means, in a line, for terminal help and listings.

The named levels (``beginner``, ``club``, ``expert``) have a meaning common to every game,
refined per game where it differs: a game's support record says so in its
``level_descriptions`` (in a real-time game, a level is a reaction time). The web app has
the same sentences translated in its language files (``level.<name>.desc``).
"""

from __future__ import annotations

from typing import Mapping

from saustall.bots.base import bot_levels, default_level, offered_levels
from saustall.core import registry
from saustall.core.errors import UnknownGameError

NAMED: dict[str, str] = {
    "beginner": "plays loosely and makes mistakes: a newcomer's first wins",
    "club": "a real game that a newcomer can win",
    "expert": "thinks longest and plays its best",
}
"""The named levels, in any game."""

OTHERS: dict[str, str] = {
    "random": "any legal move at random (a baseline)",
    "heuristic": "rules of thumb, no look-ahead",
}
"""Bots kept besides the named levels, in any game."""


def describe_level(game: str, level: str) -> str:
    """What ``level`` means for ``game``, in a line ("" when nothing is known)."""
    return (_game_descriptions(game).get(level) or NAMED.get(level)
            or OTHERS.get(level, ""))


def _game_descriptions(game: str) -> Mapping[str, str]:
    try:
        return registry.support(game).level_descriptions
    except UnknownGameError:  # bots of a game registered without rulesets
        return {}


def levels_help(game: str) -> str:
    """Every bot of ``game`` for a ``--help`` text: the named levels weakest to strongest,
    each with what it means and the default marked, then the other bots."""
    named = offered_levels(game)
    default = default_level(game)
    parts = []
    for level in named:
        mark = ", the default" if level == default else ""
        parts.append(f"{level} ({describe_level(game, level)}{mark})")
    others = [level for level in bot_levels(game) if level not in named]
    text = "; ".join(parts)
    if others:
        listed = ", ".join(f"{level} (the default)" if level == default else level
                           for level in others)
        text = f"{text}; other bots: {listed}" if text else listed
    return text


def seated_levels_text(levels: dict[str, str], game: str) -> str:
    """A line naming each seated bot's level and what it means, by seat name."""
    return "; ".join(f"{who}: {level}" + (f" ({describe_level(game, level)})"
                                           if describe_level(game, level) else "")
                     for who, level in levels.items())
