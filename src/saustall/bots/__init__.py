"""Bots for every game. Importing this package registers them all, and the analysers
built on them (:mod:`saustall.analysis`)."""

from saustall.bots.base import Bot, RandomBot, bot_levels, make_bot, register_bot
from saustall.bots import drecksau as _drecksau  # noqa: F401  (registers)
from saustall.bots import drecksau_search as _drecksau_search  # noqa: F401  (registers)
from saustall.bots import pigasus as _pigasus  # noqa: F401  (registers)
from saustall.bots import saukopf as _saukopf  # noqa: F401  (registers)
from saustall.bots import saukopf_search as _saukopf_search  # noqa: F401  (registers)
from saustall.bots import saukopf_beginner as _saukopf_beginner  # noqa: F401  (registers)
from saustall.bots import saukopf_analysis as _saukopf_analysis  # noqa: F401  (registers)

__all__ = ["Bot", "RandomBot", "bot_levels", "make_bot", "register_bot"]
