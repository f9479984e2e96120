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

from saustall.core.game import OptionSpec, ParamSpec, Ruleset

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

MAX_PIGS: Final = 5
"""The most pigs a player may have (the action notation numbers them 0-4)."""
MAX_HAND: Final = 4
"""The largest hand (the exchange actions hold up to four cards)."""


def _levers(deck: dict[str, int], pig_cards: int, hand_size: int, turn_cap: int,
            hand_option: bool = False, round_cap: int = 0) -> tuple[ParamSpec, ...]:
    """The balance levers of a Drecksau ruleset (docs/design.md): pigs per player, the
    box's pig cards, every card kind's count in the deck, hand size, turn cap."""
    levers = [
        ParamSpec("pigs_per_player", 0, "pigs each player lays out, whatever the table's "
                  "size (0: the edition's own numbers); the box must hold enough pig "
                  "cards", 0, MAX_PIGS, ("param", "pigs_each")),
        ParamSpec("pig_cards", pig_cards, "pig cards in the box", 1, 60),
        ParamSpec("hand_size", hand_size, "cards in hand", 1, MAX_HAND,
                  ("option", "hand_size") if hand_option else ("param", "hand_size")),
        ParamSpec("turn_cap", turn_cap, "turns after which an undecided round stops as a "
                  "draw", 1, 100_000, ("option", "turn_cap")),
    ]
    levers += [ParamSpec(f"deck.{name}", count, f"{name} cards in the deck", 0, 100,
                         ("param", "deck", name)) for name, count in deck.items()]
    if round_cap:
        levers.append(ParamSpec("round_cap", round_cap, "rounds after which a tournament "
                                "stops, the leaders sharing the win", 1, 1000))
    return tuple(levers)


DIRTY_PIG: Final = Ruleset(
    game="drecksau", name="dirty-pig", title="Dirty Pig (English edition)",
    summary="Get all your pigs dirty first; play one card or exchange 1-3 cards a turn.",
    min_players=2, max_players=6,
    params={"deck": ENGLISH_DECK, "pig_cards": 18, "pigs_per_player": {2: 5, 3: 4},
                   "default_pigs": 3, "turn_style": "exchange", "pretty_wins": False},
    options=(TURN_CAP,),
    levers=_levers(ENGLISH_DECK, 18, 3, 1000),
)

DRECKSAU: Final = Ruleset(
    game="drecksau", name="drecksau", title="Drecksau (German edition)",
    summary="The 66-card German box: use or discard one card a turn; stuck hands are shown and redrawn.",
    min_players=2, max_players=4,
    params={"deck": GERMAN_DECK, "pig_cards": 12, "pigs_per_player": {2: 5, 3: 4},
                   "default_pigs": 3, "turn_style": "discard-one", "pretty_wins": False},
    options=(OptionSpec("hand_size", 3, "cards in hand: 3, or 4 for a faster game", (3, 4)),
                    TURN_CAP),
    levers=_levers(GERMAN_DECK, 12, 3, 1000, hand_option=True),
)

SAUSCHOEN: Final = Ruleset(
    game="drecksau", name="sauschoen", title="Drecksau with Sauschön",
    summary="Three pigs each; win with all pigs dirty or all pigs pretty (Pretty Pig, Escape, Lucky Bird).",
    min_players=2, max_players=6,
    params={"deck": {**ENGLISH_DECK, **SAUSCHOEN_CARDS}, "pig_cards": 18,
                   "pigs_per_player": {}, "default_pigs": 3, "turn_style": "exchange",
                   "pretty_wins": True},
    options=(TURN_CAP,),
    levers=_levers({**ENGLISH_DECK, **SAUSCHOEN_CARDS}, 18, 3, 1000),
)

SAUSCHOEN_TOURNAMENT: Final = Ruleset(
    game="drecksau", name="sauschoen-tournament", title="Sauschön tournament",
    summary="Rounds of Sauschön: pretty wins take trophies, dirty wins mud buckets; most points wins.",
    min_players=2, max_players=6,
    params={**SAUSCHOEN.params, "tournament": True, "stack": (1, 2, 3), "round_cap": 30},
    options=(TURN_CAP,),
    levers=_levers({**ENGLISH_DECK, **SAUSCHOEN_CARDS}, 18, 3, 1000, round_cap=30),
)

ALL_RULESETS: Final = (DIRTY_PIG, DRECKSAU, SAUSCHOEN, SAUSCHOEN_TOURNAMENT)
