"""Drecksau card help and short rules summaries, in the project's own words.

``CARD_HELP`` maps each card kind (the names used in action notation and views, see
``saustall.games.drecksau.rulesets.CARD_KINDS``) to a title, a one-line summary and a
longer explanation. ``RULESET_HELP`` explains how a turn and a win work in each ruleset.
The texts paraphrase the rules; they never quote the rulebooks.
"""

from __future__ import annotations

from typing import TypedDict


class CardHelp(TypedDict):
    """Help for one card kind."""

    title: str
    summary: str
    details: str


CARD_HELP: dict[str, CardHelp] = {
    "mud": {
        "title": "Dirty Your Pig",
        "summary": "Turn one of your own clean pigs into a dirty one.",
        "details": (
            "Pick one of your clean pigs and flip it to its dirty side. It works on a pig in a "
            "barn too, as long as the barn has no door. A pretty pig cannot be muddied: it "
            "has to run away (Escape) first. Once all your pigs are dirty you win."
        ),
    },
    "rain": {
        "title": "Rain",
        "summary": "Every dirty pig without a barn, yours included, is washed clean.",
        "details": (
            "Rain needs no target. All dirty pigs that stand in the open, at every player's "
            "place including your own, turn clean again. Pigs in a barn stay dirty, and "
            "pretty pigs keep their look. Best played when the others have more dirty pigs "
            "in the open than you."
        ),
    },
    "barn": {
        "title": "Barn",
        "summary": "Put a barn over one of your pigs to shelter it from the rain.",
        "details": (
            "Place it on any of your pigs without a barn, clean or dirty. A barned pig "
            "stays dirty when it rains, but the farmer can still get in and scrub it unless "
            "the barn has a door. A barn is the base for a Barn Door and a Lightning Rod."
        ),
    },
    "farmer": {
        "title": "Clean That Pig",
        "summary": "Scrub one dirty pig of another player clean.",
        "details": (
            "Choose a dirty pig in front of another player and flip it back to clean, even "
            "when it stands in a barn. A barn with a door keeps the farmer out, and a pretty "
            "pig cannot be scrubbed. Aim it at whoever is closest to winning."
        ),
    },
    "door": {
        "title": "Barn Door",
        "summary": "Nail shut the barn of one of your dirty pigs: the farmer stays out.",
        "details": (
            "Only for one of your barns with a dirty pig inside and no door yet. A pig "
            "behind a door can no longer be scrubbed, and no pretty pig can be put into "
            "that barn. Lightning burns the door together with the barn unless the barn has "
            "a lightning rod."
        ),
    },
    "lightning": {
        "title": "Lightning",
        "summary": "Burn down another player's barn (and its door).",
        "details": (
            "Choose a barn in front of another player that has no lightning rod. The barn and "
            "its door, if any, go to the discard pile; the pig itself stays as it was, but "
            "now rain and the farmer can reach it."
        ),
    },
    "rod": {
        "title": "Lightning Rod",
        "summary": "Protect one of your barns against lightning.",
        "details": (
            "Place it on one of your barns that has no rod yet. Lightning can never strike "
            "that barn. A dirty pig in a barn with a door and a rod is safe for good."
        ),
    },
    "pretty": {
        "title": "Pretty Pig",
        "summary": "Dress up any pig, yours or another player's (Sauschön).",
        "details": (
            "Lay it on any pig that is not pretty yet, clean or dirty, your own or someone "
            "else's, but not into a barn that is nailed shut. A pretty pig ignores rain, mud "
            "and the farmer; only Escape takes it away. A pretty pig does not count as dirty. "
            "Whoever has only pretty pigs wins, so be careful whom you dress up."
        ),
    },
    "escape": {
        "title": "Escape",
        "summary": "Take the Pretty Pig off any pig, yours or another player's (Sauschön).",
        "details": (
            "Choose a pretty pig anywhere; its Pretty Pig card and the Escape go to the "
            "discard pile. The pig underneath is as clean or dirty as it was before. This can "
            "complete a row of dirty pigs, and then that player wins at once, even when it "
            "is not their turn."
        ),
    },
    "lucky-bird": {
        "title": "Lucky Bird",
        "summary": "Play it, then play your other cards in the same turn (Sauschön).",
        "details": (
            "After the Lucky Bird you may play the other cards in your hand one after the "
            "other, then say 'done' (cards you do not play are discarded) and draw a full "
            "hand. Any further Lucky Bird in your hand is lost without effect."
        ),
    },
}


RULESET_HELP: dict[str, str] = {
    "dirty-pig": (
        "English edition. Each turn either play one card or swap 1 to 3 cards of your hand "
        "for new ones from the deck, then fill your hand back to three. The first player "
        "whose pigs are all dirty wins."
    ),
    "drecksau": (
        "German edition. Each turn either use one card or throw one card away unused, then "
        "draw back up. If none of your cards can be used, you show your hand, discard it "
        "and draw a new one. The first player whose pigs are all dirty wins."
    ),
    "sauschoen": (
        "Sauschön: three pigs each and extra cards (Pretty Pig, Escape, Lucky Bird). A turn "
        "works as in the English edition. You win with only dirty pigs, or with only pretty "
        "pigs, in front of you."
    ),
    "sauschoen-tournament": (
        "Sauschön tournament: rounds of Sauschön. A round won with pretty pigs takes the top "
        "trophy, one won with dirty pigs the top mud bucket (worth 1, then 2, then 3 points). "
        "When one of the two stacks is empty, the most points win; leaders with equal points "
        "play one more round among themselves."
    ),
}

GENERAL_HELP = (
    "Get all of your pigs dirty before anyone else. Dirty pigs can be washed by rain or "
    "scrubbed by the farmer; barns keep the rain off, barn doors keep the farmer out, and "
    "lightning rods keep the barn standing. A dirty pig in a barn with a door and a rod is "
    "safe for the rest of the game."
)
"""A short description of the game as a whole."""
