"""Drecksau's support record: everything the rest of Saustall needs to know about it.

Named by the ``saustall.games`` entry point ``drecksau`` in ``pyproject.toml``.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from saustall.core.support import GameSupport, RatingUnit, SimulationSupport
from saustall.games.drecksau.rulesets import ALL_RULESETS, DIRTY_PIG


def register_bots() -> None:
    """Register Drecksau's bots: random, heuristic, racer, the search levels and the
    learned policies (``policy:NAME``)."""
    import saustall.games.drecksau.bots.heuristic  # noqa: F401  (registers on import)
    import saustall.games.drecksau.bots.search  # noqa: F401  (registers on import)
    from saustall.games.drecksau.bots import learned

    learned.register()


def seat_results(players: int, options: Mapping[str, Any], winners: Sequence[int],
                 returns: Sequence[float]) -> tuple[float, ...]:
    """A seat's arena result: its share of the win; a capped game is shared by all."""
    if not winners:
        return (1.0 / players,) * players
    return tuple(1.0 / len(winners) if seat in winners else 0.0 for seat in range(players))


SUPPORT = GameSupport(
    name="drecksau",
    rulesets=ALL_RULESETS,
    default_ruleset=DIRTY_PIG.name,
    factory="saustall.games.drecksau.game:DrecksauGame",
    register_bots="saustall.games.drecksau.support:register_bots",
    level_descriptions={"racer": "rules of thumb, racing to finish its own pigs",
                        "policy:dirty-pig-2p": "a small neural network trained on racer's "
                                               "moves; 2-player dirty-pig only"},
    # racer ranks above heuristic: head to head (2000 games per setting, seats rotating)
    # it wins 67% / 62% of 2-/4-player dirty-pig, 57% / 57% of sauschoen and ties
    # drecksau (48% / 51%).
    other_level_order=("random", "heuristic", "racer"),
    # the scale of the ratings registered with the levels (bots/search.py)
    rating_units={"elo_vs_heuristic": RatingUnit(
        "Elo {figure}{interval} in 2-player games, where heuristic has 1000", 0,
        exact="Elo {figure}, the yardstick of the 2-player Elo")},
    terminal_client="saustall.games.drecksau.terminal",
    replay_drawing="saustall.games.drecksau.terminal:draw_position",
    simulation=SimulationSupport(
        return_meaning="1 for a win, shared equally by tied winners, 0 otherwise (so the "
                       "mean return is the win rate)",
        arena_score=("win share", "1 for a win, 0 for a loss; a game stopped by the turn "
                                  "cap is a draw shared equally by all seats (so a bot's "
                                  "mean is its win rate)"),
        seat_results="saustall.games.drecksau.support:seat_results",
        return_bounds=(0.0, 1.0),
        facts="saustall.games.drecksau.facts:game_facts",
        watch="saustall.games.drecksau.facts:watch",
        tally="saustall.games.drecksau.facts:DrecksauTally",
        summary_key="drecksau",
        length_figure="turns",
        render="saustall.games.drecksau.facts_view:render_simulation",
        arena_render="saustall.games.drecksau.facts_view:render_arena",
        report_section="saustall.games.drecksau.facts_view:report_section",
    ),
    web_renderer="drecksau",
    texts="saustall.games.drecksau.texts:TEXTS",
    rl_env="saustall.rl.drecksau_v0:env",
)
"""Drecksau / Dirty Pig, its four rulesets and everything that plays them."""
