"""Build Drecksau positions for rule tests."""

from __future__ import annotations

from saustall.core import get
from saustall.games.drecksau.game import DrecksauState
from saustall.games.drecksau.rulesets import CARD_BY_NAME


def position(ruleset: str = "dirty-pig", players: int = 2, *,
             hands: list[list[str]] | None = None, pigs: list[list[int]] | None = None,
             deck: list[str] | None = None, discard: list[str] | None = None,
             seed: int = 7, **options: object) -> DrecksauState:
    """A state with chosen hands, pigs (bit sets), deck (top last) and discard pile.

    Cards not placed anywhere go to the discard pile when only the deck is chosen, to
    the deck when only the discard pile is chosen, and to the last player's hand when
    both are chosen, so that the card count stays right.
    """
    state = get("drecksau", ruleset).new_state(players, seed, options)
    assert isinstance(state, DrecksauState)
    pool = list(state.deck) + [c for h in state.hands for c in h]
    def take(name: str) -> int:
        card = CARD_BY_NAME[name]
        pool.remove(card)
        return card
    if pigs is not None:
        state.pigs = [list(row) for row in pigs]
        for row in state.pigs:  # cards lying on pigs come out of the pool
            for f in row:
                for bit, name in ((2, "barn"), (4, "door"), (8, "rod"), (16, "pretty")):
                    if f & bit:
                        take(name)
    if hands is not None:
        state.hands = [sorted(take(n) for n in hand) for hand in hands]
    chosen_deck = [take(n) for n in deck] if deck is not None else None
    chosen_discard = [take(n) for n in discard] if discard is not None else None
    if chosen_deck is not None and chosen_discard is not None:
        state.deck, state.discard = chosen_deck, chosen_discard
        state.hands[-1] = sorted(state.hands[-1] + pool)
    elif chosen_deck is not None:
        state.deck, state.discard = chosen_deck, pool
    else:
        state.deck, state.discard = pool, chosen_discard or []
    state._legal = None
    return state


def act(state: DrecksauState, text: str) -> None:
    """Apply an action given in notation."""
    state.apply(state.game.decode_action(text))
