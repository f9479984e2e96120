"""What the server offers: every game and ruleset with its online options and bot levels.

Bot levels come in two groups: the named levels offered to people (``beginner``, ``club``,
``expert``, weakest to strongest, with ``default_bot_level`` the one seated when nobody
chooses) and the other bots (``random``, ``heuristic``...), listed after them.

A level that plays only some tables (a learned policy, ``policy:NAME``: registered with a
:class:`~saustall.bots.base.TableScope`) is not among the game's levels: each ruleset lists
it in ``table_bot_levels`` with the table sizes it plays (:func:`table_levels`), once its
strength is measured in that ruleset (a registered rating, shown as the others'), and a
table of another ruleset or size refuses it by name (:func:`level_refusal`).

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

from saustall.bots.base import RandomBot, bot_levels, default_level, is_scoped, \
    level_rating, level_scope, offered_levels
from saustall.bots.describe import describe_level, rating_text, rating_unit
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
    # A level that plays only some tables (a learned policy) is offered per ruleset
    # (table_levels), not with the levels every table of the game can seat.
    levels = [level for level in bot_levels(game)
              if level not in named and not is_scoped(game, level)]
    if not levels and not named:
        levels = [RandomBot.name]
    try:
        ranked = registry.support(game).other_level_order
    except UnknownGameError:  # bots registered for a game without rulesets
        ranked = ()
    return ([level for level in levels if level not in ranked]
            + [level for level in ranked if level in levels])


def table_levels(game: str, ruleset: str) -> dict[str, list[int]]:
    """The bot levels of ``game`` that play only some tables and are offered at tables of
    ``ruleset``: each with the numbers of players it plays. A level is offered where its
    scope admits the ruleset (it can play here: :func:`~saustall.bots.base.level_scope`)
    and its strength has been measured in that ruleset (a registered rating)."""
    found = {}
    for level in bot_levels(game):
        if not is_scoped(game, level):
            continue
        scope = level_scope(game, level)
        rating = level_rating(game, level, ruleset)
        if scope is not None and scope.ruleset == ruleset and rating is not None:
            found[level] = list(scope.players)
    return found


def levels_at(game: str, ruleset: str, players: int) -> list[str]:
    """Every bot level a table of ``game`` in ``ruleset`` with ``players`` seats can
    seat: :func:`levels_for`, then the levels of :func:`table_levels` that play it."""
    extra = [level for level, sizes in table_levels(game, ruleset).items() if players in sizes]
    return levels_for(game) + extra


def level_refusal(game: str, ruleset: str, players: int, level: object) -> str | None:
    """Why a table of ``game`` in ``ruleset`` with ``players`` seats cannot seat the bot
    ``level``, in a sentence naming what is wrong; ``None`` when it can."""
    levels = levels_at(game, ruleset, players)
    if isinstance(level, str) and level in levels:
        return None
    if isinstance(level, str) and level in bot_levels(game) and is_scoped(game, level):
        scope = level_scope(game, level)
        if scope is None:
            return (f"bot level {level!r} cannot play on this server (a learned policy "
                    "needs the rl extra: pip install 'saustall[rl]')")
        if scope.admits(ruleset, players):
            return (f"bot level {level!r} is not offered at {ruleset} tables: its strength "
                    "has not been measured there")
        return (f"bot level {level!r} plays only {scope.words()}, not {ruleset} with "
                f"{players} players")
    return f"no bot level {level!r} for {game}; levels: {', '.join(levels) or 'none'}"


def seated_by_default(game: str) -> str:
    """The bot level seated when nobody chooses (the lobby's preselection, "Add bot")."""
    return default_level(game) if bot_levels(game) else RandomBot.name


def ratings_for(game: str, ruleset: str) -> dict[str, dict[str, Any]]:
    """Per bot level of ``game`` with a rating in ``ruleset`` (or one for every ruleset):
    the figure and its 95% interval (``low``, ``high``: null when exact), the scale's
    text key ``unit`` with the ``decimals`` and ``signed`` to show it, how it was
    ``measured``, ``provisional`` and the English ``text``."""
    found: dict[str, dict[str, Any]] = {}
    for level in levels_for(game) + list(table_levels(game, ruleset)):
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
    left out. Levels offered at some tables only are among them (``table_bot_levels``)."""
    levels = levels_for(game) + [level for ruleset in registry.rulesets(game)
                                 for level in table_levels(game, ruleset.name)]
    return {level: text for level in levels if (text := describe_level(game, level))}


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
                "table_bot_levels": table_levels(name, ruleset.name),
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
