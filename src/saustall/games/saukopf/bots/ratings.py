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
    ("saukopf", "heuristic"): (-0.816, -1.062, -0.571,
        "duplicate one-deal sessions against club, 200 deals, 2026-12-06"),
    ("saukopf", "beginner"): (-1.153, -1.356, -0.949,
        "duplicate duel against club, 200 deals, 2026-12-06"),
    ("saukopf", "expert"): (0.169, 0.071, 0.267,
        "duplicate duel against club, 400 deals, 2026-12-06"),
})
