"""What the server offers: every game and ruleset with its online options and bot levels.

``GET /api/games`` answers with :func:`catalogue`. Options that fix or reveal hidden cards
(``OptionSpec.online`` false) are not listed: an online table refuses them.
"""

from __future__ import annotations

from typing import Any

from saustall.bots.base import RandomBot, bot_levels
from saustall.core import registry

LEVEL_ORDER: dict[str, tuple[str, ...]] = {
    "drecksau": ("random", "beginner", "heuristic", "racer", "club", "expert"),
    "saukopf": ("random", "heuristic"),
    "pigasus": ("slow", "casual", "sharp"),
}
"""Known bot levels per game, weakest to strongest. In Drecksau ``racer`` ranks above
``heuristic``: head to head (2000 games per setting, seats rotating) it wins 67% / 62%
of 2-/4-player ``dirty-pig``, 57% / 57% of ``sauschoen`` and ties ``drecksau``
(48% / 51%). The search levels (:mod:`saustall.bots.drecksau_search`, figures there):
``beginner`` wins 16.5% against ``heuristic``, ``club`` 53% and ``expert`` 67% against
``racer`` in 2-player ``dirty-pig``."""


def levels_for(game: str) -> list[str]:
    """Bot levels the server offers for ``game``, weakest to strongest.

    The registered levels, ordered by :data:`LEVEL_ORDER`; levels it does not rank keep
    their registration order, ahead of the ranked ones. A game without bots gets
    ``random``.
    """
    levels = bot_levels(game) or [RandomBot.name]
    ranked = LEVEL_ORDER.get(game, ())
    return ([level for level in levels if level not in ranked]
            + [level for level in ranked if level in levels])


def catalogue() -> dict[str, Any]:
    """Every game and ruleset with options and bot levels."""
    games = []
    for name in registry.game_names():
        default = registry.get(name)
        entries = []
        for ruleset in registry.rulesets(name):
            game = registry.get(name, ruleset.name)
            entries.append({
                "name": ruleset.name, "title": ruleset.title, "summary": ruleset.summary,
                "min_players": ruleset.min_players, "max_players": ruleset.max_players,
                "default_players": game.default_players, "realtime": ruleset.realtime,
                "options": [{"name": o.name, "default": _jsonable(o.default), "help": o.help,
                             "choices": None if o.choices is None
                             else [_jsonable(c) for c in o.choices],
                             "min": None if o.bounds is None else o.bounds[0],
                             "max": None if o.bounds is None else o.bounds[1]}
                            for o in ruleset.online_options()]})
        games.append({"game": name, "title": default.title,
                      "default_ruleset": default.ruleset.name,
                      "bot_levels": levels_for(name), "rulesets": entries})
    return {"games": games}


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value
