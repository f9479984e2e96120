"""View and record keys added since old views and digests were saved (a view's whitelist
may grow; records gained ``revision``).

Saved views and digests from before these keys keep pinning everything else: the keys
are left out before comparing (each must be present: a key that vanished is a change).
Paths name nested keys (``declared.partner_asked``: present whenever ``declared`` is).
"""

from __future__ import annotations

from typing import Any

import orjson

from saustall.core.record import GameRecord

VIEW_KEYS_SINCE_0_1: dict[str, tuple[str, ...]] = {
    "pigasus": ("options",),  # the table's public options (issue 11: sampling worlds)
    "saukopf": ("allow_revoke", "declared.partner_asked"),  # the same (issue 11)
}
"""Per game, the view keys added after Saustall 0.1, as paths."""


def without_added_keys(view: dict[str, Any], game: str) -> dict[str, Any]:
    """A copy of ``view`` without the keys views gained since 0.1, key order kept."""
    trimmed = dict(view)
    for path in VIEW_KEYS_SINCE_0_1.get(game, ()):
        parent, _, key = path.rpartition(".")
        holder = trimmed
        if parent:
            if not isinstance(trimmed.get(parent), dict):
                continue  # e.g. nothing declared yet
            holder = trimmed[parent] = dict(trimmed[parent])
        assert key in holder, f"the view lacks {path!r}"
        del holder[key]
    return trimmed


def record_as_digested(record: GameRecord) -> dict[str, Any]:
    """``record.to_dict()`` without the ``revision`` records gained after the digests of
    seeded games were taken (it must be there, at revision 1: the rules those digests
    pin), key order kept."""
    data = record.to_dict()
    assert data.pop("revision") == 1, "the digests pin revision 1 of the rules"
    return data


def record_json_as_digested(record: GameRecord) -> str:
    """``record.to_json()`` as written before records named their ``revision``."""
    text: str = orjson.dumps(record_as_digested(record), option=orjson.OPT_INDENT_2).decode()
    return text
