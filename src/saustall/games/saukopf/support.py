"""Saukopf's support record: everything the rest of Saustall needs to know about it.

Named by the ``saustall.games`` entry point ``saukopf`` in ``pyproject.toml``.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from saustall.core.support import GameSupport, RatingUnit, SimulationSupport
from saustall.games.saukopf.rulesets import ALL_RULESETS, SAUKOPF


def register_bots() -> None:
    """Register Saukopf's bots (random, heuristic, the search levels, the learned card-play
    policies ``policy:NAME``), their measured ratings and its analyser."""
    import saustall.games.saukopf.bots.heuristic  # noqa: F401  (registers on import)
    import saustall.games.saukopf.bots.analysis  # noqa: F401  (registers on import)
    import saustall.games.saukopf.bots.beginner  # noqa: F401  (registers on import)
    import saustall.games.saukopf.bots.ratings  # noqa: F401  (registers on import)
    import saustall.games.saukopf.bots.search  # noqa: F401  (registers on import)
    from saustall.games.saukopf.bots import learned

    learned.register()


def seat_results(players: int, options: Mapping[str, Any], winners: Sequence[int],
                 returns: Sequence[float]) -> tuple[float, ...]:
    """A seat's arena result: the session's net points divided by its deals."""
    deals = int(options["deals"])
    return tuple(value / deals for value in returns)


SUPPORT = GameSupport(
    name="saukopf",
    rulesets=ALL_RULESETS,
    default_ruleset=SAUKOPF.name,
    factory="saustall.games.saukopf.game:SaukopfGame",
    register_bots="saustall.games.saukopf.support:register_bots",
    other_level_order=("random", "heuristic"),
    # the scale of the ratings registered with the levels (bots/ratings.py)
    rating_units={"net_vs_club": RatingUnit(
        "{figure}{interval} net points a deal against club bots", 2, signed=True,
        exact="the yardstick: the other levels are rated in net points a deal against it")},
    terminal_client="saustall.games.saukopf.terminal",
    commands="saustall.games.saukopf.commands:add_commands",
    replay_drawing="saustall.games.saukopf.terminal:draw_position",
    simulation=SimulationSupport(
        return_meaning="net points of the session: meat points minus roughness points",
        arena_score=("net points per deal", "meat points minus roughness points, the "
                                            "session's total divided by its deals"),
        facts="saustall.games.saukopf.simulation:session_facts",
        tally="saustall.games.saukopf.simulation:SaukopfTally",
        summary_key="saukopf",
        render="saustall.games.saukopf.simulation_view:render_simulation",
        arena_render="saustall.games.saukopf.simulation_view:render_arena",
        report_section="saustall.games.saukopf.simulation_view:report_section",
        seat_results="saustall.games.saukopf.support:seat_results",
        wins_note="Saukopf: the Schlachtmeister trophy",
        first_player_withheld=(
            "a session has one deal per seat (by default) and the lead moves with the "
            "dealer, so every seat acts first once and the session's first actor has no "
            "edge to measure; per-deal figures are in the contract worth "
            "(saustall census --worth)"),
    ),
    web_renderer="saukopf",
    texts="saustall.games.saukopf.texts:TEXTS",
    rl_env="saustall.rl.saukopf_v0:env",
)
"""Saukopf and the Dreihaxer, and everything that plays them."""
