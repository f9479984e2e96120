"""Drecksau rulesets as data: one entry per edition in the rulebooks.

| ruleset | rulebook | players | pigs per player | turn |
| --- | --- | --- | --- | --- |
| ``dirty-pig`` | English edition | 2-6 | 5/4/3 (2/3/4-6 players) | play one card, or exchange 1-3 |
| ``drecksau`` | German edition (French text) | 2-4 | 5/4/3 (2/3/4 players) | use one card, or discard one; nothing usable: show and redraw |
| ``sauschoen`` | Sauschön on the English base | 2-6 | 3 | as ``dirty-pig``, plus Pretty Pig, Escape, Lucky Bird |
| ``sauschoen-tournament`` | Sauschön tournament | 2-6 | 3 | rounds of ``sauschoen`` for trophies and mud buckets |
"""

from __future__ import annotations

from typing import Final

from saustall.core.game import OptionSpec, Ruleset

# Card kinds in the action deck. Pig cards are laid out, never drawn.
MUD: Final = 0
RAIN: Final = 1
BARN: Final = 2
FARMER: Final = 3
DOOR: Final = 4
LIGHTNING: Final = 5
ROD: Final = 6
PRETTY: Final = 7
ESCAPE: Final = 8
LUCKY: Final = 9
CARD_KINDS: Final = ("mud", "rain", "barn", "farmer", "door", "lightning", "rod", "pretty",
                     "escape", "lucky-bird")
CARD_BY_NAME: Final = {name: kind for kind, name in enumerate(CARD_KINDS)}

ENGLISH_DECK: Final = {"mud": 21, "rain": 4, "barn": 12, "farmer": 8, "door": 4,
                       "lightning": 4, "rod": 4}
GERMAN_DECK: Final = {"mud": 21, "rain": 4, "barn": 9, "farmer": 8, "door": 4,
                      "lightning": 4, "rod": 4}
SAUSCHOEN_CARDS: Final = {"pretty": 16, "escape": 12, "lucky-bird": 4}

TURN_CAP: Final = OptionSpec(
    "turn_cap", 1000,
    "turns after which an undecided game stops as a draw (random play can stall; 1-100000)",
    minimum=1, maximum=100_000)

DIRTY_PIG: Final = Ruleset(
    game="drecksau", name="dirty-pig", title="Dirty Pig (English edition)",
    summary="Get all your pigs dirty first; play one card or exchange 1-3 cards a turn.",
    min_players=2, max_players=6,
    params={"deck": ENGLISH_DECK, "pig_cards": 18, "pigs_per_player": {2: 5, 3: 4},
                   "default_pigs": 3, "turn_style": "exchange", "pretty_wins": False},
    options=(TURN_CAP,),
)

DRECKSAU: Final = Ruleset(
    game="drecksau", name="drecksau", title="Drecksau (German edition)",
    summary="The 66-card German box: use or discard one card a turn; stuck hands are shown and redrawn.",
    min_players=2, max_players=4,
    params={"deck": GERMAN_DECK, "pig_cards": 12, "pigs_per_player": {2: 5, 3: 4},
                   "default_pigs": 3, "turn_style": "discard-one", "pretty_wins": False},
    options=(OptionSpec("hand_size", 3, "cards in hand: 3, or 4 for a faster game", (3, 4)),
                    TURN_CAP),
)

SAUSCHOEN: Final = Ruleset(
    game="drecksau", name="sauschoen", title="Drecksau with Sauschön",
    summary="Three pigs each; win with all pigs dirty or all pigs pretty (Pretty Pig, Escape, Lucky Bird).",
    min_players=2, max_players=6,
    params={"deck": {**ENGLISH_DECK, **SAUSCHOEN_CARDS}, "pig_cards": 18,
                   "pigs_per_player": {}, "default_pigs": 3, "turn_style": "exchange",
                   "pretty_wins": True},
    options=(TURN_CAP,),
)

SAUSCHOEN_TOURNAMENT: Final = Ruleset(
    game="drecksau", name="sauschoen-tournament", title="Sauschön tournament",
    summary="Rounds of Sauschön: pretty wins take trophies, dirty wins mud buckets; most points wins.",
    min_players=2, max_players=6,
    params={**SAUSCHOEN.params, "tournament": True, "stack": (1, 2, 3), "round_cap": 30},
    options=(TURN_CAP,),
)

ALL_RULESETS: Final = (DIRTY_PIG, DRECKSAU, SAUSCHOEN, SAUSCHOEN_TOURNAMENT)
