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

from saustall.core.errors import CodecLimitError, MalformedActionError
from saustall.core.game import Action, check_action_code
from saustall.games.saukopf.cards import (
    CALLABLE_SUITS, CARD_TEXT, DECK, GAME_KINDS, KIND_BY_NAME, SCHWARZ, SUIT_BY_NAME, SUIT_NAMES,
    Declaration, bid_text, card_title, parse_card,
)

# --------------------------------------------------------------------------------------
# The codec: the layout of every action code, in one place (bots, the clients, the RL
# environment and the sampler build and read codes through these names only)
# --------------------------------------------------------------------------------------
PASS: Final = 0
KONTRA: Final = 1
RE: Final = 2
JOIN: Final = 3
CARD_BASE: Final = 100
GIVE_BASE: Final = 200
REVOKE_BASE: Final = 300
BID_BASE: Final = 1000
DECLARE_BASE: Final = 2000
CARD_CODES: Final = len(DECK)
"""Cards a card or give code names (the whole deck: 32)."""
REVOKE_SEATS: Final = 4
"""Seats a revoke code names (the most players a Saukopf table seats)."""
DECLARE_PARAMS: Final = 33
"""Values a declaration's parameter takes in its code: none (-1), then a suit or a card."""
DECLARE_KINDS: Final = 11
"""Game kinds the declare codes name."""
DECLARE_END: Final = DECLARE_BASE + 2 * DECLARE_PARAMS * DECLARE_KINDS
"""One past the last declare code (and every action code)."""
LOWEST_BID: Final = 61
"""The lowest bid, in card points."""


def check_codec_limits(cards: int, seats: int, kinds: int, bids_to: int) -> None:
    """Raise :class:`CodecLimitError` when the game has outgrown its action codes: a
    range of codes (cards, gives, revokes, bids up to ``bids_to``) reaching into the
    next, or more game kinds or declaration parameters than a declare code holds. Run on
    import with the game's own figures."""
    ranges = [("card", CARD_BASE, CARD_BASE + cards, GIVE_BASE),
              ("give", GIVE_BASE, GIVE_BASE + cards, REVOKE_BASE),
              ("revoke", REVOKE_BASE, REVOKE_BASE + seats, BID_BASE),
              ("bid", BID_BASE, BID_BASE + bids_to + 1, DECLARE_BASE)]
    for name, _, end, limit in ranges:
        if end > limit:
            raise CodecLimitError(f"Saukopf's {name} codes would reach {end - 1}, past the "
                                  f"{limit - 1} their range ends at")
    if kinds > DECLARE_KINDS:
        raise CodecLimitError(f"Saukopf's declare codes name at most {DECLARE_KINDS} game "
                              f"kinds; {kinds} are defined")
    if cards + 1 > DECLARE_PARAMS:
        raise CodecLimitError(f"Saukopf's declare codes name at most {DECLARE_PARAMS - 1} "
                              f"cards as a parameter; the deck has {cards}")


check_codec_limits(CARD_CODES, REVOKE_SEATS, len(GAME_KINDS), SCHWARZ)


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
    return DECLARE_BASE + 2 * (DECLARE_PARAMS * decl.kind + decl.param + 1) + int(decl.spiess)


def card_of(action: int) -> int:
    """The card a card action plays."""
    return action - CARD_BASE


def given_card(action: int) -> int:
    """The card a give action hands over."""
    return action - GIVE_BASE


def bid_of(action: int) -> int:
    """The points (or :data:`SCHWARZ`) a bid action bids."""
    return action - BID_BASE


def revoked_seat(action: int) -> int:
    """The seat a revoke action records a revoke by."""
    return action - REVOKE_BASE


def declaration_of(action: int) -> Declaration:
    """The declaration of a declare action."""
    code = action - DECLARE_BASE
    spiess = bool(code & 1)
    kind, param = divmod(code >> 1, DECLARE_PARAMS)
    return Declaration(kind, param - 1, spiess)


def is_card_code(code: int) -> bool:
    """True for the code of a card play (an int already: the engine's hot paths)."""
    return CARD_BASE <= code < CARD_BASE + CARD_CODES


def is_revoke_code(code: int) -> bool:
    """True for the code of a revoke (an int already: the engine's hot paths)."""
    return REVOKE_BASE <= code < REVOKE_BASE + REVOKE_SEATS


def is_card(action: Action) -> bool:
    """True for card-play actions."""
    return isinstance(action, int) and is_card_code(action)


def is_give(action: Action) -> bool:
    """True for actions handing a card to the Kreuzung declarer."""
    return isinstance(action, int) and GIVE_BASE <= action < GIVE_BASE + CARD_CODES


def is_revoke(action: Action) -> bool:
    """True for actions recording a revoke (table mode)."""
    return isinstance(action, int) and is_revoke_code(action)


def is_bid(action: Action) -> bool:
    """True for bid actions."""
    return isinstance(action, int) and BID_BASE + LOWEST_BID <= action <= BID_BASE + SCHWARZ


def is_declare(action: Action) -> bool:
    """True for declare actions."""
    return isinstance(action, int) and DECLARE_BASE <= action < DECLARE_END


ACTION_CODES: Final = range(0, DECLARE_END)
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
    if is_give(action) or is_revoke(action):
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
        return 0 <= decl.param < CARD_CODES
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
        return "card " + CARD_TEXT[card_of(action)]
    if is_give(action):
        return "give " + CARD_TEXT[given_card(action)]
    if is_revoke(action):
        return f"revoke {revoked_seat(action)}"
    if is_bid(action):
        bid = bid_of(action)
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
        return card_action(c) if low[0] == "card" else give_action(c)
    if len(low) == 2 and low[0] == "revoke":
        if low[1] not in ("0", "1", "2", "3"):
            raise MalformedActionError(f"revoke needs a seat 0-3, not {words[1]!r}")
        return revoke_action(int(low[1]))
    if len(low) == 2 and low[0] == "bid":
        if low[1] == "schwarz":
            return bid_action(SCHWARZ)
        if not _BID.fullmatch(low[1]) or not LOWEST_BID <= int(low[1]) < SCHWARZ:
            raise MalformedActionError(
                f"a bid is a number of card points from 61 to 120 or 'schwarz', not {words[1]!r}")
        return bid_action(int(low[1]))
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
    codes += [make(c) for make in (card_action, give_action) for c in range(CARD_CODES)]
    codes += [revoke_action(p) for p in range(REVOKE_SEATS)]
    codes += [bid_action(b) for b in range(LOWEST_BID, SCHWARZ + 1)]
    codes += [a for a in range(DECLARE_BASE, DECLARE_END) if _valid_code(a)]
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
        return f"Play {card_title(card_of(action))}"
    if is_give(action):
        return f"Hand {card_title(given_card(action))} to the declarer, face down"
    if is_revoke(action):
        return f"Record a revoke by player {revoked_seat(action) + 1}"
    if is_bid(action):
        return f"Bid {bid_text(bid_of(action))}"
    return f"Declare {declaration_of(action).title()}"
