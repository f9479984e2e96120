"""Typed errors shared by every game.

Every error a user can provoke is a subclass of :class:`SaustallError`; those caused by
bad input are also :class:`ValueError` so callers that only know the standard library
still catch them.
"""

from __future__ import annotations


class SaustallError(Exception):
    """Base class of every error raised by Saustall."""


class UnknownGameError(SaustallError, KeyError):
    """A game or ruleset name that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class InvalidOptionError(SaustallError, ValueError):
    """A player count or ruleset option that the ruleset does not allow."""


class MalformedActionError(SaustallError, ValueError):
    """An action that cannot be parsed or is not of the game's action form."""


class IllegalActionError(SaustallError, ValueError):
    """A well-formed action that the rules forbid in the current state.

    ``rule`` names the rule that the action breaks, e.g. ``"barn-door-needs-dirty-pig"``;
    the message explains it in words. The state is left unchanged.
    """

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.args[0]} [rule: {self.rule}]"


class NotYourTurnError(IllegalActionError):
    """An action by a player who may not act now."""

    def __init__(self, message: str) -> None:
        super().__init__(message, rule="turn-order")


class GameOverError(IllegalActionError):
    """An action sent after the game has ended."""

    def __init__(self, message: str = "the game is over") -> None:
        super().__init__(message, rule="game-over")


class RecordError(SaustallError, ValueError):
    """A game record that is corrupt, of another program, or does not replay."""
