"""Saukopf cards and game kinds: the Bavarian 32-card deck and each game's rank order.

Pure data and functions, no state: the engine, the scoring, the bots and the terminal
client all read card facts from here.

Cards are ints ``suit * 8 + rank``:

| suit | letter | | rank | text | points |
| --- | --- | --- | --- | --- | --- |
| Eichel | ``E`` | | Sau (ace) | ``A`` | 11 |
| Gras | ``G`` | | Zehn | ``10`` | 10 |
| Herz | ``H`` | | König | ``K`` | 4 |
| Schellen | ``S`` | | Ober | ``O`` | 3 |
| | | | Unter | ``U`` | 2 |
| | | | 9, 8, 7 | ``9`` ``8`` ``7`` | 0 |

A card's text is its suit letter and rank text: ``EO`` (der Alte), ``GA`` (die Blaue),
``H10``, ``S7``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Iterable, Sequence

from saustall.core.errors import MalformedActionError
from saustall.core.loading import shown

EICHEL: Final = 0
GRAS: Final = 1
HERZ: Final = 2
SCHELLEN: Final = 3
SUIT_LETTERS: Final = "EGHS"
SUIT_NAMES: Final = ("eichel", "gras", "herz", "schellen")
SUIT_TITLES: Final = ("Eichel", "Gras", "Herz", "Schellen")
SUIT_BY_NAME: Final = {name: i for i, name in enumerate(SUIT_NAMES)}

ACE: Final = 0
TEN: Final = 1
KING: Final = 2
OBER: Final = 3
UNTER: Final = 4
NINE: Final = 5
EIGHT: Final = 6
SEVEN: Final = 7
RANK_TEXT: Final = ("A", "10", "K", "O", "U", "9", "8", "7")
RANK_TITLES: Final = ("Sau", "Zehn", "König", "Ober", "Unter", "Neun", "Acht", "Sieben")
RANK_POINTS: Final = (11, 10, 4, 3, 2, 0, 0, 0)

DECK: Final[tuple[int, ...]] = tuple(range(32))
POINTS: Final[tuple[int, ...]] = tuple(RANK_POINTS[c & 7] for c in DECK)
TOTAL_POINTS: Final = 120
TRUMP: Final = 4
"""The effective suit of a trump card (the four real suits are 0-3)."""


def card(suit: int, rank: int) -> int:
    """The card of ``suit`` and ``rank``."""
    return suit * 8 + rank


def suit_of(c: int) -> int:
    """The printed suit of a card (0-3)."""
    return c >> 3


def rank_of(c: int) -> int:
    """The printed rank of a card (0 = Sau ... 7 = Sieben)."""
    return c & 7


CARD_TEXT: Final[tuple[str, ...]] = tuple(SUIT_LETTERS[c >> 3] + RANK_TEXT[c & 7] for c in DECK)
CARD_BY_TEXT: Final[dict[str, int]] = {text: c for c, text in enumerate(CARD_TEXT)}


def card_text(c: int) -> str:
    """The short text of a card, e.g. ``EO``."""
    return CARD_TEXT[c]


def card_title(c: int) -> str:
    """The long name of a card, e.g. ``Eichel-Ober``."""
    return f"{SUIT_TITLES[c >> 3]}-{RANK_TITLES[c & 7]}"


def parse_card(text: str) -> int:
    """Read a card's text (``EO``, ``h10``); raises :class:`MalformedActionError`."""
    found = CARD_BY_TEXT.get(text.strip().upper())
    if found is None:
        raise MalformedActionError(
            f"unknown card {shown(text)}: a card is a suit letter (E, G, H, S) and a rank "
            "(A, 10, K, O, U, 9, 8, 7), like EO or H10")
    return found


def parse_cards(text: str) -> list[int]:
    """Read cards separated by spaces or commas."""
    return [parse_card(word) for word in text.replace(",", " ").split()]


# --------------------------------------------------------------------------------------
# Card sets as bit masks: card ``c`` is bit ``c``, a suit is one byte
# --------------------------------------------------------------------------------------

def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of ``cards``."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def byte_tables(offset: int = 0) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``tables[s][byte]``: ``offset + c`` for the cards of suit ``s`` set in ``byte``,
    ascending (see :func:`cards_of`)."""
    return tuple(tuple(tuple(offset + s * 8 + r for r in range(8) if byte >> r & 1)
                       for byte in range(256)) for s in range(4))


_CARDS_BY_BYTE: Final = byte_tables()
_POINTS_BY_BYTE: Final = tuple(sum(RANK_POINTS[r] for r in range(8) if byte >> r & 1)
                               for byte in range(256))


def cards_of(mask: int) -> tuple[int, ...]:
    """The cards of ``mask``, ascending: four table look-ups, one per suit."""
    e, g, h, s = _CARDS_BY_BYTE
    return e[mask & 255] + g[mask >> 8 & 255] + h[mask >> 16 & 255] + s[mask >> 24]


def mask_points(mask: int) -> int:
    """The card points of the cards of ``mask``."""
    p = _POINTS_BY_BYTE
    return p[mask & 255] + p[mask >> 8 & 255] + p[mask >> 16 & 255] + p[mask >> 24]


# --------------------------------------------------------------------------------------
# Game kinds
# --------------------------------------------------------------------------------------

SAUEREI: Final = 0
KREUZUNG: Final = 1
KEILER: Final = 2
WUTZ: Final = 3
HAUER: Final = 4
FERKELPARADE: Final = 5
KNORPEL: Final = 6
UNREINE_SAUEREI: Final = 7
UNREINE_KREUZUNG: Final = 8
MAST: Final = 9
VEGANE_MAST: Final = 10

SCHWARZ: Final = 121
"""The bid ``Schwarz``: above every point number."""


@dataclass(frozen=True)
class GameKind:
    """One of the eleven Saukopf games and what the reference card says about it."""

    code: int
    name: str
    """Notation word, e.g. ``unreine-sauerei``."""
    title: str
    napf: bool
    """True for the unclean (Napf) games, played to lose."""
    doppel: bool
    """True for 2-against-2 games."""
    min_bid: int
    """The least bid that allows declaring it (61, 91 or Schwarz)."""
    param: str
    """What the declarer names: ``"call"`` (suit of the called ace), ``"suit"`` (trump
    suit), ``"card"`` (the single trump) or ``""``."""


GAME_KINDS: Final[tuple[GameKind, ...]] = (
    GameKind(SAUEREI, "sauerei", "Sauerei", False, True, 61, "call"),
    GameKind(KREUZUNG, "kreuzung", "Kreuzung", False, True, 61, ""),
    GameKind(KEILER, "keiler", "Keiler", False, False, 61, "suit"),
    GameKind(WUTZ, "wutz", "Wutz", False, False, 61, ""),
    GameKind(HAUER, "hauer", "Hauer", False, False, 61, "suit"),
    GameKind(FERKELPARADE, "ferkelparade", "Ferkelparade", False, False, 61, ""),
    GameKind(KNORPEL, "knorpel", "Knorpel", False, False, 91, "card"),
    GameKind(UNREINE_SAUEREI, "unreine-sauerei", "Unreine Sauerei", True, True, 61, "call"),
    GameKind(UNREINE_KREUZUNG, "unreine-kreuzung", "Unreine Kreuzung", True, True, 61, ""),
    GameKind(MAST, "mast", "Mast", True, False, 91, ""),
    GameKind(VEGANE_MAST, "vegane-mast", "Vegane Mast", True, False, SCHWARZ, ""),
)
KIND_BY_NAME: Final = {kind.name: kind for kind in GAME_KINDS}
SAUEREI_KINDS: Final = frozenset({SAUEREI, UNREINE_SAUEREI})
KREUZUNG_KINDS: Final = frozenset({KREUZUNG, UNREINE_KREUZUNG})
CALLABLE_SUITS: Final = (EICHEL, GRAS, SCHELLEN)


def bid_text(bid: int) -> str:
    """``65`` or ``Schwarz``."""
    return "Schwarz" if bid == SCHWARZ else str(bid)


@dataclass(frozen=True)
class Declaration:
    """A declared game: kind, what the declarer named, and whether it is am Spieß."""

    kind: int
    param: int = -1
    """Called suit (Sauerei), trump suit (Keiler, Hauer), the trump card (Knorpel)."""
    spiess: bool = False

    @property
    def info(self) -> GameKind:
        """The game kind's facts."""
        return GAME_KINDS[self.kind]

    @property
    def solo(self) -> bool:
        """True for one-against-all games."""
        return not GAME_KINDS[self.kind].doppel

    @property
    def called_ace(self) -> int:
        """The called ace (Rüssel) of a Sauerei, else -1."""
        return card(self.param, ACE) if self.kind in SAUEREI_KINDS else -1

    def words(self) -> list[str]:
        """The notation words after ``declare``."""
        words = [self.info.name]
        if self.info.param in ("call", "suit"):
            words.append(SUIT_NAMES[self.param])
        elif self.info.param == "card":
            words.append(CARD_TEXT[self.param])
        if self.spiess:
            words.append("spiess")
        return words

    def title(self) -> str:
        """A human name such as ``Sauerei with the Gras-Sau am Spieß``."""
        info = self.info
        text = info.title
        if info.param == "call":
            text += f" auf die {SUIT_TITLES[self.param]}-Sau"
        elif info.param == "suit":
            text += f" ({SUIT_TITLES[self.param]})"
        elif info.param == "card":
            text += f" ({card_title(self.param)})"
        if self.spiess:
            text += " am Spieß"
        return text


# --------------------------------------------------------------------------------------
# Rank orders
# --------------------------------------------------------------------------------------

_OBERS: Final = [card(s, OBER) for s in range(4)]
_UNTERS: Final = [card(s, UNTER) for s in range(4)]
_SUIT_ORDER: Final = (ACE, TEN, KING, OBER, UNTER, NINE, EIGHT, SEVEN)


def base_trumps(kind: int, param: int = -1) -> tuple[int, ...]:
    """The trumps of a game, highest first, before any Spieß reversal."""
    if kind in (SAUEREI, KREUZUNG, UNREINE_SAUEREI, UNREINE_KREUZUNG, MAST, KEILER):
        suit = param if kind == KEILER else HERZ
        return tuple(_OBERS + _UNTERS + [card(suit, r) for r in _SUIT_ORDER
                                         if r not in (OBER, UNTER)])
    if kind == WUTZ:
        return tuple(_UNTERS)
    if kind == HAUER:
        return tuple(_UNTERS + [card(param, r) for r in _SUIT_ORDER if r != UNTER])
    if kind == FERKELPARADE:
        return tuple(card(s, r) for r in (NINE, EIGHT, SEVEN) for s in range(4))
    if kind == KNORPEL:
        return (param,)
    return ()


@dataclass(frozen=True)
class Order:
    """How the cards rank in one declared game.

    ``trumps`` holds the trumps highest first (Spieß applied); ``eff_suit[c]`` is
    :data:`TRUMP` or the card's suit; ``power[c]`` orders cards of one effective suit
    (trumps above 100).
    """

    trumps: tuple[int, ...]
    eff_suit: tuple[int, ...]
    power: tuple[int, ...]
    suit_masks: tuple[int, ...] = ()
    """``suit_masks[s]``: the bit mask of the cards of effective suit ``s`` (0-3, TRUMP)."""
    ranked: tuple[tuple[int, ...], ...] = ()
    """``ranked[s]``: the cards of effective suit ``s`` (0-3, TRUMP), strongest first."""
    keep: tuple[float, ...] = ()
    """``keep[c]``: what card ``c`` is worth keeping when a card must go to a trick the
    other party takes. In the usual order its points: they rise with the rank, so the
    cheapest card is also the weakest. Am Spieß the points fall as the rank rises, and
    the cheapest cards (the sevens, eights and nines) are the ones that take tricks; so
    there each rank step above the weakest card of its effective suit (scaled to a plain
    suit's eight) adds :data:`KEEP_RANK_WEIGHT`."""

    def is_trump(self, c: int) -> bool:
        """True if ``c`` is a trump in this game."""
        return self.eff_suit[c] == TRUMP

    def tops_suit(self, c: int) -> bool:
        """True if ``c`` is the strongest card of its whole effective suit (the Sau of a
        plain suit; am Spieß its Sieben)."""
        return self.ranked[self.eff_suit[c]][0] == c

    def sort_key(self, c: int) -> tuple[int, int]:
        """Sort key for showing a hand: trumps first, then by suit, strongest first."""
        eff = self.eff_suit[c]
        return ((0 if eff == TRUMP else 1 + eff), -self.power[c])

    def trick_winner(self, cards: Sequence[int]) -> int:
        """The index of the winning card among ``cards`` (the first was led)."""
        led = self.eff_suit[cards[0]]
        best, best_power = 0, self.power[cards[0]]
        for i in range(1, len(cards)):
            c = cards[i]
            eff = self.eff_suit[c]
            if eff == led or eff == TRUMP:
                if self.power[c] > best_power:
                    best, best_power = i, self.power[c]
        return best


KEEP_RANK_WEIGHT: Final = 3.3
"""Card points a rank step is worth am Spieß in :attr:`Order.keep` (a point counts 0.3
of a step): playouts that threw the fewest points gave the declarers of 175 real games
am Spieß 90% wins where the bots' own play gave 70%; weighing the rank too, 70%."""


@lru_cache(maxsize=None)
def order_for(kind: int, param: int = -1, spiess: bool = False) -> Order:
    """The (cached) :class:`Order` of a declared game."""
    trumps = list(base_trumps(kind, param))
    if spiess:
        trumps.reverse()
    eff = [c >> 3 for c in DECK]
    power = [0] * 32
    for i, c in enumerate(trumps):
        eff[c] = TRUMP
        power[c] = 100 + len(trumps) - i
    trump_set = set(trumps)
    for suit in range(4):
        plain = [card(suit, r) for r in _SUIT_ORDER if card(suit, r) not in trump_set]
        if spiess:
            plain.reverse()
        for i, c in enumerate(plain):
            power[c] = len(plain) - i
    masks = [0] * 5
    for c in DECK:
        masks[eff[c]] |= 1 << c
    ranked = tuple(tuple(sorted((c for c in DECK if eff[c] == s), key=lambda c: -power[c]))
                   for s in range(5))
    keep = [0.0] * 32
    for cards in ranked:
        for i, c in enumerate(cards):
            steps = (len(cards) - 1 - i) * 7 / max(1, len(cards) - 1)
            keep[c] = POINTS[c] + (KEEP_RANK_WEIGHT * steps if spiess else 0.0)
    return Order(tuple(trumps), tuple(eff), tuple(power), tuple(masks), ranked, tuple(keep))


DEFAULT_ORDER: Final = order_for(SAUEREI, EICHEL)
"""The usual order (Ober, Unter, Herz trumps) used to show hands before a game is set."""


def laufende(order: Order, party_cards: set[int] | frozenset[int],
             aside: set[int] | frozenset[int] = frozenset()) -> int:
    """The Laufende of a party: ``+n`` for "mit n", ``-n`` for "ohne n", 0 without trumps.

    Counts the unbroken run from the top trump of the game (Spieß applied), skipping the
    cards laid aside in the Dreihaxer, over the cards the party held.
    """
    return laufende_of_masks(order, mask_of(party_cards), mask_of(aside))


def laufende_of_masks(order: Order, party: int, aside: int = 0) -> int:
    """:func:`laufende` with the party's cards and the cards aside as bit masks."""
    run, holds = 0, None
    for c in order.trumps:
        if aside >> c & 1:
            continue
        mine = bool(party >> c & 1)
        if holds is None:
            holds = mine
        elif mine != holds:
            break
        run += 1
    if holds is None:
        return 0
    return run if holds else -run
