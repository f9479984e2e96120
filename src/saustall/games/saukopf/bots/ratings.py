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
    ("saukopf", "heuristic"): (-0.766, -1.036, -0.496,
        "duplicate one-deal sessions against club, 200 deals, 2026-12-06"),
    ("saukopf", "beginner"): (-1.157, -1.357, -0.958,
        "duplicate duel against club, 200 deals, 2026-12-06"),
    ("saukopf", "expert"): (0.155, 0.053, 0.257,
        "duplicate duel against club, 400 deals, 2026-12-06"),
})
