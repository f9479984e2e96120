"""A game's own figures read generically: every share and mean with its interval.

A game's tally (its support record's ``simulation.tally``) sums up what its games report
in its own shape. This module reads that shape without knowing the game, from the JSON
form :func:`saustall.arena.simulate.records` gives it:

* a mapping with ``count`` and ``total`` is a **share** (numerator and denominator): its
  Wilson interval;
* a mapping with ``value``/``low``/``high``/``n`` (or ``mean`` with ``low``/``high``/``n``)
  is an **interval** already made (a mean, clipped to its range by the game);
* a list of records each with a ``name`` and a share is a **group** of shares (the game
  kinds, the win kinds): one chart in the report.

So the table, the JSON, the report and ``saustall study`` show every figure a game adds
with its interval and sample size, and compare them across bots, whatever the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from saustall.stats import Interval, wilson


@dataclass(frozen=True)
class Figure:
    """One figure of a game's own: where it sits, what kind, its value and interval."""

    path: str
    """Where it sits in the game's figures, words joined by " / " (``kinds / sauerei``)."""
    kind: str
    """``share`` (a count out of a total: ``count``/``total`` kept) or ``mean``."""
    interval: Interval
    count: float = 0.0
    total: int = 0


def _share(data: dict[str, Any]) -> bool:
    count, total = data.get("count"), data.get("total")
    return (isinstance(count, (int, float)) and not isinstance(count, bool)
            and isinstance(total, int) and not isinstance(total, bool)
            and 0 <= count <= total)


def _interval(data: dict[str, Any]) -> Interval | None:
    value = data.get("value", data.get("mean"))
    n = data.get("n")
    if isinstance(value, (int, float)) and isinstance(n, int) and "low" in data \
            and "high" in data:
        low, high = data["low"], data["high"]
        return Interval(float(value), None if low is None else float(low),
                        None if high is None else float(high), n)
    return None


def _name(record: dict[str, Any]) -> str:
    for key in ("name", "who", "kind", "seat", "bot"):
        if key in record:
            return str(record[key])
    return ""


def figures(data: Any, path: str = "") -> Iterator[Figure]:
    """Every share and interval in ``data`` (records, see the module docstring)."""
    if isinstance(data, dict):
        if _share(data):
            yield Figure(path, "share", wilson(data["count"], data["total"]),
                         float(data["count"]), int(data["total"]))
            return
        found = _interval(data)
        if found is not None:
            yield Figure(path, "mean", found)
            return
        for key, value in data.items():
            yield from figures(value, f"{path} / {key}" if path else str(key))
    elif isinstance(data, list):
        for position, item in enumerate(data):
            name = _name(item) if isinstance(item, dict) else ""
            label = name or str(position + 1)
            yield from figures(item, f"{path} / {label}" if path else label)


def _figure(path: str, share: dict[str, Any]) -> Figure:
    return Figure(path, "share", wilson(share["count"], share["total"]),
                  float(share["count"]), int(share["total"]))


def share_groups(data: Any, path: str = "") -> Iterator[tuple[str, list[tuple[str, Figure]]]]:
    """Every list of named shares in ``data``: (where, [(name, share)...]), for charts."""
    if isinstance(data, dict):
        if _share(data) or _interval(data) is not None:
            return
        for key, value in data.items():
            yield from share_groups(value, f"{path} / {key}" if path else str(key))
    elif isinstance(data, list):
        named = [item for item in data if isinstance(item, dict) and _name(item)]
        if named and len(named) == len(data):
            if all(_share(item) for item in named):
                yield path, [(_name(item), _figure(f"{path} / {_name(item)}", item))
                             for item in named]
            else:  # records with shares inside: one group per share they all hold
                for key in named[0]:
                    if all(isinstance(item.get(key), dict) and _share(item[key])
                           for item in named):
                        where = f"{path} / {key}"
                        yield where, [(_name(item), _figure(f"{where} / {_name(item)}",
                                                            item[key])) for item in named]
            return
        for position, item in enumerate(data):
            if isinstance(item, (dict, list)):
                label = (_name(item) if isinstance(item, dict) else "") or str(position + 1)
                yield from share_groups(item, f"{path} / {label}" if path else label)


__all__ = ["Figure", "figures", "share_groups"]
