"""Built-in games. Importing this package registers every game and ruleset."""

from saustall.core.registry import get, game_names, rulesets

from saustall.games import drecksau  # noqa: F401  (registers)
from saustall.games import pigasus  # noqa: F401  (registers)
from saustall.games import saukopf  # noqa: F401  (registers)

__all__ = ["get", "game_names", "rulesets"]
