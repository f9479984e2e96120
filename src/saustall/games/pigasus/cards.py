"""The 72 Pigasus cards: nine animals, each card one animal's body with another's head.

A card is an int ``0..71``. Card ``c`` has body ``c // 8`` and head the ``c % 8``-th of the
other eight animals, so every (body, head) with body != head occurs exactly once. Its
short code is the two animals' letters, body first: ``"PC"`` is a pig's body with a
crocodile's head. Two cards form a pair when they swap body and head: ``PC`` and ``CP``.
"""

from __future__ import annotations

from typing import Final

ANIMALS: Final = ("pig", "crocodile", "giraffe", "elephant", "horse", "sheep", "duck", "rabbit",
                  "owl")
"""The nine animals, in a fixed order."""

LETTERS: Final = "PCGEHSDRO"
"""One capital letter per animal, in the order of :data:`ANIMALS`."""

NUM_CARDS: Final = 72
"""Cards in the box."""

SET_ASIDE: Final = 16
"""Cards set aside face down at the start (used only to break a tie)."""


def _build() -> tuple[tuple[tuple[int, int], ...], dict[tuple[int, int], int]]:
    cards: list[tuple[int, int]] = []
    for body in range(len(ANIMALS)):
        for head in range(len(ANIMALS)):
            if head != body:
                cards.append((body, head))
    return tuple(cards), {bh: index for index, bh in enumerate(cards)}


CARDS, _INDEX = _build()
"""``CARDS[c]`` is the (body, head) of card ``c``."""

CODES: Final = tuple(LETTERS[body] + LETTERS[head] for body, head in CARDS)
"""``CODES[c]`` is the two-letter code of card ``c``."""

_BY_CODE: Final = {code: index for index, code in enumerate(CODES)}


def card_code(card: int) -> str:
    """The two-letter code of ``card`` (body letter, head letter)."""
    return CODES[card]


def card_from_code(code: str) -> int:
    """The card with the two-letter ``code`` (any case); ``KeyError`` if there is none."""
    return _BY_CODE[code.strip().upper()]


def partner(card: int) -> int:
    """The one card that pairs with ``card``: body and head swapped."""
    body, head = CARDS[card]
    return _INDEX[(head, body)]


def is_pair(a: int, b: int) -> bool:
    """True when cards ``a`` and ``b`` have swapped bodies and heads."""
    return partner(a) == b


def card_name(card: int) -> str:
    """A short English name, e.g. ``"pig with a crocodile's head"``."""
    body, head = CARDS[card]
    return f"{ANIMALS[body]} with a {ANIMALS[head]}'s head"


def pairs_among(cards: list[int] | tuple[int, ...]) -> list[tuple[int, int]]:
    """Every matching pair among ``cards``, each as (lower, higher), sorted."""
    present = set(cards)
    return sorted((c, partner(c)) for c in present if partner(c) in present and c < partner(c))


def near_misses(cards: list[int] | tuple[int, ...]) -> list[tuple[int, int]]:
    """Pairs of ``cards`` that look alike but do not match: one shares an animal swap.

    ``(A body, B head)`` with ``(B body, C head)`` or ``(C body, A head)``: the kind of
    pair a hasty player mistakes for a match. Sorted, each as (lower, higher).
    """
    found: set[tuple[int, int]] = set()
    listed = sorted(set(cards))
    for i, a in enumerate(listed):
        body_a, head_a = CARDS[a]
        for b in listed[i + 1:]:
            body_b, head_b = CARDS[b]
            if partner(a) == b:
                continue
            if body_b == head_a or head_b == body_a:
                found.add((a, b))
    return sorted(found)
