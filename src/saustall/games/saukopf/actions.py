"""Saukopf actions: their int codes and text notation (the engine's metadata).

Actions are ints:

| action | value | notation |
| --- | --- | --- |
| pass (quieken; no Kontra/Re; not joining a Kreuzung) | ``0`` | ``pass`` |
| Huftritt (Kontra) | ``1`` | ``kontra`` |
| Gegenhuftritt (Re) | ``2`` | ``re`` |
| offer to be the Kreuzung partner | ``3`` | ``join`` |
| play card ``c`` | ``100 + c`` | ``card EO`` |
| hand a card face down to the Kreuzung declarer | ``200 + c`` | ``give GK`` |
| record a revoke by seat ``p`` (table mode) | ``300 + p`` | ``revoke 2`` |
| bid ``n`` points (61-120) or Schwarz | ``1000 + n`` (Schwarz: 1121) | ``bid 65``, ``bid schwarz`` |
| declare a game | ``2000 + 2*(33*kind + param + 1) + spiess`` | ``declare sauerei gras``, ``declare keiler herz spiess``, ``declare wutz``, ``declare knorpel EO``, ``declare vegane-mast`` |

Cards are ``suit*8 + rank`` (see :mod:`saustall.games.saukopf.cards`). Notation is stable
and pure, so every code's text is worked out once: :func:`encode_action` and
:func:`decode_action` are table look-ups (records replay an action per look-up), with the
parser behind them for other spellings and for the error messages.
"""

from __future__ import annotations

import re
from typing import Final

from saustall.core.errors import MalformedActionError
from saustall.core.game import Action, check_action_code
from saustall.games.saukopf.cards import (
    CALLABLE_SUITS, CARD_TEXT, GAME_KINDS, KIND_BY_NAME, SCHWARZ, SUIT_BY_NAME, SUIT_NAMES,
    Declaration, bid_text, card_title, parse_card,
)

PASS: Final = 0
KONTRA: Final = 1
RE: Final = 2
JOIN: Final = 3
CARD_BASE: Final = 100
GIVE_BASE: Final = 200
REVOKE_BASE: Final = 300
BID_BASE: Final = 1000
DECLARE_BASE: Final = 2000

def card_action(c: int) -> int:
    """The action playing card ``c``."""
    return CARD_BASE + c


def give_action(c: int) -> int:
    """The action handing card ``c`` to the Kreuzung declarer."""
    return GIVE_BASE + c


def bid_action(bid: int) -> int:
    """The action bidding ``bid`` (61-120 or :data:`SCHWARZ`)."""
    return BID_BASE + bid


def revoke_action(player: int) -> int:
    """The action recording a revoke by ``player``."""
    return REVOKE_BASE + player


def declare_action(decl: Declaration) -> int:
    """The action declaring ``decl``."""
    return DECLARE_BASE + 2 * (33 * decl.kind + decl.param + 1) + int(decl.spiess)


def declaration_of(action: int) -> Declaration:
    """The declaration of a declare action."""
    code = action - DECLARE_BASE
    spiess = bool(code & 1)
    kind, param = divmod(code >> 1, 33)
    return Declaration(kind, param - 1, spiess)


def is_card(action: Action) -> bool:
    """True for card-play actions."""
    return isinstance(action, int) and CARD_BASE <= action < CARD_BASE + 32


def is_bid(action: Action) -> bool:
    """True for bid actions."""
    return isinstance(action, int) and BID_BASE + 61 <= action <= BID_BASE + SCHWARZ


def is_declare(action: Action) -> bool:
    """True for declare actions."""
    return isinstance(action, int) and DECLARE_BASE <= action < DECLARE_BASE + 2 * 33 * 11


ACTION_CODES: Final = range(0, DECLARE_BASE + 2 * 33 * 11)
"""Every action code lies here; :func:`check_action` tells the used ones."""


def _check_action_slow(action: object) -> int:
    """Return ``action`` if it is a Saukopf action code, else raise
    :class:`MalformedActionError` naming what is wrong (type, range or an unused code)."""
    code = check_action_code(action, ACTION_CODES, "Saukopf")
    if not _valid_code(code):
        raise MalformedActionError(f"{code} is not a Saukopf action code")
    return code


def _valid_code(action: Action) -> bool:
    if type(action) is not int:
        return False
    if action in (PASS, KONTRA, RE, JOIN) or is_card(action) or is_bid(action):
        return True
    if GIVE_BASE <= action < GIVE_BASE + 32 or REVOKE_BASE <= action < REVOKE_BASE + 4:
        return True
    if is_declare(action):
        decl = declaration_of(action)
        return _param_ok(decl)
    return False


def _param_ok(decl: Declaration) -> bool:
    kind = GAME_KINDS[decl.kind].param
    if kind == "call":
        return decl.param in CALLABLE_SUITS
    if kind == "suit":
        return 0 <= decl.param < 4
    if kind == "card":
        return 0 <= decl.param < 32
    return decl.param == -1


def _encode_slow(action: int) -> str:
    """The notation of an action code, worked out (see :func:`encode_action`)."""
    if not _valid_code(action):
        raise MalformedActionError(f"{action!r} is not a Saukopf action code")
    if action == PASS:
        return "pass"
    if action == KONTRA:
        return "kontra"
    if action == RE:
        return "re"
    if action == JOIN:
        return "join"
    if is_card(action):
        return "card " + CARD_TEXT[action - CARD_BASE]
    if action < REVOKE_BASE:
        return "give " + CARD_TEXT[action - GIVE_BASE]
    if action < BID_BASE:
        return f"revoke {action - REVOKE_BASE}"
    if action < DECLARE_BASE:
        bid = action - BID_BASE
        return "bid schwarz" if bid == SCHWARZ else f"bid {bid}"
    return "declare " + " ".join(declaration_of(action).words())


_BID: Final = re.compile(r"[0-9]{1,3}")
"""A bid's number as text. ASCII digits only, and few of them: ``str.isdigit`` also takes
digits such as ``²`` that ``int`` refuses, and ``int`` refuses thousands of digits, so a
crafted record would end in a ``ValueError`` instead of the notation's error."""


def _decode_slow(text: str) -> int:
    """Parse notation into an action code, worked out (see :func:`decode_action`)."""
    if not isinstance(text, str):
        raise MalformedActionError(f"an action must be text, not {text!r}")
    words = text.strip().split()
    low = [w.lower() for w in words]
    if low in (["pass"], ["kontra"], ["re"], ["join"]):
        return {"pass": PASS, "kontra": KONTRA, "re": RE, "join": JOIN}[low[0]]
    if len(low) == 2 and low[0] in ("card", "give"):
        c = parse_card(words[1])
        return (CARD_BASE if low[0] == "card" else GIVE_BASE) + c
    if len(low) == 2 and low[0] == "revoke":
        if low[1] not in ("0", "1", "2", "3"):
            raise MalformedActionError(f"revoke needs a seat 0-3, not {words[1]!r}")
        return REVOKE_BASE + int(low[1])
    if len(low) == 2 and low[0] == "bid":
        if low[1] == "schwarz":
            return BID_BASE + SCHWARZ
        if not _BID.fullmatch(low[1]) or not 61 <= int(low[1]) <= 120:
            raise MalformedActionError(
                f"a bid is a number of card points from 61 to 120 or 'schwarz', not {words[1]!r}")
        return BID_BASE + int(low[1])
    if len(low) >= 2 and low[0] == "declare":
        return declare_action(parse_declaration(" ".join(words[1:])))
    raise MalformedActionError(
        f"cannot read action {text!r}; try 'pass', 'bid 65', 'declare sauerei gras', "
        "'join', 'give GK', 'kontra', 're', 'card EO' or 'revoke 1'")


def parse_declaration(text: str) -> Declaration:
    """Read ``sauerei gras``, ``keiler herz spiess``, ``knorpel EO``, ``wutz``..."""
    words = text.split()
    low = [w.lower() for w in words]
    spiess = bool(low) and low[-1] in ("spiess", "spieß")
    if spiess:
        words, low = words[:-1], low[:-1]
    if not low or low[0] not in KIND_BY_NAME:
        raise MalformedActionError(
            f"unknown game {text!r}; games: {', '.join(KIND_BY_NAME)}")
    kind = KIND_BY_NAME[low[0]]
    param = -1
    if kind.param in ("call", "suit"):
        if len(low) != 2 or low[1] not in SUIT_BY_NAME:
            raise MalformedActionError(f"{kind.name} needs a suit ({', '.join(SUIT_NAMES)})")
        param = SUIT_BY_NAME[low[1]]
        if kind.param == "call" and param not in CALLABLE_SUITS:
            raise MalformedActionError(f"{kind.name} calls the Sau of eichel, gras or schellen")
    elif kind.param == "card":
        if len(low) != 2:
            raise MalformedActionError(f"{kind.name} needs the one trump card, like 'knorpel EO'")
        param = parse_card(words[1])
    elif len(low) != 1:
        raise MalformedActionError(f"{kind.name} takes no suit or card: {text!r}")
    return Declaration(kind.code, param, spiess)


def _all_codes() -> dict[int, str]:
    codes = [PASS, KONTRA, RE, JOIN]
    codes += [base + c for base in (CARD_BASE, GIVE_BASE) for c in range(32)]
    codes += [REVOKE_BASE + p for p in range(4)]
    codes += [BID_BASE + b for b in range(61, SCHWARZ + 1)]
    codes += [a for a in range(DECLARE_BASE, DECLARE_BASE + 2 * 33 * 11) if _valid_code(a)]
    return {code: _encode_slow(code) for code in codes}


NOTATION: Final[dict[int, str]] = _all_codes()
"""Every Saukopf action code and its notation."""
NOTATION_CODES: Final[dict[str, int]] = {text: code for code, text in NOTATION.items()}
"""Every action's notation (as :func:`encode_action` writes it) and its code."""


def check_action(action: object) -> int:
    """Return ``action`` if it is a Saukopf action code, else raise
    :class:`MalformedActionError` naming what is wrong (type, range or an unused code)."""
    if type(action) is int and action in NOTATION:
        return action
    return _check_action_slow(action)


def encode_action(action: int) -> str:
    """The notation of an action code (see the module docstring)."""
    if type(action) is int:
        text = NOTATION.get(action)
        if text is not None:
            return text
    return _encode_slow(action)


def decode_action(text: str) -> int:
    """Parse notation into an action code; raises :class:`MalformedActionError`."""
    code = NOTATION_CODES.get(text) if type(text) is str else None
    return _decode_slow(text) if code is None else code


def describe(action: Action) -> str:
    """A short English sentence for an action code."""
    assert isinstance(action, int)
    if action == PASS:
        return "Pass"
    if action == KONTRA:
        return "Huftritt (Kontra): double against the declarer"
    if action == RE:
        return "Gegenhuftritt (Re): double back"
    if action == JOIN:
        return "Offer to be the Kreuzung partner"
    if is_card(action):
        return f"Play {card_title(action - CARD_BASE)}"
    if action < REVOKE_BASE:
        return f"Hand {card_title(action - GIVE_BASE)} to the declarer, face down"
    if action < BID_BASE:
        return f"Record a revoke by player {action - REVOKE_BASE + 1}"
    if action < DECLARE_BASE:
        return f"Bid {bid_text(action - BID_BASE)}"
    return f"Declare {declaration_of(action).title()}"
