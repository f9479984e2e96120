"""Drecksau's cards as data: which pigs each may target, and what a play does.

The effect table (:data:`PIG_CLEARS`, :data:`PIG_SETS`, :data:`PLAY_DISCARDS`,
:data:`FOUND_FLAG`, :data:`FOUND_CARD`, :data:`MAY_COMPLETE`, :data:`RAIN_WASH`) is the one
place a card's effect is written: the scalar engine (:mod:`saustall.games.drecksau.state`)
and the batched simulator (:mod:`saustall.rl.batched`) are both built from it.

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

# --------------------------------------------------------------------------------------
# What a play does: one row per card kind (the only place a card's effect is written)
# --------------------------------------------------------------------------------------
_NOTHING_FOUND: Final = (0, -1)
_EFFECTS: Final[dict[int, tuple[int, int, tuple[int, ...], tuple[int, int], bool]]] = {
    # card: (flags taken off its pig, flags put on it, cards to the discard pile,
    #        (a flag of the pig, the card that then goes to the pile too),
    #        whether the play may complete its target's pigs: a win to check)
    MUD: (0, DIRTY, (MUD,), _NOTHING_FOUND, True),
    RAIN: (0, 0, (RAIN,), _NOTHING_FOUND, False),  # and washes every pig: RAIN_WASH
    BARN: (0, IN_BARN, (), _NOTHING_FOUND, False),
    FARMER: (DIRTY, 0, (FARMER,), _NOTHING_FOUND, False),
    DOOR: (0, HAS_DOOR, (), _NOTHING_FOUND, False),
    # the barn burns down: it goes to the pile with the lightning, and its door if it had one
    LIGHTNING: (IN_BARN | HAS_DOOR, 0, (LIGHTNING, BARN), (HAS_DOOR, DOOR), False),
    ROD: (0, HAS_ROD, (), _NOTHING_FOUND, False),
    PRETTY: (0, IS_PRETTY, (), _NOTHING_FOUND, True),
    ESCAPE: (IS_PRETTY, 0, (ESCAPE, PRETTY), _NOTHING_FOUND, True),
    LUCKY: (0, 0, (LUCKY,), _NOTHING_FOUND, False),  # and every further Lucky Bird held
}
PIG_CLEARS: Final[tuple[int, ...]] = tuple(_EFFECTS[card][0] for card in range(len(CARD_KINDS)))
"""The flags a play of each card kind takes off the pig it targets."""
PIG_SETS: Final[tuple[int, ...]] = tuple(_EFFECTS[card][1] for card in range(len(CARD_KINDS)))
"""The flags a play of each card kind puts on the pig it targets (after the clears)."""
PLAY_DISCARDS: Final[tuple[tuple[int, ...], ...]] = tuple(_EFFECTS[card][2] for card in range(len(CARD_KINDS)))
"""The cards a play of each kind puts on the discard pile, in order (a card that stays on
its pig, like a barn, puts none)."""
FOUND_FLAG: Final[tuple[int, ...]] = tuple(_EFFECTS[card][3][0] for card in range(len(CARD_KINDS)))
"""A flag of the targeted pig that sends :data:`FOUND_CARD` to the pile too (0: none)."""
FOUND_CARD: Final[tuple[int, ...]] = tuple(_EFFECTS[card][3][1] for card in range(len(CARD_KINDS)))
"""The card that goes to the pile after :data:`PLAY_DISCARDS` when the pig had
:data:`FOUND_FLAG` (Lightning: the barn door)."""
MAY_COMPLETE: Final[tuple[bool, ...]] = tuple(_EFFECTS[card][4] for card in range(len(CARD_KINDS)))
"""Whether a play of each kind may complete its target's pigs (a win to check)."""
WASHING_CARD: Final = RAIN
"""The card whose play washes every pig of the table (:data:`RAIN_WASH`)."""
RAIN_WASH: Final[tuple[int, int, int]] = (DIRTY | IN_BARN | IS_PRETTY, DIRTY, DIRTY)
"""Rain: every pig whose flags, masked by the first, equal the second (dirty, outside a
barn, not pretty) loses the third (its mud)."""

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
