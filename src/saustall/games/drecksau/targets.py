"""Which pigs each Drecksau card may target, worked out once per row of pigs.

A pig is a bit set of the flags below. Legal-move generation asks, for every card in the
hand, which pigs of which player it fits; :func:`row_masks` answers that for a whole row of
pigs at once (one bit set per card kind) and remembers the answer by the row's bytes, since a
row changes far less often than turns pass. The play actions of such a bit set are
:data:`saustall.games.drecksau.actions.PLAY_CODES`.
"""

from __future__ import annotations

from typing import Final

from saustall.games.drecksau.rulesets import (
    BARN, CARD_KINDS, DOOR, ESCAPE, FARMER, LIGHTNING, LUCKY, MUD, PRETTY, RAIN,
    ROD,
)

DIRTY: Final = 1
IN_BARN: Final = 2
HAS_DOOR: Final = 4
HAS_ROD: Final = 8
IS_PRETTY: Final = 16
"""The flags of a pig: dirty, in a barn, barn door, lightning rod, pretty."""

OWN: Final = 0
UNTARGETED: Final = 1
OTHERS: Final = 2
ANYONE: Final = 3
"""Card scopes: the player's own pigs, no pig, other players' pigs, anyone's pigs."""
_SCOPE: Final = {MUD: OWN, BARN: OWN, DOOR: OWN, ROD: OWN, RAIN: UNTARGETED,
                 LUCKY: UNTARGETED, FARMER: OTHERS, LIGHTNING: OTHERS, PRETTY: ANYONE,
                 ESCAPE: ANYONE}
CARD_SCOPE: Final = tuple(_SCOPE[card] for card in range(len(CARD_KINDS)))
"""Whose pigs each card kind may target: own, none, other players' or anyone's."""
_FITS: Final = {  # the pig flags each targeted card needs, as (flags to look at, their values)
    MUD: (DIRTY | IS_PRETTY, 0), BARN: (IN_BARN, 0),
    DOOR: (IN_BARN | DIRTY | HAS_DOOR | IS_PRETTY, IN_BARN | DIRTY),
    ROD: (IN_BARN | HAS_ROD, IN_BARN), FARMER: (DIRTY | HAS_DOOR | IS_PRETTY, DIRTY),
    LIGHTNING: (IN_BARN | HAS_ROD, IN_BARN), PRETTY: (IS_PRETTY | HAS_DOOR, 0),
    ESCAPE: (IS_PRETTY, IS_PRETTY),
}
ROW_MASKS: Final[dict[bytes, bytes]] = {}
""":func:`row_masks` of the rows met so far (read inline on hot paths)."""
_ROW_MASKS_LIMIT: Final = 100_000
"""Rows kept in :data:`ROW_MASKS` before it starts afresh (bounded memory; the editions
reach about 40,000 rows in all)."""


def row_masks(row: list[int]) -> bytes:
    """Per card kind, the bit set of the pigs in ``row`` that card may target, whoever
    owns them and whoever plays (memoized by the row's bytes: a row changes far less
    often than turns pass, and bytes keep the table small)."""
    masks = bytearray(len(CARD_KINDS))
    for card, (flags, wanted) in _FITS.items():
        masks[card] = sum(1 << i for i, f in enumerate(row) if f & flags == wanted)
    if len(ROW_MASKS) >= _ROW_MASKS_LIMIT:
        ROW_MASKS.clear()
    found = ROW_MASKS[bytes(row)] = bytes(masks)
    return found
