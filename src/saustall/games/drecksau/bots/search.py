"""The Drecksau search bot: determinized rollouts over worlds sampled from its view.

The bot sees what a person at its seat sees (its view: its own hand, the pigs, the
discard pile, every hand's size) and its legal actions; it never receives the game. To
choose, it imagines ``worlds`` complete games consistent with its view
(:meth:`~saustall.core.game.Game.sample_world`: the cards it cannot see dealt at random
among the other hands and the deck), keeps the ``candidates`` most promising of its legal
moves (by the fast policy of :mod:`saustall.games.drecksau.bots.policy`), and plays each of them
out in every world: everybody then plays the fast policy for ``depth`` more turns, or to
the end of the round. A finished round counts +1 for a win and -1 otherwise; an unfinished
one is judged by the policy's standing (the bot's minus the leader's), squashed into
(-1, 1). Every candidate meets the same worlds and the same random choices (common
random numbers), so the comparison between moves is sharper than the noise of one.
The move with the best mean wins; near-ties go to the policy's favourite.

In the Sauschön tournament the bot plays for the current round.

Levels differ only in thinking budget (worlds, candidates, depth). Everything random
comes from the bot's seed, so a game with search bots replays exactly.
"""

from __future__ import annotations

import math
import random
from typing import Any, Sequence

from saustall.games.drecksau.bots import policy
from saustall.bots.base import Bot, BotFactory, register_bot, register_level_ratings
from saustall.core.game import Action, View
from saustall.core.registry import game_for_view
from saustall.core.rng import Rng
from saustall.games.drecksau.actions import is_play, play_pig, play_target, played_card
from saustall.games.drecksau.game import DrecksauState
from saustall.games.drecksau.tournament import TournamentState


class SearchBot:
    """Chooses by rollouts in worlds sampled from its view (see the module docstring)."""

    name = "search"

    def __init__(self, seed: int = 0, *, worlds: int = 16, candidates: int = 6,
                 depth: int = 2, explore: float = 0.0, overlook: bool = False,
                 name: str = "search") -> None:
        """A bot with its thinking budget: ``worlds`` sampled per decision, ``candidates``
        moves compared, rollouts ``depth`` turns long with a random move by chance
        ``explore``; with ``overlook`` the candidates are picked at random, not by the
        policy (a player who notices only a few of their options)."""
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.candidates = candidates
        self.depth = depth
        self.explore = explore
        self.overlook = overlook
        self.name = name

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The candidate move with the best mean rollout result (seeded, replayable)."""
        if len(legal) == 1:
            return legal[0]
        game = game_for_view(view)  # the house-rule variant, if the table plays one
        sampler = Rng(self.rng.randrange(2**62))
        worlds = [self._round(game.sample_world(view, sampler)) for _ in range(self.worlds)]
        moves = [int(a) for a in legal]  # type: ignore[call-overload]
        # The policy reads only the mover's hand and the table: the same in every world.
        prior = policy.move_values(worlds[0], moves)
        ranked = sorted(range(len(moves)), key=lambda i: -prior[i])
        chosen = _distinct(ranked, moves, worlds[0].pigs)
        if prior[chosen[0]] >= policy.WIN / 2:  # a win on the table: nobody overlooks it
            return legal[chosen[0]]
        if self.overlook and len(chosen) > self.candidates:
            chosen = sorted(self.rng.sample(chosen, self.candidates), key=chosen.index)
        chosen = chosen[:self.candidates]
        if len(chosen) == 1:
            return legal[chosen[0]]
        streams = [Rng(self.rng.randrange(2**62)) for _ in worlds]
        me = view["observer"]
        best_index, best_value = chosen[0], -math.inf
        for rank, index in enumerate(chosen):
            total = 0.0
            for world, stream in zip(worlds, streams):
                twin = world.clone()
                twin.apply(moves[index])
                total += self._rollout(twin, me, stream.clone())
            # A hair of the policy's order breaks near-ties in favour of its choice.
            value = total / len(worlds) - rank * 1e-6
            if value > best_value:
                best_index, best_value = index, value
        return legal[best_index]

    @staticmethod
    def _round(world: object) -> DrecksauState:
        """The round being played in a sampled world (a tournament's current round)."""
        if isinstance(world, TournamentState):
            return world.round
        assert isinstance(world, DrecksauState)
        return world

    def _rollout(self, world: DrecksauState, me: int, rng: Rng) -> float:
        """Play ``world`` on with the fast policy; +1 won, -1 lost, else the standing."""
        explore = self.explore
        end = world.turn + self.depth
        while world.turn < end and not world.is_terminal():
            world.apply(policy.choose(world, rng, explore))
        if world.is_terminal():
            winners = world.winners()
            if not winners:
                return 0.0
            return 1.0 if me in winners else -1.0
        standings = [policy.standing(row, world.pretty_wins) if row else 0.0
                     for row in world.pigs]
        return math.tanh(1.5 * policy.score(standings, me, world.participants))


def _distinct(ranked: list[int], moves: list[int], pigs: list[list[int]]) -> list[int]:
    """``ranked`` without moves that do the same as a better-ranked one (a card played on
    one of two pigs of the same owner in the same condition)."""
    seen: set[tuple[int, int, int]] = set()
    kept: list[int] = []
    for index in ranked:
        action = moves[index]
        if is_play(action):
            target, pig = play_target(action), play_pig(action)
            row = pigs[target]
            key = (played_card(action), target, row[pig] if pig < len(row) else -1)
        else:
            key = (action, -1, -1)
        if key not in seen:
            seen.add(key)
            kept.append(index)
    return kept


LEVELS: dict[str, dict[str, Any]] = {
    "beginner": {"worlds": 4, "candidates": 3, "depth": 1, "overlook": True},
    "club": {"worlds": 4, "candidates": 3, "depth": 2},
    "expert": {"worlds": 32, "candidates": 8, "depth": 4},
}
"""Thinking budget per level (see :class:`SearchBot`), weakest first. Measured in 2-player
``dirty-pig``, each deal played twice with seats swapped (share of games won, 95% CI):
``beginner`` wins 16.5% [11.7, 21.3] against ``heuristic`` (100 deals) and every game
against ``random`` (50 deals); ``club`` 53.0% [47.5, 58.5] against ``racer`` (150 deals),
``expert`` 67.3% [61.8, 72.8] (150 deals; 68.0% [62.8, 73.2] in ``sauschoen``). A
one-turn rollout misjudges badly (a bot with 6 worlds and 3 candidates won 31% against
``racer``): the beginner's short sight is part of its handicap."""


def level_factory(level: str) -> BotFactory:
    """The factory of the search bot at ``level`` (a key of :data:`LEVELS`)."""
    budget = LEVELS[level]

    def factory(seed: int) -> Bot:
        return SearchBot(seed, name=level, **budget)

    return factory


for _level_name in LEVELS:
    register_bot("drecksau", _level_name, level_factory(_level_name))

# Measured strength, per ruleset: Elo in 2-player games from a duplicate arena of these
# levels with heuristic (anchored at 1000) and racer, and the learned policy's own arena
# against heuristic (docs/bots.md, *Ratings*: python scripts/bot_ratings.py).
register_level_ratings("drecksau", "elo_vs_heuristic", {
    ("dirty-pig", "heuristic"): (1000.0, None, None,
        "duplicate arena, 2-player dirty-pig, 60 deals (1200 games), 2026-12-04"),
    ("dirty-pig", "racer"): (1125.9, 1081.7, 1170.0,
        "duplicate arena, 2-player dirty-pig, 60 deals (1200 games), 2026-12-04"),
    ("dirty-pig", "beginner"): (691.9, 630.9, 752.9,
        "duplicate arena, 2-player dirty-pig, 60 deals (1200 games), 2026-12-04"),
    ("dirty-pig", "club"): (1122.8, 1079.0, 1166.7,
        "duplicate arena, 2-player dirty-pig, 60 deals (1200 games), 2026-12-04"),
    ("dirty-pig", "expert"): (1196.3, 1152.1, 1240.5,
        "duplicate arena, 2-player dirty-pig, 60 deals (1200 games), 2026-12-04"),
    ("dirty-pig", "policy:dirty-pig-2p"): (1119.9, 1098.8, 1140.9,
        "duplicate arena, 2-player dirty-pig, 500 deals (1000 games), 2026-12-04"),
    ("drecksau", "heuristic"): (1000.0, None, None,
        "duplicate arena, 2-player drecksau, 20 deals (400 games), 2026-12-04"),
    ("drecksau", "racer"): (1000.0, 932.7, 1067.3,
        "duplicate arena, 2-player drecksau, 20 deals (400 games), 2026-12-04"),
    ("drecksau", "beginner"): (928.1, 868.3, 988.0,
        "duplicate arena, 2-player drecksau, 20 deals (400 games), 2026-12-04"),
    ("drecksau", "club"): (1030.9, 976.3, 1085.4,
        "duplicate arena, 2-player drecksau, 20 deals (400 games), 2026-12-04"),
    ("drecksau", "expert"): (1055.8, 999.4, 1112.3,
        "duplicate arena, 2-player drecksau, 20 deals (400 games), 2026-12-04"),
    ("sauschoen", "heuristic"): (1000.0, None, None,
        "duplicate arena, 2-player sauschoen, 20 deals (400 games), 2026-12-04"),
    ("sauschoen", "racer"): (1028.9, 966.8, 1090.9,
        "duplicate arena, 2-player sauschoen, 20 deals (400 games), 2026-12-04"),
    ("sauschoen", "beginner"): (810.7, 735.9, 885.5,
        "duplicate arena, 2-player sauschoen, 20 deals (400 games), 2026-12-04"),
    ("sauschoen", "club"): (1032.2, 977.1, 1087.3,
        "duplicate arena, 2-player sauschoen, 20 deals (400 games), 2026-12-04"),
    ("sauschoen", "expert"): (1096.4, 1025.9, 1166.9,
        "duplicate arena, 2-player sauschoen, 20 deals (400 games), 2026-12-04"),
    ("sauschoen-tournament", "heuristic"): (1000.0, None, None,
        "duplicate arena, 2-player sauschoen-tournament, 10 deals (200 games), 2026-12-04"),
    ("sauschoen-tournament", "racer"): (1071.6, 983.9, 1159.3,
        "duplicate arena, 2-player sauschoen-tournament, 10 deals (200 games), 2026-12-04"),
    ("sauschoen-tournament", "beginner"): (765.5, 603.5, 927.6,
        "duplicate arena, 2-player sauschoen-tournament, 10 deals (200 games), 2026-12-04"),
    ("sauschoen-tournament", "club"): (1073.1, 972.6, 1173.6,
        "duplicate arena, 2-player sauschoen-tournament, 10 deals (200 games), 2026-12-04"),
    ("sauschoen-tournament", "expert"): (1164.0, 1070.7, 1257.2,
        "duplicate arena, 2-player sauschoen-tournament, 10 deals (200 games), 2026-12-04"),
})
