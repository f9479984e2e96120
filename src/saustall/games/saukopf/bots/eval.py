"""Quick Saukopf hand ratings on bit masks, for search bots that rate thousands of hands.

:func:`tricks_of_mask` and :func:`rate_mask` give exactly what the ``heuristic`` bot's
:func:`~saustall.games.saukopf.bots.heuristic.estimate_tricks` and
:meth:`~saustall.games.saukopf.bots.heuristic.HeuristicBot.rate` give for the same hand,
from per-order tables worked out once.
"""

from __future__ import annotations

from saustall.games.saukopf.cards import (
    GAME_KINDS, KREUZUNG, MAST, POINTS, SAUEREI, UNREINE_KREUZUNG, VEGANE_MAST,
    Declaration, Order, mask_points, order_for,
)

_LOW_RANKS = 0
for _c in range(32):
    if (_c & 7) >= 5:
        _LOW_RANKS |= 1 << _c


_BY_ID: dict[int, tuple[Order, tuple[tuple[tuple[int, float], ...], int,
                                      tuple[tuple[int, tuple[int, ...]], ...]]]] = {}


def _tables(order: Order) -> tuple[tuple[tuple[int, float], ...], int,
                                   tuple[tuple[int, tuple[int, ...]], ...]]:
    """:func:`_make_tables` memoized by identity (orders come from a cache; hashing a
    frozen dataclass of tuples each call would cost more than the rating)."""
    found = _BY_ID.get(id(order))
    if found is None or found[0] is not order:
        found = _BY_ID[id(order)] = (order, _make_tables(order))
    return found[1]


def _make_tables(order: Order) -> tuple[tuple[tuple[int, float], ...], int,
                                   tuple[tuple[int, tuple[int, ...]], ...]]:
    """The trumps (bit, value when not in the top run), the trump mask, and per plain
    suit its mask and cards strongest first."""
    trumps = []
    trump_mask = 0
    for i, c in enumerate(order.trumps):
        trumps.append((1 << c, 0.8 if i < 4 else 0.55 if i < 8 else 0.4))
        trump_mask |= 1 << c
    suits = []
    for suit in range(4):
        cards = sorted((c for c in range(32) if order.eff_suit[c] == suit),
                       key=lambda c: -order.power[c])
        mask = 0
        for c in cards:
            mask |= 1 << c
        if cards:
            suits.append((mask, tuple(cards)))
    return tuple(trumps), trump_mask, tuple(suits)


def tricks_of_mask(hand: int, order: Order) -> float:
    """A rough count of the tricks the hand mask ``hand`` takes in a game ranked by
    ``order`` (the heuristic bot's estimate)."""
    trumps, trump_mask, suits = _tables(order)
    est = 0.0
    top_run = True
    for bit, value in trumps:
        if hand & bit:
            est += 1.0 if top_run else value
        else:
            top_run = False
    held = (hand & trump_mask).bit_count()
    if held > 4:
        est += 0.45 * (held - 4)
    for mask, cards in suits:
        plain = hand & mask
        if not plain or not hand >> cards[0] & 1:
            continue
        est += 0.85
        count = plain.bit_count()
        if 1 < count <= 3:
            for c in cards[1:]:
                if plain >> c & 1:
                    if POINTS[c] >= 10:
                        est += 0.5
                    break
    return est


def rate_mask(hand: int, decl: Declaration, players: int) -> float:
    """How good ``decl`` looks for the hand mask ``hand``: above 0 means worth declaring
    (the heuristic bot's rating)."""
    order = order_for(decl.kind, decl.param, decl.spiess)
    kind = decl.kind
    if kind == VEGANE_MAST:
        return 1.0 if hand & ~_LOW_RANKS == 0 else -9.0
    tricks = tricks_of_mask(hand, order)
    if GAME_KINDS[kind].napf:
        limit = 1.2 if kind == MAST else 1.5 if kind == UNREINE_KREUZUNG else 2.0
        return limit - tricks - mask_points(hand) / 60.0
    if kind == SAUEREI:
        return tricks - 3.2 - (0.3 if decl.spiess else 0.0)
    if kind == KREUZUNG:
        return tricks - 3.0
    need = 5.2 * (8.0 if players == 4 else 10.0) / 8.0
    return tricks - need - (0.5 if decl.spiess else 0.0)


_KREUZUNG_ORDER = order_for(KREUZUNG)

NAPF_JOIN_TRICKS = 1.5
"""The ``heuristic`` bot joins a Kreuzung of the Napf (an Unreine Kreuzung, played to lose)
with a hand estimated under this many tricks..."""
NAPF_JOIN_POINTS = 25
"""...and under this many card points."""
PLAYOUT_NAPF_JOIN: tuple[float, int] = (3.0, 40)
"""The tricks and card points under which the search bots' playouts join an Unreine
Kreuzung: any hand but a strong one, since a partner who loses it loses nothing (no
roughness point at a bid of 61) and a deal nobody joins is thrown in. With the
``heuristic`` bot's limits nearly nobody joined in the playouts and the search valued the
game at about 0 (0.0-0.1 against 1.1-2.6 now, ``expert``, deals whose first Napf bidder
holds at most one trump)."""


def joins_kreuzung(hand: int, napf: bool,
                   napf_limits: tuple[float, int] = (NAPF_JOIN_TRICKS, NAPF_JOIN_POINTS)
                   ) -> bool:
    """The rule-of-thumb answer to a Kreuzung's partner bidding for the hand mask ``hand``:
    join a Kreuzung of the Trog with four tricks in its trumps, one of the Napf (played to
    lose, so the party wants weak hands) with fewer tricks and card points than
    ``napf_limits``."""
    tricks = tricks_of_mask(hand, _KREUZUNG_ORDER)
    if napf:
        return tricks < napf_limits[0] and mask_points(hand) < napf_limits[1]
    return tricks >= 4.0


def trump_count(hand: int, order: Order) -> int:
    """How many trumps of ``order`` the hand mask holds."""
    return (hand & _tables(order)[1]).bit_count()


__all__ = ["NAPF_JOIN_POINTS", "NAPF_JOIN_TRICKS", "PLAYOUT_NAPF_JOIN", "joins_kreuzung",
           "rate_mask", "tricks_of_mask", "trump_count"]
