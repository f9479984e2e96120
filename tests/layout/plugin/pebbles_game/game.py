"""Pebbles' rules: a pile, takes of 1 to 3, the last take wins."""

from __future__ import annotations

from collections import Counter
from typing import Any

from saustall.core.errors import IllegalActionError, MalformedActionError
from saustall.core.game import Action, Game, GameState, OptionSpec, Ruleset, View, check_action_code
from saustall.core.rng import Rng

TAKES = range(1, 4)

PEBBLES = Ruleset(game="pebbles", name="pebbles", title="Pebbles",
                  summary="Take 1 to 3 pebbles; whoever takes the last one wins.",
                  min_players=2, max_players=4,
                  options=(OptionSpec(name="pile", default=15, help="pebbles at the start",
                                      minimum=1, maximum=99),))


class PebblesState(GameState):
    """A pile and whose turn it is."""

    def __init__(self, game: Game, num_players: int, seed: int, options: dict[str, Any],
                 rng_stream: str) -> None:
        self.game = game
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.rng_stream = rng_stream
        self.history: list[Action] = []
        self.pile = int(options["pile"])
        self.turn = 0
        self.winner: int | None = None

    def to_act(self) -> tuple[int, ...]:
        return () if self.winner is not None else (self.turn,)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        if self.winner is not None or (player is not None and player != self.turn):
            return []
        return [take for take in TAKES if take <= self.pile]

    def _apply_checked(self, action: Action) -> None:
        assert isinstance(action, int)
        self.pile -= action
        self.history.append(action)
        if self.pile == 0:
            self.winner = self.turn
        else:
            self.turn = (self.turn + 1) % self.num_players

    def explain_illegal(self, action: Action, player: int) -> Exception:
        return IllegalActionError(f"only {self.pile} pebbles are left", rule="pile")

    def is_terminal(self) -> bool:
        return self.winner is not None

    def winners(self) -> tuple[int, ...]:
        return () if self.winner is None else (self.winner,)

    def view(self, player: int | None) -> View:
        return {"game": "pebbles", "pile": self.pile, "to_act": self.turn,
                "players": self.num_players}

    def determinize(self, observer: int | None, rng: Rng) -> GameState:
        return self.clone()

    def inventory(self) -> Counter[str]:
        return Counter({"pebble": self.pile})

    def clone(self) -> GameState:
        copy = PebblesState(self.game, self.num_players, self.seed, dict(self.options),
                            self.rng_stream)
        copy.history, copy.pile = list(self.history), self.pile
        copy.turn, copy.winner = self.turn, self.winner
        return copy

    def describe_action(self, action: Action) -> str:
        return f"take {action} of {self.pile}"


class PebblesGame(Game):
    """Pebbles bound to its ruleset."""

    name = "pebbles"
    title = "Pebbles"

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any],
                   rng_stream: str) -> GameState:
        return PebblesState(self, num_players, seed, options, rng_stream)

    def check_action(self, action: object) -> Action:
        return check_action_code(action, TAKES, "pebbles")

    def encode_action(self, action: Action) -> str:
        return f"take {action}"

    def decode_action(self, text: str) -> Action:
        word, _, count = text.partition(" ")
        if word != "take" or not count.isdigit() or int(count) not in TAKES:
            raise MalformedActionError(f"cannot read action {text!r}")
        return int(count)

    def full_inventory(self, num_players: int, options: Any) -> Counter[str]:
        return Counter({"pebble": int(options["pile"])})
