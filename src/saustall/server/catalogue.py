"""What the server offers: every game and ruleset with its online options and bot levels.

Bot levels come in two groups: the named levels offered to people (``beginner``, ``club``,
``expert``, weakest to strongest, with ``default_bot_level`` the one seated when nobody
chooses) and the other bots (``random``, ``heuristic``...), listed after them.

Each ruleset carries ``bot_level_ratings``: the measured strength of each level that has
one in that ruleset (:func:`ratings_for`, docs/protocol.md), worded on the scale the game's
support record declares; each game ``bot_level_descriptions``, what its levels mean.

Each game carries ``texts``, its package's words for the page by language and key
(:func:`texts_for`).

``GET /api/games`` answers with :func:`catalogue`. Options that fix or reveal hidden cards
(``OptionSpec.online`` false) are not listed: an online table refuses them.
"""

from __future__ import annotations

import logging
from typing import Any

from saustall.bots.base import RandomBot, bot_levels, default_level, level_rating, \
    offered_levels
from saustall.bots.describe import describe_level, rating_text, rating_unit
from saustall.bots.policy import PREFIX as POLICY_PREFIX
from saustall.core import registry
from saustall.core.errors import UnknownGameError
from saustall.core.support import PluginError

log = logging.getLogger(__name__)


def levels_for(game: str) -> list[str]:
    """Bot levels the server offers for ``game``: the named levels (``beginner``,
    ``club``, ``expert``: :func:`~saustall.bots.base.offered_levels`) weakest to strongest,
    then the other bots (:func:`other_levels`). A game without bots gets ``random``."""
    return offered_levels(game) + other_levels(game)


def other_levels(game: str) -> list[str]:
    """The registered bots of ``game`` that are not named levels (``random``,
    ``heuristic``...), ordered by the game's support record (``other_level_order``,
    weakest to strongest); bots it does not rank keep their
    registration order, ahead of the ranked ones. A game without bots gets ``random``."""
    named = set(offered_levels(game))
    # A learned policy (policy:NAME) plays the one ruleset and table it was trained for,
    # and the lobby offers every level at every table: it stays in the arena and the CLI.
    levels = [level for level in bot_levels(game)
              if level not in named and not level.startswith(POLICY_PREFIX)]
    if not levels and not named:
        levels = [RandomBot.name]
    try:
        ranked = registry.support(game).other_level_order
    except UnknownGameError:  # bots registered for a game without rulesets
        ranked = ()
    return ([level for level in levels if level not in ranked]
            + [level for level in ranked if level in levels])


def seated_by_default(game: str) -> str:
    """The bot level seated when nobody chooses (the lobby's preselection, "Add bot")."""
    return default_level(game) if bot_levels(game) else RandomBot.name


def ratings_for(game: str, ruleset: str) -> dict[str, dict[str, Any]]:
    """Per bot level of ``game`` with a rating in ``ruleset`` (or one for every ruleset):
    the figure and its 95% interval (``low``, ``high``: null when exact), the scale's
    text key ``unit`` with the ``decimals`` and ``signed`` to show it, how it was
    ``measured``, ``provisional`` and the English ``text``."""
    found: dict[str, dict[str, Any]] = {}
    for level in levels_for(game):
        rating = level_rating(game, level, ruleset)
        if rating is None:
            continue
        unit = rating_unit(rating.unit, game)
        found[level] = {"figure": rating.figure, "low": rating.low, "high": rating.high,
                        "unit": rating.unit, "decimals": unit.decimals,
                        "signed": unit.signed, "measured": rating.measured,
                        "provisional": rating.provisional, "text": rating_text(rating, game)}
    return found


def descriptions_for(game: str) -> dict[str, str]:
    """What each bot level of ``game`` means, in a line of English, as the game's support
    record words it (else the meaning common to every game); levels with no words are
    left out."""
    return {level: text for level in levels_for(game) if (text := describe_level(game, level))}


def texts_for(game: str) -> dict[str, dict[str, str]]:
    """The words ``game``'s package gives the page, ``{language: {key: text}}``
    (:attr:`~saustall.core.support.GameSupport.texts`). Texts that do not load are
    logged and left out: the page then shows the record's own titles."""
    try:
        return registry.support(game).page_texts()
    except PluginError as exc:
        log.warning("no page texts: %s", exc)
        return {}


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
                            for o in ruleset.online_options()],
                "bot_level_ratings": ratings_for(name, ruleset.name)})
        games.append({"game": name, "title": default.title,
                      "renderer": registry.support(name).web_renderer,
                      "texts": texts_for(name),
                      "default_ruleset": default.ruleset.name,
                      "bot_levels": levels_for(name),
                      "bot_level_descriptions": descriptions_for(name),
                      "named_bot_levels": offered_levels(name),
                      "default_bot_level": seated_by_default(name), "rulesets": entries})
    return {"games": games}


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value
