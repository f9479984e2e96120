"""What each bot level means, in a line, for terminal help and listings.

The named levels (``beginner``, ``club``, ``expert``) have a meaning common to every game,
refined per game where it differs: a game's support record says so in its
``level_descriptions`` (in a real-time game, a level is a reaction time). The web app has
the same sentences translated in its language files (``level.<name>.desc``).

A rating is worded on its scale, which the game that measures it declares in its support
record (``rating_units``): this module knows no game.
"""

from __future__ import annotations

from typing import Mapping

from saustall.bots.base import LevelRating, bot_levels, default_level, level_rating, \
    offered_levels
from saustall.core import registry
from saustall.core.errors import UnknownGameError
from saustall.core.support import GameSupport, RatingUnit

__all__ = ["NAMED", "OTHERS", "RatingUnit", "describe_level", "levels_help", "rating_number",
           "rating_text", "rating_unit", "seated_levels_text"]

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


def rating_unit(unit: str, game: str | None = None) -> RatingUnit:
    """The scale ``unit`` as ``game``'s support record words it (``rating_units``); without
    ``game``, as the first registered game that declares it. An unknown unit is shown as
    its bare figure followed by its key, to two decimals."""
    records: list[GameSupport] = []
    try:
        records = [registry.support(game)] if game is not None else [
            registry.support(name) for name in registry.game_names()]
    except UnknownGameError:  # bots of a game registered without rulesets
        pass
    for record in records:
        if unit in record.rating_units:
            return record.rating_units[unit]
    return RatingUnit("{figure}{interval} " + unit, 2)


def rating_number(value: float, unit: RatingUnit) -> str:
    """``value`` rounded and signed as ``unit`` shows it."""
    value = round(value, unit.decimals) + 0.0  # + 0.0: no "-0.00" for a tiny negative
    return f"{value:+.{unit.decimals}f}" if unit.signed else f"{value:.{unit.decimals}f}"


def rating_text(rating: LevelRating, game: str | None = None) -> str:
    """A rating in a line of English: the figure in its unit's words (:func:`rating_unit`,
    from ``game``'s record), its 95% interval, and whether it is provisional; the yardstick
    of a scale as such. An unknown unit shows the bare figure."""
    unit = rating_unit(rating.unit, game)
    if rating.low is None and unit.exact:
        return unit.exact.replace("{figure}", rating_number(rating.figure, unit))
    interval = ""
    if rating.low is not None and rating.high is not None:
        interval = (f" (95%: {rating_number(rating.low, unit)} to "
                    f"{rating_number(rating.high, unit)})")
    text = unit.text if "{interval}" in unit.text else unit.text + "{interval}"
    text = text.replace("{figure}", rating_number(rating.figure, unit)).replace(
        "{interval}", interval)
    return text + (", provisional" if rating.provisional else "")


def describe_level(game: str, level: str) -> str:
    """What ``level`` means for ``game``, in a line ("" when nothing is known)."""
    return (_game_descriptions(game).get(level) or NAMED.get(level)
            or OTHERS.get(level, ""))


def _game_descriptions(game: str) -> Mapping[str, str]:
    try:
        return registry.support(game).level_descriptions
    except UnknownGameError:  # bots of a game registered without rulesets
        return {}


def levels_help(game: str, ruleset: str | None = None) -> str:
    """Every bot of ``game`` for a ``--help`` text: the named levels weakest to strongest,
    each with what it means, the default marked and its measured rating (in ``ruleset``,
    default the first one measured), then the other bots."""
    named = offered_levels(game)
    default = default_level(game)
    parts = []
    for level in named:
        mark = ", the default" if level == default else ""
        rating = level_rating(game, level, ruleset)
        where = (f" in {rating.ruleset}" if rating is not None and rating.ruleset
                 and rating.ruleset != game else "")
        rated = f"; rated{where}: {rating_text(rating, game)}" if rating is not None else ""
        parts.append(f"{level} ({describe_level(game, level)}{mark}{rated})")
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
