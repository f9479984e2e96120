"""The registry of games and their rulesets (a variant registry, as in python-chess)."""

from __future__ import annotations

from typing import Callable

from saustall.core.errors import UnknownGameError
from saustall.core.game import Game, Ruleset

GameFactory = Callable[[Ruleset], Game]

_RULESETS: dict[str, dict[str, tuple[Ruleset, GameFactory]]] = {}
_DEFAULT_RULESET: dict[str, str] = {}


def register(ruleset: Ruleset, factory: GameFactory, *, default: bool = False) -> None:
    """Make ``ruleset`` of ``ruleset.game`` available, built by ``factory``."""
    per_game = _RULESETS.setdefault(ruleset.game, {})
    if ruleset.name in per_game:
        raise ValueError(f"ruleset {ruleset.game}/{ruleset.name} is registered twice")
    per_game[ruleset.name] = (ruleset, factory)
    if default or ruleset.game not in _DEFAULT_RULESET:
        _DEFAULT_RULESET[ruleset.game] = ruleset.name


def _load_builtin_games() -> None:
    # Imported for their side effect of registering; kept here so that `get` works
    # without the caller importing each game package.
    import saustall.games  # noqa: F401


def game_names() -> list[str]:
    """The registered game names, sorted."""
    _load_builtin_games()
    return sorted(_RULESETS)


def rulesets(game: str | None = None) -> list[Ruleset]:
    """Every registered ruleset, or those of one game."""
    _load_builtin_games()
    if game is not None:
        return [entry[0] for entry in _game_entries(game).values()]
    return [entry[0] for per_game in _RULESETS.values() for entry in per_game.values()]


def _game_entries(game: str) -> dict[str, tuple[Ruleset, GameFactory]]:
    try:
        return _RULESETS[game]
    except KeyError:
        raise UnknownGameError(
            f"unknown game {game!r}; known games: {', '.join(sorted(_RULESETS))}"
        ) from None


def get(game: str, ruleset: str | None = None) -> Game:
    """The game ``game`` bound to ``ruleset`` (default: the game's main ruleset)."""
    _load_builtin_games()
    entries = _game_entries(game)
    name = ruleset or _DEFAULT_RULESET[game]
    try:
        found, factory = entries[name]
    except KeyError:
        raise UnknownGameError(
            f"game {game!r} has no ruleset {name!r}; rulesets: {', '.join(entries)}"
        ) from None
    return factory(found)
