"""The bot protocol and registry (:mod:`saustall.bots.base`) and the built-in games' bots.

Each game registers its bots through its support record's ``register_bots``, called the
first time a bot of that game is asked for; ``random`` is registered for every game.
"""

from saustall.bots.base import Bot, RandomBot, bot_levels, make_bot, register_bot

__all__ = ["Bot", "RandomBot", "bot_levels", "make_bot", "register_bot"]
