"""The registry of games and their rulesets (a variant registry, as in python-chess).

Games are found by entry point: every distribution may name :class:`GameSupport` records
in the ``saustall.games`` group, Saustall's own games included (``pyproject.toml``). They
are loaded lazily, on the first question asked of the registry, and nothing here imports
a game by name. A game whose entry point or record does not load is left out with its
error kept (:func:`broken_games`); asking for it raises that :class:`PluginError`, and
the other games work as before.

:func:`register` still adds a ruleset directly (tests, a ``--bot-module`` of the server);
such a game gets a minimal support record (:func:`support`).
"""

from __future__ import annotations

import threading
import tomllib
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

from saustall.core.errors import UnknownGameError
from saustall.core.support import GameSupport, PluginError, load_reference

if TYPE_CHECKING:  # types only: the games' states import the record module, which uses this
    from saustall.core.game import Game, Ruleset

GameFactory = Callable[["Ruleset"], "Game"]

ENTRY_POINT_GROUP = "saustall.games"
"""The entry-point group in which a distribution names its games' support records."""

_RULESETS: dict[str, dict[str, tuple[Ruleset, GameFactory]]] = {}
_DEFAULT_RULESET: dict[str, str] = {}
_SUPPORT: dict[str, GameSupport] = {}
_BROKEN: dict[str, PluginError] = {}
_loaded = False
_loading = threading.RLock()


def register(ruleset: Ruleset, factory: GameFactory, *, default: bool = False) -> None:
    """Make ``ruleset`` of ``ruleset.game`` available, built by ``factory``."""
    per_game = _RULESETS.setdefault(ruleset.game, {})
    if ruleset.name in per_game:
        raise ValueError(f"ruleset {ruleset.game}/{ruleset.name} is registered twice")
    per_game[ruleset.name] = (ruleset, factory)
    if default or ruleset.game not in _DEFAULT_RULESET:
        _DEFAULT_RULESET[ruleset.game] = ruleset.name


def add_support(record: GameSupport) -> None:
    """Register a game from its support record: its rulesets, its factory, the record.

    Raises :class:`PluginError` when the record is not sound or its game is already known.
    """
    record.check()
    if record.name in _SUPPORT or record.name in _RULESETS:
        raise PluginError(f"game {record.name!r} is registered twice")
    factory = _factory_of(record)
    for ruleset in record.rulesets:
        register(ruleset, factory, default=ruleset.name == record.default())
    _SUPPORT[record.name] = record


def _factory_of(record: GameSupport) -> GameFactory:
    if not isinstance(record.factory, str):
        return record.factory
    reference, owner = record.factory, record.name
    built: list[GameFactory] = []

    def factory(ruleset: Ruleset) -> Game:
        if not built:  # the engine is imported when the first game is made, not listed
            built.append(load_reference(reference, owner))
        return built[0](ruleset)

    return factory


def _declared_entry_points() -> list[tuple[str, str]]:
    """(name, value) of every entry point in :data:`ENTRY_POINT_GROUP`.

    An editable checkout whose install predates its pyproject's entry points (the
    metadata is written at install time) would find none of its own games: Saustall's
    own are then read from the checkout's ``pyproject.toml``, the one place they are
    declared.
    """
    found = [(point.name, point.value, point.dist.name if point.dist else "")
             for point in metadata.entry_points(group=ENTRY_POINT_GROUP)]
    points = [(name, value) for name, value, _ in found]
    if not any(dist == "saustall" for _, _, dist in found):
        known = {name for name, _ in points}
        points += [(name, value) for name, value in _checkout_entry_points()
                   if name not in known]
    return points


def _checkout_entry_points() -> list[tuple[str, str]]:
    pyproject = Path(__file__).resolve().parents[3] / "pyproject.toml"
    try:
        declared = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return []
    project = declared.get("project", {})
    if project.get("name") != "saustall":
        return []
    group = project.get("entry-points", {}).get(ENTRY_POINT_GROUP, {})
    return [(str(name), str(value)) for name, value in group.items()]


def _load_plugins() -> None:
    global _loaded
    if _loaded:
        return
    with _loading:
        if _loaded:
            return
        for name, value in sorted(_declared_entry_points()):
            _load_one(name, value)
        _loaded = True


def _load_one(name: str, value: str) -> None:
    try:
        record = load_reference(value, name)
        if not isinstance(record, GameSupport):
            raise PluginError(f"game {name!r}: entry point {value!r} is a "
                              f"{type(record).__name__}, not a GameSupport record")
        if record.name != name:
            raise PluginError(f"game {name!r}: entry point {value!r} declares game "
                              f"{record.name!r}")
        add_support(record)
    except PluginError as exc:
        _BROKEN[name] = exc
    except Exception as exc:  # a plugin's own bug must not stop the other games
        _BROKEN[name] = PluginError(f"game {name!r}: {type(exc).__name__}: {exc}")


def broken_games() -> dict[str, PluginError]:
    """The games whose package did not load, with the error saying why."""
    _load_plugins()
    return dict(_BROKEN)


def game_names() -> list[str]:
    """The registered game names, sorted."""
    _load_plugins()
    return sorted(_RULESETS)


def supports() -> list[GameSupport]:
    """The support record of every registered game, by game name."""
    return [support(name) for name in game_names()]


def support(game: str) -> GameSupport:
    """The support record of ``game``; a game registered by :func:`register` alone gets
    a minimal one (its rulesets and factory, nothing else)."""
    _load_plugins()
    if game in _SUPPORT:
        return _SUPPORT[game]
    entries = _game_entries(game)
    first = next(iter(entries.values()))
    return GameSupport(name=game, rulesets=tuple(entry[0] for entry in entries.values()),
                       factory=first[1], default_ruleset=_DEFAULT_RULESET[game])


def rulesets(game: str | None = None) -> list[Ruleset]:
    """Every registered ruleset, or those of one game."""
    _load_plugins()
    if game is not None:
        return [entry[0] for entry in _game_entries(game).values()]
    return [entry[0] for per_game in _RULESETS.values() for entry in per_game.values()]


def _game_entries(game: str) -> dict[str, tuple[Ruleset, GameFactory]]:
    try:
        return _RULESETS[game]
    except KeyError:
        if game in _BROKEN:
            raise _BROKEN[game] from None
        raise UnknownGameError(
            f"unknown game {game!r}; known games: {', '.join(sorted(_RULESETS))}"
        ) from None


def get(game: str, ruleset: str | None = None) -> Game:
    """The game ``game`` bound to ``ruleset`` (default: the game's main ruleset)."""
    _load_plugins()
    entries = _game_entries(game)
    name = ruleset or _DEFAULT_RULESET[game]
    try:
        found, factory = entries[name]
    except KeyError:
        raise UnknownGameError(
            f"game {game!r} has no ruleset {name!r}; rulesets: {', '.join(entries)}"
        ) from None
    return factory(found)


_VARIANTS: dict[tuple[Any, ...], Game] = {}
"""Variant games already built (a simulation asks for one per chunk of games)."""
_VARIANTS_KEPT = 64


def get_variant(game: str, ruleset: str | None = None,
                params: Mapping[str, Any] | None = None, name: str | None = None) -> Game:
    """``game`` bound to ``ruleset`` with some of its balance levers set: a house-rule
    variant (:meth:`~saustall.core.game.Ruleset.with_params`); no ``params``: the
    published ruleset, as :func:`get` gives it.

    Raises :class:`~saustall.core.errors.InvalidOptionError` naming an unknown lever or a
    value it does not take.
    """
    base = get(game, ruleset)
    if not params:
        return base
    # typed: 4.0 == 4 == True-ish values must not find one another's variant
    key = (game, base.ruleset.name,
           tuple(sorted((k, type(v).__name__, v) for k, v in params.items())), name)
    found = _VARIANTS.get(key)
    if found is None:
        if len(_VARIANTS) >= _VARIANTS_KEPT:
            _VARIANTS.clear()
        bound = base.ruleset.with_params(params, name)
        factory = _game_entries(game)[base.ruleset.name][1]
        found = _VARIANTS[key] = factory(bound)
    return found


def game_for_view(view: Mapping[str, Any]) -> Game:
    """The game a seat's view is of, its house-rule variant included (views of a
    variant name it under ``variant``: ``{"name": ..., "params": {...}}``): what a bot
    that simulates the game must play, rather than the published ruleset."""
    variant = view.get("variant") or {}
    return get_variant(view["game"], view["ruleset"], variant.get("params"),
                       variant.get("name"))


def variant_view(ruleset: Ruleset) -> dict[str, Any] | None:
    """What a view shows of a house-rule variant (public: everyone at the table knows
    the house rules), or None for a published ruleset."""
    if not ruleset.variant:
        return None
    return {"name": ruleset.variant_name, "params": ruleset.variant_params()}
