"""The protocol every game shares: registry, states and views, records, errors."""

from saustall.core.errors import (
    CapabilityError,
    GameOverError,
    IllegalActionError,
    InputFileError,
    InvalidOptionError,
    MalformedActionError,
    NotYourTurnError,
    RecordError,
    SaustallError,
    UnknownGameError,
)
from saustall.core.game import (
    SPECTATOR, Action, Game, GameState, OptionSpec, Ruleset, View, check_action_code, check_seat,
)
from saustall.core.record import GameRecord
from saustall.core.registry import game_names, get, register, rulesets
from saustall.core.rng import Rng
from saustall.core.support import GameSupport, PluginError, SimulationSupport

__all__ = [
    "Action", "CapabilityError", "Game", "GameOverError", "GameRecord", "GameState", "GameSupport",
    "IllegalActionError", "PluginError", "SimulationSupport",
    "InputFileError", "InvalidOptionError", "MalformedActionError", "NotYourTurnError",
    "OptionSpec", "RecordError", "Rng", "Ruleset", "SPECTATOR", "SaustallError", "UnknownGameError",
    "View", "check_action_code", "check_seat", "game_names", "get", "register", "rulesets",
]
