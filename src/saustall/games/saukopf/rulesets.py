"""Saukopf rulesets as data.

| ruleset | players | cards each | aside | games |
| --- | --- | --- | --- | --- |
| ``saukopf`` | 4 | 8 | 0 | all eleven, Doppel and Solo |
| ``dreihaxer`` | 3 | 10 | 2, open, counting for nobody | Solos only, no Extrawurst |

A game state is a session of ``deals`` deals (default: each player deals once); the
dealer moves one seat clockwise every deal.
"""

from __future__ import annotations

from saustall.core.game import OptionSpec, ParamSpec, Ruleset
from saustall.games.saukopf.scoring import DEFAULT_TARIFF, TARIFF_LIMITS

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


def _levers(players: int) -> tuple[ParamSpec, ...]:
    """Saukopf's balance levers (docs/design.md): every item of the point table, and the
    deals of a session."""
    levers = [ParamSpec(f"points.{name}", value,
                        _POINT_HELP.get(name, f"{name.replace('_', ' ')} points"),
                        *TARIFF_LIMITS.get(name, (-10, 10)), ("param", "points", name))
              for name, value in DEFAULT_TARIFF._asdict().items()]
    levers.append(ParamSpec("deals", players, "deals in a session", 1, 100,
                            ("option", "deals")))
    return tuple(levers)


_POINT_HELP = {
    "schlachtung": "meat points every won deal is worth",
    "extrawurst": "meat points added for a won Solo at four",
    "schwarte": "meat points per Laufender (mit/ohne Schwarte)",
    "armes_schwein": "meat points for a Napf won ohne 4 or more",
    "gluecksschwein": "meat points for a Trog won mit 4 or more",
    "stallgeruch": "meat points for over 90 card points (Napf: 30 or fewer)",
    "porco_negro": "meat points for every trick (Napf: none)",
    "bolzenschuss": "meat points for beating a game am Spieß",
    "kontra": "the factor of a Huftritt (Kontra)",
    "re": "the factor of a Gegenhuftritt (Re)",
    "uebergrunzer": "roughness points for losing a game bid above 61",
    "spiesser": "roughness points for losing a game am Spieß",
    "huftreter": "roughness points for a Kontra against a game that was won",
    "gegenhuftreter": "roughness points for a Re on a game that was lost",
}


SAUKOPF = Ruleset(
    game="saukopf", name="saukopf", title="Saukopf",
    summary="Schafkopf with pigs: bid card points, play clean (Trog) or unclean (Napf) "
            "games, score meat and roughness points.",
    min_players=4, max_players=4,
    params={"hand_size": 8, "aside": 0, "points": DEFAULT_TARIFF._asdict()},
    options=_options(4),
    levers=_levers(4),
)

DREIHAXER = Ruleset(
    game="saukopf", name="dreihaxer", title="Saukopf: Dreihaxer",
    summary="Saukopf for three: ten cards each, two laid open aside, solos only.",
    min_players=3, max_players=3,
    params={"hand_size": 10, "aside": 2, "points": DEFAULT_TARIFF._asdict()},
    options=_options(3),
    levers=_levers(3),
)

ALL_RULESETS = (SAUKOPF, DREIHAXER)
