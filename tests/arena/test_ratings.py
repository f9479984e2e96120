"""OpenSkill ratings of bots: fed the right results, with an uncertainty that shrinks."""

from __future__ import annotations

import math
import random
from itertools import combinations

from saustall.arena.stats import Ratings

# A fixed ladder of skills (Bradley-Terry logits): expert beats racer 60:40, racer beats
# heuristic 65:35, everyone beats random.
LADDER = {"random": -2.0, "heuristic": 0.0, "racer": 0.62, "expert": 1.03}


def _duplicate_deals(ratings: Ratings, deals: int, seed: int) -> None:
    """Feed ``deals`` deals of a 2-player arena: every pairing, both seat orders."""
    rng = random.Random(seed)
    for _ in range(deals):
        for a, b in combinations(LADDER, 2):
            for _seating in range(2):
                won = rng.random() < 1.0 / (1.0 + math.exp(LADDER[b] - LADDER[a]))
                ratings.add({a: 1.0 if won else 0.0, b: 0.0 if won else 1.0})


def test_the_winner_of_a_game_gains_and_a_tie_moves_nobody() -> None:
    ratings = Ratings(["a", "b"])
    ratings.add({"a": 0.0, "b": 1.0})
    assert ratings.rating("b").mu > 25.0 > ratings.rating("a").mu
    tied = Ratings(["a", "b"])
    tied.add({"a": 0.5, "b": 0.5})
    assert tied.rating("a").mu == tied.rating("b").mu == 25.0


def test_ratings_rank_a_fixed_ladder_in_order_whatever_the_luck() -> None:
    for seed in range(3):
        ratings = Ratings(list(LADDER))
        _duplicate_deals(ratings, 500, seed)
        mus = [ratings.rating(bot).mu for bot in LADDER]
        assert mus == sorted(mus), (seed, mus)


def test_the_uncertainty_shrinks_as_games_accumulate() -> None:
    # A bot's skill does not change between games: four times the games should halve
    # sigma (with drift, as in OpenSkill's default, it stays near 1.6 for ever).
    short, long = Ratings(list(LADDER)), Ratings(list(LADDER))
    _duplicate_deals(short, 100, 7)
    _duplicate_deals(long, 400, 7)
    for bot in LADDER:
        assert long.rating(bot).sigma < 0.6 * short.rating(bot).sigma, bot
