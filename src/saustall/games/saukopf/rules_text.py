"""Saukopf help for the terminal, in the project's own words (see docs/rules/saukopf.md).

``GAME_HELP`` says in one line what each game is; :func:`trump_order` lists a game's
trumps from the engine's own rank orders, so the help cannot drift from the rules.
``HELP_TOPICS`` maps each topic a player can ask for (``? games``) to its text.
"""

from __future__ import annotations

import re
import textwrap

from saustall.games.saukopf.cards import (
    CARD_TEXT, GAME_KINDS, HERZ, SUIT_TITLES, base_trumps, bid_text,
)

# One line per item: :func:`fit` wraps each to the terminal's width.
OVERVIEW = "\n".join((
    "Saukopf is Schafkopf with pigs, a session of deals for four (the Dreihaxer: three).",
    "1. Bidding (Grunzen): bid the card points your side will take, 61 to 120, or Schwarz "
    "(every trick); or pass (Quieken). Each bid must beat the last; two bids each at most.",
    "2. The top bidder declares a game the bid allows (? games), maybe am Spieß. Clean games "
    "(Trog) are won by taking at least the bid. If everybody passes, the bidding starts "
    "again for the unclean games (Napf): these are won when the opponents take at least the "
    "bid. If all pass again, the cards are thrown in.",
    "3. Tricks: follow the suit led if you can; the trumps (? trumps) form a suit of their "
    "own. The highest trump wins the trick, else the highest card of the suit led.",
    "4. Scoring (? scoring): the winners get meat points, reckless losers roughness points. "
    "The most meat points over the session make the Schlachtmeister.",
))

INPUT_HELP = "\n".join((
    "Bidding: a number 61-120, s for Schwarz, p to pass.",
    "Declaring: pick the game, then the suit or card it needs, then whether it is am Spieß; "
    "you confirm before it counts (a declared game cannot be taken back).",
    "Otherwise: the number of a move, or its notation: a card like EO or H10, 'kontra', 're'.",
    "? shows help (? games, ? trumps, ? scoring), q stops the session.",
))

GAME_HELP: dict[str, str] = {
    "sauerei": "two against two: call the Sau of a suit you hold but lack the Sau of; its "
               "holder is your secret partner",
    "kreuzung": "two against two with a hand of no trump or exactly one: the others are "
                "asked who joins you",
    "keiler": "solo: Ober, Unter and a suit of your choice are trumps",
    "wutz": "solo: only the four Unter are trumps",
    "hauer": "solo: the Unter and a suit of your choice are trumps (its Ober ranks in the "
             "suit)",
    "ferkelparade": "solo: the twelve trumps are the 9s, then the 8s, then the 7s, "
                    "each Eichel, Gras, Herz, Schellen",
    "knorpel": "solo: you name one card, the only trump",
    "unreine-sauerei": "two against two as in a Sauerei, played to lose: won when the "
                       "opponents reach the bid",
    "unreine-kreuzung": "two against two as in a Kreuzung, played to lose: won when the "
                        "opponents reach the bid",
    "mast": "solo with the trumps of a Herz Keiler, played to lose",
    "vegane-mast": "solo without trumps, played to lose; only after a Schwarz bid",
}

SCORING = "\n".join((
    "Every winner gets the same meat points:",
    "  Schlachtung 2 for the win",
    "  Extrawurst +1 when a solo is won (either side; not in the Dreihaxer)",
    "  Schwarte +n for winning 'ohne n' (Trog) or 'mit n' (Napf)",
    "  Glücksschwein / Armes Schwein -1 for winning 'mit 4 or more' (Trog) or "
    "'ohne 4 or more' (Napf)",
    "  Stallgeruch +1: winners over 90 card points (Trog), 30 or fewer (Napf), counted on",
    "    the winners' own points, not the losers' as the card's table has it",
    "  Porco Negro +1: winners took every trick (Trog), no trick (Napf)",
    "  Bolzenschuss +1 for beating a game am Spieß",
    "  each Huftritt (Kontra) and Gegenhuftritt (Re) doubles the meat points",
    "Laufende: the unbroken run of top trumps one party holds, counted from the highest; "
    "'mit n' if the winners hold it, 'ohne n' if the others do.",
    "Roughness points: Übergrunzer 1 (a declarer who bid above 61 and lost), Spießer 1 (a "
    "declarer who lost am Spieß), Huftreter 2 (a kicker whose kick failed), Gegenhuftreter 3 "
    "(a kick back that failed).",
    "Trophies: Schlachtmeister, most meat points; Oberrauborstler, most roughness points.",
))


def trump_order(kind: int, param: int = -1) -> str:
    """A game's trumps, highest first, as card texts (``EO GO ... H7``); "none" without."""
    trumps = base_trumps(kind, param)
    return " ".join(CARD_TEXT[c] for c in trumps) if trumps else "none"


def games_text() -> str:
    """Every game: Trog or Napf, the least bid, what it is."""
    lines = []
    for kind in GAME_KINDS:
        stage = "Napf" if kind.napf else "Trog"
        bid = "exactly 61" if kind.doppel else f"{bid_text(kind.min_bid)}+"
        lines.append(f"{kind.title} ({stage}, bid {bid}): {GAME_HELP[kind.name]}")
    lines.append("Am Spieß: the declarer reverses every order (trumps and suits); "
                 "losing it costs a roughness point.")
    return "\n".join(lines)


def trumps_text() -> str:
    """Every game's trumps, highest first (a chosen suit shown as Herz)."""
    lines = ["Trumps, highest first (where you choose a suit, Herz is shown):"]
    for kind in GAME_KINDS:
        if kind.param == "card":
            order = "the one card you name"
        else:
            order = trump_order(kind.code, HERZ if kind.param == "suit" else -1)
        lines.append(f"  {kind.title:<17} {order}")
    lines.append("Plain suits rank A 10 K O U 9 8 7 without their trumps; am Spieß every "
                 "order is reversed.")
    lines.append("Suits: " + ", ".join(f"{t[0]} {t}" for t in SUIT_TITLES)
                 + "; ranks: A Sau, 10, K König, O Ober, U Unter, 9, 8, 7.")
    return "\n".join(lines)


HELP_TOPICS: dict[str, str] = {
    "games": games_text(),
    "trumps": trumps_text(),
    "scoring": SCORING,
}
"""Topic -> help text (``? games``, ``? trumps``, ``? scoring``)."""


# Where a wrapped line's continuation starts: under the words of a numbered item ("1. "),
# under the column a two-space gap opens (the trump table's cards), else a little in.
_NUMBERED = re.compile(r"^\s*\d+\.\s+")
_COLUMN = re.compile(r"^\s*\S.*?\s{2,}(?=\S)")


def fit(text: str, width: int) -> str:
    """``text`` (one line per item) wrapped to ``width`` columns, each item's wrapped lines
    continuing under its own words, so that the help reads in an 80-column terminal."""
    lines = []
    for line in text.splitlines():
        head = _NUMBERED.match(line) or _COLUMN.match(line)
        hang = len(head.group(0)) if head else len(line) - len(line.lstrip()) + 2
        if hang > width // 2:
            hang = len(line) - len(line.lstrip()) + 2
        lines.extend(textwrap.wrap(line, width, subsequent_indent=" " * hang,
                                   break_long_words=False, break_on_hyphens=False) or [""])
    return "\n".join(lines)
