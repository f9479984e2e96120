"""Seeded random playouts and the small helpers every conformance check shares.

Nothing here needs pytest or hypothesis: a game author's own test runner, a script or
:func:`saustall.testing.check_game` can call it. A failed expectation raises
:class:`ConformanceError` (an :class:`AssertionError`, so pytest reports it as a failure),
never a bare ``assert``, which ``python -O`` would strip.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from saustall.core.game import Action, Game, GameState, View

MAX_STEPS = 20_000
"""A playout longer than this fails: every game must end within its documented cap."""

FORBIDDEN_VIEW_KEYS = frozenset(
    {"seed", "rng", "random_state", "deck", "deck_order", "hands", "history"})
"""Keys no view may hold at any depth: they name the hidden state itself."""


class ConformanceError(AssertionError):
    """A game broke the conformance contract.

    ``check`` names the failed check (e.g. ``"record-round-trip"``), ``case`` the ruleset and
    table size (``"nim/misere 3p"``) and ``example`` the parameters that reproduce it (pass
    them to the check's function); either may be empty while the check is still running.
    """

    def __init__(self, message: str, *, check: str = "", case: str = "",
                 example: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.check = check
        self.case = case
        self.example = dict(example or {})

    def __str__(self) -> str:
        where = " ".join(part for part in (self.check, self.case) if part)
        shown = ", ".join(f"{name}={value!r}" for name, value in self.example.items())
        prefix = f"{where}: " if where else ""
        suffix = f" (example: {shown})" if shown else ""
        return f"{prefix}{self.message}{suffix}"


class NotApplicable(Exception):
    """An example a check cannot run (e.g. options no table of this size allows).

    :func:`~saustall.testing.check_game` draws another example; a hypothesis caller
    turns it into ``assume(False)``. It is never a pass by itself.
    """


def require(condition: object, message: str) -> None:
    """Raise :class:`ConformanceError` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise ConformanceError(message)


def random_step(state: GameState, rng: random.Random) -> tuple[Action, int]:
    """A random legal action of a random player who may act now, applied."""
    player = rng.choice(state.to_act())
    action = rng.choice(state.legal_actions(player))
    state.apply(action, player)
    return action, player


def playout(game: Game, players: int, seed: int, choice_seed: int,
            on_state: Callable[[GameState], None] | None = None,
            options: Mapping[str, Any] | None = None) -> GameState:
    """A whole game of random legal actions: ``seed`` deals, ``choice_seed`` chooses.

    ``on_state`` sees every state, the deal and the end included. Fails the game if it
    does not end within :data:`MAX_STEPS` actions.
    """
    state = game.new_state(players, seed, options)
    rng = random.Random(choice_seed)
    steps = 0
    while not state.is_terminal():
        if on_state is not None:
            on_state(state)
        random_step(state, rng)
        steps += 1
        require(steps <= MAX_STEPS, f"a playout did not end within {MAX_STEPS:,} actions")
    if on_state is not None:
        on_state(state)
    return state


def advanced(game: Game, players: int, seed: int, steps: int) -> GameState:
    """A state after up to ``steps`` random legal actions from the seeded deal."""
    state = game.new_state(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        random_step(state, rng)
    return state


def all_views(state: GameState) -> list[View]:
    """Every seat's view, then the spectator's."""
    return [state.view(p) for p in range(state.num_players)] + [state.view(None)]


def walk_keys(value: Any) -> set[str]:
    """Every mapping key anywhere inside ``value``."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, inner in value.items():
            found.add(str(key))
            found |= walk_keys(inner)
    elif isinstance(value, (list, tuple)):
        for inner in value:
            found |= walk_keys(inner)
    return found
