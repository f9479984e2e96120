"""Saukopf rulesets as data.

| ruleset | players | cards each | aside | games |
| --- | --- | --- | --- | --- |
| ``saukopf`` | 4 | 8 | 0 | all eleven, Doppel and Solo |
| ``dreihaxer`` | 3 | 10 | 2, open, counting for nobody | Solos only, no Extrawurst |

A game state is a session of ``deals`` deals (default: each player deals once); the
dealer moves one seat clockwise every deal.
"""

from __future__ import annotations

from saustall.core.game import OptionSpec, Ruleset

_COMMON_HELP = {
    "hands": "the first deal's cards, seat by seat, groups separated by '|' "
             "(e.g. 'EO GO ... | ... '); empty: shuffled from the seed",
    "allow_revoke": "offer the 'revoke N' action during card play, to record a revoke "
                    "(Verwerfen) at a physical table",
}


def _options(players: int) -> tuple[OptionSpec, ...]:
    return (
        OptionSpec("deals", players, "number of deals in the session", tuple(range(1, 101))),
        OptionSpec("dealer", 0, "seat of the first dealer", tuple(range(players))),
        OptionSpec("hands", "", _COMMON_HELP["hands"], online=False),
        OptionSpec("allow_revoke", False, _COMMON_HELP["allow_revoke"], (False, True)),
    )


SAUKOPF = Ruleset(
    game="saukopf", name="saukopf", title="Saukopf",
    summary="Schafkopf with pigs: bid card points, play clean (Trog) or unclean (Napf) "
            "games, score meat and roughness points.",
    min_players=4, max_players=4,
    params={"hand_size": 8, "aside": 0},
    options=_options(4),
)

DREIHAXER = Ruleset(
    game="saukopf", name="dreihaxer", title="Saukopf: Dreihaxer",
    summary="Saukopf for three: ten cards each, two laid open aside, solos only.",
    min_players=3, max_players=3,
    params={"hand_size": 10, "aside": 2},
    options=_options(3),
)

ALL_RULESETS = (SAUKOPF, DREIHAXER)
