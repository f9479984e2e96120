"""The measured strength of Saukopf's bot levels, registered with its bots.

Net points per deal and seat against ``club`` bots in duplicate deals, on the scale
``net_vs_club`` that the support record words (docs/bots.md, *Ratings*: ``python
scripts/bot_ratings.py table`` prints these figures). The levels themselves are
registered in ``heuristic`` (``heuristic``), ``beginner`` and ``search`` (``club``,
``expert``).
"""

from __future__ import annotations

from saustall.bots.base import register_level_ratings

register_level_ratings("saukopf", "net_vs_club", {
    ("saukopf", "club"): (0.0, None, None,
        "the yardstick: 0 by definition"),
    ("saukopf", "heuristic"): (-1.306, -2.067, -0.545,
        "duplicate one-deal sessions against club, 40 deals, 2026-12-04"),
    ("saukopf", "beginner"): (-1.281, -1.484, -1.078,
        "duplicate duel against club, 200 deals, 2026-12-04"),
    ("saukopf", "expert"): (0.154, -0.024, 0.331,
        "duplicate duel against club, 200 deals, 2026-12-04"),
})
