"""Pigasus's support record: everything the rest of Saustall needs to know about it.

Named by the ``saustall.games`` entry point ``pigasus`` in ``pyproject.toml``.
"""

from __future__ import annotations

from typing import Any

from saustall.core.support import GameSupport, RatingUnit, SimulationSupport
from saustall.games.pigasus.rulesets import ALL_RULESETS, PIGASUS


def register_bots() -> None:
    """Register Pigasus's bots: the named levels and the earlier slow, casual, sharp."""
    import saustall.games.pigasus.bots.reaction  # noqa: F401  (registers on import)


def arena_game(job: Any, index: int) -> tuple[Any, ...]:
    """Game ``index`` of an arena job (a :class:`saustall.arena.simulate.SimulationJob`)
    played on simulated time by Pigasus's own driver: its ``GameOutcome``, each seat's
    result the cards its team collected."""
    from saustall.games.pigasus.bots.reaction import simulate_game

    seed = job.seed_of(index)
    played = simulate_game(job.players, seed, job.lineup(index), job.ruleset, job.options)
    cards = tuple(float(played.scores[played.team_of[seat]]) for seat in range(job.players))
    return (seed, tuple(played.winners), cards, played.events, False, 0,
            played.facts if job.facts else None)


SUPPORT = GameSupport(
    name="pigasus",
    rulesets=ALL_RULESETS,
    default_ruleset=PIGASUS.name,
    factory="saustall.games.pigasus.game:PigasusGame",
    register_bots="saustall.games.pigasus.support:register_bots",
    level_descriptions={
        "beginner": "grabs a pair about 1.8 s after it shows (later at bigger tables) and "
                    "misses one in four: a person reacting in 2 s wins at any table size",
        "club": "grabs a pair in about 1.4 s: an even game for a newcomer who reacts in 2 s",
        "expert": "grabs a pair in about 0.8 s: an even game for a quick player",
        "slow": "earlier level: about 1.8 s, misses almost half the pairs",
        "casual": "earlier level (the old default): about 1.1 s",
        "sharp": "earlier level: about 0.6 s, never grabs wrongly",
    },
    other_level_order=("slow", "casual", "sharp"),
    # the scale of the ratings registered with the levels (bots/reaction.py)
    rating_units={"even_reaction_s": RatingUnit(
        "a person who spots a pair in {figure} s{interval} wins half the games against two "
        "of them", 2)},
    terminal_client="saustall.games.pigasus.terminal",
    simulator="saustall.games.pigasus.simulate_cli",
    replay_drawing="saustall.games.pigasus.terminal:draw_position",
    actor_in_text=True,
    simulation=SimulationSupport(
        arena_score=("cards", "cards collected by the seat (in team play: by its team)"),
        realtime_game="saustall.games.pigasus.support:arena_game",
        study_games="saustall.games.pigasus.study:study_games",
        return_bounds=(0.0, None),
        facts="saustall.games.pigasus.facts:game_facts",
        tally="saustall.games.pigasus.facts:PigasusTally",
        summary_key="pigasus",
        render="saustall.games.pigasus.facts_view:render_simulation",
        arena_render="saustall.games.pigasus.facts_view:render_arena",
        report_section="saustall.games.pigasus.facts_view:report_section",
    ),
    realtime_adapter="saustall.games.pigasus.server_adapter:adapter",
    web_renderer="pigasus",
    texts="saustall.games.pigasus.texts:TEXTS",
    rl_env="saustall.rl.pigasus_v0:env",
)
"""Pigasus and its team variant, and everything that plays them."""
