"""Values that are not actions: what the refusal check throws at ``apply``.

Drawn from a seeded :class:`random.Random`, so :func:`~saustall.testing.check_game` needs
no hypothesis; Saustall's own suite draws the same kinds of value with hypothesis
strategies (tests/conformance/test_engine_edges.py) and passes them through a
:data:`Picker` of its own.
"""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction
from typing import Any, Callable, Sequence

from saustall.core.game import Action

Picker = Callable[[Sequence[Action], int], tuple[Any, Any]]
"""Given the actions legal for some seat now and the player count, one ``(action, seat)``
to try (``seat`` ``None``: whoever may take it)."""


def plain(value: Any) -> bool:
    """True for exact ints and strs and tuples of plain values (what an action is made of)."""
    if type(value) in (int, str):
        return True
    return isinstance(value, tuple) and all(plain(v) for v in value)


def look_alikes(value: Any) -> list[Any]:
    """Values equal or close to ``value`` that are not it: other number types, bools,
    text, containers; for a named tuple, the same with one field replaced so."""
    if type(value) is int:
        return [float(value), complex(value), Decimal(value), Fraction(value), str(value),
                [value], (value,), -value - 1, value + 2**64, value - 2**64, True, False]
    if isinstance(value, tuple) and hasattr(value, "_replace"):
        found: list[Any] = [tuple(value), list(value)]
        fields: tuple[str, ...] = getattr(value, "_fields")
        for field in fields:
            inner = getattr(value, field)
            swaps = look_alikes(inner) if type(inner) is int else (
                [list(inner), (True,), (1.0,), (-1,), (0, 0), (10**6,), None]
                if isinstance(inner, tuple) else [inner.encode(), None, inner.upper(), 0])
            found += [value._replace(**{field: swap}) for swap in swaps]
        return found
    if isinstance(value, tuple):
        return [list(value), (*value, 0), value[:-1], None]
    return [str(value), None]


def anything(rng: random.Random) -> Any:
    """An arbitrary Python value of the kinds a client or a file might send."""
    kind = rng.randrange(14)
    makers: tuple[Callable[[], Any], ...] = (
        lambda: rng.randrange(-1000, 1000),
        lambda: -rng.randrange(1, 2**70),
        lambda: rng.randrange(2**40, 2**80),
        lambda: rng.choice((0.0, -0.0, 1.5, float("nan"), float("inf"), 1e300)),
        lambda: complex(rng.random(), rng.random()),
        lambda: rng.random() < 0.5,
        lambda: None,
        lambda: "".join(rng.choice("ab1:-_ \x00é") for _ in range(rng.randrange(9))),
        lambda: bytes(rng.randrange(256) for _ in range(rng.randrange(9))),
        lambda: [rng.randrange(100) for _ in range(rng.randrange(4))],
        lambda: {"a": rng.randrange(10)},
        lambda: Decimal(rng.randrange(-50, 50)) / 4,
        lambda: Fraction(rng.randrange(-50, 50), rng.randrange(1, 7)),
        lambda: (rng.randrange(100), "x"),
    )
    return makers[kind]()


def a_seat(rng: random.Random, players: int) -> Any:
    """Half the time ``None`` or a real seat (so that the action itself is tried), else a
    seat out of range or a seat look-alike."""
    seat = rng.randrange(players)
    if rng.random() < 0.5:
        return rng.choice((None, seat))
    return rng.choice((rng.randrange(-3, players + 4), 2**70, True, float(seat),
                       Decimal(seat), str(seat), float("nan"), "x"))


def random_picker(rng: random.Random) -> Picker:
    """A :data:`Picker` drawing from ``rng``: a quarter arbitrary values, a quarter legal
    actions, half look-alikes of legal actions (the values an engine most easily lets
    through); seats as :func:`a_seat`."""
    def pick(legal: Sequence[Action], players: int) -> tuple[Any, Any]:
        roll = rng.randrange(4)
        if not legal or roll == 0:
            action = anything(rng)
        elif roll == 1:
            action = rng.choice(legal)
        else:
            action = rng.choice(look_alikes(rng.choice(legal)))
        return action, a_seat(rng, players)

    return pick
