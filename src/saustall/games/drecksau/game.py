"""Drecksau / Dirty Pig: the game bound to one of its rulesets.

The rules engine of a round is :mod:`saustall.games.drecksau.state`, Sauschön's
tournament :mod:`saustall.games.drecksau.tournament`, worlds sampled from a view
:mod:`saustall.games.drecksau.sampling`. The Game builds each of them; none of them
imports it (the sampler for types only), so there is no import cycle.

Rules references and the decisions taken on ambiguous points are in
``docs/rules/drecksau.md``; each decision has a test named after it.
"""

from __future__ import annotations

from typing import Any

from saustall.core.errors import InvalidOptionError
from saustall.core.game import Action, Game, GameState, View
from saustall.core.rng import Rng
from saustall.games.drecksau.actions import check_action, decode_action, notation
from saustall.games.drecksau.state import (  # the state and constants: this module's API too
    DIRTY as DIRTY, HAS_DOOR as HAS_DOOR, HAS_ROD as HAS_ROD, IN_BARN as IN_BARN,
    IS_PRETTY as IS_PRETTY, PHASE_LUCKY as PHASE_LUCKY, PHASE_OVER as PHASE_OVER,
    PHASE_TURN as PHASE_TURN, DrecksauState as DrecksauState, SeatCounts as SeatCounts,
)
from saustall.games.drecksau.tournament import TournamentState


class DrecksauGame(Game):
    """Drecksau bound to one of its rulesets."""

    name = "drecksau"
    title = "Drecksau"

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any],
                   rng_stream: str) -> GameState:
        if self.ruleset.variant:
            self._check_variant(num_players, options)
        if self.ruleset.params.get("tournament"):
            return TournamentState(self, num_players, seed, options, rng_stream)
        return DrecksauState(self, num_players, seed, options, rng_stream=rng_stream)

    def _check_variant(self, num_players: int, options: dict[str, Any]) -> None:
        """Refuse a house-rule variant that cannot be laid out for ``num_players``:
        too few pig cards for the pigs, or too few cards to deal the hands."""
        params = self.ruleset.params
        pigs = params.get("pigs_each", 0) or params["pigs_per_player"].get(
            num_players, params["default_pigs"])
        if pigs * num_players > params["pig_cards"]:
            raise InvalidOptionError(
                f"{self.ruleset.variant_name}: {num_players} players with {pigs} pigs each "
                f"need {pigs * num_players} pig cards, and pig_cards is "
                f"{params['pig_cards']}")
        hand = options.get("hand_size", params.get("hand_size", 3))
        cards = sum(params["deck"].values())
        if hand * num_players > cards:
            raise InvalidOptionError(
                f"{self.ruleset.variant_name}: dealing {hand} cards to {num_players} "
                f"players needs {hand * num_players} cards, and the deck holds {cards}")

    def check_action(self, action: object) -> Action:
        return check_action(action)

    def sample_world(self, view: View, rng: Rng) -> GameState:
        """A world consistent with one seat's ``view`` (see
        :mod:`saustall.games.drecksau.sampling`)."""
        from saustall.games.drecksau.sampling import sample_world  # only search bots sample

        return sample_world(self, view, rng)

    def encode_action(self, action: Action) -> str:
        return notation(action)

    def decode_action(self, text: str) -> Action:
        return decode_action(text)

    @property
    def default_players(self) -> int:
        return 2
